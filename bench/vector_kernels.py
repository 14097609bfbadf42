#!/usr/bin/env python3
"""Modeled duration of large Vector kernels against their MTE bound.

Builds one `mindspore.fusion` group per case (fp16 add, fp16 mul + relu, fp16 -> fp32
cast, all on 64M elements; an f32 bias add over [8192, 8191]; an f32 softmax
over the rows of [32768, 1024]; a ragged 100000007-element fp16 chain; the
patterns of docs/AICoreKernels.md "Reductions over leading or middle axes",
"Channel vectors" and "Rows computed before their broadcast": an f32 column
sum over axis 0 of [8192, 8191], an f16 mean over the middle axis of
[16, 4095, 1023], an f32 per-channel scale and shift over [32, 256, 56, 56],
an fp16 `x + (b + 1) * 2` over [8192, 8191] with b of shape [8191]; an
fp16 embedding lookup of 1048575 ids into a [509, 63] table, scaled; the
transposes of "Transposes that move the innermost axis": fp16 [1, 0] of
[4096, 4095] and f32 [1, 2, 0] of [2048, 16, 64], tiles printed as
rows x cols; an f32 StridedSlice x[:, ::2] of [8192, 8192]; torch.flip
of the last axis of f32 [8192, 8192] and of the first of fp16 [8192,
8192], a repeat (1, 2) and a cat of two along the columns of f32 [4096,
4096] (docs/AICoreKernels.md "Reversals, broadcasts and tiles", "Splits
and slices"); and
three pooling primitives outside any group, docs/AICoreKernels.md "Pooling":
an f32 3x3 / 2 / pad 1 MaxPool over [32, 64, 112, 112], an fp16 2x2 AvgPool
over [32, 128, 56, 56], an f32 AdaptiveAvgPool2D 15 -> 7 over [32, 512]),
converts it with
`convert-mindspore-to-aicore`, plans its buffers and runs it on the per-pipe
kernel model (`ascend-aicore-estimate`), then prints per case:
  - the tile (elements, or rows of the 2-D view) and block_dim chosen;
  - the modeled duration of the task (its launch, block starts and the
    busiest core's cycles per wave; cycles and us at the clock of
    the target table);
  - the memory bound: the larger of (a) the busy cycles of MTE2 (GM -> UB)
    and MTE3 (UB -> GM) on the busiest core at the target table's per-core
    data rates, and (b) the whole kernel's GM bytes over the die's HBM
    bandwidth (the sustained 1.1 TB/s of reads and 0.88 TB/s of writes,
    shared by all cores; the kernel model caps a wave of blocks at it too), i.e. the time the copies alone must
    take; and the
    ratio bound / modeled (target >= 0.85 on large shapes: the Vector work
    and the pipeline fill hide behind the copies). At 48 cores the large
    cases are HBM-bound; the per-core MTE ratio is printed as well, as a
    measure of the schedule's overlap on one core.

Usage: bench/vector_kernels.py [--build build] [--cases TEXT]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLOCK_HZ = 1.8e9        # AICoreTarget.h, Ascend910B2 clockHz
HBM_BYTES_PER_S = 1.1e12  # AICoreTarget.h, sustainedHbmBytesPerSecond
HBM_WRITE_BYTES_PER_S = 0.88e12  # sustainedHbmWriteBytesPerSecond
BYTES = {"f16": 2, "f32": 4, "i64": 8}


def shape_text(shape, dtype):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + dtype + ">"


def group(name, inputs, result, body):
    """A module with one vector fusion group over `inputs` [(shape, dtype)]."""
    args = ", ".join(f"%a{i}: {shape_text(*t)}" for i, t in enumerate(inputs))
    types = ", ".join(shape_text(*t) for t in inputs)
    operands = ", ".join(f"%a{i}" for i in range(len(inputs)))
    bargs = ", ".join(f"%b{i}: {shape_text(*t)}" for i, t in enumerate(inputs))
    res = shape_text(*result)
    kind = "reduction" if "Softmax" in name or "Reduce" in name else "vector"
    return f"""func.func @main({args}) -> {res} {{
  %r = mindspore.fusion "{kind}" "{name}" ({operands}) : ({types}) -> {res} {{
  ^bb0({bargs}):
{body}
  }}
  return %r : {res}
}}
"""


def cases():
    n = 64 * 1024 * 1024
    f16, f32 = (n,), (n,)
    yield "fp16 add, 64M", group("Fused_Add", [(f16, "f16"), (f16, "f16")], (f16, "f16"), f"""
    %s = mindspore.add %b0, %b1 : ({shape_text(f16, 'f16')}, {shape_text(f16, 'f16')}) -> {shape_text(f16, 'f16')}
    mindspore.yield %s : {shape_text(f16, 'f16')}""")
    yield "fp16 mul+relu, 64M", group("Fused_Mul_ReLU", [(f16, "f16"), (f16, "f16")], (f16, "f16"), f"""
    %m = mindspore.mul %b0, %b1 : ({shape_text(f16, 'f16')}, {shape_text(f16, 'f16')}) -> {shape_text(f16, 'f16')}
    %s = mindspore.relu %m : {shape_text(f16, 'f16')}
    mindspore.yield %s : {shape_text(f16, 'f16')}""")
    yield "fp16->fp32 cast, 64M", group("Fused_Cast", [(f16, "f16")], (f32, "f32"), f"""
    %s = mindspore.cast %b0 : ({shape_text(f16, 'f16')}) -> {shape_text(f32, 'f32')}
    mindspore.yield %s : {shape_text(f32, 'f32')}""")
    x = (8192, 8191)
    yield "f32 bias add, 8192x8191", group("Fused_BiasAdd", [(x, "f32"), ((8191,), "f32")], (x, "f32"), f"""
    %s = mindspore.bias_add %b0, %b1 : ({shape_text(x, 'f32')}, {shape_text((8191,), 'f32')}) -> {shape_text(x, 'f32')}
    mindspore.yield %s : {shape_text(x, 'f32')}""")
    sm = (32768, 1024)
    yield "f32 softmax, 32768x1024", group("Fused_Softmax", [(sm, "f32")], (sm, "f32"), f"""
    %s = mindspore.softmax %b0 {{axis = -1 : i64}} : {shape_text(sm, 'f32')}
    mindspore.yield %s : {shape_text(sm, 'f32')}""")
    r = (100000007,)
    yield "fp16 x*0.5+y, 100000007", group("Fused_Mul_Add", [(r, "f16"), (r, "f16")], (r, "f16"), f"""
    %c = mindspore.constant dense<5.000000e-01> : tensor<f16>
    %m = mindspore.mul %b0, %c : ({shape_text(r, 'f16')}, tensor<f16>) -> {shape_text(r, 'f16')}
    %s = mindspore.add %m, %b1 : ({shape_text(r, 'f16')}, {shape_text(r, 'f16')}) -> {shape_text(r, 'f16')}
    mindspore.yield %s : {shape_text(r, 'f16')}""")
    c = (8192, 8191)
    yield "f32 column sum, 8192x8191", group("Fused_ReduceSum", [(c, "f32")], ((8191,), "f32"), f"""
    %s = mindspore.reduce_sum %b0, [0] : ({shape_text(c, 'f32')}) -> {shape_text((8191,), 'f32')}
    mindspore.yield %s : {shape_text((8191,), 'f32')}""")
    mm = (16, 4095, 1023)
    yield "fp16 middle mean, 16x4095x1023", group("Fused_ReduceMean", [(mm, "f16")], ((16, 1023), "f16"), f"""
    %s = mindspore.reduce_mean %b0, [1] : ({shape_text(mm, 'f16')}) -> {shape_text((16, 1023), 'f16')}
    mindspore.yield %s : {shape_text((16, 1023), 'f16')}""")
    bn, ch = (32, 256, 56, 56), (1, 256, 1, 1)
    yield "f32 channel scale, 32x256x56x56", group("Fused_Mul_Add", [(bn, "f32"), (ch, "f32"), (ch, "f32")], (bn, "f32"), f"""
    %m = mindspore.mul %b0, %b1 : ({shape_text(bn, 'f32')}, {shape_text(ch, 'f32')}) -> {shape_text(bn, 'f32')}
    %s = mindspore.add %m, %b2 : ({shape_text(bn, 'f32')}, {shape_text(ch, 'f32')}) -> {shape_text(bn, 'f32')}
    mindspore.yield %s : {shape_text(bn, 'f32')}""")
    rw = (8192, 8191)
    yield "fp16 x+(b+1)*2, 8192x8191", group("Fused_Add_Mul_Add", [(rw, "f16"), ((8191,), "f16")], (rw, "f16"), f"""
    %one = mindspore.constant dense<1.000000e+00> : tensor<f16>
    %two = mindspore.constant dense<2.000000e+00> : tensor<f16>
    %p = mindspore.add %b1, %one : ({shape_text((8191,), 'f16')}, tensor<f16>) -> {shape_text((8191,), 'f16')}
    %q = mindspore.mul %p, %two : ({shape_text((8191,), 'f16')}, tensor<f16>) -> {shape_text((8191,), 'f16')}
    %s = mindspore.add %b0, %q : ({shape_text(rw, 'f16')}, {shape_text((8191,), 'f16')}) -> {shape_text(rw, 'f16')}
    mindspore.yield %s : {shape_text(rw, 'f16')}""")
    table, ids = (509, 63), (1048575,)
    out = (1048575, 63)
    yield "fp16 embedding, 1048575x63", group("Fused_Gather_Mul", [(table, "f16"), (ids, "i64")], (out, "f16"), f"""
    %c = mindspore.constant dense<2.000000e+00> : tensor<f16>
    %g = mindspore.gather %b0, %b1 {{axis = 0 : i64}} : ({shape_text(table, 'f16')}, {shape_text(ids, 'i64')}) -> {shape_text(out, 'f16')}
    %s = mindspore.mul %g, %c : ({shape_text(out, 'f16')}, tensor<f16>) -> {shape_text(out, 'f16')}
    mindspore.yield %s : {shape_text(out, 'f16')}""")
    # Transposes that move the innermost axis (aicore.vtranspose kernels).
    for label, shape, perm, dtype in [
            ("fp16 transpose, 4096x4095", (4096, 4095), (1, 0), "f16"),
            ("f32 [1,2,0], 2048x16x64", (2048, 16, 64), (1, 2, 0), "f32")]:
        res = tuple(shape[p] for p in perm)
        yield label, group("Fused_Transpose", [(shape, dtype)], (res, dtype), f"""
    %s = mindspore.transpose %b0, [{', '.join(map(str, perm))}] : ({shape_text(shape, dtype)}) -> {shape_text(res, dtype)}
    mindspore.yield %s : {shape_text(res, dtype)}""")

    # A StridedSlice with a step on the last axis (span loads + vgather).
    xs, half = (8192, 8192), (8192, 4096)
    yield "f32 x[:, ::2], 8192x8192", f"""func.func @main(%a0: {shape_text(xs, 'f32')}) -> {shape_text(half, 'f32')} {{
  %r = mindspore.strided_slice %a0 {{begin = array<i64: 0, 0>, end = array<i64: 8192, 8192>, strides = array<i64: 1, 2>}} : ({shape_text(xs, 'f32')}) -> {shape_text(half, 'f32')}
  return %r : {shape_text(half, 'f32')}
}}
"""

    # Copy primitives outside any group (BoxKernels.cpp, SliceKernels.cpp):
    # torch.flip of the last axis (vgather backwards) and of the first
    # (rows gathered backwards), a repeat of [4096, 4096] twice along the
    # columns (the copies placed), a cat of two [4096, 4096] along the
    # columns.
    sq = (8192, 8192)
    for label, axis, dtype in [("f32 flip(-1), 8192x8192", 1, "f32"),
                               ("fp16 flip(0), 8192x8192", 0, "f16")]:
        yield label, lone(f"""
  %r = mindspore.reverse_v2 %a0 {{axis = array<i64: {axis}>}} : {shape_text(sq, dtype)}""", [(sq, dtype)], (sq, dtype))
    half, wide = (4096, 4096), (4096, 8192)
    yield "f32 repeat(1,2), 4096x4096", lone(f"""
  %r = mindspore.tile %a0, [1, 2] : ({shape_text(half, 'f32')}) -> {shape_text(wide, 'f32')}""", [(half, "f32")], (wide, "f32"))
    yield "f32 cat(dim=1), 2x4096x4096", f"""func.func @main(%a0: {shape_text(half, 'f32')}, %a1: {shape_text(half, 'f32')}) -> {shape_text(wide, 'f32')} {{
  %r = mindspore.concat %a0, %a1 {{axis = 1 : i64}} : ({shape_text(half, 'f32')}, {shape_text(half, 'f32')}) -> {shape_text(wide, 'f32')}
  return %r : {shape_text(wide, 'f32')}
}}
"""

    # Pooling primitives (one-op kernels, PoolingKernels.cpp): resnet-50's
    # MaxPool at batch 32, an fp16 2x2 average, an uneven adaptive pool.
    mp, mpo = (32, 64, 112, 112), (32, 64, 56, 56)
    yield "f32 maxpool 3x3/2, 32x64x112x112", lone(f"""
  %r = mindspore.max_pool %a0 {{kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>}} : ({shape_text(mp, 'f32')}) -> {shape_text(mpo, 'f32')}""", [(mp, "f32")], (mpo, "f32"))
    ap, apo = (32, 128, 56, 56), (32, 128, 28, 28)
    yield "fp16 avgpool 2x2/2, 32x128x56x56", lone(f"""
  %r = mindspore.avg_pool %a0 {{kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>}} : ({shape_text(ap, 'f16')}) -> {shape_text(apo, 'f16')}""", [(ap, "f16")], (apo, "f16"))
    ad, ado = (32, 512, 15, 15), (32, 512, 7, 7)
    yield "f32 adaptive 15->7, 32x512", lone(f"""
  %r = mindspore.adaptive_avg_pool2d %a0 {{output_size = array<i64: 7, 7>}} : ({shape_text(ad, 'f32')}) -> {shape_text(ado, 'f32')}""", [(ad, "f32")], (ado, "f32"))


def lone(body, inputs, result):
    """A module with one primitive outside any group (a kernel of one)."""
    args = ", ".join(f"%a{i}: {shape_text(*t)}" for i, t in enumerate(inputs))
    res = shape_text(*result)
    return f"""func.func @main({args}) -> {res} {{{body}
  return %r : {res}
}}
"""


def gm_bytes(text):
    """Bytes of the kernel's GM arguments, (inputs, outputs), once each: the
    kernel's arguments are its launch's operands, then its results."""
    sig = re.search(r"aicore\.kernel @\w+\((.*?)\) attributes", text).group(1)
    launch = re.search(r"aicore\.launch @\w+\(.*?\) : \(.*?\) -> (.*)", text)
    results = launch.group(1).count("tensor<") if launch else 1
    sizes = []
    for dims, dtype in re.findall(r"memref<([0-9x]+)x(f16|f32|i64)", sig):
        count = 1
        for d in dims.split("x"):
            count *= int(d)
        sizes.append(count * BYTES[dtype])
    return sum(sizes[:-results]), sum(sizes[-results:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--cases", default="",
                        help="only the cases whose label contains this text")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "ascend-opt")
    print(f"{'case':26} {'tile':>10} {'blocks':>6} {'cycles':>9} {'us':>8} "
          f"{'MTE us':>8} {'HBM us':>8} {'bound/model':>11} {'MTE busy':>13} {'compile s':>9}")
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, module in cases():
            if args.cases not in label:
                continue
            src = os.path.join(tmp, "case.mlir")
            with open(src, "w") as f:
                f.write(module)
            start = time.perf_counter()
            out = subprocess.run(
                [opt, src, "--convert-mindspore-to-aicore", "--ascend-aicore-plan-buffers",
                 "--ascend-aicore-estimate"], check=True, capture_output=True, text=True).stdout
            elapsed = time.perf_counter() - start
            est = dict(re.findall(r"(\w+) = (\d+) : i64",
                                  re.search(r"aicore\.estimate = \{([^}]*)\}", out).group(1)))
            # Rows of the tile, or rows x cols (transposes).
            tile_attr = re.search(r"aicore\.tile = \{([^}]*)\}", out).group(1)
            rows = re.search(r"\brows = (\d+)", tile_attr).group(1)
            cols = re.search(r"\bcols = (\d+)", tile_attr)
            tile = f"{rows}x{cols.group(1)}" if cols else rows
            blocks = re.search(r"block_dim = (\d+)", out).group(1)
            # The task's cycles: launch, block starts, waves (the
            # calibrated model, docs/AICoreKernels.md).
            cycles = int(est["task_cycles"])
            mte = max(int(est["mte2"]), int(est["mte3"]))
            mte_us = mte / CLOCK_HZ * 1e6
            reads, writes = gm_bytes(out)
            hbm_us = (reads / HBM_BYTES_PER_S +
                      writes / HBM_WRITE_BYTES_PER_S) * 1e6
            us = cycles / CLOCK_HZ * 1e6
            # Last column: MTE busy share of the modeled time (low when the
            # shared HBM, not the core's own copies, bounds the kernel).
            ratio = max(mte_us, hbm_us) / us
            ratios.append(ratio)
            print(f"{label:26} {tile:>10} {blocks:>6} {cycles:>9} {us:>8.1f} "
                  f"{mte_us:>8.1f} {hbm_us:>8.1f} {ratio:>11.3f} "
                  f"{mte / int(est['cycles']):>13.3f} {elapsed:>9.2f}")
    print(f"min memory-bound ratio {min(ratios):.3f} (target >= 0.85): "
          f"{'met' if min(ratios) >= 0.85 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
