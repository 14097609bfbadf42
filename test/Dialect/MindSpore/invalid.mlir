// RUN: ascend-opt %s -split-input-file -verify-diagnostics

func.func @broadcast_mismatch(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{operand shapes [4, 3] and [4, 5] are not broadcast-compatible}}
  // expected-error @+1 {{'mindspore.add' op failed to infer returned types}}
  %r = mindspore.add %a, %b : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// -----

func.func @matmul_rank(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+2 {{expects 2-D operands, got ranks 3 and 2}}
  // expected-error @+1 {{'mindspore.matmul' op failed to infer returned types}}
  %r = mindspore.matmul %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

func.func @matmul_contraction(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+2 {{contracted sizes differ: 3 vs 4}}
  // expected-error @+1 {{'mindspore.matmul' op failed to infer returned types}}
  %r = mindspore.matmul %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

func.func @bias_add_rank(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{expects input of rank >= 2, got 1}}
  // expected-error @+1 {{'mindspore.bias_add' op failed to infer returned types}}
  %r = mindspore.bias_add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

func.func @bias_add_channels(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{expects a 1-D bias of 3 channels}}
  // expected-error @+1 {{'mindspore.bias_add' op failed to infer returned types}}
  %r = mindspore.bias_add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @reshape_two_unknown(%a: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+2 {{shape has more than one -1}}
  // expected-error @+1 {{'mindspore.reshape' op failed to infer returned types}}
  %r = mindspore.reshape %a, [-1, -1] : (tensor<2x3xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @reshape_negative(%a: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+2 {{shape has a negative dimension -2}}
  // expected-error @+1 {{'mindspore.reshape' op failed to infer returned types}}
  %r = mindspore.reshape %a, [-2, 3] : (tensor<2x3xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @reshape_infer(%a: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+2 {{cannot infer -1 for 6 elements}}
  // expected-error @+1 {{'mindspore.reshape' op failed to infer returned types}}
  %r = mindspore.reshape %a, [4, -1] : (tensor<2x3xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @reshape_count(%a: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+2 {{shape holds 7 elements but the input has 6}}
  // expected-error @+1 {{'mindspore.reshape' op failed to infer returned types}}
  %r = mindspore.reshape %a, [7] : (tensor<2x3xf32>) -> tensor<7xf32>
  return %r : tensor<7xf32>
}

// -----

func.func @transpose_size(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{perm has 1 entries for rank 2}}
  // expected-error @+1 {{'mindspore.transpose' op failed to infer returned types}}
  %r = mindspore.transpose %a, [1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

func.func @transpose_perm(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{perm is not a permutation}}
  // expected-error @+1 {{'mindspore.transpose' op failed to infer returned types}}
  %r = mindspore.transpose %a, [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

func.func @reduce_axis(%a: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{axis 2 is out of range for rank 2}}
  // expected-error @+1 {{'mindspore.reduce_sum' op failed to infer returned types}}
  %r = mindspore.reduce_sum %a, [2] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @conv_rank(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{expects 4-D NCHW input and OIHW weight}}
  // expected-error @+1 {{'mindspore.conv2d' op failed to infer returned types}}
  %r = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>} : (tensor<3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_group(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{group 2 does not divide the channels}}
  // expected-error @+1 {{'mindspore.conv2d' op failed to infer returned types}}
  %r = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, group = 2} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{weight expects 2 input channels, input has 3}}
  // expected-error @+1 {{'mindspore.conv2d' op failed to infer returned types}}
  %r = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x3x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_pad_mode(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{pad_mode must be "pad", "same" or "valid", got "full"}}
  // expected-error @+1 {{'mindspore.conv2d' op failed to infer returned types}}
  %r = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, pad_mode = "full"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_window_attrs(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{expects 2 kernel sizes, 2 strides, 2 dilations and 4 pads [top, bottom, left, right]}}
  // expected-error @+1 {{'mindspore.conv2d' op failed to infer returned types}}
  %r = mindspore.conv2d %x, %w {stride = array<i64: 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_stride(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{kernel sizes, strides and dilations must be positive}}
  // expected-error @+1 {{'mindspore.conv2d' op failed to infer returned types}}
  %r = mindspore.conv2d %x, %w {stride = array<i64: 0, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_pad(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{pads must be non-negative}}
  // expected-error @+1 {{'mindspore.conv2d' op failed to infer returned types}}
  %r = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: -1, 0, 0, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

func.func @batch_norm_rank(%x: tensor<3xf32>, %s: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{expects input of rank >= 2}}
  // expected-error @+1 {{'mindspore.batch_norm' op failed to infer returned types}}
  %r = mindspore.batch_norm %x, %s, %s, %s, %s {epsilon = 1.0e-5 : f32} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

func.func @batch_norm_stats(%x: tensor<1x3x2x2xf32>, %s: tensor<4xf32>) -> tensor<1x3x2x2xf32> {
  // expected-error @+2 {{expects scale, bias, mean and variance of shape [3]}}
  // expected-error @+1 {{'mindspore.batch_norm' op failed to infer returned types}}
  %r = mindspore.batch_norm %x, %s, %s, %s, %s {epsilon = 1.0e-5 : f32} : (tensor<1x3x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x3x2x2xf32>
  return %r : tensor<1x3x2x2xf32>
}

// -----

func.func @max_pool_rank(%x: tensor<3x8x8xf32>) -> tensor<3x4x4xf32> {
  // expected-error @+2 {{expects a 4-D NCHW input}}
  // expected-error @+1 {{'mindspore.max_pool' op failed to infer returned types}}
  %r = mindspore.max_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<3x8x8xf32>) -> tensor<3x4x4xf32>
  return %r : tensor<3x4x4xf32>
}

// -----

func.func @max_pool_pad(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+2 {{pad must be at most half the kernel size}}
  // expected-error @+1 {{'mindspore.max_pool' op failed to infer returned types}}
  %r = mindspore.max_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 2, 0, 0, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

func.func @avg_pool_rank(%x: tensor<3x8x8xf32>) -> tensor<3x4x4xf32> {
  // expected-error @+2 {{expects a 4-D NCHW input}}
  // expected-error @+1 {{'mindspore.avg_pool' op failed to infer returned types}}
  %r = mindspore.avg_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<3x8x8xf32>) -> tensor<3x4x4xf32>
  return %r : tensor<3x4x4xf32>
}

// -----

func.func @avg_pool_divisor(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+2 {{divisor_override must be positive, not 0}}
  // expected-error @+1 {{'mindspore.avg_pool' op failed to infer returned types}}
  %r = mindspore.avg_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, divisor_override = 0 : i64} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

func.func @avg_pool_pad(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x6x6xf32> {
  // expected-error @+2 {{pad must be at most half the kernel size}}
  // expected-error @+1 {{'mindspore.avg_pool' op failed to infer returned types}}
  %r = mindspore.avg_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 2, 2, 0, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x6x6xf32>
  return %r : tensor<1x3x6x6xf32>
}

// -----

func.func @adaptive_rank(%x: tensor<3x8x8xf32>) -> tensor<3x1x1xf32> {
  // expected-error @+2 {{expects a 4-D NCHW input}}
  // expected-error @+1 {{'mindspore.adaptive_avg_pool2d' op failed to infer returned types}}
  %r = mindspore.adaptive_avg_pool2d %x {output_size = array<i64: 1, 1>} : (tensor<3x8x8xf32>) -> tensor<3x1x1xf32>
  return %r : tensor<3x1x1xf32>
}

// -----

func.func @adaptive_size(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x1x1xf32> {
  // expected-error @+2 {{expects 2 positive output sizes}}
  // expected-error @+1 {{'mindspore.adaptive_avg_pool2d' op failed to infer returned types}}
  %r = mindspore.adaptive_avg_pool2d %x {output_size = array<i64: 0, 1>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x1x1xf32>
  return %r : tensor<1x3x1x1xf32>
}

// -----

func.func @softmax_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'mindspore.softmax' op axis 2 is out of range for rank 2}}
  %r = mindspore.softmax %x {axis = 2} : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// expected-error @+1 {{'mindspore.parameter' op value type 'tensor<2xf32>' differs from the declared type 'tensor<4xf32>'}}
mindspore.parameter @w : tensor<4xf32> = dense<0.0> : tensor<2xf32>

// -----

func.func @load_missing() -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.load' op 'w' is not a mindspore.parameter}}
  %w = mindspore.load @w : tensor<4xf32>
  return %w : tensor<4xf32>
}

// -----

mindspore.parameter @w : tensor<4xf32>
func.func @load_type(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mindspore.load' op type 'tensor<2xf32>' differs from parameter type 'tensor<4xf32>'}}
  %w = mindspore.load @w : tensor<2xf32>
  return %w : tensor<2xf32>
}

// -----

func.func @cond_predicate(%p: tensor<2xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.cond' op predicate must hold exactly one element}}
  %r = mindspore.cond %p : tensor<2xi1> -> (tensor<4xf32>) {
    mindspore.yield %x : tensor<4xf32>
  } else {
    mindspore.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @cond_yield_types(%p: tensor<i1>, %x: tensor<4xf32>, %y: tensor<2xf32>) -> tensor<4xf32> {
  %r = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>) {
    mindspore.yield %x : tensor<4xf32>
  } else {
    // expected-error @+1 {{'mindspore.yield' op yields 'tensor<2xf32>' but the cond returns 'tensor<4xf32>'}}
    mindspore.yield %y : tensor<2xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @select_element_types(%c: tensor<2xi1>, %x: tensor<2xf32>, %y: tensor<2xf16>) -> tensor<2xf32> {
  // expected-error @+2 {{x and y have different element types}}
  // expected-error @+1 {{'mindspore.select' op failed to infer returned types}}
  %r = mindspore.select %c, %x, %y : (tensor<2xi1>, tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @select_shapes(%c: tensor<3xi1>, %x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{condition, x and y shapes [3], [2] and [2] are not broadcast-compatible}}
  // expected-error @+1 {{'mindspore.select' op failed to infer returned types}}
  %r = mindspore.select %c, %x, %y : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @cast_shape(%x: tensor<2xf32>) -> tensor<3xf16> {
  // expected-error @+1 {{'mindspore.cast' op result shape [3] differs from the input shape [2]}}
  %r = mindspore.cast %x : (tensor<2xf32>) -> tensor<3xf16>
  return %r : tensor<3xf16>
}

// -----

func.func @log_softmax_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'mindspore.log_softmax' op axis 2 is out of range for rank 2}}
  %r = mindspore.log_softmax %x {axis = 2 : i64} : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @reduce_repeated_axis(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{axis -1 is repeated}}
  // expected-error @+1 {{'mindspore.reduce_mean' op failed to infer returned types}}
  %r = mindspore.reduce_mean %x, [1, -1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @layer_norm_axes(%x: tensor<2x3xf32>, %g: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{begin_norm_axis 2 and begin_params_axis 1 must be in range for rank 2}}
  // expected-error @+1 {{'mindspore.layer_norm' op failed to infer returned types}}
  %r = mindspore.layer_norm %x, %g, %g {begin_norm_axis = 2 : i64, begin_params_axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @layer_norm_params(%x: tensor<2x3xf32>, %g: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{expects gamma and beta of shape [3], got [2, 3]}}
  // expected-error @+1 {{'mindspore.layer_norm' op failed to infer returned types}}
  %r = mindspore.layer_norm %x, %g, %g {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @expand_dims_axis(%x: tensor<2x3xf32>) -> tensor<2x3x1xf32> {
  // expected-error @+2 {{axis 3 is out of range for a result of rank 3}}
  // expected-error @+1 {{'mindspore.expand_dims' op failed to infer returned types}}
  %r = mindspore.expand_dims %x {axis = 3 : i64} : (tensor<2x3xf32>) -> tensor<2x3x1xf32>
  return %r : tensor<2x3x1xf32>
}

// -----

func.func @squeeze_axis_range(%x: tensor<2x1xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{axis 2 is out of range for rank 2}}
  // expected-error @+1 {{'mindspore.squeeze' op failed to infer returned types}}
  %r = mindspore.squeeze %x {axis = array<i64: 2>} : (tensor<2x1xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @squeeze_not_one(%x: tensor<2x1xf32>) -> tensor<1xf32> {
  // expected-error @+2 {{cannot squeeze axis 0 of size 2}}
  // expected-error @+1 {{'mindspore.squeeze' op failed to infer returned types}}
  %r = mindspore.squeeze %x {axis = array<i64: 0>} : (tensor<2x1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

func.func @concat_no_inputs() -> tensor<0xf32> {
  // expected-error @+1 {{'mindspore.concat' op expected 1 or more operands, but found 0}}
  %r = mindspore.concat {axis = 0 : i64} : () -> tensor<0xf32>
  return %r : tensor<0xf32>
}

// -----

func.func @concat_axis(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{axis 2 is out of range for rank 2}}
  // expected-error @+1 {{'mindspore.concat' op failed to infer returned types}}
  %r = mindspore.concat %x, %x {axis = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func @concat_shapes(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{input shapes [2, 3] and [2, 4] differ outside axis 0}}
  // expected-error @+1 {{'mindspore.concat' op failed to infer returned types}}
  %r = mindspore.concat %x, %y {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func @strided_slice_entries(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{expects begin, end and strides with 2 entries each}}
  // expected-error @+1 {{'mindspore.strided_slice' op failed to infer returned types}}
  %r = mindspore.strided_slice %x {begin = array<i64: 0>, end = array<i64: 2, 3>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @strided_slice_stride(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{strides must be positive}}
  // expected-error @+1 {{'mindspore.strided_slice' op failed to infer returned types}}
  %r = mindspore.strided_slice %x {begin = array<i64: 0, 0>, end = array<i64: 2, 3>, strides = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @strided_slice_bounds(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{dimension 1 needs 0 <= begin <= end <= 3, got [0, 4)}}
  // expected-error @+1 {{'mindspore.strided_slice' op failed to infer returned types}}
  %r = mindspore.strided_slice %x {begin = array<i64: 0, 0>, end = array<i64: 2, 4>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @gather_axis(%x: tensor<2x3xf32>, %i: tensor<4xi64>) -> tensor<4x3xf32> {
  // expected-error @+2 {{axis -3 is out of range for rank 2}}
  // expected-error @+1 {{'mindspore.gather' op failed to infer returned types}}
  %r = mindspore.gather %x, %i {axis = -3 : i64} : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func @broadcast_to_shape(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{cannot broadcast [2, 3] to [4, 3]}}
  // expected-error @+1 {{'mindspore.broadcast_to' op failed to infer returned types}}
  %r = mindspore.broadcast_to %x {shape = array<i64: 4, 3>} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func @pad_count(%x: tensor<2x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{expects 2 paddings per dimension (4), got 2}}
  // expected-error @+1 {{'mindspore.pad' op failed to infer returned types}}
  %r = mindspore.pad %x {paddings = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----

func.func @pad_negative(%x: tensor<2x3xf32>) -> tensor<1x3xf32> {
  // expected-error @+2 {{paddings must be non-negative}}
  // expected-error @+1 {{'mindspore.pad' op failed to infer returned types}}
  %r = mindspore.pad %x {paddings = array<i64: -1, 0, 0, 0>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

// -----

func.func @reverse_axis_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'mindspore.reverse_v2' op axis 2 is out of range for rank 2}}
  %r = mindspore.reverse_v2 %x {axis = array<i64: 2>} : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @reverse_axis_repeated(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'mindspore.reverse_v2' op axis -1 is repeated}}
  %r = mindspore.reverse_v2 %x {axis = array<i64: 1, -1>} : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @while_result_types(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<2xf32> {
  // expected-error @+1 {{'mindspore.while' op results 'tensor<2xf32>' differ from the loop state 'tensor<4xf32>'}}
  %r = "mindspore.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    mindspore.condition %p, %a : tensor<i1>, tensor<4xf32>
  }, {
  ^bb0(%a: tensor<4xf32>):
    mindspore.yield %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @while_region_args(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.while' op region arguments 'tensor<2xf32>' differ from the loop state 'tensor<4xf32>'}}
  %r = mindspore.while(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<2xf32>):
    mindspore.condition %p, %x : tensor<i1>, tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>):
    mindspore.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_flag(%x: tensor<4xf32>, %p: tensor<2xi1>) -> tensor<4xf32> {
  %r = mindspore.while(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'mindspore.condition' op flag must hold exactly one element}}
    mindspore.condition %p, %a : tensor<2xi1>, tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>):
    mindspore.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_condition_values(%x: tensor<4xf32>, %p: tensor<i1>, %y: tensor<2xf32>) -> tensor<4xf32> {
  %r = mindspore.while(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'mindspore.condition' op passes 'tensor<2xf32>' but the loop state is 'tensor<4xf32>'}}
    mindspore.condition %p, %y : tensor<i1>, tensor<2xf32>
  } do {
  ^bb0(%a: tensor<4xf32>):
    mindspore.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_yield(%x: tensor<4xf32>, %p: tensor<i1>, %y: tensor<2xf32>) -> tensor<4xf32> {
  %r = mindspore.while(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    mindspore.condition %p, %a : tensor<i1>, tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'mindspore.yield' op yields 'tensor<2xf32>' but the loop state is 'tensor<4xf32>'}}
    mindspore.yield %y : tensor<2xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_before_terminator(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.while' op before region must end in mindspore.condition}}
  %r = mindspore.while(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    mindspore.yield %a : tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>):
    mindspore.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_after_terminator(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.while' op after region must end in mindspore.yield}}
  %r = mindspore.while(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    mindspore.condition %p, %a : tensor<i1>, tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>):
    mindspore.condition %p, %a : tensor<i1>, tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @batch_matmul_rank(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{expects operands of one rank >= 3, got 2 and 2}}
  // expected-error @+1 {{'mindspore.batch_matmul' op failed to infer returned types}}
  %r = mindspore.batch_matmul %x, %y : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @batch_matmul_batch(%x: tensor<2x2x3xf32>, %y: tensor<4x3x2xf32>) -> tensor<2x2x2xf32> {
  // expected-error @+2 {{batch dimensions differ}}
  // expected-error @+1 {{'mindspore.batch_matmul' op failed to infer returned types}}
  %r = mindspore.batch_matmul %x, %y : (tensor<2x2x3xf32>, tensor<4x3x2xf32>) -> tensor<2x2x2xf32>
  return %r : tensor<2x2x2xf32>
}

// -----

func.func @batch_matmul_contraction(%x: tensor<2x2x3xf32>, %y: tensor<2x4x2xf32>) -> tensor<2x2x2xf32> {
  // expected-error @+2 {{contracted sizes differ: 3 vs 4}}
  // expected-error @+1 {{'mindspore.batch_matmul' op failed to infer returned types}}
  %r = mindspore.batch_matmul %x, %y : (tensor<2x2x3xf32>, tensor<2x4x2xf32>) -> tensor<2x2x2xf32>
  return %r : tensor<2x2x2xf32>
}

// -----

func.func @tile_too_few_multiples(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+2 {{multiples has 1 entries for an input of rank 2}}
  // expected-error @+1 {{'mindspore.tile' op failed to infer returned types}}
  %r = mindspore.tile %x, [2] : (tensor<2x3xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @tile_zero_multiple(%x: tensor<2x3xf32>) -> tensor<0x3xf32> {
  // expected-error @+2 {{multiples must be positive, got [0, 1]}}
  // expected-error @+1 {{'mindspore.tile' op failed to infer returned types}}
  %r = mindspore.tile %x, [0, 1] : (tensor<2x3xf32>) -> tensor<0x3xf32>
  return %r : tensor<0x3xf32>
}

// -----

func.func @tile_wrong_result(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{'mindspore.tile' op inferred type(s) 'tensor<2x9xf32>' are incompatible with return type(s) of operation 'tensor<4x3xf32>'}}
  // expected-error @+1 {{'mindspore.tile' op failed to infer returned types}}
  %r = mindspore.tile %x, [1, 3] : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func @gather_d_dim(%x: tensor<2x3xf32>, %i: tensor<2x3xi64>) -> tensor<2x3xf32> {
  // expected-error @+2 {{axis 2 is out of range for rank 2}}
  // expected-error @+1 {{'mindspore.gather_d' op failed to infer returned types}}
  %r = mindspore.gather_d %x, %i {dim = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @gather_d_rank(%x: tensor<2x3xf32>, %i: tensor<6xi64>) -> tensor<6xf32> {
  // expected-error @+2 {{index has rank 1, the input has rank 2}}
  // expected-error @+1 {{'mindspore.gather_d' op failed to infer returned types}}
  %r = mindspore.gather_d %x, %i {dim = 0 : i64} : (tensor<2x3xf32>, tensor<6xi64>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @gather_d_index_too_big(%x: tensor<2x3xf32>, %i: tensor<5x4xi32>) -> tensor<5x4xf32> {
  // expected-error @+2 {{index shape [5, 4] exceeds the input shape [2, 3] outside dimension 0}}
  // expected-error @+1 {{'mindspore.gather_d' op failed to infer returned types}}
  %r = mindspore.gather_d %x, %i {dim = 0 : i64} : (tensor<2x3xf32>, tensor<5x4xi32>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

// -----

func.func @gather_d_float_index(%x: tensor<2x3xf32>, %i: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand #1 must be tensor of 32-bit signless integer or 64-bit signless integer values}}
  %r = mindspore.gather_d %x, %i {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @one_hot_values(%i: tensor<3xi64>, %on: tensor<2xf32>, %off: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{on_value and off_value must be 0-d tensors of one element type}}
  // expected-error @+1 {{'mindspore.one_hot' op failed to infer returned types}}
  %r = mindspore.one_hot %i, %on, %off {depth = 4 : i64} : (tensor<3xi64>, tensor<2xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

func.func @one_hot_value_types(%i: tensor<3xi64>, %on: tensor<f32>, %off: tensor<i64>) -> tensor<3x4xf32> {
  // expected-error @+2 {{on_value and off_value must be 0-d tensors of one element type}}
  // expected-error @+1 {{'mindspore.one_hot' op failed to infer returned types}}
  %r = mindspore.one_hot %i, %on, %off {depth = 4 : i64} : (tensor<3xi64>, tensor<f32>, tensor<i64>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

func.func @one_hot_depth(%i: tensor<3xi64>, %on: tensor<f32>, %off: tensor<f32>) -> tensor<3x0xf32> {
  // expected-error @+2 {{depth must be positive, got 0}}
  // expected-error @+1 {{'mindspore.one_hot' op failed to infer returned types}}
  %r = mindspore.one_hot %i, %on, %off {depth = 0 : i64} : (tensor<3xi64>, tensor<f32>, tensor<f32>) -> tensor<3x0xf32>
  return %r : tensor<3x0xf32>
}

// -----

func.func @one_hot_axis(%i: tensor<3xi64>, %on: tensor<f32>, %off: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{axis 2 must be -1 or in [0, 1]}}
  // expected-error @+1 {{'mindspore.one_hot' op failed to infer returned types}}
  %r = mindspore.one_hot %i, %on, %off {depth = 4 : i64, axis = 2 : i64} : (tensor<3xi64>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

func.func @custom_empty_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.custom' op expects a non-empty func_name (the eager op or kernel it stands for)}}
  %y = mindspore.custom ""(%x) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @custom_empty_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.custom' op expects a non-empty func_type}}
  %y = mindspore.custom "aten.erfinv.default"(%x) func_type "" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @custom_reserved_attr(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.custom' op attrs entry 'func_name' clashes with the Custom primitive's own attribute of that name}}
  %y = mindspore.custom "aten.erfinv.default"(%x) func_type "pytorch_aten" attrs {func_name = "x"} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @custom_attr_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.custom' op attrs entry 'shape' is [1, 2], which a Custom primitive cannot hold (expected an i64, bool, f32 or f64 number, a string, a dtype, an i64 or f64 array, or unit)}}
  %y = mindspore.custom "aten.erfinv.default"(%x) func_type "pytorch_aten" attrs {shape = [1, 2]} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @argmax_axis(%x: tensor<2x5xf32>) -> tensor<2xi64> {
  // expected-error @+2 {{axis 2 is out of range for rank 2}}
  // expected-error @+1 {{'mindspore.argmax' op failed to infer returned types}}
  %r = mindspore.argmax %x {axis = 2 : i64, output_type = i64} : (tensor<2x5xf32>) -> tensor<2xi64>
  return %r : tensor<2xi64>
}

// -----

func.func @argmax_output_type(%x: tensor<2x5xf32>) -> tensor<2xi64> {
  // expected-error @+2 {{output_type must be i32 or i64}}
  // expected-error @+1 {{'mindspore.argmax' op failed to infer returned types}}
  %r = mindspore.argmax %x {axis = 1 : i64, output_type = i16} : (tensor<2x5xf32>) -> tensor<2xi64>
  return %r : tensor<2xi64>
}

// -----

func.func @conv2d_transpose_channels(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x2x8x8xf32> {
  // expected-error @+2 {{weight expects 3 input channels, input has 2}}
  // expected-error @+1 {{'mindspore.conv2d_transpose' op failed to infer returned types}}
  %r = mindspore.conv2d_transpose %x, %w {stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>) -> tensor<1x2x8x8xf32>
  return %r : tensor<1x2x8x8xf32>
}

// -----

func.func @conv2d_transpose_output_padding(%x: tensor<1x2x4x4xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x3x9x9xf32> {
  // expected-error @+2 {{output padding must be non-negative and smaller than the stride or the dilation}}
  // expected-error @+1 {{'mindspore.conv2d_transpose' op failed to infer returned types}}
  %r = mindspore.conv2d_transpose %x, %w {stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x9x9xf32>
  return %r : tensor<1x3x9x9xf32>
}

// -----

func.func @fusion_unknown_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.fusion' op kind must be "vector", "reduction" or "mix", not "cube"}}
  %r = mindspore.fusion "cube" "g"(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %y = mindspore.relu %a : tensor<4xf32>
    mindspore.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_argument_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.fusion' op body has 2 arguments but the group has 1 inputs}}
  %r = mindspore.fusion "vector" "g"(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %y = mindspore.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    mindspore.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_argument_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'mindspore.fusion' op body argument 0 has type 'tensor<4xf16>' but input 0 has type 'tensor<4xf32>'}}
  %r = mindspore.fusion "vector" "g"(%x) : (tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>):
    %y = mindspore.relu %a : tensor<4xf16>
    mindspore.yield %y : tensor<4xf16>
  }
  return %r : tensor<4xf16>
}

// -----

func.func @fusion_yield_types(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mindspore.fusion' op body yields 'tensor<4xf32>' but the group returns 'tensor<8xf32>'}}
  %r = mindspore.fusion "vector" "g"(%x) : (tensor<4xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<4xf32>):
    %y = mindspore.relu %a : tensor<4xf32>
    mindspore.yield %y : tensor<4xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @fusion_opaque_op(%x: tensor<4x2xf32>) -> tensor<5x2xf32> {
  %r = mindspore.fusion "vector" "g"(%x) : (tensor<4x2xf32>) -> tensor<5x2xf32> {
  ^bb0(%a: tensor<4x2xf32>):
    // expected-error @+1 {{'mindspore.pad' op cannot be part of a fusion group (only pure Cube, Vector and reduction primitives can)}}
    %t = mindspore.pad %a {paddings = array<i64: 0, 1, 0, 0>, value = 0.0 : f64} : (tensor<4x2xf32>) -> tensor<5x2xf32>
    mindspore.yield %t : tensor<5x2xf32>
  }
  return %r : tensor<5x2xf32>
}

// -----

func.func @fusion_mix_without_cube(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.fusion' op of kind "mix" needs exactly one Cube primitive, found 0}}
  %r = mindspore.fusion "mix" "g"(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %y = mindspore.relu %a : tensor<4xf32>
    mindspore.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_mix_with_column_reduction(%x: tensor<4x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.fusion' op of kind "mix" holds 'reduce_sum', which does not reduce along the last axis only (the reductions of a "mix" group take each row of the Cube result)}}
  %r = mindspore.fusion "mix" "g"(%x) : (tensor<4x4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4x4xf32>):
    %m = mindspore.matmul %a, %a : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %y = mindspore.reduce_sum %m, [0] : (tensor<4x4xf32>) -> tensor<4xf32>
    mindspore.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_vector_with_cube(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'mindspore.fusion' op of kind "vector" holds a Cube primitive (only "mix" groups may)}}
  %r = mindspore.fusion "vector" "g"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%a: tensor<4x4xf32>):
    %m = mindspore.matmul %a, %a : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %y = mindspore.relu %m : tensor<4x4xf32>
    mindspore.yield %y : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

func.func @fusion_reduction_without_reduction(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.fusion' op of kind "reduction" holds no reduction}}
  %r = mindspore.fusion "reduction" "g"(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %y = mindspore.relu %a : tensor<4xf32>
    mindspore.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_vector_with_reduction(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'mindspore.fusion' op of kind "vector" holds a reduction (use "reduction")}}
  %r = mindspore.fusion "vector" "g"(%x) : (tensor<4xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<4xf32>):
    %y = mindspore.relu %a : tensor<4xf32>
    %s = mindspore.reduce_sum %y, [] : (tensor<4xf32>) -> tensor<f32>
    mindspore.yield %s : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @trans_data_two_device_formats(%x: tensor<1x1x2x2x16xf32>) -> tensor<1x2x16x16xf32> {
  // expected-error @+1 {{'mindspore.trans_data' op converts NC1HWC0 to FRACTAL_NZ; one side must be NCHW or ND}}
  %y = mindspore.trans_data %x "NC1HWC0" -> "FRACTAL_NZ" : (tensor<1x1x2x2x16xf32>) -> tensor<1x2x16x16xf32>
  return %y : tensor<1x2x16x16xf32>
}

// -----

func.func @trans_data_element_type(%x: tensor<1x3x2x2xf32>) -> tensor<1x1x2x2x16xf16> {
  // expected-error @+1 {{'mindspore.trans_data' op changes the element type (use Cast)}}
  %y = mindspore.trans_data %x "NCHW" -> "NC1HWC0" : (tensor<1x3x2x2xf32>) -> tensor<1x1x2x2x16xf16>
  return %y : tensor<1x1x2x2x16xf16>
}

// -----

func.func @trans_data_unknown_format(%x: tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32> {
  // expected-error @+1 {{'mindspore.trans_data' op unknown format 'NHWC' (NCHW, ND, NC1HWC0, FRACTAL_Z or FRACTAL_NZ)}}
  %y = mindspore.trans_data %x "NCHW" -> "NHWC" : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %y : tensor<1x3x2x2xf32>
}

// -----

func.func @trans_data_rank(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'mindspore.trans_data' op NC1HWC0 needs a 4-D NCHW tensor}}
  %y = mindspore.trans_data %x "NCHW" -> "NC1HWC0" : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

func.func @trans_data_filter_rank(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'mindspore.trans_data' op FRACTAL_Z needs a 4-D [Co, Ci, kh, kw] filter}}
  %y = mindspore.trans_data %x "NCHW" -> "FRACTAL_Z" : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

func.func @trans_data_matrix_rank(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mindspore.trans_data' op FRACTAL_NZ needs a tensor of rank >= 2}}
  %y = mindspore.trans_data %x "ND" -> "FRACTAL_NZ" : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @trans_data_shape(%x: tensor<17x3xf32>) -> tensor<1x1x16x16xf32> {
  // expected-error @+1 {{'mindspore.trans_data' op the FRACTAL_NZ form of 'tensor<17x3xf32>' has shape [1, 2, 16, 16], not [1, 1, 16, 16]}}
  %y = mindspore.trans_data %x "ND" -> "FRACTAL_NZ" : (tensor<17x3xf32>) -> tensor<1x1x16x16xf32>
  return %y : tensor<1x1x16x16xf32>
}

// -----

func.func @conv2d_transpose_group(%x: tensor<1x4x4x4xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x9x6x6xf32> {
  // expected-error @+2 {{group 3 does not divide the 4 input channels}}
  // expected-error @+1 {{'mindspore.conv2d_transpose' op failed to infer returned types}}
  %r = mindspore.conv2d_transpose %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, output_padding = array<i64: 0, 0>, group = 3 : i64} : (tensor<1x4x4x4xf32>, tensor<4x3x3x3xf32>) -> tensor<1x9x6x6xf32>
  return %r : tensor<1x9x6x6xf32>
}

// -----

func.func @argmax_with_value_rank0(%x: tensor<f32>) -> (tensor<i64>, tensor<f32>) {
  // expected-error @+2 {{expects an input of rank >= 1}}
  // expected-error @+1 {{'mindspore.argmax_with_value' op failed to infer returned types}}
  %i, %v = mindspore.argmax_with_value %x : (tensor<f32>) -> (tensor<i64>, tensor<f32>)
  return %i, %v : tensor<i64>, tensor<f32>
}

// -----

func.func @argmax_with_value_axis(%x: tensor<2x5xf32>) -> (tensor<2xi64>, tensor<2xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2}}
  // expected-error @+1 {{'mindspore.argmax_with_value' op failed to infer returned types}}
  %i, %v = mindspore.argmax_with_value %x {axis = -3 : i64} : (tensor<2x5xf32>) -> (tensor<2xi64>, tensor<2xf32>)
  return %i, %v : tensor<2xi64>, tensor<2xf32>
}

// -----

func.func @argmax_with_value_index_type(%x: tensor<2x5xf32>) -> (tensor<2xi32>, tensor<2xf32>) {
  // expected-error @+2 {{index_type must be i32 or i64}}
  // expected-error @+1 {{'mindspore.argmax_with_value' op failed to infer returned types}}
  %i, %v = mindspore.argmax_with_value %x {axis = 1 : i64, index_type = i16} : (tensor<2x5xf32>) -> (tensor<2xi32>, tensor<2xf32>)
  return %i, %v : tensor<2xi32>, tensor<2xf32>
}

// -----

func.func @argmax_with_value_empty(%x: tensor<2x0xf32>) -> (tensor<2xi64>, tensor<2xf32>) {
  // expected-error @+2 {{the maximum of an empty dimension}}
  // expected-error @+1 {{'mindspore.argmax_with_value' op failed to infer returned types}}
  %i, %v = mindspore.argmax_with_value %x {axis = 1 : i64} : (tensor<2x0xf32>) -> (tensor<2xi64>, tensor<2xf32>)
  return %i, %v : tensor<2xi64>, tensor<2xf32>
}

// -----

func.func @topk_rank0(%x: tensor<f32>) -> (tensor<f32>, tensor<i32>) {
  // expected-error @+2 {{expects an input of rank >= 1}}
  // expected-error @+1 {{'mindspore.topk' op failed to infer returned types}}
  %v, %i = mindspore.topk %x {k = 1 : i64} : (tensor<f32>) -> (tensor<f32>, tensor<i32>)
  return %v, %i : tensor<f32>, tensor<i32>
}

// -----

func.func @topk_k_too_large(%x: tensor<2x5xf32>) -> (tensor<2x6xf32>, tensor<2x6xi32>) {
  // expected-error @+2 {{k = 6 is outside [0, 5], the size of the last dimension}}
  // expected-error @+1 {{'mindspore.topk' op failed to infer returned types}}
  %v, %i = mindspore.topk %x {k = 6 : i64} : (tensor<2x5xf32>) -> (tensor<2x6xf32>, tensor<2x6xi32>)
  return %v, %i : tensor<2x6xf32>, tensor<2x6xi32>
}

// -----

func.func @split_uneven(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  // expected-error @+2 {{dimension 1 of size 5 does not split into 2 equal pieces}}
  // expected-error @+1 {{'mindspore.split' op failed to infer returned types}}
  %a, %b = mindspore.split %x {axis = 1 : i64, output_num = 2 : i64} : (tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return %a, %b : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

func.func @split_output_num(%x: tensor<2x4xf32>) {
  // expected-error @+2 {{output_num must be positive, got 0}}
  // expected-error @+1 {{'mindspore.split' op failed to infer returned types}}
  mindspore.split %x {output_num = 0 : i64} : (tensor<2x4xf32>) -> ()
  return
}

// -----

func.func @split_axis(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2}}
  // expected-error @+1 {{'mindspore.split' op failed to infer returned types}}
  %a = mindspore.split %x {axis = 2 : i64, output_num = 1 : i64} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  return %a : tensor<2x4xf32>
}

// -----

func.func @tensor_scatter_indices_rank(%x: tensor<5x3xf32>, %i: tensor<i64>, %u: tensor<3xf32>) -> tensor<5x3xf32> {
  // expected-error @+2 {{expects indices of rank >= 1}}
  // expected-error @+1 {{'mindspore.tensor_scatter_update' op failed to infer returned types}}
  %r = mindspore.tensor_scatter_update %x, %i, %u : (tensor<5x3xf32>, tensor<i64>, tensor<3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

func.func @tensor_scatter_index_depth(%x: tensor<5x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2xf32>) -> tensor<5x3xf32> {
  // expected-error @+2 {{the last dimension of indices (3) must be in [1, 2]}}
  // expected-error @+1 {{'mindspore.tensor_scatter_add' op failed to infer returned types}}
  %r = mindspore.tensor_scatter_add %x, %i, %u : (tensor<5x3xf32>, tensor<2x3xi64>, tensor<2xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

func.func @tensor_scatter_updates_shape(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x2xf32>) -> tensor<5x3xf32> {
  // expected-error @+2 {{updates have the shape [2, 2], expected [2, 3]}}
  // expected-error @+1 {{'mindspore.tensor_scatter_update' op failed to infer returned types}}
  %r = mindspore.tensor_scatter_update %x, %i, %u : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

func.func @tensor_scatter_updates_type(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xi32>) -> tensor<5x3xf32> {
  // expected-error @+2 {{updates and input differ in element type}}
  // expected-error @+1 {{'mindspore.tensor_scatter_update' op failed to infer returned types}}
  %r = mindspore.tensor_scatter_update %x, %i, %u : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xi32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

func.func @masked_fill_value(%x: tensor<2x3xf32>, %m: tensor<2x3xi1>, %v: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{value must be one element of the input's element type, got [2]}}
  // expected-error @+1 {{'mindspore.masked_fill' op failed to infer returned types}}
  %y = mindspore.masked_fill %x, %m, %v : (tensor<2x3xf32>, tensor<2x3xi1>, tensor<2xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @masked_fill_mask(%x: tensor<2x3xf32>, %m: tensor<4x3xi1>, %v: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{mask shape [4, 3] does not broadcast to the input shape [2, 3]}}
  // expected-error @+1 {{'mindspore.masked_fill' op failed to infer returned types}}
  %y = mindspore.masked_fill %x, %m, %v : (tensor<2x3xf32>, tensor<4x3xi1>, tensor<f32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @fill_value(%v: tensor<f16>) -> tensor<2xf32> {
  // expected-error @+1 {{'mindspore.fill' op value must be one element of the result's element type, got 'tensor<f16>'}}
  %y = mindspore.fill %v : (tensor<f16>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @dropout_keep_prob(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mindspore.dropout' op keep_prob must be in (0, 1], got 0}}
  %y = mindspore.dropout %x {keep_prob = 0.0 : f32} : tensor<2xf32>
  return %y : tensor<2xf32>
}
