//===- AICoreEnums.td - address spaces and pipes -----------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_ENUMS
#define ASCEND_DIALECT_AICORE_ENUMS

include "mlir/IR/EnumAttr.td"

def AICore_AddressSpace : I32EnumAttr<"AddressSpace",
    "a memory of the AI Core (GM is the device's HBM)", [
      I32EnumAttrCase<"GM", 0, "gm">,
      I32EnumAttrCase<"L1", 1, "l1">,
      I32EnumAttrCase<"L0A", 2, "l0a">,
      I32EnumAttrCase<"L0B", 3, "l0b">,
      I32EnumAttrCase<"L0C", 4, "l0c">,
      I32EnumAttrCase<"UB", 5, "ub">,
      I32EnumAttrCase<"BT", 6, "bt">
    ]> {
  let cppNamespace = "::mlir::ascend::aicore";
  let genSpecializedAttr = 0;
}

// Used directly as an op attribute, so that ops print the bare keyword
// (`aicore.set_flag mte2 -> mte1, 0`).
def AICore_PipeAttr : I32EnumAttr<"Pipe",
    "an in-order instruction queue of the AI Core", [
      I32EnumAttrCase<"S", 0, "s">,
      I32EnumAttrCase<"V", 1, "v">,
      I32EnumAttrCase<"M", 2, "m">,
      I32EnumAttrCase<"MTE1", 3, "mte1">,
      I32EnumAttrCase<"MTE2", 4, "mte2">,
      I32EnumAttrCase<"MTE3", 5, "mte3">,
      I32EnumAttrCase<"FIX", 6, "fix">
    ]> {
  let cppNamespace = "::mlir::ascend::aicore";
}

// The two kinds of core of a separated (A2/A3) AI Core: one Cube core (AIC)
// and two Vector cores (AIV) per block of a MIX kernel.
def AICore_CoreTypeAttr : I32EnumAttr<"CoreType",
    "a core of a separated AI Core (Cube: AIC, Vector: AIV)", [
      I32EnumAttrCase<"AIC", 0, "aic">,
      I32EnumAttrCase<"AIV", 1, "aiv">
    ]> {
  let cppNamespace = "::mlir::ascend::aicore";
}

#endif // ASCEND_DIALECT_AICORE_ENUMS
