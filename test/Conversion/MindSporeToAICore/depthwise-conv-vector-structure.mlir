// RUN: ascend-opt %s --convert-mindspore-to-aicore=depthwise=vector | FileCheck %s

// Whole planes: 192 depthwise 3x3 stride-2 convolutions of 7 x 7 planes,
// f32. A tile is G = 4 planes: their 28 input rows (pitch 8 >= W + 1, so
// column 7 stays zero) plus the zero row 28, and a dense [4, 16] output
// tile (4 x 4 pixels per plane, no padding lanes).
// CHECK-LABEL: aicore.kernel @conv2d_1x192x7x7_192x3x3_s2x2_p1x1x1x1_d1x1_f32_g192(
// CHECK-SAME: aicore.conv_unit = {unit = "vector", vector_cycles = {{[0-9]+}} : i64}
// CHECK-SAME: aicore.tile = {in_rows = 7 : i64, planes = 4 : i64, rows = 4 : i64, view = array<i64: 192, 4, 4>}
// CHECK: %[[IN:.*]] = aicore.alloc {aicore.name = "in.ping"} : memref<29x8xf32, #aicore.space<ub>>
// CHECK: %[[TAP0:.*]] = aicore.alloc {aicore.name = "offsets0"} : memref<4x16xi32, #aicore.space<ub>>
// CHECK: %[[TAP1:.*]] = aicore.alloc {aicore.name = "offsets1"} : memref<4x16xi32, #aicore.space<ub>>
// CHECK: %[[TAP:.*]] = aicore.alloc {aicore.name = "tap"} : memref<4x16xf32, #aicore.space<ub>>
// CHECK: %[[WT:.*]] = aicore.alloc {aicore.name = "weight_tile"} : memref<4x16xf32, #aicore.space<ub>>
// CHECK: %[[W:.*]] = aicore.alloc {aicore.name = "weights.ping"} : memref<1x48xf32, #aicore.space<ub>>
// CHECK: %[[WCOL:.*]] = aicore.alloc {aicore.name = "weight_columns"} : memref<72x1xf32, #aicore.space<ub>>
// CHECK: %[[WOFF:.*]] = aicore.alloc {aicore.name = "weight_offsets"} : memref<72x1xi32, #aicore.space<ub>>
// CHECK: %[[OUT:.*]] = aicore.alloc {aicore.name = "out.ping"} : memref<4x16xf32, #aicore.space<ub>>
// Once: the input buffers are zeroed (padding row and column), and a tap's
// offsets point at the zero row 28 (byte 28 * 8 * 4) where its input row
// is in the padding.
// CHECK: aicore.vdup %[[IN]], 0.000000e+00 : f32
// CHECK: %[[ZERO:.*]] = aicore.alloc {aicore.name = "zero_row"} : memref<4x16xi32, #aicore.space<ub>>
// CHECK: aicore.vdup %[[ZERO]], 896 : i32
// CHECK: aicore.vselect %{{.*}}, %{{.*}}, %[[ZERO]], %{{.*}} : memref<4x16xi1
// Per tile: G planes of 7 rows in one copy, the planes' 4 x 9 weights.
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: memref.subview %[[IN]][0, 0] [28, 7] [1, 1]
// CHECK: aicore.copy %{{.*}} : memref<28x7xf32, strided<[7, 1], offset: ?>, #aicore.space<gm>> to memref<28x7xf32, strided<[8, 1]>, #aicore.space<ub>>
// CHECK: aicore.copy %{{.*}} : memref<1x36xf32, strided<[1728, 1], offset: ?>, #aicore.space<gm>> to memref<1x36xf32, strided<[48, 1]>, #aicore.space<ub>>
// CHECK: aicore.set_flag mte2 -> v, 0
// The weights as one [4, 1] column per tap, then per tap a gather of the
// input, the broadcast weights, a multiply and (from the second tap on) an
// add into the result.
// CHECK: aicore.vgather %[[W]], %[[WOFF]], %[[WCOL]]
// CHECK: aicore.vgather %[[IN]], %[[TAP0]], %[[TAP]]
// CHECK: %[[C0:.*]] = memref.subview %[[WCOL]][0, 0] [4, 1] [1, 1]
// CHECK: aicore.vbroadcast %[[C0]], %[[WT]]
// CHECK: aicore.vmul %[[TAP]], %[[WT]], %[[OUT]]
// CHECK: aicore.vgather %[[IN]], %[[TAP1]], %[[TAP]]
// CHECK: %[[C1:.*]] = memref.subview %[[WCOL]][8, 0] [4, 1] [1, 1]
// CHECK: aicore.vbroadcast %[[C1]], %[[WT]]
// CHECK: aicore.vmul %[[TAP]], %[[WT]], %[[TAP]]
// CHECK: aicore.vadd %[[OUT]], %[[TAP]], %[[OUT]]
// CHECK-COUNT-7: aicore.vadd %[[OUT]], %[[TAP]], %[[OUT]]
// CHECK-NOT: aicore.vadd
// CHECK: aicore.wait_flag v -> mte3, 0
// CHECK: aicore.copy %[[OUT]], %{{.*}} : memref<4x16xf32, #aicore.space<ub>> to memref<4x16xf32, strided<[16, 1], offset: ?>, #aicore.space<gm>>
func.func @planes(%x: tensor<1x192x7x7xf32>, %w: tensor<192x1x3x3xf32>) -> tensor<1x192x4x4xf32> {
  %c = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, group = 192 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x192x7x7xf32>, tensor<192x1x3x3xf32>) -> tensor<1x192x4x4xf32>
  return %c : tensor<1x192x4x4xf32>
}

