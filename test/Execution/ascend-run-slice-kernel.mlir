// Split and unit-stride StridedSlice primitives become copy kernels: each
// result a column window of the input's [outer, axis * inner] matrix, in
// [rows, cols] tiles GM -> UB -> GM on two UB buffers over the vector cores.
// Ragged shapes: 101 rows in tiles of 4 (the last one of 1 row), f16 with a
// negative axis, a window in the middle of the innermost axis, and rows too
// long for UB (30000 f32 in column tiles of 24576, the last one ragged).
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/slice-kernel.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/slice-kernel.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// KERNELS-NOT: mindspore.split
// KERNELS-NOT: mindspore.strided_slice
// KERNELS-DAG: aicore.launch @Split_{{[0-9]+}}(%arg0) : (tensor<101x6xf32>) -> (tensor<101x3xf32>, tensor<101x3xf32>)
// KERNELS-DAG: aicore.kernel @Split_{{[0-9]+}}({{.*}}: memref<101x6xf32, #aicore.space<gm>>, {{.*}}: memref<101x3xf32, #aicore.space<gm>>, {{.*}}: memref<101x3xf32, #aicore.space<gm>>) attributes {aicore.tile = {cols = 3 : i64, rows = 4 : i64, view = array<i64: 101, 6>}, block_dim = 48 : i64}
// KERNELS-DAG: aicore.kernel @Split_{{[0-9]+}}({{.*}}aicore.tile = {cols = 1000 : i64, rows = 1 : i64, view = array<i64: 17, 3000>}
// KERNELS-DAG: aicore.kernel @StridedSlice_{{[0-9]+}}({{.*}}aicore.tile = {cols = 3 : i64, rows = 1 : i64, view = array<i64: 60, 7>}
// KERNELS-DAG: aicore.kernel @Split_{{[0-9]+}}({{.*}}aicore.tile = {cols = 24576 : i64, rows = 1 : i64, view = array<i64: 7, 60000>}
// The ragged last row tile of the 101-row split, loaded from its window:
// KERNELS-DAG: memref.subview {{.*}} : memref<101x6xf32, #aicore.space<gm>> to memref<1x3xf32, strided<[6, 1], offset: ?>, #aicore.space<gm>>
// The ragged last column tile of the wide split:
// KERNELS-DAG: memref.subview {{.*}} : memref<7x60000xf32, #aicore.space<gm>> to memref<1x5424xf32, strided<[60000, 1], offset: ?>, #aicore.space<gm>>
// KERNELS-DAG: aicore.set_flag mte2 -> mte3, 1
// KERNELS-DAG: aicore.wait_flag mte3 -> mte2, 1
//
// The wide input z[a, b, c] = k[a, b] * u[c div 250] * w[c mod 250] is
// built in the program; its pieces minus k's numpy slices times the row are
// 0.
func.func @main(%x: tensor<101x6xf32>, %y: tensor<17x3x1000xf16>, %s: tensor<5x12x7xf32>, %k: tensor<7x2x1xf32>, %u: tensor<120x1xf32>, %w: tensor<1x250xf32>, %k0: tensor<7x1x1xf32>, %k1: tensor<7x1x1xf32>) -> (tensor<101x3xf32>, tensor<101x3xf32>, tensor<17x1x1000xf16>, tensor<17x1x1000xf16>, tensor<17x1x1000xf16>, tensor<5x12x3xf32>, tensor<7x1x30000xf32>, tensor<7x1x30000xf32>) {
  %a:2 = mindspore.split %x {axis = 1 : i64, output_num = 2 : i64} : (tensor<101x6xf32>) -> (tensor<101x3xf32>, tensor<101x3xf32>)
  %b:3 = mindspore.split %y {axis = -2 : i64, output_num = 3 : i64} : (tensor<17x3x1000xf16>) -> (tensor<17x1x1000xf16>, tensor<17x1x1000xf16>, tensor<17x1x1000xf16>)
  %c = mindspore.strided_slice %s {begin = array<i64: 0, 0, 2>, end = array<i64: 5, 12, 5>, strides = array<i64: 1, 1, 1>} : (tensor<5x12x7xf32>) -> tensor<5x12x3xf32>
  %uw = mindspore.mul %u, %w : (tensor<120x1xf32>, tensor<1x250xf32>) -> tensor<120x250xf32>
  %row = mindspore.reshape %uw, [1, 1, 30000] : (tensor<120x250xf32>) -> tensor<1x1x30000xf32>
  %z = mindspore.mul %k, %row : (tensor<7x2x1xf32>, tensor<1x1x30000xf32>) -> tensor<7x2x30000xf32>
  %p:2 = mindspore.split %z {axis = 1 : i64, output_num = 2 : i64} : (tensor<7x2x30000xf32>) -> (tensor<7x1x30000xf32>, tensor<7x1x30000xf32>)
  %r0 = mindspore.mul %k0, %row : (tensor<7x1x1xf32>, tensor<1x1x30000xf32>) -> tensor<7x1x30000xf32>
  %r1 = mindspore.mul %k1, %row : (tensor<7x1x1xf32>, tensor<1x1x30000xf32>) -> tensor<7x1x30000xf32>
  %d0 = mindspore.sub %p#0, %r0 : (tensor<7x1x30000xf32>, tensor<7x1x30000xf32>) -> tensor<7x1x30000xf32>
  %d1 = mindspore.sub %p#1, %r1 : (tensor<7x1x30000xf32>, tensor<7x1x30000xf32>) -> tensor<7x1x30000xf32>
  return %a#0, %a#1, %b#0, %b#1, %b#2, %c, %d0, %d1 : tensor<101x3xf32>, tensor<101x3xf32>, tensor<17x1x1000xf16>, tensor<17x1x1000xf16>, tensor<17x1x1000xf16>, tensor<5x12x3xf32>, tensor<7x1x30000xf32>, tensor<7x1x30000xf32>
}
