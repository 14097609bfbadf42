// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/batch-matmul-axes.runs | FileCheck %s

// BatchMatMul (plain and with transpose_b) and ops on the last axis given as
// -1 (log_softmax, concat) against numpy.
// CHECK: run 0: max abs error {{.*}}: ok

func.func @main(%x: tensor<2x2x3xf32>, %y: tensor<2x3x2xf32>, %yt: tensor<2x2x3xf32>,
                %a: tensor<2x3xf32>, %c1: tensor<2x1xf32>, %c2: tensor<2x2xf32>)
    -> (tensor<2x2x2xf32>, tensor<2x2x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %p = mindspore.batch_matmul %x, %y : (tensor<2x2x3xf32>, tensor<2x3x2xf32>) -> tensor<2x2x2xf32>
  %q = mindspore.batch_matmul %x, %yt {transpose_b = true} : (tensor<2x2x3xf32>, tensor<2x2x3xf32>) -> tensor<2x2x2xf32>
  %l = mindspore.log_softmax %a {axis = -1 : i64} : tensor<2x3xf32>
  %c = mindspore.concat %c1, %c2 {axis = -1 : i64} : (tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x3xf32>
  return %p, %q, %l, %c : tensor<2x2x2xf32>, tensor<2x2x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
