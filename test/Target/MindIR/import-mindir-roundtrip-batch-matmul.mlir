// BatchMatMul exports as MindSpore 2.10's BatchMatMul, a PRIMITIVE_FUNCTION
// whose transpose_a/transpose_b are Constant inputs 2 and 3, and reads back
// to the same module and the same bytes.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK: mindspore.batch_matmul %{{.*}}, %{{.*}} {transpose_b = true} : (tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x5x5xf32>
// PROTO:      ir_version: "1.1"
// PROTO:      model_version: "2.10.0"
// PROTO:      output: "[[FALSE:attention:ValueNode_[0-9]+]]"
// PROTO:      i: 0
// PROTO-NEXT: type: BOOL
// PROTO:      output: "[[TRUE:attention:ValueNode_[0-9]+]]"
// PROTO:      i: 1
// PROTO-NEXT: type: BOOL
// PROTO:      input: "attention:input_0"
// PROTO-NEXT: input: "attention:input_1"
// PROTO-NEXT: input: "[[FALSE]]"
// PROTO-NEXT: input: "[[TRUE]]"
// PROTO:      op_type: "REF::[[PRIM:BatchMatMul:[0-9]+]]"
// PROTO:      primitives {
// PROTO-NEXT:   name: "[[PRIM]]"
// PROTO-NEXT:   op_type: "BatchMatMul"
// PROTO-NEXT:   prim_type: PRIMITIVE_FUNCTION
// PROTO-NEXT: }
// PROTO:      mind_ir_version: 3
module @attention {
  func.func @main(%q: tensor<2x5x4xf32>, %k: tensor<2x5x4xf32>) -> tensor<2x5x5xf32> {
    %s = mindspore.batch_matmul %q, %k {transpose_b = true} : (tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x5x5xf32>
    return %s : tensor<2x5x5xf32>
  }
}
