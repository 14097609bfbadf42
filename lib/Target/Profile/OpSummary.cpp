//===- OpSummary.cpp - modeled msprof op summary and pipe timeline --------===//
//
// collectKernelTasks, writeOpSummary, writeTraceEvents and the
// --export-op-summary / --export-trace-events translations (OpSummary.h).
//
//===----------------------------------------------------------------------===//
#include "ascend/Target/Profile/OpSummary.h"

#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <map>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::profile;
namespace ms = mlir::ascend::mindspore;
namespace ac = mlir::ascend::aicore;

StringRef mlir::ascend::profile::stringifyTaskType(TaskType type) {
  switch (type) {
  case TaskType::AICore:
    return "AI_CORE";
  case TaskType::AIVectorCore:
    return "AI_VECTOR_CORE";
  case TaskType::MixAIC:
    return "MIX_AIC";
  case TaskType::AICPU:
    return "AI_CPU";
  }
  llvm_unreachable("unknown task type");
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

namespace {

/// msprof's name of an element type (CANN's ge::DataType without "DT_").
std::string dataTypeName(Type type) {
  if (type.isF32())
    return "FLOAT";
  if (type.isF16())
    return "FLOAT16";
  if (type.isBF16())
    return "BF16";
  if (type.isF64())
    return "DOUBLE";
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1)
      return "BOOL";
    return (Twine(integer.isUnsigned() ? "UINT" : "INT") +
            Twine(integer.getWidth()))
        .str();
  }
  if (isa<IndexType>(type))
    return "INT64";
  std::string name;
  llvm::raw_string_ostream(name) << type;
  return StringRef(name).upper();
}

/// The storage format of `v`: what a TransData converts it to or from, else
/// the plain format of its rank (NCHW for 4-d tensors, ND otherwise).
std::string formatOf(Value v) {
  if (auto trans = v.getDefiningOp<ms::TransDataOp>())
    return trans.getDstFormat().str();
  for (Operation *user : v.getUsers())
    if (auto trans = dyn_cast<ms::TransDataOp>(user))
      if (trans.getInput() == v)
        return trans.getSrcFormat().str();
  auto shaped = dyn_cast<ShapedType>(v.getType());
  return shaped && shaped.hasRank() && shaped.getRank() == 4 ? "NCHW" : "ND";
}

std::vector<TensorInfo> describe(ValueRange values) {
  std::vector<TensorInfo> infos;
  for (Value v : values) {
    auto shaped = dyn_cast<ShapedType>(v.getType());
    if (!shaped || !shaped.hasRank())
      continue;
    TensorInfo info;
    info.shape.assign(shaped.getShape().begin(), shaped.getShape().end());
    info.dataType = dataTypeName(shaped.getElementType());
    info.format = formatOf(v);
    infos.push_back(std::move(info));
  }
  return infos;
}

//===----------------------------------------------------------------------===//
// Kernels on the pipe model
//===----------------------------------------------------------------------===//

/// True for an instruction that writes or reads UB: on the 910B's separated
/// cores, an MTE2 load into UB is issued by a Vector core, one into L1 by the
/// Cube core.
bool touchesUB(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), [](Type type) {
    auto memref = dyn_cast<MemRefType>(type);
    return memref && ac::getAddressSpace(memref) == ac::AddressSpace::UB;
  });
}

/// The label of an instruction on the timeline: its op name, and for a copy
/// the memories it moves between ("copy gm->l1").
std::string instructionLabel(Operation *op) {
  std::string label = op->getName().stripDialect().str();
  if (auto copy = dyn_cast<ac::CopyOp>(op)) {
    auto space = [](Value v) -> std::string {
      std::optional<ac::AddressSpace> s =
          ac::getAddressSpace(cast<MemRefType>(v.getType()));
      return s ? ac::stringifyAddressSpace(*s).str() : "?";
    };
    label += " " + space(copy.getSource()) + "->" + space(copy.getTarget());
  }
  return label;
}

/// Keeps the timeline of a big kernel loadable: the spans of one pipe from
/// `first` on are merged, runs of consecutive spans at a time, into at most
/// kMaxSpansPerPipe spans. A merged span covers its first start to its last
/// end (the gaps between included); its `cycles` and `instructions` stay the
/// busy cycles and instruction count of the spans it holds.
constexpr size_t kMaxSpansPerPipe = 10000;

