//===- AtenComposites.cpp - aten ops built from several primitives --------===//
//
// See AtenComposites.h. Each handler reads the op's schema arguments by name
// (as the recorder stores them), checks what it relies on and builds
// primitives the dialect already has; a form it does not cover is refused
// with a reason, which the caller reports with the op, dtype and source line.
//
//===----------------------------------------------------------------------===//
#include "AtenComposites.h"

#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"

#include <cmath>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

/// One recorded aten call: argument access by schema name.
struct Call {
  mutable pynative::RecordedOp op;
  ValueRange operands;
  OpBuilder &b;
  Location loc;
  std::string &why;

  Value operand(StringRef name) const {
    for (auto [i, n] : llvm::enumerate(op.getOperandNames()))
      if (cast<StringAttr>(n).getValue() == name)
        return operands[i];
    return {};
  }
  Attribute arg(StringRef name) const { return op.getArgs().get(name); }
  bool isNone(StringRef name) const {
    return !operand(name) && (!arg(name) || isa<UnitAttr>(arg(name)));
  }
  std::optional<int64_t> intArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return a.getInt();
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue();
    return std::nullopt;
  }
  std::optional<double> floatArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<FloatAttr>(arg(name)))
      return a.getValueAsDouble();
    if (auto a = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return (double)a.getInt();
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue() ? 1.0 : 0.0;
    return std::nullopt;
  }
  /// An int list (a single int counts as a list of one).
  std::optional<SmallVector<int64_t>> intsArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(arg(name)))
      return SmallVector<int64_t>(a.asArrayRef());
    if (auto i = intArg(name))
      return SmallVector<int64_t>{*i};
    return std::nullopt;
  }
  /// A float list argument (`float[]? scale_factors`).
  std::optional<SmallVector<double>> floatsArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<DenseF64ArrayAttr>(arg(name)))
      return SmallVector<double>(a.asArrayRef());
    if (auto a = dyn_cast_or_null<DenseF32ArrayAttr>(arg(name)))
      return SmallVector<double>(a.asArrayRef().begin(), a.asArrayRef().end());
    if (auto a = dyn_cast_or_null<ArrayAttr>(arg(name))) {
      SmallVector<double> v;
      for (Attribute e : a) {
        if (auto f = dyn_cast<FloatAttr>(e))
          v.push_back(f.getValueAsDouble());
        else if (auto i = dyn_cast<IntegerAttr>(e))
          v.push_back((double)i.getInt());
        else
          return std::nullopt;
      }
      return v;
    }
    if (auto f = floatArg(name))
      return SmallVector<double>{*f};
    return std::nullopt;
  }
  bool boolArg(StringRef name, bool dflt) const {
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue();
    if (auto i = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return i.getInt() != 0;
    return dflt;
  }
  CompositeResult refuse(const Twine &reason) const {
    why = reason.str();
    return CompositeResult::Refused;
  }
  RankedTensorType resultType(unsigned i = 0) const {
    return cast<RankedTensorType>(op.getResult(i).getType());
  }
};

using Handler = CompositeResult (*)(Call &, SmallVectorImpl<Value> &);

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }
int64_t rankOf(Value v) { return typeOf(v).getRank(); }
Type elementTypeOf(Value v) { return typeOf(v).getElementType(); }
int64_t normalizeDim(int64_t dim, int64_t rank) {
  return dim < 0 ? dim + rank : dim;
}

Value scalar(Call &c, double value, Type elementType) {
  return buildSplatConstant(c.b, c.loc, RankedTensorType::get({}, elementType),
                            value);
}

/// A constant of `type` with `values` (converted to its element type).
Value constantOf(Call &c, RankedTensorType type, ArrayRef<double> values) {
  SmallVector<Attribute> attrs;
  Type t = type.getElementType();
  for (double v : values) {
    if (auto f = dyn_cast<FloatType>(t))
      attrs.push_back(FloatAttr::get(f, v));
    else if (t.isInteger(1))
      attrs.push_back(IntegerAttr::get(t, v != 0 ? 1 : 0));
    else
      attrs.push_back(IntegerAttr::get(t, (int64_t)v));
  }
  return ms::ConstantOp::create(c.b, c.loc, DenseElementsAttr::get(type, attrs));
}

Value indexConstant(Call &c, ArrayRef<int64_t> indices) {
  SmallVector<double> v(indices.begin(), indices.end());
  return constantOf(c,
                    RankedTensorType::get({(int64_t)indices.size()},
                                          c.b.getI64Type()),
                    v);
}

