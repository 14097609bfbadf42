// MaskedFill, Fill, Zeros, Ones and Dropout export as MindSpore's primitives
// (Dropout with its keep_prob and two outputs, read with TupleGetItem) and
// read back to the same module and the same bytes.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK: mindspore.masked_fill %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<3xi1>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: mindspore.fill %{{.*}} : (tensor<f32>) -> tensor<2x2xf32>
// CHECK: mindspore.zeros : tensor<4xi32>
// CHECK: mindspore.ones : tensor<2xf32>
// CHECK: mindspore.dropout %{{.*}} {keep_prob = 8.000000e-01 : f32} : tensor<2x3xf32>
// Fill is BroadcastTo of its 0-d value; Zeros/Ones take (shape, TypeId);
// Dropout(x, keep_prob, Seed0, Seed1) gives (output, mask).
// PROTO:      op_type: "REF::MaskedFill:{{[0-9]+}}"
// PROTO:      op_type: "REF::BroadcastTo:{{[0-9]+}}"
// PROTO:      i: 34
// PROTO-NEXT: type: INT64
// PROTO:      op_type: "REF::Zeros:{{[0-9]+}}"
// PROTO:      i: 43
// PROTO-NEXT: type: INT64
// PROTO:      op_type: "REF::Ones:{{[0-9]+}}"
// PROTO:      f: 0.8
// PROTO-NEXT: type: FLOAT
// PROTO:      op_type: "REF::Dropout:{{[0-9]+}}"
// PROTO:      op_type: "REF::TupleGetItem:{{[0-9]+}}"
func.func @main(%x: tensor<2x3xf32>, %m: tensor<3xi1>, %v: tensor<f32>)
    -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<4xi32>, tensor<2xf32>, tensor<2x3xf32>) {
  %a = mindspore.masked_fill %x, %m, %v : (tensor<2x3xf32>, tensor<3xi1>, tensor<f32>) -> tensor<2x3xf32>
  %b = mindspore.fill %v : (tensor<f32>) -> tensor<2x2xf32>
  %z = mindspore.zeros : tensor<4xi32>
  %o = mindspore.ones : tensor<2xf32>
  %d = mindspore.dropout %x {keep_prob = 0.8 : f32} : tensor<2x3xf32>
  return %a, %b, %z, %o, %d : tensor<2x3xf32>, tensor<2x2xf32>, tensor<4xi32>, tensor<2xf32>, tensor<2x3xf32>
}
