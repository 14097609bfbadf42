#!/usr/bin/env python3
"""Modeled cost of a convolution MIX kernel's Vector epilogue over the
convolution alone.

For ResNet-50's convolutions at batch 16 (fp16, NCHW) the script writes a
mindspore module with a `mix` fusion group `relu(conv(x, w) + b + r)` (the
BiasAdd of a folded BatchNorm, a residual Add, ReLU: a bottleneck block's
last convolution) and the same Conv2D + BiasAdd alone, converts both with
`ascend-opt --convert-mindspore-to-aicore` (the MIX kernel: implicit-GEMM
Cube part with the bias from the BT bias table, [channels, pixels] tiles
through the GM workspace, the epilogue on the two AIVs of each block; the
plain convolution kernel, same tiling) and runs the kernel model
(`--ascend-aicore-estimate`). It prints per convolution:

  - the tiling (tm pixels x tn channels x tk), block_dim, the AIV chunk
    (channel rows per UB chunk);
  - the modeled cycles of the MIX kernel and of the convolution alone, the
    MIX overhead (MIX / conv - 1);
  - the busy cycles of the AIC's M pipe and of one AIV's V and MTE2 pipes
    (the AIV's MTE2: the MIX kernel's MTE2 cycles over the block's cores
    minus the convolution's, per AIV; an upper bound, since the AIC's own
    MTE2 grows when the residual lowers the kernel's L2 hit ratio).

Without the MIX kernel the epilogue is a separate Vector kernel that reads
the convolution's result and the residual back from GM and writes the
result: at least 3 x the result's bytes of HBM traffic the MIX kernel does
not have (it keeps its tiles in the L2-resident workspace).

Usage: bench/conv_mix_kernels.py [--build build] [--chip Ascend910B2]
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_estimates import estimate_kernels  # noqa: E402
# (what, N, Cin, H, W, Cout, KH, KW, stride, pad), as bench/cube_utilization.py.
CONVS = [
    ("conv2_x 3x3", 16, 64, 56, 56, 64, 3, 3, 1, 1),
    ("conv3_x 3x3", 16, 128, 28, 28, 128, 3, 3, 1, 1),
    ("conv4_x 3x3", 16, 256, 14, 14, 256, 3, 3, 1, 1),
    ("conv5_x 3x3", 16, 512, 7, 7, 512, 3, 3, 1, 1),
    ("conv2_x 1x1 expand", 16, 64, 56, 56, 256, 1, 1, 1, 0),
]


def module(n, c, h, w, o, kh, kw, stride, pad):
    ho = (h + 2 * pad - kh) // stride + 1
    wo = (w + 2 * pad - kw) // stride + 1
    x, wt = f"tensor<{n}x{c}x{h}x{w}xf16>", f"tensor<{o}x{c}x{kh}x{kw}xf16>"
    b, y = f"tensor<{o}xf16>", f"tensor<{n}x{o}x{ho}x{wo}xf16>"
    attrs = (f"{{dilation = array<i64: 1, 1>, pad = array<i64: {pad}, {pad}, "
             f"{pad}, {pad}>, stride = array<i64: {stride}, {stride}>}}")
    return f"""
func.func @main(%x: {x}, %w: {wt}, %b: {b}, %r: {y}) -> ({y}, {y}) {{
  %o = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Add_ReLU_0" (%x, %w, %b, %r) : ({x}, {wt}, {b}, {y}) -> {y} {{
  ^bb0(%a: {x}, %e: {wt}, %f: {b}, %g: {y}):
    %c = mindspore.conv2d %a, %e {attrs} : ({x}, {wt}) -> {y}
    %s = mindspore.bias_add %c, %f : ({y}, {b}) -> {y}
    %t = mindspore.add %s, %g : ({y}, {y}) -> {y}
    %u = mindspore.relu %t : {y}
    mindspore.yield %u : {y}
  }}
  %p = mindspore.conv2d %x, %w {attrs} : ({x}, {wt}) -> {y}
  %q = mindspore.bias_add %p, %b : ({y}, {b}) -> {y}
  return %o, %q : {y}, {y}
}}
"""


def run(opt, path, chip):
    return {("mix" if name.startswith("Fused") else "conv"): fields
            for name, fields in estimate_kernels(opt, path, chip).items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--chip", default="Ascend910B2")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "ascend-opt")
    print("MIX kernel relu(conv(x, w) + b + r) vs the convolution + bias alone,"
          " fp16, batch 16, %s (model)" % args.chip)
    print("%-20s %-16s %6s %5s %10s %10s %7s %8s %7s %8s" % (
        "convolution", "tiling", "blocks", "chunk", "MIX cyc", "conv cyc",
        "over", "AIC M", "AIV V", "AIV MTE2"))
    with tempfile.TemporaryDirectory() as tmp:
        for what, *shape in CONVS:
            path = os.path.join(tmp, "mix.mlir")
            with open(path, "w") as f:
                f.write(module(*shape))
            kernels = run(opt, path, args.chip)
            mix, conv = kernels["mix"], kernels["conv"]
            tile = "%dx%dx%d, %d" % (
                mix["aicore.tiling.tm"], mix["aicore.tiling.tn"],
                mix["aicore.tiling.tk"], mix["aicore.tiling.l0c_buffers"])
            cycles, alone = (mix["aicore.estimate.cycles"],
                             conv["aicore.estimate.cycles"])
            aivs = mix.get("aicore.estimate.aiv_cores", 1)
            print("%-20s %-16s %6d %5d %10d %10d %6.1f%% %8d %7d %8d" % (
                what, tile, mix["block_dim"], mix["aicore.mix.aiv_chunk_rows"],
                cycles, alone, 100 * (cycles / alone - 1),
                mix["aicore.estimate.m"], mix["aicore.estimate.v"] / aivs,
                (mix["aicore.estimate.mte2"] - conv["aicore.estimate.mte2"])
                / aivs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
