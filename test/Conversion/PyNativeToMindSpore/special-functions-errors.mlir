// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore -verify-diagnostics

// The special functions of AtenSpecial.cpp refuse, naming the op, a call
// whose tensor operand is named neither self nor x (not PyTorch's schema,
// e.g. a damaged trace) ...
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.special_ndtri.default': aten.special_ndtri.default is missing its tensor operand}}
  %a = pynative.op "aten.special_ndtri.default"(%x) {args = {}, operand_names = ["input"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %a : tensor<4xf32>
}

// -----

// ... and an integer tensor whose recorded result is not float (PyTorch's
// promotion gives float; an integer result has no float formula to match).
pynative.trace @run_0(%x: tensor<4xi64>) -> tensor<4xi64> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.special_modified_bessel_k0.default': aten.special_modified_bessel_k0.default of i64 is not legalized yet (a float tensor is expected) (dtype int64)}}
  %a = pynative.op "aten.special_modified_bessel_k0.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xi64>) -> tensor<4xi64>
  pynative.output %a : tensor<4xi64>
}

// -----

// An int64 x of spherical_bessel_j0 with a float32 result is promoted: a
// Cast, then the formula.
pynative.trace @run_0(%x: tensor<4xi64>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.special_spherical_bessel_j0.default"(%x) {args = {}, operand_names = ["x"]} : (tensor<4xi64>) -> tensor<4xf32>
  pynative.output %a : tensor<4xf32>
}

// -----

// special.zeta with a number for x (self_scalar) is legalized (a 0-d
// constant); one without q is refused.
pynative.trace @run_0(%q: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.special_zeta.self_scalar"(%q) {args = {self = 2.0 : f64}, operand_names = ["other"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %a : tensor<4xf32>
}

// -----

pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.special_zeta.default': aten.special_zeta.default needs self and other, at least one a tensor}}
  %a = pynative.op "aten.special_zeta.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %a : tensor<4xf32>
}