// Row blocks: 8 planes of 5 x 6, f16 with a bias, one output row per tile
// (40 tiles). UB holds the 3 input rows of the row's windows; the first
// and the last row block reach into the padding: their copies skip the
// row outside the image and the Vector side zeroes it after the f32 cast.
// CHECK-LABEL: aicore.kernel @conv2d_1x8x5x6_8x3x3_s1x1_p1x1x1x1_d1x1_f16_g8_bias(
// CHECK-SAME: aicore.tile = {in_rows = 3 : i64, planes = 1 : i64, rows = 1 : i64, view = array<i64: 8, 5, 6>}
// CHECK: %[[IN2:.*]] = aicore.alloc {aicore.name = "in.ping"} : memref<3x16xf16, #aicore.space<ub>>
// CHECK: %[[F32:.*]] = aicore.alloc {aicore.name = "in.f32"} : memref<3x16xf32, #aicore.space<ub>>
// CHECK: %[[ACC:.*]] = aicore.alloc {aicore.name = "acc"} : memref<1x6xf32, #aicore.space<ub>>
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: %[[TOP:.*]] = arith.cmpi eq, %[[BLOCK:.*]], %c0{{.*}} : index
// CHECK: scf.if %[[TOP]] {
// CHECK: memref.subview %[[IN2]][1, 0] [2, 6] [1, 1]
// CHECK: } else {
// CHECK: %[[BOTTOM:.*]] = arith.cmpi eq, %[[BLOCK]], %c4{{.*}} : index
// CHECK: scf.if %[[BOTTOM]] {
// CHECK: memref.subview %[[IN2]][0, 0] [2, 6] [1, 1]
// CHECK: } else {
// CHECK: memref.subview %[[IN2]][0, 0] [3, 6] [1, 1]
// CHECK: aicore.wait_flag mte2 -> v, 0
// CHECK: aicore.vcast %[[IN2]], %[[F32]]
// CHECK: scf.if
// CHECK: %[[R0:.*]] = memref.subview %[[F32]][0, 0] [1, 16] [1, 1]
// CHECK: aicore.vdup %[[R0]], 0.000000e+00 : f32
// CHECK: } else {
// CHECK: %[[R2:.*]] = memref.subview %[[F32]][2, 0] [1, 16] [1, 1]
// CHECK: aicore.vdup %[[R2]], 0.000000e+00 : f32
// The accumulator starts from the broadcast bias; the f32 sum is cast to
// f16 into the output buffer.
// CHECK: aicore.vbroadcast %{{.*}}, %[[ACC]] : memref<1x1xf32
// CHECK-COUNT-9: aicore.vadd %[[ACC]], %{{.*}}, %[[ACC]]
// CHECK: aicore.vcast %[[ACC]], %{{.*}} : memref<1x6xf32, #aicore.space<ub>>, memref<1x6xf16, #aicore.space<ub>>
func.func @rows(%x: tensor<1x8x5x6xf16>, %w: tensor<8x1x3x3xf16>, %b: tensor<8xf16>) -> tensor<1x8x5x6xf16> {
  %c = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, group = 8 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x5x6xf16>, tensor<8x1x3x3xf16>) -> tensor<1x8x5x6xf16>
  %y = mindspore.bias_add %c, %b : (tensor<1x8x5x6xf16>, tensor<8xf16>) -> tensor<1x8x5x6xf16>
  return %y : tensor<1x8x5x6xf16>
}
