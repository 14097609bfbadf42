//===- LonePrimitives.cpp - primitives outside fusion groups as kernels ---===//
//
// After the fusion groups, MatMuls and convolutions are converted, every
// compute primitive left at the mindspore level (one the fusion pass left
// alone, an op between groups, or the primitives of a group that was inlined
// back) is treated as a fusion group of one: it is wrapped in a one-op
// `mindspore.fusion` and goes through the same Vector kernel builders as the
// groups (convertVectorFusion). A primitive that stays gets a remark saying
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

/// Why `op`, which no converter made a kernel, is not one: a reason that
/// does not depend on the Vector kernel builders, or an empty string when
/// the op is a candidate for a one-op Vector kernel.
std::string reasonWithoutKernel(Operation *op,
                                const llvm::DenseSet<Operation *> &loadTime) {
  if (loadTime.contains(op))
    return "it computes from parameters and constants only: load-time work, "
           "folded when the weights are loaded (no kernel at run time)";
  if (isa<ms::CustomOp>(op))
    return "a Custom op runs the kernel the deployer registers for it (an "
           "AI_CPU task in the op summary)";
  if (isa<ms::AssertOp>(op))
    return "an Assert is a guard that the host checks, not an AI Core "
           "kernel (an AI_CPU task in the op summary)";
  if (isa<ms::BatchMatMulOp, ms::Conv2DTransposeOp>(op))
    return ("the Cube kernels cover MatMul and Conv2D with group 1 only, "
            "not '" +
            op->getName().stripDialect() + "'")
        .str();
  if (op->getNumResults() == 0)
    return "it has no result";
  return "";
}

/// The one-op group of `op` (a copy of it, its splat constant operands
/// cloned in, its other operands the group's inputs), before `op`.
ms::FusionOp wrapInGroup(Operation *op, StringAttr kind, StringAttr name) {
  OpBuilder b(op);
  llvm::SetVector<Value> inputs;
  SmallVector<Value> splats;
  // A Gather reads its table from GM whatever it is (a constant one too).
  bool gather = isa<ms::GatherOp>(op);
  for (Value v : op->getOperands())
    (!gather && isSplatConstant(v) ? splats.push_back(v)
                                   : (void)inputs.insert(v));
  auto group = ms::FusionOp::create(b, op->getLoc(), op->getResultTypes(),
                                    kind, name, inputs.getArrayRef());
  Block *body = b.createBlock(&group.getBody());
  IRMapping mapping;
  for (Value v : inputs)
    mapping.map(v, body->addArgument(v.getType(), v.getLoc()));
  for (Value v : splats)
    if (!mapping.contains(v))
      mapping.map(v, b.clone(*v.getDefiningOp())->getResult(0));
  Operation *copy = b.clone(*op, mapping);
  ms::YieldOp::create(b, op->getLoc(), copy->getResults());
  return group;
}

} // namespace

void mlir::ascend::convertLonePrimitives(
    ModuleOp module, const AICoreTarget &target, SymbolTable &symbols,
    llvm::StringMap<KernelOp> &kernels) {
  MLIRContext *context = module.getContext();
  StringAttr vectorKind = StringAttr::get(context, "vector");
  StringAttr reductionKind = StringAttr::get(context, "reduction");
  StringAttr placeholder = StringAttr::get(context, "lone");
  // The reason of each group-of-one body that has no kernel, so that a
  // primitive repeated over layers is analysed once.
  llvm::StringMap<std::string> refused;
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
          !isa<ms::MatMulOp, ms::Conv2DOp>(op))
        candidates.push_back(op);
    });
    for (Operation *op : candidates) {
      std::string why = reasonWithoutKernel(op, loadTime);
      // A quick refusal of primitives without a mapping (a Gather's check
      // needs its table and indices to be the group's inputs: the group
      // analysis makes it).
      if (why.empty() && !isa<ms::GatherOp>(op))
        (void)checkVectorPrimitive(op, why);
      if (!why.empty()) {
        op->emitRemark("no AI Core kernel for primitive '")
            << op->getName().stripDialect() << "': " << why;
        continue;
      }
      StringAttr kind = ms::FusionOp::classify(op) == "reduction"
                            ? reductionKind
                            : vectorKind;
      ms::FusionOp group = wrapInGroup(op, kind, placeholder);
      std::string key = vectorKernelKey(group);
      auto known = refused.find(key);
      if (known == refused.end()) {
        if (!kernels.count(key)) {
          // A new kernel: named after the primitive, numbered in the module.
          auto prim = dyn_cast<ms::PrimitiveOpInterface>(op);
          StringRef base = prim ? prim.getPrimitiveName()
                                : op->getName().stripDialect();
          group.setKernelName((base + "_" + Twine(named++)).str());
        }
        op->replaceAllUsesWith(group->getResults());
        if (succeeded(convertVectorFusion(group, target, symbols, kernels,
                                          why))) {
          // The splat constants it read are inside the kernel now.
          llvm::SmallSetVector<Operation *, 4> operands;
          for (Value v : op->getOperands())
            if (Operation *def = v.getDefiningOp<ms::ConstantOp>())
              operands.insert(def);
          op->erase();
          for (Operation *def : operands)
            if (def->use_empty())
              def->erase();
          continue;
        }
        group->replaceAllUsesWith(op->getResults());
        known = refused.try_emplace(key, why).first;
      }
      group.erase();
      op->emitRemark("no AI Core kernel for primitive '")
          << op->getName().stripDialect() << "': " << known->second;
    }
  }
}
