//===- MindSporeToAICore.h - mindspore to aicore conversion -----*- C++ -*-===//
//
// convert-mindspore-to-aicore: tiles MatMul (+ BiasAdd) for one AI Core into
// aicore kernels launched from the graph. See Passes.td for the rules.
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
};

/// The output tiles of an [m, n] result under `t`, grouped in up to four
/// regions of equal tile shape (full tiles, then the partial last column,
/// the partial last row and the corner), numbered in one global order.
struct MatMulRegion {
  int64_t rowTiles, colTiles; ///< tiles in the region (row-major)
  int64_t rows, cols;         ///< valid elements of each of its tiles
  int64_t rowBase, colBase;   ///< offset of its first tile in the result
  int64_t offset;             ///< global number of its first tile
  int64_t count() const { return rowTiles * colTiles; }
};
SmallVector<MatMulRegion> getMatMulRegions(int64_t m, int64_t n,
                                           const MatMulTiling &t);

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

/// The `aicore.tiling` attribute recorded on a matmul kernel (tm, tn, tk,
/// k_stages, l1_buffers, l0c_buffers, modeled_cycles).
DictionaryAttr getMatMulTilingAttr(Builder &b, const MatMulTiling &t);

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

/// Builds the tiled, multi-core Cube schedule of an `[m, k] x [k, n]` matmul
/// (x and y the kernel's arguments 0 and 1, GM memrefs) into the empty
/// `kernel` under tiling `t` (block_dim must be `t.blockDim`), handing each
/// output tile to `handOff`; the body ends with aicore.return.
void buildMatMulCubePart(aicore::KernelOp kernel, int64_t m, int64_t n,
                         int64_t k, Type elementType, bool transposeA,
                         bool transposeB, const MatMulTiling &t,
                         CubeTileHandOff handOff);

#define GEN_PASS_REGISTRATION
#include "ascend/Conversion/MindSporeToAICore/Passes.h.inc"

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H
