//===- ConvMixKernels.cpp - Conv2D fusion groups to MIX kernels -----------===//
//
// A `mindspore.fusion "mix"` group of one Conv2D (any group count: a
// grouped convolution's Cube part stacks its groups' GEMMs in M, see
// ConvKernels.cpp, and a tile's channels start at its group's), the BiasAdd of
// its result (a folded BatchNorm) and an elementwise epilogue (ReLU, a
// residual Add, per-channel Mul / Add, Cast, ...) becomes one MIX kernel:
//
//   AIC (aicore.on_core aic): the implicit-GEMM convolution (ConvKernels.cpp,
//   the bias from the BT bias table); per output tile (`rows` pixels of one
//   image x `cols` channels), its block's j-th, instead of its FIX to the
//   result:
//     cross_core_wait_flag fix, 1                 // a workspace slot is free
//     FIX  L0C -> workspace[block, j mod 2]^T     // [channels, pixels]
//     cross_core_set_flag fix, 0                  // tile ready, to both AIVs
//   AIV i (aicore.on_core aiv): channels [i * ceil(cols / 2), ...) of the
//   tile, in chunks of channel rows x the tile's pixels:
//     MTE2: workspace rows, residual rows (the NCHW tensor viewed as
//           [N * C, H * W]), per-channel values ([C, 1]) and values per
//           image and channel ([N * C, 1]) -> UB
//           [after the last chunk's loads: cross_core_set_flag mte2, 1]
//     V:    broadcasts, the epilogue's Vector ops (emitElementwiseVectorOps)
//     MTE3: result rows -> the NCHW result
//
// The workspace holds channels x pixels so that every Vector-side transfer
// is a run of contiguous NCHW pixels and per-channel values are columns.
// The group's device-format conversions (TransData from NC1HWC0 /
// FRACTAL_Z on its inputs, to NC1HWC0 on its results) fold to the kernel's
// boundaries: the kernel reads and writes NCHW / OIHW tensors, the launch
// takes the plain tensors, and its results go back to the device format
// through TransData ops that meet their inverses at the readers (and fold).
// The cross-core protocol is MixKernels.cpp's (MixKernelParts.h builds
// the pieces the MIX kernel builders share). See docs/AICoreKernels.md
// ("MIX kernels of convolutions").
//
//===----------------------------------------------------------------------===//
#include "CubeKernels.h"
#include "DepthwiseConvKernels.h"
#include "MixKernelParts.h"
#include "ascend/Conversion/MindSporeToAICore/MixKernels.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;
using namespace mlir::ascend::mix;

namespace {

/// How an input of the epilogue maps onto the [N, C, H, W] result: Full
/// (a [channels, pixels] block per chunk), Channel (a [channels, 1] column
/// per chunk, broadcast along the pixels), ImageChannel (a column of the
/// [N * C, 1] view, the result's rows, e.g. a squeeze-and-excitation gate),
/// Scalar (loaded once, broadcast).
using Role = ConvEpilogueRole;

bool isPlainFormat(StringRef format) {
  return format == "NCHW" || format == "ND";
}

/// A TransData in the group body that converts one of the group's inputs
/// (a block argument in a device format) to its plain form.
bool isInputConversion(Operation *op) {
  auto t = dyn_cast<ms::TransDataOp>(op);
  return t && isa<BlockArgument>(t.getInput()) &&
         isPlainFormat(t.getDstFormat()) && !isPlainFormat(t.getSrcFormat());
}
/// A TransData in the group body that converts a value to a device format
/// for the group's result (its only reader is the yield).
bool isResultConversion(Operation *op) {
  auto t = dyn_cast<ms::TransDataOp>(op);
  return t && isPlainFormat(t.getSrcFormat()) &&
         !isPlainFormat(t.getDstFormat()) && t->hasOneUse() &&
         isa<ms::YieldOp>(*t->user_begin());
}

/// The analysis of a conv mix group: its Conv2D, the BiasAdd the Cube adds
/// from the bias table and the epilogue on the result.
struct ConvMixGroup {
  explicit ConvMixGroup(ms::FusionOp group) : group(group) {}

