//===- ascend-compile.cpp - trace to MindIR in one command ----------------===//
//
// ascend-compile IN.pntrace -o OUT [--emit=pynative|mindspore|aicore|mindir|
//                                          mindspore-python]
//                [--keep-unsupported] [--mapping-file=FILE.json]
//                [--report FILE.csv] [--timeline FILE.json]
//                [--fusion-report FILE.csv]
//
// Runs the whole pipeline: import the eager trace (pynative), merge the runs
// and legalize to MindSpore primitives (mindspore), tile MatMuls into AI Core
// kernels (aicore), and write MindIR (from the mindspore level, after fusion:
// each group a GraphKernel_<name> primitive). The first
// three emit levels print MLIR text. The output is written to a temporary file
// beside OUT and renamed, so a failed compile leaves OUT as it was. A summary
// goes to stderr: ops recorded, graph ops, kernels, weights written.
// --report and --timeline write the modeled op summary and timeline of the
// compiled program (its kernel tasks at the level emitted), also through
// temporary files, renamed into place only once the program itself is
// written. --emit=mindspore-python writes the mindspore level (before
// fusion) as a MindSpore nn.Cell, OUT (a .py file), and its weights beside
// it as OUT with .ckpt (MindSpore's checkpoint format), both staged and
// renamed into place only once both are written.
// --mindir-kernels=custom writes MindIR after the aicore pipeline instead:
// each AI Core kernel launch a MindSpore Custom op (func_type "aot") calling
// the kernel's CPU build in OUT's stem + "_kernels.so" (staged like the
// MindIR files; docs/AICoreKernels.md, "the Custom route").
//
//===----------------------------------------------------------------------===//
#include "ToolAllocator.h"
#include "ToolFiles.h"

#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "ascend/Execution/CPUKernelLibrary.h"
#include "ascend/InitAll.h"
#include "ascend/Pipelines/Pipelines.h"
#include "ascend/Target/MindIR/MindIRCustomKernels.h"
#include "ascend/Target/MindIR/MindIRExport.h"
#include "ascend/Target/MindSporePython/MindSporePythonExport.h"
#include "ascend/Target/Profile/OpSummary.h"
#include "ascend/Trace/TraceReader.h"

#include "mlir/IR/AsmState.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <optional>
#include <thread>

using namespace mlir;
using namespace llvm;

namespace {
enum class EmitLevel { PyNative, MindSpore, AICore, MindIR, MindSporePython };
enum class MindIRKernels { Primitives, Custom };

static cl::OptionCategory ascendCompileOptions("ascend-compile options");
cl::opt<std::string> inputFilename(cl::Positional, cl::desc("<trace.pntrace>"),
                                   cl::Required, cl::cat(ascendCompileOptions));
cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                    cl::value_desc("filename"), cl::Required, cl::cat(ascendCompileOptions));
cl::opt<EmitLevel> emitLevel(
    "emit", cl::desc("Level to stop at"), cl::init(EmitLevel::MindIR),
    cl::values(
        clEnumValN(EmitLevel::PyNative, "pynative", "imported eager runs"),
        clEnumValN(EmitLevel::MindSpore, "mindspore", "GRAPH_MODE primitives"),
        clEnumValN(EmitLevel::AICore, "aicore", "tiled AI Core kernels"),
        clEnumValN(EmitLevel::MindIR, "mindir", "MindIR protobuf file"),
        clEnumValN(EmitLevel::MindSporePython, "mindspore-python",
                   "MindSpore nn.Cell (OUT.py) and checkpoint (OUT.ckpt)")),
    cl::cat(ascendCompileOptions));
cl::opt<bool> quiet("quiet", cl::desc("Do not print the summary"),
                    cl::init(false), cl::cat(ascendCompileOptions));
cl::opt<bool> printRemarks(
    "remarks",
    cl::desc("Print the compiler's remarks (e.g. why a fusion group or a "
             "MatMul did not become an AI Core kernel)"),
    cl::init(false), cl::cat(ascendCompileOptions));
cl::opt<std::string> chip("chip",
                          cl::desc("Target chip for AI Core tiling"),
                          cl::init("Ascend910B2"), cl::cat(ascendCompileOptions));
cl::opt<bool> keepUnsupported(
    "keep-unsupported",
    cl::desc("Keep eager ops without a mapping as mindspore.custom (with a "
             "warning) instead of failing"),
    cl::init(false), cl::cat(ascendCompileOptions));
