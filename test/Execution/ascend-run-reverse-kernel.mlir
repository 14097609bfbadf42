// ReverseV2 (torch.flip) becomes a strided-box copy kernel
// (ReverseKernels.cpp, StridedSliceKernels.cpp) for any axes, rank and
// element type: the axes merged into runs of reversed and kept axes, the
// reversed outer runs only move a tile's source, a reversed innermost run
// (and a tile's rows when the run next to it is reversed) is put in order
// by aicore.vgather with descending offsets. Cases: the last axis (f32),
// the first axis of [20, 20] (rows gathered backwards), outer and last
// axes with a batch (f16), a middle axis (i32, rows gathered), a middle
// pair in i64 and the first axis in i8 (no vgather: one row per tile,
// placed backwards), all axes of [75, 131] merged into one run in ragged
// column tiles, the first axis in f16 over 48 cores, the last and a
// middle axis of a rank-4 tensor, axes of size 1 only (a plain copy), the
// last axis of [96, 500] over 48 cores, the first axis in i64 and both
// axes in bf16; exact against torch.flip (inputs: reverse_kernel_runs.py).
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --atol 0 --inputs %S/Inputs/reverse-kernel.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --atol 0 --inputs %S/Inputs/reverse-kernel.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// KERNELS-NOT: mindspore.reverse_v2
// KERNELS-DAG: aicore.kernel @ReverseV2_0({{.*}}view = array<i64: 1, 7, 30>
// KERNELS-DAG: aicore.kernel @ReverseV2_1({{.*}}view = array<i64: 1, 20, 20>
// KERNELS-DAG: aicore.kernel @ReverseV2_2({{.*}}view = array<i64: 4, 9, 50>
// KERNELS-DAG: aicore.kernel @ReverseV2_3({{.*}}view = array<i64: 3, 5, 6>
// KERNELS-DAG: aicore.kernel @ReverseV2_4({{.*}}view = array<i64: 24, 1, 5>
// KERNELS-DAG: aicore.kernel @ReverseV2_5({{.*}}view = array<i64: 6, 1, 33>
// KERNELS-DAG: aicore.kernel @ReverseV2_6({{.*}}view = array<i64: 1, 1, 9825>
// KERNELS-DAG: aicore.kernel @ReverseV2_7({{.*}}view = array<i64: 1, 48, 300>}, block_dim = 48
// KERNELS-DAG: aicore.kernel @ReverseV2_8({{.*}}view = array<i64: 6, 4, 5>
// KERNELS-DAG: aicore.kernel @ReverseV2_9({{.*}}view = array<i64: 1, 1, 48>
// KERNELS-DAG: aicore.kernel @ReverseV2_10({{.*}}view = array<i64: 1, 96, 500>}, block_dim = 48
// KERNELS-DAG: aicore.kernel @ReverseV2_11({{.*}}view = array<i64: 3, 1, 280>
// KERNELS-DAG: aicore.kernel @ReverseV2_12({{.*}}view = array<i64: 1, 1, 200>
func.func @main(%x0: tensor<7x30xf32>, %x1: tensor<20x20xf32>, %x2: tensor<4x9x50xf16>, %x3: tensor<3x5x6xi32>, %x4: tensor<2x3x4x5xi64>, %x5: tensor<6x33xi8>, %x6: tensor<75x131xf32>, %x7: tensor<48x300xf16>, %x8: tensor<2x3x4x5xf32>, %x9: tensor<1x8x1x6xf32>, %x10: tensor<96x500xf32>, %x11: tensor<3x4x70xi64>, %x12: tensor<5x40xbf16>) -> (tensor<7x30xf32>, tensor<20x20xf32>, tensor<4x9x50xf16>, tensor<3x5x6xi32>, tensor<2x3x4x5xi64>, tensor<6x33xi8>, tensor<75x131xf32>, tensor<48x300xf16>, tensor<2x3x4x5xf32>, tensor<1x8x1x6xf32>, tensor<96x500xf32>, tensor<3x4x70xi64>, tensor<5x40xbf16>) {
  %r0 = mindspore.reverse_v2 %x0 {axis = array<i64: 1>} : tensor<7x30xf32>
  %r1 = mindspore.reverse_v2 %x1 {axis = array<i64: 0>} : tensor<20x20xf32>
  %r2 = mindspore.reverse_v2 %x2 {axis = array<i64: 0, 2>} : tensor<4x9x50xf16>
  %r3 = mindspore.reverse_v2 %x3 {axis = array<i64: 1>} : tensor<3x5x6xi32>
  %r4 = mindspore.reverse_v2 %x4 {axis = array<i64: 1, 2>} : tensor<2x3x4x5xi64>
  %r5 = mindspore.reverse_v2 %x5 {axis = array<i64: 0>} : tensor<6x33xi8>
  %r6 = mindspore.reverse_v2 %x6 {axis = array<i64: 0, 1>} : tensor<75x131xf32>
  %r7 = mindspore.reverse_v2 %x7 {axis = array<i64: 0>} : tensor<48x300xf16>
  %r8 = mindspore.reverse_v2 %x8 {axis = array<i64: 3, 1>} : tensor<2x3x4x5xf32>
  %r9 = mindspore.reverse_v2 %x9 {axis = array<i64: 0, 2>} : tensor<1x8x1x6xf32>
  %r10 = mindspore.reverse_v2 %x10 {axis = array<i64: 1>} : tensor<96x500xf32>
  %r11 = mindspore.reverse_v2 %x11 {axis = array<i64: 0>} : tensor<3x4x70xi64>
  %r12 = mindspore.reverse_v2 %x12 {axis = array<i64: 0, 1>} : tensor<5x40xbf16>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12 : tensor<7x30xf32>, tensor<20x20xf32>, tensor<4x9x50xf16>, tensor<3x5x6xi32>, tensor<2x3x4x5xi64>, tensor<6x33xi8>, tensor<75x131xf32>, tensor<48x300xf16>, tensor<2x3x4x5xf32>, tensor<1x8x1x6xf32>, tensor<96x500xf32>, tensor<3x4x70xi64>, tensor<5x40xbf16>
}
