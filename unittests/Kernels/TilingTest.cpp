//===- TilingTest.cpp - the Cube tiling math and tile search --------------===//
//
// The pure functions of ascend/Kernels/AICore/Tiling.h on real shapes of the
// default chip (Ascend910B2: 24 Cube cores, L0A/L0B 64 KiB, L0C 128 KiB,
// L1 512 KiB). The plans (regions, split-K, K chunks) are checked against
// values worked out by hand in the comments; the search results are those
// the pass attaches as `aicore.tiling` (test/Conversion/MindSporeToAICore/
// cube-utilization.mlir checks the 4096^3 one at the IR level too).
//
//===----------------------------------------------------------------------===//
#include "ascend/Kernels/AICore/Tiling.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::ascend;

namespace {

const aicore::AICoreTarget &chip() { return aicore::getDefaultTarget(); }

GemmProblem gemm(int64_t m, int64_t n, int64_t k, int64_t elementBytes = 2,
                 bool withBias = false) {
  GemmProblem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.elementBytes = elementBytes;
  p.withBias = withBias;
  return p;
}

/// The options the pass searches a plain matmul with by default (no
/// `split-k`, `k-chunk` -1): split-K and K-chunked tilings both considered.
TileSearchOptions passDefaults() {
  TileSearchOptions o;
  o.allowSplitK = true;
  o.kChunk = -1;
  return o;
}

MatMulTiling tiling(int64_t tm, int64_t tn, int64_t tk, int64_t kStages,
                    int64_t l1Buffers, int64_t l0cBuffers) {
  MatMulTiling t{tm, tn, tk, kStages, l1Buffers, l0cBuffers, 1, 0};
  return t;
}

MatMulTiling search(const GemmProblem &p, const TileSearchOptions &o) {
  std::string why;
  FailureOr<MatMulTiling> t = searchTiling(p, chip(), o, why);
  EXPECT_TRUE(succeeded(t)) << why;
  return succeeded(t) ? *t : MatMulTiling{};
}

void expectTiling(const MatMulTiling &t, int64_t tm, int64_t tn, int64_t tk,
                  int64_t kStages, int64_t l1Buffers, int64_t l0cBuffers,
                  int64_t blockDim) {
  EXPECT_EQ(t.tm, tm);
  EXPECT_EQ(t.tn, tn);
  EXPECT_EQ(t.tk, tk);
  EXPECT_EQ(t.kStages, kStages);
  EXPECT_EQ(t.l1Buffers, l1Buffers);
  EXPECT_EQ(t.l0cBuffers, l0cBuffers);
  EXPECT_EQ(t.blockDim, blockDim);
}

//===----------------------------------------------------------------------===//
// Regions, split-K and K-chunk plans
//===----------------------------------------------------------------------===//

TEST(MatMulRegions, FullTilesThenEdgeColumnRowAndCorner) {
  // [100, 50] in 32 x 16 tiles: 3 full rows of tiles and a 4-row edge,
  // 3 full columns and a 2-column edge; 16 tiles in one global order.
  SmallVector<MatMulRegion> r =
      getMatMulRegions(100, 50, tiling(32, 16, 16, 1, 2, 1));
  ASSERT_EQ(r.size(), 4u);
  auto expect = [](const MatMulRegion &x, int64_t rowTiles, int64_t colTiles,
                   int64_t rows, int64_t cols, int64_t rowBase,
                   int64_t colBase, int64_t offset) {
    EXPECT_EQ(x.rowTiles, rowTiles);
    EXPECT_EQ(x.colTiles, colTiles);
    EXPECT_EQ(x.rows, rows);
    EXPECT_EQ(x.cols, cols);
    EXPECT_EQ(x.rowBase, rowBase);
    EXPECT_EQ(x.colBase, colBase);
    EXPECT_EQ(x.offset, offset);
    EXPECT_EQ(x.imageTiles, 0);
  };
  expect(r[0], 3, 3, 32, 16, 0, 0, 0);
  expect(r[1], 3, 1, 32, 2, 0, 48, 9);
  expect(r[2], 1, 3, 4, 16, 96, 0, 12);
  expect(r[3], 1, 1, 4, 2, 96, 48, 15);
  EXPECT_EQ(r[3].offset + r[3].count(), 16);
}

TEST(MatMulRegions, StackedImagesNeverCrossAnImage) {
  // Two [100, 50] images: each region has its rows of tiles image by image.
  SmallVector<MatMulRegion> r =
      getMatMulRegions(100, 50, tiling(32, 16, 16, 1, 2, 1), /*images=*/2);
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[0].rowTiles, 6);
  EXPECT_EQ(r[0].imageTiles, 3);
  EXPECT_EQ(r[1].offset, 18);
  EXPECT_EQ(r[2].offset, 24);
  EXPECT_EQ(r[2].rowTiles, 2);
  EXPECT_EQ(r[2].imageTiles, 1);
  EXPECT_EQ(r[3].offset, 30);
  EXPECT_EQ(r[3].offset + r[3].count(), 32);
}

