//===- OpSummary.h - modeled msprof op summary and pipe timeline -*- C++ -*-===//
//
// The kernel tasks of a compiled program, in execution order, with the
// figures an Ascend profile (msprof) reports for each: written as an
// msprof-style op summary (CSV) and as a Chrome trace-event timeline (JSON,
// opens in Perfetto and chrome://tracing). Every figure is modeled, none is
// measured:
//  - an `aicore.launch` runs its `aicore.kernel` on the per-pipe model
//    (aicore::simulateKernel): duration, busy cycles of each pipe, Cube work;
//  - a kernel still at the mindspore level (a fusion group or a single
//    primitive) gets the graph-level time of the fusion cost model
//    (mindspore::modeledKernelMicros of its GM bytes) and no per-pipe figures.
// docs/KernelReport.md describes every column and how it is modeled.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_TARGET_PROFILE_OPSUMMARY_H
#define ASCEND_TARGET_PROFILE_OPSUMMARY_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::ascend::aicore {
struct AICoreTarget;
} // namespace mlir::ascend::aicore

namespace mlir::ascend::profile {

/// msprof's Task Type: which cores a kernel runs on.
enum class TaskType {
  AICore,       ///< AI_CORE: Cube core only
  AIVectorCore, ///< AI_VECTOR_CORE: Vector cores only
  MixAIC,       ///< MIX_AIC: Cube and Vector cores together
  AICPU,        ///< AI_CPU: no AI Core kernel (mindspore.custom)
};

/// msprof's spelling, e.g. "AI_VECTOR_CORE".
llvm::StringRef stringifyTaskType(TaskType type);

/// One tensor a task reads or writes.
struct TensorInfo {
  llvm::SmallVector<int64_t> shape;
  std::string dataType; ///< msprof's name: FLOAT, FLOAT16, BF16, INT32, ...
  std::string format;   ///< ND, NCHW, NC1HWC0, FRACTAL_Z, FRACTAL_NZ
};

/// Busy time of one pipe: consecutive instructions of one kind that follow
/// each other without a gap, merged.
struct PipeSpan {
  aicore::Pipe pipe;
  double startMicros;    ///< from the start of the task
  double durationMicros; ///< > 0
  std::string instruction; ///< e.g. "mmad", "copy gm->l1"
  int64_t instructions;    ///< merged into this span
  int64_t cycles;
};

/// Figures of a kernel run on the per-pipe model (one AI Core).
struct SimulatedFigures {
  /// By the pipes the kernel keeps busy: M, MTE1, FIX and MTE2 into L1 are
  /// the Cube core's; V, MTE3 and MTE2 into UB the Vector core's.
  TaskType taskType = TaskType::AIVectorCore;
  int64_t cycles = 0; ///< makespan of one block (aicore::KernelSchedule)
  /// Of `cycles`, the memory-clean task before a kernel with
  /// `atomic_clean` (aicore::KernelSchedule::atomicCleanCycles; 0 without):
  /// the timeline shows it as its own task before the kernel.
  int64_t atomicCleanCycles = 0;
  /// Rounds of blocks: ceil(block_dim / cores of the task type).
  int64_t waves = 1;
  /// The whole task (aicore::KernelSchedule::taskCycles): the launch, then
  /// per round its block start and `cycles - atomicCleanCycles`, then the
  /// memory-clean task; the row's Task Duration.
  int64_t taskCycles = 0;
  /// The task's launch and each round's block start (AICoreLaunchCosts).
  int64_t launchCycles = 0, blockStartCycles = 0;
  /// Busy cycles per pipe, MTE2 split by the core that issues it (a copy
  /// into UB is the Vector core's, into L1 the Cube core's). The Vector
  /// core's (vec, aivMte2, mte3) are summed over the `vectorCores` AIVs of a
  /// block; the report's aiv_* ratios divide by them (per AIV).
  int64_t mac = 0, mte1 = 0, aicMte2 = 0, fixpipe = 0, vec = 0, aivMte2 = 0,
          mte3 = 0;
  /// AIVs of one block running the Vector part (2 for a MIX kernel).
  int64_t vectorCores = 1;
  /// Cube cores (AIC) of the kernel's chip (AICoreTarget::cubeCores).
  int64_t cubeCores = 0;
  /// aicore::KernelSchedule::totalIdealCubeCycles: all blocks' useful Cube
  /// cycles.
  double idealCubeCycles = 0;
  std::vector<PipeSpan> spans;
};

/// One kernel task: one row of the op summary.
struct KernelTask {
  std::string function; ///< the entry it belongs to, e.g. "main"
  std::string opName;   ///< unique in the program, e.g. "main/Conv2D-op3"
  std::string opType;   ///< primitive, fusion kernel or aicore.kernel name
  TaskType taskType = TaskType::AIVectorCore;
  double startMicros = 0;    ///< on the task stream of its entry
  double durationMicros = 0; ///< Task Duration(us)
  int64_t blockDim = 0;      ///< 0 when not decided (mindspore level)
  std::vector<TensorInfo> inputs, outputs;
  /// Set for `aicore.launch` tasks, unset for modeled mindspore-level ones.
  std::optional<SimulatedFigures> simulated;
};

/// The kernel tasks of every `func.func` of `module`, each entry's in program
/// order (mindspore::walkKernels: views and load-time ops are no tasks, a
/// fusion group is one, cond/while bodies count once each) and back to back
/// on its own task stream. `target` times the mindspore-level kernels; an
/// `aicore.kernel` is timed on its own chip's row (`chip` attribute). Fails
/// after an error on the kernel when it cannot be run on the pipe model
/// (aicore::simulateKernel's errors: a race, a deadlock, a loop without
/// constant bounds, too many instructions).
///
/// With `l2Residency`, a launch's input that an earlier launch of the same
/// entry wrote starts in the die's L2 when it and the GM bytes the launches
/// touched since (their inputs and outputs, least recently used first) fit
/// the L2 (AICoreDataRates::l2Bytes): its reads hit L2
/// (aicore::SimulationOptions::l2ResidentArguments). Without it (the
/// default) every kernel starts with a cold L2, as its aicore.estimate does.
FailureOr<std::vector<KernelTask>>
collectKernelTasks(ModuleOp module, const aicore::AICoreTarget &target,
                   bool l2Residency = false);

/// Writes the op summary: a header with msprof's column names, then one row
/// per task (docs/KernelReport.md).
void writeOpSummary(llvm::ArrayRef<KernelTask> tasks, llvm::raw_ostream &os);

/// Writes the Chrome trace-event timeline (JSON object format, times in us):
/// per entry one process with a "Task Stream" thread holding one "X" event
/// per task and, when it has simulated kernels, one thread per pipe (MTE2,
/// MTE1, M, FIX, V, MTE3) with their busy spans.
void writeTraceEvents(llvm::ArrayRef<KernelTask> tasks,
                      const aicore::AICoreTarget &target,
                      llvm::raw_ostream &os);

/// Registers the translations --export-op-summary and --export-trace-events
/// (MLIR at the mindspore or aicore level -> CSV / JSON) with the options
/// --profile-chip and --profile-l2-residency.
void registerProfileTranslations();

} // namespace mlir::ascend::profile

#endif // ASCEND_TARGET_PROFILE_OPSUMMARY_H
