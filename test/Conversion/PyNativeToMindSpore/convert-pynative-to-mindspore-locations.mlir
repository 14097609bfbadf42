// RUN: not ascend-opt %s --split-input-file --convert-pynative-to-mindspore 2>&1 | FileCheck %s
// Diagnostics at the recorded source locations (user files, not this one).

// CHECK: m.py:3:4: error: unsupported eager op 'aten.erfinv.default' in module 'block.act': no MindSpore primitive mapping
// CHECK: m.py:9:2: error: unsupported eager op 'aten.special_bessel_j0.default' in module 'block': no MindSpore primitive mapping
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.erfinv.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("block.act"("m.py":3:4))
  %c = pynative.op "aten.special_bessel_j0.default"(%a) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("block"("m.py":9:2))
  pynative.output %c : tensor<4xf32>
}

// -----

// CHECK: m.py:3:4: error: runs cannot be merged: run 1 diverges from run 0 without a branch event between them
// CHECK: m.py:3:4: note: run 0 ran {{.*}}"aten.sin.default"
// CHECK: m.py:3:4: note: run 1 ran {{.*}}"aten.cos.default"

pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.sin.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":3:4)
  pynative.output %a : tensor<4xf32>
}
pynative.trace @run_1(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 1 : i64} {
  %a = pynative.op "aten.cos.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":3:4)
  pynative.output %a : tensor<4xf32>
}


// -----

// CHECK: m.py:4:9: error: runs cannot be merged: Python read 3 from a tensor here in run 1 but 2 in run 0 and used the number itself (compared it, tested it or did arithmetic on it), so the program is specialized on it and every run must read the same value
pynative.trace @run_0(%x: tensor<i64>) -> tensor<i64> attributes {run = 0 : i64} {
  pynative.scalar_read %x, "item", 2.0 {activation = 1} : tensor<i64> loc("m.py":4:9)
  pynative.output %x : tensor<i64>
}
pynative.trace @run_1(%x: tensor<i64>) -> tensor<i64> attributes {run = 1 : i64} {
  pynative.scalar_read %x, "item", 3.0 {activation = 2} : tensor<i64> loc("m.py":4:9)
  pynative.output %x : tensor<i64>
}

// -----

// Python passed the number on unchanged, but to an argument the legalization
// only takes as a constant (leaky_relu's slope): it is specialized, and the
// runs read different values.
// CHECK: m.py:4:9: error: runs cannot be merged: Python read 0.25 from a tensor here in run 1 but 0.5 in run 0 and passed it to an op that takes it only as a constant, so the program is specialized on it and every run must read the same value
pynative.trace @run_0(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  pynative.scalar_read %s, "item", 0.5 {activation = 1, only_tensor_args} : tensor<f32> loc("m.py":4:9)
  %y = pynative.op "aten.leaky_relu.default"(%x) {args = {negative_slope = 0.5 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":5:9)
  pynative.output %y : tensor<4xf32>
}
pynative.trace @run_1(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> attributes {run = 1 : i64} {
  pynative.scalar_read %s, "item", 0.25 {activation = 2, only_tensor_args} : tensor<f32> loc("m.py":4:9)
  %y = pynative.op "aten.leaky_relu.default"(%x) {args = {negative_slope = 0.25 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":5:9)
  pynative.output %y : tensor<4xf32>
}

// -----

// A number no later op took (Python may have used it in C code the recorder
// cannot see) stays specialized.
// CHECK: m.py:4:9: error: runs cannot be merged: Python read 0.25 from a tensor here in run 1 but 0.5 in run 0 and no op took it as an argument, so the program is specialized on it and every run must read the same value
pynative.trace @run_0(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  pynative.scalar_read %s, "item", 0.5 {activation = 1, only_tensor_args} : tensor<f32> loc("m.py":4:9)
  pynative.output %x : tensor<4xf32>
}
pynative.trace @run_1(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> attributes {run = 1 : i64} {
  pynative.scalar_read %s, "item", 0.25 {activation = 2, only_tensor_args} : tensor<f32> loc("m.py":4:9)
  pynative.output %x : tensor<4xf32>
}

// -----

// An unsupported op that runs several times at one place (a loop, several
// runs) is reported once.
// CHECK: u.py:2:3: error: unsupported eager op 'aten.erfinv.default': no MindSpore primitive mapping
// CHECK-NOT: u.py:2:3: error
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.erfinv.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("u.py":2:3)
  %b = pynative.op "aten.erfinv.default"(%a) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("u.py":2:3)
  pynative.output %b : tensor<4xf32>
}
