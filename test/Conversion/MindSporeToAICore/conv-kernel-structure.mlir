// RUN: ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16,32,1,1" | FileCheck %s

// The structure of a convolution kernel, on a forced schedule (tm = tn = 16,
// tk = 32, one slice per stage, one L0C buffer) so that it has a full and a
// partial K stage; the search picks one stage of 48 for this shape
// (conv-kernels.mlir), since every GM transfer has a fixed cost.

// A ragged conv: 2 images of 5 x 9 x 11 (odd H and W), 7 output channels,
// 3x3, stride 2, pad 1 -> 5 x 6 = 30 pixels per image, K = 45. Tiles of 16
// pixels (a full one and a partial one of 14 per image: 4 tiles, 4 blocks)
// by 16 channels (7 valid); K in a stage of 32 and a partial one of 13.
// 16 pixels span at most 4 output rows (6 per row), i.e. (4 - 1) * 2 + 3 = 9
// input rows: the band is all 9 rows. A 32-element stage touches at most 5
// channels, the 13-element one 3.
func.func @ragged(%x: tensor<2x5x9x11xf32>, %w: tensor<7x5x3x3xf32>, %b: tensor<7xf32>) -> tensor<2x7x5x6xf32> {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x5x9x11xf32>, tensor<7x5x3x3xf32>) -> tensor<2x7x5x6xf32>
  %z = mindspore.bias_add %y, %b : (tensor<2x7x5x6xf32>, tensor<7xf32>) -> tensor<2x7x5x6xf32>
  return %z : tensor<2x7x5x6xf32>
}

// CHECK-LABEL: aicore.kernel @conv2d_2x5x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32_bias(%arg0: memref<2x5x9x11xf32, #aicore.space<gm>>, %arg1: memref<7x5x3x3xf32, #aicore.space<gm>>, %arg2: memref<7xf32, #aicore.space<gm>>, %arg3: memref<2x7x5x6xf32, #aicore.space<gm>>)
// CHECK-SAME: tm = 16, tn = 16, tk = 32, k_stages = 1, l1_buffers = 2, l0c_buffers = 1, modeled_cycles = {{[0-9]+}}>, block_dim = 4
// CHECK: memref.collapse_shape %arg3 {{\[}}[0], [1], [2, 3]] : memref<2x7x5x6xf32, #aicore.space<gm>> into memref<2x7x30xf32, #aicore.space<gm>>
// CHECK: memref.collapse_shape %arg1 {{\[}}[0], [1, 2, 3]] : memref<7x5x3x3xf32, #aicore.space<gm>> into memref<7x45xf32, #aicore.space<gm>>
// CHECK: %[[BAND:.*]] = aicore.alloc : memref<5x9x11xf32, #aicore.space<l1>>
// CHECK: aicore.block_idx
// Full tiles: stage 0 moves channels 0-4, rows 0-8 of the tile's image.
// CHECK: %[[IMAGE:.*]] = arith.divui %{{.*}}, %c30
// CHECK: memref.subview %arg0[%[[IMAGE]], 0, %{{.*}}, 0] [1, 5, 9, 11] [1, 1, 1, 1] : memref<2x5x9x11xf32, #aicore.space<gm>> to memref<5x9x11xf32, strided<[99, 11, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.copy %{{.*}}, %[[BAND]] : memref<5x9x11xf32, strided<[99, 11, 1], offset: ?>, #aicore.space<gm>> to memref<5x9x11xf32, #aicore.space<l1>>
// CHECK: aicore.set_flag mte2 -> mte1, 0
// CHECK: aicore.load3d %[[BAND]][%c0{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %c0{{.*}}] {dilation = array<i64: 1, 1>, image = array<i64: 9, 11>, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : memref<5x9x11xf32, #aicore.space<l1>> to memref<16x32xf32, #aicore.space<l0a>>
// CHECK: aicore.mmad {{.*}} bias %{{.*}} {transpose_b} : memref<16x32xf32, #aicore.space<l0a>>, memref<7x32xf32, strided<[32, 1]>, #aicore.space<l0b>>, memref<16x7xf32, strided<[16, 1]>, #aicore.space<l0c>>, memref<1x16xf32, #aicore.space<bt>>
// The partial stage (K 32-44) reads channels 3-4, from a band clamped to
// start at channel 2 so that 3 channels fit.
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<3x9x11xf32, strided<[99, 11, 1], offset: ?>, #aicore.space<gm>> to memref<3x9x11xf32, strided<[99, 11, 1]>, #aicore.space<l1>>
// CHECK: aicore.load3d %{{.*}}[%c2{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %c32] {{.*}} : memref<3x9x11xf32, strided<[99, 11, 1]>, #aicore.space<l1>> to memref<16x13xf32, strided<[32, 1]>, #aicore.space<l0a>>
// CHECK: aicore.mmad {{.*}} {accumulate, transpose_b} : memref<16x13xf32
// The bias came from the BT bias table (the tile's first mmad starts its
// accumulator from it); FIX writes out[n, channels, pixels] transposed.
// CHECK: %[[T:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<7x16xf32, strided<[30, 1], offset: ?>, #aicore.space<gm>> to memref<16x7xf32, strided<[1, 30], offset: ?>, #aicore.space<gm>>
// CHECK-NOT: aicore.vadd
// CHECK: aicore.copy %{{.*}}, %[[T]] : memref<16x7xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<16x7xf32, strided<[1, 30], offset: ?>, #aicore.space<gm>>
// The partial tiles (14 pixels).
// CHECK: aicore.load3d {{.*}} to memref<14x32xf32, strided<[32, 1]>, #aicore.space<l0a>>
