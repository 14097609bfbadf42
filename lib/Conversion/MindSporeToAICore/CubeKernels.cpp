//===- CubeKernels.cpp - The matmul schedule every Cube kernel is built on ===//
//
// MatMulKernelBuilder: the Cube kernel of a GEMM problem under a matmul
// tiling (see Passes.td and docs/AICoreKernels.md for the schedule), used
// for standalone MatMul / BatchMatMul (+ BiasAdd) kernels, the Cube part of
// MIX kernels and, through CubeOperandHooks, implicit-GEMM convolutions
// (CubeKernels.h).
//
//===----------------------------------------------------------------------===//
#include "CubeKernels.h"
#include "MixKernelParts.h"
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;

namespace {
/// Builds the body of a matmul kernel; see Passes.td for the schedule.
class MatMulKernelBuilder {
public:
  /// `hooks` (may be null: a matmul) load A and view the result.
  MatMulKernelBuilder(KernelOp kernel, const GemmProblem &p, Type elementType,
                      const MatMulTiling &t, CubeOperandHooks *hooks = nullptr)
      : b(kernel.getContext()), loc(kernel.getLoc()), p(p),
        elementType(elementType), t(t), hooks(hooks), biasThisTile(p.withBias) {
    Block &entry = kernel.getBody().front();
    b.setInsertionPointToStart(&entry);
    x = entry.getArgument(0);
    y = entry.getArgument(1);
    if (p.withBias)
      bias = entry.getArgument(2);
    out = entry.getArguments().back();
  }

  void build() {
    Type elt = elementType, f32 = b.getF32Type();
    int64_t kS = t.kStages * t.tk;
    if (hooks)
      y = hooks->prepare(b, loc, x, y, out);
    if (p.batched) {
      x = stackImages(x);
      y = stackImages(y);
      out = stackImages(out);
    }
    std::optional<KChunkPlan> chunked;
    if (t.kChunk > 0)
      chunked = getKChunkPlan(p.m, p.n, p.k, t);
    for (int e = 0; e < t.l1Buffers; ++e) {
      if (!chunked)
        aL1[e] = hooks ? hooks->allocAStage(b, loc)
                       : alloc(aShape(t.tm, kS), elt, AddressSpace::L1);
      bL1[e] = alloc(bShape(kS, t.tn), elt, AddressSpace::L1);
    }
    // K-chunked: one L1 slot of A per stage of a chunk, per A buffer.
    for (int64_t x = 0; chunked && x < chunked->aBuffers; ++x)
      for (int64_t st = 0; st < chunked->stages; ++st)
        aChunk[x].push_back(alloc(aShape(t.tm, kS), elt, AddressSpace::L1));
    for (int e = 0; e < 2; ++e) {
      aL0[e] = alloc(aShape(t.tm, t.tk), elt, AddressSpace::L0A);
      bL0[e] = alloc(bShape(t.tk, t.tn), elt, AddressSpace::L0B);
    }
    for (int c = 0; c < t.l0cBuffers; ++c)
      cL0[c] = alloc({t.tm, t.tn}, f32, AddressSpace::L0C);
    if (p.withBias) {
      // The bias row goes GM -> L1 with a tile's first stage (guarded by
      // that stage's flags), then L1 -> BT (MTE1, widened to f32) before
      // the tile's first mmad, which starts the accumulator from it.
      biasL1 = alloc({1, t.tn}, elt, AddressSpace::L1);
      for (int c = 0; c < t.l0cBuffers; ++c)
        biasBT[c] = alloc({1, t.tn}, f32, AddressSpace::BT);
      // View the bias as one [1, N] row ([1, G * N] for a grouped
      // convolution: weightRow picks the group's part).
      auto biasType = cast<MemRefType>(bias.getType());
      biasRow = memref::ExpandShapeOp::create(
          b, loc,
          MemRefType::get({1, biasType.getDimSize(0)}, elt,
                          MemRefLayoutAttrInterface{},
                          biasType.getMemorySpace()),
          bias, ArrayRef<ReassociationIndices>{{0, 1}});
    }

    // Reverse flags: every buffer starts free.
    forEachReverseFlag(
        [&](Pipe from, Pipe to, int64_t event) { setFlag(from, to, event); });
    if (t.blockDim > 1)
      blockIdx = BlockIdxOp::create(b, loc, b.getIndexType()).getResult();
    SmallVector<MatMulRegion> regions = getMatMulRegions(p.m, p.n, t, p.images);
    std::optional<SplitKPlan> plan;
    if (t.splitK > 1) {
      std::string why;
      FailureOr<SplitKPlan> checked = getSplitKPlan(p.m, p.n, p.k, t, why);
      assert(succeeded(checked) && "split-K tiling checked by the search");
      plan = *checked;
    }
    if (bands) {
      // One column of band-high "tiles" per image: the row regions.
      MatMulTiling rowTiling = t;
      rowTiling.tn = p.n;
      for (const MatMulRegion &region :
           getMatMulRegions(p.m, p.n, rowTiling, p.images))
        buildBandRegion(region);
    } else if (chunked) {
      buildKChunked(*chunked);
    } else {
      for (const MatMulRegion &region : regions)
        buildRegion(region,
                    plan ? std::clamp<int64_t>(plan->dpTiles - region.offset, 0,
                                               region.count())
                         : region.count());
      if (plan)
        buildSplitUnits(regions, *plan);
    }
    forEachReverseFlag(
        [&](Pipe from, Pipe to, int64_t event) { waitFlag(from, to, event); });
    ReturnOp::create(b, loc);
  }

private:
  /// The flags that say a buffer is free (consumer -> producer), one per
  /// ping-pong buffer.
  void forEachReverseFlag(llvm::function_ref<void(Pipe, Pipe, int64_t)> fn) {
    for (int64_t e = 0; e < t.l1Buffers; ++e)
      fn(Pipe::MTE1, Pipe::MTE2, e); // L1 stage buffer e free
    for (int64_t e = 0; e < 2; ++e)
      fn(Pipe::M, Pipe::MTE1, e); // L0A/L0B slice e free
    for (int64_t c = 0; c < t.l0cBuffers; ++c)
      fn(Pipe::FIX, Pipe::M, c); // L0C buffer c free
  }

