//===- TraceEventPrefetcher.h - a run's events, decoded ahead -*- C++ -*-===//
//
// The prefetcher layer of the trace importer (TraceImport.cpp): the events
// of one run decoded (TraceWireDecoder.h) and given their MLIR locations,
// on a second thread ahead of the IR builder (TraceIRBuilder.h) when the run
// is long. Internal to lib/Trace; tested by
// unittests/Trace/TraceEventPrefetcherTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TRACE_TRACEEVENTPREFETCHER_H
#define ASCEND_LIB_TRACE_TRACEEVENTPREFETCHER_H

#include "TraceWireDecoder.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace mlir::ascend::trace {

/// MLIR location of an event: the user frames as a call-site chain (innermost
/// first), named by the module path when one was active; `filename`:0:0
/// when the event has no frame.
Location locationOf(const wire::LocationView &loc, MLIRContext *ctx,
                    StringRef filename);

/// Appends to `key` what locationOf makes of `loc` (module path, and file,
/// line and column of each frame) and nothing else.
void appendLocationKey(const wire::LocationView &loc,
                       SmallVectorImpl<char> &key);

/// The activation (call instance) of the innermost frame of `loc`, or 0.
uint64_t activationOf(const wire::LocationView &loc);

/// Locations by what locationOf makes of them (see appendLocationKey).
class LocationCache {
public:
  LocationCache(MLIRContext *ctx, StringRef filename)
      : ctx(ctx), filename(filename) {}
  /// The location of `loc` (what locationOf makes of it), made once.
  Location get(const wire::LocationView &loc);

private:
  MLIRContext *ctx;
  StringRef filename;
  /// Locations by appendLocationKey; call-site chains by the frames part.
  llvm::StringMap<LocationAttr> locations, chains;
  SmallString<256> key;
};

/// The events of one run, decoded ahead of the importer, with their
/// locations. When the context allows threads and the run has at least
/// kPrefetchMinBytes, a second thread decodes the events and makes their
/// locations (together about half of the import's instructions on a long
/// trace) while the importer builds the ops of the events before them, at
/// most kPrefetchSlots events ahead; the context uniques the locations'
/// attributes thread-safely. Otherwise each event is decoded when it is
/// asked for. Either way the importer sees the same events and locations,
/// in order.
///
/// Ownership of the state, when threaded: the decoding thread alone touches
/// next_, previousLoc(Bytes), `locations` and the slot it decodes into; the
/// importer alone touches `taken`. A slot passes between them through the
/// two counters: the decoder fills slot i % kPrefetchSlots, then stores
/// produced = i + 1 (release); the importer reads it only after loading
/// produced > i (acquire). The importer stores released = i + 1 once it is
/// done with event i; the decoder refills that slot (as event
/// i + kPrefetchSlots) only after loading released > i. The mutex and
/// condition variable serve only to sleep and wake, never to guard data.
/// Valgrind's DRD and Helgrind do not see edges made by atomics and report
/// these hand-offs as conflicts; ASCEND_HAPPENS_BEFORE/AFTER tell DRD of
/// them (ThreadSanitizer understands the atomics itself).
class EventPrefetcher {
public:
  struct Event {
    wire::EventReader reader;
    /// Whether the event's bytes decoded as an ascend.trace.Event.
    bool parsed = false;
    /// The MLIR location of the event's `loc` (when parsed).
    LocationAttr loc;
  };

  static constexpr size_t kPrefetchMinBytes = 64 * 1024;
  static constexpr int64_t kPrefetchSlots = 512;
  /// A thread that has to wait for the other waits for this many events
  /// (or the end), so that the two threads wake each other rarely.
  static constexpr int64_t kWakeBatch = 128;
  static_assert(kWakeBatch <= kPrefetchSlots, "the threads would deadlock");

  /// `runBytes`: the serialized run (its fields were checked when the
  /// header was read). `locations` is used by the decoding thread only
  /// until this prefetcher is destroyed.
  EventPrefetcher(StringRef runBytes, LocationCache &locations, bool threaded)
      : next_(runBytes.begin()), end(runBytes.end()), locations(locations),
        threaded(threaded && runBytes.size() >= kPrefetchMinBytes),
        slots(this->threaded ? kPrefetchSlots : 1) {
    if (this->threaded)
      worker = std::thread([this] { decodeAhead(); });
  }
  ~EventPrefetcher() {
    if (!threaded)
      return;
    stop = true;
    {
      std::lock_guard<std::mutex> lock(mutex);
      changed.notify_all();
    }
    worker.join();
  }

  /// The next event of the run, or null after the last one (or after one
  /// that did not parse). The event stays valid until the next call.
  const Event *next();

private:
  /// Decodes the next event of the run into `slot`; false at the end of
  /// the run.
  bool decode(Event &slot);

  /// The decoding thread.
  void decodeAhead();

  const char *next_, *end;
  LocationCache &locations;
  StringRef previousLocBytes;
  LocationAttr previousLoc;
  bool threaded;
  std::vector<Event> slots;
  /// Events handed to the importer (importer thread only).
  int64_t taken = 0;
  std::thread worker;
  std::mutex mutex;
  std::condition_variable changed;
  /// Events decoded, and events the importer is done with; what a waiting
  /// thread waits for. Sequentially consistent with the waiting flags, so
  /// that a wakeup is never lost.
  std::atomic<int64_t> produced{0}, released{0};
  std::atomic<int64_t> importerWants{0}, decoderWants{0};
  std::atomic<bool> finished{false}, stop{false};
  std::atomic<bool> importerWaiting{false}, decoderWaiting{false};
};

} // namespace mlir::ascend::trace

#endif // ASCEND_LIB_TRACE_TRACEEVENTPREFETCHER_H
