//===- BoxKernels.cpp - ReverseV2, BroadcastTo, Tile as box copy kernels --===//
//
// A `vector` fusion group whose body is one ReverseV2, BroadcastTo or Tile
// of its input (in practice the primitive left alone, wrapped as a group of
// one) computes nothing: every result element is one input element, found
// by per-axis affine addressing, so the op is a strided box of its input
// (StridedSliceKernels.cpp: result element (i_d) reads input element
// (begin_d + i_d * stride_d)):
//  - ReverseV2: begin n - 1, stride -1 on the reversed axes;
//  - BroadcastTo: the input aligned to the result's rank with leading
//    axes of size 1, stride 0 on the broadcast axes;
//  - Tile: the input viewed as [1, s_0, 1, s_1, ...] and the result as
//    [m_0, s_0, m_1, s_1, ...] (the same elements in the same order),
//    stride 0 on the m axes.
// The box's axes are then merged into runs that read alike (adjacent kept,
// reversed or broadcast axes; size-1 axes dropped): a reversed run [a, b]
// reverses its flattened index (element i*b + j goes to (a-1-i)*b + (b-1-j)
// = ab - 1 - (i*b + j)), a broadcast run repeats its one element. Outer
// reversed or broadcast runs only change where a tile is copied from; a
// reversed or broadcast innermost run is ordered by aicore.vgather
// (descending or equal byte offsets), as are a tile's rows when the run
// next to the innermost one is reversed. See docs/AICoreKernels.md,
// "Reversals, broadcasts and tiles".
//
//===----------------------------------------------------------------------===//
#include "PermutedTiles.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

namespace {
/// The one op of a box copy group, or null.
Operation *boxOpOf(ms::FusionOp group) {
  if (group.getInputs().size() != 1 || group.getNumResults() != 1)
    return nullptr;
  Block &body = group.getBody().front();
  if (!llvm::hasSingleElement(body.without_terminator()))
    return nullptr;
  Operation *op = &body.front();
  if (!isa<ms::ReverseV2Op, ms::BroadcastToOp, ms::TileOp>(op) ||
      op->getOperand(0) != body.getArgument(0))
    return nullptr;
  auto yield = cast<ms::YieldOp>(body.getTerminator());
  if (!llvm::equal(yield.getValues(), op->getResults()))
    return nullptr;
  return op;
}

/// How a box axis reads its input axis.
enum class Reads { Kept, Reversed, Broadcast };

/// Adds an axis of `size` result indices read as `reads` (a broadcast axis
/// reads an input axis of size 1) to `box`, merged with the axis before it
/// when that one reads alike; axes of one index are left out.
void appendAxis(StridedBox &box, SmallVectorImpl<Reads> &kinds, int64_t size,
                Reads reads) {
  if (size == 1)
    return;
  if (!kinds.empty() && kinds.back() == reads) {
    box.result.back() *= size;
    if (reads != Reads::Broadcast)
      box.shape.back() *= size;
    if (reads == Reads::Reversed)
      box.begin.back() = box.shape.back() - 1;
    return;
  }
  kinds.push_back(reads);
  box.result.push_back(size);
  box.shape.push_back(reads == Reads::Broadcast ? 1 : size);
  box.begin.push_back(reads == Reads::Reversed ? size - 1 : 0);
  box.strides.push_back(reads == Reads::Kept       ? 1
                        : reads == Reads::Reversed ? -1
                                                   : 0);
}

std::string shapeText(ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return text;
}
} // namespace

bool mlir::ascend::isBoxCopyGroup(ms::FusionOp group) {
  return boxOpOf(group) != nullptr;
}

FailureOr<KernelOp> mlir::ascend::buildBoxCopyKernel(ms::FusionOp group,
                                                     const AICoreTarget &target,
                                                     std::string &why) {
  Operation *op = boxOpOf(group);
  auto inType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto outType = cast<RankedTensorType>(op->getResult(0).getType());
  ArrayRef<int64_t> shape = inType.getShape();
  const int64_t rank = shape.size();
  StridedBox box;
  box.op = "'" + op->getName().stripDialect().str() + "'";
  if (inType.getNumElements() == 0 || outType.getNumElements() == 0) {
    why = box.op + " of an empty tensor";
    return failure();
  }
  SmallVector<Reads> kinds;
  if (auto reverse = dyn_cast<ms::ReverseV2Op>(op)) {
    SmallVector<bool> reversed(rank, false);
    for (int64_t axis : reverse.getAxis())
      reversed[axis < 0 ? axis + rank : axis] = true;
    for (int64_t d = 0; d < rank; ++d)
      appendAxis(box, kinds, shape[d],
                 reversed[d] ? Reads::Reversed : Reads::Kept);
    box.what = "'reverse_v2' of axes " + shapeText(reverse.getAxis()) +
               " of " + shapeText(shape) + " (the innermost axis reversed)";
  } else if (auto tile = dyn_cast<ms::TileOp>(op)) {
    ArrayRef<int64_t> multiples = tile.getMultiples();
    const int64_t lead = multiples.size() - rank;
    for (int64_t d = 0; d < int64_t(multiples.size()); ++d) {
      appendAxis(box, kinds, multiples[d], Reads::Broadcast);
      appendAxis(box, kinds, d < lead ? 1 : shape[d - lead], Reads::Kept);
    }
    box.what = "'tile' of " + shapeText(shape) + " by " +
               shapeText(multiples) +
               " (each element repeated along the innermost axis)";
  } else {
    ArrayRef<int64_t> result = outType.getShape();
    const int64_t lead = result.size() - rank;
    for (int64_t d = 0; d < int64_t(result.size()); ++d) {
      int64_t in = d < lead ? 1 : shape[d - lead];
      appendAxis(box, kinds, result[d],
                 in == result[d] ? Reads::Kept : Reads::Broadcast);
    }
    box.what = "'broadcast_to' of " + shapeText(shape) + " to " +
               shapeText(result) + " (along the innermost axis)";
  }
  if (box.result.empty()) { // one element
    box.shape = {1};
    box.result = {1};
    box.begin = {0};
    box.strides = {1};
  }
  return buildStridedBoxKernel(group, box, target, why);
}
