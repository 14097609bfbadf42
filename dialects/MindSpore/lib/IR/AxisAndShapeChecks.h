//===- AxisAndShapeChecks.h - axis checks and shape text for mindspore ops ===//
//
// Helpers shared by the mindspore op verifiers and type inference (private to
// dialects/MindSpore/lib/IR): axis normalization with its diagnostics, and
// shapes formatted for messages.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECTS_MINDSPORE_LIB_IR_AXISANDSHAPECHECKS_H
#define ASCEND_DIALECTS_MINDSPORE_LIB_IR_AXISANDSHAPECHECKS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace mlir::ascend::mindspore::detail {

inline RankedTensorType rankedType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// "[2, 3]" for the shape 2x3.
inline std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

inline std::string formatShape(RankedTensorType type) {
  return formatShape(type.getShape());
}

/// "axis <axis> is out of range for rank <rank>".
inline std::string axisOutOfRange(int64_t axis, int64_t rank) {
  return ("axis " + Twine(axis) + " is out of range for rank " + Twine(rank))
      .str();
}

/// The dimension `axis` names in a rank-`rank` shape (a negative axis counts
/// from the end), or nullopt when it is out of range.
inline std::optional<int64_t> axisIndex(int64_t axis, int64_t rank) {
  int64_t d = axis < 0 ? axis + rank : axis;
  if (d < 0 || d >= rank)
    return std::nullopt;
  return d;
}

/// Flags of the dimensions `axes` name in a rank-`rank` shape (none when
/// `axes` is empty). An axis out of range or repeated is reported through
/// `error`, whose result is then returned.
inline FailureOr<SmallVector<bool>>
axisFlags(ArrayRef<int64_t> axes, int64_t rank,
          function_ref<LogicalResult(const Twine &)> error) {
  SmallVector<bool> flags(rank, false);
  for (int64_t axis : axes) {
    std::optional<int64_t> d = axisIndex(axis, rank);
    if (!d)
      return error(axisOutOfRange(axis, rank));
    if (flags[*d])
      return error("axis " + Twine(axis) + " is repeated");
    flags[*d] = true;
  }
  return flags;
}

} // namespace mlir::ascend::mindspore::detail

#endif // ASCEND_DIALECTS_MINDSPORE_LIB_IR_AXISANDSHAPECHECKS_H
