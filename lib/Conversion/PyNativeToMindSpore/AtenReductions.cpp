//===- AtenReductions.cpp - reductions beyond ReduceSum and ReduceMax -----===//
//
// PyTorch's reductions and counting ops that MindSpore's dialect here has
// no primitive for (issue 19: OpInfo coverage), after their definitions in
// torch._refs and ATen:
//
//   var_mean, std_mean  the var/std of AtenComposites.cpp and the mean, one
//                       pass over the deviations (floats)
//   aminmax             -ReduceMax(-x) and ReduceMax (floats; integers
//                       through ArgMaxWithValue)
//   prod                a halving product over the reduced dim (pairs of the
//                       two halves multiplied, a 1 appended to an odd
//                       length): floats, and int64 products that wrap as
//                       ATen's do (bool and integer inputs give int64)
//   count_nonzero       a count of x != 0 summed in float32 (exact below
//                       2^24 elements) and Cast to int64
//   bucketize, searchsorted
//                       the count of boundaries < x (<= x with right=True)
//                       per element, NaN counted past every boundary
//                       (PyTorch's order); int64 or int32 (out_int32)
//   isin                any of elements[..., None] == test_elements (the
//                       flattened), optionally inverted
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

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

using Call = AtenCompositeCall;
using Handler = CompositeHandler;

/// Counts summed in float32 are exact below this many elements.
constexpr int64_t kExactCount = int64_t(1) << 24;

Value scalarOf(Call &c, double v, Type t) {
  return buildSplatConstant(c.b, c.loc, RankedTensorType::get({}, t), v);
}

Value splatOf(Call &c, ArrayRef<int64_t> shape, Type t, double v) {
  return buildSplatConstant(c.b, c.loc, RankedTensorType::get(shape, t), v);
}

Value castTo(Call &c, Value v, Type t) {
  if (elementTypeOf(v) == t)
    return v;
  return ms::CastOp::create(c.b, c.loc, typeOf(v).clone(t), v);
}

bool isFloat(Value v) { return v && isa<FloatType>(elementTypeOf(v)); }

/// Runs `H` on the call with its float16 / bfloat16 operands Cast to
/// float32 and its float results Cast back to the recorded dtype: ATen's CPU
/// kernels compute these ops in float32 (opmath) and round once.
template <Handler H>
CompositeResult inFloat32(Call &c, SmallVectorImpl<Value> &results) {
  auto isHalf = [](Value v) {
    auto f = dyn_cast<FloatType>(elementTypeOf(v));
    return f && f.getWidth() < 32;
  };
  if (llvm::none_of(c.operands, isHalf))
    return H(c, results);
  SmallVector<Value> operands;
  for (Value v : c.operands)
    operands.push_back(
        isHalf(v) ? Value(ms::CastOp::create(
                        c.b, c.loc, typeOf(v).clone(c.b.getF32Type()), v))
                  : v);
  Call wide{c.op, operands, c.b, c.loc, c.why};
  wide.castFloatResults = true;
  CompositeResult r = H(wide, results);
  c.missingResult = wide.missingResult;
  return r;
}

/// The sorted, distinct reduced axes of the dim-list argument `name` of `x`
/// (every axis when absent, None or empty); `x` a 0-d tensor is [1].
SmallVector<int64_t> axesOf(Call &c, Value &x, StringRef name = "dim") {
  if (rankOf(x) == 0)
    x = ms::ReshapeOp::create(c.b, c.loc, x, ArrayRef<int64_t>{1});
  int64_t rank = rankOf(x);
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg(name))
    for (int64_t d : *dims)
      axis.push_back(d < 0 ? d + rank : d);
  if (axis.empty())
    axis = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  llvm::sort(axis);
  axis.erase(std::unique(axis.begin(), axis.end()), axis.end());
  return axis;
}

/// var_mean / std_mean(dim, correction, keepdim) -> (var or std, mean).
template <bool Std>
CompositeResult varMean(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!isFloat(x))
    return c.refuse("expects a floating-point tensor");
  Type t = elementTypeOf(x);
  SmallVector<int64_t> axis = axesOf(c, x);
  for (int64_t d : axis)
    if (d < 0 || d >= rankOf(x))
      return c.refuse("dim is out of range");
  int64_t n = 1;
  for (int64_t d : axis)
    n *= typeOf(x).getDimSize(d);
  double correction = c.floatArg("correction")
                          .value_or(c.boolArg("unbiased", true) ? 1.0 : 0.0);
  bool keepdim = c.boolArg("keepdim", false);
  Value mean = ms::RealDivOp::create(
      c.b, c.loc, ms::ReduceSumOp::create(c.b, c.loc, x, axis, true),
      scalarOf(c, (double)n, t));
  Value d = ms::SubOp::create(c.b, c.loc, x, mean);
  Value ss = ms::ReduceSumOp::create(
      c.b, c.loc, ms::MulOp::create(c.b, c.loc, d, d), axis, keepdim);
  double denom = std::max<double>((double)n - correction, 0.0);
  Value var = ms::RealDivOp::create(c.b, c.loc, ss, scalarOf(c, denom, t));
  if (Std)
    var = ms::SqrtOp::create(c.b, c.loc, var);
  if (c.pushResult(results, var, 0) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  return c.pushResult(results, mean, 1);
}

