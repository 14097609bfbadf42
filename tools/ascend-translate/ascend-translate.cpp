//===- ascend-translate.cpp - trace import and MindIR export --------------===//
//
// mlir-translate with ascend-opt's translations: --import-pynative-trace
// (.pntrace -> pynative dialect) and --export-mindir (mindspore -> .mindir).
// The imports (--import-pynative-trace, --import-mindir) and --export-mindir
// run through a direct driver (below) when given only the options it knows;
// it adds --emit-bytecode, --disable-output and phase timings (--mlir-timing).
//
// The output named by -o is written to a temporary file beside it and renamed
// over it only on success, so a failed translation leaves an existing output
// file as it was (mlir-translate itself truncates it first). MindIR external
// weight data (a `<stem>_variables` directory beside the output) is likewise
// written to a temporary directory and moved into place at the end of the
// export.
//
//===----------------------------------------------------------------------===//
#include "ToolAllocator.h"
#include "ToolFiles.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "ascend/InitAll.h"
#include "ascend/Target/MindIR/MindIRExport.h"
#include "ascend/Target/MindIR/MindIRImport.h"
#include "ascend/Trace/TraceReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/ParseUtilities.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace {
constexpr llvm::StringLiteral kTool = "ascend-translate";
namespace tools = mlir::ascend::tools;

/// Passes writes on to `out`, large ones (weight blobs in MLIR bytecode) in
/// slices of 128 KiB: each slice of a mapped input is faulted in just before
/// the kernel copies it, while it is still in the CPU cache (one write of a
/// whole blob runs about twice as slow).
class SlicedOutput : public llvm::raw_ostream {
public:
  explicit SlicedOutput(llvm::raw_ostream &out)
      : llvm::raw_ostream(/*unbuffered=*/true), out(out) {}

private:
  static constexpr size_t kSlice = size_t(128) << 10;
  void write_impl(const char *data, size_t size) override {
    if (size <= kSlice) {
      out.write(data, size);
      return;
    }
    for (size_t at = 0; at < size; at += kSlice)
      out.write(data + at, std::min(kSlice, size - at));
  }
  uint64_t current_pos() const override { return out.tell(); }

  llvm::raw_ostream &out;
};

/// Whether `args` ask for one translation the direct driver below runs
/// (--import-pynative-trace, --import-mindir, --export-mindir) with only
/// options it knows (-o, --emit-bytecode, --disable-output, --mindir-*,
/// --pynative-*, --mlir-*); anything else (--verify-diagnostics,
/// --split-input-file, --export-pynative-trace, --help, ...) goes through
/// mlir-translate's driver.
bool wantsDirectDriver(const std::vector<std::string> &args) {
  int translations = 0;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (a.size() < 2 || a[0] != '-')
      continue; // the input file, or "-" (stdin)
    std::string name = a.substr(a[1] == '-' ? 2 : 1);
    name = name.substr(0, name.find('='));
    if (name == "export-mindir" || name == "import-mindir" ||
        name == "import-pynative-trace")
      ++translations;
    else if (name == "o")
      i += a.find('=') == std::string::npos; // its value follows
    else if (name != "emit-bytecode" && name != "disable-output" &&
             name.rfind("mindir-", 0) != 0 &&
             name.rfind("pynative-", 0) != 0 && name.rfind("mlir-", 0) != 0)
      return false;
  }
  return translations == 1;
}

