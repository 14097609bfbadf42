//===- ElementOrder.h - descending order of two elements -------*- C++ -*-===//
//
// The order Argmax / ArgMaxWithValue and TopK lower with (PyTorch's rule):
// larger first, a NaN larger than any number, equal elements (or two NaNs) by
// index. Internal to lib/Conversion/MindSporeToLinalg.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOLINALG_ELEMENTORDER_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOLINALG_ELEMENTORDER_H

#include "mlir/IR/Builders.h"

namespace mlir::ascend {

/// i1: whether element `y` comes before element `x` (same float or integer
/// scalar type; i1 compares unsigned) in descending order, where `yFirst`
/// (i1) says that y's index is the smaller one.
Value buildComesBefore(OpBuilder &b, Location l, Value x, Value y,
                       Value yFirst);

} // namespace mlir::ascend

#endif
