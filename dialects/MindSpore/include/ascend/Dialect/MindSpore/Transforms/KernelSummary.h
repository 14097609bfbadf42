//===- KernelSummary.h - modeled kernels and GM traffic ---------*- C++ -*-===//
//
// The graph-level cost figures of a mindspore function: how many kernels it
// launches and how many bytes they move through device memory (GM), against
// the lower bound of moving every input, weight and output once. Used by the
// fusion report (`ascend-compile --report`) and the fusion benchmark.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_MINDSPORE_TRANSFORMS_KERNELSUMMARY_H
#define ASCEND_DIALECT_MINDSPORE_TRANSFORMS_KERNELSUMMARY_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>

namespace mlir::ascend::aicore {
struct AICoreTarget;
} // namespace mlir::ascend::aicore

namespace mlir::ascend::mindspore {

/// Bytes of a ranked tensor type (elements x element bytes; i1 counts as one
/// byte, as MindSpore stores bool); 0 for other types.
int64_t tensorBytes(Type type);

/// True for ops that are views of their operand's buffer on the device
/// (Reshape, ExpandDims, Squeeze): no kernel, no GM traffic.
bool isViewOp(Operation *op);

/// Ops of `root` that compute only from parameters and constants (e.g. the
/// scaled weights of a folded BatchNorm): pure ops without regions whose
/// every operand is a `load`, a `constant` or the result of another such op.
/// MindSpore's graph compiler folds them into constants when it loads the
/// weights, so they launch no kernel at run time and are never fused.
llvm::DenseSet<Operation *> findLoadTimeOps(Operation *root);

/// The row of the AI Core target table named `chip`, or null after an error
/// on `op` naming the chip (the graph passes' `chip` option).
const aicore::AICoreTarget *lookupChipOrError(Operation *op, StringRef chip);

/// Kernel figures of one function (or of all functions of a module).
struct KernelSummary {
  /// Kernels launched: every primitive except views, parameter loads,
  /// constants and load-time ops (findLoadTimeOps); a fusion group counts once; the bodies of cond/while count
  /// once each (as if every region ran once).
  int64_t kernels = 0;
  /// GM bytes the kernels read and write: each kernel reads each distinct
  /// input tensor once and writes each result once (a load-time result
  /// counts as the weight it is).
  int64_t hbmBytes = 0;
  /// Inputs + parameters + constants + outputs, each moved once, bytes
  /// (parameters as loaded; a weight a load-time op rewrites, such as a
  /// convolution filter scaled by a folded BatchNorm, counts once).
  int64_t lowerBoundBytes = 0;
};

/// Sums the figures over every function in `op` (a func.func or a module).
KernelSummary summarizeKernels(Operation *op);

} // namespace mlir::ascend::mindspore

#endif // ASCEND_DIALECT_MINDSPORE_TRANSFORMS_KERNELSUMMARY_H
