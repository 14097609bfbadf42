//===- MixKernelParts.h - Pieces the MIX kernel builders share --*- C++ -*-===//
//
// What the builders of MIX kernels (MixKernels.cpp: MatMul + epilogue,
// ConvMixKernels.cpp: Conv2D + epilogue, MixPrologue.cpp: elementwise
// prologues of MatMul operands) and the Vector kernels build alike: index
// arithmetic, 2-D views of buffers, the workspace slot a Cube tile goes to,
// the Cube side of a tile's hand-off, the split of a tile over the two
// Vector cores (AIV) and the AIV-side chunk loop with its flags.
//
// The cross-core protocol (flags are counters, MixKernels.h):
//   AIC, per output tile (the block's j-th, global tile g):
//     cross_core_wait_flag fix, kMixSlotFree   // a workspace slot is free
//     FIX  L0C -> slot (j mod 2) of the block  // writeTileToSlot
//     cross_core_set_flag fix, kMixTileReady   // tile ready, to both AIVs
//   AIV i (buildVectorChunks), its share of the tile's rows:
//     cross_core_wait_flag mte2, kMixTileReady
//     per chunk: MTE2 loads [after the last chunk's: cross_core_set_flag
//     mte2, kMixSlotFree], V compute, MTE3 stores, ping-pong buffer u =
//     chunk number mod 2 with intra-core flags (event u) as in the Vector
//     kernels.
//   The AIVs start by setting kMixSlotFree once per slot
//   (emitVectorCoreStart), so the AIC may fill both slots at first.
//
// Everything here creates exactly the ops the builders created before it
// was shared, in the same order; the generated IR does not depend on it.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_MIXKERNELPARTS_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_MIXKERNELPARTS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace mlir::ascend::mix {

//===-- Values of the group (tensors) --------------------------------------===//

/// The element type of a shaped value (tensor or memref).
Type elementOf(Value v);
/// Bytes of one element of `t` (bit width rounded up to whole bytes).
int64_t elementBytes(Type t);
/// Elements of a ranked tensor value.
int64_t numel(Value v);
/// The shape of a ranked tensor value.
ArrayRef<int64_t> shapeOf(Value v);
/// `shape` as text for diagnostics: "[2, 3]".
std::string shapeText(ArrayRef<int64_t> shape);
/// Whether `v` is a mindspore.constant holding a splat.
bool isSplat(Value v);
/// The splat element of a value isSplat accepts.
TypedAttr splatValue(Value v);

/// How an input of an elementwise chain on a [rows, cols] tile (an epilogue
/// on the matmul's result, or a prologue on one of its operands) maps onto
/// the tile.
enum class TileInput {
  Full,   ///< rows x cols elements (any shape reshaping to [rows, cols])
  Row,    ///< [cols] or [1, cols]: broadcast over the rows
  Column, ///< [rows, 1]: broadcast over the columns
  Scalar, ///< one element
};
/// The role of group input `arg` as operand `i` of `op`, whose result holds
/// the tile's [rows, cols] elements in some shape; none when `arg` is
/// neither full-size nor a row, a column or a scalar of it.
std::optional<TileInput> classifyTileInput(Operation *op, unsigned i,
                                           BlockArgument arg, int64_t rows,
                                           int64_t cols);

//===-- Index arithmetic ----------------------------------------------------===//

/// An arith.constant of index type.
Value indexConstant(OpBuilder &b, Location loc, int64_t v);
/// `v` as an index Value: a new constant when it is constant, else itself.
Value materializeIndex(OpBuilder &b, Location loc, OpFoldResult v);
/// `base + offset` as an index value: a new constant when `base` is
/// constant (also for offset 0), `base` itself for offset 0, else an
/// arith.addi.
Value addIndex(OpBuilder &b, Location loc, OpFoldResult base, int64_t offset);

//===-- Views ---------------------------------------------------------------===//

/// The [rows, cols] block of 2-D memref `source` at (row, col): a
/// memref.subview with unit strides, or `source` itself when the block is
/// all of it.
Value block(OpBuilder &b, Location loc, Value source, OpFoldResult row,
            OpFoldResult col, int64_t rows, int64_t cols);
/// The leading [rows, cols] part of 2-D buffer `buffer` (block at (0, 0)).
Value tile(OpBuilder &b, Location loc, Value buffer, int64_t rows,
           int64_t cols);

//===-- Workspace and the Cube side of a hand-off ---------------------------===//

/// The first workspace row of global tile `tileNumber`'s slot, when the
/// tiles go round robin over `blockDim` blocks and each block has
/// kMixWorkspaceSlots slots of `slotRows` rows: tile g is its block's
/// (g div blockDim)-th, so it takes slot s = (g div blockDim) mod 2 of
/// block g mod blockDim, at row (g mod blockDim * 2 + s) * slotRows.
/// Creates the blockDim constant, then the slot, then the row arithmetic.
Value workspaceSlotRow(OpBuilder &b, Location loc, Value tileNumber,
                       int64_t blockDim, int64_t slotRows);

