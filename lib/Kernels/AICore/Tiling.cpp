//===- Tiling.cpp - AI Core Cube tiling math and tile search --------------===//
//
// An analytic per-pipe model of the kernel the Cube kernel builder
// (MatMulKernelBuilder, lib/Conversion/MindSporeToAICore) emits, and the
// search over it. See Tiling.h for the units and the sources of the numbers.
//
//===----------------------------------------------------------------------===//
#include "ascend/Kernels/AICore/Tiling.h"

#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <tuple>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;

namespace {
/// Bytes of A one L1 stage of kLen elements of K for `rows` rows holds and
/// moves GM -> L1: a [rows, kLen] block, or a convolution's input band.
static int64_t aStageBytes(const GemmProblem &s, int64_t rows, int64_t kLen) {
  return s.conv ? s.conv->stageBytes(rows, kLen, s.elementBytes) : rows * kLen * s.elementBytes;
}

/// Cycles of the schedule built below, per pipe, with the same costs as the
/// kernel model (`simulateKernel`, ascend-aicore-estimate): GM reads at the
/// L2-hit-weighted rate, GM writes at the L2 write rate, on-chip moves at
/// 512 B/cycle, an mmad one cycle per 16 x 16 x K0 fractal.
class MatMulCostModel {
public:
  MatMulCostModel(const GemmProblem &s, const MatMulTiling &t,
                  const AICoreTarget &target)
      : s(s), t(t), target(target), rates(target.rates) {}

  /// Modeled cycles of the busiest block.
  int64_t cycles() {
    if (t.kChunk > 0)
      return kChunkCycles();
    int64_t nM = s.images * llvm::divideCeil(s.m, t.tm),
            nN = llvm::divideCeil(s.n, t.tn);
    // L2 hit ratio from the GM bytes all blocks request and the distinct
    // GM bytes (AICoreDataRates). A is read once per column of tiles.
    double requested = double(nM * s.n) * s.k * s.elementBytes +
                       double(nN) * s.images * aBytesOfRows();
    double distinct =
        (s.conv ? double(s.conv->batch) * s.conv->channels * s.conv->height *
                      s.conv->width * s.elementBytes
                : double(s.m * s.k) * s.elementBytes) +
        double(s.k * s.n) * s.elementBytes;
    if (s.batched)
      distinct *= s.images;
    // A grouped convolution has one [k, n] weight slice per group.
    if (s.conv && s.conv->groups > 1)
      distinct += double(s.conv->groups - 1) * s.k * s.n * s.elementBytes;
    if (s.withBias) {
      requested += double(nM * s.n) * s.elementBytes;
      distinct += double(s.n) * s.elementBytes * (s.conv ? s.conv->groups : 1);
    }
    hitRatio = requested > distinct
                   ? (1 - distinct / requested) *
                         std::min(1.0, double(rates.l2Bytes) / distinct)
                   : 0;
    readCost = (1 - hitRatio) / rates.gmBytesPerCycle +
               hitRatio / rates.l2ReadBytesPerCycle;
    SmallVector<MatMulRegion> regions =
        getMatMulRegions(s.m, s.n, t, s.images);
    SmallVector<TilePipes> perTile;
    for (const MatMulRegion &r : regions)
      perTile.push_back(tileCycles(r.rows, r.cols, s.k, s.withBias));
    // Split-K: the last tiles are dealt as K parts (SplitKPlan).
    std::optional<SplitKPlan> plan;
    if (t.splitK > 1) {
      std::string unused;
      FailureOr<SplitKPlan> p = getSplitKPlan(s.m, s.n, s.k, t, unused);
      if (failed(p))
        return std::numeric_limits<int64_t>::max() / 4;
      plan = *p;
    }
    int64_t dpTiles = plan ? plan->dpTiles
                           : (regions.empty() ? 0
                                              : regions.back().offset +
                                                    regions.back().count());
    int64_t blocks = t.blockDim, busiest = 0;
    for (int64_t b = 0; b < blocks; ++b) {
      int64_t total = 0, tiles = 0;
      TilePipes sums;
      auto addTiles = [&](int64_t count, const TilePipes &pipes) {
        total += count * pipes.busiest();
        sums.loads += count * pipes.loads;
        sums.mte1 += count * pipes.mte1;
        sums.cube += count * pipes.cube;
        sums.fix += count * pipes.fix;
        tiles += count;
      };
      for (auto [r, pipes] : llvm::zip(regions, perTile))
        addTiles(tilesOfBlock(b, blocks, r.offset,
                              std::clamp<int64_t>(dpTiles - r.offset, 0,
                                                  r.count())),
                 pipes);
      // This block's split-K units: u = b, b + blocks, ...
      for (int64_t u = b; plan && u < plan->units; u += blocks) {
        int64_t g = plan->dpTiles + u / plan->parts, j = u % plan->parts;
        for (const MatMulRegion &r : regions)
          if (g >= r.offset && g < r.offset + r.count())
            addTiles(1, tileCycles(r.rows, r.cols,
                                   j == plan->parts - 1 ? plan->lastPart
                                                        : plan->kPart,
                                   s.withBias && j == 0, /*atomic=*/true));
      }
      if (!tiles)
        continue;
      total += fillAndDrain(sums);
      busiest = std::max(busiest, total);
    }
    return busiest;
  }

