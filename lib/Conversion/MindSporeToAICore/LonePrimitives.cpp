//===- LonePrimitives.cpp - primitives outside fusion groups as kernels ---===//
//
// After the fusion groups, MatMuls and convolutions are converted, every
// compute primitive left at the mindspore level (one the fusion pass left
// alone, an op between groups, or the primitives of a group that was inlined
// back) is treated as a fusion group of one: it is wrapped in a one-op
// `mindspore.fusion` and goes through the same Vector kernel builders as the
// groups (convertVectorFusion); window poolings (MaxPool, AvgPool,
// AdaptiveAvgPool2D but to 1x1) go to the pooling kernels
// (PoolingKernels.cpp). A primitive that stays gets a remark saying
// why. View ops, parameter loads, constants and control flow are not
// kernels and stay silently. See docs/AICoreKernels.md ("Primitives outside
// fusion groups").
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

#include <map>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

namespace {

/// Ops that are not kernels: views of their operand's buffer, parameter
/// loads and constants, control flow and its terminators, and what is
/// already a kernel (launches) or a group.
bool isNotAKernel(Operation *op) {
  return ms::isViewOp(op) ||
         isa<ms::LoadOp, ms::ConstantOp, ms::ParameterOp, ms::CondOp,
             ms::WhileOp, ms::FusionOp>(op) ||
         op->hasTrait<OpTrait::IsTerminator>();
}

/// A splat constant the Vector kernels take as an immediate or a filled
/// tile (the fusion pass clones such constants into its groups too).
bool isSplatConstant(Value v) {
  auto cst = v.getDefiningOp<ms::ConstantOp>();
  if (!cst)
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
  return dense && dense.isSplat();
}

/// Whether `pool` is global average pooling: a 1x1 output of a rank-4
/// [N, C, H, W] input, the mean over the trailing axes H and W.
bool isGlobalAveragePool(ms::AdaptiveAvgPool2DOp pool) {
  auto type = dyn_cast<RankedTensorType>(pool.getX().getType());
  return type && type.getRank() == 4 &&
         pool.getOutputSize() == ArrayRef<int64_t>{1, 1};
}

/// Global average pooling as the ReduceMean over axes [2, 3] with
/// keep_dims it is ([N, C, H, W] -> [N, C, 1, 1]), in place of `pool`: the
/// Vector kernels reduce trailing axes.
Operation *asReduceMean(ms::AdaptiveAvgPool2DOp pool) {
  OpBuilder b(pool);
  auto mean = ms::ReduceMeanOp::create(b, pool.getLoc(), pool.getX(),
                                       ArrayRef<int64_t>{2, 3},
                                       /*keep_dims=*/true);
  pool->replaceAllUsesWith(mean->getResults());
  pool->erase();
  return mean;
}

/// Why `op`, which no converter made a kernel, is not one: a reason that
/// does not depend on the Vector kernel builders, or an empty string when
/// the op is a candidate for a one-op Vector kernel.
std::string reasonWithoutKernel(Operation *op,
                                const llvm::DenseSet<Operation *> &loadTime) {
  if (isa<ms::CustomOp>(op))
    return "a Custom op runs the kernel the deployer registers for it (an "
           "AI_CPU task in the op summary)";
  if (isa<ms::AssertOp>(op))
    return "an Assert is a guard that the host checks, not an AI Core "
           "kernel (an AI_CPU task in the op summary)";
  if (isa<ms::Conv2DTransposeOp>(op))
    return "its implicit-GEMM Cube kernel was not built (the remark or "
           "error before this one on the op says why)";
  if (op->getNumResults() == 0)
    return "it has no result";
  // A zero-element operand or result (a dimension of size 0).
  return emptyTensorReason(op).str();
}

/// Whether operand `v` of `op` is cloned into its one-op group (a splat
/// constant; a Gather reads its table from GM whatever it is).
bool isClonedIn(Operation *op, Value v) {
  return !isa<ms::GatherOp>(op) && isSplatConstant(v);
}

/// The inputs of the one-op group of `op`: its operands but the ones cloned
/// in, each once, in order.
llvm::SetVector<Value> groupInputs(Operation *op) {
  llvm::SetVector<Value> inputs;
  for (Value v : op->getOperands())
    if (!isClonedIn(op, v))
      inputs.insert(v);
  return inputs;
}

/// What decides the body of the one-op group of `op`, and so its
/// vectorKernelKey: the op, its attributes (inherent ones included), its
/// result types and, per operand, its type and either the splat value
/// cloned in or the number of the group input it reads. Cheap to compute:
/// every part is a uniqued pointer.
using Signature = SmallVector<const void *, 12>;
Signature signatureOf(Operation *op, const llvm::SetVector<Value> &inputs) {
  Signature sig{op->getName().getAsOpaquePointer(),
                op->getAttrDictionary().getAsOpaquePointer(),
                reinterpret_cast<const void *>(
                    static_cast<uintptr_t>(op->getNumResults()))};
  for (Type t : op->getResultTypes())
    sig.push_back(t.getAsOpaquePointer());
  for (Value v : op->getOperands()) {
    sig.push_back(v.getType().getAsOpaquePointer());
    if (isClonedIn(op, v))
      sig.push_back(
          v.getDefiningOp<ms::ConstantOp>().getValue().getAsOpaquePointer());
    else
      sig.push_back(reinterpret_cast<const void *>(
          static_cast<uintptr_t>(llvm::find(inputs, v) - inputs.begin())));
  }
  return sig;
}

/// The one-op group of `op` (a copy of it, the operands isClonedIn cloned
/// in, `inputs` the group's inputs), before `op`.
ms::FusionOp wrapInGroup(Operation *op, const llvm::SetVector<Value> &inputs,
                         StringAttr kind, StringAttr name) {
  OpBuilder b(op);
  auto group = ms::FusionOp::create(b, op->getLoc(), op->getResultTypes(),
                                    kind, name, inputs.getArrayRef());
  Block *body = b.createBlock(&group.getBody());
  IRMapping mapping;
  for (Value v : inputs)
    mapping.map(v, body->addArgument(v.getType(), v.getLoc()));
  for (Value v : op->getOperands())
    if (isClonedIn(op, v) && !mapping.contains(v))
      mapping.map(v, b.clone(*v.getDefiningOp())->getResult(0));
  Operation *copy = b.clone(*op, mapping);
  ms::YieldOp::create(b, op->getLoc(), copy->getResults());
  return group;
}

/// Erases `op`, which nothing reads any more, and the splat constants it
/// read when nothing else reads them (they are in its kernel).
void eraseWithConstants(Operation *op) {
  llvm::SmallSetVector<Operation *, 4> constants;
  for (Value v : op->getOperands())
    if (Operation *def = v.getDefiningOp<ms::ConstantOp>())
      constants.insert(def);
  op->erase();
  for (Operation *def : constants)
    if (def->use_empty())
      def->erase();
}

/// Replaces `op` by a launch of `kernel` on `inputs`.
void replaceByLaunch(Operation *op, KernelOp kernel,
                     const llvm::SetVector<Value> &inputs) {
  OpBuilder b(op);
  auto launch = LaunchOp::create(
      b, op->getLoc(), op->getResultTypes(),
      FlatSymbolRefAttr::get(kernel.getSymNameAttr()), inputs.getArrayRef());
  op->replaceAllUsesWith(launch->getResults());
  eraseWithConstants(op);
}

} // namespace

