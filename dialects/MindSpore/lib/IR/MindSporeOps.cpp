//===- MindSporeOps.cpp - mindspore op verifiers and type inference -------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "AxisAndShapeChecks.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;
using namespace mlir::ascend::mindspore::detail;

LogicalResult
mlir::ascend::mindspore::inferBroadcastShape(ArrayRef<int64_t> lhs,
                                             ArrayRef<int64_t> rhs,
                                             SmallVectorImpl<int64_t> &result) {
  size_t rank = std::max(lhs.size(), rhs.size());
  result.assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t l = i < lhs.size() ? lhs[lhs.size() - 1 - i] : 1;
    int64_t r = i < rhs.size() ? rhs[rhs.size() - 1 - i] : 1;
    if (l != r && l != 1 && r != 1)
      return failure();
    result[rank - 1 - i] = l == 1 ? r : l;
  }
  return success();
}

/// RankedTensorType::get(shape, elementType): one of `known` when it is that
/// type (an operand's type, no encoding) — found without a lookup in the
/// context's type uniquer, which hashes the shape and takes a lock, for each
/// op built and again when it is verified.
static RankedTensorType
tensorTypeLike(ArrayRef<int64_t> shape, Type elementType,
               std::initializer_list<RankedTensorType> known) {
  for (RankedTensorType t : known)
    if (t && !t.getEncoding() && t.getElementType() == elementType &&
        t.getShape() == shape)
      return t;
  return RankedTensorType::get(shape, elementType);
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

static LogicalResult inferBinary(std::optional<Location> loc, Value lhs,
                                 Value rhs, Type elementType,
                                 SmallVectorImpl<Type> &types) {
  SmallVector<int64_t> shape;
  if (failed(inferBroadcastShape(rankedType(lhs).getShape(),
                                 rankedType(rhs).getShape(), shape)))
    return emitOptionalError(loc, "operand shapes " +
                                      formatShape(rankedType(lhs)) + " and " +
                                      formatShape(rankedType(rhs)) +
                                      " are not broadcast-compatible");
  types.push_back(
      tensorTypeLike(shape, elementType, {rankedType(lhs), rankedType(rhs)}));
  return success();
}

#define ASCEND_BINARY_INFER(OP)                                                \
  LogicalResult OP::inferReturnTypes(MLIRContext *, std::optional<Location> l, \
                                     Adaptor a, SmallVectorImpl<Type> &t) {    \
    return inferBinary(l, a.getLhs(), a.getRhs(),                              \
                       rankedType(a.getLhs()).getElementType(), t);            \
  }
ASCEND_BINARY_INFER(AddOp)
ASCEND_BINARY_INFER(SubOp)
ASCEND_BINARY_INFER(MulOp)
ASCEND_BINARY_INFER(RealDivOp)
ASCEND_BINARY_INFER(MaximumOp)
ASCEND_BINARY_INFER(MinimumOp)
ASCEND_BINARY_INFER(PowOp)
ASCEND_BINARY_INFER(Atan2Op)
ASCEND_BINARY_INFER(FloorDivOp)
ASCEND_BINARY_INFER(FloorModOp)
ASCEND_BINARY_INFER(TruncateModOp)
#undef ASCEND_BINARY_INFER

// Comparisons and boolean ops: the broadcast shape with an i1 element type.
#define ASCEND_COMPARE_INFER(OP)                                               \
  LogicalResult OP::inferReturnTypes(MLIRContext *ctx,                         \
                                     std::optional<Location> l, Adaptor a,     \
                                     SmallVectorImpl<Type> &t) {               \
    return inferBinary(l, a.getLhs(), a.getRhs(), IntegerType::get(ctx, 1),    \
                       t);                                                     \
  }
ASCEND_COMPARE_INFER(GreaterOp)
ASCEND_COMPARE_INFER(GreaterEqualOp)
ASCEND_COMPARE_INFER(LessOp)
ASCEND_COMPARE_INFER(LessEqualOp)
ASCEND_COMPARE_INFER(EqualOp)
ASCEND_COMPARE_INFER(NotEqualOp)
ASCEND_COMPARE_INFER(LogicalAndOp)
ASCEND_COMPARE_INFER(LogicalOrOp)
#undef ASCEND_COMPARE_INFER

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor a,
                                         SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX()), y = rankedType(a.getY());
  if (x.getElementType() != y.getElementType())
    return emitOptionalError(loc, "x and y have different element types");
  SmallVector<int64_t> xy, shape;
  if (failed(inferBroadcastShape(x.getShape(), y.getShape(), xy)) ||
      failed(inferBroadcastShape(rankedType(a.getCondition()).getShape(), xy,
                                 shape)))
    return emitOptionalError(
        loc, "condition, x and y shapes " +
                 formatShape(rankedType(a.getCondition())) + ", " +
                 formatShape(x) + " and " + formatShape(y) +
                 " are not broadcast-compatible");
  types.push_back(RankedTensorType::get(shape, x.getElementType()));
  return success();
}

