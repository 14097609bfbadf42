// RUN: ascend-run %s --inputs %S/Inputs/outlined-ops.runs --print-outputs --timing 2>&1 | FileCheck %s
// RUN: ascend-run %s --inputs %S/Inputs/outlined-ops.runs --print-outputs --no-outline --timing 2>&1 | FileCheck %s --check-prefix=INLINE

// ascend-run compiles each distinct graph op once: the three relu ops on
// tensor<2x4xf32> are one function, the entry a list of five calls run by
// the host (a parameter read in between, a value returned and read again).
// CHECK: ascend-run: @main: run by the host as a list of 5 calls
// CHECK-NEXT: ascend-run: @main: 5 graph ops outlined into 3 distinct functions
// CHECK: JIT: translate to LLVM IR
// CHECK: run 0 output 0: dense<{{\[\[}}3.000000e+00, 1.000000e+00, 5.000000e+00, 0.000000e+00], [2.000000e+00, 1.000000e+00, 3.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// CHECK: run 0 output 1: dense<{{\[\[}}1.000000e+00, 0.000000e+00, 3.000000e+00, 0.000000e+00], [5.000000e-01, 0.000000e+00, 2.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// CHECK: run 0: max abs error 0, {{.*}}: ok
// CHECK: run 1 output 0: dense<{{\[\[}}1.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00], [1.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// CHECK: run 1 output 1: dense<0.000000e+00> : tensor<2x4xf32>

// The same results with every op inline in one function.
// INLINE-NOT: outlined
// INLINE: JIT: translate to LLVM IR
// INLINE: run 0 output 0: dense<{{\[\[}}3.000000e+00, 1.000000e+00, 5.000000e+00, 0.000000e+00], [2.000000e+00, 1.000000e+00, 3.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// INLINE: run 0: max abs error 0, {{.*}}: ok

mindspore.parameter @w : tensor<4xf32> = dense<[1.0, 1.0, -1.0, -1.0]> : tensor<4xf32>
func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %a = mindspore.relu %x : tensor<2x4xf32>
  %w = mindspore.load @w : tensor<4xf32>
  %b = mindspore.bias_add %a, %w : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %c = mindspore.relu %b : tensor<2x4xf32>
  %d = mindspore.add %a, %c : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %e = mindspore.relu %d : tensor<2x4xf32>
  return %e, %a : tensor<2x4xf32>, tensor<2x4xf32>
}
