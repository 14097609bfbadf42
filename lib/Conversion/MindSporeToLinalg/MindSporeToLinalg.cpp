//===- MindSporeToLinalg.cpp - convert-mindspore-to-linalg ----------------===//
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "LinalgBuilders.h"
#include "ascend/Conversion/ScalarConversion/ScalarConversion.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ascend {
#define GEN_PASS_DEF_CONVERTMINDSPORETOLINALGPASS
#include "ascend/Conversion/MindSporeToLinalg/Passes.h.inc"
} // namespace mlir::ascend

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::lowering;
namespace ms = mlir::ascend::mindspore;
using utils::IteratorType;

namespace {

//===----------------------------------------------------------------------===//
// Elementwise primitives
//===----------------------------------------------------------------------===//

template <typename OpT>
constexpr bool isCompare =
    llvm::is_one_of<OpT, ms::GreaterOp, ms::GreaterEqualOp, ms::LessOp,
                    ms::LessEqualOp, ms::EqualOp, ms::NotEqualOp>::value;

template <typename OpT> arith::CmpFPredicate floatPredicate() {
  if constexpr (std::is_same_v<OpT, ms::GreaterOp>)
    return arith::CmpFPredicate::OGT;
  else if constexpr (std::is_same_v<OpT, ms::GreaterEqualOp>)
    return arith::CmpFPredicate::OGE;
  else if constexpr (std::is_same_v<OpT, ms::LessOp>)
    return arith::CmpFPredicate::OLT;
  else if constexpr (std::is_same_v<OpT, ms::LessEqualOp>)
    return arith::CmpFPredicate::OLE;
  else if constexpr (std::is_same_v<OpT, ms::EqualOp>)
    return arith::CmpFPredicate::OEQ;
  else
    return arith::CmpFPredicate::UNE; // NaN != anything, like PyTorch
}

/// Booleans compare as 0 < 1; other integers are signed.
template <typename OpT> arith::CmpIPredicate intPredicate(bool isBool) {
  using P = arith::CmpIPredicate;
  if constexpr (std::is_same_v<OpT, ms::GreaterOp>)
    return isBool ? P::ugt : P::sgt;
  else if constexpr (std::is_same_v<OpT, ms::GreaterEqualOp>)
    return isBool ? P::uge : P::sge;
  else if constexpr (std::is_same_v<OpT, ms::LessOp>)
    return isBool ? P::ult : P::slt;
  else if constexpr (std::is_same_v<OpT, ms::LessEqualOp>)
    return isBool ? P::ule : P::sle;
  else if constexpr (std::is_same_v<OpT, ms::EqualOp>)
    return P::eq;
  else
    return P::ne;
}

/// PyTorch's float remainder: r = fmod(a, b), plus b when r != 0 and the
/// signs of r and b differ.
Value floorModFloat(OpBuilder &b, Location loc, Value l, Value r) {
  Value zero = constantFloat(b, loc, l.getType(), 0.0);
  Value mod = arith::RemFOp::create(b, loc, l, r);
  Value nonzero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, mod, zero);
  Value signs = arith::XOrIOp::create(
      b, loc, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, mod, zero),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, r, zero));
  return arith::SelectOp::create(b, loc,
                                 arith::AndIOp::create(b, loc, nonzero, signs),
                                 arith::AddFOp::create(b, loc, mod, r), mod);
}

