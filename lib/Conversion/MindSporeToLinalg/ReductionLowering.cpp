//===- ReductionLowering.cpp - Softmax and reductions to linalg
//-------------===//
//
// The patterns of convert-mindspore-to-linalg for Softmax, LogSoftmax,
// ReduceSum / ReduceMean / ReduceMax / ReduceAll and LayerNorm.
//
//===----------------------------------------------------------------------===//
#include "LinalgBuilders.h"
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::lowering;
namespace ms = mlir::ascend::mindspore;
using utils::IteratorType;

namespace {

//===----------------------------------------------------------------------===//
// Softmax and reductions
//===----------------------------------------------------------------------===//

/// Map from the rank-`rank` iteration space to the dimensions not flagged in
/// `reduced` (a reduction result without kept dimensions).
AffineMap keptDimsMap(ArrayRef<bool> reduced, MLIRContext *ctx) {
  SmallVector<AffineExpr> exprs;
  for (auto [d, r] : llvm::enumerate(reduced))
    if (!r)
      exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(reduced.size(), 0, exprs, ctx);
}

/// Softmax and LogSoftmax along `axis`, from the maximum along it like
/// PyTorch: exp(x - max) / sum(exp(x - max)) and
/// (x - max) - log(sum(exp(x - max))).
template <typename SrcOp>
struct SoftmaxLowering : ComputeTypeLowering<SoftmaxLowering<SrcOp>, SrcOp> {
  using ComputeTypeLowering<SoftmaxLowering<SrcOp>, SrcOp>::ComputeTypeLowering;
  static constexpr bool isLog = std::is_same_v<SrcOp, ms::LogSoftmaxOp>;

  Value lower(SrcOp op, typename SrcOp::Adaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    MLIRContext *ctx = this->getContext();
    Value x = promoted.getX();
    RankedTensorType xt = rankedType(x);
    int64_t rank = xt.getRank();
    if (rank == 0) {
      // Softmax of a single value is 1, its log 0.
      Value only = constantFloat(rewriter, loc, resultType.getElementType(),
                                 isLog ? 0.0 : 1.0);
      return filledTensor(rewriter, loc, {}, only);
    }
    SmallVector<bool> reduced(rank, false);
    reduced[normalizeAxis(op.getAxis(), rank)] = true;
    AffineMap dropAxis = keptDimsMap(reduced, ctx);
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);
    // Elementwise `body` of a full tensor and one reduced along the axis.
    auto combine = [&](Value full, Value alongAxis, BodyFn body) {
      return buildGeneric(rewriter, loc, xt, ValueRange{full, alongAxis},
                          {id, dropAxis, id}, parallel, body);
    };
    auto sumOf = [&](Value t) {
      return buildReduction(rewriter, loc, t, reduced, false, false);
    };
    Value max = buildReduction(rewriter, loc, x, reduced, false, true);
    if constexpr (isLog) {
      Value shifted =
          combine(x, max, [](OpBuilder &b, Location l, ValueRange v) {
            return Value(arith::SubFOp::create(b, l, v[0], v[1]));
          });
      Value exps =
          buildElementwise(rewriter, loc, xt, shifted,
                           [](OpBuilder &b, Location l, ValueRange v) {
                             return Value(math::ExpOp::create(b, l, v[0]));
                           });
      return combine(shifted, sumOf(exps),
                     [](OpBuilder &b, Location l, ValueRange v) {
                       return Value(arith::SubFOp::create(
                           b, l, v[0], math::LogOp::create(b, l, v[1])));
                     });
    } else {
      Value exps = combine(x, max, [](OpBuilder &b, Location l, ValueRange v) {
        return Value(
            math::ExpOp::create(b, l, arith::SubFOp::create(b, l, v[0], v[1])));
      });
      return combine(exps, sumOf(exps),
                     [](OpBuilder &b, Location l, ValueRange v) {
                       return Value(arith::DivFOp::create(b, l, v[0], v[1]));
                     });
    }
  }
};

struct ReduceAllLowering : OpConversionPattern<ms::ReduceAllOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ReduceAllOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value all = buildReduceAll(rewriter, op.getLoc(), adaptor.getInput());
    if (all.getType() != op.getType())
      all = tensor::CastOp::create(rewriter, op.getLoc(), op.getType(), all);
    rewriter.replaceOp(op, all);
    return success();
  }
};

/// Number of elements of `type` in the flagged dimensions.
int64_t reducedCount(RankedTensorType type, ArrayRef<bool> reduced) {
  int64_t count = 1;
  for (auto [d, r] : llvm::enumerate(reduced))
    if (r)
      count *= type.getDimSize(d);
  return count;
}

