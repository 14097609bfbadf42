// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore | FileCheck %s
// Mappings of aten ops that torch 1.13 records only in some contexts (other
// spellings of the same computation, the `.Scalar` overloads, views that are
// no-ops at the mindspore level); the recorded models of the suite cover the
// rest of the table (test/Conversion/PyNativeToMindSpore/mapping-coverage.test).

// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = mindspore.add %arg0, %{{.*}} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: %[[S:.*]] = mindspore.sub %[[A]], %{{.*}} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: %[[D:.*]] = mindspore.real_div %[[S]], %{{.*}} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: %[[LO:.*]] = mindspore.maximum %[[D]], %{{.*}} : (tensor<2x3xf32>, tensor<f32>)
// CHECK: %[[HI:.*]] = mindspore.minimum %[[LO]], %{{.*}} : (tensor<2x3xf32>, tensor<f32>)
// CHECK: %[[LS:.*]] = mindspore.log_softmax %[[HI]] {axis = 1 : i64}
// CHECK: %[[R:.*]] = mindspore.reshape %[[LS]], [6]
// CHECK: return %[[R]]
pynative.trace @run_0(%x: tensor<2x3xf32>) -> tensor<6xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.add.Scalar"(%x) {args = {other = 2.0 : f64, alpha = 1 : i64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":1:1)
  %s = pynative.op "aten.sub.Scalar"(%a) {args = {other = 1.0 : f64, alpha = 1 : i64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":2:1)
  %d = pynative.op "aten.div.Scalar"(%s) {args = {other = 4.0 : f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":3:1)
  %lo = pynative.op "aten.clamp_min.default"(%d) {args = {min = -1.0 : f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":4:1)
  %hi = pynative.op "aten.clamp_max.default"(%lo) {args = {max = 1.0 : f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":5:1)
  %c = pynative.op "aten.contiguous.default"(%hi) {args = {memory_format}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":6:1)
  %al = pynative.op "aten.alias.default"(%c) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":7:1)
  %lf = pynative.op "aten.lift_fresh.default"(%al) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":8:1)
  %ls = pynative.op "aten.log_softmax.int"(%lf) {args = {dim = 1 : i64, dtype}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":9:1)
  %r = pynative.op "aten.reshape.default"(%ls) {args = {shape = array<i64: 6>}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<6xf32> loc("m.py":10:1)
  pynative.output %r : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @main
// CHECK: mindspore.reshape %arg0, [2, 12]
// CHECK: mindspore.squeeze %{{.*}} {axis = array<i64: 0>}
// CHECK: mindspore.max_pool %arg1
// CHECK: mindspore.adaptive_avg_pool2d %arg1
// CHECK: mindspore.adaptive_avg_pool2d %arg1
// CHECK: mindspore.batch_norm %arg1
pynative.trace @run_0(%x: tensor<2x3x4xf32>, %img: tensor<1x2x4x4xf32>, %w: tensor<2xf32>) -> (tensor<2x12xf32>, tensor<3x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>, tensor<1x2x4x4xf32>) attributes {run = 0 : i64} {
  %f = pynative.op "aten.flatten.using_ints"(%x) {args = {start_dim = 1 : i64, end_dim = -1 : i64}, operand_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<2x12xf32> loc("m.py":1:1)
  %sl = pynative.op "aten.slice.Tensor"(%x) {args = {dim = 0 : i64, start = 0 : i64, end = 1 : i64, step = 1 : i64}, operand_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<1x3x4xf32> loc("m.py":2:1)
  %sq = pynative.op "aten.squeeze.dims"(%sl) {args = {dim = array<i64: 0>}, operand_names = ["self"]} : (tensor<1x3x4xf32>) -> tensor<3x4xf32> loc("m.py":3:1)
  %mp = pynative.op "aten.max_pool2d.default"(%img) {args = {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false}, operand_names = ["self"]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> loc("m.py":4:1)
  %ap = pynative.op "aten.adaptive_avg_pool2d.default"(%img) {args = {output_size = array<i64: 1, 1>}, operand_names = ["self"]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32> loc("m.py":5:1)
  %ap2 = pynative.op "aten._adaptive_avg_pool2d.default"(%img) {args = {output_size = array<i64: 1, 1>}, operand_names = ["self"]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32> loc("m.py":6:1)
  %bn:3 = pynative.op "aten._native_batch_norm_legit_no_training.default"(%img, %w, %w, %w, %w) {args = {momentum = 0.1 : f64, eps = 1.0e-5 : f64}, operand_names = ["input", "weight", "bias", "running_mean", "running_var"]} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x4x4xf32>, tensor<0xf32>, tensor<0xf32>) loc("m.py":7:1)
  pynative.output %f, %sq, %mp, %ap, %ap2, %bn#0 : tensor<2x12xf32>, tensor<3x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>, tensor<1x2x4x4xf32>
}

// -----

// _local_scalar_dense is the aten side of a scalar read: it has no result at
// the mindspore level (the read's guard is built from the scalar_read event).
// CHECK-LABEL: func.func @main
// CHECK-NOT: _local_scalar_dense
// CHECK: mindspore.assert
pynative.trace @run_0(%x: tensor<f32>) -> tensor<f32> attributes {run = 0 : i64} {
  pynative.op "aten._local_scalar_dense.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<f32>) -> () loc("m.py":1:1)
  pynative.scalar_read %x, "item", 2.0 {activation = 1} : tensor<f32> loc("m.py":1:1)
  pynative.output %x : tensor<f32>
}

// -----

// transpose_ (nn.GRU transposes its input in place): the tensor is rebound
// to its Transpose.
// CHECK-LABEL: func.func @main
// CHECK: %[[T:.*]] = mindspore.transpose %arg0, [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: mindspore.relu %[[T]]
pynative.trace @run_0(%x: tensor<2x3xf32>) -> tensor<3x2xf32> attributes {run = 0 : i64} {
  %c = pynative.op "aten.clone.default"(%x) {args = {memory_format}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":1:1)
  %t = pynative.op "aten.transpose_.default"(%c) {args = {dim0 = 0 : i64, dim1 = 1 : i64}, operand_names = ["self"], mutated_operands = array<i64: 0>, result_aliases = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32> loc("m.py":2:1)
  %r = pynative.op "aten.relu.default"(%t) {args = {}, operand_names = ["self"]} : (tensor<3x2xf32>) -> tensor<3x2xf32> loc("m.py":3:1)
  pynative.output %r : tensor<3x2xf32>
}