void coarsenSpans(std::vector<PipeSpan> &spans, size_t first) {
  size_t count = spans.size() - first;
  if (count <= kMaxSpansPerPipe)
    return;
  size_t group = llvm::divideCeil(count, kMaxSpansPerPipe);
  std::vector<PipeSpan> merged;
  for (size_t i = first; i < spans.size(); i += group) {
    size_t last = std::min(i + group, spans.size()) - 1;
    PipeSpan span = spans[i];
    span.durationMicros =
        spans[last].startMicros + spans[last].durationMicros - span.startMicros;
    for (size_t j = i + 1; j <= last; ++j) {
      span.instructions += spans[j].instructions;
      span.cycles += spans[j].cycles;
      if (spans[j].instruction != span.instruction)
        span.instruction = "(merged)";
    }
    merged.push_back(std::move(span));
  }
  spans.resize(first);
  llvm::append_range(spans, std::move(merged));
}

/// Runs `kernel` on the pipe model and derives the op summary's figures;
/// the arguments `resident` start in L2 (cross-kernel L2 residency).
FailureOr<SimulatedFigures> simulate(ac::KernelOp kernel,
                                     ArrayRef<unsigned> resident) {
  ac::SimulationOptions options;
  options.l2ResidentArguments.assign(resident.begin(), resident.end());
  FailureOr<ac::KernelSchedule> schedule = ac::simulateKernel(kernel, options);
  if (failed(schedule))
    return failure();
  const ac::AICoreTarget &target = kernel.getTarget();
  SimulatedFigures figures;
  figures.cycles = schedule->cycles;
  figures.idealCubeCycles = schedule->totalIdealCubeCycles;
  auto busy = [&](ac::Pipe pipe) {
    return schedule->busy[static_cast<int>(pipe)];
  };
  figures.mac = busy(ac::Pipe::M);
  figures.mte1 = busy(ac::Pipe::MTE1);
  figures.fixpipe = busy(ac::Pipe::FIX);
  figures.vec = busy(ac::Pipe::V);
  figures.mte3 = busy(ac::Pipe::MTE3);

  // Spans: each pipe's intervals in time order, merged while the same kind
  // of instruction follows without a gap; the pipes in the order of the
  // timeline's tracks (MTE2, MTE1, M, FIX, V, MTE3, then S).
  auto trackOrder = [](ac::Pipe pipe) {
    static const ac::Pipe order[] = {ac::Pipe::MTE2, ac::Pipe::MTE1,
                                     ac::Pipe::M,    ac::Pipe::FIX,
                                     ac::Pipe::V,    ac::Pipe::MTE3};
    return int(llvm::find(order, pipe) - std::begin(order));
  };
  std::map<int, std::vector<const ac::PipeInterval *>> byPipe;
  for (const ac::PipeInterval &interval : schedule->intervals) {
    if (interval.pipe == ac::Pipe::MTE2) {
      int64_t cycles = interval.end - interval.start;
      (touchesUB(interval.op) ? figures.aivMte2 : figures.aicMte2) += cycles;
    }
    // A MIX block's tracks: its AIC and its first AIV (the second runs the
    // other half of each tile alongside).
    if (interval.end > interval.start && interval.core <= 1)
      byPipe[trackOrder(interval.pipe)].push_back(&interval);
  }
  // A MIX block runs its Vector part on vectorCoresPerBlock AIVs, whose
  // busy cycles the schedule sums; the aiv_* ratios are per AIV.
  figures.vectorCores = std::max(1, schedule->vectorCoresPerBlock);
  auto micros = [&](int64_t cycles) {
    return double(cycles) / target.clockHz * 1e6;
  };
  for (auto &[order, intervals] : byPipe) {
    ac::Pipe pipe = intervals.front()->pipe;
    size_t firstSpan = figures.spans.size();
    llvm::stable_sort(intervals, [](const ac::PipeInterval *a,
                                    const ac::PipeInterval *b) {
      return a->start < b->start;
    });
    int64_t spanStart = 0, spanEnd = -1, count = 0, cycles = 0;
    std::string label;
    auto flush = [&] {
      if (count)
        figures.spans.push_back({pipe, micros(spanStart),
                                 micros(spanEnd - spanStart), label, count,
                                 cycles});
    };
    for (const ac::PipeInterval *interval : intervals) {
      std::string next = instructionLabel(interval->op);
      if (count && interval->start == spanEnd && next == label) {
        spanEnd = interval->end;
        ++count;
        cycles += interval->end - interval->start;
        continue;
      }
      flush();
      spanStart = interval->start;
      spanEnd = interval->end;
      count = 1;
      cycles = interval->end - interval->start;
      label = std::move(next);
    }
    flush();
    coarsenSpans(figures.spans, firstSpan);
  }

  // The cores the kernel runs on (a MIX block is one AIC with its AIVs);
  // the simulator counts the rounds its blocks need on them.
  bool cube = figures.mac || figures.mte1 || figures.fixpipe || figures.aicMte2;
  bool vector = figures.vec || figures.mte3 || figures.aivMte2;
  figures.taskType = cube && vector ? TaskType::MixAIC
                     : cube         ? TaskType::AICore
                                    : TaskType::AIVectorCore;
  figures.cubeCores = target.cubeCores;
  figures.waves = schedule->waves;
  figures.atomicCleanCycles = schedule->atomicCleanCycles;
  figures.taskCycles = schedule->taskCycles;
  figures.launchCycles = target.launch.taskLaunchCycles;
  figures.blockStartCycles = target.launch.blockStartCycles;
  return figures;
}

