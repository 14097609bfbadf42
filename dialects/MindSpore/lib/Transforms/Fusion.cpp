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
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

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

/// A group's values or inputs: a few values (at most maxGroupValues; about
/// eight in a Linear + activation + residual group), searched linearly while
/// there are up to 8 (no hashing, no allocation), hashed beyond.
using GroupValueSet = llvm::SmallSetVector<Value, 8>;

struct Group;
bool takesRowReduction(const Group &group, Operation *op);

struct Group {
  SmallVector<Operation *> ops;
  bool closed = false;
  bool hasCube = false;
  bool hasReduction = false;
  /// GM bytes of the group as one kernel (kernelBytes), or -1 when `ops`
  /// changed since it was computed.
  int64_t bytes = -1;
  /// The values the group reads from outside it (kernelBytes' inputs), valid
  /// with `bytes`.
  GroupValueSet inputs;
  /// The values valueCount counts for the group, valid when `valuesKnown`.
  GroupValueSet values;
  bool valuesKnown = false;

  /// Closes the group: it takes no more ops, so its cached sets go (a
  /// program has a group per few ops). Every reader of the group's values
  /// closes it: once is enough.
  void close() {
    if (closed)
      return;
    closed = true;
    inputs = GroupValueSet();
    values = GroupValueSet();
    valuesKnown = false;
    bytes = -1;
  }
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
  /// The inputs go to `inputs` when given.
  int64_t kernelBytes(ArrayRef<Operation *> ops,
                      const llvm::SmallPtrSetImpl<Operation *> &members,
                      GroupValueSet *inputs = nullptr) const;
  /// kernelBytes of group `g` with `op` (after all of its ops) added, from
  /// the group's and the op's own: the op's operands the group computes or
  /// reads already, and the group's results only the op reads, are no
  /// longer GM traffic.
  int64_t mergedKernelBytes(int64_t g, Operation *op, int64_t opBytes) const;
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

  /// What materialize needs of a group, found without changing the IR (so
  /// groups are planned on the context's threads, a chunk at a time).
  struct GroupPlan {
    SmallVector<Value, 4> inputs; ///< read from outside, in first-use order
    SmallVector<Operation *, 2> constants; ///< small constants cloned in
    SmallVector<Value, 2> outputs;         ///< read outside the group
    StringAttr name;
    Location loc;
  };
  GroupPlan plan(const Group &group, int64_t index) const;
  /// Replaces the ops of `group` by a fusion op. `formed` maps the values
  /// that earlier groups of the chunk replaced by their results (the plan
  /// was made before) and gets this group's.
  void materialize(Group &group, const GroupPlan &plan,
                   llvm::DenseMap<Value, Value> &formed);

  /// Appends the groups of the ops that read `v` before `op` (horizontal
  /// fusion candidates), in `v`'s use-list order.
  void appendReaderGroups(Value v, Operation *op,
                          SmallVectorImpl<int64_t> &candidates);

  const aicore::AICoreTarget &target;
  int64_t maxGroupOps, maxGroupValues;
  Block *currentBlock = nullptr;
  SmallVector<Group, 0> groups;
  /// Groups made since the last op that closed every group.
  SmallVector<int64_t> openSinceBarrier;
  llvm::DenseMap<Operation *, int64_t> membership;
  /// Grouped ops by the values they read. Entries of closed groups are
  /// dropped when the value is next looked up: a group never reopens, and a
  /// tensor read by every layer (a shared bias) would otherwise make each
  /// reader walk all the readers before it.
  llvm::DenseMap<Value, SmallVector<Operation *, 2>> groupedReaders;
  mutable llvm::DenseMap<Type, int64_t> typeBytes;
  /// The group kinds' attributes, made once.
  llvm::DenseMap<StringRef, StringAttr> kindAttrs;
};

