//===- PoolingKernels.cpp - 2-D pooling primitives as Vector kernels ------===//
//
// MaxPool, AvgPool and AdaptiveAvgPool2D (to any output size but 1x1, which
// is the ReduceMean of LonePrimitives.cpp) over NCHW become one Vector
// kernel each. Both spatial axes are described by one window rule
//
//   start(o) = clamp(floor((o * A + B) / D), 0, In)
//   end(o)   = clamp(floor((o * A + E) / D), 0, In)
//
// (MaxPool: A = stride, B = -pad_begin, E = kernel - pad_begin, D = 1, the
// -inf padding being the clipping of the window; AvgPool: the same, its
// zero padding being the clipping too, the divisor counting the window
// clipped to the padded input with count_include_pad, or divisor_override;
// AdaptiveAvgPool2D: A = In, B = 0, E = In + Out - 1, D = Out, PyTorch's and
// MindSpore's floor / ceil windows). A tile is G whole planes (N*C images of
// H x W) or Ro output rows of one plane with the input rows their windows
// need (the halo); it is copied GM -> UB (MTE2), reduced over the window
// rows (V: one row op per window row and output row, the rows picked by
// scalar index arithmetic, so that clipped and uneven windows cost nothing
// extra), reduced over the window columns (V: `aicore.vgather` of the
// strided columns through byte offsets built once per kernel, then
// `vmax` / `vadd`), divided by the window sizes (average pooling), and
// copied out (MTE3). Tiles are dealt over the Vector cores in runs, double
// buffered. See docs/AICoreKernels.md ("Pooling").
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "MixKernelParts.h"
#include "WindowKernels.h"

#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

#include <cmath>
#include <optional>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;
using mix::elementBytes;
using namespace mlir::ascend::window;

namespace {

/// One spatial axis of a pooling: `in` input and `out` output positions and
/// the window rule of the file header.
struct PoolAxis {
  int64_t in = 0, out = 0;
  int64_t a = 1, b = 0, e = 1, d = 1;
  /// The divisor of an average counts the window clipped to
  /// [countLo, countHi] (elements): [0, In] (set with the rule), or
  /// [-pad_begin, In + pad_end] for an AvgPool with count_include_pad.
  int64_t countLo = 0, countHi = 0;

