//===- MindSporeToAICore.h - mindspore to aicore conversion -----*- C++ -*-===//
//
// convert-mindspore-to-aicore: tiles MatMul (+ BiasAdd) and Conv2D (+ BiasAdd,
// as an implicit GEMM) for one AI Core into aicore kernels launched from the
// graph. See Passes.td for the rules.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H
#define ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

#include <functional>

namespace mlir::ascend {

#define GEN_PASS_DECL
#include "ascend/Conversion/MindSporeToAICore/Passes.h.inc"

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

/// chooseMatMulTiling for a plain matmul kernel, whose search also tries
/// split-K (the last partial wave of tiles, or it and the wave before,
/// cut into 2-16 K parts, see SplitKPlan), scored with the extra FIX
/// writes and the memory-clean task. With `forcedSplit` = {parts, tiles}
/// (tiles 0: the last partial wave) only tilings with that split are
/// considered; with {1} none splits. It also scores the K-chunked schedule
/// (KChunkPlan) with `forcedKChunk` = -1; 0: never; C > 0: only K-chunked
/// tilings with chunks of C elements (failure, `why` set, when none fits).
FailureOr<MatMulTiling> chooseMatMulTilingWithSplitK(
    int64_t m, int64_t n, int64_t k, Type elementType, bool withBias,
    const aicore::AICoreTarget &target, ArrayRef<int64_t> forcedSplit,
    std::string &why, int64_t forcedKChunk = -1);

/// checkMatMulTiling with the split `forcedSplit` = {parts[, tiles]}
/// applied to `t` (tiles 0 or absent: the last partial wave).
FailureOr<MatMulTiling> checkMatMulTilingWithSplitK(
    int64_t m, int64_t n, int64_t k, Type elementType, bool withBias,
    MatMulTiling t, const aicore::AICoreTarget &target,
    ArrayRef<int64_t> forcedSplit, std::string &why);

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

/// chooseMatMulTiling for the implicit GEMMs of `conv` (M = Ho * Wo per
/// image and group, N = Og, K = Cg * KH * KW; batch x groups multiplies
/// the M tiles):
/// the same search and model, with an A stage of `conv.stageBytes` in L1
/// and on MTE2 (the halo included).
FailureOr<MatMulTiling> chooseConvTiling(const ConvGeometry &conv,
                                         Type elementType, bool withBias,
                                         const aicore::AICoreTarget &target,
                                         std::string &why);
/// checkMatMulTiling for the implicit GEMM of `conv`.
FailureOr<MatMulTiling> checkConvTiling(const ConvGeometry &conv,
                                        Type elementType, bool withBias,
                                        MatMulTiling t,
                                        const aicore::AICoreTarget &target,
                                        std::string &why);

/// Chooses the schedule of an `[m, k] x [k, n]` matmul on `elementType`
/// (f32, f16 or bf16) for `target` by the search in Passes.td: the fewest
/// modeled cycles of the busiest block among the tilings whose double
/// buffers fit L1, L0A, L0B, L0C and (with `withBias`, for the result tile
/// and bias row) UB. Fails with `why` set when the Cube lacks the element
/// type or no tiling fits.
FailureOr<MatMulTiling> chooseMatMulTiling(int64_t m, int64_t n, int64_t k,
                                           Type elementType, bool withBias,
                                           const aicore::AICoreTarget &target,
                                           std::string &why);

/// `t` (tm, tn, tk, kStages, l1Buffers, l0cBuffers set) completed with its
/// block_dim and modeled cycles for this matmul, if its sizes are multiples of
/// the Cube fractal and its buffers fit `target`; else failure with `why` set.
FailureOr<MatMulTiling> checkMatMulTiling(int64_t m, int64_t n, int64_t k,
                                          Type elementType, bool withBias,
                                          MatMulTiling t,
                                          const aicore::AICoreTarget &target,
                                          std::string &why);


/// What the Cube part of a kernel does with each finished output tile,
/// instead of FIX-writing it to the result: called with the builder at the
/// point where the tile's last mmad has been waited on the FIX pipe
/// (M -> FIX), the accumulator view (`rows` x `cols` valid f32 elements in
/// L0C), the tile's place (`mi`, `ni`) in the [M, N] result, its L0C
/// buffer `slot` (0 or 1; the next tile that uses it waits for FIX -> M,
/// set after the hand-off's FIX instructions) and its global number `tile`
/// (tiles are dealt round robin, so it is block `tile mod block_dim`'s
/// `tile div block_dim`-th tile). It must issue its L0C reads on the FIX
/// pipe.
using CubeTileHandOff = std::function<void(
    OpBuilder &b, Value acc, OpFoldResult mi, OpFoldResult ni, int64_t rows,
    int64_t cols, int slot, OpFoldResult tile)>;

/// Where the Cube part reads one output tile's operands when they are not
/// the kernel's arguments 0 and 1: a GM view of an input in another shape,
/// or a GM workspace slot into which a MIX kernel's Vector cores computed
/// the tile's A rows `[mi, mi + rows)` (B^T rows `[ni, ni + cols)`) first
/// (a prologue, MixPrologue.cpp). `a` (null: argument 0) is a GM matrix
/// laid out as argument 0 would be (`[R, K]`, or `[K, R]` with
/// transpose_a) whose row (column) `aRow` holds the tile's row mi; `b`
/// (null: argument 1) likewise for B, `bRow` in place of ni.
struct CubeTileSources {
  Value a;
  OpFoldResult aRow;
  Value b;
  OpFoldResult bRow;
};

/// Called before an output tile's K loop (before any of its loads), with
/// the tile's place and global number as for CubeTileHandOff; returns where
/// the tile's operands are read.
using CubeTileStart = std::function<CubeTileSources(
    OpBuilder &b, OpFoldResult mi, OpFoldResult ni, int64_t rows,
    int64_t cols, OpFoldResult tile)>;
/// Called after an output tile's K loop: every GM -> L1 load of the tile
/// is issued (on MTE2) before this point.
using CubeTileLoaded = std::function<void(OpBuilder &b)>;

/// The row-band schedule of a MIX kernel whose epilogue reduces along N
/// (Softmax, LayerNorm, a ReduceSum over the last axis): the Vector cores
/// need whole rows, so the output is cut into row bands of `tm` rows (a
/// BatchMatMul's bands never cross an image) and band b (numbered
/// row-major over the images, as MatMulRegion numbers a column of tiles)
/// goes to block b mod block_dim, which computes all of its `ceil(n / tn)`
/// column tiles in a row (each handed to CubeTileHandOff with `tile` = b)
/// between `start` and `end`. block_dim must not exceed the bands.
struct CubeBandHooks {
  /// Before the band's first tile: its first row `mi` (stacked), its valid
  /// rows and its number.
  std::function<void(OpBuilder &b, OpFoldResult mi, int64_t rows,
                     OpFoldResult band)>
      start;
  /// After the band's last tile was handed off (FIX issued).
  std::function<void(OpBuilder &b, OpFoldResult mi, int64_t rows,
                     OpFoldResult band)>
      end;
};

/// The number of row bands of `tm` rows of `images` stacked `[m, n]`
/// results (CubeBandHooks).
int64_t getRowBands(int64_t m, int64_t tm, int64_t images = 1);

/// Builds the tiled, multi-core Cube schedule of an `[m, k] x [k, n]` matmul
/// (x and y the kernel's arguments 0 and 1, GM memrefs) into the empty
/// `kernel` under tiling `t` (block_dim must be `t.blockDim`), handing each
/// output tile to `handOff`; the body ends with aicore.return. `tileStart`
/// and `tileLoaded` (optional) bracket each tile's loads (a MIX prologue);
/// with `bands` the tiles go by row bands (CubeBandHooks).
void buildMatMulCubePart(aicore::KernelOp kernel, int64_t m, int64_t n,
                         int64_t k, Type elementType, bool transposeA,
                         bool transposeB, const MatMulTiling &t,
                         CubeTileHandOff handOff,
                         CubeTileStart tileStart = {},
                         CubeTileLoaded tileLoaded = {},
                         const CubeBandHooks *bands = nullptr);

/// chooseMatMulTiling for a BatchMatMul of `batch` independent `[m, k] x
/// [k, n]` problems (each with its own B), stacked in M: the same search,
/// with `batch` times the M tiles dealt to the cores and each image's
/// operands counted once in the L2 hit ratio.
FailureOr<MatMulTiling>
chooseBatchMatMulTiling(int64_t batch, int64_t m, int64_t n, int64_t k,
                        Type elementType, const aicore::AICoreTarget &target,
                        std::string &why);
/// checkMatMulTiling for a BatchMatMul (see chooseBatchMatMulTiling).
FailureOr<MatMulTiling>
checkBatchMatMulTiling(int64_t batch, int64_t m, int64_t n, int64_t k,
                       Type elementType, MatMulTiling t,
                       const aicore::AICoreTarget &target, std::string &why);

/// buildMatMulCubePart for a BatchMatMul: `batch` problems whose GM
/// operands (kernel arguments 0 and 1) are `[batch..., m, k]` (`[..., k,
/// m]` with transposeA) and `[batch..., k, n]` (`[..., n, k]` with
/// transposeB). Output tiles (batch x M tiles x N tiles, dealt round robin
/// to the cores) never cross an image; `handOff` gets `mi` in the stacked
/// `[batch * m, n]` result (image `mi div m`). With `bands` the tiles go
/// by row bands (CubeBandHooks).
void buildBatchMatMulCubePart(aicore::KernelOp kernel, int64_t batch,
                              int64_t m, int64_t n, int64_t k,
                              Type elementType, bool transposeA,
                              bool transposeB, const MatMulTiling &t,
                              CubeTileHandOff handOff,
                              const CubeBandHooks *bands = nullptr);

#define GEN_PASS_REGISTRATION
#include "ascend/Conversion/MindSporeToAICore/Passes.h.inc"

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H
