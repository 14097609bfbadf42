// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: ascend-translate --import-mindir %t.mindir | FileCheck %s

// MindIR files written before the Expm1 form hold an f32 Tanh as
// 2 * Sigmoid(2x) - 1 (MindIRRunnableForm.cpp): the importer still reads
// that chain back as one mindspore.tanh. A Sigmoid chain with another
// constant, or whose Sigmoid has a second use, stays as it is.

// CHECK-LABEL: func.func @main
// CHECK:       %[[T:.*]] = mindspore.tanh %arg0 : tensor<4xf32>
// CHECK:       mindspore.sigmoid
// CHECK:       mindspore.sub
// CHECK-NOT:   mindspore.tanh
// CHECK:       return %[[T]]
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %two = mindspore.constant dense<2.0> : tensor<f32>
  %one = mindspore.constant dense<1.0> : tensor<f32>
  %three = mindspore.constant dense<3.0> : tensor<f32>
  %a = mindspore.mul %x, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %s = mindspore.sigmoid %a : tensor<4xf32>
  %s2 = mindspore.mul %s, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %t = mindspore.sub %s2, %one : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %b = mindspore.mul %x, %three : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %u = mindspore.sigmoid %b : tensor<4xf32>
  %u2 = mindspore.mul %u, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %v = mindspore.sub %u2, %one : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %t, %v : tensor<4xf32>, tensor<4xf32>
}