cl::opt<ascend::MindIRExternalData> externalData(
    "mindir-external-data",
    cl::desc("Where the MindIR weights go"),
    cl::init(ascend::MindIRExternalData::Auto),
    cl::values(clEnumValN(ascend::MindIRExternalData::Auto, "auto",
                          "inline up to 1 GiB in total, external data files "
                          "(<stem>_variables/) above"),
               clEnumValN(ascend::MindIRExternalData::Always, "always",
                          "always in external data files"),
               clEnumValN(ascend::MindIRExternalData::Never, "never",
                          "always inline")),
    cl::cat(ascendCompileOptions));
cl::opt<MindIRKernels> mindirKernels(
    "mindir-kernels",
    cl::desc("How --emit=mindir writes the AI Core kernels"),
    cl::init(MindIRKernels::Primitives),
    cl::values(
        clEnumValN(MindIRKernels::Primitives, "primitives",
                   "each fusion group as its plain MindSpore primitives "
                   "(MindSpore fuses kernels itself)"),
        clEnumValN(MindIRKernels::Custom, "custom",
                   "each AI Core kernel as a MindSpore Custom op (func_type "
                   "aot, the kernel's aicore IR as MLIR bytecode) calling its "
                   "CPU build in <stem>_kernels.so beside OUT")),
    cl::cat(ascendCompileOptions));
cl::opt<std::string> mappingFile(
    "mapping-file",
    cl::desc("JSON file of user mappings from eager op names to mindspore ops"),
    cl::value_desc("file.json"), cl::init(""), cl::cat(ascendCompileOptions));
cl::opt<bool> graphOptimization(
    "graph-opt",
    cl::desc("Fold BatchNorm, fuse into Cube/Vector kernels and plan device "
             "memory at the mindspore level (--graph-opt=false skips them)"),
    cl::init(true), cl::cat(ascendCompileOptions));
cl::opt<int64_t> hbmBytes(
    "hbm-bytes",
    cl::desc("Device memory (HBM) available, bytes; 0: the chip's (64 GiB per "
             "910B die). A program whose planned peak exceeds it is refused"),
    cl::init(0), cl::cat(ascendCompileOptions));
cl::opt<std::string> fusionReportFile(
    "fusion-report",
    cl::desc("Write a CSV of the graph-level optimization: kernels and "
             "modeled GM bytes before and after fusion, the lower bound, and "
             "the planned peak device memory"),
    cl::value_desc("file.csv"), cl::init(""), cl::cat(ascendCompileOptions));
cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("Verify the imported program and the program after every pass "
             "(to find the pass that broke it); by default it is verified "
             "once, after the last pass"),
    cl::init(false), cl::cat(ascendCompileOptions));
cl::opt<std::string> reportFile(
    "report",
    cl::desc("Write the modeled msprof op summary of the compiled program: "
             "one row per kernel task in execution order (Op Name, OP Type, "
             "Task Type, Task Duration(us), Block Dim, shapes, pipe ratios, "
             "cube_utilization(%); see docs/KernelReport.md)"),
    cl::value_desc("file.csv"), cl::init(""), cl::cat(ascendCompileOptions));
cl::opt<std::string> timelineFile(
    "timeline",
    cl::desc("Write the modeled timeline of the compiled program as Chrome "
             "trace events (open in Perfetto or chrome://tracing): the task "
             "stream and the busy spans of each AI Core pipe"),
    cl::value_desc("file.json"), cl::init(""), cl::cat(ascendCompileOptions));

/// Counts `pynative.op`s (recorded eager ops) over all runs.
int64_t countRecordedOps(ModuleOp module) {
  int64_t n = 0;
  module.walk([&](Operation *op) {
    if (op->getName().getStringRef() == "pynative.op")
      ++n;
  });
  return n;
}

/// Graph ops: mindspore primitives and kernel launches (not parameters,
/// loads, constants or terminators).
int64_t countGraphOps(ModuleOp module) {
  int64_t n = 0;
  module.walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    if ((name.starts_with("mindspore.") && name != "mindspore.parameter" &&
         name != "mindspore.load" && name != "mindspore.constant" &&
         name != "mindspore.yield") ||
        name == "aicore.launch")
      ++n;
  });
  return n;
}

/// Weights (`mindspore.parameter`s and `pynative.parameter`s) of `module`
/// and their bytes.
std::pair<int64_t, int64_t> countWeights(ModuleOp module) {
  int64_t weights = 0, weightBytes = 0;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() != "mindspore.parameter" &&
        op->getName().getStringRef() != "pynative.parameter")
      return;
    ++weights;
    if (auto type = dyn_cast<TypeAttr>(op->getAttr("type")))
      if (auto shaped = dyn_cast<ShapedType>(type.getValue()))
        weightBytes += shaped.getNumElements() *
                       ascend::HostTensor::elementBytes(shaped.getElementType());
  });
  return {weights, weightBytes};
}

