//===- AtenSpecial.cpp - the gamma family of special functions ------------===//
//
// PyTorch's gamma-function family (issue 19: OpInfo coverage), elementwise
// from the primitives every level has, following the formulas of PyTorch's
// CPU kernels (ATen/native/Math.h, after Cephes):
//
//   digamma(x)      x < 0: digamma(1 - x) - pi / tan(pi frac(x)) (NaN at
//                   the negative integers, -+inf at +-0); then the
//                   recurrence psi(x) = psi(x + 1) - 1/x up to x >= 10 (ten
//                   masked steps) and the asymptotic series there;
//   polygamma(n, x) n = 0: digamma; n = 1: PyTorch's trigamma (reflection
//                   below 0.5, six recurrence steps, the asymptotic
//                   series); n >= 2: (-1)^(n+1) n! zeta(n + 1, x) with
//                   Cephes' Hurwitz zeta: the sum up to a > 9 (9 steps, then
//                   up to 31 more masked ones: x > -31; smaller x gives NaN
//                   instead of a wrong number) and the Euler-Maclaurin tail
//                   of 12 terms;
//   lgamma(x)       x < 0.5: log(pi) - log|sin(pi frac(x))| - lgamma(1 - x)
//                   (+inf at the poles); then lgamma(x) = lgamma(x + 8) -
//                   log(x (x + 1) ...) (eight masked steps) and Stirling's
//                   series at x >= 8;
//   mvlgamma(x, p)  p (p - 1) / 4 log(pi) + sum over j < p of
//                   lgamma(x - j / 2).
//
// Computed in float32 for float16/bfloat16 (PyTorch computes them in float
// too) and cast back; float32 and float64 in their own type. Integer and
// bool tensors are refused with the op and dtype. The results agree with
// eager's to the rounding of float32 arithmetic (the recurrences and series
// are the same; libm's lgamma is another method, within 1e-5).
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

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

using Call = AtenCompositeCall;
using Handler = CompositeHandler;

constexpr double kPi = 3.14159265358979323846;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

/// The builders of one special-function call, in the work type `t`.
struct Special {
  Call &c;
  Type t;

  Value k(double v) const {
    return buildSplatConstant(c.b, c.loc, RankedTensorType::get({}, t), v);
  }
  Value add(Value a, Value b) const { return ms::AddOp::create(c.b, c.loc, a, b); }
  Value sub(Value a, Value b) const { return ms::SubOp::create(c.b, c.loc, a, b); }
  Value mul(Value a, Value b) const { return ms::MulOp::create(c.b, c.loc, a, b); }
  Value div(Value a, Value b) const {
    return ms::RealDivOp::create(c.b, c.loc, a, b);
  }
  Value log(Value a) const { return ms::LogOp::create(c.b, c.loc, a); }
  Value sel(Value m, Value a, Value b) const {
    return ms::SelectOp::create(c.b, c.loc, m, a, b);
  }
  Value lt(Value a, Value b) const { return ms::LessOp::create(c.b, c.loc, a, b); }
  Value le(Value a, Value b) const {
    return ms::LessEqualOp::create(c.b, c.loc, a, b);
  }
  Value eq(Value a, Value b) const { return ms::EqualOp::create(c.b, c.loc, a, b); }
  Value land(Value a, Value b) const {
    return ms::LogicalAndOp::create(c.b, c.loc, a, b);
  }
  Value trunc(Value a) const { return ms::TruncOp::create(c.b, c.loc, a); }
  Value sin(Value a) const { return ms::SinOp::create(c.b, c.loc, a); }
  Value cos(Value a) const { return ms::CosOp::create(c.b, c.loc, a); }
  Value abs(Value a) const { return ms::AbsOp::create(c.b, c.loc, a); }
  /// The fractional part x - trunc(x) (modf's).
  Value frac(Value x) const { return sub(x, trunc(x)); }
  /// Horner's rule: coefficients from the highest power (Cephes' polevl).
  Value polevl(Value z, ArrayRef<double> coefficients) const {
    Value r = k(coefficients[0]);
    for (double a : coefficients.drop_front())
      r = add(mul(r, z), k(a));
    return r;
  }

