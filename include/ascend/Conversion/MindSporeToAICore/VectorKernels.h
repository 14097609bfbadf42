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
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::ascend {

/// Why `op` (a primitive or a fusion group, with the ops of its regions) is
/// no AI Core kernel when one of its operands or results has a static shape
/// of no elements (a dimension of size 0): "it has an empty (zero-element)
/// tensor: nothing to compute"; empty when it has none. The kernels' tilings
/// divide by row and column counts; the host makes the empty result.
StringRef emptyTensorReason(Operation *op);

/// Builds the kernel of the vector or reduction fusion group `group` tiled
/// for `target`, detached (not inserted anywhere) and named after the group.
/// Fails with `why` saying what the kernel cannot express (an unsupported
/// primitive, broadcast or reduction, or buffers that fit UB at no tile
/// size).
FailureOr<aicore::KernelOp>
buildVectorKernel(mindspore::FusionOp group, const aicore::AICoreTarget &target,
                  std::string &why);

/// A string equal for two groups exactly when their bodies (kind, argument
/// types, ops, attributes -- inherent and discardable --, operand wiring,
/// result types) are the same, so that they can share one kernel. It holds
/// the addresses of the context's uniqued types and attributes: a map key
/// within one MLIRContext, not text to print. (Properties that are not
/// attributes would count through their hash only; MindSpore ops have
/// none.) It only reads the IR: groups may be keyed on several threads.
std::string vectorKernelKey(mindspore::FusionOp group);

/// Replaces `group` by an `aicore.launch` of its kernel: the kernel in
/// `kernels` (keyed by vectorKernelKey) of an identical earlier group, or a
/// new one from buildVectorKernel inserted into `symbols` and `kernels`.
/// Fails without changing the IR, with `why` set, when no kernel can be
/// built.
LogicalResult convertVectorFusion(mindspore::FusionOp group,
                                  const aicore::AICoreTarget &target,
                                  SymbolTable &symbols,
                                  llvm::StringMap<aicore::KernelOp> &kernels,
                                  std::string &why);

/// Makes every compute primitive of `module`'s functions left at the
/// mindspore level (outside any fusion group, or from a group inlined back)
/// a fusion group of one and converts it like a group (convertVectorFusion,
/// kernels shared through `kernels`; a new kernel is named after the
/// primitive, e.g. `Softmax_0`). Views, parameter loads, constants, control
/// flow and launches are not kernels and are skipped; MatMul and Conv2D are
/// left to their converters. Every other primitive that stays gets a remark
/// `no AI Core kernel for primitive '<op>': <reason>` at its location (a
/// Vector kernel reason, load-time work, a Custom op, an Assert, a Cube op
/// without a Cube kernel). See docs/AICoreKernels.md.
void convertLonePrimitives(ModuleOp module, const aicore::AICoreTarget &target,
                           SymbolTable &symbols,
                           llvm::StringMap<aicore::KernelOp> &kernels);

/// Whether `op` is a 2-D window pooling the pooling kernels take: MaxPool,
/// AvgPool, or AdaptiveAvgPool2D to any output size but 1x1 (which is the
/// ReduceMean over H and W of the Vector kernels).
bool isWindowPooling(Operation *op);

/// Builds the Vector kernel `name` of pooling `op` (isWindowPooling) over an
/// NCHW f16 / bf16 / f32 tensor, tiled for `target` (PoolingKernels.cpp,
/// docs/AICoreKernels.md "Pooling"): arguments the input [N, C, H, W] and
/// the output [N, C, Ho, Wo] in GM. Fails with `why` when the kernel cannot
/// express it (a window wholly in the padding, adaptive window bounds past
/// 2^24, one output row that does not fit UB).
FailureOr<aicore::KernelOp> buildPoolingKernel(Operation *op,
                                               const aicore::AICoreTarget &target,
                                               StringRef name, std::string &why);

/// Emits the Vector ops computing the elementwise primitive `op` (any
/// primitive the Vector kernels map but the reductions, Softmax, LayerNorm
/// and BroadcastTo, see docs/AICoreKernels.md) into the UB tile `dst` at
/// `b`'s insertion point. `in(i)` is the UB tile holding operand i (same
/// shape as `dst`); `immediate(i)` is operand i's splat value when it is a
/// splat constant the op takes as an immediate (vectorOpTakesImmediate),
/// else null. Shared by the Vector kernels and the Vector part of MIX
/// kernels (MixKernels.cpp).
void emitElementwiseVectorOps(
    OpBuilder &b, Location loc, Operation *op, Value dst,
    llvm::function_ref<Value(unsigned)> in,
    llvm::function_ref<TypedAttr(unsigned)> immediate);

/// Emits the Vector ops of the row-wise primitive `op` on a UB tile of
/// `rows` rows of `k` elements at `b`'s insertion point: ReduceSum /
/// ReduceMax / ReduceMean over each row (`dst` [rows, 1]), Softmax and
/// LogSoftmax along the row, LayerNorm over the row (`dst` like `x`, [rows,
/// k]; `gamma` and `beta` the [rows, k] tiles the parameters were broadcast
/// into). `perRow` ([rows, 1]) and `spread` ([rows, k]) are scratch tiles of
/// the result's element type (unused by the reductions). Shared by the
/// Vector kernels and the row-wise epilogues of MIX kernels
/// (MixKernels.cpp); docs/AICoreKernels.md lists the instructions.
void emitRowReductionVectorOps(OpBuilder &b, Location loc, Operation *op,
                               Value dst, Value x, Value perRow, Value spread,
                               int64_t k, Value gamma, Value beta);
/// Whether operand `i` of primitive `op`, a splat constant, becomes an
/// immediate (vadds, vmuls, vmaxs, vmins; `x - c` as vadds -c on floats).
bool vectorOpTakesImmediate(Operation *op, unsigned i);

/// Whether the Vector kernels map primitive `op` with its element types;
/// else failure with `why` naming the primitive or type.
LogicalResult checkVectorPrimitive(Operation *op, std::string &why);

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_MINDSPORETOAICORE_VECTORKERNELS_H
