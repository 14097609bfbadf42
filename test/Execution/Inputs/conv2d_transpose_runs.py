"""Writes conv2d-transpose-kernel.runs, the inputs and expected outputs of
ascend-run-conv2d-transpose-kernel.mlir: PyTorch's conv_transpose2d on small
integer inputs (every product and sum is an integer, exact in f32 and in
f16 below 2048; the f16 references are the exact values rounded once, as the
kernel's f32 accumulator is). A case's pads are MindSpore's [top, bottom,
left, right] (they may differ within a dimension): the reference is the
unpadded transposed convolution, extended by the output padding at the
bottom and right and cropped by the pads.

    /usr/bin/python3 test/Execution/Inputs/conv2d_transpose_runs.py > test/Execution/Inputs/conv2d-transpose-kernel.runs

With --mlir it prints the cases as the mindspore ops of the test's @main
instead (the test's header comments and RUN lines are kept by hand).
"""
import sys

import torch
import torch.nn.functional as F

# (name, x shape, weight shape [C_in, C_out / G, KH, KW], groups, stride,
# pad [top, bottom, left, right], output padding, dilation, bias, dtype[,
# epilogue]); the order of @main's arguments and results. Epilogues: "relu"
# (a mix group conv_transpose + bias + ReLU), "add_relu" (+ a residual input
# + ReLU): MIX kernels.
CASES = [
    ("3x3 stride 2, pad 1, output padding 1 (C 5 -> 7), odd H and W, bias, batch 2",
     (2, 5, 5, 7), (5, 7, 3, 3), 1, (2, 2), (1, 1, 1, 1), (1, 1), (1, 1), True, torch.float32),
    ("4x4 stride 2, pad 1 (the 2x upsampling of UNets and GANs), C 20 -> 18: K 320, N edges, f16",
     (1, 20, 6, 5), (20, 18, 4, 4), 1, (2, 2), (1, 1, 1, 1), (0, 0), (1, 1), False, torch.float16),
    ("grouped G 2 (Cg 6 -> Og 5), stride 2, pad 1, output padding 1, bias",
     (1, 12, 4, 6), (12, 5, 3, 3), 2, (2, 2), (1, 1, 1, 1), (1, 1), (1, 1), True, torch.float32),
    ("depthwise G 4 (multiplier 2), 2x2, stride 3 > kernel (rows no tap reaches), batch 2",
     (2, 4, 3, 4), (4, 2, 2, 2), 4, (3, 3), (0, 0, 0, 0), (0, 0), (1, 1), False, torch.float32),
    ("3x3 dilation 2, stride (2, 1), asymmetric pads (2, 1, 0, 3), output padding (1, 0)",
     (1, 6, 5, 6), (6, 4, 3, 3), 1, (2, 1), (2, 1, 0, 3), (1, 0), (2, 2), True, torch.float32),
    ("3x3 stride 1, pad 1 (C 3 -> 17), batch 3",
     (3, 3, 7, 6), (3, 17, 3, 3), 1, (1, 1), (1, 1, 1, 1), (0, 0), (1, 1), False, torch.float32),
    ("1x1 stride 2, output padding 1 (positions no input reaches: the bias), f16, bias",
     (1, 8, 4, 3), (8, 6, 1, 1), 1, (2, 2), (0, 0, 0, 0), (1, 1), (1, 1), True, torch.float16),
    ("4x4 stride 2, pad 1, C 16 -> 33 on 12 x 10 (480 pixels: several M tiles), batch 2, bias",
     (2, 16, 12, 10), (16, 33, 4, 4), 1, (2, 2), (1, 1, 1, 1), (0, 0), (1, 1), True, torch.float32),
    ("3x3 pad 3 > dilation * (kernel - 1), stride 2: the pads crop the dilated input (a stored row and column dropped on each side)",
     (1, 2, 5, 5), (2, 3, 3, 3), 1, (2, 2), (3, 3, 3, 3), (0, 0), (1, 1), False, torch.float32),
    ("1x1 stride 1, pads (1, 2, 0, 1): crops of 1 and 2 rows and 1 column, bias",
     (2, 3, 6, 5), (3, 4, 1, 1), 1, (1, 1), (1, 2, 0, 1), (0, 0), (1, 1), True, torch.float32),
    ("kept: 1x1 stride 4, pad 1 on 2 rows: the pads crop both stored rows (only zeros are left)",
     (1, 2, 2, 3), (2, 3, 1, 1), 1, (4, 4), (1, 1, 1, 1), (0, 0), (1, 1), False, torch.float32),
    ("MIX: 4x4 stride 2, pad 1 (C 9 -> 19) + bias + ReLU, batch 2",
     (2, 9, 5, 6), (9, 19, 4, 4), 1, (2, 2), (1, 1, 1, 1), (0, 0), (1, 1), True, torch.float32, "relu"),
    ("MIX: grouped G 2 (Cg 5 -> Og 6), stride 2, output padding 1 + bias + residual Add + ReLU, f16",
     (1, 10, 4, 5), (10, 6, 3, 3), 2, (2, 2), (1, 1, 1, 1), (1, 1), (1, 1), True, torch.float16, "add_relu"),
]

TYPES = {torch.float32: "f32", torch.float16: "f16"}


def literal(v):
    """Nested lists of integral floats as MLIR float literals ("3.")."""
    if isinstance(v, list):
        return "[" + ",".join(literal(e) for e in v) + "]"
    return f"{int(v)}."


def dense(t):
    shape = "x".join(str(d) for d in t.shape)
    return f"dense<{literal(t.tolist())}> : tensor<{shape}x{TYPES[t.dtype]}>"


