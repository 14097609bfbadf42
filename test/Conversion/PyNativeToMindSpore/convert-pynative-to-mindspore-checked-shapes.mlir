// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore -verify-diagnostics | FileCheck %s

// Shapes, ranks and dims of a recorded op that its MindSpore primitive does
// not take are reported (the primitive's own reason, its operand types) and
// the legalization's partial ops dropped, instead of "LLVM ERROR: Failed to
// infer result type(s)" from the op builder. PyTorch's OpInfo samples hit the
// first: adaptive average pooling of a 3-D (unbatched) input (index_select
// of a 0-d tensor, the second, is now legalized: see
// zero-dim-reductions.mlir).

pynative.trace @run_0(%x: tensor<2x4x6xf32>) -> tensor<2x1x3xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.adaptive_avg_pool2d.default': 'mindspore.adaptive_avg_pool2d' cannot take operand types (tensor<2x4x6xf32>): expects a 4-D NCHW input}}
  %p = pynative.op "aten.adaptive_avg_pool2d.default"(%x) {args = {output_size = array<i64: 1, 3>}, operand_names = ["self"]} : (tensor<2x4x6xf32>) -> tensor<2x1x3xf32>
  pynative.output %p : tensor<2x1x3xf32>
}

// -----

pynative.trace @run_0(%x: tensor<f32>, %i: tensor<1xi64>) -> tensor<f32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.index_select.default': dim 1 is out of range for a 0-D tensor}}
  %s = pynative.op "aten.index_select.default"(%x, %i) {args = {dim = 1 : i64}, operand_names = ["self", "index"]} : (tensor<f32>, tensor<1xi64>) -> tensor<f32>
  pynative.output %s : tensor<f32>
}

// -----