TEST(MatMulRegions, OneRegionWhenTheTilesDivideTheResult) {
  SmallVector<MatMulRegion> r =
      getMatMulRegions(4096, 4096, tiling(128, 128, 64, 2, 4, 2));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].count(), 1024);
}

TEST(SplitKPlan, AllTilesSplitFor256x256x7168) {
  // The search's choice (below): 2 tiles of 128 x 256, both cut into 12 K
  // parts of ceil(ceil(7168 / 12) / 16) * 16 = 608, the last 7168 - 11 *
  // 608 = 480; 24 units, one per core; the whole result starts at zero.
  MatMulTiling t = tiling(128, 256, 48, 2, 2, 1);
  t.splitK = 12;
  t.splitTiles = 2;
  std::string why;
  FailureOr<SplitKPlan> plan = getSplitKPlan(256, 256, 7168, t, why);
  ASSERT_TRUE(succeeded(plan)) << why;
  EXPECT_EQ(plan->tiles, 2);
  EXPECT_EQ(plan->dpTiles, 0);
  EXPECT_EQ(plan->units, 24);
  EXPECT_EQ(plan->kPart, 608);
  EXPECT_EQ(plan->lastPart, 480);
  EXPECT_EQ(plan->cleanFirst, 0);
  EXPECT_EQ(plan->cleanCount, 256 * 256);
}

TEST(SplitKPlan, OnlyTheLastPartialWaveSplits) {
  // [640, 640] in 128 x 128 tiles: 25 tiles on 24 cores; the default split
  // takes the last one (25 mod 24), in 3 parts of K = 1000: 336, 336, 328.
  // It is tile 24, in row of tiles 4: the clean starts at row 512.
  EXPECT_EQ(getDefaultSplitTiles(25, 24), 1);
  MatMulTiling t = tiling(128, 128, 64, 2, 2, 2);
  t.splitK = 3;
  t.splitTiles = 1;
  std::string why;
  FailureOr<SplitKPlan> plan = getSplitKPlan(640, 640, 1000, t, why);
  ASSERT_TRUE(succeeded(plan)) << why;
  EXPECT_EQ(plan->dpTiles, 24);
  EXPECT_EQ(plan->units, 3);
  EXPECT_EQ(plan->kPart, 336);
  EXPECT_EQ(plan->lastPart, 328);
  EXPECT_EQ(plan->cleanFirst, 512 * 640);
  EXPECT_EQ(plan->cleanCount, 128 * 640);
}

TEST(SplitKPlan, RefusesEmptyPartsAndBadCounts) {
  MatMulTiling t = tiling(128, 128, 64, 2, 2, 2);
  std::string why;
  // K = 40 in 4 parts of 16: the last would be 40 - 48 < 0.
  t.splitK = 4;
  t.splitTiles = 1;
  EXPECT_TRUE(failed(getSplitKPlan(640, 640, 40, t, why)));
  EXPECT_EQ(why, "split-k 4 leaves an empty K part for K = 40 (parts of 16)");
  why.clear();
  t.splitK = 1;
  EXPECT_TRUE(failed(getSplitKPlan(640, 640, 1000, t, why)));
  EXPECT_EQ(why, "split-k needs at least 2 parts and 1 to 25 split tiles, "
                 "got 1 parts of 1 tiles");
  why.clear();
  t.splitK = 2;
  t.splitTiles = 26;
  EXPECT_TRUE(failed(getSplitKPlan(640, 640, 1000, t, why)));
  EXPECT_EQ(why, "split-k needs at least 2 parts and 1 to 25 split tiles, "
                 "got 2 parts of 26 tiles");
}

TEST(SplitKPlan, DefaultSplitTiles) {
  EXPECT_EQ(getDefaultSplitTiles(2, 24), 2);   // fewer tiles than cores
  EXPECT_EQ(getDefaultSplitTiles(48, 24), 24); // whole waves: the last
  EXPECT_EQ(getDefaultSplitTiles(50, 24), 2);  // the partial wave
}