/// aminmax(dim=None, keepdim) -> (min, max).
CompositeResult aminmax(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || elementTypeOf(x).isInteger(1))
    return c.refuse("expects a float or integer tensor");
  if (typeOf(x).getNumElements() == 0)
    return c.refuse("the extremes of an empty tensor");
  bool keepdim = c.boolArg("keepdim", false);
  std::optional<int64_t> dim = c.intArg("dim");
  if (rankOf(x) == 0) {
    if (c.pushResult(results, x, 0) != CompositeResult::Legalized)
      return CompositeResult::Refused;
    return c.pushResult(results, x, 1);
  }
  Value mn, mx;
  if (isFloat(x)) {
    SmallVector<int64_t> axis;
    if (dim)
      axis.push_back(*dim < 0 ? *dim + rankOf(x) : *dim);
    else
      axis = llvm::to_vector(llvm::seq<int64_t>(0, rankOf(x)));
    mx = ms::ReduceMaxOp::create(c.b, c.loc, x, axis, keepdim);
    mn = ms::NegOp::create(
        c.b, c.loc,
        ms::ReduceMaxOp::create(c.b, c.loc, ms::NegOp::create(c.b, c.loc, x),
                                axis, keepdim));
  } else {
    int64_t axis = 0;
    Value v = x;
    if (!dim) {
      v = ms::ReshapeOp::create(c.b, c.loc, x,
                                ArrayRef<int64_t>{typeOf(x).getNumElements()});
    } else {
      axis = *dim < 0 ? *dim + rankOf(x) : *dim;
    }
    bool keep = dim && keepdim;
    mx = ms::ArgMaxWithValueOp::create(c.b, c.loc, v, axis, keep, TypeAttr())
             .getValues();
    // -1 - x: the largest of it is the smallest x, without overflow.
    Value flipped =
        ms::SubOp::create(c.b, c.loc, scalarOf(c, -1, elementTypeOf(x)), v);
    mn = ms::SubOp::create(c.b, c.loc, scalarOf(c, -1, elementTypeOf(x)),
                           ms::ArgMaxWithValueOp::create(c.b, c.loc, flipped,
                                                         axis, keep, TypeAttr())
                               .getValues());
  }
  if (c.pushResult(results, mn, 0) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  return c.pushResult(results, mx, 1);
}

/// The product of `x` over `axis`: halves multiplied until one is left.
Value productAlong(Call &c, Value x, int64_t axis) {
  auto type = typeOf(x);
  int64_t rank = type.getRank();
  Type t = type.getElementType();
  int64_t n = type.getDimSize(axis);
  if (n == 0) {
    SmallVector<int64_t> shape(type.getShape());
    shape[axis] = 1;
    return splatOf(c, shape, t, 1);
  }
  while (n > 1) {
    SmallVector<int64_t> shape(typeOf(x).getShape());
    if (n % 2) {
      shape[axis] = 1;
      x = ms::ConcatOp::create(c.b, c.loc,
                               ValueRange{x, splatOf(c, shape, t, 1)}, axis);
      ++n;
      shape = SmallVector<int64_t>(typeOf(x).getShape());
    }
    SmallVector<int64_t> b0(rank, 0), e0(shape), b1(rank, 0), e1(shape),
        s(rank, 1);
    e0[axis] = n / 2;
    b1[axis] = n / 2;
    Value lo = ms::StridedSliceOp::create(c.b, c.loc, x, b0, e0, s);
    Value hi = ms::StridedSliceOp::create(c.b, c.loc, x, b1, e1, s);
    x = ms::MulOp::create(c.b, c.loc, lo, hi);
    n /= 2;
  }
  return x;
}

