//===- CSE.cpp - common subexpression elimination, each op hashed once ----===//
//
// ascend-mindspore-cse (see Passes.td): the rules of MLIR's `cse` pass, with
// a table that hashes each op once. Upstream's scoped table hashes an op on
// every probe and rehashes every known op each time it grows; on a 100k-op
// function that made `cse` cost as much as the conversion before it.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"

namespace mlir::ascend::mindspore {
#define GEN_PASS_DEF_ASCENDMINDSPORECSE
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::mindspore

using namespace mlir;

namespace {

/// An op with its hash, computed once when the op is first looked up.
struct HashedOp {
  Operation *op;
  unsigned hash;
};

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
    Operation *empty = getEmptyKey().op, *tombstone = getTombstoneKey().op;
    if (lhs.op == empty || lhs.op == tombstone || rhs.op == empty ||
        rhs.op == tombstone || lhs.hash != rhs.hash)
      return false;
    // What upstream CSE calls equal: name, attributes, properties, result
    // types, operands (in any order for a commutative op), regions.
    return OperationEquivalence::isEquivalentTo(
        lhs.op, rhs.op, OperationEquivalence::IgnoreLocations);
  }
};

/// Known ops by equivalence, in nested scopes: a scope's insertions are
/// undone when it ends (what upstream's ScopedHashTable does).
class KnownOps {
public:
  Operation *lookup(HashedOp key) const { return map.lookup(key); }
  void insert(HashedOp key) {
    auto [it, inserted] = map.try_emplace(key, key.op);
    undo.push_back({key, inserted ? nullptr : it->second});
    if (!inserted)
      it->second = key.op; // shadows the outer one until the scope ends
  }
  size_t openScope() const { return undo.size(); }
  void closeScope(size_t mark) {
    while (undo.size() > mark) {
      auto [key, previous] = undo.pop_back_val();
      if (previous)
        map[key] = previous;
      else
        map.erase(key);
    }
  }

private:
  llvm::DenseMap<HashedOp, Operation *, HashedOpInfo> map;
  SmallVector<std::pair<HashedOp, Operation *>> undo;
};

class CSEDriver {
public:
  explicit CSEDriver(DominanceInfo &domInfo) : domInfo(domInfo) {}

  /// Simplifies the regions of `root`; returns whether anything changed.
  bool run(Operation *root) {
    KnownOps known;
    for (Region &region : root->getRegions())
      simplifyRegion(known, region);
    for (Operation *op : opsToErase)
      op->erase();
    return !opsToErase.empty();
  }

private:
  /// Traits upstream CSE asks of every op, per op name: hasTrait is a
  /// linear search over an op's traits.
  struct NameTraits {
    bool terminator, commutative, recursiveEffects;
  };
  NameTraits traitsOf(Operation *op) {
    auto [it, inserted] = traits.try_emplace(
        op->getName().getAsOpaquePointer(), NameTraits{false, false, false});
    if (inserted)
      it->second = {op->hasTrait<OpTrait::IsTerminator>(),
                    op->hasTrait<OpTrait::IsCommutative>(),
                    op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()};
    return it->second;
  }

