//===- MemoryPlan.cpp - device memory (GM) planning -----------------------===//
//
// ascend-mindspore-plan-memory (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>

namespace mlir::ascend::mindspore {
#define GEN_PASS_DEF_ASCENDMINDSPOREPLANMEMORY
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::mindspore

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindspore;

namespace {

/// MindSpore's device memory pool hands out 512-byte aligned addresses
/// (mindspore/ccsrc/include/backend/mem_reuse: kMemAlignSize = 512).
constexpr int64_t kGMAlignment = 512;

int64_t alignUp(int64_t bytes) {
  return (bytes + kGMAlignment - 1) / kGMAlignment * kGMAlignment;
}

/// First-fit allocator over one arena of offsets.
class Arena {
public:
  int64_t allocate(int64_t size) {
    size = alignUp(std::max<int64_t>(size, 1));
    for (auto it = free.begin(); it != free.end(); ++it) {
      auto [offset, length] = *it;
      if (length < size)
        continue;
      free.erase(it);
      if (length > size)
        free[offset + size] = length - size;
      return offset;
    }
    // Grow the arena (merging with a free block at its end).
    int64_t offset = top;
    if (!free.empty()) {
      auto last = std::prev(free.end());
      if (last->first + last->second == top) {
        offset = last->first;
        free.erase(last);
      }
    }
    top = offset + size;
    peak = std::max(peak, top);
    return offset;
  }
  void release(int64_t offset, int64_t size) {
    size = alignUp(std::max<int64_t>(size, 1));
    auto [it, inserted] = free.insert({offset, size});
    (void)inserted;
    // Merge with the neighbours.
    auto next = std::next(it);
    if (next != free.end() && it->first + it->second == next->first) {
      it->second += next->second;
      free.erase(next);
    }
    if (it != free.begin()) {
      auto prev = std::prev(it);
      if (prev->first + prev->second == it->first) {
        prev->second += it->second;
        free.erase(it);
      }
    }
  }
  /// Marks `extra` bytes above the current top as in use for a moment.
  void touch(int64_t extra) { peak = std::max(peak, top + extra); }
  int64_t peak = 0;

private:
  int64_t top = 0;
  std::map<int64_t, int64_t> free; // offset -> length
};

struct BlockPlan {
  int64_t peak = 0;    ///< activation bytes at the busiest point
  int64_t inPlace = 0; ///< kernels that wrote into an input's buffer
};

/// Elementwise kernels may write a result into an operand's buffer.
bool mayWriteInPlace(Operation *op) {
  if (auto fusion = dyn_cast<FusionOp>(op))
    return fusion.getKind() == "vector";
  return FusionOp::classify(op) == "vector" && !isViewOp(op) &&
         !isa<BroadcastToOp>(op);
}

/// Plans the values defined in `block`; values defined outside it are
/// somebody else's buffers, and the results of `loadTime` ops are weights
/// (folded when MindSpore loads the parameters). Returns the block's
/// activation peak.
BlockPlan planBlock(Block &block,
                    const llvm::DenseSet<Operation *> &loadTime) {
  // Index of each op, and the last index at which each buffer is read
  // (about one buffer per op: the maps are sized once, not rehashed as
  // they grow).
  int64_t end = block.getOperations().size();
  llvm::DenseMap<Operation *, int64_t> position;
  position.reserve(end);
  for (auto [i, op] : llvm::enumerate(block))
    position[&op] = i;
  auto bufferOf = [&](Value v) {
    while (Operation *def = v.getDefiningOp()) {
      if (!isViewOp(def) || def->getBlock() != &block)
        break;
      v = def->getOperand(0);
    }
    return v;
  };
  llvm::DenseMap<Value, int64_t> lastUse;
  lastUse.reserve(end);
  for (Operation &op : block) {
    int64_t at = isa<func::ReturnOp>(op) ? end : position[&op];
    auto read = [&](Operation *reader) {
      for (Value v : reader->getOperands()) {
        Value buffer = bufferOf(v);
        Operation *def = buffer.getDefiningOp();
        if (!def || def->getBlock() != &block || loadTime.contains(def))
          continue;
        int64_t &last = lastUse[buffer];
        last = std::max(last, at);
      }
    };
    // A fusion group's body reads only its block arguments (it is isolated
    // from above): its operands are all it reads from here.
    if (isa<FusionOp>(op))
      read(&op);
    else
      op.walk(read);
  }
  // A region's yield hands values to the parent: they live to its end.
  if (Operation *terminator = block.getTerminator())
    for (Value v : terminator->getOperands())
      lastUse[bufferOf(v)] = end;

  BlockPlan plan;
  Arena arena;
  llvm::DenseMap<Value, int64_t> offsetOf;
  offsetOf.reserve(end);
  // tensorBytes of each type, computed once: a program has a few types.
  llvm::DenseMap<Type, int64_t> typeBytes;
  auto bytesOf = [&](Type type) {
    auto [it, inserted] = typeBytes.try_emplace(type, 0);
    if (inserted)
      it->second = tensorBytes(type);
    return it->second;
  };
  std::multimap<int64_t, Value> dying; // last use -> buffer
  auto releaseUpTo = [&](int64_t index) {
    while (!dying.empty() && dying.begin()->first < index) {
      Value v = dying.begin()->second;
      dying.erase(dying.begin());
      arena.release(offsetOf[v], bytesOf(v.getType()));
    }
  };
  for (Operation &op : block) {
    int64_t at = position[&op];
    releaseUpTo(at);
    if (isViewOp(&op) || isa<LoadOp, ConstantOp>(op) ||
        loadTime.contains(&op) || op.hasTrait<OpTrait::IsTerminator>())
      continue;
    // The regions of cond/while run on top of what is live now. A fusion
    // group is one kernel: the values inside it stay in the AI Core's
    // buffers (UB, L0/L1) and take no GM; its inputs and results do.
    int64_t nested = 0;
    if (!isa<FusionOp>(op))
      for (Region &region : op.getRegions())
        for (Block &inner : region)
          nested = std::max(nested, planBlock(inner, loadTime).peak);
    arena.touch(nested);
    // Operands read for the last time here may hand their buffer over.
    SmallVector<Value> reusable;
    if (mayWriteInPlace(&op))
      for (Value v : op.getOperands()) {
        Value buffer = bufferOf(v);
        auto it = offsetOf.find(buffer);
        if (it != offsetOf.end() && lastUse.lookup(buffer) == at &&
            !llvm::is_contained(reusable, buffer))
          reusable.push_back(buffer);
      }
    for (Value result : op.getResults()) {
      int64_t bytes = bytesOf(result.getType());
      if (!lastUse.count(result))
        lastUse[result] = at; // unused: freed right after the kernel
      auto donor = llvm::find_if(reusable, [&](Value b) {
        return alignUp(bytesOf(b.getType())) == alignUp(bytes);
      });
      if (donor != reusable.end()) {
        offsetOf[result] = offsetOf[*donor];
        // The donor's buffer now belongs to the result (the donor is filed
        // under its last use, which is here).
        auto [first, last] = dying.equal_range(at);
        for (auto it = first; it != last; ++it)
          if (it->second == *donor) {
            dying.erase(it);
            break;
          }
        reusable.erase(donor);
        ++plan.inPlace;
      } else {
        offsetOf[result] = arena.allocate(bytes);
      }
      dying.insert({lastUse[result], result});
    }
  }
  plan.peak = arena.peak;
  return plan;
}

struct PlanMemoryPass
    : public mindspore::impl::AscendMindSporePlanMemoryBase<PlanMemoryPass> {
  using AscendMindSporePlanMemoryBase::AscendMindSporePlanMemoryBase;
  void runOnOperation() override {
    const aicore::AICoreTarget *target =
        lookupChipOrError(getOperation(), chip);
    if (!target)
      return signalPassFailure();
    int64_t capacity = hbmBytes > 0 ? (int64_t)hbmBytes
                                     : target->memories.gm.capacity;
    // The functions at or under the root: the module (each of its
    // functions), or one function when the pass is nested on func.func.
    SmallVector<func::FuncOp> funcs;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto func = dyn_cast<func::FuncOp>(op)) {
        funcs.push_back(func);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    for (func::FuncOp func : funcs) {
      if (func.isExternal())
        continue;
      int64_t inputBytes = 0, weightBytes = 0;
      for (Type t : func.getArgumentTypes())
        inputBytes += tensorBytes(t);
      llvm::DenseSet<Attribute> weights;
      func.walk([&](Operation *op) {
        if (auto load = dyn_cast<LoadOp>(op)) {
          if (weights.insert(load.getNameAttr()).second)
            weightBytes += tensorBytes(load.getType());
        } else if (auto cst = dyn_cast<ConstantOp>(op)) {
          weightBytes += tensorBytes(cst.getType());
        }
      });
      BlockPlan plan =
          planBlock(func.getBody().front(), findLoadTimeOps(func));
      int64_t peak = inputBytes + weightBytes + plan.peak;
      Builder b(func);
      func->setAttr(
          "mindspore.device_memory",
          b.getDictionaryAttr({
              b.getNamedAttr("peak_bytes", b.getI64IntegerAttr(peak)),
              b.getNamedAttr("activation_bytes",
                             b.getI64IntegerAttr(plan.peak)),
              b.getNamedAttr("weight_bytes", b.getI64IntegerAttr(weightBytes)),
              b.getNamedAttr("input_bytes", b.getI64IntegerAttr(inputBytes)),
              b.getNamedAttr("in_place", b.getI64IntegerAttr(plan.inPlace)),
          }));
      if (peak > capacity) {
        func.emitError("device memory plan of @")
            << func.getName() << " needs " << peak << " bytes (inputs "
            << inputBytes << ", weights and constants " << weightBytes
            << ", activations " << plan.peak << ") but "
            << (hbmBytes > 0 ? std::string("hbm-bytes allows ")
                             : std::string(target->name) + " has ")
            << capacity << " bytes of HBM";
        return signalPassFailure();
      }
    }
    // The plan is an attribute on each function: no op or value changed, so
    // no analysis is invalidated (and the IR needs no second verification).
    markAllAnalysesPreserved();
  }
};

} // namespace
