//===- DepthwiseConvKernels.cpp - Depthwise Conv2D as a Vector kernel -----===//
//
// A depthwise convolution (group == C: output plane (n, co) reads only input
// plane (n, co / M), M = Cout / C the channel multiplier) is a pooling whose
// window sum is weighted by w[co, kh, kw]: the Vector kernel slides the
// window the way the pooling kernels do (WindowKernels.h: tiles of G whole
// output planes of one image, or Ro output rows of one plane with the input
// rows their windows need; units dealt over the Vector cores in runs, double
// buffered; tile sizes searched on the kernel model). Per tile:
//
//   MTE2  the tile's input rows -> UB (rows of `pitch` >= W + 1 elements:
//         column W stays zero), its G x KH x KW weights, its bias and the
//         epilogue's per-tile inputs
//   V     [cast to f32]; for every tap (r, j): vgather of the tap's input
//         element under each output element (byte offsets built once per
//         kernel; a tap in the padding reads a zero element), vbroadcast of
//         the planes' weights w[., r, j] (gathered once per tile into a
//         column), vmul, vadd into the f32 accumulator (started from the
//         broadcast bias); cast to the result type; the elementwise
//         epilogue (emitElementwiseChain, as the MIX kernels' Vector part)
//   MTE3  the outputs' rows -> GM
//
// Padding: with whole planes, the offsets of a tap in the top / bottom
// padding point at a zero row past the planes; with row blocks (one plane),
// UB holds the `span` input rows of the tile's windows and the rows outside
// the image are zeroed per tile (the few clipped row blocks are told apart
// statically). Taps in the left / right padding read column W.
//
// chooseDepthwiseKernel compares this kernel's modeled cycles with the Cube
// kernel's and keeps the faster one. See docs/AICoreKernels.md ("Depthwise
// convolutions on the Vector unit").
//
//===----------------------------------------------------------------------===//
#include "DepthwiseConvKernels.h"
#include "MixKernelParts.h"
#include "WindowKernels.h"

#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/MapVector.h"

#include <functional>
#include <map>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
using namespace mlir::ascend::window;
using mix::elementBytes;
using mix::elementOf;

namespace {

/// The rows of a tile's input in UB and which of them lie outside the
/// image: the windows of output rows [row0, row0 + Ro) read input rows
/// [lo, lo + span), lo = row0 * SH - PT; `top` of them are above row 0 and
/// `bottom` below row H - 1.
struct RowKind {
  int64_t rowBlock, top, bottom;
};

/// Builds the Vector kernel of a depthwise convolution for one tiling.
class DepthwiseKernelBuilder {
public:
  DepthwiseKernelBuilder(const DepthwiseConvProblem &p, const WindowTiling &t,
                         const AICoreTarget &target, Location loc)
      : p(p), g(p.geometry), t(t), target(target), loc(loc),
        b(loc.getContext()) {
    M = g.outChannels / g.channels;
    taps = g.kernelH * g.kernelW;
    G = t.planes;
    Ro = t.rows;
    T = G;
    Tp = llvm::alignTo(T, 8);
    // A tile is [G, Ro * Wo]: row g holds plane g's Ro output rows, dense.
    wholePlanes = t.rowBlocks == 1;
    span = (Ro - 1) * g.strideH + (g.kernelH - 1) * g.dilationH + 1;
    int64_t eb = elementBytes(p.elementType);
    pitch = llvm::alignTo(g.width + 1, 32 / eb);
    outPitch = Ro * g.outW;
    inRowsUB = wholePlanes ? G * g.height + 1 : span;
    castIn = !p.elementType.isF32();
    keepWeights = !wholePlanes && t.unitsPerCore > 1;
  }

