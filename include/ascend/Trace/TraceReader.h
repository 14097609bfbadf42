//===- TraceReader.h - read eager trace files (.pntrace) --------*- C++ -*-===//
//
// Reads the trace files written by the ascend_trace recorder (schema
// lib/Trace/PyNativeTrace.proto, documented in docs/TraceFormat.md). The
// protobuf types stay private to lib/Trace: callers get MLIR IR or HostTensors.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_TRACE_TRACEREADER_H
#define ASCEND_TRACE_TRACEREADER_H

#include "ascend/Execution/HostTensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace mlir::ascend {

/// The values of one recorded eager run: model inputs in call order and
/// outputs in return order (nested tuples flattened).
struct RecordedRun {
  std::vector<HostTensor> inputs;
  std::vector<HostTensor> outputs;
};

/// Reads the inputs and eager outputs of every run in the trace `bytes`
/// (binary protobuf, or protobuf text when `bytes` does not parse as binary).
/// `filename` names the file in diagnostics, which are emitted on `context`
/// (file, run index and what is wrong). Returns failure on malformed input.
FailureOr<std::vector<RecordedRun>>
readRecordedRuns(llvm::StringRef bytes, llvm::StringRef filename,
                 MLIRContext *context);

/// Reads the recorded values of the model's named parameters and buffers
/// (name -> value), e.g. to run a compiled program with another model's
/// weights. Diagnostics as for readRecordedRuns.
FailureOr<std::vector<std::pair<std::string, HostTensor>>>
readRecordedParameters(llvm::StringRef bytes, llvm::StringRef filename,
                       MLIRContext *context);

/// Imports the trace `bytes` into the `pynative` dialect and, when
/// `verifyModule`, verifies the module: one `pynative.trace @run_<i>` per
/// recorded run plus the module-level `pynative.parameter` declarations.
/// Diagnostics name the file, the run and event index and the problem; on
/// failure returns null. The importer checks the trace itself and builds
/// ops that meet their verifiers (operand names, mutated operands and result
/// aliases in range, ranked tensor types, values used after they are
/// defined): a caller that verifies later (ascend-compile, after its passes)
/// may skip the verification, which then checks only the importer. When
/// `timing` is given, the phases ("Parse and build IR", "Verify") are timed
/// as its children.
OwningOpRef<ModuleOp> importPyNativeTrace(llvm::StringRef bytes,
                                          llvm::StringRef filename,
                                          MLIRContext *context,
                                          TimingScope *timing = nullptr,
                                          bool verifyModule = true);

/// As above, for the trace file `file` (a mapped file, typically): the
/// weights embedded in it (inline `data` of parameters and constants) are
/// not copied. Their `dense_resource` blobs point into `file`, which they
/// keep alive (shared ownership) until the context drops the blobs; the
/// bytes go from there to the output (the MindIR writer streams them).
/// The overload above copies them, since it cannot keep `bytes` alive.
OwningOpRef<ModuleOp>
importPyNativeTrace(std::shared_ptr<llvm::MemoryBuffer> file,
                    llvm::StringRef filename, MLIRContext *context,
                    TimingScope *timing = nullptr, bool verifyModule = true);

/// Writes `module`, imported with --pynative-exact, back to a trace file:
/// binary protobuf, or protobuf text when `text`. A binary trace written by
/// the recorder comes back byte for byte. Errors name the op whose
/// `pynative.exact` attribute is missing or malformed; nothing is written to
/// `os` on failure.
LogicalResult exportPyNativeTrace(ModuleOp module, llvm::raw_ostream &os,
                                  bool text);

/// Registers `--import-pynative-trace` and `--export-pynative-trace` with
/// mlir-translate's registry.
void registerPyNativeTraceTranslation();
/// Registers `--export-pynative-trace` (called by the function above).
void registerPyNativeTraceExport();

} // namespace mlir::ascend

#endif // ASCEND_TRACE_TRACEREADER_H
