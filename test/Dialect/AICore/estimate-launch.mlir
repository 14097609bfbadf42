// RUN: ascend-opt %s --ascend-aicore-estimate | FileCheck %s

// The task around the blocks (AICoreLaunchCosts in AICoreTarget.h): a kernel
// task costs 2000 cycles of launch once, and each round of blocks on the
// cores 200 cycles of block start before its cycles.

// One block: a 64-byte GM read (57 + 2), a one-repeat vadds (one
// instruction: startup 14 + completion 19 + 1 repeat, AICoreVectorCosts),
// a 64-byte GM write (57 + 1): 59 + 34 + 58 = 151 cycles; the task is
// 2000 + 200 + 151 = 2351 cycles = 1.3061 us, near the 1.32 us of the
// smallest measured kernels (a Cast of 5 or 16 elements).
// CHECK-LABEL: aicore.kernel @smallest
// CHECK-SAME: aicore.estimate = {cycles = 151 : i64, {{.*}} task_cycles = 2351 : i64, task_us = 1.3061{{[0-9]*}} : f64, v = 34 : i64}
aicore.kernel @smallest(%x: memref<32xf16, #aicore.space<gm>>,
                        %y: memref<32xf16, #aicore.space<gm>>) {
  %u = aicore.alloc : memref<32xf16, #aicore.space<ub>>
  aicore.copy %x, %u : memref<32xf16, #aicore.space<gm>> to memref<32xf16, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vadds %u, %u, 1.0 : f16 : memref<32xf16, #aicore.space<ub>>, memref<32xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %u, %y : memref<32xf16, #aicore.space<ub>> to memref<32xf16, #aicore.space<gm>>
  aicore.return
}

// The same block body on 96 blocks: two rounds on the 48 Vector cores of a
// 910B2, each started anew. Every block reads the same 64 B, so all but the
// first touch hit L2 and the read is 57 + 1 cycles: a block takes 150, the
// task 2000 + 2 x (200 + 150) = 2700 cycles.
// CHECK-LABEL: aicore.kernel @two_rounds
// CHECK-SAME: aicore.estimate = {cycles = 150 : i64, {{.*}} task_cycles = 2700 : i64
aicore.kernel @two_rounds(%x: memref<32xf16, #aicore.space<gm>>,
                          %y: memref<32xf16, #aicore.space<gm>>) attributes {block_dim = 96 : i64} {
  %u = aicore.alloc : memref<32xf16, #aicore.space<ub>>
  aicore.copy %x, %u : memref<32xf16, #aicore.space<gm>> to memref<32xf16, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vadds %u, %u, 1.0 : f16 : memref<32xf16, #aicore.space<ub>>, memref<32xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %u, %y : memref<32xf16, #aicore.space<ub>> to memref<32xf16, #aicore.space<gm>>
  aicore.return
}

// 48 blocks fill one round: one launch and one block start, 2000 + 200 +
// 150 = 2350 cycles (the reads hit L2 as above).
// CHECK-LABEL: aicore.kernel @one_round
// CHECK-SAME: task_cycles = 2350 : i64
aicore.kernel @one_round(%x: memref<32xf16, #aicore.space<gm>>,
                         %y: memref<32xf16, #aicore.space<gm>>) attributes {block_dim = 48 : i64} {
  %u = aicore.alloc : memref<32xf16, #aicore.space<ub>>
  aicore.copy %x, %u : memref<32xf16, #aicore.space<gm>> to memref<32xf16, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vadds %u, %u, 1.0 : f16 : memref<32xf16, #aicore.space<ub>>, memref<32xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %u, %y : memref<32xf16, #aicore.space<ub>> to memref<32xf16, #aicore.space<gm>>
  aicore.return
}

// Sustained HBM bandwidth (AICoreTarget::sustainedHbmBytesPerSecond,
// 1.1 TB/s): 48 blocks each read their own 32 KiB of x, once (no L2 hits).
// A block alone takes 57 + 32768 / 32 = 1081 cycles at its core's HBM
// share, but the round moves 48 x 32 KiB = 1572864 B through the die's HBM
// at 1.1e12 / 1.8e9 = 611.1 B/cycle: ceil(2573.8) = 2574 cycles (at the
// 1.6 TB/s peak it would be 1770). The task: 2000 + 200 + 2574 = 4774.
// CHECK-LABEL: aicore.kernel @hbm_bound
// CHECK-SAME: aicore.estimate = {cycles = 2574 : i64, {{.*}} mte2 = 1081 : i64, mte3 = 0 : i64, task_cycles = 4774 : i64
aicore.kernel @hbm_bound(%x: memref<48x16384xf16, #aicore.space<gm>>) attributes {block_dim = 48 : i64} {
  %u = aicore.alloc : memref<1x16384xf16, #aicore.space<ub>>
  %b = aicore.block_idx
  %row = memref.subview %x[%b, 0] [1, 16384] [1, 1] : memref<48x16384xf16, #aicore.space<gm>> to memref<1x16384xf16, strided<[16384, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %row, %u : memref<1x16384xf16, strided<[16384, 1], offset: ?>, #aicore.space<gm>> to memref<1x16384xf16, #aicore.space<ub>>
  aicore.return
}

// A small grid does not fill the cores: the same 32 KiB read by one block
// runs at one core's HBM share (32 B/cycle), 57 + 1024 = 1081 cycles for
// 32 KiB (55 GB/s at 1.8 GHz), where 48 blocks moved 48 times the bytes in
// 2574 cycles above; the task is 2000 + 200 + 1081 = 3281 cycles.
// CHECK-LABEL: aicore.kernel @small_grid
// CHECK-SAME: aicore.estimate = {cycles = 1081 : i64, {{.*}} mte2 = 1081 : i64, mte3 = 0 : i64, task_cycles = 3281 : i64
aicore.kernel @small_grid(%x: memref<1x16384xf16, #aicore.space<gm>>) {
  %u = aicore.alloc : memref<1x16384xf16, #aicore.space<ub>>
  aicore.copy %x, %u : memref<1x16384xf16, #aicore.space<gm>> to memref<1x16384xf16, #aicore.space<ub>>
  aicore.return
}
