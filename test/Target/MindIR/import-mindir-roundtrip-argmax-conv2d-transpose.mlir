// Argmax exports as MindSpore's Argmax (attributes axis and output_type) and
// Conv2DTranspose as Conv2DTranspose(dout, weight, input_sizes) with pad_mode
// "pad", 4-D stride and dilation, the output padding carried by input_sizes;
// both read back to the same module and the same bytes.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK: mindspore.argmax %{{.*}} {axis = 1 : i64, output_type = i64} : (tensor<2x5xf32>) -> tensor<2xi64>
// CHECK: mindspore.argmax %{{.*}} {output_type = i32} : (tensor<2x5xf32>) -> tensor<2xi32>
// CHECK: mindspore.conv2d_transpose %{{.*}}, %{{.*}} {dilation = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32>
// CHECK: mindspore.conv2d_transpose %{{.*}}, %{{.*}} {dilation = array<i64: 1, 2>, output_padding = array<i64: 1, 0>, pad = array<i64: 2, 2, 0, 0>, stride = array<i64: 3, 2>} : (tensor<2x1x3x4xf32>, tensor<1x2x2x3xf32>) -> tensor<2x2x5x11xf32>
// Argmax is a PRIMITIVE_FUNCTION: axis and output_type (a TypeId: int64 35,
// int32 34) are Constant inputs. Conv2DTranspose stays a PRIMITIVE with
// attributes; out_channel is the forward convolution's (the weight's dim 0).
// PROTO:      i: 1
// PROTO-NEXT: type: INT64
// PROTO:      i: 35
// PROTO-NEXT: type: INT64
// PROTO:      op_type: "REF::[[ARGMAX:Argmax:[0-9]+]]"
// PROTO:      i: -1
// PROTO-NEXT: type: INT64
// PROTO:      i: 34
// PROTO-NEXT: type: INT64
// PROTO:      op_type: "REF::[[ARGMAX]]"
// PROTO:      name: "[[ARGMAX]]"
// PROTO-NEXT: op_type: "Argmax"
// PROTO-NEXT: prim_type: PRIMITIVE_FUNCTION
// PROTO:      op_type: "Conv2DTranspose"
// PROTO:      name: "out_channel"
// PROTO-NEXT: i: 2
// PROTO:      name: "pad_mode"
// PROTO-NEXT: s: "PAD"
// PROTO:      prim_type: PRIMITIVE
// PROTO:      op_type: "Conv2DTranspose"
// PROTO:      name: "out_channel"
// PROTO-NEXT: i: 1
module @encode {
  func.func @main(%x: tensor<2x5xf32>, %y: tensor<1x2x4x4xf32>, %w: tensor<2x3x3x3xf32>, %y2: tensor<2x1x3x4xf32>, %w2: tensor<1x2x2x3xf32>) -> (tensor<2xi64>, tensor<2xi32>, tensor<1x3x8x8xf32>, tensor<2x2x5x11xf32>) {
    %a = mindspore.argmax %x {axis = 1 : i64, output_type = i64} : (tensor<2x5xf32>) -> tensor<2xi64>
    %b = mindspore.argmax %x {output_type = i32} : (tensor<2x5xf32>) -> tensor<2xi32>
    %c = mindspore.conv2d_transpose %y, %w {stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32>
    %d = mindspore.conv2d_transpose %y2, %w2 {stride = array<i64: 3, 2>, dilation = array<i64: 1, 2>, pad = array<i64: 2, 2, 0, 0>, output_padding = array<i64: 1, 0>} : (tensor<2x1x3x4xf32>, tensor<1x2x2x3xf32>) -> tensor<2x2x5x11xf32>
    return %a, %b, %c, %d : tensor<2xi64>, tensor<2xi32>, tensor<1x3x8x8xf32>, tensor<2x2x5x11xf32>
  }
}
