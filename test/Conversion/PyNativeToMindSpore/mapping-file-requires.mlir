// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-requires.json -verify-diagnostics | FileCheck %s
// RUN: not ascend-opt %s --split-input-file --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-bad-requires.json 2>&1 | FileCheck %s --check-prefix=BAD

// `"requires": "float"` in a mapping (the field the built-in data mappings of
// AtenMappings.json use) accepts floating-point operands and refuses others;
// a user mapping of an op that the built-in data table maps (sigmoid) takes
// precedence over it.

// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32>)
// CHECK: %[[E:.*]] = mindspore.exp %arg0 : tensor<4xf32>
// CHECK: %[[T:.*]] = mindspore.tanh %[[E]] : tensor<4xf32>
// CHECK: return %[[T]]
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %e = pynative.op "mylib.exp.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  %s = pynative.op "aten.sigmoid.default"(%e) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %s : tensor<4xf32>
}

// -----

pynative.trace @run_0(%x: tensor<4xi64>) -> tensor<4xi64> attributes {run = 0 : i64} {
  // expected-error-re @+1 {{mapping 'mylib.exp.default' from mapping file '{{.*}}mapping-requires.json': expects a floating-point tensor}}
  %e = pynative.op "mylib.exp.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xi64>) -> tensor<4xi64>
  pynative.output %e : tensor<4xi64>
}

// BAD: mapping-bad-requires.json:2:3: error: mapping file '{{.*}}mapping-bad-requires.json': mapping 'mylib.exp.default', field 'requires': expected "float" (every mapped operand has a floating-point element type)
