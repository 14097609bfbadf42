//===- MindSporeCreationOps.td - fills, masked fill, dropout -*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_CREATION_OPS
#define ASCEND_DIALECT_MINDSPORE_CREATION_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"

def MindSpore_MaskedFillOp : MindSpore_PrimOp<"masked_fill", "MaskedFill"> {
  let summary = "replaces the elements where a mask is true (MindSpore MaskedFill)";
  let description = [{
    `input` with every element where the boolean `mask` is true replaced by
    `value`, a 0-d tensor of `input`'s element type. `mask` broadcasts to
    `input`'s shape (NumPy rules); the result has `input`'s type.
    `Tensor.masked_fill(mask, value)`. Folds to `input` when `mask` is a
    constant with no true element.
  }];
  let arguments = (ins MindSpore_Tensor:$input, TensorOf<[I1]>:$mask,
                       MindSpore_Tensor:$value);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $mask `,` $value attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

class MindSpore_FillLikeOp<string mnemonic, string prim>
    : MindSpore_PrimOpBase<mnemonic, prim> {
  let results = (outs MindSpore_Tensor:$result);
  let hasFolder = 1;
}

def MindSpore_FillOp : MindSpore_FillLikeOp<"fill", "Fill"> {
  let summary = "a tensor of one value (MindSpore Fill)";
  let description = [{
    A tensor of the result type whose every element is `value` (a 0-d
    tensor of the result's element type). MindSpore takes the dtype and the
    shape as inputs; here they are the result type (shapes are static).
    Folds to a constant when `value` is one.
  }];
  let arguments = (ins MindSpore_Tensor:$value);
  let assemblyFormat = "$value attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def MindSpore_ZerosOp : MindSpore_FillLikeOp<"zeros", "Zeros"> {
  let summary = "a tensor of zeros (MindSpore Zeros)";
  let description = [{
    A tensor of the result type filled with 0 (false for i1). Folds to a
    constant.
  }];
  let assemblyFormat = "attr-dict `:` type($result)";
}

def MindSpore_OnesOp : MindSpore_FillLikeOp<"ones", "Ones"> {
  let summary = "a tensor of ones (MindSpore Ones)";
  let description = [{
    A tensor of the result type filled with 1 (true for i1). Folds to a
    constant.
  }];
  let assemblyFormat = "attr-dict `:` type($result)";
}

def MindSpore_DropoutOp : MindSpore_PrimOpBase<"dropout", "Dropout",
    [SameOperandsAndResultType]> {
  let summary = "dropout, in inference: the identity (MindSpore Dropout)";
  let description = [{
    Graphs compiled for inference keep no randomness: the op returns `x`
    unchanged and folds away. `keep_prob` (in (0, 1]) is MindSpore's
    attribute, kept so that a MindIR file written by MindSpore imports and
    exports unchanged; MindSpore's second output (the mask) is not modelled.
  }];
  let arguments = (ins MindSpore_FloatTensor:$x,
                       DefaultValuedAttr<F32Attr, "0.5">:$keep_prob);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // ASCEND_DIALECT_MINDSPORE_CREATION_OPS
