//===- AtenScans.cpp - cumulative ops as log-step scans
//---------------------===//
//
// PyTorch's cumulative ops that MindSpore's dialect here has no primitive
// for (issue 19: OpInfo coverage): cumprod, cummax, cummin (values and
// indices) and logcumsumexp, each an inclusive scan along `dim` in
// ceil(log2 n) steps (Hillis-Steele): at step s the running value is
// combined with itself shifted by s along dim (StridedSlice + Concat with
// the combination's identity in front). Every combination is associative,
// so the result is the sequential one up to the rounding of a reordered
// product or log-sum (cumprod, logcumsumexp):
//
//   cumprod      a * b, identity 1 (floats and signed integers: wrapping as
//                PyTorch's int64 products do; integer and bool inputs
//                promoted to the recorded int64 result)
//   cumsum       of an integer result (integerCumsum): a + b, identity 0,
//                wrapping as int64 sums do
//   logcumsumexp m + log(exp(a - m) + exp(b - m)), m = max(a, b); m itself
//                where m is +-inf (floats)
//   cummax/min   (value, index) pairs: the later one wins when it is NaN,
//                or when the earlier is not NaN and the later >= (<=) it,
//                PyTorch's rule (a NaN propagates with the index of the
//                latest NaN; ties take the later index); the shifted-in
//                places (index -1) never win.
//
// cumsum of a float result stays in AtenComposites.cpp (a MatMul with a
// triangle of ones).
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

std::string dtypeName(Type t) {
  std::string s;
  llvm::raw_string_ostream(s) << t;
  return s;
}

Value splatOf(Call &c, ArrayRef<int64_t> shape, Type t, double v) {
  return buildSplatConstant(c.b, c.loc, RankedTensorType::get(shape, t), v);
}

/// `x` shifted by `s` along `d`: `fill` in the first s places, x[0 : n - s]
/// after.
Value shifted(Call &c, Value x, int64_t d, int64_t s, double fill) {
  auto type = typeOf(x);
  int64_t rank = type.getRank(), n = type.getDimSize(d);
  SmallVector<int64_t> begin(rank, 0), end(type.getShape()), strides(rank, 1);
  end[d] = n - s;
  SmallVector<int64_t> head(type.getShape());
  head[d] = s;
  Value rest = ms::StridedSliceOp::create(c.b, c.loc, x, begin, end, strides);
  return ms::ConcatOp::create(
      c.b, c.loc,
      ValueRange{splatOf(c, head, type.getElementType(), fill), rest}, d);
}

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Scan {
  Value self;
  int64_t d;
  Type t;
};

/// self and dim, checked: a float or signed integer (`integers`) tensor; a
/// 0-d tensor is scanned as [1].
FailureOr<Scan> scanOf(Call &c, bool integers) {
  Value self = c.operand("self");
  std::optional<int64_t> dim = c.intArg("dim");
  if (!self || !dim) {
    (void)c.refuse("missing self or dim");
    return failure();
  }
  Type t = typeOf(self).getElementType();
  // cumprod(dtype=...) casts first; so does an integer or bool input whose
  // recorded result is another signed integer type (int64: PyTorch
  // promotes them, at::cumsum/cumprod's integral-to-long rule).
  Type want = c.resultType().getElementType();
  bool integral = integers && want.isSignlessInteger() && !want.isInteger(1) &&
                  t.isSignlessInteger();
  if (want != t && (isa<FloatType>(want) || integral) &&
      c.op.getNumResults() == 1) {
    self = ms::CastOp::create(c.b, c.loc, typeOf(self).clone(want), self);
    t = want;
  }
  bool ok = isa<FloatType>(t) ||
            (integers && t.isSignlessInteger() && !t.isInteger(1));
  if (!ok || want != t) {
    (void)c.refuse(c.op.getName() + " of " + dtypeName(t) + " to " +
                   dtypeName(want) + " is not legalized yet (" +
                   (integers ? "floats and signed integers" : "floats") +
                   " of one dtype)");
    return failure();
  }
  int64_t rank = typeOf(self).getRank();
  if (rank == 0) {
    self = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{1});
    rank = 1;
  }
  int64_t d = *dim < 0 ? *dim + rank : *dim;
  if (d < 0 || d >= rank) {
    (void)c.refuse("dim out of range");
    return failure();
  }
  return Scan{self, d, t};
}

