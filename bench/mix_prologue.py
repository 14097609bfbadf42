#!/usr/bin/env python3
"""Modeled cost of a MIX kernel's elementwise prologue on A.

For each shape [M, K] x [K, N] (fp16 in and out) the script writes a
mindspore module with two `mix` fusion groups under the same tiling:
`relu(x * 0.5) @ w + b` (the prologue: the AIVs compute each output tile's
rows of A into a GM workspace slot, the Cube reads them from there) and
`x @ w + b` followed by ReLU (no prologue), converts them with `ascend-opt
--convert-mindspore-to-aicore` and runs the kernel model
(`--ascend-aicore-estimate`). It prints, per shape:

  - the tiling (searched for the matmul), block_dim and the prologue's UB
    chunk (rows x columns);
  - the modeled cycles with and without the prologue, and the overhead;
  - the redundancy: every tile recomputes its rows of A, so the AIVs
    compute A ceil(N / tn) times over (the V busy cycles per AIV show it).

Usage: bench/mix_prologue.py [--build build] [--chip Ascend910B2]
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_estimates import estimate_kernels  # noqa: E402
SHAPES = [(1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 1024),
          (250, 1000, 4000), (16, 4096, 4096)]


def module(m, n, k):
    x, w, b, r = (f"tensor<{m}x{k}xf16>", f"tensor<{n}x{k}xf16>",
                  f"tensor<{n}xf16>", f"tensor<{m}x{n}xf16>")
    return f"""
func.func @main(%x: {x}, %w: {w}, %b: {b}) -> ({r}, {r}) {{
  %o = mindspore.fusion "mix" "Fused_Mul_ReLU_MatMul_BiasAdd_0" (%x, %w, %b) : ({x}, {w}, {b}) -> {r} {{
  ^bb0(%a: {x}, %c: {w}, %d: {b}):
    %h = mindspore.constant dense<5.000000e-01> : tensor<f16>
    %u = mindspore.mul %a, %h : ({x}, tensor<f16>) -> {x}
    %p = mindspore.relu %u : {x}
    %m = mindspore.matmul %p, %c {{transpose_b = true}} : ({x}, {w}) -> {r}
    %s = mindspore.bias_add %m, %d : ({r}, {b}) -> {r}
    mindspore.yield %s : {r}
  }}
  %q = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_ReLU_1" (%x, %w, %b) : ({x}, {w}, {b}) -> {r} {{
  ^bb0(%a: {x}, %c: {w}, %d: {b}):
    %m = mindspore.matmul %a, %c {{transpose_b = true}} : ({x}, {w}) -> {r}
    %s = mindspore.bias_add %m, %d : ({r}, {b}) -> {r}
    %t = mindspore.relu %s : {r}
    mindspore.yield %t : {r}
  }}
  return %o, %q : {r}, {r}
}}
"""


def run(opt, path, chip, tiling=None):
    return {("pro" if "Mul_ReLU_MatMul" in name else "epi"): fields
            for name, fields in estimate_kernels(opt, path, chip, tiling).items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--chip", default="Ascend910B2")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "ascend-opt")
    print("MIX kernel relu(x * 0.5) @ w^T + b (A prologue) vs relu(x @ w^T + b),"
          " fp16, %s (model)" % args.chip)
    print("%-18s %-20s %6s %8s %10s %10s %8s %9s %9s %6s" % (
        "M x N x K", "tiling tm x tn x tk", "blocks", "chunk", "prologue",
        "no prol.", "over", "AIC M", "AIV V", "A x"))
    with tempfile.TemporaryDirectory() as tmp:
        for m, n, k in SHAPES:
            path = os.path.join(tmp, "mix.mlir")
            with open(path, "w") as f:
                f.write(module(m, n, k))
            kernels = run(opt, path, args.chip)
            pro = kernels["pro"]
            t = pro
            tiling = (int(t["aicore.tiling.tm"]), int(t["aicore.tiling.tn"]),
                      int(t["aicore.tiling.tk"]),
                      int(t["aicore.tiling.k_stages"]),
                      int(t["aicore.tiling.l0c_buffers"]),
                      int(t["aicore.tiling.l1_buffers"]))
            epi = run(opt, path, args.chip, tiling)["epi"]
            cycles, base = (pro["aicore.estimate.cycles"],
                            epi["aicore.estimate.cycles"])
            aivs = pro.get("aicore.estimate.aiv_cores", 1)
            print("%-18s %-20s %6d %8s %10d %10d %7.1f%% %9d %9d %6d" % (
                "%dx%dx%d" % (m, n, k), "%dx%dx%d" % tiling[:3],
                pro["block_dim"], pro["chunk"], cycles, base,
                100 * (cycles / base - 1), pro["aicore.estimate.m"],
                pro["aicore.estimate.v"] / aivs, -(-n // tiling[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
