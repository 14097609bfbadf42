// BatchMatMul exports as MindSpore's BatchMatMul (transpose_a/transpose_b)
// and reads back to the same module and the same bytes.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK: mindspore.batch_matmul %{{.*}}, %{{.*}} {transpose_b = true} : (tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x5x5xf32>
// PROTO: name: "BatchMatMul:{{[0-9]+}}"
// PROTO-NEXT: op_type: "BatchMatMul"
// PROTO: name: "transpose_b"
// PROTO-NEXT: i: 1
module @attention {
  func.func @main(%q: tensor<2x5x4xf32>, %k: tensor<2x5x4xf32>) -> tensor<2x5x5xf32> {
    %s = mindspore.batch_matmul %q, %k {transpose_b = true} : (tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x5x5xf32>
    return %s : tensor<2x5x5xf32>
  }
}