Value asBool(Call &c, Value v) {
  if (elementTypeOf(v).isInteger(1))
    return v;
  return ms::CastOp::create(c.b, c.loc, typeOf(v).clone(c.b.getI1Type()), v);
}

/// `v` reshaped to the recorded result `i` when only the shape differs.
FailureOr<Value> toResultShape(Call &c, Value v, unsigned i = 0) {
  RankedTensorType want = c.resultType(i);
  auto type = typeOf(v);
  if (type == want)
    return v;
  if (type.getElementType() != want.getElementType() ||
      type.getNumElements() != want.getNumElements()) {
    (void)c.refuse("the computed result type differs from the recorded one");
    return failure();
  }
  return Value(ms::ReshapeOp::create(c.b, c.loc, v, want.getShape()));
}

CompositeResult pushResult(Call &c, SmallVectorImpl<Value> &results, Value v) {
  FailureOr<Value> r = toResultShape(c, v);
  if (failed(r))
    return CompositeResult::Refused;
  results.push_back(*r);
  return CompositeResult::Legalized;
}

//===----------------------------------------------------------------------===//
// triu / tril
//===----------------------------------------------------------------------===//

/// triu(diagonal) keeps j - i >= diagonal, tril keeps j - i <= diagonal: a
/// Select between the input and 0 with a constant [M, N] mask.
template <bool Upper>
CompositeResult triangle(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self || rankOf(self) < 2)
    return c.refuse("expects a tensor of rank >= 2");
  int64_t diagonal = c.intArg("diagonal").value_or(0);
  auto shape = typeOf(self).getShape();
  int64_t m = shape[shape.size() - 2], n = shape.back();
  SmallVector<double> mask;
  mask.reserve(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      mask.push_back(Upper ? j - i >= diagonal : j - i <= diagonal);
  Value maskValue =
      constantOf(c, RankedTensorType::get({m, n}, c.b.getI1Type()), mask);
  Value zero = scalar(c, 0, elementTypeOf(self));
  return pushResult(c, results,
                    ms::SelectOp::create(c.b, c.loc, maskValue, self, zero));
}

//===----------------------------------------------------------------------===//
// min / max / argmin and any / all
//===----------------------------------------------------------------------===//

bool isSignedInteger(Type t) { return t.isSignlessInteger() && !t.isInteger(1); }

/// max() and min() of every element of an integer tensor: ArgMaxWithValue
/// over the flattened input (of its negation for min). Float max() is in the
/// primary table (ReduceMax, NaN propagating); float min() is -max(-x).
template <bool Min>
CompositeResult reduceAllExtreme(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  Type t = elementTypeOf(self);
  if (typeOf(self).getNumElements() == 0)
    return c.refuse(Twine(Min ? "min" : "max") + "() of an empty tensor");
  if (isa<FloatType>(t)) {
    if (!Min)
      return CompositeResult::NotHandled;
    Value neg = ms::NegOp::create(c.b, c.loc, self);
    Value m = ms::ReduceMaxOp::create(c.b, c.loc, neg, ArrayRef<int64_t>{},
                                      false);
    return pushResult(c, results, ms::NegOp::create(c.b, c.loc, m));
  }
  if (!isSignedInteger(t))
    return c.refuse(Twine(Min ? "min" : "max") +
                    "() of a boolean tensor is not legalized yet");
  Value flat = ms::ReshapeOp::create(
      c.b, c.loc, self, ArrayRef<int64_t>{typeOf(self).getNumElements()});
  if (Min)
    flat = ms::NegOp::create(c.b, c.loc, flat);
  Value v = ms::ArgMaxWithValueOp::create(c.b, c.loc, flat, 0, false, TypeAttr())
                .getValues();
  if (Min)
    v = ms::NegOp::create(c.b, c.loc, v);
  return pushResult(c, results, v);
}

/// amin(dim, keepdim) of a float tensor: -ReduceMax(-x).
CompositeResult amin(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!isa<FloatType>(elementTypeOf(self)))
    return c.refuse("integer amin is not legalized yet");
  SmallVector<int64_t> axis = c.intsArg("dim").value_or(SmallVector<int64_t>{});
  for (int64_t &d : axis)
    d = normalizeDim(d, std::max<int64_t>(rankOf(self), 1));
  if (rankOf(self) == 0)
    axis.clear();
  Value neg = ms::NegOp::create(c.b, c.loc, self);
  Value m = ms::ReduceMaxOp::create(c.b, c.loc, neg, axis,
                                    c.boolArg("keepdim", false));
  return pushResult(c, results, ms::NegOp::create(c.b, c.loc, m));
}

