#!/usr/bin/env python3
"""Writes mix-row-epilogue.runs (next to this script), the inputs and numpy
reference outputs of test/Execution/ascend-run-mix-row-epilogue.mlir: MIX
kernels whose epilogue reduces the rows of the matmul's result (Softmax,
LogSoftmax, LayerNorm, ReduceSum / ReduceMax / ReduceMean over the last axis
and elementwise work on the per-row values). Small integers and quarters
(seeded): the matmuls are exact in f32 and f16; the expected outputs are
numpy's float64 results of the groups' expressions."""
import os
import numpy as np
rng = np.random.default_rng(11)
def ints(shape, lo, hi): return rng.integers(lo, hi + 1, size=shape).astype(np.float64)
def num(v):
    # Nine significant digits (more than f32 holds), always a float literal.
    t = "%.9g" % v
    return t if ("." in t or "e" in t or "n" in t) else t + ".0"
def fmt(a, t):
    def rec(x):
        if x.ndim == 1: return "[" + ", ".join(num(v) for v in x) + "]"
        return "[" + ", ".join(rec(r) for r in x) + "]"
    return f"dense<{rec(a)}> : tensor<{'x'.join(map(str, a.shape))}x{t}>"
def softmax(v):
    e = np.exp(v - v.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)
def log_softmax(v):
    s = v - v.max(-1, keepdims=True)
    return s - np.log(np.exp(s).sum(-1, keepdims=True))
def layer_norm(v, g, b, eps=1e-5):
    mu = v.mean(-1, keepdims=True)
    var = ((v - mu) ** 2).mean(-1, keepdims=True)
    return (v - mu) / np.sqrt(var + eps) * g + b
# a) M=130 K=40 N=70 f32: softmax((x w^T + b) * 0.125), several column
#    tiles per row band with small tiles
xa = ints((130, 40), -2, 2); wa = ints((70, 40), -1, 1); ba = ints((70,), -4, 4)
o_a = softmax((xa @ wa.T + ba) * 0.125)
# b) BatchMatMul [6, 17, 24] x [6, 37, 24]^T / 4 + mask [6, 17, 37], softmax:
#    attention scores, bands never cross an image
q = ints((6, 17, 24), -2, 2); k = ints((6, 37, 24), -2, 2); mask = ints((6, 17, 37), -3, 0) * 2
o_b = softmax(q @ k.transpose(0, 2, 1) / 4 + mask)
# c) M=33 K=48 N=40 f32: layer_norm(x w + b + residual) with gamma, beta
xc = ints((33, 48), -2, 2); wc = ints((48, 40), -1, 1); bc = ints((40,), -3, 3)
rc = ints((33, 40), -4, 4); gc = ints((40,), 1, 4) / 4; betac = ints((40,), -2, 2) / 4
o_c = layer_norm(xc @ wc + bc + rc, gc, betac)
# d) M=17 K=72 N=37 f32: log_softmax(x w^T)
xd = ints((17, 72), -1, 1); wd = ints((37, 72), -1, 1)
o_d = log_softmax(xd @ wd.T)
# e) M=50 K=24 N=37 f32: y = x w; (y - max(y)) * sum(y) / 8 (two per-row
#    values broadcast back), and mean(y) * 2 + col (one value per row, out)
xe = ints((50, 24), -2, 2); we = ints((24, 37), -1, 1); ce = ints((50,), -3, 3)
ye = xe @ we
o_e1 = (ye - ye.max(-1, keepdims=True)) * (ye.sum(-1, keepdims=True) / 8)
o_e2 = ye.mean(-1) * 2 + ce
# f) f16: M=33 K=32 N=48: softmax(x w^T + b) in f16 (the matmul exact)
xf = ints((33, 32), -1, 1); wf = ints((48, 32), -1, 1); bf = ints((48,), -2, 2)
o_f = softmax(xf @ wf.T + bf)
# g) a LogSoftmax outside any group (a one-op Vector kernel) of wd [37, 72]
o_g = log_softmax(wd)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "mix-row-epilogue.runs"), "w") as f:
    f.write("# Inputs of ascend-run-mix-row-epilogue.mlir: small integers and quarters.\n"
            "# Expected outputs: numpy's float64 results of the same expressions\n"
            "# (test/Execution/Inputs/mix_row_epilogue_runs.py).\n")
    f.write("run\n")
    for a, t in [(xa, "f32"), (wa, "f32"), (ba, "f32"), (q, "f32"), (k, "f32"),
                 (mask, "f32"), (xc, "f32"), (wc, "f32"), (bc, "f32"), (rc, "f32"),
                 (gc, "f32"), (betac, "f32"), (xd, "f32"), (wd, "f32"), (xe, "f32"),
                 (we, "f32"), (ce, "f32"), (xf, "f16"), (wf, "f16"), (bf, "f16")]:
        f.write("input " + fmt(a, t) + "\n")
    for a, t in [(o_a, "f32"), (o_b, "f32"), (o_c, "f32"), (o_d, "f32"),
                 (o_e1, "f32"), (o_e2, "f32"), (o_f, "f16"), (o_g, "f32")]:
        f.write("output " + fmt(a, t) + "\n")
