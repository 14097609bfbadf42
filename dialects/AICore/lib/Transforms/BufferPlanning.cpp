//===- BufferPlanning.cpp - ascend-aicore-plan-buffers --------------------===//
//
// Liveness and first-fit placement of on-chip buffers; see Passes.td.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::ascend::aicore {
#define GEN_PASS_DEF_ASCENDAICOREPLANBUFFERS
#include "ascend/Dialect/AICore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::aicore

using namespace mlir;
using namespace mlir::ascend::aicore;

namespace {

constexpr int kUnknownPipe = -1;

/// The pipe `op` runs on, or kUnknownPipe.
int pipeOf(Operation *op) {
  if (auto copy = dyn_cast<CopyOp>(op))
    return static_cast<int>(copy.getPipe());
  if (isa<MmadOp>(op))
    return static_cast<int>(Pipe::M);
  if (isa<VAddOp>(op))
    return static_cast<int>(Pipe::V);
  if (auto pipeOp = dyn_cast<PipeOpInterface>(op))
    return static_cast<int>(pipeOp.getExecutionPipe());
  return kUnknownPipe;
}

bool isView(Operation *op) {
  return isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::CastOp, memref::TransposeOp>(op);
}

struct Access {
  Operation *op;
  int64_t pos;
  bool wholeWrite; ///< writes the whole buffer without reading it
};

/// One buffer's facts for placement.
struct Interval {
  AllocOp alloc;
  int64_t size, begin, end;
  int pipe; ///< the single pipe of every access, or kUnknownPipe if several
};

class Planner {
public:
  explicit Planner(KernelOp kernel) : kernel(kernel) {}

  BufferPlan run() {
    int64_t counter = 0;
    kernel.getBody().walk<WalkOrder::PreOrder>(
        [&](Operation *op) { positions[op] = counter++; });
    // The last position inside each loop.
    kernel.getBody().walk([&](scf::ForOp loop) {
      int64_t last = positions[loop];
      loop.getBody()->walk(
          [&](Operation *op) { last = std::max(last, positions[op]); });
      loopEnd[loop] = last;
    });

    SmallVector<Interval> intervals;
    kernel.getBody().walk(
        [&](AllocOp alloc) { intervals.push_back(analyze(alloc)); });

    BufferPlan plan;
    const AICoreTarget &target = kernel.getTarget();
    // Place by start of liveness, the larger first at equal start.
    llvm::stable_sort(intervals, [](const Interval &a, const Interval &b) {
      return std::make_pair(a.begin, -a.size) <
             std::make_pair(b.begin, -b.size);
    });
    SmallVector<std::pair<Interval, int64_t>> placed;
    for (const Interval &buffer : intervals) {
      AddressSpace space = AllocOp(buffer.alloc).getSpace();
      int64_t align = target.buffer(space).alignment;
      SmallVector<std::pair<int64_t, int64_t>> taken;
      for (auto &[other, offset] : placed) {
        if (AllocOp(other.alloc).getSpace() != space)
          continue;
        bool disjointInTime =
            other.end < buffer.begin || buffer.end < other.begin;
        bool samePipe =
            buffer.pipe != kUnknownPipe && buffer.pipe == other.pipe;
        if (!(disjointInTime && samePipe))
          taken.push_back({offset, offset + other.size});
      }
      llvm::sort(taken);
      int64_t offset = 0;
      for (auto [begin, end] : taken) {
        if (offset + buffer.size <= begin)
          break;
        if (end > offset)
          offset = llvm::alignTo(end, align);
      }
      placed.push_back({buffer, offset});
      auto s = static_cast<size_t>(space);
      plan.used[s] = std::max(plan.used[s], offset + buffer.size);
      plan.buffers.push_back(
          {buffer.alloc, offset, buffer.size, buffer.begin, buffer.end});
    }
    return plan;
  }

private:
  void collect(Value v, SmallVectorImpl<Access> &accesses, Value root) {
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isView(user) && use.getOperandNumber() == 0) {
        collect(user->getResult(0), accesses, root);
        continue;
      }
      bool reads = true, writes = true;
      if (auto effects = dyn_cast<MemoryEffectOpInterface>(user)) {
        SmallVector<MemoryEffects::EffectInstance> list;
        effects.getEffectsOnValue(v, list);
        reads = llvm::any_of(list, [](auto &e) {
          return isa<MemoryEffects::Read>(e.getEffect());
        });
        writes = llvm::any_of(list, [](auto &e) {
          return isa<MemoryEffects::Write>(e.getEffect());
        });
      }
      accesses.push_back(
          {user, positions[user], writes && !reads && v == root});
    }
  }

  Interval analyze(AllocOp alloc) {
    Interval result{alloc, alloc.getByteSize(), positions[alloc],
                    positions[alloc], kUnknownPipe};
    SmallVector<Access> accesses;
    collect(alloc.getResult(), accesses, alloc.getResult());
    if (accesses.empty())
      return result;
    llvm::sort(accesses,
               [](const Access &a, const Access &b) { return a.pos < b.pos; });
    result.begin = accesses.front().pos;
    result.end = accesses.back().pos;
    result.pipe = pipeOf(accesses.front().op);
    for (const Access &a : accesses)
      if (pipeOf(a.op) != result.pipe)
        result.pipe = kUnknownPipe;
    // A buffer that carries a value from one iteration of a loop to the next
    // is live for the whole loop.
    llvm::SmallPtrSet<Operation *, 4> seenLoops;
    for (const Access &a : accesses) {
      for (auto loop = a.op->getParentOfType<scf::ForOp>();
           loop && kernel->isProperAncestor(loop);
           loop = loop->getParentOfType<scf::ForOp>()) {
        if (!seenLoops.insert(loop).second)
          continue;
        const Access *first = nullptr;
        for (const Access &b : accesses)
          if (loop->isProperAncestor(b.op)) {
            first = &b;
            break;
          }
        if (first && first->wholeWrite)
          continue;
        result.begin = std::min(result.begin, positions[loop]);
        result.end = std::max(result.end, loopEnd[loop]);
      }
    }
    return result;
  }

  KernelOp kernel;
  llvm::DenseMap<Operation *, int64_t> positions;
  llvm::DenseMap<Operation *, int64_t> loopEnd;
};