  KernelOp build(StringRef name) {
    SmallVector<Type> argTypes;
    for (Value v : p.inputs)
      argTypes.push_back(getGMType(cast<RankedTensorType>(v.getType())));
    for (Value r : p.outputs)
      argTypes.push_back(getGMType(cast<RankedTensorType>(r.getType())));
    KernelOp kernel = KernelOp::create(
        b, loc, name, b.getFunctionType(argTypes, {}), t.blockDim);
    if (StringRef(target.name) != getDefaultTarget().name)
      kernel.setChip(target.name);
    Block &entry = kernel.getBody().front();
    b.setInsertionPointToStart(&entry);
    for (auto [i, v] : llvm::enumerate(p.inputs))
      args[v] = entry.getArgument(i);

    // GM views.
    int64_t N = g.batch, Co = g.outChannels;
    gmX = asMatrix(entry.getArgument(0), N * g.channels * g.height, g.width);
    gmW = asMatrix(entry.getArgument(1), 1, Co * taps);
    if (p.withBias)
      gmBias = asMatrix(entry.getArgument(2), 1, Co);
    for (auto [i, r] : llvm::enumerate(p.outputs))
      gmOuts.push_back(asMatrix(entry.getArgument(p.inputs.size() + i),
                                N * Co, g.outH * g.outW));
    for (auto &[v, role] : p.roles) {
      Value arg = args.lookup(v);
      switch (role) {
      case ConvEpilogueRole::Full:
        gmViews[v] = asMatrix(arg, N * Co, g.outH * g.outW);
        break;
      case ConvEpilogueRole::Channel:
        gmViews[v] = asMatrix(arg, 1, Co);
        break;
      case ConvEpilogueRole::ImageChannel:
        gmViews[v] = asMatrix(arg, 1, N * Co);
        break;
      case ConvEpilogueRole::Scalar:
        gmViews[v] = asMatrix(arg, 1, 1);
        break;
      }
    }
    allocateBuffers();
    blockIndex = t.blockDim > 1
                     ? Value(BlockIdxOp::create(b, loc, b.getIndexType()))
                     : constant(0);
    buildOnce();
    for (int64_t s = 0; s < 2; ++s) {
      SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, s);
      SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, s);
    }
    buildUnits(b, loc, blockIndex, t,
               [&](Value unit, int64_t slot) { buildTile(unit, slot); });
    for (int64_t s = 0; s < 2; ++s) {
      WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, s);
      WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, s);
    }
    ReturnOp::create(b, loc);
    return kernel;
  }

  /// The row blocks whose input rows leave the image (row-block tiling).
  SmallVector<RowKind> clippedRowBlocks() const {
    SmallVector<RowKind> kinds;
    for (int64_t k = 0; k < t.rowBlocks; ++k) {
      int64_t row0 = std::min(k * Ro, g.outH - Ro);
      int64_t lo = row0 * g.strideH - g.padTop;
      int64_t top = std::clamp<int64_t>(-lo, 0, span);
      int64_t bottom = std::clamp<int64_t>(lo + span - g.height, 0, span);
      if (top || bottom)
        kinds.push_back({k, top, bottom});
    }
    return kinds;
  }

