//===- AtenLosses.cpp - losses and gated activations without a primitive --===//
//
// PyTorch's pointwise losses and the activations with a second operand that
// MindSpore's dialect here has no primitive for (issue 19: OpInfo
// coverage), as ATen's CPU kernels compute them:
//
//   soft_margin_loss    log(1 + exp(-target * self)), then the reduction
//   smooth_l1_loss      0.5 z^2 / beta where z = |self - target| < beta,
//                       z - 0.5 beta elsewhere (beta = 0: z), reduced
//   glu                 a * sigmoid(b), a and b the halves of dim
//   prelu               self where self > 0, weight * self elsewhere, the
//                       weight broadcast along dim 1 (channels)
//
// Reductions: 0 none, 1 mean, 2 sum (at::Reduction). Float tensors; float16
// and bfloat16 are computed in float32 and rounded once (ATen's opmath),
// except soft_margin_loss, whose half-precision forms are refused (ATen
// rounds each of its ops).
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

Value scalarOf(Call &c, double v, Type t) {
  return buildSplatConstant(c.b, c.loc, RankedTensorType::get({}, t), v);
}

bool isFloat(Value v) { return v && isa<FloatType>(elementTypeOf(v)); }

/// `v` in float32 when it is float16 / bfloat16 (the result is then Cast
/// back to the recorded dtype by pushResult).
Value wide(Call &c, Value v) {
  auto f = dyn_cast<FloatType>(elementTypeOf(v));
  if (!f || f.getWidth() >= 32)
    return v;
  c.castFloatResults = true;
  return ms::CastOp::create(c.b, c.loc, typeOf(v).clone(c.b.getF32Type()), v);
}

/// The loss `l` reduced as at::Reduction `reduction` says.
CompositeResult reduced(Call &c, SmallVectorImpl<Value> &results, Value l) {
  int64_t reduction = c.intArg("reduction").value_or(1);
  if (reduction == 0)
    return c.pushResult(results, l);
  if (reduction != 1 && reduction != 2)
    return c.refuse("an unknown reduction");
  int64_t n = typeOf(l).getNumElements();
  if (rankOf(l) == 0)
    l = ms::ReshapeOp::create(c.b, c.loc, l, ArrayRef<int64_t>{1});
  if (n == 0) // the mean of nothing is NaN, the sum 0
    return c.pushResult(
        results,
        scalarOf(c, reduction == 1 ? std::nan("") : 0.0, elementTypeOf(l)));
  Value s = ms::ReduceSumOp::create(
      c.b, c.loc, l, llvm::to_vector(llvm::seq<int64_t>(0, rankOf(l))), false);
  if (reduction == 1)
    s = ms::RealDivOp::create(c.b, c.loc, s,
                              scalarOf(c, (double)n, elementTypeOf(l)));
  return c.pushResult(results, s);
}

/// self and target: float tensors of one dtype that broadcast together.
FailureOr<std::pair<Value, Value>> inputAndTarget(Call &c) {
  Value x = c.operand("self"), t = c.operand("target");
  if (!isFloat(x) || !isFloat(t) || elementTypeOf(x) != elementTypeOf(t)) {
    (void)c.refuse("expects float self and target of one dtype");
    return failure();
  }
  SmallVector<int64_t> joined;
  if (failed(ms::inferBroadcastShape(typeOf(x).getShape(), typeOf(t).getShape(),
                                     joined))) {
    (void)c.refuse("self and target do not broadcast");
    return failure();
  }
  return std::make_pair(wide(c, x), wide(c, t));
}

/// soft_margin_loss(self, target, reduction).
CompositeResult softMarginLoss(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (isFloat(x) && cast<FloatType>(elementTypeOf(x)).getWidth() < 32)
    return c.refuse("soft_margin_loss of float16/bfloat16 is not legalized: "
                    "ATen rounds its exp, log1p and sum in an order not "
                    "reproduced here");
  auto xt = inputAndTarget(c);
  if (failed(xt))
    return CompositeResult::Refused;
  auto [self, t] = *xt;
  Type e = elementTypeOf(self);
  Value z = ms::ExpOp::create(
      c.b, c.loc,
      ms::NegOp::create(c.b, c.loc, ms::MulOp::create(c.b, c.loc, self, t)));
  Value l = ms::LogOp::create(
      c.b, c.loc, ms::AddOp::create(c.b, c.loc, z, scalarOf(c, 1, e)));
  return reduced(c, results, l);
}

