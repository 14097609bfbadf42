//===- AtenComposites.cpp - aten ops built from several primitives --------===//
//
// See AtenComposites.h. Each handler reads the op's schema arguments by name
// (as the recorder stores them), checks what it relies on and builds
// primitives the dialect already has; a form it does not cover is refused
// with a reason, which the caller reports with the op, dtype and source line.
//
//===----------------------------------------------------------------------===//
#include "AtenComposites.h"
#include "AtenCall.h"
#include "CheckedCreate.h"

#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

using Call = AtenCompositeCall;

using Handler = CompositeHandler;

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
  return c.pushResult(results,
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
    if (typeOf(self).getNumElements() == 1) // see amin
      return c.pushResult(results, self);
    if (rankOf(self) == 0)
      self = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{1});
    // keep_dims: a Neg epilogue on the 0-d result of a full reduction is
    // not a vector kernel the AI Core level builds; the Reshape after it is.
    Value neg = ms::NegOp::create(c.b, c.loc, self);
    Value m = ms::ReduceMaxOp::create(
        c.b, c.loc, neg, llvm::to_vector(llvm::seq<int64_t>(0, rankOf(neg))),
        true);
    return c.pushResult(results, ms::NegOp::create(c.b, c.loc, m));
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
  return c.pushResult(results, v);
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
  // A reduction over one element is that element (and the AI Core level
  // has no kernel for a reduction fusion of one element with an epilogue).
  if (typeOf(self).getNumElements() == 1)
    return c.pushResult(results, self);
  if (rankOf(self) == 0) {
    self = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{1});
    axis = {0};
  }
  if (axis.empty())
    axis = llvm::to_vector(llvm::seq<int64_t>(0, rankOf(self)));
  Value neg = ms::NegOp::create(c.b, c.loc, self);
  Value m = ms::ReduceMaxOp::create(c.b, c.loc, neg, axis, true); // see min()
  return c.pushResult(results, ms::NegOp::create(c.b, c.loc, m));
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
  FailureOr<Value> v = c.toResultShape(values, 0),
                   i = c.toResultShape(op->getIndex(), 1);
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
  return c.pushResult(results, op->getIndex());
}

/// topk(k, dim, largest, sorted) -> (values, indices): MindSpore's TopK
/// works on the last dimension, takes float16, float32 and int32 on the CPU
/// and gives int32 indices; another dim is transposed there and back, a
/// smaller exact type is cast to one TopK takes, largest=False selects the
/// largest of -x (floats) or of -1 - x (integers: no overflow), NaNs are
/// ordered as PyTorch orders them (see below), and the indices are cast to
/// PyTorch's int64. sorted=False results come sorted
/// (PyTorch leaves their order unspecified).
CompositeResult topk(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  std::optional<int64_t> k = c.intArg("k");
  if (!self || !k)
    return c.refuse("missing self or k");
  Value values, indices;
  if (failed(buildTopK(c, self, *k, c.intArg("dim").value_or(-1),
                       c.boolArg("largest", true), values, indices)))
    return CompositeResult::Refused;
  FailureOr<Value> v = c.toResultShape(values, 0),
                   i = c.toResultShape(indices, 1);
  if (failed(v) || failed(i))
    return CompositeResult::Refused;
  results.push_back(*v);
  results.push_back(*i);
  return CompositeResult::Legalized;
}

} // namespace

LogicalResult mlir::ascend::buildTopK(const AtenCompositeCall &call, Value self,
                                      int64_t k, int64_t dimArg, bool largest,
                                      Value &values, Value &indices) {
  Call &c = const_cast<Call &>(call);
  auto refuse = [&](const Twine &why) {
    (void)c.refuse(why);
    return failure();
  };
  if (rankOf(self) == 0)
    return refuse("topk of a 0-d tensor is not legalized yet");
  Type t = elementTypeOf(self);
  Type work = t;
  if (t.isBF16())
    work = c.b.getF32Type();
  else if (t.isSignlessInteger(8) || t.isSignlessInteger(16))
    work = c.b.getI32Type();
  else if (!t.isF16() && !t.isF32() && !t.isSignlessInteger(32)) {
    std::string name;
    llvm::raw_string_ostream(name) << t;
    return refuse("topk of " + name +
                  " has no exact MindSpore form (MindSpore's TopK takes "
                  "float16, float32 and int32; bfloat16, int8 and int16 "
                  "are cast)");
  }
  int64_t rank = rankOf(self);
  int64_t dim = normalizeDim(dimArg, rank);
  if (dim < 0 || dim >= rank)
    return refuse("dim out of range");
  if (k < 0 || k > typeOf(self).getDimSize(dim))
    return refuse("k = " + Twine(k) + " is larger than dimension " +
                  Twine(dim) + " (" + Twine(typeOf(self).getDimSize(dim)) +
                  ")");
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(perm[dim], perm[rank - 1]);
  // Cast first, transpose back before casting back: MindSpore's CPU
  // Transpose has no bfloat16 kernel either.
  Value x = self;
  if (work != t)
    x = ms::CastOp::create(c.b, c.loc, typeOf(x).clone(work), x);
  if (dim != rank - 1)
    x = ms::TransposeOp::create(c.b, c.loc, x, perm);
  auto flip = [&](Value v) -> Value {
    if (isa<FloatType>(work))
      return ms::NegOp::create(c.b, c.loc, v);
    return ms::SubOp::create(c.b, c.loc, scalar(c, -1, work), v);
  };
  Value key = largest ? x : flip(x);
  bool isFloat = isa<FloatType>(work);
  if (isFloat) {
    // PyTorch counts a NaN as larger than any number (largest=False too);
    // MindSpore's TopK kernels do not order NaNs so: the key has +-inf there
    // and the values are gathered from x by the indices.
    Value nan = ms::NotEqualOp::create(c.b, c.loc, x, x);
    double inf = std::numeric_limits<double>::infinity();
    key = ms::SelectOp::create(c.b, c.loc, nan,
                               scalar(c, largest ? inf : -inf, work), key);
  }
  auto op = ms::TopKOp::create(c.b, c.loc, key, k, true);
  values = op.getValues();
  indices = op.getIndices();
  if (isFloat)
    values = ms::GatherDOp::create(c.b, c.loc, x, indices, rank - 1);
  else if (!largest)
    values = flip(values);
  indices = ms::CastOp::create(c.b, c.loc,
                               typeOf(indices).clone(c.b.getI64Type()), indices);
  if (dim != rank - 1) {
    values = ms::TransposeOp::create(c.b, c.loc, values, perm);
    indices = ms::TransposeOp::create(c.b, c.loc, indices, perm);
  }
  if (work != t)
    values = ms::CastOp::create(c.b, c.loc, typeOf(values).clone(t), values);
  return success();
}

