// RUN: ascend-opt %s -split-input-file | ascend-opt | FileCheck %s
// RUN: ascend-opt %s -split-input-file -mlir-print-op-generic | ascend-opt | FileCheck %s

// A MIX group round-trips: inputs bound to block arguments, yield = results.
// CHECK-LABEL: func.func @mix_group
// CHECK: mindspore.fusion "mix" "Fused_MatMul_BiasAdd_0"(%arg0, %arg1, %arg2) : (tensor<8x32xf32>, tensor<16x32xf32>, tensor<16xf32>) -> tensor<8x16xf32> {
// CHECK: ^bb0(%[[A:.*]]: tensor<8x32xf32>, %[[W:.*]]: tensor<16x32xf32>, %[[B:.*]]: tensor<16xf32>):
// CHECK: %[[M:.*]] = mindspore.matmul %[[A]], %[[W]] {transpose_b = true}
// CHECK: %[[Y:.*]] = mindspore.bias_add %[[M]], %[[B]]
// CHECK: mindspore.yield %[[Y]] : tensor<8x16xf32>
func.func @mix_group(%x: tensor<8x32xf32>, %w: tensor<16x32xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %r = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_0"(%x, %w, %b) : (tensor<8x32xf32>, tensor<16x32xf32>, tensor<16xf32>) -> tensor<8x16xf32> {
  ^bb0(%a: tensor<8x32xf32>, %c: tensor<16x32xf32>, %d: tensor<16xf32>):
    %m = mindspore.matmul %a, %c {transpose_b = true} : (tensor<8x32xf32>, tensor<16x32xf32>) -> tensor<8x16xf32>
    %y = mindspore.bias_add %m, %d : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
    mindspore.yield %y : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// -----

// A reduction group with two results and a cloned constant.
// CHECK-LABEL: func.func @reduction_group
// CHECK: mindspore.fusion "reduction" "Fused_Sub_Exp_ReduceSum_1"(%arg0) : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>)
// CHECK: mindspore.constant
// CHECK: mindspore.yield %{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<4x1xf32>
func.func @reduction_group(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>) {
  %e, %s = mindspore.fusion "reduction" "Fused_Sub_Exp_ReduceSum_1"(%x) : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>) {
  ^bb0(%a: tensor<4x8xf32>):
    %one = mindspore.constant dense<1.0> : tensor<f32>
    %d = mindspore.sub %a, %one : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %ex = mindspore.exp %d : tensor<4x8xf32>
    %sum = mindspore.reduce_sum %ex, [1] {keep_dims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
    mindspore.yield %ex, %sum : tensor<4x8xf32>, tensor<4x1xf32>
  }
  return %e, %s : tensor<4x8xf32>, tensor<4x1xf32>
}
