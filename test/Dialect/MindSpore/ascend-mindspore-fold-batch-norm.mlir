// RUN: ascend-opt %s -split-input-file --ascend-mindspore-fold-batch-norm | FileCheck %s

// conv -> batch_norm: the filter is scaled per output channel by
// s = scale * rsqrt(variance + epsilon) and the shift -mean * s + offset
// becomes a BiasAdd.
// CHECK-LABEL: func.func @conv_bn
// CHECK-NOT: mindspore.batch_norm
// CHECK: %[[EPS:.*]] = mindspore.constant dense<9.99999974E-6> : tensor<f32>
// CHECK: %[[VE:.*]] = mindspore.add %arg5, %[[EPS]]
// CHECK: %[[R:.*]] = mindspore.rsqrt %[[VE]]
// CHECK: %[[S:.*]] = mindspore.mul %arg2, %[[R]]
// CHECK: %[[S4:.*]] = mindspore.reshape %[[S]], [8, 1, 1, 1]
// CHECK: %[[W:.*]] = mindspore.mul %arg1, %[[S4]]
// CHECK: %[[NM:.*]] = mindspore.neg %arg4
// CHECK: %[[T:.*]] = mindspore.mul %[[NM]], %[[S]]
// CHECK: %[[B:.*]] = mindspore.add %[[T]], %arg3
// CHECK: %[[C:.*]] = mindspore.conv2d %arg0, %[[W]]
// CHECK: %[[Y:.*]] = mindspore.bias_add %[[C]], %[[B]]
// CHECK: return %[[Y]]
func.func @conv_bn(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %scale: tensor<8xf32>, %offset: tensor<8xf32>, %mean: tensor<8xf32>, %var: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %c = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  %y = mindspore.batch_norm %c, %scale, %offset, %mean, %var {epsilon = 1.0e-5 : f32} : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}

// -----

// A convolution bias before the BatchNorm folds too: shift = (b0 - mean) * s.
// CHECK-LABEL: func.func @conv_bias_bn
// CHECK-NOT: mindspore.batch_norm
// CHECK: %[[D:.*]] = mindspore.sub %arg6, %arg4
// CHECK: mindspore.mul %[[D]]
// CHECK: mindspore.bias_add
// CHECK-NOT: mindspore.bias_add
func.func @conv_bias_bn(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %scale: tensor<8xf32>, %offset: tensor<8xf32>, %mean: tensor<8xf32>, %var: tensor<8xf32>, %b0: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %c = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  %cb = mindspore.bias_add %c, %b0 : (tensor<1x8x8x8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %y = mindspore.batch_norm %cb, %scale, %offset, %mean, %var {epsilon = 1.0e-5 : f32} : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}

// -----

// The convolution's result is also used elsewhere: nothing folds.
// CHECK-LABEL: func.func @conv_used_twice
// CHECK: mindspore.batch_norm
func.func @conv_used_twice(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %s: tensor<8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %c = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  %y = mindspore.batch_norm %c, %s, %s, %s, %s {epsilon = 1.0e-5 : f32} : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  return %y, %c : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}
