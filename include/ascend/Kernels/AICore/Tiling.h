//===- Tiling.h - AI Core Cube tiling math and tile search ------*- C++ -*-===//
//
// The pure tiling math of the Cube (matmul, BatchMatMul and implicit-GEMM
// convolution) kernels and the cost-model search that picks their schedule:
// plain C++ over the target table (aicore::AICoreTarget) and an explicit
// options struct (TileSearchOptions), with no IR. The conversion pass
// (convert-mindspore-to-aicore) maps its ops and options onto a GemmProblem
// and builds the kernel of the MatMulTiling chosen here
// (docs/AICoreKernels.md, "The schedule", "Split-K", "K-chunked schedule",
// "Tile search").
//
// Units: sizes of tiles, stages, chunks, split parts and problems are in
// elements; buffer sizes in bytes; modeled times in AI Core cycles (the
// target's `clockHz`, 1.8 GHz on dav-c220); the memory-clean task's floor is
// the target's `minKernelMicros` in us.
//
// Where the numbers come from: every capacity, rate and unit shape is read
// from the target table, whose header (ascend/Dialect/AICore/IR/
// AICoreTarget.h) cites the hardware source of each one:
//  - L1, L0A, L0B, L0C, UB and BT capacities (bytes): AscendNPU-IR
//    NPUTargetSpec.td and the CANN Ascend910B2.ini (L1 512 KiB, L0A/L0B
//    64 KiB, L0C 128 KiB, BT 1 KiB on dav-c220);
//  - the Cube fractal `cubeM` x `cubeN` x K0 (16 x 16 x 16 for 16-bit
//    floats: K0 = blockBytes / element bytes, 32 B / 2 B) and `blockBytes`
//    (32 B): the Ascend C programming guide;
//  - `cubeCores` (AIC count, 24 on 910B2): the CANN platform ini;
//  - the data-path rates (GM miss 32 B/cycle, L2 hit 118 B/cycle, L2 write
//    77 B/cycle, on chip 512 B/cycle, 57 cycles per GM transfer, L2 192 MiB)
//    and HBM bandwidth (1.6e12 B/s per die): see AICoreDataRates;
//  - the L0C accumulator is f32 (4 bytes per element) whatever the operand
//    type, and the bias table holds f32 rows: the Ascend C Mmad API.
// The search's own constants (k-stages 1, 2, 4, 8; l1-buffers 2, 4, 8;
// split-K in 2 to 16 parts of 16-element K blocks for 32 B-aligned GM
// reads; at most 64 K chunks, which the kernel unrolls) are schedule
// choices of this code base, not hardware numbers.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_KERNELS_AICORE_TILING_H
#define ASCEND_KERNELS_AICORE_TILING_H

#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "mlir/Support/LLVM.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace mlir::ascend {

/// The schedule of a matmul kernel (see Passes.td).
struct MatMulTiling {
  /// Output tile [tm, tn] in L0C and K slice tk in L0A/L0B, in elements;
  /// multiples of the Cube fractal (16). Edge tiles are partial.
  int64_t tm, tn, tk;
  /// K slices per L1 stage: GM -> L1 moves [tm, kStages * tk] and
  /// [kStages * tk, tn] at once.
  int64_t kStages;
  /// L1 stage buffers of each operand in a ring (2, 4 or 8): MTE2 loads up
  /// to l1Buffers - 1 stages ahead of the Cube.
  int64_t l1Buffers;
  /// L0C buffers (1, or 2 to overlap a tile's epilogue with the next tile).
  int64_t l0cBuffers;
  /// AI Cores the output tiles are spread over (round robin).
  int64_t blockDim;
  /// Modeled cycles of the busiest block (the tiler's analytic model).
  int64_t cycles;
  /// Split-K: the last `splitTiles` output tiles (in the global tile order)
  /// have their K cut into `splitK` parts (see getSplitKPlan); 1 and 0: no
  /// split. Only plain matmul kernels split (not MIX or convolution ones).
  int64_t splitK = 1;
  int64_t splitTiles = 0;
  /// K-chunked, A-resident schedule (see KChunkPlan): elements of K per
  /// chunk (a multiple of kStages * tk, the last chunk the rest); 0: the
  /// tile-by-tile schedule. Only plain matmul kernels chunk (not MIX,
  /// BatchMatMul or convolution ones) and never together with split-K.
  int64_t kChunk = 0;
};