/// PyTorch's float floor division (c10::div_floor_floating): from
/// fmod(a, b), exact where floor(a / b) is off by one ulp of a quotient.
Value floorDivFloat(OpBuilder &b, Location loc, Value l, Value r) {
  Type t = l.getType();
  auto c = [&](double v) { return constantFloat(b, loc, t, v); };
  auto cmp = [&](arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  };
  Value mod = arith::RemFOp::create(b, loc, l, r);
  Value div = arith::DivFOp::create(b, loc, arith::SubFOp::create(b, loc, l, mod), r);
  Value signs = arith::XOrIOp::create(b, loc, cmp(arith::CmpFPredicate::OLT, r, c(0)),
                                      cmp(arith::CmpFPredicate::OLT, mod, c(0)));
  Value adjust = arith::AndIOp::create(
      b, loc, cmp(arith::CmpFPredicate::UNE, mod, c(0)), signs);
  div = arith::SelectOp::create(b, loc, adjust,
                                arith::SubFOp::create(b, loc, div, c(1)), div);
  Value floored = math::FloorOp::create(b, loc, div);
  Value up = cmp(arith::CmpFPredicate::OGT,
                 arith::SubFOp::create(b, loc, div, floored), c(0.5));
  floored = arith::SelectOp::create(
      b, loc, up, arith::AddFOp::create(b, loc, floored, c(1)), floored);
  // A zero quotient takes the sign of the true quotient; b == 0 gives a / b.
  Value zeroDiv = math::CopySignOp::create(
      b, loc, c(0), arith::DivFOp::create(b, loc, l, r));
  Value result = arith::SelectOp::create(
      b, loc, cmp(arith::CmpFPredicate::UNE, div, c(0)), floored, zeroDiv);
  return arith::SelectOp::create(b, loc, cmp(arith::CmpFPredicate::OEQ, r, c(0)),
                                 arith::DivFOp::create(b, loc, l, r), result);
}

template <typename SrcOp>
Value scalarBinary(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type type = lhs.getType();
  if constexpr (std::is_same_v<SrcOp, ms::LogicalAndOp>) {
    return arith::AndIOp::create(b, loc, lhs, rhs);
  } else if constexpr (std::is_same_v<SrcOp, ms::LogicalOrOp>) {
    return arith::OrIOp::create(b, loc, lhs, rhs);
  } else if (isa<FloatType>(type)) {
    Value l = promote(b, loc, lhs), r = promote(b, loc, rhs);
    if constexpr (isCompare<SrcOp>) {
      return arith::CmpFOp::create(b, loc, floatPredicate<SrcOp>(), l, r);
    } else {
      Value v;
      if constexpr (std::is_same_v<SrcOp, ms::AddOp>)
        v = arith::AddFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::SubOp>)
        v = arith::SubFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::MulOp>)
        v = arith::MulFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::MaximumOp>)
        v = arith::MaximumFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::MinimumOp>)
        v = arith::MinimumFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::PowOp>)
        v = math::PowFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::Atan2Op>)
        v = math::Atan2Op::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::TruncateModOp>)
        v = arith::RemFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::FloorModOp>)
        v = floorModFloat(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::FloorDivOp>)
        v = floorDivFloat(b, loc, l, r);
      else
        v = arith::DivFOp::create(b, loc, l, r);
      return demote(b, loc, v, type);
    }
  } else {
    bool isBool = type.isInteger(1);
    if constexpr (isCompare<SrcOp>) {
      return arith::CmpIOp::create(b, loc, intPredicate<SrcOp>(isBool), lhs,
                                   rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::AddOp>) {
      return arith::AddIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::SubOp>) {
      return arith::SubIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::MulOp>) {
      return arith::MulIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::TruncateModOp>) {
      return arith::RemSIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::FloorModOp>) {
      // r = lhs % rhs; r + rhs when r != 0 and the signs differ.
      Value rem = arith::RemSIOp::create(b, loc, lhs, rhs);
      Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
      Value nonzero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, rem, zero);
      Value signs = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rem, zero),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rhs, zero));
      return arith::SelectOp::create(b, loc,
                                     arith::AndIOp::create(b, loc, nonzero, signs),
                                     arith::AddIOp::create(b, loc, rem, rhs), rem);
    } else if constexpr (std::is_same_v<SrcOp, ms::FloorDivOp>) {
      return arith::FloorDivSIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::MaximumOp>) {
      if (isBool)
        return arith::OrIOp::create(b, loc, lhs, rhs);
      return arith::MaxSIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::MinimumOp>) {
      if (isBool)
        return arith::AndIOp::create(b, loc, lhs, rhs);
      return arith::MinSIOp::create(b, loc, lhs, rhs);
    } else {
      return arith::DivSIOp::create(b, loc, lhs, rhs);
    }
  }
}

