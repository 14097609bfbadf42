// Transposes of 1-byte elements that move the innermost axis are Vector
// transpose kernels (TransposeKernels.cpp): each tile widened to f16 by
// aicore.vcast, transposed by aicore.vtranspose and narrowed back. Cases:
// [1, 0] of i8 [37, 45] and of bool [16, 33], [1, 2, 0] of i8, a batch of
// [50, 140] i8 transposes in ragged tiles over 30 cores, bool NCHW -> NHWC;
// exact against torch.permute (inputs: transpose_kernel_1byte_runs.py).
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --atol 0 --inputs %S/Inputs/transpose-kernel-1byte.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --atol 0 --inputs %S/Inputs/transpose-kernel-1byte.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// KERNELS-NOT: mindspore.transpose
// KERNELS-DAG: aicore.kernel @Transpose_0({{.*}}view = array<i64: 1, 37, 45>}
// KERNELS-DAG: aicore.kernel @Transpose_1({{.*}}view = array<i64: 1, 16, 33>}
// KERNELS-DAG: aicore.kernel @Transpose_2({{.*}}view = array<i64: 1, 5, 420>}
// KERNELS-DAG: aicore.kernel @Transpose_3({{.*}}view = array<i64: 3, 50, 140>}, block_dim = 30
// KERNELS-DAG: aicore.kernel @Transpose_4({{.*}}view = array<i64: 2, 3, 35>}
// KERNELS-DAG: aicore.vcast %{{.*}}, %{{.*}} : memref<16x16xi1, strided<[32, 1]>, #aicore.space<ub>>, memref<16x16xf16, strided<[32, 1]>, #aicore.space<ub>>
// KERNELS-DAG: aicore.vcast %{{.*}}, %{{.*}} : memref<16x16xf16, strided<[32, 1]>, #aicore.space<ub>>, memref<16x16xi1, strided<[32, 1]>, #aicore.space<ub>>
// KERNELS-DAG: aicore.vtranspose %{{.*}}, %{{.*}} : memref<16x16xf16, strided<[32, 1]>, #aicore.space<ub>>
func.func @main(%x0: tensor<37x45xi8>, %x1: tensor<16x33xi1>, %x2: tensor<5x6x70xi8>, %x3: tensor<3x50x140xi8>, %x4: tensor<2x3x5x7xi1>) -> (tensor<45x37xi8>, tensor<33x16xi1>, tensor<6x70x5xi8>, tensor<3x140x50xi8>, tensor<2x5x7x3xi1>) {
  %r0 = mindspore.transpose %x0, [1, 0] : (tensor<37x45xi8>) -> tensor<45x37xi8>
  %r1 = mindspore.transpose %x1, [1, 0] : (tensor<16x33xi1>) -> tensor<33x16xi1>
  %r2 = mindspore.transpose %x2, [1, 2, 0] : (tensor<5x6x70xi8>) -> tensor<6x70x5xi8>
  %r3 = mindspore.transpose %x3, [0, 2, 1] : (tensor<3x50x140xi8>) -> tensor<3x140x50xi8>
  %r4 = mindspore.transpose %x4, [0, 2, 3, 1] : (tensor<2x3x5x7xi1>) -> tensor<2x5x7x3xi1>
  return %r0, %r1, %r2, %r3, %r4 : tensor<45x37xi8>, tensor<33x16xi1>, tensor<6x70x5xi8>, tensor<3x140x50xi8>, tensor<2x5x7x3xi1>
}