  /// Tiles g in [offset, offset + count) with g mod blocks == b.
  static int64_t tilesOfBlock(int64_t b, int64_t blocks, int64_t offset,
                              int64_t count) {
    int64_t first = ((b - offset) % blocks + blocks) % blocks;
    return first < count ? llvm::divideCeil(count - first, blocks) : 0;
  }

  /// cycles() of a K-chunked tiling (KChunkPlan). Per block, each
  /// segment's chunks, tile by tile in steady state: a tile's busiest pipe
  /// among its B stages (plus, on the tiles that prefetch them, the next
  /// chunk's A slots), slices, mmads (plus the FIX write / add with one
  /// L0C buffer) and FIX write / add; plus the ring restart bubble (as in
  /// tileCycles), what the segment's first tile stalls (it loads the first
  /// chunk's A rows itself), and the fill and drain. At least the busiest
  /// pipe's sum, and at least the die's HBM time of the misses and of the
  /// FIX writes (every chunk's, as the kernel model counts them).
  int64_t kChunkCycles() {
    KChunkPlan plan = getKChunkPlan(s.m, s.n, s.k, t);
    auto rowsOf = [&](int64_t r) {
      return r == plan.rowTiles - 1 ? plan.lastRows : t.tm;
    };
    // L2 hit ratio (as in cycles()): each segment reads its A rows once,
    // every tile all of its B columns.
    double requested = double(plan.rowTiles) * s.n * s.k * s.elementBytes;
    for (int64_t b = 0; b < plan.blocks; ++b) {
      int64_t lo = plan.firstTile(b), hi = plan.firstTile(b + 1);
      for (int64_t r = lo / plan.colTiles;
           lo < hi && r <= (hi - 1) / plan.colTiles; ++r)
        requested += double(rowsOf(r)) * s.k * s.elementBytes;
    }
    double distinct = double(s.m * s.k + s.k * s.n) * s.elementBytes;
    if (s.withBias) {
      requested += double(plan.rowTiles * s.n) * s.elementBytes;
      distinct += double(s.n) * s.elementBytes;
    }
    hitRatio = requested > distinct
                   ? (1 - distinct / requested) *
                         std::min(1.0, double(rates.l2Bytes) / distinct)
                   : 0;
    readCost = (1 - hitRatio) / rates.gmBytesPerCycle +
               hitRatio / rates.l2ReadBytesPerCycle;
    int64_t kS = t.kStages * t.tk, busiest = 0;
    int64_t chunks = plan.chunkLengths.size();
    // Blocks whose segments have the same rows, tile counts and partial
    // columns cost the same.
    std::set<SmallVector<int64_t, 9>> seen;
    for (int64_t b = 0; b < plan.blocks; ++b) {
      int64_t lo = plan.firstTile(b), hi = plan.firstTile(b + 1);
      SmallVector<int64_t, 9> shape;
      for (int64_t r = lo / plan.colTiles;
           lo < hi && r <= (hi - 1) / plan.colTiles; ++r) {
        int64_t c0 = std::max<int64_t>(lo - r * plan.colTiles, 0),
                c1 = std::min(hi - r * plan.colTiles, plan.colTiles);
        shape.append({rowsOf(r), c1 - c0, c1 == plan.colTiles ? 1 : 0});
      }
      if (!seen.insert(shape).second)
        continue;
      TilePipes sums;
      int64_t steady = 0;
      for (int64_t r = lo / plan.colTiles;
           lo < hi && r <= (hi - 1) / plan.colTiles; ++r) {
        int64_t c0 = std::max<int64_t>(lo - r * plan.colTiles, 0),
                c1 = std::min(hi - r * plan.colTiles, plan.colTiles);
        int64_t rows = rowsOf(r), tiles = c1 - c0;
        bool partial = c1 == plan.colTiles && plan.lastCols != t.tn;
        // Chunks of one length cost the same: the first chunk (the bias,
        // the stall), the other full chunks, the last (the rest of K).
        // Each kind: its length, how many, whether it is the first and
        // whether it prefetches the next chunk's A (all but the last).
        SmallVector<std::tuple<int64_t, int64_t, bool, bool>, 3> kinds{
            {plan.chunkLengths.front(), 1, true, chunks > 1}};
        if (chunks > 2)
          kinds.push_back({plan.chunkLengths.front(), chunks - 2, false, true});
        if (chunks > 1)
          kinds.push_back({plan.chunkLengths.back(), 1, false, false});
        for (auto [kLen, times, first, prefetches] : kinds) {
          int64_t slots = llvm::divideCeil(kLen, kS);
          int64_t aLoads = (kLen / kS) * read(aStageBytes(s, rows, kS)) +
                           (kLen % kS ? read(aStageBytes(s, rows, kLen % kS))
                                      : 0);
          // The next chunk's A slots go to tiles 1 .. G - 1 (tile 0 when
          // alone); the last chunk prefetches nothing.
          int64_t carriers =
              prefetches ? std::min(std::max<int64_t>(tiles - 1, 1), slots)
                         : 0;
          int64_t perCarrier = carriers ? aLoads / carriers : 0;
          auto tileOf = [&](int64_t cols, int64_t extraLoads) {
            TilePipes pipes;
            int64_t stages = llvm::divideCeil(kLen, kS);
            // Full stages alike, then the rest of the chunk.
            for (auto [len, times] : {std::pair{kS, kLen / kS},
                                      std::pair{kLen % kS, int64_t(1)}}) {
              if (!len || !times)
                continue;
              int64_t slices = len / t.tk, rest = len % t.tk;
              pipes.loads += times * read(len * cols * s.elementBytes);
              pipes.mte1 += times * (slices * extract(rows, cols, t.tk) +
                                     (rest ? extract(rows, cols, rest) : 0));
              pipes.cube += times * (slices * mmad(rows, cols, t.tk) +
                                     (rest ? mmad(rows, cols, rest) : 0));
            }
            if (s.withBias && first) {
              pipes.loads += read(cols * s.elementBytes);
              pipes.mte1 += onChip(cols * 4);
            }
            pipes.fix = epilogue(rows, cols, /*atomic=*/!first);
            int64_t bStage = read(std::min(kS, kLen) * cols * s.elementBytes);
            if (t.l0cBuffers == 1) {
              // As in tileCycles: the epilogue is on the M path and stalls
              // MTE2 beyond the stages it may load ahead.
              pipes.cube += pipes.fix;
              int64_t ahead =
                  t.l1Buffers - 1 + (t.kStages <= 2 ? 2 / t.kStages : 0);
              pipes.loads +=
                  std::max<int64_t>(0, pipes.fix - ahead * bStage);
            }
            // One stage per tile: the next tile's load waits for this
            // one's slices (tileCycles).
            if (stages == 1)
              pipes.loads = std::max(pipes.loads,
                                     pipes.loads +
                                         std::max(pipes.mte1, pipes.cube));
            // The ring restarts at buffer 0 with every tile (tileCycles).
            if (stages > 1 && (stages - 1) % t.l1Buffers == 0) {
              int64_t lastLen = kLen - (stages - 1) * kS;
              int64_t lastSlice =
                  lastLen % t.tk ? lastLen % t.tk : std::min(t.tk, lastLen);
              pipes.cube += std::max<int64_t>(
                  0, bStage + extract(rows, cols, std::min(t.tk, kLen)) -
                         mmad(rows, cols, lastSlice));
            }
            pipes.loads += extraLoads;
            return pipes;
          };
          auto add = [&](const TilePipes &pipes, int64_t count) {
            steady += times * count * pipes.busiest();
            sums.loads += times * count * pipes.loads;
            sums.mte1 += times * count * pipes.mte1;
            sums.cube += times * count * pipes.cube;
            sums.fix += times * count * pipes.fix;
          };
          int64_t full = tiles - (partial ? 1 : 0);
          int64_t lastCols = partial ? plan.lastCols : t.tn;
          // Carriers: the full tiles after tile 0 first, then the partial
          // one (the last); a lone tile carries them all.
          int64_t fullCarriers =
              tiles == 1 ? std::min<int64_t>(carriers, full)
                         : std::min(carriers, std::max<int64_t>(full - 1, 0));
          int64_t lastCarrier = carriers - fullCarriers;
          add(tileOf(t.tn, perCarrier), fullCarriers);
          add(tileOf(t.tn, 0), full - fullCarriers);
          if (partial)
            add(tileOf(lastCols, lastCarrier ? aLoads - fullCarriers *
                                                           perCarrier
                                             : 0),
                1);
          // The segment's first tile loads the first chunk's A itself.
          if (first) {
            TilePipes tile0 = tileOf(full ? t.tn : lastCols, 0);
            steady += std::max<int64_t>(0, aLoads + tile0.loads -
                                               tile0.busiest());
            sums.loads += aLoads;
          }
        }
      }
      if (!sums.cube)
        continue;
      int64_t total = std::max(steady, sums.busiest()) + fillAndDrain(sums);
      busiest = std::max(busiest, total);
    }
    // The die's HBM: all blocks' misses and FIX writes (ascend-aicore-estimate
    // counts each write's L0C bytes).
    double written = double(chunks) * s.m * s.n * 4;
    double hbmBytesPerCycle = target.hbmBytesPerSecond / target.clockHz;
    auto hbm = static_cast<int64_t>(
        std::ceil((requested * (1 - hitRatio) + written) / hbmBytesPerCycle));
    return std::max(busiest, hbm);
  }

private:
  /// GM bytes of A the tiles of one column of tiles of one image load.
  double aBytesOfRows() {
    int64_t kS = t.kStages * t.tk;
    auto tileBytes = [&](int64_t rows) {
      double bytes = double(s.k / kS) * aStageBytes(s, rows, kS);
      if (s.k % kS)
        bytes += aStageBytes(s, rows, s.k % kS);
      return bytes;
    };
    double bytes = double(s.m / t.tm) * tileBytes(t.tm);
    if (s.m % t.tm)
      bytes += tileBytes(s.m % t.tm);
    return bytes;
  }

