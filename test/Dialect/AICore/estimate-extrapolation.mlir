// Loop and block extrapolation of the kernel model (docs/AICoreKernels.md,
// "Loop extrapolation"): the figures equal those of the full simulation
// (--ascend-aicore-full-simulation), which runs every iteration of every
// block; the remarks say how many operations (what max-instructions
// counts) ran one by one and how many were applied by the extrapolation.
// RUN: ascend-opt %s --ascend-aicore-estimate=simulation-remarks --mlir-print-op-on-diagnostic=false 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=FAST < %t.remarks
// RUN: ascend-opt %s --ascend-aicore-estimate=simulation-remarks --ascend-aicore-full-simulation --mlir-print-op-on-diagnostic=false 2>%t.full | FileCheck %s
// RUN: FileCheck %s --check-prefix=FULL < %t.full
//
// The test inputs, the examples and the bench shapes in both modes:
// bench/kernel_model_extrapolation.py (estimate-extrapolation.test runs the
// test inputs).

// A Vector pipeline over 50 rows of 1024 f16 (2 KiB), the last row an edge
// tile of 512 elements (an scf.if on the row index). Per full row MTE2
// loads 57 + 2048 / 32 = 121 cycles, V scales in one instruction of 8
// repeats, 14 + 19 + 8 = 41 (AICoreVectorCosts), MTE3 writes
// 57 + ceil(2048 / 77) = 84; the load of row i + 1 waits for the scale of
// row i (one input buffer), so rows follow every 121 + 41 = 162 cycles.
// The edge row: 57 + 32 = 89, 14 + 19 + 4 = 37, 57 + 14 = 71. Rows 0-48
// start at 162 i; the edge row loads at 7938, scales at 8027 and writes
// until 8135 = 49 x 162 + 197. Busy: MTE2 49 x 121 + 89, V 49 x 41 + 37,
// MTE3 49 x 84 + 71. The model runs rows 0-3 (row 0 starts from idle pipes;
// from row 1 on the times repeat 162 cycles apart, from row 2 on the vector
// clocks too), applies rows 4-47, runs row 48 (the last of the run of full
// rows) and the edge row. Operations counted as max-instructions counts
// them: 16 per full row (the 11 instructions, the cmpi, two subviews, two
// yields), 18 for the edge row, 11 outside the loop: 4 x 16 + 16 + 18 + 11
// run, 44 x 16 applied.
// CHECK-LABEL: aicore.kernel @edge_tile(
// CHECK-SAME: aicore.estimate = {cycles = 8135 : i64, {{.*}} mte2 = 6018 : i64, mte3 = 4187 : i64, {{.*}}v = 2046 : i64}
// FAST: estimate-extrapolation.mlir:[[@LINE+3]]:1: remark: kernel model: 109 instructions simulated, 704 extrapolated; 1 blocks simulated, 0 shared
// FULL: estimate-extrapolation.mlir:[[@LINE+2]]:1: remark: kernel model: 813 instructions simulated, 0 extrapolated; 1 blocks simulated, 0 shared