namespace {

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
  return c.pushResult(results, r);
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
  return c.pushResult(results, r);
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
    return c.pushResult(results, rollDim(c, flat, (*shifts)[0], 0));
  }
  if (dims.size() != shifts->size())
    return c.refuse("roll takes one shift per dim");
  if (rankOf(self) == 0)
    return c.pushResult(results, self);
  Value x = self;
  for (auto [shift, dim] : llvm::zip(*shifts, dims))
    x = rollDim(c, x, shift, normalizeDim(dim, rankOf(self)));
  return c.pushResult(results, x);
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
  // The statistics of float16 / bfloat16 inputs in float32, as ATen
  // computes them (its opmath type); the result is cast back.
  Type t = type.getElementType();
  Type compute = t.getIntOrFloatBitWidth() < 32 ? c.b.getF32Type() : t;
  if (compute != t)
    x = ms::CastOp::create(c.b, c.loc, type.clone(compute), x);
  Value grouped = ms::ReshapeOp::create(c.b, c.loc, x,
                                        ArrayRef<int64_t>{n, *group, inner});
  auto paramType = RankedTensorType::get({inner}, compute);
  Value normed = ms::LayerNormOp::create(
      c.b, c.loc, grouped, buildSplatConstant(c.b, c.loc, paramType, 1.0),
      buildSplatConstant(c.b, c.loc, paramType, 0.0),
      c.b.getI64IntegerAttr(2), c.b.getI64IntegerAttr(2),
      c.b.getF32FloatAttr(*eps));
  Value y = ms::ReshapeOp::create(c.b, c.loc, normed, type.getShape());
  SmallVector<int64_t> paramShape(type.getRank() - 1, 1);
  paramShape[0] = channels;
  auto param = [&](Value p) -> Value {
    Value r = ms::ReshapeOp::create(c.b, c.loc, p, paramShape);
    if (elementTypeOf(r) != compute)
      r = ms::CastOp::create(c.b, c.loc, typeOf(r).clone(compute), r);
    return r;
  };
  if (Value w = c.operand("weight"))
    y = ms::MulOp::create(c.b, c.loc, y, param(w));
  if (Value bias = c.operand("bias"))
    y = ms::AddOp::create(c.b, c.loc, y, param(bias));
  if (compute != t)
    y = ms::CastOp::create(c.b, c.loc, type.clone(t), y);
  if (failed(c.toResultShape(y)))
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
  return c.pushResult(results, x);
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
  return c.pushResult(results, x);
}

//===----------------------------------------------------------------------===//
// addmm with alpha / beta
//===----------------------------------------------------------------------===//

/// beta * self + alpha * product, the tail of addmm and baddbmm (beta = 0
/// ignores self); `self` must broadcast to the product's shape.
CompositeResult scaledProductPlus(Call &c, SmallVectorImpl<Value> &results,
                                  Value product, Value self, double alpha,
                                  double beta, Type t) {
  Value mm = product;
  if (alpha != 1)
    mm = ms::MulOp::create(c.b, c.loc, mm, scalar(c, alpha, t));
  if (beta == 0)
    return c.pushResult(results, mm);
  Value bias = self;
  if (beta != 1)
    bias = ms::MulOp::create(c.b, c.loc, bias, scalar(c, beta, t));
  SmallVector<int64_t> joined;
  if (failed(ms::inferBroadcastShape(typeOf(bias).getShape(),
                                     typeOf(mm).getShape(), joined)) ||
      ArrayRef<int64_t>(joined) != typeOf(mm).getShape())
    return c.refuse("self does not broadcast to the product's shape");
  return c.pushResult(results, ms::AddOp::create(c.b, c.loc, mm, bias));
}

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
  return scaledProductPlus(c, results, mm, self, alpha, beta, t);
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
  return scaledProductPlus(c, results, mm, self, alpha, beta, t);
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
  return c.pushResult(results,
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
  return c.pushResult(results, ms::SelectOp::create(c.b, c.loc, hit, v, self));
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
  return c.pushResult(results, r);
}

//===----------------------------------------------------------------------===//
// Elementwise functions of existing primitives
//===----------------------------------------------------------------------===//