  /// A BatchMatMul operand `[B..., r, c]` (GM) as the `[B * r, c]` matrix
  /// of its stacked images.
  Value stackImages(Value v) {
    auto type = cast<MemRefType>(v.getType());
    if (type.getRank() <= 2)
      return v;
    ReassociationIndices lead;
    for (int64_t d = 0; d + 1 < type.getRank(); ++d)
      lead.push_back(d);
    return memref::CollapseShapeOp::create(
        b, loc, v, ArrayRef<ReassociationIndices>{lead, {type.getRank() - 1}});
  }

  /// The GM part of A a stage loads: rows [mi, mi + rows) (stacked in a
  /// BatchMatMul) and K [k, k + kLen).
  Value gmA(OpFoldResult mi, OpFoldResult k, int64_t rows, int64_t kLen) {
    if (p.batched && p.transposeA)
      return view(x, add(mul(image, p.k), k), rowInImage, kLen, rows);
    return aView(x, mi, k, rows, kLen);
  }
  /// The GM part of B a stage loads: K [k, k + kLen), columns
  /// [ni, ni + cols) (of the current image's B in a BatchMatMul).
  Value gmB(OpFoldResult k, OpFoldResult ni, int64_t kLen, int64_t cols) {
    if (!p.batched)
      return bView(y, k, ni, kLen, cols);
    if (p.transposeB)
      return view(y, add(mul(image, p.n), ni), k, cols, kLen);
    return view(y, add(mul(image, p.k), k), ni, kLen, cols);
  }

  SmallVector<int64_t> aShape(int64_t rows, int64_t kLen) const {
    return p.transposeA ? SmallVector<int64_t>{kLen, rows}
                        : SmallVector<int64_t>{rows, kLen};
  }
  SmallVector<int64_t> bShape(int64_t kLen, int64_t cols) const {
    return p.transposeB ? SmallVector<int64_t>{cols, kLen}
                        : SmallVector<int64_t>{kLen, cols};
  }

  Value alloc(ArrayRef<int64_t> shape, Type elt, AddressSpace space) {
    auto type = MemRefType::get(shape, elt, MemRefLayoutAttrInterface{},
                                AddressSpaceAttr::get(b.getContext(), space));
    return AllocOp::create(b, loc, type);
  }
  void setFlag(Pipe from, Pipe to, int64_t event) {
    SetFlagOp::create(b, loc, from, to, event);
  }
  void waitFlag(Pipe from, Pipe to, int64_t event) {
    WaitFlagOp::create(b, loc, from, to, event);
  }

  // Index arithmetic that folds when its operands are constants.
  OpFoldResult constant(int64_t v) { return b.getIndexAttr(v); }
  Value materialize(OpFoldResult v) {
    if (std::optional<int64_t> c = getConstantIntValue(v))
      return arith::ConstantIndexOp::create(b, loc, *c);
    return cast<Value>(v);
  }
  template <typename OpT>
  OpFoldResult arith(OpFoldResult lhs, OpFoldResult rhs,
                     int64_t (*fold)(int64_t, int64_t)) {
    std::optional<int64_t> l = getConstantIntValue(lhs),
                           r = getConstantIntValue(rhs);
    if (l && r)
      return constant(fold(*l, *r));
    return OpT::create(b, loc, materialize(lhs), materialize(rhs)).getResult();
  }
  OpFoldResult add(OpFoldResult l, OpFoldResult r) {
    if (getConstantIntValue(r) == 0)
      return l;
    if (getConstantIntValue(l) == 0)
      return r;
    return arith<arith::AddIOp>(l, r,
                                [](int64_t a, int64_t c) { return a + c; });
  }
  OpFoldResult mul(OpFoldResult l, int64_t r) {
    if (r == 1)
      return l;
    if (r == 0)
      return constant(0);
    return arith<arith::MulIOp>(l, constant(r),
                                [](int64_t a, int64_t c) { return a * c; });
  }

  /// A [rows, cols] view of `source` at (`row`, `col`); `source` itself
  /// when that is all of it.
  Value view(Value source, OpFoldResult row, OpFoldResult col, int64_t rows,
             int64_t cols) {
    return mix::block(b, loc, source, row, col, rows, cols);
  }
  /// The [rows, kLen] part of an lhs buffer or GM operand at (row, k).
  Value aView(Value source, OpFoldResult row, OpFoldResult k, int64_t rows,
              int64_t kLen) {
    return p.transposeA ? view(source, k, row, kLen, rows)
                        : view(source, row, k, rows, kLen);
  }
  /// The [kLen, cols] part of an rhs buffer or GM operand at (k, col).
  Value bView(Value source, OpFoldResult k, OpFoldResult col, int64_t kLen,
              int64_t cols) {
    return p.transposeB ? view(source, col, k, cols, kLen)
                        : view(source, k, col, kLen, cols);
  }