/// Bytes of a ranked tensor value, 0 for anything else.
double tensorBytes(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.hasStaticShape())
    return 0;
  return double(type.getNumElements()) *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

/// msprof's name of a mindspore-level op: its primitive, else its op name.
std::string primitiveName(Operation *op) {
  if (auto prim = dyn_cast<ms::PrimitiveOpInterface>(op))
    return prim.getPrimitiveName().str();
  return op->getName().getStringRef().str();
}

} // namespace

FailureOr<std::vector<KernelTask>> mlir::ascend::profile::collectKernelTasks(
    ModuleOp module, const ac::AICoreTarget &target, bool l2Residency) {
  std::vector<KernelTask> tasks;
  SymbolTable symbols(module);
  // A kernel launched several times is simulated once per set of inputs
  // that start in L2.
  llvm::StringMap<SimulatedFigures> simulated;
  bool failedAny = false;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isDeclaration())
      continue;
    double clock = 0; // the entry's task stream, us
    int64_t index = 0;
    // Cross-kernel L2 residency: the GM bytes the task stream's kernels have
    // touched so far (inputs and outputs of each launch), and the count
    // after each launch's result was written. A later launch's input that
    // an earlier launch wrote is still in the die's L2 when it and the bytes
    // touched since fit it (least recently used, no other traffic): its
    // reads hit L2.
    double touched = 0;
    llvm::DenseMap<Value, double> writtenAt;
    ms::walkKernels(func, [&](Operation *op) {
      if (failedAny)
        return;
      KernelTask task;
      task.function = func.getName().str();
      task.inputs = describe(op->getOperands());
      task.outputs = describe(op->getResults());
      std::string base;
      if (auto launch = dyn_cast<ac::LaunchOp>(op)) {
        // The launch verifier checked that it names an aicore.kernel.
        auto kernel = symbols.lookup<ac::KernelOp>(launch.getKernel());
        assert(kernel && "launch of a verified module names a kernel");
        SmallVector<unsigned> resident;
        std::string key = kernel.getSymName().str();
        double l2Bytes = double(kernel.getTarget().rates.l2Bytes);
        for (auto [i, operand] : llvm::enumerate(launch->getOperands())) {
          auto it = writtenAt.find(operand);
          if (l2Residency && it != writtenAt.end() &&
              touched - it->second + tensorBytes(operand) <= l2Bytes) {
            resident.push_back(i);
            key += "/" + std::to_string(i);
          }
        }
        for (Value v : launch->getOperands())
          touched += tensorBytes(v);
        for (Value v : launch->getResults()) {
          touched += tensorBytes(v);
          writtenAt[v] = touched;
        }
        auto [it, inserted] = simulated.try_emplace(key);
        if (inserted) {
          FailureOr<SimulatedFigures> figures = simulate(kernel, resident);
          if (failed(figures)) {
            failedAny = true;
            return;
          }
          it->second = std::move(*figures);
        }
        const SimulatedFigures &figures = it->second;
        task.taskType = figures.taskType;
        task.blockDim = kernel.getBlockDim();
        // The launch, every wave's block start and cycles, and the
        // memory-clean task (KernelSchedule::taskCycles).
        task.durationMicros =
            double(figures.taskCycles) / kernel.getTarget().clockHz * 1e6;
        task.simulated = figures;
        task.opType = kernel.getSymName().str();
        base = task.opType;
      } else {
        task.durationMicros =
            ms::modeledKernelMicros(ms::kernelGMBytes(op), target);
        if (auto group = dyn_cast<ms::FusionOp>(op)) {
          task.taskType = group.getKind() == "mix" ? TaskType::MixAIC
                                                   : TaskType::AIVectorCore;
          // "Fused_Conv2D_BiasAdd_0": the type without the group's number.
          StringRef name = group.getKernelName();
          auto [type, number] = name.rsplit('_');
          task.opType = !number.empty() && llvm::all_of(number, llvm::isDigit)
                            ? type.str()
                            : name.str();
          base = name.str();
        } else {
          task.opType = primitiveName(op);
          // A Custom op runs the deployer's kernel, an Assert is checked by
          // the host: neither is an AI Core kernel.
          task.taskType = isa<ms::CustomOp, ms::AssertOp>(op) ? TaskType::AICPU
                          : ms::FusionOp::classify(op) == "cube"
                              ? TaskType::AICore
                              : TaskType::AIVectorCore;
          base = task.opType;
        }
      }
      // A fusion group's name is unique already; other kernels are numbered
      // by their place in the entry, as MindSpore numbers its nodes.
      task.opName = task.function + "/" + base;
      if (!isa<ms::FusionOp>(op))
        task.opName += "-op" + std::to_string(index);
      ++index;
      task.startMicros = clock;
      clock += task.durationMicros;
      tasks.push_back(std::move(task));
    });
    if (failedAny)
      return failure();
  }
  return tasks;
}

