//===- TraceEventPrefetcher.cpp - a run's events, decoded ahead -----------===//
//
// See TraceEventPrefetcher.h.
//
//===----------------------------------------------------------------------===//
#include "TraceEventPrefetcher.h"

#include "mlir/IR/BuiltinAttributes.h"
// Valgrind's DRD models pthread locks, not C++ atomics; these annotations
// (client requests of a few instructions, no-ops outside valgrind) tell it
// of the happens-before edges EventPrefetcher makes with atomics.
#if __has_include(<valgrind/drd.h>)
#include <valgrind/drd.h>
#define ASCEND_HAPPENS_BEFORE(addr) ANNOTATE_HAPPENS_BEFORE(addr)
#define ASCEND_HAPPENS_AFTER(addr) ANNOTATE_HAPPENS_AFTER(addr)
#else
#define ASCEND_HAPPENS_BEFORE(addr) ((void)(addr))
#define ASCEND_HAPPENS_AFTER(addr) ((void)(addr))
#endif

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::trace;
using namespace mlir::ascend::trace::wire;

/// MLIR location of an event: the user frames as a call-site chain (innermost
/// first), named by the module path when one was active.
Location trace::locationOf(const LocationView &loc, MLIRContext *ctx,
                           StringRef filename) {
  if (loc.frames().empty())
    return FileLineColLoc::get(ctx, filename, 0, 0);
  auto frameLoc = [&](const FrameView &f) -> Location {
    return FileLineColLoc::get(ctx, f.file(), f.line(), f.column());
  };
  Location result = frameLoc(loc.frames(loc.frames_size() - 1));
  for (int i = loc.frames_size() - 2; i >= 0; --i)
    result = CallSiteLoc::get(frameLoc(loc.frames(i)), result);
  if (!loc.module_path().empty())
    result = NameLoc::get(StringAttr::get(ctx, loc.module_path()), result);
  return result;
}

/// Appends to `key` what locationOf makes of `loc` (module path, and file,
/// line and column of each frame) and nothing else.
void trace::appendLocationKey(const LocationView &loc,
                              SmallVectorImpl<char> &key) {
  auto appendInt = [&](int32_t v) {
    key.append(reinterpret_cast<const char *>(&v),
               reinterpret_cast<const char *>(&v) + sizeof v);
  };
  appendInt(loc.module_path().size());
  key.append(loc.module_path().begin(), loc.module_path().end());
  for (const FrameView &f : loc.frames()) {
    appendInt(f.file().size());
    key.append(f.file().begin(), f.file().end());
    appendInt(f.line());
    appendInt(f.column());
  }
}

uint64_t trace::activationOf(const LocationView &loc) {
  return loc.frames().empty() ? 0 : loc.frames(0).activation();
}

Location LocationCache::get(const LocationView &loc) {
  key.clear();
  appendLocationKey(loc, key);
  LocationAttr &cached = locations[key];
  if (cached)
    return cached;
  if (loc.frames().empty() || loc.module_path().empty()) {
    cached = locationOf(loc, ctx, filename);
    return cached;
  }
  // The same frames under many module paths (each layer of a stack runs
  // the same lines): the call-site chain is made once, each new path
  // only wraps it (what locationOf makes, without its frames again).
  // appendLocationKey puts the module path first: the rest is the frames.
  StringRef frames =
      StringRef(key).drop_front(sizeof(int32_t) + loc.module_path().size());
  LocationAttr &chain = chains[frames];
  if (!chain) {
    LocationView withoutPath = loc;
    withoutPath.modulePath = {};
    chain = locationOf(withoutPath, ctx, filename);
  }
  cached = NameLoc::get(StringAttr::get(ctx, loc.module_path()), chain);
  return cached;
}

const EventPrefetcher::Event *EventPrefetcher::next() {
  if (!threaded) {
    if (finished)
      return nullptr;
    Event &slot = slots.front();
    if (!decode(slot)) {
      finished = true;
      return nullptr;
    }
    if (!slot.parsed)
      finished = true;
    return &slot;
  }
  // The event handed out before is done with: its slot may be reused.
  ASCEND_HAPPENS_BEFORE(&released);
  released = taken;
  if (decoderWaiting && released >= decoderWants) {
    std::lock_guard<std::mutex> lock(mutex);
    changed.notify_all();
  }
  if (produced <= taken && !finished) {
    importerWants = taken + kWakeBatch;
    std::unique_lock<std::mutex> lock(mutex);
    importerWaiting = true;
    changed.wait(lock, [&] { return produced >= importerWants || finished; });
    importerWaiting = false;
  }
  if (produced <= taken)
    return nullptr;
  ASCEND_HAPPENS_AFTER(&produced);
  return &slots[taken++ % kPrefetchSlots];
}

bool EventPrefetcher::decode(Event &slot) {
  while (next_ != end) {
    WireField field;
    bool wellFormed = readField(next_, end, field);
    assert(wellFormed && "the run's fields are checked by splitBinaryTrace");
    (void)wellFormed;
    if (field.number != kRunEventsField || field.wireType != kLengthDelimited)
      continue;
    slot.parsed = slot.reader.parse(field.payload);
    if (!slot.parsed)
      return true;
    // Consecutive events often carry the same location bytes.
    StringRef locBytes = slot.reader.singleLocationBytes();
    if (!previousLoc || !locBytes.data() || !previousLocBytes.data() ||
        locBytes != previousLocBytes)
      previousLoc = locations.get(slot.reader.event().loc());
    previousLocBytes = locBytes;
    slot.loc = previousLoc;
    return true;
  }
  return false;
}

void EventPrefetcher::decodeAhead() {
  for (int64_t index = 0;; ++index) {
    if (index - released >= kPrefetchSlots) {
      decoderWants = index - kPrefetchSlots + kWakeBatch;
      std::unique_lock<std::mutex> lock(mutex);
      decoderWaiting = true;
      changed.wait(lock, [&] { return released >= decoderWants || stop; });
      decoderWaiting = false;
    }
    if (stop)
      return;
    ASCEND_HAPPENS_AFTER(&released);
    Event &slot = slots[index % kPrefetchSlots];
    bool more = decode(slot);
    ASCEND_HAPPENS_BEFORE(&produced);
    if (more)
      produced = index + 1;
    bool last = !more || !slot.parsed;
    if (last)
      finished = true;
    if (last || (importerWaiting && produced >= importerWants)) {
      std::lock_guard<std::mutex> lock(mutex);
      changed.notify_all();
    }
    if (last)
      return;
  }
}
