//===- KernelSimulation.cpp - per-pipe model of one AI Core ---------------===//
//
// simulateKernel and ascend-aicore-estimate (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <map>

namespace mlir::ascend::aicore {
#define GEN_PASS_DEF_ASCENDAICOREESTIMATE
#include "ascend/Dialect/AICore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::aicore

using namespace mlir;
using namespace mlir::ascend::aicore;

namespace {

constexpr int kNumPipes = 7;
/// GM moves 32 B/cycle per core; L1 -> L0A/L0B and other on-chip paths 512
/// B/cycle; a Vector repeat reads 256 B (ascend-hardware.md).
constexpr int64_t kGMBytesPerCycle = 32, kOnChipBytesPerCycle = 512;

int64_t bytesOf(Value v) {
  auto type = cast<MemRefType>(v.getType());
  return type.getNumElements() *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

/// The buffer an access touches: through subviews and reshapes to the alloc
/// or kernel argument.
Value rootBuffer(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<memref::SubViewOp, memref::ExpandShapeOp,
             memref::CollapseShapeOp, memref::CastOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

/// A vector clock: for each pipe, how many of its instructions are known to
/// have finished.
using Clock = std::array<int64_t, kNumPipes>;

struct Access {
  int pipe;
  int64_t index; // the instruction's position on its pipe (1-based)
  bool write;
  Operation *op;
};

class Simulator {
public:
  Simulator(KernelOp kernel, int64_t maxInstructions)
      : kernel(kernel), maxInstructions(maxInstructions) {}

  FailureOr<KernelSchedule> run() {
    if (failed(execute(kernel.getBody().front())))
      return failure();
    schedule.cycles = 0;
    for (int64_t t : pipeFree)
      schedule.cycles = std::max(schedule.cycles, t);
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
      if (failed(issue(&op)))
        return failure();
    }
    return success();
  }

  LogicalResult executeLoop(scf::ForOp loop) {
    auto constant = [&](Value v) -> std::optional<int64_t> {
      if (auto known = values.find(v); known != values.end())
        return known->second;
      APInt c;
      if (matchPattern(v, m_ConstantInt(&c)))
        return c.getSExtValue();
      return std::nullopt;
    };
    std::optional<int64_t> lb = constant(loop.getLowerBound()),
                           ub = constant(loop.getUpperBound()),
                           step = constant(loop.getStep());
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
      int from = static_cast<int>(set.getFrom());
      // Fires when everything queued on `from` so far is done.
      pendingSets[{from, static_cast<int>(set.getTo()), set.getEvent()}]
          .push_back({pipeFree[from], clocks[from], op});
      return success();
    }
    if (auto wait = dyn_cast<WaitFlagOp>(op)) {
      int to = static_cast<int>(wait.getTo());
      auto &fired = pendingSets[{static_cast<int>(wait.getFrom()), to,
                                 wait.getEvent()}];
      if (fired.empty())
        return wait.emitError("deadlock: no earlier set_flag ")
               << stringifyPipe(wait.getFrom()) << " -> "
               << stringifyPipe(wait.getTo()) << ", " << wait.getEvent()
               << " is left for this wait";
      FiredFlag flag = fired.front();
      fired.pop_front();
      pipeFree[to] = std::max(pipeFree[to], flag.time);
      for (int p = 0; p < kNumPipes; ++p)
        clocks[to][p] = std::max(clocks[to][p], flag.clock[p]);
      return success();
    }
    std::optional<Pipe> pipe;
    int64_t cycles = 0;
    double idealCubeCycles = 0;
    SmallVector<std::pair<Value, bool>> accesses; // buffer, is write
    if (auto copy = dyn_cast<CopyOp>(op)) {
      pipe = copy.getPipe();
      bool touchesGM =
          getAddressSpace(copy.getSource().getType()) == AddressSpace::GM ||
          getAddressSpace(copy.getTarget().getType()) == AddressSpace::GM;
      int64_t bytes = bytesOf(copy.getSource());
      cycles = llvm::divideCeil(
          bytes, touchesGM ? kGMBytesPerCycle : kOnChipBytesPerCycle);
      accesses = {{copy.getSource(), false}, {copy.getTarget(), true}};
    } else if (auto mmad = dyn_cast<MmadOp>(op)) {
      pipe = Pipe::M;
      auto a = cast<MemRefType>(mmad.getA().getType());
      auto c = cast<MemRefType>(mmad.getC().getType());
      int64_t k = a.getDimSize(mmad.getTransposeA() ? 0 : 1);
      int64_t k0 = std::max<int64_t>(
          1, 32 / llvm::divideCeil(a.getElementTypeBitWidth(), 8));
      cycles = llvm::divideCeil(c.getDimSize(0), 16) *
               llvm::divideCeil(c.getDimSize(1), 16) *
               llvm::divideCeil(k, k0);
      // The same work on whole fractals, without the rounding up.
      idealCubeCycles +=
          double(c.getDimSize(0)) * c.getDimSize(1) * k / (16.0 * 16.0 * k0);
      accesses = {{mmad.getA(), false},
                  {mmad.getB(), false},
                  {mmad.getC(), true}};
    } else if (auto vadd = dyn_cast<VAddOp>(op)) {
      pipe = Pipe::V;
      cycles = llvm::divideCeil(bytesOf(vadd.getDst()), 256);
      accesses = {{vadd.getLhs(), false},
                  {vadd.getRhs(), false},
                  {vadd.getDst(), true}};
    } else {
      return success(); // scalar bookkeeping: allocs, views, constants
    }
    int p = static_cast<int>(*pipe);
    // Races: every earlier conflicting access from another pipe must be known
    // to have finished (through flags) by this pipe.
    for (auto [value, write] : accesses) {
      Value buffer = rootBuffer(value);
      for (const Access &prior : lastAccesses[buffer]) {
        if (prior.pipe == p || (!prior.write && !write))
          continue;
        if (clocks[p][prior.pipe] >= prior.index)
          continue;
        InFlightDiagnostic diag =
            op->emitError("race: ")
            << op->getName() << " on pipe " << stringifyPipe(*pipe)
            << (write ? " writes" : " reads") << " a buffer that "
            << prior.op->getName() << " on pipe "
            << stringifyPipe(static_cast<Pipe>(prior.pipe))
            << (prior.write ? " writes" : " reads")
            << " with no set_flag/wait_flag ordering them";
        diag.attachNote(prior.op->getLoc()) << "the other access";
        return failure();
      }
    }
    int64_t start = pipeFree[p], end = start + cycles;
    pipeFree[p] = end;
    int64_t index = ++clocks[p][p];
    schedule.busy[p] += cycles;
    schedule.idealCubeCycles += idealCubeCycles;
    schedule.intervals.push_back({*pipe, start, end, op});
    for (auto [value, write] : accesses) {
      auto &list = lastAccesses[rootBuffer(value)];
      if (write)
        list.clear(); // later accesses need only order after this write
      list.push_back({p, index, write, op});
    }
    return success();
  }

  struct FiredFlag {
    int64_t time;
    Clock clock;
    Operation *op;
  };

  KernelOp kernel;
  int64_t maxInstructions, executed = 0;
  KernelSchedule schedule;
  std::array<int64_t, kNumPipes> pipeFree{};
  std::array<Clock, kNumPipes> clocks{};
  std::map<std::tuple<int, int, int64_t>, std::deque<FiredFlag>> pendingSets;
  llvm::DenseMap<Value, SmallVector<Access, 2>> lastAccesses;
  llvm::DenseMap<Value, int64_t> values;
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
      for (Pipe pipe : {Pipe::MTE2, Pipe::MTE1, Pipe::M, Pipe::FIX, Pipe::V,
                        Pipe::MTE3})
        fields.push_back(b.getNamedAttr(
            stringifyPipe(pipe),
            b.getI64IntegerAttr(schedule->busy[static_cast<int>(pipe)])));
      kernel->setAttr("aicore.estimate", b.getDictionaryAttr(fields));
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace

FailureOr<KernelSchedule>
mlir::ascend::aicore::simulateKernel(KernelOp kernel,
                                     int64_t maxInstructions) {
  return Simulator(kernel, maxInstructions).run();
}