TEST(KChunkPlan, FourThousandCubed) {
  // 128 x 128 tiles: 32 x 32 = 1024 of them over 24 blocks (42 or 43
  // each, contiguous); K = 4096 in 8 chunks of 512, each 512 / (2 x 64) =
  // 4 stages, in two A buffers.
  MatMulTiling t = tiling(128, 128, 64, 2, 4, 2);
  t.blockDim = 24;
  t.kChunk = 512;
  KChunkPlan plan = getKChunkPlan(4096, 4096, 4096, t);
  EXPECT_EQ(plan.rowTiles, 32);
  EXPECT_EQ(plan.colTiles, 32);
  EXPECT_EQ(plan.tiles, 1024);
  EXPECT_EQ(plan.blocks, 24);
  EXPECT_EQ(plan.lastRows, 128);
  EXPECT_EQ(plan.lastCols, 128);
  EXPECT_EQ(plan.chunkLengths, SmallVector<int64_t>(8, 512));
  EXPECT_EQ(plan.aBuffers, 2);
  EXPECT_EQ(plan.stages, 4);
  EXPECT_EQ(plan.firstTile(1), 42);
  EXPECT_EQ(plan.firstTile(2), 85);
  EXPECT_EQ(plan.firstTile(24), 1024);
}

TEST(KChunkPlan, OneChunkAndAPartialColumn) {
  // [2048, 4096] in 128 x 48 tiles: 16 x 86 (85 x 48 = 4080, the last
  // column 16 wide); K = 512 is one chunk: one A buffer of 4 stages.
  MatMulTiling t = tiling(128, 48, 64, 2, 2, 2);
  t.blockDim = 24;
  t.kChunk = 512;
  KChunkPlan plan = getKChunkPlan(2048, 4096, 512, t);
  EXPECT_EQ(plan.rowTiles, 16);
  EXPECT_EQ(plan.colTiles, 86);
  EXPECT_EQ(plan.lastCols, 16);
  EXPECT_EQ(plan.chunkLengths, SmallVector<int64_t>{512});
  EXPECT_EQ(plan.aBuffers, 1);
  EXPECT_EQ(plan.stages, 4);
}

TEST(KChunkPlan, LastChunkTakesTheRest) {
  MatMulTiling t = tiling(128, 128, 64, 2, 2, 2);
  t.blockDim = 24;
  t.kChunk = 512;
  KChunkPlan plan = getKChunkPlan(4096, 4096, 1300, t);
  EXPECT_EQ(plan.chunkLengths, (SmallVector<int64_t>{512, 512, 276}));
}

TEST(RowBands, CountsBandsOfEveryImage) {
  EXPECT_EQ(getRowBands(100, 32), 4);
  EXPECT_EQ(getRowBands(100, 32, 3), 12);
}

//===----------------------------------------------------------------------===//
// Buffers and explicit tilings
//===----------------------------------------------------------------------===//

TEST(FitsBuffers, NamesTheMemoryThatOverflows) {
  std::string why;
  // Two 256 x 256 f32 accumulators: 512 KiB of L0C's 128 KiB.
  EXPECT_FALSE(fitsBuffers(gemm(512, 512, 512),
                           tiling(256, 256, 128, 1, 2, 2), chip(), why));
  EXPECT_EQ(why, "L0C needs 524288 bytes, more than its 131072");
  why.clear();
  // L0A: two 128 x 256 f16 slices are 128 KiB, L0A has 64 KiB.
  EXPECT_FALSE(fitsBuffers(gemm(512, 512, 512),
                           tiling(128, 16, 256, 1, 2, 1), chip(), why));
  EXPECT_EQ(why, "L0A needs 131072 bytes, more than its 65536");
  why.clear();
  // The chosen 4096^3 tile-by-tile buffers: 4 x (128 + 128) x 128 x 2 B =
  // 256 KiB of L1.
  EXPECT_TRUE(fitsBuffers(gemm(4096, 4096, 4096),
                          tiling(128, 128, 64, 2, 4, 2), chip(), why))
      << why;
}

TEST(CheckTiling, CompletesAValidTiling) {
  std::string why;
  FailureOr<MatMulTiling> t = checkTiling(
      gemm(4096, 4096, 4096), tiling(128, 128, 64, 2, 4, 2), chip(), why);
  ASSERT_TRUE(succeeded(t)) << why;
  EXPECT_EQ(t->blockDim, 24);
  EXPECT_GT(t->cycles, 0);
  EXPECT_EQ(t->cycles,
            getModeledCycles(gemm(4096, 4096, 4096), *t, chip()));
}