  static int64_t floorDiv(int64_t x, int64_t y) {
    return x >= 0 ? x / y : -((-x + y - 1) / y);
  }
  int64_t start(int64_t o) const {
    return std::clamp(floorDiv(o * a + b, d), int64_t(0), in);
  }
  int64_t end(int64_t o) const {
    return std::clamp(floorDiv(o * a + e, d), int64_t(0), in);
  }
  /// The largest window (elements) over the outputs.
  int64_t maxWindow() const {
    int64_t best = 0;
    for (int64_t o = 0; o < out; ++o)
      best = std::max(best, end(o) - start(o));
    return best;
  }
  /// The input rows (elements) `rows` consecutive outputs read at most,
  /// over every run of them.
  int64_t span(int64_t rows) const {
    int64_t best = 0;
    for (int64_t o = 0; o + rows <= out; ++o)
      best = std::max(best, end(o + rows - 1) - start(o));
    return best;
  }
};

/// What a pooling primitive computes.
struct PoolSpec {
  Operation *op = nullptr;
  bool isMax = false;    ///< max, else the mean over the window
  /// An AvgPool's divisor_override: every sum divided by it.
  std::optional<int64_t> divisorOverride;
  PoolAxis h, w;         ///< rows and columns
  int64_t planes = 0;    ///< N * C
  Type elt;              ///< the tensors' element type
  Type compute;          ///< the element type the kernel computes in
  SmallVector<int64_t> inShape, outShape;
};

/// The window rule of axis `d` (0: H, 1: W) of a sliding-window pooling.
PoolAxis slidingAxis(int64_t in, int64_t out, int64_t kernel, int64_t stride,
                     int64_t padBegin) {
  PoolAxis axis;
  axis.in = in;
  axis.out = out;
  axis.a = stride;
  axis.b = -padBegin;
  axis.e = kernel - padBegin;
  axis.d = 1;
  axis.countHi = in;
  return axis;
}

/// Fills `spec` for `op`; fails with `why` when the kernels cannot map it.
LogicalResult analyzePool(Operation *op, PoolSpec &spec, std::string &why) {
  auto xType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto yType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!xType || !yType || !xType.hasStaticShape() ||
      !yType.hasStaticShape() || xType.getRank() != 4) {
    why = "the pooling kernels need a static 4-D NCHW input";
    return failure();
  }
  Type elt = xType.getElementType();
  if (!(elt.isF16() || elt.isBF16() || elt.isF32())) {
    why = "the pooling kernels take f16, bf16 or f32";
    return failure();
  }
  spec.op = op;
  spec.elt = elt;
  spec.inShape = SmallVector<int64_t>(xType.getShape());
  spec.outShape = SmallVector<int64_t>(yType.getShape());
  spec.planes = spec.inShape[0] * spec.inShape[1];
  int64_t H = spec.inShape[2], W = spec.inShape[3];
  int64_t Ho = spec.outShape[2], Wo = spec.outShape[3];
  if (auto pool = dyn_cast<ms::MaxPoolOp>(op)) {
    ArrayRef<int64_t> k = pool.getKernelSize(), s = pool.getStrides(),
                      p = pool.getPad();
    spec.isMax = true;
    spec.h = slidingAxis(H, Ho, k[0], s[0], p[0]);
    spec.w = slidingAxis(W, Wo, k[1], s[1], p[2]);
  } else if (auto pool = dyn_cast<ms::AvgPoolOp>(op)) {
    ArrayRef<int64_t> k = pool.getKernelSize(), s = pool.getStrides();
    SmallVector<int64_t> p(4, 0);
    if (std::optional<ArrayRef<int64_t>> pad = pool.getPad())
      p.assign(pad->begin(), pad->end());
    spec.h = slidingAxis(H, Ho, k[0], s[0], p[0]);
    spec.w = slidingAxis(W, Wo, k[1], s[1], p[2]);
    if (pool.getCountIncludePad()) {
      spec.h.countLo = -p[0];
      spec.h.countHi = H + p[1];
      spec.w.countLo = -p[2];
      spec.w.countHi = W + p[3];
    }
    spec.divisorOverride = pool.getDivisorOverride();
  } else if (isa<ms::AdaptiveAvgPool2DOp>(op)) {
    for (auto [axis, in, out] :
         {std::tuple{&spec.h, H, Ho}, std::tuple{&spec.w, W, Wo}}) {
      axis->in = in;
      axis->out = out;
      axis->a = in;
      axis->b = 0;
      axis->e = in + out - 1;
      axis->d = out;
      axis->countHi = in;
      // The kernel computes the window bounds in f32: exact while every
      // numerator is an integer below 2^24.
      if ((out + 15) * in + out > (int64_t(1) << 24)) {
        why = ("an AdaptiveAvgPool2D from " + Twine(in) + " to " + Twine(out) +
               " positions has window bounds beyond the f32 integers "
               "(2^24) the kernel computes them in")
                  .str();
        return failure();
      }
    }
  } else {
    why = "not a pooling primitive";
    return failure();
  }
  // Every window holds an input element: the MaxPool verifier bounds the
  // pads by half the kernel and drops a ceil_mode window that would start
  // in the bottom / right padding (PyTorch's rule), so clipping the windows
  // is the -inf padding.
#ifndef NDEBUG
  for (PoolAxis *axis : {&spec.h, &spec.w})
    for (int64_t o = 0; o < axis->out; ++o)
      assert(axis->start(o) < axis->end(o) && "empty pooling window");
#endif
  // Sums of f16 / bf16 run in f32 (as PyTorch accumulates them); the max is
  // exact in any type.
  spec.compute = spec.isMax ? elt : Float32Type::get(op->getContext());
  return success();
}

using PoolTiling = WindowTiling;

PoolTiling makePoolTiling(const PoolSpec &spec, int64_t planes, int64_t rows,
                          int64_t maxCores) {
  return makeWindowTiling(1, spec.planes, planes, rows, spec.h.out,
                          planes > 1 ? spec.h.in : spec.h.span(rows),
                          maxCores);
}

/// Builds the kernel of one pooling for one tiling.
class PoolKernelBuilder {
public:
  PoolKernelBuilder(const PoolSpec &spec, const PoolTiling &t,
                    const AICoreTarget &target)
      : spec(spec), t(t), target(target), b(spec.op->getContext()),
        loc(spec.op->getLoc()) {}