/// ArgMaxWithValue of `self` (negated for Min) along `dim`; a 0-d input is
/// its own extreme at index 0, dim=None takes the flattened input.
FailureOr<ms::ArgMaxWithValueOp> argExtreme(Call &c, Value self,
                                             std::optional<int64_t> dim,
                                             bool keepdim, bool min,
                                             Type indexType) {
  Type t = elementTypeOf(self);
  if (t.isInteger(1)) {
    (void)c.refuse("min/argmin of a boolean tensor is not legalized yet");
    return failure();
  }
  if (typeOf(self).getNumElements() == 0) {
    (void)c.refuse("the extreme of an empty tensor");
    return failure();
  }
  int64_t axis = 0;
  if (!dim || rankOf(self) == 0) {
    self = ms::ReshapeOp::create(
        c.b, c.loc, self, ArrayRef<int64_t>{typeOf(self).getNumElements()});
    keepdim = false;
  } else {
    axis = normalizeDim(*dim, rankOf(self));
  }
  if (min)
    self = ms::NegOp::create(c.b, c.loc, self);
  return ms::ArgMaxWithValueOp::create(
      c.b, c.loc, self, axis, keepdim,
      indexType.isInteger(64) ? TypeAttr() : TypeAttr::get(indexType));
}

/// min.dim(dim, keepdim) -> (values, indices), from max of -x (the first
/// index of the minimum, PyTorch's tie rule).
CompositeResult minDim(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto dim = c.intArg("dim");
  if (!self || !dim)
    return c.refuse("missing self or dim");
  FailureOr<ms::ArgMaxWithValueOp> op = argExtreme(
      c, self, dim, c.boolArg("keepdim", false), true,
      c.resultType(1).getElementType());
  if (failed(op))
    return CompositeResult::Refused;
  Value values = ms::NegOp::create(c.b, c.loc, op->getValues());
  FailureOr<Value> v = toResultShape(c, values, 0),
                   i = toResultShape(c, op->getIndex(), 1);
  if (failed(v) || failed(i))
    return CompositeResult::Refused;
  results.push_back(*v);
  results.push_back(*i);
  return CompositeResult::Legalized;
}

/// argmin(dim=None, keepdim): the index of the maximum of -x.
CompositeResult argmin(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  FailureOr<ms::ArgMaxWithValueOp> op =
      argExtreme(c, self, c.intArg("dim"), c.boolArg("keepdim", false), true,
                 c.resultType().getElementType());
  if (failed(op))
    return CompositeResult::Refused;
  return pushResult(c, results, op->getIndex());
}

/// any() = !all(!x).
CompositeResult anyAll(Call &c, SmallVectorImpl<Value> &results) {
  Value self = asBool(c, c.operand("self"));
  Value none = ms::ReduceAllOp::create(
      c.b, c.loc, ms::LogicalNotOp::create(c.b, c.loc, self));
  Value r = ms::LogicalNotOp::create(c.b, c.loc, none);
  if (c.resultType().getElementType() != c.b.getI1Type())
    r = ms::CastOp::create(c.b, c.loc, typeOf(r).clone(
                                           c.resultType().getElementType()),
                           r);
  return pushResult(c, results, r);
}

/// any.dim / all.dim (and the dim-list forms): the truth values as 0/1
/// floats, reduced by ReduceMax (any) or -ReduceMax(-x) (all), then != 0.
template <bool Any>
CompositeResult anyAllDim(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto dims = c.intsArg("dim");
  if (!self)
    return c.refuse("missing self");
  if (!dims) {
    if (Any)
      return anyAll(c, results);
    return CompositeResult::NotHandled;
  }
  auto f32 = c.b.getF32Type();
  Value truth = asBool(c, self);
  if (rankOf(truth) == 0)
    truth = ms::ReshapeOp::create(c.b, c.loc, truth, ArrayRef<int64_t>{1});
  Value f = ms::CastOp::create(c.b, c.loc, typeOf(truth).clone(f32), truth);
  SmallVector<int64_t> axis;
  for (int64_t d : *dims)
    axis.push_back(normalizeDim(d, rankOf(truth)));
  bool keepdim = c.boolArg("keepdim", false);
  if (!Any)
    f = ms::NegOp::create(c.b, c.loc, f);
  Value r = ms::ReduceMaxOp::create(c.b, c.loc, f, axis, keepdim);
  if (!Any)
    r = ms::NegOp::create(c.b, c.loc, r);
  r = ms::CastOp::create(c.b, c.loc,
                         typeOf(r).clone(c.resultType().getElementType()), r);
  return pushResult(c, results, r);
}

