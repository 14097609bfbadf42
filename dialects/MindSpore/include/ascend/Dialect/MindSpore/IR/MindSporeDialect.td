//===- MindSporeDialect.td - GRAPH_MODE dialect definition -*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_DIALECT
#define ASCEND_DIALECT_MINDSPORE_DIALECT

include "mlir/IR/OpBase.td"

def MindSpore_Dialect : Dialect {
  let name = "mindspore";
  let cppNamespace = "::mlir::ascend::mindspore";
  let summary = "MindSpore GRAPH_MODE primitives on tensors";
  let description = [{
    The `mindspore` dialect models a MindSpore GRAPH_MODE program: primitives
    (Conv2D, MatMul, Add, ...) applied to ranked tensors with static shapes,
    `mindspore.cond` regions for recovered Python control flow, and named model
    parameters. Each op knows the MindSpore primitive name it is exported as
    (`PrimitiveOpInterface`). Layouts are MindSpore's defaults: NCHW activations,
    OIHW (`out_channel, in_channel / group, kh, kw`) convolution weights.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  // Folders produce ElementsAttr values, materialized as mindspore.constant.
  let hasConstantMaterializer = 1;
}

class MindSpore_Op<string mnemonic, list<Trait> traits = []>
    : Op<MindSpore_Dialect, mnemonic, traits>;

#endif // ASCEND_DIALECT_MINDSPORE_DIALECT
