#!/usr/bin/env python3
"""ascend-run at model size: wall time and peak RSS per level, 1k to 100k ops.

Records (ascend-trace record) a residual MLP of B blocks with distinct
weights, x + fc2(relu(fc1(layer_norm(x)))) with d_model 16 (7 recorded ops a
block), at about 1k, 10k and 100k recorded ops, compiles it to the mindspore
and the aicore level (ascend-compile --emit=..., not timed), then measures in
one run, per size and level, one `ascend-run MODULE --trace TRACE` (the CPU
compile of the module and the run of the recorded input, compared with the
eager output): wall time, peak RSS, and that it printed `ok`. The runner
outlines each distinct graph op into one function, JIT-compiles those
functions once and runs the graph as a host-side list of calls
(CPUCompileOptions::outlineOps), so the time should grow linearly.

Targets (issue 23, item 3): the 10k-op model runs in <= 30 s and <= 2 GiB
per level; 10x the ops <= 11x the time. The last lines check them.

Usage: bench/ascend_run_scaling.py [--build build] [--sizes 1000,10000,100000]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MODEL = '''
import os, torch
class Block(torch.nn.Module):
    def __init__(s, d):
        super().__init__()
        s.norm = torch.nn.LayerNorm(d)
        s.fc1 = torch.nn.Linear(d, 2 * d)
        s.fc2 = torch.nn.Linear(2 * d, d)
    def forward(s, x):
        return x + s.fc2(torch.relu(s.fc1(s.norm(x))))
class ResidualMLP(torch.nn.Module):
    def __init__(s, n, d):
        super().__init__()
        s.blocks = torch.nn.Sequential(*[Block(d) for _ in range(n)])
    def forward(s, x):
        return s.blocks(x)
def make():
    torch.manual_seed(0)
    n = int(os.environ["BENCH_BLOCKS"])
    return ResidualMLP(n, 16).eval(), [(torch.randn(4, 16),)]
'''
OPS_PER_BLOCK = 7


def measured(cmd, env=None):
    """Wall time (s), peak RSS (bytes), exit status and output of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    return (time.perf_counter() - start, usage.ru_maxrss * 1024,
            os.waitstatus_to_exitcode(status), out.decode(errors="replace"))


def must(cmd, env=None):
    wall, rss, code, out = measured(cmd, env)
    if code != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed (exit {code}):\n{out[-3000:]}")
    return wall, rss, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--sizes", default="1000,10000,100000")
    args = ap.parse_args()
    bin_dir = os.path.join(args.build, "bin")
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "residual_mlp.py")
        with open(model, "w") as f:
            f.write(MODEL)
        for n in sizes:
            blocks = max(1, n // OPS_PER_BLOCK)
            trace = os.path.join(tmp, f"mlp{blocks}.pntrace")
            env = dict(os.environ, BENCH_BLOCKS=str(blocks))
            _, _, out = must([os.path.join(bin_dir, "ascend-trace"), "record", model,
                              "-o", trace], env)
            ops = int(out.split(" op(s)")[0].rsplit(" ", 1)[-1])
            for level in ("mindspore", "aicore"):
                module = os.path.join(tmp, f"mlp{blocks}.{level}.mlir")
                must([os.path.join(bin_dir, "ascend-compile"), trace, f"--emit={level}",
                      "-o", module, "--quiet"])
                wall, rss, code, out = measured(
                    [os.path.join(bin_dir, "ascend-run"), module, "--trace", trace])
                ok = code == 0 and ": ok" in out
                if not ok:
                    print(f"ascend-run on {ops} ops ({level}) failed (exit {code}):\n"
                          f"{out[-2000:]}", file=sys.stderr)
                rows.append((ops, level, wall, rss, ok))
                os.remove(module)
            os.remove(trace)

    print(f"{os.cpu_count()} cores, load average (1 min) {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after; one run each")
    print(f"{'ops':>8} {'level':>10} {'ascend-run s':>13} {'peak RSS MiB':>13} "
          f"{'us/op':>7} {'result':>7}")
    for ops, level, wall, rss, ok in rows:
        print(f"{ops:>8} {level:>10} {wall:>13.2f} {rss / 2**20:>13.0f} "
              f"{wall / ops * 1e6:>7.0f} {'ok' if ok else 'FAILED':>7}")
    for level in ("mindspore", "aicore"):
        level_rows = [r for r in rows if r[1] == level]
        for (o1, _, w1, *_), (o2, _, w2, *_) in zip(level_rows, level_rows[1:]):
            print(f"{level}: {o1} -> {o2} ops ({o2 / o1:.1f}x): {w2 / w1:.2f}x the time "
                  f"(target <= {1.1 * o2 / o1:.1f}x)")
        ten = [r for r in level_rows if 9000 <= r[0] <= 11000]
        if ten:
            ops, _, wall, rss, ok = ten[0]
            met = ok and wall <= 30 and rss <= 2 * 2**30
            print(f"target {level} at {ops} ops: <= 30 s and <= 2 GiB: {wall:.1f} s, "
                  f"{rss / 2**30:.2f} GiB, {'ok' if ok else 'FAILED'} "
                  f"({'met' if met else 'NOT met'})")
    if not all(r[4] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