  LogicalResult analyze(std::string &why) {
    Block &body = group.getBody().front();
    for (Operation &op : body.without_terminator()) {
      if (isa<ms::ConstantOp>(op)) {
        if (!isSplat(op.getResult(0)))
          return fail(why, "it holds a constant that is not a splat");
        continue;
      }
      if (isa<ms::Conv2DOp, ms::Conv2DTransposeOp>(op)) {
        conv = &op;
        continue;
      }
      if (isInputConversion(&op)) {
        unpacked[op.getResult(0)] = cast<ms::TransDataOp>(op);
        continue;
      }
      if (isResultConversion(&op))
        continue;
      if (isa<ms::TransDataOp>(op))
        return fail(why, "a TransData in the group converts a value computed "
                         "inside it (only conversions of its inputs and "
                         "results fold to the kernel's boundaries)");
      epilogue.push_back(&op);
    }
    // A mix group has exactly one Cube primitive (FusionOp's verifier):
    // the Conv2D isConvMixGroup found.
    assert(conv && "convertConvMixFusion needs an isConvMixGroup group");
    convX = conv->getOperand(0);
    convWeight = conv->getOperand(1);
    convResult = conv->getResult(0);
    if (!isGroupInput(convX) || !isGroupInput(convWeight))
      return fail(why, "its Conv2D's operands are computed inside the group "
                       "(a prologue)");
    if (auto transposed = dyn_cast<ms::Conv2DTransposeOp>(conv)) {
      // The kernel of the equivalent convolution (ConvKernels.cpp).
      FailureOr<ConvGeometry> g = getConvGeometry(transposed, why);
      if (failed(g))
        return failure();
      geometry = *g;
    } else {
      geometry = getConvGeometry(cast<ms::Conv2DOp>(conv));
    }
    elementType = elementOf(convResult);
    weightType = getConvWeightType(geometry, elementType);
    shape.assign(shapeOf(convResult).begin(), shapeOf(convResult).end());

    // A BiasAdd of the convolution's result by a group input starts the
    // Cube's accumulator from the BT bias table (as the plain convolution
    // kernels do); the epilogue starts from its result.
    start = convResult;
    if (conv->hasOneUse())
      if (auto user = dyn_cast<ms::BiasAddOp>(*conv->user_begin()))
        if (user.getX() == convResult && isGroupInput(user.getBias())) {
          biasAdd = user;
          start = user.getResult();
          llvm::erase(epilogue, user.getOperation());
        }
    if (epilogue.empty())
      return fail(why, "it has no epilogue");

    for (Operation *op : epilogue) {
      StringRef name = op->getName().stripDialect();
      if (ms::isViewOp(op) ||
          isa<ms::ReduceSumOp, ms::ReduceMaxOp, ms::ReduceMeanOp,
              ms::SoftmaxOp, ms::LayerNormOp, ms::BroadcastToOp>(op))
        return fail(why, ("'" + name +
                          "' has no conv MIX epilogue mapping (only "
                          "elementwise primitives on the convolution's "
                          "[N, C, H, W] result)")
                             .str());
      if (failed(checkVectorPrimitive(op, why)))
        return failure();
      if (op->getNumResults() != 1 ||
          shapeOf(op->getResult(0)) != ArrayRef<int64_t>(shape))
        return fail(why, ("'" + name + "' computes a value of another shape "
                          "than the convolution's " +
                          shapeText(shape))
                             .str());
      computed.insert(op->getResult(0));
      for (auto [i, v] : llvm::enumerate(op->getOperands())) {
        if (v == start || computed.contains(v) || isSplat(v))
          continue;
        if (!isGroupInput(v))
          return fail(why, ("'" + name + "' reads a value the epilogue does "
                                         "not compute")
                               .str());
        std::optional<Role> role = classify(op, i, v);
        if (!role)
          return fail(why, "an input of shape " + shapeText(shapeOf(v)) +
                               " is neither the result shape " +
                               shapeText(shape) +
                               " nor a per-channel (or per-image and "
                               "channel) vector or a scalar of it");
        auto [it, inserted] = roles.try_emplace(v, *role);
        if (!inserted && it->second != *role)
          return fail(why, "an input is used in two ways");
      }
    }
    auto yield = cast<ms::YieldOp>(body.getTerminator());
    for (Value r : yield.getValues()) {
      Value root = r;
      ms::TransDataOp format;
      if (Operation *def = r.getDefiningOp(); def && isResultConversion(def)) {
        format = cast<ms::TransDataOp>(def);
        root = format.getInput();
      }
      if (!computed.contains(root) || llvm::is_contained(outputs, root))
        return fail(why, "a result is not computed by the epilogue (or is "
                         "returned twice)");
      outputs.push_back(root);
      resultFormats.push_back(format);
    }
    return success();
  }

  /// A value the kernel reads from GM: a block argument in its plain form,
  /// or a device-format argument's conversion to it.
  bool isGroupInput(Value v) {
    return (isa<BlockArgument>(v) && v.getParentBlock() ==
                                         &group.getBody().front()) ||
           unpacked.count(v);
  }

  /// The role of input `v`, operand `i` of `op`.
  std::optional<Role> classify(Operation *op, unsigned i, Value v) {
    ArrayRef<int64_t> s = shapeOf(v);
    ArrayRef<int64_t> result(shape);
    int64_t count = numel(v), channels = shape[1];
    if (count == numel(convResult) && s.size() <= result.size() &&
        s == result.take_back(s.size()))
      return Role::Full;
    if (count == 1)
      return Role::Scalar;
    if (isa<ms::BiasAddOp>(op) && i == 1)
      return s == ArrayRef<int64_t>{channels} ? std::optional(Role::Channel)
                                              : std::nullopt;
    // Broadcast against [N, C, H, W] from the right: C is the third axis
    // from the end, the others 1.
    if (count == channels && s.size() >= 3 && s[s.size() - 3] == channels)
      return Role::Channel;
    if (s.size() == 4 && s[0] == shape[0] && s[1] == channels && s[2] == 1 &&
        s[3] == 1)
      return Role::ImageChannel;
    return std::nullopt;
  }

