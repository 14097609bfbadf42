// Split and StridedSlice (stride 1, one axis cut) alone are copy kernels:
// the input as its [outer, axis * inner] matrix, each result a column
// window of it, [rows, cols] tiles GM -> UB (MTE2) -> GM (MTE3) on two UB
// buffers; a StridedSlice with other strides or two cut axes stays a
// primitive with a remark.
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
  // expected-remark @+1 {{no AI Core kernel for primitive 'strided_slice': 'strided_slice' cuts more than one axis (axes 0 and 1); a copy kernel covers a slice of one axis}}
  %s = mindspore.strided_slice %x {begin = array<i64: 1, 6>, end = array<i64: 3, 10>, strides = array<i64: 1, 1>} : (tensor<3x10xf32>) -> tensor<2x4xf32>
  return %s : tensor<2x4xf32>
}

func.func @every_other(%x: tensor<3x10xf32>) -> tensor<3x5xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'strided_slice': 'strided_slice' with a stride other than 1 is not a copy of contiguous runs (it needs a Vector gather)}}
  %s = mindspore.strided_slice %x {begin = array<i64: 0, 0>, end = array<i64: 3, 10>, strides = array<i64: 1, 2>} : (tensor<3x10xf32>) -> tensor<3x5xf32>
  return %s : tensor<3x5xf32>
}

// The split of [4, 12, 5] on axis 1: the [4, 60] matrix, windows of 20
// columns at 0, 20 and 40; four rows fit one tile, so three tiles (one per
// result) on three blocks.
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
