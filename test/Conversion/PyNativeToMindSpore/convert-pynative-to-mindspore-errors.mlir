// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore -verify-diagnostics

// Every unsupported op is reported at once, each at its source location with
// its module path.
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.special_erfcx.default': no MindSpore primitive mapping}}
  %a = pynative.op "aten.special_erfcx.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %b = pynative.op "aten.relu.default"(%a) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{unsupported eager op 'aten.special_airy_ai.default': no MindSpore primitive mapping}}
  %c = pynative.op "aten.special_airy_ai.default"(%b) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %c : tensor<4xf32>
}

// -----

pynative.trace @run_0(%x: tensor<1x2x4x4xf32>, %s: tensor<2xf32>) -> tensor<1x2x4x4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.native_batch_norm.default': training-mode batch norm (batch statistics, running stat updates) is not legalized yet}}
  %bn:3 = pynative.op "aten.native_batch_norm.default"(%x, %s, %s, %s, %s) {args = {training = true, momentum = 0.1 : f64, eps = 1.0e-5 : f64}, operand_names = ["input", "weight", "bias", "running_mean", "running_var"]} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>)
  pynative.output %bn#0 : tensor<1x2x4x4xf32>
}

// -----

pynative.trace @run_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xi64> attributes {run = 0 : i64} {
  // expected-error @+1 {{result 1 of this op is used but has no MindSpore equivalent}}
  %p:2 = pynative.op "aten.max_pool2d_with_indices.default"(%x) {args = {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false}, operand_names = ["self"]} : (tensor<1x2x4x4xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>)
  pynative.output %p#1 : tensor<1x2x2x2xi64>
}

// -----

pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %s = pynative.op "aten.relu.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{branch on a tensor of type 'tensor<4xf32>', which has no single truth value}}
  pynative.branch %s, true, if {activation = 1} : tensor<4xf32>
  pynative.output %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{no pynative.trace to convert}}
module {
}

// -----

