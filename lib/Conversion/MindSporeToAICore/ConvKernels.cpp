//===- ConvKernels.cpp - Conv2D as an implicit-GEMM Cube kernel -----------===//
//
// A `mindspore.conv2d` (NCHW x OIHW) with group 1 is the GEMM of each image
// `[Ho * Wo, C * KH * KW] x [C * KH * KW, Cout]`: output pixels x (input
// channel, kernel row, kernel column), with the OIHW weight viewed as the
// transposed B operand `[Cout, C * KH * KW]`. A group G convolution is G
// such GEMMs per image, group j's on input channels [j * Cg, (j + 1) * Cg)
// and weight rows [j * Og, (j + 1) * Og) (Cg = C / G, Og = Cout / G), all
// stacked in M (ConvGeometry): its tiles never cross a group, so channel
// counts that are not multiples of 16 are the edge tiles and partial K
// stages of each group's GEMM. The kernel is the matmul
// schedule (MatMulKernelBuilder) with A loaded the Ascend way: MTE2 moves the
// band of input rows a tile's output rows need (with the halo) and the
// channels a K stage touches into L1, and `aicore.load3d` expands it on MTE1
// into L0A (img2col; padding is produced as zeros, never stored). The result
// tile [pixels, channels] is written into the NCHW output through a
// transposed view. See docs/AICoreKernels.md (Convolutions).
//
//===----------------------------------------------------------------------===//
#include "CubeKernels.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;

namespace {

/// The A operand and result of a convolution kernel (CubeOperandHooks).
/// Row positions `mi` are `image * Ho * Wo + pixel`.
class ConvOperands final : public CubeOperandHooks {
public:
  ConvOperands(const ConvGeometry &g, const MatMulTiling &t, Type elementType)
      : g(g), t(t), elementType(elementType) {}

