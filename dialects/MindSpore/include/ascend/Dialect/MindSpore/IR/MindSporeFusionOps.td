//===- MindSporeFusionOps.td - fusion groups ---------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_FUSION_OPS
#define ASCEND_DIALECT_MINDSPORE_FUSION_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"

def MindSpore_FusionOp : MindSpore_Op<"fusion", [
    IsolatedFromAbove, Pure,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "a group of primitives that runs as one AI Core kernel";
  let description = [{
    The ops of `body` run as one kernel: values passed between them stay on
    chip (UB, L0C) instead of making a round trip through device memory (GM).
    `inputs` are the tensors the kernel reads from GM, bound in order to the
    body's block arguments (same types); the body yields the kernel's
    results, which it writes to GM. Formed by `ascend-mindspore-fuse`; MindIR
    writes a group as a `GraphKernel_<name>` primitive whose `func_graph`
    holds the body (MindSpore's graph-kernel fusion form).

    `kind` says which units the kernel uses:
    - `"vector"`: elementwise and broadcast primitives on the Vector unit,
      row gathers (Gather: `vgather` on a table in UB), and data movement the
      copy engines do on the way (Transpose, StridedSlice, Split, Reshape,
      TransData);
    - `"reduction"`: Vector work including at least one reduction
      (ReduceSum/Mean/Max, Softmax, LayerNorm, ...);
    - `"mix"`: exactly one Cube primitive (MatMul, BatchMatMul, Conv2D,
      Conv2DTranspose), the Vector work that prepares its operands (a
      prologue: scaling, a transpose) and its Vector epilogue (bias,
      activation, residual add, cast, and reductions along the last axis:
      Softmax, LogSoftmax, LayerNorm, ReduceSum/Mean/Max of each row): a
      MIX_AIC kernel whose Cube operands and result pass between the units
      without a GM round trip.
    `kernel_name` names the kernel in reports and MindIR (e.g.
    `Fused_MatMul_BiasAdd_ReLU_0`).

    The body holds only pure mindspore primitives (no `load`, `assert`,
    `cond`, `while`, `custom` or nested `fusion`); constants may be cloned in.

    ```mlir
    %r = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_0" (%x, %w, %b)
        : (tensor<8x32xf32>, tensor<16x32xf32>, tensor<16xf32>) -> tensor<8x16xf32> {
    ^bb0(%a: tensor<8x32xf32>, %c: tensor<16x32xf32>, %d: tensor<16xf32>):
      %m = mindspore.matmul %a, %c {transpose_b = true} : ...
      %y = mindspore.bias_add %m, %d : ...
      mindspore.yield %y : tensor<8x16xf32>
    }
    ```
  }];
  let arguments = (ins StrAttr:$kind, StrAttr:$kernel_name,
                       Variadic<AnyRankedTensor>:$inputs);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kind $kernel_name `(` $inputs `)` attr-dict `:` functional-type($inputs, $results) $body
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The unit class of `op` for fusion: "cube", "reduction", "vector" or ""
    /// (an op that never joins a fusion group).
    static ::llvm::StringRef classify(::mlir::Operation *op);
    /// Whether `op` reduces along the last axis only, one result per row
    /// (Softmax / LogSoftmax over the last axis, LayerNorm normalizing the
    /// last axis with parameters along it, ReduceSum / ReduceMean /
    /// ReduceMax over the last axis of a value of rank 2 or more): the
    /// reductions a "mix" group may hold.
    static bool isLastAxisReduction(::mlir::Operation *op);
    /// Replaces the group with its body (the plain primitives), in place
    /// (the ops move, nothing is copied). A device-format round trip at its
    /// boundary (a TransData into a format outside, its inverse inside, or
    /// the other way round for a result) folds away.
    void inlineBody();
    /// Inlines every fusion group nested in `root`.
    static void inlineAll(::mlir::Operation *root);
  }];
}

#endif // ASCEND_DIALECT_MINDSPORE_FUSION_OPS