LogicalResult CastOp::verify() {
  if (getInput().getType().getShape() != getType().getShape())
    return emitOpError("result shape ")
           << formatShape(getType()) << " differs from the input shape "
           << formatShape(getInput().getType());
  return success();
}

static LogicalResult verifySoftmaxAxis(Operation *op, int64_t rank,
                                       int64_t axis) {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    return op->emitOpError(axisOutOfRange(axis, rank));
  return success();
}

LogicalResult SoftmaxOp::verify() {
  return verifySoftmaxAxis(*this, getX().getType().getRank(), getAxis());
}

LogicalResult LogSoftmaxOp::verify() {
  return verifySoftmaxAxis(*this, getX().getType().getRank(), getAxis());
}

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor a,
                                            SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX());
  int64_t rank = x.getRank();
  int64_t norm = a.getBeginNormAxis(), params = a.getBeginParamsAxis();
  std::optional<int64_t> paramsIndex = axisIndex(params, rank);
  if (!axisIndex(norm, rank) || !paramsIndex)
    return emitOptionalError(loc, "begin_norm_axis " + Twine(norm) +
                                      " and begin_params_axis " +
                                      Twine(params) +
                                      " must be in range for rank " +
                                      Twine(rank));
  ArrayRef<int64_t> expected = x.getShape().drop_front(*paramsIndex);
  for (Value v : {a.getGamma(), a.getBeta()})
    if (rankedType(v).getShape() != expected)
      return emitOptionalError(
          loc, "expects gamma and beta of shape " +
                   formatShape(RankedTensorType::get(expected,
                                                     x.getElementType())) +
                   ", got " + formatShape(rankedType(v)));
  types.push_back(x);
  return success();
}

//===----------------------------------------------------------------------===//
// MatMul, BiasAdd
//===----------------------------------------------------------------------===//

LogicalResult MatMulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor a,
                                         SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX()), y = rankedType(a.getY());
  if (x.getRank() != 2 || y.getRank() != 2)
    return emitOptionalError(loc, "expects 2-D operands, got ranks " +
                                      Twine(x.getRank()) + " and " +
                                      Twine(y.getRank()));
  int64_t m = x.getDimSize(a.getTransposeA() ? 1 : 0);
  int64_t kx = x.getDimSize(a.getTransposeA() ? 0 : 1);
  int64_t ky = y.getDimSize(a.getTransposeB() ? 1 : 0);
  int64_t n = y.getDimSize(a.getTransposeB() ? 0 : 1);
  if (kx != ky)
    return emitOptionalError(loc, "contracted sizes differ: " + Twine(kx) +
                                      " vs " + Twine(ky));
  types.push_back(tensorTypeLike({m, n}, x.getElementType(), {x, y}));
  return success();
}

LogicalResult BiasAddOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor a,
                                          SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX()), b = rankedType(a.getBias());
  if (x.getRank() < 2)
    return emitOptionalError(loc, "expects input of rank >= 2, got " +
                                      Twine(x.getRank()));
  if (b.getRank() != 1 || b.getDimSize(0) != x.getDimSize(1))
    return emitOptionalError(loc, "expects a 1-D bias of " +
                                      Twine(x.getDimSize(1)) +
                                      " channels");
  types.push_back(x);
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor a,
                                          SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  SmallVector<int64_t> shape(a.getShape());
  int64_t known = 1;
  int inferred = -1;
  for (auto [i, d] : llvm::enumerate(shape)) {
    if (d == -1) {
      if (inferred >= 0)
        return emitOptionalError(loc, "shape has more than one -1");
      inferred = i;
    } else if (d < 0) {
      return emitOptionalError(loc, "shape has a negative dimension " +
                                        Twine(d));
    } else {
      known *= d;
    }
  }
  int64_t count = in.getNumElements();
  if (inferred >= 0) {
    if (known == 0 || count % known != 0)
      return emitOptionalError(loc, "cannot infer -1 for " + Twine(count) +
                                        " elements");
    shape[inferred] = count / known;
    known = count;
  }
  if (known != count)
    return emitOptionalError(loc, "shape holds " + Twine(known) +
                                      " elements but the input has " +
                                      Twine(count));
  types.push_back(tensorTypeLike(shape, in.getElementType(), {in}));
  return success();
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor a,
                                            SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  ArrayRef<int64_t> perm = a.getPerm();
  if ((int64_t)perm.size() != in.getRank())
    return emitOptionalError(loc, "perm has " + Twine(perm.size()) +
                                      " entries for rank " +
                                      Twine(in.getRank()));
  SmallVector<bool> seen(perm.size(), false);
  SmallVector<int64_t> shape;
  for (int64_t p : perm) {
    if (p < 0 || p >= in.getRank() || seen[p])
      return emitOptionalError(loc, "perm is not a permutation");
    seen[p] = true;
    shape.push_back(in.getDimSize(p));
  }
  types.push_back(tensorTypeLike(shape, in.getElementType(), {in}));
  return success();
}

