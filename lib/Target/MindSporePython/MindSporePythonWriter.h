//===- MindSporePythonWriter.h - pieces of the Cell writer ------*- C++ -*-===//
//
// Private to lib/Target/MindSporePython: the dtype names, the Python
// expression of one primitive, the checkpoint writer and the raw bytes of a
// weight, shared by MindSporePythonExport.cpp (structure: parameters,
// control flow, names, comments), MindSporePythonOps.cpp (one op) and
// MindSporeCheckpoint.cpp (.ckpt).
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TARGET_MINDSPOREPYTHON_MINDSPOREPYTHONWRITER_H
#define ASCEND_LIB_TARGET_MINDSPOREPYTHON_MINDSPOREPYTHONWRITER_H

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::ascend::mspy {

/// Names of a tensor element type: MindSpore's (`ms.float32`), NumPy's
/// (`np.float32`) and the checkpoint's tensor_type (`Float32`).
struct DTypeNames {
  llvm::StringRef ms, np, ckpt;
};
/// The names of `type` (f16, bf16, f32, f64, i1, i8..i64, ui8); nullopt for
/// any other element type.
std::optional<DTypeNames> dtypeNames(Type type);

/// A Python tuple literal of `values`: `(2, 8)`, `(4,)`, `()`.
std::string pyTuple(llvm::ArrayRef<int64_t> values);

/// The shortest Python float literal that reads back as `d` (as a float32
/// when `asFloat32`); `float('nan')` / `float('inf')` for those.
std::string pyFloat(double d, bool asFloat32);

/// The Python expression that computes `op`'s result(s) from its operands,
/// whose Python expressions are `args` (in operand order), with MindSpore's
/// public API. An op with several results gives a tuple expression of them
/// in result order. Emits an error at the op naming it, and fails, when the
/// op (or this use of its attributes) has no public MindSpore API here.
FailureOr<std::string> primitiveExpr(Operation *op,
                                     llvm::ArrayRef<std::string> args);

/// The bytes of `value` in row-major order, as a MindSpore Tensor of its
/// element type stores them (i1 as one byte per element); an error at `loc`
/// when they cannot be read.
LogicalResult rawBytes(ElementsAttr value, Location loc, std::string &out);

/// Serializes `parameters` (each with a value) as MindSpore checkpoint
/// messages to `out`, in order; the tag of each is its symbol name.
LogicalResult writeCheckpoint(llvm::ArrayRef<mindspore::ParameterOp> parameters,
                              llvm::raw_ostream &out);

} // namespace mlir::ascend::mspy

#endif // ASCEND_LIB_TARGET_MINDSPOREPYTHON_MINDSPOREPYTHONWRITER_H
