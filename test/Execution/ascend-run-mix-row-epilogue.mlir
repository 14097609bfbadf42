// MIX kernels whose epilogue reduces the rows of the matmul's result run on
// the CPU against numpy (test/Execution/Inputs/mix_row_epilogue_runs.py):
// each block computes whole row bands (all their column tiles) into its
// workspace slot, then the AIVs take whole rows: Softmax after a bias and a
// scale, the attention scores of a BatchMatMul with a mask, LayerNorm of
// a residual sum, LogSoftmax, ReduceMax / ReduceSum broadcast back and a
// ReduceMean stored as one value per row; f32 and f16, ragged M, N and K.
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/mix-row-epilogue.runs | FileCheck %s
// Many column tiles per band (a partial last one) and many bands per
// block: both workspace slots in turn, two L0C buffers and one.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,2 -o %t.small.mlir
// RUN: ascend-opt %t.small.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.small.mlir --inputs %S/Inputs/mix-row-epilogue.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=32,32,16,1,1 -o %t.one.mlir
// RUN: ascend-opt %t.one.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.one.mlir --inputs %S/Inputs/mix-row-epilogue.runs | FileCheck %s
// The mindspore level (the groups' primitives) gives the same numbers.
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/mix-row-epilogue.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// Every group is one MIX kernel; no primitive is left.
// KERNELS-DAG: aicore.kernel @Fused_MatMul_BiasAdd_Mul_Softmax_0({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_BatchMatMul_RealDiv_Add_Softmax_1({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_MatMul_BiasAdd_Add_LayerNorm_2({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_MatMul_LogSoftmax_3({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_MatMul_ReduceMax_Sub_ReduceSum_4({{.*}}workspace_bytes
// KERNELS-DAG: aicore.kernel @Fused_MatMul_BiasAdd_Softmax_5({{.*}}workspace_bytes
// KERNELS-NOT: mindspore.matmul
// KERNELS-NOT: mindspore.batch_matmul
// KERNELS-NOT: mindspore.softmax
// A LogSoftmax outside any group is a one-op Vector kernel.
// RUN: FileCheck %s --check-prefix=LONE < %t.aicore.mlir
// LONE-NOT: mindspore.log_softmax
// LONE: aicore.launch @LogSoftmax_{{[0-9]+}}(%arg13)
// LONE-NOT: mindspore.log_softmax

