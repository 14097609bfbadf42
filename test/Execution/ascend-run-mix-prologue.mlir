// MIX kernels whose MatMul operands are computed inside the group (a
// prologue) run on the CPU against numpy: elementwise prologues on A (a
// column, a row, a splat, a cast) and on B (a scalar) that the AIVs compute
// into workspace slots for the Cube, views of an input (a reshape) and a
// transposed weight folded into the Cube's loads, with ragged tiles.
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/mix-prologue.runs | FileCheck %s
// Many tiles per block: the AIVs compute each tile's rows into the two
// slots in turn (two and one L0C buffers, several column chunks).
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,2 -o %t.small.mlir
// RUN: ascend-opt %t.small.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.small.mlir --inputs %S/Inputs/mix-prologue.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=32,16,16,1,1 -o %t.one.mlir
// RUN: ascend-opt %t.one.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.one.mlir --inputs %S/Inputs/mix-prologue.runs | FileCheck %s
// The mindspore level (the groups' primitives) gives the same numbers.
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/mix-prologue.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// Every group is a MIX kernel; the view-only one has no prologue workspace
// and reads its operands through GM views.
// KERNELS-DAG: aicore.kernel @Fused_Sub_ReLU_MatMul_BiasAdd_ReLU_0({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_Mul_Add_Mul_MatMul_BiasAdd_1({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_Reshape_Transpose_MatMul_BiasAdd_ReLU_2({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_Cast_ReLU_MatMul_BiasAdd_3({{.*}}workspace_bytes
// KERNELS-NOT: mindspore.matmul

func.func @main(%x130: tensor<130x40xf32>, %r130: tensor<130x1xf32>, %w2: tensor<70x40xf32>, %b70: tensor<70xf32>, %x17: tensor<17x72xf32>, %c72: tensor<72xf32>, %w37: tensor<37x72xf32>, %s: tensor<1x1xf32>, %b37: tensor<37xf32>, %x3: tensor<17x8x9xf32>, %wT: tensor<72x37xf32>, %xh: tensor<33x48xf32>, %wh: tensor<40x48xf16>, %bh: tensor<40xf16>) -> (tensor<130x70xf32>, tensor<17x37xf32>, tensor<17x37xf32>, tensor<33x40xf16>) {
  // M = 130, K = 40, N = 70: relu(x - r) with r a column, ragged rows and
  // columns.
  %oa = mindspore.fusion "mix" "Fused_Sub_ReLU_MatMul_BiasAdd_ReLU_0" (%x130, %r130, %w2, %b70) : (tensor<130x40xf32>, tensor<130x1xf32>, tensor<70x40xf32>, tensor<70xf32>) -> tensor<130x70xf32> {
  ^bb0(%a: tensor<130x40xf32>, %r: tensor<130x1xf32>, %w: tensor<70x40xf32>, %b: tensor<70xf32>):
    %d = mindspore.sub %a, %r : (tensor<130x40xf32>, tensor<130x1xf32>) -> tensor<130x40xf32>
    %p = mindspore.relu %d : tensor<130x40xf32>
    %m = mindspore.matmul %p, %w {transpose_b = true} : (tensor<130x40xf32>, tensor<70x40xf32>) -> tensor<130x70xf32>
    %t = mindspore.bias_add %m, %b : (tensor<130x70xf32>, tensor<70xf32>) -> tensor<130x70xf32>
    %y = mindspore.relu %t : tensor<130x70xf32>
    mindspore.yield %y : tensor<130x70xf32>
  }
  // M = 17, K = 72, N = 37: A = x * 0.5 + c (a splat, a row), B = w * s (a
  // scalar): prologues on both operands.
  %ob = mindspore.fusion "mix" "Fused_Mul_Add_Mul_MatMul_BiasAdd_1" (%x17, %c72, %w37, %s, %b37) : (tensor<17x72xf32>, tensor<72xf32>, tensor<37x72xf32>, tensor<1x1xf32>, tensor<37xf32>) -> tensor<17x37xf32> {
  ^bb0(%a: tensor<17x72xf32>, %c: tensor<72xf32>, %w: tensor<37x72xf32>, %sc: tensor<1x1xf32>, %b: tensor<37xf32>):
    %h = mindspore.constant dense<5.000000e-01> : tensor<f32>
    %u = mindspore.mul %a, %h : (tensor<17x72xf32>, tensor<f32>) -> tensor<17x72xf32>
    %p = mindspore.add %u, %c : (tensor<17x72xf32>, tensor<72xf32>) -> tensor<17x72xf32>
    %q = mindspore.mul %w, %sc : (tensor<37x72xf32>, tensor<1x1xf32>) -> tensor<37x72xf32>
    %m = mindspore.matmul %p, %q {transpose_b = true} : (tensor<17x72xf32>, tensor<37x72xf32>) -> tensor<17x37xf32>
    %y = mindspore.bias_add %m, %b : (tensor<17x37xf32>, tensor<37xf32>) -> tensor<17x37xf32>
    mindspore.yield %y : tensor<17x37xf32>
  }
  // Views only: a [17, 8, 9] input reshaped to [17, 72], and the weight
  // given as [72, 37] and transposed for transpose_b (the Cube reads it
  // untransposed).
  %oc = mindspore.fusion "mix" "Fused_Reshape_Transpose_MatMul_BiasAdd_ReLU_2" (%x3, %wT, %b37) : (tensor<17x8x9xf32>, tensor<72x37xf32>, tensor<37xf32>) -> tensor<17x37xf32> {
  ^bb0(%a: tensor<17x8x9xf32>, %wt: tensor<72x37xf32>, %b: tensor<37xf32>):
    %v = mindspore.reshape %a, [17, 72] : (tensor<17x8x9xf32>) -> tensor<17x72xf32>
    %w = mindspore.transpose %wt, [1, 0] : (tensor<72x37xf32>) -> tensor<37x72xf32>
    %m = mindspore.matmul %v, %w {transpose_b = true} : (tensor<17x72xf32>, tensor<37x72xf32>) -> tensor<17x37xf32>
    %t = mindspore.bias_add %m, %b : (tensor<17x37xf32>, tensor<37xf32>) -> tensor<17x37xf32>
    %y = mindspore.relu %t : tensor<17x37xf32>
    mindspore.yield %y : tensor<17x37xf32>
  }
  // f16: A = relu(cast(x)), computed in f16 into an f16 workspace.
  %od = mindspore.fusion "mix" "Fused_Cast_ReLU_MatMul_BiasAdd_3" (%xh, %wh, %bh) : (tensor<33x48xf32>, tensor<40x48xf16>, tensor<40xf16>) -> tensor<33x40xf16> {
  ^bb0(%a: tensor<33x48xf32>, %w: tensor<40x48xf16>, %b: tensor<40xf16>):
    %c = mindspore.cast %a : (tensor<33x48xf32>) -> tensor<33x48xf16>
    %p = mindspore.relu %c : tensor<33x48xf16>
    %m = mindspore.matmul %p, %w {transpose_b = true} : (tensor<33x48xf16>, tensor<40x48xf16>) -> tensor<33x40xf16>
    %y = mindspore.bias_add %m, %b : (tensor<33x40xf16>, tensor<40xf16>) -> tensor<33x40xf16>
    mindspore.yield %y : tensor<33x40xf16>
  }
  return %oa, %ob, %oc, %od : tensor<130x70xf32>, tensor<17x37xf32>, tensor<17x37xf32>, tensor<33x40xf16>
}