/// The elementwise ops below, each one formula of primitives the dialect
/// has (float inputs; sign and the NaN / inf tests also take integers).
CompositeResult elementwise(Call &c, SmallVectorImpl<Value> &results) {
  StringRef name = c.op.getName();
  name.consume_front("aten.");
  name = name.take_until([](char ch) { return ch == '.'; });
  Value x = c.operand("self");
  if (!x)
    x = c.operand("input");
  if (!x)
    return c.refuse("missing self");
  Type t = elementTypeOf(x);
  OpBuilder &b = c.b;
  Location loc = c.loc;
  auto k = [&](double v) { return scalar(c, v, t); };
  auto add = [&](Value l, Value r) { return Value(ms::AddOp::create(b, loc, l, r)); };
  auto sub = [&](Value l, Value r) { return Value(ms::SubOp::create(b, loc, l, r)); };
  auto mul = [&](Value l, Value r) { return Value(ms::MulOp::create(b, loc, l, r)); };
  auto div = [&](Value l, Value r) { return Value(ms::RealDivOp::create(b, loc, l, r)); };
  auto exp = [&](Value v) { return Value(ms::ExpOp::create(b, loc, v)); };
  auto log = [&](Value v) { return Value(ms::LogOp::create(b, loc, v)); };
  auto select = [&](Value cond, Value l, Value r) {
    return Value(ms::SelectOp::create(b, loc, cond, l, r));
  };
  auto gt = [&](Value l, Value r) { return Value(ms::GreaterOp::create(b, loc, l, r)); };
  auto lt = [&](Value l, Value r) { return Value(ms::LessOp::create(b, loc, l, r)); };
  auto neg = [&](Value v) { return Value(ms::NegOp::create(b, loc, v)); };
  auto abs = [&](Value v) { return Value(ms::AbsOp::create(b, loc, v)); };
  // softplus(beta * v) / beta, linear above the threshold (PyTorch's rule).
  auto softplus = [&](Value v, double beta, double threshold) {
    Value bv = beta == 1 ? v : mul(v, k(beta));
    Value soft = log(add(exp(bv), k(1)));
    if (beta != 1)
      soft = div(soft, k(beta));
    return select(gt(bv, k(threshold)), v, soft);
  };
  bool isFloat = isa<FloatType>(t);
  bool integerOk = name == "sign" || name == "sgn" || name == "isnan" ||
                   name == "isinf" || name == "isposinf" || name == "isneginf";
  if (!isFloat && !(integerOk && isSignedInteger(t)))
    return c.refuse("expects a floating-point tensor");
  Value r;
  if (name == "log1p") {
    r = ms::Log1pOp::create(b, loc, x);
  } else if (name == "log2") {
    r = mul(log(x), k(1.0 / std::log(2.0)));
  } else if (name == "log10") {
    r = mul(log(x), k(1.0 / std::log(10.0)));
  } else if (name == "expm1") {
    r = ms::Expm1Op::create(b, loc, x);
  } else if (name == "exp2") {
    r = exp(mul(x, k(std::log(2.0))));
  } else if (name == "sinh" || name == "cosh") {
    Value e = exp(x), f = exp(neg(x));
    r = mul(name == "sinh" ? sub(e, f) : add(e, f), k(0.5));
  } else if (name == "tan") {
    r = div(ms::SinOp::create(b, loc, x), ms::CosOp::create(b, loc, x));
  } else if (name == "deg2rad") {
    r = mul(x, k(M_PI / 180.0));
  } else if (name == "rad2deg") {
    r = mul(x, k(180.0 / M_PI));
  } else if (name == "sign" || name == "sgn") {
    r = select(gt(x, k(0)), k(1), select(lt(x, k(0)), k(-1), k(0)));
    if (isFloat) // sign(NaN) is NaN
      r = select(ms::NotEqualOp::create(b, loc, x, x), x, r);
  } else if (name == "isnan" || name == "isinf" || name == "isposinf" ||
             name == "isneginf") {
    if (!isFloat) {
      r = buildSplatConstant(b, loc, typeOf(x).clone(b.getI1Type()), 0);
    } else if (name == "isnan") {
      r = ms::NotEqualOp::create(b, loc, x, x);
    } else {
      double inf = std::numeric_limits<double>::infinity();
      Value v = name == "isinf" ? abs(x) : x;
      r = ms::EqualOp::create(b, loc, v, k(name == "isneginf" ? -inf : inf));
    }
  } else if (name == "leaky_relu") {
    double slope = c.floatArg("negative_slope").value_or(0.01);
    r = select(gt(x, k(0)), x, mul(x, k(slope)));
  } else if (name == "elu") {
    double alpha = c.floatArg("alpha").value_or(1), scale = c.floatArg("scale").value_or(1);
    double inScale = c.floatArg("input_scale").value_or(1);
    Value negative = mul(sub(exp(mul(x, k(inScale))), k(1)), k(alpha * scale));
    r = select(gt(x, k(0)), mul(x, k(scale)), negative);
  } else if (name == "celu") {
    double alpha = c.floatArg("alpha").value_or(1);
    Value negative = mul(sub(exp(div(x, k(alpha))), k(1)), k(alpha));
    r = add(ms::MaximumOp::create(b, loc, x, k(0)),
            ms::MinimumOp::create(b, loc, negative, k(0)));
  } else if (name == "threshold") {
    auto th = c.floatArg("threshold"), value = c.floatArg("value");
    if (!th || !value)
      return c.refuse("missing threshold or value");
    r = select(gt(x, k(*th)), x, k(*value));
  } else if (name == "softplus") {
    r = softplus(x, c.floatArg("beta").value_or(1),
                 c.floatArg("threshold").value_or(20));
  } else if (name == "mish") {
    r = mul(x, ms::TanhOp::create(b, loc, softplus(x, 1, 20)));
  } else if (name == "log_sigmoid_forward") {
    // min(x, 0) - log(1 + exp(-|x|)); the buffer output is autograd's.
    r = sub(ms::MinimumOp::create(b, loc, x, k(0)),
            log(add(exp(neg(abs(x))), k(1))));
    if (failed(c.toResultShape(r)))
      return CompositeResult::Refused;
    results.push_back(r);
    results.append(c.op.getNumResults() - 1, Value());
    return CompositeResult::Legalized;
  } else if (name == "hardshrink") {
    double l = c.floatArg("lambd").value_or(0.5);
    r = select(gt(abs(x), k(l)), x, k(0));
  } else if (name == "softshrink") {
    double l = c.floatArg("lambd").value_or(0.5);
    r = select(gt(x, k(l)), sub(x, k(l)), select(lt(x, k(-l)), add(x, k(l)), k(0)));
  } else if (name == "sqrt_") {
    r = ms::SqrtOp::create(b, loc, x);
  } else {
    return c.refuse("no composite for this elementwise op");
  }
  return c.pushResult(results, r);
}

