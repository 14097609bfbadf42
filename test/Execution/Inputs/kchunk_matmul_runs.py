#!/usr/bin/env python3
"""Writes kchunk-matmul.runs (next to this script), the inputs and numpy
reference outputs of test/Execution/ascend-run-kchunk-matmul.mlir.

Integers (numpy default_rng(11)), cast to f16 / f32 / bf16 in the module and
the results cast back to i32, so the comparison is exact: every product,
every K chunk's partial sum and every total is an integer the element type
holds exactly (f16: |x| <= 2048 here at most 300 * 4 + 2; bf16: entries in
[-1, 1] and K = 200, so every partial sum is an integer of magnitude at most
200 < 256), which makes the chunks' FIX atomic adds exact as well.
"""
import os
import numpy as np

rng = np.random.default_rng(11)


def ints(shape, lo, hi):
    return rng.integers(lo, hi + 1, size=shape).astype(np.int64)


def fmt(a):
    def rec(x):
        if x.ndim == 1:
            return "[" + ",".join(str(int(v)) for v in x) + "]"
        return "[" + ",".join(rec(r) for r in x) + "]"
    return f"dense<{rec(a)}> : tensor<{'x'.join(map(str, a.shape))}xi32>"


# f16 with a bias: [250, 300] x [300, 130] + [130]
x1, w1, b1 = ints((250, 300), -2, 2), ints((300, 130), -2, 2), ints((130,), -2, 2)
# f32, transpose_b: [17, 300] x [50, 300]^T
x2, w2 = ints((17, 300), -2, 2), ints((50, 300), -2, 2)
# bf16, transpose_a: [200, 70]^T x [200, 90]
x3, w3 = ints((200, 70), -1, 1), ints((200, 90), -1, 1)
outputs = [x1 @ w1 + b1, x2 @ w2.T, x3.T @ w3]

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "kchunk-matmul.runs"), "w") as f:
    f.write("# Inputs of ascend-run-kchunk-matmul.mlir, written by\n"
            "# kchunk_matmul_runs.py: integers cast to f16 / f32 / bf16 in the\n"
            "# module; every partial sum of a K chunk is exact in its type.\n"
            "# Expected: numpy's integer x1 w1 + b1, x2 w2^T, x3^T w3.\n")
    f.write("run\n")
    for a in (x1, w1, b1, x2, w2, x3, w3):
        f.write("input " + fmt(a) + "\n")
    for a in outputs:
        f.write("output " + fmt(a) + "\n")
