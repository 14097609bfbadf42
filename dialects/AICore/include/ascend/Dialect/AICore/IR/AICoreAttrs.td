//===- AICoreAttrs.td - aicore attributes ------------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_ATTRS
#define ASCEND_DIALECT_AICORE_ATTRS

include "ascend/Dialect/AICore/IR/AICoreDialect.td"
include "ascend/Dialect/AICore/IR/AICoreEnums.td"
include "mlir/IR/AttrTypeBase.td"

def AICore_AddressSpaceAttr
    : EnumAttr<AICore_Dialect, AICore_AddressSpace, "space"> {
  let summary = "memory space of an AI Core buffer";
  let description = [{
    Used as the memory space of a memref:
    `memref<64x64xf16, #aicore.space<l0a>>`. `gm` is global memory (HBM);
    the others are the on-chip buffers of one AI Core.
  }];
  let assemblyFormat = "`<` $value `>`";
}

#endif // ASCEND_DIALECT_AICORE_ATTRS