private:
  Value constant(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value add(Value x, int64_t c) { return c ? add(x, constant(c)) : x; }
  Value mul(Value x, int64_t c) {
    return c == 1 ? x : arith::MulIOp::create(b, loc, x, constant(c));
  }
  IntegerAttr i32(int64_t v) { return b.getI32IntegerAttr(v); }

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
  /// (row-major).
  Value asMatrix(Value arg, int64_t rows, int64_t cols) {
    auto type = cast<MemRefType>(arg.getType());
    if (type.getShape() == ArrayRef<int64_t>{rows, cols})
      return arg;
    Value flat = arg;
    if (type.getRank() > 1) {
      ReassociationIndices all;
      for (int64_t d = 0; d < type.getRank(); ++d)
        all.push_back(d);
      flat = memref::CollapseShapeOp::create(
          b, loc, arg, ArrayRef<ReassociationIndices>{all});
    }
    SmallVector<ReassociationIndices> expand;
    if (type.getRank() > 0)
      expand.push_back({0, 1});
    return memref::ExpandShapeOp::create(
        b, loc,
        MemRefType::get({rows, cols}, type.getElementType(),
                        MemRefLayoutAttrInterface{}, type.getMemorySpace()),
        flat, expand);
  }

  /// The [rows, cols] block of 2-D memref `m` at (row, col).
  Value sub(Value m, OpFoldResult row, int64_t rows, OpFoldResult col,
            int64_t cols) {
    return mix::block(b, loc, m, row, col, rows, cols);
  }
  Value sub(Value m, OpFoldResult row, int64_t rows) {
    return sub(m, row, rows, b.getIndexAttr(0),
               cast<MemRefType>(m.getType()).getDimSize(1));
  }

  void allocateBuffers() {
    Type f32 = b.getF32Type(), i32t = b.getI32Type();
    xIn = pingPong({inRowsUB, pitch}, p.elementType, "in");
    if (castIn)
      xF = alloc({inRowsUB, pitch}, f32, "in.f32");
    for (int64_t tap = 0; tap < taps; ++tap)
      offsets.push_back(alloc({T, outPitch}, i32t, "offsets" + Twine(tap)));
    gathered = alloc({T, outPitch}, f32, "tap");
    if (keepWeights)
      for (int64_t tap = 0; tap < taps; ++tap)
        weightTiles.push_back(
            alloc({T, outPitch}, f32, "weight_tile" + Twine(tap)));
    else
      weightTile = alloc({T, outPitch}, f32, "weight_tile");
    int64_t wLen = llvm::alignTo(G * taps, 16);
    wRaw = pingPong({1, wLen}, p.elementType, "weights");
    if (castIn)
      wF = alloc({1, wLen}, f32, "weights.f32");
    wCols = alloc({taps * Tp, 1}, f32, "weight_columns");
    wOff = alloc({taps * Tp, 1}, i32t, "weight_offsets");
    if (p.withBias) {
      bRaw = pingPong({1, int64_t(llvm::alignTo(G, 16))}, p.elementType, "bias");
      if (castIn)
        bF = alloc({1, int64_t(llvm::alignTo(G, 16))}, f32, "bias.f32");
      bCol = alloc({Tp, 1}, f32, "bias_column");
    }
    bool startIsOutput = llvm::is_contained(p.outputs, p.start);
    if (p.epilogue.empty() || startIsOutput)
      outs[p.start] = pingPong({T, outPitch}, p.elementType, "out");
    // The f32 accumulator: the output buffer itself when the result is f32
    // and goes out as it is.
    if (castIn || !startIsOutput)
      acc = alloc({T, outPitch}, f32, "acc");
    if (castIn && !startIsOutput && !p.epilogue.empty())
      startTile = alloc({T, outPitch}, p.elementType, "conv");
    unsigned index = 0;
    for (auto &[v, role] : p.roles) {
      Type elt = elementOf(v);
      std::string base = "in" + std::to_string(index++);
      switch (role) {
      case ConvEpilogueRole::Full:
        full[v] = pingPong({T, outPitch}, elt, base);
        continue;
      case ConvEpilogueRole::Channel:
      case ConvEpilogueRole::ImageChannel:
        channelRaw[v] = pingPong({1, int64_t(llvm::alignTo(G, 16))}, elt, base);
        channelCol[v] = alloc({Tp, 1}, elt, base + ".column");
        break;
      case ConvEpilogueRole::Scalar:
        scalars[v] = alloc({1, 1}, elt, base + ".once");
        break;
      }
      spread[v] = alloc({T, outPitch}, elt, base + ".bcast");
    }
    mix::allocateChainBuffers(
        p.epilogue, p.outputs, nullptr,
        [&](Value r, int64_t i) {
          outs[r] = pingPong({T, outPitch}, elementOf(r),
                             "out" + std::to_string(i));
        },
        [&](Value r) {
          temps[r] = alloc({T, outPitch}, elementOf(r),
                           "t" + std::to_string(temps.size()));
        },
        [&](Value v) {
          if (!splatTiles.count(v))
            splatTiles[v] = alloc({T, outPitch}, elementOf(v),
                                  "splat" + std::to_string(splatTiles.size()));
        });
  }

  /// The byte offsets of the per-plane values into [T, 1] columns: row t
  /// (plane t / Ro) reads element (t / Ro) of a [1, G] row of
  /// `bytes`-byte elements.
  void makeChannelOffsets(int64_t bytes) {
    Value &off = channelOff[bytes];
    if (off)
      return;
    off = alloc({Tp, 1}, b.getI32Type(), "channel_offsets" + Twine(bytes));
    VDupOp::create(b, loc, off, i32(0));
    VMulsOp::create(b, loc, planeIndex, sub(off, b.getIndexAttr(0), T),
                    i32(bytes));
  }
  Value channelOffsets(int64_t bytes) { return channelOff.at(bytes); }

  /// Once per kernel (V): zeroes the input buffers (their padding rows and
  /// column W stay zero), builds the gather offsets of every tap and of the
  /// weights, loads the scalars and fills the splat tiles.
  void buildOnce() {
    Type i32t = b.getI32Type(), f32 = b.getF32Type();
    for (Value buf : {xIn[0], xIn[1], xF})
      if (buf)
        VDupOp::create(b, loc, buf,
                       b.getFloatAttr(cast<MemRefType>(buf.getType())
                                          .getElementType(),
                                      0.0));
    int64_t H = g.height, W = g.width;
    // Tile row g is plane g; column q is output row i = q / Wo (of the
    // tile's rows) and column ow = q - i * Wo.
    planeIndex = alloc({T, 1}, i32t, "tile_plane");
    VArangeOp::create(b, loc, planeIndex, i32(0), i32(1));
    Value q = alloc({1, outPitch}, i32t, "position");
    VArangeOp::create(b, loc, q, i32(0), i32(1));
    Value rowI = alloc({1, outPitch}, i32t, "output_row");
    Value colO = alloc({1, outPitch}, i32t, "output_column");
    {
      Value qF = alloc({1, outPitch}, f32, "position.f32");
      Value den = alloc({1, outPitch}, f32, "row_width");
      // floor(q / Wo) of q < 2^24: exact in f32, truncated back to i32.
      VCastOp::create(b, loc, q, qF);
      VDupOp::create(b, loc, den, b.getF32FloatAttr(double(g.outW)));
      VDivOp::create(b, loc, qF, den, qF);
      VCastOp::create(b, loc, qF, rowI);
      VMulsOp::create(b, loc, rowI, colO, i32(g.outW));
      VSubOp::create(b, loc, q, colO, colO);
    }
    Value zeros = alloc({1, outPitch}, i32t, "zeros");
    VDupOp::create(b, loc, zeros, i32(0));
    Value bound = alloc({1, outPitch}, i32t, "bound");
    Value inside = alloc({1, outPitch}, b.getI1Type(), "inside");
    Value below = alloc({1, outPitch}, b.getI1Type(), "below_bound");
    // inside = 0 <= v < limit.
    auto within = [&](Value v, int64_t limit) {
      VDupOp::create(b, loc, bound, i32(limit));
      VCmpOp::create(b, loc, v, zeros, inside, "ge");
      VCmpOp::create(b, loc, v, bound, below, "lt");
      VAndOp::create(b, loc, inside, below, inside);
    };
    // Row part of each tap row r (bytes): whole planes, the input row
    // h = i * SH - PT + r * DH of plane g at UB row g * H + h, or the zero
    // row G * H when h is in the padding; row blocks, UB row
    // i * SH + r * DH of the tile's span (zeroed outside the image).
    SmallVector<Value> rowTiles;
    Value h = alloc({1, outPitch}, i32t, "input_row");
    Value planeRows, zeroRowTile, insideTile;
    if (wholePlanes) {
      Value base = alloc({T, 1}, i32t, "plane_base");
      planeRows = alloc({T, outPitch}, i32t, "plane_rows");
      zeroRowTile = alloc({T, outPitch}, i32t, "zero_row");
      insideTile = alloc({T, outPitch}, b.getI1Type(), "inside_tile");
      VMulsOp::create(b, loc, planeIndex, base, i32(H * pitch * 4));
      VBroadcastOp::create(b, loc, base, planeRows);
      VDupOp::create(b, loc, zeroRowTile, i32(G * H * pitch * 4));
    }
    for (int64_t r = 0; r < g.kernelH; ++r) {
      Value tile = alloc({T, outPitch}, i32t, "row_offsets" + Twine(r));
      VMulsOp::create(b, loc, rowI, h, i32(g.strideH));
      VAddsOp::create(b, loc, h, h,
                      i32(r * g.dilationH - (wholePlanes ? g.padTop : 0)));
      if (wholePlanes)
        within(h, H);
      VMulsOp::create(b, loc, h, h, i32(pitch * 4));
      VBroadcastOp::create(b, loc, h, tile);
      if (wholePlanes) {
        VAddOp::create(b, loc, tile, planeRows, tile);
        VBroadcastOp::create(b, loc, inside, insideTile);
        VSelectOp::create(b, loc, insideTile, tile, zeroRowTile, tile);
      }
      rowTiles.push_back(tile);
    }
    // Column part of each tap column j: column ow * SW - PL + j * DW, or the
    // zero column W outside [0, W).
    Value column = alloc({1, outPitch}, i32t, "column");
    Value wRow = alloc({1, outPitch}, i32t, "column_width");
    Value colTile = alloc({T, outPitch}, i32t, "column_offsets");
    VDupOp::create(b, loc, wRow, i32(W));
    for (int64_t j = 0; j < g.kernelW; ++j) {
      VMulsOp::create(b, loc, colO, column, i32(g.strideW));
      VAddsOp::create(b, loc, column, column,
                      i32(j * g.dilationW - g.padLeft));
      within(column, W);
      VSelectOp::create(b, loc, inside, column, wRow, column);
      VMulsOp::create(b, loc, column, column, i32(4));
      VBroadcastOp::create(b, loc, column, colTile);
      for (int64_t r = 0; r < g.kernelH; ++r)
        VAddOp::create(b, loc, rowTiles[r], colTile,
                       offsets[r * g.kernelW + j]);
    }
    // The weights of tap k of tile row t: element g * taps + k of the
    // tile's [G, taps] weights, into row k * Tp + t of the columns.
    VDupOp::create(b, loc, wOff, i32(0));
    for (int64_t k = 0; k < taps; ++k) {
      Value rows = sub(wOff, b.getIndexAttr(k * Tp), T);
      VMulsOp::create(b, loc, planeIndex, rows, i32(taps * 4));
      VAddsOp::create(b, loc, rows, rows, i32(k * 4));
    }
    if (p.withBias)
      makeChannelOffsets(4);
    for (auto &[v, role] : p.roles)
      if (role == ConvEpilogueRole::Channel ||
          role == ConvEpilogueRole::ImageChannel)
        makeChannelOffsets(elementBytes(elementOf(v)));
    // Scalars (MTE2 once) and splats.
    for (auto &[v, buffer] : scalars)
      CopyOp::create(b, loc, gmViews[v], buffer);
    if (!scalars.empty()) {
      SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, 2);
      WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, 2);
      for (auto &[v, buffer] : scalars)
        VBroadcastOp::create(b, loc, buffer, spread[v]);
    }
    for (auto &[value, tile] : splatTiles)
      VDupOp::create(b, loc, tile, mix::splatValue(value));
  }

  /// Emits `body(kind)` under a test of the unit's row block for each
  /// clipped row block (kind set) and `body(nullopt)` for the others.
  void perRowKind(Value rowBlock,
                  llvm::function_ref<void(std::optional<RowKind>)> body) {
    SmallVector<RowKind> kinds = clippedRowBlocks();
    bool interior = int64_t(kinds.size()) < t.rowBlocks;
    std::function<void(size_t)> emit = [&](size_t k) {
      if (k == kinds.size()) {
        body(std::nullopt);
        return;
      }
      if (k + 1 == kinds.size() && !interior) {
        body(kinds[k]);
        return;
      }
      Value is = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       rowBlock, constant(kinds[k].rowBlock));
      auto branch = scf::IfOp::create(b, loc, is, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(branch.thenBlock()->getTerminator());
      body(kinds[k]);
      b.setInsertionPoint(branch.elseBlock()->getTerminator());
      emit(k + 1);
    };
    emit(0);
  }

  /// CopyIn, compute and CopyOut of tile `unit` in buffer slot `slot`.
  void buildTile(Value unit, int64_t slot) {
    int64_t H = g.height, W = g.width, Wo = g.outW;
    int64_t Co = g.outChannels, C = g.channels;
    UnitPosition at = locateUnit(b, loc, unit, t);
    Value plane0 = at.plane0, row0 = at.row0;
    Value co0 = arith::RemUIOp::create(b, loc, plane0, constant(Co));
    OpFoldResult zero = b.getIndexAttr(0);

    // CopyIn (MTE2).
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, slot);
    auto inputPlane = [&](Value plane) -> Value {
      if (M == 1)
        return plane;
      Value n = arith::DivUIOp::create(b, loc, plane, constant(Co));
      Value co = arith::RemUIOp::create(b, loc, plane, constant(Co));
      Value c = arith::DivUIOp::create(b, loc, co, constant(M));
      return add(mul(n, C), c);
    };
    if (wholePlanes) {
      if (M == 1) {
        CopyOp::create(b, loc, sub(gmX, mul(plane0, H), G * H, zero, W),
                       sub(xIn[slot], zero, G * H, zero, W));
      } else {
        auto loop = scf::ForOp::create(b, loc, constant(0), constant(G),
                                       constant(1));
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(loop.getBody()->getTerminator());
        Value gi = loop.getInductionVar();
        Value src = inputPlane(add(plane0, gi));
        CopyOp::create(b, loc, sub(gmX, mul(src, H), H, zero, W),
                       sub(xIn[slot], mul(gi, H), H, zero, W));
      }
    } else {
      Value src = inputPlane(plane0);
      perRowKind(at.rowBlock, [&](std::optional<RowKind> kind) {
        int64_t top = kind ? kind->top : 0,
                bottom = kind ? kind->bottom : 0;
        int64_t count = span - top - bottom;
        if (count <= 0)
          return;
        // Input row lo + top = row0 * SH - PT + top.
        Value first =
            add(add(mul(src, H), mul(row0, g.strideH)), top - g.padTop);
        CopyOp::create(b, loc, sub(gmX, first, count, zero, W),
                       sub(xIn[slot], b.getIndexAttr(top), count, zero, W));
      });
    }
    CopyOp::create(b, loc, sub(gmW, zero, 1, mul(co0, taps), G * taps),
                   sub(wRaw[slot], zero, 1, zero, G * taps));
    if (p.withBias)
      CopyOp::create(b, loc, sub(gmBias, zero, 1, co0, G),
                     sub(bRaw[slot], zero, 1, zero, G));
    // The tile's outputs: rows [plane0, plane0 + G) x pixels
    // [row0 * Wo, (row0 + Ro) * Wo) of the [N * Cout, Ho * Wo] views.
    Value outPixel = mul(row0, Wo);
    for (auto &[v, role] : p.roles) {
      switch (role) {
      case ConvEpilogueRole::Full:
        CopyOp::create(b, loc, sub(gmViews[v], plane0, T, outPixel, outPitch),
                       full[v][slot]);
        break;
      case ConvEpilogueRole::Channel:
        CopyOp::create(b, loc, sub(gmViews[v], zero, 1, co0, G),
                       sub(channelRaw[v][slot], zero, 1, zero, G));
        break;
      case ConvEpilogueRole::ImageChannel:
        CopyOp::create(b, loc, sub(gmViews[v], zero, 1, plane0, G),
                       sub(channelRaw[v][slot], zero, 1, zero, G));
        break;
      case ConvEpilogueRole::Scalar:
        break;
      }
    }
    SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, slot);

    // Compute (V).
    WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, slot);
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, slot);
    Value x = xIn[slot];
    if (xF) {
      VCastOp::create(b, loc, x, xF);
      x = xF;
    }
    if (!wholePlanes) {
      // The rows of a clipped row block outside the image: zero.
      perRowKind(at.rowBlock, [&](std::optional<RowKind> kind) {
        if (!kind)
          return;
        if (kind->top)
          VDupOp::create(b, loc, sub(x, zero, kind->top),
                         b.getF32FloatAttr(0.0));
        if (kind->bottom)
          VDupOp::create(b, loc,
                         sub(x, b.getIndexAttr(span - kind->bottom),
                             kind->bottom),
                         b.getF32FloatAttr(0.0));
      });
    }
    // The planes' weights as one column per tap; with row blocks, broadcast
    // once per plane (a core's units of one plane are consecutive): by its
    // first row block, or the core's first unit.
    auto loadWeights = [&]() {
      Value w = wRaw[slot];
      if (wF) {
        VCastOp::create(b, loc, w, wF);
        w = wF;
      }
      VGatherOp::create(b, loc, w, wOff, wCols);
      for (auto [k, tile] : llvm::enumerate(weightTiles))
        VBroadcastOp::create(
            b, loc, sub(wCols, b.getIndexAttr(int64_t(k) * Tp), T), tile);
    };
    if (keepWeights) {
      Value coreFirst = mul(blockIndex, t.unitsPerCore);
      Value newPlane = arith::OrIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, at.rowBlock,
                                constant(0)),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, unit,
                                coreFirst));
      auto branch = scf::IfOp::create(b, loc, newPlane, /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(branch.thenBlock()->getTerminator());
      loadWeights();
    } else {
      loadWeights();
    }
    Value accTile = acc ? acc : outs[p.start][slot];
    bool started = false;
    if (p.withBias) {
      Value bias = bRaw[slot];
      if (bF) {
        VCastOp::create(b, loc, bias, bF);
        bias = bF;
      }
      Value column = sub(bCol, zero, T);
      VGatherOp::create(b, loc, bias, sub(channelOffsets(4), zero, T),
                        column);
      VBroadcastOp::create(b, loc, column, accTile);
      started = true;
    }
    for (int64_t k = 0; k < taps; ++k) {
      VGatherOp::create(b, loc, x, offsets[k], gathered);
      Value wt = keepWeights ? weightTiles[k] : weightTile;
      if (!keepWeights)
        VBroadcastOp::create(b, loc, sub(wCols, b.getIndexAttr(k * Tp), T),
                             wt);
      if (!started) {
        VMulOp::create(b, loc, gathered, wt, accTile);
        started = true;
        continue;
      }
      VMulOp::create(b, loc, gathered, wt, gathered);
      VAddOp::create(b, loc, accTile, gathered, accTile);
    }
    // The convolution's value in its element type.
    Value startValue = accTile;
    if (castIn) {
      startValue = outs.count(p.start) ? outs[p.start][slot] : startTile;
      VCastOp::create(b, loc, accTile, startValue);
    }
    if (!p.epilogue.empty()) {
      llvm::DenseMap<Value, Value> current;
      current[p.start] = startValue;
      for (auto &[v, role] : p.roles) {
        if (role == ConvEpilogueRole::Full) {
          current[v] = full[v][slot];
          continue;
        }
        if (role != ConvEpilogueRole::Scalar) {
          Value column = sub(channelCol[v], zero, T);
          VGatherOp::create(
              b, loc, channelRaw[v][slot],
              sub(channelOffsets(elementBytes(elementOf(v))), zero, T),
              column);
          VBroadcastOp::create(b, loc, column, spread[v]);
        }
        current[v] = spread[v];
      }
      mix::emitElementwiseChain(
          b, loc, p.epilogue, current, nullptr,
          [&](Value r) {
            return outs.count(r) ? outs[r][slot] : temps[r];
          },
          [&](Value v) { return splatTiles.lookup(v); });
    }
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, slot);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, slot);

    // CopyOut (MTE3).
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, slot);
    for (auto [r, gm] : llvm::zip(p.outputs, gmOuts))
      CopyOp::create(b, loc, outs[r][slot],
                     sub(gm, plane0, T, outPixel, outPitch));
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, slot);
  }

  const DepthwiseConvProblem &p;
  const ConvGeometry &g;
  const WindowTiling &t;
  const AICoreTarget &target;
  Location loc;
  OpBuilder b;
  int64_t M = 1, taps = 1, G = 1, Ro = 1, T = 1, Tp = 8, span = 1;
  int64_t pitch = 16, outPitch = 16, inRowsUB = 1;
  bool wholePlanes = true, castIn = false;
  /// Row blocks: the broadcast weights of every tap stay in UB while a
  /// core's units are on one plane.
  bool keepWeights = false;
  llvm::DenseMap<Value, Value> args, gmViews;
  Value gmX, gmW, gmBias, blockIndex;
  SmallVector<Value> gmOuts, offsets, weightTiles;
  std::array<Value, 2> xIn, wRaw, bRaw;
  Value xF, gathered, weightTile, wF, wCols, wOff, bF, bCol, acc, startTile;
  Value planeIndex;
  std::map<int64_t, Value> channelOff;
  llvm::DenseMap<Value, std::array<Value, 2>> outs, full, channelRaw;
  llvm::DenseMap<Value, Value> channelCol, spread, temps;
  llvm::MapVector<Value, Value> scalars, splatTiles;
};

