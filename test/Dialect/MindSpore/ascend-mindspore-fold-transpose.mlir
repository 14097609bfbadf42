// RUN: ascend-opt %s --ascend-mindspore-fold-transpose | FileCheck %s

mindspore.parameter @"fc.weight" : tensor<10x32xf32>

// CHECK-LABEL: func.func @linear_weight_transpose_folds_into_matmul
// CHECK: %[[W:.*]] = mindspore.load @fc.weight
// CHECK-NOT: mindspore.transpose
// CHECK: mindspore.matmul %{{.*}}, %[[W]] {transpose_b = true} : (tensor<4x32xf32>, tensor<10x32xf32>) -> tensor<4x10xf32>
func.func @linear_weight_transpose_folds_into_matmul(%x: tensor<4x32xf32>) -> tensor<4x10xf32> {
  %w = mindspore.load @"fc.weight" : tensor<10x32xf32>
  %t = mindspore.transpose %w, [1, 0] : (tensor<10x32xf32>) -> tensor<32x10xf32>
  %m = mindspore.matmul %x, %t : (tensor<4x32xf32>, tensor<32x10xf32>) -> tensor<4x10xf32>
  return %m : tensor<4x10xf32>
}

// CHECK-LABEL: func.func @double_transpose_flips_back
// CHECK: mindspore.matmul %{{.*}}, %{{.*}} {transpose_a = true} : (tensor<8x4xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
func.func @double_transpose_flips_back(%x: tensor<8x4xf32>, %y: tensor<8x3xf32>) -> tensor<4x3xf32> {
  %t = mindspore.transpose %x, [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %m = mindspore.matmul %t, %y : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %m : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @non_matrix_transpose_is_kept
// CHECK: mindspore.transpose
func.func @non_matrix_transpose_is_kept(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %t = mindspore.transpose %x, [2, 1, 0] : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %t : tensor<4x3x2xf32>
}

// A transpose of a transpose flips the flag back: the MatMul reads the
// original operand and both transposes go.
// CHECK-LABEL: func.func @transpose_chain_folds_whole
// CHECK-NOT: mindspore.transpose
// CHECK: mindspore.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
// CHECK-NOT: mindspore.transpose
func.func @transpose_chain_folds_whole(%x: tensor<4x8xf32>, %y: tensor<8x3xf32>) -> tensor<4x3xf32> {
  %t = mindspore.transpose %y, [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
  %tt = mindspore.transpose %t, [1, 0] : (tensor<3x8xf32>) -> tensor<8x3xf32>
  %m = mindspore.matmul %x, %tt : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %m : tensor<4x3xf32>
}

// A transpose with another reader stays for it.
// CHECK-LABEL: func.func @shared_transpose_is_kept
// CHECK: %[[T:.*]] = mindspore.transpose %arg1, [1, 0]
// CHECK: mindspore.matmul %arg0, %arg1 {transpose_b = true}
// CHECK: mindspore.relu %[[T]]
func.func @shared_transpose_is_kept(%x: tensor<4x8xf32>, %y: tensor<3x8xf32>) -> (tensor<4x3xf32>, tensor<8x3xf32>) {
  %t = mindspore.transpose %y, [1, 0] : (tensor<3x8xf32>) -> tensor<8x3xf32>
  %m = mindspore.matmul %x, %t : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  %r = mindspore.relu %t : tensor<8x3xf32>
  return %m, %r : tensor<4x3xf32>, tensor<8x3xf32>
}
