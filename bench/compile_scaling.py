#!/usr/bin/env python3
"""Compile-time scaling of the whole ascend-opt pipeline on synthetic traces.

Builds transformer-like stacks of N recorded ops (Linear -> ReLU -> residual
Add per layer, sharing one weight so that weights stay small) for N = 1k, 10k,
100k (and 1M with --large), then measures in one run, per size:
  - ascend-compile --emit=aicore: median wall time, ops/s, peak RSS;
  - the whole pipeline to MindIR (ascend-compile's default): median wall time;
  - the baseline: ascend-opt parsing, verifying and printing the same pynative
    module (median wall time);
  - the ratio compile / baseline, the time growth per 10x ops, and compiler
    memory per op (peak RSS minus the baseline's, in bytes);
  - the CPU time (user + system, median) of the compile and of the baseline,
    ops/s on CPU time, and their ratio: on a machine shared with other work
    the wall times include waiting for a core, the CPU times do not (the
    load average before and after the run is printed with the figures).
Targets (issue "Compile at scale"): >= 300k ops/s at 100k ops; ratio <= 4x;
10x the ops costs <= 11x the time; <= 1 KiB of compiler memory per op. The
last lines check them at 100k ops, on wall time and on CPU time.

Figures (docs/UserGuide.md, "Compile speed"; 2 cores): after the third
front-end and second back-end rounds, on the quiet machine (load 1.3,
medians of 9, 2026-11-30) the 100k-op compile to the aicore level takes
0.314 s wall, 0.354 s CPU: 318k ops/s (target met; 322k in another run,
232k in a cold first run right after a rebuild), 0.58x the baseline,
10x the ops 5.25x the time, 226 B per op (mimalloc). Before those rounds,
on the quiet machine (load average 0.3, 2026-11-30, medians of 7)
the 100k-op compile to the aicore level takes 0.37 s wall, 0.42 s CPU
(269k ops/s; 0.35 s, 287k ops/s in another run at load 3.4; 0.50 s,
199k ops/s the same morning before the day's two rounds of work), 0.50x the
baseline's time, 147 B per op; 10x the ops cost 6.3x the time from 10k to
100k. Instructions (callgrind, the stable figure): 3.0 G in all threads
(3.77 G before the rounds; the main thread's share fell from 3.62 G to
about 2.1 G plus what it waits for): CSE hashes each op once, the trace's
events are decoded on a second thread, the MIX group analysis and keys and
the fusion groups' plans run on the context's threads. The 300k ops/s
target is not met.

Third round (front of the pipeline, mimalloc; the same day at load
average 20-24, where the wall times are several times the quiet
machine's, medians of 5): the 100k compile takes 0.44 s CPU against main's
0.49 s measured in the same hour (228k against 204k ops/s on CPU time),
222 B per op (146 B; mimalloc keeps freed memory for the run), 10x the ops
6.1x the CPU time. Instructions: 2.80 G in all threads, 1.91 G of them on
the main thread (3.00 G and 2.14 G before). No quiet-machine wall time was
measured for this round.

Usage: bench/compile_scaling.py [--build build] [--large] [--repeat 3]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make_trace(pb, n_ops, hidden=16):
    """A trace of one run with about n_ops aten ops (4 per layer)."""
    f32 = pb.DTYPE_FLOAT32
    t = pb.Trace(format_version=1, producer="bench", model="bench.Stack")
    zeros = bytes(4 * hidden * hidden)
    t.parameters.add(tensor_id=1, name="w", value=pb.TensorValue(
        type=pb.TensorType(dtype=f32, shape=[hidden, hidden]), data=zeros))
    t.parameters.add(tensor_id=2, name="b", value=pb.TensorValue(
        type=pb.TensorType(dtype=f32, shape=[hidden]), data=bytes(4 * hidden)))
    run = t.runs.add()
    act = pb.TensorType(dtype=f32, shape=[4, hidden])
    run.inputs.add(tensor_id=3, value=pb.TensorValue(type=act, data=bytes(4 * 4 * hidden)))
    next_id, x = 4, 3
    layers = max(1, n_ops // 4)
    for layer in range(layers):
        loc = pb.Location(frames=[pb.Frame(file="stack.py", line=10 + layer % 50, column=5)],
                          module_path=f"layers.{layer}")

        def op(name, args, shape):
            nonlocal next_id
            e = run.events.add(loc=loc)
            e.op.name = name
            for a in args:
                e.op.args.append(a)
            r = e.op.results.add(tensor_id=next_id, type=pb.TensorType(dtype=f32, shape=shape),
                                 alias_of=-1)
            next_id += 1
            return r.tensor_id
        wt = op("aten.t.default", [pb.Argument(name="self", tensor=1)], [hidden, hidden])
        h = op("aten.addmm.default", [pb.Argument(name="self", tensor=2),
                                      pb.Argument(name="mat1", tensor=x),
                                      pb.Argument(name="mat2", tensor=wt)], [4, hidden])
        h = op("aten.relu.default", [pb.Argument(name="self", tensor=h)], [4, hidden])
        x = op("aten.add.Tensor", [pb.Argument(name="self", tensor=x),
                                   pb.Argument(name="other", tensor=h),
                                   pb.Argument(name="alpha", int_value=1)], [4, hidden])
    run.outputs.add(tensor_id=x, value=pb.TensorValue(type=act, data=bytes(4 * 4 * hidden)))
    return t, layers * 4


def timed(cmd):
    """Wall time and CPU time (user + system), in seconds, of one command,
    which must succeed; and its stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed:\n{proc.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stderr.decode()


def medians(cmd, repeat):
    """Median wall time and median CPU time of `repeat` runs of cmd."""
    runs = [timed(cmd) for _ in range(repeat)]
    return (statistics.median(w for w, _, _ in runs),
            statistics.median(c for _, c, _ in runs))


def peak_rss(cmd):
    """Peak RSS in bytes of one run of cmd (through /usr/bin/time)."""
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, check=True).stderr.decode().strip().splitlines()
    return int(out[-1]) * 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--large", action="store_true", help="also run 1M ops")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    from ascend_trace import PyNativeTrace_pb2 as pb

    bin_dir = os.path.join(args.build, "bin")
    sizes = [1_000, 10_000, 100_000] + ([1_000_000] if args.large else [])
    rows = []
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            trace, ops = make_trace(pb, n)
            path = os.path.join(tmp, f"stack{n}.pntrace")
            with open(path, "wb") as f:
                f.write(trace.SerializeToString())
            pn = os.path.join(tmp, f"stack{n}.mlir")
            subprocess.run([os.path.join(bin_dir, "ascend-translate"), "--import-pynative-trace",
                            path, "-o", pn], check=True)
            compile_cmd = [os.path.join(bin_dir, "ascend-compile"), path, "--emit=aicore",
                           "-o", os.path.join(tmp, "out.mlir"), "--quiet"]
            base_cmd = [os.path.join(bin_dir, "ascend-opt"), pn, "-o", os.path.join(tmp, "rt.mlir")]
            comp, comp_cpu = medians(compile_cmd, args.repeat)
            mindir_cmd = [os.path.join(bin_dir, "ascend-compile"), path,
                          "-o", os.path.join(tmp, "out.mindir"), "--quiet"]
            full, _ = medians(mindir_cmd, args.repeat)
            base, base_cpu = medians(base_cmd, args.repeat)
            rss_c, rss_b = peak_rss(compile_cmd), peak_rss(base_cmd)
            rows.append((ops, comp, base, rss_c, rss_b, full, comp_cpu, base_cpu))

    print(f"{os.cpu_count()} cores, load average (1 min) {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after; medians of {args.repeat} runs")
    print(f"{'ops':>9} {'compile s':>10} {'ops/s':>10} {'parse+print s':>14} {'ratio':>6} "
          f"{'peak RSS MiB':>13} {'B/op over baseline':>19} {'to MindIR s':>12} "
          f"{'compile CPU s':>14} {'CPU ops/s':>10} {'base CPU s':>11} {'CPU ratio':>10}")
    for ops, comp, base, rss_c, rss_b, full, comp_cpu, base_cpu in rows:
        print(f"{ops:>9} {comp:>10.3f} {ops / comp:>10.0f} {base:>14.3f} {comp / base:>6.2f} "
              f"{rss_c / 2**20:>13.1f} {(rss_c - rss_b) / ops:>19.0f} {full:>12.3f} "
              f"{comp_cpu:>14.3f} {ops / max(comp_cpu, 1e-9):>10.0f} {base_cpu:>11.3f} "
              f"{comp_cpu / max(base_cpu, 1e-9):>10.2f}")
    for (o1, c1, *r1), (o2, c2, *r2) in zip(rows, rows[1:]):
        print(f"time growth {o1} -> {o2} ops: {c2 / c1:.2f}x wall, "
              f"{r2[4] / max(r1[4], 1e-9):.2f}x CPU (target <= 11x for 10x ops)")
    at = {r[0]: r for r in rows}
    if 100_000 in at and 10_000 in at:
        ops, comp, base, rss_c, rss_b, _, comp_cpu, base_cpu = at[100_000]
        small = at[10_000]

        def check(name, wall, cpu, ok, fmt):
            verdict = lambda v: "met" if ok(v) else "NOT met"
            print(f"target {name}: {fmt(wall)} wall ({verdict(wall)}), "
                  f"{fmt(cpu)} CPU ({verdict(cpu)})")
        check("ops/s at 100k >= 300000", ops / comp, ops / comp_cpu,
              lambda v: v >= 300_000, lambda v: f"{v:.0f}")
        check("ratio to parse+verify+print <= 4", comp / base, comp_cpu / base_cpu,
              lambda v: v <= 4, lambda v: f"{v:.2f}")
        check("growth 10k -> 100k <= 11x", comp / small[1], comp_cpu / small[6],
              lambda v: v <= 11, lambda v: f"{v:.2f}x")
        per_op = (rss_c - rss_b) / ops
        print(f"target compiler memory per op <= 1024 B: {per_op:.0f} B "
              f"({'met' if per_op <= 1024 else 'NOT met'})")


if __name__ == "__main__":
    main()
