// RUN: ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16,32,1,1" | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16,16,1,2" | FileCheck %s --check-prefix=STAGES

// A group G convolution is G implicit GEMMs per image, stacked in M
// (ConvGeometry): stacked image i = n * G + j is image n's group j, which
// reads input channels [j * Cg, (j + 1) * Cg) and weight rows (output
// channels) [j * Og, (j + 1) * Og) and writes output channels j * Og ...
// Here G = 2, Cg = 3, Og = 5, 5 x 7 pixels (35 per GEMM): 2 M tiles of 16
// and one of 3 per GEMM, one N tile of 5 channels, K = 27 in one stage.
// Tile row mi (in the stacked M space, 35 rows per GEMM) is in stacked
// image mi / 35: image (mi / 35) / 2, group (mi / 35) mod 2.
// CHECK-LABEL: aicore.kernel @conv2d_1x6x5x7_10x3x3_s1x1_p1x1x1x1_d1x1_f32_g2_bias(
// CHECK-SAME: %arg0: memref<1x6x5x7xf32, #aicore.space<gm>>, %arg1: memref<10x3x3x3xf32, #aicore.space<gm>>, %arg2: memref<10xf32, #aicore.space<gm>>, %arg3: memref<1x10x5x7xf32, #aicore.space<gm>>
// The weight is [Cout, Cg * KH * KW] = [10, 27], the bias one row of 10.
// CHECK: %[[W:.*]] = memref.collapse_shape %arg1 {{\[}}[0], [1, 2, 3]] : memref<10x3x3x3xf32, #aicore.space<gm>> into memref<10x27xf32, #aicore.space<gm>>
// The band of a stage holds Cg = 3 channels (not C = 6).
// CHECK: %[[BAND:.*]] = aicore.alloc : memref<3x5x7xf32, #aicore.space<l1>>
// CHECK: %[[BIAS:.*]] = memref.expand_shape %arg2 {{\[}}[0, 1]] output_shape [1, 10]
// CHECK: scf.for
// The tile's weight rows: group * Og.
// CHECK: %[[S0:.*]] = arith.divui %[[MI:.*]], %c35{{.*}} : index
// CHECK: %[[G0:.*]] = arith.remui %[[S0]], %c2{{.*}} : index
// CHECK: %[[WROW:.*]] = arith.muli %[[G0]], %c5 : index
// The band: image, the group's first input channel (group * Cg), rows.
// CHECK: %[[S1:.*]] = arith.divui %[[MI]], %c35{{.*}} : index
// CHECK: %[[N1:.*]] = arith.divui %[[S1]], %c2{{.*}} : index
// CHECK: %[[G1:.*]] = arith.remui %[[S1]], %c2{{.*}} : index
// CHECK: %[[P1:.*]] = arith.remui %[[MI]], %c35{{.*}} : index
// CHECK: %[[C1:.*]] = arith.muli %[[G1]], %c3 : index
// CHECK: memref.subview %arg0[%[[N1]], %[[C1]], %[[ROW:.*]], 0] [1, 3, 5, 7] [1, 1, 1, 1] : memref<1x6x5x7xf32, #aicore.space<gm>> to memref<3x5x7xf32
// CHECK: memref.subview %[[W]][%[[WROW]], 0] [5, 27] [1, 1] : memref<10x27xf32, #aicore.space<gm>>
// CHECK: memref.subview %[[BIAS]][0, %[[WROW]]] [1, 5] [1, 1] : memref<1x10xf32, #aicore.space<gm>>
// load3d's channel counts within the group: the band starts at its channel 0
// (K = 0 ... 26 is the group's channels 0 ... 2).
// CHECK: aicore.load3d %[[BAND]][%c0{{.*}}, %[[ROW]]], %{{.*}}[%[[P1]], %c0{{.*}}]
// CHECK: aicore.mmad
// The result tile goes to output channels group * Og ... of image n.
// CHECK: %[[S2:.*]] = arith.divui %[[MI]], %c35{{.*}} : index
// CHECK: %[[N2:.*]] = arith.divui %[[S2]], %c2{{.*}} : index
// CHECK: %[[G2:.*]] = arith.remui %[[S2]], %c2{{.*}} : index
// CHECK: %[[P2:.*]] = arith.remui %[[MI]], %c35{{.*}} : index
// CHECK: %[[C2:.*]] = arith.muli %[[G2]], %c5{{.*}} : index
// CHECK: memref.subview %{{.*}}[%[[N2]], %[[C2]], %[[P2]]] [1, 5, 16] [1, 1, 1] : memref<1x10x35xf32, #aicore.space<gm>>

