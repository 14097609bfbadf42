// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics -o /dev/null

// Transposes that move the innermost axis (docs/AICoreKernels.md,
// "Transposes that move the innermost axis"): a batch of [m, n] -> [n, m]
// transposes in [a, b] tiles, GM -> UB (MTE2) -> aicore.vtranspose (V) ->
// GM (MTE3), on two source ("rows") and two result ("cols") tiles; ragged
// edges are their own regions with smaller copies and a vtranspose padded
// up to whole 16 x 8 (f32) blocks.

// [2, 20, 40] -> [2, 40, 20] f32: a batch of two [20, 40] transposes in
// [16, 16] tiles (the model's choice: 12 tiles, one per core): regions of
// [16, 16], [16, 8], [4, 16] and [4, 8] tiles.
// CHECK-LABEL: aicore.kernel @Fused_Transpose_0(
// CHECK-SAME: memref<2x20x40xf32, #aicore.space<gm>>, %{{.*}}: memref<2x40x20xf32, #aicore.space<gm>>)
// CHECK-SAME: aicore.tile = {cols = 16 : i64, rows = 16 : i64, view = array<i64: 2, 20, 40>}, block_dim = 12
// CHECK: %[[ROWS:.*]] = aicore.alloc {aicore.name = "rows.ping"} : memref<16x16xf32, #aicore.space<ub>>
// CHECK: %[[COLS:.*]] = aicore.alloc {aicore.name = "cols.ping"} : memref<16x16xf32, #aicore.space<ub>>
// CHECK: aicore.alloc {aicore.name = "rows.pong"} : memref<16x16xf32, #aicore.space<ub>>
// CHECK: aicore.alloc {aicore.name = "cols.pong"} : memref<16x16xf32, #aicore.space<ub>>
// CHECK: aicore.set_flag v -> mte2, 0
// CHECK: aicore.set_flag mte3 -> v, 0
// CHECK: aicore.set_flag v -> mte2, 1
// CHECK: aicore.set_flag mte3 -> v, 1
// CHECK: aicore.block_idx
// Full tiles: one strided load, the transpose, one strided store.
// CHECK: scf.for
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: %[[IN:.*]] = memref.subview %{{.*}}[%[[B:.*]], %{{.*}}, %[[J:.*]]] [1, 16, 16] [1, 1, 1] : memref<2x20x40xf32, #aicore.space<gm>> to memref<16x16xf32, strided<[40, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.copy %[[IN]], %[[ROWS]]
// CHECK: aicore.set_flag mte2 -> v, 0
// CHECK: aicore.wait_flag mte2 -> v, 0
// CHECK: aicore.wait_flag mte3 -> v, 0
// CHECK: aicore.vtranspose %[[ROWS]], %[[COLS]] : memref<16x16xf32, #aicore.space<ub>>, memref<16x16xf32, #aicore.space<ub>>
// CHECK: aicore.set_flag v -> mte2, 0
// CHECK: aicore.set_flag v -> mte3, 0
// CHECK: aicore.wait_flag v -> mte3, 0
// CHECK: %[[OUT:.*]] = memref.subview %{{.*}}[%[[B]], %[[J]], %{{.*}}] [1, 16, 16] [1, 1, 1] : memref<2x40x20xf32, #aicore.space<gm>> to memref<16x16xf32, strided<[20, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.copy %[[COLS]], %[[OUT]]
// CHECK: aicore.set_flag mte3 -> v, 0
// CHECK: aicore.wait_flag v -> mte2, 1
// Columns 32..39: [16, 8] tiles, transposed as one 16 x 8 block.
// CHECK: memref.subview %{{.*}}[%{{.*}}, %{{.*}}, %c32] [1, 16, 8]
// CHECK: aicore.vtranspose %{{.*}}, %{{.*}} : memref<16x8xf32, strided<[16, 1]>, #aicore.space<ub>>, memref<8x16xf32, strided<[16, 1]>, #aicore.space<ub>>
// CHECK: memref.subview %{{.*}}[%{{.*}}, %c32, %{{.*}}] [1, 8, 16]
// Rows 16..19: [4, 16] tiles, padded to the whole [16, 16] tile.
// CHECK: memref.subview %{{.*}}[%{{.*}}, %c16, %{{.*}}] [1, 4, 16]
// CHECK: aicore.vtranspose %[[ROWS]], %[[COLS]] : memref<16x16xf32, #aicore.space<ub>>, memref<16x16xf32, #aicore.space<ub>>
// CHECK: memref.subview %{{.*}}[%{{.*}}, %{{.*}}, %c16] [1, 16, 4]
// The corner: [4, 8].
// CHECK: memref.subview %{{.*}}[%{{.*}}, %c16, %c32] [1, 4, 8]
// CHECK: aicore.vtranspose %{{.*}}, %{{.*}} : memref<16x8xf32, strided<[16, 1]>, #aicore.space<ub>>, memref<8x16xf32, strided<[16, 1]>, #aicore.space<ub>>
// CHECK: memref.subview %{{.*}}[%{{.*}}, %c32, %c16] [1, 8, 4]
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: aicore.wait_flag mte3 -> v, 0
// CHECK: aicore.wait_flag v -> mte2, 1
// CHECK: aicore.wait_flag mte3 -> v, 1
// CHECK-NEXT: aicore.return
func.func @batched(%x: tensor<2x20x40xf32>) -> tensor<2x40x20xf32> {
  %r = mindspore.fusion "vector" "Fused_Transpose_0" (%x) : (tensor<2x20x40xf32>) -> tensor<2x40x20xf32> {
  ^bb0(%i: tensor<2x20x40xf32>):
    %t = mindspore.transpose %i, [0, 2, 1] : (tensor<2x20x40xf32>) -> tensor<2x40x20xf32>
    mindspore.yield %t : tensor<2x40x20xf32>
  }
  return %r : tensor<2x40x20xf32>
}

