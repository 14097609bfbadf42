// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// AvgPool with padding, ceil_mode, count_include_pad = false and a
// divisor_override: pad_mode "PAD" and the nn.AvgPool2d / AvgPool3D
// arguments; a plain one keeps pad_mode "VALID" only.
func.func @main(%x: tensor<1x2x7x9xf32>) -> (tensor<1x2x4x5xf32>, tensor<1x2x3x4xf32>) {
  %a = mindspore.avg_pool %x {ceil_mode = true, count_include_pad = false, divisor_override = 5 : i64, kernel_size = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x7x9xf32>) -> tensor<1x2x4x5xf32>
  %b = mindspore.avg_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32>
  return %a, %b : tensor<1x2x4x5xf32>, tensor<1x2x3x4xf32>
}

// CHECK:       op_type: "AvgPool"
// CHECK:           name: "pad_mode"
// CHECK-NEXT:      s: "PAD"
// CHECK:           name: "pad"
// CHECK-NEXT:      type: TUPLE
// CHECK-NEXT:      values {
// CHECK-NEXT:        ints: 1
// CHECK:           name: "ceil_mode"
// CHECK-NEXT:      i: 1
// CHECK-NEXT:      type: BOOL
// CHECK:           name: "count_include_pad"
// CHECK-NEXT:      i: 0
// CHECK-NEXT:      type: BOOL
// CHECK:           name: "divisor_override"
// CHECK-NEXT:      i: 5
// CHECK-NEXT:      type: INT64
// CHECK:       op_type: "AvgPool"
// CHECK:           name: "pad_mode"
// CHECK-NEXT:      s: "VALID"
// CHECK-NOT:       name: "divisor_override"
// CHECK:       primitives
