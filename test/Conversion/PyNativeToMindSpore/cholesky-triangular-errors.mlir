// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore -verify-diagnostics

// The Cholesky family and the triangular solves refuse what PyTorch's CPU kernels do not take (half
// precision) and operands of other shapes, naming the op and the reason.
pynative.trace @run_0(%a: tensor<3x3xf16>) -> tensor<3x3xf16> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.cholesky.default': cholesky of float16 (PyTorch's CPU kernel takes float32 and float64) (dtype float16)}}
  %l = pynative.op "aten.cholesky.default"(%a) {args = {upper = false}, operand_names = ["self"]} : (tensor<3x3xf16>) -> tensor<3x3xf16>
  pynative.output %l : tensor<3x3xf16>
}

// -----

pynative.trace @run_0(%a: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.linalg_cholesky_ex.default': expects a batch of square floating-point matrices}}
  %l:2 = pynative.op "aten.linalg_cholesky_ex.default"(%a) {args = {upper = false, check_errors = false}, operand_names = ["A"]} : (tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<i32>)
  pynative.output %l#0 : tensor<3x4xf32>
}

// -----

pynative.trace @run_0(%b: tensor<4x2xf32>, %l: tensor<3x3xf32>) -> tensor<3x2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.cholesky_solve.default': expects B [..., n, k] of the factor's dtype}}
  %x = pynative.op "aten.cholesky_solve.default"(%b, %l) {args = {upper = false}, operand_names = ["self", "input2"]} : (tensor<4x2xf32>, tensor<3x3xf32>) -> tensor<3x2xf32>
  pynative.output %x : tensor<3x2xf32>
}

// -----

pynative.trace @run_0(%b: tensor<2x3x2xf32>, %l: tensor<4x3x3xf32>) -> tensor<4x3x2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.cholesky_solve.default': the batch dims of B and the factor do not broadcast}}
  %x = pynative.op "aten.cholesky_solve.default"(%b, %l) {args = {upper = false}, operand_names = ["self", "input2"]} : (tensor<2x3x2xf32>, tensor<4x3x3xf32>) -> tensor<4x3x2xf32>
  pynative.output %x : tensor<4x3x2xf32>
}

// -----

pynative.trace @run_0(%l: tensor<3x3xf16>) -> tensor<3x3xf16> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.cholesky_inverse.default': expects float32 or float64 factors}}
  %x = pynative.op "aten.cholesky_inverse.default"(%l) {args = {upper = false}, operand_names = ["self"]} : (tensor<3x3xf16>) -> tensor<3x3xf16>
  pynative.output %x : tensor<3x3xf16>
}

// -----

// The triangular solves: half precision and B of other rows are refused.
pynative.trace @run_0(%a: tensor<3x3xf16>, %b: tensor<3x2xf16>) -> tensor<3x2xf16> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.linalg_solve_triangular.default': expects float32 or float64 matrices}}
  %x = pynative.op "aten.linalg_solve_triangular.default"(%a, %b) {args = {upper = true, left = true, unitriangular = false}, operand_names = ["self", "B"]} : (tensor<3x3xf16>, tensor<3x2xf16>) -> tensor<3x2xf16>
  pynative.output %x : tensor<3x2xf16>
}

// -----

pynative.trace @run_0(%b: tensor<4x2xf32>, %a: tensor<3x3xf32>) -> tensor<3x2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.triangular_solve.default': B does not have A's number of rows}}
  %x:2 = pynative.op "aten.triangular_solve.default"(%b, %a) {args = {upper = true, transpose = false, unitriangular = false}, operand_names = ["self", "A"]} : (tensor<4x2xf32>, tensor<3x3xf32>) -> (tensor<3x2xf32>, tensor<3x3xf32>)
  pynative.output %x#0 : tensor<3x2xf32>
}
