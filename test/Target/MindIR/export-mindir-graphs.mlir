// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// dense_resource weights, constants, Transpose/Softmax, padded max pooling,
// two results (MakeTuple) and a mindspore.cond (Switch + branch graphs).
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
// CHECK-LABEL: graph {
// CHECK-NEXT:    node {
// CHECK-NEXT:      output: "[[C:\[ValueNode\][0-9]+]]"
// CHECK-NEXT:      name: "[[C]]"
// CHECK-NEXT:      op_type: "Constant"
// CHECK-NEXT:      attribute {
// CHECK-NEXT:        name: "value"
// CHECK-NEXT:        tensors {
// CHECK-NEXT:          dims: 2
// CHECK-NEXT:          dims: 2
// CHECK-NEXT:          data_type: 1
// CHECK-NEXT:          name: "value0"
// CHECK-NEXT:          raw_data: "\000\000\200?\000\000\000@\000\000@@\000\000\200@"
// CHECK-NEXT:        }
// CHECK-NEXT:        type: TENSORS

// Transpose: perm as a Constant tuple input.
// CHECK:           output: "[[PERM:\[ValueNode\][0-9]+]]"
// CHECK:             ints: 1
// CHECK:             ints: 0
// CHECK:           input: "[[C]]"
// CHECK-NEXT:      input: "[[PERM]]"
// CHECK-NEXT:      output: "[[T:main_graph:transpose:[0-9]+]]"
// CHECK:           op_type: "REF::Transpose:{{[0-9]+}}"
// CHECK:           input: "[[T]]"
// CHECK-NEXT:      output: "[[SM:main_graph:softmax:[0-9]+]]"

// Padded max pooling: MaxPoolWithArgmaxV2, outputs (y, argmax), item 0.
// CHECK:           input: "main_graph:input_0"
// CHECK-NEXT:      output: "[[MP:main_graph:max_pool:[0-9]+]]"
// CHECK-NEXT:      name: "[[MP]]"
// CHECK-NEXT:      op_type: "REF::[[MPP:MaxPoolWithArgmaxV2:[0-9]+]]"
// CHECK-NEXT:      attribute {
// CHECK-NEXT:        name: "shape"
// CHECK-NEXT:        type: TUPLE
// CHECK:               data_type: 7
// CHECK:           input: "[[MP]]"
// CHECK-NEXT:      input: "[[IDX:\[ValueNode\][0-9]+]]"
// CHECK-NEXT:      output: "[[Y:main_graph:getitem:[0-9]+]]"

// The dense_resource parameter is used by name.
// CHECK:           input: "main_graph:scale"
// CHECK:           output: "[[PRED:main_graph:greater:[0-9]+]]"

// mindspore.cond: Switch(pred, then, else), then a call of the Switch node.
// CHECK:           input: "[[PRED]]"
// CHECK-NEXT:      input: "[[THEN:main_graph_cond[0-9]+_then]]"
// CHECK-NEXT:      input: "[[ELSE:main_graph_cond[0-9]+_else]]"
// CHECK-NEXT:      output: "[[SW:main_graph:switch:[0-9]+]]"
// CHECK-NEXT:      name: "[[SW]]"
// CHECK-NEXT:      op_type: "REF::Switch:{{[0-9]+}}"
// CHECK:           output: "[[CALL:main_graph:cond:[0-9]+]]"
// CHECK-NEXT:      name: "[[CALL]]"
// CHECK-NEXT:      op_type: "REF::[[SW]]"
// CHECK-NEXT:      attribute {
// CHECK-NEXT:        name: "shape"
// CHECK-NEXT:        tensors {
// CHECK-NEXT:          dims: 1
// CHECK-NEXT:          dims: 2
// CHECK-NEXT:          dims: 2
// CHECK-NEXT:          dims: 2

// Two results: one MakeTuple, named by the graph output.
// CHECK:           input: "[[CALL]]"
// CHECK-NEXT:      input: "[[SM]]"
// CHECK-NEXT:      output: "[[TUP:main_graph:make_tuple:[0-9]+]]"
// CHECK-NEXT:      name: "[[TUP]]"
// CHECK-NEXT:      op_type: "REF::MakeTuple:{{[0-9]+}}"
// CHECK:         name: "main_graph"
// CHECK-NEXT:    parameter {
// CHECK-NEXT:      dims: 2
// CHECK-NEXT:      data_type: 1
// CHECK-NEXT:      name: "main_graph:scale"
// CHECK-NEXT:      raw_data: "\000\000\200?\000\000\000@"
// CHECK-NEXT:      ref_key: "scale"
// CHECK:         output {
// CHECK-NEXT:      name: "[[TUP]]"

// Branch graphs in `functions`; they use outer values by name.
// CHECK:       functions {
// CHECK-NEXT:    node {
// CHECK-NEXT:      input: "[[Y]]"
// CHECK-NEXT:      input: "[[Y]]"
// CHECK-NEXT:      output: "[[M:main_graph_cond[0-9]+_then:mul:[0-9]+]]"
// CHECK:           op_type: "REF::Mul:{{[0-9]+}}"
// CHECK:         name: "[[THEN]]"
// CHECK-NEXT:    output {
// CHECK-NEXT:      name: "[[M]]"
// CHECK:       functions {
// CHECK-NEXT:    name: "[[ELSE]]"
// CHECK-NEXT:    output {
// CHECK-NEXT:      name: "[[Y]]"

// CHECK:       op_type: "Transpose"
// CHECK:       op_type: "Softmax"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "axis"
// CHECK-NEXT:      type: TUPLE
// CHECK-NEXT:      values {
// CHECK-NEXT:        ints: -1
// CHECK-NEXT:        type: INT64
// CHECK:         name: "[[MPP]]"
// CHECK-NEXT:    op_type: "MaxPoolWithArgmaxV2"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "kernel_size"
// CHECK:           name: "pads"
// CHECK-NEXT:      type: TUPLE
// CHECK-NEXT:      values {
// CHECK-NEXT:        ints: 1
// CHECK:           name: "ceil_mode"
// CHECK-NEXT:      i: 0
// CHECK-NEXT:      type: BOOL
// CHECK:       op_type: "ReduceSum"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "keep_dims"
// CHECK:       op_type: "Switch"
// CHECK:       op_type: "MakeTuple"