  /// Calls `body(i)` for i in [lb, ub) step `step`: inline when the bounds
  /// are constants and there is at most one iteration, else an scf.for.
  void forRange(OpFoldResult lb, OpFoldResult ub, int64_t step,
                llvm::function_ref<void(OpFoldResult)> body) {
    std::optional<int64_t> l = getConstantIntValue(lb),
                           u = getConstantIntValue(ub);
    if (l && u) {
      if (*l >= *u)
        return;
      if (*l + step >= *u) {
        body(constant(*l));
        return;
      }
    }
    auto loop = scf::ForOp::create(b, loc, materialize(lb), materialize(ub),
                                   materialize(constant(step)));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    body(loop.getInductionVar());
  }

  /// The output tiles of one region this block computes: global tiles g
  /// with g mod block_dim == block_idx. With two L0C buffers the tiles go
  /// in pairs (buffers 0 and 1) and a last single tile uses buffer 0.
  void buildRegion(const MatMulRegion &r, int64_t count) {
    if (count <= 0)
      return;
    int64_t blocks = t.blockDim;
    // This block's first tile in the region.
    OpFoldResult first = constant(0);
    if (blocks > 1) {
      int64_t shift = (blocks - r.offset % blocks) % blocks;
      first = arith<arith::RemUIOp>(add(blockIdx, constant(shift)),
                                    constant(blocks),
                                    [](int64_t a, int64_t c) { return a % c; });
    }
    auto tileAt = [&](OpFoldResult index, int c) {
      tileNumber = add(constant(r.offset), index);
      auto [rowStart, colStart] = tileOrigin(r, index);
      buildOutputTile(rowStart, colStart, r.rows, r.cols, c);
    };
    if (t.l0cBuffers == 1) {
      forRange(first, constant(count), blocks,
               [&](OpFoldResult i) { tileAt(i, 0); });
      return;
    }
    // Pairs (i, i + blocks) while both exist, then at most one more tile.
    forRange(first, constant(count - blocks), 2 * blocks, [&](OpFoldResult i) {
      tileAt(i, 0);
      tileAt(add(i, constant(blocks)), 1);
    });
    OpFoldResult pending = arith<arith::MaxSIOp>(
        arith<arith::SubIOp>(constant(count - blocks), first,
                             [](int64_t a, int64_t c) { return a - c; }),
        constant(0), [](int64_t a, int64_t c) { return std::max(a, c); });
    OpFoldResult pairs = arith<arith::CeilDivSIOp>(
        pending, constant(2 * blocks),
        [](int64_t a, int64_t c) { return (a + c - 1) / c; });
    OpFoldResult last = add(first, mul(pairs, 2 * blocks));
    forRange(last, constant(count), 2 * blocks,
             [&](OpFoldResult i) { tileAt(i, 0); });
  }

  /// The row bands of one region of bands (CubeBandHooks) this block
  /// computes: band g = region offset + i with g mod block_dim ==
  /// block_idx; each band's column tiles in a row, full tiles (in pairs
  /// over two L0C buffers) then the partial one.
  void buildBandRegion(const MatMulRegion &r) {
    int64_t blocks = t.blockDim;
    OpFoldResult first = constant(0);
    if (blocks > 1) {
      int64_t shift = (blocks - r.offset % blocks) % blocks;
      first = arith<arith::RemUIOp>(add(blockIdx, constant(shift)),
                                    constant(blocks),
                                    [](int64_t a, int64_t c) { return a % c; });
    }
    int64_t fullN = p.n / t.tn, restN = p.n % t.tn;
    forRange(first, constant(r.count()), blocks, [&](OpFoldResult i) {
      OpFoldResult band = add(constant(r.offset), i);
      auto [rowStart, colStart] = tileOrigin(r, i);
      (void)colStart;
      bands->start(b, rowStart, r.rows, band);
      auto column = [&](OpFoldResult c, int64_t cols, int buffer) {
        tileNumber = band;
        buildOutputTile(rowStart, mul(c, t.tn), r.rows, cols, buffer);
      };
      if (t.l0cBuffers == 1) {
        forRange(constant(0), constant(fullN), 1,
                 [&](OpFoldResult c) { column(c, t.tn, 0); });
      } else {
        forRange(constant(0), constant(fullN / 2 * 2), 2, [&](OpFoldResult c) {
          column(c, t.tn, 0);
          column(add(c, constant(1)), t.tn, 1);
        });
        if (fullN % 2)
          column(constant(fullN - 1), t.tn, 0);
      }
      if (restN)
        column(constant(fullN), restN,
               t.l0cBuffers == 2 ? static_cast<int>(fullN % 2) : 0);
      bands->end(b, rowStart, r.rows, band);
    });
  }