/// The nn.Cell class name for a trace: its file stem in CamelCase
/// (`branch_model.pntrace` -> `BranchModel`), a Python identifier.
std::string cellClassName(StringRef trace) {
  std::string name;
  bool upper = true;
  for (char c : sys::path::stem(trace)) {
    if (!isAlnum(c)) {
      upper = true;
      continue;
    }
    name += upper ? toUpper(c) : c;
    upper = false;
  }
  if (name.empty() || isDigit(name[0]))
    name = "Net" + name;
  return name;
}

/// Starts an `ascend-compile: error: ` line (ToolFiles.h).
raw_ostream &compileError() { return ascend::tools::error("ascend-compile"); }

/// Prints "[stage] what" progress lines to a terminal; quiet otherwise.
struct Progress {
  bool enabled = !quiet && sys::Process::StandardErrIsDisplayed();
  void stage(StringRef name, StringRef detail) {
    if (enabled)
      errs() << "[" << name << "] " << detail << "\n";
  }
};

/// Runs the pipeline built by `build` on `module`, honouring the
/// --mlir-print-ir-* options; with --mlir-timing its passes are timed under
/// `stage` in the compile's one timing report. The passes' output is
/// verified after each pass only with --verify-each (the caller verifies the
/// result once): at 100k ops a verification costs about as much as a pass.
LogicalResult
runPipeline(ModuleOp module,
            llvm::function_ref<void(OpPassManager &,
                              const ascend::AscendPipelineOptions &)>
                build,
            const ascend::AscendPipelineOptions &options, TimingScope &timing,
            StringRef stage) {
  PassManager pm(module.getContext());
  pm.enableVerifier(verifyEach);
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  TimingScope stageTiming = timing.nest(stage);
  pm.enableTiming(stageTiming);
  build(pm, options);
  return pm.run(module);
}

/// Verifies the pipeline's result, unless --verify-each verified it after
/// every pass already. The verifier's diagnostics name the op and the
/// problem; they mean a bug in a pass, which --verify-each narrows down.
LogicalResult verifyOutput(ModuleOp module, TimingScope &timing) {
  if (verifyEach)
    return success();
  TimingScope verifyTiming = timing.nest("Verify");
  return verify(module);
}

/// The one verification of the pipeline's result (verifyOutput), run on a
/// thread of its own while the caller writes the program to staged files
/// (both only read the IR): finish() waits for it. With --mlir-timing (which
/// times the two apart), --mlir-disable-threading or --verify-each it runs
/// in start() instead.
class OutputVerifier {
public:
  OutputVerifier(ModuleOp module, TimingScope &timing, bool timed)
      : module(module), timing(timing), timed(timed) {}
  OutputVerifier(const OutputVerifier &) = delete;
  ~OutputVerifier() {
    if (thread.joinable())
      thread.join();
  }

  /// Starts the verification; fails at once when it ran here and failed.
  LogicalResult start() {
    if (verifyEach || timed || !module.getContext()->isMultithreadingEnabled())
      return result = verifyOutput(module, timing);
    thread = std::thread([this] { result = verify(module); });
    return success();
  }
  /// Waits for the verification: its diagnostics name the op and the
  /// problem.
  LogicalResult finish() {
    if (thread.joinable())
      thread.join();
    return result;
  }

private:
  ModuleOp module;
  TimingScope &timing;
  bool timed;
  std::thread thread;
  LogicalResult result = success();
};

/// A file written in two steps: stage() writes it to a temporary file beside
/// its path, commit() renames that over the path. A staged file that is never
/// committed is removed, so a compile that fails after staging leaves the path
/// as it was.
class StagedFile {
public:
  StagedFile() = default;
  StagedFile(const StagedFile &) = delete;
  ~StagedFile() {
    if (temp)
      consumeError(temp->discard());
  }

  LogicalResult stage(StringRef path,
                      llvm::function_ref<LogicalResult(raw_ostream &)> write) {
    this->path = path.str();
    // A device such as /dev/null (or "-") is never replaced: its bytes are
    // held here and written to it by commit().
    if (path == "-" ||
        (sys::fs::exists(path) && !sys::fs::is_regular_file(path))) {
      direct.emplace();
      raw_string_ostream os(*direct);
      LogicalResult ok = write(os);
      if (failed(ok))
        direct.reset();
      return ok;
    }
    SmallString<128> model(path);
    model += ".tmp-%%%%%%";
    Expected<sys::fs::TempFile> created = sys::fs::TempFile::create(model);
    if (!created) {
      compileError() << "cannot create a temporary file beside '"
             << path << "': " << toString(created.takeError()) << "\n";
      return failure();
    }
    temp.emplace(std::move(*created));
    LogicalResult ok = success();
    {
      raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
      ok = write(os);
      os.flush();
      if (os.has_error()) {
        compileError() << "cannot write '" << path
               << "': " << os.error().message() << "\n";
        os.clear_error();
        ok = failure();
      }
    }
    if (failed(ok)) {
      consumeError(temp->discard());
      temp.reset();
    }
    return ok;
  }

