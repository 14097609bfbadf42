// REQUIRES: torch
// Binary ops for broadcast patterns that no 2-D view of one Vector kernel
// expresses: the first
// operand of another shape gets a BroadcastTo kernel of its own (a
// strided-box copy), then the op is a Vector kernel on full-size operands
// (LonePrimitives.cpp, docs/AICoreKernels.md "Primitives outside fusion
// groups"). Cases: [4, 1] / [1, 8] (an outer product: one kernel, the
// column and the row of one view), [2, 3, 1, 5] + [3, 4, 1] (both sides
// broadcast: the first materialized, the second a periodic column), a
// RealDiv of [2, 70000] by a [2, 1] column (rows of 273 KiB: one
// multi-pass kernel, WideRowKernels.cpp, that reads the column per row;
// it was a BroadcastTo kernel and the op), [6, 1, 8] x
// [6, 5, 8] (a middle axis). Checked on the CPU against PyTorch eager.
// RUN: %python %S/Inputs/broadcast_patterns_runs.py > %t.runs
// RUN: ascend-opt %s --ascend-graph-optimization-pipeline --ascend-mindspore-to-aicore-pipeline -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %t.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// KERNELS-NOT: = mindspore.
// KERNELS: %[[Q:.*]] = aicore.launch @RealDiv_{{[0-9]+}}(%arg0, %arg1) : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
// KERNELS-NEXT: %[[C:.*]] = aicore.launch @BroadcastTo_{{[0-9]+}}(%arg2) : (tensor<2x3x1x5xf32>) -> tensor<2x3x4x5xf32>
// KERNELS-NEXT: aicore.launch @Add_{{[0-9]+}}(%[[C]], %arg3) : (tensor<2x3x4x5xf32>, tensor<3x4x1xf32>) -> tensor<2x3x4x5xf32>
// KERNELS-NEXT: aicore.launch @RealDiv_{{[0-9]+}}(%arg4, %arg5) : (tensor<2x70000xf32>, tensor<2x1xf32>) -> tensor<2x70000xf32>
// KERNELS-NEXT: %[[X:.*]] = aicore.launch @BroadcastTo_{{[0-9]+}}(%arg6) : (tensor<6x1x8xf32>) -> tensor<6x5x8xf32>
// KERNELS-NEXT: aicore.launch @Mul_{{[0-9]+}}(%[[X]], %arg7) : (tensor<6x5x8xf32>, tensor<6x5x8xf32>) -> tensor<6x5x8xf32>
// KERNELS-NOT: = mindspore.
func.func @main(%a: tensor<4x1xf32>, %b: tensor<1x8xf32>, %c: tensor<2x3x1x5xf32>, %d: tensor<3x4x1xf32>, %e: tensor<2x70000xf32>, %f: tensor<2x1xf32>, %g: tensor<6x1x8xf32>, %h: tensor<6x5x8xf32>) -> (tensor<4x8xf32>, tensor<2x3x4x5xf32>, tensor<2x70000xf32>, tensor<6x5x8xf32>) {
  %0 = mindspore.real_div %a, %b : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %1 = mindspore.add %c, %d : (tensor<2x3x1x5xf32>, tensor<3x4x1xf32>) -> tensor<2x3x4x5xf32>
  %2 = mindspore.real_div %e, %f : (tensor<2x70000xf32>, tensor<2x1xf32>) -> tensor<2x70000xf32>
  %3 = mindspore.mul %g, %h : (tensor<6x1x8xf32>, tensor<6x5x8xf32>) -> tensor<6x5x8xf32>
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<2x3x4x5xf32>, tensor<2x70000xf32>, tensor<6x5x8xf32>
}