/// smooth_l1_loss(self, target, reduction, beta).
CompositeResult smoothL1Loss(Call &c, SmallVectorImpl<Value> &results) {
  auto xt = inputAndTarget(c);
  if (failed(xt))
    return CompositeResult::Refused;
  auto [x, t] = *xt;
  Type e = elementTypeOf(x);
  double beta = c.floatArg("beta").value_or(1.0);
  if (beta < 0)
    return c.refuse("a negative beta");
  Value z = ms::AbsOp::create(c.b, c.loc, ms::SubOp::create(c.b, c.loc, x, t));
  if (beta == 0)
    return reduced(c, results, z);
  Value quadratic = ms::RealDivOp::create(
      c.b, c.loc,
      ms::MulOp::create(c.b, c.loc, ms::MulOp::create(c.b, c.loc, z, z),
                        scalarOf(c, 0.5, e)),
      scalarOf(c, beta, e));
  Value linear = ms::SubOp::create(c.b, c.loc, z, scalarOf(c, 0.5 * beta, e));
  Value l = ms::SelectOp::create(
      c.b, c.loc, ms::LessOp::create(c.b, c.loc, z, scalarOf(c, beta, e)),
      quadratic, linear);
  return reduced(c, results, l);
}

/// glu(self, dim=-1) = a * sigmoid(b), [a, b] the halves of dim.
CompositeResult glu(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!isFloat(x) || rankOf(x) == 0)
    return c.refuse("expects a floating-point tensor of rank >= 1");
  int64_t rank = rankOf(x), d = c.intArg("dim").value_or(-1);
  d = d < 0 ? d + rank : d;
  if (d < 0 || d >= rank || typeOf(x).getDimSize(d) % 2)
    return c.refuse("dim is out of range or of odd size");
  if (typeOf(x).getNumElements() == 0)
    return c.pushResult(results,
                        buildSplatConstant(c.b, c.loc, c.resultType(), 0));
  x = wide(c, x);
  int64_t half = typeOf(x).getDimSize(d) / 2;
  SmallVector<int64_t> b0(rank, 0), e0(typeOf(x).getShape()), b1(rank, 0),
      e1(typeOf(x).getShape()), s(rank, 1);
  e0[d] = half;
  b1[d] = half;
  Value a = ms::StridedSliceOp::create(c.b, c.loc, x, b0, e0, s);
  Value g = ms::StridedSliceOp::create(c.b, c.loc, x, b1, e1, s);
  return c.pushResult(
      results,
      ms::MulOp::create(c.b, c.loc, a, ms::SigmoidOp::create(c.b, c.loc, g)));
}

/// prelu(self, weight [1] or [C]).
CompositeResult prelu(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self"), w = c.operand("weight");
  if (!isFloat(x) || !isFloat(w) || elementTypeOf(x) != elementTypeOf(w))
    return c.refuse("expects float self and weight of one dtype");
  int64_t channels = typeOf(w).getNumElements();
  int64_t rank = rankOf(x);
  if (channels != 1 && (rank < 2 || typeOf(x).getDimSize(1) != channels))
    return c.refuse("the weight has neither 1 element nor one per channel");
  x = wide(c, x);
  w = wide(c, w);
  SmallVector<int64_t> shape;
  if (channels == 1)
    shape.assign(std::max<int64_t>(rank, 0), 1);
  else {
    shape.assign(rank - 1, 1);
    shape[0] = channels;
  }
  w = ms::ReshapeOp::create(c.b, c.loc, w, shape);
  Type e = elementTypeOf(x);
  Value r = ms::SelectOp::create(
      c.b, c.loc, ms::GreaterOp::create(c.b, c.loc, x, scalarOf(c, 0, e)), x,
      ms::MulOp::create(c.b, c.loc, w, x));
  return c.pushResult(results, r);
}

} // namespace

const CompositeTable &mlir::ascend::lossTable() {
  static const CompositeTable table = {
      {"aten.soft_margin_loss.default", softMarginLoss},
      {"aten.smooth_l1_loss.default", smoothL1Loss},
      {"aten.glu.default", glu},
      {"aten.prelu.default", prelu},
      {"aten._prelu_kernel.default", prelu},
  };
  return table;
}