  /// The first result row and column of tile `index` (row-major) of
  /// region `r`; sets `image` and `rowInImage` to the tile's image and its
  /// first row in the image.
  std::pair<OpFoldResult, OpFoldResult> tileOrigin(const MatMulRegion &r,
                                                   OpFoldResult index) {
    // Row-major over the region's tiles.
    OpFoldResult row = r.rowTiles == 1 ? constant(0) : index;
    OpFoldResult col = r.colTiles == 1 ? constant(0) : index;
    if (r.rowTiles > 1 && r.colTiles > 1) {
      row = arith<arith::DivUIOp>(index, constant(r.colTiles),
                                  [](int64_t a, int64_t d) { return a / d; });
      col = arith<arith::RemUIOp>(index, constant(r.colTiles),
                                  [](int64_t a, int64_t d) { return a % d; });
    }
    OpFoldResult rowStart = add(constant(r.rowBase), mul(row, t.tm));
    image = constant(0);
    rowInImage = rowStart;
    if (r.imageTiles == 1) {
      rowStart = add(mul(row, p.m), constant(r.rowBase));
      image = row;
      rowInImage = constant(r.rowBase);
    } else if (r.imageTiles) {
      // Tile row mod imageTiles of image row / imageTiles.
      OpFoldResult image =
          arith<arith::DivUIOp>(row, constant(r.imageTiles),
                                [](int64_t a, int64_t d) { return a / d; });
      OpFoldResult within =
          arith<arith::RemUIOp>(row, constant(r.imageTiles),
                                [](int64_t a, int64_t d) { return a % d; });
      rowStart =
          add(mul(image, p.m), add(constant(r.rowBase), mul(within, t.tm)));
      this->image = image;
      rowInImage = add(constant(r.rowBase), mul(within, t.tm));
    }
    return {rowStart, add(constant(r.colBase), mul(col, t.tn))};
  }

  /// Emits `then(builder)` under `cond` (an i1 value or a constant).
  void ifThen(OpFoldResult cond, llvm::function_ref<void()> then,
              llvm::function_ref<void()> otherwise = nullptr) {
    if (std::optional<int64_t> c = getConstantIntValue(cond)) {
      if (*c)
        then();
      else if (otherwise)
        otherwise();
      return;
    }
    auto branch = scf::IfOp::create(b, loc, cast<Value>(cond),
                                    /*withElseRegion=*/bool(otherwise));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(branch.thenBlock()->getTerminator());
    then();
    if (otherwise) {
      b.setInsertionPoint(branch.elseBlock()->getTerminator());
      otherwise();
    }
  }
  OpFoldResult compare(arith::CmpIPredicate pred, OpFoldResult l,
                       OpFoldResult r) {
    std::optional<int64_t> lc = getConstantIntValue(l),
                           rc = getConstantIntValue(r);
    if (lc && rc) {
      bool v = pred == arith::CmpIPredicate::ult  ? *lc < *rc
               : pred == arith::CmpIPredicate::eq ? *lc == *rc
                                                  : false;
      return constant(v ? 1 : 0);
    }
    return arith::CmpIOp::create(b, loc, pred, materialize(l), materialize(r))
        .getResult();
  }

  /// The split-K units of this block (SplitKPlan): u = block_idx + i *
  /// block_dim for i = 0, 1, ... while u < units; unit u is part
  /// j = u mod parts of tile g = dpTiles + u div parts. Each unit branches
  /// on the region of g (its tile shape) and on its part (the first part
  /// starts from the bias, the last one has the rest of K), then runs the
  /// K stages of its part and FIX-adds its partial sums into the result.
  void buildSplitUnits(ArrayRef<MatMulRegion> regions, const SplitKPlan &plan) {
    int64_t blocks = t.blockDim;
    OpFoldResult self = blocks > 1 ? blockIdx : constant(0);
    int64_t slots = llvm::divideCeil(plan.units, blocks);
    auto div = [](int64_t a, int64_t d) { return a / d; };
    auto rem = [](int64_t a, int64_t d) { return a % d; };
    for (int64_t i = 0; i < slots; ++i) {
      int c = i % t.l0cBuffers;
      OpFoldResult u = add(self, constant(i * blocks));
      auto unit = [&] {
        OpFoldResult g =
            add(constant(plan.dpTiles),
                arith<arith::DivUIOp>(u, constant(plan.parts), div));
        OpFoldResult j = arith<arith::RemUIOp>(u, constant(plan.parts), rem);
        OpFoldResult kBegin = mul(j, plan.kPart);
        SmallVector<const MatMulRegion *> split;
        for (const MatMulRegion &r : regions)
          if (r.offset + r.count() > plan.dpTiles)
            split.push_back(&r);
        std::function<void(size_t)> region = [&](size_t n) {
          const MatMulRegion &r = *split[n];
          auto body = [&] {
            OpFoldResult index = arith<arith::SubIOp>(
                g, constant(r.offset),
                [](int64_t a, int64_t d) { return a - d; });
            tileNumber = g;
            auto [mi, ni] = tileOrigin(r, index);
            auto part = [&](int64_t kLen, bool first) {
              biasThisTile = p.withBias && first;
              atomicStore = true;
              buildOutputTile(mi, ni, r.rows, r.cols, c, kBegin, kLen);
              biasThisTile = p.withBias;
              atomicStore = false;
            };
            // First part (bias), middle parts, last part (the rest of K).
            ifThen(
                compare(arith::CmpIPredicate::eq, j, constant(0)),
                [&] { part(plan.kPart, true); },
                [&] {
                  if (plan.parts == 2) {
                    part(plan.lastPart, false);
                    return;
                  }
                  ifThen(
                      compare(arith::CmpIPredicate::eq, j,
                              constant(plan.parts - 1)),
                      [&] { part(plan.lastPart, false); },
                      [&] { part(plan.kPart, false); });
                });
          };
          if (n + 1 == split.size()) {
            body();
            return;
          }
          ifThen(compare(arith::CmpIPredicate::ult, g,
                         constant(r.offset + r.count())),
                 body, [&] { region(n + 1); });
        };
        region(0);
      };
      if ((i + 1) * blocks <= plan.units)
        unit();
      else
        ifThen(compare(arith::CmpIPredicate::ult, u, constant(plan.units)),
               unit);
    }
  }

