#!/usr/bin/env python3
"""Compile speed on real-model traces with distinct weights, 10k to 1M ops.

Records (ascend-trace record, torch eval mode, one run) three model families
with distinct random weights at about N recorded ops each:
  - mlp:         residual MLP blocks x + fc2(relu(fc1(layer_norm(x)))), d 16;
  - transformer: nn.TransformerEncoderLayer stacks, d_model 32, 4 heads;
  - cnn:         residual conv-batchnorm-relu blocks, 8 channels, 8x8 images;
then measures in one run, per trace (median of --repeat wall times; peak RSS
of one run):
  - `ascend-compile TRACE -o M.mindir` (the whole process, to MindIR);
  - `ascend-compile TRACE --emit=aicore`;
  - import alone: `ascend-compile TRACE --emit=pynative` (import and print);
  - upstream `mlir-opt --allow-unregistered-dialect` parse+verify+print of
    that pynative module (in the generic form, written by ascend-opt);
  - compiler memory per op beyond the weights: (peak RSS of the MindIR
    compile - weight bytes - peak RSS of the same model's 10-block compile)
    / ops;
  - MindIR size (the file and any external data) against the weight bytes.
Targets (issue 23, on the 100k traces): >= 300k ops/s to MindIR; 10x the ops
<= 11x the time; <= 1 KiB of compiler memory per op beyond the weights;
MindIR size <= weights + 1 KiB per op. The last lines check them.
bench/compile_scaling.py's synthetic trace (one shared weight) is the second
row of the same figures (docs/Performance.md).

Usage: bench/compile_real_traces.py [--build build] [--models mlp,transformer,cnn]
                                    [--sizes 10000,100000] [--large] [--repeat 3]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"

MODEL = '''
import os, torch
nn = torch.nn
class MLPBlock(nn.Module):
    def __init__(s, d):
        super().__init__()
        s.norm, s.fc1, s.fc2 = nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.Linear(2 * d, d)
    def forward(s, x):
        return x + s.fc2(torch.relu(s.fc1(s.norm(x))))
class ConvBlock(nn.Module):
    def __init__(s, c):
        super().__init__()
        s.conv, s.bn = nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c)
    def forward(s, x):
        return x + torch.relu(s.bn(s.conv(x)))
def make():
    torch.manual_seed(0)
    kind, n = os.environ["BENCH_MODEL"], int(os.environ["BENCH_BLOCKS"])
    if kind == "mlp":
        return nn.Sequential(*[MLPBlock(16) for _ in range(n)]).eval(), [(torch.randn(4, 16),)]
    if kind == "transformer":
        layers = [nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
                  for _ in range(n)]
        return nn.Sequential(*layers).eval(), [(torch.randn(2, 6, 32),)]
    return nn.Sequential(*[ConvBlock(8) for _ in range(n)]).eval(), [(torch.randn(1, 8, 8, 8),)]
'''


def measured(cmd, env=None):
    """Wall time (s), peak RSS (bytes) and output of one run, which must succeed
    (its CPU time, user + system, goes to cpu_times[-1])."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed:\n{out.decode(errors='replace')[-3000:]}")
    cpu_times.append(usage.ru_utime + usage.ru_stime)
    return wall, usage.ru_maxrss * 1024, out.decode(errors="replace")


cpu_times = []


def median_wall(cmd, repeat):
    """Median wall time, peak RSS and first output of `repeat` runs; the
    median CPU time (user + system) of those runs goes to cpu_times[-1]."""
    runs, cpus = [], []
    for _ in range(repeat):
        runs.append(measured(cmd))
        cpus.append(cpu_times[-1])
    cpu_times.append(statistics.median(cpus))
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs), runs[0][2]