/// For a binary op with NumPy broadcasting that has no Vector kernel
/// because of its broadcast or a row wider than UB (`why`), replaces its first operand of another
/// shape than its result by a BroadcastTo of it to the result's shape, and
/// returns that BroadcastTo; null when `op` is no such op.
static Operation *materializeBroadcast(Operation *op, StringRef why) {
  // Also when a row is wider than UB: the broadcast operand streams per
  // row, the full-size op then runs on flat tiles.
  if ((!why.contains("is neither a row, a column nor a scalar") &&
       !why.contains("does not fit UB at any tile size")) ||
      op->getNumOperands() != 2 || op->getNumResults() != 1 ||
      !op->hasTrait<OpTrait::SameOperandsElementType>())
    return nullptr;
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!result || !result.hasStaticShape())
    return nullptr;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!type || type.getShape() == result.getShape())
      continue;
    OpBuilder b(op);
    auto broadcast = ms::BroadcastToOp::create(b, op->getLoc(), operand.get(),
                                               result.getShape());
    operand.set(broadcast);
    return broadcast;
  }
  return nullptr;
}

void mlir::ascend::convertLonePrimitives(
    ModuleOp module, const AICoreTarget &target, SymbolTable &symbols,
    llvm::StringMap<KernelOp> &kernels) {
  MLIRContext *context = module.getContext();
  StringAttr vectorKind = StringAttr::get(context, "vector");
  StringAttr reductionKind = StringAttr::get(context, "reduction");
  StringAttr placeholder = StringAttr::get(context, "lone");
  // The kernel (or the reason there is none) of each one-op body seen, so
  // that a primitive repeated over layers is analysed and wrapped once.
  struct KernelOrReason {
    KernelOp kernel;
    std::string why;
  };
  std::map<Signature, KernelOrReason> seen;
  int64_t named = 0;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isDeclaration())
      continue;
    llvm::DenseSet<Operation *> loadTime = ms::findLoadTimeOps(func);
    SmallVector<Operation *> candidates;
    func.walk([&](Operation *op) {
      if (isa_and_nonnull<ms::MindSporeDialect>(op->getDialect()) &&
          !isNotAKernel(op) &&
          // Their converters remark on the ones they leave.
          !isa<ms::MatMulOp, ms::BatchMatMulOp, ms::Conv2DOp>(op))
        candidates.push_back(op);
    });
    // Load-time work (computed from parameters and constants only) is no
    // kernel at run time: one remark for all of it in the function, so that
    // the weight preprocessing of many layers does not bury the others.
    SmallVector<Operation *> loadTimeOps;
    llvm::erase_if(candidates, [&](Operation *op) {
      if (!loadTime.contains(op))
        return false;
      loadTimeOps.push_back(op);
      return true;
    });
    if (!loadTimeOps.empty())
      loadTimeOps.front()->emitRemark()
          << "no AI Core kernel for " << loadTimeOps.size()
          << " primitive(s) from here on (first '"
          << loadTimeOps.front()->getName().stripDialect()
          << "'): they compute from parameters and constants only: load-time "
             "work, folded when the weights are loaded (no kernel at run "
             "time)";
    for (size_t index = 0; index < candidates.size(); ++index) {
      Operation *op = candidates[index];
      std::string why = reasonWithoutKernel(op, loadTime);
      // The name of the primitive, which its kernel is named after.
      auto prim = dyn_cast<ms::PrimitiveOpInterface>(op);
      std::string base = prim ? prim.getPrimitiveName().str()
                              : op->getName().stripDialect().str();
      if (auto pool = dyn_cast<ms::AdaptiveAvgPool2DOp>(op);
          pool && why.empty() && isGlobalAveragePool(pool))
        op = asReduceMean(pool);
      // Window poolings have their own Vector kernels (PoolingKernels.cpp).
      if (why.empty() && isWindowPooling(op)) {
        llvm::SetVector<Value> inputs = groupInputs(op);
        auto [known, isNew] = seen.try_emplace(signatureOf(op, inputs));
        if (isNew) {
          FailureOr<KernelOp> kernel = buildPoolingKernel(
              op, target, (base + "_" + Twine(named++)).str(),
              known->second.why);
          if (succeeded(kernel)) {
            symbols.insert(*kernel);
            known->second.kernel = *kernel;
          }
        }
        if (known->second.kernel) {
          replaceByLaunch(op, known->second.kernel, inputs);
          continue;
        }
        op->emitRemark("no AI Core kernel for primitive '")
            << op->getName().stripDialect() << "': " << known->second.why;
        continue;
      }
      // A quick refusal of primitives without a mapping (a Gather's check
      // needs its table and indices to be the group's inputs, and a
      // Transpose, Split, StridedSlice, Concat, ReverseV2, BroadcastTo or
      // Tile may be a copy kernel: the group analysis decides).
      if (why.empty() &&
          !isa<ms::GatherOp, ms::TransposeOp, ms::SplitOp, ms::StridedSliceOp,
               ms::ConcatOp, ms::ReverseV2Op, ms::BroadcastToOp, ms::TileOp>(
              op))
        (void)checkVectorPrimitive(op, why);
      if (!why.empty()) {
        op->emitRemark("no AI Core kernel for primitive '")
            << op->getName().stripDialect() << "': " << why;
        continue;
      }
      // A body seen before: its kernel, or its reason.
      llvm::SetVector<Value> inputs = groupInputs(op);
      auto [known, isNew] = seen.try_emplace(signatureOf(op, inputs));
      if (isNew) {
        StringAttr kind = ms::FusionOp::classify(op) == "reduction"
                              ? reductionKind
                              : vectorKind;
        ms::FusionOp group = wrapInGroup(op, inputs, kind, placeholder);
        std::string key = vectorKernelKey(group);
        if (!kernels.count(key)) {
          // A new kernel: named after the primitive, numbered in the module.
          group.setKernelName((base + "_" + Twine(named++)).str());
        }
        // Converting the group replaces its results: give it the op's uses.
        op->replaceAllUsesWith(group->getResults());
        if (succeeded(convertVectorFusion(group, target, symbols, kernels,
                                          known->second.why))) {
          known->second.kernel = kernels.lookup(key);
          eraseWithConstants(op);
          continue;
        }
        group->replaceAllUsesWith(op->getResults());
        group.erase();
      } else if (known->second.kernel) {
        replaceByLaunch(op, known->second.kernel, inputs);
        continue;
      }
      // A binary op whose broadcast no 2-D view expresses ([6, 1, 8] x
      // [6, 5, 8], [2, 3, 1, 5] + [3, 4, 1]): its first operand of another
      // shape is broadcast by a BroadcastTo of its own (a strided-box copy
      // kernel), and both are converted again (the other operand may still
      // need one).
      if (Operation *broadcast = materializeBroadcast(op, known->second.why)) {
        candidates.push_back(broadcast);
        candidates.push_back(op);
        continue;
      }
      op->emitRemark("no AI Core kernel for primitive '")
          << op->getName().stripDialect() << "': " << known->second.why;
    }
  }
}
