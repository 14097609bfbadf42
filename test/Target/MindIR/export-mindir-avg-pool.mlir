// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// AvgPool with padding, ceil_mode, count_include_pad = false and a
// divisor_override is what nn.AvgPool2d writes: AvgPool3D (a PRIMITIVE with
// pad_mode "PAD", pads [front, back, top, bottom, left, right]) on
// ExpandDims(x, 2), then Squeeze(2); a plain one is the PRIMITIVE_FUNCTION
// AvgPool(x, kernel_size, strides, pad_mode VALID = 2, data_format NCHW = 0).
func.func @main(%x: tensor<1x2x7x9xf32>) -> (tensor<1x2x4x5xf32>, tensor<1x2x3x4xf32>) {
  %a = mindspore.avg_pool %x {ceil_mode = true, count_include_pad = false, divisor_override = 5 : i64, kernel_size = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x7x9xf32>) -> tensor<1x2x4x5xf32>
  %b = mindspore.avg_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32>
  return %a, %b : tensor<1x2x4x5xf32>, tensor<1x2x3x4xf32>
}

// CHECK:       op_type: "REF::ExpandDims:{{[0-9]+}}"
// CHECK:       input: "main_graph:expand_dims:[[E:[0-9]+]]"
// CHECK:       op_type: "REF::[[POOL3D:AvgPool3D:[0-9]+]]"
// CHECK:           dims: 1
// CHECK-NEXT:      dims: 2
// CHECK-NEXT:      dims: 1
// CHECK-NEXT:      dims: 4
// CHECK-NEXT:      dims: 5
// CHECK:       op_type: "REF::Squeeze:{{[0-9]+}}"
// CHECK:       input: "main_graph:input_0"
// CHECK-NEXT:  input: "[[K:main_graph:ValueNode_[0-9]+]]"
// CHECK-NEXT:  input: "[[K]]"
// CHECK-NEXT:  input: "[[VALID:main_graph:ValueNode_[0-9]+]]"
// CHECK-NEXT:  input: "[[NCHW:main_graph:ValueNode_[0-9]+]]"
// CHECK:       op_type: "REF::[[POOL:AvgPool:[0-9]+]]"
// CHECK:       name: "[[POOL3D]]"
// CHECK-NEXT:  op_type: "AvgPool3D"
// CHECK:           name: "kernel_size"
// CHECK:           name: "pad_mode"
// CHECK-NEXT:      s: "PAD"
// CHECK:           name: "pad"
// CHECK-COUNT-2:     ints: 0
// CHECK-COUNT-4:     ints: 1
// CHECK:           name: "ceil_mode"
// CHECK-NEXT:      i: 1
// CHECK-NEXT:      type: BOOL
// CHECK:           name: "count_include_pad"
// CHECK-NEXT:      i: 0
// CHECK-NEXT:      type: BOOL
// CHECK:           name: "divisor_override"
// CHECK-NEXT:      i: 5
// CHECK-NEXT:      type: INT64
// CHECK:           name: "format"
// CHECK-NEXT:      s: "NCDHW"
// CHECK:         prim_type: PRIMITIVE{{$}}
// CHECK:       name: "[[POOL]]"
// CHECK-NEXT:  op_type: "AvgPool"
// CHECK-NEXT:  prim_type: PRIMITIVE_FUNCTION