/// --export-mindir / --import-mindir run directly rather than through
/// mlir-translate's driver, which copies the whole input into memory before
/// translating: weights stay in the mapped input file (MLIR bytecode
/// resources on export, external data files on import), so a model with
/// gigabytes of weights costs about their size in memory, not a multiple.
/// The imports can also write MLIR bytecode (`--emit-bytecode`), where the
/// weights are raw bytes instead of twice as many hex digits, or nothing
/// (`--disable-output`: read, import and verify only, e.g. to check a trace
/// file or to time the import). `--mlir-timing` reports the phases: reading
/// the input, the import (for a trace: parsing and building the IR, then
/// verifying it), and writing the output.
int runDirect(int argc, char **argv) {
  namespace cl = llvm::cl;
  static cl::opt<std::string> inputFilename(cl::Positional,
                                            cl::desc("<input file>"),
                                            cl::init("-"));
  static cl::opt<std::string> outputFilename(
      "o", cl::desc("Output filename"), cl::value_desc("filename"),
      cl::init("-"));
  static cl::opt<bool> exportMindIR(
      "export-mindir",
      cl::desc("mindspore dialect (MLIR text or bytecode) to a MindIR file"));
  static cl::opt<bool> importMindIR(
      "import-mindir", cl::desc("MindIR file to the mindspore dialect"));
  static cl::opt<bool> importTrace(
      "import-pynative-trace",
      cl::desc("eager trace (.pntrace) to the pynative dialect"));
  static cl::opt<bool> emitBytecode(
      "emit-bytecode",
      cl::desc("--import-mindir, --import-pynative-trace: write MLIR "
               "bytecode instead of text"));
  static cl::opt<bool> disableOutput(
      "disable-output",
      cl::desc("--import-mindir, --import-pynative-trace: read, import and "
               "verify, write nothing"));
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "ascend-translate: trace import and MindIR "
                              "export\n");
  if ((emitBytecode || disableOutput) && !importMindIR && !importTrace) {
    tools::error(kTool) << "--emit-bytecode and --disable-output "
                    "apply to --import-mindir and --import-pynative-trace "
                    "only\n";
    return 1;
  }
  if (disableOutput && outputFilename.getNumOccurrences()) {
    tools::error(kTool) << "--disable-output writes nothing; "
                    "drop -o\n";
    return 1;
  }

  mlir::DefaultTimingManager timingManager;
  mlir::applyDefaultTimingManagerCLOptions(timingManager);
  mlir::TimingScope timing = timingManager.getRootScope();

  mlir::DialectRegistry registry;
  if (importTrace)
    registry.insert<mlir::ascend::pynative::PyNativeDialect>();
  else
    registry.insert<mlir::ascend::mindspore::MindSporeDialect,
                    mlir::func::FuncDialect>();
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string error;
  mlir::TimingScope readTiming = timing.nest("Read input");
  std::unique_ptr<llvm::MemoryBuffer> input =
      tools::openInput(kTool, inputFilename);
  if (!input)
    return 1;
  readTiming.stop();
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
  std::unique_ptr<llvm::ToolOutputFile> output;
  if (!disableOutput) {
    output = mlir::openOutputFile(outputFilename, &error);
    if (!output) {
      // "cannot open output file '<path>': <reason>".
      tools::error(kTool) << error << "\n";
      return 1;
    }
  }

  if (exportMindIR) {
    mlir::ParserConfig config(&context);
    mlir::OwningOpRef<mlir::Operation *> op =
        mlir::parseSourceFileForTool(sourceMgr, config,
                                     /*insertImplicitModule=*/true);
    if (!op || mlir::failed(mlir::verify(*op)))
      return 1;
    // With an implicit module, the top-level op is always a module.
    auto module = llvm::cast<mlir::ModuleOp>(*op);
    // The other entries of a program of several input shapes (@main_<k>,
    // as ascend-compile and --import-mindir name them) go to OUT's stem +
    // "_<k>.mindir", each a module of that entry renamed @main.
    std::vector<mlir::OwningOpRef<mlir::ModuleOp>> entries;
    std::vector<std::string> entryPaths;
    for (auto f : module.getOps<mlir::func::FuncOp>()) {
      llvm::StringRef k = f.getName();
      unsigned index;
      if (!k.consume_front("main_") || k.getAsInteger(10, index))
        continue;
      if (outputFilename == "-" ||
          mlir::ascend::mindirExportOptionsFromCommandLine()
              .outputPath.empty()) {
        mlir::emitError(f.getLoc())
            << "@" << f.getName()
            << " is another entry of the program: it is written to OUT's "
               "stem + \"_" << k << ".mindir\", which needs -o OUT.mindir";
        return 1;
      }
      // The final path (-o's value; outputFilename is a temporary beside it).
      std::string finalPath =
          mlir::ascend::mindirExportOptionsFromCommandLine().outputPath;
      llvm::StringRef out = finalPath;
      std::string path = (out.drop_back(llvm::sys::path::extension(out).size()) +
                          "_" + k + ".mindir")
                             .str();
      entryPaths.push_back(path);
      mlir::OwningOpRef<mlir::ModuleOp> single = module.clone();
      std::string name = f.getName().str();
      for (auto g : llvm::make_early_inc_range(
               single->getOps<mlir::func::FuncOp>()))
        if (g.getName() != name)
          g.erase();
      (*single->getOps<mlir::func::FuncOp>().begin()).setName("main");
      entries.push_back(std::move(single));
    }
    if (!entries.empty()) {
      // @main alone in OUT.
      mlir::OwningOpRef<mlir::ModuleOp> mainOnly = module.clone();
      for (auto g : llvm::make_early_inc_range(
               mainOnly->getOps<mlir::func::FuncOp>()))
        if (g.getName() != "main")
          g.erase();
      entries.insert(entries.begin(), std::move(mainOnly));
    }
    if (mlir::failed(mlir::ascend::exportMindIR(
            entries.empty() ? module : *entries.front(), output->os(),
            mlir::ascend::mindirExportOptionsFromCommandLine())))
      return 1;
    for (size_t i = 1; i < entries.size(); ++i) {
      std::string err;
      auto file = mlir::openOutputFile(entryPaths[i - 1], &err);
      if (!file) {
        tools::error(kTool) << err << "\n";
        return 1;
      }
      mlir::ascend::MindIRExportOptions options =
          mlir::ascend::mindirExportOptionsFromCommandLine();
      options.outputPath = entryPaths[i - 1];
      if (mlir::failed(mlir::ascend::exportMindIR(*entries[i], file->os(),
                                                  options)))
        return 1;
      file->keep();
    }
  } else {
    const llvm::MemoryBuffer *buffer =
        sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
    mlir::OwningOpRef<mlir::ModuleOp> module;
    if (importTrace) {
      // Times its own phases (parse and build, verify).
      module = mlir::ascend::importPyNativeTrace(
          buffer->getBuffer(), buffer->getBufferIdentifier(), &context,
          &timing);
    } else {
      mlir::TimingScope importTiming = timing.nest("Import");
      module = mlir::ascend::importMindIRWithEntries(
          buffer->getBuffer(), buffer->getBufferIdentifier(), &context,
          mlir::ascend::mindirImportOptionsFromCommandLine());
    }
    if (!module)
      return 1;
    // The process ends after this: the module is not destroyed op by op
    // (for a trace of a million events that is 7% of the import's time),
    // as clang skips freeing its AST.
    mlir::ModuleOp imported = module.release();
    llvm::BuryPointer(imported.getOperation());
    if (disableOutput)
      return 0;
    mlir::TimingScope outputTiming = timing.nest("Output");
    if (emitBytecode) {
      SlicedOutput sliced(output->os());
      if (mlir::failed(mlir::writeBytecodeToFile(imported, sliced)))
        return 1;
    } else {
      imported->print(output->os());
    }
  }
  output->os().flush();
  if (output->os().has_error()) {
    tools::error(kTool) << "cannot write '" << outputFilename
                 << "': " << output->os().error().message() << "\n";
    output->os().clear_error();
    return 1;
  }
  output->keep();
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  mlir::ascend::tools::configureAllocator();
  mlir::ascend::registerAllTranslations();

  // Find the output path (-o X, -o=X, --o X) and substitute a temporary one.
  std::vector<std::string> args(argv, argv + argc);
  std::string output, temporary;
  for (size_t i = 1; i < args.size(); ++i) {
    std::string &a = args[i];
    bool separate = (a == "-o" || a == "--o") && i + 1 < args.size();
    bool joined = a.rfind("-o=", 0) == 0 || a.rfind("--o=", 0) == 0;
    if (!separate && !joined)
      continue;
    std::string &value = separate ? args[i + 1] : a;
    size_t prefix = separate ? 0 : a.find('=') + 1;
    output = value.substr(prefix);
    // --export-mindir writes external weight data beside the final file.
    mlir::ascend::setMindIRTranslationOutputPath(output);
    // Only a regular file (or a new one) is replaced atomically; a device
    // such as /dev/null or a pipe is written directly.
    if (output == "-" || (llvm::sys::fs::exists(output) &&
                          !llvm::sys::fs::is_regular_file(output)))
      break;
    if (mlir::failed(
            tools::checkOutputDirectory(kTool, output, "translated")))
      return 1;
    mlir::FailureOr<std::string> created =
        tools::createTemporaryBeside(kTool, output);
    if (mlir::failed(created))
      return 1;
    temporary = *created;
    value = value.substr(0, prefix) + temporary;
    break;
  }
  // The input file (the one argument that is not an option or -o's value;
  // as wantsDirectDriver reads the command line) is opened here first, so
  // that mlir-translate's driver too reports a missing or unreadable input
  // in the tools' words (ToolFiles.h).
  {
    std::vector<llvm::StringRef> positional;
    for (size_t i = 1; i < args.size(); ++i) {
      llvm::StringRef a = args[i];
      if (a == "-o" || a == "--o")
        ++i;
      else if (!a.starts_with("-"))
        positional.push_back(a);
    }
    if (positional.size() == 1 && !tools::openInput(kTool, positional[0]))
      return 1;
  }
  std::vector<char *> newArgv;
  for (std::string &a : args)
    newArgv.push_back(a.data());

  bool ok = wantsDirectDriver(args)
                ? runDirect((int)newArgv.size(), newArgv.data()) == 0
                : mlir::succeeded(mlir::mlirTranslateMain(
                      (int)newArgv.size(), newArgv.data(),
                      "ascend-translate: trace import and MindIR export\n"));
  if (temporary.empty())
    return ok ? 0 : 1;
  return mlir::succeeded(tools::commitTemporary(kTool, temporary, output, ok))
             ? 0
             : 1;
}
