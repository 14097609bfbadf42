//===- KernelSummary.cpp - modeled kernels and GM traffic -----------------===//
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;

int64_t mlir::ascend::mindspore::tensorBytes(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return 0;
  int64_t bits = tensor.getElementType().getIntOrFloatBitWidth();
  return tensor.getNumElements() * std::max<int64_t>(1, bits / 8);
}

bool mlir::ascend::mindspore::isViewOp(Operation *op) {
  return isa<ReshapeOp, ExpandDimsOp, SqueezeOp>(op);
}

llvm::DenseSet<Operation *>
mlir::ascend::mindspore::findLoadTimeOps(Operation *root) {
  llvm::DenseSet<Operation *> loadTime;
  auto isStatic = [&](Value v) {
    Operation *def = v.getDefiningOp();
    return def && (isa<LoadOp, ConstantOp>(def) || loadTime.contains(def));
  };
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // A fusion group's body is one kernel's work (its ops read the group's
    // block arguments): not looked into, most of a fused program is there.
    if (isa<FusionOp>(op))
      return WalkResult::skip();
    if (isa<LoadOp, ConstantOp>(op) || op->getNumOperands() == 0 ||
        op->getNumRegions() ||
        !isa_and_nonnull<MindSporeDialect>(op->getDialect()))
      return WalkResult::advance();
    // The operands first: most ops read an activation, and that is cheaper
    // to see than the terminator trait (a search of the op's traits) and
    // purity (two interface lookups).
    if (llvm::all_of(op->getOperands(), isStatic) &&
        !op->hasTrait<OpTrait::IsTerminator>() && isPure(op))
      loadTime.insert(op);
    return WalkResult::advance();
  });
  return loadTime;
}

Value mlir::ascend::mindspore::viewSource(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isViewOp(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

void mlir::ascend::mindspore::walkKernels(
    func::FuncOp func, llvm::function_ref<void(Operation *)> fn) {
  llvm::DenseSet<Operation *> loadTime = findLoadTimeOps(func);
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<LoadOp, ConstantOp, func::FuncOp, CondOp, WhileOp>(op) ||
        op->hasTrait<OpTrait::IsTerminator>() || isViewOp(op) ||
        loadTime.contains(op))
      return WalkResult::advance();
    fn(op);
    // A fusion group is one kernel: its body is on chip.
    return isa<FusionOp>(op) ? WalkResult::skip() : WalkResult::advance();
  });
}

int64_t mlir::ascend::mindspore::kernelGMBytes(Operation *kernel) {
  int64_t bytes = 0;
  llvm::SmallDenseSet<Value> read;
  for (Value v : kernel->getOperands())
    if (read.insert(viewSource(v)).second)
      bytes += tensorBytes(v.getType());
  for (Value r : kernel->getResults())
    bytes += tensorBytes(r.getType());
  return bytes;
}

double mlir::ascend::mindspore::modeledKernelMicros(
    int64_t bytes, const aicore::AICoreTarget &target) {
  return std::max(target.minKernelMicros,
                  double(bytes) / target.hbmBytesPerSecond * 1e6);
}

static void summarizeFunction(func::FuncOp func, KernelSummary &summary) {
  for (BlockArgument arg : func.getArguments())
    summary.lowerBoundBytes += tensorBytes(arg.getType());
  llvm::DenseSet<Attribute> weights;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op)) {
      if (weights.insert(load.getNameAttr()).second)
        summary.lowerBoundBytes += tensorBytes(load.getType());
    } else if (auto cst = dyn_cast<ConstantOp>(op)) {
      summary.lowerBoundBytes += tensorBytes(cst.getType());
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        summary.lowerBoundBytes += tensorBytes(v.getType());
    }
    // Constants cloned into a fusion group are on chip, not in GM.
    return isa<FusionOp>(op) ? WalkResult::skip() : WalkResult::advance();
  });
  walkKernels(func, [&](Operation *op) {
    ++summary.kernels;
    summary.hbmBytes += kernelGMBytes(op);
  });
}

KernelSummary mlir::ascend::mindspore::summarizeKernels(Operation *op) {
  KernelSummary summary;
  if (auto func = dyn_cast<func::FuncOp>(op)) {
    summarizeFunction(func, summary);
    return summary;
  }
  op->walk([&](func::FuncOp func) { summarizeFunction(func, summary); });
  return summary;
}

const mlir::ascend::aicore::AICoreTarget *
mlir::ascend::mindspore::lookupChipOrError(Operation *op, StringRef chip) {
  const mlir::ascend::aicore::AICoreTarget *target =
      mlir::ascend::aicore::lookupTarget(chip);
  if (!target)
    op->emitError("unknown chip '")
        << chip << "' (not a row of the AI Core target table)";
  return target;
}
