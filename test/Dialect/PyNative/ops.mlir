// RUN: ascend-opt %s | FileCheck %s
// RUN: ascend-opt %s | ascend-opt | FileCheck %s
// RUN: ascend-opt %s --mlir-print-op-generic | ascend-opt | FileCheck %s

// CHECK: pynative.parameter @fc.weight : tensor<4x8xf32> = dense<5.000000e-01> : tensor<4x8xf32>
pynative.parameter @"fc.weight" : tensor<4x8xf32> = dense<0.5> : tensor<4x8xf32>
// CHECK: pynative.parameter @bn.running_mean {is_buffer} : tensor<4xf32>
pynative.parameter @"bn.running_mean" {is_buffer} : tensor<4xf32> = dense<0.0> : tensor<4xf32>

// CHECK-LABEL: pynative.trace @run_0(%{{.*}}: tensor<2x8xf32>) -> tensor<2x4xf32>
// CHECK-SAME: attributes {run = 0 : i64}
pynative.trace @run_0(%x: tensor<2x8xf32>) -> tensor<2x4xf32> attributes {run = 0 : i64} {
  // CHECK: %[[W:.*]] = pynative.get_parameter @fc.weight : tensor<4x8xf32>
  %w = pynative.get_parameter @"fc.weight" : tensor<4x8xf32>
  // CHECK: %[[T:.*]] = pynative.op "aten.t.default"(%[[W]]) {args = {}, operand_names = ["self"], result_aliases = array<i64: 0>}
  %t = pynative.op "aten.t.default"(%w) {args = {}, operand_names = ["self"], result_aliases = array<i64: 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // CHECK: pynative.op "aten.mm.default"(%{{.*}}, %[[T]])
  %m = pynative.op "aten.mm.default"(%x, %t) {args = {}, operand_names = ["self", "mat2"]} : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  // CHECK: pynative.op "aten.relu_.default"(%{{.*}}) {args = {}, mutated_operands = array<i64: 0>, operand_names = ["self"], result_aliases = array<i64: 0>}
  %r = pynative.op "aten.relu_.default"(%m) {args = {}, operand_names = ["self"], mutated_operands = array<i64: 0>, result_aliases = array<i64: 0>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: %[[C:.*]] = pynative.constant dense<true> : tensor<i1>
  %c = pynative.constant dense<true> : tensor<i1>
  // CHECK: pynative.branch %[[C]], true, if {activation = 7 : i64} : tensor<i1>
  pynative.branch %c, true, if {activation = 7} : tensor<i1>
  // CHECK: pynative.branch %[[C]], false, loop_backedge {activation = 7 : i64} : tensor<i1>
  pynative.branch %c, false, loop_backedge {activation = 7} : tensor<i1>
  // CHECK: pynative.scalar_read %{{.*}}, "item", 1.500000e+00 {activation = 7 : i64} : tensor<2x4xf32>
  pynative.scalar_read %r, "item", 1.5 {activation = 7} : tensor<2x4xf32>
  // CHECK: pynative.loop_iter 3 {activation = 7 : i64}
  pynative.loop_iter 3 {activation = 7}
  // CHECK: pynative.output %{{.*}} : tensor<2x4xf32>
  pynative.output %r : tensor<2x4xf32>
}
