//===- AICoreMemoryOps.td - buffers and data moves ---------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_MEMORY_OPS
#define ASCEND_DIALECT_AICORE_MEMORY_OPS

include "ascend/Dialect/AICore/IR/AICoreDialect.td"
include "ascend/Dialect/AICore/IR/AICoreEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AICore_AllocOp : AICore_Op<"alloc"> {
  let summary = "a buffer in one on-chip memory";
  let description = [{
    Reserves a statically shaped buffer in L1, L0A, L0B, L0C or UB (the
    memref's memory space; GM buffers are kernel arguments, never allocated
    here). The layout must be the identity. The verifier checks the buffer's
    byte size against the capacity of its memory space in the target table;
    the enclosing `aicore.kernel` checks the sum of its buffers per space.

    ```mlir
    %a = aicore.alloc : memref<64x128xf16, #aicore.space<l0a>>
    ```
  }];
  let results = (outs Res<AnyStaticShapeMemRef, "", [MemAlloc]>:$buffer);
  let assemblyFormat = "attr-dict `:` type($buffer)";
  let extraClassDeclaration = [{
    /// Bytes of the buffer (elements times element bytes).
    int64_t getByteSize();
    AddressSpace getSpace();
  }];
  let hasVerifier = 1;
}

def AICore_CopyOp : AICore_Op<"copy"> {
  let summary = "moves a tile between two memories on the pipe they imply";
  let description = [{
    Copies `source` to `target` (same shape). The pipe is derived from the two
    memory spaces:

    | from | to | pipe |
    |---|---|---|
    | gm | l1, ub | MTE2 |
    | l1 | l0a, l0b, bt | MTE1 |
    | l0c | gm, ub, l1 | FIX |
    | ub | gm | MTE3 |

    Any other pair is rejected. The element types must agree, except that a
    FIX copy out of L0C may convert the f32 accumulator to f16 or bf16 (the
    fixpipe converts on the way out), and an L1 -> BT copy may widen an f16
    or bf16 bias to the f32 of the bias table. `l0c -> ub` exists on AI
    Cores whose Cube and Vector units share a core; on the separated 910B
    the Cube -> Vector hand-off goes through GM (a MIX kernel's workspace,
    see `aicore.on_core`).

    ```mlir
    aicore.copy %g, %l1 : memref<64x64xf16, strided<[512, 1], offset: ?>,
        #aicore.space<gm>> to memref<64x64xf16, #aicore.space<l1>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$source,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `to` type($target)
  }];
  let extraClassDeclaration = [{
    /// The pipe this copy runs on (valid once verified).
    Pipe getPipe();
  }];
  let hasVerifier = 1;
}

#endif // ASCEND_DIALECT_AICORE_MEMORY_OPS
