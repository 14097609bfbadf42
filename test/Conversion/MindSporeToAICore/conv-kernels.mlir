// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s

// Conv2D (NCHW x OIHW, group 1) becomes an implicit-GEMM Cube kernel: per
// image, M = Ho * Wo output pixels, N = Cout, K = C * KH * KW (ordered
// (c, kh, kw), so the OIHW weight is the transposed B operand [Cout, K]).
// Each K stage loads the band of input rows its output rows need (with the
// halo) and the channels it touches into L1 (MTE2); aicore.load3d expands it
// into L0A (MTE1); the result tile [pixels, channels] goes to the NCHW
// output through a transposed view.

// A ragged conv: 2 images of 5 x 9 x 11 (odd H and W), 7 output channels,
// 3x3, stride 2, pad 1 -> 5 x 6 = 30 pixels per image, K = 45. Tiles of 16
// pixels (a full one and a partial one of 14 per image: 4 tiles, 4 blocks)
// by 16 channels (7 valid); K in a stage of 32 and a partial one of 13.
// 16 pixels span at most 4 output rows (6 per row), i.e. (4 - 1) * 2 + 3 = 9
// input rows: the band is all 9 rows. A 32-element stage touches at most 5
// channels, the 13-element one 3.
// CHECK-LABEL: func.func @ragged
// CHECK: aicore.launch @conv2d_2x5x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32_bias(%arg0, %arg1, %arg2)
// CHECK-NOT: mindspore.conv2d
// CHECK-NOT: mindspore.bias_add
func.func @ragged(%x: tensor<2x5x9x11xf32>, %w: tensor<7x5x3x3xf32>, %b: tensor<7xf32>) -> tensor<2x7x5x6xf32> {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x5x9x11xf32>, tensor<7x5x3x3xf32>) -> tensor<2x7x5x6xf32>
  %z = mindspore.bias_add %y, %b : (tensor<2x7x5x6xf32>, tensor<7xf32>) -> tensor<2x7x5x6xf32>
  return %z : tensor<2x7x5x6xf32>
}

// Two identical convolutions share one kernel; a 1x1 conv needs no halo
// (pixel tiles of a 20-wide output: a band of 2 or 3 rows).
// CHECK-LABEL: func.func @shared
// CHECK: aicore.launch @conv2d_1x20x12x20_33x1x1_s1x1_p0x0x0x0_d1x1_f16(
// CHECK: aicore.launch @conv2d_1x20x12x20_33x1x1_s1x1_p0x0x0x0_d1x1_f16(
func.func @shared(%x: tensor<1x20x12x20xf16>, %x2: tensor<1x20x12x20xf16>, %w: tensor<33x20x1x1xf16>) -> (tensor<1x33x12x20xf16>, tensor<1x33x12x20xf16>) {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x20x12x20xf16>, tensor<33x20x1x1xf16>) -> tensor<1x33x12x20xf16>
  %z = mindspore.conv2d %x2, %w {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x20x12x20xf16>, tensor<33x20x1x1xf16>) -> tensor<1x33x12x20xf16>
  return %y, %z : tensor<1x33x12x20xf16>, tensor<1x33x12x20xf16>
}

// Grouped (here depthwise: group = C = 8, one channel per group) convolutions
// are Cube kernels too: the G GEMMs of each image (here [100, 9] x [9, 1])
// stacked in M; grouped-conv-kernel-structure.mlir checks their schedule.
// CHECK-LABEL: func.func @depthwise
// CHECK: aicore.launch @conv2d_1x8x10x10_8x3x3_s1x1_p1x1x1x1_d1x1_f32_g8(%arg0, %arg1)
// CHECK-NOT: mindspore.conv2d
func.func @depthwise(%x: tensor<1x8x10x10xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x10x10xf32> {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, group = 8 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x10x10xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x10x10xf32>
  return %y : tensor<1x8x10x10xf32>
}

// The Cube has no f64 mmad.
// CHECK-LABEL: func.func @double
// CHECK: mindspore.conv2d
func.func @double(%x: tensor<1x2x5x5xf64>, %w: tensor<3x2x3x3xf64>) -> tensor<1x3x3x3xf64> {
  // expected-remark @+1 {{conv2d kept at the mindspore level: the Cube has no f64 mmad}}
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x5x5xf64>, tensor<3x2x3x3xf64>) -> tensor<1x3x3x3xf64>
  return %y : tensor<1x3x3x3xf64>
}

// A band is whole input rows: 3 channels x 3 rows of 40000 f16 (720 KB) do
// not fit the 512 KiB of L1 with any tile.
// CHECK-LABEL: func.func @too_wide
// CHECK: mindspore.conv2d
func.func @too_wide(%x: tensor<1x3x3x40000xf16>, %w: tensor<8x3x3x3xf16>) -> tensor<1x8x1x39998xf16> {
  // expected-remark @+1 {{conv2d kept at the mindspore level: no tiling of 39998x8x27 fits the Ascend910B2 buffers}}
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x40000xf16>, tensor<8x3x3x3xf16>) -> tensor<1x8x1x39998xf16>
  return %y : tensor<1x8x1x39998xf16>
}

// The kernel of @ragged (kernels follow the functions): the search takes
// K = 45 in one stage of 48 (one band of all 5 channels, one load3d, one
// mmad per tile); conv-kernel-structure.mlir checks the schedule in detail.
// CHECK-LABEL: aicore.kernel @conv2d_2x5x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32_bias(%arg0: memref<2x5x9x11xf32, #aicore.space<gm>>, %arg1: memref<7x5x3x3xf32, #aicore.space<gm>>, %arg2: memref<7xf32, #aicore.space<gm>>, %arg3: memref<2x7x5x6xf32, #aicore.space<gm>>)
// CHECK-SAME: tm = 16, tn = 16, tk = 48, k_stages = 1, l1_buffers = 2, l0c_buffers = 1, modeled_cycles = {{[0-9]+}}>, block_dim = 4
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<5x9x11xf32, strided<[99, 11, 1], offset: ?>, #aicore.space<gm>> to memref<5x9x11xf32, #aicore.space<l1>>
// CHECK: aicore.load3d {{.*}} : memref<5x9x11xf32, #aicore.space<l1>> to memref<16x45xf32, strided<[48, 1]>, #aicore.space<l0a>>
// CHECK-NOT: aicore.mmad {{.*}} {accumulate
// CHECK: aicore.mmad

