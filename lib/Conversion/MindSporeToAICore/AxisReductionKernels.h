//===- AxisReductionKernels.h - Reductions over leading or middle axes ----===//
//
// A Vector group whose reduction runs over axes that are not the trailing
// ones (ReduceSum over axis 0 of [B, N], over axis 1 of [B, C, HW]), viewed
// as [outer, red, inner]: each unit of work is one outer index and one chunk
// of `w` columns of inner, its `red` rows streamed through UB in tiles of
// [rows, w], folded by halving and accumulated into a [1, w] row
// (docs/AICoreKernels.md, "Reductions over leading or middle axes").
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_AXISREDUCTIONKERNELS_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_AXISREDUCTIONKERNELS_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include <string>

namespace mlir::ascend {

/// Whether some op of `group` reduces over axes that are not the trailing
/// ones: the groups buildAxisReductionKernel takes.
bool isAxisReductionGroup(mindspore::FusionOp group);

/// Builds the kernel of a group reducing over leading or middle axes: each
/// independent part (the fusion pass groups sibling reductions) is tiled on
/// its own share of UB and runs after the previous one in the same kernel.
/// Sets `aicore.tile` {rows, view, width} (an array of them, one per part,
/// when there are several). Fails (`why`) for an op with no mapping, a
/// second reduction in a row, or a tile that does not fit UB.
FailureOr<aicore::KernelOp>
buildAxisReductionKernel(mindspore::FusionOp group,
                         const aicore::AICoreTarget &target, std::string &why);

} // namespace mlir::ascend

#endif
