// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-estimate | FileCheck %s

// The figures bench/cube_utilization.py prints for the fp16 targets, from
// the tiler's analytic model (modeled_cycles) and the kernel model
// (aicore.estimate, the busiest of the 24 blocks).
//
// 4096^3: the K-chunked schedule. 128 x 128 tiles (32 x 32 = 1024
// tiles: 42 or 43 per core, dealt in runs along a row of tiles, so a
// core's tiles share their A rows); K in 8 chunks of 512, each 4 stages of
// two slices of 64 through a ring of 4 L1 buffers for B. Per chunk a core
// loads its A rows [128, 512] once (into one of two L1 buffers of four
// slots, the next chunk's prefetched while this one runs) and streams B
// for its tiles; the first chunk FIX-writes each tile, the others FIX-add
// (no memory-clean task: each tile's chunks are added in order by the one
// FIX pipe of its core). Two L0C buffers let a tile's FIX overlap the next
// tile's mmads. The ideal is 4096^3 / (4096 MAC/cycle * 24) = 699051
// cycles; the busiest block takes 706957 (98.9%), the task 709157 with
// its launch and block start (2200 cycles: 98.6% Cube utilization), with
// the Cube busy 704512 cycles (99.6%; 43 tiles where 42 2/3 would be even),
// GM -> L1 547200 (77.4%) and FIX 249830 (the FIX writes the f16 result,
// half the f32 accumulator's bytes; the FIX-adds of chunks 2-8 also read
// their targets out of L2: docs/AICoreKernels.md "The task around the
// blocks"). The tile-by-tile schedule
// (k-chunk=0) with split-K takes 744052 cycles (94.0%); bench/
// cube_utilization.py prints the alternatives.
// CHECK-LABEL: aicore.kernel @matmul_4096x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 706957 : i64, {{.*}} fix = 249830 : i64, m = 704512 : i64, {{.*}} mte2 = 547200 : i64, {{.*}} task_cycles = 709157 : i64
// CHECK-SAME: aicore.tiling = #aicore.cube_tiling<tm = 128, tn = 128, tk = 64, k_stages = 2, l1_buffers = 4, l0c_buffers = 2, k_chunk = 512, modeled_cycles = 707803>, block_dim = 24 : i64
// CHECK-COUNT-12: aicore.alloc : memref<128x128xf16, #aicore.space<l1>>
func.func @square(%x: tensor<4096x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<4096x4096xf16>, tensor<4096x4096xf16>) -> tensor<4096x4096xf16>
  return %m : tensor<4096x4096xf16>
}

// Decode (M = 16): every weight byte is read once (no L2 hits), so each
// core streams its share at 32 B/cycle, in stages of 8 x 80 rows of K (one
// 220 KiB weight transfer and one 20 KiB activation transfer per stage, 57
// cycles each): 4096 x 4096 x 2 B / 24 cores = 1.4 MB in about 46 K
// cycles of MTE2 (47271). The die's HBM moves the 32 MiB of weights at the
// sustained 1.1 TB/s of reads (611 B/cycle) in 54907 cycles, the
// activations in 214 more and the 128 KiB result at the 0.88 TB/s of
// writes in 268, so the kernel takes 55390 (1.09 TB/s of weights, in the
// measured 1.0-1.1 TB/s; at the 1.6 TB/s peak it was 47463 cycles, 1.27
// TB/s).
// CHECK-LABEL: aicore.kernel @matmul_16x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 55390 : i64, {{.*}} mte2 = 47271 : i64
func.func @decode(%x: tensor<16x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<16x4096xf16>, tensor<4096x4096xf16>) -> tensor<16x4096xf16>
  return %m : tensor<16x4096xf16>
}
