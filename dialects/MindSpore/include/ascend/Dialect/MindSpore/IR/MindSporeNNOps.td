//===- MindSporeNNOps.td - convolution, pooling, norms -----*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_NN_OPS
#define ASCEND_DIALECT_MINDSPORE_NN_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"

def MindSpore_Conv2DOp : MindSpore_PrimOp<"conv2d", "Conv2D",
    [SameOperandsElementType]> {
  let summary = "2-D convolution, NCHW x OIHW (MindSpore Conv2D)";
  let description = [{
    `x` is `[N, C, H, W]`, `weight` is `[O, C / group, KH, KW]`; the result is
    `[N, O, OH, OW]` with `OH = (H + pad_top + pad_bottom - dilation_h * (KH - 1)
    - 1) / stride_h + 1` (likewise OW). `pad` is `[top, bottom, left, right]`
    and is what the numbers use; `pad_mode` records how MindSpore should spell
    it: "pad" (explicit), "same" (output spatial size = input / stride, extra
    padding on the bottom/right as PyTorch `padding='same'` does for even
    kernels) or "valid" (no padding).
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, MindSpore_FloatTensor:$weight,
                       DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$dilation,
                       DenseI64ArrayAttr:$pad,
                       DefaultValuedAttr<StrAttr, "\"pad\"">:$pad_mode,
                       DefaultValuedAttr<I64Attr, "1">:$group);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = [{
    $x `,` $weight attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_Conv2DTransposeOp : MindSpore_PrimOp<"conv2d_transpose",
    "Conv2DTranspose", [SameOperandsElementType]> {
  let summary = "2-D transposed convolution, NCHW x [C_in, C_out, KH, KW] (MindSpore Conv2DTranspose)";
  let description = [{
    The gradient of a Conv2D with respect to its input (PyTorch
    `conv_transpose2d`, `aten.convolution` with `transposed = true`). `x` is
    `[N, C_in, H, W]`, `weight` is `[C_in, C_out / group, KH, KW]` (the
    PyTorch and MindSpore layout; `group` >= 1 divides `C_in`, and input
    channels `g * C_in / group ...` feed output channels
    `g * C_out / group ...` only); the result is `[N, C_out, OH, OW]` with
    `OH = (H - 1) * stride_h - pad_top - pad_bottom + dilation_h * (KH - 1) +
    output_padding_h + 1` (likewise OW). `pad` is `[top, bottom, left,
    right]`, `output_padding` `[h, w]` (each smaller than its stride or its
    dilation, as PyTorch requires). MindIR: primitive `Conv2DTranspose`
    (pad_mode "pad", attributes `group` and `groups`), inputs `dout`,
    `weight` and the tuple
    `input_sizes` (the result shape, which carries the output padding).

    ```mlir
    %y = mindspore.conv2d_transpose %x, %w {dilation = array<i64: 1, 1>,
           output_padding = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>,
           stride = array<i64: 2, 2>}
         : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32>
    ```
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, MindSpore_FloatTensor:$weight,
                       DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$dilation,
                       DenseI64ArrayAttr:$pad,
                       DenseI64ArrayAttr:$output_padding,
                       DefaultValuedAttr<I64Attr, "1">:$group);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = [{
    $x `,` $weight attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_BatchNormOp : MindSpore_PrimOp<"batch_norm", "BatchNorm",
    [SameOperandsElementType]> {
  let summary = "inference batch normalization over channel dim 1 (MindSpore BatchNorm)";
  let description = [{
    `y = (x - mean) / sqrt(variance + epsilon) * scale + bias` per channel;
    `x` is `[N, C, ...]`, the other operands are `[C]`. Inference only
    (`is_training = False` in MindIR); MindSpore's extra outputs (batch mean and
    variance) are not modelled.
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, MindSpore_FloatTensor:$scale,
                       MindSpore_FloatTensor:$bias, MindSpore_FloatTensor:$mean,
                       MindSpore_FloatTensor:$variance, F32Attr:$epsilon);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = [{
    $x `,` $scale `,` $bias `,` $mean `,` $variance attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_MaxPoolOp : MindSpore_PrimOp<"max_pool", "MaxPool",
    [SameOperandsAndResultElementType]> {
  let summary = "2-D max pooling over NCHW (MindSpore MaxPool / MaxPoolWithArgmaxV2)";
  let description = [{
    Windows of `kernel_size` `[KH, KW]` moved by `strides`, after padding by
    `pad` `[top, bottom, left, right]` with -inf. Output size as for
    convolution (floor), or ceiling when `ceil_mode`.
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, DenseI64ArrayAttr:$kernel_size,
                       DenseI64ArrayAttr:$strides, DenseI64ArrayAttr:$pad,
                       DefaultValuedAttr<BoolAttr, "false">:$ceil_mode);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$x attr-dict `:` functional-type(operands, results)";
}

def MindSpore_AvgPoolOp : MindSpore_PrimOp<"avg_pool", "AvgPool",
    [SameOperandsAndResultElementType]> {
  let summary = "2-D average pooling over NCHW (MindSpore AvgPool)";
  let description = [{
    Windows of `kernel_size` `[KH, KW]` moved by `strides` over `x` padded
    with zeros by `pad` `[top, bottom, left, right]` (absent: no padding;
    each at most half the kernel, PyTorch's rule). Output size as for
    convolution (floor), or ceiling when `ceil_mode` (a last window that
    would start in the bottom / right padding is dropped). Each output is
    the window's sum divided by `divisor_override` when present (> 0), else
    by the window's size: with `count_include_pad` the window clipped to
    the padded input (`min(start + K, In + pad_end) - start`), pads
    counted, windows hanging past it in `ceil_mode` not; without it the
    window clipped to the input itself. PyTorch's `avg_pool2d` arguments
    (MindSpore nn.AvgPool2d / AvgPool3D name them alike).
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, DenseI64ArrayAttr:$kernel_size,
                       DenseI64ArrayAttr:$strides,
                       OptionalAttr<DenseI64ArrayAttr>:$pad,
                       DefaultValuedAttr<BoolAttr, "false">:$ceil_mode,
                       DefaultValuedAttr<BoolAttr, "true">:$count_include_pad,
                       OptionalAttr<I64Attr>:$divisor_override);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$x attr-dict `:` functional-type(operands, results)";
}

def MindSpore_AdaptiveAvgPool2DOp : MindSpore_PrimOp<"adaptive_avg_pool2d",
    "AdaptiveAvgPool2D", [SameOperandsAndResultElementType]> {
  let summary = "average pooling to a given output size (MindSpore AdaptiveAvgPool2D)";
  let description = [{
    `[N, C, H, W]` to `[N, C, OH, OW]`: output cell (i, j) averages input rows
    `floor(i*H/OH) .. ceil((i+1)*H/OH)` and the like columns (PyTorch's and
    MindSpore's rule).
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, DenseI64ArrayAttr:$output_size);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$x attr-dict `:` functional-type(operands, results)";
}

def MindSpore_SoftmaxOp : MindSpore_PrimOpBase<"softmax", "Softmax",
    [SameOperandsAndResultType]> {
  let summary = "exp(x) / sum(exp(x)) along `axis` (MindSpore Softmax)";
  let arguments = (ins MindSpore_FloatTensor:$x, I64Attr:$axis);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
  let hasVerifier = 1;
}

def MindSpore_LogSoftmaxOp : MindSpore_PrimOpBase<"log_softmax", "LogSoftmax",
    [SameOperandsAndResultType]> {
  let summary = "x - log(sum(exp(x))) along `axis` (MindSpore LogSoftmax)";
  let arguments = (ins MindSpore_FloatTensor:$x, I64Attr:$axis);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
  let hasVerifier = 1;
}

def MindSpore_SigmoidOp : MindSpore_UnaryOp<"sigmoid", "Sigmoid"> {
  let summary = "1 / (1 + exp(-x)) (MindSpore Sigmoid)";
}
def MindSpore_SiLUOp : MindSpore_UnaryOp<"silu", "SiLU"> {
  let summary = "x * sigmoid(x), a.k.a. swish (MindSpore SiLU)";
}
def MindSpore_GeLUOp : MindSpore_UnaryOp<"gelu", "GeLU"> {
  let summary = "x * Phi(x) = 0.5 x (1 + erf(x / sqrt(2))) (MindSpore GeLU)";
  let description = [{
    The exact (erf) form, PyTorch's `gelu(approximate='none')`. The tanh
    approximation is not this op.
  }];
}
def MindSpore_ReLU6Op : MindSpore_UnaryOp<"relu6", "ReLU6"> {
  let summary = "min(max(x, 0), 6) (MindSpore ReLU6)";
}

def MindSpore_LayerNormOp : MindSpore_PrimOp<"layer_norm", "LayerNorm",
    [SameOperandsElementType]> {
  let summary = "layer normalization over the trailing axes (MindSpore LayerNorm)";
  let description = [{
    `y = (x - mean) / sqrt(variance + epsilon) * gamma + beta` where mean and
    (biased) variance are taken over the axes `begin_norm_axis .. rank-1` of
    `x`, and `gamma` / `beta` have the shape `x.shape[begin_params_axis:]`.
    Negative axes count from the end. MindSpore's extra outputs (mean and
    variance) are not modelled: MindIR takes output 0 with TupleGetItem.
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, MindSpore_FloatTensor:$gamma,
                       MindSpore_FloatTensor:$beta, I64Attr:$begin_norm_axis,
                       I64Attr:$begin_params_axis, F32Attr:$epsilon);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = [{
    $x `,` $gamma `,` $beta attr-dict `:` functional-type(operands, results)
  }];
}

#endif // ASCEND_DIALECT_MINDSPORE_NN_OPS
