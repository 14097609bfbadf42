//===- ascend-mindir-import-batch.cpp - import many MindIR files ----------===//
//
// Test-only tool: runs importMindIR on every file named on the command line
// (or listed, one per line, in the file after `--list`), each in a fresh
// MLIRContext, and prints one line per file: `ok <path>` or
// `error <path>: <first diagnostic>` (flushed per file, so the last line names
// the file before a crash), then a summary line
// `imported N refused M` (each refusal had a message). Exits 0 when every
// file either imported or was refused with a message, 1 when a refusal came
// without one. A crash kills the process, which the test sees as a signal.
//
//===----------------------------------------------------------------------===//
#include "ascend/Target/MindIR/MindIRImport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace mlir;

static llvm::cl::list<std::string> inputs(llvm::cl::Positional,
                                          llvm::cl::desc("<file.mindir>..."));
static llvm::cl::opt<std::string>
    listFile("list", llvm::cl::desc("file listing .mindir paths, one a line"),
             llvm::cl::init(""));
static llvm::cl::opt<bool>
    quiet("quiet", llvm::cl::desc("print only refusals and the summary"),
          llvm::cl::init(false));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "import many MindIR files (test tool)\n");
  std::vector<std::string> paths(inputs.begin(), inputs.end());
  if (!listFile.empty()) {
    auto list = llvm::MemoryBuffer::getFile(listFile);
    if (!list) {
      llvm::errs() << "cannot read '" << listFile << "'\n";
      return 2;
    }
    llvm::SmallVector<llvm::StringRef> lines;
    (*list)->getBuffer().split(lines, '\n', -1, false);
    for (llvm::StringRef line : lines)
      if (!line.trim().empty())
        paths.push_back(line.trim().str());
  }

  int imported = 0, refused = 0, silent = 0;
  for (const std::string &path : paths) {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!buffer) {
      llvm::errs() << "cannot read '" << path << "'\n";
      return 2;
    }
    MLIRContext context;
    std::string message;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      if (message.empty() && diag.getSeverity() == DiagnosticSeverity::Error)
        message = diag.str();
      return success();
    });
    OwningOpRef<ModuleOp> module =
        ascend::importMindIR((*buffer)->getBuffer(), path, &context);
    if (module) {
      ++imported;
      // Print it too: the printer must cope with whatever was imported.
      llvm::raw_null_ostream sink;
      module->print(sink);
      if (!quiet)
        llvm::outs() << "ok " << path << "\n";
      llvm::outs().flush();
      continue;
    }
    ++refused;
    if (message.empty()) {
      ++silent;
      llvm::outs() << "error " << path << ": (no message)\n";
      continue;
    }
    llvm::outs() << "error " << path << ": " << message << "\n";
    llvm::outs().flush();
  }
  llvm::outs() << "imported " << imported << " refused " << refused << "\n";
  return silent ? 1 : 0;
}
