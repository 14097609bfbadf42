// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics -o /dev/null

// Groups with a Split that one Vector kernel does not take (docs/
// AICoreKernels.md "Splits feeding elementwise work"): the group is kept
// with a remark, then its primitives are converted one by one (the Split
// a copy kernel, the rest one-op kernels).

// The Split cuts a value the group computes (only group inputs are cut).
func.func @computed(%x: tensor<4x16xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{fusion group 'Fused_ReLU_Split_Mul_0' kept at the mindspore level: its Split cuts a value computed in the group}}
  %r = mindspore.fusion "vector" "Fused_ReLU_Split_Mul_0" (%x) : (tensor<4x16xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x16xf32>):
    %h = mindspore.relu %a : tensor<4x16xf32>
    %p:2 = mindspore.split %h {axis = 1 : i64, output_num = 2 : i64} : (tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %y = mindspore.mul %p#0, %p#1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    mindspore.yield %y : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// The Split's input is also used whole.
func.func @input_used(%x: tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x16xf32>) {
  // expected-remark @+1 {{fusion group 'Fused_Split_Mul_Neg_1' kept at the mindspore level: its Split's input is also used otherwise}}
  %r:2 = mindspore.fusion "vector" "Fused_Split_Mul_Neg_1" (%x) : (tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x16xf32>) {
  ^bb0(%a: tensor<4x16xf32>):
    %p:2 = mindspore.split %a {axis = 1 : i64, output_num = 2 : i64} : (tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %y = mindspore.mul %p#0, %p#1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %n = mindspore.neg %a : tensor<4x16xf32>
    mindspore.yield %y, %n : tensor<4x8xf32>, tensor<4x16xf32>
  }
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4x16xf32>
}

// A piece is a result of the group as it is.
func.func @piece_returned(%x: tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  // expected-remark @+1 {{fusion group 'Fused_Split_Sigmoid_2' kept at the mindspore level: its Split's result is a result of the group}}
  %r:2 = mindspore.fusion "vector" "Fused_Split_Sigmoid_2" (%x) : (tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  ^bb0(%a: tensor<4x16xf32>):
    %p:2 = mindspore.split %a {axis = 1 : i64, output_num = 2 : i64} : (tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %s = mindspore.sigmoid %p#0 : tensor<4x8xf32>
    mindspore.yield %s, %p#1 : tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4x8xf32>
}

// A piece is a result of the group through a view (unbind: Split, then a
// Squeeze of each piece; the pieces were written back from a UB buffer
// nothing computed, all zeros).
func.func @piece_viewed(%x: tensor<5xf32>) -> (tensor<f32>, tensor<f32>) {
  // expected-remark @+1 {{fusion group 'Fused_Split_5' kept at the mindspore level: its Split's result is a result of the group}}
  %r:2 = mindspore.fusion "vector" "Fused_Split_5" (%x) : (tensor<5xf32>) -> (tensor<f32>, tensor<f32>) {
  ^bb0(%a: tensor<5xf32>):
    %p:5 = mindspore.split %a {output_num = 5 : i64} : (tensor<5xf32>) -> (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>)
    %s0 = mindspore.squeeze %p#0 {axis = array<i64: 0>} : (tensor<1xf32>) -> tensor<f32>
    %s1 = mindspore.squeeze %p#3 {axis = array<i64: 0>} : (tensor<1xf32>) -> tensor<f32>
    mindspore.yield %s0, %s1 : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// Another value of the group is larger than the pieces.
func.func @larger(%x: tensor<4x16xf32>, %z: tensor<4x2x8xf32>) -> tensor<4x2x8xf32> {
  // expected-remark @+1 {{fusion group 'Fused_Split_Mul_Add_3' kept at the mindspore level: its Split's results are smaller than the group's largest value}}
  %r = mindspore.fusion "vector" "Fused_Split_Mul_Add_3" (%x, %z) : (tensor<4x16xf32>, tensor<4x2x8xf32>) -> tensor<4x2x8xf32> {
  ^bb0(%a: tensor<4x16xf32>, %c: tensor<4x2x8xf32>):
    %p:2 = mindspore.split %a {axis = 1 : i64, output_num = 2 : i64} : (tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %y = mindspore.mul %p#0, %p#1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %e = mindspore.reshape %y, [4, 1, 8] : (tensor<4x8xf32>) -> tensor<4x1x8xf32>
    %s = mindspore.add %e, %c : (tensor<4x1x8xf32>, tensor<4x2x8xf32>) -> tensor<4x2x8xf32>
    mindspore.yield %s : tensor<4x2x8xf32>
  }
  return %r : tensor<4x2x8xf32>
}

// Rows the reduction keeps (4) differ from the rows before the Split's
// axis (4 x 2 = 8).
func.func @rows_differ(%x: tensor<4x2x8xf32>, %z: tensor<4x2x4xf32>) -> tensor<4x2x4xf32> {
  // expected-remark @+1 {{fusion group 'Fused_ReduceMax_Split_Add_Sub_4' kept at the mindspore level: its split and reductions split the axes differently}}
  %r = mindspore.fusion "reduction" "Fused_ReduceMax_Split_Add_Sub_4" (%x, %z) : (tensor<4x2x8xf32>, tensor<4x2x4xf32>) -> tensor<4x2x4xf32> {
  ^bb0(%a: tensor<4x2x8xf32>, %c: tensor<4x2x4xf32>):
    %m = mindspore.reduce_max %c, [1, 2] {keep_dims = true} : (tensor<4x2x4xf32>) -> tensor<4x1x1xf32>
    %p:2 = mindspore.split %a {axis = 2 : i64, output_num = 2 : i64} : (tensor<4x2x8xf32>) -> (tensor<4x2x4xf32>, tensor<4x2x4xf32>)
    %y = mindspore.add %p#0, %p#1 : (tensor<4x2x4xf32>, tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
    %w = mindspore.sub %y, %m : (tensor<4x2x4xf32>, tensor<4x1x1xf32>) -> tensor<4x2x4xf32>
    mindspore.yield %w : tensor<4x2x4xf32>
  }
  return %r : tensor<4x2x4xf32>
}
