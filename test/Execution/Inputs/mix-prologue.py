#!/usr/bin/env python3
"""Writes mix-prologue.runs (next to this script), the inputs and numpy
reference outputs of test/Execution/ascend-run-mix-prologue.mlir: small
integers and halves (seeded), so every product and sum is exact in f32 and
f16, and the expected outputs are the float64 results of the groups'
expressions."""
import os
import numpy as np
rng = np.random.default_rng(7)
def ints(shape, lo, hi): return rng.integers(lo, hi + 1, size=shape).astype(np.float64)
def fmt(a, t):
    def rec(x):
        if x.ndim == 0: return repr(float(x))
        if x.ndim == 1: return "[" + ", ".join(repr(float(v)) for v in x) + "]"
        return "[" + ", ".join(rec(r) for r in x) + "]"
    return f"dense<{rec(a)}> : tensor<{'x'.join(map(str, a.shape))}x{t}>" if a.ndim else f"dense<{float(a)}> : tensor<{t}>"
relu = lambda v: np.maximum(v, 0)
# a) M=130 K=40 N=70: A = relu(x - r) (a column), B^T w2 [70, 40]; epilogue bias + relu
x130 = ints((130, 40), -3, 3); r130 = ints((130, 1), -2, 2); w2 = ints((70, 40), -1, 1); b70 = ints((70,), -4, 4)
o_a = relu(relu(x130 - r130) @ w2.T + b70)
# b) M=17 K=72 N=37: A = x * 0.5 + c (a row), B = w * s (a scalar), epilogue bias
x17 = ints((17, 72), -4, 4); c72 = ints((72,), -2, 2) / 2; w37 = ints((37, 72), -2, 2); s = np.array([[2.0]]); b37 = ints((37,), -3, 3)
o_b = (x17 * 0.5 + c72) @ (w37 * s).T + b37
# c) views: x3 [17, 8, 9] reshaped to [17, 72]; w as the transpose of wT [72, 37]; epilogue bias + relu
x3 = ints((17, 8, 9), -2, 2); wT = ints((72, 37), -2, 2)
o_c = relu(x3.reshape(17, 72) @ wT + b37)
# d) f16: A = cast(x f32 -> f16) then relu, B^T wh [40, 48] f16; epilogue bias
xh = ints((33, 48), -2, 2); wh = ints((40, 48), -1, 1); bh = ints((40,), -2, 2)
o_d = relu(xh) @ wh.T + bh
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "mix-prologue.runs"), "w") as f:
    f.write("# Inputs of ascend-run-mix-prologue.mlir: small integers and halves, so every\n"
            "# product and sum is exact in f32 and f16. Expected outputs: numpy's\n"
            "# float64 results of the same expressions (test/Execution/Inputs/mix-prologue.py).\n")
    f.write("run\n")
    for a, t in [(x130, "f32"), (r130, "f32"), (w2, "f32"), (b70, "f32"), (x17, "f32"), (c72, "f32"), (w37, "f32"), (s, "f32"), (b37, "f32"), (x3, "f32"), (wT, "f32"), (xh, "f32"), (wh, "f16"), (bh, "f16")]:
        f.write("input " + fmt(a, t) + "\n")
    for a, t in [(o_a, "f32"), (o_b, "f32"), (o_c, "f32"), (o_d, "f16")]:
        f.write("output " + fmt(a, t) + "\n")
