//===- AtenOperands.cpp - operand conversion of the aten handlers --------===//
//
// How the C++ handlers read number-or-tensor arguments and convert operands
// as PyTorch's type promotion does (see AtenHandler.h).
//
//===----------------------------------------------------------------------===//
#include "AtenHandler.h"

using namespace mlir;
using namespace mlir::ascend;

namespace mlir::ascend::aten {

/// A constant of `type` whose every element is `value`.
Value splatConstant(AtenCall &c, double value, RankedTensorType type) {
  return buildSplatConstant(c.b, c.loc, type, value);
}

/// A 0-d constant of `value` with element type `elementType`.
Value scalarConstant(AtenCall &c, double value, Type elementType) {
  return splatConstant(c, value, RankedTensorType::get({}, elementType));
}

/// `v` with element type `elementType`: a constant operand (e.g. a Python
/// scalar that torch wrapped as a float64 0-d tensor) is re-typed; a 0-d value
/// of the same kind (float or integer) is Cast, as PyTorch's type promotion
/// lets a dimensioned operand decide within a kind; any other mismatch fails.
FailureOr<Value> withElementType(AtenCall &c, Value v, Type elementType) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() == elementType)
    return v;
  auto cst = v.getDefiningOp<ms::ConstantOp>();
  auto dense = cst ? dyn_cast<DenseElementsAttr>(cst.getValue()) : nullptr;
  if (!cst && type.getRank() == 0 &&
      isa<FloatType>(type.getElementType()) == isa<FloatType>(elementType) &&
      !type.getElementType().isInteger(1) && !elementType.isInteger(1))
    return Value(ms::CastOp::create(
        c.b, c.loc, RankedTensorType::get({}, elementType), v));
  if (!dense || !dense.isSplat()) {
    (void)c.unsupported("operands of different element types need a Cast");
    return failure();
  }
  // An i1 true is 1 (its sign-extended bits would read -1).
  double value =
      isa<FloatType>(type.getElementType())
          ? dense.getSplatValue<APFloat>().convertToDouble()
      : type.getElementType().isInteger(1)
          ? (double)dense.getSplatValue<APInt>().getZExtValue()
          : (double)dense.getSplatValue<APInt>().getSExtValue();
  Value scalar = scalarConstant(c, value, elementType);
  if (type.getRank() == 0)
    return scalar;
  auto newType = RankedTensorType::get(type.getShape(), elementType);
  return Value(ms::ConstantOp::create(
      c.b, c.loc,
      DenseElementsAttr::get(newType,
                             cast<DenseElementsAttr>(
                                 scalar.getDefiningOp<ms::ConstantOp>()
                                     .getValue())
                                 .getSplatValue<Attribute>())));
}

/// The `other` operand of a binary op: a tensor, or a Python number argument.
/// The number-or-tensor argument `name` with element type `elementType`: a
/// tensor operand (or a graph value bound to a read number) retyped by
/// withElementType, or a Python number argument as a 0-d constant. A null
/// value when the call has neither (the argument is None or absent); failure,
/// with the reason set, when a tensor cannot be retyped.
FailureOr<Value> numberOperand(AtenCall &c, StringRef name, Type elementType) {
  if (Value v = c.operand(name))
    return withElementType(c, v, elementType);
  if (std::optional<double> s = c.floatArg(name))
    return scalarConstant(c, *s, elementType);
  return Value();
}

/// numberOperand for an argument the op cannot do without; `missing` is the
/// reason reported when it is absent.
FailureOr<Value> requiredNumberOperand(AtenCall &c, StringRef name,
                                       Type elementType,
                                       StringRef missing) {
  FailureOr<Value> v = numberOperand(c, name, elementType);
  if (succeeded(v) && !*v) {
    (void)c.unsupported(missing);
    return failure();
  }
  return v;
}

FailureOr<Value> otherOperand(AtenCall &c, Type elementType) {
  return requiredNumberOperand(
      c, "other", elementType,
      "the 'other' argument is neither a tensor nor a number");
}

/// `v` converted to `elementType` as PyTorch's type promotion converts an
/// operand before computing (a Cast unless it already has it).
Value promotedTo(AtenCall &c, Value v, Type elementType) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() == elementType)
    return v;
  return ms::CastOp::create(
      c.b, c.loc, RankedTensorType::get(type.getShape(), elementType), v);
}

/// The element type PyTorch computes `self <op> other` in (torch's
/// result_type): a float `other` (tensor or Python float) lifts an integer or
/// bool `self` to its float type (float32 for a Python float), a Python int or
/// an integer tensor lifts a bool `self` to int64 (or the tensor's type).
/// Within a kind, `self` (the dimensioned operand) decides.
Type promotedElementType(AtenCall &c, StringRef otherName) {
  Type self =
      cast<RankedTensorType>(c.operand("self").getType()).getElementType();
  if (isa<FloatType>(self))
    return self;
  Type other;
  if (Value v = c.operand(otherName)) {
    if (!v.getDefiningOp<ms::ConstantOp>() ||
        cast<RankedTensorType>(v.getType()).getRank() > 0)
      other = cast<RankedTensorType>(v.getType()).getElementType();
    else if (isa<FloatType>(
                 cast<RankedTensorType>(v.getType()).getElementType()))
      other = c.b.getF32Type(); // a Python float wrapped by torch
  } else if (isa_and_nonnull<FloatAttr>(c.arg(otherName))) {
    other = c.b.getF32Type();
  } else if (isa_and_nonnull<IntegerAttr>(c.arg(otherName)) &&
             !isa<BoolAttr>(c.arg(otherName))) {
    other = c.b.getI64Type();
  }
  if (!other)
    return self;
  if (isa<FloatType>(other))
    return other;
  if (self.isInteger(1) && !other.isInteger(1))
    return other;
  return self;
}

/// `dim` in [0, rank) (PyTorch's negative dims count from the end).
int64_t normalizeDim(int64_t dim, int64_t rank) {
  return dim < 0 ? dim + rank : dim;
}

/// `v` as a boolean tensor (PyTorch's truth: != 0).
Value asBool(AtenCall &c, Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType().isInteger(1))
    return v;
  return ms::CastOp::create(c.b, c.loc, type.clone(c.b.getI1Type()), v);
}

/// ArgMaxWithValue's `index_type` for indices of `type` (absent for i64).
TypeAttr indexTypeAttr(AtenCall &c, Type type) {
  return type.isInteger(64) ? TypeAttr() : TypeAttr::get(type);
}

} // namespace mlir::ascend::aten
