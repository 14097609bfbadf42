//===- MindIRExport.h - mindspore dialect to MindIR ------------*- C++ -*-===//
//
// Writes a module at the mindspore level as MindSpore's MindIR file (one
// `mind_ir.ModelProto`, see /work/shared/design/mindir-format.md). Protobuf
// stays private to lib/Target/MindIR: this header only uses MLIR and LLVM
// types.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_TARGET_MINDIR_MINDIREXPORT_H
#define ASCEND_TARGET_MINDIR_MINDIREXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::ascend {

struct MindIRCustomKernels;

/// Where the weights go (`--mindir-external-data`).
enum class MindIRExternalData {
  /// Inline (raw_data) up to `maxInlineWeightBytes` in total, external data
  /// files above (MindSpore's own rule, with 1 GiB).
  Auto,
  /// Always in external data files.
  Always,
  /// Always inline (a protobuf message cannot exceed 2 GiB).
  Never,
};

struct MindIRExportOptions {
  /// ModelProto.producer_version.
  std::string producerVersion = "0.1.0";
  /// ModelProto.model_version: the MindSpore version whose export form the
  /// file follows (MindSpore writes its own version there; its loader
  /// refuses a file without it).
  std::string modelVersion = "2.10.0";
  /// GraphProto name of the main graph; empty: the module's symbol name, or
  /// "main_graph" when the module has none.
  std::string graphName;
  /// Largest total weight size written inline (raw_data) in `Auto` mode;
  /// above it, every weight goes to external data files.
  uint64_t maxInlineWeightBytes = uint64_t(1) << 30;
  MindIRExternalData externalData = MindIRExternalData::Auto;
  /// External data: a new data file once the current one would exceed this
  /// many bytes (MindSpore: 1 GiB). A tensor larger than it gets a file of
  /// its own.
  uint64_t externalFileBytes = uint64_t(1) << 30;
  /// Path of the .mindir file being written (the caller writes the bytes
  /// `exportMindIR` puts on its stream there). External data goes to the
  /// directory `<stem>_variables` beside it, `<stem>` being the file name
  /// without `.mindir` and without a trailing `_graph` (MindSpore's
  /// `net_graph.mindir` + `net_variables/`). Needed only for external data.
  std::string outputPath;
  /// Whether the model built in memory (millions of small protobuf messages
  /// and strings for a big program) is freed before a successful
  /// exportMindIR returns. A tool that exits soon after writing may set it
  /// to false: the process exit then returns the memory at once (freeing it
  /// costs about 4% of a 100k-op compile to MindIR).
  bool freeModelMemory = true;
  /// When set, each `aicore.launch` is written as a MindSpore Custom op of
  /// func_type "aot" calling its kernel in this library, and module-level
  /// `aicore.kernel`s are skipped (MindIRCustomKernels.h); the caller keeps
  /// it alive during the export. Without it a launch is an error.
  const MindIRCustomKernels *customKernels = nullptr;
};

/// Serializes `module` as a binary MindIR ModelProto to `os`.
///
/// With external data, the weights are streamed (no copy held in memory) to
/// `<dir>/<stem>_variables/data_0, data_1, ...`: each file starts with a
/// 64-byte header whose byte 0 is the little-endian flag, each tensor starts
/// at a multiple of 64 bytes, and each parameter's `external_data` gives the
/// location (relative to the .mindir file's directory), offset and length.
/// The files are written into a temporary directory beside the final one,
/// which replaces `<stem>_variables` only once everything is written, just
/// before this function returns success; on failure nothing is left behind.
///
/// The module holds module-level `mindspore.parameter`s and one
/// `func.func @main` with mindspore ops; `@main` becomes the main graph, each
/// `mindspore.cond` region a graph in `functions` (Switch + call).
///
/// Fails, with an error at the offending op's location and nothing written to
/// `os`, when:
///  - the module has no `func.func @main`, or holds another top-level op;
///  - an op has no MindIR mapping ("'<op>' has no MindIR mapping");
///  - a `mindspore.max_pool` has asymmetric padding (no MindSpore primitive);
///  - a `mindspore.parameter` has no value, or its value's bytes cannot be
///    read (an elided `dense_resource` blob);
///  - a type has no MindIR data type (e.g. unranked tensors, complex, i4);
///  - external data is needed but `outputPath` is empty, "-" or not a
///    regular file path (a stream has no directory for the data files);
///  - an external data file or its temporary directory cannot be written,
///    or the directory cannot replace an older `<stem>_variables`;
///  - `Never` is asked for weights above protobuf's 2 GiB message limit;
///  - protobuf serialization fails.
LogicalResult exportMindIR(ModuleOp module, llvm::raw_ostream &os,
                           const MindIRExportOptions &options = {});

/// External data files that exportMindIR wrote but did not put in place
/// (the overload below): commit() moves their temporary directory to
/// `<stem>_variables`, replacing an older one, with the errors of
/// exportMindIR's own commit; destroying it uncommitted removes the files.
/// Empty (commit() succeeds at once) when the weights went inline.
class MindIRStagedExternalData {
public:
  MindIRStagedExternalData();
  MindIRStagedExternalData(MindIRStagedExternalData &&);
  MindIRStagedExternalData &operator=(MindIRStagedExternalData &&);
  ~MindIRStagedExternalData();
  LogicalResult commit();

  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// As exportMindIR above, but external data files are left in `staged` for
/// the caller to commit once the .mindir file itself is in place (a
/// compiler that writes the MindIR before its later stages succeed).
LogicalResult exportMindIR(ModuleOp module, llvm::raw_ostream &os,
                           const MindIRExportOptions &options,
                           MindIRStagedExternalData &staged);

/// Registers `--export-mindir` with mlir-translate's registry
/// (ascend-translate), with its options `--mindir-external-data`,
/// `--mindir-max-inline-weight-bytes`, `--mindir-external-file-bytes` and
/// `--mindir-graph-name`.
void registerMindIRTranslations();

/// The final output path of the running translation (mlir-translate only
/// gives translations a stream); external data files go beside it.
void setMindIRTranslationOutputPath(llvm::StringRef path);

/// The options of `--export-mindir` as given on the command line (after
/// registerMindIRTranslations and command-line parsing), with the output
/// path set by setMindIRTranslationOutputPath.
MindIRExportOptions mindirExportOptionsFromCommandLine();

} // namespace mlir::ascend

#endif // ASCEND_TARGET_MINDIR_MINDIREXPORT_H
