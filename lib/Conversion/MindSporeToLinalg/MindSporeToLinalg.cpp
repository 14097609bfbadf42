//===- MindSporeToLinalg.cpp - convert-mindspore-to-linalg ----------------===//
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "ElementOrder.h"
#include "ascend/Conversion/ScalarConversion/ScalarConversion.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ascend {
#define GEN_PASS_DEF_CONVERTMINDSPORETOLINALGPASS
#include "ascend/Conversion/MindSporeToLinalg/Passes.h.inc"
} // namespace mlir::ascend

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;
using utils::IteratorType;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

using BodyFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

RankedTensorType rankedType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

bool isHalf(Type t) { return t.isF16() || t.isBF16(); }

/// The type arithmetic on `t` is done in: f32 for f16/bf16 (PyTorch's CPU
/// kernels compute half types in float and round once), `t` otherwise.
Type computeType(Type t) {
  return isHalf(t) ? Float32Type::get(t.getContext()) : t;
}

/// Scalar `v` converted to its compute type.
Value promote(OpBuilder &b, Location loc, Value v) {
  if (!isHalf(v.getType()))
    return v;
  return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
}

/// Scalar `v` (in the compute type of `type`) rounded to `type`.
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

/// A new tensor of `shape` filled with the scalar `value`.
Value filledTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   Value value) {
  Value init = emptyTensor(b, loc, shape, value.getType());
  return linalg::FillOp::create(b, loc, value, init).getResult(0);
}

/// `linalg.generic` over the iteration space of `maps` (the last map is the
/// output's) producing a tensor of `resultType` from `init` (a fresh empty
/// tensor when null). `body` gets the input elements followed by the output
/// element and returns the value to yield.
Value buildGeneric(OpBuilder &b, Location loc, RankedTensorType resultType,
                   ValueRange inputs, ArrayRef<AffineMap> maps,
                   ArrayRef<IteratorType> iterators, BodyFn body,
                   Value init = {}) {
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

/// Map from the iteration space of a rank-`resultShape.size()` elementwise op
/// to the elements of `operand`, NumPy broadcasting: trailing dimensions
/// align and a size-1 dimension reads index 0.
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

/// Elementwise op with broadcasting of `inputs` to `resultType`; `body` gets
/// one element per input.
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

/// `t` with its elements converted to float type `elementType` (extf/truncf);
/// `t` itself when it already has that type.
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

/// `t` in its compute type (f16/bf16 extended to f32).
Value promoteTensor(OpBuilder &b, Location loc, Value t) {
  return castFloatTensor(b, loc, t,
                         computeType(rankedType(t).getElementType()));
}

/// The single element of a one-element tensor.
Value extractOnlyElement(OpBuilder &b, Location loc, Value t) {
  int64_t rank = rankedType(t).getRank();
  SmallVector<Value> indices;
  if (rank > 0)
    indices.assign(rank, arith::ConstantIndexOp::create(b, loc, 0));
  return tensor::ExtractOp::create(b, loc, t, indices);
}

/// Logical AND of all elements of `t` as a 0-d i1 tensor.
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
        return Value(arith::AndIOp::create(nb, nloc, scalarToBool(nb, nloc, args[0]),
                                           args[1]));
      },
      init);
}

/// Sum (`isMax` false) or maximum of `t` (already in its compute type) over
/// the dimensions flagged in `reduced`. The result drops them, or keeps them
/// as size 1 when `keepDims`.
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

/// `x` padded by `low` / `high` elements per dimension with `value`.
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

/// Rounds `v` (computed in f32 for half types) back to the element type of
/// `resultType`.
Value demoteTensor(OpBuilder &b, Location loc, Value v,
                   RankedTensorType resultType) {
  return castFloatTensor(b, loc, v, resultType.getElementType());
}

/// `axis` (negative counts from the end) as an index into a rank-`rank`
/// shape. Takes the attribute value as signed: I64Attr getters are unsigned.
int64_t normalizeAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

/// Base of the patterns that compute a float primitive in its compute type:
/// the operands are promoted (f16/bf16 to f32) in order, `Derived::lower`
/// builds the result from an adaptor over the promoted operands, and the
/// result is rounded back to the element type of the op's result.
template <typename Derived, typename SrcOp>
struct ComputeTypeLowering : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<Value> operands;
    for (Value operand : adaptor.getOperands())
      operands.push_back(promoteTensor(rewriter, loc, operand));
    typename SrcOp::Adaptor promoted(operands, adaptor);
    Value result = static_cast<const Derived *>(this)->lower(
        op, promoted, rewriter, loc, resultType);
    rewriter.replaceOp(op, demoteTensor(rewriter, loc, result, resultType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Elementwise primitives
//===----------------------------------------------------------------------===//

/// Base of the patterns of elementwise primitives: the operands broadcast to
/// the result and `Derived::scalar(b, loc, elements, resultElementType)`
/// computes one result element from one element of each operand.
template <typename Derived, typename SrcOp>
struct ElementwiseLowering : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = resultType.getElementType();
    Value result = buildElementwise(
        rewriter, op.getLoc(), resultType, adaptor.getOperands(),
        [&](OpBuilder &b, Location loc, ValueRange v) {
          return Derived::scalar(b, loc, v, elementType);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

template <typename OpT>
constexpr bool isCompare =
    llvm::is_one_of<OpT, ms::GreaterOp, ms::GreaterEqualOp, ms::LessOp,
                    ms::LessEqualOp, ms::EqualOp, ms::NotEqualOp>::value;

template <typename OpT> arith::CmpFPredicate floatPredicate() {
  if constexpr (std::is_same_v<OpT, ms::GreaterOp>)
    return arith::CmpFPredicate::OGT;
  else if constexpr (std::is_same_v<OpT, ms::GreaterEqualOp>)
    return arith::CmpFPredicate::OGE;
  else if constexpr (std::is_same_v<OpT, ms::LessOp>)
    return arith::CmpFPredicate::OLT;
  else if constexpr (std::is_same_v<OpT, ms::LessEqualOp>)
    return arith::CmpFPredicate::OLE;
  else if constexpr (std::is_same_v<OpT, ms::EqualOp>)
    return arith::CmpFPredicate::OEQ;
  else
    return arith::CmpFPredicate::UNE; // NaN != anything, like PyTorch
}

/// Booleans compare as 0 < 1; other integers are signed.
template <typename OpT> arith::CmpIPredicate intPredicate(bool isBool) {
  using P = arith::CmpIPredicate;
  if constexpr (std::is_same_v<OpT, ms::GreaterOp>)
    return isBool ? P::ugt : P::sgt;
  else if constexpr (std::is_same_v<OpT, ms::GreaterEqualOp>)
    return isBool ? P::uge : P::sge;
  else if constexpr (std::is_same_v<OpT, ms::LessOp>)
    return isBool ? P::ult : P::slt;
  else if constexpr (std::is_same_v<OpT, ms::LessEqualOp>)
    return isBool ? P::ule : P::sle;
  else if constexpr (std::is_same_v<OpT, ms::EqualOp>)
    return P::eq;
  else
    return P::ne;
}

/// PyTorch's float remainder: r = fmod(a, b), plus b when r != 0 and the
/// signs of r and b differ.
Value floorModFloat(OpBuilder &b, Location loc, Value l, Value r) {
  Value zero = constantFloat(b, loc, l.getType(), 0.0);
  Value mod = arith::RemFOp::create(b, loc, l, r);
  Value nonzero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, mod, zero);
  Value signs = arith::XOrIOp::create(
      b, loc, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, mod, zero),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, r, zero));
  return arith::SelectOp::create(b, loc,
                                 arith::AndIOp::create(b, loc, nonzero, signs),
                                 arith::AddFOp::create(b, loc, mod, r), mod);
}

/// PyTorch's float floor division (c10::div_floor_floating): from
/// fmod(a, b), exact where floor(a / b) is off by one ulp of a quotient.
Value floorDivFloat(OpBuilder &b, Location loc, Value l, Value r) {
  Type t = l.getType();
  auto c = [&](double v) { return constantFloat(b, loc, t, v); };
  auto cmp = [&](arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  };
  Value mod = arith::RemFOp::create(b, loc, l, r);
  Value div = arith::DivFOp::create(b, loc, arith::SubFOp::create(b, loc, l, mod), r);
  Value signs = arith::XOrIOp::create(b, loc, cmp(arith::CmpFPredicate::OLT, r, c(0)),
                                      cmp(arith::CmpFPredicate::OLT, mod, c(0)));
  Value adjust = arith::AndIOp::create(
      b, loc, cmp(arith::CmpFPredicate::UNE, mod, c(0)), signs);
  div = arith::SelectOp::create(b, loc, adjust,
                                arith::SubFOp::create(b, loc, div, c(1)), div);
  Value floored = math::FloorOp::create(b, loc, div);
  Value up = cmp(arith::CmpFPredicate::OGT,
                 arith::SubFOp::create(b, loc, div, floored), c(0.5));
  floored = arith::SelectOp::create(
      b, loc, up, arith::AddFOp::create(b, loc, floored, c(1)), floored);
  // A zero quotient takes the sign of the true quotient; b == 0 gives a / b.
  Value zeroDiv = math::CopySignOp::create(
      b, loc, c(0), arith::DivFOp::create(b, loc, l, r));
  Value result = arith::SelectOp::create(
      b, loc, cmp(arith::CmpFPredicate::UNE, div, c(0)), floored, zeroDiv);
  return arith::SelectOp::create(b, loc, cmp(arith::CmpFPredicate::OEQ, r, c(0)),
                                 arith::DivFOp::create(b, loc, l, r), result);
}

template <typename SrcOp>
Value scalarBinary(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type type = lhs.getType();
  if constexpr (std::is_same_v<SrcOp, ms::LogicalAndOp>) {
    return arith::AndIOp::create(b, loc, lhs, rhs);
  } else if constexpr (std::is_same_v<SrcOp, ms::LogicalOrOp>) {
    return arith::OrIOp::create(b, loc, lhs, rhs);
  } else if (isa<FloatType>(type)) {
    Value l = promote(b, loc, lhs), r = promote(b, loc, rhs);
    if constexpr (isCompare<SrcOp>) {
      return arith::CmpFOp::create(b, loc, floatPredicate<SrcOp>(), l, r);
    } else {
      Value v;
      if constexpr (std::is_same_v<SrcOp, ms::AddOp>)
        v = arith::AddFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::SubOp>)
        v = arith::SubFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::MulOp>)
        v = arith::MulFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::MaximumOp>)
        v = arith::MaximumFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::MinimumOp>)
        v = arith::MinimumFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::PowOp>)
        v = math::PowFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::Atan2Op>)
        v = math::Atan2Op::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::TruncateModOp>)
        v = arith::RemFOp::create(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::FloorModOp>)
        v = floorModFloat(b, loc, l, r);
      else if constexpr (std::is_same_v<SrcOp, ms::FloorDivOp>)
        v = floorDivFloat(b, loc, l, r);
      else
        v = arith::DivFOp::create(b, loc, l, r);
      return demote(b, loc, v, type);
    }
  } else {
    bool isBool = type.isInteger(1);
    if constexpr (isCompare<SrcOp>) {
      return arith::CmpIOp::create(b, loc, intPredicate<SrcOp>(isBool), lhs,
                                   rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::AddOp>) {
      return arith::AddIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::SubOp>) {
      return arith::SubIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::MulOp>) {
      return arith::MulIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::TruncateModOp>) {
      return arith::RemSIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::FloorModOp>) {
      // r = lhs % rhs; r + rhs when r != 0 and the signs differ.
      Value rem = arith::RemSIOp::create(b, loc, lhs, rhs);
      Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
      Value nonzero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, rem, zero);
      Value signs = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rem, zero),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rhs, zero));
      return arith::SelectOp::create(b, loc,
                                     arith::AndIOp::create(b, loc, nonzero, signs),
                                     arith::AddIOp::create(b, loc, rem, rhs), rem);
    } else if constexpr (std::is_same_v<SrcOp, ms::FloorDivOp>) {
      return arith::FloorDivSIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::MaximumOp>) {
      if (isBool)
        return arith::OrIOp::create(b, loc, lhs, rhs);
      return arith::MaxSIOp::create(b, loc, lhs, rhs);
    } else if constexpr (std::is_same_v<SrcOp, ms::MinimumOp>) {
      if (isBool)
        return arith::AndIOp::create(b, loc, lhs, rhs);
      return arith::MinSIOp::create(b, loc, lhs, rhs);
    } else {
      return arith::DivSIOp::create(b, loc, lhs, rhs);
    }
  }
}

