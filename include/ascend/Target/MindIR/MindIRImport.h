//===- MindIRImport.h - MindIR to the mindspore dialect ---------*- C++ -*-===//
//
// Reads a MindIR file (one binary `mind_ir.ModelProto`, see
// /work/shared/design/mindir-format.md) into a module at the mindspore level,
// the inverse of MindIRExport.h. Protobuf stays private to lib/Target/MindIR:
// this header only uses MLIR and LLVM types.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_TARGET_MINDIR_MINDIRIMPORT_H
#define ASCEND_TARGET_MINDIR_MINDIRIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::ascend {

struct MindIRImportOptions {
  /// Directory that external weight files (TensorProto.external_data
  /// locations) are relative to; empty: the directory of `filename`.
  std::string externalDataDir;
};

/// Parses `bytes` (the contents of the MindIR file `filename`) and builds:
///  - module-level `mindspore.parameter`s, one per GraphProto parameter, named
///    without the `<graph>:` prefix, holding the exact weight bytes (inline
///    raw_data or external data) as a `dense_resource`; external data files
///    are mapped, not copied: their blobs keep the mapping alive;
///  - `func.func @main` from the main graph: graph inputs become arguments,
///    nodes become mindspore ops (the primitive's op_type and attributes
///    select the op, the node's `shape` attribute gives the result type),
///    `Constant` tensor nodes become `mindspore.constant`, the graph output
///    (a MakeTuple: several results) the returned values;
///  - `Switch(pred, g1, g2)` + a call of that Switch node: `mindspore.cond`
///    whose regions are the two branch graphs; a call of a loop graph (one
///    that calls the closure of `Switch(flag, continue, exit)` whose
///    `continue` graph calls it again): `mindspore.while`; other sub-graph
///    calls are inlined; `Assert(cond, (message,))`: `mindspore.assert`;
///    Load/Depend/UpdateState (side-effect ordering) are dropped.
/// The module is named after the main graph (unnamed for "main_graph", the
/// exporter's default), so that exporting it again gives the same bytes.
///
/// Returns null after emitting one error at `filename` when:
///  - the file is encrypted (MindSpore's AES-GCM block header D8 5E 3A 7F):
///    it cannot be read without the key;
///  - `bytes` is not a mind_ir.ModelProto, or has no graph;
///  - producer_name or model_version is missing (MindSpore refuses them too);
///  - mind_ir_version is above 3 (IR_VERSION_WITH_SCALAR_GRAPH_HOLDER);
///  - little_endian is set and differs from the host's byte order;
///  - a parameter has no data, its data does not match its type, or its
///    external data file is missing or shorter than offset + length;
///  - a node applies a Python-level primitive (`S-Prim-*`, `getattr`,
///    `resolve`, ...: a file saved before type inference, e.g. a bprop file);
///  - a node applies a primitive the mindspore dialect has no op for (the
///    error names it), or a known primitive with attributes the op cannot
///    express (e.g. a training-mode BatchNorm);
///  - a node uses a name defined nowhere, or a graph calls itself other than
///    as a loop graph, or a loop graph does not fit `mindspore.while` (the
///    exit graph's values or the next state differ in type from the loop
///    state, the continue graph uses a loop graph value the loop does not
///    carry, ...), or a type has no mindspore form;
///  - the built module does not verify.
OwningOpRef<ModuleOp> importMindIR(llvm::StringRef bytes,
                                   llvm::StringRef filename, MLIRContext *ctx,
                                   const MindIRImportOptions &options = {});

/// importMindIR of `filename`, plus the other entries of its program: a
/// program compiled from runs of several input shapes is several files
/// (ascend-compile writes @main to OUT.mindir and @main_<k> to
/// OUT_<k>.mindir), and each sibling `<stem>_<k><ext>` of `filename` is
/// imported as @main_<k> of the same module, sharing the parameters the files
/// have in common. Errors (with the file's name): a sibling that cannot be
/// read or imported; a parameter of a sibling with the name of one of
/// `filename` but another type or value (the files are of different
/// programs). --import-mindir uses it.
OwningOpRef<ModuleOp>
importMindIRWithEntries(llvm::StringRef bytes, llvm::StringRef filename,
                        MLIRContext *ctx,
                        const MindIRImportOptions &options = {});

/// Registers `--import-mindir` with mlir-translate's registry
/// (ascend-translate).
void registerMindIRImportTranslation();

/// The options of `--import-mindir` as given on the command line (after
/// registerMindIRImportTranslation and command-line parsing).
MindIRImportOptions mindirImportOptionsFromCommandLine();

} // namespace mlir::ascend

#endif // ASCEND_TARGET_MINDIR_MINDIRIMPORT_H
