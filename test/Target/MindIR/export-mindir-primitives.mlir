// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// One application of each elementwise, reduction, normalization and shape
// primitive, with MindSpore's attribute names (mindspore/ops/op_def/yaml) and
// the inputs MindSpore takes as Constant nodes; a guard is an Assert the
// output depends on.

module @prims {
  func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %i: tensor<4xi64>, %p: tensor<i1>) -> (tensor<2x3xf32>, tensor<2x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<1x2x3xf16>, tensor<3x4xf32>) {
    %h = mindspore.cast %x : (tensor<2x3xf32>) -> tensor<2x3xf16>
    %max = mindspore.maximum %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %min = mindspore.minimum %max, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %pw = mindspore.pow %min, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %e = mindspore.exp %pw : tensor<2x3xf32>
    %g = mindspore.gelu %e : tensor<2x3xf32>
    %s = mindspore.silu %g : tensor<2x3xf32>
    %l = mindspore.log_softmax %s {axis = -1 : i64} : tensor<2x3xf32>
    %gamma = mindspore.constant dense<1.0> : tensor<3xf32>
    %beta = mindspore.constant dense<0.0> : tensor<3xf32>
    %ln = mindspore.layer_norm %l, %gamma, %beta {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 1.0e-05 : f32} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %lt = mindspore.less %ln, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %ne = mindspore.not_equal %ln, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %and = mindspore.logical_and %lt, %ne : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %sel = mindspore.select %and, %ln, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %rm = mindspore.reduce_max %sel, [1] {keep_dims = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
    %b = mindspore.broadcast_to %rm {shape = array<i64: 2, 3>} : (tensor<2x1xf32>) -> tensor<2x3xf32>
    %rev = mindspore.reverse_v2 %b {axis = array<i64: 1>} : tensor<2x3xf32>
    %cat = mindspore.concat %rev, %x {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %gat = mindspore.gather %cat, %i {axis = 0 : i64} : (tensor<4x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
    %ss = mindspore.strided_slice %x {begin = array<i64: 0, 1>, end = array<i64: 2, 3>, strides = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
    %sq = mindspore.squeeze %ss {axis = array<i64: 1>} : (tensor<2x1xf32>) -> tensor<2xf32>
    %c = mindspore.expand_dims %h {axis = 0 : i64} : (tensor<2x3xf16>) -> tensor<1x2x3xf16>
    %pad = mindspore.pad %x {paddings = array<i64: 1, 0, 0, 1>} : (tensor<2x3xf32>) -> tensor<3x4xf32>
    mindspore.assert %p, "guard message" : tensor<i1>
    return %sel, %and, %cat, %gat, %c, %pad : tensor<2x3xf32>, tensor<2x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<1x2x3xf16>, tensor<3x4xf32>
  }
}

// CHECK-LABEL: graph {
// Cast's destination type is a Constant holding a type (FLOAT16 = 10).
// CHECK:         name: "value"
// CHECK-NEXT:    tensors {
// CHECK-NEXT:      data_type: 10
// CHECK-NEXT:    }
// CHECK-NEXT:    type: TENSORS
// CHECK:         op_type: "REF::Cast:{{[0-9]+}}"

// LayerNorm has MindSpore's three outputs; the op's result is item 0.
// CHECK:         output: "[[LN:prims:layer_norm:[0-9]+]]"
// CHECK:         op_type: "REF::LayerNorm:{{[0-9]+}}"
// CHECK:           type: TUPLE
// CHECK:         input: "[[LN]]"
// CHECK:         op_type: "REF::TupleGetItem:{{[0-9]+}}"

// Concat takes one MakeTuple input.
// CHECK:         output: "[[TUPLE:prims:make_tuple:[0-9]+]]"
// CHECK:         op_type: "REF::MakeTuple:{{[0-9]+}}"
// CHECK:         input: "[[TUPLE]]"
// CHECK-NEXT:    output: "{{.*}}"
// CHECK-NEXT:    name: "{{.*}}"
// CHECK-NEXT:    op_type: "REF::Concat:{{[0-9]+}}"

// Gather's axis and StridedSlice's begin/end/strides are Constant inputs.
// CHECK:         input: "prims:input_2"
// CHECK-NEXT:    input: "[ValueNode]{{[0-9]+}}"
// CHECK-NEXT:    output: "{{.*}}"
// CHECK-NEXT:    name: "{{.*}}"
// CHECK-NEXT:    op_type: "REF::Gather:{{[0-9]+}}"
// CHECK:         input: "prims:input_0"
// CHECK-NEXT:    input: "[ValueNode]{{[0-9]+}}"
// CHECK-NEXT:    input: "[ValueNode]{{[0-9]+}}"
// CHECK-NEXT:    input: "[ValueNode]{{[0-9]+}}"
// CHECK-NEXT:    output: "{{.*}}"
// CHECK-NEXT:    name: "{{.*}}"
// CHECK-NEXT:    op_type: "REF::StridedSlice:{{[0-9]+}}"

// The guard: Assert(condition, ("guard message",)); every output depends on it.
// CHECK:         s: "guard message"
// CHECK:         input: "prims:input_3"
// CHECK-NEXT:    input: "prims:make_tuple:{{[0-9]+}}"
// CHECK-NEXT:    output: "[[ASSERT:prims:assert:[0-9]+]]"
// CHECK:         op_type: "REF::Assert:{{[0-9]+}}"
// CHECK:         input: "prims:select:{{[0-9]+}}"
// CHECK-NEXT:    input: "[[ASSERT]]"
// CHECK-NEXT:    output: "{{.*}}"
// CHECK-NEXT:    name: "{{.*}}"
// CHECK-NEXT:    op_type: "REF::Depend:{{[0-9]+}}"

// Primitive attributes.
// CHECK-LABEL: primitives {
// CHECK-NEXT:    name: "Cast:{{[0-9]+}}"
// CHECK:         op_type: "Maximum"
// CHECK:         op_type: "Pow"
// CHECK:         op_type: "GeLU"
// CHECK:         op_type: "SiLU"
// CHECK:         op_type: "LogSoftmax"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "axis"
// CHECK-NEXT:      i: -1
// CHECK:         op_type: "LayerNorm"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "begin_norm_axis"
// CHECK-NEXT:      i: 1
// CHECK:           name: "begin_params_axis"
// CHECK-NEXT:      i: 1
// CHECK:           name: "epsilon"
// CHECK-NEXT:      f: 1e-05
// CHECK:           strings: "variance"
// CHECK:         op_type: "Less"
// CHECK:         op_type: "NotEqual"
// CHECK:         op_type: "LogicalAnd"
// CHECK:         op_type: "Select"
// CHECK:         op_type: "ReduceMax"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "keep_dims"
// CHECK-NEXT:      i: 1
// CHECK-NEXT:      type: BOOL
// CHECK:         op_type: "BroadcastTo"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "shape"
// CHECK-NEXT:      type: TUPLE
// CHECK:         op_type: "ReverseV2"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "axis"
// CHECK:         op_type: "Concat"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "axis"
// CHECK-NEXT:      i: 0
// CHECK:         op_type: "Gather"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "batch_dims"
// CHECK-NEXT:      i: 0
// CHECK:         op_type: "StridedSlice"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "begin_mask"
// CHECK:           name: "shrink_axis_mask"
// CHECK:         op_type: "Squeeze"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "axis"
// CHECK:         op_type: "ExpandDims"
// CHECK:         op_type: "Pad"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "paddings"
// CHECK-NEXT:      type: TUPLE
// CHECK-NEXT:      values {
// CHECK-NEXT:        type: TUPLE
// CHECK-NEXT:        values {
// CHECK-NEXT:          ints: 1
// CHECK:         op_type: "Assert"
// CHECK-NEXT:    attribute {
// CHECK-NEXT:      name: "summarize"
// CHECK:         op_type: "Depend"
