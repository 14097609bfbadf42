// The plugin loads into Debian's stock mlir-opt and runs an ascend-opt pass.
// RUN: %mlir_opt %s --load-dialect-plugin=%ascend_plugin --load-pass-plugin=%ascend_plugin --pass-pipeline="builtin.module(ascend-mindspore-fold-transpose)" | FileCheck %s

// CHECK-LABEL: func.func @linear_in_stock_mlir_opt
// CHECK: mindspore.matmul %{{.*}}, %{{.*}} {transpose_b = true}
func.func @linear_in_stock_mlir_opt(%x: tensor<4x32xf32>, %w: tensor<10x32xf32>) -> tensor<4x10xf32> {
  %t = mindspore.transpose %w, [1, 0] : (tensor<10x32xf32>) -> tensor<32x10xf32>
  %m = mindspore.matmul %x, %t : (tensor<4x32xf32>, tensor<32x10xf32>) -> tensor<4x10xf32>
  return %m : tensor<4x10xf32>
}
