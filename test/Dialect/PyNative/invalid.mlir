// RUN: ascend-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'pynative.parameter' op value type 'tensor<2xf32>' differs from the declared type 'tensor<4xf32>'}}
pynative.parameter @w : tensor<4xf32> = dense<0.0> : tensor<2xf32>

// -----

pynative.parameter @w : tensor<4xf32> = dense<0.0> : tensor<4xf32>
pynative.trace @run_0() -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.get_parameter' op type 'tensor<2xf32>' differs from parameter type 'tensor<4xf32>'}}
  %w = pynative.get_parameter @w : tensor<2xf32>
  pynative.output %w : tensor<2xf32>
}

// -----

pynative.trace @run_0() -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.get_parameter' op 'missing' is not a pynative.parameter}}
  %w = pynative.get_parameter @missing : tensor<2xf32>
  pynative.output %w : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<3xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.output' op returns 'tensor<2xf32>' but the trace declares 'tensor<3xf32>'}}
  pynative.output %x : tensor<2xf32>
}

// -----

// expected-error @+1 {{'pynative.trace' op run index must be non-negative, got -1}}
pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = -1 : i64} {
  pynative.output %x : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.op' op needs the eager op name}}
  %r = pynative.op ""(%x) {args = {}, operand_names = ["self"]} : (tensor<2xf32>) -> tensor<2xf32>
  pynative.output %r : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.op' op has 1 operands but 2 operand names}}
  %r = pynative.op "aten.relu.default"(%x) {args = {}, operand_names = ["self", "other"]} : (tensor<2xf32>) -> tensor<2xf32>
  pynative.output %r : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.op' op mutated operand index 1 is out of range [0, 1)}}
  %r = pynative.op "aten.relu_.default"(%x) {args = {}, operand_names = ["self"], mutated_operands = array<i64: 1>} : (tensor<2xf32>) -> tensor<2xf32>
  pynative.output %r : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.op' op has 1 results but 2 result aliases}}
  %r = pynative.op "aten.relu_.default"(%x) {args = {}, operand_names = ["self"], result_aliases = array<i64: 0, 0>} : (tensor<2xf32>) -> tensor<2xf32>
  pynative.output %r : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.op' op result alias 3 is neither -1 nor an operand index}}
  %r = pynative.op "aten.relu_.default"(%x) {args = {}, operand_names = ["self"], result_aliases = array<i64: 3>} : (tensor<2xf32>) -> tensor<2xf32>
  pynative.output %r : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.scalar_read' op read 3 values from a tensor of 2 elements}}
  pynative.scalar_read %x, "tolist", 1.0 {activation = 1, values = array<f64: 1.0, 2.0, 3.0>} : tensor<2xf32>
  pynative.output %x : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.scalar_read' op "tolist" needs the values read}}
  pynative.scalar_read %x, "tolist", 1.0 {activation = 1} : tensor<2xf32>
  pynative.output %x : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.scalar_read' op only "tolist" reads several values}}
  pynative.scalar_read %x, "item", 1.0 {activation = 1, values = array<f64: 1.0>} : tensor<2xf32>
  pynative.output %x : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.call' op id must be positive, not 0}}
  pynative.call "torch.relu"(%x) {activation = 1, args = {}, id = 0, operand_names = ["0"], parent = 0, returned = {}} : tensor<2xf32>
  pynative.output %x : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.call' op parent 4 is neither 0 nor another call's id}}
  pynative.call "torch.relu"(%x) {activation = 1, args = {}, id = 4, operand_names = ["0"], parent = 4, returned = {}} : tensor<2xf32>
  pynative.output %x : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.call' op has 1 operands but 0 operand names}}
  pynative.call "torch.relu"(%x) {activation = 1, args = {}, id = 4, operand_names = [], parent = 0, returned = {}} : tensor<2xf32>
  pynative.output %x : tensor<2xf32>
}

// -----

pynative.trace @run_0(%x: tensor<2xf32>) -> tensor<2xf32> attributes {run = 0 : i64} {
  // expected-error @+1 {{'pynative.call' op needs the function name}}
  pynative.call ""() {activation = 1, args = {}, id = 4, operand_names = [], parent = 0, returned = {}}
  pynative.output %x : tensor<2xf32>
}