  KernelOp build(StringRef name) {
    auto gm = [&](ArrayRef<int64_t> shape) {
      return MemRefType::get(
          shape, spec.elt, MemRefLayoutAttrInterface{},
          AddressSpaceAttr::get(b.getContext(), AddressSpace::GM));
    };
    KernelOp kernel = KernelOp::create(
        b, loc, name,
        b.getFunctionType({gm(spec.inShape), gm(spec.outShape)}, {}),
        t.blockDim);
    if (StringRef(target.name) != getDefaultTarget().name)
      kernel.setChip(target.name);
    Block &entry = kernel.getBody().front();
    b.setInsertionPointToStart(&entry);

    int64_t W = spec.w.in, Ho = spec.h.out, Wo = spec.w.out;
    G = t.planes;
    // Row pitches: whole 32-byte blocks of f16 and f32 alike, so that every
    // row of a tile starts on a block.
    pitch = llvm::alignTo(W, 16);
    outPitch = llvm::alignTo(Wo, 16);
    bool sum = !spec.isMax;
    bool castIn = sum && spec.compute != spec.elt;
    bool castOut = spec.compute != spec.elt;
    inRowsUB = G * t.inRows;
    outRowsUB = G * t.rows;
    int64_t kw = spec.w.maxWindow();

    // GM views: [planes * H, W] in, [planes * Ho, Wo] out.
    gmIn = collapse(entry.getArgument(0));
    gmOut = collapse(entry.getArgument(1));
    // UB buffers. A sum reads a zero row past the input rows (for window
    // rows beyond a shorter window) and past the window-row results (for
    // columns beyond a shorter window).
    for (int s = 0; s < 2; ++s)
      xIn[s] = alloc({inRowsUB + (sum && !castIn ? 1 : 0), pitch}, spec.elt,
                     s ? "in.pong" : "in.ping");
    if (castIn)
      xF = alloc({inRowsUB + 1, pitch}, spec.compute, "in.f32");
    v = alloc({outRowsUB + (sum ? 1 : 0), pitch}, spec.compute, "window_rows");
    for (int s = 0; s < 2; ++s)
      result[s] = alloc({outRowsUB, outPitch}, spec.elt,
                        s ? "out.pong" : "out.ping");
    acc = castOut ? alloc({outRowsUB, outPitch}, spec.compute, "acc")
                  : Value();
    if (kw > 1)
      gathered = alloc({outRowsUB, outPitch}, spec.compute, "gathered");
    for (int64_t j = 0; j < kw; ++j)
      offsets.push_back(alloc({outRowsUB, outPitch}, b.getI32Type(),
                              ("offsets" + Twine(j)).str()));
    if (sum)
      divisor = alloc({Ho, outPitch}, spec.compute, "divisor");

    blockIndex = t.blockDim > 1
                     ? Value(BlockIdxOp::create(b, loc, b.getIndexType()))
                     : constant(0);
    // The set-up (V) first: the buffers start free once it is done.
    buildOnce();
    for (int64_t s = 0; s < 2; ++s) {
      SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, s);
      SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, s);
    }
    buildUnits(b, loc, blockIndex, t, [&](Value unit, int64_t slot) {
      buildTile(unit, slot);
    });
    for (int64_t s = 0; s < 2; ++s) {
      WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, s);
      WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, s);
    }
    ReturnOp::create(b, loc);
    return kernel;
  }

