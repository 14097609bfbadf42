//===- TraceFile.h - a .pntrace file, read and checked --------*- C++ -*-===//
//
// The trace-file layer of the trace importer (TraceImport.cpp): reading a
// trace (binary protobuf, else protobuf text) into its header and the bytes
// of each run (TraceContents), the format version check, the weights file
// (`<trace>.weights`, mapped on first use) and the checked values of
// parameters, constants, inputs and outputs. Internal to lib/Trace; tested
// by unittests/Trace/TraceFileTest.cpp.
//
// Every failure is an error naming the file, the run and the event
// (TraceDiagnostics::error) followed by failure; nothing aborts.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TRACE_TRACEFILE_H
#define ASCEND_LIB_TRACE_TRACEFILE_H

#include "TraceWireDecoder.h"

#include "ascend/Execution/HostTensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>
#include <vector>

namespace google::protobuf {
class Arena;
} // namespace google::protobuf

namespace mlir::ascend::trace {
namespace pb = ::ascend::trace;

/// The trace format version this reader understands.
inline constexpr uint32_t kTraceFormatVersion = 1;

/// Largest element count a recorded tensor may have (2^48).
inline constexpr int64_t kMaxElements = int64_t(1) << 48;

/// Emits errors that name the file, the run and the event; holds the trace's
/// weights file (`<filename>.weights`) once a value refers to it.
struct TraceDiagnostics {
  TraceDiagnostics(MLIRContext *context, StringRef filename)
      : context(context), filename(filename) {}

  MLIRContext *context;
  StringRef filename;
  int64_t run = -1;
  int64_t event = -1;
  /// The place in a text trace (1-based), or 0.
  unsigned line = 0, column = 0;
  /// The weights file, mapped on first use (null until then).
  std::shared_ptr<llvm::MemoryBuffer> weights;
  /// The trace file itself when the caller hands it over (importPyNativeTrace
  /// with a buffer): blobs of weights embedded in it point into it and keep
  /// it alive instead of copying the bytes. Null: embedded bytes are copied.
  std::shared_ptr<llvm::MemoryBuffer> traceFile;
  /// The inline `data` of parameter and constant values, which the parsed
  /// header leaves out (splitBinaryTrace): views into the trace bytes, by
  /// the value they belong to. A value not in the map has its own data().
  llvm::DenseMap<const pb::TensorValue *, StringRef> inlineData;

  InFlightDiagnostic error() {
    Location loc = FileLineColLoc::get(context, filename, line, column);
    InFlightDiagnostic diag = emitError(loc);
    diag << filename;
    if (run >= 0)
      diag << ": run " << run;
    if (event >= 0)
      diag << ", event " << event;
    diag << ": ";
    return diag;
  }
};

/// An arena for the parsed parts of a trace other than the events (the
/// header: parameters, constants, each run's inputs and outputs).
std::unique_ptr<google::protobuf::Arena> traceArena();

/// A trace file as the importer reads it: everything but the events, parsed
/// (`header`: its runs hold no events), and the serialized bytes of each
/// run, from which the events are parsed one at a time.
struct TraceContents {
  /// The binary trace (the file, or binaryOfText).
  StringRef binary;
  pb::Trace *header = nullptr;
  std::vector<StringRef> runs;
  /// A protobuf text trace, converted to binary (`runs` point into it).
  std::string binaryOfText;
};

/// Splits the binary trace `bytes` into `contents` (header allocated in
/// `arena`); false when `bytes` is not a binary trace. The inline data of
/// parameters and constants (the weights) is not copied into the header:
/// views of it go to `inlineData`.
bool splitBinaryTrace(
    StringRef bytes, TraceContents &contents, google::protobuf::Arena &arena,
    llvm::DenseMap<const pb::TensorValue *, StringRef> &inlineData);

/// Reports where the binary trace `bytes` is damaged (TraceWireCheck.h):
/// success when a damaged place was found and reported.
LogicalResult reportWireDamage(StringRef bytes, TraceDiagnostics &diag);

/// Reads the trace in `bytes` (binary protobuf, else protobuf text) into
/// `contents`, with its header in `arena`; failure after an error (an empty
/// file, MLIR text or a .mindir given for a trace, a text trace cut short
/// or written wrong, a damaged binary trace: each named by its place).
LogicalResult readTrace(StringRef bytes, TraceDiagnostics &diag,
                        google::protobuf::Arena &arena,
                        TraceContents &contents);

/// Checks that the header's format version is kTraceFormatVersion; else
/// reports an error naming the file's version and the one this reader reads
/// (Troubleshooting.md, section 2, "Trace import"), and fails.
LogicalResult checkFormatVersion(const pb::Trace &header,
                                 TraceDiagnostics &diag);

/// MLIR element type of a trace dtype, or null for an unknown dtype.
Type elementTypeOf(pb::DType dtype, MLIRContext *ctx);

/// The type of a pb::TensorType or wire::TensorTypeView: an error naming
/// `what` for an unknown dtype, a negative dimension or more than
/// kMaxElements elements.
template <typename TensorTypeT>
FailureOr<RankedTensorType> tensorTypeOf(const TensorTypeT &type,
                                         TraceDiagnostics &diag,
                                         const Twine &what) {
  Type element = elementTypeOf(type.dtype(), diag.context);
  if (!element) {
    diag.error() << what << " has unknown dtype " << (int)type.dtype();
    return failure();
  }
  int64_t numElements = 1;
  for (int64_t d : type.shape()) {
    if (d < 0) {
      diag.error() << what << " has negative dimension " << d;
      return failure();
    }
    if (d != 0 && numElements > kMaxElements / d) {
      diag.error() << what
                   << " has more than 2^48 elements (shape out of range)";
      return failure();
    }
    numElements *= d;
  }
  return RankedTensorType::get(
      SmallVector<int64_t>(type.shape().begin(), type.shape().end()), element);
}

/// The bytes of a value: its `data` (inline in the trace), or its range of
/// the weights file, which is mapped on first use and kept by `diag`.
FailureOr<StringRef> valueBytes(const pb::TensorValue &value,
                                TraceDiagnostics &diag, StringRef what);

/// Checks a value's byte count against its type (and that a bool holds 0
/// or 1) and returns the type; its bytes go to `bytes` when given.
FailureOr<RankedTensorType> checkedValueType(const pb::TensorValue &value,
                                             TraceDiagnostics &diag,
                                             StringRef what,
                                             StringRef *bytes = nullptr);

/// A checked value, copied into a HostTensor.
FailureOr<HostTensor> hostTensorOf(const pb::TensorValue &value,
                                   TraceDiagnostics &diag, StringRef what);

/// The buffer of `diag` (the weights file, or the trace file when the caller
/// handed it over) that holds all of `data`, or null.
std::shared_ptr<llvm::MemoryBuffer> bufferHolding(StringRef data,
                                                  const TraceDiagnostics &diag);

} // namespace mlir::ascend::trace

#endif // ASCEND_LIB_TRACE_TRACEFILE_H
