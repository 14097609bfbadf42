//===- TraceImport.cpp - .pntrace files to the pynative dialect -----------===//
//
// Reads the recorder's protobuf (lib/Trace/PyNativeTrace.proto) and builds one
// pynative.trace per run. Every malformed input is reported with the file, the
// run and event index, and what is wrong; nothing is returned on failure.
//
// The driver of the importer's layers, each in its own file with its own
// tests (unittests/Trace):
//   TraceFile.h            the trace file: read, split, format version,
//                          the weights file, checked values
//   TraceWireDecoder.h     the protobuf wire, decoded into views
//   TraceEventPrefetcher.h a run's events decoded ahead (second thread)
//   TraceIRBuilder.h       events to pynative ops
//
//===----------------------------------------------------------------------===//
#include "TraceFile.h"
#include "TraceIRBuilder.h"
#include "ascend/Trace/TraceReader.h"

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "PyNativeTrace.pb.h"
#include <google/protobuf/arena.h>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::trace;

static llvm::cl::opt<bool> clFunctionCalls(
    "pynative-function-calls",
    llvm::cl::desc("--import-pynative-trace: also emit a pynative.call op per "
                   "function-level call (TorchFunctionMode); by default they "
                   "only become `function`/`function_call` attributes of the "
                   "pynative.ops they ran"),
    llvm::cl::init(false));

static llvm::cl::opt<bool> clExact(
    "pynative-exact",
    llvm::cl::desc("--import-pynative-trace: keep everything the file says "
                   "(tensor ids, argument order and kinds, frames, values of "
                   "inputs and outputs, function calls) in `pynative.exact` "
                   "attributes, so that --export-pynative-trace writes the "
                   "file back byte for byte; implies --pynative-function-calls"),
    llvm::cl::init(false));

FailureOr<std::vector<RecordedRun>>
mlir::ascend::readRecordedRuns(StringRef bytes, StringRef filename,
                               MLIRContext *context) {
  TraceDiagnostics diag{context, filename};
  std::unique_ptr<google::protobuf::Arena> arena = traceArena();
  TraceContents contents;
  if (failed(readTrace(bytes, diag, *arena, contents)))
    return failure();
  const pb::Trace *trace = contents.header;
  std::vector<RecordedRun> runs;
  for (auto [index, run] : llvm::enumerate(trace->runs())) {
    diag.run = index;
    RecordedRun &values = runs.emplace_back();
    for (auto [i, input] : llvm::enumerate(run.inputs())) {
      FailureOr<HostTensor> t =
          hostTensorOf(input.value(), diag, "input " + std::to_string(i));
      if (failed(t))
        return failure();
      values.inputs.push_back(std::move(*t));
    }
    for (auto [i, output] : llvm::enumerate(run.outputs())) {
      FailureOr<HostTensor> t =
          hostTensorOf(output.value(), diag, "output " + std::to_string(i));
      if (failed(t))
        return failure();
      values.outputs.push_back(std::move(*t));
    }
  }
  return runs;
}

FailureOr<std::vector<std::pair<std::string, HostTensor>>>
mlir::ascend::readRecordedParameters(StringRef bytes, StringRef filename,
                                     MLIRContext *context) {
  TraceDiagnostics diag{context, filename};
  std::unique_ptr<google::protobuf::Arena> arena = traceArena();
  TraceContents contents;
  if (failed(readTrace(bytes, diag, *arena, contents)))
    return failure();
  const pb::Trace *trace = contents.header;
  std::vector<std::pair<std::string, HostTensor>> params;
  for (const pb::Parameter &p : trace->parameters()) {
    FailureOr<HostTensor> t =
        hostTensorOf(p.value(), diag, "parameter '" + p.name() + "'");
    if (failed(t))
      return failure();
    params.emplace_back(p.name(), std::move(*t));
  }
  return params;
}

/// Imports and, when `verifyModule`, verifies the result (mlir-translate
/// verifies what a translation returns itself); times both under `timing`.
static OwningOpRef<ModuleOp>
importTraceBytes(StringRef bytes, StringRef filename, MLIRContext *context,
                 bool verifyModule, TimingScope *timing = nullptr,
                 std::shared_ptr<llvm::MemoryBuffer> file = nullptr) {
  TimingScope none;
  TimingScope &parent = timing ? *timing : none;
  context->loadDialect<pynative::PyNativeDialect>();
  TimingScope buildTiming = parent.nest("Parse and build IR");
  TraceDiagnostics diag{context, filename};
  diag.traceFile = std::move(file);
  std::unique_ptr<google::protobuf::Arena> arena = traceArena();
  TraceContents contents;
  if (failed(readTrace(bytes, diag, *arena, contents)))
    return nullptr;
  if (failed(checkFormatVersion(*contents.header, diag)))
    return nullptr;
  OwningOpRef<ModuleOp> module = buildPyNativeModule(
      contents, diag, {/*functionCalls=*/clFunctionCalls, /*exact=*/clExact});
  buildTiming.stop();
  if (module && verifyModule) {
    TimingScope verifyTiming = parent.nest("Verify");
    if (failed(verify(*module)))
      return nullptr;
  }
  return module;
}

OwningOpRef<ModuleOp> mlir::ascend::importPyNativeTrace(StringRef bytes,
                                                        StringRef filename,
                                                        MLIRContext *context,
                                                        TimingScope *timing,
                                                        bool verifyModule) {
  return importTraceBytes(bytes, filename, context, verifyModule, timing);
}

OwningOpRef<ModuleOp>
mlir::ascend::importPyNativeTrace(std::shared_ptr<llvm::MemoryBuffer> file,
                                  StringRef filename, MLIRContext *context,
                                  TimingScope *timing, bool verifyModule) {
  StringRef bytes = file->getBuffer();
  return importTraceBytes(bytes, filename, context, verifyModule, timing,
                          std::move(file));
}

void mlir::ascend::registerPyNativeTraceTranslation() {
  TranslateToMLIRRegistration importTrace(
      "import-pynative-trace",
      "import an eager trace (.pntrace) into the pynative dialect",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        // mlir-translate verifies the module.
        return importTraceBytes(buffer->getBuffer(), buffer->getBufferIdentifier(),
                           context, /*verifyModule=*/false);
      },
      [](DialectRegistry &registry) {
        registry.insert<pynative::PyNativeDialect>();
      });
  registerPyNativeTraceExport();
}
