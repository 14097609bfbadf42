"""Writes depthwise-conv-vector.runs, the inputs and expected outputs of
ascend-run-depthwise-conv-vector.mlir: PyTorch's depthwise conv2d
(groups == C, channel multipliers 1, 2 and 3) on small integer inputs,
plain, with a fused bias and with the elementwise epilogues of MIX groups
(ReLU6, a per-channel Mul, a per-image-and-channel Mul, a residual Add, a
scalar Mul, two results). Every product and sum is an integer, exact in
f32, in f16 below 2048 and in bf16 below 256; the references are the exact
values rounded once to the element type (as the kernel's f32 accumulator
is), and the epilogue runs in the element type on the rounded values.

    /usr/bin/python3 test/Execution/Inputs/depthwise_conv_vector_runs.py > test/Execution/Inputs/depthwise-conv-vector.runs
    /usr/bin/python3 test/Execution/Inputs/depthwise_conv_vector_runs.py --mlir   # the @main of the test
"""
import sys

import torch
import torch.nn.functional as F

# (what, x shape, multiplier, kernel, stride, pad [top, bottom, left, right],
# dilation, bias, epilogue, dtype), in @main's argument and result order.
# Epilogues: None, "relu6" (conv + bias + ReLU6), "chan_res" (conv + bias,
# times a per-channel [1, C, 1, 1] scale, plus a residual, then ReLU; both
# the sum and the ReLU are results), "image_scalar" (conv + bias times a
# per-image-and-channel [N, C, 1, 1] gate times a scalar).
CASES = [
    ("row blocks: 3 planes of 61 x 75, 3x3, stride 1, pad 1, bias, f32",
     (1, 3, 61, 75), 1, (3, 3), (1, 1), (1, 1, 1, 1), (1, 1), True, None,
     torch.float32),
    ("row blocks: 5x5, dilation 2, pad 4 (clipped blocks), stride 2, "
     "multiplier 2, f16",
     (1, 2, 50, 67), 2, (5, 5), (2, 2), (4, 4, 4, 4), (2, 2), False, None,
     torch.float16),
    ("row blocks: asymmetric pad (0, 1, 0, 1), stride 2, 130 columns, bf16",
     (1, 3, 41, 130), 1, (3, 3), (2, 2), (0, 1, 0, 1), (1, 1), True, None,
     torch.bfloat16),
    ("whole planes: multiplier 3, batch 2, 1x5 kernel, pad (0, 0, 2, 2), "
     "bf16",
     (2, 4, 9, 9), 3, (1, 5), (1, 1), (0, 0, 2, 2), (1, 1), True, None,
     torch.bfloat16),
    ("7x7 kernel, pad 3, 96 planes (batch 2) of 12 x 10, f32",
     (2, 48, 12, 10), 1, (7, 7), (1, 1), (3, 3, 3, 3), (1, 1), False, None,
     torch.float32),
    ("MIX: conv + bias + ReLU6 (MobileNetV2), 32 channels of 14 x 14, "
     "batch 2, f16",
     (2, 32, 14, 14), 1, (3, 3), (1, 1), (1, 1, 1, 1), (1, 1), True, "relu6",
     torch.float16),
    ("MIX: conv + bias, per-channel scale, residual Add, ReLU (two results), "
     "stride 1, f32",
     (1, 5, 11, 13), 1, (3, 3), (1, 1), (1, 1, 1, 1), (1, 1), True,
     "chan_res", torch.float32),
    ("MIX: conv + bias, per-image-and-channel gate, scalar scale, row "
     "blocks of 40 x 100, batch 2, f16",
     (2, 3, 40, 100), 1, (3, 3), (1, 1), (1, 1, 1, 1), (1, 1), True,
     "image_scalar", torch.float16),
]

TYPES = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16"}


def literal(v):
    """Nested lists of integral floats as MLIR float literals ("3.")."""
    if isinstance(v, list):
        return "[" + ",".join(literal(e) for e in v) + "]"
    return f"{int(v)}."