//===----------------------------------------------------------------------===//
// The op summary (CSV)
//===----------------------------------------------------------------------===//

namespace {

/// One CSV field, quoted when it holds a separator, a quote or a line break.
void writeField(llvm::raw_ostream &os, StringRef field) {
  if (field.find_first_of(",\"\n\r") == StringRef::npos) {
    os << field;
    return;
  }
  os << '"';
  for (char c : field) {
    if (c == '"')
      os << '"';
    os << c;
  }
  os << '"';
}

/// msprof's list form: tensors separated by ';', dimensions by ','.
std::string joinTensors(llvm::ArrayRef<TensorInfo> tensors,
                        llvm::function_ref<std::string(const TensorInfo &)>
                            field) {
  std::string out;
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    if (i)
      out += ";";
    out += field(tensor);
  }
  return out;
}

std::string shapeText(const TensorInfo &tensor) {
  std::string out;
  for (auto [i, d] : llvm::enumerate(tensor.shape)) {
    if (i)
      out += ",";
    out += std::to_string(d);
  }
  return out;
}

std::string fixed(double value, int decimals) {
  std::string out;
  llvm::raw_string_ostream(out) << llvm::format("%.*f", decimals, value);
  return out;
}

} // namespace

void mlir::ascend::profile::writeOpSummary(ArrayRef<KernelTask> tasks,
                                           llvm::raw_ostream &os) {
  static const char *const kColumns[] = {
      "Op Name",          "OP Type",           "Task Type",
      "Task Duration(us)", "Block Dim",        "Input Shapes",
      "Input Data Types", "Input Formats",     "Output Shapes",
      "Output Data Types", "Output Formats",   "aic_mac_ratio",
      "aic_mte1_ratio",   "aic_mte2_ratio",    "aic_fixpipe_ratio",
      "aiv_vec_ratio",    "aiv_mte2_ratio",    "aiv_mte3_ratio",
      "cube_utilization(%)"};
  for (auto [i, column] : llvm::enumerate(kColumns))
    os << (i ? "," : "") << column;
  os << "\n";
  for (const KernelTask &task : tasks) {
    SmallVector<std::string> fields;
    fields.push_back(task.opName);
    fields.push_back(task.opType);
    fields.push_back(stringifyTaskType(task.taskType).str());
    fields.push_back(fixed(task.durationMicros, 3));
    fields.push_back(task.blockDim ? std::to_string(task.blockDim) : "");
    for (const std::vector<TensorInfo> *tensors :
         {&task.inputs, &task.outputs}) {
      fields.push_back(joinTensors(*tensors, shapeText));
      fields.push_back(joinTensors(
          *tensors, [](const TensorInfo &t) { return t.dataType; }));
      fields.push_back(joinTensors(
          *tensors, [](const TensorInfo &t) { return t.format; }));
    }
    if (!task.simulated) {
      // Modeled at the graph level: no per-pipe figures.
      fields.append(8, "");
    } else {
      const SimulatedFigures &f = *task.simulated;
      bool cube = task.taskType != TaskType::AIVectorCore;
      bool vector = task.taskType != TaskType::AICore;
      // A ratio is the pipe's busy cycles over the block's total cycles;
      // N/A for the pipes of a core the task does not run on (as msprof).
      auto ratio = [&](int64_t busy, bool onCore,
                       int64_t cores = 1) -> std::string {
        if (!onCore || !f.cycles)
          return "N/A";
        return fixed(double(busy) / cores / f.cycles, 3);
      };
      fields.push_back(ratio(f.mac, cube));
      fields.push_back(ratio(f.mte1, cube));
      fields.push_back(ratio(f.aicMte2, cube));
      fields.push_back(ratio(f.fixpipe, cube));
      fields.push_back(ratio(f.vec, vector, f.vectorCores));
      fields.push_back(ratio(f.aivMte2, vector, f.vectorCores));
      fields.push_back(ratio(f.mte3, vector, f.vectorCores));
      if (!cube || !f.cycles) {
        fields.push_back("N/A");
      } else {
        // Useful Cube cycles of all blocks over the Cube cycles the chip had
        // while the task ran (docs/KernelReport.md).
        double taskCycles = double(f.taskCycles);
        fields.push_back(
            fixed(100.0 * f.idealCubeCycles / (taskCycles * f.cubeCores), 3));
      }
    }
    for (auto [i, field] : llvm::enumerate(fields)) {
      if (i)
        os << ",";
      writeField(os, field);
    }
    os << "\n";
  }
}