//===----------------------------------------------------------------------===//
// arange, roll
//===----------------------------------------------------------------------===//

/// arange(start=0, end, step=1): a constant of the recorded type whose
/// element i is start + i * step (computed in double, as ATen does).
CompositeResult arange(Call &c, SmallVectorImpl<Value> &results) {
  RankedTensorType type = c.resultType();
  for (StringRef name : {"start", "end", "step"})
    if (c.operand(name))
      return c.refuse("arange with a bound computed in the graph");
  double start = c.floatArg("start").value_or(0.0);
  double step = c.floatArg("step").value_or(1.0);
  if (type.getRank() != 1)
    return c.refuse("the recorded result is not 1-D");
  SmallVector<double> values;
  for (int64_t i = 0; i < type.getDimSize(0); ++i)
    values.push_back(start + (double)i * step);
  results.push_back(constantOf(c, type, values));
  return CompositeResult::Legalized;
}

/// x rolled by s along a dim of size n: Concat(x[n-s:], x[:n-s]).
Value rollDim(Call &c, Value x, int64_t shift, int64_t dim) {
  auto type = typeOf(x);
  int64_t n = type.getDimSize(dim);
  if (n == 0)
    return x;
  int64_t s = ((shift % n) + n) % n;
  if (s == 0)
    return x;
  int64_t rank = type.getRank();
  auto slice = [&](int64_t from, int64_t to) {
    SmallVector<int64_t> begin(rank, 0), end(type.getShape()), strides(rank, 1);
    begin[dim] = from;
    end[dim] = to;
    return Value(
        ms::StridedSliceOp::create(c.b, c.loc, x, begin, end, strides));
  };
  return ms::ConcatOp::create(c.b, c.loc,
                              ValueRange{slice(n - s, n), slice(0, n - s)},
                              dim);
}

/// roll(shifts, dims): one rollDim per (shift, dim); no dims rolls the
/// flattened tensor.
CompositeResult roll(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto shifts = c.intsArg("shifts");
  auto dims = c.intsArg("dims").value_or(SmallVector<int64_t>{});
  if (!self || !shifts)
    return c.refuse("missing self or shifts");
  if (dims.empty()) {
    if (shifts->size() != 1)
      return c.refuse("roll without dims takes one shift");
    Value flat = ms::ReshapeOp::create(
        c.b, c.loc, self, ArrayRef<int64_t>{typeOf(self).getNumElements()});
    return pushResult(c, results, rollDim(c, flat, (*shifts)[0], 0));
  }
  if (dims.size() != shifts->size())
    return c.refuse("roll takes one shift per dim");
  if (rankOf(self) == 0)
    return pushResult(c, results, self);
  Value x = self;
  for (auto [shift, dim] : llvm::zip(*shifts, dims))
    x = rollDim(c, x, shift, normalizeDim(dim, rankOf(self)));
  return pushResult(c, results, x);
}

//===----------------------------------------------------------------------===//
// native_group_norm
//===----------------------------------------------------------------------===//

/// native_group_norm(input [N, C, *], weight, bias, N, C, HxW, group, eps):
/// LayerNorm of the reshaped [N, group, C / group * HxW] over its last axis,
/// reshaped back, times weight and plus bias broadcast along dim 1. The mean
/// and rstd results (autograd's) have no equivalent here.
CompositeResult groupNorm(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("input");
  auto group = c.intArg("group");
  auto eps = c.floatArg("eps");
  if (!x || !group || !eps)
    return c.refuse("missing input, group or eps");
  auto type = typeOf(x);
  if (!isa<FloatType>(type.getElementType()))
    return c.refuse("expects a floating-point tensor");
  if (type.getRank() < 2 || *group < 1 || type.getDimSize(1) % *group)
    return c.refuse("expects [N, C, ...] with C divisible by the groups");
  int64_t n = type.getDimSize(0), channels = type.getDimSize(1);
  int64_t inner = type.getNumElements() / std::max<int64_t>(n, 1) / *group;
  if (type.getNumElements() == 0)
    return c.refuse("group norm of an empty tensor");
  Type t = type.getElementType();
  Value grouped = ms::ReshapeOp::create(c.b, c.loc, x,
                                        ArrayRef<int64_t>{n, *group, inner});
  auto paramType = RankedTensorType::get({inner}, t);
  Value normed = ms::LayerNormOp::create(
      c.b, c.loc, grouped, buildSplatConstant(c.b, c.loc, paramType, 1.0),
      buildSplatConstant(c.b, c.loc, paramType, 0.0),
      c.b.getI64IntegerAttr(2), c.b.getI64IntegerAttr(2),
      c.b.getF32FloatAttr(*eps));
  Value y = ms::ReshapeOp::create(c.b, c.loc, normed, type.getShape());
  SmallVector<int64_t> paramShape(type.getRank() - 1, 1);
  paramShape[0] = channels;
  if (Value w = c.operand("weight"))
    y = ms::MulOp::create(c.b, c.loc, y,
                          ms::ReshapeOp::create(c.b, c.loc, w, paramShape));
  if (Value bias = c.operand("bias"))
    y = ms::AddOp::create(c.b, c.loc, y,
                          ms::ReshapeOp::create(c.b, c.loc, bias, paramShape));
  if (failed(toResultShape(c, y)))
    return CompositeResult::Refused;
  results.push_back(y);
  results.append(c.op.getNumResults() - 1, Value());
  return CompositeResult::Legalized;
}

