// RUN: ascend-opt %s --convert-pynative-to-mindspore | FileCheck %s

// linalg.inv's checked form: linalg_inv_ex (Gauss-Jordan elimination with
// partial pivoting, AtenLinalg.cpp) and "aten._linalg_check_errors.default"
// on its info, which becomes a MindSpore Assert that every info is 0 (a
// singular input fails the graph as eager raises).

// CHECK-LABEL: func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK: mindspore.argmax_with_value
// CHECK: %[[EQ:.*]] = mindspore.equal %{{.*}}, %{{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: %[[OK:.*]] = mindspore.reduce_all %[[EQ]]
// CHECK: mindspore.assert %[[OK]], "linalg.inv: the input matrix is singular (a pivot of its LU factorization is zero)"
pynative.trace @run_0(%a: tensor<2x2xf32>) -> tensor<2x2xf32> attributes {run = 0 : i64} {
  %r:2 = pynative.op "aten.linalg_inv_ex.default"(%a) {args = {check_errors = false}, operand_names = ["A"]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
  pynative.op "aten._linalg_check_errors.default"(%r#1) {args = {api_name = "linalg.inv", is_matrix = true}, operand_names = ["info"]} : (tensor<i32>) -> ()
  pynative.output %r#0 : tensor<2x2xf32>
}
