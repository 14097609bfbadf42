// BatchMatMul kernels run on the CPU: a ragged batched product (batch 3,
// M = 17, N = 40, K = 24) as a Cube kernel (transpose_b and transpose_a),
// as the Cube part of a MIX kernel with an elementwise epilogue, and with a
// Transpose in the epilogue stored through the permutation (a strided store
// for the batch <-> M swap, row by row when the rows of a tile are not
// equally spaced in the result, and the Cube's own FIX store when the
// epilogue only transposes). Every tile, image and row must land in place.
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/batch-matmul-kernels.runs | FileCheck %s
// Many tiles per block: 16 x 16 tiles, ragged in M (17 = 16 + 1) and N
// (40 = 16 + 16 + 8), two L0C buffers and one.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,2 -o %t.small.mlir
// RUN: ascend-opt %t.small.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.small.mlir --inputs %S/Inputs/batch-matmul-kernels.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,1 -o %t.one.mlir
// RUN: ascend-run --check-bounds %t.one.mlir --inputs %S/Inputs/batch-matmul-kernels.runs | FileCheck %s
// The mindspore level gives the same numbers.
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/batch-matmul-kernels.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch

// Inputs are small integers (every product and sum exact in f32 and f16); the
// expected outputs are numpy's (Inputs/batch-matmul-kernels.runs).
// KERNELS-DAG: aicore.kernel @batch_matmul_3x17x40x24_f32_tb(
// KERNELS-DAG: aicore.kernel @batch_matmul_3x17x40x24_f32_ta(
// KERNELS-DAG: aicore.kernel @Fused_BatchMatMul_Add_ReLU_0({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_BatchMatMul_Transpose_Add_1({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_BatchMatMul_Transpose_2({{.*}}) attributes {{{.*}}aicore.tiling
// KERNELS-DAG: aicore.kernel @Fused_MatMul_Transpose_Mul_Add_3(
// KERNELS-DAG: aicore.kernel @batch_matmul_6x7x9x5_f32_ta_tb(
// KERNELS-DAG: aicore.kernel @Fused_BatchMatMul_Transpose_Add_4({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_BatchMatMul_Transpose_5(
// KERNELS-DAG: aicore.kernel @Fused_BatchMatMul_ReLU_6({{.*}}workspace_bytes
// KERNELS-NOT: mindspore.batch_matmul
// KERNELS-NOT: mindspore.transpose
func.func @main(%x: tensor<3x17x24xf32>, %yt: tensor<3x40x24xf32>, %xt: tensor<3x24x17xf32>, %y: tensor<3x24x40xf32>, %r: tensor<3x17x40xf32>, %rt: tensor<17x3x40xf32>, %a: tensor<34x24xf32>, %w: tensor<24x40xf32>, %bias: tensor<40xf32>, %x4: tensor<2x3x5x7xf32>, %y4: tensor<2x3x9x5xf32>, %r4: tensor<3x2x7x9xf32>, %xh: tensor<3x17x24xf16>, %yh: tensor<3x40x24xf16>) -> (tensor<3x17x40xf32>, tensor<3x17x40xf32>, tensor<3x17x40xf32>, tensor<17x3x40xf32>, tensor<17x120xf32>, tensor<2x17x40xf32>, tensor<2x3x7x9xf32>, tensor<3x2x7x9xf32>, tensor<17x120xf16>, tensor<3x17x40xf16>) {
  // Cube kernels: transpose_b, and transpose_a with a plain B.
  %p = mindspore.batch_matmul %x, %yt {transpose_b = true} : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<3x17x40xf32>
  %q = mindspore.batch_matmul %xt, %y {transpose_a = true} : (tensor<3x24x17xf32>, tensor<3x24x40xf32>) -> tensor<3x17x40xf32>
  // MIX: relu(x y^T + r).
  %o = mindspore.fusion "mix" "Fused_BatchMatMul_Add_ReLU_0" (%x, %yt, %r) : (tensor<3x17x24xf32>, tensor<3x40x24xf32>, tensor<3x17x40xf32>) -> tensor<3x17x40xf32> {
  ^bb0(%a0: tensor<3x17x24xf32>, %a1: tensor<3x40x24xf32>, %a2: tensor<3x17x40xf32>):
    %m = mindspore.batch_matmul %a0, %a1 {transpose_b = true} : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<3x17x40xf32>
    %s = mindspore.add %m, %a2 : (tensor<3x17x40xf32>, tensor<3x17x40xf32>) -> tensor<3x17x40xf32>
    %t = mindspore.relu %s : tensor<3x17x40xf32>
    mindspore.yield %t : tensor<3x17x40xf32>
  }
  // MIX with a transposing epilogue: [B, M, N] -> [M, B, N], then a
  // residual in the transposed layout (a strided store and load).
  %ot = mindspore.fusion "mix" "Fused_BatchMatMul_Transpose_Add_1" (%x, %yt, %rt) : (tensor<3x17x24xf32>, tensor<3x40x24xf32>, tensor<17x3x40xf32>) -> tensor<17x3x40xf32> {
  ^bb0(%a0: tensor<3x17x24xf32>, %a1: tensor<3x40x24xf32>, %a2: tensor<17x3x40xf32>):
    %m = mindspore.batch_matmul %a0, %a1 {transpose_b = true} : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<3x17x40xf32>
    %t = mindspore.transpose %m, [1, 0, 2] : (tensor<3x17x40xf32>) -> tensor<17x3x40xf32>
    %s = mindspore.add %t, %a2 : (tensor<17x3x40xf32>, tensor<17x3x40xf32>) -> tensor<17x3x40xf32>
    mindspore.yield %s : tensor<17x3x40xf32>
  }
  // Only a transpose and a reshape (attention's heads merged back): the
  // Cube kernel FIX-stores each tile through the permutation.
  %oc = mindspore.fusion "mix" "Fused_BatchMatMul_Transpose_2" (%x, %yt) : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<17x120xf32> {
  ^bb0(%a0: tensor<3x17x24xf32>, %a1: tensor<3x40x24xf32>):
    %m = mindspore.batch_matmul %a0, %a1 {transpose_b = true} : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<3x17x40xf32>
    %t = mindspore.transpose %m, [1, 0, 2] : (tensor<3x17x40xf32>) -> tensor<17x3x40xf32>
    %v = mindspore.reshape %t, [17, 120] : (tensor<17x3x40xf32>) -> tensor<17x120xf32>
    mindspore.yield %v : tensor<17x120xf32>
  }
  // A MatMul whose rows are (s, b) pairs, transposed to [b, s, n]: the
  // rows of a tile are not equally spaced in the result (row by row); a
  // row along N still spreads over the tile's columns.
  %ob = mindspore.fusion "mix" "Fused_MatMul_Transpose_Mul_Add_3" (%a, %w, %bias) : (tensor<34x24xf32>, tensor<24x40xf32>, tensor<40xf32>) -> tensor<2x17x40xf32> {
  ^bb0(%a0: tensor<34x24xf32>, %a1: tensor<24x40xf32>, %a2: tensor<40xf32>):
    %two = mindspore.constant dense<2.000000e+00> : tensor<f32>
    %m = mindspore.matmul %a0, %a1 : (tensor<34x24xf32>, tensor<24x40xf32>) -> tensor<34x40xf32>
    %v = mindspore.reshape %m, [17, 2, 40] : (tensor<34x40xf32>) -> tensor<17x2x40xf32>
    %t = mindspore.transpose %v, [1, 0, 2] : (tensor<17x2x40xf32>) -> tensor<2x17x40xf32>
    %s = mindspore.mul %t, %two : (tensor<2x17x40xf32>, tensor<f32>) -> tensor<2x17x40xf32>
    %u = mindspore.add %s, %a2 : (tensor<2x17x40xf32>, tensor<40xf32>) -> tensor<2x17x40xf32>
    mindspore.yield %u : tensor<2x17x40xf32>
  }
  // Two batch dimensions, both operands transposed, and a permutation of
  // the batch dimensions in the epilogue.
  %p4 = mindspore.batch_matmul %x4, %y4 {transpose_a = true, transpose_b = true} : (tensor<2x3x5x7xf32>, tensor<2x3x9x5xf32>) -> tensor<2x3x7x9xf32>
  %o4 = mindspore.fusion "mix" "Fused_BatchMatMul_Transpose_Add_4" (%x4, %y4, %r4) : (tensor<2x3x5x7xf32>, tensor<2x3x9x5xf32>, tensor<3x2x7x9xf32>) -> tensor<3x2x7x9xf32> {
  ^bb0(%a0: tensor<2x3x5x7xf32>, %a1: tensor<2x3x9x5xf32>, %a2: tensor<3x2x7x9xf32>):
    %m = mindspore.batch_matmul %a0, %a1 {transpose_a = true, transpose_b = true} : (tensor<2x3x5x7xf32>, tensor<2x3x9x5xf32>) -> tensor<2x3x7x9xf32>
    %t = mindspore.transpose %m, [1, 0, 2, 3] : (tensor<2x3x7x9xf32>) -> tensor<3x2x7x9xf32>
    %s = mindspore.add %t, %a2 : (tensor<3x2x7x9xf32>, tensor<3x2x7x9xf32>) -> tensor<3x2x7x9xf32>
    mindspore.yield %s : tensor<3x2x7x9xf32>
  }
  // f16: the FIX converts the f32 tiles on their permuted store, and a MIX
  // kernel's epilogue runs on f16 tiles.
  %oh = mindspore.fusion "mix" "Fused_BatchMatMul_Transpose_5" (%xh, %yh) : (tensor<3x17x24xf16>, tensor<3x40x24xf16>) -> tensor<17x120xf16> {
  ^bb0(%a0: tensor<3x17x24xf16>, %a1: tensor<3x40x24xf16>):
    %m = mindspore.batch_matmul %a0, %a1 {transpose_b = true} : (tensor<3x17x24xf16>, tensor<3x40x24xf16>) -> tensor<3x17x40xf16>
    %t = mindspore.transpose %m, [1, 0, 2] : (tensor<3x17x40xf16>) -> tensor<17x3x40xf16>
    %v = mindspore.reshape %t, [17, 120] : (tensor<17x3x40xf16>) -> tensor<17x120xf16>
    mindspore.yield %v : tensor<17x120xf16>
  }
  %rh = mindspore.fusion "mix" "Fused_BatchMatMul_ReLU_6" (%xh, %yh) : (tensor<3x17x24xf16>, tensor<3x40x24xf16>) -> tensor<3x17x40xf16> {
  ^bb0(%a0: tensor<3x17x24xf16>, %a1: tensor<3x40x24xf16>):
    %m = mindspore.batch_matmul %a0, %a1 {transpose_b = true} : (tensor<3x17x24xf16>, tensor<3x40x24xf16>) -> tensor<3x17x40xf16>
    %e = mindspore.relu %m : tensor<3x17x40xf16>
    mindspore.yield %e : tensor<3x17x40xf16>
  }
  return %p, %q, %o, %ot, %oc, %ob, %p4, %o4, %oh, %rh : tensor<3x17x40xf32>, tensor<3x17x40xf32>, tensor<3x17x40xf32>, tensor<17x3x40xf32>, tensor<17x120xf32>, tensor<2x17x40xf32>, tensor<2x3x7x9xf32>, tensor<3x2x7x9xf32>, tensor<17x120xf16>, tensor<3x17x40xf16>
}