LogicalResult ReduceAllOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location>, Adaptor,
                                            SmallVectorImpl<Type> &types) {
  types.push_back(RankedTensorType::get({}, IntegerType::get(ctx, 1)));
  return success();
}

template <typename AdaptorT>
static LogicalResult inferReduce(std::optional<Location> loc, AdaptorT a,
                                 SmallVectorImpl<Type> &types) {
  RankedTensorType in = rankedType(a.getInput());
  int64_t rank = in.getRank();
  FailureOr<SmallVector<bool>> reduced =
      axisFlags(a.getAxis(), rank, [&](const Twine &message) {
        return emitOptionalError(loc, message);
      });
  if (failed(reduced))
    return failure();
  if (a.getAxis().empty()) // reduces all dimensions
    reduced->assign(rank, true);
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (!(*reduced)[d])
      shape.push_back(in.getDimSize(d));
    else if (a.getKeepDims())
      shape.push_back(1);
  }
  types.push_back(RankedTensorType::get(shape, in.getElementType()));
  return success();
}

#define ASCEND_REDUCE_INFER(OP)                                                \
  LogicalResult OP::inferReturnTypes(MLIRContext *,                            \
                                     std::optional<Location> l, Adaptor a,     \
                                     SmallVectorImpl<Type> &t) {               \
    return inferReduce(l, a, t);                                               \
  }
ASCEND_REDUCE_INFER(ReduceSumOp)
ASCEND_REDUCE_INFER(ReduceMeanOp)
ASCEND_REDUCE_INFER(ReduceMaxOp)
#undef ASCEND_REDUCE_INFER

//===----------------------------------------------------------------------===//
// Convolution and pooling
//===----------------------------------------------------------------------===//

/// Output size of a sliding window: floor (or ceil) of
/// (in + padBefore + padAfter - dilation * (k - 1) - 1) / stride + 1.
static int64_t windowOutputSize(int64_t in, int64_t k, int64_t stride,
                                int64_t dilation, int64_t padBefore,
                                int64_t padAfter, bool ceil = false) {
  int64_t span = in + padBefore + padAfter - dilation * (k - 1) - 1;
  if (span < 0)
    return 0;
  int64_t out = (ceil ? (span + stride - 1) / stride : span / stride) + 1;
  // PyTorch: the last window must start inside the input or left padding.
  if (ceil && (out - 1) * stride >= in + padBefore)
    --out;
  return out;
}

static LogicalResult checkWindowAttrs(std::optional<Location> loc,
                                      ArrayRef<int64_t> kernel,
                                      ArrayRef<int64_t> strides,
                                      ArrayRef<int64_t> dilation,
                                      ArrayRef<int64_t> pad) {
  if (kernel.size() != 2 || strides.size() != 2 || dilation.size() != 2 ||
      pad.size() != 4)
    return emitOptionalError(loc, "expects 2 kernel sizes, 2 strides, 2 "
                                  "dilations and 4 pads [top, bottom, left, "
                                  "right]");
  for (int64_t v : llvm::concat<const int64_t>(kernel, strides, dilation))
    if (v < 1)
      return emitOptionalError(loc, "kernel sizes, strides and dilations "
                                    "must be positive");
  for (int64_t v : pad)
    if (v < 0)
      return emitOptionalError(loc, "pads must be non-negative");
  return success();
}