/// `name` of two float tensors (or a tensor and a number) of one dtype.
FailureOr<std::pair<Value, Value>> floatPair(Call &c, StringRef lhs,
                                             StringRef rhs) {
  Value a = c.operand(lhs);
  if (!a || !isa<FloatType>(elementTypeOf(a))) {
    (void)c.refuse("expects a floating-point tensor");
    return failure();
  }
  Type t = elementTypeOf(a);
  Value other = c.operand(rhs);
  if (other && elementTypeOf(other) != t) {
    if (rankOf(other) != 0 || !isa<FloatType>(elementTypeOf(other))) {
      (void)c.refuse("operands of different dtypes need a Cast");
      return failure();
    }
    other = ms::CastOp::create(c.b, c.loc, typeOf(other).clone(t), other);
  }
  if (!other) {
    auto f = c.floatArg(rhs);
    if (!f) {
      (void)c.refuse(Twine("missing ") + rhs);
      return failure();
    }
    other = scalar(c, *f, t);
  }
  return std::make_pair(a, other);
}

/// Binary float functions: logaddexp, fmax / fmin (NaN ignored), xlogy.
CompositeResult binaryFloat(Call &c, SmallVectorImpl<Value> &results) {
  StringRef name = c.op.getName();
  auto pair = floatPair(c, "self", "other");
  if (failed(pair))
    return CompositeResult::Refused;
  auto [a, o] = *pair;
  OpBuilder &b = c.b;
  Location loc = c.loc;
  Type t = elementTypeOf(a);
  Value r;
  auto isNan = [&](Value v) { return Value(ms::NotEqualOp::create(b, loc, v, v)); };
  if (name == "aten.logaddexp.default") {
    Value m = ms::MaximumOp::create(b, loc, a, o);
    Value d = ms::NegOp::create(b, loc, ms::AbsOp::create(b, loc, ms::SubOp::create(b, loc, a, o)));
    r = ms::AddOp::create(
        b, loc, m,
        ms::LogOp::create(b, loc, ms::AddOp::create(b, loc, ms::ExpOp::create(b, loc, d),
                                                    scalar(c, 1, t))));
  } else if (name == "aten.fmax.default" || name == "aten.fmin.default") {
    Value m = name == "aten.fmax.default"
                  ? Value(ms::MaximumOp::create(b, loc, a, o))
                  : Value(ms::MinimumOp::create(b, loc, a, o));
    r = ms::SelectOp::create(b, loc, isNan(o), a,
                             ms::SelectOp::create(b, loc, isNan(a), o, m));
  } else {
    return c.refuse("no composite for this binary op");
  }
  return c.pushResult(results, r);
}

/// addcmul / addcdiv(self, tensor1, tensor2, value) = self + value * t1 op t2;
/// lerp.Scalar(self, end, weight) with ATen's two-sided formula.
CompositeResult ternaryFloat(Call &c, SmallVectorImpl<Value> &results) {
  StringRef name = c.op.getName();
  Value self = c.operand("self");
  if (!self || !isa<FloatType>(elementTypeOf(self)))
    return c.refuse("expects a floating-point tensor");
  Type t = elementTypeOf(self);
  OpBuilder &b = c.b;
  Location loc = c.loc;
  if (name == "aten.lerp.Scalar") {
    Value end = c.operand("end");
    auto w = c.floatArg("weight");
    if (!end || !w || elementTypeOf(end) != t)
      return c.refuse("expects end of self's dtype and a number weight");
    Value d = ms::SubOp::create(b, loc, end, self);
    Value r = std::abs(*w) < 0.5
                  ? Value(ms::AddOp::create(b, loc, self,
                                            ms::MulOp::create(b, loc, d, scalar(c, *w, t))))
                  : Value(ms::SubOp::create(
                        b, loc, end, ms::MulOp::create(b, loc, d, scalar(c, 1 - *w, t))));
    return c.pushResult(results, r);
  }
  Value t1 = c.operand("tensor1"), t2 = c.operand("tensor2");
  if (!t1 || !t2 || elementTypeOf(t1) != t || elementTypeOf(t2) != t)
    return c.refuse("expects tensor1 and tensor2 of self's dtype");
  double value = c.floatArg("value").value_or(1);
  Value p = name == "aten.addcmul.default"
                ? Value(ms::MulOp::create(b, loc, t1, t2))
                : Value(ms::RealDivOp::create(b, loc, t1, t2));
  if (value != 1)
    p = ms::MulOp::create(b, loc, p, scalar(c, value, t));
  return c.pushResult(results, ms::AddOp::create(b, loc, self, p));
}

/// logical_xor(self, other) = (self != 0) != (other != 0).
CompositeResult logicalXor(Call &c, SmallVectorImpl<Value> &results) {
  Value a = c.operand("self"), o = c.operand("other");
  if (!a || !o)
    return c.refuse("expects two tensors");
  Value r = ms::NotEqualOp::create(c.b, c.loc, asBool(c, a), asBool(c, o));
  if (c.resultType().getElementType() != c.b.getI1Type())
    r = ms::CastOp::create(c.b, c.loc, typeOf(r).clone(c.resultType().getElementType()), r);
  return c.pushResult(results, r);
}

