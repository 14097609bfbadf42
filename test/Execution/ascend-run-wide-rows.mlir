// REQUIRES: torch
// Rows wider than UB (issue 22): a softmax, a log-softmax and last-axis
// reductions, a LayerNorm and an RMSNorm (its primitives) whose one row does not fit the 192 KiB UB become multi-pass
// Vector kernels (WideRowKernels.cpp: the row streamed in 8192-column
// chunks; max, then the sum of exponentials, then the results), checked on
// the CPU against PyTorch eager (test/Execution/Inputs/wide_rows_runs.py).
// f16 and bf16 rows are computed in f32 (a vcast per chunk each way).
// Before, each was kept at the mindspore level ("does not fit UB at any
// tile size").
// RUN: %python %S/Inputs/wide_rows_runs.py > %t.runs
// RUN: ascend-opt %s --ascend-graph-optimization-pipeline --ascend-mindspore-to-aicore-pipeline -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %t.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// Sixteen kernels, one per op (the RMSNorms one each), nothing left at the
// mindspore level.
// RUN: FileCheck %s --check-prefix=COUNT < %t.aicore.mlir
// COUNT-NOT: = mindspore.
// COUNT-COUNT-16: aicore.kernel @
// COUNT-NOT: aicore.kernel @
// COUNT-NOT: = mindspore.

// KERNELS-DAG: aicore.kernel @Softmax_{{[0-9]+}}({{.*}}aicore.tile = {cols = 8192 : i64, passes = 3 : i64, rows = 1 : i64, view = array<i64: 3, 70000>}, block_dim = 3
// KERNELS-DAG: aicore.kernel @LogSoftmax_{{[0-9]+}}({{.*}}aicore.tile = {cols = 8192 : i64, passes = 3 : i64, rows = 1 : i64, view = array<i64: 2, 50000>}, block_dim = 2
// KERNELS-DAG: aicore.kernel @ReduceMax_{{[0-9]+}}({{.*}}aicore.tile = {cols = 8192 : i64, passes = 1 : i64, rows = 1 : i64, view = array<i64: 3, 60000>}, block_dim = 3
// KERNELS-DAG: aicore.kernel @ReduceMean_{{[0-9]+}}({{.*}}aicore.tile = {cols = 8192 : i64, passes = 1 : i64, rows = 1 : i64, view = array<i64: 2, 50001>}, block_dim = 2
// KERNELS-DAG: aicore.kernel @LayerNorm_{{[0-9]+}}({{.*}}aicore.tile = {cols = 8192 : i64, passes = 3 : i64, rows = 1 : i64, view = array<i64: 2, 60000>}, block_dim = 2
// KERNELS-DAG: aicore.kernel @Fused_Mul_ReduceMean_Add_Rsqrt_{{[0-9]+}}({{.*}}aicore.tile = {cols = 8192 : i64, passes = 2 : i64, rows = 1 : i64, view = array<i64: 2, 80000>}, block_dim = 2
// f16 / bf16 (computed in f32; a bf16 LayerNorm's nine buffers take
// chunks of 4096 columns):
// KERNELS-DAG: aicore.kernel @Softmax_{{[0-9]+}}(%arg0: memref<2x70000xf16, {{.*}}aicore.tile = {cols = 8192 : i64, passes = 3 : i64, rows = 1 : i64, view = array<i64: 2, 70000>}, block_dim = 2
// KERNELS-DAG: aicore.kernel @Fused_Mul_ReduceMean_Add_Rsqrt_{{[0-9]+}}(%arg0: memref<2x70000xbf16, {{.*}}aicore.tile = {cols = 8192 : i64, passes = 2 : i64, rows = 1 : i64, view = array<i64: 2, 70000>}, block_dim = 2
// KERNELS-DAG: aicore.kernel @ReduceMean_{{[0-9]+}}(%arg0: memref<3x100000xbf16, {{.*}}aicore.tile = {cols = 8192 : i64, passes = 1 : i64, rows = 1 : i64, view = array<i64: 3, 100000>}, block_dim = 3
// KERNELS-DAG: aicore.kernel @LayerNorm_{{[0-9]+}}(%arg0: memref<2x60000xbf16, {{.*}}aicore.tile = {cols = 4096 : i64, passes = 3 : i64, rows = 1 : i64, view = array<i64: 2, 60000>}, block_dim = 2
// Binary ops with a broadcast column or row (one pass; before: a
// BroadcastTo kernel, then the op):
// KERNELS-DAG: aicore.kernel @RealDiv_{{[0-9]+}}(%arg0: memref<3x70000xf32, {{.*}}aicore.tile = {cols = 8192 : i64, passes = 1 : i64, rows = 1 : i64, view = array<i64: 3, 70000>}, block_dim = 3
// KERNELS-DAG: aicore.kernel @Sub_{{[0-9]+}}(%arg0: memref<60000xf32, {{.*}}view = array<i64: 2, 60000>}, block_dim = 2
// KERNELS-DAG: aicore.kernel @Mul_{{[0-9]+}}(%arg0: memref<2x1xf32, {{.*}}view = array<i64: 2, 50000>}, block_dim = 2
// KERNELS-DAG: aicore.kernel @Add_{{[0-9]+}}(%arg0: memref<2x70000xbf16, {{.*}}view = array<i64: 2, 70000>}, block_dim = 2
// A log-softmax over an LLM vocabulary (151,936 f32 columns, 594 KiB a
// row: 19 chunks, the last 4480 wide):
// KERNELS-DAG: aicore.kernel @LogSoftmax_{{[0-9]+}}(%arg0: memref<2x151936xf32, {{.*}}aicore.tile = {cols = 8192 : i64, passes = 3 : i64, rows = 1 : i64, view = array<i64: 2, 151936>}, block_dim = 2
// KERNELS-DAG: aicore.kernel @ReduceSum_{{[0-9]+}}({{.*}}aicore.tile = {cols = 8192 : i64, passes = 1 : i64, rows = 1 : i64, view = array<i64: 2, 65536>}, block_dim = 2

