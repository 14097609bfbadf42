// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// One application of each elementwise, reduction, normalization and shape
// primitive in MindSpore 2.10's form (MindIRPrimitiveTable.def): yaml ops
// are PRIMITIVE_FUNCTION with every argument a node input (Constant nodes),
// each primitive written once; a guard is MindSpore's `raise` form the
// outputs depend on.

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

// Cast(input_x, dtype): the dtype a TypeId (float16 = 42).
// CHECK:       output: "[[F16:prims:ValueNode_[0-9]+]]"
// CHECK-NEXT:  name: "[[F16]]"
// CHECK-NEXT:  op_type: "Constant"
// CHECK-NEXT:  attribute {
// CHECK-NEXT:    name: "value"
// CHECK-NEXT:    i: 42
// CHECK-NEXT:    type: INT64
// CHECK:       input: "prims:input_0"
// CHECK-NEXT:  input: "[[F16]]"
// CHECK:       op_type: "REF::Cast:{{[0-9]+}}"
// CHECK:       op_type: "REF::Maximum:{{[0-9]+}}"
// The exact GeLU as ops.gelu(approximate='none') writes it (MindSpore's GeLU
// primitive is the tanh approximation): x * (1 + Erf(x / sqrt 2)) * 0.5.
// CHECK:       op_type: "REF::RealDiv:{{[0-9]+}}"
// CHECK:       op_type: "REF::Erf:{{[0-9]+}}"
// CHECK:       op_type: "REF::Add:{{[0-9]+}}"
// CHECK:       op_type: "REF::Mul:{{[0-9]+}}"
// CHECK:       op_type: "REF::Mul:{{[0-9]+}}"
// CHECK:       op_type: "REF::LogSoftmax:{{[0-9]+}}"
// LayerNorm(x, gamma, beta, begin_norm_axis, begin_params_axis, epsilon)
// has MindSpore's three outputs; the op's result is item 0.
// CHECK:       f: 1e-05
// CHECK-NEXT:  type: FLOAT
// CHECK:       op_type: "REF::LayerNorm:{{[0-9]+}}"
// CHECK-NEXT:  attribute {
// CHECK-NEXT:    name: "shape"
// CHECK-NEXT:    type: TUPLE
// CHECK:       op_type: "REF::TupleGetItem:{{[0-9]+}}"
// CHECK:       op_type: "REF::Select:{{[0-9]+}}"
// ReduceMax(x, axis, keep_dims).
// CHECK:       i: 1
// CHECK-NEXT:  type: BOOL
// CHECK:       op_type: "REF::ReduceMax:{{[0-9]+}}"
// CHECK:       op_type: "REF::BroadcastTo:{{[0-9]+}}"
// CHECK:       op_type: "REF::ReverseV2:{{[0-9]+}}"
// Concat takes one MakeTuple input, then its axis.
// CHECK:       op_type: "REF::[[MT:MakeTuple:[0-9]+]]"
// CHECK:       op_type: "REF::Concat:{{[0-9]+}}"
// CHECK:       op_type: "REF::Gather:{{[0-9]+}}"
// StridedSlice: begin, end, strides and the five masks are inputs.
// CHECK:       input: "prims:input_0"
// CHECK-COUNT-8: input: "prims:ValueNode_{{[0-9]+}}"
// CHECK:       op_type: "REF::StridedSlice:{{[0-9]+}}"
// CHECK:       op_type: "REF::Squeeze:{{[0-9]+}}"
// CHECK:       op_type: "REF::ExpandDims:{{[0-9]+}}"
// Pad stays a PRIMITIVE with its paddings attribute.
// CHECK:       op_type: "REF::[[PAD:Pad:[0-9]+]]"
// The guard: Switch(p, Partial(pass, p), Partial(fail, io)) and its call;
// the outputs depend on it.
// CHECK:       input: "[[PASS:prims_guard[0-9]+_pass]]"
// CHECK-NEXT:  input: "prims:input_3"
// CHECK:       op_type: "REF::Partial:{{[0-9]+}}"
// CHECK:       input: "[[FAIL:prims_guard[0-9]+_fail]]"
// CHECK-NEXT:  input: "prims:ValueNode_{{[0-9]+}}"
// CHECK:       op_type: "REF::Partial:{{[0-9]+}}"
// CHECK:       op_type: "REF::Switch:{{[0-9]+}}"
// CHECK:       output: "[[CALL:prims:call:[0-9]+]]"
// CHECK:       input: "prims:maketuple:{{[0-9]+}}"
// CHECK-NEXT:  input: "[[CALL]]"
// CHECK:       op_type: "REF::Depend:{{[0-9]+}}"
// CHECK-LABEL: functions {
// CHECK:       name: "[[PASS]]"
// CHECK-LABEL: functions {
// CHECK:       s: "RuntimeError"
// CHECK:       s: "guard message"
// CHECK:       op_type: "REF::raise:{{[0-9]+}}"
// CHECK:       op_type: "REF::UpdateState:{{[0-9]+}}"
// CHECK:       name: "[[FAIL]]"
// CHECK-NEXT:  input {
// CHECK-NEXT:    name: "[[FAIL]]:io"
// CHECK-NEXT:    attr_info {
// CHECK-NEXT:      type: IOMONAD
// Each primitive once; yaml ops without attributes.
// CHECK:       name: "Cast:{{[0-9]+}}"
// CHECK-NEXT:  op_type: "Cast"
// CHECK-NEXT:  prim_type: PRIMITIVE_FUNCTION
// CHECK:       name: "[[PAD]]"
// CHECK-NEXT:  op_type: "Pad"
// CHECK-NEXT:  attribute {
// CHECK-NEXT:    name: "paddings"
// CHECK:       prim_type: PRIMITIVE{{$}}
// CHECK:       name: "raise:{{[0-9]+}}"
// CHECK-NEXT:  op_type: "raise"
// CHECK:         name: "side_effect_io"
// CHECK-NOT:   name: "[[MT]]"
// CHECK:       mind_ir_version: 3
