//===- AtenElementwise.cpp - elementwise aten ops without one primitive ---===//
//
// The elementwise math of PyTorch that MindSpore has no primitive of the
// same semantics for, composed from the primitives the dialect has, each as
// PyTorch's CPU kernel computes it (c10's formulas, not approximations):
// frac, the rounding divisions and remainders (div rounding_mode,
// floor_divide, remainder, fmod), copysign and signbit, xlogy and
// special_xlog1py, hypot, logit, nan_to_num, heaviside, logaddexp2, sinc,
// special_entr, angle of real tensors, round(decimals) and pow(number,
// tensor) (issue 19: OpInfo
// coverage). A form a handler does not cover
// (an integer tensor where it needs floats, operands of two dtypes) is
// refused with the reason, which the caller reports with the op, the dtype
// and the source line.
//
// Internal to AtenComposites.cpp's legalizeAtenComposite, which asks this
// table after its own (see AtenComposites.h).
//
//===----------------------------------------------------------------------===//
#include "AtenCall.h"
#include "AtenComposites.h"

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

/// One recorded elementwise call (AtenCall.h) and the primitive builders
/// its handlers share.
struct Elementwise : AtenCompositeCall {
  // Builders of the primitives (result types inferred, broadcasting).
  Value k(double v, Type t) const {
    return buildSplatConstant(b, loc, RankedTensorType::get({}, t), v);
  }
  template <typename Op> Value make(Value l, Value r) const {
    return Op::create(b, loc, l, r);
  }
  template <typename Op> Value make(Value x) const {
    return Op::create(b, loc, x);
  }
  Value select(Value c, Value l, Value r) const {
    return ms::SelectOp::create(b, loc, c, l, r);
  }
  Value isNan(Value v) const { return make<ms::NotEqualOp>(v, v); }
};

Type elementOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}
bool isFloat(Value v) { return isa<FloatType>(elementOf(v)); }
bool isSignedInt(Value v) {
  Type t = elementOf(v);
  return t.isSignlessInteger() && !t.isInteger(1);
}

/// The tensor `self` and the second operand `name` (a tensor, or a number
/// argument made a 0-d constant of self's dtype). A tensor of another float
/// dtype than self's is cast when it is 0-d (a wrapped number); integers
/// need self to be an integer tensor of the same dtype (`integers`).
FailureOr<std::pair<Value, Value>> pairOf(Elementwise &c, StringRef name,
                                          bool integers, StringRef self = "self") {
  Value a = c.operand(self);
  if (!a || !(isFloat(a) || (integers && isSignedInt(a)))) {
    (void)c.refuse(integers ? "expects a floating-point or signed integer tensor"
                            : "expects a floating-point tensor");
    return failure();
  }
  Type t = elementOf(a);
  Value o = c.operand(name);
  if (o && elementOf(o) != t) {
    auto type = cast<RankedTensorType>(o.getType());
    if (type.getRank() != 0 || !isFloat(a) || !isa<FloatType>(type.getElementType())) {
      (void)c.refuse("operands of different dtypes need a Cast");
      return failure();
    }
    o = ms::CastOp::create(c.b, c.loc, type.clone(t), o);
  }
  if (!o) {
    std::optional<double> n = c.floatArg(name);
    if (!n) {
      (void)c.refuse(Twine("missing ") + name);
      return failure();
    }
    o = c.k(*n, t);
  }
  return std::make_pair(a, o);
}

CompositeResult push(Elementwise &c, SmallVectorImpl<Value> &results, Value v) {
  RankedTensorType want = c.resultType();
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() != want.getElementType() &&
      isa<FloatType>(type.getElementType()) == isa<FloatType>(want.getElementType()))
    v = ms::CastOp::create(c.b, c.loc, type.clone(want.getElementType()), v);
  type = cast<RankedTensorType>(v.getType());
  if (type.getShape() != want.getShape() || type.getElementType() != want.getElementType())
    return c.refuse("the computed result type differs from the recorded one");
  results.push_back(v);
  return CompositeResult::Legalized;
}

/// Whether the sign bit of float `x` is set (x < 0, or x is -0.0: 1 / x < 0).
Value signBit(Elementwise &c, Value x) {
  Type t = elementOf(x);
  Value zero = c.k(0, t);
  Value negZero = c.make<ms::LogicalAndOp>(
      c.make<ms::EqualOp>(x, zero),
      c.make<ms::LessOp>(c.make<ms::RealDivOp>(c.k(1, t), x), zero));
  return c.make<ms::LogicalOrOp>(c.make<ms::LessOp>(x, zero), negZero);
}

