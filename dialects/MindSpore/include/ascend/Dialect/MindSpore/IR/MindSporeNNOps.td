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
  let summary = "2-D average pooling over NCHW without padding (MindSpore AvgPool)";
  let arguments = (ins MindSpore_FloatTensor:$x, DenseI64ArrayAttr:$kernel_size,
                       DenseI64ArrayAttr:$strides);
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

#endif // ASCEND_DIALECT_MINDSPORE_NN_OPS
