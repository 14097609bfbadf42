//===- FoldTranspose.cpp - fold transposes into MatMul --------------------===//
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ascend::mindspore {
#define GEN_PASS_DEF_ASCENDMINDSPOREFOLDTRANSPOSE
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::mindspore

using namespace mlir;
using namespace mlir::ascend::mindspore;

namespace {
/// The operand of a 2-D [1, 0] transpose, or null.
Value transposedSource(Value v) {
  auto t = v.getDefiningOp<TransposeOp>();
  if (!t || t.getPerm() != ArrayRef<int64_t>{1, 0})
    return {};
  return t.getInput();
}

struct FoldTransposeIntoMatMul : OpRewritePattern<MatMulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatMulOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getX(), y = op.getY();
    bool ta = op.getTransposeA(), tb = op.getTransposeB();
    bool changed = false;
    if (Value src = transposedSource(x)) {
      x = src, ta = !ta, changed = true;
    }
    if (Value src = transposedSource(y)) {
      y = src, tb = !tb, changed = true;
    }
    if (!changed)
      return failure();
    rewriter.replaceOpWithNewOp<MatMulOp>(op, x, y, ta, tb);
    return success();
  }
};

struct AscendMindSporeFoldTransposePass
    : mlir::ascend::mindspore::impl::AscendMindSporeFoldTransposeBase<AscendMindSporeFoldTransposePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFoldTransposePatterns(patterns);
    // Region simplification (block merging, dead arguments) is not needed
    // here and costs more than linear time on long straight-line graphs.
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal().setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};
} // namespace

void mlir::ascend::mindspore::populateFoldTransposePatterns(
    RewritePatternSet &patterns) {
  patterns.add<FoldTransposeIntoMatMul>(patterns.getContext());
}