/// frac(x) = x - trunc(x).
CompositeResult frac(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isFloat(x))
    return c.refuse("expects a floating-point tensor");
  return push(c, results, c.make<ms::SubOp>(x, c.make<ms::TruncOp>(x)));
}

/// remainder (FloorMod), fmod (TruncateMod) and floor_divide (FloorDiv),
/// on floats and signed integers.
template <typename Op>
CompositeResult roundingBinary(Elementwise &c, SmallVectorImpl<Value> &results) {
  auto pair = pairOf(c, "other", /*integers=*/true);
  if (failed(pair))
    return CompositeResult::Refused;
  return push(c, results, c.make<Op>(pair->first, pair->second));
}

/// div(self, other, rounding_mode): None is RealDiv, "trunc" Trunc(RealDiv)
/// (ATen's trunc(a / b)), "floor" FloorDiv.
CompositeResult divMode(Elementwise &c, SmallVectorImpl<Value> &results) {
  std::optional<std::string> mode = c.stringArg("rounding_mode");
  bool floor = mode && *mode == "floor";
  auto pair = pairOf(c, "other", /*integers=*/floor);
  if (failed(pair))
    return CompositeResult::Refused;
  auto [a, o] = *pair;
  if (floor)
    return push(c, results, c.make<ms::FloorDivOp>(a, o));
  Value q = c.make<ms::RealDivOp>(a, o);
  if (mode && *mode == "trunc")
    q = c.make<ms::TruncOp>(q);
  else if (mode)
    return c.refuse("rounding_mode '" + *mode + "' (expected trunc or floor)");
  return push(c, results, q);
}

/// copysign(a, b) = |a| with b's sign bit.
CompositeResult copysign(Elementwise &c, SmallVectorImpl<Value> &results) {
  auto pair = pairOf(c, "other", false);
  if (failed(pair))
    return CompositeResult::Refused;
  auto [a, o] = *pair;
  Value mag = c.make<ms::AbsOp>(a);
  return push(c, results,
              c.select(signBit(c, o), c.make<ms::NegOp>(mag), mag));
}

CompositeResult signbit(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isFloat(x))
    return c.refuse("expects a floating-point tensor");
  return push(c, results, signBit(c, x));
}

/// xlogy(x, y) = 0 where x == 0 (and y is not NaN), x * log(y) elsewhere;
/// special_xlog1py the same with log1p(y) = log(1 + y).
template <bool OnePlus>
CompositeResult xlogy(Elementwise &c, SmallVectorImpl<Value> &results) {
  auto pair = pairOf(c, "other", false);
  if (failed(pair))
    return CompositeResult::Refused;
  auto [x, y] = *pair;
  Type t = elementOf(x);
  Value arg = OnePlus ? c.make<ms::AddOp>(y, c.k(1, t)) : y;
  Value product = c.make<ms::MulOp>(x, c.make<ms::LogOp>(arg));
  Value r = c.select(c.make<ms::EqualOp>(x, c.k(0, t)), c.k(0, t), product);
  Value nan = c.k(std::numeric_limits<double>::quiet_NaN(), t);
  return push(c, results, c.select(c.isNan(y), nan, r));
}

/// hypot(a, b) = sqrt(a * a + b * b).
CompositeResult hypot(Elementwise &c, SmallVectorImpl<Value> &results) {
  auto pair = pairOf(c, "other", false);
  if (failed(pair))
    return CompositeResult::Refused;
  auto [a, o] = *pair;
  Value sum = c.make<ms::AddOp>(c.make<ms::MulOp>(a, a), c.make<ms::MulOp>(o, o));
  return push(c, results, c.make<ms::SqrtOp>(sum));
}

/// logit(x, eps) = log(z / (1 - z)), z = clamp(x, eps, 1 - eps) when eps
/// is given, x otherwise.
CompositeResult logit(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isFloat(x))
    return c.refuse("expects a floating-point tensor");
  Type t = elementOf(x);
  Value z = x;
  if (std::optional<double> eps = c.floatArg("eps"))
    z = c.make<ms::MinimumOp>(c.make<ms::MaximumOp>(x, c.k(*eps, t)), c.k(1 - *eps, t));
  Value ratio = c.make<ms::RealDivOp>(z, c.make<ms::SubOp>(c.k(1, t), z));
  return push(c, results, c.make<ms::LogOp>(ratio));
}

