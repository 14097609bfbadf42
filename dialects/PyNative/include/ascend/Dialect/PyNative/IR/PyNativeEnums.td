//===- PyNativeEnums.td - pynative enums -------------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_PYNATIVE_ENUMS
#define ASCEND_DIALECT_PYNATIVE_ENUMS

include "mlir/IR/EnumAttr.td"

def PyNative_BranchKind : I32EnumAttr<"BranchKind",
    "how Python used the bool of a tensor (from the bytecode at the call site)", [
      I32EnumAttrCase<"unknown", 0>,
      I32EnumAttrCase<"if_", 1, "if">,
      I32EnumAttrCase<"loop_backedge", 2>,
      I32EnumAttrCase<"library", 3>]> {
  let cppNamespace = "::mlir::ascend::pynative";
}

#endif // ASCEND_DIALECT_PYNATIVE_ENUMS