template <typename SrcOp>
struct BinaryLowering : ElementwiseLowering<BinaryLowering<SrcOp>, SrcOp> {
  using ElementwiseLowering<BinaryLowering<SrcOp>, SrcOp>::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v, Type) {
    return scalarBinary<SrcOp>(b, loc, v[0], v[1]);
  }
};

/// One element of a float unary primitive, `x` in its compute type.
template <typename SrcOp>
Value scalarFloatUnary(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  auto c = [&](double v) { return constantFloat(b, loc, t, v); };
  // 1 / (1 + exp(-x)), PyTorch's CPU formula for sigmoid and silu.
  auto sigmoidDenominator = [&] {
    return arith::AddFOp::create(
        b, loc, c(1.0),
        math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x)));
  };
  if constexpr (std::is_same_v<SrcOp, ms::ReLUOp>)
    return arith::MaximumFOp::create(b, loc, x, c(0.0));
  else if constexpr (std::is_same_v<SrcOp, ms::ReLU6Op>)
    return arith::MinimumFOp::create(
        b, loc, arith::MaximumFOp::create(b, loc, x, c(0.0)), c(6.0));
  else if constexpr (std::is_same_v<SrcOp, ms::SinOp>)
    return math::SinOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::CosOp>)
    return math::CosOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::ExpOp>)
    return math::ExpOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::LogOp>)
    return math::LogOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::SqrtOp>)
    return math::SqrtOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::RsqrtOp>)
    return math::RsqrtOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::TanhOp>)
    return math::TanhOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::ErfOp>)
    return math::ErfOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AsinOp>)
    return math::AsinOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::ACosOp>)
    return math::AcosOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AtanOp>)
    return math::AtanOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::Expm1Op>)
    return math::ExpM1Op::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::Log1pOp>)
    return math::Log1pOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AsinhOp>)
    return math::AsinhOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AcoshOp>)
    return math::AcoshOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AtanhOp>)
    return math::AtanhOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::ErfcOp>)
    return math::ErfcOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::FloorOp>)
    return math::FloorOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::CeilOp>)
    return math::CeilOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::RoundOp>)
    return math::RoundEvenOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::TruncOp>)
    return math::TruncOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::SigmoidOp>)
    return arith::DivFOp::create(b, loc, c(1.0), sigmoidDenominator());
  else if constexpr (std::is_same_v<SrcOp, ms::SiLUOp>)
    return arith::DivFOp::create(b, loc, x, sigmoidDenominator());
  else if constexpr (std::is_same_v<SrcOp, ms::GeLUOp>) {
    // x * 0.5 * (1 + erf(x / sqrt(2))), PyTorch's exact gelu.
    Value erf = math::ErfOp::create(
        b, loc, arith::MulFOp::create(b, loc, x, c(M_SQRT1_2)));
    return arith::MulFOp::create(
        b, loc, arith::MulFOp::create(b, loc, x, c(0.5)),
        arith::AddFOp::create(b, loc, c(1.0), erf));
  } else if constexpr (std::is_same_v<SrcOp, ms::NegOp>)
    return arith::NegFOp::create(b, loc, x);
  else
    return math::AbsFOp::create(b, loc, x);
}

template <typename SrcOp>
struct UnaryLowering : ElementwiseLowering<UnaryLowering<SrcOp>, SrcOp> {
  using ElementwiseLowering<UnaryLowering<SrcOp>, SrcOp>::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v,
                      Type elementType) {
    if (!isa<FloatType>(elementType)) {
      // Neg and Abs of integers (two's complement wrap, like PyTorch).
      Value zero =
          arith::ConstantOp::create(b, loc, b.getIntegerAttr(elementType, 0));
      Value neg = arith::SubIOp::create(b, loc, zero, v[0]);
      if constexpr (std::is_same_v<SrcOp, ms::NegOp>)
        return neg;
      Value isNeg =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, v[0], zero);
      return arith::SelectOp::create(b, loc, isNeg, neg, v[0]);
    }
    Value y = scalarFloatUnary<SrcOp>(b, loc, promote(b, loc, v[0]));
    return demote(b, loc, y, elementType);
  }
};

