//===- ascend-run.cpp - run a mindspore or aicore module on the CPU -------===//
//
// Executes a module at the `mindspore` or `aicore` level on the CPU (lowered
// through upstream MLIR and JIT-compiled, see ascend/Execution/CPURunner.h) on
// the inputs of every run recorded in an eager trace and compares the results
// with the eager outputs:
//
//   ascend-run model.mlir --trace model.pntrace [--entry main]
//              [--rtol R] [--atol A] [--check-bounds]
//
// prints one line per run and exits 1 on any mismatch or error. Each output's
// tolerance follows the precision it was computed in (Tolerance::forComputation:
// 1 ulp of bf16/f16 for a half-precision computation, atol 1e-5 x max(1, max
// |eager|) for f32); the line names it, per output when they differ. Without a
// trace, `--inputs FILE` reads the runs from a text file, one item a line:
//
//   # a comment
//   run                                        starts a run
//   input dense<[1.0, 2.0]> : tensor<2xf32>    next input of the entry
//   output dense<[2.0, 4.0]> : tensor<2xf32>   next expected output (optional)
//
// and `--print-outputs` prints the results, which is what lit tests use;
// `--print-lowered` prints the LLVM-dialect module that is JIT-compiled.
// `--check-bounds` checks every buffer access of the aicore kernels at run
// time (CPUCompileOptions::checkBounds): a failed check is an error at the
// op's location naming the kernel, and the run fails.
//
//===----------------------------------------------------------------------===//
#include "ToolFiles.h"

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Execution/CPURunner.h"
#include "ascend/Trace/TraceReader.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::ascend;
namespace cl = llvm::cl;
namespace tools = mlir::ascend::tools;

static cl::OptionCategory ascendRunOptions("ascend-run options");
static cl::opt<std::string> moduleFile(cl::Positional, cl::Required,
                                       cl::desc("<module.mlir>"), cl::cat(ascendRunOptions));
static cl::opt<std::string>
    traceFile("trace",
              cl::desc("Eager trace (.pntrace) whose recorded runs "
                       "provide the inputs and expected outputs"),
              cl::value_desc("file"), cl::cat(ascendRunOptions));
static cl::opt<std::string> inputsFile(
    "inputs",
    cl::desc("Text file of runs instead of a trace: a line `run` starts a "
             "run, `input <dense attr>` adds an input, `output <dense attr>` "
             "an expected output; `#` starts a comment"),
    cl::value_desc("file"), cl::cat(ascendRunOptions));
static cl::opt<std::string> entry("entry", cl::desc("Function to run"),
                                  cl::init("main"), cl::cat(ascendRunOptions));
static cl::opt<double>
    rtolOption("rtol", cl::desc("Relative tolerance of float outputs, "
                                "added to the absolute one (default 0)"), cl::cat(ascendRunOptions));
static cl::opt<double>
    atolOption("atol",
               cl::desc("Absolute tolerance of float outputs, scaled by "
                        "max(1, max |eager|) of the output (default 1e-5 "
                        "for f32/f64 computations; an output computed in "
                        "f16/bf16, also one cast to f32 at the end, is "
                        "judged at 1 ulp of that type)"), cl::cat(ascendRunOptions));
static cl::opt<bool> weightsFromTrace(
    "weights-from-trace",
    cl::desc("Run with the parameter values recorded in the --trace file "
             "(matched by name) instead of the module's, e.g. to check a "
             "program compiled from one model on another model's weights"),
    cl::init(false), cl::cat(ascendRunOptions));
static cl::opt<bool> checkBounds(
    "check-bounds",
    cl::desc("Check every buffer access of the aicore kernels at run time "
             "(upstream MLIR's runtime op verification of memref and linalg "
             "ops): an out-of-bounds load, store, subview or copy stops the "
             "run with an error naming the kernel and the op"),
    cl::init(false), cl::cat(ascendRunOptions));
static cl::opt<bool> timingOption(
    "timing",
    cl::desc("Print the wall time of each step of the CPU compilation "
             "(outlining, conversion and lowering passes, LLVM optimization "
             "and code generation) to stderr"),
    cl::init(false), cl::cat(ascendRunOptions));
static cl::opt<bool> noOutline(
    "no-outline",
    cl::desc("Compile the entry as one function with every op inline instead "
             "of one function per distinct graph op (slow on large models; "
             "for comparison)"),
    cl::init(false), cl::cat(ascendRunOptions));
static cl::opt<bool> printOutputs("print-outputs",
                                  cl::desc("Print every output of every run"), cl::cat(ascendRunOptions));
static cl::opt<bool> printLowered(
    "print-lowered",
    cl::desc("Print the module in the LLVM dialect that is JIT-compiled"), cl::cat(ascendRunOptions));