int64_t BlockFuser::kernelBytes(
    ArrayRef<Operation *> ops,
    const llvm::SmallPtrSetImpl<Operation *> &members,
    GroupValueSet *inputsOut) const {
  int64_t bytes = 0;
  GroupValueSet ownInputs;
  GroupValueSet &inputs = inputsOut ? *inputsOut : ownInputs;
  inputs.clear();
  for (Operation *op : ops) {
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if ((def && members.contains(def)) || isInlinableConstant(def))
        continue;
      if (inputs.insert(v))
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

int64_t BlockFuser::mergedKernelBytes(int64_t g, Operation *op,
                                      int64_t opBytes) const {
  // The ops of a group come before `op` in the block and no op of the group
  // reads a result of `op`, so only `op`'s operands change what is counted.
  const Group &group = groups[g];
  int64_t bytes = group.bytes + opBytes;
  llvm::SmallSetVector<Value, 4> seen;
  for (Value v : op->getOperands()) {
    Operation *def = v.getDefiningOp();
    if (isInlinableConstant(def) || !seen.insert(v))
      continue;
    auto member = def ? membership.find(def) : membership.end();
    if (member != membership.end() && member->second == g) {
      // Computed by the group: no longer read from GM by `op`, and no
      // longer written by the group when `op` is its only reader outside.
      bytes -= bytesOf(v.getType());
      if (llvm::all_of(v.getUsers(), [&](Operation *user) {
            Operation *at = inBlock(user);
            if (at == op)
              return true;
            auto it = at ? membership.find(at) : membership.end();
            return it != membership.end() && it->second == g;
          }))
        bytes -= bytesOf(v.getType());
    } else if (group.inputs.contains(v)) {
      // Read by the group already: read once.
      bytes -= bytesOf(v.getType());
    }
  }
  return bytes;
}

/// Adds what valueCount counts for `op` to `values`.
static void addGroupValues(Operation *op, GroupValueSet &values) {
  for (Value v : op->getOperands())
    if (!isInlinableConstant(v.getDefiningOp()))
      values.insert(v);
  for (Value r : op->getResults())
    values.insert(r);
}

int64_t BlockFuser::valueCount(const Group &group, Operation *extra) const {
  if (!group.valuesKnown) {
    Group &cached = const_cast<Group &>(group);
    cached.values.clear();
    for (Operation *op : group.ops)
      addGroupValues(op, cached.values);
    cached.valuesKnown = true;
  }
  int64_t count = group.values.size();
  llvm::SmallSetVector<Value, 4> added;
  auto add = [&](Value v) {
    if (!group.values.contains(v) && added.insert(v))
      ++count;
  };
  for (Value v : extra->getOperands())
    if (!isInlinableConstant(v.getDefiningOp()))
      add(v);
  for (Value r : extra->getResults())
    add(r);
  return count;
}

/// A Vector kernel gathers rows of a table it reads from GM (aicore.vgather
/// on the table loaded into UB, docs/AICoreKernels.md): the group computing
/// a Gather's table stays a kernel of its own.
bool BlockFuser::producesGatherTable(int64_t g, Operation *op) const {
  auto gather = dyn_cast<GatherOp>(op);
  return gather && groupOf(gather.getParams()) == g;
}

/// Whether the reduction `op` may join the group of a Cube op: a reduction
/// along the last axis (FusionOp::isLastAxisReduction) after a MatMul or
/// BatchMatMul whose group neither transposes nor computes the Cube op's
/// operands (other than views of them): the row-band MIX kernel takes
/// exactly those (docs/AICoreKernels.md, "Row-wise epilogues"); with
/// anything else the group would be split again at the aicore level.
bool takesRowReduction(const Group &group, Operation *op) {
  if (!FusionOp::isLastAxisReduction(op))
    return false;
  llvm::SmallPtrSet<Operation *, 16> members(group.ops.begin(),
                                             group.ops.end());
  for (Operation *member : group.ops) {
    if (isa<TransposeOp, Conv2DOp, Conv2DTransposeOp>(member))
      return false;
    if (!isa<MatMulOp, BatchMatMulOp>(member))
      continue;
    for (Value v : member->getOperands())
      for (Operation *def = v.getDefiningOp(); def && members.contains(def);
           def = def->getNumOperands() ? def->getOperand(0).getDefiningOp()
                                       : nullptr)
        if (!isViewOp(def) && !isa<TransDataOp>(def))
          return false;
  }
  return true;
}

bool BlockFuser::compatible(const Group &group, Operation *op,
                            StringRef unit) const {
  if (group.closed || (int64_t)group.ops.size() >= maxGroupOps)
    return false;
  // A Cube op takes a Vector prologue (work on its operands), once.
  if (unit == "cube")
    return !group.hasCube && !group.hasReduction &&
           valueCount(group, op) <= maxGroupValues;
  // A MIX kernel's epilogue is elementwise or reduces whole rows along the
  // last axis (its Vector part then takes whole-row tiles,
  // docs/AICoreKernels.md "Row-wise epilogues"); other reductions start a
  // Vector group.
  if (unit == "reduction" && group.hasCube &&
      !takesRowReduction(group, op))
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
  openSinceBarrier.clear();
  membership.clear();
  groupedReaders.clear();
  // Every fusible op gets a membership entry and about as many read values
  // (its operands): sized once, not grown by rehashing.
  size_t numOps = block.getOperations().size();
  membership.reserve(numOps);
  groupedReaders.reserve(numOps);
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
      int64_t bestMergedBytes = -1;
      int64_t opBytes = -1; // the op as a kernel of its own, once
      for (int64_t g : candidates) {
        if (g == best || groups[g].ops.empty() ||
            !compatible(groups[g], op, unit) || producesGatherTable(g, op))
          continue;
        if (groups[g].bytes < 0) {
          llvm::SmallPtrSet<Operation *, 16> members(groups[g].ops.begin(),
                                                     groups[g].ops.end());
          groups[g].bytes =
              kernelBytes(groups[g].ops, members, &groups[g].inputs);
        }
        if (opBytes < 0) {
          llvm::SmallPtrSet<Operation *, 1> alone;
          alone.insert(op);
          opBytes = kernelBytes({op}, alone);
        }
        int64_t groupBytes = groups[g].bytes;
        int64_t mergedBytes = mergedKernelBytes(g, op, opBytes);
        double saving = modeledMicros(groupBytes) + modeledMicros(opBytes) -
                        modeledMicros(mergedBytes);
        int64_t bytesSaved = groupBytes + opBytes - mergedBytes;
        if (saving > 0 &&
            (best < 0 || saving > bestSaving ||
             (saving == bestSaving && bytesSaved > bestBytes))) {
          best = g;
          bestSaving = saving;
          bestBytes = bytesSaved;
          bestMergedBytes = mergedBytes;
        }
      }
      if (best >= 0) {
        joined = best;
      } else {
        joined = groups.size();
        groups.emplace_back();
        openSinceBarrier.push_back(joined);
      }
      Group &group = groups[joined];
      group.ops.push_back(op);
      // The cost of the group with the op is known when the op joined it.
      group.bytes = best >= 0 ? bestMergedBytes : -1;
      if (best >= 0)
        for (Value v : op->getOperands()) {
          Operation *def = v.getDefiningOp();
          auto member = def ? membership.find(def) : membership.end();
          if (!isInlinableConstant(def) &&
              (member == membership.end() || member->second != joined))
            group.inputs.insert(v);
        }
      if (group.valuesKnown)
        addGroupValues(op, group.values);
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
        GroupValueSet values;
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
        group.valuesKnown = false;
        other.ops.clear();
        other.inputs = GroupValueSet();
        other.values = GroupValueSet();
        other.valuesKnown = false;
      }
    }
    // An op outside a group that reads its values closes it; an op with side
    // effects (or regions) closes every group.
    bool barrier = unit.empty() && !isInlinableConstant(op) &&
                   !loadTime.contains(op) &&
                   (op->getNumRegions() > 0 || !isPure(op));
    if (barrier) {
      // Groups made since the last barrier (the earlier ones are closed).
      for (int64_t g : openSinceBarrier)
        groups[g].close();
      openSinceBarrier.clear();
      continue;
    }
    auto closeReadGroups = [&](Operation *reader) {
      for (Value v : reader->getOperands()) {
        int64_t g = groupOf(v);
        if (g >= 0 && g != joined)
          groups[g].close();
      }
    };
    if (op->getNumRegions() == 0)
      closeReadGroups(op);
    else
      op->walk(closeReadGroups);
  }
  SmallVector<Group *> formable;
  for (Group &group : groups) {
    int64_t kernelsOps = llvm::count_if(
        group.ops, [](Operation *op) { return !isViewOp(op); });
    if (group.ops.size() >= 2 && kernelsOps >= 1)
      formable.push_back(&group);
  }
  // Plans only read the IR: a chunk of groups is planned on the context's
  // threads, then materialized in order.
  constexpr size_t kChunk = 512;
  MLIRContext *context = block.getParentOp()->getContext();
  std::vector<GroupPlan> plans;
  llvm::DenseMap<Value, Value> formed;
  for (size_t begin = 0; begin < formable.size(); begin += kChunk) {
    size_t count = std::min(kChunk, formable.size() - begin);
    plans.assign(count, GroupPlan{{}, {}, {}, {}, UnknownLoc::get(context)});
    int64_t first = groupsFormed;
    parallelFor(context, 0, count, [&](size_t i) {
      plans[i] = plan(*formable[begin + i], first + i);
    });
    formed.clear();
    for (size_t i = 0; i < count; ++i)
      materialize(*formable[begin + i], plans[i], formed);
    groupsFormed += count;
  }
}

