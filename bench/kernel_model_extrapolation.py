#!/usr/bin/env python3
"""The kernel model's loop extrapolation against the full simulation.

The kernel model (`simulateKernel`: ascend-aicore-estimate, the tile
searches of convert-mindspore-to-aicore, --report / --timeline) runs a
loop's iterations until they repeat with a shifted schedule, then applies
the remaining identical ones at once, and simulates one block per set of
blocks with equal control values (docs/AICoreKernels.md, "Loop
extrapolation"). The hidden option --ascend-aicore-full-simulation runs
every iteration of every block instead. This script runs both on:

  - tests: every .mlir under test/ with AI Core kernels: aicore-level
    inputs through --ascend-aicore-estimate, mindspore-level inputs of the
    conversion tests through --convert-mindspore-to-aicore
    --ascend-aicore-plan-buffers --ascend-aicore-estimate (so the tile
    searches run in both modes too), each --split-input-file case on its
    own; then the op summary and the timeline of each case
    (ascend-translate --export-op-summary / --export-trace-events);
  - examples (needs torch): examples/*.py, a [32, 64, 112, 112] MaxPool
    (torch.nn.MaxPool2d(3, 2, 1)) and resnet18 at batch 32, recorded and
    compiled with ascend-compile --emit=aicore --report --timeline;
  - bench (slow): the bench scripts' printed figures (cube_utilization,
    vector_kernels, mix_kernels, conv_mix_kernels, grouped_convs,
    mix_prologue) with the tools in each mode.

It prints, per input, the kernels compared and the largest difference of
any figure (aicore.estimate fields, op-summary cells, timeline events,
bench figures) between the modes, then the overall maximum, and for the
examples the compile times of both modes (median of --repeat runs; with
--baseline BUILD also those of another build's ascend-compile, e.g. the
one before the extrapolation).

Usage: bench/kernel_model_extrapolation.py [--build build]
           [--sections tests,examples,bench] [--repeat 5] [--baseline DIR]
           [--benches vector_kernels,mix_kernels,...]
"""
import argparse
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FULL = "--ascend-aicore-full-simulation"
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def numbers_diff(a, b):
    """Largest absolute difference between the numbers of two texts that are
    equal apart from numbers; None when the texts differ otherwise."""
    if NUMBER.sub("#", a) != NUMBER.sub("#", b):
        return None
    xs, ys = NUMBER.findall(a), NUMBER.findall(b)
    return max((abs(float(x) - float(y)) for x, y in zip(xs, ys)), default=0.0)


def estimates(text):
    """kernel name -> aicore.estimate fields."""
    result = {}
    for m in re.finditer(r"aicore\.kernel @([\w.$-]+)\(.*?aicore\.estimate = "
                         r"\{([^}]*)\}", text):
        fields = {}
        for f in re.finditer(r"(\w+) = (-?[\d.e+-]+)", m.group(2)):
            fields[f.group(1)] = float(f.group(2))
        result[m.group(1)] = fields
    return result


class Report:
    def __init__(self):
        self.max_diff = 0.0
        self.kernels = 0
        self.mismatches = []

    def add(self, name, kernels, diff, note=""):
        self.kernels += kernels
        if diff is None:
            self.mismatches.append(name)
            shown = "DIFFERENT"
        else:
            self.max_diff = max(self.max_diff, diff)
            shown = f"{diff:g}"
        print(f"  {name:58s} {kernels:5d} kernels  max diff {shown} {note}")
        sys.stdout.flush()


def compare_outputs(a, b):
    """Max numeric difference of two (stdout, stderr, rc) triples."""
    if a[2] != b[2]:
        return None
    d1, d2 = numbers_diff(a[0], b[0]), numbers_diff(a[1], b[1])
    if d1 is None or d2 is None:
        return None
    return max(d1, d2)


