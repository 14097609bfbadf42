// Concat alone becomes a copy kernel (SliceKernels.cpp, the Split kernel
// run the other way): the result viewed as [outer, axis * inner], each
// input its column window, [rows, cols] tiles GM -> UB -> GM. Cases: the
// last axis of [2, 1] and [2, 2] (f32), three f16 inputs on a middle axis,
// i64 on the first axis (one row: outer = 1), i8 on the last axis, one
// input joined twice (a group of one input), a 25000-wide f32 row (column
// tiles, the last ragged) and channels of NCHW joined in the other order;
// exact against torch.cat (inputs: concat_kernel_runs.py).
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --atol 0 --inputs %S/Inputs/concat-kernel.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --atol 0 --inputs %S/Inputs/concat-kernel.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// KERNELS-NOT: mindspore.concat
// KERNELS: aicore.launch @Concat_0(%arg0, %arg1)
// KERNELS: aicore.launch @Concat_1(%arg2, %arg3, %arg4)
// KERNELS: aicore.launch @Concat_2(%arg5, %arg6)
// KERNELS: aicore.launch @Concat_3(%arg7, %arg8)
// KERNELS: aicore.launch @Concat_4(%arg9)
// KERNELS: aicore.launch @Concat_5(%arg10, %arg11)
// KERNELS: aicore.launch @Concat_6(%arg13, %arg12)
// KERNELS-DAG: aicore.kernel @Concat_0({{.*}}view = array<i64: 2, 3>}
// KERNELS-DAG: aicore.kernel @Concat_1({{.*}}view = array<i64: 3, 65>}
// KERNELS-DAG: aicore.kernel @Concat_2({{.*}}view = array<i64: 1, 54>}
// KERNELS-DAG: aicore.kernel @Concat_3({{.*}}view = array<i64: 6, 17>}
// KERNELS-DAG: aicore.kernel @Concat_4({{.*}}view = array<i64: 101, 80>}, block_dim = 48
// KERNELS-DAG: aicore.kernel @Concat_5({{.*}}cols = 24576 : i64, rows = 1 : i64, view = array<i64: 1, 28000>}
// KERNELS-DAG: aicore.kernel @Concat_6({{.*}}view = array<i64: 2, 1960>}
func.func @main(%x0: tensor<2x1xf32>, %x1: tensor<2x2xf32>, %x2: tensor<3x4x5xf16>, %x3: tensor<3x2x5xf16>, %x4: tensor<3x7x5xf16>, %x5: tensor<4x6xi64>, %x6: tensor<5x6xi64>, %x7: tensor<2x3x8xi8>, %x8: tensor<2x3x9xi8>, %x9: tensor<101x40xf32>, %x10: tensor<1x25000xf32>, %x11: tensor<1x3000xf32>, %x12: tensor<2x16x7x7xf32>, %x13: tensor<2x24x7x7xf32>) -> (tensor<2x3xf32>, tensor<3x13x5xf16>, tensor<9x6xi64>, tensor<2x3x17xi8>, tensor<101x80xf32>, tensor<1x28000xf32>, tensor<2x40x7x7xf32>) {
  %r0 = mindspore.concat %x0, %x1 {axis = -1 : i64} : (tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x3xf32>
  %r1 = mindspore.concat %x2, %x3, %x4 {axis = 1 : i64} : (tensor<3x4x5xf16>, tensor<3x2x5xf16>, tensor<3x7x5xf16>) -> tensor<3x13x5xf16>
  %r2 = mindspore.concat %x5, %x6 {axis = 0 : i64} : (tensor<4x6xi64>, tensor<5x6xi64>) -> tensor<9x6xi64>
  %r3 = mindspore.concat %x7, %x8 {axis = 2 : i64} : (tensor<2x3x8xi8>, tensor<2x3x9xi8>) -> tensor<2x3x17xi8>
  %r4 = mindspore.concat %x9, %x9 {axis = 1 : i64} : (tensor<101x40xf32>, tensor<101x40xf32>) -> tensor<101x80xf32>
  %r5 = mindspore.concat %x10, %x11 {axis = 1 : i64} : (tensor<1x25000xf32>, tensor<1x3000xf32>) -> tensor<1x28000xf32>
  %r6 = mindspore.concat %x13, %x12 {axis = 1 : i64} : (tensor<2x24x7x7xf32>, tensor<2x16x7x7xf32>) -> tensor<2x40x7x7xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : tensor<2x3xf32>, tensor<3x13x5xf16>, tensor<9x6xi64>, tensor<2x3x17xi8>, tensor<101x80xf32>, tensor<1x28000xf32>, tensor<2x40x7x7xf32>
}
