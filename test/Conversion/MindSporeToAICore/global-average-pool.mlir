// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s
// Every kernel passes the kernel model (no race, no deadlock).
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics -o /dev/null

// AdaptiveAvgPool2D to 1x1 (global average pooling, resnet18's) is the mean
// over the trailing H and W axes of [N, C, H, W]: a one-op Vector kernel
// named after the primitive, reducing rows of the [N*C, H*W] view and
// scaling by 1/(H*W). Other output sizes are pooling kernels of their own
// (PoolingKernels.cpp, test pooling-kernels.mlir).
// CHECK-LABEL: func.func @global_average_pool
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x7x9xf32>, %[[Y:.*]]: tensor<2x5x8x8xf32>)
// CHECK-NEXT: %[[G:.*]] = aicore.launch @AdaptiveAvgPool2D_[[K:[0-9]+]](%[[X]]) : (tensor<2x5x7x9xf32>) -> tensor<2x5x1x1xf32>
// CHECK-NEXT: %[[P:.*]] = aicore.launch @AdaptiveAvgPool2D_{{[0-9]+}}(%[[Y]]) : (tensor<2x5x8x8xf32>) -> tensor<2x5x2x2xf32>
// CHECK-NEXT: return %[[G]], %[[P]]
func.func @global_average_pool(%x: tensor<2x5x7x9xf32>, %y: tensor<2x5x8x8xf32>) -> (tensor<2x5x1x1xf32>, tensor<2x5x2x2xf32>) {
  %0 = mindspore.adaptive_avg_pool2d %x {output_size = array<i64: 1, 1>} : (tensor<2x5x7x9xf32>) -> tensor<2x5x1x1xf32>
  %1 = mindspore.adaptive_avg_pool2d %y {output_size = array<i64: 2, 2>} : (tensor<2x5x8x8xf32>) -> tensor<2x5x2x2xf32>
  return %0, %1 : tensor<2x5x1x1xf32>, tensor<2x5x2x2xf32>
}

// The kernel: 2*5 = 10 rows of 7*9 = 63 elements, one row per AI Core.
// CHECK: aicore.kernel @AdaptiveAvgPool2D_[[K]](%{{.*}}: memref<2x5x7x9xf32, #aicore.space<gm>>, %{{.*}}: memref<2x5x1x1xf32, #aicore.space<gm>>)
// CHECK-SAME: aicore.tile = {rows = 1 : i64, view = array<i64: 10, 63>}, block_dim = 10
// CHECK: aicore.copy {{.*}} : memref<1x63xf32, strided<[63, 1], offset: ?>, #aicore.space<gm>> to memref<1x63xf32, #aicore.space<ub>>
// CHECK: aicore.vreduce %[[IN:.*]], %[[OUT:.*]] {kind = "sum"} : memref<1x63xf32, #aicore.space<ub>>, memref<1x1xf32, #aicore.space<ub>>
// 1/63 in f32.
// CHECK-NEXT: aicore.vmuls %[[OUT]], %[[OUT]], 0.0158730168 : f32
// CHECK: aicore.copy %[[OUT]], {{.*}} : memref<1x1xf32, #aicore.space<ub>> to memref<1x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.return