LogicalResult Conv2DOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor a,
                                         SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX()), w = rankedType(a.getWeight());
  if (x.getRank() != 4 || w.getRank() != 4)
    return emitOptionalError(loc, "expects 4-D NCHW input and OIHW weight");
  int64_t group = a.getGroup();
  if (group < 1 || x.getDimSize(1) % group != 0 ||
      w.getDimSize(0) % group != 0)
    return emitOptionalError(loc, "group " + Twine(group) +
                                      " does not divide the channels");
  if (x.getDimSize(1) / group != w.getDimSize(1))
    return emitOptionalError(loc, "weight expects " +
                                      Twine(w.getDimSize(1) * group) +
                                      " input channels, input has " +
                                      Twine(x.getDimSize(1)));
  StringRef mode = a.getPadMode();
  if (mode != "pad" && mode != "same" && mode != "valid")
    return emitOptionalError(loc, "pad_mode must be \"pad\", \"same\" or "
                                  "\"valid\", got \"" + mode + "\"");
  SmallVector<int64_t> kernel = {w.getDimSize(2), w.getDimSize(3)};
  if (failed(checkWindowAttrs(loc, kernel, a.getStride(), a.getDilation(),
                              a.getPad())))
    return failure();
  ArrayRef<int64_t> s = a.getStride(), d = a.getDilation(), p = a.getPad();
  int64_t oh = windowOutputSize(x.getDimSize(2), kernel[0], s[0], d[0], p[0],
                                p[1]);
  int64_t ow = windowOutputSize(x.getDimSize(3), kernel[1], s[1], d[1], p[2],
                                p[3]);
  types.push_back(RankedTensorType::get(
      {x.getDimSize(0), w.getDimSize(0), oh, ow}, x.getElementType()));
  return success();
}

LogicalResult Conv2DTransposeOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor a,
    SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX()), w = rankedType(a.getWeight());
  if (x.getRank() != 4 || w.getRank() != 4)
    return emitOptionalError(loc, "expects 4-D NCHW input and [C_in, C_out, "
                                  "KH, KW] weight");
  if (x.getDimSize(1) != w.getDimSize(0))
    return emitOptionalError(loc, "weight expects " +
                                      Twine(w.getDimSize(0)) +
                                      " input channels, input has " +
                                      Twine(x.getDimSize(1)));
  int64_t group = a.getGroup();
  if (group < 1 || x.getDimSize(1) % group != 0)
    return emitOptionalError(loc,
                             "group " + Twine(group) + " does not divide the " +
                                 Twine(x.getDimSize(1)) + " input channels");
  SmallVector<int64_t> kernel = {w.getDimSize(2), w.getDimSize(3)};
  if (failed(checkWindowAttrs(loc, kernel, a.getStride(), a.getDilation(),
                              a.getPad())))
    return failure();
  ArrayRef<int64_t> s = a.getStride(), d = a.getDilation(), p = a.getPad(),
                    op = a.getOutputPadding();
  if (op.size() != 2)
    return emitOptionalError(loc, "expects 2 output paddings [h, w]");
  SmallVector<int64_t> out = {x.getDimSize(0), w.getDimSize(1) * group};
  for (int i = 0; i < 2; ++i) {
    if (op[i] < 0 || (op[i] >= s[i] && op[i] >= d[i]))
      return emitOptionalError(loc, "output padding must be non-negative and "
                                    "smaller than the stride or the "
                                    "dilation");
    int64_t size = (x.getDimSize(2 + i) - 1) * s[i] - p[2 * i] -
                   p[2 * i + 1] + d[i] * (kernel[i] - 1) + op[i] + 1;
    if (size < 1)
      return emitOptionalError(loc, "the padding leaves an empty output");
    out.push_back(size);
  }
  types.push_back(RankedTensorType::get(out, x.getElementType()));
  return success();
}

LogicalResult BatchNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor a,
                                            SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX());
  if (x.getRank() < 2)
    return emitOptionalError(loc, "expects input of rank >= 2");
  for (Value v : {a.getScale(), a.getBias(), a.getMean(), a.getVariance()}) {
    RankedTensorType t = rankedType(v);
    if (t.getRank() != 1 || t.getDimSize(0) != x.getDimSize(1))
      return emitOptionalError(loc, "expects scale, bias, mean and variance "
                                    "of shape [" +
                                        Twine(x.getDimSize(1)) + "]");
  }
  types.push_back(x);
  return success();
}