aicore.kernel @edge_tile(%x: memref<50x1024xf16, #aicore.space<gm>>,
                        %y: memref<50x1024xf16, #aicore.space<gm>>) {
  %c0 = arith.constant 0 : index
  %c49 = arith.constant 49 : index
  %c50 = arith.constant 50 : index
  %step = arith.constant 1 : index
  %ub_in = aicore.alloc : memref<1x1024xf16, #aicore.space<ub>>
  %ub_out = aicore.alloc : memref<1x1024xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte2, 0
  aicore.set_flag mte3 -> v, 0
  scf.for %i = %c0 to %c50 step %step {
    %edge = arith.cmpi eq, %i, %c49 : index
    scf.if %edge {
      %src = memref.subview %ub_in[0, 0] [1, 512] [1, 1] : memref<1x1024xf16, #aicore.space<ub>> to memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>
      %dst = memref.subview %ub_out[0, 0] [1, 512] [1, 1] : memref<1x1024xf16, #aicore.space<ub>> to memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>
      %tile_in = memref.subview %x[%i, 0] [1, 512] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x512xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      %tile_out = memref.subview %y[%i, 0] [1, 512] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x512xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      aicore.wait_flag v -> mte2, 0
      aicore.copy %tile_in, %src : memref<1x512xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>> to memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>
      aicore.set_flag mte2 -> v, 0
      aicore.wait_flag mte2 -> v, 0
      aicore.wait_flag mte3 -> v, 0
      aicore.vmuls %src, %dst, 2.0 : f16 : memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>, memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>
      aicore.set_flag v -> mte2, 0
      aicore.set_flag v -> mte3, 0
      aicore.wait_flag v -> mte3, 0
      aicore.copy %dst, %tile_out : memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>> to memref<1x512xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      aicore.set_flag mte3 -> v, 0
    } else {
      %tile_in = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      %tile_out = memref.subview %y[%i, 0] [1, 1024] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      aicore.wait_flag v -> mte2, 0
      aicore.copy %tile_in, %ub_in : memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>> to memref<1x1024xf16, #aicore.space<ub>>
      aicore.set_flag mte2 -> v, 0
      aicore.wait_flag mte2 -> v, 0
      aicore.wait_flag mte3 -> v, 0
      aicore.vmuls %ub_in, %ub_out, 2.0 : f16 : memref<1x1024xf16, #aicore.space<ub>>, memref<1x1024xf16, #aicore.space<ub>>
      aicore.set_flag v -> mte2, 0
      aicore.set_flag v -> mte3, 0
      aicore.wait_flag v -> mte3, 0
      aicore.copy %ub_out, %tile_out : memref<1x1024xf16, #aicore.space<ub>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      aicore.set_flag mte3 -> v, 0
    }
  }
  aicore.wait_flag v -> mte2, 0
  aicore.wait_flag mte3 -> v, 0
  aicore.return
}

// The same over 3 blocks, block b taking rows b, b + 3, ...: blocks 0 and
// 2 have 17 and 16 full rows, block 1 16 full rows and the edge row. The
// loop's lower bound comes from aicore.block_idx and the scf.if inside
// reads the row index, so the blocks' control values differ: all three are
// simulated. Block 0 is the busiest: 17 rows, the last written at
// 16 x 162 + 162 + 84 = 2838.
// CHECK-LABEL: aicore.kernel @edge_tile_blocks(
// CHECK-SAME: aicore.estimate = {cycles = 2838 : i64, {{.*}} mte2 = 2057 : i64, mte3 = 1428 : i64, {{.*}}v = 697 : i64}
// FAST: estimate-extrapolation.mlir:[[@LINE+3]]:1: remark: kernel model: 291 instructions simulated, 544 extrapolated; 3 blocks simulated, 0 shared
// FULL: estimate-extrapolation.mlir:[[@LINE+2]]:1: remark: kernel model: 835 instructions simulated, 0 extrapolated; 3 blocks simulated, 0 shared

aicore.kernel @edge_tile_blocks(%x: memref<50x1024xf16, #aicore.space<gm>>,
                        %y: memref<50x1024xf16, #aicore.space<gm>>) attributes {block_dim = 3 : i64} {
  %c0 = arith.constant 0 : index
  %c49 = arith.constant 49 : index
  %c50 = arith.constant 50 : index
  %step = arith.constant 3 : index
  %ub_in = aicore.alloc : memref<1x1024xf16, #aicore.space<ub>>
  %ub_out = aicore.alloc : memref<1x1024xf16, #aicore.space<ub>>
  %b = aicore.block_idx
  aicore.set_flag v -> mte2, 0
  aicore.set_flag mte3 -> v, 0
  scf.for %i = %b to %c50 step %step {
    %edge = arith.cmpi eq, %i, %c49 : index
    scf.if %edge {
      %src = memref.subview %ub_in[0, 0] [1, 512] [1, 1] : memref<1x1024xf16, #aicore.space<ub>> to memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>
      %dst = memref.subview %ub_out[0, 0] [1, 512] [1, 1] : memref<1x1024xf16, #aicore.space<ub>> to memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>
      %tile_in = memref.subview %x[%i, 0] [1, 512] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x512xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      %tile_out = memref.subview %y[%i, 0] [1, 512] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x512xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      aicore.wait_flag v -> mte2, 0
      aicore.copy %tile_in, %src : memref<1x512xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>> to memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>
      aicore.set_flag mte2 -> v, 0
      aicore.wait_flag mte2 -> v, 0
      aicore.wait_flag mte3 -> v, 0
      aicore.vmuls %src, %dst, 2.0 : f16 : memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>, memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>>
      aicore.set_flag v -> mte2, 0
      aicore.set_flag v -> mte3, 0
      aicore.wait_flag v -> mte3, 0
      aicore.copy %dst, %tile_out : memref<1x512xf16, strided<[1024, 1]>, #aicore.space<ub>> to memref<1x512xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      aicore.set_flag mte3 -> v, 0
    } else {
      %tile_in = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      %tile_out = memref.subview %y[%i, 0] [1, 1024] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      aicore.wait_flag v -> mte2, 0
      aicore.copy %tile_in, %ub_in : memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>> to memref<1x1024xf16, #aicore.space<ub>>
      aicore.set_flag mte2 -> v, 0
      aicore.wait_flag mte2 -> v, 0
      aicore.wait_flag mte3 -> v, 0
      aicore.vmuls %ub_in, %ub_out, 2.0 : f16 : memref<1x1024xf16, #aicore.space<ub>>, memref<1x1024xf16, #aicore.space<ub>>
      aicore.set_flag v -> mte2, 0
      aicore.set_flag v -> mte3, 0
      aicore.wait_flag v -> mte3, 0
      aicore.copy %ub_out, %tile_out : memref<1x1024xf16, #aicore.space<ub>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
      aicore.set_flag mte3 -> v, 0
    }
  }
  aicore.wait_flag v -> mte2, 0
  aicore.wait_flag mte3 -> v, 0
  aicore.return
}