template <typename SrcOp>
struct BinaryLowering : ElementwiseLowering<BinaryLowering<SrcOp>, SrcOp> {
  using ElementwiseLowering<BinaryLowering<SrcOp>, SrcOp>::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v, Type) {
    return scalarBinary<SrcOp>(b, loc, v[0], v[1]);
  }
};

/// One element of a float unary primitive, `x` in its compute type.
template <typename SrcOp>
Value scalarFloatUnary(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  auto c = [&](double v) { return constantFloat(b, loc, t, v); };
  // 1 / (1 + exp(-x)), PyTorch's CPU formula for sigmoid and silu.
  auto sigmoidDenominator = [&] {
    return arith::AddFOp::create(
        b, loc, c(1.0),
        math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x)));
  };
  if constexpr (std::is_same_v<SrcOp, ms::ReLUOp>)
    return arith::MaximumFOp::create(b, loc, x, c(0.0));
  else if constexpr (std::is_same_v<SrcOp, ms::ReLU6Op>)
    return arith::MinimumFOp::create(
        b, loc, arith::MaximumFOp::create(b, loc, x, c(0.0)), c(6.0));
  else if constexpr (std::is_same_v<SrcOp, ms::SinOp>)
    return math::SinOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::CosOp>)
    return math::CosOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::ExpOp>)
    return math::ExpOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::LogOp>)
    return math::LogOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::SqrtOp>)
    return math::SqrtOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::RsqrtOp>)
    return math::RsqrtOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::TanhOp>)
    return math::TanhOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::ErfOp>)
    return math::ErfOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AsinOp>)
    return math::AsinOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::ACosOp>)
    return math::AcosOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AtanOp>)
    return math::AtanOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AsinhOp>)
    return math::AsinhOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AcoshOp>)
    return math::AcoshOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::AtanhOp>)
    return math::AtanhOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::ErfcOp>)
    return math::ErfcOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::FloorOp>)
    return math::FloorOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::CeilOp>)
    return math::CeilOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::RoundOp>)
    return math::RoundEvenOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::TruncOp>)
    return math::TruncOp::create(b, loc, x);
  else if constexpr (std::is_same_v<SrcOp, ms::SigmoidOp>)
    return arith::DivFOp::create(b, loc, c(1.0), sigmoidDenominator());
  else if constexpr (std::is_same_v<SrcOp, ms::SiLUOp>)
    return arith::DivFOp::create(b, loc, x, sigmoidDenominator());
  else if constexpr (std::is_same_v<SrcOp, ms::GeLUOp>) {
    // x * 0.5 * (1 + erf(x / sqrt(2))), PyTorch's exact gelu.
    Value erf = math::ErfOp::create(
        b, loc, arith::MulFOp::create(b, loc, x, c(M_SQRT1_2)));
    return arith::MulFOp::create(
        b, loc, arith::MulFOp::create(b, loc, x, c(0.5)),
        arith::AddFOp::create(b, loc, c(1.0), erf));
  } else if constexpr (std::is_same_v<SrcOp, ms::NegOp>)
    return arith::NegFOp::create(b, loc, x);
  else
    return math::AbsFOp::create(b, loc, x);
}

template <typename SrcOp>
struct UnaryLowering : ElementwiseLowering<UnaryLowering<SrcOp>, SrcOp> {
  using ElementwiseLowering<UnaryLowering<SrcOp>, SrcOp>::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v,
                      Type elementType) {
    if (!isa<FloatType>(elementType)) {
      // Neg and Abs of integers (two's complement wrap, like PyTorch).
      Value zero =
          arith::ConstantOp::create(b, loc, b.getIntegerAttr(elementType, 0));
      Value neg = arith::SubIOp::create(b, loc, zero, v[0]);
      if constexpr (std::is_same_v<SrcOp, ms::NegOp>)
        return neg;
      Value isNeg =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, v[0], zero);
      return arith::SelectOp::create(b, loc, isNeg, neg, v[0]);
    }
    Value y = scalarFloatUnary<SrcOp>(b, loc, promote(b, loc, v[0]));
    return demote(b, loc, y, elementType);
  }
};

struct CastLowering : ElementwiseLowering<CastLowering, ms::CastOp> {
  using ElementwiseLowering::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v, Type to) {
    return convertScalar(b, loc, v[0], to);
  }
};

struct SelectLowering : ElementwiseLowering<SelectLowering, ms::SelectOp> {
  using ElementwiseLowering::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v, Type) {
    return arith::SelectOp::create(b, loc, v[0], v[1], v[2]);
  }
};

struct LogicalNotLowering
    : ElementwiseLowering<LogicalNotLowering, ms::LogicalNotOp> {
  using ElementwiseLowering::ElementwiseLowering;
  static Value scalar(OpBuilder &b, Location loc, ValueRange v, Type) {
    Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    return arith::XOrIOp::create(b, loc, v[0], one);
  }
};

/// Map of a per-channel operand `[C]` in the iteration space of a rank-`rank`
/// `[N, C, ...]` tensor.
AffineMap channelMap(int64_t rank, MLIRContext *ctx) {
  return AffineMap::get(rank, 0, getAffineDimExpr(1, ctx), ctx);
}

struct BiasAddLowering : OpConversionPattern<ms::BiasAddOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::BiasAddOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<IteratorType> iterators(rank, IteratorType::parallel);
    Type elementType = resultType.getElementType();
    Value result = buildGeneric(rewriter, op.getLoc(), resultType,
                                ValueRange{adaptor.getX(), adaptor.getBias()},
                                {id, channelMap(rank, ctx), id}, iterators,
                                [&](OpBuilder &b, Location loc, ValueRange v) {
                                  Value sum = arith::AddFOp::create(
                                      b, loc, promote(b, loc, v[0]),
                                      promote(b, loc, v[1]));
                                  return demote(b, loc, sum, elementType);
                                });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct BatchNormLowering : OpConversionPattern<ms::BatchNormOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::BatchNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    AffineMap channel = channelMap(rank, ctx);
    SmallVector<IteratorType> iterators(rank, IteratorType::parallel);
    Type elementType = resultType.getElementType();
    double epsilon = op.getEpsilon().convertToDouble();
    // PyTorch's inference kernel: alpha = scale / sqrt(var + eps),
    // beta = bias - mean * alpha, y = x * alpha + beta.
    Value result = buildGeneric(
        rewriter, op.getLoc(), resultType,
        ValueRange{adaptor.getX(), adaptor.getScale(), adaptor.getBias(),
                   adaptor.getMean(), adaptor.getVariance()},
        {id, channel, channel, channel, channel, id}, iterators,
        [&](OpBuilder &b, Location loc, ValueRange v) {
          Value x = promote(b, loc, v[0]), scale = promote(b, loc, v[1]),
                bias = promote(b, loc, v[2]), mean = promote(b, loc, v[3]),
                var = promote(b, loc, v[4]);
          Type t = x.getType();
          Value eps = constantFloat(b, loc, t, epsilon);
          Value stddev = math::SqrtOp::create(
              b, loc, arith::AddFOp::create(b, loc, var, eps));
          Value invStd = arith::DivFOp::create(
              b, loc, constantFloat(b, loc, t, 1.0), stddev);
          Value alpha = arith::MulFOp::create(b, loc, invStd, scale);
          Value beta = arith::SubFOp::create(
              b, loc, bias, arith::MulFOp::create(b, loc, mean, alpha));
          Value y = arith::AddFOp::create(
              b, loc, arith::MulFOp::create(b, loc, x, alpha), beta);
          return demote(b, loc, y, elementType);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// MatMul, Conv2D, pooling
//===----------------------------------------------------------------------===//

Value transpose2D(OpBuilder &b, Location loc, Value t) {
  RankedTensorType type = rankedType(t);
  Value init = emptyTensor(b, loc, {type.getDimSize(1), type.getDimSize(0)},
                           type.getElementType());
  return linalg::TransposeOp::create(b, loc, t, init, ArrayRef<int64_t>{1, 0})
      .getResult()[0];
}

struct MatMulLowering : ComputeTypeLowering<MatMulLowering, ms::MatMulOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::MatMulOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    Value x = promoted.getX();
    Value y = promoted.getY();
    if (op.getTransposeA())
      x = transpose2D(rewriter, loc, x);
    if (op.getTransposeB())
      y = transpose2D(rewriter, loc, y);
    Type computeElt = rankedType(x).getElementType();
    Value init = filledTensor(rewriter, loc, resultType.getShape(),
                              constantFloat(rewriter, loc, computeElt, 0.0));
    return linalg::MatmulOp::create(rewriter, loc, TypeRange{init.getType()},
                                    ValueRange{x, y}, ValueRange{init})
        .getResult(0);
  }
};