// The transformer block's [S, B, H] -> [B, H, S] ([1, 2, 0]): B and H stay
// together, one [S, B * H] transpose.
// CHECK-LABEL: aicore.kernel @Fused_Transpose_1(
// CHECK-SAME: view = array<i64: 1, 6, 64>
// CHECK: memref.expand_shape %{{.*}} output_shape [6, 64] : memref<384xf16, #aicore.space<gm>> into memref<6x64xf16, #aicore.space<gm>>
// CHECK: memref.expand_shape %{{.*}} output_shape [64, 6] : memref<384xf16, #aicore.space<gm>> into memref<64x6xf16, #aicore.space<gm>>
// CHECK: aicore.vtranspose
func.func @heads(%x: tensor<6x8x8xf16>) -> tensor<8x8x6xf16> {
  %r = mindspore.fusion "vector" "Fused_Transpose_1" (%x) : (tensor<6x8x8xf16>) -> tensor<8x8x6xf16> {
  ^bb0(%i: tensor<6x8x8xf16>):
    %t = mindspore.transpose %i, [1, 2, 0] : (tensor<6x8x8xf16>) -> tensor<8x8x6xf16>
    mindspore.yield %t : tensor<8x8x6xf16>
  }
  return %r : tensor<8x8x6xf16>
}

// [2, 3, 4, 5] -> [5, 3, 4, 2] ([3, 1, 2, 0]): the axes 1 and 2 between the
// two moved ones are a batch digit (12 values, 5 elements apart in the
// input, 2 in the result): 12 [2, 5] transposes.
// CHECK-LABEL: aicore.kernel @Fused_Transpose_2(
// CHECK-SAME: view = array<i64: 12, 2, 5>
// CHECK: memref.expand_shape %{{.*}} output_shape [2, 12, 5] : memref<120xf32, #aicore.space<gm>> into memref<2x12x5xf32, #aicore.space<gm>>
// CHECK: memref.expand_shape %{{.*}} output_shape [5, 12, 2] : memref<120xf32, #aicore.space<gm>> into memref<5x12x2xf32, #aicore.space<gm>>
// CHECK: memref.subview %{{.*}} [2, 1, 5] [1, 1, 1] : memref<2x12x5xf32, #aicore.space<gm>> to memref<2x5xf32, strided<[60, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.vtranspose %{{.*}}, %{{.*}} : memref<16x8xf32, strided<[16, 1]>, #aicore.space<ub>>, memref<8x16xf32, strided<[16, 1]>, #aicore.space<ub>>
// CHECK: memref.subview %{{.*}} [5, 1, 2] [1, 1, 1] : memref<5x12x2xf32, #aicore.space<gm>> to memref<5x2xf32, strided<[24, 1], offset: ?>, #aicore.space<gm>>
func.func @middle(%x: tensor<2x3x4x5xf32>) -> tensor<5x3x4x2xf32> {
  %r = mindspore.fusion "vector" "Fused_Transpose_2" (%x) : (tensor<2x3x4x5xf32>) -> tensor<5x3x4x2xf32> {
  ^bb0(%i: tensor<2x3x4x5xf32>):
    %t = mindspore.transpose %i, [3, 1, 2, 0] : (tensor<2x3x4x5xf32>) -> tensor<5x3x4x2xf32>
    mindspore.yield %t : tensor<5x3x4x2xf32>
  }
  return %r : tensor<5x3x4x2xf32>
}

// A transpose outside any group is a group of one; one that keeps the
// innermost axis stays a permuted copy (no vtranspose).
// CHECK-LABEL: aicore.kernel @Transpose_0(
// CHECK-SAME: memref<4x8xf16, #aicore.space<gm>>
// CHECK: aicore.vtranspose
// CHECK-LABEL: aicore.kernel @Transpose_1(
// CHECK-SAME: memref<4x6x8xf16, #aicore.space<gm>>
// CHECK-NOT: aicore.vtranspose
// CHECK: aicore.return
func.func @lone(%x: tensor<4x8xf16>, %y: tensor<4x6x8xf16>) -> (tensor<8x4xf16>, tensor<6x4x8xf16>) {
  %t = mindspore.transpose %x, [1, 0] : (tensor<4x8xf16>) -> tensor<8x4xf16>
  %u = mindspore.transpose %y, [1, 0, 2] : (tensor<4x6x8xf16>) -> tensor<6x4x8xf16>
  return %t, %u : tensor<8x4xf16>, tensor<6x4x8xf16>
}

// 8-byte elements have no Vector transpose: the primitive stays, with a
// remark.
func.func @wide(%x: tensor<4x8xi64>) -> tensor<8x4xi64> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'transpose': 'transpose' with permutation [1, 0] of [4, 8] moves the innermost axis: a Vector transpose (aicore.vtranspose) takes 2- or 4-byte elements (1-byte ones through f16 casts), got 'i64'}}
  %t = mindspore.transpose %x, [1, 0] : (tensor<4x8xi64>) -> tensor<8x4xi64>
  return %t : tensor<8x4xi64>
}
