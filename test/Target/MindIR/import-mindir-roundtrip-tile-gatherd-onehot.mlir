// Tile, GatherD and OneHot export as MindSpore's primitives (Tile(x,
// multiples), GatherD(x, dim, index), OneHot(indices, depth, on_value,
// off_value) with attribute axis) and read back to the same module and the
// same bytes.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK: mindspore.tile %{{.*}}, [2, 1, 3] : (tensor<2x3xf32>) -> tensor<2x2x9xf32>
// CHECK: mindspore.gather_d %{{.*}}, %{{.*}} {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
// CHECK: mindspore.one_hot %{{.*}}, %{{.*}}, %{{.*}} {depth = 5 : i64} : (tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2x5xi64>
// CHECK: mindspore.one_hot %{{.*}}, %{{.*}}, %{{.*}} {axis = 0 : i64, depth = 3 : i64} : (tensor<2x2xi64>, tensor<f32>, tensor<f32>) -> tensor<3x2x2xf32>
// GatherD(x, dim, index): dim is the Constant input between the tensors;
// OneHot(indices, depth, on_value, off_value, axis).
// PROTO:      op_type: "REF::Tile:{{[0-9]+}}"
// PROTO:      input: "{{.*}}input_0"
// PROTO-NEXT: input: "[[DIM:.*ValueNode_[0-9]+]]"
// PROTO-NEXT: input: "{{.*}}input_1"
// PROTO:      op_type: "REF::GatherD:{{[0-9]+}}"
// PROTO:      op_type: "REF::OneHot:{{[0-9]+}}"
// PROTO:      op_type: "REF::OneHot:{{[0-9]+}}"
// PROTO:      op_type: "Tile"
// PROTO-NEXT: prim_type: PRIMITIVE_FUNCTION
// PROTO:      op_type: "GatherD"
// PROTO-NEXT: prim_type: PRIMITIVE_FUNCTION
// PROTO:      op_type: "OneHot"
// PROTO-NEXT: prim_type: PRIMITIVE_FUNCTION
module @encode {
  func.func @main(%x: tensor<2x3xf32>, %i: tensor<2x2xi64>) -> (tensor<2x2x9xf32>, tensor<2x2xf32>, tensor<2x2x5xi64>, tensor<3x2x2xf32>) {
    %t = mindspore.tile %x, [2, 1, 3] : (tensor<2x3xf32>) -> tensor<2x2x9xf32>
    %g = mindspore.gather_d %x, %i {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
    %on = mindspore.constant dense<1> : tensor<i64>
    %off = mindspore.constant dense<0> : tensor<i64>
    %o = mindspore.one_hot %i, %on, %off {depth = 5 : i64} : (tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2x5xi64>
    %onf = mindspore.constant dense<2.5> : tensor<f32>
    %offf = mindspore.constant dense<-1.0> : tensor<f32>
    %o0 = mindspore.one_hot %i, %onf, %offf {depth = 3 : i64, axis = 0 : i64} : (tensor<2x2xi64>, tensor<f32>, tensor<f32>) -> tensor<3x2x2xf32>
    return %t, %g, %o, %o0 : tensor<2x2x9xf32>, tensor<2x2xf32>, tensor<2x2x5xi64>, tensor<3x2x2xf32>
  }
}