namespace {
struct Run {
  std::vector<HostTensor> inputs;
  std::vector<HostTensor> outputs;
  /// The line of its `run` in an --inputs file (1-based); 0 for a trace.
  unsigned line = 0;
};
} // namespace

static LogicalResult error(const Twine &message) {
  tools::error("ascend-run") << message << "\n";
  return failure();
}

/// Parses the `--inputs` text format.
static FailureOr<std::vector<Run>>
readInputsFile(StringRef text, StringRef filename, MLIRContext *context) {
  std::vector<Run> runs;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (auto [number, rawLine] : llvm::enumerate(lines)) {
    StringRef line = rawLine.split('#').first.trim();
    if (line.empty())
      continue;
    auto where = [&, number = number] {
      return (filename + ":" + Twine(number + 1) + ": ").str();
    };
    if (line == "run") {
      runs.emplace_back();
      runs.back().line = number + 1;
      continue;
    }
    auto [keyword, rest] = line.split(' ');
    if (keyword != "input" && keyword != "output")
      return error(where() +
                   "expected `run`, `input <attr>` or `output "
                   "<attr>`, got `" +
                   line + "`");
    if (runs.empty())
      return error(where() + "`" + keyword + "` before the first `run`");
    // The parser's complaint is kept for this message, at its column of
    // the line, rather than printed at a place in the attribute text alone.
    StringRef text = rest.trim();
    std::string complaint;
    Attribute attr;
    {
      ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
        if (complaint.empty() && diag.getSeverity() == DiagnosticSeverity::Error) {
          unsigned column = 1;
          if (auto loc = dyn_cast<FileLineColLoc>(diag.getLocation()))
            column = loc.getColumn();
          column += text.data() - rawLine.data();
          complaint = "column " + std::to_string(column) + ": " + diag.str();
        }
        return success();
      });
      attr = parseAttribute(text, context);
    }
    auto elements = dyn_cast_or_null<ElementsAttr>(attr);
    FailureOr<HostTensor> tensor = failure();
    if (elements)
      tensor = hostTensorFromElements(elements);
    if (failed(tensor))
      return error(where() +
                   "expected a statically shaped dense elements "
                   "attribute, got `" +
                   text + "`" +
                   (complaint.empty() ? std::string()
                                      : " (" + complaint + ")"));
    (keyword == "input" ? runs.back().inputs : runs.back().outputs)
        .push_back(std::move(*tensor));
  }
  return runs;
}

static std::string formatError(double v) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.2g", v);
  return s;
}

