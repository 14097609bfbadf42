//===- SortLowering.cpp - mindspore.topk to linalg -------------------------===//
//
// TopK over the last dimension as two linalg.generic ops, with no sort
// network and no loops outside linalg:
//   1. the rank of every element in its row: the number of elements of the
//      row that come before it in descending order (larger, or equal at a
//      smaller index; a NaN counts as larger than any number, PyTorch's rule
//      and the one mindspore.argmax_with_value lowers with);
//   2. for each output position p < k, the element (and index) whose rank is
//      p: the ranks of a row are a permutation of 0..N-1, so exactly one
//      element matches.
// Work per row: N*N compares for the ranks and k*N for the selection. This is
// the CPU reference used to check programs (ascend-run); it is meant for the
// row sizes of checks, not for 100k-wide rows.
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "ElementOrder.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace ms = mlir::ascend::mindspore;

namespace {

Value zeroFilled(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                 Type elt) {
  Value empty = tensor::EmptyOp::create(b, loc, shape, elt);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elt));
  return linalg::FillOp::create(b, loc, zero, empty).getResult(0);
}

struct TopKLowering : OpConversionPattern<ms::TopKOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ms::TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value x = adaptor.getInput();
    auto inType = cast<RankedTensorType>(x.getType());
    int64_t rank = inType.getRank(), last = rank - 1;
    int64_t k = op.getK();
    Type i64 = rewriter.getI64Type(), i32 = rewriter.getI32Type();

    // 1. ranks[.., i] = #{j : x[.., j] comes before x[.., i]}; loops are the
    // input's dimensions plus j (the reduction) last.
    auto dim = [&](int64_t d) { return getAffineDimExpr(d, ctx); };
    SmallVector<AffineExpr> atI, atJ;
    for (int64_t d = 0; d < rank; ++d) {
      atI.push_back(dim(d));
      atJ.push_back(dim(d == last ? rank : d));
    }
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    Value ranksInit = zeroFilled(rewriter, loc, inType.getShape(), i64);
    auto ranks = linalg::GenericOp::create(
        rewriter, loc, TypeRange{ranksInit.getType()}, ValueRange{x, x},
        ValueRange{ranksInit},
        SmallVector<AffineMap>{AffineMap::get(rank + 1, 0, atI, ctx),
                               AffineMap::get(rank + 1, 0, atJ, ctx),
                               AffineMap::get(rank + 1, 0, atI, ctx)},
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value i = linalg::IndexOp::create(b, l, last);
          Value j = linalg::IndexOp::create(b, l, rank);
          Value jFirst =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, j, i);
          Value before = mlir::ascend::buildComesBefore(b, l, args[0], args[1], jFirst);
          Value one = arith::ExtUIOp::create(b, l, i64, before);
          linalg::YieldOp::create(
              b, l, ValueRange{arith::AddIOp::create(b, l, args[2], one)});
        });

    // 2. out[.., p] = the element of rank p; loops: the leading dimensions,
    // p, then i (the reduction over the row) last.
    SmallVector<AffineExpr> atRow, atOut;
    for (int64_t d = 0; d < rank; ++d) {
      atRow.push_back(dim(d == last ? rank : d));
      atOut.push_back(dim(d));
    }
    SmallVector<int64_t> outShape(inType.getShape());
    outShape.back() = k;
    Value valuesInit =
        zeroFilled(rewriter, loc, outShape, inType.getElementType());
    Value indicesInit = zeroFilled(rewriter, loc, outShape, i32);
    auto select = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valuesInit.getType(), indicesInit.getType()},
        ValueRange{x, ranks.getResult(0)}, ValueRange{valuesInit, indicesInit},
        SmallVector<AffineMap>{AffineMap::get(rank + 1, 0, atRow, ctx),
                               AffineMap::get(rank + 1, 0, atRow, ctx),
                               AffineMap::get(rank + 1, 0, atOut, ctx),
                               AffineMap::get(rank + 1, 0, atOut, ctx)},
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value p = arith::IndexCastOp::create(
              b, l, i64, linalg::IndexOp::create(b, l, last));
          Value i = arith::IndexCastOp::create(
              b, l, i32, linalg::IndexOp::create(b, l, rank));
          Value hit =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, args[1], p);
          linalg::YieldOp::create(
              b, l,
              ValueRange{arith::SelectOp::create(b, l, hit, args[0], args[2]),
                         arith::SelectOp::create(b, l, hit, i, args[3])});
        });
    rewriter.replaceOp(op, select.getResults());
    return success();
  }
};

} // namespace

Value mlir::ascend::buildComesBefore(OpBuilder &b, Location l, Value x,
                                     Value y, Value yFirst) {
  Type elt = x.getType();
  if (isa<FloatType>(elt)) {
    using P = arith::CmpFPredicate;
    Value greater = arith::CmpFOp::create(b, l, P::OGT, y, x);
    Value equal = arith::CmpFOp::create(b, l, P::OEQ, y, x);
    Value xNaN = arith::CmpFOp::create(b, l, P::UNO, x, x);
    Value yNaN = arith::CmpFOp::create(b, l, P::UNO, y, y);
    Value xNum = arith::XOrIOp::create(
        b, l, xNaN, arith::ConstantOp::create(b, l, b.getBoolAttr(true)));
    Value same = arith::OrIOp::create(b, l, equal,
                                      arith::AndIOp::create(b, l, xNaN, yNaN));
    Value larger = arith::OrIOp::create(
        b, l, greater, arith::AndIOp::create(b, l, yNaN, xNum));
    return arith::OrIOp::create(b, l, larger,
                                arith::AndIOp::create(b, l, same, yFirst));
  }
  auto gt = elt.isInteger(1) ? arith::CmpIPredicate::ugt
                             : arith::CmpIPredicate::sgt;
  Value greater = arith::CmpIOp::create(b, l, gt, y, x);
  Value equal = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, y, x);
  return arith::OrIOp::create(b, l, greater,
                              arith::AndIOp::create(b, l, equal, yFirst));
}

void mlir::ascend::populateMindSporeSortLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<TopKLowering>(patterns.getContext());
}
