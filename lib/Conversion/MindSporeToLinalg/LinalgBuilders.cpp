//===- LinalgBuilders.cpp - What the MindSpore lowerings share ------------===//
//
// The builders declared in LinalgBuilders.h.
//
//===----------------------------------------------------------------------===//
#include "LinalgBuilders.h"
#include "ascend/Conversion/ScalarConversion/ScalarConversion.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ascend;

namespace mlir::ascend::lowering {

RankedTensorType rankedType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

bool isHalf(Type t) { return t.isF16() || t.isBF16(); }

Type computeType(Type t) {
  return isHalf(t) ? Float32Type::get(t.getContext()) : t;
}

Value promote(OpBuilder &b, Location loc, Value v) {
  if (!isHalf(v.getType()))
    return v;
  return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
}

Value demote(OpBuilder &b, Location loc, Value v, Type type) {
  if (v.getType() == type)
    return v;
  return arith::TruncFOp::create(b, loc, type, v);
}

Value constantFloat(OpBuilder &b, Location loc, Type type, double value) {
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
}

Value negInfinity(OpBuilder &b, Location loc, FloatType type) {
  return arith::ConstantOp::create(
      b, loc,
      b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics(),
                                           /*Negative=*/true)));
}

Value emptyTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                  Type elementType) {
  return tensor::EmptyOp::create(b, loc, shape, elementType);
}

Value filledTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   Value value) {
  Value init = emptyTensor(b, loc, shape, value.getType());
  return linalg::FillOp::create(b, loc, value, init).getResult(0);
}

Value buildGeneric(OpBuilder &b, Location loc, RankedTensorType resultType,
                   ValueRange inputs, ArrayRef<AffineMap> maps,
                   ArrayRef<IteratorType> iterators, BodyFn body, Value init) {
  if (!init)
    init =
        emptyTensor(b, loc, resultType.getShape(), resultType.getElementType());
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc, body(nb, nloc, args));
      });
  return generic.getResult(0);
}

AffineMap broadcastMap(RankedTensorType operand, ArrayRef<int64_t> resultShape,
                       MLIRContext *ctx) {
  int64_t rank = resultShape.size(), operandRank = operand.getRank();
  SmallVector<AffineExpr> exprs;
  for (int64_t i = 0; i < operandRank; ++i) {
    int64_t d = rank - operandRank + i;
    if (operand.getDimSize(i) == 1 && resultShape[d] != 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(d, ctx));
  }
  return AffineMap::get(rank, 0, exprs, ctx);
}

Value buildElementwise(OpBuilder &b, Location loc, RankedTensorType resultType,
                       ValueRange inputs, BodyFn body) {
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps;
  for (Value in : inputs)
    maps.push_back(broadcastMap(rankedType(in), resultType.getShape(), ctx));
  maps.push_back(AffineMap::getMultiDimIdentityMap(resultType.getRank(), ctx));
  SmallVector<IteratorType> iterators(resultType.getRank(),
                                      IteratorType::parallel);
  return buildGeneric(b, loc, resultType, inputs, maps, iterators,
                      [&](OpBuilder &nb, Location nloc, ValueRange args) {
                        return body(nb, nloc, args.drop_back());
                      });
}

Value castFloatTensor(OpBuilder &b, Location loc, Value t, Type elementType) {
  RankedTensorType type = rankedType(t);
  if (type.getElementType() == elementType)
    return t;
  auto resultType = type.clone(elementType);
  return buildElementwise(
      b, loc, resultType, t, [&](OpBuilder &nb, Location nloc, ValueRange v) {
        if (elementType.getIntOrFloatBitWidth() >
            type.getElementType().getIntOrFloatBitWidth())
          return Value(arith::ExtFOp::create(nb, nloc, elementType, v[0]));
        return Value(arith::TruncFOp::create(nb, nloc, elementType, v[0]));
      });
}

Value promoteTensor(OpBuilder &b, Location loc, Value t) {
  return castFloatTensor(b, loc, t,
                         computeType(rankedType(t).getElementType()));
}

Value extractOnlyElement(OpBuilder &b, Location loc, Value t) {
  int64_t rank = rankedType(t).getRank();
  SmallVector<Value> indices;
  if (rank > 0)
    indices.assign(rank, arith::ConstantIndexOp::create(b, loc, 0));
  return tensor::ExtractOp::create(b, loc, t, indices);
}

Value buildReduceAll(OpBuilder &b, Location loc, Value t) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = rankedType(t).getRank();
  auto resultType = RankedTensorType::get({}, b.getI1Type());
  Value init = filledTensor(
      b, loc, {}, arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx),
                                 AffineMap::get(rank, 0, {}, ctx)};
  SmallVector<IteratorType> iterators(rank, IteratorType::reduction);
  return buildGeneric(
      b, loc, resultType, t, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        return Value(arith::AndIOp::create(
            nb, nloc, scalarToBool(nb, nloc, args[0]), args[1]));
      },
      init);
}

Value buildReduction(OpBuilder &b, Location loc, Value t,
                     ArrayRef<bool> reduced, bool keepDims, bool isMax) {
  MLIRContext *ctx = b.getContext();
  RankedTensorType type = rankedType(t);
  auto elementType = cast<FloatType>(type.getElementType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape;
  SmallVector<AffineExpr> outExprs;
  SmallVector<IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    iterators.push_back(reduced[d] ? IteratorType::reduction
                                   : IteratorType::parallel);
    if (!reduced[d]) {
      shape.push_back(type.getDimSize(d));
      outExprs.push_back(getAffineDimExpr(d, ctx));
    } else if (keepDims) {
      shape.push_back(1);
      outExprs.push_back(getAffineConstantExpr(0, ctx));
    }
  }
  Value initValue = isMax ? negInfinity(b, loc, elementType)
                          : constantFloat(b, loc, elementType, 0.0);
  Value init = filledTensor(b, loc, shape, initValue);
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx),
                                 AffineMap::get(rank, 0, outExprs, ctx)};
  return buildGeneric(
      b, loc, RankedTensorType::get(shape, elementType), t, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        if (isMax)
          return arith::MaximumFOp::create(nb, nloc, args[0], args[1]);
        return arith::AddFOp::create(nb, nloc, args[0], args[1]);
      },
      init);
}

Value buildPad(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> low,
               ArrayRef<int64_t> high, Value value) {
  if (llvm::all_of(low, [](int64_t v) { return v == 0; }) &&
      llvm::all_of(high, [](int64_t v) { return v == 0; }))
    return x;
  RankedTensorType type = rankedType(x);
  SmallVector<int64_t> shape;
  SmallVector<OpFoldResult> lowOfr, highOfr;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    shape.push_back(type.getDimSize(d) + low[d] + high[d]);
    lowOfr.push_back(b.getIndexAttr(low[d]));
    highOfr.push_back(b.getIndexAttr(high[d]));
  }
  return tensor::PadOp::create(b, loc, type.clone(shape), x, lowOfr, highOfr,
                               value);
}

Value demoteTensor(OpBuilder &b, Location loc, Value v,
                   RankedTensorType resultType) {
  return castFloatTensor(b, loc, v, resultType.getElementType());
}

int64_t normalizeAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

} // namespace mlir::ascend::lowering
