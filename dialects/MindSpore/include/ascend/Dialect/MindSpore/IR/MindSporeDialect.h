//===- MindSporeDialect.h - GRAPH_MODE dialect ------------------*- C++ -*-===//
//
// The `mindspore` dialect: MindSpore primitives on ranked static tensors. See
// MindSporeDialect.td for the semantics and docs/Dialects/MindSporeOps.md.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_MINDSPORE_IR_MINDSPOREDIALECT_H
#define ASCEND_DIALECT_MINDSPORE_IR_MINDSPOREDIALECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h.inc"
#include "ascend/Dialect/MindSpore/IR/MindSporeInterfaces.h.inc"

#define GET_OP_CLASSES
#include "ascend/Dialect/MindSpore/IR/MindSporeOps.h.inc"

namespace mlir::ascend::mindspore {
/// Computes the NumPy-style broadcast shape of two static shapes. Returns
/// failure when a pair of dimensions is neither equal nor 1.
LogicalResult inferBroadcastShape(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
                                  SmallVectorImpl<int64_t> &result);

/// A dense splat of `value` in `type`, converted to its element type: floats
/// as is, integers truncated, i1 as value != 0.
DenseElementsAttr getSplatAttr(ShapedType type, double value);
} // namespace mlir::ascend::mindspore

#endif // ASCEND_DIALECT_MINDSPORE_IR_MINDSPOREDIALECT_H
