//===- AICoreComputeOps.td - Cube and Vector ops -----------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_COMPUTE_OPS
#define ASCEND_DIALECT_AICORE_COMPUTE_OPS

include "ascend/Dialect/AICore/IR/AICoreDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AICore_MmadOp : AICore_Op<"mmad"> {
  let summary = "Cube matrix multiply-accumulate (pipe M)";
  let description = [{
    `c = (accumulate ? c : 0) + op(a) * op(b)` with `a` in L0A, `b` in L0B and
    `c` in L0C. `a` is `[M, K]` (`[K, M]` with `transpose_a`), `b` is `[K, N]`
    (`[N, K]` with `transpose_b`, the layout of a Linear weight), `c` is
    `[M, N]`. `a` and `b` have the same element type: f16, bf16 or f32
    accumulate into an f32 `c`, i8 into i32.

    With `bias` (a `[1, N']` f32 row in BT, the bias table, N' >= N; only
    when the mmad starts the accumulator, without `accumulate`), the
    accumulator starts from the bias broadcast over the rows instead of 0:
    `c = bias[0, :N] + op(a) * op(b)`. The bias table holds 1 KiB
    (AICoreTarget.h); the row is loaded L1 -> BT on MTE1.

    ```mlir
    aicore.mmad %a, %b, %c {accumulate, transpose_b}
        : memref<16x64xf16, #aicore.space<l0a>>,
          memref<32x64xf16, #aicore.space<l0b>>,
          memref<16x32xf32, #aicore.space<l0c>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$a,
                       Arg<AnyStaticShapeMemRef, "", [MemRead]>:$b,
                       Arg<AnyStaticShapeMemRef, "", [MemRead, MemWrite]>:$c,
                       Arg<Optional<AnyStaticShapeMemRef>, "", [MemRead]>:$bias,
                       UnitAttr:$accumulate, UnitAttr:$transpose_a,
                       UnitAttr:$transpose_b);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`bias` $bias^)? attr-dict `:` type($a) `,` type($b) `,`
    type($c) (`,` type($bias)^)?
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$a, "::mlir::Value":$b,
      "::mlir::Value":$c, "bool":$accumulate, "bool":$transposeA,
      "bool":$transposeB), [{
    build($_builder, $_state, a, b, c, /*bias=*/::mlir::Value(), accumulate,
          transposeA, transposeB);
  }]>];
  let hasVerifier = 1;
}

def AICore_VAddOp : AICore_Op<"vadd"> {
  let summary = "Vector elementwise sum on UB tiles (pipe V)";
  let description = [{
    `dst = lhs + rhs` on buffers in UB with one element type. `lhs` and `dst`
    have the same shape; `rhs` has that shape too, or is a single row
    `[1, N]` of a 2-D `[M, N]` `lhs`, which is then added to every row (a
    bias). `dst` may be `lhs` (in place). This is a tile-level op: the code
    emitter splits it into instructions of at most 255 repeats of 256 B.

    ```mlir
    aicore.vadd %acc, %bias, %acc : memref<16x64xf32, #aicore.space<ub>>,
        memref<1x64xf32, #aicore.space<ub>>, memref<16x64xf32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$lhs,
                       Arg<AnyStaticShapeMemRef, "", [MemRead]>:$rhs,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $dst attr-dict `:` type($lhs) `,` type($rhs) `,` type($dst)
  }];
  let hasVerifier = 1;
}

#endif // ASCEND_DIALECT_AICORE_COMPUTE_OPS
