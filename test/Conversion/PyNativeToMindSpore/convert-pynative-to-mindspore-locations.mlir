// RUN: not ascend-opt %s --split-input-file --convert-pynative-to-mindspore 2>&1 | FileCheck %s
// Diagnostics at the recorded source locations (user files, not this one).

// CHECK: m.py:3:4: error: unsupported eager op 'aten.special_erfcx.default' in module 'block.act': no MindSpore primitive mapping
// CHECK: m.py:9:2: error: unsupported eager op 'aten.special_airy_ai.default' in module 'block': no MindSpore primitive mapping
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.special_erfcx.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("block.act"("m.py":3:4))
  %c = pynative.op "aten.special_airy_ai.default"(%a) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("block"("m.py":9:2))
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

// A loop that one run goes on with where the other left it, and no tensor
// test between: Python decided the trip count on a value the trace does not
// show.
// CHECK: m.py:3:5: error: runs cannot be merged: the loop at m.py:3:5 starts trip 2 in run 1 but not in run 0, and no tensor-valued test decided it: the trip count comes from a Python value the trace does not show (e.g. `range(len(items))`); make it a tensor test or record runs with the same count
// CHECK: m.py:5:5: note: run 0 ran pynative.output
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  pynative.loop_iter 0 {activation = 1} loc("m.py":3:5)
  %a = pynative.op "aten.mul.Tensor"(%x) {args = {other = 2.0 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":4:9)
  pynative.output %a : tensor<4xf32> loc("m.py":5:5)
}
pynative.trace @run_1(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 1 : i64} {
  pynative.loop_iter 0 {activation = 1} loc("m.py":3:5)
  %a = pynative.op "aten.mul.Tensor"(%x) {args = {other = 2.0 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":4:9)
  pynative.loop_iter 1 {activation = 1} loc("m.py":3:5)
  %b = pynative.op "aten.mul.Tensor"(%a) {args = {other = 2.0 : f64}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":4:9)
  pynative.output %b : tensor<4xf32> loc("m.py":5:5)
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
// CHECK: u.py:2:3: error: unsupported eager op 'aten.special_erfcx.default': no MindSpore primitive mapping
// CHECK-NOT: u.py:2:3: error
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.special_erfcx.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("u.py":2:3)
  %b = pynative.op "aten.special_erfcx.default"(%a) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("u.py":2:3)
  pynative.output %b : tensor<4xf32>
}
