//===- KernelSimulation.cpp - per-pipe model of one AI Core ---------------===//
//
// simulateKernel and ascend-aicore-estimate (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cmath>
#include <deque>
#include <limits>
#include <map>

namespace mlir::ascend::aicore {
#define GEN_PASS_DEF_ASCENDAICOREESTIMATE
#include "ascend/Dialect/AICore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::aicore

using namespace mlir;
using namespace mlir::ascend::aicore;

namespace {

constexpr int kNumPipes = 7;
/// Cores of one block: the kernel's core (the AIC of a MIX block), then the
/// AIVs of a MIX block. Each has its own pipes: pipe p of core c is slot
/// c * kNumPipes + p.
constexpr int kMaxCores = 3;
constexpr int kNumSlots = kMaxCores * kNumPipes;

/// GM bytes a kernel's blocks read in total, and the distinct GM buffers
/// (kernel arguments) they read, for the L2 hit ratio (AICoreDataRates).
struct GMReads {
  double requested = 0;
  double written = 0; ///< GM bytes the blocks write
  llvm::SmallPtrSet<void *, 8> buffers;
};

int64_t bytesOf(Value v) {
  auto type = cast<MemRefType>(v.getType());
  return type.getNumElements() *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

/// The buffer an access touches: through subviews and reshapes to the alloc
/// or kernel argument.
Value rootBuffer(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::CastOp, memref::TransposeOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

/// A vector clock: for each pipe of each core, how many of its instructions
/// are known to have finished.
using Clock = std::array<int64_t, kNumSlots>;

struct Access {
  int pipe;      // slot: core * kNumPipes + pipe
  int64_t index; // the instruction's position on its pipe (1-based)
  bool write;
  Operation *op;
  int64_t begin, end; // element range of the buffer touched
};

constexpr int64_t kWholeBuffer = std::numeric_limits<int64_t>::max();

class Simulator {
public:
  /// Runs block `blockIdx` of `kernel`; GM reads hit L2 with `l2HitRatio`
  /// and are added to `reads`; `executed` counts instructions over blocks.
  Simulator(KernelOp kernel, int64_t maxInstructions, int64_t &executed,
            int64_t blockIdx, double l2HitRatio, GMReads &reads)
      : kernel(kernel), rates(kernel.getTarget().rates),
        maxInstructions(maxInstructions), executed(executed),
        blockIdx(blockIdx), l2HitRatio(l2HitRatio), reads(reads) {}

  FailureOr<KernelSchedule> run() {
    if (failed(execute(kernel.getBody().front())))
      return failure();
    schedule.vectorCoresPerBlock = std::max(1, subCores);
    schedule.cycles = 0;
    for (int64_t t : pipeFree)
      schedule.cycles = std::max(schedule.cycles, t);
    // Busy cycles per pipe, summed over the cores of the block.
    return schedule;
  }

private:
  LogicalResult execute(Block &block) {
    for (Operation &op : block) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        if (failed(executeLoop(loop)))
          return failure();
        continue;
      }
      if (auto branch = dyn_cast<scf::IfOp>(op)) {
        std::optional<int64_t> cond = known(branch.getCondition());
        if (!cond)
          return branch.emitError("the kernel model needs scf.if conditions "
                                  "computed from constants, loop indices and "
                                  "aicore.block_idx");
        Region &taken = *cond ? branch.getThenRegion() : branch.getElseRegion();
        if (!taken.empty() && failed(execute(taken.front())))
          return failure();
        continue;
      }
      if (auto idx = dyn_cast<BlockIdxOp>(op)) {
        values[idx.getResult()] = blockIdx;
        continue;
      }
      if (auto idx = dyn_cast<SubBlockIdxOp>(op)) {
        values[idx.getResult()] = core - 1;
        continue;
      }
      if (auto part = dyn_cast<OnCoreOp>(op)) {
        // The AIC part runs on core 0, the AIV part once on each AIV.
        int cores = part.getCore() == CoreType::AIC
                        ? 1
                        : std::min<int>(kMaxCores - 1,
                                        kernel.getTarget().vectorCoresPerCube);
        for (int c = 0; c < cores; ++c) {
          core = part.getCore() == CoreType::AIC ? 0 : 1 + c;
          if (part.getCore() == CoreType::AIV)
            subCores = std::max(subCores, c + 1);
          LogicalResult result = execute(part.getBody().front());
          core = 0;
          if (failed(result))
            return failure();
        }
        continue;
      }
      evaluate(op);
      if (failed(issue(&op)))
        return failure();
    }
    return success();
  }

  /// The value of an index or integer `v`, when known: a constant, a loop
  /// induction variable, the block index, or arithmetic on those.
  std::optional<int64_t> known(Value v) {
    if (auto it = values.find(v); it != values.end())
      return it->second;
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c)))
      return c.getSExtValue();
    return std::nullopt;
  }

  /// Folds scalar index/integer arithmetic (e.g. tile offsets and loop
  /// bounds computed from the block index) whose operands are known.
  void evaluate(Operation &op) {
    if (op.getNumResults() != 1 || op.getNumRegions() != 0 ||
        !op.getResult(0).getType().isIntOrIndex())
      return;
    SmallVector<Attribute> operands;
    for (Value operand : op.getOperands()) {
      std::optional<int64_t> v = known(operand);
      if (!v)
        return;
      operands.push_back(IntegerAttr::get(operand.getType(), *v));
    }
    SmallVector<OpFoldResult> folded;
    if (failed(op.fold(operands, folded)) || folded.size() != 1)
      return;
    if (auto attr = dyn_cast_or_null<IntegerAttr>(
            dyn_cast_if_present<Attribute>(folded[0])))
      values[op.getResult(0)] = attr.getValue().getSExtValue();
    else if (auto value = dyn_cast_if_present<Value>(folded[0]))
      if (std::optional<int64_t> v = known(value))
        values[op.getResult(0)] = *v;
  }

  LogicalResult executeLoop(scf::ForOp loop) {
    std::optional<int64_t> lb = known(loop.getLowerBound()),
                           ub = known(loop.getUpperBound()),
                           step = known(loop.getStep());
    if (!lb || !ub || !step || *step <= 0)
      return loop.emitError("the kernel model needs loops with constant "
                            "bounds and a positive step");
    for (int64_t i = *lb; i < *ub; i += *step) {
      values[loop.getInductionVar()] = i;
      if (failed(execute(*loop.getBody())))
        return failure();
    }
    return success();
  }

  /// Issues one instruction to its pipe.
  LogicalResult issue(Operation *op) {
    if (++executed > maxInstructions)
      return kernel.emitError("the kernel model stops after ")
             << maxInstructions << " instructions (max-instructions)";
    if (auto set = dyn_cast<SetFlagOp>(op)) {
      int from = slot(set.getFrom());
      // Fires when everything queued on `from` so far is done.
      pendingSets[{from, slot(set.getTo()), set.getEvent()}].push_back(
          {pipeFree[from], clocks[from], op});
      return success();
    }
    if (auto set = dyn_cast<CrossCoreSetFlagOp>(op)) {
      // FFTS mode 2: the AIC's set reaches both AIVs; an AIV's set reaches
      // the AIC (whose wait needs one from each AIV).
      int from = slot(set.getPipe());
      FiredFlag flag{pipeFree[from], clocks[from], op};
      if (core == 0) {
        for (int c = 1; c < kMaxCores; ++c)
          crossPending[{c, 0, set.getFlag()}].push_back(flag);
      } else {
        crossPending[{0, core, set.getFlag()}].push_back(flag);
      }
      return success();
    }
    if (auto wait = dyn_cast<CrossCoreWaitFlagOp>(op)) {
      int to = slot(wait.getPipe());
      SmallVector<int, 2> sources;
      if (core == 0)
        for (int c = 1; c <= std::max(1, subCores); ++c)
          sources.push_back(c);
      else
        sources.push_back(0);
      for (int source : sources) {
        auto &fired = crossPending[{core, source, wait.getFlag()}];
        if (fired.empty())
          return wait.emitError("deadlock: no earlier cross_core_set_flag ")
                 << wait.getFlag() << " of the "
                 << (source == 0 ? std::string("AIC")
                                 : "AIV " + std::to_string(source - 1))
                 << " is left for this wait on the "
                 << (core == 0 ? std::string("AIC")
                               : "AIV " + std::to_string(core - 1));
        FiredFlag flag = fired.front();
        fired.pop_front();
        pipeFree[to] = std::max(pipeFree[to], flag.time);
        for (int p = 0; p < kNumSlots; ++p)
          clocks[to][p] = std::max(clocks[to][p], flag.clock[p]);
      }
      return success();
    }
    if (auto wait = dyn_cast<WaitFlagOp>(op)) {
      int to = slot(wait.getTo());
      auto &fired =
          pendingSets[{slot(wait.getFrom()), to, wait.getEvent()}];
      if (fired.empty())
        return wait.emitError("deadlock: no earlier set_flag ")
               << stringifyPipe(wait.getFrom()) << " -> "
               << stringifyPipe(wait.getTo()) << ", " << wait.getEvent()
               << " is left for this wait";
      FiredFlag flag = fired.front();
      fired.pop_front();
      pipeFree[to] = std::max(pipeFree[to], flag.time);
      for (int p = 0; p < kNumSlots; ++p)
        clocks[to][p] = std::max(clocks[to][p], flag.clock[p]);
      return success();
    }
    std::optional<Pipe> pipe;
    int64_t cycles = 0;
    double idealCubeCycles = 0;
    SmallVector<std::pair<Value, bool>> accesses; // buffer, is write
    if (auto copy = dyn_cast<CopyOp>(op)) {
      pipe = copy.getPipe();
      int64_t bytes = bytesOf(copy.getSource());
      if (isWorkspace(copy.getSource()) || isWorkspace(copy.getTarget())) {
        // A MIX kernel's workspace: a small scratch the kernel writes and
        // reads back at once, so it stays in L2 (writes land there); it
        // neither hits HBM nor counts in the L2 hit ratio of the operands.
        cycles = rates.gmTransferCycles +
                 llvm::divideCeil(
                     bytes, getAddressSpace(copy.getSource().getType()) ==
                                    AddressSpace::GM
                                ? rates.l2ReadBytesPerCycle
                                : rates.l2WriteBytesPerCycle);
      } else if (getAddressSpace(copy.getSource().getType()) ==
                 AddressSpace::GM) {
        // A GM read: the per-transfer cost, then the L2 hit ratio's share
        // at the L2 rate and the rest at the core's HBM share
        // (AICoreDataRates).
        reads.requested += bytes;
        reads.buffers.insert(rootBuffer(copy.getSource()).getAsOpaquePointer());
        cycles = rates.gmTransferCycles +
                 static_cast<int64_t>(std::ceil(
                     bytes * ((1 - l2HitRatio) / rates.gmBytesPerCycle +
                              l2HitRatio / rates.l2ReadBytesPerCycle)));
      } else if (getAddressSpace(copy.getTarget().getType()) ==
                 AddressSpace::GM) {
        reads.written += bytes;
        cycles = rates.gmTransferCycles +
                 llvm::divideCeil(bytes, rates.l2WriteBytesPerCycle);
      } else {
        cycles = llvm::divideCeil(bytes, rates.onChipBytesPerCycle);
      }
      accesses = {{copy.getSource(), false}, {copy.getTarget(), true}};
    } else if (auto mmad = dyn_cast<MmadOp>(op)) {
      pipe = Pipe::M;
      auto a = cast<MemRefType>(mmad.getA().getType());
      auto c = cast<MemRefType>(mmad.getC().getType());
      int64_t k = a.getDimSize(mmad.getTransposeA() ? 0 : 1);
      int64_t k0 = std::max<int64_t>(
          1, 32 / llvm::divideCeil(a.getElementTypeBitWidth(), 8));
      cycles = llvm::divideCeil(c.getDimSize(0), 16) *
               llvm::divideCeil(c.getDimSize(1), 16) * llvm::divideCeil(k, k0);
      // The same work on whole fractals, without the rounding up.
      idealCubeCycles +=
          double(c.getDimSize(0)) * c.getDimSize(1) * k / (16.0 * 16.0 * k0);
      accesses = {
          {mmad.getA(), false}, {mmad.getB(), false}, {mmad.getC(), true}};
      if (Value bias = mmad.getBias())
        accesses.push_back({bias, false});
    } else if (auto vadd = dyn_cast<VAddOp>(op)) {
      pipe = Pipe::V;
      cycles = llvm::divideCeil(bytesOf(vadd.getDst()), 256);
      accesses = {{vadd.getLhs(), false},
                  {vadd.getRhs(), false},
                  {vadd.getDst(), true}};
    } else if (auto pipeOp = dyn_cast<PipeOpInterface>(op)) {
      // Vector ops (and any op implementing the interface): pipe and cost
      // from the op, accesses from its declared memory effects.
      pipe = pipeOp.getExecutionPipe();
      cycles = pipeOp.getCycles();
      if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
        for (OpOperand &operand : op->getOpOperands()) {
          if (!isa<MemRefType>(operand.get().getType()))
            continue;
          SmallVector<MemoryEffects::EffectInstance> list;
          effects.getEffectsOnValue(operand.get(), list);
          bool write = llvm::any_of(list, [](auto &e) {
            return isa<MemoryEffects::Write>(e.getEffect());
          });
          accesses.push_back({operand.get(), write});
        }
    } else {
      return success(); // scalar bookkeeping: allocs, views, constants
    }
    int p = slot(*pipe);
    // Races: every earlier conflicting access from another pipe (of this or
    // another core) to an overlapping part of the buffer must be known to
    // have finished (through flags) by this pipe.
    for (auto [value, write] : accesses) {
      auto [begin, end] = extentOf(value);
      SmallVector<Access> priors;
      for (Value buffer : aliasesOf(rootBuffer(value)))
        llvm::append_range(priors, lastAccesses[keyOf(buffer)]);
      for (const Access &prior : priors) {
        if (prior.pipe == p || (!prior.write && !write))
          continue;
        if (prior.end <= begin || end <= prior.begin)
          continue;
        if (clocks[p][prior.pipe] >= prior.index)
          continue;
        bool crossCore = prior.pipe / kNumPipes != p / kNumPipes;
        InFlightDiagnostic diag =
            op->emitError("race: ")
            << op->getName() << " on pipe " << stringifyPipe(*pipe)
            << coreName(p / kNumPipes) << (write ? " writes" : " reads")
            << " a buffer that " << prior.op->getName() << " on pipe "
            << stringifyPipe(static_cast<Pipe>(prior.pipe % kNumPipes))
            << coreName(prior.pipe / kNumPipes)
            << (prior.write ? " writes" : " reads")
            << (crossCore ? " with no cross_core_set_flag/"
                            "cross_core_wait_flag ordering them"
                          : " with no set_flag/wait_flag ordering them");
        diag.attachNote(prior.op->getLoc()) << "the other access";
        return failure();
      }
    }
    int64_t start = pipeFree[p], end = start + cycles;
    pipeFree[p] = end;
    int64_t index = ++clocks[p][p];
    schedule.busy[p % kNumPipes] += cycles;
    schedule.idealCubeCycles += idealCubeCycles;
    schedule.intervals.push_back({*pipe, start, end, op, core});
    for (auto [value, write] : accesses) {
      auto &list = lastAccesses[keyOf(rootBuffer(value))];
      auto [begin, end] = extentOf(value);
      if (write) // later accesses need only order after this write
        llvm::erase_if(list, [&](const Access &a) {
          return begin <= a.begin && a.end <= end;
        });
      list.push_back({p, index, write, op, begin, end});
    }
    return success();
  }

  /// Whether `v` is a view of the kernel's workspace (its last argument
  /// when it declares `workspace_bytes`).
  bool isWorkspace(Value v) {
    if (!kernel.getWorkspaceBytes())
      return false;
    auto arg = dyn_cast<BlockArgument>(rootBuffer(v));
    return arg && arg.getOwner() == &kernel.getBody().front() &&
           arg.getArgNumber() + 1 == kernel.getBody().front().getNumArguments();
  }

  /// The slot of `pipe` on the core running now.
  int slot(Pipe pipe) const { return core * kNumPipes + static_cast<int>(pipe); }

  /// " on the AIC" / " on AIV n" in a MIX kernel, else nothing.
  std::string coreName(int c) const {
    if (!subCores)
      return "";
    return c == 0 ? " of the AIC" : " of AIV " + std::to_string(c - 1);
  }

  /// The access history a buffer's accesses go to: GM buffers are shared by
  /// the cores of a block, on-chip buffers are each core's own.
  std::pair<Value, int> keyOf(Value root) {
    auto type = cast<MemRefType>(root.getType());
    bool shared = getAddressSpace(type) == AddressSpace::GM;
    return {root, shared ? -1 : core};
  }

  /// The elements of its root buffer `v` spans (first, one past the last)
  /// when `v` is a view of GM with known offsets; the whole buffer
  /// otherwise (on-chip buffers are tracked whole).
  std::pair<int64_t, int64_t> extentOf(Value v) {
    auto type = cast<MemRefType>(v.getType());
    if (getAddressSpace(type) != AddressSpace::GM)
      return {0, kWholeBuffer};
    std::optional<int64_t> offset = linearOffset(v);
    SmallVector<int64_t> strides;
    int64_t unused;
    if (!offset || failed(type.getStridesAndOffset(strides, unused)) ||
        llvm::any_of(strides, ShapedType::isDynamic))
      return {0, kWholeBuffer};
    int64_t last = *offset;
    for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
      if (size == 0)
        return {*offset, *offset};
      last += (size - 1) * stride;
    }
    return {*offset, last + 1};
  }

  /// The offset of view `v` in elements of its root buffer, when known.
  std::optional<int64_t> linearOffset(Value v) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return 0;
    // Reshapes and transposes keep the first element where it is.
    if (isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp,
            memref::TransposeOp>(def))
      return linearOffset(def->getOperand(0));
    auto subview = dyn_cast<memref::SubViewOp>(def);
    if (!subview)
      return def->getNumOperands() ? std::nullopt : std::optional<int64_t>(0);
    std::optional<int64_t> base = linearOffset(subview.getSource());
    SmallVector<int64_t> strides;
    int64_t unused;
    if (!base || failed(subview.getSourceType().getStridesAndOffset(
                     strides, unused)))
      return std::nullopt;
    int64_t offset = *base;
    for (auto [o, stride] : llvm::zip(subview.getMixedOffsets(), strides)) {
      std::optional<int64_t> value = getConstantIntValue(o);
      if (!value)
        value = known(cast<Value>(o));
      if (!value || ShapedType::isDynamic(stride))
        return std::nullopt;
      offset += *value * stride;
    }
    return offset;
  }

  /// `root` and every alloc whose planned UB/L1/L0 range
  /// (`ascend-aicore-plan-buffers` offsets) overlaps it.
  SmallVector<Value, 2> aliasesOf(Value root) {
    SmallVector<Value, 2> result{root};
    auto alloc = root.getDefiningOp<AllocOp>();
    if (!alloc || !alloc->hasAttr(kBufferOffsetAttr))
      return result;
    if (allocs.empty())
      kernel.walk([&](AllocOp a) {
        if (a->hasAttr(kBufferOffsetAttr))
          allocs.push_back(a);
      });
    auto range = [](AllocOp a) {
      int64_t begin = a->getAttrOfType<IntegerAttr>(kBufferOffsetAttr).getInt();
      return std::make_pair(begin, begin + a.getByteSize());
    };
    auto [begin, end] = range(alloc);
    for (AllocOp other : allocs) {
      if (other == alloc || other.getSpace() != alloc.getSpace())
        continue;
      auto [ob, oe] = range(other);
      if (ob < end && begin < oe)
        result.push_back(other.getResult());
    }
    return result;
  }

  struct FiredFlag {
    int64_t time;
    Clock clock;
    Operation *op;
  };

  KernelOp kernel;
  const AICoreDataRates &rates;
  int64_t maxInstructions;
  int64_t &executed;
  int64_t blockIdx;
  double l2HitRatio;
  GMReads &reads;
  KernelSchedule schedule;
  std::array<int64_t, kNumSlots> pipeFree{};
  std::array<Clock, kNumSlots> clocks{};
  std::map<std::tuple<int, int, int64_t>, std::deque<FiredFlag>> pendingSets;
  /// Cross-core flags set and not yet waited: (to core, from core, flag).
  std::map<std::tuple<int, int, int64_t>, std::deque<FiredFlag>> crossPending;
  llvm::DenseMap<std::pair<Value, int>, SmallVector<Access, 2>> lastAccesses;
  int core = 0;     ///< the core whose instructions are issued now
  int subCores = 0; ///< AIVs an aicore.on_core aiv region ran on
  llvm::DenseMap<Value, int64_t> values;
  SmallVector<AllocOp> allocs;
};