  Value prepare(OpBuilder &b, Location loc, Value x, Value y,
                Value out) override {
    input = x;
    auto xType = cast<MemRefType>(x.getType());
    if (g.cropTop != 0 || g.cropLeft != 0 || xType.getDimSize(2) != g.height ||
        xType.getDimSize(3) != g.width) {
      // The window of stored rows and columns the kernel reads (a
      // transposed convolution whose pads crop its dilated input).
      SmallVector<OpFoldResult> offsets{b.getIndexAttr(0), b.getIndexAttr(0),
                                        b.getIndexAttr(g.cropTop),
                                        b.getIndexAttr(g.cropLeft)};
      SmallVector<OpFoldResult> sizes{
          b.getIndexAttr(xType.getDimSize(0)),
          b.getIndexAttr(xType.getDimSize(1)), b.getIndexAttr(g.height),
          b.getIndexAttr(g.width)};
      SmallVector<OpFoldResult> strides(4, b.getIndexAttr(1));
      input = memref::SubViewOp::create(b, loc, x, offsets, sizes, strides);
    }
    // The result as [N, Cout, Ho * Wo]: a tile's channels x pixels (a MIX
    // kernel's Cube part hands its tiles off instead: `out` is then its 2-D
    // workspace, which resultTile never sees).
    if (cast<MemRefType>(out.getType()).getRank() == 4)
      outPixels = memref::CollapseShapeOp::create(
          b, loc, out, ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}});
    // The OIHW weight as the GEMM's [N, K] = [Cout, C * KH * KW].
    return memref::CollapseShapeOp::create(
        b, loc, y, ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}});
  }

  Value allocAStage(OpBuilder &b, Location loc) override {
    auto type = MemRefType::get(
        {g.stageChannels(t.kStages * t.tk), g.bandRows(t.tm), g.width},
        elementType, MemRefLayoutAttrInterface{},
        AddressSpaceAttr::get(b.getContext(), AddressSpace::L1));
    return AllocOp::create(b, loc, type);
  }

  void loadAStage(OpBuilder &b, Location loc, Value stage, OpFoldResult mi,
                  OpFoldResult k, int64_t rows, int64_t kLen) override {
    Band band = getBand(b, loc, mi, k, rows, kLen);
    // The slices of this stage follow in the same block and reuse it.
    stageBand = {stage, band};
    // input[n, c0 : c0 + C1, h0 : h0 + H1, :] -> stage[0 : C1, 0 : H1, :]
    // (c0: the band's first input channel, in its group's channels)
    int64_t c1 = g.stageChannels(kLen), h1 = g.bandRows(rows);
    SmallVector<OpFoldResult> offsets{band.image, band.inputChannel,
                                      band.row, b.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(1), b.getIndexAttr(c1),
                                    b.getIndexAttr(h1),
                                    b.getIndexAttr(g.width)};
    SmallVector<OpFoldResult> strides(4, b.getIndexAttr(1));
    auto inputType = cast<MemRefType>(input.getType());
    auto sourceType = memref::SubViewOp::inferRankReducedResultType(
        {c1, h1, g.width}, inputType, offsets, sizes, strides);
    Value source = memref::SubViewOp::create(b, loc, sourceType, input,
                                             offsets, sizes, strides);
    CopyOp::create(b, loc, source, bandView(b, loc, stage, c1, h1));
  }

  void loadASlice(OpBuilder &b, Location loc, Value stage, Value slice,
                  OpFoldResult mi, OpFoldResult k, int64_t kLen, int64_t kk,
                  int64_t rows, int64_t len) override {
    Band band = stageBand.first == stage ? stageBand.second
                                         : getBand(b, loc, mi, k, rows, kLen);
    Value source = bandView(b, loc, stage, g.stageChannels(kLen),
                            g.bandRows(rows));
    // A transposed convolution's input dilation and rotated taps (absent
    // for a convolution).
    DenseI64ArrayAttr inputDilation;
    if (g.inputDilationH != 1 || g.inputDilationW != 1)
      inputDilation =
          b.getDenseI64ArrayAttr({g.inputDilationH, g.inputDilationW});
    Load3DOp::create(
        b, loc, source, value(b, loc, band.channel), value(b, loc, band.row),
        slice, value(b, loc, band.pixel),
        value(b, loc, add(b, loc, k, b.getIndexAttr(kk))),
        b.getDenseI64ArrayAttr({g.height, g.width}),
        b.getDenseI64ArrayAttr({g.kernelH, g.kernelW}),
        b.getDenseI64ArrayAttr({g.strideH, g.strideW}),
        b.getDenseI64ArrayAttr({g.dilationH, g.dilationW}),
        b.getDenseI64ArrayAttr({g.padTop, g.padBottom, g.padLeft, g.padRight}),
        inputDilation, g.flipKernel ? b.getUnitAttr() : UnitAttr());
  }

  OpFoldResult weightRow(OpBuilder &b, Location loc, OpFoldResult mi,
                         OpFoldResult ni) override {
    if (g.groups == 1)
      return ni;
    // Group j's GEMM reads weight rows (output channels) j * Og + ...
    return add(b, loc, ni,
               multiply(b, loc, stackedAt(b, loc, mi).group,
                        g.groupOutChannels()));
  }

  Value resultTile(OpBuilder &b, Location loc, OpFoldResult mi,
                   OpFoldResult ni, int64_t rows, int64_t cols) override {
    // out[n, c : c + cols, p : p + rows] (c = j * Og + ni for group j) is
    // [cols, rows]; the tile is its transpose. On the device the fixpipe
    // writes the NZ tile into a 5HD (NC1HWC0) result instead; here the
    // result stays NCHW.
    Stacked at = stackedAt(b, loc, mi);
    OpFoldResult channel =
        add(b, loc, ni, multiply(b, loc, at.group, g.groupOutChannels()));
    SmallVector<OpFoldResult> offsets{at.image, channel, at.pixel};
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(1), b.getIndexAttr(cols),
                                    b.getIndexAttr(rows)};
    SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
    auto type = memref::SubViewOp::inferRankReducedResultType(
        {cols, rows}, cast<MemRefType>(outPixels.getType()), offsets, sizes,
        strides);
    Value channelsByPixels = memref::SubViewOp::create(
        b, loc, type, outPixels, offsets, sizes, strides);
    AffineMap swap = AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0},
                                                  b.getContext());
    return memref::TransposeOp::create(b, loc, channelsByPixels,
                                       AffineMapAttr::get(swap));
  }