// Whole rows only, 48 of them over 4 blocks: every block has 12 rows, and
// its loop's trip count (the lower bound from aicore.block_idx feeds
// nothing but offsets) is its only control value, so block 0 is simulated
// and blocks 1-3 take its figures: 11 x 162 + 162 + 84 = 2028 cycles.
// CHECK-LABEL: aicore.kernel @equal_blocks(
// CHECK-SAME: aicore.estimate = {cycles = 2028 : i64, {{.*}} mte2 = 1452 : i64, mte3 = 1008 : i64, {{.*}}v = 492 : i64}
// FAST: estimate-extrapolation.mlir:[[@LINE+3]]:1: remark: kernel model: {{[0-9]+}} instructions simulated, {{[1-9][0-9]*}} extrapolated; 1 blocks simulated, 3 shared
// FULL: estimate-extrapolation.mlir:[[@LINE+2]]:1: remark: kernel model: {{[0-9]+}} instructions simulated, 0 extrapolated; 4 blocks simulated, 0 shared

aicore.kernel @equal_blocks(%x: memref<50x1024xf16, #aicore.space<gm>>,
                            %y: memref<50x1024xf16, #aicore.space<gm>>) attributes {block_dim = 4 : i64} {
  %c48 = arith.constant 48 : index
  %step = arith.constant 4 : index
  %ub_in = aicore.alloc : memref<1x1024xf16, #aicore.space<ub>>
  %ub_out = aicore.alloc : memref<1x1024xf16, #aicore.space<ub>>
  %b = aicore.block_idx
  aicore.set_flag v -> mte2, 0
  aicore.set_flag mte3 -> v, 0
  scf.for %i = %b to %c48 step %step {
    %tile_in = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
    %tile_out = memref.subview %y[%i, 0] [1, 1024] [1, 1] : memref<50x1024xf16, #aicore.space<gm>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
    aicore.wait_flag v -> mte2, 0
    aicore.copy %tile_in, %ub_in : memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>> to memref<1x1024xf16, #aicore.space<ub>>
    aicore.set_flag mte2 -> v, 0
    aicore.wait_flag mte2 -> v, 0
    aicore.wait_flag mte3 -> v, 0
    aicore.vmuls %ub_in, %ub_out, 2.0 : f16 : memref<1x1024xf16, #aicore.space<ub>>, memref<1x1024xf16, #aicore.space<ub>>
    aicore.set_flag v -> mte2, 0
    aicore.set_flag v -> mte3, 0
    aicore.wait_flag v -> mte3, 0
    aicore.copy %ub_out, %tile_out : memref<1x1024xf16, #aicore.space<ub>> to memref<1x1024xf16, strided<[1024, 1], offset: ?>, #aicore.space<gm>>
    aicore.set_flag mte3 -> v, 0
  }
  aicore.wait_flag v -> mte2, 0
  aicore.wait_flag mte3 -> v, 0
  aicore.return
}
