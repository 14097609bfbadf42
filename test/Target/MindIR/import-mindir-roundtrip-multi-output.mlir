// ArgMaxWithValue and Split are one node each whose `shape` is the tuple of
// their outputs, read with TupleGetItem; TensorScatterUpdate/Add take
// (input_x, indices, updates); a grouped Conv2DTranspose carries group and
// groups. All read back to the same module and the same bytes.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK: %[[AI:[a-z_0-9]+]], %[[AV:[a-z_0-9]+]] = mindspore.argmax_with_value %{{.*}} {axis = 1 : i64} : (tensor<2x5xf32>) -> (tensor<2xi64>, tensor<2xf32>)
// CHECK: %[[BI:[a-z_0-9]+]], %[[BV:[a-z_0-9]+]] = mindspore.argmax_with_value %{{.*}} {index_type = i32, keep_dims = true} : (tensor<2x5xf32>) -> (tensor<1x5xi32>, tensor<1x5xf32>)
// CHECK: %[[S:.*]]:3 = mindspore.split %{{.*}} {axis = 1 : i64, output_num = 3 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
// CHECK: mindspore.tensor_scatter_update %{{.*}}, %{{.*}}, %{{.*}} : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
// CHECK: mindspore.tensor_scatter_add %{{.*}}, %{{.*}}, %{{.*}} : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
// CHECK: mindspore.conv2d_transpose %{{.*}}, %{{.*}} {dilation = array<i64: 1, 1>, group = 2 : i64, output_padding = array<i64: 0, 0>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32>
// CHECK: return %[[AV]], %[[AI]], %[[BI]], %[[S]]#0, %[[S]]#2,
// ArgMaxWithValue(input, axis, keep_dims) and Split(input_x, axis,
// output_num) are single nodes whose tuple outputs TupleGetItem reads.
// PROTO:      op_type: "REF::ArgMaxWithValue:{{[0-9]+}}"
// PROTO:      op_type: "REF::TupleGetItem:{{[0-9]+}}"
// PROTO:      op_type: "REF::TupleGetItem:{{[0-9]+}}"
// PROTO:      i: 3
// PROTO-NEXT: type: INT64
// PROTO:      op_type: "REF::Split:{{[0-9]+}}"
// PROTO:      op_type: "REF::TensorScatterUpdate:{{[0-9]+}}"
// PROTO:      op_type: "REF::TensorScatterAdd:{{[0-9]+}}"
// PROTO-LABEL: primitives {
// PROTO:      op_type: "ArgMaxWithValue"
// PROTO-NEXT: prim_type: PRIMITIVE_FUNCTION
// PROTO:      op_type: "Split"
// PROTO-NEXT: prim_type: PRIMITIVE_FUNCTION
// PROTO:      op_type: "TensorScatterUpdate"
// PROTO:      op_type: "TensorScatterAdd"
// PROTO:      op_type: "Conv2DTranspose"
// PROTO:      name: "out_channel"
// PROTO-NEXT: i: 4
// PROTO:      name: "group"
// PROTO-NEXT: i: 2

module @encode {
  func.func @main(%x: tensor<2x5xf32>, %s: tensor<2x6xf32>, %t: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>, %y: tensor<1x4x3x3xf32>, %w: tensor<4x3x2x2xf32>) -> (tensor<2xf32>, tensor<2xi64>, tensor<1x5xi32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<1x6x4x4xf32>) {
    %a:2 = mindspore.argmax_with_value %x {axis = 1 : i64} : (tensor<2x5xf32>) -> (tensor<2xi64>, tensor<2xf32>)
    %b:2 = mindspore.argmax_with_value %x {keep_dims = true, index_type = i32} : (tensor<2x5xf32>) -> (tensor<1x5xi32>, tensor<1x5xf32>)
    %p:3 = mindspore.split %s {axis = 1 : i64, output_num = 3 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
    %c = mindspore.tensor_scatter_update %t, %i, %u : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
    %d = mindspore.tensor_scatter_add %t, %i, %u : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
    %e = mindspore.conv2d_transpose %y, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, output_padding = array<i64: 0, 0>, group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32>
    return %a#1, %a#0, %b#0, %p#0, %p#2, %c, %d, %e : tensor<2xf32>, tensor<2xi64>, tensor<1x5xi32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<1x6x4x4xf32>
  }
}