private:
  /// Where the stage of K [k, k + kLen) for pixels [p, p + rows) of image
  /// `image` sits in the input: the band starts at channel `channel` and row
  /// `row`, clamped so that the whole [stageChannels, bandRows, W] band is
  /// inside the input (it then holds every channel and row the tile reads).
  /// `channel` counts within the group (the K index's channel, what
  /// load3d compares with); `inputChannel` is the input's (j * Cg +
  /// channel for group j).
  struct Band {
    OpFoldResult image, pixel, channel, row, inputChannel;
  };
  Band getBand(OpBuilder &b, Location loc, OpFoldResult mi, OpFoldResult k,
               int64_t rows, int64_t kLen) {
    Band band;
    Stacked at = stackedAt(b, loc, mi);
    band.image = at.image;
    band.pixel = at.pixel;
    OpFoldResult firstChannel = divide(b, loc, k, g.kernelH * g.kernelW);
    band.channel =
        binary<arith::MinSIOp>(b, loc, firstChannel,
                               b.getIndexAttr(g.groupChannels() -
                                              g.stageChannels(kLen)),
                               [](int64_t x, int64_t y) {
                                 return std::min(x, y);
                               });
    // Group j's Cg channels start at input channel j * Cg.
    band.inputChannel = add(b, loc, band.channel,
                            multiply(b, loc, at.group, g.groupChannels()));
    // The first input row the tile's first output row reads (negative in
    // the top padding).
    OpFoldResult outRow = divide(b, loc, band.pixel, g.outW);
    OpFoldResult firstRow = binary<arith::SubIOp>(
        b, loc, multiply(b, loc, outRow, g.strideH),
        b.getIndexAttr(g.padTop),
        [](int64_t x, int64_t y) { return x - y; });
    OpFoldResult lastStart = b.getIndexAttr(g.height - g.bandRows(rows));
    if (g.inputDilationH != 1) {
      // firstRow is a row of the dilated image: the first stored row at or
      // after it is ceil(max(firstRow, 0) / inputDilationH).
      OpFoldResult inside = binary<arith::MaxSIOp>(
          b, loc, firstRow, b.getIndexAttr(0),
          [](int64_t x, int64_t y) { return std::max(x, y); });
      OpFoldResult stored = divide(
          b, loc, add(b, loc, inside, b.getIndexAttr(g.inputDilationH - 1)),
          g.inputDilationH);
      band.row = binary<arith::MinSIOp>(
          b, loc, stored, lastStart,
          [](int64_t x, int64_t y) { return std::min(x, y); });
      return band;
    }
    band.row = binary<arith::MaxSIOp>(
        b, loc,
        binary<arith::MinSIOp>(
            b, loc, firstRow, lastStart,
            [](int64_t x, int64_t y) { return std::min(x, y); }),
        b.getIndexAttr(0), [](int64_t x, int64_t y) { return std::max(x, y); });
    return band;
  }

  /// Stacked row `mi` of the M space: image n, group j (stacked image
  /// n * G + j) and output pixel.
  struct Stacked {
    OpFoldResult image, group, pixel;
  };
  Stacked stackedAt(OpBuilder &b, Location loc, OpFoldResult mi) {
    OpFoldResult stacked = divide(b, loc, mi, g.pixels());
    return {divide(b, loc, stacked, g.groups),
            remainder(b, loc, stacked, g.groups),
            remainder(b, loc, mi, g.pixels())};
  }

  /// The loaded part [c1, h1, W] of an L1 stage buffer.
  Value bandView(OpBuilder &b, Location loc, Value stage, int64_t c1,
                 int64_t h1) {
    auto type = cast<MemRefType>(stage.getType());
    if (type.getDimSize(0) == c1 && type.getDimSize(1) == h1)
      return stage;
    SmallVector<OpFoldResult> offsets(3, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(c1), b.getIndexAttr(h1),
                                    b.getIndexAttr(g.width)};
    SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
    return memref::SubViewOp::create(b, loc, stage, offsets, sizes, strides);
  }

  // Index arithmetic that folds when its operands are constants.
  static Value value(OpBuilder &b, Location loc, OpFoldResult v) {
    if (std::optional<int64_t> c = getConstantIntValue(v))
      return arith::ConstantIndexOp::create(b, loc, *c);
    return cast<Value>(v);
  }
  template <typename OpT>
  static OpFoldResult binary(OpBuilder &b, Location loc, OpFoldResult lhs,
                             OpFoldResult rhs,
                             int64_t (*fold)(int64_t, int64_t)) {
    std::optional<int64_t> l = getConstantIntValue(lhs),
                           r = getConstantIntValue(rhs);
    if (l && r)
      return b.getIndexAttr(fold(*l, *r));
    return OpT::create(b, loc, value(b, loc, lhs), value(b, loc, rhs))
        .getResult();
  }
  static OpFoldResult add(OpBuilder &b, Location loc, OpFoldResult l,
                          OpFoldResult r) {
    if (getConstantIntValue(r) == 0)
      return l;
    if (getConstantIntValue(l) == 0)
      return r;
    return binary<arith::AddIOp>(b, loc, l, r,
                                 [](int64_t x, int64_t y) { return x + y; });
  }
  static OpFoldResult multiply(OpBuilder &b, Location loc, OpFoldResult l,
                               int64_t r) {
    if (r == 1)
      return l;
    return binary<arith::MulIOp>(b, loc, l, b.getIndexAttr(r),
                                 [](int64_t x, int64_t y) { return x * y; });
  }
  static OpFoldResult divide(OpBuilder &b, Location loc, OpFoldResult l,
                             int64_t r) {
    if (r == 1)
      return l;
    return binary<arith::DivUIOp>(b, loc, l, b.getIndexAttr(r),
                                  [](int64_t x, int64_t y) { return x / y; });
  }
  static OpFoldResult remainder(OpBuilder &b, Location loc, OpFoldResult l,
                                int64_t r) {
    if (r == 1)
      return b.getIndexAttr(0);
    return binary<arith::RemUIOp>(b, loc, l, b.getIndexAttr(r),
                                  [](int64_t x, int64_t y) { return x % y; });
  }

  const ConvGeometry &g;
  const MatMulTiling &t;
  Type elementType;
  Value input, outPixels;
  /// The band the last loadAStage placed, by its stage buffer.
  std::pair<Value, Band> stageBand;
};

