// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/aicore-chain.runs --print-outputs | FileCheck %s
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/aicore-chain.runs --print-lowered | FileCheck %s --check-prefix=KERNEL
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/aicore-chain.runs --print-lowered | grep -o -e "llvm.call @malloc" -e "llvm.call @free" | sort | uniq -c | FileCheck %s --check-prefix=FREED

// An aicore-level module runs on the CPU: the two matmuls are AI Core kernel
// launches (the second with its bias_add fused), between mindspore ops on
// tensors.

// CHECK: run 0 output 0: dense<{{\[\[}}-1.050000e+01, -1.000000e+00, 1.300000e+01], [-1.250000e+01, -1.000000e+00, 1.500000e+01]]> : tensor<2x3xf32>
// CHECK: run 0 output 1: dense<{{\[\[}}5.000000e+00, 6.000000e+00, 0.000000e+00, 0.000000e+00], [1.300000e+01, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// CHECK: run 0: max abs error 0, max rel error 0 (tolerance atol 1e-05 x max(1, max |eager|)): ok

// The kernels' on-chip buffers (L1, L0A, L0B, L0C, UB) are stack allocations.
// KERNEL-LABEL: llvm.func @matmul_2x3x4_f32_bias(
// KERNEL-NOT: llvm.call @malloc
// KERNEL: llvm.alloca
// KERNEL-NOT: llvm.call @malloc
// KERNEL: llvm.return

// Every heap buffer of the graph, including the result buffer of the first
// launch (a temporary), is freed: as many frees as mallocs.
// FREED: {{^ *}}[[N:[1-9][0-9]*]] llvm.call @free
// FREED-NEXT: {{^ *}}[[N]] llvm.call @malloc

func.func @main(%x: tensor<2x8xf32>, %y: tensor<8x4xf32>, %z: tensor<4x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x4xf32>) {
  %h = mindspore.matmul %x, %y : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  %a = mindspore.relu %h : tensor<2x4xf32>
  %m = mindspore.matmul %a, %z : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %r = mindspore.bias_add %m, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r, %a : tensor<2x3xf32>, tensor<2x4xf32>
}
