//===- Passes.td - mindspore dialect passes ----------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_PASSES
#define ASCEND_DIALECT_MINDSPORE_PASSES

include "mlir/Pass/PassBase.td"

def AscendMindSporeFoldTranspose
    : Pass<"ascend-mindspore-fold-transpose", "ModuleOp"> {
  let summary = "Folds 2-D transposes into MatMul's transpose_a/transpose_b";
  let description = [{
    `matmul(x, transpose(w, [1, 0]))` becomes `matmul(x, w) {transpose_b}`
    (likewise for the left operand), so that a PyTorch Linear (`addmm(b, x,
    t(w))`) reaches the Cube as MatMul with transpose_b and the weight keeps
    its recorded layout. Transposes left without users are erased.
  }];
  let dependentDialects = ["::mlir::ascend::mindspore::MindSporeDialect"];
}

#endif // ASCEND_DIALECT_MINDSPORE_PASSES
