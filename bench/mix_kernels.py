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

Then, for row-wise epilogues (docs/AICoreKernels.md "Row-wise epilogues"):
the attention scores softmax(q @ k^T / 8) of a BatchMatMul and
layer_norm(x @ w + b + r), fp16, as one MIX kernel (row bands on the Cube,
whole rows on the AIVs), against two bounds and the unfused program:

  - "matmul": the Cube op alone under the same tiling (tile by tile, round
    robin), its result to GM (the model counts that FIX at the f32
    accumulator's 4 bytes per element, docs/AICoreKernels.md "Not done",
    so on HBM-bound shapes it is no lower bound of the MIX kernel, whose
    FIX goes to the workspace in L2; the model now counts the bytes the
    FIX writes, docs/AICoreKernels.md "The task around the blocks");
  - "HBM": the MIX kernel's operands and result once through HBM at the
    sustained 1.1 TB/s of reads and 0.88 TB/s of writes (the calibrated
    model's stream rates: the traffic it
    cannot avoid);
  - "unfused": the Cube op alone (searched tiling, its result to GM) plus
    the epilogue as a Vector kernel reading it back, what the program
    runs when the group is refused (its Vector remainder one kernel).

A row-wise group is converted as the split when the kernel model says it
is faster (docs/AICoreKernels.md "MIX or split"): its row then shows the
MIX and split figures of the conversion's remark and "split chosen"
(layer_norm 2048x1024x4096: 172220 MIX task cycles against 128239 split).

Every figure is the task's (`task_cycles` of the estimate: launch, block
starts, waves), so the unfused program pays a launch per kernel.

Usage: bench/mix_kernels.py [--build build] [--chip Ascend910B2]
"""
import argparse
import os
import re
import subprocess
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


# Row-wise epilogues: (name, batch, M, N, K); batch > 1 is a BatchMatMul.
ROW_SHAPES = [("softmax", 32, 512, 512, 64), ("softmax", 8, 2048, 2048, 128),
              ("layer_norm", 1, 2048, 1024, 4096),
              ("layer_norm", 1, 8192, 768, 768)]
# HBM bytes/s and clock of the 910B2 row of AICoreTarget.h's table
# (ascend-hardware.md): bytes per second and cycles per second.
HBM_BYTES_PER_SECOND = 1.1e12  # sustainedHbmBytesPerSecond (reads)
HBM_WRITE_BYTES_PER_SECOND = 0.88e12  # sustainedHbmWriteBytesPerSecond
CLOCK_HZ = 1.8e9


def row_module(kind, batch, m, n, k):
    """The MIX group, the Cube op alone and the epilogue as a Vector group
    on the Cube op's result."""
    h = "f16"
    if batch > 1:
        x, w, r = (f"tensor<{batch}x{m}x{k}x{h}>", f"tensor<{batch}x{n}x{k}x{h}>",
                   f"tensor<{batch}x{m}x{n}x{h}>")
        cube = lambda a, c: (f"mindspore.batch_matmul {a}, {c} "
                             f"{{transpose_b = true}} : ({x}, {w}) -> {r}")
        args, types, ins = "%x, %w", f"{x}, {w}", f"%x: {x}, %w: {w}"
        body_args = f"%a: {x}, %c: {w}"
        epilogue = lambda v: f"""    %e = mindspore.constant dense<8.0> : tensor<{h}>
    %d = mindspore.real_div {v}, %e : ({r}, tensor<{h}>) -> {r}
    %y = mindspore.softmax %d {{axis = -1}} : {r}"""
        vec_args, vec_types, vec_body = "%p", r, f"%a: {r}"
        vec_in = "%a"
        name, vname = "Fused_BatchMatMul_RealDiv_Softmax_0", "Fused_RealDiv_Softmax_1"
        kind_v = "reduction"
    else:
        x, w, r, b = (f"tensor<{m}x{k}x{h}>", f"tensor<{k}x{n}x{h}>",
                      f"tensor<{m}x{n}x{h}>", f"tensor<{n}x{h}>")
        cube = lambda a, c: f"mindspore.matmul {a}, {c} : ({x}, {w}) -> {r}"
        args = "%x, %w, %b, %res, %g, %be"
        types = f"{x}, {w}, {b}, {r}, {b}, {b}"
        ins = f"%x: {x}, %w: {w}, %b: {b}, %res: {r}, %g: {b}, %be: {b}"
        body_args = f"%a: {x}, %c: {w}, %bb: {b}, %rr: {r}, %gg: {b}, %bbe: {b}"
        epilogue = lambda v: f"""    %s = mindspore.bias_add {v}, %bb : ({r}, {b}) -> {r}
    %t = mindspore.add %s, %rr : ({r}, {r}) -> {r}
    %y = mindspore.layer_norm %t, %gg, %bbe {{begin_norm_axis = -1 : i64, begin_params_axis = -1 : i64, epsilon = 1.0e-5 : f32}} : ({r}, {b}, {b}) -> {r}"""
        vec_args, vec_types = "%p, %b, %res, %g, %be", f"{r}, {b}, {r}, {b}, {b}"
        vec_body = f"%a: {r}, %bb: {b}, %rr: {r}, %gg: {b}, %bbe: {b}"
        vec_in = "%a"
        name, vname = "Fused_MatMul_BiasAdd_Add_LayerNorm_0", "Fused_BiasAdd_Add_LayerNorm_1"
        kind_v = "reduction"
    return f"""
func.func @main({ins}) -> ({r}, {r}) {{
  %o = mindspore.fusion "mix" "{name}" ({args}) : ({types}) -> {r} {{
  ^bb0({body_args}):
    %m = {cube("%a", "%c")}
{epilogue("%m")}
    mindspore.yield %y : {r}
  }}
  %p = {cube("%x", "%w")}
  %v = mindspore.fusion "{kind_v}" "{vname}" ({vec_args}) : ({vec_types}) -> {r} {{
  ^bb0({vec_body}):
{epilogue(vec_in)}
    mindspore.yield %y : {r}
  }}
  return %o, %v : {r}, {r}
}}
"""


