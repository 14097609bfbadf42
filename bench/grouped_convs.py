#!/usr/bin/env python3
"""Modeled duration of grouped and depthwise convolutions (Cube kernels, and
the depthwise Vector kernel where the pass picks it) against the bounds any
kernel (Cube or Vector) must respect.

For the depthwise 3x3 convolutions of MobileNetV2 (224 x 224 input, batch 1
and 16) and the grouped 3x3 convolutions of ResNeXt-50 32x4d (32 groups,
batch 1 and 16), fp16, the script writes a mindspore module with the
Conv2D (group G), converts it with `ascend-opt --convert-mindspore-to-aicore`,
plans its buffers and runs the kernel model (`--ascend-aicore-estimate`).
A grouped convolution is the implicit GEMMs of its G groups stacked in M
(ConvKernels.cpp). A depthwise one runs three times: with
`depthwise=cube` (the Cube kernel, the only one before the Vector kernel
existed: run "cube"), with `depthwise=vector` (DepthwiseConvKernels.cpp:
run "vector"), then with the pass's choice by modeled cycles (run
"chosen"; its kernel column says which unit won). It prints per
convolution and run:

  - the kernel's unit and tiling: tm pixels x tn channels x tk (Cube) or
    planes x output rows per tile (Vector), and block_dim;
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
  - modeled / max(memory, Vector bound): how far the kernel is from the
    best a Vector kernel could do under the same model;

and the median and largest ratio of each kind ("dw cube" / "dw vector":
every depthwise convolution on that unit; "dw chosen": the pass's choice).

Figures of one run (Ascend910B2): the Cube alone is 1.6 - 2.5x the bound
on the early MobileNetV2 layers (28 - 112 pixels) but 6.4 - 22.8x on the
late ones (7 - 14 pixels, Cube tiles of 64 - 208 pixels mostly empty); the
pass moves those to the Vector unit: 384 @14 6.38x -> 3.19x, 576 @14 s2
9.82x -> 1.70x, 960 @7 22.75x -> 3.66x (batch 16), and 96 @112 s2
1.64x -> 1.07x (batch 16); over the 14 depthwise cases median 2.48x ->
2.38x, max 22.75x -> 4.80x (the Vector kernel alone: median 3.19x). The
Vector kernel is V-bound: it accumulates in f32 (64 lanes a repeat) with
three or four Vector ops per tap (gather, weight broadcast unless kept
from the plane's previous row block, multiply, add) where the bound counts
two f16 ops, so it loses to the MTE2-bound Cube kernel (about 2x the
bound) on the early layers by 5 - 90%.

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


def tiling_text(kf):
    """The tiling of a kernel: tm x tn x tk (Cube) or planes x rows per
    tile (the depthwise Vector kernel)."""
    if "aicore.tiling.tm" in kf:
        return "%dx%dx%d" % (kf["aicore.tiling.tm"], kf["aicore.tiling.tn"],
                             kf["aicore.tiling.tk"])
    return "%dpl x%dr" % (kf["aicore.tile.planes"], kf["aicore.tile.rows"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--chip", default="Ascend910B2")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "ascend-opt")
    print(f"{'convolution':28} {'N':>3} {'run':>6} {'kernel':>6} "
          f"{'tiling':>12} "
          f"{'blk':>3} {'cycles':>8} {'us':>7} {'bound':>5} {'mem us':>7} "
          f"{'vec us':>7} {'cube%':>6} {'x best':>6}")
    ratios = {}
    with tempfile.TemporaryDirectory() as tmp:
        for what, c, h, w, cout, k, stride, groups in CONVS:
            depthwise = groups == c
            for n in (1, 16):
                text, ho, wo = module(n, c, h, w, cout, k, stride, groups)
                path = os.path.join(tmp, "conv.mlir")
                with open(path, "w") as f:
                    f.write(text)
                macs = n * cout * ho * wo * (c // groups) * k * k
                nbytes = EB * (n * c * h * w + cout * (c // groups) * k * k +
                               n * cout * ho * wo)
                mem = nbytes / HBM_BYTES_PER_S * CLOCK_HZ
                vec = 2 * macs / (REPEAT_BYTES // EB) / VECTOR_CORES
                cube = macs / CUBE_MACS / CUBE_CORES
                best = max(mem, vec)
                # A depthwise convolution: the Cube kernel alone (as before
                # the Vector kernel existed), the Vector kernel alone, then
                # the pass's choice.
                runs = [("cube", "depthwise=cube"),
                        ("vector", "depthwise=vector"), ("chosen", "")] \
                    if depthwise else [("cube", "")]
                for label, options in runs:
                    (name, kf), = estimate_kernels(opt, path, args.chip,
                                                   options=options).items()
                    cycles = kf["aicore.estimate.cycles"]
                    pipes = {p: kf.get("aicore.estimate." + p, 0)
                             for p in ("mte2", "mte1", "m", "fix", "v")}
                    busiest = max(pipes, key=pipes.get)
                    ratio = cycles / best
                    kind = ("dw " + label) if depthwise else "grouped"
                    ratios.setdefault(kind, []).append(ratio)
                    unit = kf.get("unit", "cube")
                    print(f"{what:28} {n:>3} {label:>6} {unit:>6} "
                          f"{tiling_text(kf):>12} "
                          f"{kf['block_dim']:>3} {int(cycles):>8} "
                          f"{cycles / CLOCK_HZ * 1e6:>7.2f} {busiest:>5} "
                          f"{mem / CLOCK_HZ * 1e6:>7.2f} "
                          f"{vec / CLOCK_HZ * 1e6:>7.2f} "
                          f"{100 * cube / cycles:>6.2f} {ratio:>6.2f}")
    for kind, values in ratios.items():
        values.sort()
        print(f"{kind}: modeled / best-possible bound, median "
              f"{values[len(values) // 2]:.2f}, max {values[-1]:.2f}")


if __name__ == "__main__":
    main()
