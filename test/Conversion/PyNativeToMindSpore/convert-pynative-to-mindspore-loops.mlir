// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore | FileCheck %s
// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore="recover-loops=false" | FileCheck %s --check-prefix=UNROLL

// `while x.sum() > 0: x = x - 1` recorded with 1 and 2 trips (the test before
// the first trip is outside the loop; each trip ends with the next test).

// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[ONE:.*]] = mindspore.constant dense<1.000000e+00>
// CHECK: %[[S0:.*]] = mindspore.reduce_sum %arg0
// CHECK: mindspore.assert
// CHECK: %[[R:.*]] = mindspore.while(%arg0) : (tensor<4xf32>) -> tensor<4xf32> {
// CHECK: ^bb0(%[[X:.*]]: tensor<4xf32>):
// CHECK:   %[[X1:.*]] = mindspore.sub %[[X]], %[[ONE]]
// CHECK:   %[[S:.*]] = mindspore.reduce_sum %[[X1]]
// CHECK:   %[[MORE:.*]] = mindspore.greater %[[S]]
// CHECK:   mindspore.condition %[[MORE]], %[[X1]] : tensor<i1>, tensor<4xf32>
// CHECK: } do {
// CHECK: ^bb0(%[[Y:.*]]: tensor<4xf32>):
// CHECK:   mindspore.yield %[[Y]] : tensor<4xf32>
// CHECK: }
// CHECK: return %[[R]] : tensor<4xf32>