/// `t` (float) with every element divided by `count`.
Value divideBy(OpBuilder &b, Location loc, Value t, int64_t count) {
  RankedTensorType type = rankedType(t);
  Type elt = type.getElementType();
  return buildElementwise(
      b, loc, type, t, [&](OpBuilder &nb, Location nloc, ValueRange v) {
        return Value(arith::DivFOp::create(
            nb, nloc, v[0], constantFloat(nb, nloc, elt, double(count))));
      });
}

template <typename SrcOp>
struct ReduceLowering : ComputeTypeLowering<ReduceLowering<SrcOp>, SrcOp> {
  using ComputeTypeLowering<ReduceLowering<SrcOp>, SrcOp>::ComputeTypeLowering;
  Value lower(SrcOp op, typename SrcOp::Adaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType) const {
    Value x = promoted.getInput();
    SmallVector<bool> reduced =
        reducedAxes(op.getAxis(), rankedType(x).getRank());
    constexpr bool isMax = std::is_same_v<SrcOp, ms::ReduceMaxOp>;
    Value result =
        buildReduction(rewriter, loc, x, reduced, op.getKeepDims(), isMax);
    if constexpr (std::is_same_v<SrcOp, ms::ReduceMeanOp>)
      result =
          divideBy(rewriter, loc, result, reducedCount(rankedType(x), reduced));
    return result;
  }
};

struct LayerNormLowering
    : ComputeTypeLowering<LayerNormLowering, ms::LayerNormOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::LayerNormOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    MLIRContext *ctx = getContext();
    Value x = promoted.getX();
    Value gamma = promoted.getGamma();
    Value beta = promoted.getBeta();
    RankedTensorType xt = rankedType(x);
    Type elt = xt.getElementType();
    int64_t rank = xt.getRank();
    int64_t normAxis = normalizeAxis(op.getBeginNormAxis(), rank);
    int64_t paramsAxis = normalizeAxis(op.getBeginParamsAxis(), rank);
    SmallVector<bool> reduced(rank, false);
    for (int64_t d = normAxis; d < rank; ++d)
      reduced[d] = true;
    int64_t count = reducedCount(xt, reduced);
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    AffineMap stats = keptDimsMap(reduced, ctx);
    SmallVector<AffineExpr> paramExprs;
    for (int64_t d = paramsAxis; d < rank; ++d)
      paramExprs.push_back(getAffineDimExpr(d, ctx));
    AffineMap params = AffineMap::get(rank, 0, paramExprs, ctx);
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);

    // PyTorch's CPU kernel: mean, biased variance, rstd = 1 / sqrt(var + eps),
    // y = (x - mean) * rstd * gamma + beta.
    Value mean = divideBy(
        rewriter, loc, buildReduction(rewriter, loc, x, reduced, false, false),
        count);
    Value squares =
        buildGeneric(rewriter, loc, xt, ValueRange{x, mean}, {id, stats, id},
                     parallel, [](OpBuilder &b, Location l, ValueRange v) {
                       Value d = arith::SubFOp::create(b, l, v[0], v[1]);
                       return Value(arith::MulFOp::create(b, l, d, d));
                     });
    Value var = divideBy(
        rewriter, loc,
        buildReduction(rewriter, loc, squares, reduced, false, false), count);
    double epsilon = op.getEpsilon().convertToDouble();
    Value result = buildGeneric(
        rewriter, loc, xt, ValueRange{x, mean, var, gamma, beta},
        {id, stats, stats, params, params, id}, parallel,
        [&](OpBuilder &b, Location l, ValueRange v) {
          Value rstd = math::RsqrtOp::create(
              b, l,
              arith::AddFOp::create(b, l, v[2],
                                    constantFloat(b, l, elt, epsilon)));
          Value norm = arith::MulFOp::create(
              b, l, arith::SubFOp::create(b, l, v[0], v[1]), rstd);
          return Value(arith::AddFOp::create(
              b, l, arith::MulFOp::create(b, l, norm, v[3]), v[4]));
        });
    return result;
  }
};

} // namespace

SmallVector<bool> lowering::reducedAxes(ArrayRef<int64_t> axis, int64_t rank) {
  SmallVector<bool> reduced(rank, axis.empty());
  for (int64_t a : axis)
    reduced[normalizeAxis(a, rank)] = true;
  return reduced;
}

void mlir::ascend::populateMindSporeReductionLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns
      .add<SoftmaxLowering<ms::SoftmaxOp>, SoftmaxLowering<ms::LogSoftmaxOp>,
           ReduceLowering<ms::ReduceSumOp>, ReduceLowering<ms::ReduceMeanOp>,
           ReduceLowering<ms::ReduceMaxOp>, ReduceAllLowering,
           LayerNormLowering>(patterns.getContext());
}