  /// digamma(x), see the file comment.
  Value digamma(Value x) const {
    Value neg = lt(x, k(0));
    Value z = sel(neg, sub(k(1), x), x);
    Value result = k(0);
    for (int i = 0; i < 10; ++i) {
      Value m = lt(z, k(10));
      result = sub(result, sel(m, div(k(1), z), k(0)));
      z = sel(m, add(z, k(1)), z);
    }
    static const double A[] = {
        8.33333333333333333333E-2, -2.10927960927960927961E-2,
        7.57575757575757575758E-3, -4.16666666666666666667E-3,
        3.96825396825396825397E-3, -8.33333333333333333333E-3,
        8.33333333333333333333E-2};
    Value zz = div(k(1), mul(z, z));
    Value y = mul(zz, polevl(zz, A));
    Value psi = sub(sub(add(result, log(z)), div(k(0.5), z)), y);
    // pi / tan(pi r) of the fractional part r of x.
    Value pr = mul(k(kPi), frac(x));
    Value reflection = div(mul(k(kPi), cos(pr)), sin(pr));
    Value out = sel(neg, sub(psi, reflection), psi);
    out = sel(land(neg, eq(x, trunc(x))), k(kNan), out);
    // -+inf at +-0 (copysign(inf, -x)).
    Value negZero = lt(div(k(1), x), k(0));
    return sel(eq(x, k(0)), sel(negZero, k(kInf), k(-kInf)), out);
  }

  /// PyTorch's trigamma(x) (calc_trigamma).
  Value trigamma(Value x) const {
    Value small = lt(x, k(0.5));
    Value s = sin(mul(k(kPi), x));
    Value result = sel(small, sub(k(0), div(k(kPi * kPi), mul(s, s))), k(0));
    Value z = sel(small, sub(k(1), x), x);
    for (int i = 0; i < 6; ++i) {
      result = add(result, div(k(1), mul(z, z)));
      z = add(z, k(1));
    }
    Value ixx = div(k(1), mul(z, z));
    Value series = add(
        add(k(1), div(k(1), mul(k(2), z))),
        mul(ixx, sub(k(1. / 6), mul(ixx, sub(k(1. / 30), mul(ixx, k(1. / 42)))))));
    result = add(result, div(series, z));
    return sel(small, sub(k(0), result), result);
  }

  /// a^-e of an integer e >= 1 by products (a may be negative).
  Value powNeg(Value a, int64_t e) const {
    Value p = a;
    for (int64_t i = 1; i < e; ++i)
      p = mul(p, a);
    return div(k(1), p);
  }

  /// Cephes' Hurwitz zeta(s, q) for an integer s >= 2.
  Value zeta(int64_t s, Value q) const {
    static const double A[] = {
        12.0, -720.0, 30240.0, -1209600.0, 47900160.0,
        -1.8924375803183791606e9, 7.47242496e10, -2.950130727918164224e12,
        1.1646782814350067249e14, -4.5979787224074726105e15,
        1.8152105401943546773e17, -7.1661652561756670113e18};
    Value sum = powNeg(q, s);
    Value a = q, b = k(0);
    // while (i < 9 || a <= 9): 9 steps, then masked ones while a <= 9.
    for (int i = 0; i < 9 + 31; ++i) {
      Value step = i < 9 ? Value() : le(a, k(9));
      Value na = add(a, k(1));
      Value nb = powNeg(na, s);
      if (step) {
        a = sel(step, na, a);
        b = sel(step, nb, b);
        sum = add(sum, sel(step, nb, k(0)));
      } else {
        a = na;
        b = nb;
        sum = add(sum, nb);
      }
    }
    Value unfinished = le(a, k(9));
    Value w = a;
    sum = add(sum, div(mul(b, w), k((double)s - 1)));
    sum = sub(sum, mul(k(0.5), b));
    double fa = 1.0, kk = 0.0;
    Value bb = b;
    for (int i = 0; i < 12; ++i) {
      fa *= (double)s + kk;
      bb = div(bb, w);
      sum = add(sum, mul(k(fa / A[i]), bb));
      kk += 1.0;
      fa *= (double)s + kk;
      bb = div(bb, w);
      kk += 1.0;
    }
    // q <= 0 an integer: a pole.
    Value pole = land(le(q, k(0)), eq(q, trunc(q)));
    sum = sel(pole, k(kInf), sum);
    return sel(unfinished, k(kNan), sum);
  }

