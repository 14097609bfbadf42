//===- FoldBatchNorm.cpp - fold inference BatchNorm into Conv2D -----------===//
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::ascend::mindspore {
#define GEN_PASS_DEF_ASCENDMINDSPOREFOLDBATCHNORM
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::mindspore

using namespace mlir;
using namespace mlir::ascend::mindspore;
namespace mindspore = mlir::ascend::mindspore;

namespace {
/// batch_norm(conv2d(x, w) [+ bias_add b0]) -> bias_add(conv2d(x, w * s), b')
/// with s = scale / sqrt(variance + epsilon), b' = (b0 - mean) * s + offset.
struct FoldBatchNormIntoConv : OpRewritePattern<BatchNormOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BatchNormOp bn,
                                PatternRewriter &rewriter) const override {
    Value input = bn.getX();
    BiasAddOp biasAdd = input.getDefiningOp<BiasAddOp>();
    if (biasAdd) {
      if (!biasAdd->hasOneUse())
        return failure();
      input = biasAdd.getX();
    }
    auto conv = input.getDefiningOp<Conv2DOp>();
    if (!conv || !conv->hasOneUse())
      return failure();
    auto weightType = cast<RankedTensorType>(conv.getWeight().getType());
    auto channelType = cast<RankedTensorType>(bn.getScale().getType());
    Type elementType = weightType.getElementType();
    if (channelType.getElementType() != elementType ||
        weightType.getRank() != 4 ||
        channelType.getShape() != ArrayRef<int64_t>{weightType.getDimSize(0)})
      return failure();

    Location loc = bn.getLoc();
    auto scalarType = RankedTensorType::get({}, elementType);
    Value epsilon = ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(
            scalarType, rewriter.getFloatAttr(elementType,
                                              bn.getEpsilon().convertToFloat())));
    // s = scale * rsqrt(variance + epsilon), per output channel.
    Value factor = MulOp::create(
        rewriter, loc, bn.getScale(),
        RsqrtOp::create(rewriter, loc,
                        AddOp::create(rewriter, loc, bn.getVariance(), epsilon)));
    Value perFilter = ReshapeOp::create(
        rewriter, loc, factor,
        ArrayRef<int64_t>{weightType.getDimSize(0), 1, 1, 1});
    Value weight = MulOp::create(rewriter, loc, conv.getWeight(), perFilter);
    Value shift = biasAdd ? Value(SubOp::create(rewriter, loc,
                                                biasAdd.getBias(), bn.getMean()))
                          : Value(NegOp::create(rewriter, loc, bn.getMean()));
    Value bias = AddOp::create(rewriter, loc,
                               MulOp::create(rewriter, loc, shift, factor),
                               bn.getBias());
    auto newConv = cast<Conv2DOp>(rewriter.clone(*conv));
    newConv.getWeightMutable().assign(weight);
    rewriter.replaceOpWithNewOp<BiasAddOp>(bn, bn.getType(),
                                           newConv.getResult(), bias);
    if (biasAdd)
      rewriter.eraseOp(biasAdd);
    rewriter.eraseOp(conv);
    return success();
  }
};

struct FoldBatchNormPass
    : public mindspore::impl::AscendMindSporeFoldBatchNormBase<FoldBatchNormPass> {
  void runOnOperation() override {
    // Each BatchNorm folds on its own and what the fold builds is final, so
    // one application per BatchNorm does it: no rewrite of the whole program
    // to a fixpoint (most ops are no BatchNorm).
    SmallVector<BatchNormOp> norms;
    getOperation()->walk([&](BatchNormOp bn) { norms.push_back(bn); });
    FoldBatchNormIntoConv pattern(&getContext());
    PatternRewriter rewriter(&getContext());
    bool changed = false;
    for (BatchNormOp bn : norms) {
      rewriter.setInsertionPoint(bn);
      changed |= succeeded(pattern.matchAndRewrite(bn, rewriter));
    }
    // Unchanged IR (no BatchNorm to fold) needs no second verification.
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
