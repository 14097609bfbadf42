// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/conv-relu-pool.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/conv-relu-pool.runs --print-outputs | FileCheck %s --check-prefix=OUT

// 4 * Conv2D (pad 0, 2x2 of 0.25) of the ramp is 16i + 4j + 10 on a 3x3 grid;
// max pool 2x2 stride 2 with ceil_mode maps it to 2x2 with windows that hang
// over the edge. The second run is all negative: relu zeroes it.

// CHECK: run 0: max abs error 0, max rel error 0 (tolerance atol 1e-05 x max(1, max |eager|)): ok
// CHECK: run 1: max abs error 0, max rel error 0 (tolerance atol 1e-05 x max(1, max |eager|)): ok

// OUT: run 0 output 0: dense<{{\[\[\[\[}}3.000000e+01, 3.400000e+01], [4.600000e+01, 5.000000e+01]]]]> : tensor<1x1x2x2xf32>
// OUT: run 1 output 1: dense<0.000000e+00> : tensor<1x1x2x2xf32>

mindspore.parameter @"conv.weight" : tensor<1x1x2x2xf32> = dense<0.25> : tensor<1x1x2x2xf32>

func.func @main(%x: tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) {
  %w = mindspore.load @"conv.weight" : tensor<1x1x2x2xf32>
  %four = mindspore.constant dense<4.0> : tensor<f32>
  %c = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>}
      : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32>
  %s = mindspore.mul %c, %four : (tensor<1x1x3x3xf32>, tensor<f32>) -> tensor<1x1x3x3xf32>
  %r = mindspore.relu %s : tensor<1x1x3x3xf32>
  %m = mindspore.max_pool %r {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, ceil_mode = true}
      : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  %x2 = mindspore.relu %x : tensor<1x1x4x4xf32>
  %a = mindspore.adaptive_avg_pool2d %x2 {output_size = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  %a2 = mindspore.add %a, %a : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %h = mindspore.constant dense<0.5> : tensor<1xf32>
  %a3 = mindspore.mul %a2, %h : (tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  return %m, %a3 : tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>
}
