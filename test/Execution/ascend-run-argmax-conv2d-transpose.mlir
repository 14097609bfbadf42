// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/argmax-conv2d-transpose.runs | FileCheck %s

// Conv2DTranspose (stride 2, pad 1, output padding 1, 3x3 kernel; and
// stride (3, 2), pad (2, 0) -- more than the kernel span, so the spread input
// is cropped -- output padding (1, 0), dilation (1, 2)) and Argmax (float
// with ties and NaNs to i64; int32 along axis 0 to i32) against torch.
// CHECK: run 0: max abs error {{.*}}: ok

func.func @main(%x1: tensor<1x2x4x4xf32>, %w1: tensor<2x3x3x3xf32>,
                %x2: tensor<2x1x3x4xf32>, %w2: tensor<1x2x2x3xf32>,
                %x3: tensor<3x4xf32>, %x4: tensor<3x3xi32>)
    -> (tensor<1x3x8x8xf32>, tensor<2x2x5x11xf32>, tensor<3xi64>, tensor<3xi32>) {
  %y1 = mindspore.conv2d_transpose %x1, %w1 {stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32>
  %y2 = mindspore.conv2d_transpose %x2, %w2 {stride = array<i64: 3, 2>, dilation = array<i64: 1, 2>, pad = array<i64: 2, 2, 0, 0>, output_padding = array<i64: 1, 0>} : (tensor<2x1x3x4xf32>, tensor<1x2x2x3xf32>) -> tensor<2x2x5x11xf32>
  %a3 = mindspore.argmax %x3 {axis = 1 : i64, output_type = i64} : (tensor<3x4xf32>) -> tensor<3xi64>
  %a4 = mindspore.argmax %x4 {axis = 0 : i64, output_type = i32} : (tensor<3x3xi32>) -> tensor<3xi32>
  return %y1, %y2, %a3, %a4 : tensor<1x3x8x8xf32>, tensor<2x2x5x11xf32>, tensor<3xi64>, tensor<3xi32>
}
