// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics | FileCheck %s

// Vector kernels for reductions over leading or middle axes, channel
// vectors broadcast over a batch, and rows computed before their broadcast
// (docs/AICoreKernels.md). The kernel model accepts every kernel's flags and
// the buffer planner places every buffer.

// A sum over axis 0 of [300, 37]: the view is [outer 1, red 300, inner 37];
// inner is cut into chunks of 8 columns (one 32-byte block of f32) so that
// five units share the cores, the last chunk 5 columns wide. Each unit
// loads its 300 rows in one tile (every GM transfer has a fixed cost, so the
// model prefers few large ones), folds it onto its first row by halving
// (300 -> 150 -> 75 -> 38 -> 19 -> 10 -> 5 -> 3 -> 2 -> 1 rows: the middle
// row of an odd count stays) and adds that row into the accumulator.
// CHECK-LABEL: aicore.kernel @Fused_ReduceSum_0
// CHECK-SAME: aicore.tile = {rows = 300 : i64, view = array<i64: 1, 300, 37>, width = 8 : i64}, block_dim = 5
// CHECK-DAG: aicore.alloc {aicore.name = "in0.ping", {{.*}}} : memref<300x8xf32, #aicore.space<ub>>
// CHECK-DAG: %[[ACC:.*]] = aicore.alloc {aicore.name = "acc", {{.*}}} : memref<1x8xf32, #aicore.space<ub>>
// CHECK: %[[CHUNK:.*]] = arith.remui %{{.*}}, %c5
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[CHUNK]], %c4
// CHECK: scf.if %[[LAST]] {
// CHECK: aicore.wait_flag mte3 -> v, 0
// CHECK-NEXT: aicore.vdup %[[ACC]], 0.000000e+00 : f32
// CHECK-NOT: scf.for
// CHECK: aicore.copy %{{.*}}, %[[INB:.*]] : memref<300x5xf32, strided<[37, 1], offset: ?>, #aicore.space<gm>> to memref<300x5xf32, strided<[8, 1]>, #aicore.space<ub>>
// CHECK: aicore.set_flag mte2 -> v, 0
// CHECK-NEXT: aicore.wait_flag mte2 -> v, 0
// CHECK-NEXT: %[[LO:.*]] = memref.subview %[[BUF:.*]][0, 0] [150, 8] [1, 1]
// CHECK-NEXT: %[[HI:.*]] = memref.subview %[[BUF]][150, 0] [150, 8] [1, 1]
// CHECK-NEXT: aicore.vadd %[[LO]], %[[HI]], %[[LO]]
// CHECK: memref.subview %[[BUF]][75, 0] [75, 8] [1, 1]
// CHECK: memref.subview %[[BUF]][38, 0] [37, 8] [1, 1]
// CHECK: memref.subview %[[BUF]][19, 0] [19, 8] [1, 1]
// CHECK: memref.subview %[[BUF]][10, 0] [9, 8] [1, 1]
// CHECK: memref.subview %[[BUF]][5, 0] [5, 8] [1, 1]
// CHECK: memref.subview %[[BUF]][3, 0] [2, 8] [1, 1]
// CHECK: memref.subview %[[BUF]][2, 0] [1, 8] [1, 1]
// CHECK: memref.subview %[[BUF]][1, 0] [1, 8] [1, 1]
// CHECK: %[[ROW:.*]] = memref.subview %[[BUF]][0, 0] [1, 8] [1, 1]
// CHECK-NEXT: aicore.vadd %[[ACC]], %[[ROW]], %[[ACC]]
// CHECK-NEXT: aicore.set_flag v -> mte2, 0
// CHECK: aicore.set_flag v -> mte3, 0
// CHECK-NEXT: aicore.wait_flag v -> mte3, 0
// CHECK: %[[OUTROW:.*]] = memref.subview %[[ACC]][0, 0] [1, 5] [1, 1]
// CHECK-NEXT: aicore.copy %[[OUTROW]], %{{.*}} : memref<1x5xf32, strided<[8, 1]>, #aicore.space<ub>> to memref<1x5xf32, strided<[37, 1], offset: ?>, #aicore.space<gm>>
// CHECK-NEXT: aicore.set_flag mte3 -> v, 0
// CHECK: } else {
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<300x8xf32, strided<[37, 1], offset: ?>, #aicore.space<gm>> to memref<300x8xf32, #aicore.space<ub>>
func.func @column_sum(%x: tensor<300x37xf32>) -> tensor<37xf32> {
  %r = mindspore.fusion "reduction" "Fused_ReduceSum_0" (%x) : (tensor<300x37xf32>) -> tensor<37xf32> {
  ^bb0(%a: tensor<300x37xf32>):
    %s = mindspore.reduce_sum %a, [0] : (tensor<300x37xf32>) -> tensor<37xf32>
    mindspore.yield %s : tensor<37xf32>
  }
  return %r : tensor<37xf32>
}

