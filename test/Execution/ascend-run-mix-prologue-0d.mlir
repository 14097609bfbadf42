// A MIX kernel whose AIV prologue reads a 0-d operand: x clamped from above
// by a number Python read from a tensor (`torch.clamp(x, max=s.item())`),
// then a Linear (generated control-flow program 882). The 0-d GM argument is
// viewed as [1] (an expand_shape); it was an invalid memref.collapse_shape
// ("source rank 0 and result rank 1") and the program did not compile.
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNEL < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/mix-prologue-0d.runs | FileCheck %s

// KERNEL: aicore.kernel @Fused_Minimum_Sigmoid_Mul_Sub_MatMul
// KERNEL: memref.expand_shape %{{.*}} [] output_shape [1] : memref<f32, #aicore.space<gm>> into memref<1xf32, #aicore.space<gm>>
// KERNEL-NOT: mindspore.fusion
// CHECK: run 0: {{.*}}: ok

func.func @main(%x: tensor<1x3xf32>, %s: tensor<f32>, %w: tensor<3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3xf32> {
  %r = mindspore.fusion "mix" "Fused_Minimum_Sigmoid_Mul_Sub_MatMul"(%x, %s, %w, %b) : (tensor<1x3xf32>, tensor<f32>, tensor<3x3xf32>, tensor<3xf32>) -> tensor<1x3xf32> {
  ^bb0(%a: tensor<1x3xf32>, %t: tensor<f32>, %m: tensor<3x3xf32>, %c: tensor<3xf32>):
    %k = mindspore.constant dense<0.949999988> : tensor<f32>
    %h = mindspore.constant dense<5.000000e-01> : tensor<f32>
    %0 = mindspore.minimum %a, %t : (tensor<1x3xf32>, tensor<f32>) -> tensor<1x3xf32>
    %1 = mindspore.sigmoid %0 : tensor<1x3xf32>
    %2 = mindspore.mul %1, %k : (tensor<1x3xf32>, tensor<f32>) -> tensor<1x3xf32>
    %3 = mindspore.sub %2, %h : (tensor<1x3xf32>, tensor<f32>) -> tensor<1x3xf32>
    %4 = mindspore.matmul %3, %m {transpose_b = true} : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
    %5 = mindspore.bias_add %4, %c : (tensor<1x3xf32>, tensor<3xf32>) -> tensor<1x3xf32>
    %6 = mindspore.tanh %5 : tensor<1x3xf32>
    mindspore.yield %6 : tensor<1x3xf32>
  }
  return %r : tensor<1x3xf32>
}