/// BatchMatMul over any number of batch dimensions: one linalg.generic with
/// the batch, M and N dimensions parallel and K reduced; a transposed operand
/// reads its last two dimensions swapped.
struct BatchMatMulLowering
    : ComputeTypeLowering<BatchMatMulLowering, ms::BatchMatMulOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::BatchMatMulOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    MLIRContext *ctx = rewriter.getContext();
    int64_t batch = resultType.getRank() - 2;
    // Iteration space: (batch..., m, n, k).
    auto dim = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
    SmallVector<AffineExpr> b;
    for (int64_t i = 0; i < batch; ++i)
      b.push_back(dim(i));
    AffineExpr m = dim(batch), n = dim(batch + 1), k = dim(batch + 2);
    auto map = [&](AffineExpr r, AffineExpr c) {
      SmallVector<AffineExpr> exprs(b);
      exprs.append({r, c});
      return AffineMap::get(batch + 3, 0, exprs, ctx);
    };
    SmallVector<AffineMap> maps = {
        op.getTransposeA() ? map(k, m) : map(m, k),
        op.getTransposeB() ? map(n, k) : map(k, n), map(m, n)};
    SmallVector<utils::IteratorType> iterators(batch + 2,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    Value x = promoted.getX(), y = promoted.getY();
    Type elt = rankedType(x).getElementType();
    Value init = filledTensor(rewriter, loc, resultType.getShape(),
                              constantFloat(rewriter, loc, elt, 0.0));
    return linalg::GenericOp::create(
               rewriter, loc, TypeRange{init.getType()}, ValueRange{x, y},
               ValueRange{init}, maps, iterators,
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value product = arith::MulFOp::create(nb, nloc, args[0], args[1]);
                 linalg::YieldOp::create(
                     nb, nloc,
                     ValueRange{arith::AddFOp::create(nb, nloc, args[2], product)});
               })
        .getResult(0);
  }
};

struct Conv2DLowering : ComputeTypeLowering<Conv2DLowering, ms::Conv2DOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::Conv2DOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    Value x = promoted.getX();
    Value w = promoted.getWeight();
    Type elt = rankedType(x).getElementType();
    ArrayRef<int64_t> pad = op.getPad();
    x = buildPad(rewriter, loc, x, {0, 0, pad[0], pad[2]},
                 {0, 0, pad[1], pad[3]}, constantFloat(rewriter, loc, elt, 0));
    auto strides = rewriter.getI64VectorAttr(op.getStride());
    auto dilations = rewriter.getI64VectorAttr(op.getDilation());
    Value zero = constantFloat(rewriter, loc, elt, 0.0);
    ArrayRef<int64_t> out = resultType.getShape();
    int64_t group = op.getGroup();
    Value result;
    if (group == 1) {
      Value init = filledTensor(rewriter, loc, out, zero);
      result = linalg::Conv2DNchwFchwOp::create(
                   rewriter, loc, TypeRange{init.getType()}, ValueRange{x, w},
                   ValueRange{init}, strides, dilations)
                   .getResult(0);
    } else {
      // [N, C, H, W] -> [N, G, C/G, H, W]; [O, C/G, KH, KW] ->
      // [G, O/G, C/G, KH, KW]; the result [N, G, O/G, OH, OW] collapses back.
      RankedTensorType xt = rankedType(x), wt = rankedType(w);
      auto xg = RankedTensorType::get({xt.getDimSize(0), group,
                                       xt.getDimSize(1) / group,
                                       xt.getDimSize(2), xt.getDimSize(3)},
                                      elt);
      auto wg = RankedTensorType::get({group, wt.getDimSize(0) / group,
                                       wt.getDimSize(1), wt.getDimSize(2),
                                       wt.getDimSize(3)},
                                      elt);
      Value xExp = tensor::ExpandShapeOp::create(
          rewriter, loc, xg, x,
          ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}, {4}});
      Value wExp = tensor::ExpandShapeOp::create(
          rewriter, loc, wg, w,
          ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}, {4}});
      Value init = filledTensor(
          rewriter, loc, {out[0], group, out[1] / group, out[2], out[3]}, zero);
      Value grouped =
          linalg::Conv2DNgchwGfchwOp::create(
              rewriter, loc, TypeRange{init.getType()}, ValueRange{xExp, wExp},
              ValueRange{init}, strides, dilations)
              .getResult(0);
      result = tensor::CollapseShapeOp::create(
          rewriter, loc, resultType.clone(elt), grouped,
          ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}, {4}});
    }
    return result;
  }
};

struct MaxPoolLowering : ComputeTypeLowering<MaxPoolLowering, ms::MaxPoolOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::MaxPoolOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    Value x = promoted.getX();
    RankedTensorType xt = rankedType(x);
    auto elt = cast<FloatType>(xt.getElementType());
    ArrayRef<int64_t> k = op.getKernelSize(), s = op.getStrides(),
                      pad = op.getPad();
    // Windows that ceil_mode adds reach past the bottom/right padding: pad
    // with -inf far enough for the last window (it starts inside the input,
    // so every window still holds a real element).
    int64_t oh = resultType.getDimSize(2), ow = resultType.getDimSize(3);
    int64_t bottom =
        std::max(pad[1], (oh - 1) * s[0] + k[0] - xt.getDimSize(2) - pad[0]);
    int64_t right =
        std::max(pad[3], (ow - 1) * s[1] + k[1] - xt.getDimSize(3) - pad[2]);
    Value minusInf = negInfinity(rewriter, loc, elt);
    x = buildPad(rewriter, loc, x, {0, 0, pad[0], pad[2]},
                 {0, 0, bottom, right}, minusInf);
    Value init = filledTensor(rewriter, loc, resultType.getShape(), minusInf);
    Value window = emptyTensor(rewriter, loc, k, elt);
    Value result =
        linalg::PoolingNchwMaxOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{x, window},
            ValueRange{init}, rewriter.getI64VectorAttr(s),
            rewriter.getI64VectorAttr({1, 1}))
            .getResult(0);
    return result;
  }
};

/// Average pooling of `x` (compute type) without padding: window sums
/// divided by the window size. The result has shape `outShape`.
Value buildAvgPool(OpBuilder &b, Location loc, Value x,
                   ArrayRef<int64_t> outShape, ArrayRef<int64_t> k,
                   ArrayRef<int64_t> s) {
  Type elt = rankedType(x).getElementType();
  Value init = filledTensor(b, loc, outShape, constantFloat(b, loc, elt, 0.0));
  Value window = emptyTensor(b, loc, k, elt);
  Value sums =
      linalg::PoolingNchwSumOp::create(
          b, loc, TypeRange{init.getType()}, ValueRange{x, window},
          ValueRange{init}, b.getI64VectorAttr(s), b.getI64VectorAttr({1, 1}))
          .getResult(0);
  Value count = constantFloat(b, loc, elt, double(k[0] * k[1]));
  return buildElementwise(b, loc, rankedType(sums), sums,
                          [&](OpBuilder &nb, Location nloc, ValueRange v) {
                            return Value(
                                arith::DivFOp::create(nb, nloc, v[0], count));
                          });
}

struct AvgPoolLowering : ComputeTypeLowering<AvgPoolLowering, ms::AvgPoolOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::AvgPoolOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    Value x = promoted.getX();
    ArrayRef<int64_t> k = op.getKernelSize(), s = op.getStrides();
    SmallVector<int64_t> pad(4, 0);
    if (std::optional<ArrayRef<int64_t>> p = op.getPad())
      pad.assign(p->begin(), p->end());
    bool padded = llvm::any_of(pad, [](int64_t v) { return v != 0; });
    if (!padded && !op.getCeilMode() && !op.getDivisorOverride())
      return buildAvgPool(rewriter, loc, x, resultType.getShape(), k, s);
    // Zero padding, as far as the last ceil_mode window reaches (it starts
    // inside the input or the top / left padding).
    RankedTensorType xt = rankedType(x);
    Type elt = xt.getElementType();
    int64_t h = xt.getDimSize(2), w = xt.getDimSize(3);
    int64_t oh = resultType.getDimSize(2), ow = resultType.getDimSize(3);
    int64_t bottom = std::max(pad[1], (oh - 1) * s[0] + k[0] - h - pad[0]);
    int64_t right = std::max(pad[3], (ow - 1) * s[1] + k[1] - w - pad[2]);
    Value zero = constantFloat(rewriter, loc, elt, 0.0);
    x = buildPad(rewriter, loc, x, {0, 0, pad[0], pad[2]},
                 {0, 0, bottom, right}, zero);
    Value init = filledTensor(rewriter, loc, resultType.getShape(), zero);
    Value window = emptyTensor(rewriter, loc, k, elt);
    Value sums =
        linalg::PoolingNchwSumOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{x, window},
            ValueRange{init}, rewriter.getI64VectorAttr(s),
            rewriter.getI64VectorAttr({1, 1}))
            .getResult(0);
    // The divisors, [OH, OW]: divisor_override, else the window sizes
    // (clipped to the padded input with count_include_pad, to the input
    // without), row sizes times column sizes.
    auto sizes = [&](int64_t in, int64_t out, int64_t kk, int64_t ss,
                     int64_t before, int64_t after) {
      SmallVector<int64_t> n;
      for (int64_t o = 0; o < out; ++o) {
        int64_t start = o * ss - before;
        int64_t end = std::min(start + kk, in + after);
        if (!op.getCountIncludePad()) {
          start = std::max<int64_t>(start, 0);
          end = std::min(end, in);
        }
        n.push_back(end - start);
      }
      return n;
    };
    SmallVector<int64_t> rows = sizes(h, oh, k[0], s[0], pad[0], pad[1]);
    SmallVector<int64_t> cols = sizes(w, ow, k[1], s[1], pad[2], pad[3]);
    SmallVector<Attribute> divisors;
    for (int64_t r : rows)
      for (int64_t c : cols)
        divisors.push_back(rewriter.getFloatAttr(
            elt, double(op.getDivisorOverride().value_or(r * c))));
    Value divisor = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(RankedTensorType::get({oh, ow}, elt),
                               divisors));
    return buildElementwise(rewriter, loc, rankedType(sums),
                            ValueRange{sums, divisor},
                            [&](OpBuilder &nb, Location nloc, ValueRange v) {
                              return Value(arith::DivFOp::create(
                                  nb, nloc, v[0], v[1]));
                            });
  }
};

