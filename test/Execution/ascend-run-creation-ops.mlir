// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/creation-ops.runs | FileCheck %s

// MaskedFill (a broadcast mask), Fill of a graph value, Zeros, Ones and
// Dropout (inference: the identity) on the CPU, against values worked out by
// hand in the .runs file.
// CHECK: run 0: max abs error 0, {{.*}}: ok

func.func @main(%x: tensor<2x3xf32>, %m: tensor<3xi1>, %v: tensor<f32>)
    -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<3xi32>, tensor<2xf32>, tensor<2x3xf32>) {
  %a = mindspore.masked_fill %x, %m, %v : (tensor<2x3xf32>, tensor<3xi1>, tensor<f32>) -> tensor<2x3xf32>
  %b = mindspore.fill %v : (tensor<f32>) -> tensor<2x2xf32>
  %z = mindspore.zeros : tensor<3xi32>
  %o = mindspore.ones : tensor<2xf32>
  %d = mindspore.dropout %x {keep_prob = 0.9 : f32} : tensor<2x3xf32>
  return %a, %b, %z, %o, %d : tensor<2x3xf32>, tensor<2x2xf32>, tensor<3xi32>, tensor<2xf32>, tensor<2x3xf32>
}
