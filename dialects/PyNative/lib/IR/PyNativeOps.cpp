//===- PyNativeOps.cpp - pynative op verifiers and formats ----------------===//
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::ascend::pynative;

//===----------------------------------------------------------------------===//
// TraceOp
//===----------------------------------------------------------------------===//

ParseResult TraceOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void TraceOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult TraceOp::verify() {
  if (getBody().empty())
    return emitOpError("must have a body holding the recorded run");
  if (getBody().getArgumentTypes() != getArgumentTypes())
    return emitOpError("block arguments do not match the input types");
  if (getRunAttr().getInt() < 0)
    return emitOpError("run index must be non-negative, got ")
           << getRunAttr().getInt();
  return success();
}

LogicalResult OutputOp::verify() {
  auto trace = cast<TraceOp>((*this)->getParentOp());
  if (getOutputs().getTypes() != trace.getResultTypes())
    return emitOpError("returns ")
           << getOutputs().getTypes() << " but the trace declares "
           << trace.getResultTypes();
  return success();
}

//===----------------------------------------------------------------------===//
// Parameters and recorded ops
//===----------------------------------------------------------------------===//

LogicalResult ParameterOp::verify() {
  if (getValue().getType() != getType())
    return emitOpError("value type ")
           << getValue().getType() << " differs from the declared type "
           << getType();
  return success();
}

LogicalResult
GetParameterOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto param =
      symbols.lookupNearestSymbolFrom<ParameterOp>(*this, getNameAttr());
  if (!param)
    return emitOpError("'") << getName() << "' is not a pynative.parameter";
  if (param.getType() != getType())
    return emitOpError("type ") << getType() << " differs from parameter type "
                                << param.getType();
  return success();
}

LogicalResult ScalarReadOp::verify() {
  std::optional<ArrayRef<double>> values = getValues();
  if (getMethod() == "tolist") {
    if (!values)
      return emitOpError("\"tolist\" needs the values read");
    int64_t numElements = getTensor().getType().getNumElements();
    if ((int64_t)values->size() != numElements)
      return emitOpError("read ")
             << values->size() << " values from a tensor of " << numElements
             << " elements";
    return success();
  }
  if (values)
    return emitOpError("only \"tolist\" reads several values");
  return success();
}

LogicalResult CallOp::verify() {
  if (getName().empty())
    return emitOpError("needs the function name");
  if (getId() <= 0)
    return emitOpError("id must be positive, not ") << getId();
  if (getParent() < 0 || getParent() == getId())
    return emitOpError("parent ") << getParent()
                                  << " is neither 0 nor another call's id";
  if (getOperandNames().size() != getInputs().size())
    return emitOpError("has ")
           << getInputs().size() << " operands but "
           << getOperandNames().size() << " operand names";
  return success();
}

LogicalResult RecordedOp::verify() {
  if (getName().empty())
    return emitOpError("needs the eager op name");
  if (getOperandNames().size() != getInputs().size())
    return emitOpError("has ")
           << getInputs().size() << " operands but "
           << getOperandNames().size() << " operand names";
  int64_t numOperands = getInputs().size();
  for (int64_t index : getMutatedOperands())
    if (index < 0 || index >= numOperands)
      return emitOpError("mutated operand index ")
             << index << " is out of range [0, " << numOperands << ")";
  ArrayRef<int64_t> aliases = getResultAliases();
  if (!aliases.empty() && aliases.size() != getResults().size())
    return emitOpError("has ") << getResults().size() << " results but "
                               << aliases.size() << " result aliases";
  for (int64_t index : aliases)
    if (index < -1 || index >= numOperands)
      return emitOpError("result alias ")
             << index << " is neither -1 nor an operand index";
  return success();
}

#define GET_OP_CLASSES
#include "ascend/Dialect/PyNative/IR/PyNativeOps.cpp.inc"