/// prod(dtype) and prod.dim_int(dim, keepdim, dtype).
CompositeResult prod(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  Type t = c.resultType().getElementType();
  if (!x || !(isa<FloatType>(t) || t.isSignlessInteger(64)))
    return c.refuse("a product to a dtype other than a float or int64");
  if (isa<FloatType>(t) != isFloat(x))
    return c.refuse("a product of an integer tensor to a float dtype (or the "
                    "reverse)");
  x = castTo(c, x, t);
  if (rankOf(x) == 0)
    return c.pushResult(results, x);
  std::optional<int64_t> dim = c.intArg("dim");
  if (!dim) {
    x = ms::ReshapeOp::create(c.b, c.loc, x,
                              ArrayRef<int64_t>{typeOf(x).getNumElements()});
    return c.pushResult(results, productAlong(c, x, 0));
  }
  int64_t d = *dim < 0 ? *dim + rankOf(x) : *dim;
  if (d < 0 || d >= rankOf(x))
    return c.refuse("dim is out of range");
  return c.pushResult(results, productAlong(c, x, d));
}

/// count_nonzero(dim) / count_nonzero.dim_IntList(dim) -> int64.
CompositeResult countNonzero(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x)
    return c.refuse("missing self");
  if (typeOf(x).getNumElements() >= kExactCount)
    return c.refuse(
        "a count over 2^24 or more elements (not exact in float32)");
  SmallVector<int64_t> axis = axesOf(c, x);
  Value nz = elementTypeOf(x).isInteger(1)
                 ? x
                 : Value(ms::NotEqualOp::create(
                       c.b, c.loc, x, scalarOf(c, 0, elementTypeOf(x))));
  Value n = ms::ReduceSumOp::create(c.b, c.loc, castTo(c, nz, c.b.getF32Type()),
                                    axis, false);
  return c.pushResult(results, castTo(c, n, c.resultType().getElementType()));
}

/// x and the boundaries in one dtype (PyTorch compares in the promoted one).
FailureOr<std::pair<Value, Value>> comparable(Call &c, Value x, Value y) {
  Type a = elementTypeOf(x), b = elementTypeOf(y);
  if (a.isInteger(1) || b.isInteger(1)) {
    (void)c.refuse("boolean values or boundaries are not legalized");
    return failure();
  }
  if (a == b)
    return std::make_pair(x, y);
  if (isa<FloatType>(a) && isa<FloatType>(b)) {
    (void)c.refuse("values and boundaries of two float dtypes");
    return failure();
  }
  Type t = isa<FloatType>(a) ? a : isa<FloatType>(b) ? b : c.b.getI64Type();
  return std::make_pair(castTo(c, x, t), castTo(c, y, t));
}

/// The number of boundaries below each value: values [..., M] against
/// boundaries [..., K] (the same leading dims) or [K]; the count is of
/// boundaries < v (<= v when `right`), NaN values past all K.
CompositeResult countBelow(Call &c, SmallVectorImpl<Value> &results,
                           Value values, Value boundaries, bool right) {
  int64_t k = typeOf(boundaries).getShape().back();
  if (k >= kExactCount)
    return c.refuse("2^24 or more boundaries (the count is not exact in "
                    "float32)");
  auto pair = comparable(c, values, boundaries);
  if (failed(pair))
    return CompositeResult::Refused;
  auto [v, bd] = *pair;
  bool scalarValue = rankOf(v) == 0;
  if (scalarValue)
    v = ms::ReshapeOp::create(c.b, c.loc, v, ArrayRef<int64_t>{1});
  Value lhs = ms::ExpandDimsOp::create(c.b, c.loc, v, rankOf(v));
  Value rhs =
      rankOf(bd) == 1
          ? bd
          : Value(ms::ExpandDimsOp::create(c.b, c.loc, bd, rankOf(bd) - 1));
  SmallVector<int64_t> joined;
  if (failed(ms::inferBroadcastShape(typeOf(lhs).getShape(),
                                     typeOf(rhs).getShape(), joined)))
    return c.refuse("the values and the boundaries do not broadcast");
  Value below = right ? Value(ms::LessEqualOp::create(c.b, c.loc, rhs, lhs))
                      : Value(ms::LessOp::create(c.b, c.loc, rhs, lhs));
  Value count;
  if (k == 0) {
    SmallVector<int64_t> shape(typeOf(v).getShape());
    count = splatOf(c, shape, c.b.getF32Type(), 0);
  } else {
    count = ms::ReduceSumOp::create(
        c.b, c.loc, castTo(c, below, c.b.getF32Type()),
        ArrayRef<int64_t>{(int64_t)joined.size() - 1}, false);
  }
  if (isFloat(v))
    count = ms::SelectOp::create(
        c.b, c.loc, ms::NotEqualOp::create(c.b, c.loc, v, v),
        scalarOf(c, (double)k, c.b.getF32Type()), count);
  return c.pushResult(results,
                      castTo(c, count, c.resultType().getElementType()));
}

