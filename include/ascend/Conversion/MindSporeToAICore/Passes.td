//===- Passes.td - mindspore to aicore conversion ----------*- tablegen -*-===//
#ifndef ASCEND_CONVERSION_MINDSPORETOAICORE_PASSES
#define ASCEND_CONVERSION_MINDSPORETOAICORE_PASSES

include "mlir/Pass/PassBase.td"

def ConvertMindSporeToAICorePass
    : Pass<"convert-mindspore-to-aicore", "ModuleOp"> {
  let summary = "Tiles vector fusion groups and MatMul (+ BiasAdd) into aicore kernels";
  let description = [{
    Vector groups. Each `mindspore.fusion "vector"` group, and each
    `"reduction"` group whose reductions (ReduceSum/Max/Mean, Softmax) run
    over the trailing axes, becomes one
    multi-core `aicore.kernel` (named after the group) and an `aicore.launch`
    in its place: CopyIn (MTE2) -> Vector ops (V) -> CopyOut (MTE3) over
    double-buffered tiles of whole rows of a 2-D view of the iteration space
    (flat when only scalars broadcast), split over up to `vectorCores`
    cores with `aicore.block_idx`, partial last tiles through subviews, and
    the tile size chosen by the kernel model among the sizes whose planned
    buffers fit UB (recorded as `aicore.tile`). A group with a primitive,
    broadcast or size the builder cannot express stays at the mindspore
    level with a remark saying why. docs/AICoreKernels.md has the rules.

    Other groups are inlined back to their primitives, then MatMuls are
    tiled as follows.

    Each `mindspore.matmul` on f32, f16 or bf16 becomes an `aicore.kernel`
    and an `aicore.launch` of it in place of the matmul. A `mindspore.bias_add`
    that is the matmul's only user is fused into the same kernel (the launch
    then replaces the bias_add). Other mindspore ops are left as they are.
    Identical matmuls share one kernel.

    Tiling. M, N and K are cut into static tiles `tm`, `tn`, `tk` that divide
    them evenly (any shape works: 1 divides everything). The buffers must fit
    the target table (`chip` option) for the element type: `[tm, tk]` in L0A,
    `[tk, tn]` in L0B, the f32 accumulator `[tm, tn]` in L0C, both operand
    tiles together in L1 and, with a bias, the `[tm, tn]` result tile plus a
    `[1, tn]` bias row in UB. Among the divisor triples that fit, the pass
    takes the one that reads the fewest GM elements
    (`M*K*(N/tn) + K*N*(M/tm)`), then the largest `tk`, then the largest `tn`;
    for a given `(tm, tn)` the largest fitting divisor of K is used. Tiles are
    kept in ND; FRACTAL_NZ padding to 16 is not modelled yet. A matmul for
    which no tiling fits, or whose element type the Cube lacks, stays at the
    mindspore level with a remark.

    Kernel. Loops `scf.for` over M and N tiles (omitted when a dimension is a
    single tile); the first K tile is peeled so that its `aicore.mmad` starts
    the accumulator and the `scf.for` over the other K tiles accumulates. Per
    K tile: GM -> L1 (MTE2) of both operands through `memref.subview`, L1 ->
    L0A / L0B (MTE1), mmad (M). Per output tile: L0C -> GM (FIX) or, with a
    bias, L0C -> UB (FIX), `aicore.vadd` of the `[1, tn]` bias row (V) and
    UB -> GM (MTE3). Every producer/consumer pair on two pipes is ordered
    by `set_flag` / `wait_flag` (event 0); buffers reused across iterations
    are guarded by reverse flags set once before the loops and waited once
    after them. Single buffering, `block_dim = 1`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::ascend::aicore::AICoreDialect",
  ];
  let options = [
    Option<"chip", "chip", "std::string", "\"Ascend910B2\"",
           "row of the aicore target table to tile for">,
  ];
}

#endif // ASCEND_CONVERSION_MINDSPORETOAICORE_PASSES
