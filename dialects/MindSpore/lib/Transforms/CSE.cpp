//===- CSE.cpp - common subexpression elimination, one hash per op --------===//
//
// The same eliminations as MLIR's `cse` pass (see the pass description in
// Passes.td): a scoped table of the operations seen so far on the dominance
// walk, looked up with each operation. What differs is the table key: an
// operation with its hash, computed once when the operation is visited.
// Upstream's table hashes the operation again at every probe, every growth
// of the table and every scope exit, about five hashes of about 900
// instructions each per operation on a straight-line function of 100k
// operations (callgrind), which made CSE the most expensive stage of the
// front of the pipeline.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/ScopedHashTable.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/RecyclingAllocator.h"

#include <memory>

namespace mlir::ascend::mindspore {
#define GEN_PASS_DEF_ASCENDMINDSPORECSE
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::mindspore

using namespace mlir;

namespace {
/// An operation and its hash (see hashOperation), the key of the table.
struct HashedOp {
  Operation *op;
  unsigned hash;
};

/// A hash under which equivalent operations (OperationEquivalence with
/// IgnoreLocations) hash alike: the name, the attribute dictionary (uniqued,
/// so its pointer), the properties' hash, the result types and the sum of
/// the operand hashes (a sum, so that commutative operations with their
/// operands swapped hash alike too). Regions are not hashed (equivalent
/// regions only make collisions, which isEquivalentTo settles).
unsigned hashOperation(Operation *op) {
  // A multiply-xorshift mix of the (uniqued, so pointer-identified) parts:
  // cheaper than llvm::hash_combine, and as spread for the table.
  auto mix = [](uint64_t hash, uint64_t value) {
    hash = (hash ^ value) * 0x9E3779B97F4A7C15ull;
    return hash ^ (hash >> 32);
  };
  auto bits = [](const void *p) { return (uint64_t)(uintptr_t)p; };
  uint64_t hash = mix(bits(op->getName().getAsOpaquePointer()),
                      bits(op->getRawDictionaryAttrs().getAsOpaquePointer()));
  hash = mix(hash, op->hashProperties());
  for (Type type : op->getResultTypes())
    hash = mix(hash, bits(type.getAsOpaquePointer()));
  uint64_t operands = 0;
  for (Value operand : op->getOperands())
    operands += mix(0, bits(operand.getAsOpaquePointer()));
  return (unsigned)mix(hash, operands);
}

/// mlir::isMemoryEffectFree, without its trait lookup for the usual
/// operation: one without regions that describes its effects.
bool isEffectFree(Operation *op) {
  if (op->getNumRegions() != 0)
    return isMemoryEffectFree(op);
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
    return effects.hasNoEffect();
  // Without regions, recursive effects are none.
  return op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
}

struct HashedOpInfo {
  static HashedOp getEmptyKey() {
    return {llvm::DenseMapInfo<Operation *>::getEmptyKey(), 0};
  }
  static HashedOp getTombstoneKey() {
    return {llvm::DenseMapInfo<Operation *>::getTombstoneKey(), 0};
  }
  static unsigned getHashValue(const HashedOp &key) { return key.hash; }
  static bool isEqual(const HashedOp &lhs, const HashedOp &rhs) {
    if (lhs.op == rhs.op)
      return true;
    if (lhs.hash != rhs.hash || isSentinel(lhs.op) || isSentinel(rhs.op))
      return false;
    return OperationEquivalence::isEquivalentTo(
        lhs.op, rhs.op, OperationEquivalence::IgnoreLocations);
  }
  static bool isSentinel(Operation *op) {
    return op == llvm::DenseMapInfo<Operation *>::getEmptyKey() ||
           op == llvm::DenseMapInfo<Operation *>::getTombstoneKey();
  }
};

using KnownOpsAllocator =
    llvm::RecyclingAllocator<llvm::BumpPtrAllocator,
                             llvm::ScopedHashTableVal<HashedOp, Operation *>>;
/// The operations seen so far that later ones may be replaced by.
using KnownOps =
    llvm::ScopedHashTable<HashedOp, Operation *, HashedOpInfo, KnownOpsAllocator>;

/// One walk of the regions of an operation.
class Eliminator {
public:
  explicit Eliminator(DominanceInfo &dominance) : dominance(dominance) {}

  /// Walks the regions of `root`, then erases what the walk found redundant.
  /// Returns whether anything was erased.
  bool run(Operation *root) {
    KnownOps known;
    for (Region &region : root->getRegions())
      simplifyRegion(known, region);
    for (Operation *op : toErase)
      op->erase();
    return !toErase.empty();
  }

  int64_t numCSE = 0, numDCE = 0;

private:
  void simplifyRegion(KnownOps &known, Region &region);
  void simplifyBlock(KnownOps &known, Block &block, bool ssaDominance);
  /// Whether `op` was found redundant (and queued for erasure).
  bool simplifyOperation(KnownOps &known, Operation *op, bool ssaDominance);
  void replace(KnownOps &known, Operation *op, Operation *existing,
               bool ssaDominance);
  /// Whether an operation strictly between `from` and `to` (same block) may
  /// write memory: it has a write effect or does not describe its effects.
  static bool mayWriteBetween(Operation *from, Operation *to);