//===----------------------------------------------------------------------===//
// Reductions and products
//===----------------------------------------------------------------------===//

/// The reduced axes of a `dim` list argument (all when absent or empty).
/// A 0-d `x` as [1] (reductions of 0-d tensors are not lowered alike on
/// both levels; the reduced value is the element itself).
Value atLeast1d(Call &c, Value x) {
  if (rankOf(x) != 0)
    return x;
  return ms::ReshapeOp::create(c.b, c.loc, x, ArrayRef<int64_t>{1});
}

SmallVector<int64_t> reducedAxes(Call &c, Value x, StringRef name = "dim") {
  int64_t rank = rankOf(x);
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg(name))
    for (int64_t d : *dims)
      axis.push_back(normalizeDim(d, std::max<int64_t>(rank, 1)));
  if (axis.empty() || rank == 0)
    axis = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  llvm::sort(axis);
  axis.erase(std::unique(axis.begin(), axis.end()), axis.end());
  return axis;
}

int64_t countOf(Value x, ArrayRef<int64_t> axis) {
  int64_t n = 1;
  for (int64_t d : axis)
    n *= typeOf(x).getDimSize(d);
  return n;
}

/// sum(dtype=...) and mean(dtype=...): Cast to the recorded float dtype
/// first; without dtype, or to an integer dtype (a count of bools), the
/// primary table's.
CompositeResult sumMeanDtype(Call &c, SmallVectorImpl<Value> &results) {
  if (c.isNone("dtype"))
    return CompositeResult::NotHandled;
  Value x = c.operand("self");
  Type t = c.resultType().getElementType();
  if (x && !isa<FloatType>(t) && c.op.getName().starts_with("aten.sum"))
    return CompositeResult::NotHandled;
  if (!x || !isa<FloatType>(t))
    return c.refuse("a sum to a non-float dtype is not legalized yet");
  if (elementTypeOf(x) != t)
    x = ms::CastOp::create(c.b, c.loc, typeOf(x).clone(t), x);
  x = atLeast1d(c, x);
  int64_t rank = rankOf(x);
  if (auto dims = c.intsArg("dim"))
    for (int64_t d : *dims)
      if (d < -rank || d >= rank)
        return c.refuse("dim " + Twine(d) + " is out of range for a " +
                        Twine(rank) + "-D tensor");
  SmallVector<int64_t> axis = reducedAxes(c, x);
  // Built through createChecked: the recorded shapes come from the trace.
  std::string why;
  auto sum = createChecked<ms::ReduceSumOp>(c.b, c.loc, why, x, axis,
                                            c.boolArg("keepdim", false));
  if (!sum)
    return c.refuse(why);
  Value r = sum.getResult();
  if (c.op.getName().starts_with("aten.mean"))
    r = ms::RealDivOp::create(c.b, c.loc, r,
                              scalar(c, (double)countOf(x, axis), t));
  return c.pushResult(results, r);
}

/// var / std(dim, correction, keepdim): the squared deviations from the mean,
/// summed over dim and divided by N - correction; std is its square root.
CompositeResult varStd(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isa<FloatType>(elementTypeOf(x)))
    return c.refuse("expects a floating-point tensor");
  Type t = elementTypeOf(x);
  x = atLeast1d(c, x);
  SmallVector<int64_t> axis = reducedAxes(c, x);
  int64_t n = countOf(x, axis);
  double correction = c.floatArg("correction").value_or(
      c.boolArg("unbiased", true) ? 1.0 : 0.0);
  bool keepdim = c.boolArg("keepdim", false);
  Value mean = ms::RealDivOp::create(
      c.b, c.loc, ms::ReduceSumOp::create(c.b, c.loc, x, axis, true),
      scalar(c, (double)n, t));
  Value d = ms::SubOp::create(c.b, c.loc, x, mean);
  Value ss = ms::ReduceSumOp::create(c.b, c.loc, ms::MulOp::create(c.b, c.loc, d, d),
                                     axis, keepdim);
  double denom = std::max<double>((double)n - correction, 0.0);
  Value r = ms::RealDivOp::create(c.b, c.loc, ss, scalar(c, denom, t));
  if (c.op.getName().starts_with("aten.std"))
    r = ms::SqrtOp::create(c.b, c.loc, r);
  return c.pushResult(results, r);
}

/// logsumexp(dim, keepdim) = m + log(sum(exp(x - m))) with m the (finite)
/// maximum over dim.
CompositeResult logsumexp(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isa<FloatType>(elementTypeOf(x)))
    return c.refuse("expects a floating-point tensor");
  if (typeOf(x).getNumElements() == 0)
    return c.refuse("logsumexp of an empty tensor");
  Type t = elementTypeOf(x);
  x = atLeast1d(c, x);
  SmallVector<int64_t> axis = reducedAxes(c, x);
  if (countOf(x, axis) == 1) // see amin
    return c.pushResult(results, x);
  Value m = ms::ReduceMaxOp::create(c.b, c.loc, x, axis, true);
  double inf = std::numeric_limits<double>::infinity();
  Value finite = ms::EqualOp::create(c.b, c.loc, ms::AbsOp::create(c.b, c.loc, m),
                                     scalar(c, inf, t));
  m = ms::SelectOp::create(c.b, c.loc, finite, scalar(c, 0, t), m);
  Value s = ms::ReduceSumOp::create(
      c.b, c.loc, ms::ExpOp::create(c.b, c.loc, ms::SubOp::create(c.b, c.loc, x, m)),
      axis, true);
  Value r = ms::AddOp::create(c.b, c.loc, ms::LogOp::create(c.b, c.loc, s), m);
  return c.pushResult(results, r);
}

