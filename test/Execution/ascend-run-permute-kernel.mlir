// Vector groups that only transpose (keeping the innermost axis) become
// copy kernels: [rows, cols] tiles GM -> UB -> GM through the permutation,
// on two UB buffers, over the vector cores. Attention's [B, S, H, D] ->
// [B, H, S, D], the heads merged back ([B*H, S, D] -> [S, B*H*D], f16), and
// rows too long for UB (split in column tiles, the last one ragged).
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/permute-kernel.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/permute-kernel.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// KERNELS-DAG: aicore.kernel @Fused_Transpose_0({{.*}}aicore.tile = {rows = 1 : i64, view = array<i64: 48, 8>}
// KERNELS-DAG: aicore.kernel @Fused_Transpose_Reshape_1(
// KERNELS-DAG: aicore.kernel @Fused_Transpose_2({{.*}}aicore.tile = {rows = {{[0-9]+}} : i64, view = array<i64: 6, 30000>}
// KERNELS-DAG: memref.subview {{.*}} : memref<17x3x40xf16, #aicore.space<gm>> to memref<1x40xf16, strided<[120, 1], offset: ?>, #aicore.space<gm>>
// KERNELS-DAG: aicore.set_flag mte2 -> mte3, 1
// KERNELS-DAG: aicore.wait_flag mte3 -> mte2, 1
// KERNELS-DAG: aicore.alloc {aicore.name = "tile.ping"} : memref<{{[0-9]+}}x24576xf32, #aicore.space<ub>>
// The wide input z[a, b, c] = k[a, b] * u[c div 250] * v[c mod 250] is
// built in the program; the last output is the kernel's transpose minus the
// primitive's: 0.
func.func @main(%x: tensor<2x6x4x8xf32>, %y: tensor<3x17x40xf16>, %k: tensor<2x3x1xf32>, %u: tensor<120x1xf32>, %w: tensor<1x250xf32>) -> (tensor<2x4x6x8xf32>, tensor<17x120xf16>, tensor<3x2x30000xf32>) {
  %uv = mindspore.mul %u, %w : (tensor<120x1xf32>, tensor<1x250xf32>) -> tensor<120x250xf32>
  %row = mindspore.reshape %uv, [1, 1, 30000] : (tensor<120x250xf32>) -> tensor<1x1x30000xf32>
  %z = mindspore.mul %k, %row : (tensor<2x3x1xf32>, tensor<1x1x30000xf32>) -> tensor<2x3x30000xf32>
  %a = mindspore.fusion "vector" "Fused_Transpose_0" (%x) : (tensor<2x6x4x8xf32>) -> tensor<2x4x6x8xf32> {
  ^bb0(%i: tensor<2x6x4x8xf32>):
    %t = mindspore.transpose %i, [0, 2, 1, 3] : (tensor<2x6x4x8xf32>) -> tensor<2x4x6x8xf32>
    mindspore.yield %t : tensor<2x4x6x8xf32>
  }
  %b = mindspore.fusion "vector" "Fused_Transpose_Reshape_1" (%y) : (tensor<3x17x40xf16>) -> tensor<17x120xf16> {
  ^bb0(%i: tensor<3x17x40xf16>):
    %t = mindspore.transpose %i, [1, 0, 2] : (tensor<3x17x40xf16>) -> tensor<17x3x40xf16>
    %v = mindspore.reshape %t, [17, 120] : (tensor<17x3x40xf16>) -> tensor<17x120xf16>
    mindspore.yield %v : tensor<17x120xf16>
  }
  %c = mindspore.fusion "vector" "Fused_Transpose_2" (%z) : (tensor<2x3x30000xf32>) -> tensor<3x2x30000xf32> {
  ^bb0(%i: tensor<2x3x30000xf32>):
    %t = mindspore.transpose %i, [1, 0, 2] : (tensor<2x3x30000xf32>) -> tensor<3x2x30000xf32>
    mindspore.yield %t : tensor<3x2x30000xf32>
  }
  %ref = mindspore.transpose %z, [1, 0, 2] : (tensor<2x3x30000xf32>) -> tensor<3x2x30000xf32>
  %d = mindspore.sub %c, %ref : (tensor<3x2x30000xf32>, tensor<3x2x30000xf32>) -> tensor<3x2x30000xf32>
  return %a, %b, %d : tensor<2x4x6x8xf32>, tensor<17x120xf16>, tensor<3x2x30000xf32>
}
