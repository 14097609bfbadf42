//===- Fusion.cpp - group primitives into Cube/Vector kernels -------------===//
//
// ascend-mindspore-fuse and ascend-mindspore-inline-fusion (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::ascend::mindspore {
#define GEN_PASS_DEF_ASCENDMINDSPOREFUSE
#define GEN_PASS_DEF_ASCENDMINDSPOREINLINEFUSION
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::mindspore

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindspore;

namespace {

/// Constants of at most this many elements are cloned into a group instead
/// of being read from GM.
constexpr int64_t kInlineConstantElements = 64;

bool isInlinableConstant(Operation *op) {
  auto cst = dyn_cast_or_null<ConstantOp>(op);
  return cst && cast<ShapedType>(cst.getType()).getNumElements() <=
                    kInlineConstantElements;
}

struct Group {
  SmallVector<Operation *> ops;
  bool closed = false;
  bool hasCube = false;
  bool hasReduction = false;
  /// GM bytes of the group as one kernel (kernelBytes), or -1 when `ops`
  /// changed since it was computed.
  int64_t bytes = -1;
};

/// Grows fusion groups over one block (see the pass description).
class BlockFuser {
public:
  BlockFuser(const aicore::AICoreTarget &target, int64_t maxGroupOps,
             int64_t maxGroupValues)
      : target(target), maxGroupOps(maxGroupOps),
        maxGroupValues(maxGroupValues) {}

  void run(Block &block);
  int64_t groupsFormed = 0;
  /// Ops MindSpore folds when it loads the weights: never fused.
  llvm::DenseSet<Operation *> loadTime;

private:
  /// The op of `block` that holds `op` (itself, or an ancestor).
  Operation *inBlock(Operation *op) const {
    return currentBlock->findAncestorOpInBlock(*op);
  }
  int64_t groupOf(Value v) const {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != currentBlock)
      return -1;
    auto it = membership.find(def);
    return it == membership.end() ? -1 : it->second;
  }
  /// GM bytes of a kernel made of `ops`: external inputs once, outputs.
  int64_t kernelBytes(ArrayRef<Operation *> ops,
                      const llvm::SmallPtrSetImpl<Operation *> &members) const;
  /// tensorBytes(type), computed once per type: the cost model asks for the
  /// same few types many times per op.
  int64_t bytesOf(Type type) const {
    auto [it, inserted] = typeBytes.try_emplace(type, 0);
    if (inserted)
      it->second = tensorBytes(type);
    return it->second;
  }
  double modeledMicros(int64_t bytes) const {
    return modeledKernelMicros(bytes, target);
  }
  /// Distinct values a group with `extra` added would hold in UB.
  int64_t valueCount(const Group &group, Operation *extra) const;
  bool compatible(const Group &group, Operation *op, StringRef unit) const;
  bool producesGatherTable(int64_t g, Operation *op) const;
  void materialize(Group &group, int64_t index);

  /// Appends the groups of the ops that read `v` before `op` (horizontal
  /// fusion candidates), in `v`'s use-list order.
  void appendReaderGroups(Value v, Operation *op,
                          SmallVectorImpl<int64_t> &candidates);

  const aicore::AICoreTarget &target;
  int64_t maxGroupOps, maxGroupValues;
  Block *currentBlock = nullptr;
  SmallVector<Group> groups;
  llvm::DenseMap<Operation *, int64_t> membership;
  /// Grouped ops by the values they read. Entries of closed groups are
  /// dropped when the value is next looked up: a group never reopens, and a
  /// tensor read by every layer (a shared bias) would otherwise make each
  /// reader walk all the readers before it.
  llvm::DenseMap<Value, SmallVector<Operation *, 2>> groupedReaders;
  mutable llvm::DenseMap<Type, int64_t> typeBytes;
};