  LogicalResult commit() {
    if (direct) {
      std::string bytes = std::move(*direct);
      direct.reset();
      std::error_code ec;
      raw_fd_ostream os(path, ec);
      if (!ec) {
        os << bytes;
        os.flush();
        ec = os.error();
        os.clear_error();
      }
      if (ec) {
        compileError() << "cannot write '" << path
               << "': " << ec.message() << "\n";
        return failure();
      }
      return success();
    }
    if (!temp)
      return success();
    Error e = temp->keep(path);
    temp.reset();
    if (e) {
      compileError() << "cannot write '" << path
             << "': " << toString(std::move(e)) << "\n";
      return failure();
    }
    return success();
  }

private:
  std::string path;
  std::optional<sys::fs::TempFile> temp;
  /// The bytes for a device, written by commit().
  std::optional<std::string> direct;
};

} // namespace

int main(int argc, char **argv) {
  mlir::ascend::tools::configureAllocator();
  InitLLVM y(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  ascend::registerAllPasses();
  registerTransformsPasses();
  cl::HideUnrelatedOptions(ascendCompileOptions);
  cl::ParseCommandLineOptions(
      argc, argv,
      "ascend-compile: eager trace to Ascend graph mode\n\n"
      "  Also accepted (MLIR): --mlir-timing, --mlir-print-ir-after-all,\n"
      "  --mlir-print-ir-before-all and the other --mlir-* pass manager and\n"
      "  printing options (see ascend-opt --help).\n");

  DialectRegistry registry;
  ascend::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  // Errors and warnings (ops kept by --keep-unsupported) print as
  // `file:line:col: error: ...` with the user's source line when the file is
  // readable, and `note: called from` for the frames of a call-site location.
  // Remarks (e.g. a matmul or a fusion group kept at the mindspore level) are
  // printed only with --remarks.
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler printDiagnostics(sourceMgr, &context);
  ScopedDiagnosticHandler dropRemarks(&context, [](Diagnostic &diag) {
    return success(diag.getSeverity() == DiagnosticSeverity::Remark &&
                   !printRemarks);
  });

  // --mlir-timing: one report for the whole compile (import, each stage's
  // passes, verification, output), printed when `timing` goes away.
  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope rootTiming = timing.getRootScope();
  // The op summary and the timeline describe the kernels of the compiled
  // program: there are none before the mindspore level.
  if ((!reportFile.empty() || !timelineFile.empty()) &&
      emitLevel == EmitLevel::PyNative) {
    compileError() << "--report and --timeline need a compiled "
              "program (an --emit level past pynative)\n";
    return 1;
  }

  // --emit=mindspore-python writes OUT.py and OUT.ckpt beside it: both paths
  // are checked before any work.
  SmallString<128> checkpointPath;
  if (emitLevel == EmitLevel::MindSporePython) {
    if (!reportFile.empty() || !timelineFile.empty() ||
        !fusionReportFile.empty()) {
      compileError() << "--report, --timeline and --fusion-report describe "
                        "kernels; --emit=mindspore-python writes the program "
                        "before fusion\n";
      return 1;
    }
    StringRef name = sys::path::filename(outputFilename);
    std::string stem = sys::path::stem(outputFilename).str();
    if (outputFilename == "-" || sys::path::extension(outputFilename) != ".py" ||
        stem.empty()) {
      compileError() << "--emit=mindspore-python writes a Python module and a "
                        "checkpoint beside it: -o must name a .py file, not '"
                     << outputFilename << "'\n";
      return 1;
    }
    (void)name;
    checkpointPath = outputFilename;
    sys::path::replace_extension(checkpointPath, ".ckpt");
    if (sys::fs::exists(checkpointPath) &&
        !sys::fs::is_regular_file(checkpointPath)) {
      compileError() << "the checkpoint '" << checkpointPath
                     << "' (beside '" << outputFilename
                     << "') exists and is not a regular file\n";
      return 1;
    }
  }

  // An output in a directory that does not exist is refused before any work,
  // so that a long compile does not end in an error it could have said first.
  for (const std::string &path :
       {outputFilename.getValue(), reportFile.getValue(),
        timelineFile.getValue(), fusionReportFile.getValue()}) {
    if (path.empty() || path == "-")
      continue;
    if (failed(ascend::tools::checkOutputDirectory("ascend-compile", path,
                                                   "compiled")))
      return 1;
  }

  TimingScope importTiming = rootTiming.nest("Import trace");
  // Shared with the module: the weights embedded in the trace stay in the
  // mapped file (their blobs point into it) on their way to the output.
  std::shared_ptr<MemoryBuffer> input =
      ascend::tools::openInput("ascend-compile", inputFilename);
  if (!input)
    return 1;
  // The imported module is verified when it is the output, or with
  // --verify-each; otherwise once, with what the passes made of it (the
  // importer builds ops that meet their verifiers, see importPyNativeTrace).
  OwningOpRef<ModuleOp> module = ascend::importPyNativeTrace(
      input, inputFilename, &context, &importTiming,
      /*verifyModule=*/verifyEach || emitLevel == EmitLevel::PyNative);
  if (!module)
    return 1;
  importTiming.stop();
  // The counts are for the progress lines and the summary: not made under
  // --quiet (each walks the whole program).
  int64_t recordedOps = quiet ? 0 : countRecordedOps(*module);
  int64_t runs = 0;
  for (Operation &op : module->getOps())
    runs += op.getName().getStringRef() == "pynative.trace";

  Progress progress;
  progress.stage("pynative", Twine(recordedOps).concat(" eager ops in ")
                                 .concat(Twine(runs)).concat(" run(s)")
                                 .str());
  ascend::AscendPipelineOptions options;
  options.chip = chip;
  options.keepUnsupported = keepUnsupported;
  options.mappingFile = mappingFile;
  if (emitLevel != EmitLevel::PyNative &&
      failed(runPipeline(*module, ascend::buildPyNativeToMindSporePipeline,
                         options, rootTiming, "pynative -> mindspore")))
    return 1;

  // The program before fusion as a MindSpore Cell and its checkpoint.
  if (emitLevel == EmitLevel::MindSporePython) {
    if (failed(verifyOutput(*module, rootTiming)))
      return 1;
    int64_t graphOps = quiet ? 0 : countGraphOps(*module);
    auto [weights0, weightBytes0] = countWeights(*module);
    ascend::MindSporePythonExportOptions pyOptions;
    pyOptions.className = cellClassName(inputFilename);
    pyOptions.checkpointFileName = sys::path::filename(checkpointPath).str();
    pyOptions.sourceName = inputFilename;
    std::string python, checkpoint;
    {
      raw_string_ostream py(python), ck(checkpoint);
      if (failed(ascend::exportMindSporePython(*module, py, ck, pyOptions)))
        return 1;
    }
    StagedFile pyFile, ckptFile;
    auto put = [](const std::string &bytes) {
      return [&bytes](raw_ostream &os) {
        os << bytes;
        return success();
      };
    };
    if (failed(ckptFile.stage(checkpointPath, put(checkpoint))) ||
        failed(pyFile.stage(outputFilename, put(python))) ||
        failed(ckptFile.commit()) || failed(pyFile.commit()))
      return 1;
    if (!quiet)
      errs() << "ascend-compile: " << inputFilename << ": " << recordedOps
             << " eager ops recorded in " << runs << " run(s), " << graphOps
             << " graph ops, " << weights0
             << (weights0 == 1 ? " weight (" : " weights (") << weightBytes0
             << " bytes) -> " << outputFilename << ", " << checkpointPath
             << "\n";
    (void)module.release();
    return 0;
  }

  // Graph-level optimization, with its figures for the summary line and
  // --fusion-report (the "before" figures only when asked for: each summary walks
  // the whole program). MindIR is written between its halves: after fusion
  // (each group a GraphKernel_ primitive, MindSpore's graph-kernel form),
  // before the device formats and the memory plan, which are the backend's
  // decisions (MindIR stays NCHW/ND). With --graph-opt=false it is the
  // unfused graph.
  // Primitives as converted, before the graph-level optimization groups them.
  int64_t graphOps = quiet ? 0 : countGraphOps(*module);
  ascend::mindspore::KernelSummary beforeFusion, afterFusion;
  bool optimize = emitLevel != EmitLevel::PyNative && graphOptimization;
  if (optimize) {
    if (!fusionReportFile.empty())
      beforeFusion = ascend::mindspore::summarizeKernels(*module);
    options.hbmBytes = hbmBytes;
    if (failed(runPipeline(*module, ascend::buildGraphFusionPipeline, options,
                           rootTiming, "Graph fusion")))
      return 1;
  }
  if (emitLevel != EmitLevel::PyNative)
    progress.stage("mindspore", Twine(graphOps).concat(" graph ops").str());
  // MindIR is written from the module as it is here, verified once (the
  // passes before were not verified one by one, see runPipeline), to staged
  // files that are renamed into place once the whole compile succeeded; the
  // later stages then continue on the same module (no copy of the program).
  // Runs of several input shapes give one entry per signature (@main,
  // @main_1, ...); MindIR holds one main graph, so each gets its own file:
  // OUT for @main, OUT's stem + "_<k>.mindir" for @main_<k>.
  SmallVector<std::pair<std::string, std::string>> mindirFiles; // func, path
  std::vector<std::unique_ptr<StagedFile>> stagedMindIR;
  std::vector<ascend::MindIRStagedExternalData> stagedExternalData;
  int64_t weights = 0, weightBytes = 0;
  // Verified while MindIR is written (OutputVerifier), before the device
  // planning changes the module.
  OutputVerifier verifyBeforeMindIR(*module, rootTiming, timing.isEnabled());
  // --mindir-kernels=custom writes MindIR after the aicore pipeline: each
  // launch a Custom op calling its kernel in the library beside OUT.
  bool customKernels = emitLevel == EmitLevel::MindIR &&
                       mindirKernels == MindIRKernels::Custom;
  auto writeMindIR = [&](const ascend::MindIRCustomKernels *custom) {
    if (!quiet)
      std::tie(weights, weightBytes) = countWeights(*module);
    for (auto f : module->getOps<func::FuncOp>()) {
      StringRef name = f.getName();
      if (name == "main") {
        mindirFiles.insert(mindirFiles.begin(), {"main", outputFilename});
        continue;
      }
      SmallString<128> path(outputFilename);
      sys::path::replace_extension(path, "");
      path += (Twine("_") + name.drop_front(strlen("main_")) + ".mindir").str();
      mindirFiles.push_back({name.str(), std::string(path)});
    }
    progress.stage("mindir", "writing " + outputFilename);
    TimingScope mindirTiming = rootTiming.nest("Output");
    for (auto &[funcName, path] : mindirFiles) {
      // The module with only this entry, renamed to @main: with @main the
      // only entry, that is the module itself (no copy of the program
      // needed).
      OwningOpRef<ModuleOp> single;
      ModuleOp entryModule = *module;
      if (mindirFiles.size() > 1 || funcName != "main") {
        single = module->clone();
        for (auto f :
             llvm::make_early_inc_range(single->getOps<func::FuncOp>()))
          if (f.getName() != funcName)
            f.erase();
        (*single->getOps<func::FuncOp>().begin()).setName("main");
        entryModule = *single;
      }
      auto &file = stagedMindIR.emplace_back(std::make_unique<StagedFile>());
      auto &data = stagedExternalData.emplace_back();
      if (failed(file->stage(path, [&](raw_ostream &os) {
            ascend::MindIRExportOptions options;
            options.externalData = externalData;
            options.outputPath = path;
            options.customKernels = custom;
            // Like the IR (see the end of main), the model's memory is
            // returned at exit.
            options.freeModelMemory = false;
            return ascend::exportMindIR(entryModule, os, options, data);
          })))
        return failure();
    }
    return success();
  };
  if (emitLevel == EmitLevel::MindIR && !customKernels) {
    if (failed(verifyBeforeMindIR.start()))
      return 1;
    if (failed(writeMindIR(nullptr)))
      return 1;
  }
  if (failed(verifyBeforeMindIR.finish()))
    return 1;
  // MindIR (without --mindir-kernels=custom) is written from the mindspore
  // level above: the aicore lowering after it only feeds what is asked for
  // beside it (the summary line's AI Core kernel count, --report,
  // --timeline). Under --quiet with none of those it is not run. The device
  // planning still runs: it checks the program fits the device memory
  // (--hbm-bytes), which fails the compile.
  bool mindirOnly = emitLevel == EmitLevel::MindIR && !customKernels && quiet &&
                    reportFile.empty() && timelineFile.empty();
  bool lowerToAICore = emitLevel == EmitLevel::AICore ||
                       (emitLevel == EmitLevel::MindIR && !mindirOnly);
  if (optimize) {
    if (failed(
            runPipeline(*module, ascend::buildDevicePlanningPipeline, options,
                        rootTiming, "Device planning")))
      return 1;
    // For --fusion-report and the summary line (both off under --quiet
    // without a fusion report).
    if (!fusionReportFile.empty() || !quiet)
      afterFusion = ascend::mindspore::summarizeKernels(*module);
  }
  std::string fusionReportText;
  if (!fusionReportFile.empty()) {
    if (!optimize) {
      compileError() << "--fusion-report needs the graph-level "
                "optimization (an --emit level past pynative, without "
                "--graph-opt=false)\n";
      return 1;
    }
    int64_t peak = 0;
    for (auto f : module->getOps<func::FuncOp>())
      if (auto memory =
              f->getAttrOfType<DictionaryAttr>("mindspore.device_memory"))
        if (auto bytes = memory.getAs<IntegerAttr>("peak_bytes"))
          peak = std::max(peak, bytes.getInt());
    // The device memory plan is made after fusion: its peak is on that row.
    auto row = [&](raw_ostream &os, StringRef stage,
                   const ascend::mindspore::KernelSummary &s, bool planned) {
      os << stage << "," << s.kernels << "," << s.hbmBytes << ","
         << s.lowerBoundBytes << ",";
      os << format("%.3f", s.lowerBoundBytes
                               ? double(s.hbmBytes) / s.lowerBoundBytes
                               : 0.0)
         << ",";
      if (planned)
        os << peak;
      os << "\n";
    };
    // Staged with the other files, once the program verified, and kept
    // after the output is written.
    llvm::raw_string_ostream os(fusionReportText);
    os << "Stage,Kernels,HBM Bytes,HBM Lower Bound Bytes,"
          "HBM / Lower Bound,Peak Device Memory Bytes\n";
    row(os, "before fusion", beforeFusion, false);
    row(os, "after fusion", afterFusion, true);
  }

  int64_t kernels = 0;
  if (lowerToAICore) {
    if (failed(runPipeline(*module, ascend::buildMindSporeToAICorePipeline,
                           options, rootTiming, "mindspore -> aicore")))
      return 1;
    // Kernels are symbols of the module.
    for (Operation &op : module->getOps())
      kernels += op.getName().getStringRef() == "aicore.kernel";
  }

  // --mindir-kernels=custom: the kernel library (staged: built in a
  // temporary directory, then copied to its staged file), then the MindIR
  // files naming it.
  StagedFile stagedLibrary;
  ascend::MindIRCustomKernels custom;
  if (customKernels) {
    if (outputFilename == "-") {
      compileError() << "--mindir-kernels=custom writes the kernel library "
                        "beside the MindIR file: it needs -o FILE\n";
      return 1;
    }
    if (failed(verify(*module)))
      return 1;
    SmallString<256> libraryPath(outputFilename);
    sys::path::replace_extension(libraryPath, "");
    libraryPath += "_kernels.so";
    if (std::error_code ec = sys::fs::make_absolute(libraryPath)) {
      compileError() << "cannot make '" << libraryPath
                     << "' absolute: " << ec.message() << "\n";
      return 1;
    }
    // MindSpore splits func_name "<library>:<function>" at its first ':'.
    if (StringRef(libraryPath).contains(':')) {
      compileError() << "--mindir-kernels=custom: the kernel library path '"
                     << libraryPath
                     << "' contains ':', which MindSpore's Custom func_name "
                        "(\"<library>:<function>\") cannot hold\n";
      return 1;
    }
    progress.stage("kernels", "building " + libraryPath.str().str());
    SmallString<128> built;
    if (std::error_code ec =
            sys::fs::createTemporaryFile("ascend-kernels", "so", built)) {
      compileError() << "cannot create a temporary file: " << ec.message()
                     << "\n";
      return 1;
    }
    auto removeBuilt = llvm::make_scope_exit([&] { sys::fs::remove(built); });
    FailureOr<ascend::CPUKernelLibrary> library;
    {
      TimingScope libraryTiming = rootTiming.nest("Kernel library");
      library = ascend::buildCPUKernelLibrary(*module, built);
    }
    if (failed(library))
      return 1;
    custom.libraryPath = std::string(libraryPath);
    custom.fingerprint = library->fingerprint;
    for (auto &[name, kernel] : library->kernels)
      custom.kernels[name] = {kernel.function, kernel.bytecode};
    if (failed(stagedLibrary.stage(libraryPath, [&](raw_ostream &os) {
          auto bytes = MemoryBuffer::getFile(built, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
          if (!bytes) {
            compileError() << "cannot read the built kernel library '"
                           << built << "': " << bytes.getError().message()
                           << "\n";
            return failure();
          }
          os << (*bytes)->getBuffer();
          return success();
        })))
      return 1;
    if (failed(writeMindIR(&custom)))
      return 1;
  }

  // The kernel tasks of the compiled program (the module at the level
  // emitted: aicore for --emit=aicore and mindir), for --report and
  // --timeline; modeled before any file is written.
  std::vector<ascend::profile::KernelTask> tasks;
  const ascend::aicore::AICoreTarget *target = nullptr;
  if (!reportFile.empty() || !timelineFile.empty()) {
    target = ascend::mindspore::lookupChipOrError(*module, chip);
    if (!target)
      return 1;
    FailureOr<std::vector<ascend::profile::KernelTask>> collected =
        ascend::profile::collectKernelTasks(*module, *target);
    if (failed(collected))
      return 1;
    tasks = std::move(*collected);
  }

  if (emitLevel != EmitLevel::MindIR && !quiet)
    std::tie(weights, weightBytes) = countWeights(*module);

  if (emitLevel == EmitLevel::AICore || emitLevel == EmitLevel::MindIR)
    progress.stage("aicore", Twine(kernels)
                                 .concat(kernels == 1 ? " AI Core kernel"
                                                      : " AI Core kernels")
                                 .str());
  // The importer verified a pynative-level module; what the passes made is
  // verified once, here, while the program is printed to its staged file
  // (OutputVerifier; or after every pass with --verify-each; MindIR's module
  // was verified while it was exported). The file is renamed into place only
  // once the program verified.
  OutputVerifier verifyPrinted(*module, rootTiming, timing.isEnabled());
  if (emitLevel != EmitLevel::MindIR && emitLevel != EmitLevel::PyNative &&
      failed(verifyPrinted.start()))
    return 1;
  std::array<StagedFile, 3> staged;
  if (!fusionReportFile.empty() &&
      failed(staged[2].stage(fusionReportFile, [&](raw_ostream &os) {
        os << fusionReportText;
        return success();
      })))
    return 1;
  if (!reportFile.empty() &&
      failed(staged[0].stage(reportFile, [&](raw_ostream &os) {
        ascend::profile::writeOpSummary(tasks, os);
        return success();
      })))
    return 1;
  if (!timelineFile.empty() &&
      failed(staged[1].stage(timelineFile, [&](raw_ostream &os) {
        ascend::profile::writeTraceEvents(tasks, *target, os);
        return success();
      })))
    return 1;
  LogicalResult written = success();
  if (emitLevel != EmitLevel::MindIR) {
    TimingScope outputTiming = rootTiming.nest("Output");
    StagedFile output;
    written = output.stage(outputFilename, [&](raw_ostream &os) {
      // Verified (or being verified): the printer need not verify it again.
      module->print(os, OpPrintingFlags().assumeVerified());
      return success();
    });
    // A program that does not verify is not written (the staged file is
    // removed).
    if (failed(verifyPrinted.finish()))
      return 1;
    if (succeeded(written))
      written = output.commit();
  }
  // The kernel library, then the MindIR files (staged above), each after
  // its external data directory, as exportMindIR itself orders them.
  if (succeeded(written) && customKernels)
    written = stagedLibrary.commit();
  for (auto [file, data] : llvm::zip(stagedMindIR, stagedExternalData)) {
    if (failed(written))
      break;
    written = data.commit();
    if (succeeded(written))
      written = file->commit();
  }
  // The reports and the timeline were staged before the program was
  // written and are renamed into place after it: a compile that fails leaves
  // none of them.
  if (failed(written))
    return 1;
  for (StagedFile &file : staged)
    if (failed(file.commit()))
      return 1;
  if (!quiet) {
    errs() << "ascend-compile: " << inputFilename << ": " << recordedOps
           << " eager ops recorded in " << runs << " run(s)";
    if (emitLevel != EmitLevel::PyNative)
      errs() << ", " << graphOps << " graph ops";
    if (emitLevel != EmitLevel::PyNative && graphOptimization)
      errs() << " in " << afterFusion.kernels
             << (afterFusion.kernels == 1 ? " kernel" : " kernels")
             << " after fusion";
    if (emitLevel == EmitLevel::AICore || emitLevel == EmitLevel::MindIR)
      errs() << ", " << kernels
             << (kernels == 1 ? " AI Core kernel" : " AI Core kernels");
    errs() << ", " << weights << (weights == 1 ? " weight (" : " weights (")
           << weightBytes << " bytes)";
    errs() << " -> " << outputFilename;
    for (size_t i = 1; i < mindirFiles.size(); ++i)
      errs() << ", " << mindirFiles[i].second;
    if (customKernels)
      errs() << ", " << custom.kernels.size()
             << (custom.kernels.size() == 1 ? " kernel in " : " kernels in ")
             << custom.libraryPath;
    errs() << "\n";
  }
  // The process ends here: the OS takes the IR back at once, destroying it
  // op by op would cost about 1% of a 100k-op compile.
  (void)module.release();
  return 0;
}