static std::string describe(const Tolerance &t) {
  if (t.ulps > 0) {
    std::string type;
    llvm::raw_string_ostream(type) << t.ulpType;
    return formatError(t.ulps) + " ulp of " + type + " at |eager|";
  }
  if (t.atol == 0 && t.rtol == 0)
    return "exact";
  std::string s = "atol " + formatError(t.atol) + " x max(1, max |eager|)";
  if (t.rtol != 0)
    s += " + rtol " + formatError(t.rtol) + " x |eager|";
  return s;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(ascendRunOptions);
  cl::ParseCommandLineOptions(
      argc, argv,
      "ascend-run: execute a mindspore or aicore module on the CPU and "
      "compare it with "
      "the eager outputs of a trace\n");
  if (traceFile.empty() == inputsFile.empty()) {
    (void)error("give exactly one of --trace FILE and --inputs FILE");
    return 1;
  }

  DialectRegistry registry;
  registry.insert<mindspore::MindSporeDialect, aicore::AICoreDialect,
                  func::FuncDialect>();
  registerCPURunnerDialects(registry);
  MLIRContext context(registry);
  context.loadDialect<mindspore::MindSporeDialect, aicore::AICoreDialect,
                      func::FuncDialect>();

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  auto moduleBuffer = tools::openInput("ascend-run", moduleFile);
  if (!moduleBuffer)
    return 1;
  sourceMgr.AddNewSourceBuffer(std::move(moduleBuffer), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module) {
    (void)error(moduleFile + ": cannot parse the module");
    return 1;
  }

  // Runs: from the trace or from the inputs file.
  StringRef runsFile = traceFile.empty() ? inputsFile : traceFile;
  std::unique_ptr<llvm::MemoryBuffer> runsBuffer =
      tools::openInput("ascend-run", runsFile);
  if (!runsBuffer)
    return 1;
  std::vector<Run> runs;
  if (!traceFile.empty()) {
    auto recorded =
        readRecordedRuns(runsBuffer->getBuffer(), traceFile, &context);
    if (failed(recorded)) {
      (void)error(traceFile + ": cannot read the recorded runs");
      return 1;
    }
    for (RecordedRun &r : *recorded)
      runs.push_back({std::move(r.inputs), std::move(r.outputs), 0});
    if (weightsFromTrace) {
      auto params = readRecordedParameters(runsBuffer->getBuffer(),
                                           traceFile, &context);
      if (failed(params))
        return 1;
      for (auto &[name, value] : *params) {
        auto param = module->lookupSymbol<mindspore::ParameterOp>(name);
        if (!param)
          continue; // unused by the program (e.g. a buffer it never reads)
        if (param.getType() != value.type) {
          (void)error(traceFile + ": parameter '" + name + "' is recorded as " +
                      llvm::formatv("{0}", value.type).str() +
                      " but the program's is " +
                      llvm::formatv("{0}", param.getType()).str());
          return 1;
        }
        param.setValueAttr(DenseResourceElementsAttr::get(
            value.type, name,
            HeapAsmResourceBlob::allocateAndCopyInferAlign(
                ArrayRef<char>(value.data.data(), value.data.size()))));
      }
    }
  } else {
    auto parsed =
        readInputsFile(runsBuffer->getBuffer(), inputsFile, &context);
    if (failed(parsed))
      return 1;
    runs = std::move(*parsed);
  }
  if (runs.empty()) {
    (void)error(runsFile + ": no runs");
    return 1;
  }

  // A module compiled from runs of several input shapes has one entry per
  // signature (@main, @main_1, ...): each run goes to the function that takes
  // its inputs, @<entry> first.
  std::map<std::string, std::unique_ptr<CPUExecutable>> executables;
  CPUCompileOptions compileOptions;
  compileOptions.checkBounds = checkBounds;
  compileOptions.timing = timingOption;
  compileOptions.outlineOps = !noOutline;
  // Where a run comes from, for its errors: `runs.txt:12: run 3` (the line
  // of its `run`) or `model.pntrace: run 3`.
  auto placeOf = [&](size_t index, const Run &run) {
    std::string place = runsFile.str();
    if (run.line)
      place += ":" + std::to_string(run.line);
    return place + ": run " + std::to_string(index);
  };
  // The function each executable runs, for the precision of its outputs.
  std::string chosen;
  auto executableFor = [&](ArrayRef<HostTensor> inputs,
                           const std::string &place)
      -> FailureOr<CPUExecutable *> {
    SmallVector<Type> types;
    for (const HostTensor &t : inputs)
      types.push_back(t.type);
    SmallVector<func::FuncOp> candidates;
    if (auto main = module->lookupSymbol<func::FuncOp>(entry))
      candidates.push_back(main);
    // An explicit --entry runs that function only (the runner reports a
    // missing one); otherwise any entry whose inputs match.
    if (entry.getNumOccurrences() || candidates.empty()) {
      chosen = entry;
      std::unique_ptr<CPUExecutable> &slot = executables[entry];
      if (!slot) {
        auto compiled = CPUExecutable::compile(
            *module, entry, printLowered ? &llvm::outs() : nullptr,
            compileOptions);
        if (failed(compiled)) {
          (void)error(moduleFile + ": cannot compile @" + entry +
                      " for the CPU");
          return failure();
        }
        slot = std::move(*compiled);
      }
      return slot.get();
    }
    for (auto f : module->getOps<func::FuncOp>())
      if (f.getName() != entry && !f.isExternal())
        candidates.push_back(f);
    for (func::FuncOp f : candidates) {
      if (f.getFunctionType().getInputs() != ArrayRef<Type>(types))
        continue;
      chosen = f.getName().str();
      std::unique_ptr<CPUExecutable> &slot = executables[f.getName().str()];
      if (!slot) {
        auto compiled = CPUExecutable::compile(
            *module, f.getName(), printLowered ? &llvm::outs() : nullptr,
            compileOptions);
        if (failed(compiled)) {
          (void)error(moduleFile + ": cannot compile @" + f.getName() +
                      " for the CPU");
          return failure();
        }
        slot = std::move(*compiled);
      }
      return slot.get();
    }
    // What the run gives and what the entry takes, with the first
    // difference.
    auto typeList = [](auto types) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << "(";
      llvm::interleaveComma(types, os);
      os << ")";
      return s;
    };
    std::string message = place + ": no function of " + moduleFile.getValue() +
                          " takes its inputs " + typeList(types) + "; @" +
                          entry.getValue() + " ";
    if (candidates.empty()) {
      message += "does not exist";
    } else {
      ArrayRef<Type> expected =
          candidates.front().getFunctionType().getInputs();
      message += "takes " + typeList(expected);
      if (expected.size() != types.size()) {
        message += ": the run has " + std::to_string(types.size()) +
                   (types.size() == 1 ? " input" : " inputs") + ", @" +
                   entry.getValue() + " takes " +
                   std::to_string(expected.size());
      } else {
        for (auto [i, got, want] : llvm::enumerate(types, expected)) {
          if (got == want)
            continue;
          auto gotShaped = dyn_cast<ShapedType>(got);
          auto wantShaped = dyn_cast<ShapedType>(want);
          std::string what =
              gotShaped && wantShaped &&
                      gotShaped.getElementType() != wantShaped.getElementType()
                  ? "dtype"
                  : "shape";
          message += llvm::formatv(": input {0} has {1} {2}, @{3} takes {4}",
                                   i, what, got, entry.getValue(), want)
                         .str();
          break;
        }
      }
    }
    (void)error(message);    return failure();
  };

  // Per function: the coarsest float type each returned value is computed in
  // (a bf16 computation cast to f32 at the end is judged at bf16 tolerance).
  std::map<std::string, SmallVector<Type>> precisions;
  auto precisionsOf = [&](const std::string &name) -> ArrayRef<Type> {
    auto [it, inserted] = precisions.try_emplace(name);
    if (inserted)
      if (auto f = module->lookupSymbol<func::FuncOp>(name))
        f.walk([&](func::ReturnOp ret) {
          if (ret->getParentOp() == f.getOperation())
            for (Value v : ret.getOperands())
              it->second.push_back(computationPrecision(v));
        });
    return it->second;
  };

  std::optional<Tolerance> userTolerance;
  if (rtolOption.getNumOccurrences() || atolOption.getNumOccurrences()) {
    Tolerance t = Tolerance::forElementType(Float32Type::get(&context));
    if (rtolOption.getNumOccurrences())
      t.rtol = rtolOption;
    if (atolOption.getNumOccurrences())
      t.atol = atolOption;
    userTolerance = t;
  }

  bool allOk = true;
  llvm::raw_ostream &os = llvm::outs();
  for (auto [index, run] : llvm::enumerate(runs)) {
    // Keep the report in order with diagnostics on stderr.
    os.flush();
    std::string place = placeOf(index, run);
    FailureOr<CPUExecutable *> executable = executableFor(run.inputs, place);
    if (failed(executable)) {
      allOk = false;
      continue;
    }
    auto results = (*executable)->run(run.inputs);
    if (failed(results)) {
      (void)error(place + " failed in " + moduleFile +
                  " (the error above says why)");
      allOk = false;
      continue;
    }
    if (printOutputs)
      for (auto [i, r] : llvm::enumerate(*results))
        os << "run " << index << " output " << i << ": "
           << elementsFromHostTensor(r) << "\n";
    if (run.outputs.empty()) {
      os << "run " << index << ": no eager outputs to compare\n";
      continue;
    }
    if (run.outputs.size() != results->size()) {
      os << "run " << index << ": @" << entry << " returned " << results->size()
         << " outputs, eager returned " << run.outputs.size() << ": mismatch\n";
      allOk = false;
      continue;
    }
    double maxAbs = 0, maxRel = 0;
    SmallVector<std::string> problems;
    std::optional<std::string> tolerance;
    std::string perOutput;
    bool mixed = false;
    ArrayRef<Type> precision = precisionsOf(chosen);
    for (auto [i, got, eager] : llvm::enumerate(*results, run.outputs)) {
      std::optional<Tolerance> tol = userTolerance;
      if (!tol && i < precision.size())
        tol = Tolerance::forComputation(eager.type.getElementType(),
                                        precision[i]);
      OutputComparison c = compareTensors(got, eager, tol);
      maxAbs = std::max(maxAbs, c.maxAbsError);
      maxRel = std::max(maxRel, c.maxRelError);
      std::string d = describe(c.tolerance);
      perOutput += (i ? "; " : "") + std::to_string(i) + ": " + d;
      if (!tolerance)
        tolerance = d;
      else if (*tolerance != d)
        mixed = true;
      if (!c.ok)
        problems.push_back("output " + std::to_string(i) + ": " + c.mismatch +
                           " (max abs error " + formatError(c.maxAbsError) +
                           ", tolerance " + d + ")");
    }
    os << "run " << index << ": max abs error " << formatError(maxAbs)
       << ", max rel error " << formatError(maxRel) << " (tolerance "
       << (mixed ? "per output: " + perOutput : *tolerance)
       << "): " << (problems.empty() ? "ok" : "mismatch") << "\n";
    for (const std::string &p : problems)
      os << "  " << p << "\n";
    allOk &= problems.empty();
  }
  return allOk ? 0 : 1;
}
