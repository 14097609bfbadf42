//===- PermutedTiles.h - matmul tiles stored through a Transpose -*- C++ -*-===//
//
// An epilogue that transposes a matmul's result (e.g. the [B*H, S, D] ->
// [S, B*H, D] permutation around attention) does not move data on the
// Vector unit: the tile keeps its [rows, cols] shape in L0C / UB and only
// the GM addresses of its rows change. TileLayout records, for a tensor
// holding the elements of the matmul's result in some order, where element
// (r, c) of the stacked `[batch * m, n]` result lives; copyPermutedTile
// moves a tile between an on-chip buffer and such a tensor (one strided
// copy when the tile's rows are equally spaced in it, else one copy per
// row). See docs/AICoreKernels.md, "Transposes in the epilogue".
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_PERMUTEDTILES_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_PERMUTEDTILES_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <string>

namespace mlir::ascend {

/// One mixed-radix digit of the stacked row index: `size` values, each
/// `stride` elements apart in the tensor's row-major storage.
struct TileFactor {
  int64_t size, stride;
  bool operator==(const TileFactor &o) const {
    return size == o.size && stride == o.stride;
  }
};

/// Element (r, c) of a stacked `[batch * m, n]` matmul result sits at
/// `sum_i digit_i(r) * rows[i].stride + c * colStride` of a tensor's
/// row-major storage, where digit_i are the digits of r in the radices
/// `rows[i].size` (outer to inner; factors of size 1 are left out).
struct TileLayout {
  SmallVector<TileFactor> rows;
  int64_t cols = 1, colStride = 1;