  DominanceInfo &dominance;
  std::vector<Operation *> toErase;
};

void Eliminator::simplifyRegion(KnownOps &known, Region &region) {
  if (region.empty())
    return;
  bool ssaDominance = dominance.hasSSADominance(&region);
  if (region.hasOneBlock()) {
    KnownOps::ScopeTy scope(known);
    simplifyBlock(known, region.front(), ssaDominance);
    return;
  }
  // Several blocks: only with SSA dominance, in a depth-first walk of the
  // dominator tree, each block seeing what its dominators defined.
  if (!ssaDominance)
    return;
  struct Visit {
    Visit(KnownOps &known, DominanceInfoNode *node)
        : scope(known), node(node), next(node->begin()) {}
    KnownOps::ScopeTy scope;
    DominanceInfoNode *node;
    DominanceInfoNode::const_iterator next;
  };
  SmallVector<std::unique_ptr<Visit>> stack;
  stack.push_back(
      std::make_unique<Visit>(known, dominance.getRootNode(&region)));
  simplifyBlock(known, *stack.back()->node->getBlock(), ssaDominance);
  while (!stack.empty()) {
    Visit &top = *stack.back();
    if (top.next == top.node->end()) {
      stack.pop_back();
      continue;
    }
    DominanceInfoNode *child = *top.next++;
    stack.push_back(std::make_unique<Visit>(known, child));
    simplifyBlock(known, *child->getBlock(), ssaDominance);
  }
}

void Eliminator::simplifyBlock(KnownOps &known, Block &block,
                               bool ssaDominance) {
  for (Operation &op : block) {
    if (op.getNumRegions() != 0) {
      // An isolated operation's regions cannot use the values outside.
      if (op.mightHaveTrait<OpTrait::IsIsolatedFromAbove>()) {
        KnownOps nested;
        for (Region &region : op.getRegions())
          simplifyRegion(nested, region);
      } else {
        for (Region &region : op.getRegions())
          simplifyRegion(known, region);
      }
    }
    simplifyOperation(known, &op, ssaDominance);
  }
}

bool Eliminator::simplifyOperation(KnownOps &known, Operation *op,
                                   bool ssaDominance) {
  // Terminators stay (in valid IR only the last operation of a block may be
  // one, which saves the trait lookup on all the others).
  if (op == &op->getBlock()->back() && op->hasTrait<OpTrait::IsTerminator>())
    return false;
  if (isOpTriviallyDead(op)) {
    toErase.push_back(op);
    ++numDCE;
    return true;
  }
  // Operations with multi-block regions are left alone.
  if (!llvm::all_of(op->getRegions(), [](Region &region) {
        return region.empty() || region.hasOneBlock();
      }))
    return false;

  HashedOp key{op, hashOperation(op)};
  if (!isEffectFree(op)) {
    // Only operations that only read are merged, and only with an earlier
    // one in the same block with no possible write in between.
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || !effects.onlyHasEffect<MemoryEffects::Read>())
      return false;
    if (Operation *existing = known.lookup(key)) {
      if (existing->getBlock() == op->getBlock() &&
          !mayWriteBetween(existing, op)) {
        replace(known, op, existing, ssaDominance);
        return true;
      }
    }
    known.insert(key, op);
    return false;
  }
  if (Operation *existing = known.lookup(key)) {
    replace(known, op, existing, ssaDominance);
    return true;
  }
  known.insert(key, op);
  return false;
}

void Eliminator::replace(KnownOps &known, Operation *op, Operation *existing,
                         bool ssaDominance) {
  if (ssaDominance) {
    // Every use of `op` comes after it in the walk: none was visited yet.
    op->replaceAllUsesWith(existing->getResults());
    toErase.push_back(op);
  } else {
    // In a graph region, uses by operations already in the table stay.
    op->replaceUsesWithIf(existing->getResults(), [&](OpOperand &use) {
      Operation *user = use.getOwner();
      return !known.count(HashedOp{user, hashOperation(user)});
    });
    if (op->use_empty())
      toErase.push_back(op);
  }
  if (isa<UnknownLoc>(existing->getLoc()) && !isa<UnknownLoc>(op->getLoc()))
    existing->setLoc(op->getLoc());
  ++numCSE;
}

bool Eliminator::mayWriteBetween(Operation *from, Operation *to) {
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || effects.hasEffect<MemoryEffects::Write>())
      return true;
  }
  return false;
}

struct AscendMindSporeCSEPass
    : mlir::ascend::mindspore::impl::AscendMindSporeCSEBase<
          AscendMindSporeCSEPass> {
  void runOnOperation() override {
    Eliminator eliminator(getAnalysis<DominanceInfo>());
    bool changed = eliminator.run(getOperation());
    numCSE = eliminator.numCSE;
    numDCE = eliminator.numDCE;
    if (!changed)
      return markAllAnalysesPreserved();
    // As MLIR's cse: dominance is kept (regions are not restructured).
    markAnalysesPreserved<DominanceInfo, PostDominanceInfo>();
  }
};
} // namespace
