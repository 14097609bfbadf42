// RUN: ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mappings.json | FileCheck %s
// RUN: ascend-opt %s --ascend-pipeline="emit=mindspore mapping-file=%S/Inputs/mappings.json" | FileCheck %s --check-prefix=PIPE

// User mappings from a JSON file: ops the table lacks (erfinv, a user
// library's swish, fmax with its operands swapped, square as x * x, cat of a
// tensor list with an attribute), a mapping that takes precedence over the
// table (relu to relu6), and mappings to mindspore.custom (with the user's
// kernel name and attributes added to the eager op's arguments, or keeping
// the eager op's name).

// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>)
// CHECK: %[[E:.*]] = mindspore.erf %arg0 : tensor<4xf32>
// CHECK: %[[R:.*]] = mindspore.relu6 %[[E]] : tensor<4xf32>
// CHECK: %[[S:.*]] = mindspore.silu %[[R]] : tensor<4xf32>
// CHECK: %[[M:.*]] = mindspore.maximum %arg1, %[[S]]
// CHECK: %[[Q:.*]] = mindspore.mul %[[M]], %[[M]]
// CHECK: %[[C:.*]] = mindspore.concat %[[Q]], %arg1 {axis = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
// CHECK: %[[B:.*]] = mindspore.custom "MyBessel"(%[[C]]) func_type "aot" attrs {alpha = 5.000000e-01 : f32, dims = array<i64: 1, -2>, flag = true, k = 3 : i64, n, name = "x", p = 2.500000e-01 : f64} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK: %[[F:.*]] = mindspore.custom "aten.foo.default"(%[[B]]) func_type "pytorch_aten" attrs {} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK: return %[[F]]
// PIPE: mindspore.relu6
// PIPE: mindspore.custom "MyBessel"
pynative.trace @run_0(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<8xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.erfinv.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %b = pynative.op "aten.relu.default"(%a) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %s = pynative.op "mylib.swish.default"(%b) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %m = pynative.op "aten.fmax.default"(%s, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = pynative.op "aten.square.default"(%m) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %c = pynative.op "aten.cat.default"(%q, %y) {args = {dim = 0 : i64}, operand_names = ["tensors", "tensors"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  %j = pynative.op "aten.special_bessel_j0.default"(%c) {args = {p = 0.25 : f64, n, k = 1 : i64}, operand_names = ["self"]} : (tensor<8xf32>) -> tensor<8xf32>
  %f = pynative.op "aten.foo.default"(%j) {args = {}, operand_names = ["self"]} : (tensor<8xf32>) -> tensor<8xf32>
  pynative.output %f : tensor<8xf32>
}
