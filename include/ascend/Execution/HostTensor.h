//===- HostTensor.h - a tensor value in host memory -------------*- C++ -*-===//
//
// The value of one tensor on the host: its static type (shape + element type)
// and its elements as little-endian bytes in row-major order. Used for model
// inputs, parameters and eager outputs read from a trace and for results of
// CPU execution.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_EXECUTION_HOSTTENSOR_H
#define ASCEND_EXECUTION_HOSTTENSOR_H

#include "mlir/IR/BuiltinTypes.h"
#include <vector>

namespace mlir::ascend {

struct HostTensor {
  /// Static shape and element type (f32, f16, bf16, f64, i1, i8, ui8, i16,
  /// i32, i64).
  RankedTensorType type;
  /// product(shape) * element size bytes; i1 is stored one byte per element.
  std::vector<char> data;

  /// Element size in bytes of an int or float element type (1 for i1).
  static int64_t elementBytes(Type elementType) {
    return (elementType.getIntOrFloatBitWidth() + 7) / 8;
  }
  int64_t numElements() const { return type.getNumElements(); }
};

} // namespace mlir::ascend

#endif // ASCEND_EXECUTION_HOSTTENSOR_H