def ttype(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + TYPES[dtype] + ">"


def dense(t):
    return f"dense<{literal(t.tolist())}> : {ttype(t.shape, t.dtype)}"


def out_shape(xs, mult, k, stride, pad, dil):
    n, c, h, w = xs
    ho = (h + pad[0] + pad[1] - dil[0] * (k[0] - 1) - 1) // stride[0] + 1
    wo = (w + pad[2] + pad[3] - dil[1] * (k[1] - 1) - 1) // stride[1] + 1
    return (n, c * mult, ho, wo)


def mlir():
    """The @main of the test: one conv (or MIX group) per case."""
    args, results, body = [], [], []
    for i, (what, xs, mult, k, stride, pad, dil, bias, epi, dt) in \
            enumerate(CASES):
        c = xs[1]
        ys = out_shape(xs, mult, k, stride, pad, dil)
        xt, wt, yt = ttype(xs, dt), ttype((c * mult, 1) + k, dt), ttype(ys, dt)
        bt = ttype((c * mult,), dt)
        conv_attrs = (f"{{dilation = array<i64: {dil[0]}, {dil[1]}>, "
                      f"group = {c} : i64, pad = array<i64: "
                      f"{', '.join(map(str, pad))}>, stride = array<i64: "
                      f"{stride[0]}, {stride[1]}>}}")
        mine = [(f"%x{i}", xt), (f"%w{i}", wt)]
        if bias:
            mine.append((f"%b{i}", bt))
        body.append(f"  // {i}: {what}")
        if epi is None:
            body.append(f"  %c{i} = mindspore.conv2d %x{i}, %w{i} {conv_attrs}"
                        f" : ({xt}, {wt}) -> {yt}")
            last = f"%c{i}"
            if bias:
                body.append(f"  %y{i} = mindspore.bias_add %c{i}, %b{i} : "
                            f"({yt}, {bt}) -> {yt}")
                last = f"%y{i}"
            args += mine
            results.append((last, yt))
            continue
        extra = []
        ct = ttype((1, c * mult, 1, 1), dt)
        if epi == "chan_res":
            extra = [(f"%s{i}", ct), (f"%r{i}", yt)]
        elif epi == "image_scalar":
            extra = [(f"%s{i}", ttype((ys[0], ys[1], 1, 1), dt)),
                     (f"%k{i}", ttype((1,), dt))]
        inner = mine + extra
        outs = [yt, yt] if epi == "chan_res" else [yt]
        names = ", ".join(a for a, _ in inner)
        types = ", ".join(t for _, t in inner)
        bb = ", ".join(f"%a{j}: {t}" for j, (_, t) in enumerate(inner))
        kind = {"relu6": "ReLU6", "chan_res": "Mul_Add_ReLU",
                "image_scalar": "Mul_Mul"}[epi]
        rt = ", ".join(outs)
        body.append(f"  %y{i}:{len(outs)} = mindspore.fusion \"mix\" "
                    f"\"Fused_Conv2D_BiasAdd_{kind}_{i}\" ({names}) : "
                    f"({types}) -> ({rt}) {{")
        body.append(f"  ^bb0({bb}):")
        body.append(f"    %c = mindspore.conv2d %a0, %a1 {conv_attrs} : "
                    f"({xt}, {wt}) -> {yt}")
        body.append(f"    %s = mindspore.bias_add %c, %a2 : ({yt}, {bt}) -> "
                    f"{yt}")
        if epi == "relu6":
            body.append(f"    %y = mindspore.relu6 %s : {yt}")
            body.append(f"    mindspore.yield %y : {yt}")
        elif epi == "chan_res":
            body.append(f"    %m = mindspore.mul %s, %a3 : ({yt}, {ct}) -> "
                        f"{yt}")
            body.append(f"    %t = mindspore.add %m, %a4 : ({yt}, {yt}) -> "
                        f"{yt}")
            body.append(f"    %y = mindspore.relu %t : {yt}")
            body.append(f"    mindspore.yield %t, %y : {yt}, {yt}")
        else:
            st, kt = extra[0][1], extra[1][1]
            body.append(f"    %m = mindspore.mul %s, %a3 : ({yt}, {st}) -> "
                        f"{yt}")
            body.append(f"    %y = mindspore.mul %m, %a4 : ({yt}, {kt}) -> "
                        f"{yt}")
            body.append(f"    mindspore.yield %y : {yt}")
        body.append("  }")
        args += inner
        results += [(f"%y{i}#{j}", t) for j, t in enumerate(outs)]
    sig = ", ".join(f"{a}: {t}" for a, t in args)
    rts = ", ".join(t for _, t in results)
    print(f"func.func @main({sig}) -> ({rts}) {{")
    print("\n".join(body))
    print(f"  return {', '.join(a for a, _ in results)} : {rts}")
    print("}")


def runs():
    g = torch.Generator().manual_seed(0)
    inputs, outputs = [], []
    for what, xs, mult, k, stride, pad, dil, bias, epi, dt in CASES:
        c = xs[1]
        x = torch.randint(-3, 4, xs, generator=g).to(dt)
        w = torch.randint(-2, 3, (c * mult, 1) + k, generator=g).to(dt)
        b = torch.randint(-5, 6, (c * mult,), generator=g).to(dt) \
            if bias else None
        top, bottom, left, right = pad
        y = F.conv2d(F.pad(x.double(), (left, right, top, bottom)),
                     w.double(), None if b is None else b.double(),
                     stride=stride, dilation=dil, groups=c)
        inputs += [x, w] + ([b] if bias else [])
        y = y.to(dt)
        if epi == "relu6":
            y = torch.clamp(y.float(), 0, 6).to(dt)
            outputs.append(y)
        elif epi == "chan_res":
            s = torch.randint(-2, 3, (1, c * mult, 1, 1), generator=g).to(dt)
            r = torch.randint(-9, 10, y.shape, generator=g).to(dt)
            inputs += [s, r]
            t = (y.float() * s.float()).to(dt).float() + r.float()
            t = t.to(dt)
            outputs += [t, torch.relu(t)]
        elif epi == "image_scalar":
            s = torch.randint(-2, 3, (y.shape[0], c * mult, 1, 1),
                              generator=g).to(dt)
            kk = torch.tensor([3.0]).to(dt)
            inputs += [s, kk]
            m = (y.float() * s.float()).to(dt)
            outputs.append((m.float() * kk.float()).to(dt))
        else:
            outputs.append(y)
    print("# Generated by depthwise_conv_vector_runs.py: the inputs and "
          "expected outputs of")
    print("# ascend-run-depthwise-conv-vector.mlir (PyTorch depthwise conv2d "
          "on integer data,")
    print("# exact).")
    print("run")
    for t in inputs:
        print("input", dense(t))
    for t in outputs:
        print("output", dense(t))


if __name__ == "__main__":
    if "--mlir" in sys.argv[1:]:
        mlir()
    else:
        runs()
