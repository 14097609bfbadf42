// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-estimate | FileCheck %s

// The figures bench/cube_utilization.py prints for the fp16 targets, from
// the tiler's analytic model (modeled_cycles) and the kernel model
// (aicore.estimate, the busiest of the 24 blocks).
//
// 4096^3: 128 x 208 tiles (32 x 20 = 640 tiles, the last column of 144;
// 27 on the busiest block), K in stages of 8 slices of 32 (256 elements:
// GM transfers of 64 and 104 KiB, so the 57-cycle cost of each transfer is
// small) through two L1 buffers. The ideal is 4096^3 / (4096 MAC/cycle * 24)
// = 699051 cycles; the busiest block takes 767627: 91.1% Cube
// utilization, with the GM -> L1 pipe busy 739440 cycles (96.3%) and the
// Cube 710656 (92.6%).
// CHECK-LABEL: aicore.kernel @matmul_4096x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 767627 : i64, {{.*}} m = 710656 : i64, {{.*}} mte2 = 739440 : i64
// CHECK-SAME: aicore.tiling = {k_stages = 8 : i64, l0c_buffers = 1 : i64, l1_buffers = 2 : i64, modeled_cycles = 754127 : i64, tk = 32 : i64, tm = 128 : i64, tn = 208 : i64}, block_dim = 24 : i64
func.func @square(%x: tensor<4096x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<4096x4096xf16>, tensor<4096x4096xf16>) -> tensor<4096x4096xf16>
  return %m : tensor<4096x4096xf16>
}

// Decode (M = 16): every weight byte is read once (no L2 hits), so each
// core streams its share at 32 B/cycle, in stages of 8 x 80 rows of K (one
// 220 KiB weight transfer and one 20 KiB activation transfer per stage, 57
// cycles each): 4096 x 4096 x 2 B / 24 cores = 1.4 MB in about 46 K
// cycles; MTE2 is busy 99.1% of the 47463 cycles (1.27 TB/s of weights at
// 1.8 GHz).
// CHECK-LABEL: aicore.kernel @matmul_16x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 47463 : i64, {{.*}} mte2 = 47013 : i64
func.func @decode(%x: tensor<16x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<16x4096xf16>, tensor<4096x4096xf16>) -> tensor<16x4096xf16>
  return %m : tensor<16x4096xf16>
}