  LogicalResult fail(std::string &why, StringRef text) {
    why = text.str();
    return failure();
  }

  ms::FusionOp group;
  /// The Conv2D or Conv2DTranspose (the kernel of its equivalent
  /// convolution, `geometry`), its input, weight and result.
  Operation *conv = nullptr;
  Value convX, convWeight, convResult;
  /// The kernel's B argument: the Conv2D's weight, or the Conv2DTranspose's
  /// with its channels swapped per group (createConvTransposeWeight).
  RankedTensorType weightType;
  ms::BiasAddOp biasAdd; ///< on the convolution's result: from BT
  ConvGeometry geometry;
  Type elementType;
  SmallVector<int64_t> shape; ///< the convolution's [N, C, Ho, Wo]
  Value start;                ///< what the Cube part computes
  SmallVector<Operation *> epilogue;
  llvm::DenseSet<Value> computed;
  /// Group inputs read in their plain form: the TransData that converts
  /// them from the device format inside the group.
  llvm::DenseMap<Value, ms::TransDataOp> unpacked;
  llvm::MapVector<Value, Role> roles; ///< the epilogue's inputs
  SmallVector<Value> outputs;         ///< computed values the group returns
  /// Per output, the TransData to a device format the group returns it
  /// through (null: returned plain).
  SmallVector<ms::TransDataOp> resultFormats;
};

/// Builds the MIX kernel of an analyzed conv group under a convolution
/// tiling (tm pixels x tn channels per Cube tile).
class ConvMixKernelBuilder {
public:
  ConvMixKernelBuilder(ConvMixGroup &g, const MatMulTiling &t,
                       const AICoreTarget &target, int64_t chunkRows)
      : g(g), t(t), target(target), b(g.group.getContext()),
        loc(g.group.getLoc()), ch(chunkRows),
        channels(g.geometry.outChannels), pixels(g.geometry.pixels()) {}

  /// The body values the kernel reads from GM, in argument order: the
  /// convolution's input and weight, [the bias,] then the epilogue's
  /// inputs.
  SmallVector<Value> kernelInputs() const {
    SmallVector<Value> args{g.convX, g.convWeight};
    if (g.biasAdd)
      args.push_back(g.biasAdd.getBias());
    for (auto &[v, role] : g.roles)
      if (!llvm::is_contained(args, v))
        args.push_back(v);
    return args;
  }

  /// Bytes of the GM workspace: two [tn, tm] (channels x pixels) slots per
  /// block.
  int64_t workspaceBytes() const {
    return t.blockDim * kMixWorkspaceSlots * t.tn * t.tm *
           elementBytes(g.elementType);
  }

  KernelOp build(StringRef name) {
    SmallVector<Value> inputs = kernelInputs();
    SmallVector<Type> argTypes;
    for (Value v : inputs)
      argTypes.push_back(getGMType(v == g.convWeight
                                       ? g.weightType
                                       : cast<RankedTensorType>(v.getType())));
    for (Value r : g.outputs)
      argTypes.push_back(getGMType(cast<RankedTensorType>(r.getType())));
    argTypes.push_back(getGMType(RankedTensorType::get(
        {t.blockDim * kMixWorkspaceSlots * t.tn, t.tm}, g.elementType)));
    kernel = KernelOp::create(b, loc, name, b.getFunctionType(argTypes, {}),
                              t.blockDim);
    kernel.setWorkspaceBytes(workspaceBytes());
    if (StringRef(target.name) != getDefaultTarget().name)
      kernel.setChip(target.name);
    Block &entry = kernel.getBody().front();
    workspace = entry.getArguments().back();
    for (auto [i, v] : llvm::enumerate(inputs))
      gmArgs[v] = entry.getArgument(i);

    // Buffers and GM views first (moved to the top after the Cube part).
    b.setInsertionPointToStart(&entry);
    for (auto [i, r] : llvm::enumerate(g.outputs))
      outViews.push_back(asMatrix(entry.getArgument(inputs.size() + i),
                                  g.shape[0] * channels, pixels));
    allocateBuffers();
    SmallVector<Operation *> hoisted;
    for (Operation &op : entry)
      hoisted.push_back(&op);

    std::unique_ptr<CubeOperandHooks> operands =
        createConvOperands(g.geometry, t, g.elementType);
    buildCubeKernel(
        kernel,
        getCubeGemm(pixels, g.geometry.groupOutChannels(), g.geometry.gemmK(),
                    g.geometry.gemms(), g.elementType,
                    static_cast<bool>(g.biasAdd)),
        g.elementType, t, *operands,
        [&](OpBuilder &cb, Value acc, OpFoldResult mi, OpFoldResult ni,
            int64_t rows, int64_t cols, int, OpFoldResult tile) {
          handOff(cb, acc, mi, ni, rows, cols, tile);
        });

    for (Operation *op : llvm::reverse(hoisted))
      op->moveBefore(&entry.front());
    // The AIVs start with both workspace slots and UB buffers free and
    // load the scalars; at the end every flag set is consumed.
    b.setInsertionPointAfter(hoisted.back());
    buildAIVPrologue();
    b.setInsertionPoint(entry.getTerminator());
    {
      OnCoreOp part = onCore(CoreType::AIV);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&part.getBody().front());
      for (int64_t u = 0; u < 2; ++u) {
        WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, u);
        WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, u);
      }
    }
    {
      OnCoreOp part = onCore(CoreType::AIC);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&part.getBody().front());
      for (int64_t c = 0; c < kMixWorkspaceSlots; ++c)
        CrossCoreWaitFlagOp::create(b, loc, Pipe::FIX, kMixSlotFree);
    }
    wrapCubePart(kernel);
    return kernel;
  }

