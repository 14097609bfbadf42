// A mindspore.custom (an eager op kept by --keep-unsupported, or a user's
// kernel) exports as MindSpore's Custom primitive with func_type, func_name
// and the eager op's arguments as attributes, and reads back to the same
// module and the same bytes; a Custom with several results goes through
// TupleGetItem.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: ascend-opt %s -o %t.original.mlir
// RUN: ascend-opt %t.mlir -o %t.reimported.mlir
// RUN: diff %t.original.mlir %t.reimported.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK: mindspore.custom "aten.erfinv.default"(%{{.*}}) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: mindspore.custom "aten.topk.default"(%{{.*}}) func_type "pytorch_aten" attrs {dim = -1 : i64, dtype = i32, eps = 1.000000e-05 : f64, k = 2 : i64, largest = true, memory_format, mode = "x", scale = 5.000000e-01 : f32, sizes = array<i64: 1, -2>, weights = array<f64: 2.500000e-01, 1.000000e+00>} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi64>)
// PROTO: op_type: "REF::Custom:{{[0-9]+}}"
// PROTO: op_type: "REF::TupleGetItem:{{[0-9]+}}"
// PROTO: name: "Custom:{{[0-9]+}}"
// PROTO-NEXT: op_type: "Custom"
// PROTO-NEXT: attribute {
// PROTO-NEXT: name: "func_type"
// PROTO-NEXT: s: "pytorch_aten"
// PROTO: name: "func_name"
// PROTO-NEXT: s: "aten.erfinv.default"
// PROTO: name: "func_name"
// PROTO-NEXT: s: "aten.topk.default"
// PROTO: name: "eps"
// PROTO-NEXT: d: 1e-05
// PROTO-NEXT: type: DOUBLE
module @custom {
  func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<2xi64>) {
    %y = mindspore.custom "aten.erfinv.default"(%x) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
    %v:2 = mindspore.custom "aten.topk.default"(%y) func_type "pytorch_aten" attrs {k = 2 : i64, dim = -1 : i64, largest = true, eps = 1.0e-5 : f64, scale = 0.5 : f32, mode = "x", memory_format, dtype = i32, sizes = array<i64: 1, -2>, weights = array<f64: 0.25, 1.0>} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi64>)
    return %y, %v#1 : tensor<4xf32>, tensor<2xi64>
  }
}
