// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s

// aicore.vcmp compares numbers (f16, bf16, f32, i16, i32): a comparison of
// bool tensors (eq/ne of bools, isclose of bools) has no Vector instruction
// and stays at the mindspore level with a remark, instead of a kernel whose
// vcmp fails the verifier (with no op or source line). A comparison of
// floats with its i1 result is still a kernel.

// CHECK-LABEL: func.func @bool_compare
// CHECK: mindspore.equal %{{.*}}, %{{.*}} : (tensor<4x8xi1>, tensor<4x8xi1>) -> tensor<4x8xi1>
// CHECK: mindspore.not_equal %{{.*}}, %{{.*}} : (tensor<4x8xi1>, tensor<4x8xi1>) -> tensor<4x8xi1>
// CHECK: aicore.launch @Less_
// CHECK-NOT: aicore.vcmp {{.*}}xi1{{.*}}xi1{{.*}}xi1
func.func @bool_compare(%a: tensor<4x8xi1>, %b: tensor<4x8xi1>, %x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xi1>) {
  // expected-remark @+1 {{no AI Core kernel for primitive 'equal': 'equal' on i1 has no Vector instruction}}
  %e = mindspore.equal %a, %b : (tensor<4x8xi1>, tensor<4x8xi1>) -> tensor<4x8xi1>
  // expected-remark @+1 {{no AI Core kernel for primitive 'not_equal': 'not_equal' on i1 has no Vector instruction}}
  %n = mindspore.not_equal %a, %b : (tensor<4x8xi1>, tensor<4x8xi1>) -> tensor<4x8xi1>
  %l = mindspore.less %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  return %e, %n, %l : tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xi1>
}
