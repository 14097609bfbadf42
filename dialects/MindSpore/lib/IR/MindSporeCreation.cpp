//===- MindSporeCreation.cpp - fills, masked fill, dropout ----------------===//
#include "AxisAndShapeChecks.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;
using namespace mlir::ascend::mindspore::detail;

LogicalResult MaskedFillOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor a,
                                             SmallVectorImpl<Type> &types) {
  RankedTensorType input = rankedType(a.getInput()),
                   mask = rankedType(a.getMask()),
                   value = rankedType(a.getValue());
  if (value.getNumElements() != 1 ||
      value.getElementType() != input.getElementType())
    return emitOptionalError(loc, "value must be one element of the input's "
                                  "element type, got " +
                                      formatShape(value));
  SmallVector<int64_t> shape;
  if (failed(inferBroadcastShape(mask.getShape(), input.getShape(), shape)) ||
      ArrayRef<int64_t>(shape) != input.getShape())
    return emitOptionalError(loc, "mask shape " + formatShape(mask) +
                                      " does not broadcast to the input "
                                      "shape " +
                                      formatShape(input));
  types.push_back(input);
  return success();
}

OpFoldResult MaskedFillOp::fold(FoldAdaptor adaptor) {
  auto mask = dyn_cast_or_null<DenseElementsAttr>(adaptor.getMask());
  if (mask && llvm::none_of(mask.getValues<bool>(), [](bool b) { return b; }))
    return getInput();
  return {};
}

LogicalResult FillOp::verify() {
  auto value = cast<RankedTensorType>(getValue().getType());
  auto result = cast<RankedTensorType>(getType());
  if (value.getNumElements() != 1 ||
      value.getElementType() != result.getElementType())
    return emitOpError("value must be one element of the result's element "
                       "type, got ")
           << value;
  return success();
}

/// A splat of the one element of `value` in `type`, or null.
static Attribute splatOf(Attribute value, Type type) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(value);
  if (!dense)
    return {};
  return DenseElementsAttr::get(cast<ShapedType>(type),
                                *dense.value_begin<Attribute>());
}

OpFoldResult FillOp::fold(FoldAdaptor adaptor) {
  return splatOf(adaptor.getValue(), getType());
}

DenseElementsAttr mlir::ascend::mindspore::getSplatAttr(ShapedType type,
                                                        double value) {
  Type element = type.getElementType();
  Builder b(type.getContext());
  Attribute splat;
  if (isa<FloatType>(element))
    splat = b.getFloatAttr(element, value);
  else if (element.isInteger(1))
    splat = b.getBoolAttr(value != 0);
  else
    splat = b.getIntegerAttr(element, (int64_t)value);
  return DenseElementsAttr::get(type, splat);
}

OpFoldResult ZerosOp::fold(FoldAdaptor) {
  return getSplatAttr(cast<ShapedType>(getType()), 0);
}
OpFoldResult OnesOp::fold(FoldAdaptor) {
  return getSplatAttr(cast<ShapedType>(getType()), 1);
}

LogicalResult DropoutOp::verify() {
  float keep = getKeepProb().convertToFloat();
  if (!(keep > 0 && keep <= 1))
    return emitOpError("keep_prob must be in (0, 1], got ") << keep;
  return success();
}

OpFoldResult DropoutOp::fold(FoldAdaptor) { return getX(); }