private:
  Value constant(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }

  Value alloc(ArrayRef<int64_t> shape, Type elt, StringRef name) {
    auto type = MemRefType::get(
        shape, elt, MemRefLayoutAttrInterface{},
        AddressSpaceAttr::get(b.getContext(), AddressSpace::UB));
    auto op = AllocOp::create(b, loc, type);
    op->setAttr(kBufferNameAttr, b.getStringAttr(name));
    return op;
  }

  /// A GM argument of shape [N, C, X, Y] viewed as [N * C * X, Y].
  Value collapse(Value gm) {
    return memref::CollapseShapeOp::create(
        b, loc, gm, ArrayRef<ReassociationIndices>{{0, 1, 2}, {3}});
  }

  /// The [rows, cols] window of 2-D memref `m` at (`row`, `col`).
  Value sub(Value m, OpFoldResult row, int64_t rows, int64_t col,
            int64_t cols) {
    return memref::SubViewOp::create(
        b, loc, m, ArrayRef<OpFoldResult>{row, b.getIndexAttr(col)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(rows), b.getIndexAttr(cols)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  }
  Value rowsOf(Value m, int64_t rows) {
    return sub(m, b.getIndexAttr(0), rows, 0,
               cast<MemRefType>(m.getType()).getDimSize(1));
  }

  IntegerAttr i32(int64_t v) { return b.getI32IntegerAttr(v); }
  TypedAttr scalarOf(Type t, double v) {
    if (isa<FloatType>(t))
      return b.getFloatAttr(t, v);
    return b.getIntegerAttr(t, static_cast<int64_t>(v));
  }

  /// `dst` ([n, 1] or [1, n], i32) = start(o) or end(o) of `axis` for
  /// o = 0, 1, ... along the tile (clipped to [0, In], or to the axis'
  /// count bounds when `count`); `scratch` is an f32 tile of `dst`'s shape
  /// for the division of an uneven rule.
  void axisBound(const PoolAxis &axis, bool end, Value dst, Value scratch,
                 Value divisorTile, bool count = false) {
    int64_t offset = end ? axis.e : axis.b;
    VArangeOp::create(b, loc, dst, i32(offset), i32(axis.a));
    if (axis.d != 1) {
      // floor(x / D) of non-negative x < 2^24: exact in f32 (the quotient's
      // rounding cannot cross an integer), truncated back to i32.
      VCastOp::create(b, loc, dst, scratch);
      VDivOp::create(b, loc, scratch, divisorTile, scratch);
      VCastOp::create(b, loc, scratch, dst);
    }
    VMaxsOp::create(b, loc, dst, dst, i32(count ? axis.countLo : 0));
    VMinsOp::create(b, loc, dst, dst, i32(count ? axis.countHi : axis.in));
  }

  /// Once per kernel: zeroes the buffers whose padding rows and columns are
  /// read (the zero rows of a sum), builds the gather offsets of each window
  /// column and the divisors of a mean.
  void buildOnce() {
    Type i32t = b.getI32Type(), f32t = b.getF32Type();
    bool sum = !spec.isMax;
    for (Value buf : {xIn[0], xIn[1], xF, v})
      if (buf)
        VDupOp::create(b, loc, buf, scalarOf(elementTypeOf(buf), 0));
    int64_t W = spec.w.in, Ho = spec.h.out;
    int64_t cbytes = elementBytes(spec.compute);
    // Column window bounds of the output columns (and of the pitch columns
    // past Wo, whose values are never stored).
    Value wStart = alloc({1, outPitch}, i32t, "col_start");
    Value wEnd = alloc({1, outPitch}, i32t, "col_end");
    Value rowScratch, rowDivisor;
    if (spec.w.d != 1) {
      rowScratch = alloc({1, outPitch}, f32t, "col_scratch");
      rowDivisor = alloc({1, outPitch}, f32t, "col_den");
      VDupOp::create(b, loc, rowDivisor, b.getF32FloatAttr(spec.w.d));
    }
    axisBound(spec.w, false, wStart, rowScratch, rowDivisor);
    axisBound(spec.w, true, wEnd, rowScratch, rowDivisor);
    // Byte offset of each tile row in `v`, on every column.
    Value rowBase = alloc({outRowsUB, 1}, i32t, "row_base");
    Value rowBaseTile = alloc({outRowsUB, outPitch}, i32t, "row_base_tile");
    VArangeOp::create(b, loc, rowBase, i32(0), i32(pitch * cbytes));
    VBroadcastOp::create(b, loc, rowBase, rowBaseTile);
    Value column = alloc({1, outPitch}, i32t, "column");
    Value columnTile = alloc({outRowsUB, outPitch}, i32t, "column_tile");
    Value last, inWindow, inWindowTile, neutral;
    if (spec.isMax) {
      last = alloc({1, outPitch}, i32t, "col_last");
      VAddsOp::create(b, loc, wEnd, last, i32(-1));
    } else {
      inWindow = alloc({1, outPitch}, b.getI1Type(), "col_in_window");
      inWindowTile =
          alloc({outRowsUB, outPitch}, b.getI1Type(), "in_window_tile");
      // The zero row past the window-row results.
      neutral = alloc({outRowsUB, outPitch}, i32t, "neutral");
      VDupOp::create(b, loc, neutral, i32(outRowsUB * pitch * cbytes));
    }
    for (auto [j, off] : llvm::enumerate(offsets)) {
      VAddsOp::create(b, loc, wStart, column, i32(j));
      if (spec.isMax) {
        // Past a shorter window: its last column again (max is idempotent).
        VMinOp::create(b, loc, column, last, column);
      } else {
        VCmpOp::create(b, loc, column, wEnd, inWindow, "lt");
        VMinsOp::create(b, loc, column, column, i32(W - 1));
      }
      VMulsOp::create(b, loc, column, column, i32(cbytes));
      VBroadcastOp::create(b, loc, column, columnTile);
      VAddOp::create(b, loc, rowBaseTile, columnTile, off);
      if (!spec.isMax) {
        VBroadcastOp::create(b, loc, inWindow, inWindowTile);
        VSelectOp::create(b, loc, inWindowTile, off, neutral, off);
      }
    }
    if (!sum)
      return;
    if (spec.divisorOverride) {
      VDupOp::create(b, loc, divisor,
                     scalarOf(spec.compute, double(*spec.divisorOverride)));
      return;
    }
    // Divisors: rows' window sizes times columns' ([Ho, Wop]), each window
    // clipped to the axis' count bounds (the padded input with an AvgPool's
    // count_include_pad).
    Value hStart = alloc({Ho, 1}, i32t, "row_start");
    Value hEnd = alloc({Ho, 1}, i32t, "row_end");
    Value colScratch, colDivisor;
    if (spec.h.d != 1) {
      colScratch = alloc({Ho, 1}, f32t, "row_scratch");
      colDivisor = alloc({Ho, 1}, f32t, "row_den");
      VDupOp::create(b, loc, colDivisor, b.getF32FloatAttr(spec.h.d));
    }
    axisBound(spec.h, false, hStart, colScratch, colDivisor, true);
    axisBound(spec.h, true, hEnd, colScratch, colDivisor, true);
    if (spec.w.countLo != 0 || spec.w.countHi != spec.w.in) {
      axisBound(spec.w, false, wStart, rowScratch, rowDivisor, true);
      axisBound(spec.w, true, wEnd, rowScratch, rowDivisor, true);
    }
    VSubOp::create(b, loc, hEnd, hStart, hEnd);
    VSubOp::create(b, loc, wEnd, wStart, wEnd);
    // The pitch columns past Wo may have empty windows: divide by 1 there.
    VMaxsOp::create(b, loc, wEnd, wEnd, i32(1));
    Value hCount = alloc({Ho, 1}, spec.compute, "row_count");
    Value wCount = alloc({1, outPitch}, spec.compute, "col_count");
    VCastOp::create(b, loc, hEnd, hCount);
    VCastOp::create(b, loc, wEnd, wCount);
    Value wide = alloc({Ho, outPitch}, spec.compute, "col_count_tile");
    VBroadcastOp::create(b, loc, hCount, divisor);
    VBroadcastOp::create(b, loc, wCount, wide);
    VMulOp::create(b, loc, divisor, wide, divisor);
  }

  static Type elementTypeOf(Value buf) {
    return cast<MemRefType>(buf.getType()).getElementType();
  }

  Value minIdx(Value x, int64_t c) {
    return arith::MinSIOp::create(b, loc, x, constant(c));
  }
  Value maxIdx(Value x, int64_t c) {
    return arith::MaxSIOp::create(b, loc, x, constant(c));
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value add(Value x, int64_t c) { return c ? add(x, constant(c)) : x; }
  Value mul(Value x, int64_t c) {
    return c == 1 ? x : arith::MulIOp::create(b, loc, x, constant(c));
  }

  /// start(o) or end(o) of `axis` for an index `o` (scalar arithmetic).
  Value bound(const PoolAxis &axis, Value o, bool end) {
    Value x = add(mul(o, axis.a), end ? axis.e : axis.b);
    if (axis.d != 1)
      x = arith::FloorDivSIOp::create(b, loc, x, constant(axis.d));
    return minIdx(maxIdx(x, 0), axis.in);
  }

  /// CopyIn, compute and CopyOut of tile `unit` in buffer slot `slot`.
  void buildTile(Value unit, int64_t slot) {
    int64_t H = spec.h.in, W = spec.w.in, Ho = spec.h.out, Wo = spec.w.out;
    bool sum = !spec.isMax;
    // The unit's planes and output rows; the last ones move back so that
    // every tile is whole (they recompute rows an earlier tile wrote, with
    // the same values).
    UnitPosition at = locateUnit(b, loc, unit, t);
    Value plane0 = at.plane0, row0 = at.row0;
    // The first input row in UB: the window start of the first output row,
    // moved back when the tile's rows would run past the image.
    Value src0 = G > 1 ? constant(0)
                       : minIdx(bound(spec.h, row0, false), H - t.inRows);

    // CopyIn (MTE2): G * inRows rows of W elements into rows of `pitch`.
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, slot);
    Value gmRow = add(mul(plane0, H), src0);
    CopyOp::create(b, loc, sub(gmIn, gmRow, inRowsUB, 0, W),
                   sub(xIn[slot], b.getIndexAttr(0), inRowsUB, 0, W));
    SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, slot);

    // Compute (V).
    WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, slot);
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, slot);
    Value x = xIn[slot];
    if (xF) {
      VCastOp::create(b, loc, rowsOf(xIn[slot], inRowsUB),
                      rowsOf(xF, inRowsUB));
      x = xF;
    }
    // Window rows: v[g * Ro + i] = reduce over the window rows of output
    // row row0 + i of plane g.
    int64_t kh = spec.h.maxWindow();
    auto planeLoop = [&](llvm::function_ref<void(Value)> body) {
      if (G == 1) {
        body(constant(0));
        return;
      }
      auto loop = scf::ForOp::create(b, loc, constant(0), constant(G),
                                     constant(1));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      body(loop.getInductionVar());
    };
    planeLoop([&](Value g) {
      auto loop = scf::ForOp::create(b, loc, constant(0), constant(t.rows),
                                     constant(1));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      Value i = loop.getInductionVar();
      Value o = add(row0, i);
      Value hs = bound(spec.h, o, false), he = bound(spec.h, o, true);
      Value planeBase = arith::SubIOp::create(b, loc, mul(g, t.inRows), src0);
      Value dst = sub(v, add(mul(g, t.rows), i), 1, 0, W);
      SmallVector<Value> srcRows;
      for (int64_t r = 0; r < kh; ++r) {
        Value h = add(hs, r);
        Value ubRow;
        if (spec.isMax) {
          // Past a shorter (clipped) window: its last row again.
          h = arith::MinSIOp::create(b, loc, h, add(he, -1));
          ubRow = add(planeBase, h);
        } else {
          // Past a shorter window: the zero row.
          Value inside = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::slt, h, he);
          ubRow = arith::SelectOp::create(b, loc, inside, add(planeBase, h),
                                          constant(inRowsUB));
        }
        srcRows.push_back(sub(x, ubRow, 1, 0, W));
      }
      if (kh == 1) {
        VMulsOp::create(b, loc, srcRows[0], dst, scalarOf(spec.compute, 1.0));
        return;
      }
      for (int64_t r = 1; r < kh; ++r) {
        Value lhs = r == 1 ? srcRows[0] : dst;
        if (spec.isMax)
          VMaxOp::create(b, loc, lhs, srcRows[r], dst);
        else
          VAddOp::create(b, loc, lhs, srcRows[r], dst);
      }
    });
    // Window columns: gathers of the strided columns of `v`.
    Value out = acc ? acc : result[slot];
    for (auto [j, off] : llvm::enumerate(offsets)) {
      if (j == 0) {
        VGatherOp::create(b, loc, v, off, out);
        continue;
      }
      VGatherOp::create(b, loc, v, off, gathered);
      if (spec.isMax)
        VMaxOp::create(b, loc, out, gathered, out);
      else
        VAddOp::create(b, loc, out, gathered, out);
    }
    if (sum) {
      // Mean: divide plane by plane by the window sizes of rows
      // [row0, row0 + Ro).
      Value dRows = sub(divisor, row0, t.rows, 0, outPitch);
      planeLoop([&](Value g) {
        Value rows = sub(out, mul(g, t.rows), t.rows, 0, outPitch);
        VDivOp::create(b, loc, rows, dRows, rows);
      });
    }
    if (acc)
      VCastOp::create(b, loc, acc, result[slot]);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, slot);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, slot);

    // CopyOut (MTE3): G * Ro rows of Wo elements.
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, slot);
    Value outRow = add(mul(plane0, Ho), row0);
    CopyOp::create(b, loc,
                   sub(result[slot], b.getIndexAttr(0), outRowsUB, 0, Wo),
                   sub(gmOut, outRow, outRowsUB, 0, Wo));
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, slot);
  }

  const PoolSpec &spec;
  const PoolTiling &t;
  const AICoreTarget &target;
  OpBuilder b;
  Location loc;
  int64_t G = 1, pitch = 0, outPitch = 0, inRowsUB = 0, outRowsUB = 0;
  Value gmIn, gmOut, blockIndex;
  std::array<Value, 2> xIn, result;
  Value xF, v, acc, gathered, divisor;
  SmallVector<Value> offsets;
};

