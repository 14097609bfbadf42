//===- MixKernels.h - MIX fusion groups to Cube + Vector kernels -*- C++ -*-===//
//
// A `mindspore.fusion "mix"` group whose Cube primitive is a MatMul becomes
// one MIX aicore.kernel: the Cube part (on the block's AIC) computes the
// output tiles and FIX-writes each into a double-buffered GM workspace; the
// Vector part (on the block's two AIVs) waits on a cross-core flag per tile,
// loads its half of the tile into UB, applies the group's elementwise
// epilogue and writes the result. See docs/AICoreKernels.md ("MIX kernels").
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_MINDSPORETOAICORE_MIXKERNELS_H
#define ASCEND_CONVERSION_MINDSPORETOAICORE_MIXKERNELS_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::ascend {

/// The cross-core protocol of every MIX kernel (matmul and convolution
/// Cube parts alike). Flags are counters (Ascend C's CrossCoreSetFlag /
/// CrossCoreWaitFlag, FFTS mode 2): the AIC sets `kMixTileReady` when a
/// tile is in the workspace (both AIVs wait for it); each AIV sets
/// `kMixSlotFree` when it has loaded its part of a tile (the AIC waits for
/// both). The workspace holds `kMixWorkspaceSlots` tiles per block.
constexpr int64_t kMixTileReady = 0, kMixSlotFree = 1;
constexpr int64_t kMixWorkspaceSlots = 2;

/// What converting a mix group needs that only reads the IR: the group's
/// analysis (failed: `why` says why it is no MIX kernel), its kernel key
/// (vectorKernelKey with a "mix:" prefix) and where its launch reads each
/// kernel argument. prepareMixFusion changes nothing (not even the order
/// of the block's ops), so many groups can be prepared at once on the
/// context's threads; convertMixFusion then changes the IR one group at a
/// time, in program order, and the program is the same as when each group
/// is analyzed right before it is converted.
struct MixFusionPlan {
  LogicalResult status = success();
  std::string why;
  std::string key;
  uint32_t keyHash = 0; ///< llvm::StringMapImpl::hash(key), made with it
  /// Per kernel input (in argument order): the group input it is and
  /// whether the launch passes that input's plain tensor instead (the
  /// input of the TransData producing it, when the group's conversion back
  /// from the device format folds away). Numbers, not values: converting
  /// an earlier group replaces the values the group reads.
  SmallVector<std::pair<unsigned, bool>, 4> launchInputs;
};
MixFusionPlan prepareMixFusion(mindspore::FusionOp group);

/// A key under which groups have the same MixFusionPlan (and the same
/// answers of isMatMulBiasAddGroup, isConvBiasAddGroup and isConvMixGroup):
/// the group's body (vectorKernelKey) and, for each input, the TransData
/// producing it outside the group (its formats and input type, which
/// prepareMixFusion reads to fold a device-format conversion away), or
/// none. The plan holds no value of the IR (only input numbers), so one
/// group's plan serves every group with its key: a program repeating a layer
/// is analyzed once per distinct group.
std::string mixPlanKey(mindspore::FusionOp group);

/// What convertMixFusion may keep from one group to the next of a
/// conversion.
struct MixConversionState {
  /// The symbol reference each launch of a kernel names (made once).
  llvm::DenseMap<Operation *, FlatSymbolRefAttr> kernelRefs;
  /// The replaced groups, detached from the IR (their operands dropped,
  /// out of their block), for the caller to erase. A group is isolated from
  /// above: its body refers to nothing outside, so the caller may erase the
  /// groups on other threads while it changes the rest of the IR.
  SmallVector<Operation *> detached;
  /// The kernel keys of the row-wise groups the kernel model splits, with
  /// the remark's reason: a group of the same body is split without being
  /// modeled again.
  llvm::StringMap<std::string> splitFaster;
};

/// convertMixFusion below with the plan prepareMixFusion made of `group`
/// (before groups in front of it were converted, or after). With `state`,
/// the replaced group is detached into state->detached instead of erased.
LogicalResult convertMixFusion(mindspore::FusionOp group,
                               const MixFusionPlan &plan,
                               const aicore::AICoreTarget &target,
                               SymbolTable &symbols,
                               llvm::StringMap<aicore::KernelOp> &kernels,
                               ArrayRef<int64_t> tiling, std::string &why,
                               MixConversionState *state = nullptr);

/// Replaces the mix group `group` by an `aicore.launch` of its MIX kernel
/// (shared by groups with identical bodies through `kernels`, keyed like
/// vectorKernelKey). `tiling` is the pass's tiling option (empty: search;
/// else tm, tn, tk, k-stages, l0c-buffers[, l1-buffers]). Fails without
/// changing the IR, with `why` set, when the group is not a MatMul followed
/// by an elementwise epilogue the Vector kernels map, or its buffers do
/// not fit.
LogicalResult convertMixFusion(mindspore::FusionOp group,
                               const aicore::AICoreTarget &target,
                               SymbolTable &symbols,
                               llvm::StringMap<aicore::KernelOp> &kernels,
                               ArrayRef<int64_t> tiling, std::string &why);

/// Replaces the mix group `group`, which is no MIX kernel, by its Cube
/// primitive (with the Vector work in front of its operands and a BiasAdd
/// that is its result's only reader, which the Cube kernels take from the
/// BT bias table), as primitives, and one `vector` or `reduction` fusion
/// group of the rest, its Vector remainder, converted at once by
/// convertVectorFusion (kernel named `Fused_<its primitives>_<the mix
/// group's number>`). When the remainder is not one Vector kernel it is
/// inlined too, with the remark `the Vector remainder of mix group '…' is
/// not one Vector kernel (its primitives are converted one by one): …`. A
/// remainder of views and at most one primitive is left as primitives (the
/// lone-primitive conversion takes it).
void convertMixRemainder(mindspore::FusionOp group,
                         const aicore::AICoreTarget &target,
                         SymbolTable &symbols,
                         llvm::StringMap<aicore::KernelOp> &kernels);

/// Whether `group` is only a MatMul and a BiasAdd of its result (its
/// operands possibly views — Reshape, ExpandDims, Squeeze — of group
/// inputs): no Vector work is left once the Cube adds the bias from the BT
/// bias table, so such a group is converted as a plain matmul kernel (the
/// views stay graph-level views), not a MIX kernel.
bool isMatMulBiasAddGroup(mindspore::FusionOp group);

/// Moves every Cube-core instruction of a MIX kernel that is not inside an
/// `aicore.on_core` region into `aicore.on_core aic` regions (one per run
/// of consecutive instructions; the pure scalar and view ops between them
/// move before the region). Independent of what the Cube part computes.
void wrapCubePart(aicore::KernelOp kernel);

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_MINDSPORETOAICORE_MIXKERNELS_H
