//===- NeuralNetLowering.cpp - MatMul, convolutions, pooling to linalg
//------===//
//
// The patterns of convert-mindspore-to-linalg for MatMul, BatchMatMul,
// Conv2D, Conv2DTranspose and the pooling primitives (MaxPool, AvgPool,
// AdaptiveAvgPool2D), each computed in its compute type (f32 for half
// types, LinalgBuilders.h).
//
//===----------------------------------------------------------------------===//
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
    SmallVector<AffineMap> maps = {op.getTransposeA() ? map(k, m) : map(m, k),
                                   op.getTransposeB() ? map(n, k) : map(k, n),
                                   map(m, n)};
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
                 Value product =
                     arith::MulFOp::create(nb, nloc, args[0], args[1]);
                 linalg::YieldOp::create(nb, nloc,
                                         ValueRange{arith::AddFOp::create(
                                             nb, nloc, args[2], product)});
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
        DenseElementsAttr::get(RankedTensorType::get({oh, ow}, elt), divisors));
    return buildElementwise(
        rewriter, loc, rankedType(sums), ValueRange{sums, divisor},
        [&](OpBuilder &nb, Location nloc, ValueRange v) {
          return Value(arith::DivFOp::create(nb, nloc, v[0], v[1]));
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
    ArrayRef<int64_t> s = op.getStride(), d = op.getDilation(), p = op.getPad(),
                      outPad = op.getOutputPadding();
    int64_t k[2] = {wt.getDimSize(2), wt.getDimSize(3)};
    // Per spatial dimension: the spread size, the low/high pads (signed).
    SmallVector<int64_t> big = {xt.getDimSize(0), xt.getDimSize(1)};
    SmallVector<int64_t> cropLow = {0, 0}, cropSize = big;
    SmallVector<OpFoldResult> offsets(2, rewriter.getIndexAttr(0)), sizes,
        strides(2, rewriter.getIndexAttr(1));
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
          rewriter, loc, RankedTensorType::get(cropSize, elt), padded, cOffsets,
          cSizes, cStrides);
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

} // namespace

void mlir::ascend::populateMindSporeNeuralNetLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns
      .add<MatMulLowering, BatchMatMulLowering, Conv2DLowering, MaxPoolLowering,
           AvgPoolLowering, AdaptiveAvgPool2DLowering, Conv2DTransposeLowering>(
          patterns.getContext());
}
