// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore | FileCheck %s

// Straight-line resnet-style block: conv without bias, inference batch norm
// (extra results unused), in-place relu, max pool with indices, global mean,
// flatten and Linear (addmm of a transposed weight).

pynative.parameter @"conv.weight" : tensor<4x3x3x3xf32> = dense<0.5> : tensor<4x3x3x3xf32>
pynative.parameter @"bn.weight" : tensor<4xf32> = dense<1.0> : tensor<4xf32>
pynative.parameter @"bn.bias" : tensor<4xf32> = dense<0.0> : tensor<4xf32>
pynative.parameter @"bn.running_mean" {is_buffer} : tensor<4xf32> = dense<0.0> : tensor<4xf32>
pynative.parameter @"bn.running_var" {is_buffer} : tensor<4xf32> = dense<1.0> : tensor<4xf32>
pynative.parameter @"fc.weight" : tensor<2x4xf32> = dense<0.25> : tensor<2x4xf32>
pynative.parameter @"fc.bias" : tensor<2xf32> = dense<0.1> : tensor<2xf32>

// CHECK: mindspore.parameter @conv.weight : tensor<4x3x3x3xf32> = dense<5.000000e-01>
// CHECK: mindspore.parameter @bn.running_mean {is_buffer = true} : tensor<4xf32>
// CHECK-NOT: pynative.
// CHECK-LABEL: func.func @main(%arg0: tensor<1x3x8x8xf32>) -> tensor<1x2xf32>
// CHECK: %[[C:.*]] = mindspore.conv2d %arg0, %{{.*}} {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
// CHECK: %[[B:.*]] = mindspore.batch_norm %[[C]], {{.*}} {epsilon = 9.99999974E-6 : f32}
// CHECK: %[[R:.*]] = mindspore.relu %[[B]]
// CHECK: %[[P:.*]] = mindspore.max_pool %[[R]] {kernel_size = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}
// CHECK: %[[G:.*]] = mindspore.adaptive_avg_pool2d %[[P]] {output_size = array<i64: 1, 1>}
// CHECK: %[[F:.*]] = mindspore.reshape %[[G]], [1, 4]
// CHECK: %[[T:.*]] = mindspore.transpose %{{.*}}, [1, 0]
// CHECK: %[[M:.*]] = mindspore.matmul %[[F]], %[[T]]
// CHECK: %[[Y:.*]] = mindspore.bias_add %[[M]], %{{.*}}
// CHECK: return %[[Y]] : tensor<1x2xf32>
pynative.trace @run_0(%x: tensor<1x3x8x8xf32>) -> tensor<1x2xf32> attributes {run = 0 : i64} {
  %w = pynative.get_parameter @"conv.weight" : tensor<4x3x3x3xf32>
  %c = pynative.op "aten.convolution.default"(%x, %w) {args = {bias, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, transposed = false, output_padding = array<i64: 0, 0>, groups = 1 : i64}, operand_names = ["input", "weight"]} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %g = pynative.get_parameter @"bn.weight" : tensor<4xf32>
  %b = pynative.get_parameter @"bn.bias" : tensor<4xf32>
  %m = pynative.get_parameter @"bn.running_mean" : tensor<4xf32>
  %v = pynative.get_parameter @"bn.running_var" : tensor<4xf32>
  %bn:3 = pynative.op "aten.native_batch_norm.default"(%c, %g, %b, %m, %v) {args = {training = false, momentum = 0.1 : f64, eps = 1.0e-5 : f64}, operand_names = ["input", "weight", "bias", "running_mean", "running_var"]} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x4x8x8xf32>, tensor<0xf32>, tensor<0xf32>)
  %r = pynative.op "aten.relu_.default"(%bn#0) {args = {}, operand_names = ["self"], mutated_operands = array<i64: 0>, result_aliases = array<i64: 0>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %p:2 = pynative.op "aten.max_pool2d_with_indices.default"(%r) {args = {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false}, operand_names = ["self"]} : (tensor<1x4x8x8xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x4x4xi64>)
  %mean = pynative.op "aten.mean.dim"(%p#0) {args = {dim = array<i64: -1, -2>, keepdim = true, dtype}, operand_names = ["self"]} : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  %f = pynative.op "aten.view.default"(%mean) {args = {size = array<i64: 1, -1>}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<1x4x1x1xf32>) -> tensor<1x4xf32>
  %fw = pynative.get_parameter @"fc.weight" : tensor<2x4xf32>
  %fb = pynative.get_parameter @"fc.bias" : tensor<2xf32>
  %t = pynative.op "aten.t.default"(%fw) {args = {}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %y = pynative.op "aten.addmm.default"(%fb, %f, %t) {args = {beta = 1 : i64, alpha = 1 : i64}, operand_names = ["self", "mat1", "mat2"]} : (tensor<2xf32>, tensor<1x4xf32>, tensor<4x2xf32>) -> tensor<1x2xf32>
  pynative.output %y : tensor<1x2xf32>
}

// -----

// Two runs that took opposite sides of `if x.all()` become one cond; the
// Python scalar of `* 2.0` arrives as a float64 0-d constant and is re-typed.

// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[P:.*]] = mindspore.reduce_all %arg0 : (tensor<4xf32>) -> tensor<i1>
// CHECK: %[[R:.*]] = mindspore.cond %[[P]] : tensor<i1> -> (tensor<4xf32>) {
// CHECK:   %[[COS:.*]] = mindspore.cos %arg0
// CHECK:   %[[TWO:.*]] = mindspore.constant dense<2.000000e+00> : tensor<f32>
// CHECK:   %[[MUL:.*]] = mindspore.mul %[[COS]], %[[TWO]] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK:   mindspore.yield %[[MUL]]
// CHECK: } else {
// CHECK:   %[[SIN:.*]] = mindspore.sin %arg0
// CHECK:   mindspore.yield %[[SIN]]
// CHECK: }
// CHECK: return %[[R]]
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %p = pynative.op "aten.all.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<i1> loc("m.py":5:8)
  pynative.branch %p, true, if {activation = 1} : tensor<i1> loc("m.py":5:8)
  %c = pynative.op "aten.cos.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":6:19)
  %two = pynative.constant dense<2.0> : tensor<f64> loc("m.py":6:19)
  %m = pynative.op "aten.mul.Tensor"(%c, %two) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<f64>) -> tensor<4xf32> loc("m.py":6:19)
  pynative.output %m : tensor<4xf32>
}
pynative.trace @run_1(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 1 : i64} {
  %p = pynative.op "aten.all.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<i1> loc("m.py":5:8)
  pynative.branch %p, false, if {activation = 2} : tensor<i1> loc("m.py":5:8)
  %s = pynative.op "aten.sin.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":7:15)
  pynative.output %s : tensor<4xf32>
}

