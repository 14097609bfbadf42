//===- VectorPrimitives.cpp - One MindSpore primitive as Vector ops -------===//
//
// The Vector instructions of one elementwise or row-reduction MindSpore
// primitive on UB tiles, shared by every kernel family that computes on the
// Vector unit (Vector, axis-reduction, wide-row and MIX kernels, lone
// primitives). Declared in VectorKernels.h.
//
//===----------------------------------------------------------------------===//
#include "MixKernelParts.h"
#include "VectorKernelParts.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;
using mix::elementOf;
using vec::isReduce;

void mlir::ascend::emitRowReductionVectorOps(OpBuilder &b, Location loc,
                                             Operation *op, Value dst, Value x,
                                             Value perRow, Value spread,
                                             int64_t k, Value gamma,
                                             Value beta) {
  Type elt = elementOf(dst);
  if (isReduce(op)) {
    VReduceOp::create(b, loc, x, dst, isa<ms::ReduceMaxOp>(op) ? "max" : "sum");
    if (isa<ms::ReduceMeanOp>(op))
      VMulsOp::create(b, loc, dst, dst, b.getFloatAttr(elt, 1.0 / double(k)));
    return;
  }
  if (isa<ms::SoftmaxOp>(op)) {
    // exp(x - max) / sum(exp(x - max)) per row.
    VReduceOp::create(b, loc, x, perRow, "max");
    VBroadcastOp::create(b, loc, perRow, spread);
    VSubOp::create(b, loc, x, spread, dst);
    VExpOp::create(b, loc, dst, dst);
    VReduceOp::create(b, loc, dst, perRow, "sum");
    VBroadcastOp::create(b, loc, perRow, spread);
    VDivOp::create(b, loc, dst, spread, dst);
    return;
  }
  if (isa<ms::LogSoftmaxOp>(op)) {
    // (x - max) - log(sum(exp(x - max))) per row.
    VReduceOp::create(b, loc, x, perRow, "max");
    VBroadcastOp::create(b, loc, perRow, spread);
    VSubOp::create(b, loc, x, spread, dst);
    VExpOp::create(b, loc, dst, spread);
    VReduceOp::create(b, loc, spread, perRow, "sum");
    VLnOp::create(b, loc, perRow, perRow);
    VBroadcastOp::create(b, loc, perRow, spread);
    VSubOp::create(b, loc, dst, spread, dst);
    return;
  }
  auto norm = cast<ms::LayerNormOp>(op);
  // PyTorch's formula: (x - mean) * rsqrt(biased var + eps) * gamma + beta
  // over each row.
  TypedAttr invK = b.getFloatAttr(elt, 1.0 / double(k));
  VReduceOp::create(b, loc, x, perRow, "sum");
  VMulsOp::create(b, loc, perRow, perRow, invK);
  VBroadcastOp::create(b, loc, perRow, spread);
  VSubOp::create(b, loc, x, spread, dst);
  VMulOp::create(b, loc, dst, dst, spread);
  VReduceOp::create(b, loc, spread, perRow, "sum");
  VMulsOp::create(b, loc, perRow, perRow, invK);
  VAddsOp::create(b, loc, perRow, perRow,
                  b.getFloatAttr(elt, norm.getEpsilon().convertToDouble()));
  VRsqrtOp::create(b, loc, perRow, perRow);
  VBroadcastOp::create(b, loc, perRow, spread);
  VMulOp::create(b, loc, dst, spread, dst);
  VMulOp::create(b, loc, dst, gamma, dst);
  VAddOp::create(b, loc, dst, beta, dst);
}