//===----------------------------------------------------------------------===//
// The timeline (Chrome trace events)
//===----------------------------------------------------------------------===//

namespace {

/// The pipes shown, top to bottom, with the thread name of their track.
struct PipeTrack {
  ac::Pipe pipe;
  const char *name;
};
constexpr PipeTrack kPipeTracks[] = {
    {ac::Pipe::MTE2, "MTE2 (GM -> L1/UB)"},
    {ac::Pipe::MTE1, "MTE1 (L1 -> L0A/L0B)"},
    {ac::Pipe::M, "M (Cube)"},
    {ac::Pipe::FIX, "FIX (L0C -> GM/UB)"},
    {ac::Pipe::V, "V (Vector)"},
    {ac::Pipe::MTE3, "MTE3 (UB -> GM)"},
};

/// A time in us with picosecond resolution (a cycle is 0.56 ns at 1.8 GHz).
std::string micros(double value) { return fixed(value, 6); }

} // namespace

void mlir::ascend::profile::writeTraceEvents(ArrayRef<KernelTask> tasks,
                                             const ac::AICoreTarget &target,
                                             llvm::raw_ostream &os) {
  // One process per entry, in the order the entries first appear.
  SmallVector<std::string> entries;
  for (const KernelTask &task : tasks)
    if (!llvm::is_contained(entries, task.function))
      entries.push_back(task.function);
  auto pidOf = [&](StringRef function) {
    return int64_t(llvm::find(entries, function) - entries.begin()) + 1;
  };
  // Thread ids: 1 the task stream, 2.. the pipes.
  auto pipeTid = [](ac::Pipe pipe) -> int64_t {
    for (auto [i, track] : llvm::enumerate(kPipeTracks))
      if (track.pipe == pipe)
        return int64_t(i) + 2;
    return int64_t(std::size(kPipeTracks)) + 2;
  };

  llvm::json::OStream json(os, /*IndentSize=*/0);
  auto metadata = [&](StringRef name, int64_t pid, std::optional<int64_t> tid,
                      StringRef key, llvm::json::Value value) {
    json.object([&] {
      json.attribute("name", name);
      json.attribute("ph", "M");
      json.attribute("pid", pid);
      if (tid)
        json.attribute("tid", *tid);
      json.attributeObject("args", [&] { json.attribute(key, std::move(value)); });
    });
    os << "\n";
  };
  auto timed = [&](StringRef key, double value) {
    json.attributeBegin(key);
    json.rawValue(micros(value));
    json.attributeEnd();
  };

  json.object([&] {
    json.attribute("displayTimeUnit", "ns");
    json.attributeObject("otherData", [&] {
      json.attribute("generator", "ascend-compile (modeled, not measured)");
      json.attribute("chip", target.name);
      json.attribute("clock_hz", target.clockHz);
    });
    json.attributeArray("traceEvents", [&] {
      for (auto [i, entry] : llvm::enumerate(entries)) {
        int64_t pid = int64_t(i) + 1;
        bool simulated = llvm::any_of(tasks, [&](const KernelTask &task) {
          return task.function == entry && task.simulated;
        });
        metadata("process_name", pid, std::nullopt, "name",
                 "@" + entry + " on " + target.name + " (modeled)");
        metadata("process_sort_index", pid, std::nullopt, "sort_index", pid);
        metadata("thread_name", pid, 1, "name", "Task Stream");
        metadata("thread_sort_index", pid, 1, "sort_index", 1);
        if (!simulated)
          continue;
        for (const PipeTrack &track : kPipeTracks) {
          int64_t tid = pipeTid(track.pipe);
          metadata("thread_name", pid, tid, "name", track.name);
          metadata("thread_sort_index", pid, tid, "sort_index", tid);
        }
      }
      for (const KernelTask &task : tasks) {
        int64_t pid = pidOf(task.function);
        // A kernel with `atomic_clean` is preceded by its memory-clean task
        // (CANN's MemSet / AtomicAddrClean), which the summary row counts
        // in the kernel's duration: its own event on the task stream, the
        // kernel and its pipes after it.
        double cleanMicros =
            task.simulated ? double(task.simulated->atomicCleanCycles) /
                                 target.clockHz * 1e6
                           : 0;
        if (task.simulated && task.simulated->atomicCleanCycles) {
          json.object([&] {
            json.attribute("name", task.opName + " (atomic clean)");
            json.attribute("cat", "MEMSET");
            json.attribute("ph", "X");
            json.attribute("pid", pid);
            json.attribute("tid", 1);
            timed("ts", task.startMicros);
            timed("dur", cleanMicros);
            json.attributeObject("args", [&] {
              json.attribute("OP Type", "MemSet");
              json.attribute("kernel", task.opName);
              json.attribute("cycles", task.simulated->atomicCleanCycles);
              json.attribute("model", "the zeroed bytes at the die's HBM "
                                      "bandwidth, at least the smallest "
                                      "kernel's time");
            });
          });
          os << "\n";
        }
        double kernelStart = task.startMicros + cleanMicros;
        double kernelMicros = task.durationMicros - cleanMicros;
        json.object([&] {
          json.attribute("name", task.opName);
          json.attribute("cat", stringifyTaskType(task.taskType));
          json.attribute("ph", "X");
          json.attribute("pid", pid);
          json.attribute("tid", 1);
          timed("ts", kernelStart);
          timed("dur", kernelMicros);
          json.attributeObject("args", [&] {
            json.attribute("OP Type", task.opType);
            json.attribute("Task Type", stringifyTaskType(task.taskType));
            if (task.blockDim)
              json.attribute("Block Dim", task.blockDim);
            json.attribute("Input Shapes",
                           joinTensors(task.inputs, shapeText));
            json.attribute("Output Shapes",
                           joinTensors(task.outputs, shapeText));
            json.attribute("model", task.simulated ? "per-pipe simulation"
                                                   : "graph-level GM bytes");
            if (task.simulated) {
              json.attribute("cycles", task.simulated->cycles -
                                           task.simulated->atomicCleanCycles);
              json.attribute("waves", task.simulated->waves);
            }
          });
        });
        os << "\n";
        if (!task.simulated)
          continue;
        // Each wave of blocks repeats the block's pipe activity.
        const SimulatedFigures &f = *task.simulated;
        // After the launch, each wave starts its blocks, then runs them.
        double launchMicros = double(f.launchCycles) / target.clockHz * 1e6;
        double startMicros = double(f.blockStartCycles) / target.clockHz * 1e6;
        double waveMicros = (kernelMicros - launchMicros) / f.waves;
        for (int64_t wave = 0; wave < f.waves; ++wave) {
          for (const PipeSpan &span : f.spans) {
            json.object([&] {
              json.attribute("name", span.instruction);
              json.attribute("cat", "pipe");
              json.attribute("ph", "X");
              json.attribute("pid", pid);
              json.attribute("tid", pipeTid(span.pipe));
              timed("ts", kernelStart + launchMicros + wave * waveMicros +
                              startMicros + span.startMicros);
              timed("dur", span.durationMicros);
              json.attributeObject("args", [&] {
                json.attribute("kernel", task.opName);
                json.attribute("instructions", span.instructions);
                json.attribute("cycles", span.cycles);
              });
            });
            os << "\n";
          }
        }
      }
    });
  });
  os << "\n";
}