//===----------------------------------------------------------------------===//
// Upsampling (nearest, nearest-exact, linear/bilinear/trilinear)
//===----------------------------------------------------------------------===//

/// The scale arguments of an upsample op, one per spatial dim (nullopt each
/// when absent: the sizes decide).
SmallVector<std::optional<double>> upsampleScales(Call &c, int64_t spatial) {
  SmallVector<std::optional<double>> scales(spatial);
  if (auto list = c.floatsArg("scale_factors")) {
    for (int64_t i = 0; i < spatial && i < (int64_t)list->size(); ++i)
      scales[i] = (*list)[i];
    return scales;
  }
  static const char *names1[] = {"scales"};
  static const char *names2[] = {"scales_h", "scales_w"};
  static const char *names3[] = {"scales_d", "scales_h", "scales_w"};
  const char **names = spatial == 1 ? names1 : spatial == 2 ? names2 : names3;
  for (int64_t i = 0; i < spatial && spatial <= 3; ++i)
    scales[i] = c.floatArg(names[i]);
  return scales;
}

/// ATen's compute_scales_value (in float, as its CPU kernels compute).
float scaleOf(std::optional<double> scale, int64_t in, int64_t out) {
  if (scale && *scale > 0)
    return (float)(1.0 / *scale);
  return (float)in / (float)out;
}

/// The input of an upsample op and its spatial output sizes, checked.
FailureOr<Value> upsampleInput(Call &c) {
  Value x = c.operand("self");
  if (!x)
    x = c.operand("input");
  if (!x) {
    (void)c.refuse("missing the input");
    return failure();
  }
  auto type = typeOf(x);
  if (type.getRank() < 3 || type.getRank() > 5 ||
      c.resultType().getRank() != type.getRank()) {
    (void)c.refuse("expects an [N, C, ...] input with 1 to 3 spatial dims");
    return failure();
  }
  if (type.getNumElements() == 0 || c.resultType().getNumElements() == 0) {
    (void)c.refuse("upsampling of an empty tensor");
    return failure();
  }
  return x;
}

/// upsample_nearest{1,2,3}d (Exact: _upsample_nearest_exact*): per spatial
/// dim, a Gather of the source rows floor(i * scale) (floor((i + 0.5) *
/// scale)), clamped to the input.
template <bool Exact>
CompositeResult upsampleNearest(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> input = upsampleInput(c);
  if (failed(input))
    return CompositeResult::Refused;
  Value x = *input;
  auto inShape = typeOf(x).getShape();
  auto outShape = c.resultType().getShape();
  int64_t spatial = inShape.size() - 2;
  SmallVector<std::optional<double>> scales = upsampleScales(c, spatial);
  for (int64_t d = 0; d < spatial; ++d) {
    int64_t in = inShape[2 + d], out = outShape[2 + d];
    if (in == out)
      continue;
    float scale = scaleOf(scales[d], in, out);
    SmallVector<int64_t> index;
    for (int64_t i = 0; i < out; ++i) {
      int64_t src = !Exact && out == 2 * in
                        ? i >> 1
                        : (int64_t)std::floor(
                              Exact ? ((float)i + 0.5f) * scale
                                    : (float)i * scale);
      index.push_back(std::min(src, in - 1));
    }
    x = ms::GatherOp::create(c.b, c.loc, x, indexConstant(c, index), 2 + d);
  }
  return pushResult(c, results, x);
}

