#!/usr/bin/env python3
"""Modeled Cube utilization of transposed convolutions (Conv2DTranspose as
the implicit GEMM of its equivalent convolution).

For the upsampling layers of a DCGAN generator (4x4, stride 2, pad 1), of a
UNet decoder (2x2, stride 2) and a stride-1 3x3 transposed convolution,
fp16 at batch 16, the script writes a mindspore module with the
Conv2DTranspose, converts it with `ascend-opt --convert-mindspore-to-aicore`
(ConvKernels.cpp: load3d reads the input with the stride's zeros between
its rows and columns, never storing them), plans its buffers and runs the
kernel model (`--ascend-aicore-estimate`). It prints per layer:

  - the tiling (tm pixels x tn channels x tk) and block_dim chosen;
  - the modeled cycles of the busiest core, us at the target table's
    1.8 GHz clock, and its busiest pipe;
  - GEMM util.: the implicit GEMM's MACs (N * Ho * Wo * Cout * Cin * KH *
    KW: the zeros of the dilated input included) over the Cube roofline
    (4096 fp16 MAC/cycle on each of the 24 AICs, AICoreTarget.h);
  - useful util.: the transposed convolution's own MACs (N * H * W * Cin *
    Cout * KH * KW, each input pixel times each tap) over the same roofline;
  - zeros: GEMM MACs / useful MACs, the share of the Cube's work spent on
    the stride's zeros (about stride_h * stride_w).

The weight's channel swap (a Transpose of a parameter) is load-time work
in a recorded model and is not counted.

Usage: bench/conv_transpose.py [--build build] [--chip Ascend910B2]
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_estimates import estimate_kernels  # noqa: E402

CLOCK_HZ = 1.8e9          # AICoreTarget.h, Ascend910B2 clockHz
CUBE_CORES = 24           # AICoreTarget.h, cubeCores
CUBE_MACS = 16 * 16 * 16  # fp16 MACs per cycle per AIC (16 x 16 x 16)
N = 16

# (what, Cin, H, W, Cout, K, stride, pad)
LAYERS = [
    ("DCGAN 512->256 4x4/2 @4", 512, 4, 4, 256, 4, 2, 1),
    ("DCGAN 256->128 4x4/2 @8", 256, 8, 8, 128, 4, 2, 1),
    ("DCGAN 128->64 4x4/2 @16", 128, 16, 16, 64, 4, 2, 1),
    ("UNet 512->256 2x2/2 @28", 512, 28, 28, 256, 2, 2, 0),
    ("UNet 256->128 2x2/2 @56", 256, 56, 56, 128, 2, 2, 0),
    ("3x3/1 256->256 @28", 256, 28, 28, 256, 3, 1, 1),
]


def module(c, h, w, cout, k, stride, pad):
    ho = (h - 1) * stride - 2 * pad + k
    wo = (w - 1) * stride - 2 * pad + k
    x = f"tensor<{N}x{c}x{h}x{w}xf16>"
    wt = f"tensor<{c}x{cout}x{k}x{k}xf16>"
    y = f"tensor<{N}x{cout}x{ho}x{wo}xf16>"
    return (f"""func.func @main(%x: {x}, %w: {wt}) -> {y} {{
  %y = mindspore.conv2d_transpose %x, %w {{dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pad = array<i64: {pad}, {pad}, {pad}, {pad}>, stride = array<i64: {stride}, {stride}>}} : ({x}, {wt}) -> {y}
  return %y : {y}
}}
""", ho, wo)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--chip", default="Ascend910B2")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "ascend-opt")
    print(f"{'layer (batch 16, fp16)':26} {'tiling':>12} {'blk':>3} "
          f"{'cycles':>8} {'us':>7} {'bound':>5} {'GEMM%':>6} "
          f"{'useful%':>7} {'zeros':>5}")
    with tempfile.TemporaryDirectory() as tmp:
        for what, c, h, w, cout, k, stride, pad in LAYERS:
            text, ho, wo = module(c, h, w, cout, k, stride, pad)
            path = os.path.join(tmp, "deconv.mlir")
            with open(path, "w") as f:
                f.write(text)
            kernels = estimate_kernels(opt, path, args.chip)
            (name, kf), = [(n, f) for n, f in kernels.items()
                           if n.startswith("conv2d_transpose_")]
            cycles = kf["aicore.estimate.cycles"]
            pipes = {p: kf.get("aicore.estimate." + p, 0)
                     for p in ("mte2", "mte1", "m", "fix")}
            busiest = max(pipes, key=pipes.get)
            gemm = N * ho * wo * cout * c * k * k
            useful = N * h * w * c * cout * k * k
            roof = cycles * CUBE_MACS * CUBE_CORES
            tiling = "%dx%dx%d" % (kf["aicore.tiling.tm"],
                                   kf["aicore.tiling.tn"],
                                   kf["aicore.tiling.tk"])
            print(f"{what:26} {tiling:>12} {kf['block_dim']:>3} "
                  f"{int(cycles):>8} {cycles / CLOCK_HZ * 1e6:>7.2f} "
                  f"{busiest:>5} {100 * gemm / roof:>6.1f} "
                  f"{100 * useful / roof:>7.1f} {gemm / useful:>5.2f}")


if __name__ == "__main__":
    main()