  /// The result itself: images of m rows stacked, rows of n elements.
  static TileLayout identity(int64_t batch, int64_t m, int64_t n);
  /// Whether rows are stored one after another, n elements each.
  bool isIdentity() const;
  bool operator==(const TileLayout &o) const {
    return rows == o.rows && cols == o.cols && colStride == o.colStride;
  }
  bool operator!=(const TileLayout &o) const { return !(*this == o); }
};

/// The layout of `transpose(v, perm)` for a tensor v of `shape` with layout
/// `in`. Fails (with `why`) when a dimension of `shape` cuts the matmul's
/// N axis or the permutation moves N off the innermost place (the tile's
/// columns would no longer be contiguous: a Vector transpose).
FailureOr<TileLayout> transposeLayout(const TileLayout &in,
                                      ArrayRef<int64_t> shape,
                                      ArrayRef<int64_t> perm,
                                      std::string &why);

/// Copies the `[rows, cols]` tile at stacked row `row`, column `col` of the
/// GM tensor `gm` (layout `layout`) from (`toGM` false) or to (`toGM` true)
/// the on-chip view `tile`. The tile's rows lie within one block of
/// `rowBlock` rows (an image of a batched matmul, else the whole M): when
/// the innermost group of row factors that are stored one after another
/// spans a multiple of it, the rows are equally spaced in `gm` and one
/// strided copy moves the tile. Otherwise, when `row` is known to be a
/// multiple of `rowAlign` and the rows come in whole groups of the innermost
/// digit (size d < rows), the rows sharing that digit are equally spaced in
/// both places: d strided copies; else an scf.for copies row by row.
void copyPermutedTile(OpBuilder &b, Location loc, Value gm,
                      const TileLayout &layout, int64_t rowBlock, Value row,
                      Value col, Value tile, int64_t rows, int64_t cols,
                      bool toGM, int64_t rowAlign = 1);

/// Whether copyPermutedTile moves any tile of `rowBlock`-row blocks with
/// one copy.
bool isStridedTileLayout(const TileLayout &layout, int64_t rowBlock);

/// Whether `group` (a `vector` fusion group) only transposes and reshapes
/// its one input into its one result (PermuteKernels.cpp).
bool isPermuteGroup(mindspore::FusionOp group);

/// The Vector-core kernel of a permute group: [rows, cols] tiles of the
/// input GM -> UB -> GM through the output's layout; a group that moves
/// the innermost axis goes to buildTransposeKernel. Fails (`why`) when the
/// group's layout is not a permutation of strided digits.
FailureOr<aicore::KernelOp> buildPermuteKernel(mindspore::FusionOp group,
                                               const aicore::AICoreTarget &target,
                                               std::string &why);

/// One digit of the element index of a permute group (TransposeKernels.cpp):
/// `size` index values, `inStride` elements apart in the group's input and
/// `outStride` apart in its result.
struct TransposeDigit {
  int64_t size, inStride, outStride;
};

/// A permute group's element order: its digits (size > 1, merged where
/// adjacent in both tensors) in input order, outermost first; `j` the
/// input's innermost digit (inStride 1), `i` the result's (outStride 1),
/// -1 when the group has one element.
struct TransposePlan {
  SmallVector<TransposeDigit> digits;
  int i = -1, j = -1;
  /// Whether the group moves the input's innermost digit off the result's
  /// innermost place (a Vector transpose; else a permuted copy).
  bool movesInnermostAxis() const;
};

/// The digits of a permute group, or failure (`why`) when a reshape cuts
/// a digit at a place that is not a whole number of its values.
FailureOr<TransposePlan> planTransposeGroup(mindspore::FusionOp group,
                                            std::string &why);

/// The Vector-core kernel of a permute group that moves the innermost axis
/// (`plan.movesInnermostAxis()`): a batch of [m, n] -> [n, m] transposes in
/// [a, b] tiles, GM -> UB (MTE2), aicore.vtranspose (V), UB -> GM (MTE3),
/// double buffered and dealt over the vector cores; [a, b] chosen on the
/// kernel model. Fails (`why`) for elements of other than 2 or 4 bytes.
FailureOr<aicore::KernelOp>
buildTransposeKernel(mindspore::FusionOp group, const TransposePlan &plan,
                     const aicore::AICoreTarget &target, std::string &why);

/// The two `[rows, cols]` UB tiles of a GM -> UB -> GM copy kernel
/// (named "tile.ping" and "tile.pong"), each released for its first MTE2
/// load (`set_flag mte3 -> mte2`, event 0 and 1). The kernel ends with the
/// matching `wait_flag mte3 -> mte2` of both events.
std::array<Value, 2> allocateCopyTiles(OpBuilder &b, Location loc,
                                       int64_t rows, int64_t cols,
                                       Type elementType);

/// One axis of a copy kernel's regions: `tiles` tiles of `size` elements,
/// the first at element `base`.
struct CopyTileRegion {
  int64_t size, tiles, base;
};

/// The two regions along an axis of `total` elements cut into tiles of
/// `tile`: the `total / tile` full tiles from element 0, then the ragged
/// tile of `total % tile` elements after them (0 tiles when there is no
/// remainder; callers skip regions without tiles).
inline std::array<CopyTileRegion, 2> copyTileRegions(int64_t total,
                                                     int64_t tile) {
  int64_t full = total / tile, rest = total % tile;
  return {CopyTileRegion{tile, full, 0},
          CopyTileRegion{rest, rest ? 1 : 0, full * tile}};
}

/// Deals the `count` tiles of one region of a copy kernel to its `blocks`
/// blocks: the tiles of all regions are numbered one after another from
/// `offset` (the tiles of the regions before), and the block `blockIdx`
/// takes those whose number mod `blocks` is its index, in pairs on the two
/// UB tiles (`emitTile(builder, i, 0)`, then tile `i + blocks` on 1), then
/// at most one more on tile 0. `emitTile` builds region tile `i` (an index
/// value) on UB tile `u`, with the flags of its event.
void dealCopyTiles(OpBuilder &b, Location loc, Value blockIdx, int64_t blocks,
                   int64_t offset, int64_t count,
                   llvm::function_ref<void(OpBuilder &, Value, int)> emitTile);

/// Where tile `i` of one region of a copy kernel starts: the region holds
/// `batch` matrices of `rowTiles x colTiles` tiles each (numbered batch
/// index-major, then row tile, then column tile), its tiles are
/// `rowSize x colSize` elements from element (rowBase, colBase) of each
/// matrix. Returns the batch index (`i` itself when one of batch and
/// rowTiles * colTiles is 1), the first row and the first column, as index
/// values built at `b`'s insertion point.
struct CopyTileOrigin {
  Value batch, row, col;
};
CopyTileOrigin locateCopyTile(OpBuilder &b, Location loc, Value i,
                              int64_t batch, int64_t rowTiles,
                              int64_t colTiles, int64_t rowBase,
                              int64_t colBase, int64_t rowSize,
                              int64_t colSize);

/// A strided box of a tensor (StridedSliceKernels.cpp): the input viewed
/// as the row-major array of `shape` (its elements in storage order),
/// result element (i_d) of the `result` array (same rank) reads input
/// element (begin_d + i_d * strides_d). A stride may be negative (a
/// reversed axis: ReverseV2 is the box with begin n - 1 and stride -1 on
/// its axes) or 0 (a broadcast axis: BroadcastTo and Tile); every read
/// index lies inside `shape`.
struct StridedBox {
  SmallVector<int64_t> shape, result, begin, strides;
  /// Names the op in diagnostics, e.g. "'strided_slice' with a stride of 2
  /// on the last axis" ("<what> gathers its elements on the Vector unit
  /// ...", "<what>: one row of its gather does not fit UB").
  std::string what;
  /// The op's name in quotes, for "<op> of an empty tensor".
  std::string op;
};

/// The Vector-core kernel of a strided box: [t, c] tiles of the result as a
/// batch of [R, C] matrices (C the last axis, R the innermost other axis
/// with more than one result index, the batch the others), copied GM -> UB
/// -> GM with strided MTE2 loads when the last axis' stride is 1 and R's is
/// positive; else each row's span is loaded and aicore.vgather compacts
/// and orders its elements (every s-th, backwards for a negative stride;
/// the rows backwards when R's stride is negative; every element of a row
/// the same one when the last axis' stride is 0). A negative or zero
/// stride on a batch axis only moves a tile's source; R is never a
/// broadcast axis (the result is then viewed through its own shape when a
/// batch axis is inside R). When R's stride is negative and
/// the element type is not one vgather takes, R is a batch axis too (tiles
/// of one row). Fails (`why`) when a gather of the last axis gets an
/// element type vgather does not take, or one span row does not fit UB.
FailureOr<aicore::KernelOp>
buildStridedBoxKernel(mindspore::FusionOp group, const StridedBox &box,
                      const aicore::AICoreTarget &target, std::string &why);

/// The Vector-core kernel of a StridedSlice group that is not a window of
/// one axis: buildStridedBoxKernel on its box.
FailureOr<aicore::KernelOp>
buildStridedSliceKernel(mindspore::FusionOp group,
                        mindspore::StridedSliceOp slice,
                        const aicore::AICoreTarget &target, std::string &why);

/// Whether `group` (a `vector` fusion group) is one ReverseV2, BroadcastTo
/// or Tile of its one input (BoxKernels.cpp).
bool isBoxCopyGroup(mindspore::FusionOp group);

/// The Vector-core kernel of such a group: the op as a strided box of its
/// input (ReverseV2: begin n - 1 and stride -1 on the reversed axes;
/// BroadcastTo: stride 0 on the broadcast axes; Tile: the input viewed as
/// [1, s_0, 1, s_1, ...] and the result as [m_0, s_0, m_1, s_1, ...], stride
/// 0 on the m axes), its axes merged into runs that read alike (size-1
/// axes dropped), then buildStridedBoxKernel: outer reversed or broadcast
/// runs only change where a tile is copied from, a reversed or broadcast
/// innermost run (and the rows of a tile when the run next to it is
/// reversed) is ordered by aicore.vgather. Fails (`why`) when the innermost
/// run needs a gather and the element type is not one vgather takes (f16,
/// bf16, f32, i16, i32), or one row of the gather does not fit UB.
FailureOr<aicore::KernelOp>
buildBoxCopyKernel(mindspore::FusionOp group,
                   const aicore::AICoreTarget &target, std::string &why);

/// `gm` (a contiguous memref of any rank, 0-d included) viewed as the
/// row-major array of `shape` (any rank, 0-d included; the same number of
/// elements): its elements in storage order, through a 1-D view. `gm` itself
/// when the shapes are equal.
Value viewAs(OpBuilder &b, Location loc, Value gm, ArrayRef<int64_t> shape);

/// Digit `k` of the index `v` (in [0, prod(sizes))) in the mixed radix
/// `sizes` (outermost first), as an index value: `(v / prod(sizes[k+1:]))
/// mod sizes[k]`, leaving out a division by 1 and the remainder when the
/// digits outside k take one value.
Value mixedRadixDigit(OpBuilder &b, Location loc, Value v,
                      ArrayRef<int64_t> sizes, size_t k);

/// Splits the digits of an element order until every dimension of `shape`
/// (a reshape of the tensor the digits describe) takes whole consecutive
/// digits, in storage order. `stride(d)` is digit d's stride in that
/// tensor (distinct strides); `split(at, need)` cuts digit `at` into its
/// outer part and `need` inner values, and may refuse (setting `why`).
/// Returns, per dimension, the digits it takes, innermost first; fails
/// (`why`) when `shape` does not hold the digits (`holdsWhat` completes
/// "the transpose's operand shape does not hold ...") or a dimension mixes
/// parts of two digits.
template <typename Digit, typename StrideFn, typename SplitFn>
FailureOr<SmallVector<SmallVector<unsigned>>>
assignDigitsToDims(SmallVectorImpl<Digit> &digits, ArrayRef<int64_t> shape,
                   StrideFn stride, SplitFn split, StringRef holdsWhat,
                   std::string &why) {
  int64_t rank = shape.size();
  SmallVector<SmallVector<unsigned>> dimDigits;
  for (;;) {
    SmallVector<unsigned> storage(digits.size());
    for (unsigned k = 0; k < storage.size(); ++k)
      storage[k] = k;
    llvm::sort(storage, [&](unsigned x, unsigned y) {
      return stride(digits[x]) < stride(digits[y]);
    });
    dimDigits.assign(rank, {});
    size_t pos = 0;
    bool didSplit = false;
    for (int64_t d = rank - 1; d >= 0 && !didSplit; --d) {
      int64_t need = shape[d];
      while (need > 1) {
        if (pos >= storage.size()) {
          why = ("the transpose's operand shape does not hold " + holdsWhat)
                    .str();
          return failure();
        }
        const Digit &digit = digits[storage[pos]];
        if (digit.size <= need) {
          if (need % digit.size) {
            why = "a dimension of the transpose's operand mixes parts of two "
                  "axes";
            return failure();
          }
          need /= digit.size;
          dimDigits[d].push_back(storage[pos++]);
          continue;
        }
        if (digit.size % need) {
          why = "a dimension of the transpose's operand mixes parts of two "
                "axes";
          return failure();
        }
        if (failed(split(storage[pos], need)))
          return failure();
        didSplit = true;
        break;
      }
    }
    if (!didSplit)
      return dimDigits;
  }
}

/// Whether `group` (a `vector` fusion group) is one Split or one
/// StridedSlice of its one input, or one Concat of its inputs
/// (SliceKernels.cpp).
bool isSliceCopyGroup(mindspore::FusionOp group);

/// The Vector-core copy kernel of a slice group: each result of a Split or
/// StridedSlice is a column window of the input viewed as `[outer, axis *
/// inner]`, each input of a Concat a column window of the result viewed
/// so, copied in `[rows, cols]` tiles GM -> UB -> GM; a StridedSlice with a
/// stride other than 1 or that cuts more than one axis goes to
/// buildStridedSliceKernel.
FailureOr<aicore::KernelOp>
buildSliceCopyKernel(mindspore::FusionOp group,
                     const aicore::AICoreTarget &target, std::string &why);

} // namespace mlir::ascend

#endif // ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_PERMUTEDTILES_H