/// How a K-chunked tiling (`kChunk` > 0) deals and orders its work
/// (docs/AICoreKernels.md, "K-chunked schedule"). The `rowTiles` x
/// `colTiles` output tiles (the last row / column partial: `lastRows`,
/// `lastCols` valid elements) are numbered row-major; block b takes the
/// contiguous tiles [b * tiles / blocks, (b + 1) * tiles / blocks), so a
/// block's tiles share their rows: one or a few segments, each a run of
/// tiles in one row of tiles. K is cut into `chunkLengths` (all `kChunk`
/// but the last, the rest). For each segment and chunk the A rows
/// `[rows, chunk]` are loaded into L1 once (the first chunk with the
/// segment's first tile, the later ones prefetched during the chunk before
/// into the other of two A buffers) and every tile of the segment streams
/// B through the stage ring; the first chunk FIX-writes the partial tile,
/// the later ones FIX-add into it (`aicore.copy {atomic_add}`, issued in
/// order on the one FIX pipe of the block that owns the tile: no memory
/// clean is needed).
struct KChunkPlan {
  int64_t rowTiles, colTiles, tiles, blocks;
  int64_t lastRows, lastCols; ///< valid elements of the last row / column
  SmallVector<int64_t> chunkLengths;
  int64_t aBuffers; ///< L1 buffers of A chunks: 1 (one chunk) or 2
  /// Stages of the longest chunk (its L1 A slots per buffer).
  int64_t stages;
  /// First tile of block b (b in [0, blocks]).
  int64_t firstTile(int64_t b) const { return b * tiles / blocks; }
};
/// The plan of `t` (kChunk > 0) for an [m, k] x [k, n] matmul.
KChunkPlan getKChunkPlan(int64_t m, int64_t n, int64_t k,
                         const MatMulTiling &t);

/// How a split-K tiling deals its work (docs/AICoreKernels.md, "Split-K").
/// The first `dpTiles` tiles go round robin to the blocks whole (tile g to
/// block g mod block_dim); the last `splitTiles` are cut into `parts` K
/// ranges each: unit u in [0, units) is part u mod parts of tile
/// dpTiles + u / parts and goes to block u mod block_dim. Part j covers K
/// [j * kPart, j * kPart + kPart), the last part the rest (lastPart > 0
/// elements). Each part FIX-adds its partial sums into the result
/// (`aicore.copy {atomic_add}`), which starts at zero on
/// [cleanFirst, cleanFirst + cleanCount) (the kernel's `atomic_clean`:
/// whole result rows from the first split tile's first row on).
struct SplitKPlan {
  int64_t tiles, dpTiles, splitTiles, parts, units;
  int64_t kPart, lastPart;
  int64_t cleanFirst, cleanCount; ///< elements of the [m, n] result
};
/// The plan of `t` for an [m, k] x [k, n] matmul; failure (with `why`)
/// when a split part would be empty or the split tiles exceed the tiles.
FailureOr<SplitKPlan> getSplitKPlan(int64_t m, int64_t n, int64_t k,
                                    const MatMulTiling &t, std::string &why);

/// The output tiles of an [m, n] result under `t`, grouped in up to four
/// regions of equal tile shape (full tiles, then the partial last column,
/// the partial last row and the corner), numbered in one global order.
struct MatMulRegion {
  int64_t rowTiles, colTiles; ///< tiles in the region (row-major)
  int64_t rows, cols;         ///< valid elements of each of its tiles
  int64_t rowBase, colBase;   ///< offset of its first tile in the result
  int64_t offset;             ///< global number of its first tile
  /// With several images (a convolution's batch), the region's rows of
  /// tiles go image by image, `imageTiles` per image: row r is tile
  /// r mod imageTiles of image r / imageTiles, whose rows start at
  /// (r / imageTiles) * m. 0 with one image.
  int64_t imageTiles = 0;
  int64_t count() const { return rowTiles * colTiles; }
};
/// With `images` > 1 the result is `images` [m, n] blocks stacked in M
/// (the rows of one image's tiles never cross into the next).
SmallVector<MatMulRegion> getMatMulRegions(int64_t m, int64_t n,
                                           const MatMulTiling &t,
                                           int64_t images = 1);