private:
  OnCoreOp onCore(CoreType core) {
    auto part = OnCoreOp::create(b, loc, core);
    part.getBody().emplaceBlock();
    return part;
  }

  Value alloc(ArrayRef<int64_t> shape, Type elt, const Twine &name) {
    auto type = MemRefType::get(
        shape, elt, MemRefLayoutAttrInterface{},
        AddressSpaceAttr::get(b.getContext(), AddressSpace::UB));
    auto op = AllocOp::create(b, loc, type);
    op->setAttr(kBufferNameAttr, b.getStringAttr(name.str()));
    return op;
  }
  std::array<Value, 2> pingPong(ArrayRef<int64_t> shape, Type elt,
                                const Twine &name) {
    return {alloc(shape, elt, name + ".ping"),
            alloc(shape, elt, name + ".pong")};
  }

  /// GM argument `arg` viewed as the [rows, cols] matrix of its elements
  /// (row-major): an NCHW tensor as [N * C, H * W], a channel vector as
  /// [C, 1], a scalar as [1, 1].
  Value asMatrix(Value arg, int64_t rows, int64_t cols) {
    auto type = cast<MemRefType>(arg.getType());
    if (type.getShape() == ArrayRef<int64_t>{rows, cols})
      return arg;
    Value flat = arg;
    SmallVector<ReassociationIndices> expand;
    if (type.getRank() > 1) {
      ReassociationIndices all;
      for (int64_t d = 0; d < type.getRank(); ++d)
        all.push_back(d);
      flat = memref::CollapseShapeOp::create(
          b, loc, arg, ArrayRef<ReassociationIndices>{all});
    }
    if (type.getRank() > 0)
      expand.push_back({0, 1});
    return memref::ExpandShapeOp::create(
        b, loc,
        MemRefType::get({rows, cols}, type.getElementType(),
                        MemRefLayoutAttrInterface{}, type.getMemorySpace()),
        flat, expand);
  }

  void allocateBuffers() {
    wsIn = pingPong({ch, t.tm}, g.elementType, "ws");
    unsigned index = 0;
    for (auto &[v, role] : g.roles) {
      Type elt = elementOf(v);
      std::string base = "in" + std::to_string(index++);
      Value gm = gmArgs.lookup(v);
      switch (role) {
      case Role::Full:
        full[v] = pingPong({ch, t.tm}, elt, base);
        gmViews[v] = asMatrix(gm, g.shape[0] * channels, pixels);
        break;
      case Role::Channel:
        columns[v] = pingPong({ch, 1}, elt, base);
        gmViews[v] = asMatrix(gm, channels, 1);
        break;
      case Role::ImageChannel:
        columns[v] = pingPong({ch, 1}, elt, base);
        gmViews[v] = asMatrix(gm, g.shape[0] * channels, 1);
        break;
      case Role::Scalar:
        scalars[v] = alloc({1, 1}, elt, base + ".once");
        gmViews[v] = asMatrix(gm, 1, 1);
        break;
      }
      if (role != Role::Full)
        spread[v] = alloc({ch, t.tm}, elt, base + ".bcast");
    }
    allocateChainBuffers(
        g.epilogue, g.outputs, nullptr,
        [&](Value r, int64_t i) {
          outs[r] = pingPong({ch, t.tm}, elementOf(r),
                             "out" + std::to_string(i));
        },
        [&](Value r) {
          temps[r] = alloc({ch, t.tm}, elementOf(r),
                           "t" + std::to_string(temps.size()));
        },
        [&](Value v) {
          if (!splatTiles.count(v))
            splatTiles[v] = alloc({ch, t.tm}, elementOf(v),
                                  "splat" + std::to_string(splatTiles.size()));
        });
  }

  void buildAIVPrologue() {
    OnCoreOp part = onCore(CoreType::AIV);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&part.getBody().front());
    emitVectorCoreStart(b, loc);
    for (auto &[v, buffer] : scalars)
      CopyOp::create(b, loc, gmViews[v], buffer);
    if (!scalars.empty()) {
      SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, 2);
      WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, 2);
    }
    for (auto &[value, tile] : splatTiles)
      VDupOp::create(b, loc, tile, splatValue(value));
  }

  Value constant(OpBuilder &ob, int64_t v) {
    return indexConstant(ob, loc, v);
  }
  Value materialize(OpBuilder &ob, OpFoldResult v) {
    return materializeIndex(ob, loc, v);
  }
  /// `base + offset` as an index value (`base` itself for offset 0).
  Value plus(OpBuilder &ob, Value base, int64_t offset) {
    return offset ? addIndex(ob, loc, base, offset) : base;
  }
  /// The [rows, cols] block of `source` at (row, col).
  Value block(OpBuilder &ob, Value source, OpFoldResult row, OpFoldResult col,
              int64_t rows, int64_t cols) {
    return mix::block(ob, loc, source, row, col, rows, cols);
  }
  Value tile(OpBuilder &ob, Value buffer, int64_t rows, int64_t cols) {
    return mix::tile(ob, loc, buffer, rows, cols);
  }

  /// The hand-off of one finished Cube tile: `rows` pixels from stacked row
  /// `mi` (image mi div P, pixel mi mod P) x `cols` channels from `ni`.
  void handOff(OpBuilder &cb, Value acc, OpFoldResult mi, OpFoldResult ni,
               int64_t rows, int64_t cols, OpFoldResult tileNumber) {
    // Global tile g's slot holds tn channel rows (MixKernelParts.h).
    Value wsRow = workspaceSlotRow(cb, loc, materialize(cb, tileNumber),
                                   t.blockDim, t.tn);
    writeTileToSlot(cb, loc, acc, [&]() -> Value {
      // The [pixels, channels] accumulator into the slot's [channels,
      // pixels] rows (the fixpipe writes the transposed tile, as the plain
      // convolution kernels write theirs into the NCHW result).
      Value slotRows = block(cb, workspace, wsRow, cb.getIndexAttr(0), cols,
                             rows);
      AffineMap swap = AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0},
                                                    cb.getContext());
      return memref::TransposeOp::create(cb, loc, slotRows,
                                         AffineMapAttr::get(swap));
    });

    auto part = OnCoreOp::create(cb, loc, CoreType::AIV);
    part.getBody().emplaceBlock();
    OpBuilder vb = OpBuilder::atBlockBegin(&part.getBody().front());
    // The tile's channels in the [N * C, P] view of the NCHW tensors: rows
    // image * C + ni ..., columns pixel ...
    Value niValue = materialize(vb, ni), pixel, row;
    int64_t groups = g.geometry.groups;
    if (groups > 1) {
      // Stacked image i = n * G + j (ConvGeometry): the tile's channels
      // start at j * Og + ni.
      int64_t og = g.geometry.groupOutChannels();
      Value m = materialize(vb, mi);
      Value stacked = arith::DivUIOp::create(vb, loc, m, constant(vb, pixels));
      Value image =
          arith::DivUIOp::create(vb, loc, stacked, constant(vb, groups));
      Value group =
          arith::RemUIOp::create(vb, loc, stacked, constant(vb, groups));
      pixel = arith::RemUIOp::create(vb, loc, m, constant(vb, pixels));
      niValue = arith::AddIOp::create(
          vb, loc, arith::MulIOp::create(vb, loc, group, constant(vb, og)),
          niValue);
      row = arith::AddIOp::create(
          vb, loc,
          arith::MulIOp::create(vb, loc, image, constant(vb, channels)),
          niValue);
    } else if (std::optional<int64_t> m = getConstantIntValue(mi)) {
      pixel = constant(vb, *m % pixels);
      row = plus(vb, niValue, *m / pixels * channels);
    } else {
      Value image = arith::DivUIOp::create(vb, loc, cast<Value>(mi),
                                           constant(vb, pixels));
      pixel = arith::RemUIOp::create(vb, loc, cast<Value>(mi),
                                     constant(vb, pixels));
      row = arith::AddIOp::create(
          vb, loc,
          arith::MulIOp::create(vb, loc, image, constant(vb, channels)),
          niValue);
    }
    TileRows at{wsRow, row, niValue, pixel};
    // AIV 0 takes the first ceil(cols / 2) channels, AIV 1 the rest.
    splitOverVectorCores(vb, loc, cols, counter, nullptr,
                         [&](OpBuilder &hb, int64_t offset, int64_t count) {
                           buildHalf(hb, at, offset, count, rows);
                         });
  }

  /// Where a tile's channel rows are: its first row in the workspace, in
  /// the [N * C, P] views (image * C + first channel), in the [C, 1]
  /// channel vectors, and its first pixel.
  struct TileRows {
    Value workspace, result, channel, pixel;
  };

  /// One AIV's share of a tile: `count` channel rows from row `rowOffset`
  /// of the tile, `width` pixels each, in chunks of at most `ch` rows.
  void buildHalf(OpBuilder &ob, const TileRows &at, int64_t rowOffset,
                 int64_t count, int64_t width) {
    OpFoldResult zero = ob.getIndexAttr(0);
    VectorChunkStages stages;
    auto locate = [&](OpBuilder &cb, int64_t row0) {
      return plus(cb, at.result, row0);
    };
    auto copyIn = [&](OpBuilder &cb, const VectorChunk &c) {
      int64_t rows = c.rows, row0 = c.row0, u = c.u;
      Value gmRow = c.gmRow;
      CopyOp::create(cb, loc,
                     block(cb, workspace, plus(cb, at.workspace, row0), zero,
                           rows, width),
                     tile(cb, wsIn[u], rows, width));
      for (auto &[v, role] : g.roles) {
        if (role == Role::Full)
          CopyOp::create(cb, loc,
                         block(cb, gmViews[v], gmRow, at.pixel, rows, width),
                         tile(cb, full[v][u], rows, width));
        else if (role == Role::Channel)
          CopyOp::create(cb, loc,
                         block(cb, gmViews[v], plus(cb, at.channel, row0),
                               zero, rows, 1),
                         tile(cb, columns[v][u], rows, 1));
        else if (role == Role::ImageChannel)
          CopyOp::create(cb, loc, block(cb, gmViews[v], gmRow, zero, rows, 1),
                         tile(cb, columns[v][u], rows, 1));
      }
    };
    auto compute = [&](OpBuilder &cb, const VectorChunk &c) {
      int64_t rows = c.rows, u = c.u;
      llvm::DenseMap<Value, Value> current;
      current[g.start] = tile(cb, wsIn[u], rows, width);
      for (auto &[v, role] : g.roles) {
        if (role == Role::Full) {
          current[v] = tile(cb, full[v][u], rows, width);
          continue;
        }
        Value src = role == Role::Scalar ? scalars[v]
                                         : tile(cb, columns[v][u], rows, 1);
        Value spreadTile = tile(cb, spread[v], rows, width);
        VBroadcastOp::create(cb, loc, src, spreadTile);
        current[v] = spreadTile;
      }
      emitElementwiseChain(
          cb, loc, g.epilogue, current, nullptr,
          [&](Value r) {
            return outs.count(r) ? tile(cb, outs[r][u], rows, width)
                                 : tile(cb, temps[r], rows, width);
          },
          [&](Value v) {
            return tile(cb, splatTiles.lookup(v), rows, width);
          });
    };
    auto copyOut = [&](OpBuilder &cb, const VectorChunk &c) {
      for (auto [r, gm] : llvm::zip(g.outputs, outViews))
        CopyOp::create(cb, loc, tile(cb, outs[r][c.u], c.rows, width),
                       block(cb, gm, c.gmRow, at.pixel, c.rows, width));
    };
    stages.locate = locate;
    stages.copyIn = copyIn;
    stages.compute = compute;
    stages.copyOut = copyOut;
    buildVectorChunks(ob, loc, rowOffset, count, ch, counter, stages);
  }

  ConvMixGroup &g;
  const MatMulTiling &t;
  const AICoreTarget &target;
  OpBuilder b;
  Location loc;
  int64_t ch;       ///< channel rows per UB chunk
  int64_t channels; ///< Cout
  int64_t pixels;   ///< Ho * Wo
  KernelOp kernel;
  Value workspace;
  int counter = 0; ///< chunks emitted: the UB buffer of the next is its parity
  llvm::DenseMap<Value, Value> gmArgs, gmViews;
  SmallVector<Value> outViews;
  std::array<Value, 2> wsIn;
  llvm::DenseMap<Value, std::array<Value, 2>> full, columns, outs;
  llvm::MapVector<Value, Value> scalars;
  llvm::DenseMap<Value, Value> spread, temps;
  llvm::MapVector<Value, Value> splatTiles;
};

