//===- TraceReaderFuzzer.cpp - libFuzzer target for the trace reader ------===//
//
// Feeds arbitrary bytes to every entry point of lib/Trace that reads a trace
// file: the import into the pynative dialect (which verifies what it built)
// and the readers of recorded runs and parameters. A crash, a sanitizer report
// or a module that fails verification after a successful import is a bug;
// rejecting the input with a diagnostic is the expected outcome for most
// inputs. Diagnostics are swallowed. Build and run: docs/Fuzzing.md.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "ascend/Trace/TraceReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <cstdint>
#include <cstdlib>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A fresh context per input: attributes and types made from one input do
  // not pile up over a long run.
  MLIRContext context(MLIRContext::Threading::DISABLED);
  context.loadDialect<ascend::pynative::PyNativeDialect>();
  ScopedDiagnosticHandler quiet(&context, [](Diagnostic &) { return success(); });
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  // The weights file of "fuzz.pntrace" does not exist: a value that refers
  // to it must be rejected with a diagnostic.
  llvm::StringRef name = "/nonexistent/fuzz.pntrace";
  if (OwningOpRef<ModuleOp> module =
          ascend::importPyNativeTrace(bytes, name, &context))
    if (failed(verify(*module)))
      std::abort(); // the importer returned an invalid module
  (void)ascend::readRecordedRuns(bytes, name, &context);
  (void)ascend::readRecordedParameters(bytes, name, &context);
  return 0;
}
