//===- TraceWireCheck.h - where a binary trace breaks -----------*- C++ -*-===//
//
// Private to lib/Trace. When protobuf refuses a binary trace as a whole, the
// reader walks the wire format (protobuf encoding: tag varints, then varint,
// fixed or length-delimited payloads) itself, guided by the descriptors of
// PyNativeTrace.proto, to name the innermost element that is cut short or
// does not parse, by its message and field names (`Trace.parameters[2]`,
// `Run.model`, `Event.op.args[1].name`), with its byte offset and, inside a
// run or an event, their indices.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TRACE_TRACEWIRECHECK_H
#define ASCEND_LIB_TRACE_TRACEWIRECHECK_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::ascend::trace {

/// The first damaged place of a binary trace.
struct WireDamage {
  int64_t run = -1;   ///< index of the run (`Trace.runs`), or -1
  int64_t event = -1; ///< index of the event in that run (`Run.events`), or -1
  /// What is wrong, with the element's byte offsets, e.g. "the event is cut
  /// short: the file ends 37 bytes before its end (it starts at byte 437),
  /// inside Event.op.args[1].name (from byte 470)", "Run.model is cut short:
  /// ...", "Event.loc has wire type 7, which no field of this format uses (at
  /// byte 786)", "Event.op.name is not UTF-8 text (bytes 14..16)". Fields
  /// below a run or an event are named from it (`Run.`, `Event.`), others
  /// from the trace (`Trace.`).
  std::string problem;
};

/// Locates the damage in `bytes`, a binary `ascend.trace.Trace` that failed
/// to parse. Returns nothing when no damage is found at the wire level (the
/// bytes are well-formed protobuf that still does not parse as a Trace, or
/// are no protobuf at all: then the first byte's tag is reported instead
/// when it is invalid).
std::optional<WireDamage> locateWireDamage(llvm::StringRef bytes);

} // namespace mlir::ascend::trace

#endif // ASCEND_LIB_TRACE_TRACEWIRECHECK_H
