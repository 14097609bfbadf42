//===- FoldTranspose.cpp - fold transposes into MatMul --------------------===//
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

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

/// Folds every 2-D transpose chain on either operand at once (a transpose of
/// a transpose flips the flag back), so one application is final: the
/// pattern needs no fixpoint iteration.
struct FoldTransposeIntoMatMul : OpRewritePattern<MatMulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatMulOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getX(), y = op.getY();
    bool ta = op.getTransposeA(), tb = op.getTransposeB();
    bool changed = false;
    while (Value src = transposedSource(x)) {
      x = src, ta = !ta, changed = true;
    }
    while (Value src = transposedSource(y)) {
      y = src, tb = !tb, changed = true;
    }
    if (!changed)
      return failure();
    // Same result type: the MatMul changes in place.
    rewriter.modifyOpInPlace(op, [&] {
      op.getXMutable().assign(x);
      op.getYMutable().assign(y);
      op.setTransposeA(ta);
      op.setTransposeB(tb);
    });
    return success();
  }
};

struct AscendMindSporeFoldTransposePass
    : mlir::ascend::mindspore::impl::AscendMindSporeFoldTransposeBase<AscendMindSporeFoldTransposePass> {
  void runOnOperation() override {
    // The pattern is final on each MatMul (see above): one application per
    // MatMul, found by a walk, does what the greedy driver's worklist,
    // folding and fixpoint iteration over the whole program would.
    SmallVector<MatMulOp> matmuls;
    getOperation()->walk([&](MatMulOp op) { matmuls.push_back(op); });
    FoldTransposeIntoMatMul pattern(&getContext());
    PatternRewriter rewriter(&getContext());
    // The transposes a rewritten MatMul read: they may be dead now.
    llvm::SetVector<Operation *> read;
    for (MatMulOp op : matmuls) {
      SmallVector<Operation *, 4> transposes;
      for (Value v : op->getOperands())
        for (auto t = v.getDefiningOp<TransposeOp>(); t;
             t = t.getInput().getDefiningOp<TransposeOp>())
          transposes.push_back(t);
      rewriter.setInsertionPoint(op);
      if (!transposes.empty() &&
          succeeded(pattern.matchAndRewrite(op, rewriter)))
        read.insert(transposes.begin(), transposes.end());
    }
    // Transposes left without users (a chain from its outermost one).
    llvm::SmallPtrSet<Operation *, 16> erased;
    for (Operation *t : read) {
      while (t && !erased.contains(t) && t->use_empty()) {
        auto inner = t->getOperand(0).getDefiningOp<TransposeOp>();
        erased.insert(t);
        t->erase();
        t = inner && read.contains(inner) ? inner.getOperation() : nullptr;
      }
    }
  }
};
} // namespace

void mlir::ascend::mindspore::populateFoldTransposePatterns(
    RewritePatternSet &patterns) {
  patterns.add<FoldTransposeIntoMatMul>(patterns.getContext());
}
