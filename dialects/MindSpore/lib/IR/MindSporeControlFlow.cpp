//===- MindSporeControlFlow.cpp - mindspore.while verifier ----------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;

LogicalResult WhileOp::verify() {
  TypeRange stateTypes = getInits().getTypes();
  if (getResultTypes() != stateTypes)
    return emitOpError("results ")
           << getResultTypes() << " differ from the loop state " << stateTypes;
  for (Region *region : {&getBefore(), &getAfter()})
    if (region->front().getArgumentTypes() != stateTypes)
      return emitOpError("region arguments ")
             << region->front().getArgumentTypes()
             << " differ from the loop state " << stateTypes;
  auto condition = dyn_cast<ConditionOp>(getBefore().front().getTerminator());
  if (!condition)
    return emitOpError("before region must end in mindspore.condition");
  if (cast<ShapedType>(condition.getFlag().getType()).getNumElements() != 1)
    return condition.emitOpError("flag must hold exactly one element");
  if (condition.getValues().getTypes() != stateTypes)
    return condition.emitOpError("passes ")
           << condition.getValues().getTypes() << " but the loop state is "
           << stateTypes;
  auto yield = dyn_cast<YieldOp>(getAfter().front().getTerminator());
  if (!yield)
    return emitOpError("after region must end in mindspore.yield");
  if (yield.getValues().getTypes() != stateTypes)
    return yield.emitOpError("yields ")
           << yield.getValues().getTypes() << " but the loop state is "
           << stateTypes;
  return success();
}

namespace {
/// Moves the ops of `region`'s block before `op` and replaces `op` with the
/// values the region yields.
void inlineRegion(PatternRewriter &rewriter, CondOp op, Region &region) {
  Block &block = region.front();
  auto yield = cast<YieldOp>(block.getTerminator());
  SmallVector<Value> values(yield.getValues());
  rewriter.inlineBlockBefore(&block, op);
  rewriter.eraseOp(yield);
  rewriter.replaceOp(op, values);
}

/// cond on a constant predicate: only the chosen region remains.
struct FoldConstantCond : OpRewritePattern<CondOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CondOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr predicate;
    if (!matchPattern(op.getPredicate(), m_Constant(&predicate)) ||
        !predicate.isSplat())
      return failure();
    bool taken = predicate.getSplatValue<bool>();
    inlineRegion(rewriter, op, taken ? op.getThenRegion() : op.getElseRegion());
    return success();
  }
};

/// cond whose regions compute the same thing: no branch is needed.
struct MergeIdenticalRegions : OpRewritePattern<CondOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CondOp op,
                                PatternRewriter &rewriter) const override {
    Block &a = op.getThenRegion().front(), &b = op.getElseRegion().front();
    if (a.getOperations().size() != b.getOperations().size())
      return failure();
    // Ops of the two regions correspond in order; values defined inside map
    // to their counterpart, values from outside must be the same.
    llvm::DenseMap<Value, Value> counterpart;
    auto sameOperand = [&](Value x, Value y) {
      auto it = counterpart.find(x);
      return it != counterpart.end() ? it->second == y : x == y;
    };
    for (auto [x, y] : llvm::zip(a, b)) {
      if (x.getName() != y.getName() || x.getAttrDictionary() !=
                                            y.getAttrDictionary() ||
          x.getResultTypes() != y.getResultTypes() ||
          x.getNumOperands() != y.getNumOperands() || x.getNumRegions() ||
          y.getNumRegions())
        return failure();
      if (x.getPropertiesAsAttribute() != y.getPropertiesAsAttribute())
        return failure();
      for (auto [u, v] : llvm::zip(x.getOperands(), y.getOperands()))
        if (!sameOperand(u, v))
          return failure();
      for (auto [u, v] : llvm::zip(x.getResults(), y.getResults()))
        counterpart[u] = v;
    }
    inlineRegion(rewriter, op, op.getThenRegion());
    return success();
  }
};
} // namespace

void CondOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                         MLIRContext *context) {
  patterns.add<FoldConstantCond, MergeIdenticalRegions>(context);
}
