//===- TraceWireCheck.h - where a binary trace breaks -----------*- C++ -*-===//
//
// Private to lib/Trace. When protobuf refuses a binary trace as a whole, the
// reader walks the wire format (protobuf encoding: tag varints, then varint,
// fixed or length-delimited payloads) itself to name the first element that
// is cut short or does not parse: a header field, parameter P, constant C,
// run R, or event E of run R.
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
  /// What is wrong, naming the element when it is not a run/event (e.g.
  /// "parameter 3 is cut short: the file ends 12 bytes before its end
  /// (byte 4096)").
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
