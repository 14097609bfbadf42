//===- MindSporeShapeOps.cpp - slicing, gathering, layout op inference ----===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "AxisAndShapeChecks.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;
using namespace mlir::ascend::mindspore::detail;

LogicalResult ExpandDimsOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor a,
                                             SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  int64_t rank = in.getRank(), axis = a.getAxis();
  std::optional<int64_t> index = axisIndex(axis, rank + 1);
  if (!index)
    return emitOptionalError(loc, "axis " + Twine(axis) +
                                      " is out of range for a result of "
                                      "rank " +
                                      Twine(rank + 1));
  SmallVector<int64_t> shape(in.getShape());
  shape.insert(shape.begin() + *index, 1);
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  return success();
}

LogicalResult SqueezeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor a,
                                          SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  int64_t rank = in.getRank();
  SmallVector<bool> drop(rank, false);
  if (a.getAxis().empty()) {
    for (int64_t d = 0; d < rank; ++d)
      drop[d] = in.getDimSize(d) == 1;
  }
  for (int64_t axis : a.getAxis()) {
    std::optional<int64_t> d = axisIndex(axis, rank);
    if (!d)
      return emitOptionalError(loc, axisOutOfRange(axis, rank));
    if (in.getDimSize(*d) != 1)
      return emitOptionalError(loc, "cannot squeeze axis " + Twine(axis) +
                                        " of size " + Twine(in.getDimSize(*d)));
    drop[*d] = true;
  }
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d)
    if (!drop[d])
      shape.push_back(in.getDimSize(d));
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  return success();
}

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc, Adaptor a,
                                         SmallVectorImpl<Type> &types) {
  if (a.getInputs().empty()) // SameOperandsElementType reports it
    return failure();
  RankedTensorType first = rankedType(a.getInputs().front());
  int64_t rank = first.getRank();
  std::optional<int64_t> index = axisIndex(a.getAxis(), rank);
  if (!index)
    return emitOptionalError(loc, axisOutOfRange(a.getAxis(), rank));
  int64_t axis = *index;
  SmallVector<int64_t> shape(first.getShape());
  shape[axis] = 0;
  for (Value v : a.getInputs()) {
    RankedTensorType t = rankedType(v);
    bool agree = t.getRank() == rank;
    for (int64_t d = 0; agree && d < rank; ++d)
      agree = d == axis || t.getDimSize(d) == first.getDimSize(d);
    if (!agree)
      return emitOptionalError(loc, "input shapes " +
                                        formatShape(first.getShape()) +
                                        " and " + formatShape(t.getShape()) +
                                        " differ outside axis " + Twine(axis));
    shape[axis] += t.getDimSize(axis);
  }
  types.push_back(RankedTensorType::get(shape, first.getElementType()));
  return success();
}

LogicalResult StridedSliceOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor a,
                                               SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  int64_t rank = in.getRank();
  ArrayRef<int64_t> begin = a.getBegin(), end = a.getEnd(),
                    strides = a.getStrides();
  if ((int64_t)begin.size() != rank || (int64_t)end.size() != rank ||
      (int64_t)strides.size() != rank)
    return emitOptionalError(loc, "expects begin, end and strides with " +
                                      Twine(rank) + " entries each");
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (strides[d] < 1)
      return emitOptionalError(loc, "strides must be positive");
    if (begin[d] < 0 || begin[d] > end[d] || end[d] > in.getDimSize(d))
      return emitOptionalError(
          loc, "dimension " + Twine(d) +
                   " needs 0 <= begin <= end <= " + Twine(in.getDimSize(d)) +
                   ", got [" + Twine(begin[d]) + ", " + Twine(end[d]) + ")");
    shape.push_back((end[d] - begin[d] + strides[d] - 1) / strides[d]);
  }
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  return success();
}

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc, Adaptor a,
                                         SmallVectorImpl<Type> &types) {
  RankedTensorType params = rankedType(a.getParams());
  RankedTensorType indices = rankedType(a.getIndices());
  int64_t rank = params.getRank();
  std::optional<int64_t> index = axisIndex(a.getAxis(), rank);
  if (!index)
    return emitOptionalError(loc, axisOutOfRange(a.getAxis(), rank));
  int64_t axis = *index;
  SmallVector<int64_t> shape(params.getShape().take_front(axis));
  llvm::append_range(shape, indices.getShape());
  llvm::append_range(shape, params.getShape().drop_front(axis + 1));
  types.push_back(RankedTensorType::get(shape, params.getElementType()));
  return success();
}

