//===- Passes.h - aicore dialect passes -------------------------*- C++ -*-===//
#ifndef ASCEND_DIALECT_AICORE_TRANSFORMS_PASSES_H
#define ASCEND_DIALECT_AICORE_TRANSFORMS_PASSES_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "mlir/Pass/Pass.h"

#include <array>

namespace mlir::ascend::aicore {
#define GEN_PASS_DECL
#include "ascend/Dialect/AICore/Transforms/Passes.h.inc"

/// One instruction's stay on its pipe, in cycles from the kernel's start.
struct PipeInterval {
  Pipe pipe;
  int64_t start, end;
  Operation *op;
  /// The core of the block it runs on: 0 (the kernel's core, the AIC of a
  /// MIX kernel), 1 + i for AIV i of a MIX kernel.
  int core = 0;
};

/// The modeled execution of one kernel: the block (AI Core) that finishes
/// last.
struct KernelSchedule {
  /// Makespan of the busiest block, at least `hbmBoundCycles`.
  int64_t cycles = 0;
  /// Busy cycles, indexed by Pipe, summed over the cores of the block (a
  /// MIX block's V, MTE3 and UB loads over its `vectorCoresPerBlock` AIVs).
  std::array<int64_t, 7> busy{};
  /// AIVs each block runs its Vector part on: 2 for a MIX kernel on A2/A3
  /// (aicore.on_core aiv), else 1.
  int vectorCoresPerBlock = 1;
  /// Cycles the busiest block's mmads would take if every 16 x 16 x K0
  /// fractal were full (M x N x K MACs / (16 x 16 x K0), K0 = 32 bytes of
  /// elements): the Cube's useful work, against `busy[M]`, which counts whole
  /// fractals.
  double idealCubeCycles = 0;
  /// The same summed over every block of the kernel.
  double totalIdealCubeCycles = 0;
  std::vector<PipeInterval> intervals; ///< every timed instruction
  int64_t busiestBlock = 0;            ///< its block index
  double l2HitRatio = 0;               ///< share of GM reads hitting L2
  /// Cycles one wave of blocks needs to move its HBM traffic (L2 misses and
  /// writes) at the die's HBM bandwidth; `cycles` is at least this.
  int64_t hbmBoundCycles = 0;
  /// Rounds the blocks need on the chip: ceil(block_dim / cores), with the
  /// Cube cores when a Cube-core pipe is busy (M, MTE1, FIX, MTE2 into L1),
  /// else the Vector cores.
  int64_t waves = 1;
  /// The busiest block's own makespan, before the HBM bound.
  int64_t blockCycles = 0;
  /// Whether the busiest block's MTE2 moved bytes into L1 (not UB): with
  /// M, MTE1 or FIX busy, what makes it a Cube-core kernel.
  bool loadsL1 = false;
  /// Cycles of the memory-clean task that zeroes the kernel's
  /// `atomic_clean` range before it runs (included in `cycles`): the
  /// smallest kernel's time (minKernelMicros) or the range's bytes at the
  /// die's HBM bandwidth, whichever is longer; 0 without the attribute.
  int64_t atomicCleanCycles = 0;
  /// The whole task's device time in cycles, what msprof's Task Duration
  /// measures: the launch, each round's block start and the rounds' cycles
  /// (AICoreLaunchCosts), then the memory-clean task:
  ///   launch.taskLaunchCycles
  ///     + waves x (launch.blockStartCycles + cycles - atomicCleanCycles)
  ///     + atomicCleanCycles.
  /// The figure to compare kernels by (fusing or splitting, tilings of
  /// other block counts).
  int64_t taskCycles = 0;
};

/// Whether the hidden command-line option --ascend-aicore-full-simulation
/// asks every loop iteration to be simulated.
bool fullSimulationRequested();

/// What `simulateKernel` ran and what it applied without running, over
/// both runs of every block (the pass statistics of ascend-aicore-estimate).
struct SimulationStats {
  int64_t simulatedInstructions = 0; ///< issued one by one
  int64_t appliedInstructions = 0;   ///< of extrapolated loop iterations
  int64_t simulatedBlocks = 0;       ///< blocks run
  int64_t sharedBlocks = 0; ///< blocks given an equal block's figures
};

/// How `simulateKernel` runs a kernel.
struct SimulationOptions {
  /// Largest number of instructions one block may execute (counting those
  /// of extrapolated iterations).
  int64_t maxInstructions = 4000000;
  /// Extrapolate the periodic iterations of each loop instead of running
  /// them (Passes.td, "Loop extrapolation"): the same cycles, busy cycles
  /// and intervals as running every iteration, exactly, since the model's
  /// times are sums and maxima; the race check then covers the iterations
  /// run (the first ones of each run of equal control values until they
  /// repeat, the last one, and every edge iteration). False by the hidden
  /// option --ascend-aicore-full-simulation (`fullSimulationRequested`).
  bool extrapolateLoops = !fullSimulationRequested();
  /// Record `KernelSchedule::intervals` (the timeline); the estimate pass
  /// does without.
  bool recordIntervals = true;
  /// Counts what was simulated, when set.
  SimulationStats *stats = nullptr;
  /// Kernel arguments (by position) whose bytes are in the die's L2 when
  /// the kernel starts: an earlier kernel of the same task stream wrote
  /// them and the GM bytes touched since fit the L2 (the op summary's
  /// cross-kernel L2 residency, docs/KernelReport.md). Their reads hit L2
  /// (at l2ReadBytesPerCycle) and do not cross HBM; they are left out of
  /// the hit ratio of the other reads.
  llvm::SmallVector<unsigned, 4> l2ResidentArguments;
};

/// Runs `kernel` on the model described in Passes.td: every block of
/// `block_dim` (one per set of blocks with equal control values, and loops
/// extrapolated once periodic, unless `options.extrapolateLoops` is false),
/// twice (the first run counts the GM reads that give the L2
/// hit ratio, see AICoreDataRates); the cycles are then raised to the time
/// one wave's HBM traffic takes at the die's HBM bandwidth. Fails after emitting an error on a race,
/// a deadlock, a loop without constant bounds, or more than
/// `maxInstructions` executed instructions in one block.
FailureOr<KernelSchedule> simulateKernel(KernelOp kernel,
                                         int64_t maxInstructions = 4000000);
/// The same with explicit options.
FailureOr<KernelSchedule> simulateKernel(KernelOp kernel,
                                         const SimulationOptions &options);

#define GEN_PASS_REGISTRATION
#include "ascend/Dialect/AICore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::aicore

#endif // ASCEND_DIALECT_AICORE_TRANSFORMS_PASSES_H
