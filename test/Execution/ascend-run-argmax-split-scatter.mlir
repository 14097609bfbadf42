// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/argmax-split-scatter.runs | FileCheck %s

// ArgMaxWithValue (float with a NaN and a tie, keep_dims; int32 values with
// int32 indices), Split into three, TensorScatterUpdate of [1, 2] rows into
// a 3-D tensor, TensorScatterAdd with a repeated row, and a grouped, dilated
// Conv2DTranspose with output padding, against torch.
// CHECK: run 0: max abs error {{.*}}: ok
// CHECK-NEXT: run 1: max abs error {{.*}}: ok

func.func @main(%x1: tensor<3x4xf32>, %x2: tensor<2x5xi32>, %x3: tensor<2x6xf32>,
                %base: tensor<4x3x2xf32>, %idx: tensor<1x2x2xi64>, %upd: tensor<1x2x2xf32>,
                %idx2: tensor<3x1xi32>, %upd2: tensor<3x3x2xf32>,
                %xc: tensor<1x4x3x3xf32>, %wc: tensor<4x3x3x2xf32>)
    -> (tensor<1x4xi64>, tensor<1x4xf32>, tensor<2xi32>, tensor<2xi32>,
        tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x3x2xf32>, tensor<4x3x2xf32>,
        tensor<1x6x6x6xf32>) {
  %i1, %v1 = mindspore.argmax_with_value %x1 {keep_dims = true} : (tensor<3x4xf32>) -> (tensor<1x4xi64>, tensor<1x4xf32>)
  %i2, %v2 = mindspore.argmax_with_value %x2 {axis = -1 : i64, index_type = i32} : (tensor<2x5xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  %s:3 = mindspore.split %x3 {axis = 1 : i64, output_num = 3 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  %r1 = mindspore.tensor_scatter_update %base, %idx, %upd : (tensor<4x3x2xf32>, tensor<1x2x2xi64>, tensor<1x2x2xf32>) -> tensor<4x3x2xf32>
  %r2 = mindspore.tensor_scatter_add %base, %idx2, %upd2 : (tensor<4x3x2xf32>, tensor<3x1xi32>, tensor<3x3x2xf32>) -> tensor<4x3x2xf32>
  %y = mindspore.conv2d_transpose %xc, %wc {stride = array<i64: 2, 2>, dilation = array<i64: 1, 2>, pad = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x3x3x2xf32>) -> tensor<1x6x6x6xf32>
  return %i1, %v1, %i2, %v2, %s#0, %s#2, %r1, %r2, %y : tensor<1x4xi64>, tensor<1x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x3x2xf32>, tensor<4x3x2xf32>, tensor<1x6x6x6xf32>
}