/// Channel rows per UB chunk whose buffers fit UB, at most half a tile's
/// channels; 0 if none. Every buffer row holds the tile's tm pixels.
int64_t chooseChunkRows(ConvMixGroup &g, const MatMulTiling &t,
                        const AICoreTarget &target) {
  const int64_t align = target.memories.ub.alignment;
  int64_t perRow = 0, fixed = 0, buffers = 0;
  auto add = [&](int64_t rowBytes, int64_t fixedBytes, int64_t count) {
    perRow += count * rowBytes;
    fixed += count * fixedBytes;
    buffers += count;
  };
  add(t.tm * elementBytes(g.elementType), 0, 2);
  for (auto &[v, role] : g.roles) {
    int64_t eb = elementBytes(elementOf(v));
    if (role == Role::Full) {
      add(t.tm * eb, 0, 2);
      continue;
    }
    add(t.tm * eb, 0, 1); // the broadcast tile
    if (role == Role::Scalar)
      add(0, eb, 1);
    else
      add(eb, 0, 2); // a column per chunk
  }
  llvm::DenseSet<Value> splats;
  for (Operation *op : g.epilogue) {
    Value r = op->getResult(0);
    add(t.tm * elementBytes(elementOf(r)), 0,
        llvm::is_contained(g.outputs, r) ? 2 : 1);
    for (auto [i, v] : llvm::enumerate(op->getOperands()))
      if (isSplat(v) && !vectorOpTakesImmediate(op, i) &&
          splats.insert(v).second)
        add(t.tm * elementBytes(elementOf(v)), 0, 1);
  }
  int64_t room = target.memories.ub.capacity - fixed - buffers * align;
  if (room < perRow)
    return 0;
  return std::min<int64_t>(llvm::divideCeil(t.tn, 2), room / perRow);
}

