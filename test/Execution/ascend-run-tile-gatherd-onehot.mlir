// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/tile-gatherd-onehot.runs | FileCheck %s

// Tile (float, integer, with a new leading dimension), GatherD (dim 0 with
// i64 indices, dim -1 with i32 indices) and OneHot (last axis with int64
// on/off values as aten.one_hot has, axis 0 with float values) against numpy.
// CHECK: run 0: max abs error {{.*}}: ok

func.func @main(%x: tensor<2x3xf32>, %xi: tensor<3xi32>, %g: tensor<3x4xf32>,
                %idx0: tensor<2x4xi64>, %idx1: tensor<3x2xi32>,
                %ind: tensor<2x2xi64>, %ind2: tensor<3xi32>)
    -> (tensor<2x2x6xf32>, tensor<2x6xi32>, tensor<2x4xf32>, tensor<3x2xf32>,
        tensor<2x2x4xi64>, tensor<3x3xf32>) {
  %t = mindspore.tile %x, [2, 1, 2] : (tensor<2x3xf32>) -> tensor<2x2x6xf32>
  %ti = mindspore.tile %xi, [2, 2] : (tensor<3xi32>) -> tensor<2x6xi32>
  %g0 = mindspore.gather_d %g, %idx0 {dim = 0 : i64} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  %g1 = mindspore.gather_d %g, %idx1 {dim = -1 : i64} : (tensor<3x4xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>
  %on = mindspore.constant dense<1> : tensor<i64>
  %off = mindspore.constant dense<0> : tensor<i64>
  %o = mindspore.one_hot %ind, %on, %off {depth = 4 : i64} : (tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2x4xi64>
  %onf = mindspore.constant dense<2.5> : tensor<f32>
  %offf = mindspore.constant dense<-1.0> : tensor<f32>
  %o0 = mindspore.one_hot %ind2, %onf, %offf {depth = 3 : i64, axis = 0 : i64} : (tensor<3xi32>, tensor<f32>, tensor<f32>) -> tensor<3x3xf32>
  return %t, %ti, %g0, %g1, %o, %o0 : tensor<2x2x6xf32>, tensor<2x6xi32>, tensor<2x4xf32>, tensor<3x2xf32>, tensor<2x2x4xi64>, tensor<3x3xf32>
}
