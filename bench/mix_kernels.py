#!/usr/bin/env python3
"""Modeled cost of a MIX kernel's Vector epilogue over its matmul alone.

For each shape [M, K] x [K, N] (fp16 in and out) the script writes a
mindspore module with a `mix` fusion group `gelu(x @ w + b)` and the same
matmul alone, converts both with `ascend-opt --convert-mindspore-to-aicore`
(the MIX kernel: Cube part, GM workspace, Vector part on the two AIVs of each
block; the plain matmul kernel) and runs the kernel model
(`--ascend-aicore-estimate`: per-core pipes, cross-core flags). It prints,
per shape and tiling (the searched one, and the best two-L0C-buffer one,
whose workspace is double-buffered):

  - the tiling (tm x tn x tk, L0C buffers), block_dim and the AIV chunk rows;
  - the modeled cycles of the MIX kernel and of the matmul alone under the
    same tiling, and the MIX overhead (MIX / matmul - 1);
  - the busy cycles of the AIC's M and the AIVs' V pipes (per AIV);
  - on the searched row, the matmul alone as the default search takes it
    ("matmul best": the K-chunked schedule where it wins). MIX kernels
    keep the tile-by-tile schedule, so the MIX and "matmul cyc" columns
    are converted with k-chunk=0, like for like.

Usage: bench/mix_kernels.py [--build build] [--chip Ascend910B2]
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_estimates import estimate_kernels  # noqa: E402
SHAPES = [(1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 1024),
          (250, 1000, 4000), (1000, 4000, 3000)]


def module(m, n, k):
    x, w, b, r = (f"tensor<{m}x{k}xf16>", f"tensor<{k}x{n}xf16>",
                  f"tensor<{n}xf16>", f"tensor<{m}x{n}xf16>")
    return f"""
func.func @main(%x: {x}, %w: {w}, %b: {b}) -> ({r}, {r}) {{
  %o = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_GeLU_0" (%x, %w, %b) : ({x}, {w}, {b}) -> {r} {{
  ^bb0(%a: {x}, %c: {w}, %d: {b}):
    %m = mindspore.matmul %a, %c : ({x}, {w}) -> {r}
    %s = mindspore.bias_add %m, %d : ({r}, {b}) -> {r}
    %g = mindspore.gelu %s : {r}
    mindspore.yield %g : {r}
  }}
  %p = mindspore.matmul %x, %w : ({x}, {w}) -> {r}
  return %o, %p : {r}, {r}
}}
"""


def run(opt, path, chip, tiling=None, options="k-chunk=0"):
    """The MIX kernel and the matmul alone; by default both in the
    tile-by-tile schedule (k-chunk=0), the MIX kernel's Cube part."""
    return {("mix" if name.startswith("Fused") else "mm"): fields
            for name, fields in estimate_kernels(opt, path, chip, tiling,
                                                 options).items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--chip", default="Ascend910B2")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "ascend-opt")
    print("MIX kernel gelu(x @ w + b) vs the matmul alone, fp16, %s (model)"
          % args.chip)
    print("%-20s %-26s %5s %6s %10s %10s %8s %9s %9s %11s" % (
        "M x N x K", "tiling (tm x tn x tk, L0C)", "blocks", "chunk",
        "MIX cyc", "matmul cyc", "over", "AIC M", "AIV V", "matmul best"))
    with tempfile.TemporaryDirectory() as tmp:
        for m, n, k in SHAPES:
            path = os.path.join(tmp, "mix.mlir")
            with open(path, "w") as f:
                f.write(module(m, n, k))
            searched = run(opt, path, args.chip)
            # The matmul alone as the search takes it by default (the
            # K-chunked schedule where it wins; MIX kernels keep the
            # tile-by-tile one).
            best = run(opt, path, args.chip, options="")["mm"]
            t = searched["mix"]
            tilings = [None]
            if t["aicore.tiling.l0c_buffers"] == 1:
                # The best two-buffer tiling the search would pick with a
                # matmul alone is not exposed; try the searched tile halved
                # along N (L0C then holds two accumulators).
                tm, tn, tk = (int(t["aicore.tiling.tm"]),
                              int(t["aicore.tiling.tn"]),
                              int(t["aicore.tiling.tk"]))
                while tm * tn * 4 * 2 > 128 * 1024:
                    if tn >= tm:
                        tn -= 16
                    else:
                        tm -= 16
                tilings.append((tm, tn, tk, 1, 2))
            for tiling in tilings:
                kernels = searched if tiling is None else run(
                    opt, path, args.chip, tiling)
                mix, mm = kernels["mix"], kernels["mm"]
                tile = "%dx%dx%d, %d%s" % (
                    mix["aicore.tiling.tm"], mix["aicore.tiling.tn"],
                    mix["aicore.tiling.tk"], mix["aicore.tiling.l0c_buffers"],
                    " (searched)" if tiling is None else "")
                cycles, alone = (mix["aicore.estimate.cycles"],
                                 mm["aicore.estimate.cycles"])
                aivs = mix.get("aicore.estimate.aiv_cores", 1)
                print("%-20s %-26s %5d %6d %10d %10d %7.1f%% %9d %9d %11s" % (
                    "%dx%dx%d" % (m, n, k), tile, mix["block_dim"],
                    mix["aicore.mix.aiv_chunk_rows"], cycles, alone,
                    100 * (cycles / alone - 1), mix["aicore.estimate.m"],
                    mix["aicore.estimate.v"] / aivs,
                    "%d" % best["aicore.estimate.cycles"]
                    if tiling is None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
