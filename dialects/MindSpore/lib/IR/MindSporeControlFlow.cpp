//===- MindSporeControlFlow.cpp - mindspore.while verifier ----------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

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