/// The AIC's hand-off of accumulator `acc` (L0C) to the workspace:
/// cross_core_wait_flag fix, kMixSlotFree; a copy of `acc` into the view
/// `slotView` builds (after the wait); cross_core_set_flag fix,
/// kMixTileReady.
void writeTileToSlot(OpBuilder &b, Location loc, Value acc,
                     llvm::function_ref<Value()> slotView);

//===-- The Vector side ------------------------------------------------------===//

/// The start of an AIV part: both ping-pong buffers free (set_flag v ->
/// mte2 and mte3 -> v, events 0 and 1), then cross_core_set_flag mte2,
/// kMixSlotFree once per workspace slot.
void emitVectorCoreStart(OpBuilder &b, Location loc);

/// The split of a tile's `count` rows (or channels) over the two AIVs:
/// aicore.sub_block_idx == 0 takes the first ceil(count / 2), the other the
/// rest, in the two sides of an scf.if built at `b`. `beforeBranch` runs
/// between the comparison and the scf.if (the builders materialize their
/// indices there). `half(builder, offset, count)` builds one side; both
/// start from the same chunk `counter` (ping-pong parity), which ends at
/// the larger of the two.
void splitOverVectorCores(
    OpBuilder &b, Location loc, int64_t count, int &counter,
    llvm::function_ref<void()> beforeBranch,
    llvm::function_ref<void(OpBuilder &, int64_t offset, int64_t count)> half);

/// One chunk of an AIV's share of a tile: `rows` rows from row `row0` of
/// the tile, in ping-pong buffer `u`; `gmRow` is what `locate` returned.
struct VectorChunk {
  int64_t rows, row0, u;
  Value gmRow;
};
/// The stages of a chunk; each runs at the builder given to it.
struct VectorChunkStages {
  /// Before the chunk's first flag: the chunk's GM row (may create ops).
  llvm::function_ref<Value(OpBuilder &, int64_t row0)> locate;
  /// CopyIn (MTE2) of the workspace rows and the other inputs.
  llvm::function_ref<void(OpBuilder &, const VectorChunk &)> copyIn;
  /// Compute (V).
  llvm::function_ref<void(OpBuilder &, const VectorChunk &)> compute;
  /// CopyOut (MTE3).
  llvm::function_ref<void(OpBuilder &, const VectorChunk &)> copyOut;
};
/// One AIV's share of a tile: `count` rows from row `rowOffset`, in chunks
/// of at most `chunkRows` rows, ping-pong buffer u = counter++ mod 2:
///   cross_core_wait_flag mte2, kMixTileReady
///   [no chunk: cross_core_set_flag mte2, kMixSlotFree]
///   per chunk: locate; wait_flag v -> mte2 (u); copyIn; [last chunk:
///   cross_core_set_flag mte2, kMixSlotFree]; set_flag mte2 -> v (u);
///   wait_flag mte2 -> v, mte3 -> v (u); compute; set_flag v -> mte2,
///   v -> mte3 (u); wait_flag v -> mte3 (u); copyOut; set_flag mte3 -> v (u).
void buildVectorChunks(OpBuilder &b, Location loc, int64_t rowOffset,
                       int64_t count, int64_t chunkRows, int &counter,
                       const VectorChunkStages &stages);

/// The UB buffers of elementwise chain `ops` (in order; ops `isView`
/// accepts, may be null, get none): `output(result, i)` for a result that
/// is `outputs[i]`, `temp(result)` for the others, and `splat(value)` for
/// each splat operand the Vector op does not take as an immediate (once
/// per use: the callback skips values it has a buffer for).
void allocateChainBuffers(ArrayRef<Operation *> ops, ArrayRef<Value> outputs,
                          llvm::function_ref<bool(Operation *)> isView,
                          llvm::function_ref<void(Value, int64_t)> output,
                          llvm::function_ref<void(Value)> temp,
                          llvm::function_ref<void(Value)> splat);

/// The Vector ops of elementwise chain `ops` on one chunk: each op's result
/// goes to `dst(result)`, its operands come from `current` (filled by the
/// caller with the chunk's inputs), splat constants from `splatTile(value)`
/// or as immediates where the Vector op takes one
/// (emitElementwiseVectorOps). Ops `isView` accepts (reshapes of a whole
/// tile; may be null) just forward their operand. `current` maps each
/// result to its tile afterwards.
void emitElementwiseChain(OpBuilder &b, Location loc, ArrayRef<Operation *> ops,
                          llvm::DenseMap<Value, Value> &current,
                          llvm::function_ref<bool(Operation *)> isView,
                          llvm::function_ref<Value(Value)> dst,
                          llvm::function_ref<Value(Value)> splatTile);

} // namespace mlir::ascend::mix

#endif // ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_MIXKERNELPARTS_H
