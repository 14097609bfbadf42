//===- MindSporeToAICore.h - mindspore to aicore conversion -----*- C++ -*-===//
//
// convert-mindspore-to-aicore: tiles MatMul (+ BiasAdd) and Conv2D (+ BiasAdd,
// as an implicit GEMM) for one AI Core into aicore kernels launched from the
// graph. See Passes.td for the rules. The tiling math and the tile search
// are the kernel library's (ascend/Kernels/AICore/Tiling.h); the functions
// below take the element type as an MLIR type and refuse the ones the Cube
// has no mmad for.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H
#define ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Kernels/AICore/Tiling.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

#include <functional>

namespace mlir::ascend {

#define GEN_PASS_DECL
#include "ascend/Conversion/MindSporeToAICore/Passes.h.inc"

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
