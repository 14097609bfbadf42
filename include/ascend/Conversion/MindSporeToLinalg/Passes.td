//===- Passes.td - mindspore to linalg conversion ----------*- tablegen -*-===//
#ifndef ASCEND_CONVERSION_MINDSPORETOLINALG_PASSES
#define ASCEND_CONVERSION_MINDSPORETOLINALG_PASSES

include "mlir/Pass/PassBase.td"

def ConvertMindSporeToLinalgPass
    : Pass<"convert-mindspore-to-linalg", "ModuleOp"> {
  let summary = "Lowers mindspore primitives to linalg, tensor, arith, math, "
                "scf and cf";
  let description = [{
    Rewrites every op of the `mindspore` dialect into upstream dialects on
    tensors, so that the module can be bufferized and lowered to LLVM (this is
    how `ascend-run` executes a GRAPH_MODE module on the CPU):

    - elementwise primitives (Add, Sub, Mul, RealDiv, Greater, ReLU, Sin, Cos,
      LogicalNot, BiasAdd, BatchNorm) become `linalg.generic` with NumPy broadcasting
      expressed in the indexing maps;
    - Conv2D becomes `linalg.conv_2d_nchw_fchw` (`linalg.conv_2d_ngchw_gfchw`
      when `group > 1`) after a `tensor.pad` with zeros; Conv2DTranspose is
      a stride-1 `linalg.conv_2d_nchw_fchw` of the input spread by the stride
      (a strided `tensor.insert_slice` into zeros) and padded by
      `dilation * (K - 1) - pad` (+ output padding), with the kernel flipped
      and its channel dimensions swapped;
    - Argmax is a `linalg.generic` reduction into (value, index) pairs
      (first index on ties, NaN largest);
    - MaxPool pads with -inf (plus the extra bottom/right rows that
      `ceil_mode` needs) and uses `linalg.pooling_nchw_max`; AvgPool pads
      with zeros likewise and is `linalg.pooling_nchw_sum` divided by a
      constant `[OH, OW]` divisor tensor (`divisor_override`, else the
      window sizes, clipped to the padded input with `count_include_pad`);
      AdaptiveAvgPool2D averages PyTorch's windows
      `[floor(i*H/OH), ceil((i+1)*H/OH))` for any sizes;
    - MatMul is `linalg.matmul` on `linalg.transpose`d operands, Softmax
      subtracts the maximum, ReduceSum / ReduceAll are reductions, Reshape is
      a collapse to 1-D then an expand, Transpose is `linalg.transpose`;
    - `mindspore.constant` becomes `arith.constant`, `mindspore.load` the
      constant value of its parameter (`ascend-run` turns loads into function
      arguments before this pass instead), `mindspore.cond` an `scf.if` on the
      extracted predicate and `mindspore.assert` a `cf.assert` with its
      message. Parameters are erased once nothing loads them.

    f16 and bf16 values are computed in f32 and rounded once per primitive
    (as PyTorch's CPU kernels do); results keep the primitive's element type.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // ASCEND_CONVERSION_MINDSPORETOLINALG_PASSES
