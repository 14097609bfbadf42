// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s

// Groups with reductions over leading or middle axes, periodic columns or
// rows computed before their broadcast that the Vector kernel builder cannot
// express stay at the mindspore level, with a remark saying why
// (docs/Troubleshooting.md).
// CHECK-NOT: aicore.launch
// CHECK-NOT: aicore.kernel

func.func @axis_reductions(%x: tensor<4x8x6xf32>, %m: tensor<4x8xf32>, %r8: tensor<8xf32>) -> (tensor<6xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4x8xf32>, tensor<8xf32>) {
  // expected-remark @+1 {{fusion group 'Fused_ReduceSum_ReduceSum_0' kept at the mindspore level: it reduces over leading or middle axes twice in a row}}
  %a = mindspore.fusion "reduction" "Fused_ReduceSum_ReduceSum_0" (%x) : (tensor<4x8x6xf32>) -> tensor<6xf32> {
  ^bb0(%b: tensor<4x8x6xf32>):
    %s = mindspore.reduce_sum %b, [0] : (tensor<4x8x6xf32>) -> tensor<8x6xf32>
    %t = mindspore.reduce_sum %s, [0] : (tensor<8x6xf32>) -> tensor<6xf32>
    mindspore.yield %t : tensor<6xf32>
  }
  // expected-remark @+1 {{fusion group 'Fused_Exp_ReduceSum_ReduceSum_1' kept at the mindspore level: it mixes a reduction over leading or middle axes with a reduction over the trailing ones}}
  %c:2 = mindspore.fusion "reduction" "Fused_Exp_ReduceSum_ReduceSum_1" (%m) : (tensor<4x8xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
  ^bb0(%b: tensor<4x8xf32>):
    %e = mindspore.exp %b : tensor<4x8xf32>
    %s = mindspore.reduce_sum %e, [0] : (tensor<4x8xf32>) -> tensor<8xf32>
    %t = mindspore.reduce_sum %e, [1] : (tensor<4x8xf32>) -> tensor<4xf32>
    mindspore.yield %s, %t : tensor<8xf32>, tensor<4xf32>
  }
  // expected-remark @+1 {{fusion group 'Fused_Sin_ReduceSum_2' kept at the mindspore level: 'sin' has no mapping in a reduction over leading or middle axes}}
  %d = mindspore.fusion "reduction" "Fused_Sin_ReduceSum_2" (%m) : (tensor<4x8xf32>) -> tensor<8xf32> {
  ^bb0(%b: tensor<4x8xf32>):
    %e = mindspore.sin %b : tensor<4x8xf32>
    %s = mindspore.reduce_sum %e, [0] : (tensor<4x8xf32>) -> tensor<8xf32>
    mindspore.yield %s : tensor<8xf32>
  }
  // Two independent parts (the fusion pass groups siblings): one reduces
  // over axis 0, the other is elementwise.
  // expected-remark @+1 {{fusion group 'Fused_ReduceSum_Exp_3' kept at the mindspore level: one of its independent parts reduces over leading or middle axes and another does not}}
  %f:2 = mindspore.fusion "reduction" "Fused_ReduceSum_Exp_3" (%m) : (tensor<4x8xf32>) -> (tensor<8xf32>, tensor<4x8xf32>) {
  ^bb0(%b: tensor<4x8xf32>):
    %s = mindspore.reduce_sum %b, [0] : (tensor<4x8xf32>) -> tensor<8xf32>
    %t = mindspore.exp %b : tensor<4x8xf32>
    mindspore.yield %s, %t : tensor<8xf32>, tensor<4x8xf32>
  }
  // expected-remark @+1 {{fusion group 'Fused_ReduceSum_Add_4' kept at the mindspore level: 'add' combines the reduced value with a value not computed from it}}
  %g = mindspore.fusion "reduction" "Fused_ReduceSum_Add_4" (%m, %r8) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%b: tensor<4x8xf32>, %e: tensor<8xf32>):
    %s = mindspore.reduce_sum %b, [0] : (tensor<4x8xf32>) -> tensor<8xf32>
    %t = mindspore.add %s, %e : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    mindspore.yield %t : tensor<8xf32>
  }
  // expected-remark @+1 {{fusion group 'Fused_Add_ReduceSum_5' kept at the mindspore level: 'add' before the reduction broadcasts a smaller value}}
  %h = mindspore.fusion "reduction" "Fused_Add_ReduceSum_5" (%m, %r8) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%b: tensor<4x8xf32>, %e: tensor<8xf32>):
    %t = mindspore.add %b, %e : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    %s = mindspore.reduce_sum %t, [0] : (tensor<4x8xf32>) -> tensor<8xf32>
    mindspore.yield %s : tensor<8xf32>
  }
  // expected-remark @+1 {{fusion group 'Fused_Exp_ReduceSum_6' kept at the mindspore level: it returns a value computed before its reduction over leading or middle axes}}
  %i:2 = mindspore.fusion "reduction" "Fused_Exp_ReduceSum_6" (%m) : (tensor<4x8xf32>) -> (tensor<8xf32>, tensor<4x8xf32>) {
  ^bb0(%b: tensor<4x8xf32>):
    %e = mindspore.exp %b : tensor<4x8xf32>
    %s = mindspore.reduce_sum %e, [0] : (tensor<4x8xf32>) -> tensor<8xf32>
    mindspore.yield %s, %e : tensor<8xf32>, tensor<4x8xf32>
  }
  return %a, %c#0, %d, %c#1, %f#0, %g, %h, %i#1, %i#0 : tensor<6xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4x8xf32>, tensor<8xf32>
}

func.func @rows_before_broadcast(%m: tensor<4x8xf32>, %r8: tensor<8xf32>, %s1: tensor<1xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  // expected-remark @+1 {{fusion group 'Fused_BroadcastTo_Add_7' kept at the mindspore level: 'broadcast_to' on a row or a scalar before its broadcast has no Vector kernel mapping}}
  %a = mindspore.fusion "vector" "Fused_BroadcastTo_Add_7" (%m, %s1) : (tensor<4x8xf32>, tensor<1xf32>) -> tensor<4x8xf32> {
  ^bb0(%b: tensor<4x8xf32>, %c: tensor<1xf32>):
    %e = mindspore.broadcast_to %c {shape = array<i64: 8>} : (tensor<1xf32>) -> tensor<8xf32>
    %s = mindspore.add %b, %e : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    mindspore.yield %s : tensor<4x8xf32>
  }
  // The [8] input is used as a row (through `e + 1`) and as a column ([8, 1]
  // over [8, 8]).
  // expected-remark @+1 {{fusion group 'Fused_Add_Add_Mul_8' kept at the mindspore level: a value is used both as a row (or a scalar) and otherwise}}
  %d = mindspore.fusion "vector" "Fused_Add_Add_Mul_8" (%r8) : (tensor<8xf32>) -> tensor<8x8xf32> {
  ^bb0(%e: tensor<8xf32>):
    %one = mindspore.constant dense<1.000000e+00> : tensor<f32>
    %zero = mindspore.constant dense<0.000000e+00> : tensor<8x8xf32>
    %p = mindspore.add %e, %one : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    %col = mindspore.reshape %e, [8, 1] : (tensor<8xf32>) -> tensor<8x1xf32>
    %s = mindspore.add %zero, %p : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
    %t = mindspore.mul %s, %col : (tensor<8x8xf32>, tensor<8x1xf32>) -> tensor<8x8xf32>
    mindspore.yield %t : tensor<8x8xf32>
  }
  return %a, %a : tensor<4x8xf32>, tensor<4x8xf32>
}
