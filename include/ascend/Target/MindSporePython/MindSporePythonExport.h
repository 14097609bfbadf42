//===- MindSporePythonExport.h - mindspore dialect to a MindSpore Cell -*- C++ -*-===//
//
// Writes a module at the mindspore level (after pynative -> mindspore, before
// the graph-level fusion) as a readable MindSpore Python module: an `nn.Cell`
// subclass whose `construct` is the program (a `mindspore.cond` as a Python
// `if`, a `mindspore.while` as a Python `while`, a `mindspore.assert` as an
// `if` that raises RuntimeError with the guard's message), the PyTorch
// module hierarchy as named sub-cells holding the parameters (so that the
// MindSpore parameter names are the PyTorch state_dict names), PyTorch
// source locations in comments, and `make_cell()`, which builds the Cell and
// loads its weights from the checkpoint written beside the module.
//
// The checkpoint is MindSpore's `.ckpt` format (mindspore.save_checkpoint's
// protobuf `Checkpoint` messages, one `Value` per parameter: tag = the
// parameter's name, tensor dims, tensor_type such as "Float32", and the
// exact bytes of the recorded weight), loadable with
// mindspore.load_checkpoint.
//
// Ops are written with MindSpore's public API (mindspore.ops, mint, nn).
// An op that has none (`mindspore.custom`, an op this writer does not know)
// is refused with an error at the op's location that names it. Protobuf
// stays private to lib/Target/MindSporePython.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_TARGET_MINDSPOREPYTHON_MINDSPOREPYTHONEXPORT_H
#define ASCEND_TARGET_MINDSPOREPYTHON_MINDSPOREPYTHONEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::ascend {

struct MindSporePythonExportOptions {
  /// Name of the nn.Cell subclass (a Python identifier).
  std::string className = "Net";
  /// File name (no directory) of the checkpoint `make_cell()` loads, looked
  /// up beside the module's own file.
  std::string checkpointFileName;
  /// Where the program came from (the trace), for the module's docstring.
  std::string sourceName;
};

/// Writes the Python module to `python` and the checkpoint to `checkpoint`.
/// `module` holds `mindspore.parameter`s (each with its value) and one or
/// more entries `@main`, `@main_1`, ... (one per recorded input signature;
/// `construct` picks the entry by the input shapes). Fails, with an error
/// at the location of the first op that has no public MindSpore API (or a
/// parameter without a value), before anything is written to either stream.
LogicalResult exportMindSporePython(ModuleOp module, llvm::raw_ostream &python,
                                    llvm::raw_ostream &checkpoint,
                                    const MindSporePythonExportOptions &options);

} // namespace mlir::ascend

#endif // ASCEND_TARGET_MINDSPOREPYTHON_MINDSPOREPYTHONEXPORT_H
