// A mindspore.fusion exports as MindSpore's graph-kernel form: a primitive
// GraphKernel_<kernel_name> whose func_graph (GRAPH) names a graph in
// `functions` marked graph_kernel, with the group's kind (fusion_kind) and
// the group as an MLIR kernel function (kernel_ir); a group of several
// results is a tuple read with TupleGetItem. It reads back to the same
// module and the same bytes.
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: ascend-opt %s -o %t.original.mlir
// RUN: ascend-opt %t.mlir -o %t.reimported.mlir
// RUN: diff %t.original.mlir %t.reimported.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.1.mindir | FileCheck %s --check-prefix=PROTO

// CHECK-LABEL: func.func @main
// CHECK: %[[MIX:.*]] = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_ReLU_0"(%arg0, %{{.*}}, %{{.*}}) : (tensor<8x32xf32>, tensor<16x32xf32>, tensor<16xf32>) -> tensor<8x16xf32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<8x32xf32>, %[[W:.*]]: tensor<16x32xf32>, %[[B:.*]]: tensor<16xf32>):
// CHECK-NEXT: %[[M:.*]] = mindspore.matmul %[[A]], %[[W]] {transpose_b = true}
// CHECK-NEXT: %[[Y:.*]] = mindspore.bias_add %[[M]], %[[B]]
// CHECK-NEXT: %[[R:.*]] = mindspore.relu %[[Y]]
// CHECK-NEXT: mindspore.yield %[[R]] : tensor<8x16xf32>
// CHECK: %[[RED:.*]]:2 = mindspore.fusion "reduction" "Fused_Sub_Exp_ReduceSum_1"(%[[MIX]]) : (tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x1xf32>) {
// CHECK: mindspore.constant dense<1.000000e+00> : tensor<f32>
// CHECK: mindspore.yield %{{.*}}, %{{.*}} : tensor<8x16xf32>, tensor<8x1xf32>
// CHECK: %[[D:.*]] = mindspore.real_div %[[RED]]#0, %[[RED]]#1
// CHECK: return %[[D]], %[[RED]]#1

// The main graph applies the primitives; the reduction group's tuple is read
// with TupleGetItem.
// PROTO-LABEL: graph {
// PROTO: name: "fusion_roundtrip:fusion:[[MIXN:[0-9]+]]"
// PROTO-NEXT: op_type: "REF::GraphKernel_Fused_MatMul_BiasAdd_ReLU_0:[[MIXP:[0-9]+]]"
// PROTO: domain: "Default/GraphKernel_Fused_MatMul_BiasAdd_ReLU_0-op{{[0-9]+}}"
// PROTO: op_type: "REF::GraphKernel_Fused_Sub_Exp_ReduceSum_1:{{[0-9]+}}"
// PROTO: name: "shape"
// PROTO-NEXT: type: TUPLE
// PROTO: op_type: "REF::TupleGetItem:{{[0-9]+}}"
// PROTO: op_type: "REF::TupleGetItem:{{[0-9]+}}"
// PROTO: op_type: "REF::RealDiv:{{[0-9]+}}"
// The groups' graphs, marked graph_kernel.
// PROTO-LABEL: functions {
// PROTO: op_type: "REF::MatMul:{{[0-9]+}}"
// PROTO: op_type: "REF::BiasAdd:{{[0-9]+}}"
// PROTO: op_type: "REF::ReLU:{{[0-9]+}}"
// PROTO: name: "[[MIXG:fusion_roundtrip_fusion[0-9]+_Fused_MatMul_BiasAdd_ReLU_0]]"
// PROTO: input {
// PROTO-NEXT: name: "[[MIXG]]:input_0"
// PROTO: attribute {
// PROTO-NEXT: name: "graph_kernel"
// PROTO-NEXT: s: "Fused_MatMul_BiasAdd_ReLU_0"
// PROTO-NEXT: type: STRING
// PROTO-LABEL: functions {
// PROTO: op_type: "Constant"
// PROTO: op_type: "REF::ReduceSum:{{[0-9]+}}"
// PROTO: op_type: "REF::MakeTuple:{{[0-9]+}}"
// PROTO: name: "fusion_roundtrip_fusion{{[0-9]+}}_Fused_Sub_Exp_ReduceSum_1"
// PROTO: name: "graph_kernel"
// PROTO-NEXT: s: "Fused_Sub_Exp_ReduceSum_1"
// The primitive: func_graph, fusion_kind, kernel_ir.
// PROTO: name: "GraphKernel_Fused_MatMul_BiasAdd_ReLU_0:[[MIXP]]"
// PROTO-NEXT: op_type: "GraphKernel_Fused_MatMul_BiasAdd_ReLU_0"
// PROTO-NEXT: attribute {
// PROTO-NEXT: name: "func_graph"
// PROTO-NEXT: g {
// PROTO-NEXT: name: "[[MIXG]]"
// PROTO-NEXT: }
// PROTO-NEXT: type: GRAPH
// PROTO-NEXT: }
// PROTO-NEXT: attribute {
// PROTO-NEXT: name: "fusion_kind"
// PROTO-NEXT: s: "mix"
// PROTO: name: "kernel_ir"
// PROTO-NEXT: s: "func.func @Fused_MatMul_BiasAdd_ReLU_0(%arg0: tensor<8x32xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<16xf32>) -> tensor<8x16xf32> {\n  %0 = mindspore.matmul %arg0, %arg1 {transpose_b = true}
// PROTO: name: "GraphKernel_Fused_Sub_Exp_ReduceSum_1:{{[0-9]+}}"
// PROTO: name: "fusion_kind"
// PROTO-NEXT: s: "reduction"
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
