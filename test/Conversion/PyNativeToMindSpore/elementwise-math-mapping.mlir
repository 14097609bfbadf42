// RUN: ascend-opt %s --convert-pynative-to-mindspore | FileCheck %s

// The float math ops mapped one to one by AtenMappings.json (their numerics
// against torch: test/Conversion/MindSporeToLinalg/elementwise-math.mlir and
// test/OpInfo/elementwise-math.test).

// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = mindspore.acos %arg0 : tensor<4xf32>
// CHECK: mindspore.acosh %[[A]] : tensor<4xf32>
// CHECK: mindspore.asin
// CHECK: mindspore.asinh
// CHECK: %[[T:.*]] = mindspore.atan %{{.*}} : tensor<4xf32>
// CHECK: mindspore.atan2 %[[T]], %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: mindspore.atanh
// CHECK: mindspore.ceil
// CHECK: mindspore.erfc
// CHECK: mindspore.floor
// CHECK: mindspore.round
// CHECK: %[[R:.*]] = mindspore.trunc
// CHECK: return %[[R]]
pynative.trace @run_0(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %0 = pynative.op "aten.acos.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = pynative.op "aten.acosh.default"(%0) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = pynative.op "aten.asin.default"(%1) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = pynative.op "aten.asinh.default"(%2) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = pynative.op "aten.atan.default"(%3) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %5 = pynative.op "aten.atan2.default"(%4, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = pynative.op "aten.atanh.default"(%5) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %7 = pynative.op "aten.ceil.default"(%6) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %8 = pynative.op "aten.erfc.default"(%7) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %9 = pynative.op "aten.floor.default"(%8) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %10 = pynative.op "aten.round.default"(%9) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %11 = pynative.op "aten.trunc.default"(%10) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %11 : tensor<4xf32>
}