  // Index arithmetic of the K-chunked schedule (folds on constants).
  OpFoldResult sub(OpFoldResult l, int64_t r) {
    return arith<arith::SubIOp>(l, constant(r),
                                [](int64_t a, int64_t c) { return a - c; });
  }
  OpFoldResult sub(OpFoldResult l, OpFoldResult r) {
    return arith<arith::SubIOp>(l, r,
                                [](int64_t a, int64_t c) { return a - c; });
  }
  OpFoldResult maxSigned(OpFoldResult l, int64_t r) {
    return arith<arith::MaxSIOp>(
        l, constant(r), [](int64_t a, int64_t c) { return std::max(a, c); });
  }
  OpFoldResult minSigned(OpFoldResult l, OpFoldResult r) {
    return arith<arith::MinSIOp>(
        l, r, [](int64_t a, int64_t c) { return std::min(a, c); });
  }
  OpFoldResult divide(OpFoldResult l, int64_t r) {
    return arith<arith::DivUIOp>(l, constant(r),
                                 [](int64_t a, int64_t c) { return a / c; });
  }
  OpFoldResult remainder(OpFoldResult l, int64_t r) {
    return arith<arith::RemUIOp>(l, constant(r),
                                 [](int64_t a, int64_t c) { return a % c; });
  }

  /// The K-chunked schedule (KChunkPlan): this block's tiles [lo, hi)
  /// (row-major) as segments, one per row of tiles they touch (the last
  /// row of tiles with its partial rows).
  void buildKChunked(const KChunkPlan &plan) {
    OpFoldResult self = t.blockDim > 1 ? blockIdx : constant(0);
    auto firstTile = [&](OpFoldResult block) {
      return divide(mul(block, plan.tiles), plan.blocks);
    };
    OpFoldResult lo = firstTile(self), hi = firstTile(add(self, constant(1)));
    OpFoldResult rowLo = divide(lo, plan.colTiles),
                 rowHi = add(divide(sub(hi, 1), plan.colTiles), constant(1));
    forRange(rowLo, rowHi, 1, [&](OpFoldResult r) {
      OpFoldResult rowFirst = mul(r, plan.colTiles);
      OpFoldResult c0 = maxSigned(sub(lo, rowFirst), 0);
      OpFoldResult c1 = minSigned(sub(hi, rowFirst), constant(plan.colTiles));
      OpFoldResult mi = mul(r, t.tm);
      if (plan.lastRows == t.tm) {
        buildSegment(plan, mi, c0, c1, t.tm);
        return;
      }
      ifThen(
          compare(arith::CmpIPredicate::eq, r, constant(plan.rowTiles - 1)),
          [&] { buildSegment(plan, mi, c0, c1, plan.lastRows); },
          [&] { buildSegment(plan, mi, c0, c1, t.tm); });
    });
  }

