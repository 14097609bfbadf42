//===- Passes.td - aicore to memref/linalg conversion ------*- tablegen -*-===//
#ifndef ASCEND_CONVERSION_AICORETOMEMREF_PASSES
#define ASCEND_CONVERSION_AICORETOMEMREF_PASSES

include "mlir/Pass/PassBase.td"

def ConvertAICoreToMemRefPass
    : Pass<"convert-aicore-to-memref", "ModuleOp"> {
  let summary = "Lowers aicore kernels to memref/scf/linalg for the CPU";
  let description = [{
    Makes a module at the aicore level runnable on the host (the path
    `ascend-run` takes to check a kernel's numbers):

    - each `aicore.kernel` becomes a `func.func` of the same name; memory
      spaces are dropped from every memref type in its body;
    - `aicore.alloc` becomes `memref.alloca`: on-chip buffers live exactly
      as long as the kernel call (this also leaves no `memref.dealloc` in the
      way of the bufferization deallocation pipeline);
    - `aicore.copy` becomes `memref.copy`, or a `linalg.generic` with
      `arith.truncf` when a FIX copy converts f32 to f16/bf16;
    - `aicore.mmad` becomes `linalg.matmul` (with transposed indexing maps for
      `transpose_a` / `transpose_b`), preceded by a `linalg.fill` with zero
      unless `accumulate`;
    - `aicore.vadd` becomes a `linalg.generic` add (a `[1, N]` rhs is
      collapsed to `[N]` and broadcast over the rows);
    - the Vector ops (`aicore.vsub`, `vexp`, `vmuls`, `vbroadcast`, `vcast`,
      `vselect`, `vreduce`, ...) become one `linalg.generic` each (`vdup` a
      `linalg.fill`), f16 / bf16 arithmetic computed in f32 and rounded once;
    - a kernel with `block_dim` B > 1 (or using `aicore.block_idx`) runs
      its blocks one after another: its body, except the on-chip buffers,
      becomes an `scf.for` over `[0, B)` whose induction variable replaces
      `aicore.block_idx` (blocks write disjoint output tiles, so the order
      does not matter); the loop carries the unit attribute
      `aicore.block_loop` (an `aiv` part's loop over the block's vector
      cores, whose induction variable replaces `aicore.subblock_idx`,
      carries `aicore.subblock_loop`), which `ascend-run --check-bounds`
      reads to name the block of a failed check;
    - `aicore.set_flag` / `aicore.wait_flag` are erased (the host runs the
      kernel in program order, which every flag schedule allows);
    - `aicore.launch` becomes a `func.call` on `bufferization.to_buffer` of
      its inputs and fresh `memref.alloc` outputs, read back with
      `bufferization.to_tensor restrict writable`. The outputs are not freed
      here: after one-shot bufferization the buffer deallocation pipeline
      frees them (that is what `ascend-run` does).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

#endif // ASCEND_CONVERSION_AICORETOMEMREF_PASSES