/// The UB bytes of a pooling kernel's placed buffers.
int64_t poolUBBytes(const PoolSpec &spec, const PoolTiling &t,
                    const AICoreTarget &target) {
  KernelOp kernel = PoolKernelBuilder(spec, t, target).build("probe");
  int64_t used =
      planBuffers(kernel).used[static_cast<size_t>(AddressSpace::UB)];
  kernel.erase();
  return used;
}

/// The modeled {cycles, busiest block's cycles} of tiling `t`
/// (modelWindowTiling): a unit requests its planes' input rows (the halo
/// included) and writes its output rows.
std::optional<std::pair<int64_t, int64_t>>
modelPoolTiling(const PoolSpec &spec, const PoolTiling &t,
                const AICoreTarget &target) {
  double bytes = double(elementBytes(spec.elt));
  WindowTraffic traffic;
  traffic.requestedPerUnit = double(t.planes * t.inRows * spec.w.in) * bytes;
  traffic.writtenPerUnit = double(t.planes * t.rows * spec.w.out) * bytes;
  traffic.distinct = double(spec.planes * spec.h.in * spec.w.in) * bytes;
  return modelWindowTiling(
      t,
      [&](const PoolTiling &probe) {
        return PoolKernelBuilder(spec, probe, target).build("probe");
      },
      traffic, target);
}

} // namespace