struct CastLowering : ElementwiseLowering<CastLowering, ms::CastOp> {
  using ElementwiseLowering::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v, Type to) {
    return convertScalar(b, loc, v[0], to);
  }
};

struct SelectLowering : ElementwiseLowering<SelectLowering, ms::SelectOp> {
  using ElementwiseLowering::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v, Type) {
    return arith::SelectOp::create(b, loc, v[0], v[1], v[2]);
  }
};

struct LogicalNotLowering
    : ElementwiseLowering<LogicalNotLowering, ms::LogicalNotOp> {
  using ElementwiseLowering::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v, Type) {
    Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    return arith::XOrIOp::create(b, loc, v[0], one);
  }
};

/// Map of a per-channel operand `[C]` in the iteration space of a rank-`rank`
/// `[N, C, ...]` tensor.
AffineMap channelMap(int64_t rank, MLIRContext *ctx) {
  return AffineMap::get(rank, 0, getAffineDimExpr(1, ctx), ctx);
}

struct BiasAddLowering : OpConversionPattern<ms::BiasAddOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::BiasAddOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<IteratorType> iterators(rank, IteratorType::parallel);
    Type elementType = resultType.getElementType();
    Value result = buildGeneric(rewriter, op.getLoc(), resultType,
                                ValueRange{adaptor.getX(), adaptor.getBias()},
                                {id, channelMap(rank, ctx), id}, iterators,
                                [&](OpBuilder &b, Location loc, ValueRange v) {
                                  Value sum = arith::AddFOp::create(
                                      b, loc, promote(b, loc, v[0]),
                                      promote(b, loc, v[1]));
                                  return demote(b, loc, sum, elementType);
                                });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct BatchNormLowering : OpConversionPattern<ms::BatchNormOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::BatchNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    AffineMap channel = channelMap(rank, ctx);
    SmallVector<IteratorType> iterators(rank, IteratorType::parallel);
    Type elementType = resultType.getElementType();
    double epsilon = op.getEpsilon().convertToDouble();
    // PyTorch's inference kernel: alpha = scale / sqrt(var + eps),
    // beta = bias - mean * alpha, y = x * alpha + beta.
    Value result = buildGeneric(
        rewriter, op.getLoc(), resultType,
        ValueRange{adaptor.getX(), adaptor.getScale(), adaptor.getBias(),
                   adaptor.getMean(), adaptor.getVariance()},
        {id, channel, channel, channel, channel, id}, iterators,
        [&](OpBuilder &b, Location loc, ValueRange v) {
          Value x = promote(b, loc, v[0]), scale = promote(b, loc, v[1]),
                bias = promote(b, loc, v[2]), mean = promote(b, loc, v[3]),
                var = promote(b, loc, v[4]);
          Type t = x.getType();
          Value eps = constantFloat(b, loc, t, epsilon);
          Value stddev = math::SqrtOp::create(
              b, loc, arith::AddFOp::create(b, loc, var, eps));
          Value invStd = arith::DivFOp::create(
              b, loc, constantFloat(b, loc, t, 1.0), stddev);
          Value alpha = arith::MulFOp::create(b, loc, invStd, scale);
          Value beta = arith::SubFOp::create(
              b, loc, bias, arith::MulFOp::create(b, loc, mean, alpha));
          Value y = arith::AddFOp::create(
              b, loc, arith::MulFOp::create(b, loc, x, alpha), beta);
          return demote(b, loc, y, elementType);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Structure: constants, parameters, control flow, guards
//===----------------------------------------------------------------------===//

/// Replaces `op` by an `arith.constant` of `value`.
LogicalResult replaceByConstant(Operation *op, Attribute value,
                                ConversionPatternRewriter &rewriter) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed)
    return rewriter.notifyMatchFailure(op, "value is not a typed attribute");
  rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, typed);
  return success();
}

struct ConstantLowering : OpConversionPattern<ms::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceByConstant(op, op.getValue(), rewriter);
  }
};