def row_epilogues(opt, chip):
    print()
    print("MIX kernels with row-wise epilogues, fp16, %s (model)" % chip)
    print("%-30s %-22s %5s %6s %10s %10s %7s %10s %7s %10s %8s" % (
        "epilogue, [B x] M x N x K", "tiling (tm x tn x tk)", "blocks",
        "chunk", "MIX cyc", "matmul", "over", "HBM bound", "of MIX",
        "unfused", "saved"))
    with tempfile.TemporaryDirectory() as tmp:
        for kind, batch, m, n, k in ROW_SHAPES:
            path = os.path.join(tmp, "rows.mlir")
            with open(path, "w") as f:
                f.write(row_module(kind, batch, m, n, k))
            kernels = estimate_kernels(opt, path, chip, None, "k-chunk=0")
            # Elements: Softmax q, k and the result; LayerNorm x, w, the
            # bias, gamma and beta rows, the residual and the result.
            elements = (batch * (m * k + n * k + m * n) if batch > 1
                        else m * k + k * n + 3 * n + 2 * m * n)
            written = batch * m * n if batch > 1 else m * n
            hbm = ((elements - written) * 2 / HBM_BYTES_PER_SECOND +
                   written * 2 / HBM_WRITE_BYTES_PER_SECOND) * CLOCK_HZ
            shape = "%s, %s%dx%dx%d" % (kind, "%dx" % batch if batch > 1
                                        else "", m, n, k)
            mix = next(v for name, v in kernels.items()
                       if name.endswith("_0"))
            if "aicore.mix.aiv_chunk_rows" not in mix:
                # The conversion chose the split (Cube kernel + Vector
                # kernel): its remark gives both modeled figures.
                remark = re.search(
                    r"modeled faster: (\d+) cycles \(Cube kernel (\d+) \+ "
                    r"Vector kernel (\d+)\) against (\d+) for the MIX",
                    subprocess.run(
                        [opt, path, "--convert-mindspore-to-aicore=chip=%s "
                         "k-chunk=0" % chip, "-o", os.devnull],
                        check=True, capture_output=True, text=True).stderr)
                split, _, _, cycles = map(int, remark.groups())
                print("%-30s %-22s %5s %6s %10d %10s %7s %10d %6.0f%% %10d "
                      "%7.0f%%  split chosen" % (
                          shape, "-", "-", "-", cycles, "-", "-", hbm,
                          100 * hbm / cycles, split,
                          100 * (1 - cycles / split)))
                continue
            vec = next(v for name, v in kernels.items()
                       if name.endswith("_1"))
            cube = next(v for name, v in kernels.items()
                        if not name.startswith("Fused"))
            tiling = [int(mix["aicore.tiling." + key])
                      for key in ("tm", "tn", "tk", "k_stages",
                                  "l0c_buffers")]
            # The Cube op alone under the MIX kernel's tiling.
            same = estimate_kernels(opt, path, chip, tiling, "k-chunk=0")
            alone = next(v for name, v in same.items()
                         if not name.startswith("Fused"))
            cycles = mix["aicore.estimate.task_cycles"]
            unfused = (cube["aicore.estimate.task_cycles"] +
                       vec["aicore.estimate.task_cycles"])
            print("%-30s %-22s %5d %6d %10d %10d %6.1f%% %10d %6.0f%% %10d %7.0f%%"
                  % (shape, "%dx%dx%d" % tuple(tiling[:3]), mix["block_dim"],
                     mix["aicore.mix.aiv_chunk_rows"], cycles,
                     alone["aicore.estimate.task_cycles"],
                     100 * (cycles / alone["aicore.estimate.task_cycles"] - 1),
                     hbm, 100 * hbm / cycles, unfused,
                     100 * (1 - cycles / unfused)))


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
                cycles, alone = (mix["aicore.estimate.task_cycles"],
                                 mm["aicore.estimate.task_cycles"])
                aivs = mix.get("aicore.estimate.aiv_cores", 1)
                print("%-20s %-26s %5d %6d %10d %10d %7.1f%% %9d %9d %11s" % (
                    "%dx%dx%d" % (m, n, k), tile, mix["block_dim"],
                    mix["aicore.mix.aiv_chunk_rows"], cycles, alone,
                    100 * (cycles / alone - 1), mix["aicore.estimate.m"],
                    mix["aicore.estimate.v"] / aivs,
                    "%d" % best["aicore.estimate.task_cycles"]
                    if tiling is None else ""))
    row_epilogues(opt, args.chip)
    return 0


if __name__ == "__main__":
    sys.exit(main())