int64_t BlockFuser::kernelBytes(
    ArrayRef<Operation *> ops,
    const llvm::SmallPtrSetImpl<Operation *> &members) const {
  int64_t bytes = 0;
  llvm::SmallDenseSet<Value, 8> inputs;
  for (Operation *op : ops) {
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if ((def && members.contains(def)) || isInlinableConstant(def))
        continue;
      if (inputs.insert(v).second)
        bytes += bytesOf(v.getType());
    }
    for (Value r : op->getResults())
      if (llvm::any_of(r.getUsers(), [&](Operation *user) {
            return !members.contains(inBlock(user));
          }))
        bytes += bytesOf(r.getType());
  }
  return bytes;
}

int64_t BlockFuser::valueCount(const Group &group, Operation *extra) const {
  llvm::SmallDenseSet<Value, 16> values;
  auto add = [&](Operation *op) {
    for (Value v : op->getOperands())
      if (!isInlinableConstant(v.getDefiningOp()))
        values.insert(v);
    for (Value r : op->getResults())
      values.insert(r);
  };
  for (Operation *op : group.ops)
    add(op);
  add(extra);
  return values.size();
}

/// A Vector kernel gathers rows of a table it reads from GM (aicore.vgather
/// on the table loaded into UB, docs/AICoreKernels.md): the group computing
/// a Gather's table stays a kernel of its own.
bool BlockFuser::producesGatherTable(int64_t g, Operation *op) const {
  auto gather = dyn_cast<GatherOp>(op);
  return gather && groupOf(gather.getParams()) == g;
}

bool BlockFuser::compatible(const Group &group, Operation *op,
                            StringRef unit) const {
  if (group.closed || (int64_t)group.ops.size() >= maxGroupOps)
    return false;
  // A Cube op takes a Vector prologue (work on its operands), once.
  if (unit == "cube")
    return !group.hasCube && !group.hasReduction &&
           valueCount(group, op) <= maxGroupValues;
  // A MIX kernel's epilogue is elementwise: reductions start a Vector group.
  if (unit == "reduction" && group.hasCube)
    return false;
  return valueCount(group, op) <= maxGroupValues;
}

void BlockFuser::appendReaderGroups(Value v, Operation *op,
                                    SmallVectorImpl<int64_t> &candidates) {
  auto found = groupedReaders.find(v);
  if (found == groupedReaders.end())
    return;
  SmallVectorImpl<Operation *> &readers = found->second;
  llvm::erase_if(readers, [&](Operation *reader) {
    return groups[membership.lookup(reader)].closed;
  });
  // Closed groups and groups with a Cube op are never candidates. When the
  // readers left are all in one group, that group is the only candidate;
  // otherwise the order of the candidates decides ties, and it is the order
  // of `v`'s uses.
  int64_t only = -1;
  for (Operation *reader : readers) {
    int64_t g = membership.lookup(reader);
    if (groups[g].hasCube || g == only)
      continue;
    if (only >= 0) {
      for (Operation *user : v.getUsers()) {
        if (user == op || user->getBlock() != currentBlock ||
            !user->isBeforeInBlock(op))
          continue;
        auto it = membership.find(user);
        if (it != membership.end() && !groups[it->second].hasCube)
          candidates.push_back(it->second);
      }
      return;
    }
    only = g;
  }
  if (only >= 0)
    candidates.push_back(only);
}

