//===- VectorKernelParts.h - Pieces the Vector kernel families share -----===//
//
// What the Vector kernel families (VectorKernels.cpp: row-tiled groups,
// AxisReductionKernels.cpp: reductions over leading or middle axes,
// VectorPrimitives.cpp: one primitive's Vector ops) use alike, and the entry
// of the row family that VectorFusion.cpp dispatches to.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_VECTORKERNELPARTS_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_VECTORKERNELPARTS_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include <string>
#include <utility>

namespace mlir::ascend {
namespace vec {

/// Whether `t` is a float type the Vector unit computes on (f16, bf16, f32).
bool isFloat(Type t);
/// Whether `op` is a mindspore ReduceSum, ReduceMax or ReduceMean.
bool isReduce(Operation *op);
/// Whether `v` is (a view of) a mindspore.constant: the Vector kernels
/// take only splat constants (checkVectorPrimitive), used as immediates or
/// filled tiles.
bool isSplatConstant(Value v);
/// Deals `units` units of work (tiles, or axis-reduction units) to at most
/// `maxCores` cores in equal runs: (units per core, cores used); the last
/// core may get fewer.
std::pair<int64_t, int64_t> splitOverCores(int64_t units, int64_t maxCores);

} // namespace vec

/// The row family: the group's tensors viewed as [M, K] (flat [N]), tiled
/// by whole rows, the rows per tile chosen by the modeled task cycles among
/// the candidates that fit UB; a group one row of which does not fit UB
/// goes to buildWideRowKernel when isWideRowGroup takes it, else fails
/// (`why`) naming the UB bytes needed. Sets `aicore.tile` {rows, view}.
FailureOr<aicore::KernelOp>
buildRowVectorKernel(mindspore::FusionOp group,
                     const aicore::AICoreTarget &target, std::string &why);

} // namespace mlir::ascend

#endif