// A composite (addmm = MatMul + BiasAdd) whose second primitive refuses: the
// MatMul built before it is dropped with the op.
pynative.trace @run_0(%b: tensor<5xf32>, %x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.addmm.default': 'mindspore.bias_add' cannot take operand types (tensor<2x4xf32>, tensor<5xf32>): expects a 1-D bias of 4 channels}}
  %y = pynative.op "aten.addmm.default"(%b, %x, %w) {args = {}, operand_names = ["self", "mat1", "mat2"]} : (tensor<5xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  pynative.output %y : tensor<2x4xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.mm.default': 'mindspore.matmul' cannot take operand types (tensor<2x3xf32>, tensor<2x3xf32>): contracted sizes differ: 3 vs 2}}
  %m = pynative.op "aten.mm.default"(%x, %y) {args = {}, operand_names = ["self", "mat2"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error @+1 {{unsupported eager op 'aten.select.int': dim 2 is out of range for a 2-D tensor}}
  %s = pynative.op "aten.select.int"(%x) {args = {dim = 2 : i64, index = 0 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3xf32>
  // expected-error @+1 {{unsupported eager op 'aten.select.int': index 7 is out of range for dim 0 of size 2}}
  %t = pynative.op "aten.select.int"(%y) {args = {dim = 0 : i64, index = 7 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3xf32>
  // expected-error @+1 {{unsupported eager op 'aten.transpose.int': dim -3 is out of range for a 2-D tensor}}
  %u = pynative.op "aten.transpose.int"(%x) {args = {dim0 = -3 : i64, dim1 = 0 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  pynative.output %m, %s, %t, %u : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>
}

// -----

pynative.trace @run_0(%x: tensor<f32>, %y: tensor<2x3xf32>) -> (tensor<f32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.mean.dim': dim 1 is out of range for a 0-D tensor}}
  %m = pynative.op "aten.mean.dim"(%x) {args = {dim = array<i64: 1>, keepdim = false, dtype}, operand_names = ["self"]} : (tensor<f32>) -> tensor<f32>
  // expected-error @+1 {{unsupported eager op 'aten.permute.default': permute of a 2-D tensor with 3 dims}}
  %p = pynative.op "aten.permute.default"(%y) {args = {dims = array<i64: 1, 0, 2>}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error @+1 {{unsupported eager op 'aten.slice.Tensor': dim 4 is out of range for a 2-D tensor}}
  %s = pynative.op "aten.slice.Tensor"(%y) {args = {dim = 4 : i64, start = 0 : i64, end = 2 : i64, step = 1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2xf32>
  // expected-error @+1 {{unsupported eager op 'aten._reshape_alias.default': an alias with negative strides is not a reshape}}
  %r = pynative.op "aten._reshape_alias.default"(%y) {args = {size = array<i64: 2, 3>, stride = array<i64: -3, 1>}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  pynative.output %m, %p, %s, %r : tensor<f32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>
}

// -----

// Arguments and results a handler reads without checking are checked first.
pynative.trace @run_0(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<f32>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.add.Tensor': it has no tensor argument 'self'}}
  %a = pynative.op "aten.add.Tensor"(%x, %x) {args = {}, operand_names = ["input", "other"]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  // expected-error @+1 {{unsupported eager op 'aten.max.dim': it has 1 results, 2 expected}}
  %m = pynative.op "aten.max.dim"(%x) {args = {dim = 0 : i64, keepdim = false}, operand_names = ["self"]} : (tensor<2xf32>) -> tensor<f32>
  pynative.output %a, %m : tensor<2xf32>, tensor<f32>
}

// -----

// A composite (an op legalized as several primitives) that reads a result the
// trace does not record is refused, not read past the op's results (the
// pynative fuzzer's find composite-reads-unrecorded-result: aten.max with no
// result).
pynative.trace @run_0(%x: tensor<2x3xf32>) -> (tensor<2xf32>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.max.default': it records 0 result(s), but its legalization needs result 0 as a ranked tensor}}
  pynative.op "aten.max.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<2x3xf32>) -> ()
  // expected-error @+1 {{unsupported eager op 'aten.min.dim': it records 1 result(s), but its legalization needs result 1 as a ranked tensor}}
  %v = pynative.op "aten.min.dim"(%x) {args = {dim = 1 : i64, keepdim = false}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2xf32>
  pynative.output %v : tensor<2xf32>
}

// -----

// A 0-d transpose is PyTorch's identity; a 0-d squeeze of dim 0 too.
// CHECK-LABEL: func.func @main(%arg0: tensor<f32>)
// CHECK-NEXT: return %arg0, %arg0 : tensor<f32>, tensor<f32>
pynative.trace @run_0(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) attributes {run = 0 : i64} {
  %t = pynative.op "aten.transpose.int"(%x) {args = {dim0 = 0 : i64, dim1 = -1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<f32>) -> tensor<f32>
  %s = pynative.op "aten.squeeze.dim"(%t) {args = {dim = 0 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<f32>) -> tensor<f32>
  pynative.output %t, %s : tensor<f32>, tensor<f32>
}

// -----

// A primitive built with the recorded result type is verified first: a
// _to_copy whose recorded result has another shape (found by the fuzzer,
// fuzz/pynative/regressions/to-copy-shape-change).
pynative.trace @run_0(%x: tensor<f32>) -> tensor<2x2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten._to_copy.default': 'mindspore.cast' op result shape [2, 2] differs from the input shape []}}
  %c = pynative.op "aten._to_copy.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<f32>) -> tensor<2x2xf32>
  pynative.output %c : tensor<2x2xf32>
}

// -----

// Every primitive a handler builds is verified: clamping a uint8 tensor
// (fuzz/pynative/regressions/hardtanh-uint8) builds a Maximum, which takes
// signless integers only.
pynative.trace @run_0(%x: tensor<4xui8>) -> tensor<4xui8> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.hardtanh.default': 'mindspore.maximum' op operand #0 must be ranked tensor of floating-point or signless integer or 1-bit signless integer values, but got 'tensor<4xui8>'}}
  %c = pynative.op "aten.hardtanh.default"(%x) {args = {min_val = 0.0 : f64, max_val = 2.0 : f64}, operand_names = ["self"]} : (tensor<4xui8>) -> tensor<4xui8>
  pynative.output %c : tensor<4xui8>
}

// -----

// `if t:` on a uint8 tensor (fuzz/pynative/regressions/branch-on-uint8): the
// truth test would be a NotEqual, which takes no unsigned elements.
pynative.trace @run_0(%x: tensor<1x1xui8>) -> tensor<1x1xui8> attributes {run = 0 : i64} {
  // expected-error @+1 {{branch on a tensor of type 'tensor<1x1xui8>', whose element type no MindSpore primitive takes}}
  pynative.branch %x, true, if {activation = 1} : tensor<1x1xui8>
  pynative.output %x : tensor<1x1xui8>
}

// -----

// `t.item()` on a uint8 tensor (fuzz/pynative/regressions/scalar-read-uint8):
// its guard would be an Equal, which takes no unsigned elements.
pynative.trace @run_0(%x: tensor<1x1xui8>) -> tensor<1x1xui8> attributes {run = 0 : i64} {
  // expected-error @+1 {{a number read from a tensor of type 'tensor<1x1xui8>', whose element type no MindSpore primitive takes}}
  pynative.scalar_read %x, "item", 3.0 {activation = 1} : tensor<1x1xui8>
  pynative.output %x : tensor<1x1xui8>
}

// -----

// sum/mean with a dtype (the fuzzer's find: a dim the self does not have
// reached the ReduceSum builder, "LLVM ERROR: Failed to infer result type(s)").
pynative.trace @run_0(%x: tensor<2x3xf32>) -> (tensor<2xf64>, tensor<2xf64>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.mean.dim': dim 5 is out of range for a 2-D tensor}}
  %m = pynative.op "aten.mean.dim"(%x) {args = {dim = array<i64: 5>, keepdim = false, dtype = f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2xf64>
  // expected-error @+1 {{unsupported eager op 'aten.sum.dim_IntList': dim -3 is out of range for a 2-D tensor}}
  %s = pynative.op "aten.sum.dim_IntList"(%x) {args = {dim = array<i64: -3>, keepdim = false, dtype = f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2xf64>
  pynative.output %m, %s : tensor<2xf64>, tensor<2xf64>
}

// -----

// mean with a dtype, in range: the Cast, the ReduceSum and the division.
// CHECK-LABEL: func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2xf64>
// CHECK: %[[C:.*]] = mindspore.cast %arg0 : (tensor<2x3xf32>) -> tensor<2x3xf64>
// CHECK: %[[S:.*]] = mindspore.reduce_sum %[[C]], [1] : (tensor<2x3xf64>) -> tensor<2xf64>
// CHECK: %[[N:.*]] = mindspore.constant dense<3.000000e+00> : tensor<f64>
// CHECK: mindspore.real_div %[[S]], %[[N]]
pynative.trace @run_0(%x: tensor<2x3xf32>) -> tensor<2xf64> attributes {run = 0 : i64} {
  %m = pynative.op "aten.mean.dim"(%x) {args = {dim = array<i64: -1>, keepdim = false, dtype = f64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2xf64>
  pynative.output %m : tensor<2xf64>
}