/// bucketize.Tensor(self, boundaries [K], out_int32, right).
CompositeResult bucketize(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self"), bd = c.operand("boundaries");
  if (!x || !bd || rankOf(bd) != 1)
    return c.refuse("expects a tensor and 1-D boundaries");
  return countBelow(c, results, x, bd, c.boolArg("right", false));
}

/// searchsorted.Tensor(sorted_sequence, self, out_int32, right, side,
/// sorter=None).
CompositeResult searchsorted(Call &c, SmallVectorImpl<Value> &results) {
  Value seq = c.operand("sorted_sequence"), x = c.operand("self");
  if (!seq || !x || rankOf(seq) < 1)
    return c.refuse("expects a sorted sequence and values");
  if (Value sorter = c.operand("sorter")) {
    // The sequence in sorted order: seq.gather(-1, sorter).
    if (typeOf(sorter).getShape() != typeOf(seq).getShape())
      return c.refuse("the sorter's shape differs from the sequence's");
    seq = ms::GatherDOp::create(c.b, c.loc, seq, sorter, rankOf(seq) - 1);
  }
  bool right = c.boolArg("right", false);
  if (auto side = c.stringArg("side"))
    right = *side == "right";
  if (rankOf(seq) > 1 &&
      (rankOf(x) != rankOf(seq) ||
       typeOf(x).getShape().drop_back() != typeOf(seq).getShape().drop_back()))
    return c.refuse("the sequence's and the values' leading dims differ");
  return countBelow(c, results, x, seq, right);
}

/// isin.Tensor_Tensor(elements, test_elements, assume_unique, invert) and
/// isin.Tensor_Scalar(elements, test_element, ...).
CompositeResult isin(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("elements");
  if (!x)
    return c.refuse("expects a tensor of elements");
  bool invert = c.boolArg("invert", false);
  Value test = c.operand("test_elements");
  Value found;
  if (!test) {
    std::optional<double> v = c.floatArg("test_element");
    if (!v)
      return c.refuse("missing test_element(s)");
    Type t = elementTypeOf(x);
    if (!isa<FloatType>(t) && *v != (double)(int64_t)*v)
      return c.refuse("a float test element for an integer tensor");
    found = ms::EqualOp::create(c.b, c.loc, x, scalarOf(c, *v, t));
  } else if (typeOf(test).getNumElements() == 0) {
    found = splatOf(c, typeOf(x).getShape(), c.b.getI1Type(), 0);
  } else {
    if (typeOf(test).getNumElements() *
            std::max<int64_t>(typeOf(x).getNumElements(), 1) >=
        kExactCount)
      return c.refuse("2^24 or more comparisons");
    auto pair = comparable(c, x, test);
    if (failed(pair))
      return CompositeResult::Refused;
    auto [e, t] = *pair;
    t = ms::ReshapeOp::create(c.b, c.loc, t,
                              ArrayRef<int64_t>{typeOf(t).getNumElements()});
    Value eq = ms::EqualOp::create(
        c.b, c.loc, ms::ExpandDimsOp::create(c.b, c.loc, e, rankOf(e)), t);
    Value any =
        ms::ReduceMaxOp::create(c.b, c.loc, castTo(c, eq, c.b.getF32Type()),
                                ArrayRef<int64_t>{rankOf(e)}, false);
    found = ms::NotEqualOp::create(c.b, c.loc, any,
                                   scalarOf(c, 0, c.b.getF32Type()));
  }
  if (invert)
    found = ms::LogicalNotOp::create(c.b, c.loc, found);
  return c.pushResult(results, found);
}

} // namespace

const CompositeTable &mlir::ascend::reductionTable() {
  static const CompositeTable table = {
      {"aten.var_mean.correction", inFloat32<varMean<false>>},
      {"aten.var_mean.dim", inFloat32<varMean<false>>},
      {"aten.std_mean.correction", inFloat32<varMean<true>>},
      {"aten.std_mean.dim", inFloat32<varMean<true>>},
      {"aten.aminmax.default", aminmax},
      {"aten.prod.default", prod},
      {"aten.prod.dim_int", prod},
      {"aten.count_nonzero.default", countNonzero},
      {"aten.count_nonzero.dim_IntList", countNonzero},
      {"aten.bucketize.Tensor", bucketize},
      {"aten.searchsorted.Tensor", searchsorted},
      {"aten.isin.Tensor_Tensor", isin},
      {"aten.isin.Tensor_Scalar", isin},
  };
  return table;
}
