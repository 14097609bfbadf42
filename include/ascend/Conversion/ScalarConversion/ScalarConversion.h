//===- ScalarConversion.h - PyTorch's scalar dtype conversions --*- C++ -*-===//
//
// The arith ops that convert one scalar (an element inside a linalg body) from
// one integer or float type to another with PyTorch's rules, shared by the
// CPU lowerings of mindspore.cast (MindSporeToLinalg) and aicore.vcast
// (AICoreToMemRef).
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_SCALARCONVERSION_SCALARCONVERSION_H
#define ASCEND_CONVERSION_SCALARCONVERSION_SCALARCONVERSION_H

#include "mlir/IR/Builders.h"

namespace mlir::ascend {

/// Scalar `v` (integer or float) as an i1: nonzero is true, and NaN counts
/// as true, like PyTorch's `bool()`.
Value scalarToBool(OpBuilder &b, Location loc, Value v);

/// Scalar `v` converted to the integer or float type `to` with PyTorch's
/// rules: float to integer truncates toward zero (arith.fptosi), bool is 0/1
/// (unsigned), anything to bool is != 0, integers sign-extend or truncate,
/// f16 <-> bf16 goes through f32.
Value convertScalar(OpBuilder &b, Location loc, Value v, Type to);

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_SCALARCONVERSION_SCALARCONVERSION_H
