// RUN: ascend-opt %s --convert-mindspore-to-aicore | FileCheck %s

// Vector and MIX fusion groups share one kernel only when their bodies are
// the same, attributes included: the constants, the reduced axis and the
// MatMul's transposition are inherent attributes (properties) of their ops,
// so groups that differ only there get kernels of their own.

// Same body: one kernel, launched twice.
// CHECK-LABEL: func.func @same
// CHECK: %[[A:.*]] = aicore.launch @Fused_Mul_0(%arg0)
// CHECK-NEXT: aicore.launch @Fused_Mul_0(%[[A]])
func.func @same(%x: tensor<96xf32>) -> tensor<96xf32> {
  %r = mindspore.fusion "vector" "Fused_Mul_0" (%x) : (tensor<96xf32>) -> tensor<96xf32> {
  ^bb0(%a: tensor<96xf32>):
    %c = mindspore.constant dense<5.000000e-01> : tensor<f32>
    %s = mindspore.mul %a, %c : (tensor<96xf32>, tensor<f32>) -> tensor<96xf32>
    mindspore.yield %s : tensor<96xf32>
  }
  %q = mindspore.fusion "vector" "Fused_Mul_1" (%r) : (tensor<96xf32>) -> tensor<96xf32> {
  ^bb0(%a: tensor<96xf32>):
    %c = mindspore.constant dense<5.000000e-01> : tensor<f32>
    %s = mindspore.mul %a, %c : (tensor<96xf32>, tensor<f32>) -> tensor<96xf32>
    mindspore.yield %s : tensor<96xf32>
  }
  return %q : tensor<96xf32>
}

// Only the constant differs (from each other and from @same's): two more
// kernels, each multiplying by its own.
// CHECK-LABEL: func.func @other_constant
// CHECK: %[[B:.*]] = aicore.launch @Fused_Mul_2(%arg0)
// CHECK-NEXT: aicore.launch @Fused_Mul_3(%[[B]])
func.func @other_constant(%x: tensor<96xf32>) -> tensor<96xf32> {
  %r = mindspore.fusion "vector" "Fused_Mul_2" (%x) : (tensor<96xf32>) -> tensor<96xf32> {
  ^bb0(%a: tensor<96xf32>):
    %c = mindspore.constant dense<2.000000e+00> : tensor<f32>
    %s = mindspore.mul %a, %c : (tensor<96xf32>, tensor<f32>) -> tensor<96xf32>
    mindspore.yield %s : tensor<96xf32>
  }
  %q = mindspore.fusion "vector" "Fused_Mul_3" (%r) : (tensor<96xf32>) -> tensor<96xf32> {
  ^bb0(%a: tensor<96xf32>):
    %c = mindspore.constant dense<3.000000e+00> : tensor<f32>
    %s = mindspore.mul %a, %c : (tensor<96xf32>, tensor<f32>) -> tensor<96xf32>
    mindspore.yield %s : tensor<96xf32>
  }
  return %q : tensor<96xf32>
}

// Only the reduced axis differs (same input and result types).
// CHECK-LABEL: func.func @other_axis
// CHECK: aicore.launch @Fused_ReduceSum_4(%arg0)
// CHECK-NEXT: aicore.launch @Fused_ReduceSum_5(%arg0)
func.func @other_axis(%x: tensor<64x64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %r = mindspore.fusion "reduction" "Fused_ReduceSum_4" (%x) : (tensor<64x64xf32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<64x64xf32>):
    %s = mindspore.reduce_sum %a, [0] : (tensor<64x64xf32>) -> tensor<64xf32>
    mindspore.yield %s : tensor<64xf32>
  }
  %q = mindspore.fusion "reduction" "Fused_ReduceSum_5" (%x) : (tensor<64x64xf32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<64x64xf32>):
    %s = mindspore.reduce_sum %a, [1] : (tensor<64x64xf32>) -> tensor<64xf32>
    mindspore.yield %s : tensor<64xf32>
  }
  return %r, %q : tensor<64xf32>, tensor<64xf32>
}

// MIX groups that differ only in the MatMul's transpose_b (a square weight:
// the same types): two kernels.
// CHECK-LABEL: func.func @other_transpose
// CHECK: %[[M:.*]] = aicore.launch @Fused_MatMul_ReLU_6(%arg0, %arg1)
// CHECK-NEXT: aicore.launch @Fused_MatMul_ReLU_7(%[[M]], %arg1)
func.func @other_transpose(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = mindspore.fusion "mix" "Fused_MatMul_ReLU_6" (%x, %w) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32> {
  ^bb0(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>):
    %m = mindspore.matmul %a, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %u = mindspore.relu %m : tensor<64x64xf32>
    mindspore.yield %u : tensor<64x64xf32>
  }
  %q = mindspore.fusion "mix" "Fused_MatMul_ReLU_7" (%r, %w) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32> {
  ^bb0(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>):
    %m = mindspore.matmul %a, %b {transpose_b = true} : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %u = mindspore.relu %m : tensor<64x64xf32>
    mindspore.yield %u : tensor<64x64xf32>
  }
  return %q : tensor<64x64xf32>
}

// Each kernel holds its own constant as the vmuls immediate.
// CHECK-LABEL: aicore.kernel @Fused_Mul_0
// CHECK: aicore.vmuls {{.*}}, 5.000000e-01 : f32
// CHECK-NOT: aicore.kernel @Fused_Mul_1
// CHECK-LABEL: aicore.kernel @Fused_Mul_2
// CHECK: aicore.vmuls {{.*}}, 2.000000e+00 : f32
// CHECK-LABEL: aicore.kernel @Fused_Mul_3
// CHECK: aicore.vmuls {{.*}}, 3.000000e+00 : f32
// CHECK-LABEL: aicore.kernel @Fused_ReduceSum_4
// CHECK-LABEL: aicore.kernel @Fused_ReduceSum_5
// CHECK-LABEL: aicore.kernel @Fused_MatMul_ReLU_6
// CHECK-LABEL: aicore.kernel @Fused_MatMul_ReLU_7