/// Window start `floor(i * in / out)` and end `ceil((i + 1) * in / out)` of
/// adaptive pooling output index `i` (index values).
std::pair<Value, Value> adaptiveWindow(OpBuilder &b, Location loc, Value i,
                                       int64_t in, int64_t out) {
  Value inV = arith::ConstantIndexOp::create(b, loc, in);
  Value outV = arith::ConstantIndexOp::create(b, loc, out);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value start = arith::DivUIOp::create(
      b, loc, arith::MulIOp::create(b, loc, i, inV), outV);
  Value next =
      arith::MulIOp::create(b, loc, arith::AddIOp::create(b, loc, i, one), inV);
  Value end = arith::DivUIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, next,
                            arith::ConstantIndexOp::create(b, loc, out - 1)),
      outV);
  return {start, end};
}

/// Largest adaptive window size over the `out` output positions.
int64_t maxAdaptiveWindow(int64_t in, int64_t out) {
  int64_t best = 0;
  for (int64_t i = 0; i < out; ++i)
    best = std::max(best, ((i + 1) * in + out - 1) / out - (i * in) / out);
  return best;
}

struct AdaptiveAvgPool2DLowering
    : ComputeTypeLowering<AdaptiveAvgPool2DLowering, ms::AdaptiveAvgPool2DOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::AdaptiveAvgPool2DOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    MLIRContext *ctx = getContext();
    Value x = promoted.getX();
    RankedTensorType xt = rankedType(x);
    Type elt = xt.getElementType();
    int64_t h = xt.getDimSize(2), w = xt.getDimSize(3);
    int64_t oh = resultType.getDimSize(2), ow = resultType.getDimSize(3);
    if (h % oh == 0 && w % ow == 0) {
      // Equal windows: a plain average pool.
      SmallVector<int64_t> k = {h / oh, w / ow};
      return buildAvgPool(rewriter, loc, x, resultType.getShape(), k, k);
    }
    // General case: iterate (n, c, i, j, p, q) over the largest window
    // [KH, KW]; element (p, q) of window (i, j) is input row start_i + p,
    // column start_j + q when inside the window. Sums are then divided by the
    // window areas.
    int64_t kh = maxAdaptiveWindow(h, oh), kw = maxAdaptiveWindow(w, ow);
    SmallVector<int64_t> outShape(resultType.getShape());
    auto sumType = RankedTensorType::get(outShape, elt);
    Value init = filledTensor(rewriter, loc, outShape,
                              constantFloat(rewriter, loc, elt, 0));
    Value window = emptyTensor(rewriter, loc, {kh, kw}, elt);
    auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
    SmallVector<AffineMap> maps = {
        AffineMap::get(6, 0, {d(4), d(5)}, ctx),
        AffineMap::get(6, 0, {d(0), d(1), d(2), d(3)}, ctx)};
    SmallVector<IteratorType> iterators(4, IteratorType::parallel);
    iterators.append(2, IteratorType::reduction);
    Value sums = buildGeneric(
        rewriter, loc, sumType, window, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value idx[6];
          for (int64_t i = 0; i < 6; ++i)
            idx[i] = linalg::IndexOp::create(b, l, i);
          auto [rowStart, rowEnd] = adaptiveWindow(b, l, idx[2], h, oh);
          auto [colStart, colEnd] = adaptiveWindow(b, l, idx[3], w, ow);
          Value row = arith::AddIOp::create(b, l, rowStart, idx[4]);
          Value col = arith::AddIOp::create(b, l, colStart, idx[5]);
          Value inside = arith::AndIOp::create(
              b, l,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, row,
                                    rowEnd),
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, col,
                                    colEnd));
          // Clamp so that the read stays in bounds outside the window.
          Value lastRow = arith::ConstantIndexOp::create(b, l, h - 1);
          Value lastCol = arith::ConstantIndexOp::create(b, l, w - 1);
          row = arith::MinUIOp::create(b, l, row, lastRow);
          col = arith::MinUIOp::create(b, l, col, lastCol);
          Value elem = tensor::ExtractOp::create(
              b, l, x, ValueRange{idx[0], idx[1], row, col});
          Value sum = arith::AddFOp::create(b, l, args[1], elem);
          return Value(arith::SelectOp::create(b, l, inside, sum, args[1]));
        },
        init);
    SmallVector<AffineMap> divMaps(2,
                                   AffineMap::getMultiDimIdentityMap(4, ctx));
    SmallVector<IteratorType> parallel(4, IteratorType::parallel);
    Value result = buildGeneric(
        rewriter, loc, sumType, sums, divMaps, parallel,
        [&](OpBuilder &b, Location l, ValueRange args) {
          auto [rowStart, rowEnd] =
              adaptiveWindow(b, l, linalg::IndexOp::create(b, l, 2), h, oh);
          auto [colStart, colEnd] =
              adaptiveWindow(b, l, linalg::IndexOp::create(b, l, 3), w, ow);
          Value area = arith::MulIOp::create(
              b, l, arith::SubIOp::create(b, l, rowEnd, rowStart),
              arith::SubIOp::create(b, l, colEnd, colStart));
          Value areaF = arith::UIToFPOp::create(
              b, l, elt,
              arith::IndexCastUIOp::create(b, l, b.getI64Type(), area));
          return Value(arith::DivFOp::create(b, l, args[0], areaF));
        });
    return result;
  }
};

//===----------------------------------------------------------------------===//
// Softmax and reductions
//===----------------------------------------------------------------------===//

/// Map from the rank-`rank` iteration space to the dimensions not flagged in
/// `reduced` (a reduction result without kept dimensions).
AffineMap keptDimsMap(ArrayRef<bool> reduced, MLIRContext *ctx) {
  SmallVector<AffineExpr> exprs;
  for (auto [d, r] : llvm::enumerate(reduced))
    if (!r)
      exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(reduced.size(), 0, exprs, ctx);
}

/// Softmax and LogSoftmax along `axis`, from the maximum along it like
/// PyTorch: exp(x - max) / sum(exp(x - max)) and
/// (x - max) - log(sum(exp(x - max))).
template <typename SrcOp>
struct SoftmaxLowering : ComputeTypeLowering<SoftmaxLowering<SrcOp>, SrcOp> {
  using ComputeTypeLowering<SoftmaxLowering<SrcOp>, SrcOp>::ComputeTypeLowering;
  static constexpr bool isLog = std::is_same_v<SrcOp, ms::LogSoftmaxOp>;

  Value lower(SrcOp op, typename SrcOp::Adaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    MLIRContext *ctx = this->getContext();
    Value x = promoted.getX();
    RankedTensorType xt = rankedType(x);
    int64_t rank = xt.getRank();
    if (rank == 0) {
      // Softmax of a single value is 1, its log 0.
      Value only = constantFloat(rewriter, loc, resultType.getElementType(),
                                 isLog ? 0.0 : 1.0);
      return filledTensor(rewriter, loc, {}, only);
    }
    SmallVector<bool> reduced(rank, false);
    reduced[normalizeAxis(op.getAxis(), rank)] = true;
    AffineMap dropAxis = keptDimsMap(reduced, ctx);
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);
    // Elementwise `body` of a full tensor and one reduced along the axis.
    auto combine = [&](Value full, Value alongAxis, BodyFn body) {
      return buildGeneric(rewriter, loc, xt, ValueRange{full, alongAxis},
                          {id, dropAxis, id}, parallel, body);
    };
    auto sumOf = [&](Value t) {
      return buildReduction(rewriter, loc, t, reduced, false, false);
    };
    Value max = buildReduction(rewriter, loc, x, reduced, false, true);
    if constexpr (isLog) {
      Value shifted =
          combine(x, max, [](OpBuilder &b, Location l, ValueRange v) {
            return Value(arith::SubFOp::create(b, l, v[0], v[1]));
          });
      Value exps =
          buildElementwise(rewriter, loc, xt, shifted,
                           [](OpBuilder &b, Location l, ValueRange v) {
                             return Value(math::ExpOp::create(b, l, v[0]));
                           });
      return combine(shifted, sumOf(exps),
                     [](OpBuilder &b, Location l, ValueRange v) {
                       return Value(arith::SubFOp::create(
                           b, l, v[0], math::LogOp::create(b, l, v[1])));
                     });
    } else {
      Value exps = combine(x, max, [](OpBuilder &b, Location l, ValueRange v) {
        return Value(
            math::ExpOp::create(b, l, arith::SubFOp::create(b, l, v[0], v[1])));
      });
      return combine(exps, sumOf(exps),
                     [](OpBuilder &b, Location l, ValueRange v) {
                       return Value(arith::DivFOp::create(b, l, v[0], v[1]));
                     });
    }
  }
};

struct ReduceAllLowering : OpConversionPattern<ms::ReduceAllOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ReduceAllOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value all = buildReduceAll(rewriter, op.getLoc(), adaptor.getInput());
    if (all.getType() != op.getType())
      all = tensor::CastOp::create(rewriter, op.getLoc(), op.getType(), all);
    rewriter.replaceOp(op, all);
    return success();
  }
};

/// Flags of the axes a reduce primitive reduces (all when `axis` is empty).
SmallVector<bool> reducedAxes(ArrayRef<int64_t> axis, int64_t rank) {
  SmallVector<bool> reduced(rank, axis.empty());
  for (int64_t a : axis)
    reduced[normalizeAxis(a, rank)] = true;
  return reduced;
}

/// Number of elements of `type` in the flagged dimensions.
int64_t reducedCount(RankedTensorType type, ArrayRef<bool> reduced) {
  int64_t count = 1;
  for (auto [d, r] : llvm::enumerate(reduced))
    if (r)
      count *= type.getDimSize(d);
  return count;
}