TEST(CheckTiling, RefusesOffFractalSizesAndBufferCounts) {
  std::string why;
  EXPECT_TRUE(failed(checkTiling(gemm(64, 64, 64), tiling(20, 16, 16, 1, 2, 1),
                                 chip(), why)));
  EXPECT_EQ(why, "tile sizes must be positive multiples of 16, got 20, 16, 16");
  why.clear();
  EXPECT_TRUE(failed(checkTiling(gemm(64, 64, 64), tiling(16, 16, 16, 0, 2, 3),
                                 chip(), why)));
  EXPECT_EQ(why, "k-stages must be at least 1, l0c-buffers 1 or 2 and "
                 "l1-buffers 2, 4 or 8, got 0, 3 and 2");
  why.clear();
  MatMulTiling chunked = tiling(128, 128, 64, 2, 2, 2);
  chunked.kChunk = 100; // not a multiple of 2 x 64
  EXPECT_TRUE(
      failed(checkTiling(gemm(4096, 4096, 4096), chunked, chip(), why)));
  EXPECT_EQ(why, "k-chunk 100 must be a multiple of k-stages x tk (128) "
                 "cutting K = 4096 into at most 64 chunks, in a plain matmul "
                 "without split-k");
}

TEST(ApplySplit, TheLastPartialWaveByDefault) {
  std::string why;
  const int64_t split[] = {3};
  FailureOr<MatMulTiling> t = applySplit(
      gemm(640, 640, 1000), tiling(128, 128, 64, 2, 2, 2), chip(), split, why);
  ASSERT_TRUE(succeeded(t)) << why;
  EXPECT_EQ(t->splitK, 3);
  EXPECT_EQ(t->splitTiles, 1);
  const int64_t none[] = {1};
  t = applySplit(gemm(640, 640, 1000), tiling(128, 128, 64, 2, 2, 2), chip(),
                 none, why);
  ASSERT_TRUE(succeeded(t));
  EXPECT_EQ(t->splitK, 1);
  EXPECT_EQ(t->splitTiles, 0);
}

TEST(ConvGeometry, StageOfA3x3Convolution) {
  // 3 x 3, stride 1, pad 1 over [1, 64, 56, 56]: a K stage of 64 elements
  // touches at most (64 + 7) / 9 + 1 = 8 channels; 128 output pixels span
  // at most (128 + 54) / 56 + 1 = 4 output rows, which read 3 + 2 + 1 = 6
  // input rows: a band of 8 x 6 x 56 f16 = 5376 bytes.
  ConvGeometry g{};
  g.batch = 1;
  g.channels = 64;
  g.height = g.width = 56;
  g.outChannels = 64;
  g.kernelH = g.kernelW = 3;
  g.strideH = g.strideW = g.dilationH = g.dilationW = 1;
  g.padTop = g.padBottom = g.padLeft = g.padRight = 1;
  g.outH = g.outW = 56;
  EXPECT_EQ(g.gemmK(), 576);
  EXPECT_EQ(g.stageChannels(64), 8);
  EXPECT_EQ(g.bandRows(128), 6);
  EXPECT_EQ(g.stageBytes(128, 64, 2), 5376);
  // Never more than the image: all 56 rows for 56 x 56 pixels.
  EXPECT_EQ(g.bandRows(56 * 56), 56);
}

//===----------------------------------------------------------------------===//
// The search
//===----------------------------------------------------------------------===//

TEST(SearchTiling, FourThousandCubedF16IsKChunked) {
  // As cube-utilization.mlir: 128 x 128 x 64, 2 stages, 4 L1 buffers, 2
  // accumulators, K in chunks of 512 on all 24 cores; 707803 modeled
  // cycles against the ideal 4096^3 / (4096 MAC/cycle x 24) = 699051.
  MatMulTiling t = search(gemm(4096, 4096, 4096), passDefaults());
  expectTiling(t, 128, 128, 64, 2, 4, 2, 24);
  EXPECT_EQ(t.kChunk, 512);
  EXPECT_EQ(t.splitK, 1);
  EXPECT_EQ(t.cycles, 707803);
}

TEST(SearchTiling, FourThousandCubedTileByTileIsSlower) {
  // Without chunks and split-K the best schedule models slower.
  TileSearchOptions o;
  MatMulTiling t = search(gemm(4096, 4096, 4096), o);
  EXPECT_EQ(t.kChunk, 0);
  EXPECT_EQ(t.splitK, 1);
  EXPECT_GT(t.cycles, 707803);
  EXPECT_EQ(t.blockDim, 24);
}