/// The group's Cube primitive.
Operation *cubeOf(ms::FusionOp group) {
  for (Operation &op : group.getBody().front().without_terminator())
    if (ms::FusionOp::classify(&op) == "cube")
      return &op;
  return nullptr;
}

/// The plain form of group input `input` that `inner` (in the body)
/// converts from a device format: the tensor an inverse TransData outside
/// produced it from, or a new conversion before `group`.
Value plainSource(ms::FusionOp group, Value input, ms::TransDataOp inner) {
  auto outer = input.getDefiningOp<ms::TransDataOp>();
  if (outer && outer.getSrcFormat() == inner.getDstFormat() &&
      outer.getDstFormat() == inner.getSrcFormat() &&
      outer.getInput().getType() == inner.getType())
    return outer.getInput();
  OpBuilder b(group);
  return ms::TransDataOp::create(b, inner.getLoc(), inner.getType(), input,
                                 inner.getSrcFormat(), inner.getDstFormat());
}

} // namespace

bool mlir::ascend::isConvMixGroup(ms::FusionOp group) {
  return group.getKind() == "mix" &&
         isa_and_nonnull<ms::Conv2DOp, ms::Conv2DTransposeOp>(cubeOf(group));
}

bool mlir::ascend::isConvBiasAddGroup(ms::FusionOp group) {
  SmallVector<Operation *> ops;
  for (Operation &op : group.getBody().front().without_terminator())
    if (!isa<ms::TransDataOp>(op))
      ops.push_back(&op);
  if (ops.size() != 2)
    return false;
  auto biasAdd = dyn_cast<ms::BiasAddOp>(ops[1]);
  return isa<ms::Conv2DOp, ms::Conv2DTransposeOp>(ops[0]) && biasAdd &&
         biasAdd.getX() == ops[0]->getResult(0);
}