/// The kernel name of a convolution problem: input, weight, stride, pad,
/// dilation, element type and groups (launchConvKernel adds a fused bias).
std::string getKernelName(const ConvGeometry &g, Type elementType) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << "conv2d_" << g.batch << "x" << g.channels << "x" << g.height << "x"
     << g.width << "_" << g.outChannels << "x" << g.kernelH << "x" << g.kernelW
     << "_s" << g.strideH << "x" << g.strideW << "_p" << g.padTop << "x"
     << g.padBottom << "x" << g.padLeft << "x" << g.padRight << "_d"
     << g.dilationH << "x" << g.dilationW << "_" << elementType;
  if (g.groups > 1)
    os << "_g" << g.groups;
  return name;
}

} // namespace

std::unique_ptr<CubeOperandHooks>
mlir::ascend::createConvOperands(const ConvGeometry &g, const MatMulTiling &t,
                                 Type elementType) {
  return std::make_unique<ConvOperands>(g, t, elementType);
}

ConvGeometry mlir::ascend::getConvGeometry(mindspore::Conv2DOp op) {
  auto xType = cast<RankedTensorType>(op.getX().getType());
  auto wType = cast<RankedTensorType>(op.getWeight().getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  ConvGeometry g;
  g.batch = xType.getDimSize(0);
  g.channels = xType.getDimSize(1);
  g.height = xType.getDimSize(2);
  g.width = xType.getDimSize(3);
  g.outChannels = wType.getDimSize(0);
  g.kernelH = wType.getDimSize(2);
  g.kernelW = wType.getDimSize(3);
  g.strideH = op.getStride()[0];
  g.strideW = op.getStride()[1];
  g.dilationH = op.getDilation()[0];
  g.dilationW = op.getDilation()[1];
  g.padTop = op.getPad()[0];
  g.padBottom = op.getPad()[1];
  g.padLeft = op.getPad()[2];
  g.padRight = op.getPad()[3];
  g.outH = resultType.getDimSize(2);
  g.outW = resultType.getDimSize(3);
  g.groups = op.getGroup();
  return g;
}

namespace {
/// A convolution primitive to launch as an implicit-GEMM kernel: its input,
/// the kernel's B argument (an OIHW-like `[Cout, Cg, KH, KW]` weight) and
/// how the launch makes it.
struct ConvLaunch {
  Operation *op;
  StringRef opName; ///< for the remarks and errors
  Value x;
  RankedTensorType weightType;
  function_ref<Value(OpBuilder &)> makeWeight;
  /// The weight itself when the kernel's B is the primitive's weight (a
  /// Conv2D), null when the launch makes B (a Conv2DTranspose): only then
  /// is a depthwise Vector kernel a candidate.
  Value weight;
};

/// Launches the kernel of `conv` with geometry `g`, named `name` (+
/// "_bias" with a fused BiasAdd), built the first time the name is seen,
/// in place of the primitive (and the BiasAdd that is its only user), or
/// leaves it with a remark saying why not.
LogicalResult launchConvKernel(const ConvLaunch &conv, const ConvGeometry &g,
                               std::string name, const AICoreTarget &target,
                               SymbolTable &symbols, ConvKernelCache &cache,
                               std::optional<MatMulTiling> forced,
                               DepthwiseUnit unit) {
  Operation *op = conv.op;
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  Type elementType = resultType.getElementType();

  mindspore::BiasAddOp biasAdd;
  if (op->hasOneUse())
    if (auto user = dyn_cast<mindspore::BiasAddOp>(*op->user_begin()))
      if (user.getX() == op->getResult(0))
        biasAdd = user;
  bool withBias = static_cast<bool>(biasAdd);
  if (withBias)
    name += "_bias";

  auto [known, isNew] = cache.byName.try_emplace(name);
  ConvKernelCache::Entry &built = known->second;
  if (isNew) {
    FailureOr<MatMulTiling> tiling =
        forced ? checkConvTiling(g, elementType, withBias, *forced, target,
                                 built.why)
               : chooseConvTiling(g, elementType, withBias, target, built.why);
    built.optionRefused = forced && failed(tiling);
    bool depthwise = !forced && conv.weight && isDepthwiseConv(g);
    if (succeeded(tiling)) {
      SmallVector<Type> argTypes{
          getGMType(cast<RankedTensorType>(conv.x.getType())),
          getGMType(conv.weightType)};
      if (biasAdd)
        argTypes.push_back(
            getGMType(cast<RankedTensorType>(biasAdd.getBias().getType())));
      argTypes.push_back(getGMType(resultType));
      OpBuilder builder(op->getContext());
      KernelOp kernel =
          KernelOp::create(builder, op->getLoc(), name,
                           builder.getFunctionType(argTypes, {}),
                           tiling->blockDim);
      kernel->setAttr(aicore::kCubeTilingAttrName, getTilingAttr(builder, *tiling));
      if (StringRef(target.name) != getDefaultTarget().name)
        kernel.setChip(target.name);
      ConvOperands operands(g, *tiling, elementType);
      buildCubeKernel(kernel,
                      getCubeGemm(g.pixels(), g.groupOutChannels(), g.gemmK(),
                                  g.gemms(), elementType, withBias),
                      elementType, *tiling, operands);
      built.kernel = kernel;
    }
    // A depthwise convolution's Vector kernel (DepthwiseConvKernels.cpp)
    // replaces the Cube kernel when it is modeled faster (or is forced).
    if (depthwise) {
      DepthwiseConvProblem problem;
      problem.geometry = g;
      problem.elementType = elementType;
      problem.withBias = withBias;
      problem.inputs = {conv.x, conv.weight};
      if (biasAdd)
        problem.inputs.push_back(biasAdd.getBias());
      problem.start = biasAdd ? Value(biasAdd.getResult()) : op->getResult(0);
      problem.outputs = {problem.start};
      std::string vectorWhy;
      built.kernel = chooseDepthwiseKernel(problem, built.kernel, unit,
                                           op->getLoc(), target, name,
                                           vectorWhy);
      if (!built.kernel && built.why.empty())
        built.why = vectorWhy;
    }
    if (built.kernel)
      symbols.insert(built.kernel);
  }
  if (!built.kernel) {
    if (built.optionRefused)
      return op->emitError("cannot use the tiling option for this ")
             << conv.opName << ": " << built.why;
    op->emitRemark() << conv.opName << " kept at the mindspore level: "
                     << built.why;
    return success();
  }

  Operation *replaced = biasAdd ? biasAdd.getOperation() : op;
  OpBuilder builder(replaced);
  SmallVector<Value> inputs{conv.x, conv.makeWeight(builder)};
  if (biasAdd)
    inputs.push_back(biasAdd.getBias());
  auto launch = LaunchOp::create(
      builder, op->getLoc(), TypeRange{resultType},
      FlatSymbolRefAttr::get(built.kernel.getSymNameAttr()), inputs);
  replaced->getResult(0).replaceAllUsesWith(launch.getResult(0));
  replaced->erase();
  if (biasAdd)
    op->erase();
  return success();
}
} // namespace

LogicalResult mlir::ascend::convertConv2D(mindspore::Conv2DOp op,
                                          const AICoreTarget &target,
                                          SymbolTable &symbols,
                                          ConvKernelCache &cache,
                                          std::optional<MatMulTiling> forced,
                                          DepthwiseUnit unit) {
  ConvGeometry g = getConvGeometry(op);
  Type elementType =
      cast<RankedTensorType>(op.getResult().getType()).getElementType();
  auto weight = [&](OpBuilder &) { return op.getWeight(); };
  ConvLaunch conv{op, "conv2d", op.getX(),
                  cast<RankedTensorType>(op.getWeight().getType()), weight,
                  op.getWeight()};
  return launchConvKernel(conv, g,
                          getKernelName(g, elementType),
                          target, symbols, cache, forced, unit);
}

FailureOr<ConvGeometry>
mlir::ascend::getConvGeometry(mindspore::Conv2DTransposeOp op,
                              std::string &why) {
  auto xType = cast<RankedTensorType>(op.getX().getType());
  auto wType = cast<RankedTensorType>(op.getWeight().getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  ConvGeometry g;
  g.batch = xType.getDimSize(0);
  g.channels = xType.getDimSize(1);
  g.height = xType.getDimSize(2);
  g.width = xType.getDimSize(3);
  g.groups = op.getGroup();
  g.outChannels = wType.getDimSize(1) * g.groups;
  g.kernelH = wType.getDimSize(2);
  g.kernelW = wType.getDimSize(3);
  // The convolution over the input dilated by the stride, with stride 1,
  // the same dilation, pads dilation * (K - 1) - pad (the output padding
  // added at the bottom and right) and the taps rotated.
  g.strideH = g.strideW = 1;
  g.dilationH = op.getDilation()[0];
  g.dilationW = op.getDilation()[1];
  g.inputDilationH = op.getStride()[0];
  g.inputDilationW = op.getStride()[1];
  g.flipKernel = true;
  ArrayRef<int64_t> pad = op.getPad(), outPad = op.getOutputPadding();
  int64_t extentH = g.dilationH * (g.kernelH - 1),
          extentW = g.dilationW * (g.kernelW - 1);
  g.padTop = extentH - pad[0];
  g.padBottom = extentH - pad[1] + outPad[0];
  g.padLeft = extentW - pad[2];
  g.padRight = extentW - pad[3] + outPad[1];
  g.outH = resultType.getDimSize(2);
  g.outW = resultType.getDimSize(3);
  // A negative pad (a pad larger than dilation * (K - 1)) crops the
  // dilated image: drop the stored rows (columns) inside the crop and pad
  // the window by the zero rows between the crop and the first stored row
  // kept (ceil(crop / s) * s - crop).
  auto crop = [](int64_t &pad, int64_t s) -> int64_t {
    if (pad >= 0)
      return 0;
    int64_t dropped = llvm::divideCeil(-pad, s);
    pad += dropped * s;
    return dropped;
  };
  int64_t top = crop(g.padTop, g.inputDilationH),
          bottom = crop(g.padBottom, g.inputDilationH),
          left = crop(g.padLeft, g.inputDilationW),
          right = crop(g.padRight, g.inputDilationW);
  g.cropTop = top;
  g.cropLeft = left;
  g.height -= top + bottom;
  g.width -= left + right;
  if (g.height < 1 || g.width < 1) {
    llvm::raw_string_ostream(why)
        << "its pads crop every stored row or column of the dilated input "
           "(the output is the bias alone; the equivalent convolution reads "
           "a "
        << g.height << " x " << g.width << " window)";
    return failure();
  }
  return g;
}

RankedTensorType mlir::ascend::getConvWeightType(const ConvGeometry &g,
                                                Type elementType) {
  return RankedTensorType::get(
      {g.outChannels, g.groupChannels(), g.kernelH, g.kernelW}, elementType);
}

Value mlir::ascend::createConvTransposeWeight(OpBuilder &b, Location loc,
                                              Value weight,
                                              const ConvGeometry &g) {
  RankedTensorType type = getConvWeightType(
      g, cast<RankedTensorType>(weight.getType()).getElementType());
  // With one channel on either side of a group the swap keeps the element
  // order: a reshape (no kernel).
  if (g.groupChannels() == 1 || g.groupOutChannels() == 1)
    return mindspore::ReshapeOp::create(b, loc, weight, type.getShape());
  if (g.groups == 1)
    return mindspore::TransposeOp::create(b, loc, weight,
                                          ArrayRef<int64_t>{1, 0, 2, 3});
  Value grouped = mindspore::ReshapeOp::create(
      b, loc, weight,
      ArrayRef<int64_t>{g.groups, g.groupChannels(), g.groupOutChannels(),
                        g.kernelH, g.kernelW});
  Value swapped = mindspore::TransposeOp::create(
      b, loc, grouped, ArrayRef<int64_t>{0, 2, 1, 3, 4});
  return mindspore::ReshapeOp::create(b, loc, swapped, type.getShape());
}

LogicalResult mlir::ascend::convertConv2DTranspose(
    mindspore::Conv2DTransposeOp op, const AICoreTarget &target,
    SymbolTable &symbols, ConvKernelCache &cache,
    std::optional<MatMulTiling> forced) {
  std::string why;
  FailureOr<ConvGeometry> g = getConvGeometry(op, why);
  if (failed(g)) {
    op.emitRemark("conv2d_transpose kept at the mindspore level: ") << why;
    return success();
  }
  auto wType = cast<RankedTensorType>(op.getWeight().getType());
  Type elementType = wType.getElementType();
  RankedTensorType weightType = getConvWeightType(*g, elementType);
  auto makeWeight = [&](OpBuilder &b) {
    return createConvTransposeWeight(b, op.getLoc(), op.getWeight(), *g);
  };
  std::string name;
  llvm::raw_string_ostream os(name);
  ArrayRef<int64_t> stride = op.getStride(), pad = op.getPad(),
                    outPad = op.getOutputPadding(),
                    dilation = op.getDilation();
  auto xType = cast<RankedTensorType>(op.getX().getType());
  os << "conv2d_transpose_" << g->batch << "x" << g->channels << "x"
     << xType.getDimSize(2) << "x" << xType.getDimSize(3) << "_"
     << g->outChannels << "x"
     << g->kernelH << "x" << g->kernelW << "_s" << stride[0] << "x"
     << stride[1] << "_p" << pad[0] << "x" << pad[1] << "x" << pad[2] << "x"
     << pad[3] << "_op" << outPad[0] << "x" << outPad[1] << "_d"
     << dilation[0] << "x" << dilation[1] << "_" << elementType;
  if (g->groups > 1)
    os << "_g" << g->groups;
  ConvLaunch conv{op, "conv2d_transpose", op.getX(), weightType, makeWeight,
                  /*weight=*/Value()};
  return launchConvKernel(conv, *g, name, target, symbols, cache, forced,
                          DepthwiseUnit::Cube);
}
