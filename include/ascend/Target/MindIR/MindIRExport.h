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
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::ascend {

struct MindIRExportOptions {
  /// ModelProto.producer_version.
  std::string producerVersion = "0.1.0";
  /// ModelProto.model_version (MindSpore's loader refuses a file without it).
  std::string modelVersion = "2.5.0";
  /// GraphProto name of the main graph; empty: the module's symbol name, or
  /// "main_graph" when the module has none.
  std::string graphName;
  /// Largest total weight size written inline (raw_data). MindSpore moves
  /// weights of larger models to external data files, which this exporter
  /// does not write yet.
  uint64_t maxInlineWeightBytes = uint64_t(1) << 30;
};

/// Serializes `module` as a binary MindIR ModelProto to `os`.
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
///  - the weights exceed `maxInlineWeightBytes` (external data not written);
///  - protobuf serialization fails.
LogicalResult exportMindIR(ModuleOp module, llvm::raw_ostream &os,
                           const MindIRExportOptions &options = {});

/// Registers `--export-mindir` with mlir-translate's registry
/// (ascend-translate).
void registerMindIRTranslations();

} // namespace mlir::ascend

#endif // ASCEND_TARGET_MINDIR_MINDIREXPORT_H