  /// mlir::isMemoryEffectFree, with the trait looked up once per op name.
  bool isMemoryEffectFree(Operation *op) {
    bool recursive = traitsOf(op).recursiveEffects;
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
      if (!effects.hasNoEffect())
        return false;
      if (!recursive)
        return true;
    } else if (!recursive) {
      return false; // effects unknown
    }
    for (Region &region : op->getRegions())
      for (Operation &nested : region.getOps())
        if (!isMemoryEffectFree(&nested))
          return false;
    return true;
  }

  /// A hash consistent with OperationEquivalence::isEquivalentTo ignoring
  /// locations (as upstream's computeHash: regions are not hashed, operands
  /// of a commutative op in any order).
  HashedOp hashed(Operation *op) {
    using llvm::detail::combineHashValue;
    auto pointerHash = [](const void *p) {
      return llvm::DenseMapInfo<const void *>::getHashValue(p);
    };
    unsigned hash = combineHashValue(
        pointerHash(op->getName().getAsOpaquePointer()),
        pointerHash(op->getRawDictionaryAttrs().getAsOpaquePointer()));
    hash = combineHashValue(hash,
                            static_cast<unsigned>(op->hashProperties()));
    for (Type type : op->getResultTypes())
      hash = combineHashValue(hash, pointerHash(type.getAsOpaquePointer()));
    if (traitsOf(op).commutative) {
      unsigned operands = 0;
      for (Value v : op->getOperands())
        operands += pointerHash(v.getAsOpaquePointer());
      hash = combineHashValue(hash, operands);
    } else {
      for (Value v : op->getOperands())
        hash = combineHashValue(hash, pointerHash(v.getAsOpaquePointer()));
    }
    return {op, hash};
  }

  void replaceUsesAndDelete(KnownOps &known, Operation *op,
                            Operation *existing, bool hasSSADominance) {
    if (hasSSADominance) {
      // No use of `op` was visited yet.
      op->replaceAllUsesWith(existing);
      opsToErase.push_back(op);
    } else {
      // Only the uses not visited yet (their owner is not known).
      op->replaceUsesWithIf(existing->getResults(), [&](OpOperand &operand) {
        return !known.lookup(hashed(operand.getOwner()));
      });
      if (op->use_empty())
        opsToErase.push_back(op);
    }
    if (isa<UnknownLoc>(existing->getLoc()) && !isa<UnknownLoc>(op->getLoc()))
      existing->setLoc(op->getLoc());
  }

  /// Whether an op that may write lies between two ops that only read, in
  /// one block (with upstream's cache per first op).
  bool hasOtherSideEffectingOpInBetween(Operation *fromOp, Operation *toOp) {
    Operation *nextOp = fromOp->getNextNode();
    auto result =
        memEffectsCache.try_emplace(fromOp, std::make_pair(fromOp, nullptr));
    if (result.second) {
      auto cached = result.first->second;
      if (cached.second == nullptr)
        nextOp = cached.first;
      else
        return true;
    }
    while (nextOp && nextOp != toOp) {
      auto effects = dyn_cast<MemoryEffectOpInterface>(nextOp);
      if (!effects || effects.hasEffect<MemoryEffects::Write>()) {
        result.first->second =
            std::make_pair(nextOp, MemoryEffects::Write::get());
        return true;
      }
      nextOp = nextOp->getNextNode();
    }
    result.first->second = std::make_pair(toOp, nullptr);
    return false;
  }

  /// Erases `op` when it is dead or a known op computes the same; otherwise
  /// makes it known. Returns whether it is erased.
  bool simplifyOperation(KnownOps &known, Operation *op,
                         bool hasSSADominance) {
    if (traitsOf(op).terminator)
      return false;
    if (isOpTriviallyDead(op)) {
      opsToErase.push_back(op);
      return true;
    }
    // Ops with regions of several blocks are left alone.
    if (!llvm::all_of(op->getRegions(), [](Region &r) {
          return r.getBlocks().empty() || llvm::hasSingleElement(r);
        }))
      return false;
    HashedOp key = hashed(op);
    if (!isMemoryEffectFree(op)) {
      // Ops that only read: a known one in the same block, with no write
      // between them, computes the same.
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects || !effects.onlyHasEffect<MemoryEffects::Read>())
        return false;
      if (Operation *existing = known.lookup(key)) {
        if (existing->getBlock() == op->getBlock() &&
            !hasOtherSideEffectingOpInBetween(existing, op)) {
          replaceUsesAndDelete(known, op, existing, hasSSADominance);
          return true;
        }
      }
      known.insert(key);
      return false;
    }
    if (Operation *existing = known.lookup(key)) {
      replaceUsesAndDelete(known, op, existing, hasSSADominance);
      return true;
    }
    known.insert(key);
    return false;
  }

  void simplifyBlock(KnownOps &known, Block *block, bool hasSSADominance) {
    for (Operation &op : *block) {
      if (op.getNumRegions() != 0) {
        // Regions isolated from above see none of the values known here.
        if (op.mightHaveTrait<OpTrait::IsIsolatedFromAbove>()) {
          KnownOps nested;
          for (Region &region : op.getRegions())
            simplifyRegion(nested, region);
        } else {
          for (Region &region : op.getRegions())
            simplifyRegion(known, region);
        }
      }
      simplifyOperation(known, &op, hasSSADominance);
    }
    memEffectsCache.clear();
  }

  void simplifyRegion(KnownOps &known, Region &region) {
    if (region.empty())
      return;
    bool hasSSADominance = domInfo.hasSSADominance(&region);
    if (region.hasOneBlock()) {
      size_t scope = known.openScope();
      simplifyBlock(known, &region.front(), hasSSADominance);
      known.closeScope(scope);
      return;
    }
    if (!hasSSADominance)
      return;
    // Blocks in dominator-tree preorder, each in the scope of its dominators.
    struct Node {
      DominanceInfoNode *node;
      DominanceInfoNode::const_iterator child;
      size_t scope;
      bool processed;
    };
    SmallVector<Node> stack;
    DominanceInfoNode *root = domInfo.getRootNode(&region);
    stack.push_back({root, root->begin(), known.openScope(), false});
    while (!stack.empty()) {
      Node &current = stack.back();
      if (!current.processed) {
        current.processed = true;
        simplifyBlock(known, current.node->getBlock(), hasSSADominance);
      }
      if (current.child != current.node->end()) {
        DominanceInfoNode *child = *(current.child++);
        stack.push_back({child, child->begin(), known.openScope(), false});
      } else {
        known.closeScope(current.scope);
        stack.pop_back();
      }
    }
  }

  DominanceInfo &domInfo;
  std::vector<Operation *> opsToErase;
  llvm::DenseMap<Operation *, std::pair<Operation *, MemoryEffects::Effect *>>
      memEffectsCache;
  llvm::DenseMap<const void *, NameTraits> traits;
};

struct AscendMindSporeCSEPass
    : mlir::ascend::mindspore::impl::AscendMindSporeCSEBase<
          AscendMindSporeCSEPass> {
  void runOnOperation() override {
    CSEDriver driver(getAnalysis<DominanceInfo>());
    if (!driver.run(getOperation()))
      return markAllAnalysesPreserved();
    // No op with regions of several blocks is erased.
    markAnalysesPreserved<DominanceInfo, PostDominanceInfo>();
  }
};

} // namespace
