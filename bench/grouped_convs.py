#!/usr/bin/env python3
"""Modeled duration of grouped and depthwise convolutions as Cube kernels
against the bounds any kernel (Cube or Vector) must respect.

For the depthwise 3x3 convolutions of MobileNetV2 (224 x 224 input, batch 1
and 16) and the grouped 3x3 convolutions of ResNeXt-50 32x4d (32 groups,
batch 1 and 16), fp16, the script writes a mindspore module with the
Conv2D (group G), converts it with `ascend-opt --convert-mindspore-to-aicore`
(the implicit GEMMs of the G groups stacked in M, ConvKernels.cpp), plans
its buffers and runs the kernel model (`--ascend-aicore-estimate`). It
prints per convolution:

  - the tiling (tm pixels x tn channels x tk) and block_dim chosen;
  - the modeled duration (cycles of the busiest core and us at the target
    table's 1.8 GHz clock) and its busiest pipe;
  - the memory bound: the input, weight and result bytes over the die's HBM
    bandwidth (1.6 TB/s, AICoreTarget.h) -- no kernel moves less;
  - the Vector bound: a depthwise (or grouped) convolution on the Vector
    unit is a multiply and an add per MAC, each 256 B (128 fp16 lanes) per
    cycle on each of the 48 AIVs (AICoreTarget.h: vectorRepeatBytes,
    vectorCores) -- what a Vector kernel could reach at best, ignoring its
    own data movement;
  - the Cube's useful work: the convolution's MACs over the Cube roofline
    (4096 fp16 MAC/cycle on each of 24 AICs);
  - modeled / max(memory, Vector bound): how far the Cube kernel is from
    the best a Vector kernel could do under the same model.

Usage: bench/grouped_convs.py [--build build] [--chip Ascend910B2]
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_estimates import estimate_kernels  # noqa: E402

CLOCK_HZ = 1.8e9          # AICoreTarget.h, Ascend910B2 clockHz
HBM_BYTES_PER_S = 1.6e12  # AICoreTarget.h, hbmBytesPerSecond
VECTOR_CORES = 48         # AICoreTarget.h, vectorCores
CUBE_CORES = 24           # AICoreTarget.h, cubeCores
REPEAT_BYTES = 256        # AICoreTarget.h, vectorRepeatBytes
CUBE_MACS = 16 * 16 * 16  # fp16 MACs per cycle per AIC (16 x 16 x 16)
EB = 2                    # fp16

# (what, Cin, H, W, Cout, K, stride, groups)
CONVS = [
    ("MobileNetV2 dw 32 @112", 32, 112, 112, 32, 3, 1, 32),
    ("MobileNetV2 dw 96 @112 s2", 96, 112, 112, 96, 3, 2, 96),
    ("MobileNetV2 dw 144 @56", 144, 56, 56, 144, 3, 1, 144),
    ("MobileNetV2 dw 192 @28", 192, 28, 28, 192, 3, 1, 192),
    ("MobileNetV2 dw 384 @14", 384, 14, 14, 384, 3, 1, 384),
    ("MobileNetV2 dw 576 @14 s2", 576, 14, 14, 576, 3, 2, 576),
    ("MobileNetV2 dw 960 @7", 960, 7, 7, 960, 3, 1, 960),
    ("ResNeXt-50 g32 128 @56", 128, 56, 56, 128, 3, 1, 32),
    ("ResNeXt-50 g32 256 @28", 256, 28, 28, 256, 3, 1, 32),
    ("ResNeXt-50 g32 512 @14", 512, 14, 14, 512, 3, 1, 32),
    ("ResNeXt-50 g32 1024 @7", 1024, 7, 7, 1024, 3, 1, 32),
]


def module(n, c, h, w, cout, k, stride, groups):
    pad = k // 2
    ho = (h + 2 * pad - k) // stride + 1
    wo = (w + 2 * pad - k) // stride + 1
    x = f"tensor<{n}x{c}x{h}x{w}xf16>"
    wt = f"tensor<{cout}x{c // groups}x{k}x{k}xf16>"
    y = f"tensor<{n}x{cout}x{ho}x{wo}xf16>"
    return (f"""func.func @main(%x: {x}, %w: {wt}) -> {y} {{
  %y = mindspore.conv2d %x, %w {{dilation = array<i64: 1, 1>, group = {groups} : i64, pad = array<i64: {pad}, {pad}, {pad}, {pad}>, stride = array<i64: {stride}, {stride}>}} : ({x}, {wt}) -> {y}
  return %y : {y}
}}
""", ho, wo)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--chip", default="Ascend910B2")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "ascend-opt")
    print(f"{'convolution':28} {'N':>3} {'tiling':>12} {'blk':>3} "
          f"{'cycles':>8} {'us':>7} {'bound':>5} {'mem us':>7} "
          f"{'vec us':>7} {'cube%':>6} {'x best':>6}")
    ratios = {}
    with tempfile.TemporaryDirectory() as tmp:
        for what, c, h, w, cout, k, stride, groups in CONVS:
            for n in (1, 16):
                text, ho, wo = module(n, c, h, w, cout, k, stride, groups)
                path = os.path.join(tmp, "conv.mlir")
                with open(path, "w") as f:
                    f.write(text)
                (name, kf), = estimate_kernels(opt, path, args.chip).items()
                cycles = kf["aicore.estimate.cycles"]
                pipes = {p: kf.get("aicore.estimate." + p, 0)
                         for p in ("mte2", "mte1", "m", "fix")}
                busiest = max(pipes, key=pipes.get)
                macs = n * cout * ho * wo * (c // groups) * k * k
                nbytes = EB * (n * c * h * w + cout * (c // groups) * k * k +
                               n * cout * ho * wo)
                mem = nbytes / HBM_BYTES_PER_S * CLOCK_HZ
                vec = 2 * macs / (REPEAT_BYTES // EB) / VECTOR_CORES
                cube = macs / CUBE_MACS / CUBE_CORES
                best = max(mem, vec)
                tiling = "%dx%dx%d" % (kf["aicore.tiling.tm"],
                                       kf["aicore.tiling.tn"],
                                       kf["aicore.tiling.tk"])
                ratio = cycles / best
                ratios.setdefault("dw" if groups == c else "grouped",
                                  []).append(ratio)
                print(f"{what:28} {n:>3} {tiling:>12} {kf['block_dim']:>3} "
                      f"{int(cycles):>8} {cycles / CLOCK_HZ * 1e6:>7.2f} "
                      f"{busiest:>5} {mem / CLOCK_HZ * 1e6:>7.2f} "
                      f"{vec / CLOCK_HZ * 1e6:>7.2f} "
                      f"{100 * cube / cycles:>6.2f} {ratio:>6.2f}")
    for kind, values in ratios.items():
        values.sort()
        print(f"{kind}: modeled / best-possible bound, median "
              f"{values[len(values) // 2]:.2f}, max {values[-1]:.2f}")


if __name__ == "__main__":
    main()
