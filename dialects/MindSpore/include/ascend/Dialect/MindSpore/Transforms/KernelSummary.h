//===- KernelSummary.h - modeled kernels and GM traffic ---------*- C++ -*-===//
//
// The graph-level cost figures of a mindspore function: how many kernels it
// launches and how many bytes they move through device memory (GM), against
// the lower bound of moving every input, weight and output once. Used by the
// fusion cost model, the fusion report (`ascend-compile --fusion-report`),
// the op summary (`ascend-compile --report`) and the fusion benchmark.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_MINDSPORE_TRANSFORMS_KERNELSUMMARY_H
#define ASCEND_DIALECT_MINDSPORE_TRANSFORMS_KERNELSUMMARY_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>

namespace mlir::ascend::aicore {
struct AICoreTarget;
} // namespace mlir::ascend::aicore

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace mlir::ascend::mindspore {

/// Bytes of a ranked tensor type (elements x element bytes; i1 counts as one
/// byte, as MindSpore stores bool); 0 for other types.
int64_t tensorBytes(Type type);

/// True for ops that are views of their operand's buffer on the device
/// (Reshape, ExpandDims, Squeeze): no kernel, no GM traffic.
bool isViewOp(Operation *op);

/// The value whose device buffer `v` is: `v` followed through view ops
/// (isViewOp) to their source.
Value viewSource(Value v);

/// Ops of `root` that compute only from parameters and constants (e.g. the
/// scaled weights of a folded BatchNorm): pure ops without regions whose
/// every operand is a `load`, a `constant` or the result of another such op,
/// outside fusion groups (a group is a kernel). MindSpore's graph compiler
/// folds them when it loads the weights: no kernel at run time, never fused.
llvm::DenseSet<Operation *> findLoadTimeOps(Operation *root);

/// The row of the AI Core target table named `chip`, or null after an error
/// on `op` naming the chip (the graph passes' `chip` option).
const aicore::AICoreTarget *lookupChipOrError(Operation *op, StringRef chip);

/// Calls `fn` on each kernel launch of `func`, in program order: every op
/// except views, parameter loads, constants, load-time ops
/// (findLoadTimeOps), terminators and `cond` / `while` themselves; a fusion
/// group is one kernel (its body is not visited); the bodies of `cond` and
/// `while` are visited once each, as if every region ran once. At the aicore
/// level an `aicore.launch` is one kernel.
void walkKernels(func::FuncOp func, llvm::function_ref<void(Operation *)> fn);

/// GM bytes one kernel (a primitive, a fusion group or a launch) moves: each
/// distinct input buffer read once (a view reads its source's buffer) and
/// each result written once.
int64_t kernelGMBytes(Operation *kernel);

/// The graph-level time of a kernel that moves `bytes` through GM, in us:
/// max(the smallest kernel's time, bytes / the die's HBM bandwidth), both from
/// `target` (AICoreTarget.h: minKernelMicros, hbmBytesPerSecond). The fusion
/// cost model and the op summary's rows for kernels not run on the pipe model.
double modeledKernelMicros(int64_t bytes, const aicore::AICoreTarget &target);

/// Kernel figures of one function (or of all functions of a module).
struct KernelSummary {
  /// Kernels launched: the ops walkKernels visits.
  int64_t kernels = 0;
  /// GM bytes the kernels read and write (kernelGMBytes summed; a load-time
  /// result counts as the weight it is).
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