/// linalg_vector_norm(ord, dim, keepdim) and norm.ScalarOpt_dim(p, dim,
/// keepdim): (sum |x|^p)^(1/p), with the p = 0, 1, 2 and +-inf forms. With
/// `dtype` (a float dtype, the recorded result's), x is Cast to it first
/// and the norm computed in it (linalg_vector_norm's rule,
/// ATen/native/LinearAlgebra.cpp); a half-precision one is refused.
CompositeResult vectorNorm(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isa<FloatType>(elementTypeOf(x)))
    return c.refuse("expects a floating-point tensor");
  if (!c.isNone("dtype")) {
    Type want = c.resultType().getElementType();
    if (!isa<FloatType>(want))
      return c.refuse("a norm to a non-float dtype");
    // ATen's CPU norm of half precision accumulates in float32 in its own
    // order (ATen/native/cpu/ReduceOpsKernel.cpp), not reproduced here.
    if (want.isF16() || want.isBF16() || elementTypeOf(x).isF16() ||
        elementTypeOf(x).isBF16())
      return c.refuse("a norm with a dtype argument of float16/bfloat16 "
                      "(ATen's float32 accumulation order is not reproduced)");
    if (want != elementTypeOf(x))
      x = ms::CastOp::create(c.b, c.loc, typeOf(x).clone(want), x);
  }
  Type t = elementTypeOf(x);
  double p = c.floatArg("ord").value_or(c.floatArg("p").value_or(2.0));
  x = atLeast1d(c, x);
  SmallVector<int64_t> axis = reducedAxes(c, x);
  bool keepdim = c.boolArg("keepdim", false);
  OpBuilder &b = c.b;
  Location loc = c.loc;
  Value a = ms::AbsOp::create(b, loc, x);
  Value r;
  if (std::isinf(p)) {
    if (typeOf(x).getNumElements() == 0)
      return c.refuse("an inf-norm of an empty tensor");
    Value v = p > 0 ? a : Value(ms::NegOp::create(b, loc, a));
    r = ms::ReduceMaxOp::create(b, loc, v, axis, keepdim);
    if (p < 0)
      r = ms::NegOp::create(b, loc, r);
  } else if (p == 0) {
    Value nz = ms::CastOp::create(
        b, loc, typeOf(x),
        ms::NotEqualOp::create(b, loc, x, scalar(c, 0, t)));
    r = ms::ReduceSumOp::create(b, loc, nz, axis, keepdim);
  } else if (p == 1) {
    r = ms::ReduceSumOp::create(b, loc, a, axis, keepdim);
  } else if (p == 2) {
    r = ms::SqrtOp::create(
        b, loc, ms::ReduceSumOp::create(b, loc, ms::MulOp::create(b, loc, x, x), axis, keepdim));
  } else {
    Value pw = ms::PowOp::create(b, loc, a, scalar(c, p, t));
    r = ms::PowOp::create(b, loc, ms::ReduceSumOp::create(b, loc, pw, axis, keepdim),
                          scalar(c, 1.0 / p, t));
  }
  return c.pushResult(results, r);
}

/// dot / vdot of real 1-D tensors: ReduceSum of the product.
CompositeResult dot(Call &c, SmallVectorImpl<Value> &results) {
  Value a = c.operand("self"), o = c.operand("other");
  if (!a || !o || !isa<FloatType>(elementTypeOf(a)) || rankOf(a) != 1 ||
      typeOf(a) != typeOf(o))
    return c.refuse("expects two floating-point 1-D tensors of one type");
  return c.pushResult(results,
                    ms::ReduceSumOp::create(c.b, c.loc,
                                            ms::MulOp::create(c.b, c.loc, a, o),
                                            ArrayRef<int64_t>{0}, false));
}

/// mv(self [M, K], vec [K]) and addmv(self, mat, vec, beta, alpha): MatMul
/// with the vector as a [K, 1] matrix.
CompositeResult mvAddmv(Call &c, SmallVectorImpl<Value> &results) {
  bool isAdd = c.op.getName() == "aten.addmv.default";
  Value m = c.operand(isAdd ? "mat" : "self"), v = c.operand("vec");
  if (!m || !v || !isa<FloatType>(elementTypeOf(m)) || rankOf(m) != 2 ||
      rankOf(v) != 1 || elementTypeOf(v) != elementTypeOf(m) ||
      typeOf(m).getDimSize(1) != typeOf(v).getDimSize(0))
    return c.refuse("expects a float [M, K] matrix and a [K] vector");
  Type t = elementTypeOf(m);
  int64_t rows = typeOf(m).getDimSize(0);
  Value col = ms::ReshapeOp::create(c.b, c.loc, v,
                                    ArrayRef<int64_t>{typeOf(v).getDimSize(0), 1});
  Value r = ms::ReshapeOp::create(
      c.b, c.loc, ms::MatMulOp::create(c.b, c.loc, m, col, false, false),
      ArrayRef<int64_t>{rows});
  if (isAdd) {
    double beta = c.floatArg("beta").value_or(1), alpha = c.floatArg("alpha").value_or(1);
    Value self = c.operand("self");
    if (!self || elementTypeOf(self) != t)
      return c.refuse("expects self of the matrix's dtype");
    if (alpha != 1)
      r = ms::MulOp::create(c.b, c.loc, r, scalar(c, alpha, t));
    if (beta != 0) {
      Value s = beta == 1 ? self : Value(ms::MulOp::create(c.b, c.loc, self, scalar(c, beta, t)));
      r = ms::AddOp::create(c.b, c.loc, r, s);
    }
  }
  return c.pushResult(results, r);
}