  /// Steady-state cycles of one output tile on each pipe: MTE2 (with its
  /// stall during an uncovered epilogue), MTE1, M (with the epilogue when
  /// the next tile waits for the one accumulator) and the epilogue chain.
  struct TilePipes {
    int64_t loads = 0, mte1 = 0, cube = 0, fix = 0;
    int64_t busiest() const { return std::max({loads, mte1, cube, fix}); }
  };

  /// What the block's bottleneck pipe (the largest sum over its tiles)
  /// cannot overlap: the work before its first instruction (pipeline fill)
  /// and after its last one (drain). MTE2: the last stage's slice extract,
  /// its mmads and the epilogue; M: the first stage's load and slice (with
  /// one accumulator the last epilogue is already on the M path); MTE1 and
  /// FIX likewise.
  int64_t fillAndDrain(const TilePipes &sums) {
    int64_t kS = std::min(t.kStages * t.tk, s.k), tk = std::min(t.tk, s.k);
    int64_t load = stageLoad(t.tm, t.tn, kS), slice = extract(t.tm, t.tn, tk);
    int64_t stageMmad = mmad(t.tm, t.tn, kS), last = epilogue(t.tm, t.tn);
    int64_t bound = sums.busiest();
    if (bound == sums.loads)
      return slice + stageMmad + last;
    if (bound == sums.cube)
      return load + slice + (t.l0cBuffers == 1 ? 0 : last);
    if (bound == sums.mte1)
      return load + mmad(t.tm, t.tn, tk) + last;
    return load + slice + stageMmad;
  }

