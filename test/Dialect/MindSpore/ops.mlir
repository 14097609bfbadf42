// RUN: ascend-opt %s | FileCheck %s
// RUN: ascend-opt %s | ascend-opt | FileCheck %s
// RUN: ascend-opt %s --mlir-print-op-generic | ascend-opt | FileCheck %s

// CHECK: mindspore.parameter @conv.weight : tensor<8x3x3x3xf32> = dense<1.000000e+00>
mindspore.parameter @"conv.weight" : tensor<8x3x3x3xf32> = dense<1.0> : tensor<8x3x3x3xf32>
// CHECK: mindspore.parameter @deploy_time_input : tensor<8xf32>{{$}}
mindspore.parameter @deploy_time_input : tensor<8xf32>

// CHECK-LABEL: func.func @resnet_stem
func.func @resnet_stem(%x: tensor<1x3x16x16xf32>, %s: tensor<8xf32>) -> tensor<1x8xf32> {
  %w = mindspore.load @"conv.weight" : tensor<8x3x3x3xf32>
  // CHECK: mindspore.conv2d %{{.*}}, %{{.*}} {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  %c = mindspore.conv2d %x, %w {stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  // CHECK: mindspore.conv2d {{.*}}pad_mode = "same"{{.*}} -> tensor<1x8x8x8xf32>
  %same = mindspore.conv2d %x, %w {stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>, pad_mode = "same"} : (tensor<1x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  // CHECK: mindspore.batch_norm {{.*}} {epsilon = 9.99999974E-6 : f32}
  %b = mindspore.batch_norm %c, %s, %s, %s, %s {epsilon = 1.0e-5 : f32} : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %r = mindspore.relu %b : tensor<1x8x8x8xf32>
  // CHECK: mindspore.max_pool {{.*}} -> tensor<1x8x4x4xf32>
  %p = mindspore.max_pool %r {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
  // CHECK: mindspore.avg_pool {{.*}} -> tensor<1x8x2x2xf32>
  %a = mindspore.avg_pool %p {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x2x2xf32>
  // CHECK: mindspore.adaptive_avg_pool2d {{.*}} -> tensor<1x8x1x1xf32>
  %g = mindspore.adaptive_avg_pool2d %a {output_size = array<i64: 1, 1>} : (tensor<1x8x2x2xf32>) -> tensor<1x8x1x1xf32>
  // CHECK: mindspore.reshape %{{.*}}, [1, -1] : (tensor<1x8x1x1xf32>) -> tensor<1x8xf32>
  %f = mindspore.reshape %g, [1, -1] : (tensor<1x8x1x1xf32>) -> tensor<1x8xf32>
  // CHECK: mindspore.softmax %{{.*}} {axis = -1 : i64} : tensor<1x8xf32>
  %sm = mindspore.softmax %f {axis = -1} : tensor<1x8xf32>
  return %sm : tensor<1x8xf32>
}

// CHECK-LABEL: func.func @linear_and_broadcast
func.func @linear_and_broadcast(%x: tensor<4x32xf32>, %w: tensor<10x32xf32>, %b: tensor<10xf32>) -> tensor<4x10xf32> {
  // CHECK: mindspore.matmul %{{.*}}, %{{.*}} {transpose_b = true} : (tensor<4x32xf32>, tensor<10x32xf32>) -> tensor<4x10xf32>
  %m = mindspore.matmul %x, %w {transpose_b = true} : (tensor<4x32xf32>, tensor<10x32xf32>) -> tensor<4x10xf32>
  %y = mindspore.bias_add %m, %b : (tensor<4x10xf32>, tensor<10xf32>) -> tensor<4x10xf32>
  %two = mindspore.constant dense<2.0> : tensor<f32>
  // CHECK: mindspore.mul %{{.*}}, %{{.*}} : (tensor<4x10xf32>, tensor<f32>) -> tensor<4x10xf32>
  %z = mindspore.mul %y, %two : (tensor<4x10xf32>, tensor<f32>) -> tensor<4x10xf32>
  // CHECK: mindspore.add %{{.*}}, %{{.*}} : (tensor<4x10xf32>, tensor<10xf32>) -> tensor<4x10xf32>
  %u = mindspore.add %z, %b : (tensor<4x10xf32>, tensor<10xf32>) -> tensor<4x10xf32>
  %v = mindspore.sub %u, %two : (tensor<4x10xf32>, tensor<f32>) -> tensor<4x10xf32>
  %q = mindspore.real_div %v, %two : (tensor<4x10xf32>, tensor<f32>) -> tensor<4x10xf32>
  %t = mindspore.transpose %q, [1, 0] : (tensor<4x10xf32>) -> tensor<10x4xf32>
  %tt = mindspore.transpose %t, [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
  return %tt : tensor<4x10xf32>
}

// CHECK-LABEL: func.func @cond_and_guard
func.func @cond_and_guard(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[P:.*]] = mindspore.reduce_all %{{.*}} : (tensor<4x8xf32>) -> tensor<i1>
  %p = mindspore.reduce_all %x : (tensor<4x8xf32>) -> tensor<i1>
  %s = mindspore.reduce_sum %x, [1] {keep_dims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %zero = mindspore.constant dense<0.0> : tensor<f32>
  %g = mindspore.greater %s, %zero : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xi1>
  %n = mindspore.logical_not %p : tensor<i1>
  // CHECK: mindspore.assert %{{.*}}, "branch at model.py:12 took the true side" : tensor<i1>
  mindspore.assert %n, "branch at model.py:12 took the true side" : tensor<i1>
  // CHECK: mindspore.cond %[[P]] : tensor<i1> -> (tensor<4x8xf32>) {
  %r = mindspore.cond %p : tensor<i1> -> (tensor<4x8xf32>) {
    %c = mindspore.cos %x : tensor<4x8xf32>
    // CHECK: mindspore.yield %{{.*}} : tensor<4x8xf32>
    mindspore.yield %c : tensor<4x8xf32>
  // CHECK: } else {
  } else {
    %s2 = mindspore.sin %x : tensor<4x8xf32>
    mindspore.yield %s2 : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @elementwise_math
func.func @elementwise_math(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %i: tensor<2x3xi64>, %b: tensor<2x3xi1>) -> (tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xi1>) {
  // CHECK: mindspore.maximum %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = mindspore.maximum %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: mindspore.minimum
  %1 = mindspore.minimum %0, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: mindspore.pow
  %2 = mindspore.pow %1, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: mindspore.neg %{{.*}} : tensor<2x3xf32>
  %3 = mindspore.neg %2 : tensor<2x3xf32>
  // CHECK: mindspore.abs %{{.*}} : tensor<2x3xi64>
  %4 = mindspore.abs %i : tensor<2x3xi64>
  // CHECK: mindspore.exp
  %5 = mindspore.exp %3 : tensor<2x3xf32>
  // CHECK: mindspore.log
  %6 = mindspore.log %5 : tensor<2x3xf32>
  // CHECK: mindspore.sqrt
  %7 = mindspore.sqrt %6 : tensor<2x3xf32>
  // CHECK: mindspore.rsqrt
  %8 = mindspore.rsqrt %7 : tensor<2x3xf32>
  // CHECK: mindspore.tanh
  %9 = mindspore.tanh %8 : tensor<2x3xf32>
  // CHECK: mindspore.erf
  %10 = mindspore.erf %9 : tensor<2x3xf32>
  // CHECK: mindspore.sigmoid
  %11 = mindspore.sigmoid %10 : tensor<2x3xf32>
  // CHECK: mindspore.silu
  %12 = mindspore.silu %11 : tensor<2x3xf32>
  // CHECK: mindspore.gelu
  %13 = mindspore.gelu %12 : tensor<2x3xf32>
  // CHECK: mindspore.relu6
  %14 = mindspore.relu6 %13 : tensor<2x3xf32>
  // CHECK: mindspore.less %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %lt = mindspore.less %14, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: mindspore.less_equal
  %le = mindspore.less_equal %14, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: mindspore.greater_equal
  %ge = mindspore.greater_equal %14, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: mindspore.equal
  %eq = mindspore.equal %i, %i : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi1>
  // CHECK: mindspore.not_equal
  %ne = mindspore.not_equal %i, %i : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi1>
  // CHECK: mindspore.logical_and %{{.*}}, %{{.*}} : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %and = mindspore.logical_and %lt, %le : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  // CHECK: mindspore.logical_or
  %or = mindspore.logical_or %and, %ge : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %or2 = mindspore.logical_or %or, %eq : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %or3 = mindspore.logical_or %or2, %ne : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  // CHECK: mindspore.select %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %sel = mindspore.select %or3, %14, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: mindspore.cast %{{.*}} : (tensor<2x3xi1>) -> tensor<2x3xi64>
  %c = mindspore.cast %b : (tensor<2x3xi1>) -> tensor<2x3xi64>
  return %sel, %c, %or3 : tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xi1>
}

// CHECK-LABEL: func.func @reductions_and_norms
func.func @reductions_and_norms(%x: tensor<2x3x4xf32>, %g: tensor<3x4xf32>) -> (tensor<2x1x4xf32>, tensor<f32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  // CHECK: mindspore.reduce_mean %{{.*}}, [1] {keep_dims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  %m = mindspore.reduce_mean %x, [1] {keep_dims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  // CHECK: mindspore.reduce_max %{{.*}}, [] : (tensor<2x3x4xf32>) -> tensor<f32>
  %mx = mindspore.reduce_max %x, [] : (tensor<2x3x4xf32>) -> tensor<f32>
  // CHECK: mindspore.log_softmax %{{.*}} {axis = -1 : i64} : tensor<2x3x4xf32>
  %ls = mindspore.log_softmax %x {axis = -1 : i64} : tensor<2x3x4xf32>
  // CHECK: mindspore.layer_norm %{{.*}}, %{{.*}}, %{{.*}} {begin_norm_axis = 1 : i64, begin_params_axis = -2 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %ln = mindspore.layer_norm %x, %g, %g {begin_norm_axis = 1 : i64, begin_params_axis = -2 : i64, epsilon = 1.0e-5 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %m, %mx, %ls, %ln : tensor<2x1x4xf32>, tensor<f32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @shape_ops
func.func @shape_ops(%x: tensor<4x1x3xf16>, %i: tensor<2x5xi64>) -> (tensor<4x1x1x3xf16>, tensor<4x3xf16>, tensor<4x2xf16>, tensor<2x5x1x3xf16>, tensor<2x4x1x3xf16>, tensor<5x1x3xf16>, tensor<4x1x3xf16>) {
  // CHECK: mindspore.expand_dims %{{.*}} {axis = -2 : i64} : (tensor<4x1x3xf16>) -> tensor<4x1x1x3xf16>
  %e = mindspore.expand_dims %x {axis = -2 : i64} : (tensor<4x1x3xf16>) -> tensor<4x1x1x3xf16>
  // CHECK: mindspore.squeeze %{{.*}} : (tensor<4x1x3xf16>) -> tensor<4x3xf16>
  %s = mindspore.squeeze %x : (tensor<4x1x3xf16>) -> tensor<4x3xf16>
  // CHECK: mindspore.strided_slice %{{.*}} {begin = array<i64: 0, 1>, end = array<i64: 4, 3>, strides = array<i64: 1, 2>} : (tensor<4x3xf16>) -> tensor<4x1xf16>
  %ss = mindspore.strided_slice %s {begin = array<i64: 0, 1>, end = array<i64: 4, 3>, strides = array<i64: 1, 2>} : (tensor<4x3xf16>) -> tensor<4x1xf16>
  // CHECK: mindspore.concat %{{.*}}, %{{.*}} {axis = 1 : i64} : (tensor<4x1xf16>, tensor<4x1xf16>) -> tensor<4x2xf16>
  %c = mindspore.concat %ss, %ss {axis = 1 : i64} : (tensor<4x1xf16>, tensor<4x1xf16>) -> tensor<4x2xf16>
  // CHECK: mindspore.gather %{{.*}}, %{{.*}} {axis = 0 : i64} : (tensor<4x1x3xf16>, tensor<2x5xi64>) -> tensor<2x5x1x3xf16>
  %g = mindspore.gather %x, %i {axis = 0 : i64} : (tensor<4x1x3xf16>, tensor<2x5xi64>) -> tensor<2x5x1x3xf16>
  // CHECK: mindspore.broadcast_to %{{.*}} {shape = array<i64: 2, 4, 1, 3>} : (tensor<4x1x3xf16>) -> tensor<2x4x1x3xf16>
  %b = mindspore.broadcast_to %x {shape = array<i64: 2, 4, 1, 3>} : (tensor<4x1x3xf16>) -> tensor<2x4x1x3xf16>
  // CHECK: mindspore.pad %{{.*}} {paddings = array<i64: 0, 1, 0, 0, 0, 0>, value = 2.500000e+00 : f64} : (tensor<4x1x3xf16>) -> tensor<5x1x3xf16>
  %p = mindspore.pad %x {paddings = array<i64: 0, 1, 0, 0, 0, 0>, value = 2.5 : f64} : (tensor<4x1x3xf16>) -> tensor<5x1x3xf16>
  // CHECK: mindspore.reverse_v2 %{{.*}} {axis = array<i64: 0, -1>} : tensor<4x1x3xf16>
  %r = mindspore.reverse_v2 %x {axis = array<i64: 0, -1>} : tensor<4x1x3xf16>
  return %e, %s, %c, %g, %b, %p, %r : tensor<4x1x1x3xf16>, tensor<4x3xf16>, tensor<4x2xf16>, tensor<2x5x1x3xf16>, tensor<2x4x1x3xf16>, tensor<5x1x3xf16>, tensor<4x1x3xf16>
}

// CHECK-LABEL: func.func @refine_while
// CHECK: %[[R:.*]]:2 = mindspore.while(%{{.*}}, %{{.*}}) : (tensor<4xf32>, tensor<i64>) -> (tensor<4xf32>, tensor<i64>) {
// CHECK: ^bb0(%[[X:.*]]: tensor<4xf32>, %[[N:.*]]: tensor<i64>):
// CHECK: mindspore.condition %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<4xf32>, tensor<i64>
// CHECK: } do {
// CHECK: mindspore.yield %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<i64>
func.func @refine_while(%x: tensor<4xf32>, %n: tensor<i64>) -> (tensor<4xf32>, tensor<i64>) {
  %half = mindspore.constant dense<0.5> : tensor<f32>
  %one = mindspore.constant dense<1> : tensor<i64>
  %r:2 = mindspore.while(%x, %n) : (tensor<4xf32>, tensor<i64>) -> (tensor<4xf32>, tensor<i64>) {
  ^bb0(%a: tensor<4xf32>, %b: tensor<i64>):
    %a1 = mindspore.mul %a, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %b1 = mindspore.add %b, %one : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s = mindspore.reduce_sum %a1, [] : (tensor<4xf32>) -> tensor<f32>
    %more = mindspore.greater %s, %half : (tensor<f32>, tensor<f32>) -> tensor<i1>
    mindspore.condition %more, %a1, %b1 : tensor<i1>, tensor<4xf32>, tensor<i64>
  } do {
  ^bb0(%a: tensor<4xf32>, %b: tensor<i64>):
    mindspore.yield %a, %b : tensor<4xf32>, tensor<i64>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<i64>
}

// CHECK-LABEL: func.func @attention_scores
// CHECK: mindspore.batch_matmul %{{.*}}, %{{.*}} {transpose_b = true} : (tensor<8x5x4xf32>, tensor<8x5x4xf32>) -> tensor<8x5x5xf32>
func.func @attention_scores(%q: tensor<8x5x4xf32>, %k: tensor<8x5x4xf32>) -> tensor<8x5x5xf32> {
  %s = mindspore.batch_matmul %q, %k {transpose_b = true} : (tensor<8x5x4xf32>, tensor<8x5x4xf32>) -> tensor<8x5x5xf32>
  return %s : tensor<8x5x5xf32>
}

// CHECK-LABEL: func.func @custom
// CHECK: mindspore.custom "aten.erfinv.default"(%{{.*}}) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: mindspore.custom "aten.topk.default"(%{{.*}}) func_type "pytorch_aten" attrs {dim = -1 : i64, dtype = i32, k = 2 : i64, largest = true, memory_format} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi64>)
// CHECK: mindspore.custom "MyKernel"() func_type "aot" attrs {eps = 1.000000e-05 : f64, scales = array<f64: 5.000000e-01>, sizes = array<i64: 2>, tag = "x", w = 2.500000e-01 : f32} : () -> tensor<2xf32>
func.func @custom(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<2xi64>, tensor<2xf32>) {
  %y = mindspore.custom "aten.erfinv.default"(%x) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
  %t:2 = mindspore.custom "aten.topk.default"(%y) func_type "pytorch_aten" attrs {k = 2 : i64, dim = -1 : i64, largest = true, memory_format, dtype = i32} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi64>)
  %k = mindspore.custom "MyKernel"() func_type "aot" attrs {eps = 1.0e-5 : f64, w = 0.25 : f32, tag = "x", sizes = array<i64: 2>, scales = array<f64: 0.5>} : () -> tensor<2xf32>
  return %y, %t#1, %k : tensor<4xf32>, tensor<2xi64>, tensor<2xf32>
}

// CHECK-LABEL: func.func @argmax_conv2d_transpose
// CHECK: mindspore.argmax %{{.*}} {axis = 1 : i64, output_type = i64} : (tensor<2x5xf32>) -> tensor<2xi64>
// CHECK: mindspore.argmax %{{.*}} {output_type = i32} : (tensor<2x5xf32>) -> tensor<2xi32>
// CHECK: mindspore.conv2d_transpose %{{.*}}, %{{.*}} {dilation = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32>
func.func @argmax_conv2d_transpose(%x: tensor<2x5xf32>, %y: tensor<1x2x4x4xf32>, %w: tensor<2x3x3x3xf32>) -> (tensor<2xi64>, tensor<2xi32>, tensor<1x3x8x8xf32>) {
  %a = mindspore.argmax %x {axis = 1 : i64, output_type = i64} : (tensor<2x5xf32>) -> tensor<2xi64>
  %b = mindspore.argmax %x {output_type = i32} : (tensor<2x5xf32>) -> tensor<2xi32>
  %c = mindspore.conv2d_transpose %y, %w {stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32>
  return %a, %b, %c : tensor<2xi64>, tensor<2xi32>, tensor<1x3x8x8xf32>
}

// CHECK-LABEL: func.func @argmax_with_value_split
// CHECK: %{{.*}}, %{{.*}} = mindspore.argmax_with_value %{{.*}} {axis = 1 : i64} : (tensor<2x5xf32>) -> (tensor<2xi64>, tensor<2xf32>)
// CHECK: %{{.*}}, %{{.*}} = mindspore.argmax_with_value %{{.*}} {index_type = i32, keep_dims = true} : (tensor<2x5xi32>) -> (tensor<1x5xi32>, tensor<1x5xi32>)
// CHECK: %{{.*}}:3 = mindspore.split %{{.*}} {axis = -1 : i64, output_num = 3 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
func.func @argmax_with_value_split(%x: tensor<2x5xf32>, %n: tensor<2x5xi32>, %s: tensor<2x6xf32>) -> (tensor<2xi64>, tensor<2xf32>, tensor<1x5xi32>, tensor<2x2xf32>) {
  %i, %v = mindspore.argmax_with_value %x {axis = 1 : i64} : (tensor<2x5xf32>) -> (tensor<2xi64>, tensor<2xf32>)
  %ni, %nv = mindspore.argmax_with_value %n {keep_dims = true, index_type = i32} : (tensor<2x5xi32>) -> (tensor<1x5xi32>, tensor<1x5xi32>)
  %p:3 = mindspore.split %s {axis = -1 : i64, output_num = 3 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  return %i, %v, %ni, %p#2 : tensor<2xi64>, tensor<2xf32>, tensor<1x5xi32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @topk
// CHECK: %{{.*}}, %{{.*}} = mindspore.topk %{{.*}} {k = 2 : i64} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
// CHECK: %{{.*}}, %{{.*}} = mindspore.topk %{{.*}} {k = 0 : i64, sorted = false} : (tensor<4xi32>) -> (tensor<0xi32>, tensor<0xi32>)
func.func @topk(%x: tensor<3x5xf32>, %n: tensor<4xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>, tensor<0xi32>) {
  %v, %i = mindspore.topk %x {k = 2 : i64} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  %nv, %ni = mindspore.topk %n {k = 0 : i64, sorted = false} : (tensor<4xi32>) -> (tensor<0xi32>, tensor<0xi32>)
  return %v, %i, %ni : tensor<3x2xf32>, tensor<3x2xi32>, tensor<0xi32>
}

// CHECK-LABEL: func.func @tensor_scatter
// CHECK: mindspore.tensor_scatter_update %{{.*}}, %{{.*}}, %{{.*}} : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
// CHECK: mindspore.tensor_scatter_add %{{.*}}, %{{.*}}, %{{.*}} : (tensor<5x3xf32>, tensor<2x2x2xi32>, tensor<2x2xf32>) -> tensor<5x3xf32>
func.func @tensor_scatter(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>, %j: tensor<2x2x2xi32>, %e: tensor<2x2xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>) {
  %a = mindspore.tensor_scatter_update %x, %i, %u : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %b = mindspore.tensor_scatter_add %x, %j, %e : (tensor<5x3xf32>, tensor<2x2x2xi32>, tensor<2x2xf32>) -> tensor<5x3xf32>
  return %a, %b : tensor<5x3xf32>, tensor<5x3xf32>
}

// CHECK-LABEL: func.func @conv2d_transpose_groups
// CHECK: mindspore.conv2d_transpose %{{.*}}, %{{.*}} {dilation = array<i64: 1, 1>, group = 2 : i64, output_padding = array<i64: 0, 0>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32>
func.func @conv2d_transpose_groups(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32> {
  %r = mindspore.conv2d_transpose %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, output_padding = array<i64: 0, 0>, group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32>
  return %r : tensor<1x6x4x4xf32>
}