  /// The tiles [c0, c1) of the row of tiles at result row `mi` (`rows`
  /// valid rows), chunk by chunk. Chunk c reads A from A buffer c mod 2;
  /// chunk 0 loads it with the segment's first tile, each later chunk was
  /// prefetched during the chunk before: its slot s with stage s of tile
  /// min(G - 1, 1 + s (G - 1) / S) of the G tiles (S slots), spread from
  /// the second tile on so the loads fit between B's. Every A load is
  /// issued on MTE2 after its stage's wait for the ring buffer (stage s mod
  /// l1_buffers), whose last release came after every earlier read of the
  /// slot (chunks never grow, so the readers of slot s reached stage s
  /// first); and before the next stage's "loaded" flag, which MTE1 waits
  /// before any read of it. The ring's flags order the A slots, no flag of
  /// their own is needed (the kernel model's race check verifies it).
  void buildSegment(const KChunkPlan &plan, OpFoldResult mi, OpFoldResult c0,
                    OpFoldResult c1, int64_t rows) {
    OpFoldResult tiles = sub(c1, c0);
    bool partialCols = plan.lastCols != t.tn;
    int64_t fullCols = plan.colTiles - (partialCols ? 1 : 0);
    OpFoldResult fullTiles =
        maxSigned(sub(minSigned(c1, constant(fullCols)), c0), 0);
    int64_t chunks = plan.chunkLengths.size(), kS = t.kStages * t.tk;
    int64_t kBegin = 0;
    for (int64_t c = 0; c < chunks; kBegin += plan.chunkLengths[c], ++c) {
      int64_t len = plan.chunkLengths[c];
      int64_t x = c % plan.aBuffers, y = (c + 1) % plan.aBuffers;
      int64_t next = c + 1 < chunks ? plan.chunkLengths[c + 1] : 0;
      int64_t nextStages = llvm::divideCeil(next, kS);
      SmallVector<OpFoldResult> prefetchTile;
      for (int64_t st = 0; st < nextStages; ++st)
        prefetchTile.push_back(minSigned(
            sub(tiles, 1),
            add(constant(1), divide(mul(sub(tiles, 1), st), nextStages))));
      auto tile = [&](OpFoldResult j, int64_t cols, int acc) {
        OpFoldResult ni = mul(add(c0, j), t.tn);
        weightRow = hooks ? hooks->weightRow(b, loc, mi, ni) : ni;
        biasThisTile = p.withBias && c == 0;
        atomicStore = c > 0;
        waitFlag(Pipe::FIX, Pipe::M, acc);
        for (int64_t st = 0; st * kS < len; ++st) {
          int64_t kLen = std::min(kS, len - st * kS);
          OpFoldResult k = constant(kBegin + st * kS);
          chunkSlot = aChunk[x][st];
          loadChunkSlot = nullptr;
          afterStageLoads = nullptr;
          if (c == 0)
            loadChunkSlot = [&, st, k, kLen](Value slot) {
              ifThen(compare(arith::CmpIPredicate::eq, j, constant(0)), [&] {
                CopyOp::create(b, loc, gmA(mi, k, rows, kLen), slot);
              });
            };
          if (st < nextStages)
            afterStageLoads = [&, st] {
              ifThen(compare(arith::CmpIPredicate::eq, j, prefetchTile[st]),
                     [&] {
                       int64_t nextLen = std::min(kS, next - st * kS);
                       CopyOp::create(b, loc,
                                      gmA(mi, constant(kBegin + len + st * kS),
                                          rows, nextLen),
                                      aView(aChunk[y][st], constant(0),
                                            constant(0), rows, nextLen));
                     });
            };
          buildStage(mi, ni, rows, cols, acc, st, k, kLen);
        }
        chunkSlot = {};
        loadChunkSlot = nullptr;
        afterStageLoads = nullptr;
        setFlag(Pipe::M, Pipe::FIX, acc);
        waitFlag(Pipe::M, Pipe::FIX, acc);
        storeTile(view(cL0[acc], constant(0), constant(0), rows, cols), mi, ni,
                  rows, cols, acc);
        setFlag(Pipe::FIX, Pipe::M, acc);
        biasThisTile = p.withBias;
        atomicStore = false;
      };
      // The L0C buffers alternate over the segment's tiles of all chunks.
      auto anyBuffer = [&](OpFoldResult j, int64_t cols) {
        if (t.l0cBuffers == 1) {
          tile(j, cols, 0);
          return;
        }
        ifThen(
            compare(arith::CmpIPredicate::eq,
                    remainder(add(mul(tiles, c), j), 2), constant(0)),
            [&] { tile(j, cols, 0); }, [&] { tile(j, cols, 1); });
      };
      forRange(constant(0), fullTiles, 1,
               [&](OpFoldResult j) { anyBuffer(j, t.tn); });
      if (partialCols)
        ifThen(compare(arith::CmpIPredicate::eq, c1, constant(plan.colTiles)),
               [&] { anyBuffer(sub(tiles, 1), plan.lastCols); });
    }
  }

  /// One output tile of rows x cols valid elements at (mi, ni), accumulated
  /// in L0C buffer `c`.
  void buildOutputTile(OpFoldResult mi, OpFoldResult ni, int64_t rows,
                       int64_t cols, int c) {
    buildOutputTile(mi, ni, rows, cols, c, constant(0), p.k);
  }
  /// The same over K [kBegin, kBegin + kLen) (a split-K part).
  void buildOutputTile(OpFoldResult mi, OpFoldResult ni, int64_t rows,
                       int64_t cols, int c, OpFoldResult kBegin, int64_t kLen) {
    sources = tileStart ? tileStart(b, mi, ni, rows, cols, tileNumber)
                        : CubeTileSources{};
    weightRow = hooks ? hooks->weightRow(b, loc, mi, ni) : ni;
    waitFlag(Pipe::FIX, Pipe::M, c);
    buildKLoop(mi, ni, rows, cols, c, kBegin, kLen);
    if (tileLoaded)
      tileLoaded(b);
    setFlag(Pipe::M, Pipe::FIX, c);
    waitFlag(Pipe::M, Pipe::FIX, c);
    Value acc = view(cL0[c], constant(0), constant(0), rows, cols);
    storeTile(acc, mi, ni, rows, cols, c);
    setFlag(Pipe::FIX, Pipe::M, c);
  }

  /// The epilogue of one output tile, on the FIX pipe after the tile's
  /// last mmad (M -> FIX waited): FIX `acc` to the result (the hooks' view
  /// of it for a convolution), or to the hand-off (a MIX kernel's
  /// workspace) when one is set.
  void storeTile(Value acc, OpFoldResult mi, OpFoldResult ni, int64_t rows,
                 int64_t cols, int c) {
    if (handOff) {
      handOff(b, acc, mi, ni, rows, cols, c, tileNumber);
      return;
    }
    Value outTile = hooks ? hooks->resultTile(b, loc, mi, ni, rows, cols)
                          : view(out, mi, ni, rows, cols);
    CopyOp::create(b, loc, acc, outTile, /*atomic_add=*/atomicStore);
  }

public:
  /// Replaces the FIX of each finished tile to the result: called on the
  /// FIX pipe with the tile's accumulator view and its place in the
  /// result (MixKernels.cpp hands it to the Vector cores through GM).
  CubeTileHandOff handOff;
  /// Bracket each tile's loads (a MIX kernel's prologue): where the tile's
  /// operands are read, and after its last load.
  CubeTileStart tileStart;
  CubeTileLoaded tileLoaded;
  /// Deal the tiles by row bands (CubeBandHooks); null: round robin.
  const CubeBandHooks *bands = nullptr;

private:
  CubeTileSources sources; ///< of the tile being built
  /// The tile's first column of B (row of B^T) and bias element: its ni,
  /// or what the hooks say (a grouped convolution's group offset).
  OpFoldResult weightRow;