  /// One GM transfer (DMA instruction): its fixed cost, then its bytes.
  int64_t read(int64_t bytes) {
    return rates.gmTransferCycles +
           static_cast<int64_t>(std::ceil(bytes * readCost));
  }
  int64_t write(int64_t bytes) {
    return rates.gmTransferCycles +
           llvm::divideCeil(bytes, rates.l2WriteBytesPerCycle);
  }
  int64_t onChip(int64_t bytes) {
    return llvm::divideCeil(bytes, rates.onChipBytesPerCycle);
  }
  /// MTE2: one L1 stage of both operands.
  int64_t stageLoad(int64_t rows, int64_t cols, int64_t kLen) {
    return read(aStageBytes(s, rows, kLen)) + read(kLen * cols * s.elementBytes);
  }
  /// MTE1: one L0 slice of both operands.
  int64_t extract(int64_t rows, int64_t cols, int64_t kLen) {
    return onChip(rows * kLen * s.elementBytes) + onChip(kLen * cols * s.elementBytes);
  }
  int64_t mmad(int64_t rows, int64_t cols, int64_t kLen) {
    return llvm::divideCeil(rows, target.cubeM) *
           llvm::divideCeil(cols, target.cubeN) * llvm::divideCeil(kLen, s.k0(target));
  }
  /// The chain that frees L0C: FIX to GM (a bias is added by the Cube,
  /// from the bias table), converting the f32 accumulator to the result's
  /// element type on the way: the bytes written are the result's. An
  /// atomic add (split-K parts, K chunks after the first) also reads them
  /// out of L2, as the kernel model costs it.
  int64_t epilogue(int64_t rows, int64_t cols, bool atomic = false) {
    int64_t bytes = rows * cols * s.elementBytes;
    return write(bytes) +
           (atomic ? llvm::divideCeil(bytes, rates.l2ReadBytesPerCycle) : 0);
  }

  /// One output tile of `rows` x `cols` valid elements over `kLen`
  /// elements of K (all of K, or a split-K part, whose epilogue is an
  /// atomic add when `atomic`), with the bias row when `bias`, in steady
  /// state.
  TilePipes tileCycles(int64_t rows, int64_t cols, int64_t kLen, bool bias,
                       bool atomic = false) {
    int64_t kS = t.kStages * t.tk;
    int64_t fullStages = kLen / kS, rest = kLen % kS;
    int64_t mte2 = 0, mte1 = 0, m = 0;
    auto addStage = [&](int64_t kLen) {
      mte2 += stageLoad(rows, cols, kLen);
      for (int64_t k = 0; k < kLen; k += t.tk) {
        int64_t len = std::min(t.tk, kLen - k);
        mte1 += extract(rows, cols, len);
        m += mmad(rows, cols, len);
      }
    };
    if (fullStages) {
      int64_t before = mte2, mte1Before = mte1, mBefore = m;
      addStage(kS);
      mte2 = before + fullStages * (mte2 - before);
      mte1 = mte1Before + fullStages * (mte1 - mte1Before);
      m = mBefore + fullStages * (m - mBefore);
    }
    if (rest)
      addStage(rest);
    if (bias) {
      // The bias row: GM -> L1 with the first stage, L1 -> BT.
      mte2 += read(cols * s.elementBytes);
      mte1 += onChip(cols * 4);
    }
    int64_t fix = epilogue(rows, cols, atomic);
    // With one L0C buffer the next tile's first mmad waits for the
    // epilogue: on the M pipe the two follow each other. Meanwhile MTE2 can
    // only load the stages whose L1 buffers are free: the l1Buffers - 1
    // stages ahead, plus those the two L0 slices let MTE1 extract without
    // a new mmad; the rest of the epilogue stalls it.
    int64_t cube = m, loads = mte2;
    if (t.l0cBuffers == 1) {
      cube += fix;
      int64_t ahead = t.l1Buffers - 1 + (t.kStages <= 2 ? 2 / t.kStages : 0);
      loads += std::max<int64_t>(
          0, fix - ahead * stageLoad(rows, cols, std::min(kS, kLen)));
    }
    // With a single stage per tile every tile's stage is in L1 buffer 0:
    // the next tile's load waits until this one's slices are extracted
    // (each after the mmad that frees its L0 buffer), so MTE2 does not
    // overlap MTE1 and the Cube.
    int64_t stages = fullStages + (rest ? 1 : 0);
    if (stages == 1)
      loads = std::max(loads, mte2 + std::max(mte1, m));
    // The ring restarts at buffer 0 with every tile: when the tile's last
    // stage is in buffer 0 too ((stages - 1) mod l1Buffers == 0, e.g. 3
    // stages in a ring of 2), the next tile's first load waits until that
    // stage's last slice is extracted, and the Cube then waits for the
    // load and the first slice beyond what it still has to do (the last
    // slice's mmads and, with one accumulator, the epilogue).
    if (stages > 1 && (stages - 1) % t.l1Buffers == 0) {
      int64_t first = std::min(kS, kLen), last = rest ? rest : kS;
      int64_t lastSlice = last % t.tk ? last % t.tk : std::min(t.tk, last);
      int64_t bubble = stageLoad(rows, cols, first) +
                       extract(rows, cols, std::min(t.tk, first)) -
                       mmad(rows, cols, lastSlice) -
                       (t.l0cBuffers == 1 ? fix : 0);
      cube += std::max<int64_t>(0, bubble);
    }
    return {loads, mte1, cube, fix};
  }