func.func @main(%x0: tensor<3x70000xf32>, %x1: tensor<2x50000xf32>,
                %x2: tensor<3x60000xf32>, %x3: tensor<2x50001xf32>,
                %x4: tensor<2x65536xf32>, %x5: tensor<2x60000xf32>,
                %g5: tensor<60000xf32>, %b5: tensor<60000xf32>,
                %x6: tensor<2x80000xf32>, %g6: tensor<80000xf32>,
                %x7: tensor<2x70000xf16>, %x8: tensor<2x70000xbf16>,
                %g8: tensor<70000xbf16>, %x9: tensor<3x100000xbf16>,
                %x10: tensor<2x60000xbf16>, %g10: tensor<60000xbf16>,
                %b10: tensor<60000xbf16>,
                %x11: tensor<3x70000xf32>, %d11: tensor<3x1xf32>,
                %x12: tensor<2x60000xf32>, %r12: tensor<60000xf32>,
                %c13: tensor<2x1xf32>, %x13: tensor<2x50000xf32>,
                %x14: tensor<2x70000xbf16>, %r14: tensor<1x70000xbf16>,
                %x15: tensor<2x151936xf32>)
    -> (tensor<3x70000xf32>, tensor<2x50000xf32>, tensor<3x1xf32>,
        tensor<2xf32>, tensor<2xf32>, tensor<2x60000xf32>,
        tensor<2x80000xf32>, tensor<2x70000xf16>, tensor<2x70000xbf16>,
        tensor<3xbf16>, tensor<2x60000xbf16>, tensor<3x70000xf32>,
        tensor<2x60000xf32>, tensor<2x50000xf32>, tensor<2x70000xbf16>,
        tensor<2x151936xf32>) {
  %0 = mindspore.softmax %x0 {axis = -1 : i64} : tensor<3x70000xf32>
  %1 = mindspore.log_softmax %x1 {axis = -1 : i64} : tensor<2x50000xf32>
  %2 = mindspore.reduce_max %x2, [1] {keep_dims = true} : (tensor<3x60000xf32>) -> tensor<3x1xf32>
  %3 = mindspore.reduce_mean %x3, [-1] : (tensor<2x50001xf32>) -> tensor<2xf32>
  %4 = mindspore.reduce_sum %x4, [1] : (tensor<2x65536xf32>) -> tensor<2xf32>
  %5 = mindspore.layer_norm %x5, %g5, %b5 {begin_norm_axis = -1 : i64, begin_params_axis = -1 : i64, epsilon = 1.000000e-05 : f32} : (tensor<2x60000xf32>, tensor<60000xf32>, tensor<60000xf32>) -> tensor<2x60000xf32>
  // RMSNorm as the primitives MindSpore's graph holds for it.
  %sq = mindspore.mul %x6, %x6 : (tensor<2x80000xf32>, tensor<2x80000xf32>) -> tensor<2x80000xf32>
  %ms = mindspore.reduce_mean %sq, [1] {keep_dims = true} : (tensor<2x80000xf32>) -> tensor<2x1xf32>
  %e = mindspore.constant dense<1.000000e-06> : tensor<f32>
  %v = mindspore.add %ms, %e : (tensor<2x1xf32>, tensor<f32>) -> tensor<2x1xf32>
  %r = mindspore.rsqrt %v : tensor<2x1xf32>
  %n = mindspore.mul %x6, %r : (tensor<2x80000xf32>, tensor<2x1xf32>) -> tensor<2x80000xf32>
  %6 = mindspore.mul %n, %g6 : (tensor<2x80000xf32>, tensor<80000xf32>) -> tensor<2x80000xf32>
  // f16 and bf16: loaded as they are, computed in f32.
  %7 = mindspore.softmax %x7 {axis = -1 : i64} : tensor<2x70000xf16>
  %sq8 = mindspore.mul %x8, %x8 : (tensor<2x70000xbf16>, tensor<2x70000xbf16>) -> tensor<2x70000xbf16>
  %ms8 = mindspore.reduce_mean %sq8, [1] {keep_dims = true} : (tensor<2x70000xbf16>) -> tensor<2x1xbf16>
  %e8 = mindspore.constant dense<1.000000e-06> : tensor<bf16>
  %v8 = mindspore.add %ms8, %e8 : (tensor<2x1xbf16>, tensor<bf16>) -> tensor<2x1xbf16>
  %r8 = mindspore.rsqrt %v8 : tensor<2x1xbf16>
  %n8 = mindspore.mul %x8, %r8 : (tensor<2x70000xbf16>, tensor<2x1xbf16>) -> tensor<2x70000xbf16>
  %8 = mindspore.mul %g8, %n8 : (tensor<70000xbf16>, tensor<2x70000xbf16>) -> tensor<2x70000xbf16>
  %9 = mindspore.reduce_mean %x9, [1] : (tensor<3x100000xbf16>) -> tensor<3xbf16>
  %10 = mindspore.layer_norm %x10, %g10, %b10 {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 1.000000e-05 : f32} : (tensor<2x60000xbf16>, tensor<60000xbf16>, tensor<60000xbf16>) -> tensor<2x60000xbf16>
  // Binary ops with a broadcast column or row: one kernel, the column's
  // value read once per row, the row's chunk with each chunk.
  %11 = mindspore.real_div %x11, %d11 : (tensor<3x70000xf32>, tensor<3x1xf32>) -> tensor<3x70000xf32>
  %12 = mindspore.sub %r12, %x12 : (tensor<60000xf32>, tensor<2x60000xf32>) -> tensor<2x60000xf32>
  %13 = mindspore.mul %c13, %x13 : (tensor<2x1xf32>, tensor<2x50000xf32>) -> tensor<2x50000xf32>
  %14 = mindspore.add %x14, %r14 : (tensor<2x70000xbf16>, tensor<1x70000xbf16>) -> tensor<2x70000xbf16>
  // An LLM vocabulary's logits (Qwen: 151,936 tokens).
  %15 = mindspore.log_softmax %x15 {axis = -1 : i64} : tensor<2x151936xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : tensor<3x70000xf32>, tensor<2x50000xf32>, tensor<3x1xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x60000xf32>, tensor<2x80000xf32>, tensor<2x70000xf16>, tensor<2x70000xbf16>, tensor<3xbf16>, tensor<2x60000xbf16>, tensor<3x70000xf32>, tensor<2x60000xf32>, tensor<2x50000xf32>, tensor<2x70000xbf16>, tensor<2x151936xf32>
}
