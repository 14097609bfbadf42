"""Checks a Chrome trace-event timeline written by ascend-compile --timeline
(or ascend-translate --export-trace-events) and prints a summary to FileCheck.

Fails (exit 1, message on stderr) unless the file parses as JSON, holds a
"traceEvents" list, every "X" event has a positive duration, every event's
pid/tid is named by process_name/thread_name metadata, and on each task
stream the kernels follow each other back to back, in file order. Prints one
line per process, per thread, per task and per pipe track (event count and
busy time), then the first `--spans N` spans of each pipe track.
"""
import argparse
import collections
import json
import sys


def fail(message):
    print("check_trace_events: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("trace")
    parser.add_argument("--spans", type=int, default=0)
    args = parser.parse_args()
    with open(args.trace) as f:
        trace = json.load(f)
    events = trace.get("traceEvents")
    if not isinstance(events, list):
        fail("no traceEvents list")
    processes, threads = {}, {}
    for e in events:
        if e.get("ph") == "M" and e["name"] == "process_name":
            processes[e["pid"]] = e["args"]["name"]
        if e.get("ph") == "M" and e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    timed = [e for e in events if e.get("ph") == "X"]
    for e in timed:
        if not e["dur"] > 0:
            fail("event %r has duration %r" % (e["name"], e["dur"]))
        if e["pid"] not in processes or (e["pid"], e["tid"]) not in threads:
            fail("event %r is on an unnamed pid/tid" % e["name"])
    for pid, name in sorted(processes.items()):
        print("process %d: %s" % (pid, name))
        for (p, tid), thread in sorted(threads.items()):
            if p == pid:
                print("  thread %d: %s" % (tid, thread))
    for pid in sorted(processes):
        stream = [e for e in timed
                  if e["pid"] == pid and threads[(pid, e["tid"])] == "Task Stream"]
        clock = 0.0
        for e in stream:
            if abs(e["ts"] - clock) > 1e-5:
                fail("task %r starts at %r, not where the previous one ends (%r)"
                     % (e["name"], e["ts"], clock))
            clock = e["ts"] + e["dur"]
            print("task %s %s ts=%.3f dur=%.3f" % (e["name"], e["cat"], e["ts"], e["dur"]))
        tracks = collections.defaultdict(list)
        for e in timed:
            if e["pid"] == pid and e not in stream:
                tracks[e["tid"]].append(e)
        for tid, spans in sorted(tracks.items()):
            thread = threads[(pid, tid)]
            spans.sort(key=lambda e: e["ts"])
            busy = sum(e["args"]["cycles"] for e in spans)
            print("pipe %s: %d spans, %d busy cycles" % (thread, len(spans), busy))
            for e in spans[:args.spans]:
                print("  %s x%d %d cycles ts=%.6f dur=%.6f (%s)" % (
                    e["name"], e["args"]["instructions"], e["args"]["cycles"],
                    e["ts"], e["dur"], e["args"]["kernel"]))


if __name__ == "__main__":
    main()
