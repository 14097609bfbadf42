// Vector groups whose transpose moves the innermost axis become Vector
// kernels: [a, b] tiles GM -> UB (MTE2, strided), aicore.vtranspose in UB
// (padded to whole 16 x 16 / 16 x 8 blocks), UB -> GM (MTE3, strided), two
// buffers of each, the tiles dealt over the vector cores. Every permutation
// is a batch of 2-D transposes: [1, 0], the transformer block's [1, 2, 0],
// batched [0, 2, 1], [2, 1, 0] (a batch axis between the two), NCHW <-> NHWC,
// a reshape that cuts the innermost axis, i32; ragged sizes throughout
// (inputs: transpose_kernel_runs.py, torch.permute, exact). The last two
// results are large transposes (many tiles per core, ragged edges, f32 and
// f16) of z = u * v minus the same values computed as v' * u': 0; then
// two transposes around a reshape in one group.
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --atol 0 --inputs %S/Inputs/transpose-kernel.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --atol 0 --inputs %S/Inputs/transpose-kernel.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch
//
// No transpose is left at the mindspore level, and every group is a kernel.
// KERNELS-NOT: mindspore.transpose
// KERNELS-DAG: aicore.kernel @Fused_Transpose_0({{.*}}view = array<i64: 1, 37, 45>
// KERNELS-DAG: aicore.kernel @Fused_Transpose_1({{.*}}view = array<i64: 1, 19, 120>
// KERNELS-DAG: aicore.kernel @Fused_Transpose_2({{.*}}view = array<i64: 2, 33, 50>
// KERNELS-DAG: aicore.kernel @Fused_Transpose_3({{.*}}view = array<i64: 6, 5, 7>
// KERNELS-DAG: aicore.kernel @Fused_Transpose_4({{.*}}view = array<i64: 2, 20, 30>
// KERNELS-DAG: aicore.kernel @Fused_Transpose_5({{.*}}view = array<i64: 2, 30, 20>
// KERNELS-DAG: aicore.kernel @Fused_Reshape_Transpose_6({{.*}}view = array<i64: 4, 3, 16>
// KERNELS-DAG: aicore.kernel @Fused_Transpose_7({{.*}}view = array<i64: 20, 3, 6>
// KERNELS-DAG: aicore.kernel @Fused_Transpose_8({{.*}}view = array<i64: 1, 300, 520>
// KERNELS-DAG: aicore.kernel @Fused_Transpose_9({{.*}}view = array<i64: 1, 70, 650>
// Two transposes around a reshape compose to one [2, 60] -> [60, 2]:
// KERNELS-DAG: aicore.kernel @Fused_Transpose_Reshape_Transpose_10({{.*}}view = array<i64: 1, 2, 60>
// The i32 [3, 6] tiles are transposed as one padded 16 x 8 block:
// KERNELS-DAG: aicore.vtranspose %{{.*}}, %{{.*}} : memref<16x8xi32, strided<[16, 1]>, #aicore.space<ub>>, memref<8x16xi32, strided<[16, 1]>, #aicore.space<ub>>
func.func @main(%x0: tensor<37x45xf32>, %x1: tensor<19x3x40xf16>, %x2: tensor<2x33x50xf32>, %x3: tensor<5x6x7xf16>, %x4: tensor<2x20x5x6xf32>, %x5: tensor<2x5x6x20xf16>, %x6: tensor<4x48xf32>, %x7: tensor<3x4x5x6xi32>, %u: tensor<300x1xf32>, %w: tensor<1x520xf32>, %p: tensor<70x1x1xf16>, %q: tensor<1x10x65xf16>, %c: tensor<2x3x20xf32>) -> (tensor<45x37xf32>, tensor<3x40x19xf16>, tensor<2x50x33xf32>, tensor<7x6x5xf16>, tensor<2x5x6x20xf32>, tensor<2x20x5x6xf16>, tensor<4x16x3xf32>, tensor<6x5x4x3xi32>, tensor<520x300xf32>, tensor<10x65x70xf16>, tensor<3x40xf32>) {
  %r0 = mindspore.fusion "vector" "Fused_Transpose_0" (%x0) : (tensor<37x45xf32>) -> tensor<45x37xf32> {
  ^bb0(%i: tensor<37x45xf32>):
    %t = mindspore.transpose %i, [1, 0] : (tensor<37x45xf32>) -> tensor<45x37xf32>
    mindspore.yield %t : tensor<45x37xf32>
  }
  %r1 = mindspore.fusion "vector" "Fused_Transpose_1" (%x1) : (tensor<19x3x40xf16>) -> tensor<3x40x19xf16> {
  ^bb0(%i: tensor<19x3x40xf16>):
    %t = mindspore.transpose %i, [1, 2, 0] : (tensor<19x3x40xf16>) -> tensor<3x40x19xf16>
    mindspore.yield %t : tensor<3x40x19xf16>
  }
  %r2 = mindspore.fusion "vector" "Fused_Transpose_2" (%x2) : (tensor<2x33x50xf32>) -> tensor<2x50x33xf32> {
  ^bb0(%i: tensor<2x33x50xf32>):
    %t = mindspore.transpose %i, [0, 2, 1] : (tensor<2x33x50xf32>) -> tensor<2x50x33xf32>
    mindspore.yield %t : tensor<2x50x33xf32>
  }
  %r3 = mindspore.fusion "vector" "Fused_Transpose_3" (%x3) : (tensor<5x6x7xf16>) -> tensor<7x6x5xf16> {
  ^bb0(%i: tensor<5x6x7xf16>):
    %t = mindspore.transpose %i, [2, 1, 0] : (tensor<5x6x7xf16>) -> tensor<7x6x5xf16>
    mindspore.yield %t : tensor<7x6x5xf16>
  }
  %r4 = mindspore.fusion "vector" "Fused_Transpose_4" (%x4) : (tensor<2x20x5x6xf32>) -> tensor<2x5x6x20xf32> {
  ^bb0(%i: tensor<2x20x5x6xf32>):
    %t = mindspore.transpose %i, [0, 2, 3, 1] : (tensor<2x20x5x6xf32>) -> tensor<2x5x6x20xf32>
    mindspore.yield %t : tensor<2x5x6x20xf32>
  }
  %r5 = mindspore.fusion "vector" "Fused_Transpose_5" (%x5) : (tensor<2x5x6x20xf16>) -> tensor<2x20x5x6xf16> {
  ^bb0(%i: tensor<2x5x6x20xf16>):
    %t = mindspore.transpose %i, [0, 3, 1, 2] : (tensor<2x5x6x20xf16>) -> tensor<2x20x5x6xf16>
    mindspore.yield %t : tensor<2x20x5x6xf16>
  }
  %r6 = mindspore.fusion "vector" "Fused_Reshape_Transpose_6" (%x6) : (tensor<4x48xf32>) -> tensor<4x16x3xf32> {
  ^bb0(%i: tensor<4x48xf32>):
    %v = mindspore.reshape %i, [4, 3, 16] : (tensor<4x48xf32>) -> tensor<4x3x16xf32>
    %t = mindspore.transpose %v, [0, 2, 1] : (tensor<4x3x16xf32>) -> tensor<4x16x3xf32>
    mindspore.yield %t : tensor<4x16x3xf32>
  }
  %r7 = mindspore.fusion "vector" "Fused_Transpose_7" (%x7) : (tensor<3x4x5x6xi32>) -> tensor<6x5x4x3xi32> {
  ^bb0(%i: tensor<3x4x5x6xi32>):
    %t = mindspore.transpose %i, [3, 2, 1, 0] : (tensor<3x4x5x6xi32>) -> tensor<6x5x4x3xi32>
    mindspore.yield %t : tensor<6x5x4x3xi32>
  }
  %z8 = mindspore.mul %u, %w : (tensor<300x1xf32>, tensor<1x520xf32>) -> tensor<300x520xf32>
  %r8 = mindspore.fusion "vector" "Fused_Transpose_8" (%z8) : (tensor<300x520xf32>) -> tensor<520x300xf32> {
  ^bb0(%i: tensor<300x520xf32>):
    %t = mindspore.transpose %i, [1, 0] : (tensor<300x520xf32>) -> tensor<520x300xf32>
    mindspore.yield %t : tensor<520x300xf32>
  }
  %ut = mindspore.reshape %u, [1, 300] : (tensor<300x1xf32>) -> tensor<1x300xf32>
  %wt = mindspore.reshape %w, [520, 1] : (tensor<1x520xf32>) -> tensor<520x1xf32>
  %e8 = mindspore.mul %wt, %ut : (tensor<520x1xf32>, tensor<1x300xf32>) -> tensor<520x300xf32>
  %d8 = mindspore.sub %r8, %e8 : (tensor<520x300xf32>, tensor<520x300xf32>) -> tensor<520x300xf32>
  %z9 = mindspore.mul %p, %q : (tensor<70x1x1xf16>, tensor<1x10x65xf16>) -> tensor<70x10x65xf16>
  %r9 = mindspore.fusion "vector" "Fused_Transpose_9" (%z9) : (tensor<70x10x65xf16>) -> tensor<10x65x70xf16> {
  ^bb0(%i: tensor<70x10x65xf16>):
    %t = mindspore.transpose %i, [1, 2, 0] : (tensor<70x10x65xf16>) -> tensor<10x65x70xf16>
    mindspore.yield %t : tensor<10x65x70xf16>
  }
  %pt = mindspore.reshape %p, [1, 1, 70] : (tensor<70x1x1xf16>) -> tensor<1x1x70xf16>
  %qt = mindspore.reshape %q, [10, 65, 1] : (tensor<1x10x65xf16>) -> tensor<10x65x1xf16>
  %e9 = mindspore.mul %qt, %pt : (tensor<10x65x1xf16>, tensor<1x1x70xf16>) -> tensor<10x65x70xf16>
  %d9 = mindspore.sub %r9, %e9 : (tensor<10x65x70xf16>, tensor<10x65x70xf16>) -> tensor<10x65x70xf16>
  %r10 = mindspore.fusion "vector" "Fused_Transpose_Reshape_Transpose_10" (%c) : (tensor<2x3x20xf32>) -> tensor<3x40xf32> {
  ^bb0(%i: tensor<2x3x20xf32>):
    %t = mindspore.transpose %i, [2, 0, 1] : (tensor<2x3x20xf32>) -> tensor<20x2x3xf32>
    %v = mindspore.reshape %t, [40, 3] : (tensor<20x2x3xf32>) -> tensor<40x3xf32>
    %s = mindspore.transpose %v, [1, 0] : (tensor<40x3xf32>) -> tensor<3x40xf32>
    mindspore.yield %s : tensor<3x40xf32>
  }
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %d8, %d9, %r10 : tensor<45x37xf32>, tensor<3x40x19xf16>, tensor<2x50x33xf32>, tensor<7x6x5xf16>, tensor<2x5x6x20xf32>, tensor<2x20x5x6xf16>, tensor<4x16x3xf32>, tensor<6x5x4x3xi32>, tensor<520x300xf32>, tensor<10x65x70xf16>, tensor<3x40xf32>
}
