//===- MindSporeFusion.cpp - fusion groups --------------------------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;

StringRef FusionOp::classify(Operation *op) {
  if (isa<MatMulOp, BatchMatMulOp, Conv2DOp, Conv2DTransposeOp>(op))
    return "cube";
  if (isa<ReduceSumOp, ReduceMeanOp, ReduceMaxOp, ReduceAllOp, SoftmaxOp,
          LogSoftmaxOp, LayerNormOp>(op))
    return "reduction";
  if (isa<AddOp, SubOp, MulOp, RealDivOp, MaximumOp, MinimumOp, PowOp,
          GreaterOp, EqualOp, NotEqualOp, LessOp, LessEqualOp, GreaterEqualOp,
          LogicalAndOp, LogicalOrOp, LogicalNotOp, ReLUOp, ReLU6Op, SinOp,
          CosOp, NegOp, AbsOp, ExpOp, LogOp, SqrtOp, RsqrtOp, TanhOp, ErfOp,
          SigmoidOp, SiLUOp, GeLUOp, SelectOp, CastOp, BiasAddOp,
          BroadcastToOp, BatchNormOp, ReshapeOp, ExpandDimsOp, SqueezeOp,
          TransDataOp, TransposeOp, StridedSliceOp, SplitOp, MaskedFillOp,
          FillOp, DropoutOp, GatherOp>(op))
    return "vector";
  return "";
}

bool FusionOp::isLastAxisReduction(Operation *op) {
  if (op->getNumOperands() == 0)
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!type || type.getRank() == 0)
    return false;
  int64_t rank = type.getRank();
  auto last = [&](int64_t axis) { return axis == rank - 1 || axis == -1; };
  if (auto softmax = dyn_cast<SoftmaxOp>(op))
    return last(softmax.getAxis());
  if (auto softmax = dyn_cast<LogSoftmaxOp>(op))
    return last(softmax.getAxis());
  if (auto norm = dyn_cast<LayerNormOp>(op))
    return last(norm.getBeginNormAxis()) && last(norm.getBeginParamsAxis());
  if (isa<ReduceSumOp, ReduceMaxOp, ReduceMeanOp>(op)) {
    auto axes = op->getAttrOfType<DenseI64ArrayAttr>("axis");
    return axes && axes.size() == 1 && last(axes[0]) && rank > 1;
  }
  return false;
}

/// Replaces `t` by the value it converts back when its input is the inverse
/// TransData (a round trip through a device format), erasing what is dead
/// (and noting it in `erased`).
static void foldRoundTrip(TransDataOp t,
                          llvm::SmallPtrSetImpl<Operation *> &erased) {
  auto inner = t.getInput().getDefiningOp<TransDataOp>();
  if (!inner || inner.getSrcFormat() != t.getDstFormat() ||
      inner.getDstFormat() != t.getSrcFormat() ||
      inner.getInput().getType() != t.getType())
    return;
  t.getResult().replaceAllUsesWith(inner.getInput());
  erased.insert(t);
  t.erase();
  if (inner->use_empty()) {
    erased.insert(inner);
    inner.erase();
  }
}

void FusionOp::inlineBody() {
  // The body's ops move out in front of the group (no copies): block
  // arguments become the inputs, the results the yielded values.
  Block &body = getBody().front();
  auto yield = cast<YieldOp>(body.getTerminator());
  // Device-format conversions at the boundary (a TransData back to the
  // plain format of an input or of a result) meet their inverse once the
  // body is inline: both go.
  SmallVector<TransDataOp> boundary;
  for (BlockArgument arg : body.getArguments())
    for (Operation *user : arg.getUsers())
      if (auto t = dyn_cast<TransDataOp>(user))
        boundary.push_back(t);
  for (OpResult result : getResults())
    for (Operation *user : result.getUsers())
      if (auto t = dyn_cast<TransDataOp>(user))
        boundary.push_back(t);
  for (auto [result, value] : llvm::zip(getResults(), yield.getValues()))
    result.replaceAllUsesWith(value);
  for (auto [arg, input] : llvm::zip(body.getArguments(), getInputs()))
    arg.replaceAllUsesWith(input);
  Block *parent = (*this)->getBlock();
  parent->getOperations().splice(Block::iterator(*this), body.getOperations(),
                                 body.begin(), Block::iterator(yield));
  erase();
  llvm::SmallPtrSet<Operation *, 8> erased;
  for (TransDataOp t : boundary)
    if (!erased.contains(t))
      foldRoundTrip(t, erased);
}

void FusionOp::inlineAll(Operation *root) {
  SmallVector<FusionOp> groups;
  root->walk([&](FusionOp op) { groups.push_back(op); });
  for (FusionOp op : groups)
    op.inlineBody();
}

LogicalResult FusionOp::verify() {
  StringRef kind = getKind();
  if (kind != "vector" && kind != "reduction" && kind != "mix")
    return emitOpError("kind must be \"vector\", \"reduction\" or \"mix\", not \"")
           << kind << "\"";
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError("body has ")
           << body.getNumArguments() << " arguments but the group has "
           << getInputs().size() << " inputs";
  for (auto [i, arg, input] :
       llvm::enumerate(body.getArguments(), getInputs()))
    if (arg.getType() != input.getType())
      return emitOpError("body argument ")
             << i << " has type " << arg.getType() << " but input " << i
             << " has type " << input.getType();
  auto yield = cast<YieldOp>(body.getTerminator());
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError("body yields ")
           << yield.getValues().getTypes() << " but the group returns "
           << getResultTypes();
  int64_t cube = 0, reductions = 0;
  for (Operation &op : body.without_terminator()) {
    if (isa<ConstantOp>(op))
      continue;
    StringRef unit = classify(&op);
    if (unit.empty())
      return op.emitOpError("cannot be part of a fusion group (only pure "
                            "Cube, Vector and reduction primitives can)");
    cube += unit == "cube";
    reductions += unit == "reduction";
    if (kind == "mix" && unit == "reduction" && !isLastAxisReduction(&op))
      return emitOpError("of kind \"mix\" holds '")
             << op.getName().stripDialect()
             << "', which does not reduce along the last axis only (the "
                "reductions of a \"mix\" group take each row of the Cube "
                "result)";
  }
  if (kind == "mix" && cube != 1)
    return emitOpError("of kind \"mix\" needs exactly one Cube primitive, "
                       "found ")
           << cube;
  if (kind != "mix" && cube)
    return emitOpError("of kind \"") << kind << "\" holds a Cube primitive "
                                        "(only \"mix\" groups may)";
  if (kind == "reduction" && !reductions)
    return emitOpError("of kind \"reduction\" holds no reduction");
  if (kind == "vector" && reductions)
    return emitOpError("of kind \"vector\" holds a reduction (use "
                       "\"reduction\")");
  return success();
}