/// cumsum(dim) of a float tensor: the dim moved last and flattened to
/// [rows, N], times the [N, N] upper-triangular ones (MatMul), moved back.
/// An integer result is AtenScans.cpp's integerCumsum.
CompositeResult cumsum(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  auto dim = c.intArg("dim");
  Type t = c.resultType().getElementType();
  if (x && dim && t.isSignlessInteger() && !t.isInteger(1))
    return integerCumsum(c, results);
  if (!x || !dim || !isa<FloatType>(t))
    return c.refuse("a cumulative sum to a non-float dtype is not legalized yet");
  if (elementTypeOf(x) != t)
    x = ms::CastOp::create(c.b, c.loc, typeOf(x).clone(t), x);
  auto type = typeOf(x);
  if (type.getRank() == 0 || type.getNumElements() == 0)
    return c.pushResult(results, x);
  int64_t rank = type.getRank(), d = normalizeDim(*dim, rank);
  SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    if (i != d)
      perm.push_back(i);
  perm.push_back(d);
  Value moved = d == rank - 1 ? x : Value(ms::TransposeOp::create(c.b, c.loc, x, perm));
  auto movedShape = typeOf(moved).getShape();
  int64_t n = type.getDimSize(d), rows = type.getNumElements() / n;
  Value flat = ms::ReshapeOp::create(c.b, c.loc, moved, ArrayRef<int64_t>{rows, n});
  SmallVector<double> upper;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      upper.push_back(i <= j ? 1.0 : 0.0);
  Value tri = constantOf(c, RankedTensorType::get({n, n}, t), upper);
  Value r = ms::MatMulOp::create(c.b, c.loc, flat, tri, false, false);
  r = ms::ReshapeOp::create(c.b, c.loc, r, movedShape);
  if (d != rank - 1) {
    SmallVector<int64_t> inverse(rank);
    for (auto [i, p] : llvm::enumerate(perm))
      inverse[p] = i;
    r = ms::TransposeOp::create(c.b, c.loc, r, inverse);
  }
  return c.pushResult(results, r);
}

/// eye, new_full, linspace, logspace and zero_: constants of the recorded
/// type.
CompositeResult constantFactory(Call &c, SmallVectorImpl<Value> &results) {
  StringRef name = c.op.getName();
  RankedTensorType type = c.resultType();
  for (StringRef arg : {"start", "end", "steps", "fill_value", "base"})
    if (c.operand(arg))
      return c.refuse("a factory argument computed in the graph");
  SmallVector<double> values;
  int64_t count = type.getNumElements();
  if (name.starts_with("aten.eye")) {
    if (type.getRank() != 2)
      return c.refuse("the recorded result is not 2-D");
    for (int64_t i = 0; i < type.getDimSize(0); ++i)
      for (int64_t j = 0; j < type.getDimSize(1); ++j)
        values.push_back(i == j);
  } else if (name.starts_with("aten.new_full")) {
    auto v = c.floatArg("fill_value");
    if (!v)
      return c.refuse("the fill value is not a number");
    results.push_back(buildSplatConstant(c.b, c.loc, type, *v));
    return CompositeResult::Legalized;
  } else if (name.starts_with("aten.zero_")) {
    results.push_back(buildSplatConstant(c.b, c.loc, type, 0));
    return CompositeResult::Legalized;
  } else {
    auto start = c.floatArg("start"), end = c.floatArg("end");
    if (!start || !end)
      return c.refuse("missing start or end");
    double base = c.floatArg("base").value_or(10.0);
    double step = count > 1 ? (*end - *start) / (double)(count - 1) : 0;
    for (int64_t i = 0; i < count; ++i) {
      // ATen's linspace: from start for the first half, from end after.
      double v = i < count / 2 ? *start + step * (double)i
                               : *end - step * (double)(count - 1 - i);
      values.push_back(name.starts_with("aten.logspace") ? std::pow(base, v) : v);
    }
  }
  results.push_back(constantOf(c, type, values));
  return CompositeResult::Legalized;
}

/// In-place clamp_min_ / clamp_max_ (the write is functionalized before this).
template <bool Min>
CompositeResult clampInPlace(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  StringRef arg = Min ? "min" : "max";
  Type t = elementTypeOf(x);
  Value bound = c.operand(arg);
  if (bound && elementTypeOf(bound) != t)
    return c.refuse("a bound of another dtype needs a Cast");
  if (!bound) {
    auto v = c.floatArg(arg);
    if (!v)
      return c.refuse("missing the bound");
    bound = scalar(c, *v, t);
  }
  Value r = Min ? Value(ms::MaximumOp::create(c.b, c.loc, x, bound))
                : Value(ms::MinimumOp::create(c.b, c.loc, x, bound));
  return c.pushResult(results, r);
}

/// as_strided(_)(size, stride, storage_offset) that reads a fresh (not a
/// view, not an input) tensor's elements in their own order: a Reshape.
/// adaptive_avg_pool2d to 1x1 of a channels-last-looking input records one
/// (ATen restores the memory format of the mean). Any other element order
/// would depend on storage the graph does not model: refused.
CompositeResult asStrided(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  auto size = c.intsArg("size"), stride = c.intsArg("stride");
  int64_t offset = c.intArg("storage_offset").value_or(0);
  if (!x || !size || !stride || size->size() != stride->size())
    return c.refuse("missing self, size or stride");
  Value recorded = c.op->getOperand(0);
  if (isa<BlockArgument>(recorded) || aliasedOperandOf(recorded))
    return c.refuse("as_strided of a model input or a view reads storage "
                    "the graph does not model");
  int64_t n = 1;
  for (int64_t d : *size)
    n *= d;
  if (n != typeOf(x).getNumElements())
    return c.refuse("as_strided to another element count is not legalized");
  // The element at each index, in row-major order, must be the next one.
  int64_t count = 0;
  bool inOrder = offset == 0;
  SmallVector<int64_t> index(size->size(), 0);
  for (; count < n && inOrder; ++count) {
    int64_t at = offset;
    for (auto [i, s] : llvm::zip(index, *stride))
      at += i * s;
    inOrder = at == count;
    for (int64_t d = (int64_t)index.size() - 1; d >= 0; --d) {
      if (++index[d] < (*size)[d])
        break;
      index[d] = 0;
    }
  }
  if (!inOrder)
    return c.refuse("as_strided that reorders or skips elements is not "
                    "legalized");
  return c.pushResult(results, ms::ReshapeOp::create(c.b, c.loc, x, *size));
}

