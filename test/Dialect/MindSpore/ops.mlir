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
