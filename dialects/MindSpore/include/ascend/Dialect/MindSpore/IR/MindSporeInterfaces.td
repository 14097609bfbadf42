//===- MindSporeInterfaces.td - mindspore op interfaces ----*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_INTERFACES
#define ASCEND_DIALECT_MINDSPORE_INTERFACES

include "mlir/IR/OpBase.td"

def MindSpore_PrimitiveOpInterface : OpInterface<"PrimitiveOpInterface"> {
  let cppNamespace = "::mlir::ascend::mindspore";
  let description = [{
    An op that is one MindSpore primitive application. The primitive name is
    the one MindSpore registers (mindspore/ops/op_def/yaml/<name>_op.yaml, field
    class name), e.g. `Conv2D`, `MatMul`; MindIR stores it as the
    PrimitiveProto op_type.
  }];
  let methods = [
    StaticInterfaceMethod<"MindSpore primitive name, e.g. \"Conv2D\".",
      "::llvm::StringRef", "getPrimitiveName">,
  ];
}

#endif // ASCEND_DIALECT_MINDSPORE_INTERFACES
