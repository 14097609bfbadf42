// A loop is a tail-recursive body graph: one trip, then Switch(flag,
// continue, exit) and a call of the chosen closure; continue calls the body
// again, exit returns the trip's values; main starts it with the initial state.
// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// CHECK-LABEL: graph {
// CHECK: name: "main_graph:while:[[START:[0-9]+]]"
// CHECK-NEXT: op_type: "REF::main_graph_while[[ID:[0-9]+]]_body"
// CHECK: name: "main_graph"

// CHECK-LABEL: functions {
// CHECK: input: "main_graph_while[[ID]]_body:state_0"
// CHECK: op_type: "REF::Mul:
// CHECK: op_type: "REF::Greater:
// CHECK: input: "main_graph_while[[ID]]_continue"
// CHECK-NEXT: input: "main_graph_while[[ID]]_exit"
// CHECK-NEXT: output: "main_graph_while[[ID]]_body:switch:[[SW:[0-9]+]]"
// CHECK: op_type: "REF::main_graph_while[[ID]]_body:switch:[[SW]]"
// CHECK: name: "main_graph_while[[ID]]_body"
// CHECK: input {
// CHECK-NEXT: name: "main_graph_while[[ID]]_body:state_0"

// CHECK-LABEL: functions {
// CHECK: name: "main_graph_while[[ID]]_exit"

// CHECK-LABEL: functions {
// CHECK: op_type: "REF::main_graph_while[[ID]]_body"
// CHECK: name: "main_graph_while[[ID]]_continue"
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %half = mindspore.constant dense<0.5> : tensor<f32>
  %r = mindspore.while(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %a1 = mindspore.mul %a, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %s = mindspore.reduce_sum %a1, [] : (tensor<4xf32>) -> tensor<f32>
    %more = mindspore.greater %s, %half : (tensor<f32>, tensor<f32>) -> tensor<i1>
    mindspore.condition %more, %a1 : tensor<i1>, tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>):
    mindspore.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