struct LoadLowering : OpConversionPattern<ms::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::LoadOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Through a symbol table built once per module: SymbolTable's static
    // lookup scans the module for each load, quadratic in the parameters
    // (a model of distinct weights has about one per op). The parameters
    // stay (legal) until the conversion is done, so the table stays valid.
    auto param =
        symbols.lookupNearestSymbolFrom<ms::ParameterOp>(op, op.getNameAttr());
    if (!param || !param.getValue())
      return rewriter.notifyMatchFailure(op, "parameter has no value");
    return replaceByConstant(op, *param.getValue(), rewriter);
  }

private:
  /// The pattern is applied by one conversion at a time (the pattern set is
  /// made per pass run).
  mutable SymbolTableCollection symbols;
};

struct CondLowering : OpConversionPattern<ms::CondOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::CondOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value predicate =
        extractOnlyElement(rewriter, op.getLoc(), adaptor.getPredicate());
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), op.getResultTypes(),
                                  predicate, /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getThenRegion(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct WhileLowering : OpConversionPattern<ms::WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), op.getResultTypes(),
                                     adaptor.getInits());
    rewriter.inlineRegionBefore(op.getBefore(), loop.getBefore(),
                                loop.getBefore().end());
    rewriter.inlineRegionBefore(op.getAfter(), loop.getAfter(),
                                loop.getAfter().end());
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

struct ConditionLowering : OpConversionPattern<ms::ConditionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ConditionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value flag = extractOnlyElement(rewriter, op.getLoc(), adaptor.getFlag());
    rewriter.replaceOpWithNewOp<scf::ConditionOp>(op, flag,
                                                  adaptor.getValues());
    return success();
  }
};

struct YieldLowering : OpConversionPattern<ms::YieldOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getValues());
    return success();
  }
};

struct AssertLowering : OpConversionPattern<ms::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value condition = adaptor.getCondition();
    if (rankedType(condition).getNumElements() != 1)
      condition = buildReduceAll(rewriter, loc, condition);
    Value flag = extractOnlyElement(rewriter, loc, condition);
    cf::AssertOp::create(rewriter, loc, flag, op.getMessage());
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertMindSporeToLinalgPass
    : ascend::impl::ConvertMindSporeToLinalgPassBase<
          ConvertMindSporeToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Fusion groups lower op by op: on the CPU a group is its primitives.
    ms::FusionOp::inlineAll(module);
    // Device formats are data movement: the same elements through Pad,
    // Reshape, Transpose and StridedSlice.
    SmallVector<ms::TransDataOp> moves;
    module.walk([&](ms::TransDataOp op) { moves.push_back(op); });
    for (ms::TransDataOp op : moves)
      op.expand();
    // MaskedFill is a Select; fills are constants (or a broadcast value);
    // Dropout in inference is the identity.
    SmallVector<Operation *> rewrites;
    module.walk([&](Operation *op) {
      if (isa<ms::MaskedFillOp, ms::FillOp, ms::ZerosOp, ms::OnesOp,
              ms::DropoutOp>(op))
        rewrites.push_back(op);
    });
    for (Operation *op : rewrites) {
      OpBuilder b(op);
      Value replacement;
      if (auto fill = dyn_cast<ms::MaskedFillOp>(op)) {
        replacement = ms::SelectOp::create(b, op->getLoc(), fill.getMask(),
                                           fill.getValue(), fill.getInput());
      } else if (auto drop = dyn_cast<ms::DropoutOp>(op)) {
        replacement = drop.getX();
      } else if (auto fill = dyn_cast<ms::FillOp>(op)) {
        auto type = cast<RankedTensorType>(fill.getType());
        replacement = ms::BroadcastToOp::create(
            b, op->getLoc(),
            ms::ReshapeOp::create(b, op->getLoc(), fill.getValue(),
                                  ArrayRef<int64_t>{}),
            type.getShape());
      } else {
        SmallVector<OpFoldResult> folded;
        (void)op->fold(folded);
        replacement = ms::ConstantOp::create(
            b, op->getLoc(), cast<ElementsAttr>(cast<Attribute>(folded[0])));
      }
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    }
    // A load of a parameter without a value has nothing to lower to: say so
    // instead of a generic legalization failure.
    bool missingValue = false;
    SymbolTableCollection symbols;
    module.walk([&](ms::LoadOp load) {
      auto param = symbols.lookupNearestSymbolFrom<ms::ParameterOp>(
          load, load.getNameAttr());
      if (param && !param.getValue()) {
        load.emitOpError("reads parameter @")
            << load.getName()
            << " which has no value; pass it as a function argument instead";
        missingValue = true;
      }
    });
    if (missingValue)
      return signalPassFailure();

    ConversionTarget target(getContext());
    target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                           func::FuncDialect, linalg::LinalgDialect,
                           math::MathDialect, scf::SCFDialect,
                           tensor::TensorDialect>();
    target.addIllegalDialect<ms::MindSporeDialect>();
    target.addIllegalOp<math::ErfOp>();
    target.addLegalOp<ms::ParameterOp>();
    RewritePatternSet patterns(&getContext());
    populateMindSporeToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Parameters are only read through loads, which are gone now.
    for (auto param :
         llvm::make_early_inc_range(module.getOps<ms::ParameterOp>()))
      param.erase();
  }
};

} // namespace