def aicore_cases(path, opt, tmp):
    """The --split-input-file cases of test input `path` as aicore-level
    texts to estimate, each with the pass list that makes it (the
    conversion for mindspore-level inputs)."""
    text = open(path).read()
    code = "\n".join(l for l in text.splitlines()
                     if not l.lstrip().startswith("//"))
    runs = " ".join(l for l in text.splitlines() if "RUN:" in l)
    if "aicore.kernel" in code:
        passes = []
    elif "mindspore." in code and "convert-mindspore-to-aicore" in runs:
        passes = ["--convert-mindspore-to-aicore", "--ascend-aicore-plan-buffers"]
    else:
        return []
    cases = re.split(r"^// -----$", text, flags=re.M)
    result = []
    for i, case in enumerate(cases):
        if "aicore.kernel" not in case and not passes:
            continue
        name = os.path.relpath(path, ROOT) + (f"#{i}" if len(cases) > 1 else "")
        file = os.path.join(tmp, f"case{len(os.listdir(tmp))}.mlir")
        with open(file, "w") as f:
            f.write(case)
        result.append((name, file, passes))
    return result


def section_tests(build, report):
    opt = os.path.join(build, "bin", "ascend-opt")
    translate = os.path.join(build, "bin", "ascend-translate")
    print("tests (test/**/*.mlir with AI Core kernels):")
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"),
                                     recursive=True)):
            for name, file, passes in aicore_cases(path, opt, tmp):
                outputs = []
                for mode in ([], [FULL]):
                    out = run([opt, file] + passes + ["--ascend-aicore-estimate"] + mode)
                    outputs.append((out.stdout, out.stderr, out.returncode))
                diff = compare_outputs(*outputs)
                kernels = len(estimates(outputs[0][0]))
                if kernels == 0 and outputs[0][2] != 0 and outputs[1][2] != 0:
                    # Invalid on purpose (verifier, race, deadlock tests):
                    # both modes must say the same.
                    report.add(name, 0, diff, "(error in both modes)")
                    continue
                if diff is None or kernels == 0:
                    report.add(name, kernels, diff)
                    continue
                # The op summary and the timeline of the estimated kernels.
                estimated = file + ".estimated.mlir"
                with open(estimated, "w") as f:
                    f.write(outputs[0][0])
                for export in ("--export-op-summary", "--export-trace-events"):
                    pair = []
                    for mode in ([], [FULL]):
                        out = run([translate, estimated, export] + mode)
                        pair.append((out.stdout, out.stderr, out.returncode))
                    d = compare_outputs(*pair)
                    diff = None if d is None else max(diff, d)
                report.add(name, kernels, diff)