/// An NCHW x OIHW convolution as implicit GEMMs: with `groups` = G, group
/// j of image n is the GEMM `[Ho * Wo, Cg * KH * KW] x [Cg * KH * KW, Og]`
/// (output pixels x the group's input channels and kernel taps, K ordered
/// (c, kh, kw); Cg = C / G, Og = Cout / G) reading input channels
/// [j * Cg, (j + 1) * Cg) and weight rows (output channels)
/// [j * Og, (j + 1) * Og); the batch x G GEMMs are stacked in M (stacked
/// image i = n * G + j). The A operand is never stored: each K stage loads
/// the input rows its output rows need (with the halo) into L1, and
/// `aicore.load3d` expands them into L0A (ConvKernels.cpp,
/// docs/AICoreKernels.md).
struct ConvGeometry {
  int64_t batch, channels, height, width; ///< input N, C, H, W
  int64_t outChannels, kernelH, kernelW;  ///< weight O, KH, KW
  int64_t strideH, strideW, dilationH, dilationW;
  int64_t padTop, padBottom, padLeft, padRight;
  int64_t outH, outW; ///< result Ho, Wo
  int64_t groups = 1; ///< G: C and Cout are multiples of it
  /// A transposed convolution's stride: the window slides over the input
  /// with `inputDilation - 1` zeros between adjacent rows (columns), which
  /// aicore.load3d selects, never stored (`input_dilation`); H and W stay
  /// the stored input's and the pads are those of the dilated image.
  int64_t inputDilationH = 1, inputDilationW = 1;
  /// The taps are read rotated by 180 degrees (load3d's `flip_kernel`), so
  /// that K is (c, kh, kw) of a transposed convolution's own weight.
  bool flipKernel = false;
  /// The kernel's input is the `[height, width]` window at stored row
  /// `cropTop`, column `cropLeft` of its input argument (a transposed
  /// convolution whose pads crop the dilated input); H and W are the
  /// window's.
  int64_t cropTop = 0, cropLeft = 0;

  int64_t pixels() const { return outH * outW; }
  /// Cg: input channels of one group (the weight's I dimension).
  int64_t groupChannels() const { return channels / groups; }
  /// Og: output channels of one group (the N of its GEMM).
  int64_t groupOutChannels() const { return outChannels / groups; }
  /// The stacked GEMMs: batch x groups.
  int64_t gemms() const { return batch * groups; }
  int64_t gemmK() const { return groupChannels() * kernelH * kernelW; }
  /// Channels `kLen` consecutive elements of K can touch (any start), at
  /// most Cg: the channel extent of an L1 stage.
  int64_t stageChannels(int64_t kLen) const;
  /// Input rows `rows` consecutive output pixels of one image can read
  /// (the output rows they span, strided, plus the kernel's dilated
  /// extent; with an input dilation, the stored rows among those of the
  /// dilated image), at most H: the row extent of an L1 stage.
  int64_t bandRows(int64_t rows) const;
  /// Bytes of the band [stageChannels(kLen), bandRows(rows), W] one L1
  /// stage holds and MTE2 moves (elements of `elementBytes` bytes).
  int64_t stageBytes(int64_t rows, int64_t kLen, int64_t elementBytes) const;
};

/// One Cube problem: `images` stacked `[m, k] x [k, n]` GEMMs (elements),
/// on operands of `elementBytes` bytes (2: f16 / bf16, 4: f32; the Cube
/// accumulates in f32), with a fused `[n]` bias row when `withBias`. The
/// one problem type of the tiler, the cost model and the Cube kernel
/// builder.
struct GemmProblem {
  int64_t m = 0, n = 0, k = 0; ///< one image's GEMM, elements
  int64_t elementBytes = 2;    ///< bytes of an operand element: 2 or 4
  bool withBias = false;
  /// Stacked problems in M: a convolution's batch x groups (B shared, or
  /// per group), or a BatchMatMul's images (`batched`).
  int64_t images = 1;
  /// A BatchMatMul: each image has its own B (`[k, n]` per image); the
  /// kernel's GM operands are `[images * m, k]` (`[images * k, m]` with
  /// transposeA), `[images * k, n]` (`[images * n, k]` with transposeB) and
  /// the result `[images * m, n]`.
  bool batched = false;
  /// Operand layouts in GM (the kernel builder's; the tiler ignores them):
  /// A is `[k, m]`, B `[n, k]` when set.
  bool transposeA = false, transposeB = false;
  /// An implicit-GEMM convolution (not owned): A's L1 stages are input
  /// bands of `conv->stageBytes` bytes.
  const ConvGeometry *conv = nullptr;