// -----

// A branch seen one way only becomes a guard naming its source line.

// CHECK-LABEL: func.func @main
// CHECK: %[[P:.*]] = mindspore.reduce_all
// CHECK: %[[N:.*]] = mindspore.logical_not %[[P]] : tensor<i1>
// CHECK: mindspore.assert %[[N]], "branch at m.py:5 took the true side, which no recorded run took; record a run that takes it and compile again"
// CHECK-NOT: mindspore.cond
// CHECK: mindspore.sin
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %p = pynative.op "aten.all.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<i1> loc("m.py":5:8)
  pynative.branch %p, false, if {activation = 1} : tensor<i1> loc("m.py":5:8)
  %s = pynative.op "aten.sin.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":7:15)
  pynative.output %s : tensor<4xf32>
}

// -----

// `if h.sum():` branches on the truth of a number (!= 0); a number read with
// .item() specializes the program on its value behind a guard.

// CHECK-LABEL: func.func @main
// CHECK: %[[S:.*]] = mindspore.reduce_sum %arg0
// CHECK: %[[Z:.*]] = mindspore.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[NZ:.*]] = mindspore.not_equal %[[S]], %[[Z]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: mindspore.assert %[[NZ]], "branch at m.py:5 took the false side
// CHECK: %[[V:.*]] = mindspore.constant dense<2.500000e+00> : tensor<f32>
// CHECK: %[[EQ:.*]] = mindspore.equal %[[S]], %[[V]]
// CHECK: %[[ALL:.*]] = mindspore.reduce_all %[[EQ]]
// CHECK: mindspore.assert %[[ALL]], "Python read 2.5 from a tensor with .item() at m.py:6 in every recorded run; the program is specialized on that value and this input gives another"
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<f32> attributes {run = 0 : i64} {
  %s = pynative.op "aten.sum.default"(%x) {args = {dtype}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("m.py":5:8)
  pynative.branch %s, true, if {activation = 1} : tensor<f32> loc("m.py":5:8)
  pynative.scalar_read %s, "item", 2.5 {activation = 1} : tensor<f32> loc("m.py":6:8)
  pynative.output %s : tensor<f32>
}
