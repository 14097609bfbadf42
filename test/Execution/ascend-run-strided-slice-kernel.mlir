// StridedSlices that are not a window of one axis become Vector kernels
// (StridedSliceKernels.cpp): a stride above 1 on the last axis loads each
// row's span GM -> UB and compacts it with aicore.vgather; otherwise
// (several cut axes, strides on outer axes only) a strided GM -> UB -> GM
// copy. x[:, ::2], a box with steps on three axes (f16, a batch of two),
// two cut axes with a step on the outer one (a copy), i32, a middle axis cut
// to one index, and two larger boxes in ragged tiles over many cores; exact
// against torch slicing (inputs: strided_slice_kernel_runs.py).
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --atol 0 --inputs %S/Inputs/strided-slice-kernel.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --atol 0 --inputs %S/Inputs/strided-slice-kernel.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// KERNELS-NOT: mindspore.strided_slice
// KERNELS-DAG: aicore.kernel @StridedSlice_0({{.*}}view = array<i64: 1, 7, 15>
// KERNELS-DAG: aicore.kernel @StridedSlice_1({{.*}}view = array<i64: 2, 3, 17>
// KERNELS-DAG: aicore.kernel @StridedSlice_2({{.*}}view = array<i64: 1, 3, 4>
// KERNELS-DAG: aicore.kernel @StridedSlice_3({{.*}}view = array<i64: 1, 5, 8>
// KERNELS-DAG: aicore.kernel @StridedSlice_4({{.*}}view = array<i64: 1, 3, 3>
// KERNELS-DAG: aicore.kernel @StridedSlice_5({{.*}}view = array<i64: 1, 50, 65>
// KERNELS-DAG: aicore.kernel @StridedSlice_6({{.*}}view = array<i64: 1, 28, 43>
// KERNELS-DAG: aicore.vgather %{{.*}}, %{{.*}}, %{{.*}} : memref<{{[0-9]+}}x{{[0-9]+}}xi32, #aicore.space<ub>>, memref<{{[0-9]+}}x8xi32, #aicore.space<ub>>, memref<{{[0-9]+}}x8xi32, #aicore.space<ub>>
func.func @main(%x0: tensor<7x30xf32>, %x1: tensor<4x9x50xf16>, %x2: tensor<6x10xf32>, %x3: tensor<5x40xi32>, %x4: tensor<3x8x6xf32>, %x5: tensor<150x131xf32>, %x6: tensor<64x300xf16>) -> (tensor<7x15xf32>, tensor<2x3x17xf16>, tensor<3x4xf32>, tensor<5x8xi32>, tensor<3x1x3xf32>, tensor<50x65xf32>, tensor<28x43xf16>) {
  %r0 = mindspore.strided_slice %x0 {begin = array<i64: 0, 0>, end = array<i64: 7, 30>, strides = array<i64: 1, 2>} : (tensor<7x30xf32>) -> tensor<7x15xf32>
  %r1 = mindspore.strided_slice %x1 {begin = array<i64: 1, 2, 1>, end = array<i64: 4, 9, 50>, strides = array<i64: 2, 3, 3>} : (tensor<4x9x50xf16>) -> tensor<2x3x17xf16>
  %r2 = mindspore.strided_slice %x2 {begin = array<i64: 1, 2>, end = array<i64: 6, 6>, strides = array<i64: 2, 1>} : (tensor<6x10xf32>) -> tensor<3x4xf32>
  %r3 = mindspore.strided_slice %x3 {begin = array<i64: 0, 3>, end = array<i64: 5, 40>, strides = array<i64: 1, 5>} : (tensor<5x40xi32>) -> tensor<5x8xi32>
  %r4 = mindspore.strided_slice %x4 {begin = array<i64: 0, 2, 0>, end = array<i64: 3, 3, 6>, strides = array<i64: 1, 1, 2>} : (tensor<3x8x6xf32>) -> tensor<3x1x3xf32>
  %r5 = mindspore.strided_slice %x5 {begin = array<i64: 0, 1>, end = array<i64: 150, 131>, strides = array<i64: 3, 2>} : (tensor<150x131xf32>) -> tensor<50x65xf32>
  %r6 = mindspore.strided_slice %x6 {begin = array<i64: 5, 0>, end = array<i64: 60, 300>, strides = array<i64: 2, 7>} : (tensor<64x300xf16>) -> tensor<28x43xf16>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : tensor<7x15xf32>, tensor<2x3x17xf16>, tensor<3x4xf32>, tensor<5x8xi32>, tensor<3x1x3xf32>, tensor<50x65xf32>, tensor<28x43xf16>
}