bool mlir::ascend::isWindowPooling(Operation *op) {
  if (isa<ms::MaxPoolOp, ms::AvgPoolOp>(op))
    return true;
  if (auto pool = dyn_cast<ms::AdaptiveAvgPool2DOp>(op))
    return pool.getOutputSize() != ArrayRef<int64_t>{1, 1};
  return false;
}

FailureOr<KernelOp>
mlir::ascend::buildPoolingKernel(Operation *op, const AICoreTarget &target,
                                 StringRef name, std::string &why) {
  PoolSpec spec;
  if (failed(analyzePool(op, spec, why)))
    return failure();
  int64_t capacity = target.memories.ub.capacity;
  int64_t cores = target.vectorCores;
  int64_t Ho = spec.h.out;
  auto fits = [&](int64_t planes, int64_t rows) {
    return poolUBBytes(spec, makePoolTiling(spec, planes, rows, cores),
                       target) <= capacity;
  };
  if (!fits(1, 1)) {
    llvm::raw_string_ostream(why)
        << "kernel '" << name << "' does not fit UB at any tile size: its "
        << "buffers need "
        << poolUBBytes(spec, makePoolTiling(spec, 1, 1, cores), target)
        << " bytes of ub at the smallest tile (1 output row of "
        << spec.w.out << " from " << spec.h.span(1) << " input rows of "
        << spec.w.in << "), more than the " << capacity << " bytes of "
        << target.name;
    return failure();
  }
  std::pair<int64_t, int64_t> chosen;
  {
    ScopedDiagnosticHandler quiet(op->getContext(),
                                  [](Diagnostic &) { return success(); });
    chosen = searchWindowTiling(
        spec.planes, spec.planes, Ho, cores, fits,
        [&](int64_t planes, int64_t rows) {
          return modelPoolTiling(
              spec, makePoolTiling(spec, planes, rows, cores), target);
        });
  }
  PoolTiling t = makePoolTiling(spec, chosen.first, chosen.second, cores);
  KernelOp kernel = PoolKernelBuilder(spec, t, target).build(name);
  // The chosen tiling, for reports and tests: planes and output rows per
  // tile, input rows per plane in UB (with the halo), the [planes, H, W]
  // view.
  Builder attrs(op->getContext());
  kernel->setAttr(
      "aicore.tile",
      attrs.getDictionaryAttr(
          {attrs.getNamedAttr("in_rows", attrs.getI64IntegerAttr(t.inRows)),
           attrs.getNamedAttr("planes", attrs.getI64IntegerAttr(t.planes)),
           attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(t.rows)),
           attrs.getNamedAttr(
               "view", attrs.getDenseI64ArrayAttr(
                           {spec.planes, spec.h.in, spec.w.in}))}));
  return kernel;
}