def median_time(cmd, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        out = run(cmd)
        times.append(time.perf_counter() - start)
        if out.returncode != 0:
            sys.exit(f"failed: {' '.join(cmd)}\n{out.stderr}")
    return statistics.median(times)


MODELS = {
    "maxpool_32x64x112x112.py": """import torch
def make():
    torch.manual_seed(0)
    return torch.nn.MaxPool2d(3, 2, 1), [(torch.randn(32, 64, 112, 112),)]
""",
    "resnet18_batch32.py": """import torch, torchvision
def make():
    torch.manual_seed(0)
    model = torchvision.models.resnet18(weights=None, num_classes=10).eval()
    return model, [(torch.randn(32, 3, 64, 64),)]
""",
}


def section_examples(build, report, repeat, baseline):
    compile_ = os.path.join(build, "bin", "ascend-compile")
    trace = os.path.join(build, "bin", "ascend-trace")
    print("examples (ascend-compile --emit=aicore --report --timeline):")
    timings = []
    with tempfile.TemporaryDirectory() as tmp:
        models = sorted(glob.glob(os.path.join(ROOT, "examples", "*.py")))
        for name, text in MODELS.items():
            models.append(os.path.join(tmp, name))
            with open(models[-1], "w") as f:
                f.write(text)
        env = dict(os.environ, PYTHONPATH=os.path.join(build, "python"))
        for model in models:
            stem = os.path.splitext(os.path.basename(model))[0]
            pntrace = os.path.join(tmp, stem + ".pntrace")
            out = run([trace, "record", model, "-o", pntrace, "-q"], env=env)
            if out.returncode != 0:
                sys.exit(f"recording {model} failed:\n{out.stderr}")
            texts = []
            for tag, mode in (("fast", []), ("full", [FULL])):
                files = [os.path.join(tmp, f"{stem}.{tag}.{e}")
                         for e in ("mlir", "csv", "json")]
                out = run([compile_, pntrace, "--emit=aicore", "-o", files[0],
                           "--report", files[1], "--timeline", files[2],
                           "--quiet"] + mode)
                if out.returncode != 0:
                    sys.exit(f"compiling {stem} failed:\n{out.stderr}")
                texts.append([open(f).read() for f in files])
            diffs = [numbers_diff(a, b) for a, b in zip(*texts)]
            diff = None if None in diffs else max(diffs)
            report.add(stem, len(estimates(texts[0][0])), diff)
            # Compile times of the default pipeline (to MindIR).
            cmd = [compile_, pntrace, "-o", os.path.join(tmp, stem + ".mindir"),
                   "--quiet"]
            row = [stem, median_time(cmd, repeat), median_time(cmd + [FULL], repeat)]
            if baseline:
                row.append(median_time(
                    [os.path.join(baseline, "bin", "ascend-compile")] + cmd[1:],
                    repeat))
            timings.append(row)
    header = f"  {'compile time (s, median of ' + str(repeat) + ')':40s} {'extrapolated':>12s} {'full':>8s}"
    if baseline:
        header += f" {'baseline':>9s}"
    print(header)
    for row in timings:
        line = f"  {row[0]:40s} {row[1]:12.2f} {row[2]:8.2f}"
        if baseline:
            line += f" {row[3]:9.2f}"
        print(line)


BENCHES = ["vector_kernels", "conv_mix_kernels", "grouped_convs",
           "mix_kernels", "mix_prologue", "cube_utilization"]


def section_bench(build, report, benches):
    print("bench (printed figures, the tools in each mode):")
    with tempfile.TemporaryDirectory() as fake:
        os.makedirs(os.path.join(fake, "bin"))
        for tool in ("ascend-opt", "ascend-compile", "ascend-translate"):
            wrapper = os.path.join(fake, "bin", tool)
            with open(wrapper, "w") as f:
                f.write(f'#!/bin/sh\nexec {os.path.join(os.path.abspath(build), "bin", tool)} "$@" {FULL}\n')
            os.chmod(wrapper, 0o755)
        for bench in benches:
            script = os.path.join(ROOT, "bench", bench + ".py")
            outs = []
            for b in (build, fake):
                out = run([sys.executable, script, "--build", b])
                # The compile-seconds column of vector_kernels is a time.
                lines = [re.sub(r"\s+[\d.]+$", "", l) if bench == "vector_kernels"
                         else l for l in out.stdout.splitlines()]
                outs.append(("\n".join(lines), out.stderr, out.returncode))
            kernels = sum(1 for l in outs[0][0].splitlines() if NUMBER.search(l))
            report.add("bench/" + bench + ".py", kernels,
                       compare_outputs(*outs), "(rows)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--sections", default="tests,examples")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", help="another build dir to time")
    parser.add_argument("--benches", default=",".join(BENCHES),
                        help="the bench scripts of the bench section")
    args = parser.parse_args()
    report = Report()
    sections = args.sections.split(",")
    if "tests" in sections:
        section_tests(args.build, report)
    if "examples" in sections:
        section_examples(args.build, report, args.repeat, args.baseline)
    if "bench" in sections:
        section_bench(args.build, report, args.benches.split(","))
    print(f"kernels compared: {report.kernels}")
    print(f"max difference extrapolated vs full: {report.max_diff:g}")
    if report.mismatches:
        print("different: " + ", ".join(report.mismatches))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
