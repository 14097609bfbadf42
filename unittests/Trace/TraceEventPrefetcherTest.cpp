//===- TraceEventPrefetcherTest.cpp - a run's events, decoded ahead -------===//
//
// lib/Trace/TraceEventPrefetcher.h: the decoding thread hands out the same
// events with the same locations, in order, as decoding on demand; a run
// ends at an event that does not parse; LocationCache makes what
// locationOf makes.
//
//===----------------------------------------------------------------------===//
#include "TraceEventPrefetcher.h"
#include "TraceTestTraces.h"

#include "mlir/IR/BuiltinAttributes.h"
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::ascend::trace;
using namespace mlir::ascend::trace::testing;

namespace {

/// A run of `count` op events; event i is "op<i % 7>" at line i % 5 under
/// module path "layers.<i % 3>".
std::string runOfEvents(int count) {
  pb::Run run;
  for (int i = 0; i < count; ++i)
    *run.add_events() =
        binaryOpEvent("op" + std::to_string(i % 7), i + 1, i + 2, i + 3, i % 5,
                      "layers." + std::to_string(i % 3));
  return run.SerializeAsString();
}

struct Seen {
  std::vector<std::string> names;
  std::vector<LocationAttr> locs;
};

Seen drain(StringRef runBytes, MLIRContext &context, bool threaded) {
  LocationCache locations(&context, "t.pntrace");
  EventPrefetcher events(runBytes, locations, threaded);
  Seen seen;
  while (const EventPrefetcher::Event *e = events.next()) {
    EXPECT_TRUE(e->parsed);
    seen.names.push_back(e->reader.event().op().name().str());
    seen.locs.push_back(e->loc);
  }
  return seen;
}

TEST(TraceEventPrefetcher, ThreadedGivesTheSameEventsInOrder) {
  // Several times the slots, and past the size from which a thread decodes.
  constexpr int kEvents = 5000;
  std::string bytes = runOfEvents(kEvents);
  ASSERT_GE(bytes.size(), EventPrefetcher::kPrefetchMinBytes);
  MLIRContext context;
  Seen onDemand = drain(bytes, context, /*threaded=*/false);
  Seen ahead = drain(bytes, context, /*threaded=*/true);
  ASSERT_EQ(onDemand.names.size(), size_t(kEvents));
  EXPECT_EQ(ahead.names, onDemand.names);
  EXPECT_EQ(ahead.locs, onDemand.locs);
  EXPECT_EQ(onDemand.names[12], "op5");
  // Event 12: model.py:2:5 under layers.0.
  EXPECT_EQ(onDemand.locs[12],
            NameLoc::get(StringAttr::get(&context, "layers.0"),
                         FileLineColLoc::get(&context, "model.py", 2, 5)));
}

TEST(TraceEventPrefetcher, StopsAfterAnEventThatDoesNotParse) {
  for (bool threaded : {false, true}) {
    pb::Run head, tail;
    for (int i = 0; i < 3000; ++i) {
      *head.add_events() = binaryOpEvent("before", 1, 2, 3);
      *tail.add_events() = binaryOpEvent("after", 1, 2, 3);
    }
    // Field 2 (events), length 3: a nested field whose length runs past it.
    std::string bad("\x12\x03\x0a\x05\x01", 5);
    std::string bytes =
        head.SerializeAsString() + bad + tail.SerializeAsString();
    MLIRContext context;
    LocationCache locations(&context, "t.pntrace");
    EventPrefetcher events(bytes, locations, threaded);
    int parsed = 0;
    const EventPrefetcher::Event *e;
    while ((e = events.next()) && e->parsed)
      ++parsed;
    EXPECT_EQ(parsed, 3000) << "threaded " << threaded;
    ASSERT_NE(e, nullptr);
    EXPECT_FALSE(e->parsed);
    EXPECT_EQ(events.next(), nullptr);
  }
}

TEST(TraceEventPrefetcher, EmptyRunHasNoEvents) {
  MLIRContext context;
  LocationCache locations(&context, "t.pntrace");
  EventPrefetcher events("", locations, /*threaded=*/true);
  EXPECT_EQ(events.next(), nullptr);
}

TEST(TraceEventPrefetcher, LocationCacheMakesWhatLocationOfMakes) {
  MLIRContext context;
  LocationCache cache(&context, "t.pntrace");
  for (const char *path : {"", "a", "b"}) {
    pb::Event event = binaryOpEvent("x", 1, 2, 3, 4, path);
    pb::Frame *outer = event.mutable_loc()->add_frames();
    outer->set_file("main.py");
    outer->set_line(10);
    outer->set_column(1);
    std::string bytes = event.SerializeAsString();
    wire::EventReader reader;
    ASSERT_TRUE(reader.parse(bytes));
    Location made = locationOf(reader.event().loc(), &context, "t.pntrace");
    EXPECT_EQ(cache.get(reader.event().loc()), made);
    EXPECT_EQ(cache.get(reader.event().loc()), made);
    EXPECT_EQ(activationOf(reader.event().loc()), 1u);
    // Innermost frame first: model.py called from main.py.
    Location chain =
        CallSiteLoc::get(FileLineColLoc::get(&context, "model.py", 4, 5),
                         FileLineColLoc::get(&context, "main.py", 10, 1));
    EXPECT_EQ(made, *path ? Location(NameLoc::get(
                                StringAttr::get(&context, path), chain))
                          : chain);
  }
  wire::LocationView none;
  EXPECT_EQ(cache.get(none), FileLineColLoc::get(&context, "t.pntrace", 0, 0));
}

} // namespace
