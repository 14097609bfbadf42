//===- LinalgBuilders.h - What the MindSpore lowerings share ----*- C++ -*-===//
//
// The builders of linalg / tensor IR and the pattern bases the patterns of
// convert-mindspore-to-linalg share (MindSporeToLinalg.cpp: elementwise and
// structure, NeuralNetLowering.cpp, ReductionLowering.cpp,
// ShapeLowering.cpp). Half types (f16, bf16) compute in f32 and round once,
// as PyTorch's CPU kernels do. Internal to lib/Conversion/MindSporeToLinalg.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOLINALG_LINALGBUILDERS_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOLINALG_LINALGBUILDERS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ascend::lowering {

using IteratorType = utils::IteratorType;
using BodyFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

RankedTensorType rankedType(Value v);

bool isHalf(Type t);

/// The type arithmetic on `t` is done in: f32 for f16/bf16 (PyTorch's CPU
/// kernels compute half types in float and round once), `t` otherwise.
Type computeType(Type t);

/// Scalar `v` converted to its compute type.
Value promote(OpBuilder &b, Location loc, Value v);

/// Scalar `v` (in the compute type of `type`) rounded to `type`.
Value demote(OpBuilder &b, Location loc, Value v, Type type);

Value constantFloat(OpBuilder &b, Location loc, Type type, double value);

Value negInfinity(OpBuilder &b, Location loc, FloatType type);

Value emptyTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                  Type elementType);

/// A new tensor of `shape` filled with the scalar `value`.
Value filledTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   Value value);

/// `linalg.generic` over the iteration space of `maps` (the last map is the
/// output's) producing a tensor of `resultType` from `init` (a fresh empty
/// tensor when null). `body` gets the input elements followed by the output
/// element and returns the value to yield.
Value buildGeneric(OpBuilder &b, Location loc, RankedTensorType resultType,
                   ValueRange inputs, ArrayRef<AffineMap> maps,
                   ArrayRef<IteratorType> iterators, BodyFn body,
                   Value init = {});

/// Map from the iteration space of a rank-`resultShape.size()` elementwise op
/// to the elements of `operand`, NumPy broadcasting: trailing dimensions
/// align and a size-1 dimension reads index 0.
AffineMap broadcastMap(RankedTensorType operand, ArrayRef<int64_t> resultShape,
                       MLIRContext *ctx);

/// Elementwise op with broadcasting of `inputs` to `resultType`; `body` gets
/// one element per input.
Value buildElementwise(OpBuilder &b, Location loc, RankedTensorType resultType,
                       ValueRange inputs, BodyFn body);

/// `t` with its elements converted to float type `elementType` (extf/truncf);
/// `t` itself when it already has that type.
Value castFloatTensor(OpBuilder &b, Location loc, Value t, Type elementType);

/// `t` in its compute type (f16/bf16 extended to f32).
Value promoteTensor(OpBuilder &b, Location loc, Value t);

/// The single element of a one-element tensor.
Value extractOnlyElement(OpBuilder &b, Location loc, Value t);

/// Logical AND of all elements of `t` as a 0-d i1 tensor.
Value buildReduceAll(OpBuilder &b, Location loc, Value t);

/// Sum (`isMax` false) or maximum of `t` (already in its compute type) over
/// the dimensions flagged in `reduced`. The result drops them, or keeps them
/// as size 1 when `keepDims`.
Value buildReduction(OpBuilder &b, Location loc, Value t,
                     ArrayRef<bool> reduced, bool keepDims, bool isMax);

/// `x` padded by `low` / `high` elements per dimension with `value`.
Value buildPad(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> low,
               ArrayRef<int64_t> high, Value value);

/// Rounds `v` (computed in f32 for half types) back to the element type of
/// `resultType`.
Value demoteTensor(OpBuilder &b, Location loc, Value v,
                   RankedTensorType resultType);

/// `axis` (negative counts from the end) as an index into a rank-`rank`
/// shape. Takes the attribute value as signed: I64Attr getters are unsigned.
int64_t normalizeAxis(int64_t axis, int64_t rank);

/// Flags of the axes a reduce primitive reduces (all when `axis` is empty;
/// negative axes count from the end). ReductionLowering.cpp.
SmallVector<bool> reducedAxes(ArrayRef<int64_t> axis, int64_t rank);

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

} // namespace mlir::ascend::lowering

#endif
