// A mindspore.fusion exports as its plain primitives, as mindspore.export
// writes a network (MindSpore fuses kernels itself after loading): no
// GraphKernel_ primitive, no graph per group. The file reads back as the
// unfused program and exports again to the same bytes.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK-LABEL: func.func @main
// CHECK-NOT:   mindspore.fusion
// CHECK:       %[[M:.*]] = mindspore.matmul %arg0, %arg1 {transpose_b = true}
// CHECK-NEXT:  %[[Y:.*]] = mindspore.bias_add %[[M]], %arg2
// CHECK-NEXT:  %[[R:.*]] = mindspore.relu %[[Y]]
// CHECK-NEXT:  %[[ONE:.*]] = mindspore.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:  %[[D:.*]] = mindspore.sub %[[R]], %[[ONE]]
// CHECK-NEXT:  %[[E:.*]] = mindspore.exp %[[D]]
// CHECK-NEXT:  %[[S:.*]] = mindspore.reduce_sum %[[E]], [1] {keep_dims = true}
// CHECK-NEXT:  %[[Q:.*]] = mindspore.real_div %[[E]], %[[S]]
// CHECK-NEXT:  return %[[Q]], %[[S]]

// PROTO-NOT:  GraphKernel
// PROTO-NOT:  functions {
// PROTO:      op_type: "REF::MatMul:{{[0-9]+}}"
// PROTO:      op_type: "REF::BiasAdd:{{[0-9]+}}"
// PROTO:      op_type: "REF::ReLU:{{[0-9]+}}"
// PROTO:      op_type: "REF::Sub:{{[0-9]+}}"
// PROTO:      op_type: "REF::Exp:{{[0-9]+}}"
// PROTO:      op_type: "REF::ReduceSum:{{[0-9]+}}"
// PROTO:      op_type: "REF::RealDiv:{{[0-9]+}}"
// PROTO-NOT:  GraphKernel
// PROTO-NOT:  functions {
module @fusion_roundtrip {
  func.func @main(%x: tensor<8x32xf32>, %w: tensor<16x32xf32>, %b: tensor<16xf32>) -> (tensor<8x16xf32>, tensor<8x1xf32>) {
    %r = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_ReLU_0"(%x, %w, %b) : (tensor<8x32xf32>, tensor<16x32xf32>, tensor<16xf32>) -> tensor<8x16xf32> {
    ^bb0(%a: tensor<8x32xf32>, %c: tensor<16x32xf32>, %d: tensor<16xf32>):
      %m = mindspore.matmul %a, %c {transpose_b = true} : (tensor<8x32xf32>, tensor<16x32xf32>) -> tensor<8x16xf32>
      %y = mindspore.bias_add %m, %d : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
      %z = mindspore.relu %y : tensor<8x16xf32>
      mindspore.yield %z : tensor<8x16xf32>
    }
    %e, %s = mindspore.fusion "reduction" "Fused_Sub_Exp_ReduceSum_1"(%r) : (tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x1xf32>) {
    ^bb0(%a: tensor<8x16xf32>):
      %one = mindspore.constant dense<1.0> : tensor<f32>
      %d = mindspore.sub %a, %one : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
      %ex = mindspore.exp %d : tensor<8x16xf32>
      %sum = mindspore.reduce_sum %ex, [1] {keep_dims = true} : (tensor<8x16xf32>) -> tensor<8x1xf32>
      mindspore.yield %ex, %sum : tensor<8x16xf32>, tensor<8x1xf32>
    }
    %q = mindspore.real_div %e, %s : (tensor<8x16xf32>, tensor<8x1xf32>) -> tensor<8x16xf32>
    return %q, %s : tensor<8x16xf32>, tensor<8x1xf32>
  }
}
