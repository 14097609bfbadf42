// Every compute primitive of the mindspore dialect, alone in a function of
// its own, through convert-mindspore-to-aicore once: the ones that become
// AI Core kernels (a launch) and the ones that stay, each with the remark
// saying why (docs/AICoreKernels.md, "Primitives outside fusion groups").
// The coverage script checks that no op of the dialect's ODS files is
// missing here (views, parameters, constants, control flow and groups are
// not compute).
//
// Data movement that stays: TransData (the layout pass folds the ones
// around convolutions), Pad, Gather on an axis other than the first,
// GatherD, OneHot, TensorScatterUpdate / TensorScatterAdd, Fill / Zeros /
// Ones (creation). Compute that stays: Pow, ReduceAll, BatchNorm (folded
// into convolutions before), Dropout (inference: identity),
// Argmax / ArgMaxWithValue; Custom and Assert are host
// work by design.
// RUN: %python %S/Inputs/every_primitive_coverage.py %src_root/dialects/MindSpore/include/ascend/Dialect/MindSpore/IR %s | FileCheck %s --check-prefix=COVERAGE
// RUN: ascend-opt %s --convert-mindspore-to-aicore --verify-diagnostics | FileCheck %s
// COVERAGE: 0 missing

// CHECK-LABEL: func.func @add(
// CHECK-NEXT: aicore.launch @
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.add %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @sub(
// CHECK-NEXT: aicore.launch @
func.func @sub(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.sub %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @mul(
// CHECK-NEXT: aicore.launch @
func.func @mul(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.mul %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @real_div(
// CHECK-NEXT: aicore.launch @
func.func @real_div(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.real_div %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @maximum(
// CHECK-NEXT: aicore.launch @
func.func @maximum(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.maximum %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @minimum(
// CHECK-NEXT: aicore.launch @
func.func @minimum(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.minimum %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @pow(
// CHECK-NEXT: %{{.*}} = mindspore.pow 
func.func @pow(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'pow': 'pow' has no Vector kernel mapping yet}}
  %r = mindspore.pow %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @greater(
// CHECK-NEXT: aicore.launch @
func.func @greater(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xi1> {
  %r = mindspore.greater %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @greater_equal(
// CHECK-NEXT: aicore.launch @
func.func @greater_equal(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xi1> {
  %r = mindspore.greater_equal %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @less(
// CHECK-NEXT: aicore.launch @
func.func @less(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xi1> {
  %r = mindspore.less %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @less_equal(
// CHECK-NEXT: aicore.launch @
func.func @less_equal(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xi1> {
  %r = mindspore.less_equal %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @equal(
// CHECK-NEXT: aicore.launch @
func.func @equal(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xi1> {
  %r = mindspore.equal %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @not_equal(
// CHECK-NEXT: aicore.launch @
func.func @not_equal(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xi1> {
  %r = mindspore.not_equal %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @logical_and(
// CHECK-NEXT: aicore.launch @
func.func @logical_and(%a: tensor<4x8xi1>, %b: tensor<4x8xi1>) -> tensor<4x8xi1> {
  %r = mindspore.logical_and %a, %b : (tensor<4x8xi1>, tensor<4x8xi1>) -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @logical_or(
// CHECK-NEXT: aicore.launch @
func.func @logical_or(%a: tensor<4x8xi1>, %b: tensor<4x8xi1>) -> tensor<4x8xi1> {
  %r = mindspore.logical_or %a, %b : (tensor<4x8xi1>, tensor<4x8xi1>) -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @logical_not(
// CHECK-NEXT: aicore.launch @
func.func @logical_not(%a: tensor<4x8xi1>) -> tensor<4x8xi1> {
  %r = mindspore.logical_not %a : tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

// CHECK-LABEL: func.func @relu(
// CHECK-NEXT: aicore.launch @
func.func @relu(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.relu %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @sin(
// CHECK-NEXT: aicore.launch @
func.func @sin(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.sin %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @cos(
// CHECK-NEXT: aicore.launch @
func.func @cos(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.cos %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @neg(
// CHECK-NEXT: aicore.launch @
func.func @neg(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.neg %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @abs(
// CHECK-NEXT: aicore.launch @
func.func @abs(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.abs %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @exp(
// CHECK-NEXT: aicore.launch @
func.func @exp(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.exp %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @log(
// CHECK-NEXT: aicore.launch @
func.func @log(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.log %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @sqrt(
// CHECK-NEXT: aicore.launch @
func.func @sqrt(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.sqrt %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @rsqrt(
// CHECK-NEXT: aicore.launch @
func.func @rsqrt(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.rsqrt %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @tanh(
// CHECK-NEXT: aicore.launch @
func.func @tanh(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.tanh %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @erf(
// CHECK-NEXT: aicore.launch @
func.func @erf(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.erf %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @sigmoid(
// CHECK-NEXT: aicore.launch @
func.func @sigmoid(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.sigmoid %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @silu(
// CHECK-NEXT: aicore.launch @
func.func @silu(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.silu %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @gelu(
// CHECK-NEXT: aicore.launch @
func.func @gelu(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.gelu %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @relu6(
// CHECK-NEXT: aicore.launch @
func.func @relu6(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.relu6 %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @matmul(
// CHECK-NEXT: aicore.launch @
func.func @matmul(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>) -> tensor<32x32xf32> {
  %r = mindspore.matmul %a, %b : (tensor<32x16xf32>, tensor<16x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// CHECK-LABEL: func.func @batch_matmul(
// CHECK-NEXT: aicore.launch @
func.func @batch_matmul(%a: tensor<2x32x16xf32>, %b: tensor<2x16x32xf32>) -> tensor<2x32x32xf32> {
  %r = mindspore.batch_matmul %a, %b : (tensor<2x32x16xf32>, tensor<2x16x32xf32>) -> tensor<2x32x32xf32>
  return %r : tensor<2x32x32xf32>
}

// CHECK-LABEL: func.func @bias_add(
// CHECK-NEXT: aicore.launch @
func.func @bias_add(%a: tensor<2x7x5x6xf32>, %b: tensor<7xf32>) -> tensor<2x7x5x6xf32> {
  %r = mindspore.bias_add %a, %b : (tensor<2x7x5x6xf32>, tensor<7xf32>) -> tensor<2x7x5x6xf32>
  return %r : tensor<2x7x5x6xf32>
}

// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT: aicore.launch @
func.func @transpose(%a: tensor<37x45xf32>) -> tensor<45x37xf32> {
  %r = mindspore.transpose %a, [1, 0] : (tensor<37x45xf32>) -> tensor<45x37xf32>
  return %r : tensor<45x37xf32>
}

// CHECK-LABEL: func.func @reduce_all(
// CHECK-NEXT: %{{.*}} = mindspore.reduce_all 
func.func @reduce_all(%a: tensor<4x8xi1>) -> tensor<i1> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'reduce_all': 'reduce_all' has no Vector kernel mapping yet}}
  %r = mindspore.reduce_all %a : (tensor<4x8xi1>) -> tensor<i1>
  return %r : tensor<i1>
}

// CHECK-LABEL: func.func @reduce_sum(
// CHECK-NEXT: aicore.launch @
func.func @reduce_sum(%a: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %r = mindspore.reduce_sum %a, [1] {keep_dims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// CHECK-LABEL: func.func @reduce_mean(
// CHECK-NEXT: aicore.launch @
func.func @reduce_mean(%a: tensor<4x8xf32>) -> tensor<8xf32> {
  %r = mindspore.reduce_mean %a, [0] : (tensor<4x8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @reduce_max(
// CHECK-NEXT: aicore.launch @
func.func @reduce_max(%a: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %r = mindspore.reduce_max %a, [1] {keep_dims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// CHECK-LABEL: func.func @select(
// CHECK-NEXT: aicore.launch @
func.func @select(%a: tensor<4x8xi1>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.select %a, %b, %c : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @cast(
// CHECK-NEXT: aicore.launch @
func.func @cast(%a: tensor<4x8xf32>) -> tensor<4x8xf16> {
  %r = mindspore.cast %a : (tensor<4x8xf32>) -> tensor<4x8xf16>
  return %r : tensor<4x8xf16>
}

// CHECK-LABEL: func.func @conv2d(
// CHECK-NEXT: aicore.launch @
func.func @conv2d(%a: tensor<1x4x8x8xf32>, %b: tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32> {
  %r = mindspore.conv2d %a, %b {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// The weight's channels swapped per group (a Transpose kernel here; load-time
// work for a recorded weight), then the implicit-GEMM Cube kernel.
// CHECK-LABEL: func.func @conv2d_transpose(
// CHECK-NEXT: %[[W:.*]] = aicore.launch @Transpose_{{[0-9]+}}(%arg1)
// CHECK-NEXT: aicore.launch @conv2d_transpose_{{.*}}(%arg0, %[[W]])
func.func @conv2d_transpose(%a: tensor<1x2x4x4xf32>, %b: tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32> {
  %r = mindspore.conv2d_transpose %a, %b {stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32>
  return %r : tensor<1x3x8x8xf32>
}

// CHECK-LABEL: func.func @batch_norm(
// CHECK-NEXT: %{{.*}} = mindspore.batch_norm 
func.func @batch_norm(%a: tensor<1x8x8x8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>, %e: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'batch_norm': 'batch_norm' has no Vector kernel mapping yet}}
  %r = mindspore.batch_norm %a, %b, %c, %d, %e {epsilon = 1.0e-5 : f32} : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// CHECK-LABEL: func.func @max_pool(
// CHECK-NEXT: aicore.launch @
func.func @max_pool(%a: tensor<2x3x17x23xf32>) -> tensor<2x3x9x12xf32> {
  %r = mindspore.max_pool %a {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<2x3x17x23xf32>) -> tensor<2x3x9x12xf32>
  return %r : tensor<2x3x9x12xf32>
}

// CHECK-LABEL: func.func @avg_pool(
// CHECK-NEXT: aicore.launch @
func.func @avg_pool(%a: tensor<2x3x17x23xf32>) -> tensor<2x3x8x11xf32> {
  %r = mindspore.avg_pool %a {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<2x3x17x23xf32>) -> tensor<2x3x8x11xf32>
  return %r : tensor<2x3x8x11xf32>
}

// CHECK-LABEL: func.func @adaptive_avg_pool2d(
// CHECK-NEXT: aicore.launch @
func.func @adaptive_avg_pool2d(%a: tensor<1x2x57x61xf32>) -> tensor<1x2x7x5xf32> {
  %r = mindspore.adaptive_avg_pool2d %a {output_size = array<i64: 7, 5>} : (tensor<1x2x57x61xf32>) -> tensor<1x2x7x5xf32>
  return %r : tensor<1x2x7x5xf32>
}

// CHECK-LABEL: func.func @softmax(
// CHECK-NEXT: aicore.launch @
func.func @softmax(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.softmax %a {axis = -1} : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @log_softmax(
// CHECK-NEXT: aicore.launch @LogSoftmax_
func.func @log_softmax(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.log_softmax %a {axis = -1 : i64} : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @layer_norm(
// CHECK-NEXT: aicore.launch @
func.func @layer_norm(%a: tensor<6x33xf32>, %b: tensor<33xf32>, %c: tensor<33xf32>) -> tensor<6x33xf32> {
  %r = mindspore.layer_norm %a, %b, %c {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<6x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x33xf32>
  return %r : tensor<6x33xf32>
}

// CHECK-LABEL: func.func @masked_fill(
// CHECK-NEXT: aicore.launch @
func.func @masked_fill(%a: tensor<4x8xf32>, %b: tensor<4x8xi1>, %c: tensor<f32>) -> tensor<4x8xf32> {
  %r = mindspore.masked_fill %a, %b, %c : (tensor<4x8xf32>, tensor<4x8xi1>, tensor<f32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @fill(
// CHECK-NEXT: %{{.*}} = mindspore.fill 
func.func @fill(%a: tensor<f32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'fill': 'fill' has no Vector kernel mapping yet}}
  %r = mindspore.fill %a : (tensor<f32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @zeros(
// CHECK-NEXT: %{{.*}} = mindspore.zeros 
func.func @zeros() -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'zeros': 'zeros' has no Vector kernel mapping yet}}
  %r = mindspore.zeros : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @ones(
// CHECK-NEXT: %{{.*}} = mindspore.ones 
func.func @ones() -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'ones': 'ones' has no Vector kernel mapping yet}}
  %r = mindspore.ones : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @dropout(
// CHECK-NEXT: %{{.*}} = mindspore.dropout 
func.func @dropout(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'dropout': 'dropout' has no Vector kernel mapping yet}}
  %r = mindspore.dropout %a {keep_prob = 0.9 : f32} : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @trans_data(
// CHECK-NEXT: %{{.*}} = mindspore.trans_data 
func.func @trans_data(%a: tensor<2x5x9x11xf32>) -> tensor<2x1x9x11x16xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'trans_data': 'trans_data' has no Vector kernel mapping yet}}
  %r = mindspore.trans_data %a "NCHW" -> "NC1HWC0" : (tensor<2x5x9x11xf32>) -> tensor<2x1x9x11x16xf32>
  return %r : tensor<2x1x9x11x16xf32>
}

// CHECK-LABEL: func.func @concat(
// CHECK-NEXT: aicore.launch @
func.func @concat(%a: tensor<4x8xf32>, %b: tensor<4x5xf32>) -> tensor<4x13xf32> {
  %r = mindspore.concat %a, %b {axis = -1 : i64} : (tensor<4x8xf32>, tensor<4x5xf32>) -> tensor<4x13xf32>
  return %r : tensor<4x13xf32>
}

// CHECK-LABEL: func.func @strided_slice(
// CHECK-NEXT: aicore.launch @
func.func @strided_slice(%a: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %r = mindspore.strided_slice %a {begin = array<i64: 0, 0>, end = array<i64: 4, 8>, strides = array<i64: 1, 2>} : (tensor<4x8xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @split(
// CHECK-NEXT: aicore.launch @
func.func @split(%a: tensor<4x8xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %r:2 = mindspore.split %a {axis = 1 : i64, output_num = 2 : i64} : (tensor<4x8xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
  return %r#0, %r#1 : tensor<4x4xf32>, tensor<4x4xf32>
}

// CHECK-LABEL: func.func @gather(
// CHECK-NEXT: aicore.launch @
func.func @gather(%a: tensor<10x8xf32>, %b: tensor<6xi64>) -> tensor<6x8xf32> {
  %r = mindspore.gather %a, %b {axis = 0 : i64} : (tensor<10x8xf32>, tensor<6xi64>) -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}

// CHECK-LABEL: func.func @gather_axis1(
// CHECK-NEXT: %{{.*}} = mindspore.gather 
func.func @gather_axis1(%a: tensor<10x8xf32>, %b: tensor<6xi64>) -> tensor<10x6xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'gather': its Gather picks along an axis other than the first}}
  %r = mindspore.gather %a, %b {axis = 1 : i64} : (tensor<10x8xf32>, tensor<6xi64>) -> tensor<10x6xf32>
  return %r : tensor<10x6xf32>
}

// CHECK-LABEL: func.func @broadcast_to(
// CHECK-NEXT: aicore.launch @
func.func @broadcast_to(%a: tensor<1x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.broadcast_to %a {shape = array<i64: 4, 8>} : (tensor<1x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @pad(
// CHECK-NEXT: %{{.*}} = mindspore.pad 
func.func @pad(%a: tensor<4x8xf32>) -> tensor<5x13xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'pad': 'pad' has no Vector kernel mapping yet}}
  %r = mindspore.pad %a {paddings = array<i64: 1, 0, 2, 3>} : (tensor<4x8xf32>) -> tensor<5x13xf32>
  return %r : tensor<5x13xf32>
}

// CHECK-LABEL: func.func @reverse_v2(
// CHECK-NEXT: aicore.launch @
func.func @reverse_v2(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mindspore.reverse_v2 %a {axis = array<i64: 1>} : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @tile(
// CHECK-NEXT: aicore.launch @
func.func @tile(%a: tensor<4x8xf32>) -> tensor<2x4x16xf32> {
  %r = mindspore.tile %a, [2, 1, 2] : (tensor<4x8xf32>) -> tensor<2x4x16xf32>
  return %r : tensor<2x4x16xf32>
}

// CHECK-LABEL: func.func @gather_d(
// CHECK-NEXT: %{{.*}} = mindspore.gather_d 
func.func @gather_d(%a: tensor<3x4xf32>, %b: tensor<2x4xi64>) -> tensor<2x4xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'gather_d': 'gather_d' has no Vector kernel mapping yet}}
  %r = mindspore.gather_d %a, %b {dim = 0 : i64} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @one_hot(
// CHECK-NEXT: %{{.*}} = mindspore.one_hot 
func.func @one_hot(%a: tensor<2x2xi64>, %b: tensor<i64>, %c: tensor<i64>) -> tensor<2x2x4xi64> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'one_hot': 'one_hot' has no Vector kernel mapping yet}}
  %r = mindspore.one_hot %a, %b, %c {depth = 4 : i64} : (tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2x4xi64>
  return %r : tensor<2x2x4xi64>
}

// CHECK-LABEL: func.func @argmax(
// CHECK-NEXT: %{{.*}} = mindspore.argmax 
func.func @argmax(%a: tensor<4x8xf32>) -> tensor<4xi64> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'argmax': 'argmax' has no Vector kernel mapping yet}}
  %r = mindspore.argmax %a {axis = 1 : i64, output_type = i64} : (tensor<4x8xf32>) -> tensor<4xi64>
  return %r : tensor<4xi64>
}

// CHECK-LABEL: func.func @argmax_with_value(
// CHECK-NEXT: %{{.*}} = mindspore.argmax_with_value 
func.func @argmax_with_value(%a: tensor<4x8xf32>) -> (tensor<4xi64>, tensor<4xf32>) {
  // expected-remark @+1 {{no AI Core kernel for primitive 'argmax_with_value': 'argmax_with_value' has no Vector kernel mapping yet}}
  %r:2 = mindspore.argmax_with_value %a {axis = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4xi64>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xi64>, tensor<4xf32>
}

// CHECK-LABEL: func.func @tensor_scatter_update(
// CHECK-NEXT: %{{.*}} = mindspore.tensor_scatter_update 
func.func @tensor_scatter_update(%a: tensor<4x3x2xf32>, %b: tensor<1x2x2xi64>, %c: tensor<1x2x2xf32>) -> tensor<4x3x2xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'tensor_scatter_update': 'tensor_scatter_update' has no Vector kernel mapping yet}}
  %r = mindspore.tensor_scatter_update %a, %b, %c : (tensor<4x3x2xf32>, tensor<1x2x2xi64>, tensor<1x2x2xf32>) -> tensor<4x3x2xf32>
  return %r : tensor<4x3x2xf32>
}

// CHECK-LABEL: func.func @tensor_scatter_add(
// CHECK-NEXT: %{{.*}} = mindspore.tensor_scatter_add 
func.func @tensor_scatter_add(%a: tensor<4x3x2xf32>, %b: tensor<3x1xi32>, %c: tensor<3x3x2xf32>) -> tensor<4x3x2xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'tensor_scatter_add': 'tensor_scatter_add' has no Vector kernel mapping yet}}
  %r = mindspore.tensor_scatter_add %a, %b, %c : (tensor<4x3x2xf32>, tensor<3x1xi32>, tensor<3x3x2xf32>) -> tensor<4x3x2xf32>
  return %r : tensor<4x3x2xf32>
}

// CHECK-LABEL: func.func @custom(
// CHECK-NEXT: %{{.*}} = mindspore.custom 
func.func @custom(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'custom': a Custom op runs the kernel the deployer registers for it (an AI_CPU task in the op summary)}}
  %r = mindspore.custom "aten::erfinv"(%a) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @assert(
// CHECK-NEXT: mindspore.assert
func.func @assert(%a: tensor<i1>) {
  // expected-remark @+1 {{no AI Core kernel for primitive 'assert': an Assert is a guard that the host checks, not an AI Core kernel (an AI_CPU task in the op summary)}}
  mindspore.assert %a, "guard" : tensor<i1>
  return
}

// Float math without a Vector kernel yet (host work, each with its remark):
// the inverse trigonometric functions, Erfc, the roundings and the rounding
// divisions; and TopK (a sort).

// CHECK-LABEL: func.func @acos(
// CHECK-NEXT: %{{.*}} = mindspore.acos 
func.func @acos(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'acos': 'acos' has no Vector kernel mapping yet}}
  %r = mindspore.acos %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @acosh(
// CHECK-NEXT: %{{.*}} = mindspore.acosh 
func.func @acosh(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'acosh': 'acosh' has no Vector kernel mapping yet}}
  %r = mindspore.acosh %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @asin(
// CHECK-NEXT: %{{.*}} = mindspore.asin 
func.func @asin(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'asin': 'asin' has no Vector kernel mapping yet}}
  %r = mindspore.asin %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @asinh(
// CHECK-NEXT: %{{.*}} = mindspore.asinh 
func.func @asinh(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'asinh': 'asinh' has no Vector kernel mapping yet}}
  %r = mindspore.asinh %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @expm1(
// CHECK-NEXT: %{{.*}} = mindspore.expm1 
func.func @expm1(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'expm1': 'expm1' has no Vector kernel mapping yet}}
  %r = mindspore.expm1 %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @log1p(
// CHECK-NEXT: %{{.*}} = mindspore.log1p 
func.func @log1p(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'log1p': 'log1p' has no Vector kernel mapping yet}}
  %r = mindspore.log1p %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @atan(
// CHECK-NEXT: %{{.*}} = mindspore.atan 
func.func @atan(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'atan': 'atan' has no Vector kernel mapping yet}}
  %r = mindspore.atan %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @atanh(
// CHECK-NEXT: %{{.*}} = mindspore.atanh 
func.func @atanh(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'atanh': 'atanh' has no Vector kernel mapping yet}}
  %r = mindspore.atanh %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @ceil(
// CHECK-NEXT: %{{.*}} = mindspore.ceil 
func.func @ceil(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'ceil': 'ceil' has no Vector kernel mapping yet}}
  %r = mindspore.ceil %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @erfc(
// CHECK-NEXT: %{{.*}} = mindspore.erfc 
func.func @erfc(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'erfc': 'erfc' has no Vector kernel mapping yet}}
  %r = mindspore.erfc %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @floor(
// CHECK-NEXT: %{{.*}} = mindspore.floor 
func.func @floor(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'floor': 'floor' has no Vector kernel mapping yet}}
  %r = mindspore.floor %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @round(
// CHECK-NEXT: %{{.*}} = mindspore.round 
func.func @round(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'round': 'round' has no Vector kernel mapping yet}}
  %r = mindspore.round %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @trunc(
// CHECK-NEXT: %{{.*}} = mindspore.trunc 
func.func @trunc(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'trunc': 'trunc' has no Vector kernel mapping yet}}
  %r = mindspore.trunc %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @atan2(
// CHECK-NEXT: %{{.*}} = mindspore.atan2 
func.func @atan2(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'atan2': 'atan2' has no Vector kernel mapping yet}}
  %r = mindspore.atan2 %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @floor_div(
// CHECK-NEXT: %{{.*}} = mindspore.floor_div 
func.func @floor_div(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'floor_div': 'floor_div' has no Vector kernel mapping yet}}
  %r = mindspore.floor_div %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @floor_mod(
// CHECK-NEXT: %{{.*}} = mindspore.floor_mod 
func.func @floor_mod(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'floor_mod': 'floor_mod' has no Vector kernel mapping yet}}
  %r = mindspore.floor_mod %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @truncate_mod(
// CHECK-NEXT: %{{.*}} = mindspore.truncate_mod 
func.func @truncate_mod(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{no AI Core kernel for primitive 'truncate_mod': 'truncate_mod' has no Vector kernel mapping yet}}
  %r = mindspore.truncate_mod %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @topk(
// CHECK-NEXT: %{{.*}}, %{{.*}} = mindspore.topk 
func.func @topk(%a: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  // expected-remark @+1 {{no AI Core kernel for primitive 'topk': 'topk' has no Vector kernel mapping yet}}
  %v, %i = mindspore.topk %a {k = 2 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return %v, %i : tensor<4x2xf32>, tensor<4x2xi32>
}