/// `t` (float) with every element divided by `count`.
Value divideBy(OpBuilder &b, Location loc, Value t, int64_t count) {
  RankedTensorType type = rankedType(t);
  Type elt = type.getElementType();
  return buildElementwise(b, loc, type, t,
                          [&](OpBuilder &nb, Location nloc, ValueRange v) {
                            return Value(arith::DivFOp::create(
                                nb, nloc, v[0],
                                constantFloat(nb, nloc, elt, double(count))));
                          });
}

template <typename SrcOp>
struct ReduceLowering : ComputeTypeLowering<ReduceLowering<SrcOp>, SrcOp> {
  using ComputeTypeLowering<ReduceLowering<SrcOp>, SrcOp>::ComputeTypeLowering;
  Value lower(SrcOp op, typename SrcOp::Adaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType) const {
    Value x = promoted.getInput();
    SmallVector<bool> reduced =
        reducedAxes(op.getAxis(), rankedType(x).getRank());
    constexpr bool isMax = std::is_same_v<SrcOp, ms::ReduceMaxOp>;
    Value result =
        buildReduction(rewriter, loc, x, reduced, op.getKeepDims(), isMax);
    if constexpr (std::is_same_v<SrcOp, ms::ReduceMeanOp>)
      result = divideBy(rewriter, loc, result,
                        reducedCount(rankedType(x), reduced));
    return result;
  }
};

struct LayerNormLowering
    : ComputeTypeLowering<LayerNormLowering, ms::LayerNormOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::LayerNormOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    MLIRContext *ctx = getContext();
    Value x = promoted.getX();
    Value gamma = promoted.getGamma();
    Value beta = promoted.getBeta();
    RankedTensorType xt = rankedType(x);
    Type elt = xt.getElementType();
    int64_t rank = xt.getRank();
    int64_t normAxis = normalizeAxis(op.getBeginNormAxis(), rank);
    int64_t paramsAxis = normalizeAxis(op.getBeginParamsAxis(), rank);
    SmallVector<bool> reduced(rank, false);
    for (int64_t d = normAxis; d < rank; ++d)
      reduced[d] = true;
    int64_t count = reducedCount(xt, reduced);
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    AffineMap stats = keptDimsMap(reduced, ctx);
    SmallVector<AffineExpr> paramExprs;
    for (int64_t d = paramsAxis; d < rank; ++d)
      paramExprs.push_back(getAffineDimExpr(d, ctx));
    AffineMap params = AffineMap::get(rank, 0, paramExprs, ctx);
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);

    // PyTorch's CPU kernel: mean, biased variance, rstd = 1 / sqrt(var + eps),
    // y = (x - mean) * rstd * gamma + beta.
    Value mean = divideBy(rewriter, loc,
                          buildReduction(rewriter, loc, x, reduced, false,
                                         false),
                          count);
    Value squares = buildGeneric(
        rewriter, loc, xt, ValueRange{x, mean}, {id, stats, id}, parallel,
        [](OpBuilder &b, Location l, ValueRange v) {
          Value d = arith::SubFOp::create(b, l, v[0], v[1]);
          return Value(arith::MulFOp::create(b, l, d, d));
        });
    Value var = divideBy(
        rewriter, loc,
        buildReduction(rewriter, loc, squares, reduced, false, false), count);
    double epsilon = op.getEpsilon().convertToDouble();
    Value result = buildGeneric(
        rewriter, loc, xt, ValueRange{x, mean, var, gamma, beta},
        {id, stats, stats, params, params, id}, parallel,
        [&](OpBuilder &b, Location l, ValueRange v) {
          Value rstd = math::RsqrtOp::create(
              b, l,
              arith::AddFOp::create(b, l, v[2],
                                    constantFloat(b, l, elt, epsilon)));
          Value norm = arith::MulFOp::create(
              b, l, arith::SubFOp::create(b, l, v[0], v[1]), rstd);
          return Value(arith::AddFOp::create(
              b, l, arith::MulFOp::create(b, l, norm, v[3]), v[4]));
        });
    return result;
  }
};

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

/// `in` with the same elements in the static shape of `resultType`
/// (collapse to 1-D, then expand).
Value buildReshape(OpBuilder &b, Location loc, Value in,
                   RankedTensorType resultType) {
  RankedTensorType inType = rankedType(in);
  if (inType == resultType)
    return in;
  auto flatType = RankedTensorType::get({inType.getNumElements()},
                                        inType.getElementType());
  auto all = [](int64_t rank) {
    ReassociationIndices indices;
    for (int64_t d = 0; d < rank; ++d)
      indices.push_back(d);
    return SmallVector<ReassociationIndices>{indices};
  };
  // Flatten to 1-D (a 0-d tensor expands with no reassociation groups).
  Value flat = in;
  if (inType.getRank() == 0)
    flat = tensor::ExpandShapeOp::create(b, loc, flatType, in,
                                         ArrayRef<ReassociationIndices>{});
  else if (inType.getRank() > 1)
    flat = tensor::CollapseShapeOp::create(b, loc, flatType, in,
                                           all(inType.getRank()));
  Value result = flat;
  if (resultType.getRank() == 0)
    result = tensor::CollapseShapeOp::create(b, loc, resultType, flat,
                                             ArrayRef<ReassociationIndices>{});
  else if (resultType.getRank() > 1)
    result = tensor::ExpandShapeOp::create(b, loc, resultType, flat,
                                           all(resultType.getRank()));
  return result;
}

/// Reshape, ExpandDims and Squeeze only change the static shape.
template <typename SrcOp>
struct ReshapeLikeLowering : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, buildReshape(rewriter, op.getLoc(),
                                        adaptor.getInput(),
                                        cast<RankedTensorType>(op.getType())));
    return success();
  }
};

struct TransposeLowering : OpConversionPattern<ms::TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    Value init = emptyTensor(rewriter, op.getLoc(), resultType.getShape(),
                             resultType.getElementType());
    rewriter.replaceOp(op, linalg::TransposeOp::create(rewriter, op.getLoc(),
                                                       adaptor.getInput(), init,
                                                       op.getPerm())
                               .getResult()[0]);
    return success();
  }
};

struct ConcatLowering : OpConversionPattern<ms::ConcatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    Value result = emptyTensor(rewriter, loc, resultType.getShape(),
                               resultType.getElementType());
    int64_t offset = 0;
    for (Value in : adaptor.getInputs()) {
      RankedTensorType t = rankedType(in);
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t d = 0; d < rank; ++d)
        sizes.push_back(rewriter.getIndexAttr(t.getDimSize(d)));
      offsets[axis] = rewriter.getIndexAttr(offset);
      result = tensor::InsertSliceOp::create(rewriter, loc, in, result, offsets,
                                             sizes, strides);
      offset += t.getDimSize(axis);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct StridedSliceLowering : OpConversionPattern<ms::StridedSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::StridedSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < resultType.getRank(); ++d) {
      offsets.push_back(rewriter.getIndexAttr(op.getBegin()[d]));
      sizes.push_back(rewriter.getIndexAttr(resultType.getDimSize(d)));
      strides.push_back(rewriter.getIndexAttr(op.getStrides()[d]));
    }
    rewriter.replaceOp(op, tensor::ExtractSliceOp::create(
                               rewriter, op.getLoc(), resultType,
                               adaptor.getInput(), offsets, sizes, strides));
    return success();
  }
};

struct GatherLowering : OpConversionPattern<ms::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    Value params = adaptor.getParams(), indices = adaptor.getIndices();
    RankedTensorType paramsType = rankedType(params);
    int64_t rank = resultType.getRank();
    int64_t axis = normalizeAxis(op.getAxis(), paramsType.getRank());
    int64_t indexRank = rankedType(indices).getRank();
    int64_t size = paramsType.getDimSize(axis);
    SmallVector<AffineExpr> indexExprs;
    for (int64_t d = axis; d < axis + indexRank; ++d)
      indexExprs.push_back(getAffineDimExpr(d, ctx));
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, ctx),
        AffineMap::getMultiDimIdentityMap(rank, ctx)};
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);
    Value result = buildGeneric(
        rewriter, loc, resultType, indices, maps, parallel,
        [&](OpBuilder &b, Location l, ValueRange args) {
          // A negative index counts from the end; the result is clamped into
          // range so that a bad index cannot read outside the tensor.
          Value i = arith::IndexCastOp::create(b, l, b.getIndexType(), args[0]);
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          Value n = arith::ConstantIndexOp::create(b, l, size);
          Value isNeg =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, zero);
          i = arith::SelectOp::create(b, l, isNeg,
                                      arith::AddIOp::create(b, l, i, n), i);
          i = arith::MaxSIOp::create(b, l, i, zero);
          i = arith::MinSIOp::create(
              b, l, i, arith::ConstantIndexOp::create(b, l, size - 1));
          SmallVector<Value> at;
          for (int64_t d = 0; d < axis; ++d)
            at.push_back(linalg::IndexOp::create(b, l, d));
          at.push_back(i);
          for (int64_t d = axis + 1; d < paramsType.getRank(); ++d)
            at.push_back(linalg::IndexOp::create(b, l, d - 1 + indexRank));
          return Value(tensor::ExtractOp::create(b, l, params, at));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct BroadcastToLowering
    : ElementwiseLowering<BroadcastToLowering, ms::BroadcastToOp> {
  using ElementwiseLowering::ElementwiseLowering;
  static Value scalar(OpBuilder &, Location, ValueRange v, Type) {
    return v[0];
  }
};

/// Tile: the input broadcast into an interleaved shape
/// [m0, in0, m1, in1, ...] (leading dimensions the input lacks are size 1),
/// then each (m, in) pair collapsed into one dimension of size m * in.
struct TileLowering : OpConversionPattern<ms::TileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::TileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    Value input = adaptor.getInput();
    RankedTensorType inType = rankedType(input);
    ArrayRef<int64_t> multiples = op.getMultiples();
    int64_t count = multiples.size(), lead = count - inType.getRank();
    SmallVector<int64_t> wide;
    SmallVector<AffineExpr> inExprs;
    SmallVector<ReassociationIndices> pairs;
    for (int64_t d = 0; d < count; ++d) {
      int64_t size = d < lead ? 1 : inType.getDimSize(d - lead);
      wide.append({multiples[d], size});
      if (d >= lead)
        inExprs.push_back(getAffineDimExpr(2 * d + 1, ctx));
      pairs.push_back({2 * d, 2 * d + 1});
    }
    auto wideType = RankedTensorType::get(wide, inType.getElementType());
    SmallVector<AffineMap> maps = {
        AffineMap::get(2 * count, 0, inExprs, ctx),
        AffineMap::getMultiDimIdentityMap(2 * count, ctx)};
    SmallVector<IteratorType> parallel(2 * count, IteratorType::parallel);
    Value broadcast = buildGeneric(
        rewriter, loc, wideType, input, maps, parallel,
        [](OpBuilder &, Location, ValueRange args) { return args[0]; });
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, resultType,
                                                         broadcast, pairs);
    return success();
  }
};