LogicalResult BroadcastToOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor a,
                                              SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  ArrayRef<int64_t> shape = a.getShape();
  bool ok = (int64_t)shape.size() >= in.getRank();
  for (int64_t i = 0; ok && i < in.getRank(); ++i) {
    int64_t from = in.getDimSize(in.getRank() - 1 - i);
    int64_t to = shape[shape.size() - 1 - i];
    ok = from == to || from == 1;
  }
  if (!ok || llvm::any_of(shape, [](int64_t d) { return d < 0; }))
    return emitOptionalError(loc, "cannot broadcast " +
                                      formatShape(in.getShape()) + " to " +
                                      formatShape(shape));
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  return success();
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc, Adaptor a,
                                      SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  ArrayRef<int64_t> p = a.getPaddings();
  if ((int64_t)p.size() != 2 * in.getRank())
    return emitOptionalError(loc, "expects 2 paddings per dimension (" +
                                      Twine(2 * in.getRank()) + "), got " +
                                      Twine(p.size()));
  if (llvm::any_of(p, [](int64_t v) { return v < 0; }))
    return emitOptionalError(loc, "paddings must be non-negative");
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < in.getRank(); ++d)
    shape.push_back(in.getDimSize(d) + p[2 * d] + p[2 * d + 1]);
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  return success();
}

LogicalResult ReverseV2Op::verify() {
  return axisFlags(getAxis(), getInput().getType().getRank(),
                   [&](const Twine &message) { return emitOpError(message); });
}

LogicalResult TileOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc, Adaptor a,
                                       SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  ArrayRef<int64_t> multiples = a.getMultiples();
  int64_t rank = in.getRank(), count = multiples.size();
  if (count < rank)
    return emitOptionalError(loc, "multiples has " + Twine(count) +
                                      " entries for an input of rank " +
                                      Twine(rank));
  if (llvm::any_of(multiples, [](int64_t m) { return m < 1; }))
    return emitOptionalError(loc, "multiples must be positive, got " +
                                      formatShape(multiples));
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < count; ++d) {
    int64_t inDim = d < count - rank ? 1 : in.getDimSize(d - (count - rank));
    shape.push_back(inDim * multiples[d]);
  }
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  return success();
}

LogicalResult GatherDOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor a,
                                          SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX()), index = rankedType(a.getIndex());
  int64_t rank = x.getRank();
  std::optional<int64_t> dim = axisIndex(a.getDim(), rank);
  if (!dim)
    return emitOptionalError(loc, axisOutOfRange(a.getDim(), rank));
  if (index.getRank() != rank)
    return emitOptionalError(loc, "index has rank " + Twine(index.getRank()) +
                                      ", the input has rank " + Twine(rank));
  for (int64_t d = 0; d < rank; ++d)
    if (d != *dim && index.getDimSize(d) > x.getDimSize(d))
      return emitOptionalError(
          loc, "index shape " + formatShape(index) +
                   " exceeds the input shape " + formatShape(x) +
                   " outside dimension " + Twine(*dim));
  types.push_back(RankedTensorType::get(index.getShape(), x.getElementType()));
  return success();
}

LogicalResult OneHotOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc, Adaptor a,
                                         SmallVectorImpl<Type> &types) {
  RankedTensorType indices = rankedType(a.getIndices());
  RankedTensorType on = rankedType(a.getOnValue()),
                   off = rankedType(a.getOffValue());
  if (on.getRank() != 0 || off.getRank() != 0 ||
      on.getElementType() != off.getElementType())
    return emitOptionalError(loc, "on_value and off_value must be 0-d tensors "
                                  "of one element type");
  int64_t depth = a.getDepth(), axis = a.getAxis(), rank = indices.getRank();
  if (depth < 1)
    return emitOptionalError(loc, "depth must be positive, got " +
                                      Twine(depth));
  if (axis != -1 && (axis < 0 || axis > rank))
    return emitOptionalError(loc, "axis " + Twine(axis) +
                                      " must be -1 or in [0, " + Twine(rank) +
                                      "]");
  SmallVector<int64_t> shape(indices.getShape());
  shape.insert(shape.begin() + (axis == -1 ? rank : axis), depth);
  types.push_back(RankedTensorType::get(shape, on.getElementType()));
  return success();
}

/// The dimension an arg-reduction (Argmax, ArgMaxWithValue) of `in` reduces
/// for the primitive's `axis`, or failure after the error.
static FailureOr<int64_t> argReductionAxis(std::optional<Location> loc,
                                           RankedTensorType in, int64_t axis) {
  int64_t rank = in.getRank();
  if (rank == 0)
    return emitOptionalError(loc, "expects an input of rank >= 1");
  std::optional<int64_t> index = axisIndex(axis, rank);
  if (!index)
    return emitOptionalError(loc, axisOutOfRange(axis, rank));
  return *index;
}

