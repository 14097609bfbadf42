// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s
// RUN: ascend-translate --import-mindir %t.mindir | FileCheck %s --check-prefix=IMPORT

// A guard in a loop's before region (the header graph). MindSpore 2.10 does
// not run a `raise` branch in the graph a loop's tail call goes through: it
// returned the raise's placeholder (a tensor<1xf64>) as the loop's state,
// and the ReduceSum after the loop failed ("For reduce, the each axis
// element should be in [-1, 1), but got 1"; program 285 of
// bench/controlflow_programs.py). So the header computes the condition and
// passes it to the exit and the body graphs, each of which starts with the
// guard; the header itself has no Switch but the loop's.

// exit(state, ok): Switch(ok, Partial(pass, state), Partial(fail, io)).
// CHECK:       functions {
// CHECK:       input: "[[EXIT:main_graph_while[0-9]+_exit]]_guard{{[0-9]+}}_pass"
// CHECK-NEXT:  input: "[[EXIT]]:arg_0"
// CHECK:       input: "[[EXIT]]_guard{{[0-9]+}}_fail"
// CHECK:       input: "[[EXIT]]:arg_1"
// CHECK-NEXT:  input: "[[EXIT]]:partial:{{[0-9]+}}"
// CHECK-NEXT:  input: "[[EXIT]]:partial:{{[0-9]+}}"
// CHECK-NEXT:  output: "{{.*}}"
// CHECK-NEXT:  name: "{{.*}}"
// CHECK-NEXT:  op_type: "REF::Switch:{{[0-9]+}}"
// CHECK:       name: "[[EXIT]]"
// CHECK:         name: "[[EXIT]]:arg_1"
// CHECK-NEXT:    tensor {
// CHECK-NEXT:      data_type: 9
// CHECK:       name: "[[EXIT]]_guard{{[0-9]+}}_pass"
// CHECK:       s: "too big"
// CHECK:       name: "[[EXIT]]_guard{{[0-9]+}}_fail"
// body(state, half, big, ok): the same guard, then the after region and the next trip.
// CHECK:       functions {
// CHECK:       input: "[[BODY:main_graph_while[0-9]+_body]]_guard{{[0-9]+}}_pass"
// CHECK:       op_type: "REF::Switch:{{[0-9]+}}"
// CHECK:       name: "[[BODY]]"
// CHECK:       functions {
// CHECK:       op_type: "REF::Mul:{{[0-9]+}}"
// CHECK:       op_type: "REF::[[HEADER:main_graph_while[0-9]+_header]]"
// CHECK:       name: "[[BODY]]_guard{{[0-9]+}}_pass"
// CHECK:       s: "too big"
// header(state, half, big): the condition and the guard's, one Switch (body or exit).
// CHECK:       functions {
// CHECK:       op_type: "REF::Less:{{[0-9]+}}"
// CHECK:       input: "[[BODY]]"
// CHECK-NEXT:  input: "[[HEADER]]:arg_0"
// CHECK-NEXT:  input: "[[HEADER]]:arg_1"
// CHECK-NEXT:  input: "[[HEADER]]:arg_2"
// CHECK-NEXT:  input: "[[HEADER]]:less:{{[0-9]+}}"
// CHECK:       input: "[[EXIT]]"
// CHECK-NEXT:  input: "[[HEADER]]:arg_0"
// CHECK-NEXT:  input: "[[HEADER]]:less:{{[0-9]+}}"
// CHECK:       op_type: "REF::Switch:{{[0-9]+}}"
// CHECK-NOT:   op_type: "REF::Switch:{{[0-9]+}}"
// CHECK:       name: "[[HEADER]]"

// Read back: the guard is in the before region once (the exit graph's copy;
// the body's copy checks the same condition).
// IMPORT:      mindspore.while
// IMPORT:        %[[OK:.*]] = mindspore.less
// IMPORT:        mindspore.assert %[[OK]], "too big"
// IMPORT-NEXT:   mindspore.condition
// IMPORT:      } do {
// IMPORT-NOT:    mindspore.assert
// IMPORT:        mindspore.yield
// IMPORT:      mindspore.reduce_sum %{{.*}}, [1]

func.func @main(%x: tensor<1x5xf32>) -> (tensor<1x5xf32>, tensor<1xf32>) {
  %half = mindspore.constant dense<0.5> : tensor<f32>
  %big = mindspore.constant dense<100.0> : tensor<f32>
  %r = mindspore.while(%x) : (tensor<1x5xf32>) -> tensor<1x5xf32> {
  ^bb0(%a: tensor<1x5xf32>):
    %s = mindspore.reduce_sum %a, [] : (tensor<1x5xf32>) -> tensor<f32>
    %ok = mindspore.less %s, %big : (tensor<f32>, tensor<f32>) -> tensor<i1>
    mindspore.assert %ok, "too big" : tensor<i1>
    %more = mindspore.greater %s, %half : (tensor<f32>, tensor<f32>) -> tensor<i1>
    mindspore.condition %more, %a : tensor<i1>, tensor<1x5xf32>
  } do {
  ^bb0(%b: tensor<1x5xf32>):
    %b1 = mindspore.mul %b, %half : (tensor<1x5xf32>, tensor<f32>) -> tensor<1x5xf32>
    mindspore.yield %b1 : tensor<1x5xf32>
  }
  %t = mindspore.reduce_sum %r, [1] : (tensor<1x5xf32>) -> tensor<1xf32>
  return %r, %t : tensor<1x5xf32>, tensor<1xf32>
}
