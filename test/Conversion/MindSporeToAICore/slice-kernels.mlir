// Split and StridedSlice (stride 1, one axis cut) alone are copy kernels:
// the input as its [outer, axis * inner] matrix, each result a column
// window of it, [rows, cols] tiles GM -> UB (MTE2) -> GM (MTE3) on two UB
// buffers; a StridedSlice with other strides or two cut axes is a strided
// box (StridedSliceKernels.cpp): a strided copy, or span loads compacted
// by aicore.vgather when the last axis has a stride above 1.
// RUN: ascend-opt %s --convert-mindspore-to-aicore --verify-diagnostics | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @split_rows
// CHECK: %[[P:.*]]:3 = aicore.launch @Split_0(%arg0) : (tensor<4x12x5xf16>) -> (tensor<4x4x5xf16>, tensor<4x4x5xf16>, tensor<4x4x5xf16>)
// CHECK: return %[[P]]#0, %[[P]]#2
func.func @split_rows(%x: tensor<4x12x5xf16>) -> (tensor<4x4x5xf16>, tensor<4x4x5xf16>) {
  %p:3 = mindspore.split %x {axis = 1 : i64, output_num = 3 : i64} : (tensor<4x12x5xf16>) -> (tensor<4x4x5xf16>, tensor<4x4x5xf16>, tensor<4x4x5xf16>)
  return %p#0, %p#2 : tensor<4x4x5xf16>, tensor<4x4x5xf16>
}

// CHECK-LABEL: func.func @window
// CHECK: aicore.launch @StridedSlice_1(%arg0) : (tensor<3x10xf32>) -> tensor<3x4xf32>
func.func @window(%x: tensor<3x10xf32>) -> tensor<3x4xf32> {
  %s = mindspore.strided_slice %x {begin = array<i64: 0, 6>, end = array<i64: 3, 10>, strides = array<i64: 1, 1>} : (tensor<3x10xf32>) -> tensor<3x4xf32>
  return %s : tensor<3x4xf32>
}

func.func @two_axes(%x: tensor<3x10xf32>) -> tensor<2x4xf32> {
  %s = mindspore.strided_slice %x {begin = array<i64: 1, 6>, end = array<i64: 3, 10>, strides = array<i64: 1, 1>} : (tensor<3x10xf32>) -> tensor<2x4xf32>
  return %s : tensor<2x4xf32>
}

func.func @every_other(%x: tensor<3x10xf32>) -> tensor<3x5xf32> {
  %s = mindspore.strided_slice %x {begin = array<i64: 0, 0>, end = array<i64: 3, 10>, strides = array<i64: 1, 2>} : (tensor<3x10xf32>) -> tensor<3x5xf32>
  return %s : tensor<3x5xf32>
}

// What stays a primitive: a gather of 8-byte elements, and a span row
// wider than UB.
func.func @wide_elements(%x: tensor<3x10xi64>) -> tensor<3x5xi64> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'strided_slice': 'strided_slice' with a stride of 2 on the last axis gathers its elements on the Vector unit (aicore.vgather), which takes f16, bf16, f32, i16 or i32, got 'i64'}}
  %s = mindspore.strided_slice %x {begin = array<i64: 0, 0>, end = array<i64: 3, 10>, strides = array<i64: 1, 2>} : (tensor<3x10xi64>) -> tensor<3x5xi64>
  return %s : tensor<3x5xi64>
}

func.func @huge_stride(%x: tensor<2x100000xf32>) -> tensor<2x2xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'strided_slice': 'strided_slice' with a stride of 60000 on the last axis: one row of its gather does not fit UB}}
  %s = mindspore.strided_slice %x {begin = array<i64: 0, 0>, end = array<i64: 2, 100000>, strides = array<i64: 1, 60000>} : (tensor<2x100000xf32>) -> tensor<2x2xf32>
  return %s : tensor<2x2xf32>
}