LogicalResult MaxPoolOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor a,
                                          SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX());
  if (x.getRank() != 4)
    return emitOptionalError(loc, "expects a 4-D NCHW input");
  SmallVector<int64_t> one = {1, 1};
  ArrayRef<int64_t> k = a.getKernelSize(), s = a.getStrides(), p = a.getPad();
  if (failed(checkWindowAttrs(loc, k, s, one, p)))
    return failure();
  if (p[0] * 2 > k[0] || p[1] * 2 > k[0] || p[2] * 2 > k[1] ||
      p[3] * 2 > k[1])
    return emitOptionalError(loc, "pad must be at most half the kernel size");
  int64_t oh = windowOutputSize(x.getDimSize(2), k[0], s[0], 1, p[0], p[1],
                                a.getCeilMode());
  int64_t ow = windowOutputSize(x.getDimSize(3), k[1], s[1], 1, p[2], p[3],
                                a.getCeilMode());
  types.push_back(RankedTensorType::get(
      {x.getDimSize(0), x.getDimSize(1), oh, ow}, x.getElementType()));
  return success();
}

LogicalResult AvgPoolOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor a,
                                          SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX());
  if (x.getRank() != 4)
    return emitOptionalError(loc, "expects a 4-D NCHW input");
  SmallVector<int64_t> one = {1, 1}, noPad = {0, 0, 0, 0};
  ArrayRef<int64_t> k = a.getKernelSize(), s = a.getStrides();
  ArrayRef<int64_t> p = a.getPad() ? *a.getPad() : ArrayRef<int64_t>(noPad);
  if (failed(checkWindowAttrs(loc, k, s, one, p)))
    return failure();
  if (p[0] * 2 > k[0] || p[1] * 2 > k[0] || p[2] * 2 > k[1] ||
      p[3] * 2 > k[1])
    return emitOptionalError(loc, "pad must be at most half the kernel size");
  if (std::optional<int64_t> d = a.getDivisorOverride(); d && *d <= 0)
    return emitOptionalError(loc, "divisor_override must be positive, not " +
                                      Twine(*d));
  bool ceil = a.getCeilMode();
  int64_t oh =
      windowOutputSize(x.getDimSize(2), k[0], s[0], 1, p[0], p[1], ceil);
  int64_t ow =
      windowOutputSize(x.getDimSize(3), k[1], s[1], 1, p[2], p[3], ceil);
  types.push_back(RankedTensorType::get(
      {x.getDimSize(0), x.getDimSize(1), oh, ow}, x.getElementType()));
  return success();
}

LogicalResult AdaptiveAvgPool2DOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor a,
    SmallVectorImpl<Type> &types) {
  RankedTensorType x = rankedType(a.getX());
  ArrayRef<int64_t> out = a.getOutputSize();
  if (x.getRank() != 4)
    return emitOptionalError(loc, "expects a 4-D NCHW input");
  if (out.size() != 2 || out[0] < 1 || out[1] < 1)
    return emitOptionalError(loc, "expects 2 positive output sizes");
  types.push_back(RankedTensorType::get(
      {x.getDimSize(0), x.getDimSize(1), out[0], out[1]}, x.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// Structure
//===----------------------------------------------------------------------===//

LogicalResult ParameterOp::verify() {
  if (std::optional<ElementsAttr> value = getValue())
    if (value->getType() != getType())
      return emitOpError("value type ")
             << value->getType() << " differs from the declared type "
             << getType();
  return success();
}

LogicalResult LoadOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto param = symbols.lookupNearestSymbolFrom<ParameterOp>(*this, getNameAttr());
  if (!param)
    return emitOpError("'") << getName() << "' is not a mindspore.parameter";
  if (param.getType() != getType())
    return emitOpError("type ") << getType() << " differs from parameter type "
                                << param.getType();
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult CondOp::verify() {
  if (cast<ShapedType>(getPredicate().getType()).getNumElements() != 1)
    return emitOpError("predicate must hold exactly one element");
  for (Region *region : {&getThenRegion(), &getElseRegion()}) {
    auto yield = cast<YieldOp>(region->front().getTerminator());
    if (yield.getValues().getTypes() != getResultTypes())
      return yield.emitOpError("yields ")
             << yield.getValues().getTypes() << " but the cond returns "
             << getResultTypes();
  }
  return success();
}

#define GET_OP_CLASSES
#include "ascend/Dialect/MindSpore/IR/MindSporeOps.cpp.inc"