/// cumprod(dim, dtype) and logcumsumexp(dim).
template <bool LogSumExp>
CompositeResult scanValues(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Scan> s = scanOf(c, !LogSumExp);
  if (failed(s))
    return CompositeResult::Refused;
  Value x = s->self;
  int64_t n = typeOf(x).getDimSize(s->d);
  double identity = LogSumExp ? -kInf : 1.0;
  for (int64_t step = 1; step < n; step *= 2) {
    Value a = shifted(c, x, s->d, step, identity);
    if (!LogSumExp) {
      x = ms::MulOp::create(c.b, c.loc, a, x);
      continue;
    }
    Value m = ms::MaximumOp::create(c.b, c.loc, a, x);
    Value sum = ms::AddOp::create(
        c.b, c.loc, ms::ExpOp::create(c.b, c.loc, ms::SubOp::create(c.b, c.loc, a, m)),
        ms::ExpOp::create(c.b, c.loc, ms::SubOp::create(c.b, c.loc, x, m)));
    Value r = ms::AddOp::create(c.b, c.loc, m, ms::LogOp::create(c.b, c.loc, sum));
    Value inf = ms::EqualOp::create(c.b, c.loc, ms::AbsOp::create(c.b, c.loc, m),
                                    splatOf(c, {}, s->t, kInf));
    x = ms::SelectOp::create(c.b, c.loc, inf, m, r);
  }
  return c.pushResult(results, x, 0);
}

} // namespace

CompositeResult mlir::ascend::integerCumsum(AtenCompositeCall &c,
                                            SmallVectorImpl<Value> &results) {
  FailureOr<Scan> s = scanOf(c, /*integers=*/true);
  if (failed(s))
    return CompositeResult::Refused;
  Value x = s->self;
  int64_t n = typeOf(x).getDimSize(s->d);
  for (int64_t step = 1; step < n; step *= 2)
    x = ms::AddOp::create(c.b, c.loc, shifted(c, x, s->d, step, 0), x);
  return c.pushResult(results, x, 0);
}

namespace {

/// cummax / cummin(dim) -> (values, indices).
template <bool Max>
CompositeResult scanExtreme(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Scan> s = scanOf(c, true);
  if (failed(s))
    return CompositeResult::Refused;
  Value v = s->self;
  auto type = typeOf(v);
  int64_t rank = type.getRank(), n = type.getDimSize(s->d);
  Type i64 = c.b.getI64Type();
  SmallVector<int64_t> line(rank, 1);
  line[s->d] = n;
  SmallVector<Attribute> iota;
  for (int64_t i = 0; i < n; ++i)
    iota.push_back(IntegerAttr::get(i64, i));
  Value idx = ms::BroadcastToOp::create(
      c.b, c.loc,
      ms::ConstantOp::create(
          c.b, c.loc,
          DenseElementsAttr::get(RankedTensorType::get(line, i64), iota)),
      type.getShape());
  bool isFloat = isa<FloatType>(s->t);
  for (int64_t step = 1; step < n; step *= 2) {
    Value av = shifted(c, v, s->d, step, 0);
    Value ai = shifted(c, idx, s->d, step, -1);
    // The later (v) wins when it is NaN, or when the earlier is no NaN and
    // v >= (<=) it.
    Value wins = Max ? Value(ms::GreaterEqualOp::create(c.b, c.loc, v, av))
                     : Value(ms::LessEqualOp::create(c.b, c.loc, v, av));
    if (isFloat) {
      Value vNan = ms::NotEqualOp::create(c.b, c.loc, v, v);
      Value aNan = ms::NotEqualOp::create(c.b, c.loc, av, av);
      wins = ms::LogicalOrOp::create(
          c.b, c.loc, vNan,
          ms::LogicalAndOp::create(c.b, c.loc,
                                   ms::LogicalNotOp::create(c.b, c.loc, aNan),
                                   wins));
    }
    // The shifted-in places (index -1) never win.
    wins = ms::LogicalOrOp::create(
        c.b, c.loc, wins,
        ms::LessOp::create(c.b, c.loc, ai, splatOf(c, {}, i64, 0)));
    v = ms::SelectOp::create(c.b, c.loc, wins, v, av);
    idx = ms::SelectOp::create(c.b, c.loc, wins, idx, ai);
  }
  if (c.pushResult(results, v, 0) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  return c.pushResult(results, idx, 1);
}

} // namespace

const CompositeTable &mlir::ascend::scanTable() {
  static const CompositeTable table = {
      {"aten.cumprod.default", scanValues<false>},
      {"aten.logcumsumexp.default", scanValues<true>},
      {"aten.cummax.default", scanExtreme<true>},
      {"aten.cummin.default", scanExtreme<false>},
  };
  return table;
}