//===----------------------------------------------------------------------===//
// What the window kernels share (WindowKernels.h).
//===----------------------------------------------------------------------===//

WindowTiling window::makeWindowTiling(int64_t segments, int64_t segmentPlanes,
                                      int64_t planes, int64_t rows,
                                      int64_t outRows, int64_t inRows,
                                      int64_t maxCores) {
  WindowTiling t;
  t.planes = planes;
  t.rows = rows;
  t.inRows = inRows;
  t.segments = segments;
  t.segmentPlanes = segmentPlanes;
  t.outRows = outRows;
  t.planeGroups = segments * llvm::divideCeil(segmentPlanes, planes);
  t.rowBlocks = llvm::divideCeil(outRows, rows);
  t.units = t.planeGroups * t.rowBlocks;
  t.unitsPerCore = llvm::divideCeil(t.units, std::min(maxCores, t.units));
  t.blockDim = llvm::divideCeil(t.units, t.unitsPerCore);
  return t;
}

UnitPosition window::locateUnit(OpBuilder &b, Location loc, Value unit,
                                const WindowTiling &t) {
  auto constant = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  auto mul = [&](Value x, int64_t c) {
    return c == 1 ? x : arith::MulIOp::create(b, loc, x, constant(c));
  };
  // min(x, c), `x` created before the constant.
  auto minIdx = [&](Value x, int64_t c) {
    return arith::MinSIOp::create(b, loc, x, constant(c)).getResult();
  };
  Value group = arith::DivUIOp::create(b, loc, unit, constant(t.rowBlocks));
  Value block = arith::RemUIOp::create(b, loc, unit, constant(t.rowBlocks));
  UnitPosition at;
  at.rowBlock = block;
  if (t.segments == 1) {
    at.plane0 = minIdx(mul(group, t.planes), t.segmentPlanes - t.planes);
  } else {
    int64_t perSegment = llvm::divideCeil(t.segmentPlanes, t.planes);
    Value segment =
        arith::DivUIOp::create(b, loc, group, constant(perSegment));
    Value inSegment =
        arith::RemUIOp::create(b, loc, group, constant(perSegment));
    Value first =
        minIdx(mul(inSegment, t.planes), t.segmentPlanes - t.planes);
    Value segmentBase = mul(segment, t.segmentPlanes);
    at.plane0 = arith::AddIOp::create(b, loc, segmentBase, first);
  }
  at.row0 = minIdx(mul(block, t.rows), t.outRows - t.rows);
  return at;
}

void window::buildUnits(OpBuilder &b, Location loc, Value blockIndex,
                        const WindowTiling &t,
                        llvm::function_ref<void(Value, int64_t)> tile) {
  auto constant = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // The units of one core: `count` of them from blockIndex * unitsPerCore,
  // in pairs over the two buffer slots.
  auto core = [&](int64_t count) {
    Value first =
        arith::MulIOp::create(b, loc, blockIndex, constant(t.unitsPerCore));
    auto unitOf = [&](Value j) {
      return arith::AddIOp::create(b, loc, first, j).getResult();
    };
    int64_t pairs = count / 2;
    if (pairs == 1) {
      tile(unitOf(constant(0)), 0);
      tile(unitOf(constant(1)), 1);
    } else if (pairs > 1) {
      auto loop = scf::ForOp::create(b, loc, constant(0), constant(2 * pairs),
                                     constant(2));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      Value j = loop.getInductionVar();
      tile(unitOf(j), 0);
      tile(unitOf(arith::AddIOp::create(b, loc, j, constant(1))), 1);
    }
    if (count % 2)
      tile(unitOf(constant(count - 1)), 0);
  };
  int64_t lastCount = t.units - (t.blockDim - 1) * t.unitsPerCore;
  if (lastCount == t.unitsPerCore) {
    core(t.unitsPerCore);
    return;
  }
  Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       blockIndex, constant(t.blockDim - 1));
  auto branch = scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(branch.thenBlock()->getTerminator());
  core(lastCount);
  b.setInsertionPoint(branch.elseBlock()->getTerminator());
  core(t.unitsPerCore);
}

