// ReverseV2, BroadcastTo and Tile as strided-box copy kernels
// (BoxKernels.cpp): the reversed innermost axis gathered with descending
// byte offsets, the rows of [20, 20] gathered backwards, a reversed middle
// axis of i64 (no vgather) moving each one-row tile's source, a column
// broadcast gathered with equal offsets, a Tile whose broadcast axes are
// batch axes around the rows, and the remarks of a reversed or broadcast
// innermost axis of i64.
// RUN: ascend-opt %s --convert-mindspore-to-aicore --verify-diagnostics | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics -o /dev/null

// torch.flip(x, [1]) of [20, 20] f32: the span tile's rows are 24 elements
// (96 B, whole 32-byte blocks); offsets (row * 24 + 19 - column) * 4.
// CHECK-LABEL: func.func @last
// CHECK: aicore.launch @ReverseV2_0(%arg0)
func.func @last(%x: tensor<20x20xf32>) -> tensor<20x20xf32> {
  %r = mindspore.reverse_v2 %x {axis = array<i64: 1>} : tensor<20x20xf32>
  return %r : tensor<20x20xf32>
}

// torch.flip(x, [0]): the rows backwards, offsets ((19 - row) * 24 +
// column) * 4.
// CHECK-LABEL: func.func @first
// CHECK: aicore.launch @ReverseV2_1(%arg0)
func.func @first(%x: tensor<20x20xf32>) -> tensor<20x20xf32> {
  %r = mindspore.reverse_v2 %x {axis = array<i64: 0>} : tensor<20x20xf32>
  return %r : tensor<20x20xf32>
}

// torch.flip(x, [1]) of i64: tiles of one row, row j of the result read
// from row 5 - j.
// CHECK-LABEL: func.func @middle_i64
// CHECK: aicore.launch @ReverseV2_2(%arg0)
func.func @middle_i64(%x: tensor<4x6x8xi64>) -> tensor<4x6x8xi64> {
  %r = mindspore.reverse_v2 %x {axis = array<i64: 1>} : tensor<4x6x8xi64>
  return %r : tensor<4x6x8xi64>
}

// Two reversed axes next to each other are one run (rows and columns of
// [6, 10] backwards: 60 elements backwards); axes of size 1 are dropped.
// CHECK-LABEL: func.func @merged
// CHECK: aicore.launch @ReverseV2_3(%arg0)
func.func @merged(%x: tensor<6x1x10xf16>) -> tensor<6x1x10xf16> {
  %r = mindspore.reverse_v2 %x {axis = array<i64: 0, 1, 2>} : tensor<6x1x10xf16>
  return %r : tensor<6x1x10xf16>
}

// CHECK-LABEL: func.func @last_i64
// CHECK: mindspore.reverse_v2
func.func @last_i64(%x: tensor<4x8xi64>) -> tensor<4x8xi64> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'reverse_v2': 'reverse_v2' of axes [-1] of [4, 8] (the innermost axis reversed) gathers its elements on the Vector unit (aicore.vgather), which takes f16, bf16, f32, i16 or i32, got 'i64'}}
  %r = mindspore.reverse_v2 %x {axis = array<i64: -1>} : tensor<4x8xi64>
  return %r : tensor<4x8xi64>
}

// CHECK-LABEL: func.func @column
// CHECK: aicore.launch @BroadcastTo_5(%arg0)
func.func @column(%x: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %r = mindspore.broadcast_to %x {shape = array<i64: 4, 8>} : (tensor<4x1xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @repeat
// CHECK: aicore.launch @Tile_6(%arg0)
func.func @repeat(%x: tensor<4x8xf32>) -> tensor<2x4x16xf32> {
  %r = mindspore.tile %x, [2, 1, 2] : (tensor<4x8xf32>) -> tensor<2x4x16xf32>
  return %r : tensor<2x4x16xf32>
}

// CHECK-LABEL: func.func @column_i64
// CHECK: mindspore.broadcast_to
func.func @column_i64(%x: tensor<4x1xi64>) -> tensor<4x8xi64> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'broadcast_to': 'broadcast_to' of [4, 1] to [4, 8] (along the innermost axis) gathers its elements on the Vector unit (aicore.vgather), which takes f16, bf16, f32, i16 or i32, got 'i64'}}
  %r = mindspore.broadcast_to %x {shape = array<i64: 4, 8>} : (tensor<4x1xi64>) -> tensor<4x8xi64>
  return %r : tensor<4x8xi64>
}

