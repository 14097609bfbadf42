// MaxPool, AvgPool and AdaptiveAvgPool2D (any output size) outside any fusion
// group are one-op Vector kernels (PoolingKernels.cpp): tiles of whole planes
// or of output rows with their halo rows, the window rows reduced row by row,
// the window columns gathered. Ragged H and W, resnet18's MaxPool (3x3,
// stride 2, pad 1), ceil_mode, asymmetric pads, f16, bf16, a 150x333 plane
// larger than UB, many small planes (tiles of whole planes), uneven and
// overlapping adaptive windows, against torch's max_pool2d / avg_pool2d /
// adaptive_avg_pool2d in float64
// (Inputs/pooling_kernels_runs.py); the mindspore level gives the same numbers.
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=PLANES < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/pooling-kernels.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/pooling-kernels.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch

// KERNELS-LABEL: func.func @main
// KERNELS-NOT: mindspore.
// KERNELS-COUNT-2: aicore.launch @{{(MaxPool|AvgPool)}}_
// KERNELS-COUNT-2: aicore.launch @{{(MaxPool|AdaptiveAvgPool2D)}}_
// KERNELS-COUNT-2: aicore.launch @{{(MaxPool|AvgPool)}}_
// KERNELS-COUNT-2: aicore.launch @{{(MaxPool|AvgPool)}}_
// KERNELS-COUNT-2: aicore.launch @{{(MaxPool|AvgPool)}}_
// KERNELS-COUNT-3: aicore.launch @{{(MaxPool|AvgPool|AdaptiveAvgPool2D)}}_
// KERNELS-COUNT-3: aicore.launch @AdaptiveAvgPool2D_
// KERNELS-NEXT: aicore.launch @MaxPool_
// KERNELS-NEXT: aicore.launch @AdaptiveAvgPool2D_
// KERNELS-NEXT: aicore.launch @MaxPool_
// KERNELS-NEXT: aicore.launch @AdaptiveAvgPool2D_
// KERNELS-NEXT: aicore.launch @AvgPool_
// KERNELS-NEXT: aicore.launch @MaxPool_
// KERNELS-NEXT: aicore.launch @AdaptiveAvgPool2D_
// KERNELS-NOT: mindspore.
// KERNELS: return
// Every kernel has a cost estimate from the kernel model.
// KERNELS-COUNT-23: aicore.kernel @{{(MaxPool|AvgPool|AdaptiveAvgPool2D)_[0-9]+}}({{.*}}aicore.estimate = {cycles =
// KERNELS-NOT: aicore.kernel

