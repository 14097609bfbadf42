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
// CHECK: mindspore.assert %[[N]], "branch at m.py:5:{{[0-9]+}} took the true side, which no recorded run took; record a run that takes it and compile again"
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
// CHECK: mindspore.assert %[[NZ]], "branch at m.py:5:{{[0-9]+}} took the false side
// CHECK: %[[V:.*]] = mindspore.constant dense<2.500000e+00> : tensor<f32>
// A float read is compared within ascend-run's output tolerance (1e-5 x
// max(1, |value|)): the graph computes it in another order than eager.
// CHECK: %[[D:.*]] = mindspore.sub %[[S]], %[[V]]
// CHECK: %[[A:.*]] = mindspore.abs %[[D]]
// CHECK: %[[T:.*]] = mindspore.constant dense<2.500000e-05> : tensor<f32>
// CHECK: %[[LE:.*]] = mindspore.less_equal %[[A]], %[[T]]
// CHECK: %[[ALL:.*]] = mindspore.reduce_all %[[LE]]
// CHECK: mindspore.assert %[[ALL]], "Python read 2.5 from a tensor with .item() at m.py:6 in every recorded run; the program is specialized on that value and this input gives another"
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<f32> attributes {run = 0 : i64} {
  %s = pynative.op "aten.sum.default"(%x) {args = {dtype}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("m.py":5:8)
  pynative.branch %s, true, if {activation = 1} : tensor<f32> loc("m.py":5:8)
  pynative.scalar_read %s, "item", 2.5 {activation = 1} : tensor<f32> loc("m.py":6:8)
  pynative.output %s : tensor<f32>
}

// -----

// Runs that read different values of a number Python used itself (here an
// integer, multiplied by Python): one version of the rest of the program per
// value, selected in the graph, behind a guard that lists the values read.

// CHECK-LABEL: func.func @main
// CHECK: %[[V2:.*]] = mindspore.constant dense<2> : tensor<i64>
// CHECK: %[[E2:.*]] = mindspore.equal %arg0, %[[V2]]
// CHECK: %[[IS2:.*]] = mindspore.reduce_all %[[E2]]
// CHECK: %[[V3:.*]] = mindspore.constant dense<3> : tensor<i64>
// CHECK: %[[E3:.*]] = mindspore.equal %arg0, %[[V3]]
// CHECK: %[[IS3:.*]] = mindspore.reduce_all %[[E3]]
// CHECK: %[[ANY:.*]] = mindspore.logical_or %[[IS2]], %[[IS3]]
// CHECK: mindspore.assert %[[ANY]], "Python read a number from a tensor with .item() at m.py:4 and used it itself; the recorded runs read 2, 3, the program is specialized on those values and this input gives another"
// CHECK: %[[SEL:.*]] = mindspore.reduce_all
// CHECK: %[[R:.*]] = mindspore.cond %[[SEL]]
// Inside a version the value is known (its own guard is redundant there).
// CHECK: mindspore.assert %{{.*}}, "Python read 2 from a tensor
// CHECK: %[[TWO:.*]] = mindspore.constant dense<2> : tensor<i64>
// CHECK: %[[M2:.*]] = mindspore.mul %arg0, %[[TWO]]
// CHECK: mindspore.yield %[[M2]]
// CHECK: } else {
// CHECK: mindspore.assert %{{.*}}, "Python read 3 from a tensor
// CHECK: %[[THREE:.*]] = mindspore.constant dense<3> : tensor<i64>
// CHECK: %[[M3:.*]] = mindspore.mul %arg0, %[[THREE]]
// CHECK: mindspore.yield %[[M3]]
// CHECK: return %[[R]]
pynative.trace @run_0(%x: tensor<i64>) -> tensor<i64> attributes {run = 0 : i64} {
  pynative.scalar_read %x, "item", 2.0 {activation = 1} : tensor<i64> loc("m.py":4:9)
  %y = pynative.op "aten.mul.Tensor"(%x) {args = {other = 2 : i64}, operand_names = ["self"]} : (tensor<i64>) -> tensor<i64> loc("m.py":5:9)
  pynative.output %y : tensor<i64>
}
pynative.trace @run_1(%x: tensor<i64>) -> tensor<i64> attributes {run = 1 : i64} {
  pynative.scalar_read %x, "item", 3.0 {activation = 2} : tensor<i64> loc("m.py":4:9)
  %y = pynative.op "aten.mul.Tensor"(%x) {args = {other = 3 : i64}, operand_names = ["self"]} : (tensor<i64>) -> tensor<i64> loc("m.py":5:9)
  pynative.output %y : tensor<i64>
}
pynative.trace @run_2(%x: tensor<i64>) -> tensor<i64> attributes {run = 2 : i64} {
  pynative.scalar_read %x, "item", 2.0 {activation = 3} : tensor<i64> loc("m.py":4:9)
  %y = pynative.op "aten.mul.Tensor"(%x) {args = {other = 2 : i64}, operand_names = ["self"]} : (tensor<i64>) -> tensor<i64> loc("m.py":5:9)
  pynative.output %y : tensor<i64>
}

// -----

// A number read with .item() that Python only passed on to tensor ops
// (`x / s`, `clamp(x, max=s)`, `torch.full(..., s)`) stays tensor computation:
// the runs read different values, and no guard specializes the program.

// CHECK-LABEL: func.func @main
// CHECK-NOT: mindspore.assert
// CHECK: %[[M:.*]] = mindspore.reduce_max %arg0
// CHECK: %[[D:.*]] = mindspore.real_div %arg0, %[[M]] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: %[[C:.*]] = mindspore.minimum %[[D]], %[[M]]
// CHECK: %[[F:.*]] = mindspore.broadcast_to %[[M]]
// CHECK: mindspore.add %[[C]], %[[F]]
// CHECK-NOT: mindspore.assert
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %m = pynative.op "aten.max.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("m.py":4:8)
  pynative.scalar_read %m, "item", 2.5 {activation = 1, only_tensor_args} : tensor<f32> loc("m.py":4:8)
  %d = pynative.op "aten.div.Tensor"(%x) {args = {other = 2.5 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":5:8)
  %c = pynative.op "aten.clamp.default"(%d) {args = {min, max = 2.5 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":6:8)
  %f = pynative.op "aten.full.default"() {args = {size = array<i64: 4>, fill_value = 2.5 : f64, dtype, layout, device, pin_memory}, operand_names = []} : () -> tensor<4xf32> loc("m.py":7:8)
  %y = pynative.op "aten.add.Tensor"(%c, %f) {args = {alpha = 1 : i64}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("m.py":8:8)
  pynative.output %y : tensor<4xf32>
}
pynative.trace @run_1(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 1 : i64} {
  %m = pynative.op "aten.max.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("m.py":4:8)
  pynative.scalar_read %m, "item", 7.0 {activation = 2, only_tensor_args} : tensor<f32> loc("m.py":4:8)
  %d = pynative.op "aten.div.Tensor"(%x) {args = {other = 7.0 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":5:8)
  %c = pynative.op "aten.clamp.default"(%d) {args = {min, max = 7.0 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":6:8)
  %f = pynative.op "aten.full.default"() {args = {size = array<i64: 4>, fill_value = 7.0 : f64, dtype, layout, device, pin_memory}, operand_names = []} : () -> tensor<4xf32> loc("m.py":7:8)
  %y = pynative.op "aten.add.Tensor"(%c, %f) {args = {alpha = 1 : i64}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("m.py":8:8)
  pynative.output %y : tensor<4xf32>
}

// -----

// The same number used by Python itself (no `only_tensor_args`: compared,
// tested or computed with) keeps the guard even where an op took it too.

// CHECK-LABEL: func.func @main
// CHECK: mindspore.assert {{.*}}"Python read 2.5 from a tensor with .item() at m.py:4
// CHECK: mindspore.real_div %arg0
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %m = pynative.op "aten.max.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("m.py":4:8)
  pynative.scalar_read %m, "item", 2.5 {activation = 1} : tensor<f32> loc("m.py":4:8)
  %d = pynative.op "aten.div.Tensor"(%x) {args = {other = 2.5 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":5:8)
  pynative.output %d : tensor<4xf32>
}

// -----

// Conv2d(padding='same') with an even kernel: PyTorch records a pad of the
// extra bottom/right row, then a symmetric convolution. The pad folds into
// Conv2D's pad, which is MindSpore's pad_mode "same".

// CHECK-LABEL: func.func @main
// CHECK-NOT: mindspore.pad
// CHECK: mindspore.conv2d %arg0, %arg1 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 2, 1, 2>, pad_mode = "same", stride = array<i64: 1, 1>} : (tensor<1x2x5x6xf32>, tensor<3x2x4x4xf32>) -> tensor<1x3x5x6xf32>
pynative.trace @run_0(%x: tensor<1x2x5x6xf32>, %w: tensor<3x2x4x4xf32>) -> tensor<1x3x5x6xf32> attributes {run = 0 : i64} {
  %p = pynative.op "aten.constant_pad_nd.default"(%x) {args = {pad = array<i64: 0, 1, 0, 1>, value = 0 : i64}, operand_names = ["self"]} : (tensor<1x2x5x6xf32>) -> tensor<1x2x6x7xf32>
  %c = pynative.op "aten.convolution.default"(%p, %w) {args = {bias, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, transposed = false, output_padding = array<i64: 0, 0>, groups = 1 : i64}, operand_names = ["input", "weight"]} : (tensor<1x2x6x7xf32>, tensor<3x2x4x4xf32>) -> tensor<1x3x5x6xf32>
  pynative.output %c : tensor<1x3x5x6xf32>
}

// -----

// A non-zero pad stays a Pad (PyTorch lists the last dim first); a zero pad
// only a convolution reads folds into it and is dropped; pads that are not
// MindSpore's "same" keep pad_mode "pad".

// CHECK-LABEL: func.func @main
// CHECK: %[[P:.*]] = mindspore.pad %arg0 {paddings = array<i64: 0, 0, 0, 0, 2, 0, 0, 1>, value = 5.000000e-01 : f64} : (tensor<1x2x5x6xf32>) -> tensor<1x2x7x7xf32>
// CHECK-NOT: mindspore.pad
// CHECK: mindspore.conv2d %arg0, %arg1 {dilation = array<i64: 1, 1>, pad = array<i64: 2, 0, 0, 1>, stride = array<i64: 1, 1>}
pynative.trace @run_0(%x: tensor<1x2x5x6xf32>, %w: tensor<3x2x3x3xf32>) -> (tensor<1x2x7x7xf32>, tensor<1x3x5x5xf32>) attributes {run = 0 : i64} {
  %p = pynative.op "aten.constant_pad_nd.default"(%x) {args = {pad = array<i64: 0, 1, 2, 0>, value = 5.000000e-01 : f64}, operand_names = ["self"]} : (tensor<1x2x5x6xf32>) -> tensor<1x2x7x7xf32>
  %z = pynative.op "aten.constant_pad_nd.default"(%x) {args = {pad = array<i64: 0, 1, 2, 0>, value = 0 : i64}, operand_names = ["self"]} : (tensor<1x2x5x6xf32>) -> tensor<1x2x7x7xf32>
  %c = pynative.op "aten.convolution.default"(%z, %w) {args = {bias, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, transposed = false, output_padding = array<i64: 0, 0>, groups = 1 : i64}, operand_names = ["input", "weight"]} : (tensor<1x2x7x7xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x5x5xf32>
  pynative.output %p, %c : tensor<1x2x7x7xf32>, tensor<1x3x5x5xf32>
}

// -----

// Indexing: a full slice is the value itself, a partial one a StridedSlice;
// x[ids] is Gather on axis 0, select(dim, i) a Gather with a 0-d index,
// index_select and embedding Gathers.

// CHECK-LABEL: func.func @main
// CHECK: %[[S:.*]] = mindspore.strided_slice %arg0 {begin = array<i64: 0, 1>, end = array<i64: 4, 4>, strides = array<i64: 1, 2>} : (tensor<4x4xf16>) -> tensor<4x2xf16>
// CHECK: %[[G:.*]] = mindspore.gather %arg0, %arg1 {axis = 0 : i64} : (tensor<4x4xf16>, tensor<3xi64>) -> tensor<3x4xf16>
// CHECK: %[[I:.*]] = mindspore.constant dense<2> : tensor<i64>
// CHECK: %[[SEL:.*]] = mindspore.gather %arg0, %[[I]] {axis = 1 : i64} : (tensor<4x4xf16>, tensor<i64>) -> tensor<4xf16>
// CHECK: %[[IS:.*]] = mindspore.gather %arg0, %arg1 {axis = 1 : i64} : (tensor<4x4xf16>, tensor<3xi64>) -> tensor<4x3xf16>
// CHECK: %[[E:.*]] = mindspore.gather %arg0, %arg1 {axis = 0 : i64}
// CHECK: return %[[S]], %[[G]], %[[SEL]], %[[IS]], %[[E]]
pynative.trace @run_0(%x: tensor<4x4xf16>, %ids: tensor<3xi64>) -> (tensor<4x2xf16>, tensor<3x4xf16>, tensor<4xf16>, tensor<4x3xf16>, tensor<3x4xf16>) attributes {run = 0 : i64} {
  %full = pynative.op "aten.slice.Tensor"(%x) {args = {dim = 1 : i64, end = 9223372036854775807 : i64, start = 0 : i64, step = 1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<4x4xf16>) -> tensor<4x4xf16>
  %s = pynative.op "aten.slice.Tensor"(%full) {args = {dim = -1 : i64, end = 9223372036854775807 : i64, start = -3 : i64, step = 2 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<4x4xf16>) -> tensor<4x2xf16>
  %g = pynative.op "aten.index.Tensor"(%full, %ids) {args = {}, operand_names = ["self", "indices"]} : (tensor<4x4xf16>, tensor<3xi64>) -> tensor<3x4xf16>
  %sel = pynative.op "aten.select.int"(%x) {args = {dim = 1 : i64, index = -2 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<4x4xf16>) -> tensor<4xf16>
  %is = pynative.op "aten.index_select.default"(%x, %ids) {args = {dim = -1 : i64}, operand_names = ["self", "index"]} : (tensor<4x4xf16>, tensor<3xi64>) -> tensor<4x3xf16>
  %e = pynative.op "aten.embedding.default"(%x, %ids) {args = {padding_idx = -1 : i64, scale_grad_by_freq = false, sparse = false}, operand_names = ["weight", "indices"]} : (tensor<4x4xf16>, tensor<3xi64>) -> tensor<3x4xf16>
  pynative.output %s, %g, %sel, %is, %e : tensor<4x2xf16>, tensor<3x4xf16>, tensor<4xf16>, tensor<4x3xf16>, tensor<3x4xf16>
}

// -----

// In place: copy_ of a flipped copy into a fresh clone is the flipped value.

// CHECK-LABEL: func.func @main
// CHECK: %[[F:.*]] = mindspore.reverse_v2 %arg0 {axis = array<i64: 1>} : tensor<3x4xf32>
// CHECK: %[[C:.*]] = mindspore.cast %arg1 : (tensor<4xf16>) -> tensor<4xf32>
// CHECK: %[[B:.*]] = mindspore.broadcast_to %[[C]] {shape = array<i64: 3, 4>} : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: return %[[F]], %[[B]]
pynative.trace @run_0(%x: tensor<3x4xf32>, %h: tensor<4xf16>) -> (tensor<3x4xf32>, tensor<3x4xf32>) attributes {run = 0 : i64} {
  %c = pynative.op "aten.clone.default"(%x) {args = {memory_format}, operand_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %f = pynative.op "aten.flip.default"(%c) {args = {dims = array<i64: -1>}, operand_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %w = pynative.op "aten.copy_.default"(%c, %f) {args = {non_blocking = false}, mutated_operands = array<i64: 0>, operand_names = ["self", "src"], result_aliases = array<i64: 0>} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %c2 = pynative.op "aten.clone.default"(%x) {args = {memory_format}, operand_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %w2 = pynative.op "aten.copy_.default"(%c2, %h) {args = {non_blocking = false}, mutated_operands = array<i64: 0>, operand_names = ["self", "src"], result_aliases = array<i64: 0>} : (tensor<3x4xf32>, tensor<4xf16>) -> tensor<3x4xf32>
  pynative.output %w, %w2 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// Activations and elementwise math.

// CHECK-LABEL: func.func @main
// CHECK: mindspore.silu %arg0
// CHECK: mindspore.gelu
// CHECK: mindspore.sigmoid
// CHECK: mindspore.tanh
// CHECK: mindspore.exp
// CHECK: mindspore.log
// CHECK: mindspore.sqrt
// CHECK: mindspore.rsqrt
// CHECK: mindspore.erf
// CHECK: %[[ONE:.*]] = mindspore.constant dense<1.000000e+00> : tensor<f32>
// CHECK: mindspore.real_div %[[ONE]], %{{.*}}
// CHECK: mindspore.neg
// CHECK: mindspore.abs
// CHECK: mindspore.relu6
// CHECK: %[[LO:.*]] = mindspore.constant dense<-2.000000e+00>
// CHECK: %[[MAX:.*]] = mindspore.maximum %{{.*}}, %[[LO]]
// CHECK: %[[HI:.*]] = mindspore.constant dense<2.000000e+00>
// CHECK: mindspore.minimum %[[MAX]], %[[HI]]
// CHECK: %[[CMIN:.*]] = mindspore.constant dense<-1.000000e+00>
// CHECK: mindspore.maximum %{{.*}}, %[[CMIN]]
// CHECK: %[[CMAX:.*]] = mindspore.constant dense<1.000000e+00>
// CHECK: mindspore.minimum %{{.*}}, %[[CMAX]]
// CHECK: mindspore.maximum %{{.*}}, %arg1
// CHECK: mindspore.minimum %{{.*}}, %arg1
// CHECK: %[[E:.*]] = mindspore.constant dense<2.000000e+00>
// CHECK: mindspore.pow %{{.*}}, %[[E]]
// CHECK: mindspore.pow %{{.*}}, %arg1
// CHECK: %[[THREE:.*]] = mindspore.constant dense<3.000000e+00>
// CHECK: %[[AX:.*]] = mindspore.mul %{{.*}}, %[[THREE]]
// CHECK: mindspore.sub %arg1, %[[AX]]
pynative.trace @run_0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> attributes {run = 0 : i64} {
  %0 = pynative.op "aten.silu.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = pynative.op "aten.gelu.default"(%0) {args = {approximate = "none"}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = pynative.op "aten.sigmoid.default"(%1) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = pynative.op "aten.tanh.default"(%2) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = pynative.op "aten.exp.default"(%3) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = pynative.op "aten.log.default"(%4) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = pynative.op "aten.sqrt.default"(%5) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = pynative.op "aten.rsqrt.default"(%6) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = pynative.op "aten.erf.default"(%7) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = pynative.op "aten.reciprocal.default"(%8) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = pynative.op "aten.neg.default"(%9) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = pynative.op "aten.abs.default"(%10) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %12 = pynative.op "aten.hardtanh.default"(%11) {args = {min_val = 0.0 : f64, max_val = 6.0 : f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %13 = pynative.op "aten.hardtanh.default"(%12) {args = {min_val = -2.0 : f64, max_val = 2.0 : f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %14 = pynative.op "aten.clamp.default"(%13) {args = {min = -1 : i64, max = 1.0 : f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %15 = pynative.op "aten.maximum.default"(%14, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %16 = pynative.op "aten.minimum.default"(%15, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %17 = pynative.op "aten.pow.Tensor_Scalar"(%16) {args = {exponent = 2 : i64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %18 = pynative.op "aten.pow.Tensor_Tensor"(%17, %y) {args = {}, operand_names = ["self", "exponent"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %19 = pynative.op "aten.rsub.Tensor"(%18, %y) {args = {alpha = 3 : i64}, operand_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  pynative.output %19 : tensor<2x3xf32>
}

// -----

// Comparisons, boolean logic, where, masked_fill, casts and fills.

// CHECK-LABEL: func.func @main
// CHECK: %[[Z:.*]] = mindspore.constant dense<0> : tensor<i64>
// CHECK: %[[TEN:.*]] = mindspore.constant dense<10> : tensor<i64>
// CHECK: %[[LT:.*]] = mindspore.less %[[Z]], %[[TEN]] : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK: %[[LE:.*]] = mindspore.less_equal %arg0, %arg1
// CHECK: %[[GE:.*]] = mindspore.greater_equal %arg0, %arg1
// CHECK: %[[EQ:.*]] = mindspore.equal %arg0, %arg1
// CHECK: %[[NE:.*]] = mindspore.not_equal %arg0, %{{.*}}
// CHECK: %[[AND:.*]] = mindspore.logical_and %[[LE]], %[[GE]]
// CHECK: %[[OR:.*]] = mindspore.logical_or %[[AND]], %[[EQ]]
// CHECK: %[[BA:.*]] = mindspore.logical_and %[[OR]], %[[NE]]
// CHECK: %[[NOT:.*]] = mindspore.logical_not %[[BA]]
// CHECK: %[[XB:.*]] = mindspore.cast %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: %[[LA:.*]] = mindspore.logical_and %[[NOT]], %[[XB]]
// CHECK: %[[W:.*]] = mindspore.select %[[LA]], %arg0, %arg1
// CHECK: %[[V:.*]] = mindspore.constant dense<-1.000000e+00> : tensor<f32>
// CHECK: %[[MF:.*]] = mindspore.masked_fill %[[W]], %[[NOT]], %[[V]] : (tensor<2x3xf32>, tensor<2x3xi1>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: %[[H:.*]] = mindspore.cast %[[MF]] : (tensor<2x3xf32>) -> tensor<2x3xf16>
// CHECK: %[[ONES:.*]] = mindspore.constant dense<1.000000e+00> : tensor<2x3xf16>
// CHECK: %[[FULL:.*]] = mindspore.constant dense<true> : tensor<2xi1>
// CHECK: return %[[H]], %[[ONES]], %[[FULL]], %[[LT]]
pynative.trace @run_0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf16>, tensor<2x3xf16>, tensor<2xi1>, tensor<i1>) attributes {run = 0 : i64} {
  %it = pynative.op "aten.zeros.default"() {args = {device = "cpu", dtype = i64, layout, pin_memory = false, size = array<i64>}, operand_names = []} : () -> tensor<i64>
  %lt = pynative.op "aten.lt.Scalar"(%it) {args = {other = 10 : i64}, operand_names = ["self"]} : (tensor<i64>) -> tensor<i1>
  %le = pynative.op "aten.le.Tensor"(%x, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %ge = pynative.op "aten.ge.Tensor"(%x, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %eq = pynative.op "aten.eq.Tensor"(%x, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %ne = pynative.op "aten.ne.Scalar"(%x) {args = {other = 0.5 : f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %and = pynative.op "aten.logical_and.default"(%le, %ge) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %or = pynative.op "aten.logical_or.default"(%and, %eq) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %band = pynative.op "aten.bitwise_and.Tensor"(%or, %ne) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %not = pynative.op "aten.bitwise_not.default"(%band) {args = {}, operand_names = ["self"]} : (tensor<2x3xi1>) -> tensor<2x3xi1>
  %land = pynative.op "aten.logical_and.default"(%not, %x) {args = {}, operand_names = ["self", "other"]} : (tensor<2x3xi1>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %w = pynative.op "aten.where.self"(%land, %x, %y) {args = {}, operand_names = ["condition", "self", "other"]} : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %mf = pynative.op "aten.masked_fill.Scalar"(%w, %not) {args = {value = -1 : i64}, operand_names = ["self", "mask"]} : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
  %h = pynative.op "aten._to_copy.default"(%mf) {args = {dtype = f16, layout, device, pin_memory, non_blocking = false, memory_format}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %same = pynative.op "aten._to_copy.default"(%h) {args = {dtype = f16, layout, device, pin_memory, non_blocking = false, memory_format}, operand_names = ["self"]} : (tensor<2x3xf16>) -> tensor<2x3xf16>
  %ones = pynative.op "aten.ones_like.default"(%same) {args = {dtype, layout, device, pin_memory, memory_format}, operand_names = ["self"]} : (tensor<2x3xf16>) -> tensor<2x3xf16>
  %full = pynative.op "aten.full.default"() {args = {size = array<i64: 2>, fill_value = 1 : i64, dtype = i1, layout, device, pin_memory}, operand_names = []} : () -> tensor<2xi1>
  pynative.output %same, %ones, %full, %lt : tensor<2x3xf16>, tensor<2x3xf16>, tensor<2xi1>, tensor<i1>
}

// -----

// Reductions, normalizations and shape ops.

// CHECK-LABEL: func.func @main
// CHECK: %[[LN:.*]] = mindspore.layer_norm %arg0, %{{.*}}, %{{.*}} {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[G1:.*]] = mindspore.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[B0:.*]] = mindspore.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[LN2:.*]] = mindspore.layer_norm %[[LN]], %[[G1]], %[[B0]] {begin_norm_axis = 2 : i64, begin_params_axis = 2 : i64
// CHECK: %[[MAX:.*]] = mindspore.reduce_max %[[LN2]], [] : (tensor<2x3x4xf32>) -> tensor<f32>
// CHECK: %[[AMAX:.*]] = mindspore.reduce_max %[[LN2]], [1] {keep_dims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK: %[[MDI:[a-z_0-9]+]], %[[MD:[a-z_0-9]+]] = mindspore.argmax_with_value %[[LN2]] {axis = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
// CHECK: %[[LS:.*]] = mindspore.log_softmax %[[LN2]] {axis = -1 : i64}
// CHECK: %[[U:.*]] = mindspore.expand_dims %[[MD]] {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
// CHECK: %[[SQ:.*]] = mindspore.squeeze %[[AMAX]] {axis = array<i64: 1>} : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
// CHECK: %[[CAT:.*]] = mindspore.concat %[[SQ]], %[[SQ]] {axis = 1 : i64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
// CHECK: %[[E0:.*]] = mindspore.expand_dims %[[SQ]] {axis = 1 : i64}
// CHECK: %[[E1:.*]] = mindspore.expand_dims %[[SQ]] {axis = 1 : i64}
// CHECK: %[[ST:.*]] = mindspore.concat %[[E0]], %[[E1]] {axis = 1 : i64} : (tensor<2x1x4xf32>, tensor<2x1x4xf32>) -> tensor<2x2x4xf32>
// CHECK: %[[SP0:.*]] = mindspore.strided_slice %[[CAT]] {begin = array<i64: 0, 0>, end = array<i64: 2, 5>, strides = array<i64: 1, 1>}
// CHECK: %[[SP1:.*]] = mindspore.strided_slice %[[CAT]] {begin = array<i64: 0, 5>, end = array<i64: 2, 8>, strides = array<i64: 1, 1>}
// CHECK: %[[EX:.*]] = mindspore.broadcast_to %[[U]] {shape = array<i64: 5, 2, 3>} : (tensor<1x2x3xf32>) -> tensor<5x2x3xf32>
// CHECK: return %[[MAX]], %[[LS]], %[[ST]], %[[SP0]], %[[SP1]], %[[EX]], %[[U]]
pynative.trace @run_0(%x: tensor<2x3x4xf32>, %g: tensor<3x4xf32>) -> (tensor<f32>, tensor<2x3x4xf32>, tensor<2x2x4xf32>, tensor<2x5xf32>, tensor<2x3xf32>, tensor<5x2x3xf32>, tensor<1x2x3xf32>) attributes {run = 0 : i64} {
  %ln:3 = pynative.op "aten.native_layer_norm.default"(%x, %g, %g) {args = {eps = 1.000000e-05 : f64, normalized_shape = array<i64: 3, 4>}, operand_names = ["input", "weight", "bias"]} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  %ln2:3 = pynative.op "aten.native_layer_norm.default"(%ln#0) {args = {eps = 1.000000e-05 : f64, normalized_shape = array<i64: 4>, weight, bias}, operand_names = ["input"]} : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
  %max = pynative.op "aten.max.default"(%ln2#0) {args = {}, operand_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<f32>
  %amax = pynative.op "aten.amax.default"(%ln2#0) {args = {dim = array<i64: 1>, keepdim = true}, operand_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  %md:2 = pynative.op "aten.max.dim"(%ln2#0) {args = {dim = -1 : i64, keepdim = false}, operand_names = ["self"]} : (tensor<2x3x4xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
  %ls = pynative.op "aten._log_softmax.default"(%ln2#0) {args = {dim = -1 : i64, half_to_float = false}, operand_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u = pynative.op "aten.unsqueeze.default"(%md#0) {args = {dim = 0 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  %sq = pynative.op "aten.squeeze.dim"(%amax) {args = {dim = 1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
  %noop = pynative.op "aten.squeeze.dim"(%sq) {args = {dim = 0 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %cat = pynative.op "aten.cat.default"(%noop, %noop) {args = {dim = 1 : i64}, operand_names = ["tensors", "tensors"]} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  %st = pynative.op "aten.stack.default"(%noop, %noop) {args = {dim = -2 : i64}, operand_names = ["tensors", "tensors"]} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x2x4xf32>
  %sp:2 = pynative.op "aten.split_with_sizes.default"(%cat) {args = {split_sizes = array<i64: 5, 3>, dim = 1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0, 0>} : (tensor<2x8xf32>) -> (tensor<2x5xf32>, tensor<2x3xf32>)
  %ex = pynative.op "aten.expand.default"(%u) {args = {size = array<i64: 5, -1, -1>, implicit = false}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<1x2x3xf32>) -> tensor<5x2x3xf32>
  pynative.output %max, %ls, %st, %sp#0, %sp#1, %ex, %u : tensor<f32>, tensor<2x3x4xf32>, tensor<2x2x4xf32>, tensor<2x5xf32>, tensor<2x3xf32>, tensor<5x2x3xf32>, tensor<1x2x3xf32>
}

// -----

// LSTM gates: unsafe_split into equal chunks and chunk are Split; unbind
// over time steps is Split into pieces of 1, each Squeezed.

// CHECK-LABEL: func.func @main
// CHECK: %[[S:.*]]:2 = mindspore.split %arg0 {axis = 1 : i64, output_num = 2 : i64} : (tensor<2x8xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK: %[[U:.*]]:2 = mindspore.split %arg0 {output_num = 2 : i64} : (tensor<2x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>)
// CHECK: %[[U0:.*]] = mindspore.squeeze %[[U]]#0 {axis = array<i64: 0>} : (tensor<1x8xf32>) -> tensor<8xf32>
// CHECK: %[[U1:.*]] = mindspore.squeeze %[[U]]#1 {axis = array<i64: 0>} : (tensor<1x8xf32>) -> tensor<8xf32>
// CHECK: %[[C:.*]]:4 = mindspore.split %arg0 {axis = 1 : i64, output_num = 4 : i64} : (tensor<2x8xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
// CHECK: return %[[S]]#0, %[[S]]#1, %[[U0]], %[[U1]], %[[C]]#3
pynative.trace @run_0(%x: tensor<2x8xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x2xf32>) attributes {run = 0 : i64} {
  %s:2 = pynative.op "aten.unsafe_split.Tensor"(%x) {args = {split_size = 4 : i64, dim = 1 : i64}, operand_names = ["self"]} : (tensor<2x8xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  %u:2 = pynative.op "aten.unbind.int"(%x) {args = {dim = 0 : i64}, operand_names = ["self"], result_aliases = array<i64: 0, 0>} : (tensor<2x8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %c:4 = pynative.op "aten.chunk.default"(%x) {args = {chunks = 4 : i64, dim = -1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0, 0, 0, 0>} : (tensor<2x8xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  pynative.output %s#0, %s#1, %u#0, %u#1, %c#3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x2xf32>
}

// -----

// Runs of different input shapes are specialized: one entry per signature,
// each listing the recorded runs it was built from.

// CHECK-LABEL: func.func @main(%arg0: tensor<1x4xf32>) -> tensor<1x4xf32>
// CHECK-SAME: mindspore.recorded_runs = array<i64: 0, 2>
// CHECK: mindspore.relu %arg0 : tensor<1x4xf32>
// CHECK-LABEL: func.func @main_1(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK-SAME: mindspore.recorded_runs = array<i64: 1>
// CHECK: mindspore.relu %arg0 : tensor<3x4xf32>
pynative.trace @run_0(%x: tensor<1x4xf32>) -> tensor<1x4xf32> attributes {run = 0 : i64} {
  %r = pynative.op "aten.relu.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<1x4xf32>) -> tensor<1x4xf32> loc("s.py":3:4)
  pynative.output %r : tensor<1x4xf32>
}
pynative.trace @run_1(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {run = 1 : i64} {
  %r = pynative.op "aten.relu.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32> loc("s.py":3:4)
  pynative.output %r : tensor<3x4xf32>
}
pynative.trace @run_2(%x: tensor<1x4xf32>) -> tensor<1x4xf32> attributes {run = 2 : i64} {
  %r = pynative.op "aten.relu.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<1x4xf32>) -> tensor<1x4xf32> loc("s.py":3:4)
  pynative.output %r : tensor<1x4xf32>
}

// -----

// CHECK-LABEL: func.func @main
// CHECK: mindspore.batch_matmul %arg0, %arg1 : (tensor<4x5x8xf32>, tensor<4x8x5xf32>) -> tensor<4x5x5xf32>
pynative.trace @run_0(%q: tensor<4x5x8xf32>, %k: tensor<4x8x5xf32>) -> tensor<4x5x5xf32> attributes {run = 0 : i64} {
  %s = pynative.op "aten.bmm.default"(%q, %k) {args = {}, operand_names = ["self", "mat2"]} : (tensor<4x5x8xf32>, tensor<4x8x5xf32>) -> tensor<4x5x5xf32>
  pynative.output %s : tensor<4x5x5xf32>
}

// -----

// repeat is Tile (more repeats than dimensions add leading ones), gather is
// GatherD (a negative dim normalized), one_hot is OneHot on the last axis
// with int64 on 1 / off 0 and the recorded number of classes.

// CHECK-LABEL: func.func @main
// CHECK: %[[T:.*]] = mindspore.tile %arg0, [2, 1, 3] : (tensor<2x3xf32>) -> tensor<2x2x9xf32>
// CHECK: %[[G:.*]] = mindspore.gather_d %arg0, %arg1 {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
// CHECK-DAG: %[[ON:.*]] = mindspore.constant dense<1> : tensor<i64>
// CHECK-DAG: %[[OFF:.*]] = mindspore.constant dense<0> : tensor<i64>
// CHECK: %[[O:.*]] = mindspore.one_hot %arg1, %[[ON]], %[[OFF]] {depth = 5 : i64} : (tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2x5xi64>
// CHECK: return %[[T]], %[[G]], %[[O]]
pynative.trace @run_0(%x: tensor<2x3xf32>, %i: tensor<2x2xi64>) -> (tensor<2x2x9xf32>, tensor<2x2xf32>, tensor<2x2x5xi64>) attributes {run = 0 : i64} {
  %t = pynative.op "aten.repeat.default"(%x) {args = {repeats = array<i64: 2, 1, 3>}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x2x9xf32>
  %g = pynative.op "aten.gather.default"(%x, %i) {args = {dim = -1 : i64, sparse_grad = false}, operand_names = ["self", "index"]} : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  %o = pynative.op "aten.one_hot.default"(%i) {args = {num_classes = 5 : i64}, operand_names = ["self"]} : (tensor<2x2xi64>) -> tensor<2x2x5xi64>
  pynative.output %t, %g, %o : tensor<2x2x9xf32>, tensor<2x2xf32>, tensor<2x2x5xi64>
}

// -----

// argmax(dim) is the index output of ArgMaxWithValue with int64 indices
// (keepdim is keep_dims, no dim argmaxes the flattened input); max.dim is
// both outputs, swapped; a transposed convolution is Conv2DTranspose (+
// BiasAdd) with its groups, PyTorch's padding symmetric per dimension.

// CHECK-LABEL: func.func @main
// CHECK: %[[AI:[a-z_0-9]+]], %[[AV:[a-z_0-9]+]] = mindspore.argmax_with_value %arg0 {axis = 1 : i64} : (tensor<2x5xf32>) -> (tensor<2xi64>, tensor<2xf32>)
// CHECK: %[[KI:[a-z_0-9]+]], %[[KV:[a-z_0-9]+]] = mindspore.argmax_with_value %arg0 {keep_dims = true} : (tensor<2x5xf32>) -> (tensor<1x5xi64>, tensor<1x5xf32>)
// CHECK: %[[F0:.*]] = mindspore.reshape %arg0, [10] : (tensor<2x5xf32>) -> tensor<10xf32>
// CHECK: %[[FI:[a-z_0-9]+]], %[[FV:[a-z_0-9]+]] = mindspore.argmax_with_value %[[F0]] : (tensor<10xf32>) -> (tensor<i64>, tensor<f32>)
// CHECK: %[[C0:.*]] = mindspore.conv2d_transpose %arg1, %arg2 {dilation = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32>
// CHECK: %[[C:.*]] = mindspore.bias_add %[[C0]], %arg3
// CHECK: %[[G:.*]] = mindspore.conv2d_transpose %arg4, %arg5 {dilation = array<i64: 1, 1>, group = 2 : i64, output_padding = array<i64: 0, 0>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32>
// CHECK: %[[MI:[a-z_0-9]+]], %[[MV:[a-z_0-9]+]] = mindspore.argmax_with_value %arg6 {axis = 1 : i64, keep_dims = true} : (tensor<3x4xi32>) -> (tensor<3x1xi64>, tensor<3x1xi32>)
// CHECK: return %[[AI]], %[[KI]], %[[FI]], %[[C]], %[[G]], %[[MV]], %[[MI]]
pynative.trace @run_0(%x: tensor<2x5xf32>, %y: tensor<1x2x4x4xf32>, %w: tensor<2x3x3x3xf32>, %b: tensor<3xf32>, %gx: tensor<1x4x3x3xf32>, %gw: tensor<4x3x2x2xf32>, %n: tensor<3x4xi32>) -> (tensor<2xi64>, tensor<1x5xi64>, tensor<i64>, tensor<1x3x8x8xf32>, tensor<1x6x4x4xf32>, tensor<3x1xi32>, tensor<3x1xi64>) attributes {run = 0 : i64} {
  %a = pynative.op "aten.argmax.default"(%x) {args = {dim = 1 : i64, keepdim = false}, operand_names = ["self"]} : (tensor<2x5xf32>) -> tensor<2xi64>
  %k = pynative.op "aten.argmax.default"(%x) {args = {dim = 0 : i64, keepdim = true}, operand_names = ["self"]} : (tensor<2x5xf32>) -> tensor<1x5xi64>
  %f = pynative.op "aten.argmax.default"(%x) {args = {dim, keepdim = false}, operand_names = ["self"]} : (tensor<2x5xf32>) -> tensor<i64>
  %c = pynative.op "aten.convolution.default"(%y, %w, %b) {args = {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, transposed = true, output_padding = array<i64: 1, 1>, groups = 1 : i64}, operand_names = ["input", "weight", "bias"]} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>, tensor<3xf32>) -> tensor<1x3x8x8xf32>
  %g = pynative.op "aten.convolution.default"(%gx, %gw) {args = {bias, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, transposed = true, output_padding = array<i64: 0, 0>, groups = 2 : i64}, operand_names = ["input", "weight"]} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32>
  %m:2 = pynative.op "aten.max.dim"(%n) {args = {dim = -1 : i64, keepdim = true}, operand_names = ["self"]} : (tensor<3x4xi32>) -> (tensor<3x1xi32>, tensor<3x1xi64>)
  pynative.output %a, %k, %f, %c, %g, %m#0, %m#1 : tensor<2xi64>, tensor<1x5xi64>, tensor<i64>, tensor<1x3x8x8xf32>, tensor<1x6x4x4xf32>, tensor<3x1xi32>, tensor<3x1xi64>
}

// -----

// A 1-D convolution (plain and transposed) is the 2-D one on a height of 1:
// input and weight reshaped to [.., .., 1, L], (1, s) strides, (0, p) pads,
// the result reshaped back. gelu(approximate='tanh') is ATen's formula
// 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))).

// CHECK-LABEL: func.func @main
// CHECK: %[[X4:.*]] = mindspore.reshape %arg0, [2, 3, 1, 9] : (tensor<2x3x9xf32>) -> tensor<2x3x1x9xf32>
// CHECK: %[[W4:.*]] = mindspore.reshape %arg1, [4, 3, 1, 3] : (tensor<4x3x3xf32>) -> tensor<4x3x1x3xf32>
// CHECK: %[[C4:.*]] = mindspore.conv2d %[[X4]], %[[W4]] {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 1, 1>, stride = array<i64: 1, 2>} : (tensor<2x3x1x9xf32>, tensor<4x3x1x3xf32>) -> tensor<2x4x1x5xf32>
// CHECK: %[[B:.*]] = mindspore.bias_add %[[C4]], %arg2
// CHECK: %[[C:.*]] = mindspore.reshape %[[B]], [2, 4, 5] : (tensor<2x4x1x5xf32>) -> tensor<2x4x5xf32>
// CHECK: mindspore.conv2d_transpose {{.*}} {dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<2x4x1x5xf32>, tensor<4x3x1x3xf32>) -> tensor<2x3x1x12xf32>
// CHECK: %[[T:.*]] = mindspore.reshape {{.*}}, [2, 3, 12] : (tensor<2x3x1x12xf32>) -> tensor<2x3x12xf32>
// CHECK: mindspore.tanh
// CHECK-NOT: mindspore.gelu
// CHECK: return %[[C]], %[[T]],
pynative.trace @run_0(%x: tensor<2x3x9xf32>, %w: tensor<4x3x3xf32>, %b: tensor<4xf32>, %g: tensor<5xf32>) -> (tensor<2x4x5xf32>, tensor<2x3x12xf32>, tensor<5xf32>) attributes {run = 0 : i64} {
  %c = pynative.op "aten.convolution.default"(%x, %w, %b) {args = {stride = array<i64: 2>, padding = array<i64: 1>, dilation = array<i64: 1>, transposed = false, output_padding = array<i64: 0>, groups = 1 : i64}, operand_names = ["input", "weight", "bias"]} : (tensor<2x3x9xf32>, tensor<4x3x3xf32>, tensor<4xf32>) -> tensor<2x4x5xf32>
  %t = pynative.op "aten.convolution.default"(%c, %w) {args = {bias, stride = array<i64: 2>, padding = array<i64: 0>, dilation = array<i64: 1>, transposed = true, output_padding = array<i64: 1>, groups = 1 : i64}, operand_names = ["input", "weight"]} : (tensor<2x4x5xf32>, tensor<4x3x3xf32>) -> tensor<2x3x12xf32>
  %e = pynative.op "aten.gelu.default"(%g) {args = {approximate = "tanh"}, operand_names = ["self"]} : (tensor<5xf32>) -> tensor<5xf32>
  pynative.output %c, %t, %e : tensor<2x4x5xf32>, tensor<2x3x12xf32>, tensor<5xf32>
}

// -----

// In-place forms map like their out-of-place ops (the write rebinds the
// tensor): logical_and_/or_, logical_not_, bitwise_and_/or_ of bools, clamp_,
// squeeze_(dim). nansum is ReduceSum of Select(x != x, 0, x).

// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = mindspore.logical_and %arg1, %arg2
// CHECK: %[[O:.*]] = mindspore.logical_or %[[A]], %arg2
// CHECK: %[[N:.*]] = mindspore.logical_not %[[O]]
// CHECK: %[[BA:.*]] = mindspore.logical_and %[[N]], %arg2
// CHECK: %[[BO:.*]] = mindspore.logical_or %[[BA]], %arg2
// CHECK: mindspore.maximum %arg0
// CHECK: mindspore.minimum
// CHECK: %[[NE:.*]] = mindspore.not_equal %arg0, %arg0
// CHECK: %[[S:.*]] = mindspore.select %[[NE]],
// CHECK: %[[R:.*]] = mindspore.reduce_sum %[[S]], [1] : (tensor<3x4xf32>) -> tensor<3xf32>
// CHECK: return %[[BO]], {{.*}}, %[[R]]
pynative.trace @run_0(%x: tensor<3x4xf32>, %p: tensor<3x4xi1>, %q: tensor<3x4xi1>, %u: tensor<3x1xf32>) -> (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3xf32>, tensor<3xf32>) attributes {run = 0 : i64} {
  %a = pynative.op "aten.logical_and_.default"(%p, %q) {args = {}, operand_names = ["self", "other"], result_aliases = array<i64: 0>} : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
  %o = pynative.op "aten.logical_or_.default"(%a, %q) {args = {}, operand_names = ["self", "other"], result_aliases = array<i64: 0>} : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
  %n = pynative.op "aten.logical_not_.default"(%o) {args = {}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<3x4xi1>) -> tensor<3x4xi1>
  %ba = pynative.op "aten.bitwise_and_.Tensor"(%n, %q) {args = {}, operand_names = ["self", "other"], result_aliases = array<i64: 0>} : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
  %bo = pynative.op "aten.bitwise_or_.Tensor"(%ba, %q) {args = {}, operand_names = ["self", "other"], result_aliases = array<i64: 0>} : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
  %c = pynative.op "aten.clamp_.default"(%x) {args = {min = -1.0 : f64, max = 1.0 : f64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %s = pynative.op "aten.squeeze_.dim"(%u) {args = {dim = 1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<3x1xf32>) -> tensor<3xf32>
  %r = pynative.op "aten.nansum.default"(%x) {args = {dim = array<i64: 1>, keepdim = false, dtype}, operand_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3xf32>
  pynative.output %bo, %c, %s, %r : tensor<3x4xi1>, tensor<3x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// x[0:2].copy_(y) writes through a view into x, which is read afterwards: x is
// rebound to Select(mask of rows 0..1, pad(y), x).

// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<2xf32>) -> tensor<4xf32>
// CHECK: %[[P:.*]] = mindspore.pad %arg1 {paddings = array<i64: 0, 2>} : (tensor<2xf32>) -> tensor<4xf32>
// CHECK: %[[MASK:.*]] = mindspore.constant dense<[true, true, false, false]> : tensor<4xi1>
// CHECK: %[[X:.*]] = mindspore.select %[[MASK]], %[[P]], %arg0
// CHECK: return %[[X]]
pynative.trace @run_0(%x: tensor<4xf32>, %y: tensor<2xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %c = pynative.op "aten.clone.default"(%x) {args = {memory_format}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %v = pynative.op "aten.slice.Tensor"(%c) {args = {dim = 0 : i64, end = 2 : i64, start = 0 : i64, step = 1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<4xf32>) -> tensor<2xf32>
  %w = pynative.op "aten.copy_.default"(%v, %y) {args = {non_blocking = false}, mutated_operands = array<i64: 0>, operand_names = ["self", "src"], result_aliases = array<i64: 0>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  pynative.output %c : tensor<4xf32>
}

// -----

// Writes through integer index tensors: the indices (cast to int64, negative
// ones wrapped) stack into rows, the values broadcast to the indexed slices;
// TensorScatterUpdate, or TensorScatterAdd with accumulate=True. A write
// through a strided slice spreads the slice with a Gather and Selects it in.

// CHECK-LABEL: func.func @main
// CHECK: %[[C:.*]] = mindspore.cast %arg1 : (tensor<2xi32>) -> tensor<2xi64>
// CHECK: %[[NEG:.*]] = mindspore.less %[[C]], %{{.*}}
// CHECK: %[[WRAP:.*]] = mindspore.add %[[C]], %{{.*}}
// CHECK: %[[I:.*]] = mindspore.select %[[NEG]], %[[WRAP]], %[[C]]
// CHECK: %[[ROWS:.*]] = mindspore.expand_dims %[[I]] {axis = 1 : i64} : (tensor<2xi64>) -> tensor<2x1xi64>
// CHECK: %[[V:.*]] = mindspore.broadcast_to %arg2 {shape = array<i64: 2, 3>} : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: %[[U:.*]] = mindspore.tensor_scatter_update %arg0, %[[ROWS]], %[[V]] : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[R2:.*]] = mindspore.concat %{{.*}}, %{{.*}} {axis = 1 : i64} : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
// CHECK: %[[A:.*]] = mindspore.tensor_scatter_add %[[U]], %[[R2]], %arg4 : (tensor<4x3xf32>, tensor<2x2xi64>, tensor<2xf32>) -> tensor<4x3xf32>
// CHECK: %[[SPREAD:.*]] = mindspore.gather %arg5, %{{.*}} {axis = 0 : i64} : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
// CHECK: %[[W:.*]] = mindspore.select %{{.*}}, %[[SPREAD]], %[[A]]
// CHECK: return %[[W]]
pynative.trace @run_0(%x: tensor<4x3xf32>, %i: tensor<2xi32>, %v: tensor<f32>, %j: tensor<2xi64>, %u: tensor<2xf32>, %s: tensor<2x3xf32>) -> tensor<4x3xf32> attributes {run = 0 : i64} {
  %c = pynative.op "aten.clone.default"(%x) {args = {memory_format}, operand_names = ["self"]} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %w = pynative.op "aten.index_put_.default"(%c, %i, %v) {args = {accumulate = false}, mutated_operands = array<i64: 0>, operand_names = ["self", "indices", "values"], result_aliases = array<i64: 0>} : (tensor<4x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<4x3xf32>
  %a = pynative.op "aten.index_put_.default"(%w, %j, %j, %u) {args = {accumulate = true}, mutated_operands = array<i64: 0>, operand_names = ["self", "indices", "indices", "values"], result_aliases = array<i64: 0>} : (tensor<4x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xf32>) -> tensor<4x3xf32>
  %v2 = pynative.op "aten.slice.Tensor"(%a) {args = {dim = 0 : i64, end = 9223372036854775807 : i64, start = 1 : i64, step = 2 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<4x3xf32>) -> tensor<2x3xf32>
  %cp = pynative.op "aten.copy_.default"(%v2, %s) {args = {non_blocking = false}, mutated_operands = array<i64: 0>, operand_names = ["self", "src"], result_aliases = array<i64: 0>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  pynative.output %a : tensor<4x3xf32>
}

// -----

// aten.avg_pool2d: the stride defaults to the kernel size; padding becomes
// [top, bottom, left, right]; ceil_mode, count_include_pad (default true,
// elided) and divisor_override (None: absent) carry over.
// CHECK-LABEL: func.func @main(%arg0: tensor<1x2x7x9xf32>)
// CHECK: mindspore.avg_pool %{{.*}} {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32>
// CHECK: mindspore.avg_pool %{{.*}} {ceil_mode = true, count_include_pad = false, kernel_size = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x7x9xf32>) -> tensor<1x2x4x5xf32>
// CHECK: mindspore.avg_pool %{{.*}} {divisor_override = 5 : i64, kernel_size = array<i64: 3, 2>, pad = array<i64: 1, 1, 0, 0>, strides = array<i64: 1, 2>} : (tensor<1x2x7x9xf32>) -> tensor<1x2x7x4xf32>
pynative.trace @run_0(%x: tensor<1x2x7x9xf32>) -> (tensor<1x2x3x4xf32>, tensor<1x2x4x5xf32>, tensor<1x2x7x4xf32>) attributes {run = 0 : i64} {
  %a = pynative.op "aten.avg_pool2d.default"(%x) {args = {ceil_mode = false, count_include_pad = true, divisor_override, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64>}, operand_names = ["self"]} : (tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32>
  %b = pynative.op "aten.avg_pool2d.default"(%x) {args = {ceil_mode = true, count_include_pad = false, divisor_override, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>}, operand_names = ["self"]} : (tensor<1x2x7x9xf32>) -> tensor<1x2x4x5xf32>
  %c = pynative.op "aten.avg_pool2d.default"(%x) {args = {ceil_mode = false, count_include_pad = true, divisor_override = 5 : i64, kernel_size = array<i64: 3, 2>, padding = array<i64: 1, 0>, stride = array<i64: 1, 2>}, operand_names = ["self"]} : (tensor<1x2x7x9xf32>) -> tensor<1x2x7x4xf32>
  pynative.output %a, %b, %c : tensor<1x2x3x4xf32>, tensor<1x2x4x5xf32>, tensor<1x2x7x4xf32>
}
