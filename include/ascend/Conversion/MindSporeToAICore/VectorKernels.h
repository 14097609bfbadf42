//===- VectorKernels.h - vector fusion groups to aicore kernels -*- C++ -*-===//
//
// One `mindspore.fusion "vector"` group becomes one multi-core aicore.kernel:
// CopyIn (MTE2) -> Vector compute (V) -> CopyOut (MTE3) over double-buffered
// tiles of the flattened tensor. The schedule, the supported primitives and
// the tile search are described in docs/AICoreKernels.md and Passes.td.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_MINDSPORETOAICORE_VECTORKERNELS_H
#define ASCEND_CONVERSION_MINDSPORETOAICORE_VECTORKERNELS_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/SymbolTable.h"

#include <string>

namespace mlir::ascend {

/// Replaces the vector fusion group `group` by an `aicore.launch` of a new
/// kernel (inserted into `symbols`) tiled for `target`. Fails without
/// changing the IR, with `why` saying what the kernel cannot express (an
/// unsupported primitive or broadcast, or buffers that fit UB at no tile
/// size).
LogicalResult convertVectorFusion(mindspore::FusionOp group,
                                  const aicore::AICoreTarget &target,
                                  SymbolTable &symbols, std::string &why);

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_MINDSPORETOAICORE_VECTORKERNELS_H
