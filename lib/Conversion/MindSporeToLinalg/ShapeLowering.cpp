//===- ShapeLowering.cpp - Shape and data-movement primitives to linalg
//-----===//
//
// The patterns of convert-mindspore-to-linalg for the primitives that move
// elements: reshapes, Transpose, Concat, StridedSlice, Gather(D), BroadcastTo,
// Pad, Tile, OneHot, Argmax(WithValue), Split, TensorScatter*, ReverseV2.
//
//===----------------------------------------------------------------------===//
#include "ElementOrder.h"
#include "LinalgBuilders.h"
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::lowering;
namespace ms = mlir::ascend::mindspore;
using utils::IteratorType;

namespace {

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
  auto flatType =
      RankedTensorType::get({inType.getNumElements()}, inType.getElementType());
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
    rewriter.replaceOp(op,
                       buildReshape(rewriter, op.getLoc(), adaptor.getInput(),
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
  return arith::MinSIOp::create(b, l, i,
                                arith::ConstantIndexOp::create(b, l, size - 1));
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
    SmallVector<AffineMap> maps(2,
                                AffineMap::getMultiDimIdentityMap(rank, ctx));
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
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, ctx), scalar, scalar,
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
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, exprs, ctx),
        AffineMap::getMultiDimIdentityMap(rank, ctx)};
    SmallVector<IteratorType> parallel(rank, IteratorType::parallel);
    rewriter.replaceOp(op, buildGeneric(rewriter, op.getLoc(), type,
                                        adaptor.getInput(), maps, parallel,
                                        [](OpBuilder &, Location,
                                           ValueRange v) { return v[0]; }));
    return success();
  }
};

} // namespace

void mlir::ascend::populateMindSporeShapeLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<
      ReshapeLikeLowering<ms::ReshapeOp>, ReshapeLikeLowering<ms::ExpandDimsOp>,
      ReshapeLikeLowering<ms::SqueezeOp>, TransposeLowering, ConcatLowering,
      StridedSliceLowering, GatherLowering, BroadcastToLowering, PadLowering,
      TileLowering, GatherDLowering, OneHotLowering, ArgmaxLowering,
      ArgMaxWithValueLowering, SplitLowering,
      TensorScatterLowering<ms::TensorScatterUpdateOp>,
      TensorScatterLowering<ms::TensorScatterAddOp>, ReverseV2Lowering>(
      patterns.getContext());
}