  const GemmProblem &s;
  const MatMulTiling &t;
  const AICoreTarget &target;
  const AICoreDataRates &rates;
  double hitRatio = 0, readCost = 0;
};
} // namespace

SmallVector<MatMulRegion>
mlir::ascend::getMatMulRegions(int64_t m, int64_t n, const MatMulTiling &t,
                               int64_t images) {
  // Full tiles, then the edge row / column of tiles, in one global order.
  int64_t fullM = m / t.tm, restM = m % t.tm;
  int64_t fullN = n / t.tn, restN = n % t.tn;
  SmallVector<MatMulRegion> regions;
  int64_t offset = 0;
  for (auto [mTiles, rows, rowBase] :
       {std::tuple{fullM, t.tm, int64_t(0)},
        std::tuple{int64_t(restM ? 1 : 0), restM, fullM * t.tm}}) {
    for (auto [nTiles, cols, colBase] :
         {std::tuple{fullN, t.tn, int64_t(0)},
          std::tuple{int64_t(restN ? 1 : 0), restN, fullN * t.tn}}) {
      if (!mTiles || !nTiles)
        continue;
      regions.push_back(
          {images * mTiles, nTiles, rows, cols, rowBase, colBase, offset});
      if (images > 1)
        regions.back().imageTiles = mTiles;
      offset += images * mTiles * nTiles;
    }
  }
  return regions;
}

bool mlir::ascend::fitsBuffers(const GemmProblem &s, const MatMulTiling &t,
                               const AICoreTarget &target, std::string &why) {
  const AICoreMemories &mem = target.memories;
  const int64_t eb = s.elementBytes, accBytes = 4; // f32 accumulator in L0C.
  auto over = [&](const char *space, int64_t bytes, int64_t capacity) {
    if (bytes <= capacity)
      return false;
    llvm::raw_string_ostream(why)
        << space << " needs " << bytes << " bytes, more than its " << capacity;
    return true;
  };
  if (t.kChunk > 0) {
    // The A chunk buffers (one L1 slot per stage) replace A's ring.
    KChunkPlan plan = getKChunkPlan(s.m, s.n, s.k, t);
    return !over("L0C", t.l0cBuffers * t.tm * t.tn * accBytes,
                 mem.l0c.capacity) &&
           !(s.withBias &&
             over("BT", t.l0cBuffers * t.tn * accBytes, mem.bt.capacity)) &&
           !over("L0A", 2 * t.tm * t.tk * eb, mem.l0a.capacity) &&
           !over("L0B", 2 * t.tk * t.tn * eb, mem.l0b.capacity) &&
           !over("L1",
                 plan.aBuffers * plan.stages *
                         aStageBytes(s, t.tm, t.kStages * t.tk) +
                     t.l1Buffers * t.tn * t.kStages * t.tk * eb +
                     (s.withBias ? t.tn * eb : 0),
                 mem.l1.capacity);
  }
  return !over("L0C", t.l0cBuffers * t.tm * t.tn * accBytes,
               mem.l0c.capacity) &&
         !(s.withBias &&
           over("BT", t.l0cBuffers * t.tn * accBytes, mem.bt.capacity)) &&
         !over("L0A", 2 * t.tm * t.tk * eb, mem.l0a.capacity) &&
         !over("L0B", 2 * t.tk * t.tn * eb, mem.l0b.capacity) &&
         !over("L1",
               t.l1Buffers * (aStageBytes(s, t.tm, t.kStages * t.tk) +
                              t.tn * t.kStages * t.tk * eb) +
                   (s.withBias ? t.tn * eb : 0),
               mem.l1.capacity);
}

