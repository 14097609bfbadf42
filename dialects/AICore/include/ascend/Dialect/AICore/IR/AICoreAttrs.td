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

def AICore_CubeTilingAttr : AttrDef<AICore_Dialect, "CubeTiling"> {
  let mnemonic = "cube_tiling";
  let summary = "schedule of a Cube (matmul, BatchMatMul, convolution) kernel";
  let description = [{
    The tiling a Cube kernel was built with (MatMulTiling,
    `include/ascend/Kernels/AICore/Tiling.h`; docs/AICoreKernels.md, "The
    schedule"): output tiles `[tm, tn]` in L0C and K slices `tk` in L0A/L0B
    (elements, positive multiples of the 16-element Cube fractal),
    `k_stages` slices per L1 stage, a ring of `l1_buffers` (2, 4 or 8) L1
    stage buffers per operand, `l0c_buffers` (1 or 2) accumulators. A
    split-K kernel cuts the K of its last `split_tiles` tiles into
    `split_k` parts (1 and 0: no split); a K-chunked one loads A in chunks of
    `k_chunk` elements of K (a multiple of `k_stages * tk`; 0: none; never
    with a split). `modeled_cycles` is the tiler's analytic figure for the
    busiest block (cycles, 0: not modeled). Parameters at their defaults are
    not printed:

    ```mlir
    #aicore.cube_tiling<tm = 128, tn = 128, tk = 64, k_stages = 2,
                        l1_buffers = 4, l0c_buffers = 2, k_chunk = 512,
                        modeled_cycles = 707803>
    ```
  }];
  let parameters = (ins
    "int64_t":$tm, "int64_t":$tn, "int64_t":$tk, "int64_t":$k_stages,
    "int64_t":$l1_buffers, "int64_t":$l0c_buffers,
    DefaultValuedParameter<"int64_t", "1">:$split_k,
    DefaultValuedParameter<"int64_t", "0">:$split_tiles,
    DefaultValuedParameter<"int64_t", "0">:$k_chunk,
    DefaultValuedParameter<"int64_t", "0">:$modeled_cycles);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // ASCEND_DIALECT_AICORE_ATTRS