  /// lgamma(x), see the file comment.
  Value lgamma(Value x) const {
    Value small = lt(x, k(0.5));
    Value z = sel(small, sub(k(1), x), x);
    Value acc = k(0);
    for (int i = 0; i < 8; ++i) {
      Value m = lt(z, k(8));
      acc = add(acc, sel(m, log(z), k(0)));
      z = sel(m, add(z, k(1)), z);
    }
    Value iz = div(k(1), z), iz2 = mul(iz, iz);
    Value series =
        mul(iz, sub(k(1. / 12), mul(iz2, sub(k(1. / 360), mul(iz2, k(1. / 1260))))));
    Value stirling = add(sub(mul(sub(z, k(0.5)), log(z)), z),
                         add(k(0.91893853320467274178), series));
    Value lg = sub(stirling, acc);
    Value s = abs(sin(mul(k(kPi), frac(x))));
    Value reflection = sub(sub(k(1.14472988584940017414), log(s)), lg);
    Value out = sel(small, reflection, lg);
    Value pole = land(le(x, k(0)), eq(x, trunc(x)));
    return sel(pole, k(kInf), out);
  }
};

/// self in its work type (float32 for float16/bfloat16), or a refusal.
FailureOr<std::pair<Value, Type>> workInput(Call &c) {
  Value self = c.operand("self");
  if (!self) {
    (void)c.refuse("missing self");
    return failure();
  }
  auto type = cast<RankedTensorType>(self.getType());
  Type t = type.getElementType();
  if (!isa<FloatType>(t)) {
    std::string name;
    llvm::raw_string_ostream(name) << t;
    (void)c.refuse(c.op.getName() + " of " + name +
                   " is not legalized yet (a float tensor is expected)");
    return failure();
  }
  Type work = t.isF16() || t.isBF16() ? Type(c.b.getF32Type()) : t;
  if (work != t)
    self = ms::CastOp::create(c.b, c.loc, type.clone(work), self);
  return std::make_pair(self, work);
}

CompositeResult finish(Call &c, SmallVectorImpl<Value> &results, Value v) {
  RankedTensorType want = c.resultType();
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() != want.getElementType())
    v = ms::CastOp::create(c.b, c.loc, type.clone(want.getElementType()), v);
  if (cast<RankedTensorType>(v.getType()) != want)
    return c.refuse("the computed result type differs from the recorded one");
  results.push_back(v);
  return CompositeResult::Legalized;
}

CompositeResult digamma(Call &c, SmallVectorImpl<Value> &results) {
  auto in = workInput(c);
  if (failed(in))
    return CompositeResult::Refused;
  Special s{c, in->second};
  return finish(c, results, s.digamma(in->first));
}

CompositeResult lgamma(Call &c, SmallVectorImpl<Value> &results) {
  auto in = workInput(c);
  if (failed(in))
    return CompositeResult::Refused;
  Special s{c, in->second};
  return finish(c, results, s.lgamma(in->first));
}

CompositeResult polygamma(Call &c, SmallVectorImpl<Value> &results) {
  std::optional<int64_t> n = c.intArg("n");
  if (!n || *n < 0)
    return c.refuse("polygamma needs an order n >= 0");
  if (*n > 20)
    return c.refuse("polygamma of order " + Twine(*n) +
                    " (n! and the zeta terms overflow float32 past 20)");
  auto in = workInput(c);
  if (failed(in))
    return CompositeResult::Refused;
  Special s{c, in->second};
  Value x = in->first;
  if (*n == 0)
    return finish(c, results, s.digamma(x));
  if (*n == 1)
    return finish(c, results, s.trigamma(x));
  double factorial = 1;
  for (int64_t i = 2; i <= *n; ++i)
    factorial *= (double)i;
  double sign = (*n % 2) ? 1.0 : -1.0;
  return finish(c, results, s.mul(s.k(sign * factorial), s.zeta(*n + 1, x)));
}

CompositeResult mvlgamma(Call &c, SmallVectorImpl<Value> &results) {
  std::optional<int64_t> p = c.intArg("p");
  if (!p || *p < 1)
    return c.refuse("mvlgamma needs p >= 1");
  if (*p > 64)
    return c.refuse("mvlgamma with p = " + Twine(*p) + " (more than 64 terms)");
  auto in = workInput(c);
  if (failed(in))
    return CompositeResult::Refused;
  Special s{c, in->second};
  Value x = in->first;
  Value sum = s.k((double)*p * (double)(*p - 1) / 4 * std::log(kPi));
  for (int64_t j = 0; j < *p; ++j)
    sum = s.add(sum, s.lgamma(j ? s.sub(x, s.k((double)j / 2)) : x));
  return finish(c, results, sum);
}

} // namespace

const CompositeTable &mlir::ascend::specialTable() {
  static const CompositeTable table = {
      {"aten.digamma.default", digamma},
      {"aten.lgamma.default", lgamma},
      {"aten.polygamma.default", polygamma},
      {"aten.mvlgamma.default", mvlgamma},
  };
  return table;
}
