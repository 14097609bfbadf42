// Global average pooling (AdaptiveAvgPool2D to 1x1) outside any fusion
// group is a one-op Vector kernel: the mean over the trailing H and W axes
// of [N, C, H, W], a row reduction of the [N*C, H*W] view. Ragged shapes
// (batch 2, odd C, H and W, an f16 case, a 527-element row, H = W = 1)
// against torch's adaptive_avg_pool2d in float64 (Inputs/
// global_average_pool_runs.py); the mindspore level gives the same numbers.
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/global-average-pool.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/global-average-pool.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch

// KERNELS-LABEL: func.func @main
// KERNELS-NOT: mindspore.
// KERNELS-COUNT-4: aicore.launch @AdaptiveAvgPool2D_
// KERNELS-NOT: mindspore.
// KERNELS: return
func.func @main(%a: tensor<2x5x7x9xf32>, %b: tensor<2x3x13x11xf16>, %c: tensor<2x7x31x17xf32>, %d: tensor<2x9x1x1xf32>) -> (tensor<2x5x1x1xf32>, tensor<2x3x1x1xf16>, tensor<2x7x1x1xf32>, tensor<2x9x1x1xf32>) {
  %0 = mindspore.adaptive_avg_pool2d %a {output_size = array<i64: 1, 1>} : (tensor<2x5x7x9xf32>) -> tensor<2x5x1x1xf32>
  %1 = mindspore.adaptive_avg_pool2d %b {output_size = array<i64: 1, 1>} : (tensor<2x3x13x11xf16>) -> tensor<2x3x1x1xf16>
  %2 = mindspore.adaptive_avg_pool2d %c {output_size = array<i64: 1, 1>} : (tensor<2x7x31x17xf32>) -> tensor<2x7x1x1xf32>
  %3 = mindspore.adaptive_avg_pool2d %d {output_size = array<i64: 1, 1>} : (tensor<2x9x1x1xf32>) -> tensor<2x9x1x1xf32>
  return %0, %1, %2, %3 : tensor<2x5x1x1xf32>, tensor<2x3x1x1xf16>, tensor<2x7x1x1xf32>, tensor<2x9x1x1xf32>
}
