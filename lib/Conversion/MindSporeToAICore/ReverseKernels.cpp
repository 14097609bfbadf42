//===- ReverseKernels.cpp - ReverseV2 as a strided-box copy kernel --------===//
//
// A `vector` fusion group whose body is one ReverseV2 of its input (in
// practice torch.flip left alone, wrapped as a group of one) computes
// nothing: result element i of a reversed axis of size n is input element
// n - 1 - i. The axes are merged into runs (adjacent reversed axes reverse
// their flattened run: element i*b + j of [a, b] goes to (a-1-i)*b +
// (b-1-j) = ab - 1 - (i*b + j); adjacent kept axes stay one run), size-1
// axes dropped; the input viewed as these runs is the strided box with
// begin n - 1 and stride -1 on the reversed runs (StridedSliceKernels.cpp):
//  - reversed outer runs only change where a tile is copied from (its
//    batch index, or its first row);
//  - a reversed innermost run is gathered backwards by aicore.vgather
//    (byte offsets counting down), as are a tile's rows when the run next
//    to the innermost one is reversed.
// See docs/AICoreKernels.md, "Reversals".
//
//===----------------------------------------------------------------------===//
#include "PermutedTiles.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

namespace {
/// The one ReverseV2 of a reverse group, or null.
ms::ReverseV2Op reverseOpOf(ms::FusionOp group) {
  if (group.getInputs().size() != 1 || group.getNumResults() != 1)
    return nullptr;
  Block &body = group.getBody().front();
  if (!llvm::hasSingleElement(body.without_terminator()))
    return nullptr;
  auto reverse = dyn_cast<ms::ReverseV2Op>(body.front());
  if (!reverse || reverse.getInput() != body.getArgument(0))
    return nullptr;
  auto yield = cast<ms::YieldOp>(body.getTerminator());
  if (yield.getValues().size() != 1 ||
      yield.getValues()[0] != reverse.getResult())
    return nullptr;
  return reverse;
}
} // namespace

bool mlir::ascend::isReverseGroup(ms::FusionOp group) {
  return reverseOpOf(group) != nullptr;
}

FailureOr<KernelOp> mlir::ascend::buildReverseKernel(ms::FusionOp group,
                                                     const AICoreTarget &target,
                                                     std::string &why) {
  ms::ReverseV2Op reverse = reverseOpOf(group);
  auto type = cast<RankedTensorType>(reverse.getInput().getType());
  ArrayRef<int64_t> shape = type.getShape();
  const int64_t rank = shape.size();
  SmallVector<bool> reversed(rank, false);
  for (int64_t axis : reverse.getAxis())
    reversed[axis < 0 ? axis + rank : axis] = true;
  std::string describe;
  {
    llvm::raw_string_ostream os(describe);
    os << "'reverse_v2' of axes [";
    llvm::interleaveComma(reverse.getAxis(), os);
    os << "] of [";
    llvm::interleaveComma(shape, os);
    os << "]";
  }
  StridedBox box;
  box.op = "'reverse_v2'";
  box.what = describe + " (the innermost axis reversed)";
  if (type.getNumElements() == 0) {
    why = box.op + " of an empty tensor";
    return failure();
  }
  // Runs of reversed and of kept axes, outermost first.
  SmallVector<std::pair<int64_t, bool>> runs;
  for (int64_t d = 0; d < rank; ++d) {
    if (shape[d] == 1)
      continue;
    if (!runs.empty() && runs.back().second == reversed[d])
      runs.back().first *= shape[d];
    else
      runs.push_back({shape[d], reversed[d]});
  }
  if (runs.empty()) // one element
    runs.push_back({1, false});
  for (auto [size, backwards] : runs) {
    box.shape.push_back(size);
    box.result.push_back(size);
    box.begin.push_back(backwards ? size - 1 : 0);
    box.strides.push_back(backwards ? -1 : 1);
  }
  return buildStridedBoxKernel(group, box, target, why);
}
