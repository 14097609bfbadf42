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
  // CHECK: pynative.scalar_read %{{.*}}, "tolist", 1.000000e+00 {activation = 7 : i64, values = array<f64: 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00>} : tensor<2x4xf32>
  pynative.scalar_read %r, "tolist", 1.0 {activation = 7, values = array<f64: 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0>} : tensor<2x4xf32>
  // CHECK: pynative.scalar_read %{{.*}}, "item", 2.500000e+00 {activation = 7 : i64, only_tensor_args} : tensor<2x4xf32>
  pynative.scalar_read %r, "item", 2.5 {activation = 7, only_tensor_args} : tensor<2x4xf32>
  // CHECK: pynative.call "torch.Tensor.size"(%{{.*}}) {activation = 7 : i64, args = {"1" = 0 : i64}, id = 3 : i64, operand_names = ["0"], parent = 0 : i64, returned = {"0" = 2 : i64}} : tensor<2x4xf32>
  pynative.call "torch.Tensor.size"(%r) {activation = 7, args = {"1" = 0}, id = 3, operand_names = ["0"], parent = 0, returned = {"0" = 2}} : tensor<2x4xf32>
  // CHECK: pynative.call "torch.zeros"() {activation = 7 : i64, args = {"0" = array<i64: 3>}, id = 4 : i64, operand_names = [], parent = 3 : i64, returned = {}}
  pynative.call "torch.zeros"() {activation = 7, args = {"0" = array<i64: 3>}, id = 4, operand_names = [], parent = 3, returned = {}}
  // CHECK: pynative.output %{{.*}} : tensor<2x4xf32>
  pynative.output %r : tensor<2x4xf32>
}