/// The input rows per plane a tile of `rows` output rows reads (its
/// windows' span, at most the image).
int64_t tileInputRows(const ConvGeometry &g, int64_t rows) {
  return std::min(g.height, (rows - 1) * g.strideH +
                                (g.kernelH - 1) * g.dilationH + 1);
}

WindowTiling makeDepthwiseTiling(const ConvGeometry &g, int64_t planes,
                                 int64_t rows, int64_t cores) {
  return makeWindowTiling(g.batch, g.outChannels, planes, rows, g.outH,
                          rows == g.outH ? g.height : tileInputRows(g, rows),
                          cores);
}

int64_t depthwiseUBBytes(const DepthwiseConvProblem &p, const WindowTiling &t,
                         const AICoreTarget &target, Location loc) {
  KernelOp kernel = DepthwiseKernelBuilder(p, t, target, loc).build("probe");
  int64_t used =
      planBuffers(kernel).used[static_cast<size_t>(AddressSpace::UB)];
  kernel.erase();
  return used;
}

} // namespace

bool mlir::ascend::isDepthwiseConv(const ConvGeometry &g) {
  // The equivalent convolution of a transposed one (input dilated by the
  // stride, taps rotated) is not one the Vector kernel reads.
  if (g.flipKernel || g.inputDilationH != 1 || g.inputDilationW != 1)
    return false;
  return g.groups == g.channels && g.outChannels % g.channels == 0;
}

