// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=TILES < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/ragged-matmul.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/ragged-matmul.runs | FileCheck %s

// Matmuls whose M (1, 17, 100, 250) is not a multiple of the Cube's 16, at
// the aicore level against the reference: x_M * w^T with the all-ones
// [64, 128] weight w is the row sum of x_M in every column. Outputs 0 and 1
// are x_1 * w^T and x_17 * w^T; outputs 2 to 5 are each tiled matmul minus
// the (untiled) reduce_sum of its lhs, expected 0. The lhs rows differ
// (x_M = r_M * c with r_M = 1..M), so a tile read or written at the wrong
// rows shows up.

// Every matmul became a launch. M = 250 is cut into five 48-row tiles and
// a partial tile of 10 rows, N = 64 into four 16-column tiles: 24 tiles,
// one per AI Core (block_dim 24). The partial row of tiles (global tiles
// 20-23) copies and multiplies 10 rows of the 48-row buffers and writes 10
// rows back; K = 128 is two stages of 64 in a ring of two L1 buffers (with
// one stage per tile, the next tile's load would wait for this tile's
// extraction; two let it overlap), the second accumulating.
// TILES-NOT: mindspore.matmul
// TILES-DAG: aicore.launch @matmul_1x64x128_f32_tb(
// TILES-DAG: aicore.launch @matmul_17x64x128_f32_tb(
// TILES-DAG: aicore.launch @matmul_100x64x128_f32_tb(
// TILES-DAG: aicore.launch @matmul_250x64x128_f32_tb(
// TILES-LABEL: aicore.kernel @matmul_250x64x128_f32_tb
// TILES-SAME: tm = 48, tn = 16, tk = 64, k_stages = 1, l1_buffers = 2, l0c_buffers = 1, modeled_cycles = {{[0-9]+}}>, block_dim = 24 : i64
// TILES: aicore.alloc : memref<48x64xf32, #aicore.space<l1>>
// TILES: aicore.block_idx
// TILES: memref.subview %arg0[%{{.*}}, 0] [48, 64] [1, 1]
// TILES: aicore.mmad {{.*}} {transpose_b} : memref<48x64xf32, #aicore.space<l0a>>
// TILES: memref.subview %arg0[%{{.*}}, 64] [48, 64] [1, 1]
// TILES: aicore.mmad {{.*}} {accumulate, transpose_b} : memref<48x64xf32, #aicore.space<l0a>>
// TILES: memref.subview %arg0[240, 0] [10, 64] [1, 1]
// TILES: aicore.mmad {{.*}} {transpose_b} : memref<10x64xf32, strided<[64, 1]>, #aicore.space<l0a>>, memref<16x64xf32, #aicore.space<l0b>>, memref<10x16xf32, strided<[16, 1]>, #aicore.space<l0c>>
// TILES: memref.subview %arg0[240, 64] [10, 64] [1, 1]
// TILES: aicore.mmad {{.*}} {accumulate, transpose_b} : memref<10x64xf32
// TILES: memref.subview %arg2[240, %{{.*}}] [10, 16] [1, 1]
// CHECK: run 0: max abs error 0, max rel error 0 (tolerance atol 1e-05 x max(1, max |eager|)): ok

func.func @main(%w: tensor<64x128xf32>, %r1: tensor<1x1xf32>, %r17: tensor<17x1xf32>, %r100: tensor<100x1xf32>, %r250: tensor<250x1xf32>, %c: tensor<1x128xf32>) -> (tensor<1x64xf32>, tensor<17x64xf32>, tensor<1x64xf32>, tensor<17x64xf32>, tensor<100x64xf32>, tensor<250x64xf32>) {
  %x1 = mindspore.mul %r1, %c : (tensor<1x1xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
  %m1 = mindspore.matmul %x1, %w {transpose_b = true} : (tensor<1x128xf32>, tensor<64x128xf32>) -> tensor<1x64xf32>
  %ref1 = mindspore.reduce_sum %x1, [1] {keep_dims = true} : (tensor<1x128xf32>) -> tensor<1x1xf32>
  %d1 = mindspore.sub %m1, %ref1 : (tensor<1x64xf32>, tensor<1x1xf32>) -> tensor<1x64xf32>
  %x17 = mindspore.mul %r17, %c : (tensor<17x1xf32>, tensor<1x128xf32>) -> tensor<17x128xf32>
  %m17 = mindspore.matmul %x17, %w {transpose_b = true} : (tensor<17x128xf32>, tensor<64x128xf32>) -> tensor<17x64xf32>
  %ref17 = mindspore.reduce_sum %x17, [1] {keep_dims = true} : (tensor<17x128xf32>) -> tensor<17x1xf32>
  %d17 = mindspore.sub %m17, %ref17 : (tensor<17x64xf32>, tensor<17x1xf32>) -> tensor<17x64xf32>
  %x100 = mindspore.mul %r100, %c : (tensor<100x1xf32>, tensor<1x128xf32>) -> tensor<100x128xf32>
  %m100 = mindspore.matmul %x100, %w {transpose_b = true} : (tensor<100x128xf32>, tensor<64x128xf32>) -> tensor<100x64xf32>
  %ref100 = mindspore.reduce_sum %x100, [1] {keep_dims = true} : (tensor<100x128xf32>) -> tensor<100x1xf32>
  %d100 = mindspore.sub %m100, %ref100 : (tensor<100x64xf32>, tensor<100x1xf32>) -> tensor<100x64xf32>
  %x250 = mindspore.mul %r250, %c : (tensor<250x1xf32>, tensor<1x128xf32>) -> tensor<250x128xf32>
  %m250 = mindspore.matmul %x250, %w {transpose_b = true} : (tensor<250x128xf32>, tensor<64x128xf32>) -> tensor<250x64xf32>
  %ref250 = mindspore.reduce_sum %x250, [1] {keep_dims = true} : (tensor<250x128xf32>) -> tensor<250x1xf32>
  %d250 = mindspore.sub %m250, %ref250 : (tensor<250x64xf32>, tensor<250x1xf32>) -> tensor<250x64xf32>
  return %m1, %m17, %d1, %d17, %d100, %d250 : tensor<1x64xf32>, tensor<17x64xf32>, tensor<1x64xf32>, tensor<17x64xf32>, tensor<100x64xf32>, tensor<250x64xf32>
}
