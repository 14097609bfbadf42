//===- AtenScatter.cpp - the scatter family as dense masked reductions ----===//
//
// PyTorch's scatter family (issue 19: OpInfo coverage): scatter (src, value
// and the add/multiply reduce forms), scatter_add, scatter_reduce (sum, prod,
// mean, amax, amin, include_self), index_add, index_copy, index_fill,
// index_reduce, put, take and max_unpool2d/3d, all through one mechanism
// built from primitives every level has (no scatter primitive):
//
//   self [S0..S(R-1)], dim d (size n), index [I0..I(R-1)] (Ie <= Se for
//   e != d, K = Id), src (at least index's shape, or a number):
//   M[i, k...]  = Equal(index[k...], i)            i < n: [n] + I (bool)
//   V[i, ...]   = reduce over k of Select(M, src, neutral)   (k: axis d + 1)
//   count[i...] = ReduceSum(M); the axis i is moved back to position d;
//   result      = Select(count > 0, combine(self, V, count), self).
//
// Index dims smaller than self's are padded with index -1 (matching no i).
// scatter without a reduction (and index_copy, put, max_unpool) keeps, of
// several writes to one element, the last in index order (PyTorch's CPU
// kernel writes in that order): the largest k of M, by ReduceMax of k where
// M holds. The reductions need float tensors (MindSpore's Reduce* take
// floats here): another dtype is refused with the op's name, except take
// (a Gather) and index_fill/put/scatter without reduction of integers,
// which are refused too for now. The mask has n * numel(index) elements;
// more than 2^24 is refused (the dense form is for the sizes of a model's
// index tables, not for large embedding updates).
//
// Internal to AtenComposites.cpp's legalizeAtenComposite (see
// AtenComposites.h).
//
//===----------------------------------------------------------------------===//
#include "AtenCall.h"
#include "AtenComposites.h"

#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"

#include <limits>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

using Call = AtenCompositeCall;
using Handler = CompositeHandler;

Type elementOf(Value v) { return typeOf(v).getElementType(); }

std::string dtypeName(Type t) {
  std::string s;
  llvm::raw_string_ostream(s) << t;
  return s;
}

/// How several writes to one element combine.
enum class Reduce { Last, Sum, Prod, Mean, Max, Min };

/// The reduce names of scatter_reduce/index_reduce ("sum", "prod", "mean",
/// "amax", "amin") and of scatter's reduce form ("add", "multiply").
std::optional<Reduce> reduceNamed(StringRef s) {
  if (s == "sum" || s == "add")
    return Reduce::Sum;
  if (s == "prod" || s == "multiply")
    return Reduce::Prod;
  if (s == "mean")
    return Reduce::Mean;
  if (s == "amax")
    return Reduce::Max;
  if (s == "amin")
    return Reduce::Min;
  return std::nullopt;
}

Value splat(Call &c, ArrayRef<int64_t> shape, Type t, double v) {
  return buildSplatConstant(c.b, c.loc, RankedTensorType::get(shape, t), v);
}

/// A constant [1, .., len at `axis`, .., 1] (rank `rank`) holding 0..len-1.
Value iota(Call &c, int64_t len, int64_t axis, int64_t rank, Type t) {
  SmallVector<int64_t> shape(rank, 1);
  shape[axis] = len;
  SmallVector<Attribute> values;
  for (int64_t i = 0; i < len; ++i)
    values.push_back(isa<FloatType>(t) ? Attribute(FloatAttr::get(t, (double)i))
                                       : Attribute(IntegerAttr::get(t, i)));
  return ms::ConstantOp::create(
      c.b, c.loc,
      DenseElementsAttr::get(RankedTensorType::get(shape, t), values));
}

Value slice(Call &c, Value x, int64_t axis, int64_t from, int64_t to) {
  auto type = typeOf(x);
  int64_t rank = type.getRank();
  SmallVector<int64_t> begin(rank, 0), end(type.getShape()), strides(rank, 1);
  begin[axis] = from;
  end[axis] = to;
  return ms::StridedSliceOp::create(c.b, c.loc, x, begin, end, strides);
}

