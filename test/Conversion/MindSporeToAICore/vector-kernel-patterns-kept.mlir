// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s

// Groups with reductions over leading or middle axes, periodic columns or
// rows computed before their broadcast that the Vector kernel builder cannot
// express are not kernels, with a remark saying why
// (docs/Troubleshooting.md). They are inlined, and each of their primitives
// is then a group of one: most become one-op Vector kernels, the others stay
// with a remark of their own.
// CHECK-NOT: aicore.launch @Fused_
// CHECK-NOT: aicore.kernel @Fused_

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
    // Converted alone, the broadcast is a strided-box copy kernel
    // (BoxKernels.cpp).
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

func.func @gathers(%t: tensor<5x8xf32>, %i: tensor<4xi32>, %x: tensor<4x8xf32>, %j: tensor<2xi32>, %x16: tensor<3x2x8xf32>, %k: tensor<3x2xi32>, %ti: tensor<5x4xi32>, %i4: tensor<4xi32>, %t9: tensor<9x5x8xf32>) -> (tensor<4x8xf32>, tensor<3xf32>, tensor<3x2x8xf32>, tensor<4x8xf32>, tensor<4x4xi32>, tensor<9x4x8xf32>, tensor<4x8xf32>, tensor<4x8xi1>) {
  // expected-remark @+1 {{fusion group 'Fused_Gather_Add_0' kept at the mindspore level: it gathers a value smaller than the group's largest}}
  %a = mindspore.fusion "vector" "Fused_Gather_Add_0" (%t, %j, %x) : (tensor<5x8xf32>, tensor<2xi32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%b: tensor<5x8xf32>, %c: tensor<2xi32>, %d: tensor<4x8xf32>):
    %g = mindspore.gather %b, %c {axis = 0 : i64} : (tensor<5x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
    %r = mindspore.reshape %g, [1, 16] : (tensor<2x8xf32>) -> tensor<1x16xf32>
    %s = mindspore.reshape %d, [2, 16] : (tensor<4x8xf32>) -> tensor<2x16xf32>
    %u = mindspore.add %s, %r : (tensor<2x16xf32>, tensor<1x16xf32>) -> tensor<2x16xf32>
    %v = mindspore.reshape %u, [4, 8] : (tensor<2x16xf32>) -> tensor<4x8xf32>
    mindspore.yield %v : tensor<4x8xf32>
  }
  // On one [3, 2, 8] shape the reduction's rows are 3 rows of 16, the
  // gather's ([3, 2] indices) 6 rows of 8.
  // expected-remark @+1 {{fusion group 'Fused_ReduceSum_Gather_1' kept at the mindspore level: its gathers and reductions split the axes differently}}
  %bb:2 = mindspore.fusion "reduction" "Fused_ReduceSum_Gather_1" (%x16, %t, %k) : (tensor<3x2x8xf32>, tensor<5x8xf32>, tensor<3x2xi32>) -> (tensor<3xf32>, tensor<3x2x8xf32>) {
  ^bb0(%b: tensor<3x2x8xf32>, %c: tensor<5x8xf32>, %d: tensor<3x2xi32>):
    %s = mindspore.reduce_sum %b, [1, 2] : (tensor<3x2x8xf32>) -> tensor<3xf32>
    %g = mindspore.gather %c, %d {axis = 0 : i64} : (tensor<5x8xf32>, tensor<3x2xi32>) -> tensor<3x2x8xf32>
    mindspore.yield %s, %g : tensor<3xf32>, tensor<3x2x8xf32>
  }
  // expected-remark @+1 {{fusion group 'Fused_Gather_Add_2' kept at the mindspore level: its Gather table is also used otherwise}}
  %cc = mindspore.fusion "vector" "Fused_Gather_Add_2" (%x, %i) : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<4x8xf32> {
  ^bb0(%b: tensor<4x8xf32>, %c: tensor<4xi32>):
    %g = mindspore.gather %b, %c {axis = 0 : i64} : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
    %s = mindspore.add %g, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    mindspore.yield %s : tensor<4x8xf32>
  }
  // The indices also serve as a row added to the gathered rows.
  // expected-remark @+1 {{fusion group 'Fused_Gather_Add_3' kept at the mindspore level: its Gather indices are also used otherwise}}
  %dd = mindspore.fusion "vector" "Fused_Gather_Add_3" (%ti, %i4) : (tensor<5x4xi32>, tensor<4xi32>) -> tensor<4x4xi32> {
  ^bb0(%b: tensor<5x4xi32>, %c: tensor<4xi32>):
    %g = mindspore.gather %b, %c {axis = 0 : i64} : (tensor<5x4xi32>, tensor<4xi32>) -> tensor<4x4xi32>
    %s = mindspore.add %g, %c : (tensor<4x4xi32>, tensor<4xi32>) -> tensor<4x4xi32>
    mindspore.yield %s : tensor<4x4xi32>
  }
  // expected-remark @+1 {{fusion group 'Fused_Gather_Exp_4' kept at the mindspore level: its Gather picks along an axis other than the first}}
  %ee = mindspore.fusion "vector" "Fused_Gather_Exp_4" (%t9, %i) : (tensor<9x5x8xf32>, tensor<4xi32>) -> tensor<9x4x8xf32> {
  ^bb0(%b: tensor<9x5x8xf32>, %c: tensor<4xi32>):
    // expected-remark @+1 {{no AI Core kernel for primitive 'gather': its Gather picks along an axis other than the first}}
    %g = mindspore.gather %b, %c {axis = 1 : i64} : (tensor<9x5x8xf32>, tensor<4xi32>) -> tensor<9x4x8xf32>
    %s = mindspore.exp %g : tensor<9x4x8xf32>
    mindspore.yield %s : tensor<9x4x8xf32>
  }
  // expected-remark @+1 {{fusion group 'Fused_Add_Gather_5' kept at the mindspore level: its Gather reads a table or indices computed in the group}}
  %ff = mindspore.fusion "vector" "Fused_Add_Gather_5" (%t, %i) : (tensor<5x8xf32>, tensor<4xi32>) -> tensor<4x8xf32> {
  ^bb0(%b: tensor<5x8xf32>, %c: tensor<4xi32>):
    %one = mindspore.constant dense<1.000000e+00> : tensor<f32>
    %s = mindspore.add %b, %one : (tensor<5x8xf32>, tensor<f32>) -> tensor<5x8xf32>
    %g = mindspore.gather %s, %c {axis = 0 : i64} : (tensor<5x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
    mindspore.yield %g : tensor<4x8xf32>
  }
  %m = mindspore.constant dense<true> : tensor<5x8xi1>
  // expected-remark @+1 {{fusion group 'Fused_Gather_LogicalNot_6' kept at the mindspore level: 'gather' on i1 has no Vector instruction}}
  %hh = mindspore.fusion "vector" "Fused_Gather_LogicalNot_6" (%m, %i) : (tensor<5x8xi1>, tensor<4xi32>) -> tensor<4x8xi1> {
  ^bb0(%b: tensor<5x8xi1>, %c: tensor<4xi32>):
    // expected-remark @+1 {{no AI Core kernel for primitive 'gather': 'gather' on i1 has no Vector instruction}}
    %g = mindspore.gather %b, %c {axis = 0 : i64} : (tensor<5x8xi1>, tensor<4xi32>) -> tensor<4x8xi1>
    %s = mindspore.logical_not %g : tensor<4x8xi1>
    mindspore.yield %s : tensor<4x8xi1>
  }
  return %a, %bb#0, %bb#1, %cc, %dd, %ee, %ff, %hh : tensor<4x8xf32>, tensor<3xf32>, tensor<3x2x8xf32>, tensor<4x8xf32>, tensor<4x4xi32>, tensor<9x4x8xf32>, tensor<4x8xf32>, tensor<4x8xi1>
}

// Elementwise work on a 0-d value before it is reshaped to rows (all/any of
// a 0-d tensor): that value has no tile (the builder dereferenced a missing
// buffer). The group is kept; its primitives become kernels one by one.
func.func @zero_d_before_rows(%x: tensor<f32>) -> tensor<i1> {
  // expected-remark @+1 {{fusion group 'Fused_Cast_Cast_Neg_ReduceMax_0' kept at the mindspore level: 'cast' computes a 0-d value (no rows to tile)}}
  %r = mindspore.fusion "reduction" "Fused_Cast_Cast_Neg_ReduceMax_0"(%x) : (tensor<f32>) -> tensor<i1> {
  ^bb0(%a: tensor<f32>):
    // expected-remark @+1 {{no AI Core kernel for primitive 'cast': it computes on 0-d values only (no rows to tile)}}
    %1 = mindspore.cast %a : (tensor<f32>) -> tensor<i1>
    %2 = mindspore.reshape %1, [1] : (tensor<i1>) -> tensor<1xi1>
    %3 = mindspore.cast %2 : (tensor<1xi1>) -> tensor<1xf32>
    %4 = mindspore.neg %3 : tensor<1xf32>
    %5 = mindspore.reduce_max %4, [0] {keep_dims = true} : (tensor<1xf32>) -> tensor<1xf32>
    %6 = mindspore.neg %5 : tensor<1xf32>
    %7 = mindspore.cast %6 : (tensor<1xf32>) -> tensor<1xi1>
    %8 = mindspore.reshape %7, [] : (tensor<1xi1>) -> tensor<i1>
    mindspore.yield %8 : tensor<i1>
  }
  return %r : tensor<i1>
}

// The same with the 0-d input reshaped first (all/any of a 0-d bool tensor).
func.func @zero_d_through_view(%x: tensor<i1>) -> tensor<i1> {
  // expected-remark @+1 {{fusion group 'Fused_Cast_Neg_ReduceMax_Neg_0' kept at the mindspore level: 'cast' reads a 0-d value through a view (no rows to tile)}}
  %r = mindspore.fusion "reduction" "Fused_Cast_Neg_ReduceMax_Neg_0"(%x) : (tensor<i1>) -> tensor<i1> {
  ^bb0(%a: tensor<i1>):
    %1 = mindspore.reshape %a, [1] : (tensor<i1>) -> tensor<1xi1>
    %2 = mindspore.cast %1 : (tensor<1xi1>) -> tensor<1xf32>
    %3 = mindspore.neg %2 : tensor<1xf32>
    %4 = mindspore.reduce_max %3, [0] {keep_dims = true} : (tensor<1xf32>) -> tensor<1xf32>
    %5 = mindspore.neg %4 : tensor<1xf32>
    %6 = mindspore.cast %5 : (tensor<1xf32>) -> tensor<1xi1>
    %7 = mindspore.reshape %6, [] : (tensor<1xi1>) -> tensor<i1>
    mindspore.yield %7 : tensor<i1>
  }
  return %r : tensor<i1>
}

// A reduction over axes of one element ([1] summed to [1]) whose result other
// work reads (`x.sum(0, keepdim=True) - 1` of a [1]; median and nanmedian of
// one element): its result is full-size and one per row at once, and the
// builder found no tile for it (a SIGSEGV). The group is kept; the reduction
// and the subtraction become kernels one by one.
func.func @one_element_reduction(%x: tensor<1xf32>) -> tensor<1xf32> {
  // expected-remark @+1 {{fusion group 'Fused_ReduceSum_Sub_0' kept at the mindspore level: 'reduce_sum' reduces axes of one element and other work reads its result}}
  %r = mindspore.fusion "reduction" "Fused_ReduceSum_Sub_0"(%x) : (tensor<1xf32>) -> tensor<1xf32> {
  ^bb0(%a: tensor<1xf32>):
    %1 = mindspore.constant dense<1.000000e+00> : tensor<f32>
    %2 = mindspore.reduce_sum %a, [0] {keep_dims = true} : (tensor<1xf32>) -> tensor<1xf32>
    %3 = mindspore.sub %2, %1 : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>
    mindspore.yield %3 : tensor<1xf32>
  }
  return %r : tensor<1xf32>
}

// A tensor with a zero-size dim (pixel_unshuffle of PyTorch's OpInfo sample
// [1, 0, 1, 1]) has nothing to tile: the group stays at the mindspore level
// (the kernel builders divided by its row count: SIGFPE).
// CHECK-LABEL: func.func @no_elements
// CHECK: mindspore.transpose
func.func @no_elements(%x: tensor<1x0x1x1xf32>) -> tensor<1x0x1x1xf32> {
  // expected-remark @+1 {{fusion group 'Fused_Transpose_9' kept at the mindspore level: it has an empty (zero-element) tensor: nothing to compute}}
  %0 = mindspore.fusion "vector" "Fused_Transpose_9"(%x) : (tensor<1x0x1x1xf32>) -> tensor<1x0x1x1xf32> {
  ^bb0(%a: tensor<1x0x1x1xf32>):
    %1 = mindspore.reshape %a, [1, 0, 1, 1, 1, 1] : (tensor<1x0x1x1xf32>) -> tensor<1x0x1x1x1x1xf32>
    // expected-remark @+1 {{no AI Core kernel for primitive 'transpose': it has an empty (zero-element) tensor: nothing to compute}}
    %2 = mindspore.transpose %1, [0, 1, 3, 5, 2, 4] : (tensor<1x0x1x1x1x1xf32>) -> tensor<1x0x1x1x1x1xf32>
    %3 = mindspore.reshape %2, [1, 0, 1, 1] : (tensor<1x0x1x1x1x1xf32>) -> tensor<1x0x1x1xf32>
    mindspore.yield %3 : tensor<1x0x1x1xf32>
  }
  return %0 : tensor<1x0x1x1xf32>
}