void BlockFuser::run(Block &block) {
  currentBlock = &block;
  groups.clear();
  membership.clear();
  groupedReaders.clear();
  for (Operation &opRef : block.without_terminator()) {
    Operation *op = &opRef;
    StringRef unit =
        loadTime.contains(op) ? StringRef() : FusionOp::classify(op);
    int64_t joined = -1;
    if (!unit.empty()) {
      // Candidates: open groups that produce an operand (vertical fusion),
      // then open Vector groups of ops that read the same tensor (horizontal
      // fusion of independent small kernels: an open group has no reader
      // outside it yet, so this op cannot depend on it). Best saving wins.
      SmallVector<int64_t> candidates;
      for (Value v : op->getOperands())
        if (int64_t g = groupOf(v); g >= 0)
          candidates.push_back(g);
      if (unit != "cube")
        for (Value v : op->getOperands())
          appendReaderGroups(v, op, candidates);
      int64_t best = -1;
      double bestSaving = 0;
      int64_t bestBytes = 0;
      int64_t opBytes = -1; // the op as a kernel of its own, once
      for (int64_t g : candidates) {
        if (g == best || groups[g].ops.empty() ||
            !compatible(groups[g], op, unit) || producesGatherTable(g, op))
          continue;
        llvm::SmallPtrSet<Operation *, 16> merged(groups[g].ops.begin(),
                                                  groups[g].ops.end());
        if (groups[g].bytes < 0)
          groups[g].bytes = kernelBytes(groups[g].ops, merged);
        merged.insert(op);
        if (opBytes < 0) {
          llvm::SmallPtrSet<Operation *, 1> alone;
          alone.insert(op);
          opBytes = kernelBytes({op}, alone);
        }
        SmallVector<Operation *> mergedOps(groups[g].ops);
        mergedOps.push_back(op);
        int64_t groupBytes = groups[g].bytes;
        int64_t mergedBytes = kernelBytes(mergedOps, merged);
        double saving = modeledMicros(groupBytes) + modeledMicros(opBytes) -
                        modeledMicros(mergedBytes);
        int64_t bytesSaved = groupBytes + opBytes - mergedBytes;
        if (saving > 0 &&
            (best < 0 || saving > bestSaving ||
             (saving == bestSaving && bytesSaved > bestBytes))) {
          best = g;
          bestSaving = saving;
          bestBytes = bytesSaved;
        }
      }
      if (best >= 0) {
        joined = best;
      } else {
        joined = groups.size();
        groups.emplace_back();
      }
      Group &group = groups[joined];
      group.ops.push_back(op);
      group.bytes = -1;
      group.hasCube |= unit == "cube";
      group.hasReduction |= unit == "reduction";
      membership[op] = joined;
      for (Value v : op->getOperands())
        groupedReaders[v].push_back(op);
      // The groups of the op's other operands merge in when they may: they
      // are open (no op outside them read their values yet), so they can
      // move down to this op along with it.
      for (Value v : op->getOperands()) {
        int64_t g = groupOf(v);
        if (g < 0 || g == joined || groups[g].closed || groups[g].ops.empty() ||
            producesGatherTable(g, op))
          continue;
        Group &other = groups[g];
        bool cube = group.hasCube || other.hasCube;
        bool reduction = group.hasReduction || other.hasReduction;
        if ((group.hasCube && other.hasCube) || (cube && reduction) ||
            (int64_t)(group.ops.size() + other.ops.size()) > maxGroupOps)
          continue;
        llvm::SmallDenseSet<Value, 16> values;
        for (Group *part : {&group, &other})
          for (Operation *member : part->ops) {
            for (Value operand : member->getOperands())
              if (!isInlinableConstant(operand.getDefiningOp()))
                values.insert(operand);
            for (Value r : member->getResults())
              values.insert(r);
          }
        if ((int64_t)values.size() > maxGroupValues)
          continue;
        for (Operation *member : other.ops)
          membership[member] = joined;
        group.ops.append(other.ops.begin(), other.ops.end());
        llvm::sort(group.ops, [](Operation *a, Operation *b) {
          return a->isBeforeInBlock(b);
        });
        group.hasCube = cube;
        group.hasReduction = reduction;
        group.bytes = -1;
        other.ops.clear();
      }
    }
    // An op outside a group that reads its values closes it; an op with side
    // effects (or regions) closes every group.
    bool barrier = unit.empty() && !isInlinableConstant(op) &&
                   !loadTime.contains(op) &&
                   (op->getNumRegions() > 0 || !isPure(op));
    if (barrier) {
      for (Group &group : groups)
        group.closed = true;
      continue;
    }
    op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        int64_t g = groupOf(v);
        if (g >= 0 && g != joined)
          groups[g].closed = true;
      }
    });
  }
  for (auto [index, group] : llvm::enumerate(groups)) {
    int64_t kernelsOps = llvm::count_if(
        group.ops, [](Operation *op) { return !isViewOp(op); });
    if (group.ops.size() >= 2 && kernelsOps >= 1)
      materialize(group, groupsFormed++);
  }
}