/// The product of `x` over `axis` (removed), by halving: MindSpore's dialect
/// here has no ReduceProd. An odd length is padded with a 1.
Value reduceProd(Call &c, Value x, int64_t axis) {
  auto type = typeOf(x);
  Type t = type.getElementType();
  while (typeOf(x).getDimSize(axis) > 1) {
    int64_t n = typeOf(x).getDimSize(axis);
    if (n % 2) {
      SmallVector<int64_t> shape(typeOf(x).getShape());
      shape[axis] = 1;
      x = ms::ConcatOp::create(c.b, c.loc, ValueRange{x, splat(c, shape, t, 1)},
                               axis);
      ++n;
    }
    x = ms::MulOp::create(c.b, c.loc, slice(c, x, axis, 0, n / 2),
                          slice(c, x, axis, n / 2, n));
  }
  SmallVector<int64_t> shape;
  for (auto [i, s] : llvm::enumerate(type.getShape()))
    if ((int64_t)i != axis)
      shape.push_back(s);
  return ms::ReshapeOp::create(c.b, c.loc, x, shape);
}

/// `src` (a tensor of at least index's shape, or 0-d) scattered into `self`
/// along `d` at `index` (self's rank), combined by `r` (see the file
/// comment). `self` is float.
FailureOr<Value> scatterDense(Call &c, Value self, int64_t d, Value index,
                              Value src, Reduce r, bool includeSelf) {
  auto selfType = typeOf(self);
  Type t = selfType.getElementType();
  int64_t rank = selfType.getRank();
  if (!isa<FloatType>(t)) {
    (void)c.refuse(c.op.getName() + " of " + dtypeName(t) +
                   " is not legalized yet (its dense form reduces floats)");
    return failure();
  }
  if (rank == 0) {
    // A 0-d self: as [1] (index and src are 0-d or [1] too).
    auto one = [&](Value v) -> Value {
      return ms::ReshapeOp::create(c.b, c.loc, v, ArrayRef<int64_t>{1});
    };
    if (rankOf(index) > 1 || (rankOf(src) > 1)) {
      (void)c.refuse("index or src of a 0-d self has more than one dimension");
      return failure();
    }
    FailureOr<Value> v = scatterDense(c, one(self), 0, one(index),
                                      rankOf(src) == 0 ? src : one(src), r,
                                      includeSelf);
    if (failed(v))
      return failure();
    return Value(ms::ReshapeOp::create(c.b, c.loc, *v, ArrayRef<int64_t>{}));
  }
  if (d < 0 || d >= rank) {
    (void)c.refuse("dim out of range");
    return failure();
  }
  if (rankOf(index) != rank) {
    (void)c.refuse("index has " + Twine(rankOf(index)) +
                   " dimensions, self has " + Twine(rank));
    return failure();
  }
  SmallVector<int64_t> I(typeOf(index).getShape());
  int64_t n = selfType.getDimSize(d), K = I[d];
  for (int64_t e = 0; e < rank; ++e)
    if (e != d && I[e] > selfType.getDimSize(e)) {
      (void)c.refuse("index is larger than self in dimension " + Twine(e));
      return failure();
    }
  if (typeOf(index).getNumElements() == 0 || selfType.getNumElements() == 0)
    return self;
  Type i64 = c.b.getI64Type();
  Value idx = index;
  if (elementOf(idx) != i64)
    idx = ms::CastOp::create(c.b, c.loc, typeOf(idx).clone(i64), idx);
  Value values = src;
  if (rankOf(values) == 0) {
    if (elementOf(values) != t)
      values = ms::CastOp::create(c.b, c.loc, typeOf(values).clone(t), values);
    values = ms::BroadcastToOp::create(c.b, c.loc, values, I);
  } else {
    if (rankOf(values) != rank) {
      (void)c.refuse("src has another rank than index");
      return failure();
    }
    auto srcShape = typeOf(values).getShape();
    for (int64_t e = 0; e < rank; ++e) {
      if (srcShape[e] < I[e]) {
        (void)c.refuse("src is smaller than index in dimension " + Twine(e));
        return failure();
      }
      if (srcShape[e] > I[e])
        values = slice(c, values, e, 0, I[e]);
    }
    if (elementOf(values) != t)
      values = ms::CastOp::create(c.b, c.loc, typeOf(values).clone(t), values);
  }
  // Pad index (with -1, matching no position) and src to self's shape in
  // the other dimensions.
  for (int64_t e = 0; e < rank; ++e) {
    int64_t want = selfType.getDimSize(e);
    if (e == d || I[e] == want)
      continue;
    SmallVector<int64_t> shape(typeOf(idx).getShape());
    shape[e] = want - I[e];
    idx = ms::ConcatOp::create(c.b, c.loc,
                               ValueRange{idx, splat(c, shape, i64, -1)}, e);
    values = ms::ConcatOp::create(c.b, c.loc,
                                  ValueRange{values, splat(c, shape, t, 0)}, e);
    I[e] = want;
  }
  int64_t maskElements = n;
  for (int64_t s : I)
    maskElements *= s;
  if (maskElements > (int64_t(1) << 24)) {
    (void)c.refuse("the dense scatter mask would have " + Twine(maskElements) +
                   " elements (more than 2^24)");
    return failure();
  }
  int64_t kAxis = d + 1;
  Value mask = ms::EqualOp::create(
      c.b, c.loc, ms::ExpandDimsOp::create(c.b, c.loc, idx, 0),
      iota(c, n, 0, rank + 1, i64));
  Value srcE = ms::ExpandDimsOp::create(c.b, c.loc, values, 0);
  SmallVector<int64_t> axis{kAxis};
  double inf = std::numeric_limits<double>::infinity();
  auto k0 = [&](double v) { return splat(c, {}, t, v); };
  Value count = ms::ReduceSumOp::create(
      c.b, c.loc, ms::SelectOp::create(c.b, c.loc, mask, k0(1), k0(0)), axis,
      false);
  Value v;
  switch (r) {
  case Reduce::Last: {
    Type f32 = c.b.getF32Type();
    Value ks = iota(c, K, kAxis, rank + 1, f32);
    Value at = ms::SelectOp::create(c.b, c.loc, mask, ks,
                                    splat(c, {}, f32, -1));
    Value last = ms::ReduceMaxOp::create(c.b, c.loc, at, axis, true);
    Value only = ms::LogicalAndOp::create(
        c.b, c.loc, mask, ms::EqualOp::create(c.b, c.loc, ks, last));
    // -0.0 is the sum's neutral element (-0.0 + x is x for both zeros).
    v = ms::ReduceSumOp::create(
        c.b, c.loc, ms::SelectOp::create(c.b, c.loc, only, srcE, k0(-0.0)),
        axis, false);
    break;
  }
  case Reduce::Sum:
  case Reduce::Mean:
    v = ms::ReduceSumOp::create(
        c.b, c.loc, ms::SelectOp::create(c.b, c.loc, mask, srcE, k0(-0.0)),
        axis, false);
    break;
  case Reduce::Max:
    v = ms::ReduceMaxOp::create(
        c.b, c.loc, ms::SelectOp::create(c.b, c.loc, mask, srcE, k0(-inf)),
        axis, false);
    break;
  case Reduce::Min:
    v = ms::NegOp::create(
        c.b, c.loc,
        ms::ReduceMaxOp::create(
            c.b, c.loc,
            ms::SelectOp::create(c.b, c.loc, mask,
                                 ms::NegOp::create(c.b, c.loc, srcE), k0(-inf)),
            axis, false));
    break;
  case Reduce::Prod:
    v = reduceProd(c, ms::SelectOp::create(c.b, c.loc, mask, srcE, k0(1)),
                   kAxis);
    break;
  }
  // [n, I without d] -> self's shape: axis 0 back to position d.
  if (d != 0) {
    SmallVector<int64_t> perm;
    for (int64_t p = 0; p < rank; ++p)
      perm.push_back(p < d ? p + 1 : (p == d ? 0 : p));
    v = ms::TransposeOp::create(c.b, c.loc, v, perm);
    count = ms::TransposeOp::create(c.b, c.loc, count, perm);
  }
  Value combined = v;
  if (includeSelf) {
    switch (r) {
    case Reduce::Last:
      break;
    case Reduce::Sum:
      combined = ms::AddOp::create(c.b, c.loc, self, v);
      break;
    case Reduce::Mean:
      combined = ms::RealDivOp::create(c.b, c.loc,
                                       ms::AddOp::create(c.b, c.loc, self, v),
                                       ms::AddOp::create(c.b, c.loc, count, k0(1)));
      break;
    case Reduce::Max:
      combined = ms::MaximumOp::create(c.b, c.loc, self, v);
      break;
    case Reduce::Min:
      combined = ms::MinimumOp::create(c.b, c.loc, self, v);
      break;
    case Reduce::Prod:
      combined = ms::MulOp::create(c.b, c.loc, self, v);
      break;
    }
  } else if (r == Reduce::Mean) {
    combined = ms::RealDivOp::create(c.b, c.loc, v, count);
  }
  Value touched = ms::GreaterOp::create(c.b, c.loc, count, k0(0));
  Value out = ms::SelectOp::create(c.b, c.loc, touched, combined, self);
  if (typeOf(out) != selfType) {
    (void)c.refuse("the computed result type differs from self's");
    return failure();
  }
  return out;
}