void mlir::ascend::populateMindSporeToLinalgPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<BinaryLowering<ms::AddOp>, BinaryLowering<ms::SubOp>,
               BinaryLowering<ms::MulOp>, BinaryLowering<ms::RealDivOp>,
               BinaryLowering<ms::MaximumOp>, BinaryLowering<ms::MinimumOp>,
               BinaryLowering<ms::PowOp>, BinaryLowering<ms::GreaterOp>,
               BinaryLowering<ms::GreaterEqualOp>, BinaryLowering<ms::LessOp>,
               BinaryLowering<ms::LessEqualOp>, BinaryLowering<ms::EqualOp>,
               BinaryLowering<ms::NotEqualOp>, BinaryLowering<ms::LogicalAndOp>,
               BinaryLowering<ms::LogicalOrOp>, UnaryLowering<ms::ReLUOp>,
               UnaryLowering<ms::ReLU6Op>, UnaryLowering<ms::SinOp>,
               UnaryLowering<ms::CosOp>, UnaryLowering<ms::ExpOp>,
               UnaryLowering<ms::LogOp>, UnaryLowering<ms::SqrtOp>,
               UnaryLowering<ms::RsqrtOp>, UnaryLowering<ms::TanhOp>,
               UnaryLowering<ms::ErfOp>, UnaryLowering<ms::SigmoidOp>,
               UnaryLowering<ms::SiLUOp>, UnaryLowering<ms::GeLUOp>,
               UnaryLowering<ms::NegOp>, UnaryLowering<ms::AbsOp>,
               UnaryLowering<ms::AsinOp>, UnaryLowering<ms::ACosOp>,
               UnaryLowering<ms::AtanOp>, UnaryLowering<ms::AsinhOp>,
               UnaryLowering<ms::Expm1Op>, UnaryLowering<ms::Log1pOp>,
               UnaryLowering<ms::AcoshOp>, UnaryLowering<ms::AtanhOp>,
               UnaryLowering<ms::ErfcOp>, UnaryLowering<ms::FloorOp>,
               UnaryLowering<ms::CeilOp>, UnaryLowering<ms::RoundOp>,
               UnaryLowering<ms::TruncOp>, BinaryLowering<ms::Atan2Op>,
               BinaryLowering<ms::FloorDivOp>, BinaryLowering<ms::FloorModOp>,
               BinaryLowering<ms::TruncateModOp>, LogicalNotLowering,
               CastLowering, SelectLowering, BiasAddLowering, BatchNormLowering,
               ConstantLowering, LoadLowering, CondLowering, WhileLowering,
               ConditionLowering, YieldLowering, AssertLowering>(ctx);
  // math.erf has no LLVM lowering: expand it to its f32 polynomial.
  populatePolynomialApproximateErfPattern(patterns);
  populateMindSporeNeuralNetLoweringPatterns(patterns);
  populateMindSporeReductionLoweringPatterns(patterns);
  populateMindSporeShapeLoweringPatterns(patterns);
  populateMindSporeCustomLoweringPatterns(patterns);
  populateMindSporeSortLoweringPatterns(patterns);
}