// Many small planes: tiles of several whole planes (400 planes in groups of
// 9, the last group moved back).
// PLANES: aicore.kernel @MaxPool_{{[0-9]+}}(%{{.*}}: memref<2x96x6x7xf32, {{.*}}aicore.tile = {in_rows = 6 : i64, planes = [[P:[2-9]|[1-9][0-9]+]] : i64, rows = 3 : i64
// PLANES: aicore.kernel @MaxPool_{{[0-9]+}}(%{{.*}}: memref<2x200x5x5xf16, {{.*}}aicore.tile = {in_rows = 5 : i64, planes = 9 : i64, rows = 2 : i64
func.func @main(%a: tensor<2x3x17x23xf32>, %b: tensor<1x2x57x61xf32>, %c: tensor<1x3x9x13xf32>, %d: tensor<2x2x10x9xf16>, %e: tensor<1x4x31x29xf32>, %f: tensor<1x1x150x333xf32>, %g: tensor<2x3x13x11xf32>, %h: tensor<1x4x10x9xf16>, %i: tensor<1x2x3x4xf32>, %j: tensor<1x2x9x11xbf16>, %k: tensor<2x96x6x7xf32>, %l: tensor<2x200x5x5xf16>)
    -> (tensor<2x3x9x12xf32>, tensor<2x3x8x11xf32>, tensor<1x2x29x31xf32>, tensor<1x2x7x5xf32>, tensor<1x3x5x7xf32>, tensor<1x3x4x6xf32>, tensor<2x2x10x5xf16>, tensor<2x2x5x4xf16>, tensor<1x4x11x11xf32>, tensor<1x4x10x27xf32>, tensor<1x1x75x167xf32>, tensor<1x1x7x9xf32>, tensor<1x1x50x111xf32>, tensor<2x3x5x7xf32>, tensor<1x4x3x4xf16>, tensor<1x2x5x6xf32>, tensor<1x2x5x6xbf16>, tensor<1x2x3x4xbf16>, tensor<2x96x3x4xf32>, tensor<2x96x4x5xf32>, tensor<2x96x3x3xf32>, tensor<2x200x2x2xf16>, tensor<2x200x3x2xf16>) {
  %a0 = mindspore.max_pool %a {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<2x3x17x23xf32>) -> tensor<2x3x9x12xf32>
  %a1 = mindspore.avg_pool %a {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<2x3x17x23xf32>) -> tensor<2x3x8x11xf32>
  %b0 = mindspore.max_pool %b {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x2x57x61xf32>) -> tensor<1x2x29x31xf32>
  %b1 = mindspore.adaptive_avg_pool2d %b {output_size = array<i64: 7, 5>} : (tensor<1x2x57x61xf32>) -> tensor<1x2x7x5xf32>
  %c0 = mindspore.max_pool %c {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, ceil_mode = true} : (tensor<1x3x9x13xf32>) -> tensor<1x3x5x7xf32>
  %c1 = mindspore.avg_pool %c {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x9x13xf32>) -> tensor<1x3x4x6xf32>
  %d0 = mindspore.max_pool %d {kernel_size = array<i64: 3, 2>, strides = array<i64: 1, 2>, pad = array<i64: 1, 1, 0, 1>} : (tensor<2x2x10x9xf16>) -> tensor<2x2x10x5xf16>
  %d1 = mindspore.avg_pool %d {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<2x2x10x9xf16>) -> tensor<2x2x5x4xf16>
  %e0 = mindspore.max_pool %e {kernel_size = array<i64: 5, 5>, strides = array<i64: 3, 3>, pad = array<i64: 2, 2, 2, 2>, ceil_mode = true} : (tensor<1x4x31x29xf32>) -> tensor<1x4x11x11xf32>
  %e1 = mindspore.avg_pool %e {kernel_size = array<i64: 4, 3>, strides = array<i64: 3, 1>} : (tensor<1x4x31x29xf32>) -> tensor<1x4x10x27xf32>
  %f0 = mindspore.max_pool %f {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x1x150x333xf32>) -> tensor<1x1x75x167xf32>
  %f1 = mindspore.adaptive_avg_pool2d %f {output_size = array<i64: 7, 9>} : (tensor<1x1x150x333xf32>) -> tensor<1x1x7x9xf32>
  %f2 = mindspore.avg_pool %f {kernel_size = array<i64: 3, 3>, strides = array<i64: 3, 3>} : (tensor<1x1x150x333xf32>) -> tensor<1x1x50x111xf32>
  %g0 = mindspore.adaptive_avg_pool2d %g {output_size = array<i64: 5, 7>} : (tensor<2x3x13x11xf32>) -> tensor<2x3x5x7xf32>
  %h0 = mindspore.adaptive_avg_pool2d %h {output_size = array<i64: 3, 4>} : (tensor<1x4x10x9xf16>) -> tensor<1x4x3x4xf16>
  %i0 = mindspore.adaptive_avg_pool2d %i {output_size = array<i64: 5, 6>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x6xf32>
  %j0 = mindspore.max_pool %j {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x2x9x11xbf16>) -> tensor<1x2x5x6xbf16>
  %j1 = mindspore.adaptive_avg_pool2d %j {output_size = array<i64: 3, 4>} : (tensor<1x2x9x11xbf16>) -> tensor<1x2x3x4xbf16>
  %k0 = mindspore.max_pool %k {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<2x96x6x7xf32>) -> tensor<2x96x3x4xf32>
  %k1 = mindspore.adaptive_avg_pool2d %k {output_size = array<i64: 4, 5>} : (tensor<2x96x6x7xf32>) -> tensor<2x96x4x5xf32>
  %k2 = mindspore.avg_pool %k {kernel_size = array<i64: 2, 3>, strides = array<i64: 2, 2>} : (tensor<2x96x6x7xf32>) -> tensor<2x96x3x3xf32>
  %l0 = mindspore.max_pool %l {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<2x200x5x5xf16>) -> tensor<2x200x2x2xf16>
  %l1 = mindspore.adaptive_avg_pool2d %l {output_size = array<i64: 3, 2>} : (tensor<2x200x5x5xf16>) -> tensor<2x200x3x2xf16>
  return %a0, %a1, %b0, %b1, %c0, %c1, %d0, %d1, %e0, %e1, %f0, %f1, %f2, %g0, %h0, %i0, %j0, %j1, %k0, %k1, %k2, %l0, %l1 : tensor<2x3x9x12xf32>, tensor<2x3x8x11xf32>, tensor<1x2x29x31xf32>, tensor<1x2x7x5xf32>, tensor<1x3x5x7xf32>, tensor<1x3x4x6xf32>, tensor<2x2x10x5xf16>, tensor<2x2x5x4xf16>, tensor<1x4x11x11xf32>, tensor<1x4x10x27xf32>, tensor<1x1x75x167xf32>, tensor<1x1x7x9xf32>, tensor<1x1x50x111xf32>, tensor<2x3x5x7xf32>, tensor<1x4x3x4xf16>, tensor<1x2x5x6xf32>, tensor<1x2x5x6xbf16>, tensor<1x2x3x4xbf16>, tensor<2x96x3x4xf32>, tensor<2x96x4x5xf32>, tensor<2x96x3x3xf32>, tensor<2x200x2x2xf16>, tensor<2x200x3x2xf16>
}