struct EstimatePass
    : public mlir::ascend::aicore::impl::AscendAICoreEstimateBase<
          EstimatePass> {
  using AscendAICoreEstimateBase::AscendAICoreEstimateBase;
  void runOnOperation() override {
    bool failedAny = false;
    getOperation().walk([&](KernelOp kernel) {
      FailureOr<KernelSchedule> schedule =
          simulateKernel(kernel, maxInstructions);
      if (failed(schedule)) {
        failedAny = true;
        return;
      }
      Builder b(kernel);
      const AICoreTarget &target = kernel.getTarget();
      SmallVector<NamedAttribute> fields{
          b.getNamedAttr("cycles", b.getI64IntegerAttr(schedule->cycles)),
          b.getNamedAttr("duration_us",
                         b.getF64FloatAttr(double(schedule->cycles) /
                                           target.clockHz * 1e6))};
      for (Pipe pipe :
           {Pipe::MTE2, Pipe::MTE1, Pipe::M, Pipe::FIX, Pipe::V, Pipe::MTE3})
        fields.push_back(b.getNamedAttr(
            stringifyPipe(pipe),
            b.getI64IntegerAttr(schedule->busy[static_cast<int>(pipe)])));
      if (schedule->atomicCleanCycles)
        fields.push_back(b.getNamedAttr(
            "atomic_clean", b.getI64IntegerAttr(schedule->atomicCleanCycles)));
      if (schedule->vectorCoresPerBlock > 1)
        fields.push_back(b.getNamedAttr(
            "aiv_cores", b.getI64IntegerAttr(schedule->vectorCoresPerBlock)));
      kernel->setAttr("aicore.estimate", b.getDictionaryAttr(fields));
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace

/// Runs every block of `kernel` with GM reads hitting L2 at `l2HitRatio`;
/// the schedule of the block that finishes last.
static FailureOr<KernelSchedule> simulateBlocks(KernelOp kernel,
                                                int64_t maxInstructions,
                                                double l2HitRatio,
                                                GMReads &reads) {
  std::optional<KernelSchedule> busiest;
  double totalIdeal = 0;
  const int64_t blockDim = kernel.getBlockDim();
  for (int64_t b = 0; b < blockDim; ++b) {
    int64_t executed = 0; // the limit is per block
    FailureOr<KernelSchedule> schedule =
        Simulator(kernel, maxInstructions, executed, b, l2HitRatio, reads)
            .run();
    if (failed(schedule))
      return failure();
    schedule->busiestBlock = b;
    totalIdeal += schedule->idealCubeCycles;
    if (!busiest || schedule->cycles > busiest->cycles)
      busiest = std::move(*schedule);
  }
  busiest->totalIdealCubeCycles = totalIdeal;
  return std::move(*busiest);
}

/// The die's HBM is shared by every core: all blocks of one wave together
/// move at most hbmBytesPerSecond (AICoreTarget.h), whatever each core's own
/// rate. The GM reads that miss L2 and every write (written back from L2)
/// cross it; a wave is `cores` blocks (Cube cores when the kernel uses a
/// Cube-core pipe, else Vector cores). The kernel's cycles are at least that wave's HBM
/// time; the pipes' busy cycles stay what they were (they stall the rest).
static KernelSchedule capAtHBM(KernelOp kernel, KernelSchedule schedule,
                               const GMReads &traffic, double hitRatio) {
  const AICoreTarget &target = kernel.getTarget();
  // A Cube-core pipe busy: M, MTE1, FIX, or MTE2 loading L1 (not UB).
  auto busy = [&](Pipe pipe) { return schedule.busy[static_cast<int>(pipe)]; };
  bool cube = busy(Pipe::M) || busy(Pipe::MTE1) || busy(Pipe::FIX) ||
              llvm::any_of(schedule.intervals, [](const PipeInterval &i) {
                return i.pipe == Pipe::MTE2 && i.end > i.start &&
                       !llvm::any_of(i.op->getOperandTypes(), [](Type t) {
                         return getAddressSpace(cast<MemRefType>(t)) ==
                                AddressSpace::UB;
                       });
              });
  int64_t cores = cube ? target.cubeCores : target.vectorCores;
  int64_t waves =
      std::max<int64_t>(1, llvm::divideCeil(kernel.getBlockDim(), cores));
  schedule.waves = waves;
  double hbmBytes = traffic.requested * (1 - hitRatio) + traffic.written;
  double bytesPerCycle = target.hbmBytesPerSecond / target.clockHz;
  auto hbmCycles =
      static_cast<int64_t>(std::ceil(hbmBytes / bytesPerCycle / waves));
  schedule.hbmBoundCycles = hbmCycles;
  schedule.blockCycles = schedule.cycles;
  schedule.cycles = std::max(schedule.cycles, hbmCycles);
  return schedule;
}

/// The memory-clean task before a kernel with `atomic_clean` (CANN's
/// AtomicAddrClean / MemSet): at least the smallest kernel's time, else the
/// zeroed bytes at the die's HBM bandwidth. Added to the kernel's cycles.
static KernelSchedule addAtomicClean(KernelOp kernel,
                                     KernelSchedule schedule) {
  std::optional<ArrayRef<int64_t>> clean = kernel.getAtomicClean();
  if (!clean)
    return schedule;
  const AICoreTarget &target = kernel.getTarget();
  auto type = cast<MemRefType>(kernel.getArgumentTypes()[(*clean)[0]]);
  double bytes = double((*clean)[2]) *
                 llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  double seconds = std::max(target.minKernelMicros * 1e-6,
                            bytes / target.hbmBytesPerSecond);
  schedule.atomicCleanCycles =
      static_cast<int64_t>(std::ceil(seconds * target.clockHz));
  schedule.cycles += schedule.atomicCleanCycles;
  return schedule;
}

static FailureOr<KernelSchedule> simulateKernelBlocks(KernelOp kernel,
                                                      int64_t maxInstructions);

FailureOr<KernelSchedule>
mlir::ascend::aicore::simulateKernel(KernelOp kernel, int64_t maxInstructions) {
  FailureOr<KernelSchedule> schedule =
      simulateKernelBlocks(kernel, maxInstructions);
  if (failed(schedule))
    return failure();
  return addAtomicClean(kernel, std::move(*schedule));
}

/// simulateKernel without the memory-clean task.
static FailureOr<KernelSchedule> simulateKernelBlocks(KernelOp kernel,
                                                      int64_t maxInstructions) {
  // First run: every read misses; it counts the GM bytes the blocks request
  // and the distinct GM buffers they read, which give the L2 hit ratio
  // h = (1 - D / R) * min(1, L2 / D) of the second run (AICoreDataRates).
  GMReads reads;
  FailureOr<KernelSchedule> cold =
      simulateBlocks(kernel, maxInstructions, 0.0, reads);
  if (failed(cold))
    return failure();
  double distinct = 0;
  for (void *buffer : reads.buffers)
    distinct += bytesOf(Value::getFromOpaquePointer(buffer));
  if (reads.requested <= distinct || distinct <= 0)
    return capAtHBM(kernel, std::move(*cold), reads, 0.0);
  double hitRatio =
      (1 - distinct / reads.requested) *
      std::min(1.0, double(kernel.getTarget().rates.l2Bytes) / distinct);
  GMReads again;
  FailureOr<KernelSchedule> warm =
      simulateBlocks(kernel, maxInstructions, hitRatio, again);
  if (failed(warm))
    return failure();
  warm->l2HitRatio = hitRatio;
  return capAtHBM(kernel, std::move(*warm), again, hitRatio);
}