CompositeResult scatterResult(Call &c, SmallVectorImpl<Value> &results,
                     FailureOr<Value> v) {
  if (failed(v))
    return CompositeResult::Refused;
  Value r = *v;
  RankedTensorType want = c.resultType();
  if (typeOf(r) != want) {
    if (typeOf(r).getElementType() != want.getElementType() ||
        typeOf(r).getNumElements() != want.getNumElements())
      return c.refuse("the computed result type differs from the recorded one");
    r = ms::ReshapeOp::create(c.b, c.loc, r, want.getShape());
  }
  results.push_back(r);
  return CompositeResult::Legalized;
}

int64_t normalizeDim(int64_t dim, int64_t rank) {
  return dim < 0 ? dim + std::max<int64_t>(rank, 1) : dim;
}

/// The second operand of a scatter: the tensor `name`, or the number `name`
/// as a 0-d constant of self's dtype.
Value srcOrNumber(Call &c, StringRef name, Type t) {
  if (Value v = c.operand(name))
    return v;
  if (std::optional<double> f = c.floatArg(name))
    return splat(c, {}, t, *f);
  return {};
}

/// scatter.src/.value (last write wins), scatter.reduce/.value_reduce
/// (add, multiply; with self), scatter_add, scatter_reduce.two (sum, prod,
/// mean, amax, amin; include_self).
CompositeResult scatter(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index");
  std::optional<int64_t> dim = c.intArg("dim");
  if (!self || !index || !dim)
    return c.refuse("missing self, dim or index");
  StringRef name = c.op.getName();
  Value src = srcOrNumber(c, name.contains("value") ? "value" : "src",
                          elementOf(self));
  if (!src)
    return c.refuse("missing src or value");
  Reduce r = Reduce::Last;
  bool includeSelf = true;
  if (name.starts_with("aten.scatter_add"))
    r = Reduce::Sum;
  if (std::optional<std::string> s = c.stringArg("reduce")) {
    std::optional<Reduce> named = reduceNamed(*s);
    if (!named)
      return c.refuse("reduce '" + *s + "' is not one of PyTorch's");
    r = *named;
    includeSelf = c.boolArg("include_self", true);
  }
  return scatterResult(c, results,
              scatterDense(c, self, normalizeDim(*dim, rankOf(self)), index,
                           src, r, includeSelf));
}

