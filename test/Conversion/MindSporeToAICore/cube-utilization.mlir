// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-estimate | FileCheck %s

// The figures bench/cube_utilization.py prints for the fp16 targets, from
// the tiler's analytic model (modeled_cycles) and the kernel model
// (aicore.estimate, the busiest of the 24 blocks).
//
// 4096^3: 112 x 256 tiles (37 x 16 = 592 tiles, the last row of 64; 25 on
// the busiest block), K in stages of 8 slices of 32 (256 elements: GM
// transfers of 56 and 128 KiB, so the 57-cycle cost of each transfer is
// small) through two L1 buffers. The ideal is 4096^3 / (4096 MAC/cycle * 24)
// = 699051 cycles; the busiest block takes 772419: 90.5% Cube
// utilization, with the GM -> L1 pipe busy 745920 cycles (96.6%) and the
// Cube 704512 (91.2%).
// CHECK-LABEL: aicore.kernel @matmul_4096x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 772419 : i64, {{.*}} m = 704512 : i64, {{.*}} mte2 = 745920 : i64
// CHECK-SAME: aicore.tiling = {k_stages = 8 : i64, l0c_buffers = 1 : i64, l1_buffers = 2 : i64, modeled_cycles = 755027 : i64, tk = 32 : i64, tm = 112 : i64, tn = 256 : i64}, block_dim = 24 : i64
func.func @square(%x: tensor<4096x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<4096x4096xf16>, tensor<4096x4096xf16>) -> tensor<4096x4096xf16>
  return %m : tensor<4096x4096xf16>
}

// Decode (M = 16): every weight byte is read once (no L2 hits), so each
// core streams its share at 32 B/cycle, in stages of 4 x 48 rows of K (one
// 66 KiB weight transfer and one 6 KiB activation transfer per stage, 57
// cycles each): 4096 x 4096 x 2 B / 24 cores = 1.4 MB in about 46 K
// cycles; MTE2 is busy 99.4% of the 49022 cycles (1.23 TB/s of weights at
// 1.8 GHz).
// CHECK-LABEL: aicore.kernel @matmul_16x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 49022 : i64, {{.*}} mte2 = 48738 : i64
func.func @decode(%x: tensor<16x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<16x4096xf16>, tensor<4096x4096xf16>) -> tensor<16x4096xf16>
  return %m : tensor<16x4096xf16>
}
