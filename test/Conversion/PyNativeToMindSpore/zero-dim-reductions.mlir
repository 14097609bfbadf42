// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore -verify-diagnostics | FileCheck %s

// Reductions of a 0-d tensor over dim 0 or -1 (PyTorch's maybe_wrap_dim
// treats a scalar as one dim) are the element itself in the result type; no
// Reduce* with an out-of-range axis. Another dim is refused with the op.

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<f32>, %[[B:.*]]: tensor<i1>, %{{.*}}: tensor<1xi64>)
// CHECK-NOT: mindspore.reduce
// CHECK: %[[N:.*]] = mindspore.cast %[[B]] : (tensor<i1>) -> tensor<i64>
// CHECK: %[[NAN:.*]] = mindspore.not_equal %[[X]], %[[X]]
// CHECK: %[[Z:.*]] = mindspore.select %[[NAN]], %{{.*}}, %[[X]]
// CHECK-NOT: mindspore.reduce
// CHECK: return %[[X]], %[[X]], %[[N]], %[[X]], %[[Z]], %[[X]]
pynative.trace @run_0(%x: tensor<f32>, %b: tensor<i1>, %i: tensor<1xi64>) -> (tensor<f32>, tensor<f32>, tensor<i64>, tensor<f32>, tensor<f32>, tensor<f32>) attributes {run = 0 : i64} {
  %a = pynative.op "aten.amax.default"(%x) {args = {dim = array<i64: 0>, keepdim = true}, operand_names = ["self"]} : (tensor<f32>) -> tensor<f32>
  %s = pynative.op "aten.sum.dim_IntList"(%x) {args = {dim = array<i64: -1>, keepdim = false}, operand_names = ["self"]} : (tensor<f32>) -> tensor<f32>
  %n = pynative.op "aten.sum.dim_IntList"(%b) {args = {dim = array<i64: 0>, keepdim = false}, operand_names = ["self"]} : (tensor<i1>) -> tensor<i64>
  %m = pynative.op "aten.mean.dim"(%x) {args = {dim = array<i64: 0>, keepdim = false}, operand_names = ["self"]} : (tensor<f32>) -> tensor<f32>
  %z = pynative.op "aten.nansum.default"(%x) {args = {dim = array<i64: 0>, keepdim = false}, operand_names = ["self"]} : (tensor<f32>) -> tensor<f32>
  %g = pynative.op "aten.index_select.default"(%x, %i) {args = {dim = 0 : i64}, operand_names = ["self", "index"]} : (tensor<f32>, tensor<1xi64>) -> tensor<f32>
  pynative.output %a, %s, %n, %m, %z, %g : tensor<f32>, tensor<f32>, tensor<i64>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

pynative.trace @run_0(%x: tensor<f32>) -> tensor<f32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.sum.dim_IntList': dim 1 is out of range for a 0-D tensor}}
  %s = pynative.op "aten.sum.dim_IntList"(%x) {args = {dim = array<i64: 1>, keepdim = false}, operand_names = ["self"]} : (tensor<f32>) -> tensor<f32>
  pynative.output %s : tensor<f32>
}

// -----

pynative.trace @run_0(%x: tensor<f32>, %i: tensor<2xi64>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.index_select.default': index_select of a 0-d tensor takes one index}}
  %g = pynative.op "aten.index_select.default"(%x, %i) {args = {dim = 0 : i64}, operand_names = ["self", "index"]} : (tensor<f32>, tensor<2xi64>) -> tensor<2xf32>
  pynative.output %g : tensor<2xf32>
}
