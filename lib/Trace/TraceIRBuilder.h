//===- TraceIRBuilder.h - trace events to pynative ops --------*- C++ -*-===//
//
// The IR-builder layer of the trace importer (TraceImport.cpp): builds the
// pynative module of a trace read by TraceFile.h, one `pynative.trace
// @run_<i>` per run, its events (TraceEventPrefetcher.h) becoming
// pynative.op / branch / scalar_read / loop_iter / call ops, after the
// module-level `pynative.parameter`s. Checks what the ops' verifiers would
// (tensor ids used before they are defined, recorded types against the
// values, argument indices) and reports every problem by file, run and
// event. Internal to lib/Trace; tested by
// unittests/Trace/TraceIRBuilderTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TRACE_TRACEIRBUILDER_H
#define ASCEND_LIB_TRACE_TRACEIRBUILDER_H

#include "TraceFile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace mlir::ascend::trace {

/// What the IR builder keeps beyond the ops (the --pynative-* flags of
/// --import-pynative-trace).
struct TraceIRBuilderOptions {
  /// Also a pynative.call op per function-level call (TorchFunctionMode).
  bool functionCalls = false;
  /// Everything the file says in `pynative.exact` attributes, so that
  /// --export-pynative-trace writes the file back byte for byte; implies
  /// functionCalls.
  bool exact = false;
};

/// The pynative module of `contents` (read by readTrace; the format version
/// checked by checkFormatVersion), with the pynative dialect loaded in
/// `diag.context`; null after an error naming the file, run and event.
/// Not verified (the builder makes ops that meet their verifiers).
OwningOpRef<ModuleOp> buildPyNativeModule(const TraceContents &contents,
                                          TraceDiagnostics &diag,
                                          const TraceIRBuilderOptions &options);

} // namespace mlir::ascend::trace

#endif // ASCEND_LIB_TRACE_TRACEIRBUILDER_H