void mlir::ascend::emitElementwiseVectorOps(
    OpBuilder &b, Location loc, Operation *op, Value dst,
    llvm::function_ref<Value(unsigned)> in,
    llvm::function_ref<TypedAttr(unsigned)> immediate) {
  auto isSplatOperand = [&](unsigned i) {
    return static_cast<bool>(immediate(i));
  };
  // A binary op with an immediate form when one side is a splat.
  auto scalarForm = [&](auto tag, bool commutative) -> bool {
    using ScalarOp = decltype(tag);
    if (TypedAttr c = immediate(1)) {
      ScalarOp::create(b, loc, in(0), dst, c);
      return true;
    }
    if (commutative)
      if (TypedAttr c = immediate(0)) {
        ScalarOp::create(b, loc, in(1), dst, c);
        return true;
      }
    return false;
  };
  auto cmp = [&](StringRef pred) {
    VCmpOp::create(b, loc, in(0), in(1), dst, pred);
  };
  Type elt = elementOf(op->getResult(0));
  llvm::TypeSwitch<Operation *>(op)
      .Case<ms::AddOp>([&](auto) {
        if (!scalarForm(VAddsOp(), true))
          VAddOp::create(b, loc, in(0), in(1), dst);
      })
      .Case<ms::BiasAddOp>(
          [&](auto) { VAddOp::create(b, loc, in(0), in(1), dst); })
      .Case<ms::SubOp>([&](auto) {
        if (isSplatOperand(1)) {
          auto c = cast<FloatAttr>(immediate(1));
          VAddsOp::create(b, loc, in(0), dst,
                          FloatAttr::get(c.getType(), -c.getValueAsDouble()));
        } else {
          VSubOp::create(b, loc, in(0), in(1), dst);
        }
      })
      .Case<ms::MulOp>([&](auto) {
        if (!scalarForm(VMulsOp(), true))
          VMulOp::create(b, loc, in(0), in(1), dst);
      })
      .Case<ms::RealDivOp>(
          [&](auto) { VDivOp::create(b, loc, in(0), in(1), dst); })
      .Case<ms::MaximumOp>([&](auto) {
        if (!scalarForm(VMaxsOp(), true))
          VMaxOp::create(b, loc, in(0), in(1), dst);
      })
      .Case<ms::MinimumOp>([&](auto) {
        if (!scalarForm(VMinsOp(), true))
          VMinOp::create(b, loc, in(0), in(1), dst);
      })
      .Case<ms::GreaterOp>([&](auto) { cmp("gt"); })
      .Case<ms::GreaterEqualOp>([&](auto) { cmp("ge"); })
      .Case<ms::LessOp>([&](auto) { cmp("lt"); })
      .Case<ms::LessEqualOp>([&](auto) { cmp("le"); })
      .Case<ms::EqualOp>([&](auto) { cmp("eq"); })
      .Case<ms::NotEqualOp>([&](auto) { cmp("ne"); })
      .Case<ms::LogicalAndOp>(
          [&](auto) { VAndOp::create(b, loc, in(0), in(1), dst); })
      .Case<ms::LogicalOrOp>(
          [&](auto) { VOrOp::create(b, loc, in(0), in(1), dst); })
      .Case<ms::LogicalNotOp>([&](auto) { VNotOp::create(b, loc, in(0), dst); })
      .Case<ms::ReLUOp>([&](auto) { VReluOp::create(b, loc, in(0), dst); })
      .Case<ms::ReLU6Op>([&](auto) {
        VReluOp::create(b, loc, in(0), dst);
        VMinsOp::create(b, loc, dst, dst, b.getFloatAttr(elt, 6.0));
      })
      .Case<ms::ExpOp>([&](auto) { VExpOp::create(b, loc, in(0), dst); })
      .Case<ms::LogOp>([&](auto) { VLnOp::create(b, loc, in(0), dst); })
      .Case<ms::SqrtOp>([&](auto) { VSqrtOp::create(b, loc, in(0), dst); })
      .Case<ms::RsqrtOp>([&](auto) { VRsqrtOp::create(b, loc, in(0), dst); })
      .Case<ms::TanhOp>([&](auto) { VTanhOp::create(b, loc, in(0), dst); })
      .Case<ms::SigmoidOp>(
          [&](auto) { VSigmoidOp::create(b, loc, in(0), dst); })
      .Case<ms::SiLUOp>([&](auto) {
        // x * sigmoid(x); dst is not x's tile.
        VSigmoidOp::create(b, loc, in(0), dst);
        VMulOp::create(b, loc, in(0), dst, dst);
      })
      .Case<ms::SinOp>([&](auto) { VSinOp::create(b, loc, in(0), dst); })
      .Case<ms::CosOp>([&](auto) { VCosOp::create(b, loc, in(0), dst); })
      .Case<ms::ErfOp>([&](auto) { VErfOp::create(b, loc, in(0), dst); })
      .Case<ms::GeLUOp>([&](auto) {
        // x * 0.5 * (1 + erf(x / sqrt(2))), PyTorch's exact gelu; dst is
        // not x's tile.
        VMulsOp::create(b, loc, in(0), dst,
                        b.getFloatAttr(elt, 0.70710678118654752440));
        VErfOp::create(b, loc, dst, dst);
        VAddsOp::create(b, loc, dst, dst, b.getFloatAttr(elt, 1.0));
        VMulsOp::create(b, loc, dst, dst, b.getFloatAttr(elt, 0.5));
        VMulOp::create(b, loc, in(0), dst, dst);
      })
      .Case<ms::NegOp>([&](auto) { VNegOp::create(b, loc, in(0), dst); })
      .Case<ms::AbsOp>([&](auto) { VAbsOp::create(b, loc, in(0), dst); })
      .Case<ms::SelectOp>(
          [&](auto) { VSelectOp::create(b, loc, in(0), in(1), in(2), dst); })
      .Case<ms::MaskedFillOp>([&](auto) {
        // input, mask, value: mask ? value : input.
        VSelectOp::create(b, loc, in(1), in(2), in(0), dst);
      })
      .Case<ms::CastOp>([&](auto) { VCastOp::create(b, loc, in(0), dst); });
}