/// add / mul of two boolean tensors: PyTorch's bool arithmetic is logical
/// (True + True is True), which LogicalOr / LogicalAnd compute; other dtypes
/// are the primary table's.
template <bool Add>
CompositeResult boolArithmetic(Call &c, SmallVectorImpl<Value> &results) {
  Value a = c.operand("self"), o = c.operand("other");
  if (!a || !o || !elementTypeOf(a).isInteger(1) ||
      !elementTypeOf(o).isInteger(1) ||
      !c.resultType().getElementType().isInteger(1))
    return CompositeResult::NotHandled;
  if (Add && c.floatArg("alpha").value_or(1) == 0)
    return c.pushResult(results, a);
  Value r = Add ? Value(ms::LogicalOrOp::create(c.b, c.loc, a, o))
                : Value(ms::LogicalAndOp::create(c.b, c.loc, a, o));
  return c.pushResult(results, r);
}

const llvm::StringMap<Handler> &compositeTable() {
  static const llvm::StringMap<Handler> table = {
      {"aten.triu.default", triangle<true>},
      {"aten.topk.default", topk},
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
      {"aten.log1p.default", elementwise},
      {"aten.log2.default", elementwise},
      {"aten.log10.default", elementwise},
      {"aten.expm1.default", elementwise},
      {"aten.exp2.default", elementwise},
      {"aten.sinh.default", elementwise},
      {"aten.cosh.default", elementwise},
      {"aten.tan.default", elementwise},
      {"aten.deg2rad.default", elementwise},
      {"aten.rad2deg.default", elementwise},
      {"aten.sign.default", elementwise},
      {"aten.sgn.default", elementwise},
      {"aten.isnan.default", elementwise},
      {"aten.isinf.default", elementwise},
      {"aten.isposinf.default", elementwise},
      {"aten.isneginf.default", elementwise},
      {"aten.leaky_relu.default", elementwise},
      {"aten.elu.default", elementwise},
      {"aten.celu.default", elementwise},
      {"aten.threshold.default", elementwise},
      {"aten.softplus.default", elementwise},
      {"aten.mish.default", elementwise},
      {"aten.log_sigmoid_forward.default", elementwise},
      {"aten.hardshrink.default", elementwise},
      {"aten.softshrink.default", elementwise},
      {"aten.sqrt_.default", elementwise},
      {"aten.logaddexp.default", binaryFloat},
      {"aten.fmax.default", binaryFloat},
      {"aten.fmin.default", binaryFloat},
      {"aten.addcmul.default", ternaryFloat},
      {"aten.addcdiv.default", ternaryFloat},
      {"aten.lerp.Scalar", ternaryFloat},
      {"aten.logical_xor.default", logicalXor},
      {"aten.sum.dim_IntList", sumMeanDtype},
      {"aten.sum.default", sumMeanDtype},
      {"aten.mean.dim", sumMeanDtype},
      {"aten.var.correction", varStd},
      {"aten.std.correction", varStd},
      {"aten.var.dim", varStd},
      {"aten.std.dim", varStd},
      {"aten.logsumexp.default", logsumexp},
      {"aten.linalg_vector_norm.default", vectorNorm},
      {"aten.norm.ScalarOpt_dim", vectorNorm},
      {"aten.norm.Scalar", vectorNorm},
      {"aten.dot.default", dot},
      {"aten.vdot.default", dot},
      {"aten.mv.default", mvAddmv},
      {"aten.addmv.default", mvAddmv},
      {"aten.cumsum.default", cumsum},
      {"aten.eye.default", constantFactory},
      {"aten.eye.m", constantFactory},
      {"aten.new_full.default", constantFactory},
      {"aten.linspace.default", constantFactory},
      {"aten.logspace.default", constantFactory},
      {"aten.zero_.default", constantFactory},
      {"aten.as_strided.default", asStrided},
      {"aten.add.Tensor", boolArithmetic<true>},
      {"aten.mul.Tensor", boolArithmetic<false>},
      {"aten.as_strided_.default", asStrided},
      {"aten.clamp_min_.default", clampInPlace<true>},
      {"aten.clamp_max_.default", clampInPlace<false>},
  };
  return table;
}

} // namespace

/// The table of legalizeAtenComposite's own and the family tables that has
/// `name`, or null.
static const CompositeTable *compositeTableOf(StringRef name) {
  for (const CompositeTable *table :
       {&compositeTable(), &scatterTable(), &scanTable(), &sortingTable(),
        &specialTable(), &diagonalTable(), &rearrangeTable(), &linalgTable(),
        &reductionTable(), &slicingTable(), &lossTable()})
    if (table->count(name))
      return table;
  return nullptr;
}

bool mlir::ascend::isAtenComposite(StringRef name) {
  return compositeTableOf(name) || isAtenElementwise(name);
}

CompositeResult mlir::ascend::legalizeAtenComposite(
    pynative::RecordedOp op, ValueRange operands, OpBuilder &builder,
    SmallVectorImpl<Value> &results, std::string &why) {
  if (const CompositeTable *table = compositeTableOf(op.getName()))
    return runCompositeHandler<AtenCompositeCall>(*table, op, operands,
                                                  builder, results, why);
  return legalizeAtenElementwise(op, operands, builder, results, why);
}
