// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// A small CNN: conv2d + batch_norm + relu + max_pool + adaptive_avg_pool2d +
// reshape + matmul + bias_add, weights as dense<...> values.

module @small_cnn {
  mindspore.parameter @"conv.weight" : tensor<2x1x3x3xf32> = dense<[[[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]], [[[0.5, 0.5, 0.5], [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]]]> : tensor<2x1x3x3xf32>
  mindspore.parameter @"bn.weight" : tensor<2xf32> = dense<1.0> : tensor<2xf32>
  mindspore.parameter @"bn.bias" : tensor<2xf32> = dense<0.0> : tensor<2xf32>
  mindspore.parameter @"bn.running_mean" : tensor<2xf32> = dense<[0.25, -0.25]> : tensor<2xf32>
  mindspore.parameter @"bn.running_var" : tensor<2xf32> = dense<[1.0, 4.0]> : tensor<2xf32>
  mindspore.parameter @"fc.weight" : tensor<3x2xf32> = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  mindspore.parameter @"fc.bias" : tensor<3xf32> = dense<[1.0, 2.0, 0.5]> : tensor<3xf32>

  func.func @main(%x: tensor<1x1x4x4xf32>) -> tensor<1x3xf32> {
    %w = mindspore.load @"conv.weight" : tensor<2x1x3x3xf32>
    %c = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x1x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x4x4xf32>
    %g = mindspore.load @"bn.weight" : tensor<2xf32>
    %b = mindspore.load @"bn.bias" : tensor<2xf32>
    %m = mindspore.load @"bn.running_mean" : tensor<2xf32>
    %v = mindspore.load @"bn.running_var" : tensor<2xf32>
    %n = mindspore.batch_norm %c, %g, %b, %m, %v {epsilon = 1.0e-05 : f32} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %r = mindspore.relu %n : tensor<1x2x4x4xf32>
    %p = mindspore.max_pool %r {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    %a = mindspore.adaptive_avg_pool2d %p {output_size = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>) -> tensor<1x2x1x1xf32>
    %f = mindspore.reshape %a, [1, 2] : (tensor<1x2x1x1xf32>) -> tensor<1x2xf32>
    %fw = mindspore.load @"fc.weight" : tensor<3x2xf32>
    %mm = mindspore.matmul %f, %fw {transpose_b = true} : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<1x3xf32>
    %fb = mindspore.load @"fc.bias" : tensor<3xf32>
    %y = mindspore.bias_add %mm, %fb : (tensor<1x3xf32>, tensor<3xf32>) -> tensor<1x3xf32>
    return %y : tensor<1x3xf32>
  }
}

// The header: MindSpore 2.10.0's export form.
// CHECK:       ir_version: "1.1"
// CHECK-NEXT:  producer_name: "ascend-opt"
// CHECK-NEXT:  producer_version: "{{.+}}"
// CHECK-NEXT:  model_version: "2.10.0"

// Conv2D (a PRIMITIVE): graph input and parameter by name, its shape.
// CHECK:       input: "small_cnn:input_0"
// CHECK-NEXT:  input: "small_cnn:conv.weight"
// CHECK-NEXT:  output: "[[CONV:small_cnn:conv2d:[0-9]+]]"
// CHECK:       op_type: "REF::[[CONVP:Conv2D:[0-9]+]]"
// CHECK-NEXT:  attribute {
// CHECK-NEXT:    name: "shape"
// CHECK-NEXT:    tensors {
// CHECK-NEXT:      dims: 1
// CHECK-NEXT:      dims: 2
// CHECK-NEXT:      dims: 4
// CHECK-NEXT:      dims: 4
// CHECK-NEXT:      data_type: 1

// BatchNorm (a PRIMITIVE_FUNCTION): x, scale, bias, mean, variance, then
// is_training, epsilon, momentum, data_format as Constant inputs; five
// outputs (a tuple shape), output 0 read with TupleGetItem.
// CHECK:       output: "[[FALSE:small_cnn:ValueNode_[0-9]+]]"
// CHECK:         i: 0
// CHECK-NEXT:    type: BOOL
// CHECK:       output: "[[EPS:small_cnn:ValueNode_[0-9]+]]"
// CHECK:         f: 1e-05
// CHECK-NEXT:    type: FLOAT
// CHECK:       output: "[[MOM:small_cnn:ValueNode_[0-9]+]]"
// CHECK:         f: 0.1
// CHECK-NEXT:    type: FLOAT
// CHECK:       output: "[[NCHW:small_cnn:ValueNode_[0-9]+]]"
// CHECK:         i: 0
// CHECK-NEXT:    type: INT64
// CHECK:       input: "[[CONV]]"
// CHECK-NEXT:  input: "small_cnn:bn.weight"
// CHECK-NEXT:  input: "small_cnn:bn.bias"
// CHECK-NEXT:  input: "small_cnn:bn.running_mean"
// CHECK-NEXT:  input: "small_cnn:bn.running_var"
// CHECK-NEXT:  input: "[[FALSE]]"
// CHECK-NEXT:  input: "[[EPS]]"
// CHECK-NEXT:  input: "[[MOM]]"
// CHECK-NEXT:  input: "[[NCHW]]"
// CHECK-NEXT:  output: "[[BN:small_cnn:batch_norm:[0-9]+]]"
// CHECK:       op_type: "REF::[[BNP:BatchNorm:[0-9]+]]"
// CHECK-NEXT:  attribute {
// CHECK-NEXT:    name: "shape"
// CHECK-NEXT:    type: TUPLE
// CHECK:       input: "[[BN]]"
// CHECK-NEXT:  input: "[[NCHW]]"
// CHECK:       op_type: "REF::TupleGetItem:{{[0-9]+}}"

// MaxPool without padding and AdaptiveAvgPool2D are PRIMITIVEs; Reshape
// takes its shape as a Constant tuple input.
// CHECK:       op_type: "REF::[[POOLP:MaxPool:[0-9]+]]"
// CHECK:       op_type: "REF::AdaptiveAvgPool2D:{{[0-9]+}}"
// CHECK:         type: TUPLE
// CHECK-NEXT:    values {
// CHECK-NEXT:      ints: 1
// CHECK:           ints: 2
// CHECK:       op_type: "REF::Reshape:{{[0-9]+}}"
// CHECK:       op_type: "REF::MatMul:{{[0-9]+}}"
// CHECK:       op_type: "REF::BiasAdd:{{[0-9]+}}"

// Parameters: `<graph>:<name>`, exact bytes (float32 little-endian).
// CHECK:         name: "small_cnn"
// CHECK-NEXT:    parameter {
// CHECK-NEXT:      dims: 2
// CHECK-NEXT:      dims: 1
// CHECK-NEXT:      dims: 3
// CHECK-NEXT:      dims: 3
// CHECK-NEXT:      data_type: 1
// CHECK-NEXT:      name: "small_cnn:conv.weight"
// CHECK-NEXT:      raw_data: "\000\000\200?\000\000\000\000\000\000\000\000\000\000\000\000\000\000\200?\000\000\000\000\000\000\000\000\000\000\000\000\000\000\200?\000\000\000?\000\000\000?\000\000\000?\000\000\000?\000\000\000?\000\000\000?\000\000\000?\000\000\000?\000\000\000?"
// CHECK-NEXT:      ref_key: "conv.weight"
// CHECK:           name: "small_cnn:bn.weight"
// CHECK-NEXT:      raw_data: "\000\000\200?\000\000\200?"
// CHECK:           name: "small_cnn:bn.running_mean"
// CHECK-NEXT:      raw_data: "\000\000\200>\000\000\200\276"
// CHECK:           name: "small_cnn:fc.bias"
// CHECK-NEXT:      raw_data: "\000\000\200?\000\000\000@\000\000\000?"
// CHECK:         input {
// CHECK:       little_endian: true

// Primitives: Conv2D with MindSpore's attribute names and encodings.
// CHECK:       name: "[[CONVP]]"
// CHECK-NEXT:  op_type: "Conv2D"
// CHECK:         name: "kernel_size"
// CHECK:         name: "out_channel"
// CHECK-NEXT:    i: 2
// CHECK:         name: "pad_mode"
// CHECK-NEXT:    s: "pad"
// CHECK:         name: "input_names"
// CHECK-NEXT:    type: LIST
// CHECK-NEXT:    values {
// CHECK-NEXT:      strings: "x"
// CHECK-NEXT:      type: STRING
// CHECK:       prim_type: PRIMITIVE{{$}}
// CHECK:       name: "[[BNP]]"
// CHECK-NEXT:  op_type: "BatchNorm"
// CHECK-NEXT:  prim_type: PRIMITIVE_FUNCTION
// CHECK:       name: "[[POOLP]]"
// CHECK-NEXT:  op_type: "MaxPool"
// CHECK:       mind_ir_version: 3