std::optional<DepthwiseUnit> mlir::ascend::parseDepthwiseUnit(StringRef text) {
  if (text == "auto")
    return DepthwiseUnit::Auto;
  if (text == "cube")
    return DepthwiseUnit::Cube;
  if (text == "vector")
    return DepthwiseUnit::Vector;
  return std::nullopt;
}

FailureOr<KernelOp> mlir::ascend::buildDepthwiseConvKernel(
    const DepthwiseConvProblem &p, Location loc, const AICoreTarget &target,
    StringRef name, int64_t &modeledCycles, std::string &why) {
  const ConvGeometry &g = p.geometry;
  if (!isDepthwiseConv(g)) {
    why = "not a depthwise convolution";
    return failure();
  }
  Type elt = p.elementType;
  if (!(elt.isF16() || elt.isBF16() || elt.isF32())) {
    why = "the depthwise Vector kernel takes f16, bf16 or f32";
    return failure();
  }
  int64_t capacity = target.memories.ub.capacity;
  int64_t cores = target.vectorCores;
  auto fits = [&](int64_t planes, int64_t rows) {
    return depthwiseUBBytes(p, makeDepthwiseTiling(g, planes, rows, cores),
                            target, loc) <= capacity;
  };
  if (!fits(1, 1)) {
    llvm::raw_string_ostream(why)
        << "the depthwise Vector kernel '" << name
        << "' does not fit UB at any tile size: its buffers need "
        << depthwiseUBBytes(p, makeDepthwiseTiling(g, 1, 1, cores), target,
                            loc)
        << " bytes of ub at the smallest tile (1 output row of " << g.outW
        << "), more than the " << capacity << " bytes of " << target.name;
    return failure();
  }
  double eb = double(elementBytes(elt));
  auto model = [&](int64_t planes, int64_t rows) {
    WindowTiling t = makeDepthwiseTiling(g, planes, rows, cores);
    WindowTraffic traffic;
    traffic.requestedPerUnit =
        double(planes * t.inRows * g.width + planes * g.kernelH * g.kernelW) *
        eb;
    double outBytes = 0;
    for (Value r : p.outputs)
      outBytes += double(elementBytes(elementOf(r)));
    traffic.writtenPerUnit = double(planes * rows * g.outW) * outBytes;
    traffic.distinct =
        double(g.batch * g.channels * g.height * g.width) * eb;
    return modelWindowTiling(
        t,
        [&](const WindowTiling &probe) {
          return DepthwiseKernelBuilder(p, probe, target, loc).build("probe");
        },
        traffic, target);
  };
  std::pair<int64_t, int64_t> chosen;
  {
    ScopedDiagnosticHandler quiet(loc.getContext(),
                                  [](Diagnostic &) { return success(); });
    chosen = searchWindowTiling(g.batch * g.outChannels, g.outChannels,
                                g.outH, cores, fits, model);
  }
  WindowTiling t = makeDepthwiseTiling(g, chosen.first, chosen.second, cores);
  std::optional<std::pair<int64_t, int64_t>> cycles;
  {
    ScopedDiagnosticHandler quiet(loc.getContext(),
                                  [](Diagnostic &) { return success(); });
    cycles = model(chosen.first, chosen.second);
  }
  if (!cycles) {
    why = "the kernel model rejects the depthwise Vector kernel";
    return failure();
  }
  modeledCycles = cycles->first;
  KernelOp kernel = DepthwiseKernelBuilder(p, t, target, loc).build(name);
  Builder attrs(loc.getContext());
  kernel->setAttr(
      "aicore.tile",
      attrs.getDictionaryAttr(
          {attrs.getNamedAttr("in_rows", attrs.getI64IntegerAttr(t.inRows)),
           attrs.getNamedAttr("planes", attrs.getI64IntegerAttr(t.planes)),
           attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(t.rows)),
           attrs.getNamedAttr(
               "view", attrs.getDenseI64ArrayAttr(
                           {g.batch * g.outChannels, g.outH, g.outW}))}));
  return kernel;
}

