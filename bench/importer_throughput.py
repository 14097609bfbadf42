#!/usr/bin/env python3
"""Trace importer throughput on a synthetic trace of 1M events.

Builds one run of N events (default 1,000,000) with the protobuf Python module:
aten ops in a Linear -> ReLU -> residual Add pattern (4 ops per layer, one
shared weight), each with a one-frame location and a module path, with a
branch and a scalar read every 100 layers.

What "importer throughput" measures: the whole process
`ascend-translate --import-pynative-trace trace.pntrace --disable-output`,
which reads the file, parses it, builds the pynative module and verifies it,
and writes nothing. Events/s = events / CPU seconds (user + system) of that
process, median of --repeat runs; the machine is shared, so CPU time is the
steady figure (the wall-clock rate is printed too: on an idle machine they
agree, on a busy one the wall time includes waiting for a core). Target
(issue 3): >= 1M events/s. Also printed, from the same runs: peak RSS, and
the phases of one run's --mlir-timing report (read input, parse and build
IR, verify).

Printing the module as MLIR text is a separate figure: the same command with
`-o /dev/null` instead of --disable-output (CPU time, peak RSS), the printing
being the difference. For comparison, ascend-opt's "Parser" phase on the MLIR
text of the same module.

Usage: bench/importer_throughput.py [--build build] [--events 1000000] [--repeat 5]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_scaling import ROOT, peak_rss, timed  # noqa: E402


def make_trace(pb, n_events, hidden=16):
    """One run of about n_events events; returns (trace, number of events)."""
    f32 = pb.DTYPE_FLOAT32
    t = pb.Trace(format_version=1, producer="bench", model="bench.Stack")
    t.modes.dispatch_mode = True
    t.parameters.add(tensor_id=1, name="w", value=pb.TensorValue(
        type=pb.TensorType(dtype=f32, shape=[hidden, hidden]), data=bytes(4 * hidden * hidden)))
    t.parameters.add(tensor_id=2, name="b", value=pb.TensorValue(
        type=pb.TensorType(dtype=f32, shape=[hidden]), data=bytes(4 * hidden)))
    run = t.runs.add(model="bench.Stack")
    act = pb.TensorType(dtype=f32, shape=[4, hidden])
    run.inputs.add(tensor_id=3, value=pb.TensorValue(type=act, data=bytes(4 * 4 * hidden)))
    next_id, x = 4, 3
    # Templates copied per event: building every message field by field in
    # Python would take minutes for 1M events.
    locs = [pb.Location(frames=[pb.Frame(file="/models/stack.py", line=10 + i, column=9,
                                         function="forward", activation=1)],
                        module_path=f"layers.{i}", module_type="Block") for i in range(50)]
    events = run.events
    n = 0
    layer = 0
    while n < n_events:
        loc = locs[layer % 50]

        def op(name, args, shape):
            nonlocal next_id, n
            e = events.add()
            e.loc.CopyFrom(loc)
            e.op.name = name
            e.op.args.extend(args)
            e.op.results.add(tensor_id=next_id, type=pb.TensorType(dtype=f32, shape=shape),
                             alias_of=-1)
            next_id += 1
            n += 1
            return next_id - 1
        wt = op("aten.t.default", [pb.Argument(name="self", tensor=1)], [hidden, hidden])
        h = op("aten.addmm.default", [pb.Argument(name="self", tensor=2),
                                      pb.Argument(name="mat1", tensor=x),
                                      pb.Argument(name="mat2", tensor=wt),
                                      pb.Argument(name="beta", int_value=1),
                                      pb.Argument(name="alpha", int_value=1)], [4, hidden])
        h = op("aten.relu.default", [pb.Argument(name="self", tensor=h)], [4, hidden])
        x = op("aten.add.Tensor", [pb.Argument(name="self", tensor=x),
                                   pb.Argument(name="other", tensor=h),
                                   pb.Argument(name="alpha", int_value=1)], [4, hidden])
        if layer % 100 == 99 and n + 3 <= n_events:
            s = op("aten.sum.default", [pb.Argument(name="self", tensor=x),
                                        pb.Argument(name="dtype", none=True)], [])
            e = events.add()
            e.loc.CopyFrom(loc)
            e.branch.predicate, e.branch.value, e.branch.kind = s, True, pb.BRANCH_IF
            e = events.add()
            e.loc.CopyFrom(loc)
            e.scalar_read.tensor_id, e.scalar_read.method, e.scalar_read.value = s, "item", 0.0
            n += 2
        layer += 1
    run.outputs.add(tensor_id=x, value=pb.TensorValue(type=act, data=bytes(4 * 4 * hidden)))
    return t, n


def phase(report, name):
    """Wall seconds of one phase in an --mlir-timing report (the last time
    column: with threading, a user-time column comes first)."""
    for line in report.splitlines():
        if line.rstrip().endswith("  " + name):
            times = re.findall(r"(\d+\.\d+) +\(", line)
            if times:
                return float(times[-1])
    sys.exit(f"bench: no {name!r} phase in the timing report:\n{report}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--events", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    from ascend_trace import PyNativeTrace_pb2 as pb

    translate = os.path.join(args.build, "bin", "ascend-translate")
    opt = os.path.join(args.build, "bin", "ascend-opt")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        trace, events = make_trace(pb, args.events)
        path = os.path.join(tmp, "stack.pntrace")
        with open(path, "wb") as f:
            f.write(trace.SerializeToString())
        size = os.path.getsize(path)
        del trace
        print(f"trace: {events} events, {size / 2**20:.1f} MiB "
              f"(built in {time.perf_counter() - start:.1f} s)")
        mlir = os.path.join(tmp, "stack.mlir")
        subprocess.run([translate, "--import-pynative-trace", path, "-o", mlir], check=True)
        imp = [translate, "--import-pynative-trace", path, "--disable-output"]
        printed = [translate, "--import-pynative-trace", path, "-o", "/dev/null"]
        # Interleaved, so that a change of the machine's load hits both.
        imp_runs, print_runs = [], []
        for _ in range(args.repeat):
            imp_runs.append(timed(imp))
            print_runs.append(timed(printed))
        wall = statistics.median(r[0] for r in imp_runs)
        cpu = statistics.median(r[1] for r in imp_runs)
        print_wall = statistics.median(r[0] for r in print_runs)
        print_cpu = statistics.median(r[1] for r in print_runs)
        report = timed(imp + ["--mlir-timing"])[2]
        phases = [(name, phase(report, name))
                  for name in ("Read input", "Parse and build IR", "Verify")]
        parsing = statistics.median(
            phase(timed([opt, mlir, "-o", "/dev/null", "--mlir-timing"])[2], "Parser")
            for _ in range(args.repeat))
        rss, print_rss = peak_rss(imp), peak_rss(printed)

    print(f"{'step':<46} {'CPU s':>7} {'events/s':>10} {'wall s':>7} {'events/s':>10} "
          f"{'peak RSS':>9}")
    print(f"{'import (read, parse, build, verify)':<46} {cpu:>7.3f} {events / cpu:>10.0f} "
          f"{wall:>7.3f} {events / wall:>10.0f} {rss / 2**20:>5.0f} MiB")
    for name, seconds in phases:
        print(f"{'  ' + name + ' (wall, one run)':<46} {'':>7} {'':>10} {seconds:>7.3f}")
    print(f"{'import and print MLIR text (-o /dev/null)':<46} {print_cpu:>7.3f} "
          f"{events / print_cpu:>10.0f} {print_wall:>7.3f} {events / print_wall:>10.0f} "
          f"{print_rss / 2**20:>5.0f} MiB")
    print(f"{'  of which printing (difference)':<46} {print_cpu - cpu:>7.3f} {'':>10} "
          f"{print_wall - wall:>7.3f}")
    print(f"{'ascend-opt parsing the MLIR text (compare)':<46} {'':>7} {'':>10} "
          f"{parsing:>7.3f} {events / parsing:>10.0f}")
    verdict = "meets" if events / cpu >= 1e6 else "misses"
    print(f"importer throughput {events / cpu / 1e6:.2f}M events/s (CPU time, median of "
          f"{args.repeat}): {verdict} the target of 1M events/s")


if __name__ == "__main__":
    main()