FailureOr<SplitKPlan> mlir::ascend::getSplitKPlan(int64_t m, int64_t n,
                                                  int64_t k,
                                                  const MatMulTiling &t,
                                                  std::string &why) {
  SmallVector<MatMulRegion> regions = getMatMulRegions(m, n, t);
  SplitKPlan plan;
  plan.tiles = regions.back().offset + regions.back().count();
  plan.parts = t.splitK;
  plan.splitTiles = t.splitTiles;
  if (plan.parts < 2 || plan.splitTiles < 1 || plan.splitTiles > plan.tiles) {
    llvm::raw_string_ostream(why)
        << "split-k needs at least 2 parts and 1 to " << plan.tiles
        << " split tiles, got " << plan.parts << " parts of "
        << plan.splitTiles << " tiles";
    return failure();
  }
  plan.dpTiles = plan.tiles - plan.splitTiles;
  plan.units = plan.splitTiles * plan.parts;
  // Parts of whole 16-element K blocks (32 B-aligned GM reads); the last
  // one takes the rest.
  plan.kPart = llvm::divideCeil(llvm::divideCeil(k, plan.parts), 16) * 16;
  plan.lastPart = k - (plan.parts - 1) * plan.kPart;
  if (plan.lastPart <= 0) {
    llvm::raw_string_ostream(why)
        << "split-k " << plan.parts << " leaves an empty K part for K = " << k
        << " (parts of " << plan.kPart << ")";
    return failure();
  }
  // The result rows from the first split tile's first row on.
  int64_t firstRow = m;
  for (const MatMulRegion &r : regions) {
    if (r.offset + r.count() <= plan.dpTiles)
      continue;
    int64_t first = std::max<int64_t>(0, plan.dpTiles - r.offset);
    firstRow = std::min(firstRow, r.rowBase + (first / r.colTiles) * t.tm);
  }
  plan.cleanFirst = firstRow * n;
  plan.cleanCount = (m - firstRow) * n;
  return plan;
}

KChunkPlan mlir::ascend::getKChunkPlan(int64_t m, int64_t n, int64_t k,
                                       const MatMulTiling &t) {
  KChunkPlan plan;
  plan.rowTiles = llvm::divideCeil(m, t.tm);
  plan.colTiles = llvm::divideCeil(n, t.tn);
  plan.tiles = plan.rowTiles * plan.colTiles;
  plan.blocks = t.blockDim > 0 ? t.blockDim : 1;
  plan.lastRows = m - (plan.rowTiles - 1) * t.tm;
  plan.lastCols = n - (plan.colTiles - 1) * t.tn;
  int64_t chunk = std::max<int64_t>(t.kChunk, 1);
  for (int64_t c = 0; c < k; c += chunk)
    plan.chunkLengths.push_back(std::min(chunk, k - c));
  plan.aBuffers = plan.chunkLengths.size() > 1 ? 2 : 1;
  plan.stages =
      llvm::divideCeil(plan.chunkLengths.front(), t.kStages * t.tk);
  return plan;
}

/// Cycles of the memory-clean task before a split-K kernel, as the kernel
/// model costs it (ascend-aicore-estimate, `atomic_clean`).
static int64_t atomicCleanCycles(const GemmProblem &s, const MatMulTiling &t,
                                 const AICoreTarget &target) {
  std::string unused;
  FailureOr<SplitKPlan> plan = getSplitKPlan(s.m, s.n, s.k, t, unused);
  if (failed(plan))
    return 0;
  double seconds =
      std::max(target.minKernelMicros * 1e-6,
               double(plan->cleanCount) * s.elementBytes / target.hbmBytesPerSecond);
  return static_cast<int64_t>(std::ceil(seconds * target.clockHz));
}

void mlir::ascend::completeTiling(const GemmProblem &s, MatMulTiling &t,
                                  const AICoreTarget &target) {
  int64_t tiles = s.images * llvm::divideCeil(s.m, t.tm) *
                  llvm::divideCeil(s.n, t.tn);
  t.blockDim = std::min(target.cubeCores, tiles);
  if (t.splitK > 1) {
    // Whole tiles and split units, each dealt round robin.
    int64_t units = t.splitTiles * t.splitK;
    t.blockDim = std::min(target.cubeCores, tiles - t.splitTiles + units);
  }
  t.cycles = getModeledCycles(s, t, target);
}

int64_t mlir::ascend::getModeledCycles(const GemmProblem &s,
                                       const MatMulTiling &t,
                                       const AICoreTarget &target) {
  int64_t cycles = MatMulCostModel(s, t, target).cycles();
  if (t.splitK > 1)
    cycles += atomicCleanCycles(s, t, target);
  return cycles;
}

int64_t mlir::ascend::getDefaultSplitTiles(int64_t tiles, int64_t cores) {
  if (tiles <= cores)
    return tiles;
  return tiles % cores ? tiles % cores : cores;
}

/// Calls `consider` with the split-K variants of `t` (completed, without a
/// split) worth scoring (the
/// forced one only, with `o.forcedSplit`): the last partial wave of tiles,
/// or it and the whole wave before it, cut into 2 to 16 K parts (at most
/// two units per core, or 2 parts). A variant
/// cannot beat the tiles' work spread evenly over the cores, so none is
/// scored when that bound is no better than `bestCycles` (0: no best yet).
static void
searchSplitK(const GemmProblem &s, const TileSearchOptions &o,
             const MatMulTiling &t, const AICoreTarget &target,
             int64_t bestCycles,
             llvm::function_ref<void(MatMulTiling)> consider) {
  if (s.images != 1)
    return;
  int64_t tiles = llvm::divideCeil(s.m, t.tm) * llvm::divideCeil(s.n, t.tn);
  int64_t cores = target.cubeCores;
  std::string unused;
  auto variant = [&](int64_t parts, int64_t splitTiles) {
    MatMulTiling v = t;
    v.splitK = parts;
    v.splitTiles = splitTiles;
    if (succeeded(getSplitKPlan(s.m, s.n, s.k, v, unused)))
      consider(v);
  };
  if (!o.forcedSplit.empty()) {
    int64_t splitTiles = o.forcedSplit.size() > 1 && o.forcedSplit[1] > 0
                             ? std::min(o.forcedSplit[1], tiles)
                             : getDefaultSplitTiles(tiles, cores);
    variant(o.forcedSplit[0], splitTiles);
    return;
  }
  if (tiles > cores && tiles % cores == 0)
    return; // whole waves: nothing to balance
  if (bestCycles) {
    // The non-split figure (`t.cycles`) scaled from whole waves to the
    // waves the cores would need with perfect balance: a bound no split
    // beats.
    double waves = double(tiles) / cores;
    if (double(t.cycles) * waves / std::ceil(waves) >= bestCycles)
      return;
  }
  SmallVector<int64_t, 2> splitTiles{getDefaultSplitTiles(tiles, cores)};
  if (tiles > cores && splitTiles[0] + cores <= tiles)
    splitTiles.push_back(splitTiles[0] + cores);
  // More than two units per core only adds parts' overheads to the same
  // balance (two parts are always tried).
  for (int64_t split : splitTiles)
    for (int64_t parts = 2;
         parts <= 16 && (parts == 2 || split * parts <= 2 * cores); ++parts)
      variant(parts, split);
}