KernelOp mlir::ascend::chooseDepthwiseKernel(
    const DepthwiseConvProblem &p, KernelOp cube, DepthwiseUnit unit,
    Location loc, const AICoreTarget &target, StringRef name,
    std::string &why) {
  Builder attrs(loc.getContext());
  SmallVector<NamedAttribute> figures;
  std::optional<int64_t> cubeCycles;
  if (cube && unit == DepthwiseUnit::Auto) {
    ScopedDiagnosticHandler quiet(loc.getContext(),
                                  [](Diagnostic &) { return success(); });
    FailureOr<KernelSchedule> schedule = simulateKernel(cube);
    if (succeeded(schedule)) {
      cubeCycles = schedule->cycles;
    } else if (auto tiling = cube->getAttrOfType<aicore::CubeTilingAttr>(
                   aicore::kCubeTilingAttrName)) {
      // A kernel the simulator refuses (e.g. past its instruction limit):
      // the tiler's analytic model of its busiest block.
      cubeCycles = tiling.getModeledCycles();
    }
  }
  KernelOp vector;
  int64_t vectorCycles = 0;
  std::string vectorWhy;
  if (unit != DepthwiseUnit::Cube || !cube) {
    FailureOr<KernelOp> built = buildDepthwiseConvKernel(
        p, loc, target, name, vectorCycles, vectorWhy);
    if (succeeded(built))
      vector = *built;
  }
  if (cubeCycles)
    figures.push_back(
        attrs.getNamedAttr("cube_cycles", attrs.getI64IntegerAttr(*cubeCycles)));
  if (vector)
    figures.push_back(attrs.getNamedAttr(
        "vector_cycles", attrs.getI64IntegerAttr(vectorCycles)));
  bool useVector = vector && (!cube || unit == DepthwiseUnit::Vector ||
                              (unit == DepthwiseUnit::Auto &&
                               (!cubeCycles || vectorCycles < *cubeCycles)));
  KernelOp chosen = useVector ? vector : cube;
  KernelOp other = useVector ? cube : vector;
  if (other)
    other.erase();
  if (!chosen) {
    why = vectorWhy;
    return nullptr;
  }
  figures.push_back(attrs.getNamedAttr(
      "unit", attrs.getStringAttr(useVector ? "vector" : "cube")));
  chosen->setAttr("aicore.conv_unit", attrs.getDictionaryAttr(figures));
  return chosen;
}
