#!/usr/bin/env python3
"""Run-merging time of convert-pynative-to-mindspore against the number of runs.

Builds a 10k-op transformer-like trace (the generator of compile_scaling.py)
recorded R times (R = 1, 10, 30, 100; inputs of one shape, so all runs merge
into one program) and measures in one run, per R: the median wall time of
`ascend-compile --emit=mindspore` (import, merge, clean-up, print) and that
time per recorded event, and the time of the convert-pynative-to-mindspore pass itself (from
--mlir-timing). Target (issue "Recover Python control flow"): linear in total
events, i.e. the per-event figures stay flat as R grows.

Usage: bench/merge_scaling.py [--build build] [--ops 10000] [--repeat 3]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_scaling import ROOT, make_trace  # noqa: E402


def median_time(cmd, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit(f"bench: {' '.join(cmd)} failed:\n{proc.stderr.decode()[-2000:]}")
    return statistics.median(times)


def pass_time(cmd, name, repeat):
    """Median seconds the pass `name` took, from --mlir-timing."""
    times = []
    for _ in range(repeat):
        err = subprocess.run(cmd + ["--mlir-timing"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, check=True).stderr.decode()
        for line in err.splitlines():
            if line.strip().endswith(name):
                times.append(float(line.split()[0]))
                break
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--ops", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    from ascend_trace import PyNativeTrace_pb2 as pb

    compile_bin = os.path.join(args.build, "bin", "ascend-compile")
    base, ops = make_trace(pb, args.ops)
    print(f"{'runs':>5} {'events':>9} {'compile s':>10} {'us/event':>9} "
          f"{'merge pass s':>13} {'pass us/event':>14}")
    with tempfile.TemporaryDirectory() as tmp:
        for runs in (1, 10, 30, 100):
            trace = pb.Trace()
            trace.CopyFrom(base)
            for _ in range(runs - 1):
                trace.runs.add().CopyFrom(base.runs[0])
            path = os.path.join(tmp, f"r{runs}.pntrace")
            with open(path, "wb") as f:
                f.write(trace.SerializeToString())
            out = os.path.join(tmp, "out.mlir")
            cmd = [compile_bin, path, "--emit=mindspore", "-o", out, "--quiet"]
            full = median_time(cmd, args.repeat)
            merge = pass_time(cmd, "ConvertPyNativeToMindSpore", args.repeat)
            events = runs * ops
            print(f"{runs:>5} {events:>9} {full:>10.3f} {1e6 * full / events:>9.2f} "
                  f"{merge:>13.3f} {1e6 * merge / events:>14.2f}")


if __name__ == "__main__":
    main()