BlockFuser::GroupPlan BlockFuser::plan(const Group &group,
                                       int64_t index) const {
  llvm::SmallPtrSet<Operation *, 16> members(group.ops.begin(),
                                             group.ops.end());
  llvm::SmallSetVector<Value, 4> inputs;
  llvm::SmallSetVector<Operation *, 2> constants;
  SmallVector<Value, 2> outputs;
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
  SmallString<64> name("Fused");
  int64_t named = 0;
  for (Operation *op : group.ops) {
    if (isViewOp(op) || named == 4)
      continue;
    if (auto prim = dyn_cast<PrimitiveOpInterface>(op)) {
      name += "_";
      name += prim.getPrimitiveName();
      ++named;
    }
  }
  name += "_";
  llvm::raw_svector_ostream(name) << index;
  MLIRContext *context = group.ops.back()->getContext();
  SmallVector<Location, 8> locs;
  for (Operation *op : group.ops)
    locs.push_back(op->getLoc());
  return GroupPlan{SmallVector<Value, 4>(inputs.getArrayRef()),
                   SmallVector<Operation *, 2>(constants.getArrayRef()),
                   std::move(outputs), StringAttr::get(context, name),
                   FusedLoc::get(locs, Attribute(), context)};
}

void BlockFuser::materialize(Group &group, const GroupPlan &plan,
                             llvm::DenseMap<Value, Value> &formed) {
  // The inputs as they are now: a value an earlier group of the chunk
  // computed is that group's result.
  SmallVector<Value, 4> inputs;
  for (Value v : plan.inputs)
    inputs.push_back(formed.lookup(v) ? formed.lookup(v) : v);
  ArrayRef<Value> outputs = plan.outputs;
  StringRef kind = group.hasCube        ? "mix"
                   : group.hasReduction ? "reduction"
                                        : "vector";

  Operation *last = group.ops.back();
  OpBuilder builder(last);
  Location loc = plan.loc;
  StringAttr &kindAttr = kindAttrs[kind];
  if (!kindAttr)
    kindAttr = builder.getStringAttr(kind);
  auto fusion =
      FusionOp::create(builder, loc, TypeRange(ValueRange(outputs)), kindAttr,
                       plan.name, inputs);
  Block *body = builder.createBlock(&fusion.getBody());
  IRMapping mapping;
  for (Value v : inputs)
    mapping.map(v, body->addArgument(v.getType(), v.getLoc()));
  for (Operation *cst : plan.constants)
    builder.clone(*cst, mapping);
  // The members move into the body (no copies) and read the block arguments
  // and inlined constants instead of the values from outside.
  for (Operation *op : group.ops) {
    op->moveBefore(body, body->end());
    auto readInside = [&](Operation *nested) {
      for (OpOperand &operand : nested->getOpOperands())
        if (Value inside = mapping.lookupOrNull(operand.get()))
          operand.set(inside);
    };
    if (op->getNumRegions() == 0)
      readInside(op);
    else
      op->walk(readInside);
  }
  auto yield = YieldOp::create(builder, loc, outputs);
  for (auto [output, result] : llvm::zip(plan.outputs, fusion.getResults())) {
    Value(output).replaceUsesWithIf(result, [&](OpOperand &use) {
      return use.getOwner() != yield &&
             !fusion->isProperAncestor(use.getOwner());
    });
    formed[output] = result;
  }
  for (Operation *cst : plan.constants)
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