  /// The K stages of one output tile: stage s uses L1 buffer s mod D
  /// (D = l1Buffers, even); its slices use L0 buffers by their global slice
  /// index mod 2. Stage 0 is peeled (its first mmad starts the
  /// accumulator), the full stages after it go D at a time through an
  /// scf.for (so that each one's buffers are static), then the remaining
  /// full stages and the partial stage (K not a multiple of the stage) are
  /// emitted alone.
  void buildKLoop(OpFoldResult mi, OpFoldResult ni, int64_t rows, int64_t cols,
                  int c, OpFoldResult kBegin, int64_t kLen) {
    int64_t kS = t.kStages * t.tk, ring = t.l1Buffers;
    int64_t full = kLen / kS, rest = kLen % kS;
    if (full >= 1)
      buildStage(mi, ni, rows, cols, c, 0, kBegin, kS);
    int64_t middle = full - 1, groups = middle > 0 ? middle / ring : 0;
    if (groups >= 1)
      forRange(constant(kS), constant(kS + groups * ring * kS), ring * kS,
               [&](OpFoldResult k) {
                 // Stage 1 + g * D + i: buffer and slice parity as stage
                 // 1 + i (D is even).
                 for (int64_t i = 0; i < ring; ++i)
                   buildStage(mi, ni, rows, cols, c, 1 + i,
                              add(kBegin, add(k, constant(i * kS))), kS);
               });
    for (int64_t stage = 1 + groups * ring; stage < full; ++stage)
      buildStage(mi, ni, rows, cols, c, stage,
                 add(kBegin, constant(stage * kS)), kS);
    if (rest)
      buildStage(mi, ni, rows, cols, c, full, add(kBegin, constant(full * kS)),
                 rest);
  }

  /// Stage number `stage` (0 starts the accumulator; only its value mod
  /// l1Buffers and whether it is 0 matter) of kLen elements of K at `k`.
  void buildStage(OpFoldResult mi, OpFoldResult ni, int64_t rows, int64_t cols,
                  int c, int64_t stage, OpFoldResult k, int64_t kLen) {
    int e = stage % t.l1Buffers;
    waitFlag(Pipe::MTE1, Pipe::MTE2, e);
    // K-chunked: A is in its chunk slot, loaded (if at all) by the chunk.
    Value aBuffer = chunkSlot ? chunkSlot : aL1[e];
    Value aStage =
        hooks ? Value() : aView(aBuffer, constant(0), constant(0), rows, kLen);
    Value bStage = bView(bL1[e], constant(0), constant(0), kLen, cols);
    if (chunkSlot) {
      if (loadChunkSlot)
        loadChunkSlot(aStage);
    } else if (hooks)
      hooks->loadAStage(b, loc, aL1[e], mi, k, rows, kLen);
    else
      CopyOp::create(b, loc,
                     sources.a ? aView(sources.a, sources.aRow, k, rows, kLen)
                               : gmA(mi, k, rows, kLen),
                     aStage);
    CopyOp::create(b, loc,
                   sources.b ? bView(sources.b, k, sources.bRow, kLen, cols)
                             : gmB(k, weightRow, kLen, cols),
                   bStage);
    if (biasThisTile && stage == 0)
      CopyOp::create(b, loc, view(biasRow, constant(0), weightRow, 1, cols),
                     view(biasL1, constant(0), constant(0), 1, cols));
    setFlag(Pipe::MTE2, Pipe::MTE1, e);
    if (afterStageLoads)
      afterStageLoads();
    waitFlag(Pipe::MTE2, Pipe::MTE1, e);
    Value acc = view(cL0[c], constant(0), constant(0), rows, cols);
    int64_t slices = llvm::divideCeil(kLen, t.tk);
    for (int64_t j = 0; j < slices; ++j) {
      int q = (stage * t.kStages + j) % 2;
      int64_t len = std::min(t.tk, kLen - j * t.tk);
      OpFoldResult kk = constant(j * t.tk);
      waitFlag(Pipe::M, Pipe::MTE1, q);
      Value aSlice = aView(aL0[q], constant(0), constant(0), rows, len);
      Value bSlice = bView(bL0[q], constant(0), constant(0), len, cols);
      if (hooks)
        hooks->loadASlice(b, loc, aL1[e], aSlice, mi, k, kLen, j * t.tk, rows,
                          len);
      else
        CopyOp::create(b, loc, aView(aBuffer, constant(0), kk, rows, len),
                       aSlice);
      CopyOp::create(b, loc, bView(bL1[e], kk, constant(0), len, cols), bSlice);
      Value bias;
      if (biasThisTile && stage == 0 && j == 0) {
        bias = biasBT[c];
        CopyOp::create(b, loc, view(biasL1, constant(0), constant(0), 1, cols),
                       view(bias, constant(0), constant(0), 1, cols));
      }
      if (j == slices - 1)
        setFlag(Pipe::MTE1, Pipe::MTE2, e);
      setFlag(Pipe::MTE1, Pipe::M, q);
      waitFlag(Pipe::MTE1, Pipe::M, q);
      MmadOp::create(b, loc, aSlice, bSlice, acc, bias,
                     /*accumulate=*/stage != 0 || j != 0, p.transposeA,
                     p.transposeB);
      setFlag(Pipe::M, Pipe::MTE1, q);
    }
  }