TEST(SearchTiling, FifteenThirtySixCubed) {
  MatMulTiling f16 = search(gemm(1536, 1536, 1536), passDefaults());
  expectTiling(f16, 128, 128, 64, 2, 2, 2, 24);
  EXPECT_EQ(f16.kChunk, 768);
  EXPECT_EQ(f16.cycles, 40705);
  // f32 operands: K0 = 8, half the tk in the same L0A / L0B bytes.
  MatMulTiling f32 = search(gemm(1536, 1536, 1536, 4), passDefaults());
  expectTiling(f32, 128, 128, 32, 2, 2, 2, 24);
  EXPECT_EQ(f32.kChunk, 384);
  EXPECT_EQ(f32.cycles, 79095);
}

TEST(SearchTiling, LongKSplitsOverTheCores) {
  // 256 x 256 x 7168: 2 output tiles for 24 cores, so both are cut into
  // 12 K parts (SplitKPlan test above).
  MatMulTiling t = search(gemm(256, 256, 7168), passDefaults());
  expectTiling(t, 128, 256, 48, 2, 2, 1, 24);
  EXPECT_EQ(t.splitK, 12);
  EXPECT_EQ(t.splitTiles, 2);
  EXPECT_EQ(t.kChunk, 0);
  EXPECT_EQ(t.cycles, 16299);
  // With split-K off, at most two cores have work.
  TileSearchOptions noSplit;
  MatMulTiling plain = search(gemm(256, 256, 7168), noSplit);
  EXPECT_EQ(plain.splitK, 1);
  EXPECT_GT(plain.cycles, t.cycles);
}

TEST(SearchTiling, WideNShortK) {
  MatMulTiling t = search(gemm(2048, 4096, 512), passDefaults());
  expectTiling(t, 128, 48, 64, 2, 2, 2, 24);
  EXPECT_EQ(t.kChunk, 512);
  EXPECT_EQ(t.cycles, 47021);
}

TEST(SearchTiling, DecodeLMHead) {
  // [16, 1536] x [1536, 151936] (a vocabulary projection for 16 tokens):
  // one 16-row tile row, 144 wide columns, all of K in one chunk.
  MatMulTiling t = search(gemm(16, 151936, 1536), passDefaults());
  expectTiling(t, 16, 144, 96, 8, 2, 1, 24);
  EXPECT_EQ(t.kChunk, 1536);
  EXPECT_EQ(t.cycles, 615091);
}

TEST(SearchTiling, KSmallerThanAFractal) {
  // K = 8 < 16: one partial slice of 16; 16 tiles of 16 x 16 on 16 cores.
  MatMulTiling t = search(gemm(64, 64, 8), passDefaults());
  expectTiling(t, 16, 16, 16, 1, 2, 1, 16);
  EXPECT_EQ(t.kChunk, 0);
  EXPECT_EQ(t.splitK, 1);
  EXPECT_EQ(t.cycles, 191);
}

TEST(SearchTiling, OneRow) {
  // M = 1: a 16-row tile with one valid row; the columns over the cores.
  MatMulTiling t = search(gemm(1, 4096, 4096), passDefaults());
  expectTiling(t, 16, 176, 80, 8, 2, 1, 24);
  EXPECT_EQ(t.kChunk, 0);
  EXPECT_EQ(t.cycles, 46562);
}

TEST(SearchTiling, ForcedSplitOnly) {
  TileSearchOptions o;
  o.allowSplitK = true;
  o.forcedSplit = {3};
  MatMulTiling t = search(gemm(640, 640, 1000), o);
  EXPECT_EQ(t.splitK, 3);
  EXPECT_GE(t.splitTiles, 1);
  // The model's figure of the chosen tiling.
  EXPECT_EQ(t.cycles, getModeledCycles(gemm(640, 640, 1000), t, chip()));
}

TEST(SearchTiling, ForcedChunkThatNoTilingTakes) {
  TileSearchOptions o;
  o.kChunk = 100; // never a multiple of k-stages x tk (multiples of 16)
  std::string why;
  EXPECT_TRUE(failed(searchTiling(gemm(4096, 4096, 4096), chip(), o, why)));
  EXPECT_EQ(why, "no tiling of 4096x4096x4096 fits the Ascend910B2 buffers");
}

} // namespace
