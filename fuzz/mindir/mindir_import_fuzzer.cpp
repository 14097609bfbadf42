//===- mindir_import_fuzzer.cpp - libFuzzer target for MindIR import ------===//
//
// Feeds each input to importMindIR as the bytes of a .mindir file; when the
// import succeeds, exports the module again (inline weights, to memory). Any
// crash, sanitizer report, leak or timeout is a bug: malformed files must be
// refused with a diagnostic. Diagnostics are swallowed. External data
// locations resolve inside an empty directory, so inputs never read files of
// the machine. Build and run: fuzz/mindir/README.md.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Target/MindIR/MindIRExport.h"
#include "ascend/Target/MindIR/MindIRImport.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {
/// An empty directory that external data locations are relative to.
const std::string &emptyDataDir() {
  static const std::string dir = [] {
    llvm::SmallString<128> path;
    if (llvm::sys::fs::createUniqueDirectory("mindir-fuzz-data", path)) {
      llvm::errs() << "mindir-import-fuzzer: cannot create a temporary "
                      "directory\n";
      std::abort();
    }
    return std::string(path);
  }();
  return dir;
}

DialectRegistry &registry() {
  static DialectRegistry r = [] {
    DialectRegistry reg;
    reg.insert<ascend::mindspore::MindSporeDialect, func::FuncDialect>();
    return reg;
  }();
  return r;
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  emptyDataDir();
  std::atexit([] { llvm::sys::fs::remove(emptyDataDir()); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext context(registry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler swallow(&context,
                                  [](Diagnostic &) { return success(); });
  ascend::MindIRImportOptions options;
  options.externalDataDir = emptyDataDir();
  OwningOpRef<ModuleOp> module = ascend::importMindIR(
      llvm::StringRef(reinterpret_cast<const char *>(data), size),
      "fuzz.mindir", &context, options);
  if (!module)
    return 0;
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  ascend::MindIRExportOptions exportOptions;
  exportOptions.externalData = ascend::MindIRExternalData::Never;
  (void)ascend::exportMindIR(*module, os, exportOptions);
  return 0;
}