// An f16 mean over the middle axis of [2, 999, 130]: chunks of 16 columns
// (one block of f16), the last 2 wide; 999 rows in tiles of 500 (the last
// 499: fewer, longer tiles since each Vector instruction has a startup
// and completion cost, AICoreVectorCosts). The work before the reduction (x * 0.5, an immediate) runs on each
// tile; the f16 values are summed in f32 (vcast to the "fold" tile) and the
// accumulated row is scaled by 1/999 and cast back to f16 once per unit.
// CHECK-LABEL: aicore.kernel @Fused_Mul_ReduceMean_1
// CHECK-SAME: aicore.tile = {rows = 500 : i64, view = array<i64: 2, 999, 130>, width = 16 : i64}, block_dim = 18
// CHECK-DAG: %[[T:.*]] = aicore.alloc {aicore.name = "t0", {{.*}}} : memref<500x16xf16, #aicore.space<ub>>
// CHECK-DAG: %[[FOLD:.*]] = aicore.alloc {aicore.name = "fold", {{.*}}} : memref<500x16xf32, #aicore.space<ub>>
// CHECK-DAG: %[[ACC:.*]] = aicore.alloc {aicore.name = "acc", {{.*}}} : memref<1x16xf32, #aicore.space<ub>>
// CHECK-DAG: %[[RED:.*]] = aicore.alloc {aicore.name = "reduced", {{.*}}} : memref<1x16xf16, #aicore.space<ub>>
// CHECK: aicore.vmuls %{{.*}}, %[[T]], 5.000000e-01 : f16
// CHECK-NEXT: aicore.vcast %[[T]], %[[FOLD]] : memref<500x16xf16, #aicore.space<ub>>, memref<500x16xf32, #aicore.space<ub>>
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<499x2xf16, strided<[130, 1], offset: ?>, #aicore.space<gm>> to memref<499x2xf16, strided<[16, 1]>, #aicore.space<ub>>
// CHECK: aicore.vmuls %[[ACC]], %[[ACC]], 0.00100100099 : f32
// CHECK-NEXT: aicore.vcast %[[ACC]], %[[RED]] : memref<1x16xf32, #aicore.space<ub>>, memref<1x16xf16, #aicore.space<ub>>
func.func @middle_mean_f16(%x: tensor<2x999x130xf16>) -> tensor<2x130xf16> {
  %r = mindspore.fusion "reduction" "Fused_Mul_ReduceMean_1" (%x) : (tensor<2x999x130xf16>) -> tensor<2x130xf16> {
  ^bb0(%a: tensor<2x999x130xf16>):
    %c = mindspore.constant dense<5.000000e-01> : tensor<f16>
    %m = mindspore.mul %a, %c : (tensor<2x999x130xf16>, tensor<f16>) -> tensor<2x999x130xf16>
    %s = mindspore.reduce_mean %m, [1] : (tensor<2x999x130xf16>) -> tensor<2x130xf16>
    mindspore.yield %s : tensor<2x130xf16>
  }
  return %r : tensor<2x130xf16>
}