def reference(x, w, b, groups, stride, pad, out_pad, dilation):
    y = F.conv_transpose2d(x.double(), w.double(), None, stride=stride,
                           dilation=dilation, groups=groups)
    top, bottom, left, right = pad
    y = F.pad(y, (0, out_pad[1], 0, out_pad[0]))
    y = y[:, :, top:y.shape[2] - bottom, left:y.shape[3] - right]
    if b is not None:
        y = y + b.double().view(1, -1, 1, 1)
    return y


def tensor_type(shape, dtype):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + TYPES[dtype] + ">"


def arr(v):
    return "array<i64: " + ", ".join(str(e) for e in v) + ">"


def main():
    g = torch.Generator().manual_seed(0)
    inputs, outputs, lines, args, results = [], [], [], [], []
    for i, (name, xs, ws, groups, stride, pad, out_pad, dilation, bias,
            dtype, *rest) in enumerate(CASES):
        epilogue = rest[0] if rest else None
        x = torch.randint(-3, 4, xs, generator=g).to(dtype)
        w = torch.randint(-2, 3, ws, generator=g).to(dtype)
        cout = ws[1] * groups
        b = torch.randint(-5, 6, (cout,), generator=g).to(dtype) if bias else None
        y = reference(x, w, b, groups, stride, pad, out_pad, dilation)
        inputs += [x, w] + ([b] if bias else [])
        residual = None
        if epilogue == "add_relu":
            # The conv + bias is rounded to the element type before the Add
            # (the Vector cores add in the element type).
            residual = torch.randint(-9, 10, y.shape, generator=g).to(dtype)
            inputs.append(residual)
            y = torch.relu(y.to(dtype).double() + residual.double())
        elif epilogue == "relu":
            y = torch.relu(y)
        outputs.append(y.to(dtype))
        xt, wt = tensor_type(xs, dtype), tensor_type(ws, dtype)
        yt = tensor_type(y.shape, dtype)
        args += [f"%x{i}: {xt}", f"%w{i}: {wt}"]
        lines.append(f"  // {i}: {name}")
        group = f"group = {groups} : i64, " if groups > 1 else ""
        attrs = (f"{{dilation = {arr(dilation)}, {group}output_padding = "
                 f"{arr(out_pad)}, pad = {arr(pad)}, stride = {arr(stride)}}}")
        if epilogue:
            bt = tensor_type((cout,), dtype)
            ins = [(f"%x{i}", xt), (f"%w{i}", wt), (f"%b{i}", bt)]
            if residual is not None:
                ins.append((f"%r{i}", yt))
            args += [f"{n}: {t}" for n, t in ins[2:]]
            kernel = "Fused_Conv2DTranspose_BiasAdd_" + (
                "Add_ReLU" if residual is not None else "ReLU") + f"_{i}"
            lines.append(
                f'  %y{i} = mindspore.fusion "mix" "{kernel}" (' +
                ", ".join(n for n, _ in ins) + ") : (" +
                ", ".join(t for _, t in ins) + f") -> {yt} {{")
            lines.append("  ^bb0(" + ", ".join(
                f"%{c}: {t}" for c, (_, t) in zip("abhr", ins)) + "):")
            lines.append(f"    %c = mindspore.conv2d_transpose %a, %b {attrs} : "
                         f"({xt}, {wt}) -> {yt}")
            lines.append(f"    %s = mindspore.bias_add %c, %h : ({yt}, {bt}) -> {yt}")
            last = "%s"
            if residual is not None:
                lines.append(f"    %t = mindspore.add %s, %r : ({yt}, {yt}) -> {yt}")
                last = "%t"
            lines.append(f"    %y = mindspore.relu {last} : {yt}")
            lines.append(f"    mindspore.yield %y : {yt}")
            lines.append("  }")
            results.append((f"%y{i}", yt))
            continue
        if name.startswith("kept:"):
            lines.append("  // expected-remark @+2 {{no AI Core kernel for primitive "
                         "'conv2d_transpose': its implicit-GEMM Cube kernel "
                         "was not built}}")
            lines.append("  // expected-remark @+1 {{conv2d_transpose kept at the "
                         "mindspore level: its pads crop every stored row or "
                         "column of the dilated input (the output is the "
                         "bias alone; the equivalent convolution reads a 0 x "
                         "1 window)}}")
        lines.append(
            f"  %c{i} = mindspore.conv2d_transpose %x{i}, %w{i} {attrs} : "
            f"({xt}, {wt}) -> {yt}")
        result = f"%c{i}"
        if bias:
            bt = tensor_type((cout,), dtype)
            args.append(f"%b{i}: {bt}")
            lines.append(f"  %y{i} = mindspore.bias_add %c{i}, %b{i} : "
                         f"({yt}, {bt}) -> {yt}")
            result = f"%y{i}"
        results.append((result, yt))
    if "--mlir" in sys.argv:
        print("func.func @main(" + ", ".join(args) + ") -> (" +
              ", ".join(t for _, t in results) + ") {")
        print("\n".join(lines))
        print("  return " + ", ".join(r for r, _ in results) + " : " +
              ", ".join(t for _, t in results))
        print("}")
        return
    print("# Generated by conv2d_transpose_runs.py: the inputs and expected outputs")
    print("# of ascend-run-conv2d-transpose-kernel.mlir (PyTorch conv_transpose2d")
    print("# on integer data, exact).")
    print("run")
    for t in inputs:
        print("input", dense(t))
    for t in outputs:
        print("output", dense(t))


if __name__ == "__main__":
    main()