// With K stages of 16 (at most 3 of the group's 8 channels; K = 72 in four
// stages and a partial one of 8, which touches 2 channels): stage k's band
// starts at channel min(k / 9, 8 - its channels) within the group (0, 1, 3,
// 5, then 7 clamped to 6), at that + group * 8 in the input; load3d gets
// the within-group channel.
// STAGES-LABEL: aicore.kernel @conv2d_1x16x5x7_6x3x3_s1x1_p1x1x1x1_d1x1_f16_g2(
// STAGES: %[[BAND0:.*]] = aicore.alloc : memref<3x5x7xf16, #aicore.space<l1>>
// STAGES: %[[BAND1:.*]] = aicore.alloc : memref<3x5x7xf16, #aicore.space<l1>>
// STAGES: %[[G0:.*]] = arith.muli %{{.*}}, %c8 : index
// STAGES: memref.subview %arg0[%{{.*}}, %[[G0]], %{{.*}}, 0] [1, 3, 5, 7] [1, 1, 1, 1]
// STAGES: aicore.load3d %[[BAND0]][%c0{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %c0{{.*}}]
// STAGES: %[[G1:.*]] = arith.muli %{{.*}}, %c8{{.*}} : index
// STAGES: %[[C1:.*]] = arith.addi %c1{{.*}}, %[[G1]] : index
// STAGES: memref.subview %arg0[%{{.*}}, %[[C1]], %{{.*}}, 0] [1, 3, 5, 7] [1, 1, 1, 1]
// STAGES: aicore.load3d %[[BAND1]][%c1{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %c16{{.*}}]
// STAGES: %[[C2:.*]] = arith.addi %c3{{.*}}, %{{.*}} : index
// STAGES: memref.subview %arg0[%{{.*}}, %[[C2]], %{{.*}}, 0] [1, 3, 5, 7] [1, 1, 1, 1]
// STAGES: aicore.load3d %[[BAND0]][%c3{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %c32{{.*}}]
// STAGES: %[[C3:.*]] = arith.addi %c5{{.*}}, %{{.*}} : index
// STAGES: memref.subview %arg0[%{{.*}}, %[[C3]], %{{.*}}, 0] [1, 3, 5, 7] [1, 1, 1, 1]
// STAGES: aicore.load3d %[[BAND1]][%c5{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %c48{{.*}}]
// STAGES: %[[C4:.*]] = arith.addi %c6{{.*}}, %{{.*}} : index
// STAGES: memref.subview %arg0[%{{.*}}, %[[C4]], %{{.*}}, 0] [1, 2, 5, 7] [1, 1, 1, 1]
// STAGES: aicore.load3d %{{.*}}[%c6{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %c64{{.*}}] {{.*}} : memref<2x5x7xf16, strided<[35, 7, 1]>, #aicore.space<l1>>

func.func @grouped(%x: tensor<1x6x5x7xf32>, %w: tensor<10x3x3x3xf32>, %b: tensor<10xf32>) -> tensor<1x10x5x7xf32> {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, group = 2 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x6x5x7xf32>, tensor<10x3x3x3xf32>) -> tensor<1x10x5x7xf32>
  %z = mindspore.bias_add %y, %b : (tensor<1x10x5x7xf32>, tensor<10xf32>) -> tensor<1x10x5x7xf32>
  return %z : tensor<1x10x5x7xf32>
}

func.func @stages(%x: tensor<1x16x5x7xf16>, %w: tensor<6x8x3x3xf16>) -> tensor<1x6x5x7xf16> {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, group = 2 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x16x5x7xf16>, tensor<6x8x3x3xf16>) -> tensor<1x6x5x7xf16>
  return %y : tensor<1x6x5x7xf16>
}