// The split of [4, 12, 5] on axis 1: the [4, 60] matrix, windows of 20
// columns at 0, 20 and 40; four rows fit one tile, so three tiles (one per
// result) on three blocks.
// A Concat is the Split run the other way: each input a column window of
// the result's [outer, axis * inner] matrix.
// CHECK-LABEL: func.func @cat_columns
// CHECK: aicore.launch @Concat_{{[0-9]+}}(%arg0, %arg1) : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
func.func @cat_columns(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) -> tensor<4x8xf32> {
  %r = mindspore.concat %a, %b {axis = 1 : i64} : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: aicore.kernel @Split_0(
// CHECK-SAME: %[[IN:[^:]+]]: memref<4x12x5xf16, #aicore.space<gm>>, %[[O0:[^:]+]]: memref<4x4x5xf16, #aicore.space<gm>>, %[[O1:[^:]+]]: memref<4x4x5xf16, #aicore.space<gm>>, %[[O2:[^:]+]]: memref<4x4x5xf16, #aicore.space<gm>>)
// CHECK-SAME: aicore.tile = {cols = 20 : i64, rows = 4 : i64, view = array<i64: 4, 60>}, block_dim = 3 : i64
// CHECK: %[[M:.*]] = memref.expand_shape {{.*}} : memref<240xf16, #aicore.space<gm>> into memref<4x60xf16, #aicore.space<gm>>
// CHECK: %[[PING:.*]] = aicore.alloc {aicore.name = "tile.ping"} : memref<4x20xf16, #aicore.space<ub>>
// CHECK: %[[PONG:.*]] = aicore.alloc {aicore.name = "tile.pong"} : memref<4x20xf16, #aicore.space<ub>>
// CHECK: aicore.set_flag mte3 -> mte2, 0
// CHECK: aicore.set_flag mte3 -> mte2, 1
// CHECK: aicore.block_idx
// CHECK: memref.expand_shape {{.*}} : memref<80xf16, #aicore.space<gm>> into memref<4x20xf16, #aicore.space<gm>>
// CHECK: scf.for
// CHECK: aicore.wait_flag mte3 -> mte2, 0
// CHECK: %[[SRC:.*]] = memref.subview %[[M]]{{.*}} : memref<4x60xf16, #aicore.space<gm>> to memref<4x20xf16, strided<[60, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.copy %[[SRC]], %[[PING]]
// CHECK: aicore.set_flag mte2 -> mte3, 0
// CHECK: aicore.wait_flag mte2 -> mte3, 0
// CHECK: aicore.copy %[[PING]], %{{.*}} : memref<4x20xf16, #aicore.space<ub>> to memref<4x20xf16, strided<[20, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.set_flag mte3 -> mte2, 0
// CHECK: aicore.wait_flag mte3 -> mte2, 1
// CHECK: aicore.copy %[[PONG]]
// The window of the third result starts at column 40:
// CHECK: arith.constant 40 : index
// CHECK: aicore.wait_flag mte3 -> mte2, 0
// CHECK: aicore.wait_flag mte3 -> mte2, 1
// CHECK-NEXT: aicore.return

// CHECK-LABEL: aicore.kernel @StridedSlice_1(
// CHECK-SAME: aicore.tile = {cols = 4 : i64, rows = 3 : i64, view = array<i64: 3, 10>}, block_dim = 1 : i64
// CHECK: arith.constant 6 : index
// CHECK: memref.subview {{.*}} : memref<3x10xf32, #aicore.space<gm>> to memref<3x4xf32, strided<[10, 1], offset: ?>, #aicore.space<gm>>

// @two_axes: two cut axes: x[1:3, 6:10], one strided copy of the [2, 4] box each way.
// CHECK-LABEL: aicore.kernel @StridedSlice_2(
// CHECK-SAME: aicore.tile = {cols = 4 : i64, rows = 2 : i64, view = array<i64: 1, 2, 4>}
// CHECK: %[[T:.*]] = aicore.alloc {aicore.name = "tile.ping"} : memref<2x4xf32, #aicore.space<ub>>
// CHECK: %[[BOX:.*]] = memref.subview %arg0[%{{.*}}, %{{.*}}] [2, 4] [1, 1] : memref<3x10xf32, #aicore.space<gm>> to memref<2x4xf32, strided<[10, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.copy %[[BOX]], %[[T]]
// CHECK: aicore.set_flag mte2 -> mte3
// CHECK-NOT: aicore.vgather
// CHECK: aicore.return

// @every_other, x[:, ::2]: each row's span of 9 elements loaded into a [3, 16] tile
// (rows of 10 f32 rounded up to whole 32-byte blocks), the byte offsets
// (row * 16 + column * 2) * 4 built once (varange, vbroadcast, vadd), the
// gather into a contiguous [3, 5] tile, stored.
// CHECK-LABEL: aicore.kernel @StridedSlice_3(
// CHECK: %[[SPAN:.*]] = aicore.alloc {aicore.name = "span.ping"} : memref<3x16xf32, #aicore.space<ub>>
// CHECK: %[[PACK:.*]] = aicore.alloc {aicore.name = "tile.ping"} : memref<3x5xf32, #aicore.space<ub>>
// CHECK: %[[OFF:.*]] = aicore.alloc {aicore.name = "offsets"} : memref<3x5xi32, #aicore.space<ub>>
// CHECK: aicore.varange %{{.*}}, 0 : i32, 8 : i32 : memref<1x5xi32, #aicore.space<ub>>
// CHECK: aicore.varange %{{.*}}, 0 : i32, 64 : i32 : memref<3x1xi32, #aicore.space<ub>>
// CHECK: aicore.vbroadcast %{{.*}}, %[[OFF]] : memref<3x1xi32, #aicore.space<ub>>, memref<3x5xi32, #aicore.space<ub>>
// CHECK: aicore.vadd %[[OFF]], %{{.*}}, %[[OFF]]
// CHECK: memref.subview %arg0[%{{.*}}, %{{.*}}] [3, 9] [1, 1] : memref<3x10xf32, #aicore.space<gm>> to memref<3x9xf32, strided<[10, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.set_flag mte2 -> v
// CHECK: aicore.vgather %[[SPAN]], %[[OFF]], %[[PACK]] : memref<3x16xf32, #aicore.space<ub>>, memref<3x5xi32, #aicore.space<ub>>, memref<3x5xf32, #aicore.space<ub>>
// CHECK: aicore.set_flag v -> mte3
// CHECK: aicore.copy %[[PACK]], %{{.*}} : memref<3x5xf32, #aicore.space<ub>> to memref<3x5xf32, strided<[5, 1], offset: ?>, #aicore.space<gm>>

// CHECK-LABEL: aicore.kernel @Concat_{{[0-9]+}}(
// CHECK-SAME: %arg0: memref<4x3xf32, #aicore.space<gm>>, %arg1: memref<4x5xf32, #aicore.space<gm>>, %arg2: memref<4x8xf32, #aicore.space<gm>>
// CHECK-SAME: aicore.tile = {cols = 5 : i64, rows = 4 : i64, view = array<i64: 4, 8>}, block_dim = 2
// Arguments already of their view's shape are their own views (no
// collapse and expand).
// CHECK-NOT: memref.collapse_shape
// CHECK: scf.for
// CHECK: aicore.wait_flag mte3 -> mte2, 0
// CHECK: %[[IN:.*]] = memref.subview %arg0[%{{.*}}, %{{.*}}] [4, 3] [1, 1]
// CHECK: aicore.copy %[[IN]], %[[TILE:.*]] : memref<4x3xf32, strided<[3, 1], offset: ?>, #aicore.space<gm>> to memref<4x3xf32, strided<[5, 1]>, #aicore.space<ub>>
// CHECK: aicore.wait_flag mte2 -> mte3, 0
// CHECK: %[[OUT:.*]] = memref.subview %arg2[%{{.*}}, %{{.*}}] [4, 3] [1, 1]
// CHECK: aicore.copy %[[TILE]], %[[OUT]] : memref<4x3xf32, strided<[5, 1]>, #aicore.space<ub>> to memref<4x3xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
// The second input lands at column 3.
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: arith.addi %{{.*}}, %[[C3]] : index
// CHECK: aicore.return