/// upsample_linear1d / bilinear2d / trilinear3d(align_corners): separable,
/// per spatial dim x[i0] * (1 - l) + x[i1] * l with ATen's source indices
/// and weights (area_pixel_compute_source_index) as constants.
CompositeResult upsampleLinear(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> input = upsampleInput(c);
  if (failed(input))
    return CompositeResult::Refused;
  Value x = *input;
  Type t = elementTypeOf(x);
  if (!isa<FloatType>(t))
    return c.refuse("expects a floating-point tensor");
  bool alignCorners = c.boolArg("align_corners", false);
  auto inShape = typeOf(x).getShape();
  auto outShape = c.resultType().getShape();
  int64_t rank = inShape.size(), spatial = rank - 2;
  SmallVector<std::optional<double>> scales = upsampleScales(c, spatial);
  for (int64_t d = 0; d < spatial; ++d) {
    int64_t in = inShape[2 + d], out = outShape[2 + d];
    if (in == out)
      continue;
    float scale = alignCorners ? (out > 1 ? (float)(in - 1) / (float)(out - 1)
                                          : 0.0f)
                               : scaleOf(scales[d], in, out);
    SmallVector<int64_t> i0s, i1s;
    SmallVector<double> l0s, l1s;
    for (int64_t i = 0; i < out; ++i) {
      float real = alignCorners
                       ? scale * (float)i
                       : std::max(scale * ((float)i + 0.5f) - 0.5f, 0.0f);
      int64_t i0 = std::min<int64_t>((int64_t)real, in - 1);
      int64_t offset = i0 < in - 1 ? 1 : 0;
      float l1 = std::min(std::max(real - (float)i0, 0.0f), 1.0f);
      i0s.push_back(i0);
      i1s.push_back(i0 + offset);
      l0s.push_back(1.0f - l1);
      l1s.push_back(l1);
    }
    SmallVector<int64_t> weightShape(rank - 2 - d, 1);
    weightShape[0] = out;
    auto weightType = RankedTensorType::get(weightShape, t);
    Value a = ms::GatherOp::create(c.b, c.loc, x, indexConstant(c, i0s), 2 + d);
    Value b = ms::GatherOp::create(c.b, c.loc, x, indexConstant(c, i1s), 2 + d);
    x = ms::AddOp::create(
        c.b, c.loc, ms::MulOp::create(c.b, c.loc, a, constantOf(c, weightType, l0s)),
        ms::MulOp::create(c.b, c.loc, b, constantOf(c, weightType, l1s)));
  }
  return pushResult(c, results, x);
}

//===----------------------------------------------------------------------===//
// addmm with alpha / beta
//===----------------------------------------------------------------------===//

/// addmm(self, mat1, mat2, beta, alpha) = beta * self + alpha * mat1 @ mat2
/// (beta = 0 ignores self, NaNs included, as PyTorch does). alpha = beta = 1
/// is the primary table's (MatMul + BiasAdd).
CompositeResult addmmScaled(Call &c, SmallVectorImpl<Value> &results) {
  double beta = c.floatArg("beta").value_or(1), alpha = c.floatArg("alpha").value_or(1);
  if (beta == 1 && alpha == 1)
    return CompositeResult::NotHandled;
  Value self = c.operand("self"), a = c.operand("mat1"), b = c.operand("mat2");
  if (!self || !a || !b)
    return c.refuse("missing self, mat1 or mat2");
  Type t = elementTypeOf(a);
  if (!isa<FloatType>(t) || elementTypeOf(b) != t || elementTypeOf(self) != t)
    return c.refuse("expects floating-point matrices of one dtype");
  if (rankOf(a) != 2 || rankOf(b) != 2 ||
      typeOf(a).getDimSize(1) != typeOf(b).getDimSize(0))
    return c.refuse("expects [M, K] and [K, N] matrices");
  Value mm = ms::MatMulOp::create(c.b, c.loc, a, b, false, false);
  if (alpha != 1)
    mm = ms::MulOp::create(c.b, c.loc, mm, scalar(c, alpha, t));
  if (beta == 0)
    return pushResult(c, results, mm);
  Value bias = self;
  if (beta != 1)
    bias = ms::MulOp::create(c.b, c.loc, bias, scalar(c, beta, t));
  SmallVector<int64_t> joined;
  if (failed(ms::inferBroadcastShape(typeOf(bias).getShape(),
                                     typeOf(mm).getShape(), joined)) ||
      ArrayRef<int64_t>(joined) != typeOf(mm).getShape())
    return c.refuse("self does not broadcast to the product's shape");
  return pushResult(c, results, ms::AddOp::create(c.b, c.loc, mm, bias));
}

