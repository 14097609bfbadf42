//===- TraceTextCheck.h - where a text trace is cut short -------*- C++ -*-===//
//
// Private to lib/Trace. When a trace in protobuf text form does not parse and
// the parser stops at the file's last token (or at its end), the file was
// most likely cut short (an interrupted copy or recording) rather than
// written wrong: the reader then says so, naming the message the file ends
// in by the message and field names of PyNativeTrace.proto (`Event.op.args[1]`,
// `Run.outputs[0]`) and the run and event it belongs to.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TRACE_TRACETEXTCHECK_H
#define ASCEND_LIB_TRACE_TRACETEXTCHECK_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::ascend::trace {

/// Where a text trace that is cut short ends.
struct TextCut {
  int64_t run = -1;   ///< index of the run the file ends in (`Trace.runs`), or -1
  int64_t event = -1; ///< index of the event in that run, or -1
  /// The innermost message still open at the end of the file, named from the
  /// event, the run or the trace (`Event.op.args[1]`, `Run.outputs[0]`,
  /// `Trace.parameters[2]`), or "the event" / "the run" itself; empty when
  /// the file ends in a field of the trace itself.
  std::string openMessage;
  /// How many messages (`{ ... }`) are still open at the end of the file.
  int64_t openCount = 0;
  /// Where the file ends: just after its last character (a final newline
  /// aside), 1-based.
  unsigned endLine = 1, endColumn = 1;
};

/// Whether the protobuf text `text`, whose parse failed at `line` and
/// `column` (0-based, as protobuf's tokenizer counts them), is cut short:
/// the failure is at or after the start of the file's last token and no
/// `}` closes more than was opened. Returns where it ends, or nothing when
/// the failure is an error earlier in the file.
std::optional<TextCut> locateTextCut(llvm::StringRef text, int line,
                                     int column);

} // namespace mlir::ascend::trace

#endif // ASCEND_LIB_TRACE_TRACETEXTCHECK_H
