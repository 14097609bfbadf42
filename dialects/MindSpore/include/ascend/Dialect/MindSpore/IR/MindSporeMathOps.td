//===- MindSporeMathOps.td - elementwise, matmul, shape ops -*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_MATH_OPS
#define ASCEND_DIALECT_MINDSPORE_MATH_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"

def MindSpore_AddOp : MindSpore_BroadcastBinaryOp<"add", "Add"> {
  let summary = "elementwise sum with broadcasting (MindSpore Add)";
}
def MindSpore_SubOp : MindSpore_BroadcastBinaryOp<"sub", "Sub"> {
  let summary = "elementwise difference with broadcasting (MindSpore Sub)";
}
def MindSpore_MulOp : MindSpore_BroadcastBinaryOp<"mul", "Mul"> {
  let summary = "elementwise product with broadcasting (MindSpore Mul)";
}
def MindSpore_RealDivOp : MindSpore_BroadcastBinaryOp<"real_div", "RealDiv"> {
  let summary = "elementwise float quotient with broadcasting (MindSpore RealDiv)";
}

def MindSpore_ReLUOp : MindSpore_UnaryOp<"relu", "ReLU"> {
  let summary = "max(x, 0) (MindSpore ReLU)";
}
def MindSpore_SinOp : MindSpore_UnaryOp<"sin", "Sin"> {
  let summary = "elementwise sine (MindSpore Sin)";
}
def MindSpore_CosOp : MindSpore_UnaryOp<"cos", "Cos"> {
  let summary = "elementwise cosine (MindSpore Cos)";
}

def MindSpore_LogicalNotOp : MindSpore_PrimOpBase<"logical_not", "LogicalNot",
    [SameOperandsAndResultType]> {
  let summary = "elementwise boolean negation (MindSpore LogicalNot)";
  let arguments = (ins TensorOf<[I1]>:$input);
  let results = (outs TensorOf<[I1]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def MindSpore_MatMulOp : MindSpore_PrimOp<"matmul", "MatMul",
    [SameOperandsElementType]> {
  let summary = "2-D matrix product (MindSpore MatMul)";
  let description = [{
    `result[M, N] = op(x)[M, K] * op(y)[K, N]` where `op` transposes its
    operand when `transpose_a` / `transpose_b` is set (so `y` is `[N, K]` with
    `transpose_b`, the layout of a PyTorch Linear weight). Both operands are
    2-D with the same float element type; the contracted sizes must agree.
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, MindSpore_FloatTensor:$y,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_a,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_b);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_BiasAddOp : MindSpore_PrimOp<"bias_add", "BiasAdd",
    [SameOperandsElementType]> {
  let summary = "adds a 1-D bias along the channel dimension (MindSpore BiasAdd)";
  let description = [{
    `x` has rank >= 2 with channels in dimension 1 (NCHW / NC); `bias` is 1-D
    of that channel size. The result has the type of `x`.
  }];
  let arguments = (ins MindSpore_FloatTensor:$x, MindSpore_FloatTensor:$bias);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = [{
    $x `,` $bias attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_ReshapeOp : MindSpore_PrimOp<"reshape", "Reshape"> {
  let summary = "same elements, new static shape (MindSpore Reshape)";
  let description = [{
    `shape` lists the result's dimensions; at most one may be -1, which is
    inferred from the element count. The element count must be preserved.
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$shape);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $shape attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_TransposeOp : MindSpore_PrimOp<"transpose", "Transpose"> {
  let summary = "permutes dimensions (MindSpore Transpose)";
  let description = [{
    `result.shape[i] = input.shape[perm[i]]`; `perm` is a permutation of
    `0 .. rank-1`.
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$perm);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $perm attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_ReduceAllOp : MindSpore_PrimOp<"reduce_all", "ReduceAll"> {
  let summary = "logical AND over all elements to a 0-d boolean (MindSpore ReduceAll)";
  let arguments = (ins MindSpore_Tensor:$input);
  let results = (outs TensorOf<[I1]>:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_ReduceSumOp : MindSpore_PrimOp<"reduce_sum", "ReduceSum"> {
  let summary = "sum over the listed axes (MindSpore ReduceSum)";
  let description = [{
    Sums `input` over `axis` (all axes when empty); reduced dimensions are
    kept as 1 when `keep_dims`, removed otherwise.
  }];
  let arguments = (ins MindSpore_FloatTensor:$input, DenseI64ArrayAttr:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$keep_dims);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$input `,` $axis attr-dict `:` functional-type(operands, results)";
}

def MindSpore_GreaterOp : MindSpore_BroadcastBinaryOp<"greater", "Greater"> {
  let summary = "elementwise lhs > rhs with broadcasting, boolean result (MindSpore Greater)";
}

#endif // ASCEND_DIALECT_MINDSPORE_MATH_OPS
