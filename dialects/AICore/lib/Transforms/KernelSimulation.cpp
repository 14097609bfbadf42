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
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/CommandLine.h"

#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <numeric>

namespace mlir::ascend::aicore {
#define GEN_PASS_DEF_ASCENDAICOREESTIMATE
#include "ascend/Dialect/AICore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::aicore

using namespace mlir;
using namespace mlir::ascend::aicore;

static llvm::cl::opt<bool> clFullSimulation(
    "ascend-aicore-full-simulation",
    llvm::cl::desc("Kernel model (ascend-aicore-estimate, --report, the tile "
                   "searches): simulate every iteration of every loop instead "
                   "of extrapolating the periodic ones (for checking the "
                   "extrapolation; slow on large kernels)"),
    llvm::cl::init(false), llvm::cl::Hidden);

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

/// The bytes a GM transfer of the GM view `view` costs at the full rate
/// (AICoreDataRates, burst shape): the view moves as runs of contiguous
/// elements (its trailing dimensions while they are contiguous), each run
/// rounded up to whole gmBlockBytes blocks; a run whose GM start is off a
/// gmAlignBytes boundary costs 100 / unalignedPercent times its bytes.
/// Where a run starts: from the view's static offset (kernel arguments,
/// the device allocations, start on 512-byte boundaries) and the stride
/// between runs; a dynamic offset (a tile of a loop) is taken to be a
/// multiple of the step between its tiles, as the tiling lays them (the
/// stride between runs, or the view's bytes when it is one run), so the
/// share of runs on a boundary is gcd(step, gmAlignBytes) / gmAlignBytes.
/// The cost depends on the view's type only, so blocks and iterations
/// that issue the same copies at other offsets still cost the same (the
/// loop extrapolation relies on it).
double gmBurstBytes(MemRefType view, const AICoreDataRates &rates) {
  int64_t elementBytes = llvm::divideCeil(view.getElementTypeBitWidth(), 8);
  int64_t bytes = view.getNumElements() * elementBytes;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (bytes == 0 || failed(view.getStridesAndOffset(strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return bytes;
  // The innermost run: trailing dimensions while each continues the last.
  int64_t runElements = 1, expected = 1, stepElements = 0;
  for (int d = view.getRank() - 1; d >= 0; --d) {
    int64_t size = view.getDimSize(d);
    if (size == 1)
      continue;
    if (strides[d] != expected) {
      stepElements = strides[d];
      break;
    }
    runElements *= size;
    expected = strides[d] * size;
  }
  int64_t runs = view.getNumElements() / runElements;
  int64_t runBytes = runElements * elementBytes;
  double moved =
      double(runs) * double(llvm::alignTo(runBytes, rates.gmBlockBytes));
  if (rates.unalignedPercent >= 100)
    return moved;
  const int64_t align = rates.gmAlignBytes;
  int64_t stepBytes = runs > 1 ? stepElements * elementBytes : bytes;
  double alignedShare;
  if (!ShapedType::isDynamic(offset)) {
    bool first = (offset * elementBytes) % align == 0;
    alignedShare = runs == 1 || stepBytes % align == 0
                       ? (first ? 1.0 : 0.0)
                       : double(std::gcd(stepBytes, align)) / align;
  } else {
    alignedShare = double(std::gcd(stepBytes, align)) / align;
  }
  return moved *
         (alignedShare + (1 - alignedShare) * 100.0 / rates.unalignedPercent);
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

/// How an scf.for's control flow depends on its induction variable, for the
/// loop extrapolation (see `Simulator::executeLoop`).
struct LoopShape {
  /// False when an scf.if condition or nested loop bound in the body depends
  /// on the induction variable through a value the body's top level does
  /// not compute with foldable scalar ops (or the loop carries values): the
  /// loop then runs every iteration.
  bool extrapolatable = false;
  /// The top-level scalar ops of the body, in order, that compute `controls`
  /// from the induction variable.
  SmallVector<Operation *> slice;
  /// The scf.if conditions and nested loop bounds that depend on the
  /// induction variable, and the nested loops whose trip counts do:
  /// iterations where they are equal run the same instructions.
  SmallVector<Value> controls;
  SmallVector<scf::ForOp> tripLoops;
};

/// The state of the simulator at the start of one loop iteration, flattened
/// for comparing iterations (`Simulator::snapshot`).
struct Snapshot {
  int64_t iteration = 0;
  uint64_t serial = 0;     ///< the touch serial when taken
  llvm::hash_code trace{}; ///< instructions of the iteration starting here
  SmallVector<int64_t> times;     ///< pipe free times, pending flags' times
  SmallVector<uint64_t> touched;  ///< last touch serial of each of `times`
  SmallVector<int64_t> counts;    ///< vector clocks, access indices
  SmallVector<uintptr_t> shape;   ///< queue lengths, access lists, flags
  std::array<int64_t, 7> busy{};
  int64_t executed = 0;
  double idealCube = 0, requested = 0, written = 0;
  size_t intervals = 0, buffers = 0;
};

class Simulator {
public:
  /// Runs block `blockIdx` of `kernel`; GM reads hit L2 with `l2HitRatio`
  /// and are added to `reads`; `executed` counts instructions over blocks.
  Simulator(KernelOp kernel, const SimulationOptions &options,
            int64_t &executed, int64_t blockIdx, double l2HitRatio,
            GMReads &reads, llvm::DenseMap<Operation *, LoopShape> &loopShapes)
      : kernel(kernel), rates(kernel.getTarget().rates),
        maxInstructions(options.maxInstructions),
        extrapolate(options.extrapolateLoops),
        recordIntervals(options.recordIntervals), stats(options.stats),
        executed(executed), blockIdx(blockIdx), l2HitRatio(l2HitRatio),
        reads(reads), loopShapes(loopShapes) {
    for (unsigned index : options.l2ResidentArguments)
      if (index < kernel.getBody().getNumArguments())
        residentBuffers.insert(
            kernel.getBody().getArgument(index).getAsOpaquePointer());
  }

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

  /// Runs one iteration of `loop` with induction variable `i`; mixes its
  /// instructions into the trace hash and returns the hash of this
  /// iteration alone.
  FailureOr<llvm::hash_code> runIteration(scf::ForOp loop, int64_t i) {
    values[loop.getInductionVar()] = i;
    llvm::hash_code outer = trace;
    trace = llvm::hash_code(0);
    LogicalResult result = execute(*loop.getBody());
    llvm::hash_code inner = trace;
    trace = llvm::hash_combine(outer, inner);
    if (failed(result))
      return failure();
    return inner;
  }

  /// Runs `loop`. Without extrapolation every iteration runs. With it, the
  /// iterations fall into runs whose control values (`LoopShape::controls`)
  /// are equal; inside a run, once two consecutive iterations ran the same
  /// instructions and left the state shifted alike (`isPeriodic`: every
  /// time they touched moved by one amount `lambda`, every clock and
  /// accumulator by the same amount both times), every further iteration
  /// of the run would repeat the last one `lambda` cycles later (the
  /// model's times are sums and maxima of times), so all but the run's last
  /// iteration are applied at once (`advance`). Edge iterations (where a
  /// control value changes) and the last iteration of each run are
  /// simulated.
  LogicalResult executeLoop(scf::ForOp loop) {
    std::optional<int64_t> lb = known(loop.getLowerBound()),
                           ub = known(loop.getUpperBound()),
                           step = known(loop.getStep());
    if (!lb || !ub || !step || *step <= 0)
      return loop.emitError("the kernel model needs loops with constant "
                            "bounds and a positive step");
    int64_t trips = *ub > *lb ? llvm::divideCeil(*ub - *lb, *step) : 0;
    trace = llvm::hash_combine(trace, trips);
    const LoopShape *shape = nullptr;
    if (extrapolate && trips >= kMinExtrapolatedTrips) {
      auto [it, inserted] = loopShapes.try_emplace(loop.getOperation());
      if (inserted)
        it->second = analyzeLoop(loop);
      if (it->second.extrapolatable)
        shape = &it->second;
    }
    if (!shape) {
      for (int64_t k = 0; k < trips; ++k)
        if (failed(runIteration(loop, *lb + k * *step)))
          return failure();
      return success();
    }
    Value iv = loop.getInductionVar();
    std::deque<Snapshot> recent; // the last three, of one run
    SmallVector<int64_t> runControls;
    int64_t runStart = 0;
    for (int64_t k = 0; k < trips; ++k) {
      SmallVector<int64_t> controls = signature(*shape, {iv}, *lb + k * *step);
      if (k == 0 || controls != runControls) {
        runControls = std::move(controls);
        runStart = k;
        recent.clear();
      }
      // Snapshots at the first iterations of a run, then at three
      // consecutive ones of every 16 (a run that is not periodic soon costs
      // little more than without them).
      int64_t rel = k - runStart;
      if (rel < 16 || rel % 16 < 3) {
        if (!recent.empty() && recent.back().iteration != k - 1)
          recent.clear();
        recent.push_back(snapshot(k));
        if (recent.size() > 3)
          recent.pop_front();
        if (recent.size() == 3) {
          std::optional<int64_t> lambda = isPeriodic(recent[0], recent[1],
                                                     recent[2]);
          if (lambda) {
            // The run's end: the first iteration with other controls.
            int64_t end = k + 1;
            if (!shape->controls.empty() || !shape->tripLoops.empty())
              while (end < trips &&
                     signature(*shape, {iv}, *lb + end * *step) == runControls)
                ++end;
            else
              end = trips;
            // Iterations k .. k + skip - 1 are applied; the run's last
            // iteration runs.
            int64_t skip = end - k - 1;
            if (skip > 0) {
              if (failed(advance(recent[1], recent[2], *lambda, skip)))
                return failure();
              k += skip;
              recent.clear();
              // The run's last iteration, with its own controls again.
              runControls = signature(*shape, {iv}, *lb + k * *step);
            }
          }
        }
      }
      FailureOr<llvm::hash_code> hash = runIteration(loop, *lb + k * *step);
      if (failed(hash))
        return failure();
      if (!recent.empty() && recent.back().iteration == k)
        recent.back().trace = *hash;
    }
    return success();
  }

  /// Loops with fewer iterations run whole.
  static constexpr int64_t kMinExtrapolatedTrips = 5;

public:
  /// Which of `loop`'s control values depend on its induction variable.
  static LoopShape analyzeLoop(scf::ForOp loop) {
    if (loop.getNumRegionIterArgs() != 0)
      return LoopShape();
    return analyzeControls(*loop.getBody(), {loop.getInductionVar()});
  }

  /// Which control values (scf.if conditions, scf.for bounds or trip
  /// counts) of `body`'s ops, nested ones included, depend on `inputs`, and
  /// the top-level ops computing them. A nested loop whose bounds depend on
  /// them counts by its trip count when its induction variable feeds no
  /// control value (then the same trip count runs the same instructions,
  /// at other offsets), else by its bounds (equal bounds give its induction
  /// variable equal values).
  static LoopShape analyzeControls(Block &body, ArrayRef<Value> inputs) {
    LoopShape byTrips = analyzeControls(body, inputs, /*tripCounts=*/true);
    if (byTrips.extrapolatable)
      return byTrips;
    return analyzeControls(body, inputs, /*tripCounts=*/false);
  }

  static LoopShape analyzeControls(Block &body, ArrayRef<Value> inputs,
                                   bool tripCounts) {
    LoopShape shape;
    llvm::SmallPtrSet<Value, 16> variant(inputs.begin(), inputs.end());
    SmallVector<Value> needed; // values the signature evaluates
    for (Operation &top : body)
      top.walk<WalkOrder::PreOrder>([&](Operation *op) {
        auto isVariant = [&](Value v) { return variant.contains(v); };
        if (auto nested = dyn_cast<scf::ForOp>(op)) {
          std::array<Value, 3> bounds = {nested.getLowerBound(),
                                         nested.getUpperBound(),
                                         nested.getStep()};
          if (tripCounts && llvm::any_of(bounds, isVariant)) {
            shape.tripLoops.push_back(nested);
            llvm::append_range(needed, bounds);
            variant.insert(nested.getInductionVar());
          } else {
            for (Value bound : bounds)
              if (isVariant(bound)) {
                shape.controls.push_back(bound);
                needed.push_back(bound);
              }
          }
        } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
          if (isVariant(branch.getCondition())) {
            shape.controls.push_back(branch.getCondition());
            needed.push_back(branch.getCondition());
          }
        }
        if (llvm::any_of(op->getOperands(), isVariant))
          for (Value result : op->getResults())
            variant.insert(result);
      });
    // The slice computing the variant controls at the body's top level.
    llvm::SmallPtrSet<Operation *, 16> inSlice;
    SmallVector<Value> worklist;
    for (Value v : needed)
      if (variant.contains(v))
        worklist.push_back(v);
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      if (llvm::is_contained(inputs, v))
        continue;
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != &body || def->getNumRegions() != 0 ||
          def->getNumResults() != 1 ||
          !def->getResult(0).getType().isIntOrIndex())
        return LoopShape(); // not computable per iteration
      if (!inSlice.insert(def).second)
        continue;
      for (Value operand : def->getOperands())
        if (variant.contains(operand))
          worklist.push_back(operand);
    }
    for (Operation &op : body)
      if (inSlice.contains(&op))
        shape.slice.push_back(&op);
    shape.extrapolatable = true;
    return shape;
  }

public:
  /// The variant control values (`LoopShape::controls`) when `inputs` are
  /// `i` (an unknown one as INT64_MIN: the iteration then fails as it
  /// runs).
  SmallVector<int64_t> signature(const LoopShape &shape,
                                 ArrayRef<Value> inputs, int64_t i) {
    SmallVector<int64_t> result;
    if (shape.controls.empty() && shape.tripLoops.empty())
      return result;
    for (Value input : inputs)
      values[input] = i;
    for (Operation *op : shape.slice) {
      values.erase(op->getResult(0));
      evaluate(*op);
    }
    constexpr int64_t unknown = std::numeric_limits<int64_t>::min();
    for (Value control : shape.controls)
      result.push_back(known(control).value_or(unknown));
    for (scf::ForOp loop : shape.tripLoops) {
      std::optional<int64_t> lb = known(loop.getLowerBound()),
                             ub = known(loop.getUpperBound()),
                             step = known(loop.getStep());
      if (!lb || !ub || !step || *step <= 0)
        result.push_back(unknown);
      else
        result.push_back(*ub > *lb ? llvm::divideCeil(*ub - *lb, *step) : 0);
    }
    return result;
  }

private:
  /// Calls `time(value, touch)` on every time the model's next
  /// instructions may read, `count(value)` on every instruction count and
  /// `shape(word)` on what must be equal for two states to be shifts of each
  /// other, in one fixed order. GM access histories are left out: they grow
  /// with the tiles and only serve the race check.
  template <typename TimeFn, typename CountFn, typename ShapeFn>
  void visitState(TimeFn time, CountFn count, ShapeFn shape) {
    for (int s = 0; s < kNumSlots; ++s)
      time(pipeFree[s], slotTouch[s]);
    for (Clock &clock : clocks)
      for (int64_t &c : clock)
        count(c);
    for (auto *queues : {&pendingSets, &crossPending})
      for (auto &[key, queue] : *queues) {
        shape(std::get<0>(key));
        shape(std::get<1>(key));
        shape(std::get<2>(key));
        shape(queue.flags.size());
        for (FiredFlag &flag : queue.flags) {
          time(flag.time, queue.touch);
          for (int64_t &c : flag.clock)
            count(c);
          shape(reinterpret_cast<uintptr_t>(flag.op));
        }
      }
    SmallVector<std::pair<std::pair<Value, int>, SmallVector<Access, 2> *>>
        onChip;
    for (auto &[key, list] : lastAccesses)
      if (key.second >= 0)
        onChip.push_back({key, &list});
    llvm::sort(onChip, [](const auto &a, const auto &b) {
      return std::make_pair(a.first.first.getAsOpaquePointer(),
                            a.first.second) <
             std::make_pair(b.first.first.getAsOpaquePointer(),
                            b.first.second);
    });
    for (auto &[key, list] : onChip) {
      shape(reinterpret_cast<uintptr_t>(key.first.getAsOpaquePointer()));
      shape(key.second);
      shape(list->size());
      for (Access &access : *list) {
        shape(access.pipe);
        shape(access.write);
        shape(reinterpret_cast<uintptr_t>(access.op));
        shape(access.begin);
        shape(access.end);
        count(access.index);
      }
    }
    shape(subCores);
  }

  Snapshot snapshot(int64_t iteration) {
    Snapshot result;
    result.iteration = iteration;
    result.serial = serial;
    visitState(
        [&](int64_t &t, uint64_t touch) {
          result.times.push_back(t);
          result.touched.push_back(touch);
        },
        [&](int64_t &c) { result.counts.push_back(c); },
        [&](auto word) { result.shape.push_back(uintptr_t(word)); });
    result.busy = schedule.busy;
    result.executed = executed;
    result.idealCube = schedule.idealCubeCycles;
    result.requested = reads.requested;
    result.written = reads.written;
    result.intervals = schedule.intervals.size();
    result.buffers = reads.buffers.size();
    return result;
  }

  /// When the iterations from `a` to `b` and from `b` to `c` ran the same
  /// instructions and changed the state alike, with every time touched in
  /// the second moving by one amount: that amount (the period, in cycles).
  /// Then every further iteration with the same controls repeats the last
  /// one that many cycles later.
  static std::optional<int64_t> isPeriodic(const Snapshot &a,
                                           const Snapshot &b,
                                           const Snapshot &c) {
    if (a.trace != b.trace || a.shape != b.shape || b.shape != c.shape ||
        a.buffers != c.buffers)
      return std::nullopt;
    int64_t lambda = 0;
    for (size_t i = 0; i < c.times.size(); ++i) {
      int64_t d = c.times[i] - b.times[i];
      if (d != b.times[i] - a.times[i] || d < 0)
        return std::nullopt;
      lambda = std::max(lambda, d);
    }
    // A time the iteration read or wrote must move with the others (a time
    // it reads that stays would be overtaken, or overtake, later on).
    for (size_t i = 0; i < c.times.size(); ++i) {
      int64_t d = c.times[i] - b.times[i];
      if (d != 0 && d != lambda)
        return std::nullopt;
      if (d == 0 && lambda != 0 && c.touched[i] > b.serial)
        return std::nullopt;
    }
    for (size_t i = 0; i < c.counts.size(); ++i)
      if (c.counts[i] - b.counts[i] != b.counts[i] - a.counts[i])
        return std::nullopt;
    for (int p = 0; p < 7; ++p)
      if (c.busy[p] - b.busy[p] != b.busy[p] - a.busy[p])
        return std::nullopt;
    if (c.executed - b.executed != b.executed - a.executed ||
        c.intervals - b.intervals != b.intervals - a.intervals ||
        c.requested - b.requested != b.requested - a.requested ||
        c.written - b.written != b.written - a.written)
      return std::nullopt;
    return lambda;
  }

  /// Applies `repeats` more iterations like the one from `b` to `c`
  /// (`lambda` cycles each): times, clocks and accumulators move by
  /// `repeats` times their change, the intervals repeat shifted.
  LogicalResult advance(const Snapshot &b, const Snapshot &c, int64_t lambda,
                        int64_t repeats) {
    size_t t = 0, n = 0;
    visitState(
        [&](int64_t &time, uint64_t) {
          time += repeats * (c.times[t] - b.times[t]);
          ++t;
        },
        [&](int64_t &count) {
          count += repeats * (c.counts[n] - b.counts[n]);
          ++n;
        },
        [](auto) {});
    for (int p = 0; p < 7; ++p)
      schedule.busy[p] += repeats * (c.busy[p] - b.busy[p]);
    schedule.idealCubeCycles += repeats * (c.idealCube - b.idealCube);
    reads.requested += repeats * (c.requested - b.requested);
    reads.written += repeats * (c.written - b.written);
    executed += repeats * (c.executed - b.executed);
    if (stats)
      stats->appliedInstructions += repeats * (c.executed - b.executed);
    if (executed > maxInstructions)
      return kernel.emitError("the kernel model stops after ")
             << maxInstructions << " instructions (max-instructions)";
    if (recordIntervals) {
      schedule.intervals.reserve(schedule.intervals.size() +
                                 repeats * (c.intervals - b.intervals));
      for (int64_t r = 1; r <= repeats; ++r)
        for (size_t i = b.intervals; i < c.intervals; ++i) {
          PipeInterval interval = schedule.intervals[i];
          interval.start += r * lambda;
          interval.end += r * lambda;
          schedule.intervals.push_back(interval);
        }
    }
    return success();
  }

  /// Issues one instruction to its pipe.
  LogicalResult issue(Operation *op) {
    if (stats)
      ++stats->simulatedInstructions;
    if (++executed > maxInstructions)
      return kernel.emitError("the kernel model stops after ")
             << maxInstructions << " instructions (max-instructions)";
    trace = llvm::hash_combine(trace, op);
    if (auto set = dyn_cast<SetFlagOp>(op)) {
      int from = slot(set.getFrom());
      touch(from);
      // Fires when everything queued on `from` so far is done.
      touch(pendingSets[{from, slot(set.getTo()), set.getEvent()}])
          .flags.push_back({pipeFree[from], clocks[from], op});
      return success();
    }
    if (auto set = dyn_cast<CrossCoreSetFlagOp>(op)) {
      // FFTS mode 2: the AIC's set reaches both AIVs; an AIV's set reaches
      // the AIC (whose wait needs one from each AIV).
      int from = slot(set.getPipe());
      touch(from);
      FiredFlag flag{pipeFree[from], clocks[from], op};
      if (core == 0) {
        for (int c = 1; c < kMaxCores; ++c)
          touch(crossPending[{c, 0, set.getFlag()}]).flags.push_back(flag);
      } else {
        touch(crossPending[{0, core, set.getFlag()}]).flags.push_back(flag);
      }
      return success();
    }
    if (auto wait = dyn_cast<CrossCoreWaitFlagOp>(op)) {
      int to = slot(wait.getPipe());
      touch(to);
      SmallVector<int, 2> sources;
      if (core == 0)
        for (int c = 1; c <= std::max(1, subCores); ++c)
          sources.push_back(c);
      else
        sources.push_back(0);
      for (int source : sources) {
        auto &fired = touch(crossPending[{core, source, wait.getFlag()}]).flags;
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
      touch(to);
      auto &fired =
          touch(pendingSets[{slot(wait.getFrom()), to, wait.getEvent()}])
              .flags;
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
                     AddressSpace::GM &&
                 residentBuffers.contains(
                     rootBuffer(copy.getSource()).getAsOpaquePointer())) {
        // A read of an argument an earlier kernel left in L2
        // (SimulationOptions::l2ResidentArguments): every byte hits.
        double moved =
            gmBurstBytes(cast<MemRefType>(copy.getSource().getType()), rates);
        cycles =
            rates.gmTransferCycles +
            static_cast<int64_t>(std::ceil(moved / rates.l2ReadBytesPerCycle));
      } else if (getAddressSpace(copy.getSource().getType()) ==
                 AddressSpace::GM) {
        // A GM read: the per-transfer cost, then the L2 hit ratio's share
        // at the L2 rate and the rest at the core's HBM share
        // (AICoreDataRates).
        reads.requested += bytes;
        reads.buffers.insert(rootBuffer(copy.getSource()).getAsOpaquePointer());
        double moved =
            gmBurstBytes(cast<MemRefType>(copy.getSource().getType()), rates);
        cycles = rates.gmTransferCycles +
                 static_cast<int64_t>(std::ceil(
                     moved * ((1 - l2HitRatio) / rates.gmBytesPerCycle +
                              l2HitRatio / rates.l2ReadBytesPerCycle)));
      } else if (getAddressSpace(copy.getTarget().getType()) ==
                 AddressSpace::GM) {
        // A write costs the bytes that reach GM: a FIX write converting the
        // f32 accumulator to f16 / bf16 on the way (Ascend C Fixpipe: the
        // conversion is done in the FIX data path) moves half the bytes it
        // reads from L0C.
        bytes = bytesOf(copy.getTarget());
        reads.written += bytes;
        double moved =
            gmBurstBytes(cast<MemRefType>(copy.getTarget().getType()), rates);
        cycles =
            rates.gmTransferCycles +
            static_cast<int64_t>(std::ceil(moved / rates.l2WriteBytesPerCycle));
        // An atomic add is a read-modify-write in L2 (the L2 adds the
        // incoming bytes to the line it holds): the target's bytes are read
        // out of L2 as well as written, at the L2 read rate.
        if (copy.getAtomicAdd())
          cycles += llvm::divideCeil(bytes, rates.l2ReadBytesPerCycle);
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
      cycles = getVectorCycles(vadd); // AICoreVectorCosts
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
    touch(p);
    int64_t index = ++clocks[p][p];
    schedule.busy[p % kNumPipes] += cycles;
    schedule.idealCubeCycles += idealCubeCycles;
    if (*pipe == Pipe::MTE2 && cycles > 0 &&
        !llvm::any_of(op->getOperandTypes(), [](Type t) {
          auto type = dyn_cast<MemRefType>(t);
          return type && getAddressSpace(type) == AddressSpace::UB;
        }))
      schedule.loadsL1 = true;
    if (recordIntervals)
      schedule.intervals.push_back({*pipe, start, end, op, core});
    for (auto [value, write] : accesses) {
      auto &list = lastAccesses[keyOf(rootBuffer(value))];
      auto [begin, end] = extentOf(value);
      if (write) { // later accesses need only order after this write
        llvm::erase_if(list, [&](const Access &a) {
          return begin <= a.begin && a.end <= end;
        });
      } else {
        // A read by the same instruction on the same pipe covering an
        // earlier one replaces it: it is unordered with whatever the
        // earlier one is unordered with, and names the same instruction.
        auto same = llvm::find_if(list, [&](const Access &a) {
          return a.op == op && a.pipe == p && !a.write && begin <= a.begin &&
                 a.end <= end;
        });
        if (same != list.end()) {
          *same = {p, index, write, op, begin, end};
          continue;
        }
      }
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
  /// Flags set and not yet waited for, oldest first.
  struct FlagQueue {
    std::deque<FiredFlag> flags;
    uint64_t touch = 0; ///< serial of the last set or wait on it
  };

  /// Marks pipe slot `s` (or a flag queue) as read or written now, for
  /// `isPeriodic`.
  void touch(int s) { slotTouch[s] = ++serial; }
  FlagQueue &touch(FlagQueue &queue) {
    queue.touch = ++serial;
    return queue;
  }

  KernelOp kernel;
  const AICoreDataRates &rates;
  int64_t maxInstructions;
  bool extrapolate;
  bool recordIntervals;
  SimulationStats *stats;
  int64_t &executed;
  int64_t blockIdx;
  double l2HitRatio;
  GMReads &reads;
  llvm::DenseMap<Operation *, LoopShape> &loopShapes;
  /// Kernel arguments whose bytes are in L2 at the start (l2ResidentArguments).
  llvm::SmallPtrSet<void *, 4> residentBuffers;
  KernelSchedule schedule;
  std::array<int64_t, kNumSlots> pipeFree{};
  std::array<uint64_t, kNumSlots> slotTouch{};
  uint64_t serial = 0;
  /// Hash of the instructions issued (and loop trip counts) so far in the
  /// innermost iteration running.
  llvm::hash_code trace{};
  std::array<Clock, kNumSlots> clocks{};
  std::map<std::tuple<int, int, int64_t>, FlagQueue> pendingSets;
  /// Cross-core flags set and not yet waited: (to core, from core, flag).
  std::map<std::tuple<int, int, int64_t>, FlagQueue> crossPending;
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
      SimulationOptions options;
      options.maxInstructions = maxInstructions;
      options.recordIntervals = false;
      SimulationStats stats;
      options.stats = &stats;
      FailureOr<KernelSchedule> schedule = simulateKernel(kernel, options);
      if (simulationRemarks && succeeded(schedule))
        kernel.emitRemark("kernel model: ")
            << stats.simulatedInstructions << " instructions simulated, "
            << stats.appliedInstructions << " extrapolated; "
            << stats.simulatedBlocks << " blocks simulated, "
            << stats.sharedBlocks << " shared";
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
                                           target.clockHz * 1e6)),
          b.getNamedAttr("task_cycles",
                         b.getI64IntegerAttr(schedule->taskCycles)),
          b.getNamedAttr("task_us",
                         b.getF64FloatAttr(double(schedule->taskCycles) /
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
static FailureOr<KernelSchedule>
simulateBlocks(KernelOp kernel, const SimulationOptions &options,
               double l2HitRatio, GMReads &reads) {
  std::optional<KernelSchedule> busiest;
  double totalIdeal = 0;
  const int64_t blockDim = kernel.getBlockDim();
  llvm::DenseMap<Operation *, LoopShape> loopShapes;
  // Blocks whose control values (loop bounds, scf.if conditions computed
  // from aicore.block_idx) are equal run the same instructions, so they
  // have the same schedule: each is simulated once.
  SmallVector<Value> blockIdx;
  kernel.walk([&](BlockIdxOp op) { blockIdx.push_back(op.getResult()); });
  LoopShape blockShape;
  if (options.extrapolateLoops)
    blockShape =
        Simulator::analyzeControls(kernel.getBody().front(), blockIdx);
  struct BlockFigures {
    int64_t cycles;
    double idealCubeCycles, requested, written;
  };
  std::map<SmallVector<int64_t>, BlockFigures> simulated;
  for (int64_t b = 0; b < blockDim; ++b) {
    int64_t executed = 0; // the limit is per block
    Simulator simulator(kernel, options, executed, b, l2HitRatio, reads,
                        loopShapes);
    SmallVector<int64_t> controls;
    if (blockShape.extrapolatable) {
      controls = simulator.signature(blockShape, blockIdx, b);
      auto it = simulated.find(controls);
      if (it != simulated.end()) {
        if (options.stats)
          ++options.stats->sharedBlocks;
        // Not busier than the block simulated (ties keep the first).
        totalIdeal += it->second.idealCubeCycles;
        reads.requested += it->second.requested;
        reads.written += it->second.written;
        continue;
      }
    }
    double requested = reads.requested, written = reads.written;
    if (options.stats)
      ++options.stats->simulatedBlocks;
    FailureOr<KernelSchedule> schedule = simulator.run();
    if (failed(schedule))
      return failure();
    if (blockShape.extrapolatable)
      simulated[controls] = {schedule->cycles, schedule->idealCubeCycles,
                             reads.requested - requested,
                             reads.written - written};
    schedule->busiestBlock = b;
    totalIdeal += schedule->idealCubeCycles;
    if (!busiest || schedule->cycles > busiest->cycles)
      busiest = std::move(*schedule);
  }
  busiest->totalIdealCubeCycles = totalIdeal;
  return std::move(*busiest);
}

/// The die's HBM is shared by every core: all blocks of one wave together
/// move their HBM traffic no faster than the rates a stream sustains
/// (AICoreTarget.h: sustainedHbmBytesPerSecond for reads,
/// sustainedHbmWriteBytesPerSecond for writes, below the interface's peak),
/// whatever each core's own rate. The GM reads that miss L2 and every write
/// (written back from L2) cross it; a wave is `cores` blocks (Cube cores when
/// the kernel uses a Cube-core pipe, else Vector cores). The kernel's cycles
/// are at least that wave's HBM time; the pipes' busy cycles stay what they
/// were (they stall the rest).
static KernelSchedule capAtHBM(KernelOp kernel, KernelSchedule schedule,
                               const GMReads &traffic, double hitRatio) {
  const AICoreTarget &target = kernel.getTarget();
  // A Cube-core pipe busy: M, MTE1, FIX, or MTE2 loading L1 (not UB).
  auto busy = [&](Pipe pipe) { return schedule.busy[static_cast<int>(pipe)]; };
  bool cube = busy(Pipe::M) || busy(Pipe::MTE1) || busy(Pipe::FIX) ||
              schedule.loadsL1;
  int64_t cores = cube ? target.cubeCores : target.vectorCores;
  int64_t waves =
      std::max<int64_t>(1, llvm::divideCeil(kernel.getBlockDim(), cores));
  schedule.waves = waves;
  // Reads that miss L2 at the read rate, writes (written back from L2) at
  // the write rate (AICoreTarget.h).
  double hbmSeconds =
      traffic.requested * (1 - hitRatio) / target.sustainedHbmBytesPerSecond +
      traffic.written / target.sustainedHbmWriteBytesPerSecond;
  auto hbmCycles =
      static_cast<int64_t>(std::ceil(hbmSeconds * target.clockHz / waves));
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

static FailureOr<KernelSchedule>
simulateKernelBlocks(KernelOp kernel, const SimulationOptions &options);

FailureOr<KernelSchedule>
mlir::ascend::aicore::simulateKernel(KernelOp kernel,
                                     const SimulationOptions &options) {
  FailureOr<KernelSchedule> schedule = simulateKernelBlocks(kernel, options);
  if (failed(schedule))
    return failure();
  KernelSchedule result = addAtomicClean(kernel, std::move(*schedule));
  // The task: launched once, each round of blocks started anew
  // (AICoreLaunchCosts).
  const AICoreLaunchCosts &launch = kernel.getTarget().launch;
  result.taskCycles =
      launch.taskLaunchCycles +
      result.waves * (launch.blockStartCycles + result.cycles -
                      result.atomicCleanCycles) +
      result.atomicCleanCycles;
  return result;
}

FailureOr<KernelSchedule>
mlir::ascend::aicore::simulateKernel(KernelOp kernel, int64_t maxInstructions) {
  SimulationOptions options;
  options.maxInstructions = maxInstructions;
  return simulateKernel(kernel, options);
}

bool mlir::ascend::aicore::fullSimulationRequested() {
  return clFullSimulation;
}

/// simulateKernel without the memory-clean task.
static FailureOr<KernelSchedule>
simulateKernelBlocks(KernelOp kernel, const SimulationOptions &options) {
  // First run: every read misses; it counts the GM bytes the blocks request
  // and the distinct GM buffers they read, which give the L2 hit ratio
  // h = (1 - D / R) * min(1, L2 / D) of the second run (AICoreDataRates).
  GMReads reads;
  FailureOr<KernelSchedule> cold =
      simulateBlocks(kernel, options, 0.0, reads);
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
      simulateBlocks(kernel, options, hitRatio, again);
  if (failed(warm))
    return failure();
  warm->l2HitRatio = hitRatio;
  return capAtHBM(kernel, std::move(*warm), again, hitRatio);
}
