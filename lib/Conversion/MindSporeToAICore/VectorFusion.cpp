//===- VectorFusion.cpp - Vector fusion groups to aicore kernels ----------===//
//
// The entry of the Vector kernel families: a `mindspore.fusion "vector"`
// group goes to the family that takes it (axis reduction, permute, slice
// copy, box copy, else the row family, which falls back to the wide-row one
// when one row does not fit UB), and groups with the same body share one
// kernel. See docs/AICoreKernels.md.
//
//===----------------------------------------------------------------------===//
#include "AxisReductionKernels.h"
#include "PermutedTiles.h"
#include "VectorKernelParts.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

std::string mlir::ascend::vectorKernelKey(ms::FusionOp group) {
  // Types, attributes and op names are uniqued in the context: equal
  // exactly when their pointers are, so the key holds the pointers
  // (printing them would cost an AsmState per type or attribute). An op's
  // attributes are its discardable ones (one dictionary) and its inherent
  // ones (properties), each read by its registered name: merging them into
  // one dictionary (getAttrDictionary) would unique a new dictionary and
  // its names for each op. The properties' hash stands for anything they
  // hold that is not an attribute (no MindSpore op has such properties).
  // Operands are numbered in the order of definition.
  SmallVector<uintptr_t, 64> words;
  auto add = [&](const void *p) {
    words.push_back(reinterpret_cast<uintptr_t>(p));
  };
  Block &body = group.getBody().front();
  llvm::SmallDenseMap<Value, unsigned, 16> numbers;
  for (BlockArgument arg : body.getArguments()) {
    numbers[arg] = numbers.size();
    add(arg.getType().getAsOpaquePointer());
  }
  for (Operation &op : body) {
    add(op.getName().getAsOpaquePointer());
    words.push_back(op.getNumOperands());
    for (Value operand : op.getOperands())
      words.push_back(numbers.lookup(operand));
    add(op.getRawDictionaryAttrs().getAsOpaquePointer());
    if (op.getPropertiesStorageSize()) {
      for (StringAttr name : op.getName().getAttributeNames())
        add(op.getInherentAttr(name)
                .value_or(Attribute())
                .getAsOpaquePointer());
      words.push_back(static_cast<uintptr_t>(size_t(op.hashProperties())));
    }
    words.push_back(op.getNumResults());
    for (Value result : op.getResults()) {
      numbers[result] = numbers.size();
      add(result.getType().getAsOpaquePointer());
    }
  }
  StringRef kind = group.getKind();
  std::string key;
  key.reserve(kind.size() + 1 + words.size() * sizeof(uintptr_t));
  key += kind;
  key += ':';
  key.append(reinterpret_cast<const char *>(words.data()),
             words.size() * sizeof(uintptr_t));
  return key;
}

LogicalResult mlir::ascend::convertVectorFusion(
    ms::FusionOp group, const AICoreTarget &target, SymbolTable &symbols,
    llvm::StringMap<KernelOp> &kernels, std::string &why) {
  // Groups with the same body share one kernel.
  std::string key = vectorKernelKey(group);
  KernelOp kernel = kernels.lookup(key);
  if (!kernel) {
    FailureOr<KernelOp> built = buildVectorKernel(group, target, why);
    if (failed(built))
      return failure();
    kernel = *built;
    symbols.insert(kernel);
    kernels[key] = kernel;
  }
  OpBuilder builder(group);
  auto launch = LaunchOp::create(
      builder, group.getLoc(), group.getResultTypes(),
      FlatSymbolRefAttr::get(kernel.getSymNameAttr()), group.getInputs());
  group->replaceAllUsesWith(launch->getResults());
  group->erase();
  return success();
}

StringRef mlir::ascend::emptyTensorReason(Operation *op) {
  auto empty = [](Type t) {
    auto shaped = dyn_cast<ShapedType>(t);
    return shaped && shaped.hasStaticShape() && shaped.getNumElements() == 0;
  };
  WalkResult found = op->walk([&](Operation *o) {
    return llvm::any_of(o->getOperandTypes(), empty) ||
                   llvm::any_of(o->getResultTypes(), empty)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return found.wasInterrupted()
             ? "it has an empty (zero-element) tensor: nothing to compute"
             : "";
}

FailureOr<KernelOp> mlir::ascend::buildVectorKernel(ms::FusionOp group,
                                                    const AICoreTarget &target,
                                                    std::string &why) {
  // A tensor of no elements (PyTorch's OpInfo samples have them) has no
  // tile to move: such a group stays at the mindspore level.
  if (StringRef reason = emptyTensorReason(group); !reason.empty()) {
    why = reason.str();
    return failure();
  }
  if (isAxisReductionGroup(group))
    return buildAxisReductionKernel(group, target, why);
  if (isPermuteGroup(group))
    return buildPermuteKernel(group, target, why);
  if (isSliceCopyGroup(group))
    return buildSliceCopyKernel(group, target, why);
  if (isBoxCopyGroup(group))
    return buildBoxCopyKernel(group, target, why);
  return buildRowVectorKernel(group, target, why);
}
