// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,32,32,2,1 -verify-diagnostics | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s --check-prefix=SEARCH

// A Conv2DTranspose is the implicit-GEMM kernel of its equivalent
// convolution: over the input dilated by the stride (load3d's
// input_dilation; the zeros are never stored), stride 1, pads
// dilation * (K - 1) - pad (+ the output padding at the bottom and right),
// the taps rotated (flip_kernel), K ordered (c, kh, kw) of the weight with
// its channel dimensions swapped: B is a Transpose of the weight (per group:
// between reshapes) before the launch, and the bias comes from BT.

// CHECK-LABEL: func.func @upsample
// CHECK: %[[W:.*]] = aicore.launch @Transpose_0(%arg1) : (tensor<20x18x4x4xf16>) -> tensor<18x20x4x4xf16>
// CHECK: aicore.launch @conv2d_transpose_1x20x6x5_18x4x4_s2x2_p1x1x1x1_op0x0_d1x1_f16_bias(%arg0, %[[W]], %arg2)
// CHECK-NOT: mindspore.conv2d_transpose
// CHECK-NOT: mindspore.bias_add
func.func @upsample(%x: tensor<1x20x6x5xf16>, %w: tensor<20x18x4x4xf16>, %b: tensor<18xf16>) -> tensor<1x18x12x10xf16> {
  %c = mindspore.conv2d_transpose %x, %w {dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x20x6x5xf16>, tensor<20x18x4x4xf16>) -> tensor<1x18x12x10xf16>
  %y = mindspore.bias_add %c, %b : (tensor<1x18x12x10xf16>, tensor<18xf16>) -> tensor<1x18x12x10xf16>
  return %y : tensor<1x18x12x10xf16>
}

// CHECK-LABEL: func.func @grouped
// The [C_in, C_out / G, KH, KW] = [12, 5, 3, 3] weight as [G, Cg, Og, ...],
// the channels swapped per group, and viewed as the [C_out, Cg, KH, KW] B.
// CHECK: %[[G:.*]] = mindspore.reshape %arg1, [2, 6, 5, 3, 3]
// CHECK: %[[T:.*]] = aicore.launch @Transpose_1(%[[G]]) : (tensor<2x6x5x3x3xf32>) -> tensor<2x5x6x3x3xf32>
// CHECK: %[[B:.*]] = mindspore.reshape %[[T]], [10, 6, 3, 3]
// CHECK: aicore.launch @conv2d_transpose_1x12x4x6_10x3x3_s2x2_p1x1x1x1_op1x1_d1x1_f32_g2(%arg0, %[[B]])
func.func @grouped(%x: tensor<1x12x4x6xf32>, %w: tensor<12x5x3x3xf32>) -> tensor<1x10x8x12xf32> {
  %c = mindspore.conv2d_transpose %x, %w {dilation = array<i64: 1, 1>, group = 2 : i64, output_padding = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x12x4x6xf32>, tensor<12x5x3x3xf32>) -> tensor<1x10x8x12xf32>
  return %c : tensor<1x10x8x12xf32>
}

