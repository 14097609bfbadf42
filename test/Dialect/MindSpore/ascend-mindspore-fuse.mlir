// RUN: ascend-opt %s -split-input-file --ascend-mindspore-fuse | FileCheck %s
// RUN: ascend-opt %s -split-input-file --ascend-mindspore-fuse="max-group-ops=2" | FileCheck %s --check-prefix=CAP

mindspore.parameter @"fc.weight" : tensor<16x32xf32>
mindspore.parameter @"fc.bias" : tensor<16xf32>

// A Linear with bias, activation and residual add: one MIX group whose only
// GM inputs are x and the weights; the intermediate values stay on chip.
// CHECK-LABEL: func.func @linear_epilogue
// CHECK: %[[W:.*]] = mindspore.load @fc.weight
// CHECK: %[[B:.*]] = mindspore.load @fc.bias
// CHECK: %[[G:.*]] = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_GeLU_Add_0"(%arg0, %[[W]], %[[B]], %arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: mindspore.matmul
// CHECK-NEXT: mindspore.bias_add
// CHECK-NEXT: mindspore.gelu
// CHECK-NEXT: mindspore.add
// CHECK-NEXT: mindspore.yield
// CHECK: return %[[G]]
// With at most two ops a group, the epilogue is split.
// CAP-LABEL: func.func @linear_epilogue
// CAP: mindspore.fusion "mix" "Fused_MatMul_BiasAdd_0"
// CAP: mindspore.fusion "vector" "Fused_GeLU_Add_1"
func.func @linear_epilogue(%x: tensor<8x32xf32>, %r: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %w = mindspore.load @"fc.weight" : tensor<16x32xf32>
  %b = mindspore.load @"fc.bias" : tensor<16xf32>
  %m = mindspore.matmul %x, %w {transpose_b = true} : (tensor<8x32xf32>, tensor<16x32xf32>) -> tensor<8x16xf32>
  %y = mindspore.bias_add %m, %b : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %g = mindspore.gelu %y : tensor<8x16xf32>
  %s = mindspore.add %g, %r : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %s : tensor<8x16xf32>
}

// -----