LogicalResult ArgmaxOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor a,
                                         SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  FailureOr<int64_t> axis = argReductionAxis(loc, in, a.getAxis());
  if (failed(axis))
    return failure();
  Type outType = a.getOutputType();
  if (!outType.isSignlessInteger(32) && !outType.isSignlessInteger(64))
    return emitOptionalError(loc, "output_type must be i32 or i64");
  if (in.getDimSize(*axis) == 0)
    return emitOptionalError(loc, "argmax of an empty dimension");
  SmallVector<int64_t> shape(in.getShape());
  shape.erase(shape.begin() + *axis);
  types.push_back(RankedTensorType::get(shape, outType));
  return success();
}

LogicalResult
ArgMaxWithValueOp::inferReturnTypes(MLIRContext *context,
                                    std::optional<Location> loc, Adaptor a,
                                    SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  FailureOr<int64_t> axis = argReductionAxis(loc, in, a.getAxis());
  if (failed(axis))
    return failure();
  Type indexType = IntegerType::get(context, 64);
  if (std::optional<Type> t = a.getIndexType()) {
    if (!t->isSignlessInteger(32) && !t->isSignlessInteger(64))
      return emitOptionalError(loc, "index_type must be i32 or i64");
    indexType = *t;
  }
  if (in.getDimSize(*axis) == 0)
    return emitOptionalError(loc, "the maximum of an empty dimension");
  SmallVector<int64_t> shape(in.getShape());
  if (a.getKeepDims())
    shape[*axis] = 1;
  else
    shape.erase(shape.begin() + *axis);
  types.push_back(RankedTensorType::get(shape, indexType));
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  return success();
}

LogicalResult TopKOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> loc, Adaptor a,
                                       SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  if (in.getRank() == 0)
    return emitOptionalError(loc, "expects an input of rank >= 1");
  int64_t k = a.getK(), size = in.getShape().back();
  if (k < 0 || k > size)
    return emitOptionalError(loc, "k = " + Twine(k) +
                                      " is outside [0, " + Twine(size) +
                                      "], the size of the last dimension");
  SmallVector<int64_t> shape(in.getShape());
  shape.back() = k;
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  types.push_back(RankedTensorType::get(shape, IntegerType::get(context, 32)));
  return success();
}

LogicalResult SplitOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc, Adaptor a,
                                        SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  int64_t rank = in.getRank();
  std::optional<int64_t> axis = axisIndex(a.getAxis(), rank);
  if (!axis)
    return emitOptionalError(loc, axisOutOfRange(a.getAxis(), rank));
  int64_t count = a.getOutputNum(), size = in.getDimSize(*axis);
  if (count < 1)
    return emitOptionalError(loc, "output_num must be positive, got " +
                                      Twine(count));
  if (size % count != 0)
    return emitOptionalError(loc, "dimension " + Twine(*axis) + " of size " +
                                      Twine(size) + " does not split into " +
                                      Twine(count) + " equal pieces");
  SmallVector<int64_t> shape(in.getShape());
  shape[*axis] = size / count;
  types.append(count, RankedTensorType::get(shape, in.getElementType()));
  return success();
}

/// The shapes TensorScatterUpdate / TensorScatterAdd accept: indices
/// [B..., N] with N <= rank(input), updates B + input.shape[N:].
static LogicalResult inferTensorScatterType(std::optional<Location> loc,
                                            Value input, Value indices,
                                            Value updates,
                                            SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(input), idx = rankedType(indices),
                   upd = rankedType(updates);
  if (idx.getRank() < 1)
    return emitOptionalError(loc, "expects indices of rank >= 1");
  int64_t n = idx.getShape().back();
  if (n < 1 || n > in.getRank())
    return emitOptionalError(loc, "the last dimension of indices (" + Twine(n) +
                                      ") must be in [1, " +
                                      Twine(in.getRank()) + "]");
  SmallVector<int64_t> expected(idx.getShape().drop_back());
  llvm::append_range(expected, in.getShape().drop_front(n));
  if (upd.getShape() != ArrayRef<int64_t>(expected))
    return emitOptionalError(loc, "updates have the shape " + formatShape(upd) +
                                      ", expected " + formatShape(expected));
  if (upd.getElementType() != in.getElementType())
    return emitOptionalError(loc, "updates and input differ in element type");
  types.push_back(in);
  return success();
}

LogicalResult
TensorScatterUpdateOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc, Adaptor a,
                                        SmallVectorImpl<Type> &types) {
  return inferTensorScatterType(loc, a.getInput(), a.getIndices(),
                                a.getUpdates(), types);
}

LogicalResult
TensorScatterAddOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor a, SmallVectorImpl<Type> &types) {
  return inferTensorScatterType(loc, a.getInput(), a.getIndices(),
                                a.getUpdates(), types);
}