/// Calls `consider` with the K-chunked variants of `t` worth scoring (the
/// forced chunk length only, with `o.kChunk` > 0): all of K in one chunk
/// (A's rows loaded once per segment), and K cut into the fewest chunks
/// whose two A buffers fit L1 beside the B ring, balanced, each a whole
/// number of ring turns (kStages * tk * l1Buffers) but the last.
static void searchKChunk(const GemmProblem &s, const TileSearchOptions &o,
                         const MatMulTiling &t,
                         const AICoreTarget &target,
                         llvm::function_ref<void(MatMulTiling)> consider) {
  if (s.images != 1 || s.conv || s.batched)
    return;
  // A is shared by the tiles of a core: with fewer than two per core the
  // search leaves the matmul to the tile-by-tile schedule (the option may
  // force it).
  int64_t tiles = llvm::divideCeil(s.m, t.tm) * llvm::divideCeil(s.n, t.tn);
  if (o.kChunk < 0 && tiles < 2 * target.cubeCores)
    return;
  int64_t kS = t.kStages * t.tk;
  std::string unused;
  auto variant = [&](int64_t chunk) {
    MatMulTiling v = t;
    v.kChunk = chunk;
    // At most 64 chunks (the kernel unrolls the chunks of a segment).
    if (chunk % kS || llvm::divideCeil(s.k, chunk) > 64 ||
        !fitsBuffers(s, v, target, unused))
      return;
    consider(v);
  };
  if (o.kChunk > 0) {
    variant(o.kChunk);
    return;
  }
  variant(llvm::divideCeil(s.k, kS) * kS);
  int64_t ring = t.l1Buffers * t.tn * kS * s.elementBytes + (s.withBias ? t.tn * s.elementBytes : 0);
  int64_t turns = (target.memories.l1.capacity - ring) /
                  (2 * t.l1Buffers * aStageBytes(s, t.tm, kS));
  if (turns < 1 || turns * t.l1Buffers * kS >= s.k)
    return;
  int64_t turn = t.l1Buffers * kS;
  int64_t chunks = llvm::divideCeil(s.k, turns * turn);
  variant(llvm::divideCeil(llvm::divideCeil(s.k, chunks), turn) * turn);
}

FailureOr<MatMulTiling>
mlir::ascend::searchTiling(const GemmProblem &s, const AICoreTarget &target,
                           const TileSearchOptions &o,
                                            std::string &why) {
  const int64_t m = s.m, n = s.n, k = s.k;
  const GemmProblem *shape = &s;
  const int64_t eb = shape->elementBytes;
  const AICoreMemories &mem = target.memories;
  // Tiles are whole Cube fractals: multiples of 16 up to the dimension
  // rounded up to 16 (the edge tile is then partial).
  const int64_t unit = target.cubeM;
  auto roundUp = [&](int64_t x) -> int64_t {
    return (x + unit - 1) / unit * unit;
  };

  std::optional<MatMulTiling> best;
  std::string unused;
  for (int64_t tm = unit; tm <= roundUp(m); tm += unit) {
    for (int64_t tn = unit; tn <= roundUp(n); tn += unit) {
      for (int64_t l0cBuffers : {1, 2}) {
        // L0A / L0B hold two slices each (ping-pong).
        int64_t tkMax = std::min(mem.l0a.capacity / (2 * tm * eb),
                                 mem.l0b.capacity / (2 * tn * eb));
        tkMax = std::min(tkMax / unit * unit, roundUp(k));
        for (int64_t tk = tkMax; tk >= std::max(unit, tkMax / 2); tk -= unit) {
          for (int64_t kStages : {1, 2, 4, 8}) {
            // Longer stages only while K still takes two or more: the L1
            // buffer of a stage follows its number inside the tile, so a
            // tile of one stage would reuse the same buffer as the last
            // tile and not overlap its load with that tile's mmads.
            if (kStages > 1 && kStages * tk >= k)
              break;
            for (int64_t l1Buffers : {2, 4, 8}) {
              // No more L1 buffers than stages.
              if (l1Buffers > 2 && (l1Buffers / 2) * kStages * tk >= k)
                break;
              MatMulTiling t{tm, tn, tk, kStages, l1Buffers, l0cBuffers, 1, 0};
              if (!fitsBuffers(*shape, t, target, unused))
                continue;
              auto key = [](const MatMulTiling &x) {
                return std::make_tuple(x.cycles, x.blockDim, x.splitK,
                                       x.kChunk, x.l1Buffers,
                                       -x.tk * x.kStages, -x.tn, -x.tm,
                                       x.l0cBuffers, x.splitTiles);
              };
              auto consider = [&](MatMulTiling candidate) {
                completeTiling(*shape, candidate, target);
                if (!best || key(candidate) < key(*best))
                  best = candidate;
              };
              completeTiling(*shape, t, target);
              if (o.forcedSplit.empty() && o.kChunk <= 0 &&
                  (!best || key(t) < key(*best)))
                best = t;
              if (o.allowSplitK && o.kChunk <= 0)
                searchSplitK(s, o, t, target, best ? best->cycles : 0, consider);
              if (o.kChunk != 0 && o.forcedSplit.empty())
                searchKChunk(s, o, t, target, consider);
            }
          }
        }
      }
    }
  }
  if (!best) {
    llvm::raw_string_ostream(why)
        << "no tiling of " << m << "x" << n << "x" << k << " fits the "
        << target.name << " buffers";
    return failure();
  }
  return *best;
}