/// baddbmm(self, batch1, batch2, beta, alpha) = beta * self + alpha *
/// batch1 @ batch2 (BatchMatMul; beta = 0 ignores self).
CompositeResult baddbmm(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), a = c.operand("batch1"),
        b = c.operand("batch2");
  if (!self || !a || !b)
    return c.refuse("missing self, batch1 or batch2");
  Type t = elementTypeOf(a);
  if (!isa<FloatType>(t) || elementTypeOf(b) != t || elementTypeOf(self) != t)
    return c.refuse("expects floating-point batches of one dtype");
  if (rankOf(a) != 3 || rankOf(b) != 3 ||
      typeOf(a).getDimSize(0) != typeOf(b).getDimSize(0) ||
      typeOf(a).getDimSize(2) != typeOf(b).getDimSize(1))
    return c.refuse("expects [B, M, K] and [B, K, N] batches");
  double beta = c.floatArg("beta").value_or(1), alpha = c.floatArg("alpha").value_or(1);
  Value mm = ms::BatchMatMulOp::create(c.b, c.loc, a, b, false, false);
  if (alpha != 1)
    mm = ms::MulOp::create(c.b, c.loc, mm, scalar(c, alpha, t));
  if (beta == 0)
    return pushResult(c, results, mm);
  Value bias = self;
  if (beta != 1)
    bias = ms::MulOp::create(c.b, c.loc, bias, scalar(c, beta, t));
  SmallVector<int64_t> joined;
  if (failed(ms::inferBroadcastShape(typeOf(bias).getShape(),
                                     typeOf(mm).getShape(), joined)) ||
      ArrayRef<int64_t>(joined) != typeOf(mm).getShape())
    return c.refuse("self does not broadcast to the product's shape");
  return pushResult(c, results, ms::AddOp::create(c.b, c.loc, mm, bias));
}

/// masked_fill_(mask, value), the in-place form (the write is functionalized
/// before this): MaskedFill with the value as a 0-d constant of self's type.
CompositeResult maskedFillInPlace(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), mask = c.operand("mask");
  if (!self || !mask)
    return c.refuse("missing self or mask");
  Type t = elementTypeOf(self);
  Value value;
  if (Value v = c.operand("value")) {
    if (rankOf(v) != 0)
      return c.refuse("the fill value is not a 0-d tensor");
    value = elementTypeOf(v) == t
                ? v
                : Value(ms::CastOp::create(c.b, c.loc, typeOf(v).clone(t), v));
  } else if (auto f = c.floatArg("value")) {
    value = scalar(c, *f, t);
  } else {
    return c.refuse("missing the fill value");
  }
  return pushResult(c, results,
                    ms::MaskedFillOp::create(c.b, c.loc, self, asBool(c, mask),
                                             value));
}

/// scatter(dim, index, value) with one index per row along `dim` (index of
/// self's shape but 1 along dim, as one_hot makes it): the element j of each
/// row becomes value where j == index, a Select on Equal(index, iota).
CompositeResult scatterValue(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index");
  auto dim = c.intArg("dim");
  auto value = c.floatArg("value");
  if (!self || !index || !dim || !value)
    return c.refuse("missing self, dim, index or a number value");
  auto type = typeOf(self);
  int64_t rank = type.getRank();
  if (rank == 0 || rankOf(index) != rank)
    return c.refuse("expects index of self's rank");
  int64_t d = normalizeDim(*dim, rank);
  auto indexShape = typeOf(index).getShape();
  for (int64_t i = 0; i < rank; ++i)
    if (i == d ? indexShape[i] != 1 : indexShape[i] != type.getDimSize(i))
      return c.refuse("only one index per row along dim, of self's shape "
                      "elsewhere, is legalized yet (one_hot's scatter)");
  Type i64 = c.b.getI64Type();
  if (elementTypeOf(index) != i64)
    index = ms::CastOp::create(c.b, c.loc, typeOf(index).clone(i64), index);
  SmallVector<int64_t> iotaShape(rank - d, 1);
  iotaShape[0] = type.getDimSize(d);
  SmallVector<double> iota;
  for (int64_t j = 0; j < type.getDimSize(d); ++j)
    iota.push_back((double)j);
  Value hit = ms::EqualOp::create(
      c.b, c.loc, index, constantOf(c, RankedTensorType::get(iotaShape, i64), iota));
  Value v = scalar(c, *value, type.getElementType());
  return pushResult(c, results, ms::SelectOp::create(c.b, c.loc, hit, v, self));
}

