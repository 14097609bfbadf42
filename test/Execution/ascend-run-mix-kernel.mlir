// MIX kernels (a MatMul with its elementwise epilogue, Cube and Vector
// parts through a GM workspace) run on the CPU: the tiles the Cube writes to
// the workspace, the halves of each tile the two AIVs take, the ragged edge
// tiles and the epilogue's inputs (a bias row, a residual, a column, a
// splat) must all land in the right place.
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/mix-kernel.runs | FileCheck %s
// Many tiles per block: two workspace slots in turn, and with one L0C
// buffer a single slot.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,2 -o %t.small.mlir
// RUN: ascend-opt %t.small.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.small.mlir --inputs %S/Inputs/mix-kernel.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,1 -o %t.one.mlir
// RUN: ascend-opt %t.one.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.one.mlir --inputs %S/Inputs/mix-kernel.runs | FileCheck %s
// The mindspore level (the groups' primitives) gives the same numbers.
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/mix-kernel.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch

// Inputs are factors whose products are small integers, exact in f32 and
// f16: x_M = r_M * c ([M, 1] x [1, K]), w = u * v, the residual r_M * q.
// Output 0 is the MIX result for M = 1 (exact values, see the .runs file),
// outputs 1 to 3 the MIX result minus the same computation as separate
// primitives (a plain matmul kernel with the bias from the bias table, then
// relu, add, mul as MindSpore ops): 0.
// KERNELS-DAG: aicore.kernel @Fused_MatMul_BiasAdd_ReLU_Add_0({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_MatMul_BiasAdd_ReLU_Add_1({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_MatMul_Add_ReLU_Mul_3({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_MatMul_BiasAdd_ReLU_4({{.*}}workspace_bytes
// KERNELS-DAG: aicore.on_core aiv
// KERNELS-DAG: aicore.cross_core_wait_flag mte2
func.func @main(%r1: tensor<1x1xf32>, %r17: tensor<17x1xf32>, %r130: tensor<130x1xf32>, %c: tensor<1x72xf32>, %u: tensor<37x1xf32>, %v: tensor<1x72xf32>, %b: tensor<37xf32>, %q: tensor<1x37xf32>, %c40: tensor<1x40xf32>, %w2: tensor<40x70xf32>, %rh: tensor<33x1xf16>, %ch: tensor<1x48xf16>, %wh: tensor<48x40xf16>, %bh: tensor<40xf16>) -> (tensor<1x37xf32>, tensor<17x37xf32>, tensor<130x70xf32>, tensor<33x40xf16>) {
  %w = mindspore.mul %u, %v : (tensor<37x1xf32>, tensor<1x72xf32>) -> tensor<37x72xf32>
  // M = 1: one valid row of a 16-row tile, AIV 1 gets no rows.
  %x1 = mindspore.mul %r1, %c : (tensor<1x1xf32>, tensor<1x72xf32>) -> tensor<1x72xf32>
  %res1 = mindspore.mul %r1, %q : (tensor<1x1xf32>, tensor<1x37xf32>) -> tensor<1x37xf32>
  %o1 = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_ReLU_Add_0" (%x1, %w, %b, %res1) : (tensor<1x72xf32>, tensor<37x72xf32>, tensor<37xf32>, tensor<1x37xf32>) -> tensor<1x37xf32> {
  ^bb0(%a: tensor<1x72xf32>, %e: tensor<37x72xf32>, %f: tensor<37xf32>, %g: tensor<1x37xf32>):
    %m = mindspore.matmul %a, %e {transpose_b = true} : (tensor<1x72xf32>, tensor<37x72xf32>) -> tensor<1x37xf32>
    %s = mindspore.bias_add %m, %f : (tensor<1x37xf32>, tensor<37xf32>) -> tensor<1x37xf32>
    %t = mindspore.relu %s : tensor<1x37xf32>
    %y = mindspore.add %t, %g : (tensor<1x37xf32>, tensor<1x37xf32>) -> tensor<1x37xf32>
    mindspore.yield %y : tensor<1x37xf32>
  }
  // M = 17, N = 37: ragged rows and columns.
  %x17 = mindspore.mul %r17, %c : (tensor<17x1xf32>, tensor<1x72xf32>) -> tensor<17x72xf32>
  %res17 = mindspore.mul %r17, %q : (tensor<17x1xf32>, tensor<1x37xf32>) -> tensor<17x37xf32>
  %o17 = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_ReLU_Add_1" (%x17, %w, %b, %res17) : (tensor<17x72xf32>, tensor<37x72xf32>, tensor<37xf32>, tensor<17x37xf32>) -> tensor<17x37xf32> {
  ^bb0(%a: tensor<17x72xf32>, %e: tensor<37x72xf32>, %f: tensor<37xf32>, %g: tensor<17x37xf32>):
    %m = mindspore.matmul %a, %e {transpose_b = true} : (tensor<17x72xf32>, tensor<37x72xf32>) -> tensor<17x37xf32>
    %s = mindspore.bias_add %m, %f : (tensor<17x37xf32>, tensor<37xf32>) -> tensor<17x37xf32>
    %t = mindspore.relu %s : tensor<17x37xf32>
    %y = mindspore.add %t, %g : (tensor<17x37xf32>, tensor<17x37xf32>) -> tensor<17x37xf32>
    mindspore.yield %y : tensor<17x37xf32>
  }
  %m17 = mindspore.matmul %x17, %w {transpose_b = true} : (tensor<17x72xf32>, tensor<37x72xf32>) -> tensor<17x37xf32>
  %s17 = mindspore.bias_add %m17, %b : (tensor<17x37xf32>, tensor<37xf32>) -> tensor<17x37xf32>
  %t17 = mindspore.relu %s17 : tensor<17x37xf32>
  %y17 = mindspore.add %t17, %res17 : (tensor<17x37xf32>, tensor<17x37xf32>) -> tensor<17x37xf32>
  %d17 = mindspore.sub %o17, %y17 : (tensor<17x37xf32>, tensor<17x37xf32>) -> tensor<17x37xf32>
  // M = 130, N = 70, K = 40: a per-row column and a splat immediate.
  %x130 = mindspore.mul %r130, %c40 : (tensor<130x1xf32>, tensor<1x40xf32>) -> tensor<130x40xf32>
  %half = mindspore.constant dense<5.000000e-01> : tensor<f32>
  %o130 = mindspore.fusion "mix" "Fused_MatMul_Add_ReLU_Mul_3" (%x130, %w2, %r130) : (tensor<130x40xf32>, tensor<40x70xf32>, tensor<130x1xf32>) -> tensor<130x70xf32> {
  ^bb0(%a: tensor<130x40xf32>, %e: tensor<40x70xf32>, %g: tensor<130x1xf32>):
    %h = mindspore.constant dense<5.000000e-01> : tensor<f32>
    %m = mindspore.matmul %a, %e : (tensor<130x40xf32>, tensor<40x70xf32>) -> tensor<130x70xf32>
    %s = mindspore.add %m, %g : (tensor<130x70xf32>, tensor<130x1xf32>) -> tensor<130x70xf32>
    %t = mindspore.relu %s : tensor<130x70xf32>
    %y = mindspore.mul %t, %h : (tensor<130x70xf32>, tensor<f32>) -> tensor<130x70xf32>
    mindspore.yield %y : tensor<130x70xf32>
  }
  %m130 = mindspore.matmul %x130, %w2 : (tensor<130x40xf32>, tensor<40x70xf32>) -> tensor<130x70xf32>
  %s130 = mindspore.add %m130, %r130 : (tensor<130x70xf32>, tensor<130x1xf32>) -> tensor<130x70xf32>
  %t130 = mindspore.relu %s130 : tensor<130x70xf32>
  %y130 = mindspore.mul %t130, %half : (tensor<130x70xf32>, tensor<f32>) -> tensor<130x70xf32>
  %d130 = mindspore.sub %o130, %y130 : (tensor<130x70xf32>, tensor<130x70xf32>) -> tensor<130x70xf32>
  // f16 in and out: the Cube's f32 tile goes to the workspace as f16.
  %xh = mindspore.mul %rh, %ch : (tensor<33x1xf16>, tensor<1x48xf16>) -> tensor<33x48xf16>
  %oh = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_ReLU_4" (%xh, %wh, %bh) : (tensor<33x48xf16>, tensor<48x40xf16>, tensor<40xf16>) -> tensor<33x40xf16> {
  ^bb0(%a: tensor<33x48xf16>, %e: tensor<48x40xf16>, %f: tensor<40xf16>):
    %m = mindspore.matmul %a, %e : (tensor<33x48xf16>, tensor<48x40xf16>) -> tensor<33x40xf16>
    %s = mindspore.bias_add %m, %f : (tensor<33x40xf16>, tensor<40xf16>) -> tensor<33x40xf16>
    %t = mindspore.relu %s : tensor<33x40xf16>
    mindspore.yield %t : tensor<33x40xf16>
  }
  %mh = mindspore.matmul %xh, %wh : (tensor<33x48xf16>, tensor<48x40xf16>) -> tensor<33x40xf16>
  %sh = mindspore.bias_add %mh, %bh : (tensor<33x40xf16>, tensor<40xf16>) -> tensor<33x40xf16>
  %th = mindspore.relu %sh : tensor<33x40xf16>
  %dh = mindspore.sub %oh, %th : (tensor<33x40xf16>, tensor<33x40xf16>) -> tensor<33x40xf16>
  return %o1, %d17, %d130, %dh : tensor<1x37xf32>, tensor<17x37xf32>, tensor<130x70xf32>, tensor<33x40xf16>
}