std::optional<std::pair<int64_t, int64_t>> window::modelWindowTiling(
    const WindowTiling &t,
    llvm::function_ref<KernelOp(const WindowTiling &)> build,
    const WindowTraffic &traffic, const AICoreTarget &target) {
  auto simulate = [&](const WindowTiling &probe)
      -> std::optional<KernelSchedule> {
    KernelOp kernel = build(probe);
    FailureOr<KernelSchedule> schedule = simulateKernel(kernel);
    kernel.erase();
    if (failed(schedule))
      return std::nullopt;
    return std::move(*schedule);
  };
  if (t.unitsPerCore <= kSampledUnits) {
    std::optional<KernelSchedule> whole = simulate(t);
    if (!whole)
      return std::nullopt;
    return std::pair{whole->cycles, whole->blockCycles};
  }
  auto oneBlock = [&](int64_t units) {
    WindowTiling probe = t;
    probe.units = probe.unitsPerCore = units;
    probe.blockDim = 1;
    return simulate(probe);
  };
  std::optional<KernelSchedule> shorter = oneBlock(kSampledUnits - 2);
  std::optional<KernelSchedule> longer = oneBlock(kSampledUnits);
  if (!shorter || !longer)
    return std::nullopt;
  double perPair = double(longer->blockCycles - shorter->blockCycles);
  int64_t block =
      longer->blockCycles +
      static_cast<int64_t>(
          std::ceil(perPair * double(t.unitsPerCore - kSampledUnits) / 2));
  double requested = double(t.units) * traffic.requestedPerUnit;
  double written = double(t.units) * traffic.writtenPerUnit;
  double distinct = traffic.distinct;
  double hit =
      requested > distinct
          ? (1 - distinct / requested) *
                std::min(1.0, double(target.rates.l2Bytes) / distinct)
          : 0.0;
  int64_t waves =
      std::max<int64_t>(1, llvm::divideCeil(t.blockDim, target.vectorCores));
  auto hbm = static_cast<int64_t>(
      std::ceil((requested * (1 - hit) + written) /
                (target.hbmBytesPerSecond / target.clockHz) / double(waves)));
  return std::pair{std::max(block, hbm), block};
}

std::pair<int64_t, int64_t> window::searchWindowTiling(
    int64_t planes, int64_t maxPlanesBound, int64_t Ho, int64_t cores,
    llvm::function_ref<bool(int64_t, int64_t)> fits,
    llvm::function_ref<std::optional<std::pair<int64_t, int64_t>>(int64_t,
                                                                  int64_t)>
        model) {
  // The most output rows of one plane that fit, then the most whole planes.
  int64_t lo = 1, hi = Ho;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (fits(1, mid))
      lo = mid;
    else
      hi = mid - 1;
  }
  int64_t maxRows = lo, maxPlanes = 1;
  if (maxRows == Ho) {
    int64_t pl = 1, ph = maxPlanesBound;
    while (pl < ph) {
      int64_t mid = pl + (ph - pl + 1) / 2;
      if (fits(mid, Ho))
        pl = mid;
      else
        ph = mid - 1;
    }
    maxPlanes = pl;
  }
  // Candidates: the largest tile and tiles giving every core one, two or
  // four of them; the fewest modeled cycles win, then the larger tile.
  SmallVector<std::pair<int64_t, int64_t>> candidates{{maxPlanes, maxRows}};
  // The fewest row blocks of equal size: the last block of the largest
  // tile moves back and recomputes rows of the one before it.
  if (maxRows < Ho) {
    int64_t balanced = llvm::divideCeil(Ho, llvm::divideCeil(Ho, maxRows));
    if (balanced < maxRows)
      candidates.push_back({1, balanced});
  }
  for (int64_t perCore : {1, 2, 4}) {
    int64_t wanted = cores * perCore;
    if (wanted <= planes) {
      int64_t tilePlanes = llvm::divideCeil(planes, wanted);
      if (maxRows == Ho && tilePlanes < maxPlanes)
        candidates.push_back({tilePlanes, Ho});
    } else {
      int64_t blocks = llvm::divideCeil(wanted, planes);
      int64_t rows = std::max<int64_t>(1, llvm::divideCeil(Ho, blocks));
      if (rows < maxRows)
        candidates.push_back({1, rows});
    }
  }
  std::optional<std::tuple<int64_t, int64_t, int64_t>> best;
  std::pair<int64_t, int64_t> chosen = candidates.front();
  for (auto [tilePlanes, rows] : candidates) {
    std::optional<std::pair<int64_t, int64_t>> cycles =
        model(tilePlanes, rows);
    if (!cycles)
      continue;
    std::tuple<int64_t, int64_t, int64_t> rank{cycles->first, cycles->second,
                                               -tilePlanes * rows};
    if (!best || rank < *best) {
      best = rank;
      chosen = {tilePlanes, rows};
    }
  }
  return chosen;
}