// Pads 3 > dilation * (K - 1) = 2: the equivalent convolution's pads -1
// crop the dilated 9 x 9 image by a row and a column on each side; the
// kernel reads the 3 x 3 window of stored rows and columns 1 to 3, padded
// by the zero row and column between the crop and it (pads 1).
// CHECK-LABEL: func.func @cropping
// CHECK: aicore.launch @conv2d_transpose_1x2x5x5_3x3x3_s2x2_p3x3x3x3_op0x0_d1x1_f32(
func.func @cropping(%x: tensor<1x2x5x5xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x3x5x5xf32> {
  %c = mindspore.conv2d_transpose %x, %w {dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x5x5xf32>
  return %c : tensor<1x3x5x5xf32>
}

// Stride 4 on 2 rows with pad 1: the output rows are dilated rows 1 to 3,
// all zeros between the stored rows 0 and 4 (the output is 0): no kernel.
func.func @all_cropped(%x: tensor<1x2x2x3xf32>, %w: tensor<2x3x1x1xf32>) -> tensor<1x3x3x7xf32> {
  // expected-remark @+2 {{conv2d_transpose kept at the mindspore level: its pads crop every stored row or column of the dilated input (the output is the bias alone; the equivalent convolution reads a 0 x 1 window)}}
  // expected-remark @+1 {{no AI Core kernel for primitive 'conv2d_transpose': its implicit-GEMM Cube kernel was not built (the remark or error before this one on the op says why)}}
  %c = mindspore.conv2d_transpose %x, %w {dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 4, 4>} : (tensor<1x2x2x3xf32>, tensor<2x3x1x1xf32>) -> tensor<1x3x3x7xf32>
  return %c : tensor<1x3x3x7xf32>
}

// The upsampling kernel, 16-pixel tiles (the forced tiling): the GM weight
// is B as [C_out, C_in * KH * KW]; a tile of 16 pixels of the 12 x 10 output
// spans 2 output rows, which cover 2 - 1 + 4 = 5 rows of the dilated image,
// at most 3 of them stored: the band is [5 channels, 3 rows, 5 columns].
// Its first row is the first stored row at or after the tile's first
// dilated row (output row - pad 2): ceil(max(r - 2, 0) / 2), at most
// 6 - 3 = 3.
// CHECK-LABEL: aicore.kernel @conv2d_transpose_1x20x6x5_18x4x4_s2x2_p1x1x1x1_op0x0_d1x1_f16_bias(
// CHECK-SAME: %arg1: memref<18x20x4x4xf16, #aicore.space<gm>>, %arg2: memref<18xf16, #aicore.space<gm>>
// CHECK: memref.collapse_shape %arg1 {{\[}}[0], [1, 2, 3]] : memref<18x20x4x4xf16, #aicore.space<gm>> into memref<18x320xf16, #aicore.space<gm>>
// CHECK: %[[BAND:.*]] = aicore.alloc : memref<5x3x5xf16, #aicore.space<l1>>
// CHECK: scf.for
// CHECK: %[[PIX:.*]] = arith.remui %{{.*}}, %c120{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.divui %[[PIX]], %c10{{.*}} : index
// CHECK: %[[DROW:.*]] = arith.subi %[[ROW]], %c2{{.*}} : index
// CHECK: %[[NN:.*]] = arith.maxsi %[[DROW]], %c0{{.*}} : index
// CHECK: %[[UP:.*]] = arith.addi %[[NN]], %c1{{.*}} : index
// CHECK: %[[CEIL:.*]] = arith.divui %[[UP]], %c2{{.*}} : index
// CHECK: %[[FIRST:.*]] = arith.minsi %[[CEIL]], %c3{{.*}} : index
// CHECK: memref.subview %arg0[%{{.*}}, 0, %[[FIRST]], 0] [1, 5, 3, 5] [1, 1, 1, 1]
// CHECK: aicore.copy %{{.*}}, %[[BAND]]
// CHECK: aicore.load3d %[[BAND]][%{{.*}}, %[[FIRST]]], %{{.*}}[%[[PIX]], %{{.*}}] {dilation = array<i64: 1, 1>, flip_kernel, image = array<i64: 6, 5>, input_dilation = array<i64: 2, 2>, kernel = array<i64: 4, 4>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>} : memref<5x3x5xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
// CHECK: aicore.mmad %{{.*}} bias %{{.*}} {transpose_b}

// The grouped kernel: output padding 1 adds a row and a column of bottom
// and right padding (pads 1, 2, 1, 2).
// CHECK-LABEL: aicore.kernel @conv2d_transpose_1x12x4x6_10x3x3_s2x2_p1x1x1x1_op1x1_d1x1_f32_g2(
// CHECK: aicore.load3d {{.*}} {dilation = array<i64: 1, 1>, flip_kernel, image = array<i64: 4, 6>, input_dilation = array<i64: 2, 2>, kernel = array<i64: 3, 3>, pad = array<i64: 1, 2, 1, 2>, stride = array<i64: 1, 1>}

// The cropping kernel's input is the window of its argument.
// CHECK-LABEL: aicore.kernel @conv2d_transpose_1x2x5x5_3x3x3_s2x2_p3x3x3x3_op0x0_d1x1_f32(
// CHECK: %[[WIN:.*]] = memref.subview %arg0[0, 0, 1, 1] [1, 2, 3, 3] [1, 1, 1, 1] : memref<1x2x5x5xf32, #aicore.space<gm>> to memref<1x2x3x3xf32, strided<[50, 25, 5, 1], offset: 6>, #aicore.space<gm>>
// CHECK: memref.subview %[[WIN]]
// CHECK: aicore.load3d {{.*}} {dilation = array<i64: 1, 1>, flip_kernel, image = array<i64: 3, 3>, input_dilation = array<i64: 2, 2>, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}

// With the searched tiling the first two are kernels too.
// SEARCH: aicore.launch @conv2d_transpose_1x20x6x5_18x4x4_s2x2_p1x1x1x1_op0x0_d1x1_f16_bias(
// SEARCH: aicore.launch @conv2d_transpose_1x12x4x6_10x3x3_s2x2_p1x1x1x1_op1x1_d1x1_f32_g2(
// SEARCH: aicore.kernel @conv2d_transpose_1x20x6x5_18x4x4_s2x2_p1x1x1x1_op0x0_d1x1_f16_bias(
// SEARCH: aicore.load3d {{.*}}flip_kernel{{.*}}input_dilation = array<i64: 2, 2>