//===----------------------------------------------------------------------===//
// Translations
//===----------------------------------------------------------------------===//

namespace {
llvm::cl::opt<std::string> &profileChip() {
  static llvm::cl::opt<std::string> chip(
      "profile-chip",
      llvm::cl::desc("Chip (a row of the AI Core target table) whose HBM "
                     "bandwidth and minimum kernel time model the "
                     "mindspore-level kernels of --export-op-summary and "
                     "--export-trace-events"),
      llvm::cl::init("Ascend910B2"));
  return chip;
}

llvm::cl::opt<bool> &profileL2Residency() {
  static llvm::cl::opt<bool> residency(
      "profile-l2-residency",
      llvm::cl::desc("--export-op-summary / --export-trace-events: a kernel's "
                     "input that an earlier kernel wrote starts in L2 while "
                     "the bytes touched since fit it (cross-kernel L2 "
                     "residency; off: every kernel starts with a cold L2, as "
                     "its aicore.estimate)"),
      llvm::cl::init(false));
  return residency;
}

LogicalResult exportProfile(
    ModuleOp module, llvm::raw_ostream &os,
    llvm::function_ref<void(ArrayRef<KernelTask>, const ac::AICoreTarget &)>
        write) {
  const ac::AICoreTarget *target =
      ms::lookupChipOrError(module, profileChip());
  if (!target)
    return failure();
  FailureOr<std::vector<KernelTask>> tasks =
      collectKernelTasks(module, *target, profileL2Residency());
  if (failed(tasks))
    return failure();
  write(*tasks, *target);
  return success();
}

void registerDialects(DialectRegistry &registry) {
  registry.insert<ms::MindSporeDialect, ac::AICoreDialect, func::FuncDialect,
                  arith::ArithDialect, memref::MemRefDialect,
                  scf::SCFDialect>();
}
} // namespace

void mlir::ascend::profile::registerProfileTranslations() {
  profileChip();
  profileL2Residency();
  static TranslateFromMLIRRegistration summary(
      "export-op-summary",
      "mindspore / aicore level to a modeled msprof op summary (CSV)",
      [](ModuleOp module, llvm::raw_ostream &os) {
        return exportProfile(module, os,
                             [&](ArrayRef<KernelTask> tasks,
                                 const ac::AICoreTarget &) {
                               writeOpSummary(tasks, os);
                             });
      },
      registerDialects);
  static TranslateFromMLIRRegistration timeline(
      "export-trace-events",
      "mindspore / aicore level to a modeled Chrome trace-event timeline "
      "(JSON, Perfetto)",
      [](ModuleOp module, llvm::raw_ostream &os) {
        return exportProfile(module, os,
                             [&](ArrayRef<KernelTask> tasks,
                                 const ac::AICoreTarget &target) {
                               writeTraceEvents(tasks, target, os);
                             });
      },
      registerDialects);
}