/// hardsigmoid(x) = relu6(x + 3) / 6; hardswish(x) = x * hardsigmoid(x).
template <bool Swish>
CompositeResult hardSigmoidSwish(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  Type t = elementTypeOf(x);
  if (!isa<FloatType>(t))
    return c.refuse("expects a floating-point tensor");
  Value r = ms::ReLU6Op::create(
      c.b, c.loc, ms::AddOp::create(c.b, c.loc, x, scalar(c, 3.0, t)));
  r = ms::RealDivOp::create(c.b, c.loc, r, scalar(c, 6.0, t));
  if (Swish)
    r = ms::MulOp::create(c.b, c.loc, x, r);
  return pushResult(c, results, r);
}

const llvm::StringMap<Handler> &compositeTable() {
  static const llvm::StringMap<Handler> table = {
      {"aten.triu.default", triangle<true>},
      {"aten.tril.default", triangle<false>},
      {"aten.min.default", reduceAllExtreme<true>},
      {"aten.max.default", reduceAllExtreme<false>},
      {"aten.amin.default", amin},
      {"aten.min.dim", minDim},
      {"aten.argmin.default", argmin},
      {"aten.any.default", anyAll},
      {"aten.any.dim", anyAllDim<true>},
      {"aten.any.dims", anyAllDim<true>},
      {"aten.all.dim", anyAllDim<false>},
      {"aten.all.dims", anyAllDim<false>},
      {"aten.arange.default", arange},
      {"aten.arange.start", arange},
      {"aten.arange.start_step", arange},
      {"aten.roll.default", roll},
      {"aten.native_group_norm.default", groupNorm},
      {"aten.upsample_nearest1d.default", upsampleNearest<false>},
      {"aten.upsample_nearest2d.default", upsampleNearest<false>},
      {"aten.upsample_nearest3d.default", upsampleNearest<false>},
      {"aten.upsample_nearest1d.vec", upsampleNearest<false>},
      {"aten.upsample_nearest2d.vec", upsampleNearest<false>},
      {"aten.upsample_nearest3d.vec", upsampleNearest<false>},
      {"aten._upsample_nearest_exact1d.default", upsampleNearest<true>},
      {"aten._upsample_nearest_exact2d.default", upsampleNearest<true>},
      {"aten._upsample_nearest_exact3d.default", upsampleNearest<true>},
      {"aten._upsample_nearest_exact1d.vec", upsampleNearest<true>},
      {"aten._upsample_nearest_exact2d.vec", upsampleNearest<true>},
      {"aten._upsample_nearest_exact3d.vec", upsampleNearest<true>},
      {"aten.upsample_linear1d.default", upsampleLinear},
      {"aten.upsample_bilinear2d.default", upsampleLinear},
      {"aten.upsample_trilinear3d.default", upsampleLinear},
      {"aten.upsample_linear1d.vec", upsampleLinear},
      {"aten.upsample_bilinear2d.vec", upsampleLinear},
      {"aten.upsample_trilinear3d.vec", upsampleLinear},
      {"aten.addmm.default", addmmScaled},
      {"aten.baddbmm.default", baddbmm},
      {"aten.masked_fill_.Scalar", maskedFillInPlace},
      {"aten.masked_fill_.Tensor", maskedFillInPlace},
      {"aten.scatter.value", scatterValue},
      {"aten.scatter_.value", scatterValue},
      {"aten.hardsigmoid.default", hardSigmoidSwish<false>},
      {"aten.hardsigmoid_.default", hardSigmoidSwish<false>},
      {"aten.hardswish.default", hardSigmoidSwish<true>},
      {"aten.hardswish_.default", hardSigmoidSwish<true>},
  };
  return table;
}

} // namespace

bool mlir::ascend::isAtenComposite(StringRef name) {
  return compositeTable().count(name);
}

CompositeResult mlir::ascend::legalizeAtenComposite(
    pynative::RecordedOp op, ValueRange operands, OpBuilder &builder,
    SmallVectorImpl<Value> &results, std::string &why) {
  auto it = compositeTable().find(op.getName());
  if (it == compositeTable().end())
    return CompositeResult::NotHandled;
  Call call{op, operands, builder, op.getLoc(), why};
  size_t before = results.size();
  CompositeResult r = it->second(call, results);
  if (r != CompositeResult::Legalized)
    results.resize(before);
  return r;
}