func.func @main(%xa: tensor<130x40xf32>, %wa: tensor<70x40xf32>, %ba: tensor<70xf32>, %q: tensor<6x17x24xf32>, %k: tensor<6x37x24xf32>, %mask: tensor<6x17x37xf32>, %xc: tensor<33x48xf32>, %wc: tensor<48x40xf32>, %bc: tensor<40xf32>, %rc: tensor<33x40xf32>, %gc: tensor<40xf32>, %betac: tensor<40xf32>, %xd: tensor<17x72xf32>, %wd: tensor<37x72xf32>, %xe: tensor<50x24xf32>, %we: tensor<24x37xf32>, %ce: tensor<50xf32>, %xf: tensor<33x32xf16>, %wf: tensor<48x32xf16>, %bf: tensor<48xf16>) -> (tensor<130x70xf32>, tensor<6x17x37xf32>, tensor<33x40xf32>, tensor<17x37xf32>, tensor<50x37xf32>, tensor<50xf32>, tensor<33x48xf16>, tensor<37x72xf32>) {
  %oa = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_Mul_Softmax_0" (%xa, %wa, %ba) : (tensor<130x40xf32>, tensor<70x40xf32>, tensor<70xf32>) -> tensor<130x70xf32> {
  ^bb0(%a: tensor<130x40xf32>, %w: tensor<70x40xf32>, %b: tensor<70xf32>):
    %s = mindspore.constant dense<1.250000e-01> : tensor<f32>
    %m = mindspore.matmul %a, %w {transpose_b = true} : (tensor<130x40xf32>, tensor<70x40xf32>) -> tensor<130x70xf32>
    %y = mindspore.bias_add %m, %b : (tensor<130x70xf32>, tensor<70xf32>) -> tensor<130x70xf32>
    %z = mindspore.mul %y, %s : (tensor<130x70xf32>, tensor<f32>) -> tensor<130x70xf32>
    %p = mindspore.softmax %z {axis = -1} : tensor<130x70xf32>
    mindspore.yield %p : tensor<130x70xf32>
  }
  %ob = mindspore.fusion "mix" "Fused_BatchMatMul_RealDiv_Add_Softmax_1" (%q, %k, %mask) : (tensor<6x17x24xf32>, tensor<6x37x24xf32>, tensor<6x17x37xf32>) -> tensor<6x17x37xf32> {
  ^bb0(%a: tensor<6x17x24xf32>, %w: tensor<6x37x24xf32>, %mk: tensor<6x17x37xf32>):
    %d = mindspore.constant dense<4.000000e+00> : tensor<f32>
    %m = mindspore.batch_matmul %a, %w {transpose_b = true} : (tensor<6x17x24xf32>, tensor<6x37x24xf32>) -> tensor<6x17x37xf32>
    %y = mindspore.real_div %m, %d : (tensor<6x17x37xf32>, tensor<f32>) -> tensor<6x17x37xf32>
    %z = mindspore.add %y, %mk : (tensor<6x17x37xf32>, tensor<6x17x37xf32>) -> tensor<6x17x37xf32>
    %p = mindspore.softmax %z {axis = 2} : tensor<6x17x37xf32>
    mindspore.yield %p : tensor<6x17x37xf32>
  }
  %oc = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_Add_LayerNorm_2" (%xc, %wc, %bc, %rc, %gc, %betac) : (tensor<33x48xf32>, tensor<48x40xf32>, tensor<40xf32>, tensor<33x40xf32>, tensor<40xf32>, tensor<40xf32>) -> tensor<33x40xf32> {
  ^bb0(%a: tensor<33x48xf32>, %w: tensor<48x40xf32>, %b: tensor<40xf32>, %r: tensor<33x40xf32>, %g: tensor<40xf32>, %be: tensor<40xf32>):
    %m = mindspore.matmul %a, %w : (tensor<33x48xf32>, tensor<48x40xf32>) -> tensor<33x40xf32>
    %y = mindspore.bias_add %m, %b : (tensor<33x40xf32>, tensor<40xf32>) -> tensor<33x40xf32>
    %z = mindspore.add %y, %r : (tensor<33x40xf32>, tensor<33x40xf32>) -> tensor<33x40xf32>
    %n = mindspore.layer_norm %z, %g, %be {begin_norm_axis = -1 : i64, begin_params_axis = -1 : i64, epsilon = 1.0e-5 : f32} : (tensor<33x40xf32>, tensor<40xf32>, tensor<40xf32>) -> tensor<33x40xf32>
    mindspore.yield %n : tensor<33x40xf32>
  }
  %od = mindspore.fusion "mix" "Fused_MatMul_LogSoftmax_3" (%xd, %wd) : (tensor<17x72xf32>, tensor<37x72xf32>) -> tensor<17x37xf32> {
  ^bb0(%a: tensor<17x72xf32>, %w: tensor<37x72xf32>):
    %m = mindspore.matmul %a, %w {transpose_b = true} : (tensor<17x72xf32>, tensor<37x72xf32>) -> tensor<17x37xf32>
    %p = mindspore.log_softmax %m {axis = 1} : tensor<17x37xf32>
    mindspore.yield %p : tensor<17x37xf32>
  }
  %oe:2 = mindspore.fusion "mix" "Fused_MatMul_ReduceMax_Sub_ReduceSum_4" (%xe, %we, %ce) : (tensor<50x24xf32>, tensor<24x37xf32>, tensor<50xf32>) -> (tensor<50x37xf32>, tensor<50xf32>) {
  ^bb0(%a: tensor<50x24xf32>, %w: tensor<24x37xf32>, %c: tensor<50xf32>):
    %eighth = mindspore.constant dense<1.250000e-01> : tensor<f32>
    %two = mindspore.constant dense<2.000000e+00> : tensor<f32>
    %m = mindspore.matmul %a, %w : (tensor<50x24xf32>, tensor<24x37xf32>) -> tensor<50x37xf32>
    %mx = mindspore.reduce_max %m, [-1] {keep_dims = true} : (tensor<50x37xf32>) -> tensor<50x1xf32>
    %sh = mindspore.sub %m, %mx : (tensor<50x37xf32>, tensor<50x1xf32>) -> tensor<50x37xf32>
    %sm = mindspore.reduce_sum %m, [1] {keep_dims = true} : (tensor<50x37xf32>) -> tensor<50x1xf32>
    %sc = mindspore.mul %sm, %eighth : (tensor<50x1xf32>, tensor<f32>) -> tensor<50x1xf32>
    %y = mindspore.mul %sh, %sc : (tensor<50x37xf32>, tensor<50x1xf32>) -> tensor<50x37xf32>
    %mean = mindspore.reduce_mean %m, [1] : (tensor<50x37xf32>) -> tensor<50xf32>
    %m2 = mindspore.mul %mean, %two : (tensor<50xf32>, tensor<f32>) -> tensor<50xf32>
    %o = mindspore.add %m2, %c : (tensor<50xf32>, tensor<50xf32>) -> tensor<50xf32>
    mindspore.yield %y, %o : tensor<50x37xf32>, tensor<50xf32>
  }
  %of = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_Softmax_5" (%xf, %wf, %bf) : (tensor<33x32xf16>, tensor<48x32xf16>, tensor<48xf16>) -> tensor<33x48xf16> {
  ^bb0(%a: tensor<33x32xf16>, %w: tensor<48x32xf16>, %b: tensor<48xf16>):
    %m = mindspore.matmul %a, %w {transpose_b = true} : (tensor<33x32xf16>, tensor<48x32xf16>) -> tensor<33x48xf16>
    %y = mindspore.bias_add %m, %b : (tensor<33x48xf16>, tensor<48xf16>) -> tensor<33x48xf16>
    %p = mindspore.softmax %y {axis = -1} : tensor<33x48xf16>
    mindspore.yield %p : tensor<33x48xf16>
  }
  %og = mindspore.log_softmax %wd {axis = -1} : tensor<37x72xf32>
  return %oa, %ob, %oc, %od, %oe#0, %oe#1, %of, %og : tensor<130x70xf32>, tensor<6x17x37xf32>, tensor<33x40xf32>, tensor<17x37xf32>, tensor<50x37xf32>, tensor<50xf32>, tensor<33x48xf16>, tensor<37x72xf32>
}