/// index_add/index_copy/index_fill/index_reduce(self, dim, index, source):
/// the 1-D index along `dim` broadcast to source's shape (a scatter index).
CompositeResult indexOps(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index");
  std::optional<int64_t> dim = c.intArg("dim");
  if (!self || !index || !dim)
    return c.refuse("missing self, dim or index");
  StringRef name = c.op.getName();
  Type t = elementOf(self);
  int64_t rank = rankOf(self), d = normalizeDim(*dim, rank);
  if (rankOf(index) > 1)
    return c.refuse("index has more than one dimension");
  int64_t K = rankOf(index) == 0 ? 1 : typeOf(index).getDimSize(0);
  if (rank == 0) {
    // A 0-d self: index and source are one element each.
    rank = 1;
    d = 0;
    self = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{1});
  }
  if (d < 0 || d >= rank)
    return c.refuse("dim out of range");
  SmallVector<int64_t> shape(typeOf(self).getShape());
  shape[d] = K;
  Value source;
  Reduce r = Reduce::Last;
  bool includeSelf = true;
  if (name.starts_with("aten.index_fill")) {
    source = srcOrNumber(c, "value", t);
    if (!source || rankOf(source) != 0)
      return c.refuse("missing the fill value (a number or a 0-d tensor)");
  } else {
    source = c.operand("source");
    if (!source)
      return c.refuse("missing source");
    if (typeOf(source).getNumElements() != [&] {
          int64_t e = 1;
          for (int64_t s : shape)
            e *= s;
          return e;
        }())
      return c.refuse("source does not have self's shape with index's length "
                      "along dim");
    source = ms::ReshapeOp::create(c.b, c.loc, source, shape);
    if (name.starts_with("aten.index_add")) {
      r = Reduce::Sum;
      double alpha = c.floatArg("alpha").value_or(1);
      if (alpha != 1) {
        if (!isa<FloatType>(elementOf(source)))
          return c.refuse("index_add with alpha of a non-float source");
        source = ms::MulOp::create(c.b, c.loc, source,
                                   splat(c, {}, elementOf(source), alpha));
      }
    } else if (name.starts_with("aten.index_reduce")) {
      std::optional<std::string> s = c.stringArg("reduce");
      std::optional<Reduce> named = s ? reduceNamed(*s) : std::nullopt;
      if (!named || *named == Reduce::Sum)
        return c.refuse("reduce '" + s.value_or("") +
                        "' is not one of prod, mean, amax, amin");
      r = *named;
      includeSelf = c.boolArg("include_self", true);
    }
  }
  SmallVector<int64_t> line(rank, 1);
  line[d] = K;
  Type i64 = c.b.getI64Type();
  Value idx = index;
  if (elementOf(idx) != i64)
    idx = ms::CastOp::create(c.b, c.loc, typeOf(idx).clone(i64), idx);
  idx = ms::BroadcastToOp::create(
      c.b, c.loc, ms::ReshapeOp::create(c.b, c.loc, idx, line), shape);
  return scatterResult(c, results, scatterDense(c, self, d, idx, source, r, includeSelf));
}