/// `i` (an integer tensor element) as an index clamped into [0, size).
static Value clampedIndex(OpBuilder &b, Location l, Value i, int64_t size) {
  i = arith::IndexCastOp::create(b, l, b.getIndexType(), i);
  i = arith::MaxSIOp::create(b, l, i, arith::ConstantIndexOp::create(b, l, 0));
  return arith::MinSIOp::create(
      b, l, i, arith::ConstantIndexOp::create(b, l, size - 1));
}

/// GatherD: one linalg.generic over the index shape; element i reads x at i
/// with dimension `dim` replaced by index[i] (clamped into range).
struct GatherDLowering : OpConversionPattern<ms::GatherDOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::GatherDOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    Value x = adaptor.getX();
    int64_t rank = resultType.getRank();
    int64_t dim = normalizeAxis(op.getDim(), rank);
    int64_t size = rankedType(x).getDimSize(dim);
    if (size == 0 && resultType.getNumElements() != 0)
      return rewriter.notifyMatchFailure(op, "gathers from an empty dimension");
    SmallVector<AffineMap> maps(2, AffineMap::getMultiDimIdentityMap(rank, ctx));
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);
    Value result = buildGeneric(
        rewriter, loc, resultType, adaptor.getIndex(), maps, parallel,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> at;
          for (int64_t d = 0; d < rank; ++d)
            at.push_back(d == dim ? clampedIndex(b, l, args[0], size)
                                  : Value(linalg::IndexOp::create(b, l, d)));
          return Value(tensor::ExtractOp::create(b, l, x, at));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// OneHot: one linalg.generic over the result; the indices are read without
/// the one-hot axis, the 0-d on/off values broadcast.
struct OneHotLowering : OpConversionPattern<ms::OneHotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::OneHotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    int64_t axis = op.getAxis() == -1 ? rank - 1 : op.getAxis();
    SmallVector<AffineExpr> indexExprs;
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis)
        indexExprs.push_back(getAffineDimExpr(d, ctx));
    AffineMap scalar = AffineMap::get(rank, 0, {}, ctx);
    SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, indexExprs, ctx),
                                   scalar, scalar,
                                   AffineMap::getMultiDimIdentityMap(rank, ctx)};
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);
    Value result = buildGeneric(
        rewriter, loc, resultType,
        ValueRange{adaptor.getIndices(), adaptor.getOnValue(),
                   adaptor.getOffValue()},
        maps, parallel, [&](OpBuilder &b, Location l, ValueRange args) {
          Value j = linalg::IndexOp::create(b, l, axis);
          Value jInt = arith::IndexCastOp::create(b, l, args[0].getType(), j);
          Value hit = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                            args[0], jInt);
          return Value(arith::SelectOp::create(b, l, hit, args[1], args[2]));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The largest element of `x` along `axis` and its index (of `idxType`),
/// both of `x`'s shape without `axis`: one linalg.generic reducing `axis`
/// into (best value, best index) accumulators. An element replaces the best
/// one when it is larger, equal at a smaller index, or a NaN over a number (a
/// NaN is the largest, as in PyTorch), so the result does not depend on the
/// visiting order.
std::pair<Value, Value> buildMaxAlong(OpBuilder &rewriter, Location loc,
                                      Value x, int64_t axis, Type idxType) {
  MLIRContext *ctx = rewriter.getContext();
  RankedTensorType xType = rankedType(x);
  Type elt = xType.getElementType();
  int64_t rank = xType.getRank();
  SmallVector<int64_t> reduced(xType.getShape());
  reduced.erase(reduced.begin() + axis);
  Value lowest;
  if (auto f = dyn_cast<FloatType>(elt))
    lowest = negInfinity(rewriter, loc, f);
  else if (elt.isInteger(1))
    lowest = arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getIntegerAttr(elt, 0));
  else
    lowest = arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getIntegerAttr(
            elt, APInt::getSignedMinValue(elt.getIntOrFloatBitWidth())));
  Value valueInit = filledTensor(rewriter, loc, reduced, lowest);
  Value indexInit =
      filledTensor(rewriter, loc, reduced,
                   arith::ConstantOp::create(
                       rewriter, loc, rewriter.getIntegerAttr(idxType, 0)));
  SmallVector<AffineExpr> outExprs;
  SmallVector<IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    iterators.push_back(d == axis ? IteratorType::reduction
                                  : IteratorType::parallel);
    if (d != axis)
      outExprs.push_back(getAffineDimExpr(d, ctx));
  }
  AffineMap outMap = AffineMap::get(rank, 0, outExprs, ctx);
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx),
                                 outMap, outMap};
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{valueInit.getType(), indexInit.getType()},
      ValueRange{x}, ValueRange{valueInit, indexInit}, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value v = args[0], best = args[1], bestIdx = args[2];
        Value i = arith::IndexCastOp::create(
            b, l, idxType, linalg::IndexOp::create(b, l, axis));
        Value earlier =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, bestIdx);
        // v replaces best when it comes first in descending order (a NaN
        // counts as the largest; ties keep the first index).
        Value take = buildComesBefore(b, l, best, v, earlier);
        linalg::YieldOp::create(
            b, l,
            ValueRange{arith::SelectOp::create(b, l, take, v, best),
                       arith::SelectOp::create(b, l, take, i, bestIdx)});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

struct ArgmaxLowering : OpConversionPattern<ms::ArgmaxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ArgmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    int64_t axis = normalizeAxis(op.getAxis(), rankedType(x).getRank());
    rewriter.replaceOp(op, buildMaxAlong(rewriter, op.getLoc(), x, axis,
                                         op.getType().getElementType())
                               .second);
    return success();
  }
};

/// ArgMaxWithValue: the Argmax reduction's two accumulators; with
/// `keep_dims` both are expanded back to the input's rank.
struct ArgMaxWithValueLowering : OpConversionPattern<ms::ArgMaxWithValueOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ArgMaxWithValueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    int64_t rank = rankedType(x).getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    auto [values, index] = buildMaxAlong(
        rewriter, loc, x, axis, op.getIndex().getType().getElementType());
    if (op.getKeepDims()) {
      // Dimension `axis` comes back as a 1 grouped with its neighbour (a
      // 0-d result expands to [1] with no groups).
      SmallVector<ReassociationIndices> groups;
      for (int64_t j = 0; j + 1 < rank; ++j)
        groups.push_back({j < axis ? j : j + 1});
      if (axis > 0)
        groups[axis - 1].push_back(axis);
      else if (rank > 1)
        groups[0].insert(groups[0].begin(), 0);
      auto expand = [&](Value v, RankedTensorType type) -> Value {
        return tensor::ExpandShapeOp::create(rewriter, loc, type, v, groups);
      };
      values = expand(values, cast<RankedTensorType>(op.getValues().getType()));
      index = expand(index, cast<RankedTensorType>(op.getIndex().getType()));
    }
    rewriter.replaceOp(op, {index, values});
    return success();
  }
};

/// Split: one tensor.extract_slice per piece.
struct SplitLowering : OpConversionPattern<ms::SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    RankedTensorType inType = rankedType(input);
    int64_t rank = inType.getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    SmallVector<Value> pieces;
    for (auto [i, result] : llvm::enumerate(op.getOutputs())) {
      auto type = cast<RankedTensorType>(result.getType());
      SmallVector<OpFoldResult> offsets, sizes,
          strides(rank, rewriter.getIndexAttr(1));
      for (int64_t d = 0; d < rank; ++d) {
        offsets.push_back(rewriter.getIndexAttr(
            d == axis ? int64_t(i) * type.getDimSize(d) : 0));
        sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
      }
      pieces.push_back(tensor::ExtractSliceOp::create(
          rewriter, op.getLoc(), type, input, offsets, sizes, strides));
    }
    rewriter.replaceOp(op, pieces);
    return success();
  }
};

/// `v` with its leading `count` dimensions merged into one (a new leading
/// dimension of 1 when `count` is 0).
Value mergeLeadingDims(OpBuilder &b, Location loc, Value v, int64_t count) {
  RankedTensorType type = rankedType(v);
  int64_t rank = type.getRank();
  if (count == 1)
    return v;
  SmallVector<int64_t> shape = {1};
  for (int64_t d = 0; d < count; ++d)
    shape[0] *= type.getDimSize(d);
  llvm::append_range(shape, type.getShape().drop_front(count));
  auto merged = RankedTensorType::get(shape, type.getElementType());
  SmallVector<ReassociationIndices> groups;
  if (count == 0) {
    // [T...] -> [1, T...]: the 1 joins the first dimension's group.
    for (int64_t d = 0; d < rank; ++d)
      groups.push_back({d + 1});
    if (!groups.empty())
      groups[0].insert(groups[0].begin(), 0);
    return tensor::ExpandShapeOp::create(b, loc, merged, v, groups);
  }
  groups.push_back(llvm::to_vector(llvm::seq<int64_t>(0, count)));
  for (int64_t d = count; d < rank; ++d)
    groups.push_back({d});
  return tensor::CollapseShapeOp::create(b, loc, merged, v, groups);
}