FailureOr<MatMulTiling> mlir::ascend::checkTiling(const GemmProblem &s,
                                                  MatMulTiling t,
                                                  const AICoreTarget &target,
                                                  std::string &why) {
  const GemmProblem *shape = &s;
  const int64_t unit = target.cubeM;
  if (t.tm <= 0 || t.tn <= 0 || t.tk <= 0 || t.tm % unit || t.tn % unit ||
      t.tk % unit) {
    llvm::raw_string_ostream(why)
        << "tile sizes must be positive multiples of " << unit << ", got "
        << t.tm << ", " << t.tn << ", " << t.tk;
    return failure();
  }
  if (t.kStages < 1 || (t.l0cBuffers != 1 && t.l0cBuffers != 2) ||
      (t.l1Buffers != 2 && t.l1Buffers != 4 && t.l1Buffers != 8)) {
    llvm::raw_string_ostream(why)
        << "k-stages must be at least 1, l0c-buffers 1 or 2 and l1-buffers "
           "2, 4 or 8, got "
        << t.kStages << ", " << t.l0cBuffers << " and " << t.l1Buffers;
    return failure();
  }
  if (t.kChunk > 0) {
    int64_t kS = t.kStages * t.tk;
    if (t.kChunk % kS || llvm::divideCeil(s.k, t.kChunk) > 64 ||
        t.splitK > 1 || s.images != 1 || s.conv || s.batched) {
      llvm::raw_string_ostream(why)
          << "k-chunk " << t.kChunk << " must be a multiple of k-stages x tk"
          << " (" << kS << ") cutting K = " << s.k
          << " into at most 64 chunks, in a plain matmul without split-k";
      return failure();
    }
  }
  std::string overflow;
  if (!fitsBuffers(*shape, t, target, overflow)) {
    llvm::raw_string_ostream(why)
        << "tiling " << t.tm << "x" << t.tn << "x" << t.tk << " (k-stages "
        << t.kStages << ", l1-buffers " << t.l1Buffers << ", l0c-buffers "
        << t.l0cBuffers << ") does not fit " << target.name << ": " << overflow;
    return failure();
  }
  completeTiling(*shape, t, target);
  return t;
}

FailureOr<MatMulTiling> mlir::ascend::applySplit(const GemmProblem &p,
                                                 MatMulTiling t,
                                                 const AICoreTarget &target,
                                                 ArrayRef<int64_t> forcedSplit,
                                                 std::string &why) {
  if (!forcedSplit.empty() && forcedSplit[0] > 1 && t.tm > 0 && t.tn > 0) {
    int64_t tiles = llvm::divideCeil(p.m, t.tm) * llvm::divideCeil(p.n, t.tn);
    t.splitK = forcedSplit[0];
    t.splitTiles = forcedSplit.size() > 1 && forcedSplit[1] > 0
                       ? std::min(forcedSplit[1], tiles)
                       : getDefaultSplitTiles(tiles, target.cubeCores);
    if (failed(getSplitKPlan(p.m, p.n, p.k, t, why)))
      return failure();
  }
  return t;
}

int64_t mlir::ascend::getRowBands(int64_t m, int64_t tm, int64_t images) {
  return images * llvm::divideCeil(m, tm);
}

//===----------------------------------------------------------------------===//
// ConvGeometry
//===----------------------------------------------------------------------===//

int64_t ConvGeometry::stageChannels(int64_t kLen) const {
  // [k, k + kLen) spans channels k / KK ... (k + kLen - 1) / KK; at most
  // this many whatever k is.
  int64_t taps = kernelH * kernelW;
  return std::min(groupChannels(), (kLen + taps - 2) / taps + 1);
}

int64_t ConvGeometry::bandRows(int64_t rows) const {
  // `rows` consecutive pixels of a row-major Ho x Wo output span at most
  // this many output rows; each output row reads `strideH` further down.
  int64_t outRows = std::min(outH, (rows + outW - 2) / outW + 1);
  // Rows of the (dilated) image the window covers; every inputDilationH-th
  // of them is stored.
  int64_t span = (outRows - 1) * strideH + dilationH * (kernelH - 1) + 1;
  return std::min(height, (span + inputDilationH - 1) / inputDilationH);
}

int64_t ConvGeometry::stageBytes(int64_t rows, int64_t kLen,
                                 int64_t elementBytes) const {
  return stageChannels(kLen) * bandRows(rows) * width * elementBytes;
}
