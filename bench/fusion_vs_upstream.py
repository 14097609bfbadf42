#!/usr/bin/env python3
"""Graph-level fusion of ascend-opt beside upstream MLIR's linalg fusion.

For each model (torchvision resnet18, a TransformerEncoderLayer of BERT-base
width, and the repository's examples), in one run:
  - records the model and compiles it to the mindspore level twice: without
    the graph-level optimization (the graph both sides start from) and with it
    (`ascend-compile --fusion-report`: kernels and modeled GM bytes);
  - lowers the unoptimized graph to linalg (`ascend-opt
    --convert-mindspore-to-linalg`) and runs upstream's elementwise fusion on
    it (`mlir-opt-22 --linalg-generalize-named-ops
    --linalg-fuse-elementwise-ops`), then counts its kernels and bytes the same
    way: every linalg structured op except linalg.fill (an init a backend folds
    into its consumer) and every tensor.pad / concat / insert_slice /
    extract_slice is a kernel that reads each distinct tensor operand once and
    writes its results; reshapes (collapse/expand_shape) are views.
Prints kernels and modeled GM bytes side by side, and each against the lower
bound (inputs + weights + outputs moved once). Targets (issue "Graph-level
optimization"): ours <= 1.15x the lower bound on resnet18 and the transformer
block, and fewer kernels than upstream's fusion.

Usage: bench/fusion_vs_upstream.py [--build build]
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MLIR_OPT = "/usr/bin/mlir-opt-22"

ELEMENT_BYTES = {"f64": 8, "f32": 4, "f16": 2, "bf16": 2, "i64": 8, "i32": 4,
                 "i16": 2, "i8": 1, "i1": 1, "index": 8}
TENSOR = re.compile(r"tensor<([0-9x]*)([a-z]+[0-9]*)>")
KERNEL_OPS = re.compile(r'"(linalg\.[a-z_0-9]+|tensor\.(?:pad|concat|insert_slice|extract_slice))"')


def tensor_bytes(text):
    dims, element = text
    n = 1
    for d in filter(None, dims.split("x")):
        n *= int(d)
    return n * ELEMENT_BYTES.get(element, 4)


def upstream_kernels(generic_mlir):
    """Kernels and bytes of a module printed in generic form."""
    lines = generic_mlir.splitlines()
    kernels, total = 0, 0
    for i, line in enumerate(lines):
        m = KERNEL_OPS.search(line)
        if not m or "= " not in line.split(m.group(0))[0] + "= ":
            continue
        name = m.group(1)
        if name in ("linalg.fill", "linalg.yield", "linalg.index"):
            continue
        if not re.match(r"\s*%[\w#:]+ = ", line):
            continue
        operands = re.search(r'"\(([^)]*)\)', line[m.end() - 1:])
        names = [s.strip() for s in operands.group(1).split(",")] if operands else []
        # Destination-style ops list their inits (outs) after their inputs:
        # an init is written, not read (tensor.empty / a folded fill).
        segments = re.search(r"operandSegmentSizes = array<i32: (\d+), (\d+)>", line)
        if segments:
            names = names[:int(segments.group(1))]
        signature = line
        if line.rstrip().endswith("({"):
            indent = len(line) - len(line.lstrip())
            for later in lines[i + 1:]:
                if later.startswith(" " * indent + "})") and \
                        len(later) - len(later.lstrip()) == indent:
                    signature = later
                    break
        sig = signature[signature.rfind(" : (") + 3:]
        ins, _, outs = sig.partition(" -> ")
        in_types = TENSOR.findall(ins)
        seen = set()
        for operand, t in zip(names, in_types):
            if operand not in seen:
                seen.add(operand)
                total += tensor_bytes(t)
        for t in TENSOR.findall(outs):
            total += tensor_bytes(t)
        kernels += 1
    return kernels, total


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def record(model, runs, path):
    import ascend_trace
    ascend_trace.record(model, runs, path)


def models():
    import torch
    import torchvision
    torch.manual_seed(0)
    resnet = torchvision.models.resnet18().eval()
    yield "resnet18 1x3x64x64", resnet, [(torch.randn(1, 3, 64, 64),)]
    layer = torch.nn.TransformerEncoderLayer(768, 12, 3072, batch_first=True).eval()
    yield "TransformerEncoderLayer 768/12 seq 32", layer, [(torch.randn(1, 32, 768),)]
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    for name in ("transformer_block", "branch_model"):
        module = __import__(name)
        model, runs = module.make()
        yield f"examples/{name}", model, runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    bin_dir = os.path.join(args.build, "bin")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, model, runs in models():
            trace = os.path.join(tmp, "m.pntrace")
            record(model, runs, trace)
            plain = os.path.join(tmp, "plain.mlir")
            run([os.path.join(bin_dir, "ascend-compile"), trace, "--emit=mindspore",
                 "--graph-opt=false", "-o", plain, "--quiet"])
            report = os.path.join(tmp, "report.csv")
            run([os.path.join(bin_dir, "ascend-compile"), trace, "--emit=mindspore",
                 "-o", os.path.join(tmp, "ours.mlir"), "--fusion-report", report, "--quiet"])
            with open(report) as f:
                stages = {r["Stage"]: r for r in csv.DictReader(f)}
            lowered = os.path.join(tmp, "linalg.mlir")
            run([os.path.join(bin_dir, "ascend-opt"), plain, "--convert-mindspore-to-linalg",
                 "-o", lowered])
            fused = run([MLIR_OPT, lowered, "--linalg-generalize-named-ops",
                         "--linalg-fuse-elementwise-ops", "--mlir-print-op-generic"]).stdout
            up_kernels, up_bytes = upstream_kernels(fused)
            before, after = stages["before fusion"], stages["after fusion"]
            bound = int(after["HBM Lower Bound Bytes"])
            rows.append((label, int(before["Kernels"]), up_kernels, int(after["Kernels"]),
                         int(before["HBM Bytes"]), up_bytes, int(after["HBM Bytes"]), bound))
    print(f"{'model':40} {'kernels: unfused':>16} {'upstream':>9} {'ours':>5}   "
          f"{'GM MB: unfused':>14} {'upstream':>9} {'ours':>8} {'bound':>8}   "
          f"{'ours/bound':>10} {'upstream/bound':>14}")
    for label, k0, ku, ko, b0, bu, bo, lb in rows:
        mb = 1e6
        print(f"{label:40} {k0:16d} {ku:9d} {ko:5d}   {b0 / mb:14.3f} {bu / mb:9.3f} "
              f"{bo / mb:8.3f} {lb / mb:8.3f}   {bo / lb:10.3f} {bu / lb:14.3f}")


if __name__ == "__main__":
    main()
