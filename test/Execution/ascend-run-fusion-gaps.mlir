// REQUIRES: torch
// Fusion cases LLM graphs hit (issue 22), each one Vector kernel, checked on
// the CPU against PyTorch eager (test/Execution/Inputs/fusion_gaps_runs.py):
// - SwiGLU: split in two along the last axis, SiLU of the first half times
//   the second ([6, 40] f32, ragged over the cores);
// - GLU: the first half times Sigmoid of the second ([4, 3, 64] f32, the
//   split on the last axis of three);
// - GEGLU: GeLU of the first half times the second;
// - a split in three along a middle axis ([4, 6, 8] -> three [4, 2, 8]),
//   p + q * r;
// - an RMSNorm on one row [1, 1536] (the per-row mean is a column of one
//   row, not a scalar: one kernel, as at [256, 1536]);
// - a LayerNorm on one row [1, 768];
// - a RealDiv of [16, 512] by a [16, 1] column.
// Each Split result is a column window of the group's input, loaded per
// tile by a strided copy (docs/AICoreKernels.md "Splits feeding
// elementwise work").
// RUN: %python %S/Inputs/fusion_gaps_runs.py > %t.runs
// RUN: ascend-opt %s --ascend-graph-optimization-pipeline --ascend-mindspore-to-aicore-pipeline -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=COUNT < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %t.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %t.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// Seven kernels, one per case, and no primitive left at the mindspore level.
// COUNT-COUNT-7: aicore.kernel @
// COUNT-NOT: aicore.kernel @
// COUNT-NOT: = mindspore.
// KERNELS-DAG: aicore.kernel @Fused_Split_SiLU_Mul_{{[0-9]+}}(%arg0: memref<6x40xf32, #aicore.space<gm>>, %arg1: memref<6x20xf32, #aicore.space<gm>>)
// KERNELS-DAG: aicore.kernel @Fused_Split_Sigmoid_Mul_{{[0-9]+}}(%arg0: memref<4x3x64xf32, #aicore.space<gm>>, %arg1: memref<4x3x32xf32, #aicore.space<gm>>)
// KERNELS-DAG: aicore.kernel @Fused_Split_GeLU_Mul_{{[0-9]+}}(%arg0: memref<5x96xf32, #aicore.space<gm>>, %arg1: memref<5x48xf32, #aicore.space<gm>>)
// KERNELS-DAG: aicore.kernel @Fused_Split_Mul_Add_{{[0-9]+}}(%arg0: memref<4x6x8xf32, #aicore.space<gm>>, %arg1: memref<4x2x8xf32, #aicore.space<gm>>)
// KERNELS-DAG: aicore.kernel @Fused_Mul_ReduceMean_Add_Rsqrt_{{[0-9]+}}(%arg0: memref<1x1536xf32, #aicore.space<gm>>, %arg1: memref<1536xf32, #aicore.space<gm>>, %arg2: memref<1x1536xf32, #aicore.space<gm>>)
// KERNELS-DAG: aicore.kernel @LayerNorm_{{[0-9]+}}(
// KERNELS-DAG: aicore.kernel @RealDiv_{{[0-9]+}}(

func.func @main(%x0: tensor<6x40xf32>, %x1: tensor<4x3x64xf32>,
                %x2: tensor<5x96xf32>, %x3: tensor<4x6x8xf32>,
                %x4: tensor<1x1536xf32>, %g4: tensor<1536xf32>,
                %x5: tensor<1x768xf32>, %g5: tensor<768xf32>,
                %b5: tensor<768xf32>, %x6: tensor<16x512xf32>,
                %d6: tensor<16x1xf32>)
    -> (tensor<6x20xf32>, tensor<4x3x32xf32>, tensor<5x48xf32>,
        tensor<4x2x8xf32>, tensor<1x1536xf32>, tensor<1x768xf32>,
        tensor<16x512xf32>) {
  %s0:2 = mindspore.split %x0 {axis = 1 : i64, output_num = 2 : i64} : (tensor<6x40xf32>) -> (tensor<6x20xf32>, tensor<6x20xf32>)
  %a0 = mindspore.silu %s0#0 : tensor<6x20xf32>
  %y0 = mindspore.mul %a0, %s0#1 : (tensor<6x20xf32>, tensor<6x20xf32>) -> tensor<6x20xf32>

  %s1:2 = mindspore.split %x1 {axis = -1 : i64, output_num = 2 : i64} : (tensor<4x3x64xf32>) -> (tensor<4x3x32xf32>, tensor<4x3x32xf32>)
  %a1 = mindspore.sigmoid %s1#1 : tensor<4x3x32xf32>
  %y1 = mindspore.mul %s1#0, %a1 : (tensor<4x3x32xf32>, tensor<4x3x32xf32>) -> tensor<4x3x32xf32>

  %s2:2 = mindspore.split %x2 {axis = 1 : i64, output_num = 2 : i64} : (tensor<5x96xf32>) -> (tensor<5x48xf32>, tensor<5x48xf32>)
  %a2 = mindspore.gelu %s2#0 : tensor<5x48xf32>
  %y2 = mindspore.mul %a2, %s2#1 : (tensor<5x48xf32>, tensor<5x48xf32>) -> tensor<5x48xf32>

  %s3:3 = mindspore.split %x3 {axis = 1 : i64, output_num = 3 : i64} : (tensor<4x6x8xf32>) -> (tensor<4x2x8xf32>, tensor<4x2x8xf32>, tensor<4x2x8xf32>)
  %m3 = mindspore.mul %s3#1, %s3#2 : (tensor<4x2x8xf32>, tensor<4x2x8xf32>) -> tensor<4x2x8xf32>
  %y3 = mindspore.add %s3#0, %m3 : (tensor<4x2x8xf32>, tensor<4x2x8xf32>) -> tensor<4x2x8xf32>

  %sq = mindspore.mul %x4, %x4 : (tensor<1x1536xf32>, tensor<1x1536xf32>) -> tensor<1x1536xf32>
  %ms = mindspore.reduce_mean %sq, [1] {keep_dims = true} : (tensor<1x1536xf32>) -> tensor<1x1xf32>
  %eps = mindspore.constant dense<1.000000e-06> : tensor<f32>
  %v = mindspore.add %ms, %eps : (tensor<1x1xf32>, tensor<f32>) -> tensor<1x1xf32>
  %rs = mindspore.rsqrt %v : tensor<1x1xf32>
  %n4 = mindspore.mul %x4, %rs : (tensor<1x1536xf32>, tensor<1x1xf32>) -> tensor<1x1536xf32>
  %y4 = mindspore.mul %n4, %g4 : (tensor<1x1536xf32>, tensor<1536xf32>) -> tensor<1x1536xf32>

  %y5 = mindspore.layer_norm %x5, %g5, %b5 {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x768xf32>, tensor<768xf32>, tensor<768xf32>) -> tensor<1x768xf32>

  %y6 = mindspore.real_div %x6, %d6 : (tensor<16x512xf32>, tensor<16x1xf32>) -> tensor<16x512xf32>
  return %y0, %y1, %y2, %y3, %y4, %y5, %y6 : tensor<6x20xf32>, tensor<4x3x32xf32>, tensor<5x48xf32>, tensor<4x2x8xf32>, tensor<1x1536xf32>, tensor<1x768xf32>, tensor<16x512xf32>
}
