//===- MindSporeMathOps.td - elementwise, matmul, shape ops -*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_MATH_OPS
#define ASCEND_DIALECT_MINDSPORE_MATH_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"

def MindSpore_AddOp : MindSpore_BroadcastBinaryOp<"add", "Add"> {
  let summary = "elementwise sum with broadcasting (MindSpore Add)";
  let hasFolder = 1;
}
def MindSpore_SubOp : MindSpore_BroadcastBinaryOp<"sub", "Sub"> {
  let summary = "elementwise difference with broadcasting (MindSpore Sub)";
  let hasFolder = 1;
}
def MindSpore_MulOp : MindSpore_BroadcastBinaryOp<"mul", "Mul"> {
  let summary = "elementwise product with broadcasting (MindSpore Mul)";
  let hasFolder = 1;
}
def MindSpore_RealDivOp : MindSpore_BroadcastBinaryOp<"real_div", "RealDiv"> {
  let summary = "elementwise float quotient with broadcasting (MindSpore RealDiv)";
  let hasFolder = 1;
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

def MindSpore_BatchMatMulOp : MindSpore_PrimOp<"batch_matmul", "BatchMatMul",
    [SameOperandsElementType]> {
  let summary = "batched matrix product (MindSpore BatchMatMul)";
  let description = [{
    `result[..., M, N] = op(x)[..., M, K] * op(y)[..., K, N]` over leading
    batch dimensions, where `op` swaps the last two dimensions when
    `transpose_a` / `transpose_b` is set. Both operands have the same rank
    (>= 3), the same batch dimensions and the same float element type; the
    contracted sizes must agree. (PyTorch `bmm`; MindSpore's primitive
    `BatchMatMul`, attributes `transpose_a`, `transpose_b`.)
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
    Folds: a reshape to the input's own type is the input; a reshape of a
    reshape reads the inner input; a reshape of a dense constant is a constant.
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$shape);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $shape attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def MindSpore_TransposeOp : MindSpore_PrimOp<"transpose", "Transpose"> {
  let summary = "permutes dimensions (MindSpore Transpose)";
  let description = [{
    `result.shape[i] = input.shape[perm[i]]`; `perm` is a permutation of
    `0 .. rank-1`. Folds: the identity permutation is the input; a transpose
    of a transpose is one transpose by the composed permutation.
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$perm);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $perm attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def MindSpore_ReduceAllOp : MindSpore_PrimOp<"reduce_all", "ReduceAll"> {
  let summary = "logical AND over all elements to a 0-d boolean (MindSpore ReduceAll)";
  let arguments = (ins MindSpore_Tensor:$input);
  let results = (outs TensorOf<[I1]>:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_ReduceSumOp : MindSpore_ReduceOp<"reduce_sum", "ReduceSum"> {
  let summary = "sum over the listed axes (MindSpore ReduceSum)";
  let description = [{
    Sums `input` over `axis` (all axes when empty); reduced dimensions are
    kept as 1 when `keep_dims`, removed otherwise.
  }];
}

def MindSpore_ReduceMeanOp : MindSpore_ReduceOp<"reduce_mean", "ReduceMean"> {
  let summary = "mean over the listed axes (MindSpore ReduceMean)";
  let description = [{
    Averages `input` over `axis` (all axes when empty); shapes as ReduceSum.
  }];
}

def MindSpore_ReduceMaxOp : MindSpore_ReduceOp<"reduce_max", "ReduceMax"> {
  let summary = "maximum over the listed axes (MindSpore ReduceMax)";
  let description = [{
    Maximum of `input` over `axis` (all axes when empty; `torch.max(x)` is
    the empty-axis form with a 0-d result); NaN propagates. Shapes as
    ReduceSum.
  }];
}

def MindSpore_GreaterOp : MindSpore_BroadcastBinaryOp<"greater", "Greater"> {
  let summary = "elementwise lhs > rhs with broadcasting, boolean result (MindSpore Greater)";
}

def MindSpore_EqualOp : MindSpore_CompareOp<"equal", "Equal"> {
  let summary = "elementwise lhs == rhs with broadcasting, boolean result (MindSpore Equal)";
}
def MindSpore_NotEqualOp : MindSpore_CompareOp<"not_equal", "NotEqual"> {
  let summary = "elementwise lhs != rhs with broadcasting, boolean result (MindSpore NotEqual)";
}
def MindSpore_LessOp : MindSpore_CompareOp<"less", "Less"> {
  let summary = "elementwise lhs < rhs with broadcasting, boolean result (MindSpore Less)";
}
def MindSpore_LessEqualOp : MindSpore_CompareOp<"less_equal", "LessEqual"> {
  let summary = "elementwise lhs <= rhs with broadcasting, boolean result (MindSpore LessEqual)";
}
def MindSpore_GreaterEqualOp : MindSpore_CompareOp<"greater_equal", "GreaterEqual"> {
  let summary = "elementwise lhs >= rhs with broadcasting, boolean result (MindSpore GreaterEqual)";
}

def MindSpore_LogicalAndOp : MindSpore_LogicalBinaryOp<"logical_and", "LogicalAnd"> {
  let summary = "elementwise boolean AND with broadcasting (MindSpore LogicalAnd)";
}
def MindSpore_LogicalOrOp : MindSpore_LogicalBinaryOp<"logical_or", "LogicalOr"> {
  let summary = "elementwise boolean OR with broadcasting (MindSpore LogicalOr)";
}

def MindSpore_MaximumOp : MindSpore_BroadcastBinaryOp<"maximum", "Maximum"> {
  let summary = "elementwise maximum with broadcasting; NaN propagates (MindSpore Maximum)";
}
def MindSpore_MinimumOp : MindSpore_BroadcastBinaryOp<"minimum", "Minimum"> {
  let summary = "elementwise minimum with broadcasting; NaN propagates (MindSpore Minimum)";
}
def MindSpore_PowOp : MindSpore_PrimOp<"pow", "Pow", [SameOperandsElementType]> {
  let summary = "elementwise lhs ** rhs of float tensors with broadcasting (MindSpore Pow)";
  let arguments = (ins MindSpore_FloatTensor:$lhs, MindSpore_FloatTensor:$rhs);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_NegOp : MindSpore_NumericUnaryOp<"neg", "Neg"> {
  let summary = "elementwise negation (MindSpore Neg)";
}
def MindSpore_AbsOp : MindSpore_NumericUnaryOp<"abs", "Abs"> {
  let summary = "elementwise absolute value (MindSpore Abs)";
}
def MindSpore_ExpOp : MindSpore_UnaryOp<"exp", "Exp"> {
  let summary = "elementwise e^x (MindSpore Exp)";
}
def MindSpore_Expm1Op : MindSpore_UnaryOp<"expm1", "Expm1"> {
  let summary = "elementwise e^x - 1, exact near 0 (MindSpore Expm1)";
}
def MindSpore_LogOp : MindSpore_UnaryOp<"log", "Log"> {
  let summary = "elementwise natural logarithm (MindSpore Log)";
}
def MindSpore_Log1pOp : MindSpore_UnaryOp<"log1p", "Log1p"> {
  let summary = "elementwise ln(1 + x), exact near 0 (MindSpore Log1p)";
}
def MindSpore_SqrtOp : MindSpore_UnaryOp<"sqrt", "Sqrt"> {
  let summary = "elementwise square root (MindSpore Sqrt)";
}
def MindSpore_RsqrtOp : MindSpore_UnaryOp<"rsqrt", "Rsqrt"> {
  let summary = "elementwise 1 / sqrt(x) (MindSpore Rsqrt)";
}
def MindSpore_TanhOp : MindSpore_UnaryOp<"tanh", "Tanh"> {
  let summary = "elementwise hyperbolic tangent (MindSpore Tanh)";
}
def MindSpore_ErfOp : MindSpore_UnaryOp<"erf", "Erf"> {
  let summary = "elementwise Gauss error function (MindSpore Erf)";
}

// Float elementwise math with one libm-like function each (PyTorch's
// asin, acos, ..., erfc, floor, ceil, round, trunc; issue 19). MindSpore's
// Round rounds half to even, as torch.round does.
def MindSpore_AsinOp : MindSpore_UnaryOp<"asin", "Asin"> {
  let summary = "elementwise arcsine (MindSpore Asin)";
}
def MindSpore_ACosOp : MindSpore_UnaryOp<"acos", "ACos"> {
  let summary = "elementwise arccosine (MindSpore ACos)";
}
def MindSpore_AtanOp : MindSpore_UnaryOp<"atan", "Atan"> {
  let summary = "elementwise arctangent (MindSpore Atan)";
}
def MindSpore_AsinhOp : MindSpore_UnaryOp<"asinh", "Asinh"> {
  let summary = "elementwise inverse hyperbolic sine (MindSpore Asinh)";
}
def MindSpore_AcoshOp : MindSpore_UnaryOp<"acosh", "Acosh"> {
  let summary = "elementwise inverse hyperbolic cosine (MindSpore Acosh)";
}
def MindSpore_AtanhOp : MindSpore_UnaryOp<"atanh", "Atanh"> {
  let summary = "elementwise inverse hyperbolic tangent (MindSpore Atanh)";
}
def MindSpore_ErfcOp : MindSpore_UnaryOp<"erfc", "Erfc"> {
  let summary = "elementwise complementary error function 1 - erf(x) (MindSpore Erfc)";
}
def MindSpore_FloorOp : MindSpore_UnaryOp<"floor", "Floor"> {
  let summary = "elementwise largest integer <= x (MindSpore Floor)";
}
def MindSpore_CeilOp : MindSpore_UnaryOp<"ceil", "Ceil"> {
  let summary = "elementwise smallest integer >= x (MindSpore Ceil)";
}
def MindSpore_RoundOp : MindSpore_UnaryOp<"round", "Round"> {
  let summary = "elementwise nearest integer, half to even (MindSpore Round, decimals 0)";
}
def MindSpore_TruncOp : MindSpore_UnaryOp<"trunc", "Trunc"> {
  let summary = "elementwise integer part, rounding toward zero (MindSpore Trunc)";
}
def MindSpore_Atan2Op : MindSpore_PrimOp<"atan2", "Atan2", [SameOperandsElementType]> {
  let summary = "elementwise atan(lhs / rhs) in the quadrant of (rhs, lhs), float "
                "tensors with broadcasting (MindSpore Atan2)";
  let arguments = (ins MindSpore_FloatTensor:$lhs, MindSpore_FloatTensor:$rhs);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

// Division with rounding and the remainders, float or integer tensors with
// broadcasting, as PyTorch computes them: FloorDiv is floor_divide
// (div rounding_mode='floor'), FloorMod is remainder (the sign of the
// divisor), TruncateMod is fmod (the sign of the dividend, C's fmod).
def MindSpore_FloorDivOp : MindSpore_BroadcastBinaryOp<"floor_div", "FloorDiv"> {
  let summary = "elementwise floor(lhs / rhs) (MindSpore FloorDiv)";
}
def MindSpore_FloorModOp : MindSpore_BroadcastBinaryOp<"floor_mod", "FloorMod"> {
  let summary = "elementwise lhs - floor(lhs / rhs) * rhs (MindSpore FloorMod)";
}
def MindSpore_TruncateModOp : MindSpore_BroadcastBinaryOp<"truncate_mod", "TruncateMod"> {
  let summary = "elementwise C fmod(lhs, rhs) (MindSpore TruncateMod)";
}

def MindSpore_SelectOp : MindSpore_PrimOp<"select", "Select"> {
  let summary = "elementwise cond ? x : y with broadcasting (MindSpore Select)";
  let description = [{
    `condition` is a boolean tensor; `x` and `y` have one element type, which
    is the result's. The three shapes broadcast together (NumPy rules) to the
    result shape. `torch.where(c, x, y)`.
  }];
  let arguments = (ins TensorOf<[I1]>:$condition, MindSpore_Tensor:$x,
                       MindSpore_Tensor:$y);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $condition `,` $x `,` $y attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_CastOp : MindSpore_PrimOpBase<"cast", "Cast"> {
  let summary = "converts the element type (MindSpore Cast)";
  let description = [{
    Same shape, the result's element type. Float to integer truncates toward
    zero, a bool is 0 or 1, anything to bool is `!= 0` (PyTorch's rules).
    MindIR passes the destination type as the `dst_type` input.
  }];
  let arguments = (ins MindSpore_Tensor:$input);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

#endif // ASCEND_DIALECT_MINDSPORE_MATH_OPS
