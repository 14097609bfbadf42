// BroadcastTo and Tile alone become strided-box copy kernels
// (BoxKernels.cpp): stride 0 on the broadcast axes (Tile: the input viewed
// as [1, s_0, 1, s_1, ...], the result as [m_0, s_0, m_1, s_1, ...]), the
// axes merged into runs. Cases: a row broadcast over 4 rows (each one-row
// tile copied from the same input row), a column broadcast along the last
// axis (aicore.vgather with equal offsets), a vector of i64 broadcast over
// two new axes, a middle axis broadcast in f16 (a batch axis inside the row
// axis: the result viewed through its own shape), a scalar broadcast to 70,
// a row over 96 rows on 48 cores, repeat (2, 1, 2) of [4, 8] (batch axes
// outside and inside the rows), repeat (4, 1) in i32, repeat (1, 7) of a
// column in f16 (gathered), repeat (2, 2) in i8 and repeat (3, 2) of
// [64, 100] over 48 cores; exact against torch expand / repeat (inputs:
// broadcast_tile_kernel_runs.py).
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --atol 0 --inputs %S/Inputs/broadcast-tile-kernel.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --atol 0 --inputs %S/Inputs/broadcast-tile-kernel.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// KERNELS-NOT: mindspore.broadcast_to
// KERNELS-NOT: mindspore.tile
// KERNELS-DAG: aicore.kernel @BroadcastTo_0({{.*}}view = array<i64: 4, 1, 8>}, block_dim = 4
// KERNELS-DAG: aicore.kernel @BroadcastTo_1({{.*}}view = array<i64: 1, 4, 8>}, block_dim = 1
// KERNELS-DAG: aicore.kernel @BroadcastTo_2({{.*}}view = array<i64: 10, 1, 3>}, block_dim = 10
// KERNELS-DAG: aicore.kernel @BroadcastTo_3({{.*}}view = array<i64: 4, 2, 3>}, block_dim = 4
// KERNELS-DAG: aicore.kernel @BroadcastTo_4({{.*}}view = array<i64: 1, 1, 70>}, block_dim = 1
// KERNELS-DAG: aicore.kernel @BroadcastTo_5({{.*}}view = array<i64: 96, 1, 300>}, block_dim = 48
// KERNELS-DAG: aicore.kernel @Tile_6({{.*}}view = array<i64: 4, 4, 8>}, block_dim = 4
// KERNELS-DAG: aicore.kernel @Tile_7({{.*}}view = array<i64: 4, 1, 15>}, block_dim = 4
// KERNELS-DAG: aicore.kernel @Tile_8({{.*}}view = array<i64: 1, 6, 7>}, block_dim = 1
// KERNELS-DAG: aicore.kernel @Tile_9({{.*}}view = array<i64: 4, 2, 3>}, block_dim = 4
// KERNELS-DAG: aicore.kernel @Tile_10({{.*}}view = array<i64: 6, 64, 100>}, block_dim = 48
func.func @main(%x0: tensor<1x8xf32>, %x1: tensor<4x1xf32>, %x2: tensor<3xi64>, %x3: tensor<2x1x3xf16>, %x4: tensor<1xf32>, %x5: tensor<1x300xf16>, %x6: tensor<4x8xf32>, %x7: tensor<3x5xi32>, %x8: tensor<6x1xf16>, %x9: tensor<2x3xi8>, %x10: tensor<64x100xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x5x3xi64>, tensor<2x4x3xf16>, tensor<70xf32>, tensor<96x300xf16>, tensor<2x4x16xf32>, tensor<12x5xi32>, tensor<6x7xf16>, tensor<4x6xi8>, tensor<192x200xf32>) {
  %r0 = mindspore.broadcast_to %x0 {shape = array<i64: 4, 8>} : (tensor<1x8xf32>) -> tensor<4x8xf32>
  %r1 = mindspore.broadcast_to %x1 {shape = array<i64: 4, 8>} : (tensor<4x1xf32>) -> tensor<4x8xf32>
  %r2 = mindspore.broadcast_to %x2 {shape = array<i64: 2, 5, 3>} : (tensor<3xi64>) -> tensor<2x5x3xi64>
  %r3 = mindspore.broadcast_to %x3 {shape = array<i64: 2, 4, 3>} : (tensor<2x1x3xf16>) -> tensor<2x4x3xf16>
  %r4 = mindspore.broadcast_to %x4 {shape = array<i64: 70>} : (tensor<1xf32>) -> tensor<70xf32>
  %r5 = mindspore.broadcast_to %x5 {shape = array<i64: 96, 300>} : (tensor<1x300xf16>) -> tensor<96x300xf16>
  %r6 = mindspore.tile %x6, [2, 1, 2] : (tensor<4x8xf32>) -> tensor<2x4x16xf32>
  %r7 = mindspore.tile %x7, [4, 1] : (tensor<3x5xi32>) -> tensor<12x5xi32>
  %r8 = mindspore.tile %x8, [1, 7] : (tensor<6x1xf16>) -> tensor<6x7xf16>
  %r9 = mindspore.tile %x9, [2, 2] : (tensor<2x3xi8>) -> tensor<4x6xi8>
  %r10 = mindspore.tile %x10, [3, 2] : (tensor<64x100xf32>) -> tensor<192x200xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x5x3xi64>, tensor<2x4x3xf16>, tensor<70xf32>, tensor<96x300xf16>, tensor<2x4x16xf32>, tensor<12x5xi32>, tensor<6x7xf16>, tensor<4x6xi8>, tensor<192x200xf32>
}