/// TensorScatterUpdate / TensorScatterAdd: one linalg.generic over the
/// result; each element walks the K index rows (scf.for) and takes (or adds)
/// the update of every row naming its slice, so the last repeated row wins an
/// update. A row outside the input names nothing.
template <typename SrcOp>
struct TensorScatterLowering : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    constexpr bool isAdd = std::is_same_v<SrcOp, ms::TensorScatterAddOp>;
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    RankedTensorType idxType = rankedType(adaptor.getIndices());
    int64_t batch = idxType.getRank() - 1, n = idxType.getShape().back();
    Value indices =
        mergeLeadingDims(rewriter, loc, adaptor.getIndices(), batch);
    Value updates =
        mergeLeadingDims(rewriter, loc, adaptor.getUpdates(), batch);
    int64_t rows = rankedType(indices).getDimSize(0);
    Type elt = resultType.getElementType();
    SmallVector<AffineMap> maps(2,
                                AffineMap::getMultiDimIdentityMap(rank, ctx));
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);
    Value result = buildGeneric(
        rewriter, loc, resultType, adaptor.getInput(), maps, parallel,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> at;
          for (int64_t d = 0; d < rank; ++d)
            at.push_back(linalg::IndexOp::create(b, l, d));
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          auto loop = scf::ForOp::create(
              b, l, zero, arith::ConstantIndexOp::create(b, l, rows),
              arith::ConstantIndexOp::create(b, l, 1), ValueRange{args[0]},
              [&](OpBuilder &lb, Location ll, Value k, ValueRange acc) {
                Value match =
                    arith::ConstantOp::create(lb, ll, lb.getBoolAttr(true));
                for (int64_t j = 0; j < n; ++j) {
                  Value i = tensor::ExtractOp::create(
                      lb, ll, indices,
                      ValueRange{k, arith::ConstantIndexOp::create(lb, ll, j)});
                  i = arith::IndexCastOp::create(lb, ll, lb.getIndexType(), i);
                  match = arith::AndIOp::create(
                      lb, ll, match,
                      arith::CmpIOp::create(lb, ll, arith::CmpIPredicate::eq, i,
                                            at[j]));
                }
                SmallVector<Value> from = {k};
                llvm::append_range(from, ArrayRef<Value>(at).drop_front(n));
                Value u = tensor::ExtractOp::create(lb, ll, updates, from);
                if (isAdd)
                  u = isa<FloatType>(elt)
                          ? Value(arith::AddFOp::create(lb, ll, acc[0], u))
                      : elt.isInteger(1)
                          ? Value(arith::OrIOp::create(lb, ll, acc[0], u))
                          : Value(arith::AddIOp::create(lb, ll, acc[0], u));
                scf::YieldOp::create(lb, ll,
                                     ValueRange{arith::SelectOp::create(
                                         lb, ll, match, u, acc[0])});
              });
          return loop.getResult(0);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Conv2DTranspose as a stride-1 convolution: the input spread out by the
/// stride (zeros between elements, a strided tensor.insert_slice into zeros),
/// padded by dilation * (K - 1) - pad on each side (plus the output padding
/// at the bottom/right; a negative amount crops), convolved with the kernel
/// flipped spatially and with its channel dimensions swapped (per group when
/// `group` > 1, as a grouped convolution).
struct Conv2DTransposeLowering
    : ComputeTypeLowering<Conv2DTransposeLowering, ms::Conv2DTransposeOp> {
  using ComputeTypeLowering::ComputeTypeLowering;
  Value lower(ms::Conv2DTransposeOp op, OpAdaptor promoted,
              ConversionPatternRewriter &rewriter, Location loc,
              RankedTensorType resultType) const {
    MLIRContext *ctx = rewriter.getContext();
    Value x = promoted.getX(), w = promoted.getWeight();
    RankedTensorType xt = rankedType(x), wt = rankedType(w);
    Type elt = xt.getElementType();
    Value zero = constantFloat(rewriter, loc, elt, 0.0);
    ArrayRef<int64_t> s = op.getStride(), d = op.getDilation(),
                      p = op.getPad(), outPad = op.getOutputPadding();
    int64_t k[2] = {wt.getDimSize(2), wt.getDimSize(3)};
    // Per spatial dimension: the spread size, the low/high pads (signed).
    SmallVector<int64_t> big = {xt.getDimSize(0), xt.getDimSize(1)};
    SmallVector<int64_t> cropLow = {0, 0}, cropSize = big;
    SmallVector<OpFoldResult> offsets(2, rewriter.getIndexAttr(0)),
        sizes, strides(2, rewriter.getIndexAttr(1));
    sizes.push_back(rewriter.getIndexAttr(xt.getDimSize(0)));
    sizes.push_back(rewriter.getIndexAttr(xt.getDimSize(1)));
    bool crop = false;
    for (int i = 0; i < 2; ++i) {
      int64_t spread = (xt.getDimSize(2 + i) - 1) * s[i] + 1;
      int64_t low = d[i] * (k[i] - 1) - p[2 * i];
      int64_t high = d[i] * (k[i] - 1) - p[2 * i + 1] + outPad[i];
      int64_t lowPad = std::max<int64_t>(low, 0),
              highPad = std::max<int64_t>(high, 0);
      big.push_back(spread + lowPad + highPad);
      offsets.push_back(rewriter.getIndexAttr(lowPad));
      sizes.push_back(rewriter.getIndexAttr(xt.getDimSize(2 + i)));
      strides.push_back(rewriter.getIndexAttr(s[i]));
      cropLow.push_back(std::max<int64_t>(-low, 0));
      cropSize.push_back(spread + low + high);
      crop |= low < 0 || high < 0;
    }
    Value padded = tensor::InsertSliceOp::create(
        rewriter, loc, x, filledTensor(rewriter, loc, big, zero), offsets,
        sizes, strides);
    if (crop) {
      SmallVector<OpFoldResult> cOffsets, cSizes, cStrides;
      for (int i = 0; i < 4; ++i) {
        cOffsets.push_back(rewriter.getIndexAttr(cropLow[i]));
        cSizes.push_back(rewriter.getIndexAttr(cropSize[i]));
        cStrides.push_back(rewriter.getIndexAttr(1));
      }
      padded = tensor::ExtractSliceOp::create(
          rewriter, loc, RankedTensorType::get(cropSize, elt), padded,
          cOffsets, cSizes, cStrides);
    }
    auto dim = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
    SmallVector<IteratorType> parallel(5, IteratorType::parallel);
    int64_t group = op.getGroup();
    if (group == 1) {
      // [C_in, C_out, KH, KW] -> [C_out, C_in, KH, KW] flipped: element
      // (o, c, h, w) = weight[c, o, KH - 1 - h, KW - 1 - w].
      auto flippedType = RankedTensorType::get(
          {wt.getDimSize(1), wt.getDimSize(0), k[0], k[1]}, elt);
      SmallVector<AffineMap> maps = {
          AffineMap::get(
              4, 0,
              {dim(1), dim(0), -dim(2) + (k[0] - 1), -dim(3) + (k[1] - 1)},
              ctx),
          AffineMap::getMultiDimIdentityMap(4, ctx)};
      Value flipped = buildGeneric(
          rewriter, loc, flippedType, w, maps, ArrayRef(parallel).drop_back(),
          [](OpBuilder &, Location, ValueRange args) { return args[0]; });
      Value init = filledTensor(rewriter, loc, resultType.getShape(), zero);
      return linalg::Conv2DNchwFchwOp::create(
                 rewriter, loc, TypeRange{init.getType()},
                 ValueRange{padded, flipped}, ValueRange{init},
                 rewriter.getI64VectorAttr({1, 1}),
                 rewriter.getI64VectorAttr(d))
          .getResult(0);
    }
    // Groups: [C_in, C_out/G, KH, KW] viewed as [G, C_in/G, C_out/G, KH, KW]
    // -> [G, C_out/G, C_in/G, KH, KW] flipped; the spread input viewed as
    // [N, G, C_in/G, H', W']; the result [N, G, C_out/G, OH, OW] collapses.
    int64_t inPerGroup = wt.getDimSize(0) / group,
            outPerGroup = wt.getDimSize(1);
    Value wGrouped = tensor::ExpandShapeOp::create(
        rewriter, loc,
        RankedTensorType::get({group, inPerGroup, outPerGroup, k[0], k[1]},
                              elt),
        w, ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}, {4}});
    auto flippedType = RankedTensorType::get(
        {group, outPerGroup, inPerGroup, k[0], k[1]}, elt);
    SmallVector<AffineMap> maps = {
        AffineMap::get(5, 0,
                       {dim(0), dim(2), dim(1), -dim(3) + (k[0] - 1),
                        -dim(4) + (k[1] - 1)},
                       ctx),
        AffineMap::getMultiDimIdentityMap(5, ctx)};
    Value flipped = buildGeneric(
        rewriter, loc, flippedType, wGrouped, maps, parallel,
        [](OpBuilder &, Location, ValueRange args) { return args[0]; });
    RankedTensorType pt = rankedType(padded);
    Value xGrouped = tensor::ExpandShapeOp::create(
        rewriter, loc,
        RankedTensorType::get({pt.getDimSize(0), group, inPerGroup,
                               pt.getDimSize(2), pt.getDimSize(3)},
                              elt),
        padded, ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}, {4}});
    ArrayRef<int64_t> out = resultType.getShape();
    Value groupedInit = filledTensor(
        rewriter, loc, {out[0], group, outPerGroup, out[2], out[3]}, zero);
    Value grouped =
        linalg::Conv2DNgchwGfchwOp::create(
            rewriter, loc, TypeRange{groupedInit.getType()},
            ValueRange{xGrouped, flipped}, ValueRange{groupedInit},
            rewriter.getI64VectorAttr({1, 1}), rewriter.getI64VectorAttr(d))
            .getResult(0);
    return tensor::CollapseShapeOp::create(
        rewriter, loc, resultType.clone(elt), grouped,
        ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}, {4}});
  }
};

struct PadLowering : OpConversionPattern<ms::PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elt = op.getType().getElementType();
    double v = op.getValue().convertToDouble();
    Value value =
        isa<FloatType>(elt)
            ? constantFloat(rewriter, loc, elt, v)
            : Value(arith::ConstantOp::create(
                  rewriter, loc, rewriter.getIntegerAttr(elt, int64_t(v))));
    SmallVector<int64_t> low, high;
    for (auto [i, p] : llvm::enumerate(op.getPaddings()))
      (i % 2 ? high : low).push_back(p);
    rewriter.replaceOp(
        op, buildPad(rewriter, loc, adaptor.getInput(), low, high, value));
    return success();
  }
};

