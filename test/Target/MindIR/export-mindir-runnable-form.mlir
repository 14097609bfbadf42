// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s
// RUN: ascend-translate --import-mindir %t.mindir | FileCheck %s --check-prefix=IMPORT

// The form MindSpore runs (MindIRRunnableForm.cpp): MindSpore's CPU kernels
// have no bf16 form, so a bf16 primitive is written on the f32 values of its
// operands and cast back (as eager computes it: in f32, rounded once); an f32
// Tanh is e / (e + 2) with e = Expm1(2 * clamp(x, -10, 10)) (MindSpore's CPU
// Tanh is 1e-4 off), and the importer reads that chain back as tanh; an f16 Tanh stays Tanh; the Exp of
// a constant is computed at export (MindSpore's CPU Exp is 1.25e-5 off).

module @runnable {
  func.func @main(%x: tensor<2x3xbf16>, %y: tensor<2x3xf32>, %z: tensor<2x3xf16>) -> (tensor<3x2xbf16>, tensor<2x3xf32>, tensor<2x3xf16>, tensor<2xf32>) {
    %e = mindspore.exp %x : tensor<2x3xbf16>
    %r = mindspore.reshape %e, [3, 2] : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
    %t = mindspore.tanh %y : tensor<2x3xf32>
    %h = mindspore.tanh %z : tensor<2x3xf16>
    %c = mindspore.constant dense<[0.0, 1.0]> : tensor<2xf32>
    %ce = mindspore.exp %c : tensor<2xf32>
    return %r, %t, %h, %ce : tensor<3x2xbf16>, tensor<2x3xf32>, tensor<2x3xf16>, tensor<2xf32>
  }
}

// Exp(Cast(x, float32 = 43)), then Cast(_, bfloat16 = 45); the Reshape
// between them is on f32 too.
// CHECK:       i: 43
// CHECK:       op_type: "REF::Cast:{{[0-9]+}}"
// CHECK:       op_type: "REF::Exp:{{[0-9]+}}"
// CHECK:       i: 45
// CHECK:       op_type: "REF::Cast:{{[0-9]+}}"
// CHECK:       op_type: "REF::Cast:{{[0-9]+}}"
// CHECK:       op_type: "REF::Reshape:{{[0-9]+}}"
// CHECK:       op_type: "REF::Cast:{{[0-9]+}}"
// CHECK-NOT:   op_type: "REF::Tanh
// CHECK:       op_type: "REF::Maximum:{{[0-9]+}}"
// CHECK-NEXT:  attribute {
// CHECK-NEXT:    name: "shape"
// CHECK:       data_type: 1{{$}}
// CHECK:       op_type: "REF::Minimum:{{[0-9]+}}"
// CHECK:       op_type: "REF::Mul:{{[0-9]+}}"
// CHECK:       op_type: "REF::Expm1:{{[0-9]+}}"
// CHECK:       op_type: "REF::Add:{{[0-9]+}}"
// CHECK:       op_type: "REF::RealDiv:{{[0-9]+}}"
// CHECK:       op_type: "REF::Tanh:{{[0-9]+}}"
// CHECK-NEXT:  attribute {
// CHECK-NEXT:    name: "shape"
// CHECK:       data_type: 10{{$}}

// IMPORT:      mindspore.tanh %{{.*}} : tensor<2x3xf32>
// IMPORT-NOT:  mindspore.expm1
// IMPORT:      mindspore.tanh %{{.*}} : tensor<2x3xf16>
// IMPORT:      mindspore.constant dense<[1.000000e+00, 2.71828175]> : tensor<2xf32>
// IMPORT-NOT:  mindspore.exp %{{.*}} : tensor<2xf32>
