// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mappings.json -verify-diagnostics

// A mapped op that does not verify (here: operand shapes that do not
// broadcast) is reported at the recorded op with the mapping and its file.
pynative.trace @run_0(%x: tensor<4xf32>, %y: tensor<3xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error-re @+1 {{mapping 'mylib.add.default' from mapping file '{{.*}}mappings.json': the 'mindspore.add' it builds is invalid: operand shapes [4] and [3] are not broadcast-compatible; 'mindspore.add' op failed to infer returned types}}
  %b = pynative.op "mylib.add.default"(%x, %y) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  pynative.output %b : tensor<4xf32>
}

// -----

// An operand name the recorded op does not have.
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error-re @+1 {{mapping 'mylib.typo.default' from mapping file '{{.*}}mappings.json': operand 'input' is not a tensor argument of 'mylib.typo.default' (its tensor arguments: 'self')}}
  %b = pynative.op "mylib.typo.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %b : tensor<4xf32>
}

// -----

// A required attribute the mapping does not give.
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // expected-error-re @+1 {{mapping 'mylib.softmax.default' from mapping file '{{.*}}mappings.json': the 'mindspore.softmax' it builds is invalid: 'mindspore.softmax' op requires attribute 'axis'}}
  %b = pynative.op "mylib.softmax.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %b : tensor<4xf32>
}

// -----

// The mapped op's result type differs from the recorded one.
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf16> attributes {run = 0 : i64} {
  // expected-error-re @+1 {{mapping 'aten.erfinv.default' from mapping file '{{.*}}mappings.json': the 'mindspore.erf' it builds is invalid: 'mindspore.erf' op requires the same type for all operands and results}}
  %b = pynative.op "aten.erfinv.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf16>
  pynative.output %b : tensor<4xf16>
}
