// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// dense_resource weights, constants, Transpose/Softmax, padded max pooling,
// two results (MakeTuple) and a mindspore.cond (Switch over Partial
// closures + call, the branch graphs taking the outer values as inputs).
module {
  mindspore.parameter @"scale" : tensor<2xf32> = dense_resource<scale_blob> : tensor<2xf32>

  func.func @main(%x: tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2x2xf32>) {
    %s = mindspore.load @"scale" : tensor<2xf32>
    %c = mindspore.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %t = mindspore.transpose %c, [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %sm = mindspore.softmax %t {axis = -1 : i64} : tensor<2x2xf32>
    %p = mindspore.max_pool %x {kernel_size = array<i64: 3, 3>, strides = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
    %sum = mindspore.reduce_sum %s, [0] : (tensor<2xf32>) -> tensor<f32>
    %zero = mindspore.constant dense<0.0> : tensor<f32>
    %pred = mindspore.greater %sum, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %r = mindspore.cond %pred : tensor<i1> -> (tensor<1x2x2x2xf32>) {
      %m = mindspore.mul %p, %p : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
      mindspore.yield %m : tensor<1x2x2x2xf32>
    } else {
      mindspore.yield %p : tensor<1x2x2x2xf32>
    }
    return %r, %sm : tensor<1x2x2x2xf32>, tensor<2x2xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      scale_blob: "0x040000000000803F00000040"
    }
  }
#-}

// mindspore.constant: a Constant node whose value holds the tensor bytes.
// CHECK:       output: "[[C:main_graph:ValueNode_[0-9]+]]"
// CHECK:         raw_data: "\000\000\200?\000\000\000@\000\000@@\000\000\200@"
// Transpose: perm as a Constant tuple input; Softmax: axis as a tuple.
// CHECK:       input: "[[C]]"
// CHECK-NEXT:  input: "main_graph:ValueNode_{{[0-9]+}}"
// CHECK:       op_type: "REF::Transpose:{{[0-9]+}}"
// CHECK:       op_type: "REF::Softmax:{{[0-9]+}}"
// Padded max pooling: MaxPool3DWithArgmax on ExpandDims(x, 2), item 0,
// Squeeze(2), as nn.MaxPool2d writes it.
// CHECK:       op_type: "REF::ExpandDims:{{[0-9]+}}"
// CHECK:       op_type: "REF::MaxPool3DWithArgmax:{{[0-9]+}}"
// CHECK:       op_type: "REF::TupleGetItem:{{[0-9]+}}"
// CHECK:       output: "[[P:main_graph:squeeze:[0-9]+]]"
// CHECK:       op_type: "REF::Squeeze:{{[0-9]+}}"
// The dense_resource parameter is used by name.
// CHECK:       input: "main_graph:scale"
// CHECK:       op_type: "REF::ReduceSum:{{[0-9]+}}"
// CHECK:       output: "[[PRED:main_graph:greater:[0-9]+]]"
// mindspore.cond: Partial(branch, outer values), Switch(pred, then, else),
// then a call of the Switch node.
// CHECK:       input: "[[THEN:main_graph_cond[0-9]+_then]]"
// CHECK-NEXT:  input: "[[P]]"
// CHECK-NEXT:  output: "[[PT:main_graph:partial:[0-9]+]]"
// CHECK:       op_type: "REF::[[PARTIAL:Partial:[0-9]+]]"
// CHECK:       input: "[[ELSE:main_graph_cond[0-9]+_else]]"
// CHECK-NEXT:  input: "[[P]]"
// CHECK-NEXT:  output: "[[PE:main_graph:partial:[0-9]+]]"
// CHECK:       op_type: "REF::[[PARTIAL]]"
// CHECK:       input: "[[PRED]]"
// CHECK-NEXT:  input: "[[PT]]"
// CHECK-NEXT:  input: "[[PE]]"
// CHECK-NEXT:  output: "[[SW:main_graph:switch:[0-9]+]]"
// CHECK:       type: UNIONFUNCCLOSURE
// CHECK:       output: "[[CALL:main_graph:call:[0-9]+]]"
// CHECK:       op_type: "REF::[[SW]]"
// Two results: one MakeTuple, named by the graph output.
// CHECK:       input: "[[CALL]]"
// CHECK-NEXT:  input: "main_graph:softmax:{{[0-9]+}}"
// CHECK-NEXT:  output: "[[TUPLE:main_graph:maketuple:[0-9]+]]"
// CHECK:       op_type: "REF::MakeTuple:{{[0-9]+}}"
// CHECK:       output {
// CHECK-NEXT:    name: "[[TUPLE]]"
// Branch graphs in `functions`, the outer value an input.
// CHECK-LABEL: functions {
// CHECK:       input: "[[THEN]]:arg_0"
// CHECK-NEXT:  input: "[[THEN]]:arg_0"
// CHECK:       op_type: "REF::Mul:{{[0-9]+}}"
// CHECK:       name: "[[THEN]]"
// CHECK-NEXT:  input {
// CHECK-NEXT:    name: "[[THEN]]:arg_0"
// CHECK-LABEL: functions {
// CHECK:       name: "[[ELSE]]"
// CHECK:       output {
// CHECK-NEXT:    name: "[[ELSE]]:arg_0"