  /// Elements of K one Cube fractal takes: `blockBytes` (32 B) of them.
  int64_t k0(const aicore::AICoreTarget &target) const {
    return std::max<int64_t>(1, target.blockBytes / elementBytes);
  }
};

/// What the tile search considers beyond the tile-by-tile schedule (the
/// pass's `split-k` and `k-chunk` options; docs/AICoreKernels.md, "Tile
/// search").
struct TileSearchOptions {
  /// Also try split-K tilings (plain matmul kernels only).
  bool allowSplitK = false;
  /// With allowSplitK: only the split {parts[, tiles]} (tiles 0 or absent:
  /// the last partial wave); empty: any.
  SmallVector<int64_t, 2> forcedSplit;
  /// K-chunked tilings (plain matmul kernels only): -1 any chunk, 0 none,
  /// C > 0 only chunks of C elements.
  int64_t kChunk = 0;
};

/// The split tiles a split with `tiles` = 0 takes by default: the last
/// partial wave of `tiles` output tiles over `cores` cores (all tiles when
/// there are fewer than the cores, the last wave when the tiles fill whole
/// waves).
int64_t getDefaultSplitTiles(int64_t tiles, int64_t cores);

/// The number of row bands of `tm` rows of `images` stacked `[m, n]`
/// results (CubeBandHooks).
int64_t getRowBands(int64_t m, int64_t tm, int64_t images = 1);

/// Whether the double-buffered L1, L0A, L0B, L0C and BT buffers of `t` fit
/// `target` (capacities in bytes); else false with `why` naming the first
/// memory that overflows ("L1 needs N bytes, more than its C").
bool fitsBuffers(const GemmProblem &p, const MatMulTiling &t,
                 const aicore::AICoreTarget &target, std::string &why);

/// The analytic per-pipe model of the Cube schedule (the costs of the
/// kernel model, ascend-aicore-estimate): modeled cycles of the busiest
/// block of `t` (block_dim set), the memory-clean task of a split-K tiling
/// (at least `minKernelMicros` us) included.
int64_t getModeledCycles(const GemmProblem &p, const MatMulTiling &t,
                         const aicore::AICoreTarget &target);

/// `t` with its block_dim (at most `cubeCores`) and modeled cycles set.
void completeTiling(const GemmProblem &p, MatMulTiling &t,
                    const aicore::AICoreTarget &target);

/// The search (docs/AICoreKernels.md, "Tile search"): the fewest modeled
/// cycles of the busiest block among the tilings of `p` (tm, tn, tk
/// multiples of the Cube fractal, k-stages 1-8, l1-buffers 2-8, l0c-buffers
/// 1-2, and the split-K / K-chunked variants `options` allows) whose
/// buffers fit `target`; ties go to fewer cores, no split, no chunk, fewer
/// L1 buffers, longer stages, wider then taller tiles. Failure, `why` set,
/// when none fits.
FailureOr<MatMulTiling> searchTiling(const GemmProblem &p,
                                     const aicore::AICoreTarget &target,
                                     const TileSearchOptions &options,
                                     std::string &why);

/// `t` (tm, tn, tk, kStages, l1Buffers, l0cBuffers and optionally the
/// split or kChunk set) completed (completeTiling) if its sizes are
/// positive multiples of the fractal, its buffer counts allowed and its
/// buffers fit `target`; else failure with `why` set.
FailureOr<MatMulTiling> checkTiling(const GemmProblem &p, MatMulTiling t,
                                    const aicore::AICoreTarget &target,
                                    std::string &why);

/// `t` with the split `forcedSplit` = {parts[, tiles]} applied (tiles 0 or
/// absent: the last partial wave; parts 1 or empty: no split), failure with
/// `why` when the split has no plan (getSplitKPlan).
FailureOr<MatMulTiling> applySplit(const GemmProblem &p, MatMulTiling t,
                                   const aicore::AICoreTarget &target,
                                   ArrayRef<int64_t> forcedSplit,
                                   std::string &why);

} // namespace mlir::ascend

#endif // ASCEND_KERNELS_AICORE_TILING_H