def size_of(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(d, f))
                   for d, _, fs in os.walk(path) for f in fs)
    return os.path.getsize(path) if os.path.exists(path) else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--models", default="mlp,transformer,cnn")
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--large", action="store_true", help="also 1M ops")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    b = lambda tool: os.path.join(args.build, "bin", tool)
    sizes = [int(s) for s in args.sizes.split(",")] + ([1_000_000] if args.large else [])
    rows = []
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "models.py")
        with open(model, "w") as f:
            f.write(MODEL)

        def record(kind, blocks):
            trace = os.path.join(tmp, f"{kind}{blocks}.pntrace")
            env = dict(os.environ, BENCH_MODEL=kind, BENCH_BLOCKS=str(blocks))
            out = measured([b("ascend-trace"), "record", model, "-o", trace], env)[2]
            return trace, int(re.search(r"(\d+) op\(s\)", out).group(1))

        for kind in args.models.split(","):
            # Ops per block, from a 10-block recording (also the memory baseline).
            small, small_ops = record(kind, 10)
            _, base_rss, _ = measured([b("ascend-compile"), small, "-o",
                                       os.path.join(tmp, "small.mindir"), "--quiet"])
            per_block = small_ops / 10
            for n in sizes:
                trace, ops = record(kind, max(1, round(n / per_block)))
                mindir = os.path.join(tmp, "out.mindir")
                full, rss, out = median_wall([b("ascend-compile"), trace, "-o", mindir],
                                             args.repeat)
                full_cpu = cpu_times[-1]
                weights = int(re.search(r"weights \((\d+) bytes\)", out).group(1))
                mindir_bytes = size_of(mindir) + size_of(os.path.join(tmp, "out_variables"))
                aicore, _, _ = median_wall([b("ascend-compile"), trace, "--emit=aicore", "-o",
                                            os.path.join(tmp, "out.mlir"), "--quiet"],
                                           args.repeat)
                aicore_cpu = cpu_times[-1]
                pn = os.path.join(tmp, "pn.mlir")
                imp, _, _ = median_wall([b("ascend-compile"), trace, "--emit=pynative", "-o", pn,
                                         "--quiet"], args.repeat)
                imp_cpu = cpu_times[-1]
                # Upstream has no pynative dialect: it reads the generic form
                # (written by ascend-opt, not timed).
                generic = os.path.join(tmp, "generic.mlir")
                measured([b("ascend-opt"), pn, "--mlir-print-op-generic", "-o", generic])
                upstream, _, _ = median_wall([MLIR_OPT, "--allow-unregistered-dialect", generic,
                                              "-o", os.path.join(tmp, "rt.mlir")], args.repeat)
                upstream_cpu = cpu_times[-1]
                os.remove(generic)
                rows.append(dict(kind=kind, ops=ops, full=full, aicore=aicore, imp=imp,
                                 upstream=upstream, full_cpu=full_cpu,
                                 aicore_cpu=aicore_cpu, imp_cpu=imp_cpu,
                                 upstream_cpu=upstream_cpu, rss=rss, weights=weights,
                                 per_op=(rss - weights - base_rss) / ops,
                                 mindir=mindir_bytes))
                print(f"bench: {rows[-1]}", file=sys.stderr, flush=True)
                for p in (trace, mindir, pn):
                    os.remove(p)
                shutil.rmtree(os.path.join(tmp, "out_variables"), ignore_errors=True)

    print(f"{os.cpu_count()} cores, load average (1 min) {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after; medians of {args.repeat} runs")
    print(f"{'model':>11} {'ops':>8} {'MindIR s':>9} {'ops/s':>8} {'aicore s':>9} "
          f"{'import s':>9} {'mlir-opt s':>10} {'peak MiB':>9} {'weights MiB':>11} "
          f"{'B/op':>6} {'MindIR MiB':>10} {'over weights B/op':>17}")
    for r in rows:
        print(f"{r['kind']:>11} {r['ops']:>8} {r['full']:>9.3f} {r['ops'] / r['full']:>8.0f} "
              f"{r['aicore']:>9.3f} {r['imp']:>9.3f} {r['upstream']:>10.3f} "
              f"{r['rss'] / 2**20:>9.0f} {r['weights'] / 2**20:>11.1f} {r['per_op']:>6.0f} "
              f"{r['mindir'] / 2**20:>10.1f} {(r['mindir'] - r['weights']) / r['ops']:>17.0f}")
    print("CPU time (user + system, s; the machine is shared, so this is the figure "
          "that does not depend on the load):")
    print(f"{'model':>11} {'ops':>8} {'MindIR':>9} {'ops/s':>8} {'aicore':>9} "
          f"{'import':>9} {'mlir-opt':>10}")
    for r in rows:
        print(f"{r['kind']:>11} {r['ops']:>8} {r['full_cpu']:>9.3f} "
              f"{r['ops'] / r['full_cpu']:>8.0f} {r['aicore_cpu']:>9.3f} "
              f"{r['imp_cpu']:>9.3f} {r['upstream_cpu']:>10.3f}")
    for kind in args.models.split(","):
        rs = [r for r in rows if r["kind"] == kind]
        for r1, r2 in zip(rs, rs[1:]):
            print(f"{kind}: {r1['ops']} -> {r2['ops']} ops: {r2['full'] / r1['full']:.2f}x "
                  f"the wall time, {r2['full_cpu'] / r1['full_cpu']:.2f}x the CPU time "
                  f"to MindIR (target <= {1.1 * r2['ops'] / r1['ops']:.1f}x)")
        big = [r for r in rs if 90_000 <= r["ops"] <= 110_000]
        if not big:
            continue
        r = big[0]
        small = [s for s in rs if s["ops"] < r["ops"]]

        def verdict(name, value, ok):
            print(f"target {kind} at {r['ops']} ops: {name}: {value} "
                  f"({'met' if ok else 'NOT met'})")
        verdict(">= 300000 ops/s to MindIR (wall)", f"{r['ops'] / r['full']:.0f}",
                r["ops"] / r["full"] >= 300_000)
        verdict(">= 300000 ops/s to MindIR (CPU)", f"{r['ops'] / r['full_cpu']:.0f}",
                r["ops"] / r["full_cpu"] >= 300_000)
        if small:
            for what, key in (("wall", "full"), ("CPU", "full_cpu")):
                g = (r[key] / small[-1][key]) / (r["ops"] / small[-1]["ops"]) * 10
                verdict(f"10x the ops <= 11x the time ({what})", f"{g:.2f}x per 10x",
                        g <= 11)
        verdict("<= 1024 B compiler memory per op beyond weights", f"{r['per_op']:.0f} B",
                r["per_op"] <= 1024)
        over = (r["mindir"] - r["weights"]) / r["ops"]
        verdict("MindIR <= weights + 1024 B/op", f"{over:.0f} B/op", over <= 1024)


if __name__ == "__main__":
    main()