  OpBuilder b;
  Location loc;
  const GemmProblem &p;
  Type elementType; ///< the operands' (f32, f16 or bf16)
  const MatMulTiling &t;
  CubeOperandHooks *hooks;
  Value x, y, bias, out, biasRow;
  OpFoldResult blockIdx;
  Value aL1[8], bL1[8], aL0[2], bL0[2], cL0[2], biasL1, biasBT[2];
  /// K-chunked: the L1 slots of A's two chunk buffers (one per stage).
  SmallVector<Value> aChunk[2];
  /// K-chunked, set while a stage is built: the slot A is read from, what
  /// loads it (before B, under the stage's flags; null: loaded earlier)
  /// and what follows the stage's loads on MTE2 (the next chunk's
  /// prefetch).
  Value chunkSlot;
  std::function<void(Value)> loadChunkSlot;
  std::function<void()> afterStageLoads;
  OpFoldResult tileNumber; ///< global number of the tile being built
  /// The tile being built starts from the bias row (not a split-K part
  /// after the first) / adds into the result (a split-K part).
  bool biasThisTile = false, atomicStore = false;
  /// The image of the tile being built and its first row in the image.
  OpFoldResult image, rowInImage;
};

} // namespace

void mlir::ascend::buildCubeKernel(KernelOp kernel, const GemmProblem &gemm,
                                   Type elementType, const MatMulTiling &t,
                                   CubeOperandHooks &hooks,
                                   CubeTileHandOff handOff) {
  GemmProblem p = gemm;
  p.transposeA = false;
  p.transposeB = true;
  MatMulKernelBuilder builder(kernel, p, elementType, t, &hooks);
  builder.handOff = std::move(handOff);
  builder.build();
}

void mlir::ascend::buildMatMulKernel(KernelOp kernel, const GemmProblem &p,
                                     Type elementType, const MatMulTiling &t) {
  MatMulKernelBuilder(kernel, p, elementType, t).build();
}

aicore::CubeTilingAttr mlir::ascend::getTilingAttr(Builder &builder,
                                                   const MatMulTiling &t) {
  return aicore::CubeTilingAttr::get(builder.getContext(), t.tm, t.tn, t.tk,
                                     t.kStages, t.l1Buffers, t.l0cBuffers,
                                     /*split_k=*/1, /*split_tiles=*/0,
                                     /*k_chunk=*/0, t.cycles);
}

/// The Cube part of a MIX kernel: an [m, k] x [k, n] problem, or `batch`
/// of them each with its own B when `batched` (a BatchMatMul), no bias,
/// each finished tile to `handOff`.
static void buildCubePart(KernelOp kernel, bool batched, int64_t batch,
                          int64_t m, int64_t n, int64_t k, Type elementType,
                          bool transposeA, bool transposeB,
                          const MatMulTiling &t, CubeTileHandOff handOff,
                          CubeTileStart tileStart, CubeTileLoaded tileLoaded,
                          const CubeBandHooks *bands) {
  GemmProblem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  p.images = batch;
  p.batched = batched;
  p.transposeA = transposeA;
  p.transposeB = transposeB;
  p.withBias = false;
  MatMulKernelBuilder builder(kernel, p, elementType, t);
  builder.handOff = std::move(handOff);
  builder.tileStart = std::move(tileStart);
  builder.tileLoaded = std::move(tileLoaded);
  builder.bands = bands;
  builder.build();
}

void mlir::ascend::buildMatMulCubePart(
    KernelOp kernel, int64_t m, int64_t n, int64_t k, Type elementType,
    bool transposeA, bool transposeB, const MatMulTiling &t,
    CubeTileHandOff handOff, CubeTileStart tileStart, CubeTileLoaded tileLoaded,
    const CubeBandHooks *bands) {
  buildCubePart(kernel, /*batched=*/false, /*batch=*/1, m, n, k, elementType,
                transposeA, transposeB, t, std::move(handOff),
                std::move(tileStart), std::move(tileLoaded), bands);
}

void mlir::ascend::buildBatchMatMulCubePart(
    KernelOp kernel, int64_t batch, int64_t m, int64_t n, int64_t k,
    Type elementType, bool transposeA, bool transposeB, const MatMulTiling &t,
    CubeTileHandOff handOff, const CubeBandHooks *bands) {
  buildCubePart(kernel, /*batched=*/true, batch, m, n, k, elementType,
                transposeA, transposeB, t, std::move(handOff), {}, {}, bands);
}

MatMulTiling mlir::ascend::getTilingFromOption(ArrayRef<int64_t> option) {
  return MatMulTiling{option[0],
                      option[1],
                      option[2],
                      option[3],
                      option.size() > 5 ? option[5] : 2,
                      option[4],
                      1,
                      0};
}