void BlockFuser::materialize(Group &group, int64_t index) {
  llvm::SmallPtrSet<Operation *, 16> members(group.ops.begin(),
                                             group.ops.end());
  llvm::SetVector<Value> inputs;
  llvm::SetVector<Operation *> constants;
  SmallVector<Value> outputs;
  for (Operation *op : group.ops) {
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (def && members.contains(def))
        continue;
      if (isInlinableConstant(def))
        constants.insert(def);
      else
        inputs.insert(v);
    }
    for (Value r : op->getResults())
      if (llvm::any_of(r.getUsers(), [&](Operation *user) {
            return !members.contains(inBlock(user));
          }))
        outputs.push_back(r);
  }
  std::string name = "Fused";
  int64_t named = 0;
  for (Operation *op : group.ops) {
    if (isViewOp(op) || named == 4)
      continue;
    if (auto prim = dyn_cast<PrimitiveOpInterface>(op)) {
      name += "_" + prim.getPrimitiveName().str();
      ++named;
    }
  }
  name += "_" + std::to_string(index);
  StringRef kind = group.hasCube        ? "mix"
                   : group.hasReduction ? "reduction"
                                        : "vector";

  Operation *last = group.ops.back();
  OpBuilder builder(last);
  Location loc = builder.getFusedLoc(llvm::to_vector(
      llvm::map_range(group.ops, [](Operation *op) { return op->getLoc(); })));
  auto fusion = FusionOp::create(
      builder, loc, TypeRange(ValueRange(outputs)), builder.getStringAttr(kind),
      builder.getStringAttr(name), inputs.getArrayRef());
  Block *body = builder.createBlock(&fusion.getBody());
  IRMapping mapping;
  for (Value v : inputs)
    mapping.map(v, body->addArgument(v.getType(), v.getLoc()));
  for (Operation *cst : constants)
    builder.clone(*cst, mapping);
  // The members move into the body (no copies) and read the block arguments
  // and inlined constants instead of the values from outside.
  for (Operation *op : group.ops) {
    op->moveBefore(body, body->end());
    op->walk([&](Operation *nested) {
      for (OpOperand &operand : nested->getOpOperands())
        if (Value inside = mapping.lookupOrNull(operand.get()))
          operand.set(inside);
    });
  }
  auto yield = YieldOp::create(builder, loc, outputs);
  for (auto [output, result] : llvm::zip(outputs, fusion.getResults()))
    output.replaceUsesWithIf(result, [&](OpOperand &use) {
      return use.getOwner() != yield &&
             !fusion->isProperAncestor(use.getOwner());
    });
  for (Operation *cst : constants)
    if (cst->use_empty())
      cst->erase();
}

struct FusePass
    : public mindspore::impl::AscendMindSporeFuseBase<FusePass> {
  using AscendMindSporeFuseBase::AscendMindSporeFuseBase;
  void runOnOperation() override {
    const aicore::AICoreTarget *target =
        lookupChipOrError(getOperation(), chip);
    if (!target)
      return signalPassFailure();
    if (maxGroupOps < 2 || minTileBytes <= 0) {
      getOperation()->emitError(
          "max-group-ops must be at least 2 and min-tile-bytes positive");
      return signalPassFailure();
    }
    int64_t maxValues = target->memories.ub.capacity / (2 * minTileBytes);
    BlockFuser fuser(*target, maxGroupOps, maxValues);
    fuser.loadTime = findLoadTimeOps(getOperation());
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) {
      if (!isa<FusionOp>(block->getParentOp()) &&
          !isa<ModuleOp>(block->getParentOp()))
        blocks.push_back(block);
    });
    for (Block *block : blocks)
      fuser.run(*block);
  }
};

struct InlineFusionPass
    : public mindspore::impl::AscendMindSporeInlineFusionBase<
          InlineFusionPass> {
  void runOnOperation() override { FusionOp::inlineAll(getOperation()); }
};

} // namespace