/// nan_to_num(x, nan = 0, posinf = max, neginf = lowest of the dtype).
CompositeResult nanToNum(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isFloat(x))
    return c.refuse("expects a floating-point tensor");
  auto ft = cast<FloatType>(elementOf(x));
  double largest = llvm::APFloat::getLargest(ft.getFloatSemantics()).convertToDouble();
  double inf = std::numeric_limits<double>::infinity();
  Value r = c.select(c.isNan(x), c.k(c.floatArg("nan").value_or(0), ft), x);
  r = c.select(c.make<ms::EqualOp>(x, c.k(inf, ft)),
               c.k(c.floatArg("posinf").value_or(largest), ft), r);
  r = c.select(c.make<ms::EqualOp>(x, c.k(-inf, ft)),
               c.k(c.floatArg("neginf").value_or(-largest), ft), r);
  return push(c, results, r);
}

/// heaviside(x, values) = values where x == 0, else x > 0 (NaN gives 0).
CompositeResult heaviside(Elementwise &c, SmallVectorImpl<Value> &results) {
  auto pair = pairOf(c, "values", /*integers=*/true);
  if (failed(pair))
    return CompositeResult::Refused;
  auto [x, v] = *pair;
  Type t = elementOf(x);
  Value step = c.select(c.make<ms::GreaterOp>(x, c.k(0, t)), c.k(1, t), c.k(0, t));
  return push(c, results, c.select(c.make<ms::EqualOp>(x, c.k(0, t)), v, step));
}

/// logaddexp2(a, b) = m + log2(1 + 2^-|a - b|), m = max(a, b); a == b = inf
/// gives a.
CompositeResult logaddexp2(Elementwise &c, SmallVectorImpl<Value> &results) {
  auto pair = pairOf(c, "other", false);
  if (failed(pair))
    return CompositeResult::Refused;
  auto [a, o] = *pair;
  Type t = elementOf(a);
  Value m = c.make<ms::MaximumOp>(a, o);
  Value d = c.make<ms::NegOp>(c.make<ms::AbsOp>(c.make<ms::SubOp>(a, o)));
  Value p = c.make<ms::ExpOp>(c.make<ms::MulOp>(d, c.k(std::log(2.0), t)));
  Value l = c.make<ms::MulOp>(c.make<ms::LogOp>(c.make<ms::AddOp>(p, c.k(1, t))),
                              c.k(1.0 / std::log(2.0), t));
  Value r = c.make<ms::AddOp>(m, l);
  Value infinite = c.make<ms::LogicalAndOp>(
      c.make<ms::EqualOp>(a, o),
      c.make<ms::EqualOp>(c.make<ms::AbsOp>(a),
                          c.k(std::numeric_limits<double>::infinity(), t)));
  return push(c, results, c.select(infinite, a, r));
}

/// angle(x) of a real float tensor: pi where x < 0, 0 elsewhere, NaN kept
/// (angle_impl of ATen/native/cpu/zmath.h).
CompositeResult angle(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isFloat(x))
    return c.refuse("expects a real floating-point tensor");
  Type t = elementOf(x);
  Value r = c.select(c.make<ms::LessOp>(x, c.k(0, t)), c.k(M_PI, t), c.k(0, t));
  return push(c, results, c.select(c.isNan(x), x, r));
}

/// sinc(x) = sin(pi x) / (pi x), 1 at 0.
CompositeResult sinc(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isFloat(x))
    return c.refuse("expects a floating-point tensor");
  Type t = elementOf(x);
  Value px = c.make<ms::MulOp>(x, c.k(M_PI, t));
  Value q = c.make<ms::RealDivOp>(c.make<ms::SinOp>(px), px);
  return push(c, results, c.select(c.make<ms::EqualOp>(x, c.k(0, t)), c.k(1, t), q));
}

