// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore -verify-diagnostics | FileCheck %s

// linalg_vector_norm(dtype=float32) of a float32 tensor: the norm in it.
// CHECK-LABEL: func.func @main
// CHECK: mindspore.mul
// CHECK: mindspore.reduce_sum
// CHECK: mindspore.sqrt
pynative.trace @run_0(%x: tensor<2x3xf32>) -> tensor<f32> attributes {run = 0 : i64} {
  %n = pynative.op "aten.linalg_vector_norm.default"(%x) {args = {ord = 2.0 : f64, dim, keepdim = false, dtype = f32}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<f32>
  pynative.output %n : tensor<f32>
}

// -----

// A half-precision norm with a dtype is refused with the op and the reason.
pynative.trace @run_0(%x: tensor<2x3xf16>) -> tensor<f16> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.linalg_vector_norm.default': a norm with a dtype argument of float16/bfloat16 (ATen's float32 accumulation order is not reproduced) (dtype float16)}}
  %n = pynative.op "aten.linalg_vector_norm.default"(%x) {args = {ord = 2.0 : f64, dim, keepdim = false, dtype = f16}, operand_names = ["self"]} : (tensor<2x3xf16>) -> tensor<f16>
  pynative.output %n : tensor<f16>
}

// -----

pynative.trace @run_0(%x: tensor<2x3xf32>) -> tensor<i64> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.linalg_vector_norm.default': a norm to a non-float dtype}}
  %n = pynative.op "aten.linalg_vector_norm.default"(%x) {args = {ord = 2.0 : f64, dim, keepdim = false, dtype = i64}, operand_names = ["self"]} : (tensor<2x3xf32>) -> tensor<i64>
  pynative.output %n : tensor<i64>
}

// -----

// angle of an integer tensor is refused (its float result is not derived).
pynative.trace @run_0(%x: tensor<4xi64>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.angle.default': expects a real floating-point tensor (dtype int64)}}
  %a = pynative.op "aten.angle.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xi64>) -> tensor<4xf32>
  pynative.output %a : tensor<4xf32>
}