std::string bufferName(AllocOp alloc, unsigned index) {
  if (auto name = alloc->getAttrOfType<StringAttr>(kBufferNameAttr))
    return ("'" + name.getValue() + "'").str();
  return "#" + std::to_string(index);
}

struct PlanBuffersPass
    : public mlir::ascend::aicore::impl::AscendAICorePlanBuffersBase<
          PlanBuffersPass> {
  void runOnOperation() override {
    bool failedAny = false;
    getOperation().walk([&](KernelOp kernel) {
      if (failed(applyBufferPlan(kernel, planBuffers(kernel))))
        failedAny = true;
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace

BufferPlan mlir::ascend::aicore::planBuffers(KernelOp kernel) {
  return Planner(kernel).run();
}

LogicalResult mlir::ascend::aicore::applyBufferPlan(KernelOp kernel,
                                                    const BufferPlan &plan) {
  const AICoreTarget &target = kernel.getTarget();
  for (size_t s = 0; s < plan.used.size(); ++s) {
    auto space = static_cast<AddressSpace>(s);
    int64_t capacity = target.buffer(space).capacity;
    if (plan.used[s] <= capacity)
      continue;
    InFlightDiagnostic diag =
        kernel.emitError("kernel '@")
        << kernel.getSymName() << "' needs " << plan.used[s] << " bytes of "
        << stringifyAddressSpace(space) << ", more than its capacity of "
        << capacity << " bytes on " << target.name << "; its "
        << stringifyAddressSpace(space) << " buffers:";
    unsigned index = 0;
    for (const PlannedBuffer &b : plan.buffers) {
      if (AllocOp(b.alloc).getSpace() != space)
        continue;
      diag << (index ? ", " : " ") << bufferName(AllocOp(b.alloc), index) << " "
           << b.size << " bytes at " << b.offset;
      ++index;
    }
    return failure();
  }
  Builder builder(kernel.getContext());
  for (const PlannedBuffer &b : plan.buffers)
    AllocOp(b.alloc)->setAttr(kBufferOffsetAttr,
                              builder.getI64IntegerAttr(b.offset));
  return success();
}