/// special_entr(x) = -x log x for x > 0, 0 at 0, -inf below, NaN for NaN.
CompositeResult entr(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x || !isFloat(x))
    return c.refuse("expects a floating-point tensor");
  Type t = elementOf(x);
  Value positive = c.make<ms::NegOp>(c.make<ms::MulOp>(x, c.make<ms::LogOp>(x)));
  Value r = c.select(c.make<ms::LessOp>(x, c.k(0, t)),
                     c.k(-std::numeric_limits<double>::infinity(), t), positive);
  r = c.select(c.make<ms::EqualOp>(x, c.k(0, t)), c.k(0, t), r);
  return push(c, results, c.select(c.isNan(x), x, r));
}

/// round(x, decimals) as ATen's CPU kernel: with 10^|decimals| in x's dtype,
/// Round(x * p) / p for decimals >= 0, Round(x / p) * p below (Round is
/// half to even, as nearbyint).
CompositeResult roundDecimals(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  std::optional<int64_t> decimals = c.intArg("decimals");
  if (!x || !isFloat(x))
    return c.refuse("expects a floating-point tensor");
  if (!decimals)
    return c.refuse("missing decimals");
  Type t = elementOf(x);
  Value p = c.k(std::pow(10.0, (double)std::abs(*decimals)), t);
  if (*decimals >= 0)
    return push(c, results, c.make<ms::RealDivOp>(
                                c.make<ms::RoundOp>(c.make<ms::MulOp>(x, p)), p));
  return push(c, results, c.make<ms::MulOp>(
                              c.make<ms::RoundOp>(c.make<ms::RealDivOp>(x, p)), p));
}

/// pow(number self, tensor exponent) = Pow(self as a 0-d constant of the
/// exponent's dtype, exponent), float exponents only.
CompositeResult powScalarBase(Elementwise &c, SmallVectorImpl<Value> &results) {
  Value e = c.operand("exponent");
  std::optional<double> base = c.floatArg("self");
  if (!e || !isFloat(e))
    return c.refuse("expects a floating-point exponent tensor");
  if (!base)
    return c.refuse("missing the base number");
  if (elementOf(e) != c.resultType().getElementType())
    return c.refuse("a result dtype other than the exponent's");
  return push(c, results, c.make<ms::PowOp>(c.k(*base, elementOf(e)), e));
}

using Handler = CompositeResult (*)(Elementwise &, SmallVectorImpl<Value> &);

const llvm::StringMap<Handler> &elementwiseTable() {
  static const llvm::StringMap<Handler> table = {
      {"aten.frac.default", frac},
      {"aten.remainder.Tensor", roundingBinary<ms::FloorModOp>},
      {"aten.remainder.Scalar", roundingBinary<ms::FloorModOp>},
      {"aten.fmod.Tensor", roundingBinary<ms::TruncateModOp>},
      {"aten.fmod.Scalar", roundingBinary<ms::TruncateModOp>},
      {"aten.floor_divide.default", roundingBinary<ms::FloorDivOp>},
      {"aten.floor_divide.Scalar", roundingBinary<ms::FloorDivOp>},
      {"aten.div.Tensor_mode", divMode},
      {"aten.div.Scalar_mode", divMode},
      {"aten.copysign.Tensor", copysign},
      {"aten.copysign.Scalar", copysign},
      {"aten.signbit.default", signbit},
      {"aten.angle.default", angle},
      {"aten.xlogy.Tensor", xlogy<false>},
      {"aten.xlogy.Scalar_Other", xlogy<false>},
      {"aten.special_xlog1py.default", xlogy<true>},
      {"aten.special_xlog1py.other_scalar", xlogy<true>},
      {"aten.hypot.default", hypot},
      {"aten.logit.default", logit},
      {"aten.nan_to_num.default", nanToNum},
      {"aten.heaviside.default", heaviside},
      {"aten.logaddexp2.default", logaddexp2},
      {"aten.sinc.default", sinc},
      {"aten.special_entr.default", entr},
      {"aten.round.decimals", roundDecimals},
      {"aten.pow.Scalar", powScalarBase},
  };
  return table;
}

} // namespace

bool mlir::ascend::isAtenElementwise(StringRef name) {
  return elementwiseTable().count(name);
}

CompositeResult mlir::ascend::legalizeAtenElementwise(
    pynative::RecordedOp op, ValueRange operands, OpBuilder &builder,
    SmallVectorImpl<Value> &results, std::string &why) {
  return runCompositeHandler<Elementwise>(elementwiseTable(), op, operands, builder, results,
                                 why);
}