/// put(index, source, accumulate): self flattened, negative indices counted
/// from the end, a scatter along the one dimension (sums when accumulate).
CompositeResult put(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index"),
        source = c.operand("source");
  if (!self || !index || !source)
    return c.refuse("missing self, index or source");
  int64_t numel = typeOf(self).getNumElements();
  int64_t k = typeOf(index).getNumElements();
  if (typeOf(source).getNumElements() != k)
    return c.refuse("source and index have different element counts");
  Type i64 = c.b.getI64Type();
  Value idx = ms::ReshapeOp::create(c.b, c.loc, index, ArrayRef<int64_t>{k});
  if (elementOf(idx) != i64)
    idx = ms::CastOp::create(c.b, c.loc, typeOf(idx).clone(i64), idx);
  idx = ms::SelectOp::create(
      c.b, c.loc, ms::LessOp::create(c.b, c.loc, idx, splat(c, {}, i64, 0)),
      ms::AddOp::create(c.b, c.loc, idx, splat(c, {}, i64, (double)numel)), idx);
  Value flat = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{numel});
  Value src = ms::ReshapeOp::create(c.b, c.loc, source, ArrayRef<int64_t>{k});
  bool accumulate = c.boolArg("accumulate", false);
  return scatterResult(c, results,
              scatterDense(c, flat, 0, idx, src,
                           accumulate ? Reduce::Sum : Reduce::Last, true));
}