LogicalResult mlir::ascend::convertConvMixFusion(
    ms::FusionOp group, const AICoreTarget &target, SymbolTable &symbols,
    llvm::StringMap<KernelOp> &kernels, ArrayRef<int64_t> tiling,
    DepthwiseUnit unit, std::string &why) {
  ConvMixGroup g(group);
  if (failed(g.analyze(why)))
    return failure();
  std::string key = "convmix:" + vectorKernelKey(group);
  KernelOp kernel = kernels.lookup(key);
  bool withBias = static_cast<bool>(g.biasAdd);
  if (!kernel) {
    // The MIX kernel (null, with `why`, when it cannot be built).
    auto buildMix = [&]() -> KernelOp {
      FailureOr<MatMulTiling> t =
          tiling.empty()
              ? chooseConvTiling(g.geometry, g.elementType, withBias, target,
                                 why)
              : checkConvTiling(g.geometry, g.elementType, withBias,
                                getTilingFromOption(tiling), target, why);
      if (failed(t))
        return nullptr;
      int64_t chunkRows = chooseChunkRows(g, *t, target);
      if (!chunkRows) {
        llvm::raw_string_ostream(why)
            << "the Vector part of MIX kernel '" << group.getKernelName()
            << "' does not fit UB even one channel of a " << t->tm
            << "-pixel tile at a time";
        return nullptr;
      }
      ConvMixKernelBuilder builder(g, *t, target, chunkRows);
      KernelOp mix = builder.build(group.getKernelName());
      Builder attrs(group.getContext());
      mix->setAttr(aicore::kCubeTilingAttrName, getTilingAttr(attrs, *t));
      mix->setAttr("aicore.mix",
                   attrs.getDictionaryAttr({attrs.getNamedAttr(
                       "aiv_chunk_rows", attrs.getI64IntegerAttr(chunkRows))}));
      BufferPlan plan = planBuffers(mix);
      int64_t used = plan.used[static_cast<size_t>(AddressSpace::UB)];
      if (used > target.memories.ub.capacity) {
        llvm::raw_string_ostream(why)
            << "the Vector part of MIX kernel '" << group.getKernelName()
            << "' needs " << used << " bytes of ub, more than the "
            << target.memories.ub.capacity << " of " << target.name;
        mix.erase();
        return nullptr;
      }
      return mix;
    };
    // A depthwise convolution also has a Vector kernel (not under the
    // tiling option); the one with fewer modeled cycles is kept.
    bool depthwise = tiling.empty() && isDepthwiseConv(g.geometry);
    KernelOp mix = (!depthwise || unit != DepthwiseUnit::Vector)
                       ? buildMix()
                       : KernelOp();
    if (!depthwise) {
      if (!mix)
        return failure();
      kernel = mix;
    } else {
      DepthwiseConvProblem problem;
      problem.geometry = g.geometry;
      problem.elementType = g.elementType;
      problem.withBias = withBias;
      problem.inputs = {g.conv->getOperand(0), g.conv->getOperand(1)};
      if (g.biasAdd)
        problem.inputs.push_back(g.biasAdd.getBias());
      for (auto &[v, role] : g.roles) {
        if (!llvm::is_contained(problem.inputs, v))
          problem.inputs.push_back(v);
        problem.roles.push_back({v, role});
      }
      problem.start = g.start;
      problem.epilogue = g.epilogue;
      problem.outputs = g.outputs;
      std::string mixWhy = why, vectorWhy;
      kernel = chooseDepthwiseKernel(problem, mix, unit, group.getLoc(),
                                     target, group.getKernelName(),
                                     vectorWhy);
      if (!kernel && unit == DepthwiseUnit::Vector && (mix = buildMix()))
        kernel = mix;
      if (!kernel) {
        why = mixWhy.empty() ? vectorWhy : mixWhy + "; " + vectorWhy;
        return failure();
      }
    }
    symbols.insert(kernel);
    kernels[key] = kernel;
  }

  // The launch passes the plain tensors in the kernel's argument order.
  SmallVector<Value> order{g.convX, g.convWeight};
  if (g.biasAdd)
    order.push_back(g.biasAdd.getBias());
  for (auto &[v, role] : g.roles)
    if (!llvm::is_contained(order, v))
      order.push_back(v);
  llvm::SetVector<Operation *> formerInputs;
  for (Value v : group.getInputs())
    if (Operation *def = v.getDefiningOp())
      formerInputs.insert(def);
  SmallVector<Value> inputs;
  for (Value v : order) {
    ms::TransDataOp inner = g.unpacked.lookup(v);
    Value arg = inner ? inner.getInput() : v;
    Value input = group.getInputs()[cast<BlockArgument>(arg).getArgNumber()];
    inputs.push_back(inner ? plainSource(group, input, inner) : input);
  }
  if (isa<ms::Conv2DTransposeOp>(g.conv)) {
    // B: the weight with its channels swapped per group.
    OpBuilder before(group);
    inputs[1] = createConvTransposeWeight(before, group.getLoc(), inputs[1],
                                          g.geometry);
  }
  SmallVector<Type> resultTypes;
  for (Value r : g.outputs)
    resultTypes.push_back(r.getType());
  OpBuilder builder(group);
  auto launch = LaunchOp::create(
      builder, group.getLoc(), resultTypes,
      FlatSymbolRefAttr::get(kernel.getSymNameAttr()), inputs);
  // Results the group returned in a device format go back to it; a reader
  // that converted them to the plain form again reads the launch's result.
  for (auto [i, format] : llvm::enumerate(g.resultFormats)) {
    Value plain = launch.getResult(i);
    if (!format) {
      group.getResult(i).replaceAllUsesWith(plain);
      continue;
    }
    auto packed = ms::TransDataOp::create(
        builder, group.getLoc(), format.getType(), plain,
        format.getSrcFormat(), format.getDstFormat());
    group.getResult(i).replaceAllUsesWith(packed.getResult());
    for (Operation *user : llvm::make_early_inc_range(packed->getUsers())) {
      auto back = dyn_cast<ms::TransDataOp>(user);
      if (back && back.getSrcFormat() == format.getDstFormat() &&
          back.getDstFormat() == format.getSrcFormat() &&
          back.getType() == plain.getType()) {
        back.getResult().replaceAllUsesWith(plain);
        back.erase();
      }
    }
    if (packed->use_empty())
      packed.erase();
  }
  group->erase();
  // A device-format conversion only the group read is dead now.
  for (Operation *def : formerInputs)
    if (isa<ms::TransDataOp>(def) && def->use_empty())
      def->erase();
  return success();
}