// CHECK-LABEL: aicore.kernel @ReverseV2_0(
// CHECK-SAME: aicore.tile = {cols = 20 : i64, rows = 20 : i64, view = array<i64: 1, 20, 20>}
// CHECK: %[[SPAN:.*]] = aicore.alloc {aicore.name = "span.ping"} : memref<20x24xf32, #aicore.space<ub>>
// CHECK: %[[TILE:.*]] = aicore.alloc {aicore.name = "tile.ping"} : memref<20x20xf32, #aicore.space<ub>>
// CHECK: %[[OFFS:.*]] = aicore.alloc {aicore.name = "offsets"} : memref<20x20xi32
// CHECK: aicore.varange %{{.*}}, 76 : i32, -4 : i32 : memref<1x20xi32
// CHECK: aicore.varange %{{.*}}, 0 : i32, 96 : i32 : memref<20x1xi32
// CHECK: scf.for
// CHECK: %[[FIRST:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK: %[[IN:.*]] = memref.subview %arg0[%{{.*}}, %[[FIRST]]] [20, 20] [1, 1]
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: aicore.copy %[[IN]], %{{.*}} : memref<20x20xf32, strided<[20, 1], offset: ?>, #aicore.space<gm>> to memref<20x20xf32, strided<[24, 1]>, #aicore.space<ub>>
// CHECK: aicore.set_flag mte2 -> v, 0
// CHECK: aicore.vgather %[[SPAN]], %[[OFFS]], %[[TILE]]
// CHECK: aicore.copy %[[TILE]], %{{.*}} : memref<20x20xf32, #aicore.space<ub>> to memref<20x20xf32, strided<[20, 1], offset: ?>, #aicore.space<gm>>

// CHECK-LABEL: aicore.kernel @ReverseV2_1(
// CHECK: aicore.varange %{{.*}}, 0 : i32, 4 : i32 : memref<1x20xi32
// CHECK: aicore.varange %{{.*}}, 1824 : i32, -96 : i32 : memref<20x1xi32
// CHECK: aicore.vgather

// CHECK-LABEL: aicore.kernel @ReverseV2_2(
// CHECK-SAME: aicore.tile = {cols = 8 : i64, rows = 1 : i64, view = array<i64: 24, 1, 8>}, block_dim = 24
// CHECK-NOT: aicore.vgather
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[OUTER:.*]] = arith.divui %[[T]], %{{.*}} : index
// CHECK: %[[J:.*]] = arith.remui %[[T]], %{{.*}} : index
// CHECK: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[ROW:.*]] = arith.subi %[[C5]], %[[J]] : index
// CHECK: memref.subview %arg0[%[[OUTER]], %[[ROW]], %{{.*}}] [1, 1, 8] [1, 1, 1]
// CHECK: memref.subview %{{.*}}[%[[T]], %{{.*}}, %{{.*}}] [1, 1, 8] [1, 1, 1] : memref<24x1x8xi64
// CHECK-NOT: aicore.vgather
// CHECK: aicore.return

// CHECK-LABEL: aicore.kernel @ReverseV2_3(
// CHECK-SAME: view = array<i64: 1, 1, 60>
// CHECK: memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 60]
// CHECK: aicore.varange %{{.*}}, 118 : i32, -2 : i32 : memref<1x60xi32

// The column's one element per row, 32 bytes (one block) apart in the span
// tile, repeated along the row.
// CHECK-LABEL: aicore.kernel @BroadcastTo_5(
// CHECK: aicore.varange %{{.*}}, 0 : i32, 0 : i32 : memref<1x8xi32
// CHECK: aicore.varange %{{.*}}, 0 : i32, 32 : i32 : memref<4x1xi32
// CHECK: memref.subview %arg0[%{{.*}}, 0] [4, 1] [1, 1]
// CHECK: aicore.vgather

// [2, 1, 2] x [4, 8]: the input as [1, 4, 1, 8], the result as
// [2, 4, 2, 8]; tile t (of 4) reads the whole input and lands at
// [t / 2, :, t mod 2, :].
// CHECK-LABEL: aicore.kernel @Tile_6(
// CHECK-SAME: view = array<i64: 4, 4, 8>}, block_dim = 4
// CHECK: memref.expand_shape %{{.*}} output_shape [1, 4, 1, 8]
// CHECK: %[[OUT:.*]] = memref.expand_shape %{{.*}} output_shape [2, 4, 2, 8]
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[HI:.*]] = arith.divui %[[T]], %{{.*}} : index
// CHECK: %[[LO:.*]] = arith.remui %[[T]], %{{.*}} : index
// CHECK: memref.subview %{{.*}}[0, %{{.*}}, 0, %{{.*}}] [1, 4, 1, 8] [1, 1, 1, 1]
// CHECK: memref.subview %[[OUT]][%[[HI]], %{{.*}}, %[[LO]], %{{.*}}] [1, 4, 1, 8] [1, 1, 1, 1] : memref<2x4x2x8xf32, #aicore.space<gm>> to memref<4x8xf32, strided<[16, 1], offset: ?>
// CHECK-NOT: aicore.vgather
// CHECK: aicore.return