/// take(index): a Gather from self flattened (negative indices count from
/// the end, as Gather's); the result has index's shape. Any dtype.
CompositeResult take(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index");
  if (!self || !index)
    return c.refuse("missing self or index");
  int64_t numel = typeOf(self).getNumElements();
  if (numel == 0)
    return c.refuse("take from an empty tensor");
  Type i64 = c.b.getI64Type();
  Value idx = index;
  if (elementOf(idx) != i64)
    idx = ms::CastOp::create(c.b, c.loc, typeOf(idx).clone(i64), idx);
  Value flat = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{numel});
  return scatterResult(c, results, Value(ms::GatherOp::create(c.b, c.loc, flat, idx, 0)));
}

/// max_unpool2d/3d(indices, output_size, ...): every plane [H*W] of self
/// scattered into zeros [oH*oW] at its indices (the last write wins, as
/// PyTorch's CPU kernel; indices out of range match nothing).
template <int Spatial>
CompositeResult maxUnpool(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), indices = c.operand("indices");
  std::optional<SmallVector<int64_t>> size = c.intsArg("output_size");
  if (!self || !indices || !size || (int64_t)size->size() != Spatial)
    return c.refuse("missing self, indices or output_size");
  auto type = typeOf(self);
  int64_t rank = type.getRank();
  if (rank != Spatial + 1 && rank != Spatial + 2)
    return c.refuse("self has " + Twine(rank) + " dimensions");
  if (typeOf(indices).getShape() != type.getShape())
    return c.refuse("indices do not have self's shape");
  int64_t planes = 1, in = 1, out = 1;
  for (int64_t i = 0; i < rank - Spatial; ++i)
    planes *= type.getDimSize(i);
  for (int64_t i = rank - Spatial; i < rank; ++i)
    in *= type.getDimSize(i);
  for (int64_t s : *size)
    out *= s;
  Value x = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{planes, in});
  Value idx =
      ms::ReshapeOp::create(c.b, c.loc, indices, ArrayRef<int64_t>{planes, in});
  Value zeros = splat(c, {planes, out}, type.getElementType(), 0);
  return scatterResult(c, results, scatterDense(c, zeros, 1, idx, x, Reduce::Last, true));
}

} // namespace

const CompositeTable &mlir::ascend::scatterTable() {
  static const CompositeTable table = {
      {"aten.scatter.src", scatter},
      {"aten.scatter_.src", scatter},
      {"aten.scatter.reduce", scatter},
      {"aten.scatter.value_reduce", scatter},
      {"aten.scatter_add.default", scatter},
      {"aten.scatter_add_.default", scatter},
      {"aten.scatter_reduce.two", scatter},
      {"aten.scatter_reduce_.two", scatter},
      {"aten.index_add.default", indexOps},
      {"aten.index_add_.default", indexOps},
      {"aten.index_copy.default", indexOps},
      {"aten.index_copy_.default", indexOps},
      {"aten.index_fill.int_Scalar", indexOps},
      {"aten.index_fill_.int_Scalar", indexOps},
      {"aten.index_fill.int_Tensor", indexOps},
      {"aten.index_fill_.int_Tensor", indexOps},
      {"aten.index_reduce.default", indexOps},
      {"aten.put.default", put},
      {"aten.put_.default", put},
      {"aten.take.default", take},
      {"aten.max_unpool2d.default", maxUnpool<2>},
      {"aten.max_unpool3d.default", maxUnpool<3>},
  };
  return table;
}
