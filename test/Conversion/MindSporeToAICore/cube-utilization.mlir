// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-estimate | FileCheck %s

// The figures bench/cube_utilization.py prints for the fp16 targets, from
// the tiler's analytic model (modeled_cycles) and the kernel model
// (aicore.estimate, the busiest of the 24 blocks).
//
// 4096^3: 144 x 224 tiles (29 x 19 = 551 tiles, 23 on the busiest block)
// with an 8-deep ring of L1 stages, so that MTE2 keeps loading through each
// tile's epilogue: MTE2-bound (the GM -> L1 pipe busy 789504 of 790974
// cycles). The ideal is 4096^3 / (4096 MAC/cycle * 24) = 699051 cycles:
// 88.4% Cube utilization.
// CHECK-LABEL: aicore.kernel @matmul_4096x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 790974 : i64, {{.*}} m = 700928 : i64, {{.*}} mte2 = 789504 : i64
// CHECK-SAME: aicore.tiling = {k_stages = 1 : i64, l0c_buffers = 1 : i64, l1_buffers = 8 : i64, modeled_cycles = 791547 : i64, tk = 32 : i64, tm = 144 : i64, tn = 224 : i64}, block_dim = 24 : i64
func.func @square(%x: tensor<4096x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<4096x4096xf16>, tensor<4096x4096xf16>) -> tensor<4096x4096xf16>
  return %m : tensor<4096x4096xf16>
}

// Decode (M = 16): every weight byte is read once (no L2 hits), so each
// core streams its share at 32 B/cycle: 4096 x 4096 x 2 B / 24 cores =
// 1.4 MB in about 44 K cycles; MTE2 is busy 99.6% of the 46767 cycles
// (1.29 TB/s of weights at 1.8 GHz).
// CHECK-LABEL: aicore.kernel @matmul_16x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 46767 : i64, {{.*}} mte2 = 46593 : i64
func.func @decode(%x: tensor<16x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<16x4096xf16>, tensor<4096x4096xf16>) -> tensor<16x4096xf16>
  return %m : tensor<16x4096xf16>
}