// Unrolled, the second trip sits behind a cond and a third one behind a guard.
// UNROLL-LABEL: func.func @main
// UNROLL-NOT: mindspore.while
// UNROLL: mindspore.cond
// UNROLL: mindspore.assert
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %one = pynative.constant dense<1.0> : tensor<f32> loc("w.py":5:12)
  %zero = pynative.constant dense<0.0> : tensor<f32> loc("w.py":4:20)
  %s0 = pynative.op "aten.sum.default"(%x) {args = {dtype}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("w.py":4:10)
  %p0 = pynative.op "aten.gt.Tensor"(%s0, %zero) {args = {}, operand_names = ["self", "other"]} : (tensor<f32>, tensor<f32>) -> tensor<i1> loc("w.py":4:10)
  pynative.branch %p0, true, if {activation = 1} : tensor<i1> loc("w.py":4:10)
  pynative.loop_iter 0 {activation = 1} loc("w.py":4:4)
  %x1 = pynative.op "aten.sub.Tensor"(%x, %one) {args = {alpha = 1 : i64}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32> loc("w.py":5:12)
  %s1 = pynative.op "aten.sum.default"(%x1) {args = {dtype}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("w.py":4:10)
  %p1 = pynative.op "aten.gt.Tensor"(%s1, %zero) {args = {}, operand_names = ["self", "other"]} : (tensor<f32>, tensor<f32>) -> tensor<i1> loc("w.py":4:10)
  pynative.branch %p1, false, loop_backedge {activation = 1} : tensor<i1> loc("w.py":4:10)
  pynative.output %x1 : tensor<4xf32>
}
pynative.trace @run_1(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 1 : i64} {
  %one = pynative.constant dense<1.0> : tensor<f32> loc("w.py":5:12)
  %zero = pynative.constant dense<0.0> : tensor<f32> loc("w.py":4:20)
  %s0 = pynative.op "aten.sum.default"(%x) {args = {dtype}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("w.py":4:10)
  %p0 = pynative.op "aten.gt.Tensor"(%s0, %zero) {args = {}, operand_names = ["self", "other"]} : (tensor<f32>, tensor<f32>) -> tensor<i1> loc("w.py":4:10)
  pynative.branch %p0, true, if {activation = 2} : tensor<i1> loc("w.py":4:10)
  pynative.loop_iter 0 {activation = 2} loc("w.py":4:4)
  %x1 = pynative.op "aten.sub.Tensor"(%x, %one) {args = {alpha = 1 : i64}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32> loc("w.py":5:12)
  %s1 = pynative.op "aten.sum.default"(%x1) {args = {dtype}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("w.py":4:10)
  %p1 = pynative.op "aten.gt.Tensor"(%s1, %zero) {args = {}, operand_names = ["self", "other"]} : (tensor<f32>, tensor<f32>) -> tensor<i1> loc("w.py":4:10)
  pynative.branch %p1, true, loop_backedge {activation = 2} : tensor<i1> loc("w.py":4:10)
  pynative.loop_iter 1 {activation = 2} loc("w.py":4:4)
  %x2 = pynative.op "aten.sub.Tensor"(%x1, %one) {args = {alpha = 1 : i64}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32> loc("w.py":5:12)
  %s2 = pynative.op "aten.sum.default"(%x2) {args = {dtype}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<f32> loc("w.py":4:10)
  %p2 = pynative.op "aten.gt.Tensor"(%s2, %zero) {args = {}, operand_names = ["self", "other"]} : (tensor<f32>, tensor<f32>) -> tensor<i1> loc("w.py":4:10)
  pynative.branch %p2, false, loop_backedge {activation = 2} : tensor<i1> loc("w.py":4:10)
  pynative.output %x2 : tensor<4xf32>
}

// -----

// `for layer in layers:` with the same trip count in every run and no tensor
// test: a counted loop, kept unrolled (each trip reads its own weight).

// CHECK-LABEL: func.func @main
// CHECK-NOT: mindspore.while
// CHECK: mindspore.load @l0.w
// CHECK: mindspore.load @l1.w
pynative.parameter @"l0.w" : tensor<4xf32> = dense<1.0> : tensor<4xf32>
pynative.parameter @"l1.w" : tensor<4xf32> = dense<2.0> : tensor<4xf32>
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  pynative.loop_iter 0 {activation = 1} loc("f.py":3:4)
  %w0 = pynative.get_parameter @"l0.w" : tensor<4xf32> loc("f.py":4:12)
  %y0 = pynative.op "aten.mul.Tensor"(%x, %w0) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("f.py":4:12)
  pynative.loop_iter 1 {activation = 1} loc("f.py":3:4)
  %w1 = pynative.get_parameter @"l1.w" : tensor<4xf32> loc("f.py":4:12)
  %y1 = pynative.op "aten.mul.Tensor"(%y0, %w1) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("f.py":4:12)
  pynative.output %y1 : tensor<4xf32>
}

// -----

// `for _ in range(3): x = x * w` with one weight: a counted loop on a trip
// counter (unrolled with unroll-counted-loops=3 or more).

// CHECK-LABEL: func.func @main
// CHECK: %[[W:.*]] = mindspore.load @w
// CHECK: %[[ZERO:.*]] = mindspore.constant dense<0> : tensor<i64>
// CHECK: %[[L:.*]]:2 = mindspore.while(%arg0, %[[ZERO]]) : (tensor<4xf32>, tensor<i64>) -> (tensor<4xf32>, tensor<i64>) {
// CHECK: ^bb0(%[[X:.*]]: tensor<4xf32>, %[[N:.*]]: tensor<i64>):
// CHECK:   %[[Y:.*]] = mindspore.mul %[[X]], %[[W]]
// CHECK:   %[[N1:.*]] = mindspore.add %[[N]], %{{.*}} : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK:   %[[THREE:.*]] = mindspore.constant dense<3> : tensor<i64>
// CHECK:   %[[MORE:.*]] = mindspore.less %[[N1]], %[[THREE]]
// CHECK:   mindspore.condition %[[MORE]], %[[Y]], %[[N1]]
// CHECK: return %[[L]]#0
// UNROLL-LABEL: func.func @main
// UNROLL-NOT: mindspore.while
// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore="unroll-counted-loops=3" | FileCheck %s --check-prefix=SHORT
// SHORT: mindspore.parameter @w :
// SHORT-NOT: mindspore.while
// SHORT-COUNT-3: mindspore.mul
// SHORT-NOT: mindspore.while
pynative.parameter @w : tensor<4xf32> = dense<2.0> : tensor<4xf32>
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  pynative.loop_iter 0 {activation = 1} loc("r.py":3:4)
  %w = pynative.get_parameter @w : tensor<4xf32> loc("r.py":4:12)
  %y0 = pynative.op "aten.mul.Tensor"(%x, %w) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("r.py":4:12)
  pynative.loop_iter 1 {activation = 1} loc("r.py":3:4)
  %y1 = pynative.op "aten.mul.Tensor"(%y0, %w) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("r.py":4:12)
  pynative.loop_iter 2 {activation = 1} loc("r.py":3:4)
  %y2 = pynative.op "aten.mul.Tensor"(%y1, %w) {args = {}, operand_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("r.py":4:12)
  pynative.output %y2 : tensor<4xf32>
}
