// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore -verify-diagnostics | FileCheck %s

// cumsum of bools (and integers) to PyTorch's int64 result: a Cast, then
// ceil(log2 n) Adds of the running sum shifted by 1, 2, 4 (zeros in front).
// CHECK-LABEL: func.func @main
// CHECK: mindspore.cast %{{.*}} : (tensor<2x5xi1>) -> tensor<2x5xi64>
// CHECK-COUNT-3: mindspore.add
// CHECK-NOT: mindspore.add
// CHECK: return
pynative.trace @run_0(%x: tensor<2x5xi1>) -> tensor<2x5xi64> attributes {run = 0 : i64} {
  %s = pynative.op "aten.cumsum.default"(%x) {args = {dim = 1 : i64, dtype}, operand_names = ["self"]} : (tensor<2x5xi1>) -> tensor<2x5xi64>
  pynative.output %s : tensor<2x5xi64>
}

// -----

// A bool result is not a sum PyTorch gives; refused with the op and dtypes.
pynative.trace @run_0(%x: tensor<5xi64>) -> tensor<5xi1> attributes {run = 0 : i64} {
  // expected-error @+1 {{unsupported eager op 'aten.cumsum.default': a cumulative sum to a non-float dtype is not legalized yet}}
  %s = pynative.op "aten.cumsum.default"(%x) {args = {dim = 0 : i64, dtype}, operand_names = ["self"]} : (tensor<5xi64>) -> tensor<5xi1>
  pynative.output %s : tensor<5xi1>
}