// Per-channel scale and shift [1, 5, 1, 1] over [3, 5, 7, 11]: the view is
// [15, 77] and each channel vector a column that repeats every 5 rows; a
// tile's rows (here 1, which divides 5) read rows (row mod 5) of the
// vectors' [5, 1] views.
// CHECK-LABEL: aicore.kernel @Fused_Mul_Add_2
// CHECK-SAME: aicore.tile = {rows = 1 : i64, view = array<i64: 15, 77>}, block_dim = 15
// CHECK: %[[SCALE:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [5, 1] : memref<5xf32, #aicore.space<gm>> into memref<5x1xf32, #aicore.space<gm>>
// CHECK: %[[P:.*]] = arith.remui %{{.*}}, %c5
// CHECK-NEXT: %[[COL:.*]] = memref.subview %[[SCALE]][%[[P]], 0] [1, 1] [1, 1]
// CHECK-NEXT: aicore.copy %[[COL]], %{{.*}} : memref<1x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>> to memref<1x1xf32, #aicore.space<ub>>
// CHECK: aicore.vbroadcast %{{.*}}, %{{.*}} : memref<1x1xf32, #aicore.space<ub>>, memref<1x77xf32, #aicore.space<ub>>
// CHECK-NEXT: aicore.vmul
func.func @channel_scale(%x: tensor<3x5x7x11xf32>, %g: tensor<1x5x1x1xf32>, %b: tensor<1x5x1x1xf32>) -> tensor<3x5x7x11xf32> {
  %r = mindspore.fusion "vector" "Fused_Mul_Add_2" (%x, %g, %b) : (tensor<3x5x7x11xf32>, tensor<1x5x1x1xf32>, tensor<1x5x1x1xf32>) -> tensor<3x5x7x11xf32> {
  ^bb0(%a: tensor<3x5x7x11xf32>, %s: tensor<1x5x1x1xf32>, %t: tensor<1x5x1x1xf32>):
    %m = mindspore.mul %a, %s : (tensor<3x5x7x11xf32>, tensor<1x5x1x1xf32>) -> tensor<3x5x7x11xf32>
    %y = mindspore.add %m, %t : (tensor<3x5x7x11xf32>, tensor<1x5x1x1xf32>) -> tensor<3x5x7x11xf32>
    mindspore.yield %y : tensor<3x5x7x11xf32>
  }
  return %r : tensor<3x5x7x11xf32>
}

// A row computed in the group before its broadcast, `x + (e + 1) * 2`: the
// row is loaded once, computed once on [1, 37] buffers (immediates) and
// broadcast once to the tile's 3 rows, before the tiles.
// CHECK-LABEL: aicore.kernel @Fused_Add_Mul_Add_3
// CHECK-DAG: %[[E:.*]] = aicore.alloc {aicore.name = "in1.once", {{.*}}} : memref<1x37xf32, #aicore.space<ub>>
// CHECK-DAG: %[[B:.*]] = aicore.alloc {aicore.name = "bcast0", {{.*}}} : memref<3x37xf32, #aicore.space<ub>>
// CHECK-DAG: %[[P:.*]] = aicore.alloc {aicore.name = "once0", {{.*}}} : memref<1x37xf32, #aicore.space<ub>>
// CHECK-DAG: %[[Q:.*]] = aicore.alloc {aicore.name = "once1", {{.*}}} : memref<1x37xf32, #aicore.space<ub>>
// CHECK: aicore.copy %{{.*}}, %[[E]] : memref<1x37xf32, #aicore.space<gm>> to memref<1x37xf32, #aicore.space<ub>>
// CHECK-NEXT: aicore.set_flag mte2 -> v, 2
// CHECK-NEXT: aicore.wait_flag mte2 -> v, 2
// CHECK-NEXT: aicore.vadds %[[E]], %[[P]], 1.000000e+00 : f32
// CHECK-NEXT: aicore.vmuls %[[P]], %[[Q]], 2.000000e+00 : f32
// CHECK-NEXT: aicore.vbroadcast %[[Q]], %[[B]]
// CHECK-NOT: aicore.vbroadcast
// CHECK: aicore.vadd %{{.*}}, %[[B]], %{{.*}}
func.func @row_before_broadcast(%x: tensor<100x37xf32>, %d: tensor<37xf32>) -> tensor<100x37xf32> {
  %r = mindspore.fusion "vector" "Fused_Add_Mul_Add_3" (%x, %d) : (tensor<100x37xf32>, tensor<37xf32>) -> tensor<100x37xf32> {
  ^bb0(%a: tensor<100x37xf32>, %e: tensor<37xf32>):
    %one = mindspore.constant dense<1.000000e+00> : tensor<f32>
    %two = mindspore.constant dense<2.000000e+00> : tensor<f32>
    %p = mindspore.add %e, %one : (tensor<37xf32>, tensor<f32>) -> tensor<37xf32>
    %q = mindspore.mul %p, %two : (tensor<37xf32>, tensor<f32>) -> tensor<37xf32>
    %y = mindspore.add %a, %q : (tensor<100x37xf32>, tensor<37xf32>) -> tensor<100x37xf32>
    mindspore.yield %y : tensor<100x37xf32>
  }
  return %r : tensor<100x37xf32>
}