struct ReverseV2Lowering : OpConversionPattern<ms::ReverseV2Op> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ReverseV2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    auto type = cast<RankedTensorType>(op.getType());
    int64_t rank = type.getRank();
    SmallVector<bool> reversed = reducedAxes(op.getAxis(), rank);
    if (op.getAxis().empty())
      reversed.assign(rank, false);
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d) {
      AffineExpr e = getAffineDimExpr(d, ctx);
      exprs.push_back(reversed[d] ? type.getDimSize(d) - 1 - e : e);
    }
    SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, exprs, ctx),
                                   AffineMap::getMultiDimIdentityMap(rank, ctx)};
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);
    rewriter.replaceOp(op, buildGeneric(rewriter, op.getLoc(), type,
                                        adaptor.getInput(), maps, parallel,
                                        [](OpBuilder &, Location,
                                           ValueRange v) { return v[0]; }));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Structure: constants, parameters, control flow, guards
//===----------------------------------------------------------------------===//

/// Replaces `op` by an `arith.constant` of `value`.
LogicalResult replaceByConstant(Operation *op, Attribute value,
                                ConversionPatternRewriter &rewriter) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed)
    return rewriter.notifyMatchFailure(op, "value is not a typed attribute");
  rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, typed);
  return success();
}

struct ConstantLowering : OpConversionPattern<ms::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceByConstant(op, op.getValue(), rewriter);
  }
};

struct LoadLowering : OpConversionPattern<ms::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::LoadOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Through a symbol table built once per module: SymbolTable's static
    // lookup scans the module for each load, quadratic in the parameters
    // (a model of distinct weights has about one per op). The parameters
    // stay (legal) until the conversion is done, so the table stays valid.
    auto param =
        symbols.lookupNearestSymbolFrom<ms::ParameterOp>(op, op.getNameAttr());
    if (!param || !param.getValue())
      return rewriter.notifyMatchFailure(op, "parameter has no value");
    return replaceByConstant(op, *param.getValue(), rewriter);
  }

private:
  /// The pattern is applied by one conversion at a time (the pattern set is
  /// made per pass run).
  mutable SymbolTableCollection symbols;
};

struct CondLowering : OpConversionPattern<ms::CondOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::CondOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value predicate =
        extractOnlyElement(rewriter, op.getLoc(), adaptor.getPredicate());
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), op.getResultTypes(),
                                  predicate, /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getThenRegion(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct WhileLowering : OpConversionPattern<ms::WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), op.getResultTypes(),
                                     adaptor.getInits());
    rewriter.inlineRegionBefore(op.getBefore(), loop.getBefore(),
                                loop.getBefore().end());
    rewriter.inlineRegionBefore(op.getAfter(), loop.getAfter(),
                                loop.getAfter().end());
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

struct ConditionLowering : OpConversionPattern<ms::ConditionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::ConditionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value flag = extractOnlyElement(rewriter, op.getLoc(), adaptor.getFlag());
    rewriter.replaceOpWithNewOp<scf::ConditionOp>(op, flag,
                                                  adaptor.getValues());
    return success();
  }
};

struct YieldLowering : OpConversionPattern<ms::YieldOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getValues());
    return success();
  }
};

struct AssertLowering : OpConversionPattern<ms::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value condition = adaptor.getCondition();
    if (rankedType(condition).getNumElements() != 1)
      condition = buildReduceAll(rewriter, loc, condition);
    Value flag = extractOnlyElement(rewriter, loc, condition);
    cf::AssertOp::create(rewriter, loc, flag, op.getMessage());
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertMindSporeToLinalgPass
    : ascend::impl::ConvertMindSporeToLinalgPassBase<
          ConvertMindSporeToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Fusion groups lower op by op: on the CPU a group is its primitives.
    ms::FusionOp::inlineAll(module);
    // Device formats are data movement: the same elements through Pad,
    // Reshape, Transpose and StridedSlice.
    SmallVector<ms::TransDataOp> moves;
    module.walk([&](ms::TransDataOp op) { moves.push_back(op); });
    for (ms::TransDataOp op : moves)
      op.expand();
    // MaskedFill is a Select; fills are constants (or a broadcast value);
    // Dropout in inference is the identity.
    SmallVector<Operation *> rewrites;
    module.walk([&](Operation *op) {
      if (isa<ms::MaskedFillOp, ms::FillOp, ms::ZerosOp, ms::OnesOp,
              ms::DropoutOp>(op))
        rewrites.push_back(op);
    });
    for (Operation *op : rewrites) {
      OpBuilder b(op);
      Value replacement;
      if (auto fill = dyn_cast<ms::MaskedFillOp>(op)) {
        replacement = ms::SelectOp::create(b, op->getLoc(), fill.getMask(),
                                           fill.getValue(), fill.getInput());
      } else if (auto drop = dyn_cast<ms::DropoutOp>(op)) {
        replacement = drop.getX();
      } else if (auto fill = dyn_cast<ms::FillOp>(op)) {
        auto type = cast<RankedTensorType>(fill.getType());
        replacement = ms::BroadcastToOp::create(
            b, op->getLoc(),
            ms::ReshapeOp::create(b, op->getLoc(), fill.getValue(),
                                  ArrayRef<int64_t>{}),
            type.getShape());
      } else {
        SmallVector<OpFoldResult> folded;
        (void)op->fold(folded);
        replacement = ms::ConstantOp::create(
            b, op->getLoc(), cast<ElementsAttr>(cast<Attribute>(folded[0])));
      }
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    }
    // A load of a parameter without a value has nothing to lower to: say so
    // instead of a generic legalization failure.
    bool missingValue = false;
    SymbolTableCollection symbols;
    module.walk([&](ms::LoadOp load) {
      auto param = symbols.lookupNearestSymbolFrom<ms::ParameterOp>(
          load, load.getNameAttr());
      if (param && !param.getValue()) {
        load.emitOpError("reads parameter @")
            << load.getName()
            << " which has no value; pass it as a function argument instead";
        missingValue = true;
      }
    });
    if (missingValue)
      return signalPassFailure();

    ConversionTarget target(getContext());
    target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                           func::FuncDialect, linalg::LinalgDialect,
                           math::MathDialect, scf::SCFDialect,
                           tensor::TensorDialect>();
    target.addIllegalDialect<ms::MindSporeDialect>();
    target.addIllegalOp<math::ErfOp>();
    target.addLegalOp<ms::ParameterOp>();
    RewritePatternSet patterns(&getContext());
    populateMindSporeToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Parameters are only read through loads, which are gone now.
    for (auto param :
         llvm::make_early_inc_range(module.getOps<ms::ParameterOp>()))
      param.erase();
  }
};

} // namespace

void mlir::ascend::populateMindSporeToLinalgPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<
      BinaryLowering<ms::AddOp>, BinaryLowering<ms::SubOp>,
      BinaryLowering<ms::MulOp>, BinaryLowering<ms::RealDivOp>,
      BinaryLowering<ms::MaximumOp>, BinaryLowering<ms::MinimumOp>,
      BinaryLowering<ms::PowOp>, BinaryLowering<ms::GreaterOp>,
      BinaryLowering<ms::GreaterEqualOp>, BinaryLowering<ms::LessOp>,
      BinaryLowering<ms::LessEqualOp>, BinaryLowering<ms::EqualOp>,
      BinaryLowering<ms::NotEqualOp>, BinaryLowering<ms::LogicalAndOp>,
      BinaryLowering<ms::LogicalOrOp>, UnaryLowering<ms::ReLUOp>,
      UnaryLowering<ms::ReLU6Op>, UnaryLowering<ms::SinOp>,
      UnaryLowering<ms::CosOp>, UnaryLowering<ms::ExpOp>,
      UnaryLowering<ms::LogOp>, UnaryLowering<ms::SqrtOp>,
      UnaryLowering<ms::RsqrtOp>, UnaryLowering<ms::TanhOp>,
      UnaryLowering<ms::ErfOp>, UnaryLowering<ms::SigmoidOp>,
      UnaryLowering<ms::SiLUOp>, UnaryLowering<ms::GeLUOp>,
      UnaryLowering<ms::NegOp>, UnaryLowering<ms::AbsOp>,
      UnaryLowering<ms::AsinOp>, UnaryLowering<ms::ACosOp>,
      UnaryLowering<ms::AtanOp>, UnaryLowering<ms::AsinhOp>,
      UnaryLowering<ms::AcoshOp>, UnaryLowering<ms::AtanhOp>,
      UnaryLowering<ms::ErfcOp>, UnaryLowering<ms::FloorOp>,
      UnaryLowering<ms::CeilOp>, UnaryLowering<ms::RoundOp>,
      UnaryLowering<ms::TruncOp>, BinaryLowering<ms::Atan2Op>,
      BinaryLowering<ms::FloorDivOp>, BinaryLowering<ms::FloorModOp>,
      BinaryLowering<ms::TruncateModOp>, LogicalNotLowering,
      CastLowering, SelectLowering, BiasAddLowering, BatchNormLowering,
      LayerNormLowering, MatMulLowering, BatchMatMulLowering, Conv2DLowering,
      MaxPoolLowering, AvgPoolLowering, AdaptiveAvgPool2DLowering,
      SoftmaxLowering<ms::SoftmaxOp>, SoftmaxLowering<ms::LogSoftmaxOp>,
      ReduceLowering<ms::ReduceSumOp>, ReduceLowering<ms::ReduceMeanOp>,
      ReduceLowering<ms::ReduceMaxOp>, ReduceAllLowering,
      ReshapeLikeLowering<ms::ReshapeOp>, ReshapeLikeLowering<ms::ExpandDimsOp>,
      ReshapeLikeLowering<ms::SqueezeOp>, TransposeLowering, ConcatLowering,
      StridedSliceLowering, GatherLowering, BroadcastToLowering, PadLowering,
      TileLowering, GatherDLowering, OneHotLowering, ArgmaxLowering,
      ArgMaxWithValueLowering, SplitLowering,
      TensorScatterLowering<ms::TensorScatterUpdateOp>,
      TensorScatterLowering<ms::TensorScatterAddOp>, Conv2DTransposeLowering,
      ReverseV2Lowering, ConstantLowering, LoadLowering, CondLowering,
      WhileLowering, ConditionLowering, YieldLowering, AssertLowering>(ctx);
  // math.erf has no LLVM lowering: expand it to its f32 polynomial.
  populatePolynomialApproximateErfPattern(patterns);
  populateMindSporeCustomLoweringPatterns(patterns);
  populateMindSporeSortLoweringPatterns(patterns);
}
