//===- ScalarConversion.cpp - PyTorch's scalar dtype conversions ----------===//
#include "ascend/Conversion/ScalarConversion/ScalarConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

Value mlir::ascend::scalarToBool(OpBuilder &b, Location loc, Value v) {
  Type type = v.getType();
  if (type.isInteger(1))
    return v;
  if (isa<FloatType>(type)) {
    Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0));
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v, zero);
  }
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero);
}

Value mlir::ascend::convertScalar(OpBuilder &b, Location loc, Value v,
                                  Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (to.isInteger(1))
    return scalarToBool(b, loc, v);
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (fromFloat && toFloat) {
    if (to.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, v);
    if (to.getIntOrFloatBitWidth() < from.getIntOrFloatBitWidth())
      return arith::TruncFOp::create(b, loc, to, v);
    // f16 <-> bf16: through f32.
    return arith::TruncFOp::create(
        b, loc, to, arith::ExtFOp::create(b, loc, b.getF32Type(), v));
  }
  if (fromFloat)
    return arith::FPToSIOp::create(b, loc, to, v);
  if (toFloat) {
    if (from.isInteger(1))
      return arith::UIToFPOp::create(b, loc, to, v);
    return arith::SIToFPOp::create(b, loc, to, v);
  }
  if (to.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth()) {
    if (from.isInteger(1))
      return arith::ExtUIOp::create(b, loc, to, v);
    return arith::ExtSIOp::create(b, loc, to, v);
  }
  return arith::TruncIOp::create(b, loc, to, v);
}
