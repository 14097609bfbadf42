#!/usr/bin/env python3
"""Trace importer throughput on a synthetic trace of 1M events.

Builds one run of N events (default 1,000,000) with the protobuf Python module:
aten ops in a Linear -> ReLU -> residual Add pattern (4 ops per layer, one
shared weight), each with a one-frame location and a module path, with a
branch and a scalar read every 100 layers. Then measures in one run (medians of --repeat runs):
  - ascend-translate --import-pynative-trace -o /dev/null: wall and CPU time
    (user + sys of the child), events/s, peak RSS. This includes printing the
    module as MLIR text;
  - the printing alone: the "Output" phase of ascend-opt --mlir-timing on the
    imported module (the same printer on the same IR), and from it the import
    without printing (protobuf parse, IR construction, verification):
    translate wall time - printing time;
  - for comparison, parsing the MLIR text of the same module (ascend-opt's
    "Parser" phase).
Target (issue 3): >= 1M events/s for the import.

Usage: bench/importer_throughput.py [--build build] [--events 1000000] [--repeat 3]
"""
import argparse
import os
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
    """Wall seconds of one phase in an --mlir-timing report."""
    for line in report.splitlines():
        fields = line.split()
        if fields and fields[-1] == name:
            return float(fields[0])
    sys.exit(f"bench: no {name!r} phase in the timing report:\n{report}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--events", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
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
        imp = [translate, "--import-pynative-trace", path, "-o", "/dev/null"]
        opt_timing = [opt, mlir, "-o", "/dev/null", "--mlir-timing"]
        runs = [timed(imp) for _ in range(args.repeat)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        reports = [timed(opt_timing)[2] for _ in range(args.repeat)]
        printing = statistics.median(phase(r, "Output") for r in reports)
        parsing = statistics.median(phase(r, "Parser") for r in reports)
        rss = peak_rss(imp)

    import_only = max(wall - printing, 1e-9)
    print(f"{'step':<44} {'wall s':>8} {'events/s':>11}")
    print(f"{'ascend-translate --import-pynative-trace':<44} {wall:>8.3f} {events / wall:>11.0f}"
          f"   (CPU {cpu:.3f} s, peak RSS {rss / 2**20:.0f} MiB)")
    print(f"{'  of which printing the MLIR text':<44} {printing:>8.3f}")
    print(f"{'  import without printing':<44} {import_only:>8.3f} {events / import_only:>11.0f}")
    print(f"{'ascend-opt parsing the MLIR text (compare)':<44} {parsing:>8.3f} {events / parsing:>11.0f}")
    verdict = "meets" if events / import_only >= 1e6 else "misses"
    print(f"import without printing {verdict} the target of 1M events/s")


if __name__ == "__main__":
    main()