// Softmax written out: the reductions join their elementwise producers and
// consumers in one reduction group; the small constant is cloned in.
// CHECK-LABEL: func.func @softmax_by_hand
// CHECK-NOT: mindspore.constant
// CHECK: %[[G:.*]] = mindspore.fusion "reduction" "Fused_Mul_ReduceMax_Sub_Exp_0"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: mindspore.constant dense<2.000000e+00>
// CHECK: mindspore.real_div
// CHECK: return %[[G]]
func.func @softmax_by_hand(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %two = mindspore.constant dense<2.0> : tensor<f32>
  %t = mindspore.mul %x, %two : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m = mindspore.reduce_max %t, [1] {keep_dims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %d = mindspore.sub %t, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %e = mindspore.exp %d : tensor<4x8xf32>
  %s = mindspore.reduce_sum %e, [1] {keep_dims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %p = mindspore.real_div %e, %s : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}

// -----

// A reduction along the last axis (one result per row) joins a MIX group:
// its MIX kernel takes whole rows (docs/AICoreKernels.md, "Row-wise
// epilogues"). Another reduction does not: the MatMul keeps its epilogue,
// the reduction starts a group of its own.
// CHECK-LABEL: func.func @matmul_then_reduce
// CHECK: mindspore.fusion "mix" "Fused_MatMul_ReLU_ReduceSum_Mul_0"
// CHECK-LABEL: func.func @matmul_then_column_reduce
// CHECK: mindspore.fusion "mix" "Fused_MatMul_ReLU_1"
// CHECK: mindspore.fusion "reduction" "Fused_ReduceSum_Mul_2"
func.func @matmul_then_reduce(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x1xf32> {
  %m = mindspore.matmul %x, %w : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = mindspore.relu %m : tensor<8x8xf32>
  %s = mindspore.reduce_sum %r, [1] {keep_dims = true} : (tensor<8x8xf32>) -> tensor<8x1xf32>
  %h = mindspore.mul %s, %s : (tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x1xf32>
  return %h : tensor<8x1xf32>
}
func.func @matmul_then_column_reduce(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<1x8xf32> {
  %m = mindspore.matmul %x, %w : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = mindspore.relu %m : tensor<8x8xf32>
  %s = mindspore.reduce_sum %r, [0] {keep_dims = true} : (tensor<8x8xf32>) -> tensor<1x8xf32>
  %h = mindspore.mul %s, %s : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  return %h : tensor<1x8xf32>
}

// -----

// An op outside the group (the reverse) reads the group's value: the group
// is closed there, so the later add may not join it (that would move the
// group past the reverse it feeds).
// CHECK-LABEL: func.func @outside_reader_closes_group
// CHECK: %[[A:.*]] = mindspore.fusion "vector" "Fused_Exp_Neg_0"
// CHECK: %[[T:.*]] = mindspore.reverse_v2 %[[A]]
// CHECK: mindspore.add %[[A]], %[[T]]
func.func @outside_reader_closes_group(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = mindspore.exp %x : tensor<4x4xf32>
  %n = mindspore.neg %e : tensor<4x4xf32>
  %t = mindspore.reverse_v2 %n {axis = array<i64: 0>} : tensor<4x4xf32>
  %a = mindspore.add %n, %t : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %a : tensor<4x4xf32>
}

// -----

// Vector work on a Cube op's operands (the scaling and the transpose of an
// attention score) joins the Cube op's group as its prologue.
// CHECK-LABEL: func.func @cube_prologue
// CHECK: mindspore.fusion "mix" "Fused_RealDiv_Transpose_BatchMatMul_0"(%arg0, %arg1)
// CHECK-NOT: mindspore.fusion
func.func @cube_prologue(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>) -> tensor<2x8x8xf32> {
  %c = mindspore.constant dense<2.0> : tensor<f32>
  %s = mindspore.real_div %q, %c : (tensor<2x8x4xf32>, tensor<f32>) -> tensor<2x8x4xf32>
  %kt = mindspore.transpose %k, [0, 2, 1] : (tensor<2x8x4xf32>) -> tensor<2x4x8xf32>
  %m = mindspore.batch_matmul %s, %kt : (tensor<2x8x4xf32>, tensor<2x4x8xf32>) -> tensor<2x8x8xf32>
  return %m : tensor<2x8x8xf32>
}

// -----

// No group spans a side effect: the assert ends the first group.
// CHECK-LABEL: func.func @assert_is_a_barrier
// CHECK: mindspore.fusion "vector" "Fused_Exp_Neg_0"
// CHECK: mindspore.assert
// CHECK: mindspore.fusion "vector" "Fused_Abs_Sqrt_1"
func.func @assert_is_a_barrier(%x: tensor<4xf32>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = mindspore.exp %x : tensor<4xf32>
  %n = mindspore.neg %e : tensor<4xf32>
  mindspore.assert %p, "guard" : tensor<i1>
  %a = mindspore.abs %n : tensor<4xf32>
  %s = mindspore.sqrt %a : tensor<4xf32>
  return %n, %s : tensor<4xf32>, tensor<4xf32>
}

// -----

mindspore.parameter @"bn.scale" : tensor<8xf32>
mindspore.parameter @"bn.var" : tensor<8xf32>

// Ops on parameters only are folded by MindSpore when it loads the weights:
// they are never fused (and launch no kernel).
// CHECK-LABEL: func.func @load_time_ops_stay_plain
// CHECK: mindspore.rsqrt
// CHECK: mindspore.mul %{{.*}}, %{{.*}} : (tensor<8xf32>, tensor<8xf32>)
// CHECK: mindspore.fusion "vector" "Fused_Mul_ReLU_0"
func.func @load_time_ops_stay_plain(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %s = mindspore.load @"bn.scale" : tensor<8xf32>
  %v = mindspore.load @"bn.var" : tensor<8xf32>
  %r = mindspore.rsqrt %v : tensor<8xf32>
  %f = mindspore.mul %s, %r : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %y = mindspore.mul %x, %f : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %z = mindspore.relu %y : tensor<2x8xf32>
  return %z : tensor<2x8xf32>
}

// -----

// Groups form inside the regions of a cond.
// CHECK-LABEL: func.func @inside_cond
// CHECK: mindspore.cond
// CHECK: mindspore.fusion "vector" "Fused_Exp_Neg_0"
// CHECK: } else {
// CHECK: mindspore.fusion "vector" "Fused_Abs_Sqrt_1"
func.func @inside_cond(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>) {
    %e = mindspore.exp %x : tensor<4xf32>
    %n = mindspore.neg %e : tensor<4xf32>
    mindspore.yield %n : tensor<4xf32>
  } else {
    %a = mindspore.abs %x : tensor<4xf32>
    %s = mindspore.sqrt %a : tensor<4xf32>
    mindspore.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Horizontal fusion: independent kernels reading the same input share one
// launch and one read of the input; kernels on different inputs stay apart.
// CHECK-LABEL: func.func @horizontal_siblings
// CHECK: %[[G:.*]]:2 = mindspore.fusion "vector" "Fused_Exp_Abs_0"(%arg0) : (tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>)
// CHECK: return %[[G]]#0, %[[G]]#1
func.func @horizontal_siblings(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = mindspore.exp %x : tensor<64xf32>
  %a = mindspore.abs %x : tensor<64xf32>
  return %e, %a : tensor<64xf32>, tensor<64xf32>
}

// CHECK-LABEL: func.func @unrelated_inputs
// CHECK-NOT: mindspore.fusion
func.func @unrelated_inputs(%x: tensor<64xf32>, %y: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = mindspore.exp %x : tensor<64xf32>
  %a = mindspore.abs %y : tensor<64xf32>
  return %e, %a : tensor<64xf32>, tensor<64xf32>
}

// -----

// A Gather joins the Vector work after it, not the group computing its
// table: a Vector kernel gathers rows of a table it reads from GM.
// CHECK-LABEL: func.func @gather_rows
// CHECK: %[[T:.*]] = mindspore.fusion "vector" "Fused_Add_Exp_0"(%arg0)
// CHECK: mindspore.fusion "vector" "Fused_Gather_Mul_1"(%[[T]], %arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: mindspore.constant
// CHECK-NEXT: mindspore.gather
// CHECK-NEXT: mindspore.mul
func.func @gather_rows(%t: tensor<50x8xf32>, %ids: tensor<20xi64>) -> tensor<20x8xf32> {
  %one = mindspore.constant dense<1.000000e+00> : tensor<f32>
  %a = mindspore.add %t, %one : (tensor<50x8xf32>, tensor<f32>) -> tensor<50x8xf32>
  %e = mindspore.exp %a : tensor<50x8xf32>
  %g = mindspore.gather %e, %ids {axis = 0 : i64} : (tensor<50x8xf32>, tensor<20xi64>) -> tensor<20x8xf32>
  %two = mindspore.constant dense<2.000000e+00> : tensor<f32>
  %m = mindspore.mul %g, %two : (tensor<20x8xf32>, tensor<f32>) -> tensor<20x8xf32>
  return %m : tensor<20x8xf32>
}