// An in-place op on a base whose earlier view is read afterwards.
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  %c = pynative.op "aten.clone.default"(%x) {args = {memory_format}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %v = pynative.op "aten.slice.Tensor"(%c) {args = {dim = 0 : i64, end = 2 : i64, start = 0 : i64, step = 1 : i64}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<4xf32>) -> tensor<2xf32>
  // expected-error @+1 {{unsupported eager op 'aten.relu_.default': it writes in place}}
  %r = pynative.op "aten.relu_.default"(%c) {args = {}, operand_names = ["self"], mutated_operands = array<i64: 0>, result_aliases = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %v : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<4xf32>, %m: tensor<4xi1>, %i: tensor<4xi64>, %n: tensor<4xi64>) -> (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<i64>, tensor<3xf32>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.gelu.default': gelu with approximate='sigmoid' (expected 'none' or 'tanh')}}
  %g = pynative.op "aten.gelu.default"(%x) {args = {approximate = "sigmoid"}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{unsupported eager op 'aten.index.Tensor': indexing with a boolean mask is not legalized yet}}
  %b = pynative.op "aten.index.Tensor"(%x, %m) {args = {}, operand_names = ["self", "indices"]} : (tensor<4xf32>, tensor<4xi1>) -> tensor<2xf32>
  // expected-error @+1 {{unsupported eager op 'aten.index.Tensor': advanced indexing with 2 index tensors is not legalized yet}}
  %two = pynative.op "aten.index.Tensor"(%x, %i, %i) {args = {}, operand_names = ["self", "indices", "indices"]} : (tensor<4xf32>, tensor<4xi64>, tensor<4xi64>) -> tensor<4xf32>
  // Integer max() is ArgMaxWithValue of the flattened tensor (AtenComposites).
  %mx = pynative.op "aten.max.default"(%n) {args = {}, operand_names = ["self"]} : (tensor<4xi64>) -> tensor<i64>
  // expected-error @+1 {{unsupported eager op 'aten.max.default': max() of a boolean tensor is not legalized yet (dtype bool)}}
  %mxb = pynative.op "aten.max.default"(%m) {args = {}, operand_names = ["self"]} : (tensor<4xi1>) -> tensor<i1>
  // expected-error @+1 {{unsupported eager op 'aten.constant_pad_nd.default': negative padding (cropping) is not legalized yet}}
  %crop = pynative.op "aten.constant_pad_nd.default"(%x) {args = {pad = array<i64: -1, 0>, value = 0 : i64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<3xf32>
  pynative.output %g, %b, %two, %mx, %crop : tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<i64>, tensor<3xf32>
}

// -----

pynative.trace @run_0(%x: tensor<4xi64>, %y: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi1>, tensor<4xi64>, tensor<4xf32>, tensor<4xi64>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.sigmoid.default': expects a floating-point tensor}}
  %s = pynative.op "aten.sigmoid.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xi64>) -> tensor<4xi64>
  // expected-error @+1 {{unsupported eager op 'aten.bitwise_and.Tensor': bitwise ops are legalized for boolean tensors only}}
  %a = pynative.op "aten.bitwise_and.Tensor"(%x, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  // expected-error @+1 {{unsupported eager op 'aten.bitwise_not.default': bitwise_not is legalized for boolean tensors only}}
  %n = pynative.op "aten.bitwise_not.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xi64>) -> tensor<4xi64>
  // expected-error @+1 {{unsupported eager op 'aten.reciprocal.default': expects a floating-point tensor}}
  %r = pynative.op "aten.reciprocal.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xi64>) -> tensor<4xf32>
  // expected-error @+1 {{unsupported eager op 'aten.pow.Tensor_Scalar': integer pow is not legalized yet}}
  %p = pynative.op "aten.pow.Tensor_Scalar"(%x) {args = {exponent = 2 : i64}, operand_names = ["self"]} : (tensor<4xi64>) -> tensor<4xi64>
  pynative.output %s, %a, %n, %r, %p : tensor<4xi64>, tensor<4xi1>, tensor<4xi64>, tensor<4xf32>, tensor<4xi64>
}

// -----

pynative.trace @run_0(%x: tensor<4xf32>, %m: tensor<2xi1>, %v: tensor<f32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.index_put_.default': only a write through integer index tensors or one boolean mask of the tensor's shape is legalized yet}}
  %w = pynative.op "aten.index_put_.default"(%x, %m, %v) {args = {accumulate = false}, mutated_operands = array<i64: 0>, operand_names = ["self", "indices", "values"], result_aliases = array<i64: 0>} : (tensor<4xf32>, tensor<2xi1>, tensor<f32>) -> tensor<4xf32>
  pynative.output %w : tensor<4xf32>
}

// -----

// Integer index writes whose index or value shapes do not fit.
pynative.trace @run_0(%x: tensor<4x3xf32>, %i: tensor<2xi64>, %j: tensor<3xi64>, %v: tensor<2x2xf32>, %s: tensor<f32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) attributes {run = 0 : i64} {
  %c = pynative.op "aten.clone.default"(%x) {args = {memory_format}, operand_names = ["self"]} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  // expected-error @+1 {{unsupported eager op 'aten.index_put.default': the index tensors do not broadcast together}}
  %a = pynative.op "aten.index_put.default"(%c, %i, %j, %s) {args = {accumulate = false}, operand_names = ["self", "indices", "indices", "values"]} : (tensor<4x3xf32>, tensor<2xi64>, tensor<3xi64>, tensor<f32>) -> tensor<4x3xf32>
  // expected-error @+1 {{unsupported eager op 'aten.index_put.default': more index tensors than the tensor has dimensions}}
  %b = pynative.op "aten.index_put.default"(%c, %i, %i, %i, %s) {args = {accumulate = false}, operand_names = ["self", "indices", "indices", "indices", "values"]} : (tensor<4x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<f32>) -> tensor<4x3xf32>
  // expected-error @+1 {{unsupported eager op 'aten.index_put.default': the values do not broadcast to the indexed shape 2x3}}
  %d = pynative.op "aten.index_put.default"(%c, %i, %v) {args = {accumulate = true}, operand_names = ["self", "indices", "values"]} : (tensor<4x3xf32>, tensor<2xi64>, tensor<2x2xf32>) -> tensor<4x3xf32>
  pynative.output %a, %b, %d : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

pynative.trace @run_0(%x: tensor<0x3xf32>, %y: tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xi64>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.max.dim': the maximum of an empty tensor}}
  %m:2 = pynative.op "aten.max.dim"(%x) {args = {dim = 0 : i64, keepdim = false}, operand_names = ["self"]} : (tensor<0x3xf32>) -> (tensor<3xf32>, tensor<3xi64>)
  // expected-error @+1 {{unsupported eager op 'aten.max.dim': missing self or dim}}
  %n:2 = pynative.op "aten.max.dim"(%y) {args = {keepdim = false}, operand_names = ["self"]} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xi64>)
  // expected-error @+1 {{unsupported eager op 'aten.unbind.int': unbind of an empty dimension}}
  pynative.op "aten.unbind.int"(%x) {args = {dim = 0 : i64}, operand_names = ["self"]} : (tensor<0x3xf32>) -> ()
  pynative.output %m#0, %n#1 : tensor<3xf32>, tensor<3xi64>
}

// -----

pynative.trace @run_0(%x: tensor<4xf32>, %m: tensor<4xi1>, %v: tensor<2xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.index_put_.default': a masked write of several values (values are taken in mask order) is not legalized yet}}
  %w = pynative.op "aten.index_put_.default"(%x, %m, %v) {args = {accumulate = false}, mutated_operands = array<i64: 0>, operand_names = ["self", "indices", "values"], result_aliases = array<i64: 0>} : (tensor<4xf32>, tensor<4xi1>, tensor<2xf32>) -> tensor<4xf32>
  pynative.output %w : tensor<4xf32>
}

// -----

// Index lists with Nones (full slices) the table does not take: index
// tensors a full slice separates (x[i, :, j] = v), a boolean mask after a
// full slice.
pynative.trace @run_0(%x: tensor<4x3x5xf32>, %i: tensor<2xi64>, %m: tensor<3x5xi1>, %v: tensor<f32>) -> (tensor<4x3x5xf32>, tensor<4x3x5xf32>) attributes {run = 0 : i64} {
  %c = pynative.op "aten.clone.default"(%x) {args = {memory_format}, operand_names = ["self"]} : (tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  // expected-error @+1 {{unsupported eager op 'aten.index_put.default': index tensors separated by a full slice (x[i, :, j]) are not legalized yet}}
  %a = pynative.op "aten.index_put.default"(%c, %i, %i, %v) {args = {accumulate = false, indices.none = array<i64: 1>}, operand_names = ["self", "indices", "indices", "values"]} : (tensor<4x3x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<f32>) -> tensor<4x3x5xf32>
  // expected-error @+1 {{unsupported eager op 'aten.index_put.default': a boolean mask next to full slices is not legalized yet}}
  %b = pynative.op "aten.index_put.default"(%c, %m, %v) {args = {accumulate = false, indices.none = array<i64: 0>}, operand_names = ["self", "indices", "values"]} : (tensor<4x3x5xf32>, tensor<3x5xi1>, tensor<f32>) -> tensor<4x3x5xf32>
  pynative.output %a, %b : tensor<4x3x5xf32>, tensor<4x3x5xf32>
}

// -----

// aten.avg_pool2d arguments the legalization cannot map are named.
pynative.trace @run_0(%x: tensor<2x7x9xf32>, %y: tensor<1x2x7x9xf32>) -> (tensor<2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>) attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.avg_pool2d.default': avg_pool2d of an unbatched (3-D CHW) input is not legalized yet (add the batch dimension)}}
  %a = pynative.op "aten.avg_pool2d.default"(%x) {args = {ceil_mode = false, count_include_pad = true, divisor_override, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}, operand_names = ["self"]} : (tensor<2x7x9xf32>) -> tensor<2x3x4xf32>
  // expected-error @+1 {{unsupported eager op 'aten.avg_pool2d.default': avg_pool2d divisor_override must be a positive integer}}
  %b = pynative.op "aten.avg_pool2d.default"(%y) {args = {ceil_mode = false, count_include_pad = true, divisor_override = 0 : i64, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}, operand_names = ["self"]} : (tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32>
  // expected-error @+1 {{unsupported eager op 'aten.avg_pool2d.default': avg_pool2d padding must be at most half the kernel size}}
  %c = pynative.op "aten.avg_pool2d.default"(%y) {args = {ceil_mode = false, count_include_pad = true, divisor_override, kernel_size = array<i64: 2, 2>, padding = array<i64: 2, 0>, stride = array<i64: 2, 2>}, operand_names = ["self"]} : (tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32>
  pynative.output %a, %b, %c : tensor<2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>
}

// -----

pynative.trace @run_0(%y: tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.avg_pool2d.default': avg_pool2d expects 2 kernel sizes, strides and paddings}}
  %a = pynative.op "aten.avg_pool2d.default"(%y) {args = {ceil_mode = false, count_include_pad = true, divisor_override, kernel_size = array<i64: 2, 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}, operand_names = ["self"]} : (tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32>
  pynative.output %a : tensor<1x2x3x4xf32>
}

// -----

// topk of int64: MindSpore's TopK takes float16, float32 and int32; a cast to
// any of them could change the values.
pynative.trace @run_0(%x: tensor<2x5xi64>) -> tensor<2x2xi64> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.topk.default': topk of i64 has no exact MindSpore form (MindSpore's TopK takes float16, float32 and int32; bfloat16, int8 and int16 are cast)}}
  %t:2 = pynative.op "aten.topk.default"(%x) {args = {k = 2 : i64}, operand_names = ["self"]} : (tensor<2x5xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>)
  pynative.output %t#0 : tensor<2x2xi64>
}

// -----

pynative.trace @run_0(%x: tensor<2x5xf32>) -> tensor<2x6xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.topk.default': k = 6 is larger than dimension 1 (5)}}
  %t:2 = pynative.op "aten.topk.default"(%x) {args = {k = 6 : i64, dim = 1 : i64}, operand_names = ["self"]} : (tensor<2x5xf32>) -> (tensor<2x6xf32>, tensor<2x6xi64>)
  pynative.output %t#0 : tensor<2x6xf32>
}
