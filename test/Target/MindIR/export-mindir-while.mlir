// A loop is MindSpore's tail recursion, as mindspore.export writes a Python
// `while`: a header graph (the before region) on the state and the outer
// values it reads, then Switch(flag, Partial(body, values, outer...),
// Partial(exit, values)) and a call of the chosen closure; the body (the
// after region) calls the header again, exit returns the trip's values; main
// starts the header with the initial state and the outer values.
// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// CHECK-LABEL: graph {
// CHECK:       input: "main_graph:input_0"
// CHECK-NEXT:  input: "[[HALF:main_graph:ValueNode_[0-9]+]]"
// CHECK-NEXT:  output: "[[START:main_graph:while:[0-9]+]]"
// CHECK:       op_type: "REF::[[HEADER:main_graph_while[0-9]+]]_header"
// CHECK:       output {
// CHECK-NEXT:    name: "[[START]]"
// CHECK-LABEL: functions {
// CHECK:       op_type: "REF::Mul:{{[0-9]+}}"
// CHECK:       op_type: "REF::ReduceSum:{{[0-9]+}}"
// CHECK:       op_type: "REF::Greater:{{[0-9]+}}"
// CHECK:       input: "[[HEADER]]_body"
// CHECK-NEXT:  input: "[[HEADER]]_header:mul:{{[0-9]+}}"
// CHECK-NEXT:  input: "[[HEADER]]_header:arg_1"
// CHECK-NEXT:  output: "[[TOBODY:.*partial:[0-9]+]]"
// CHECK:       s: "[[HEADER]]_body"
// CHECK-NEXT:  type: FUNCGRAPHCLOSURE
// CHECK:       input: "[[HEADER]]_exit"
// CHECK-NEXT:  input: "[[HEADER]]_header:mul:{{[0-9]+}}"
// CHECK-NEXT:  output: "[[TOEXIT:.*partial:[0-9]+]]"
// CHECK:       input: "[[HEADER]]_header:greater:{{[0-9]+}}"
// CHECK-NEXT:  input: "[[TOBODY]]"
// CHECK-NEXT:  input: "[[TOEXIT]]"
// CHECK-NEXT:  output: "[[SWITCH:.*switch:[0-9]+]]"
// CHECK:       type: UNIONFUNCCLOSURE
// CHECK:       op_type: "REF::[[SWITCH]]"
// CHECK:       name: "[[HEADER]]_header"
// CHECK-LABEL: functions {
// CHECK:       name: "[[HEADER]]_exit"
// CHECK:       output {
// CHECK-NEXT:    name: "[[HEADER]]_exit:arg_0"
// CHECK-LABEL: functions {
// CHECK:       input: "[[HEADER]]_body:arg_0"
// CHECK-NEXT:  input: "[[HEADER]]_body:arg_1"
// CHECK:       op_type: "REF::[[HEADER]]_header"
// CHECK:       name: "[[HEADER]]_body"
// CHECK:       name: "Partial:{{[0-9]+}}"
// CHECK-NEXT:  op_type: "Partial"
// CHECK:       name: "Switch:{{[0-9]+}}"
// CHECK-NEXT:  op_type: "Switch"




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
