// BatchMatMul as a Cube kernel and as the Cube part of a MIX kernel, and
// Transposes in a MIX epilogue stored through the permutation (one strided
// GM copy per tile when its rows are equally spaced in the result, else
// one copy per row), with 16 x 16 x 16 tiles: batch 3, M = 17 (a full and a
// one-row tile), N = 40 (16, 16 and 8 columns), K = 24.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,1 -verify-diagnostics -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// Every kernel passes the buffer planner and the kernel model's race and
// deadlock check, with the searched tiling too.
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics | FileCheck %s --check-prefix=MODEL
// MODEL-DAG: aicore.kernel @batch_matmul_3x17x40x24_f32_tb({{.*}}aicore.estimate = {cycles =
// MODEL-DAG: aicore.kernel @Fused_BatchMatMul_ReLU_0({{.*}}aicore.estimate = {aiv_cores = 2 : i64, cycles =
// MODEL-DAG: aicore.kernel @Fused_BatchMatMul_Transpose_1({{.*}}aicore.estimate = {cycles =
// MODEL-DAG: aicore.kernel @Fused_MatMul_Transpose_Add_2({{.*}}aicore.estimate = {aiv_cores = 2 : i64, cycles =

// The images are stacked in M: A [51, 24], B [120, 24] (each image's 40
// rows of B^T), the result [51, 40]; 3 images x 2 x 3 tiles on 18 cores.
// CHECK-LABEL: func.func @batch_matmul
// CHECK: aicore.launch @batch_matmul_3x17x40x24_f32_tb(%arg0, %arg1)
// CHECK-LABEL: func.func @batch_matmul_relu
// CHECK: aicore.launch @Fused_BatchMatMul_ReLU_0(%arg0, %arg1)
// CHECK-LABEL: func.func @heads_merged
// CHECK: aicore.launch @Fused_BatchMatMul_Transpose_1(%arg0, %arg1) : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<17x120xf32>
// CHECK-LABEL: func.func @transposed_residual
// CHECK: aicore.launch @Fused_MatMul_Transpose_Add_2(%arg0, %arg1, %arg2)
// A row along N after a transpose that keeps N innermost is still a row of
// the tile; the other groups are inlined around Cube kernels (their
// transposes that keep the innermost axis are copy kernels).
// CHECK-LABEL: func.func @kept
// CHECK: aicore.launch @Transpose_{{[0-9]+}}(
// CHECK: aicore.launch @Fused_MatMul_Transpose_Add_5(

// The MIX kernel: the Cube part reads image i's B at rows i * 40 of the
// stacked B^T, hands each tile over through the workspace, and the AIVs
// write [rows, cols] blocks of the stacked [51, 40] result.
// CHECK-LABEL: aicore.kernel @Fused_BatchMatMul_ReLU_0
// CHECK-SAME: block_dim = 18
// CHECK: memref.collapse_shape %arg1 {{\[}}[0, 1], [2]] : memref<3x40x24xf32, #aicore.space<gm>> into memref<120x24xf32, #aicore.space<gm>>
// CHECK: aicore.on_core aic
// CHECK: aicore.cross_core_set_flag fix, 0
// CHECK: aicore.on_core aiv
// CHECK: aicore.vrelu

// Only a transpose [3, 17, 40] -> [17, 3, 40] (and a reshape): the Cube
// FIX-writes each tile to rows 120 elements apart, no Vector part.
// CHECK-LABEL: aicore.kernel @Fused_BatchMatMul_Transpose_1
// CHECK-NOT: workspace_bytes
// CHECK: memref.expand_shape {{.*}} output_shape [17, 3, 40]
// CHECK: memref.subview {{.*}} [16, 1, 16] [1, 1, 1] : memref<17x3x40xf32, #aicore.space<gm>> to memref<16x16xf32, strided<[120, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.copy {{.*}} : memref<16x16xf32, #aicore.space<l0c>> to memref<16x16xf32, strided<[120, 1], offset: ?>, #aicore.space<gm>>
// CHECK-NOT: aicore.on_core
// CHECK: aicore.return

// Rows (s, b) of a [34, 40] MatMul transposed to [b, s, n]: consecutive
// rows are 680 and 40 elements apart. A chunk of 8 rows (from an even row)
// holds 4 rows of each b, 40 elements apart in GM and 2 rows apart in UB:
// two strided copies each way. The last tile's rows (32 and 33, one per
// AIV) go one row at a time.
// CHECK-LABEL: aicore.kernel @Fused_MatMul_Transpose_Add_2
// CHECK: aicore.on_core aiv
// CHECK: aicore.copy {{.*}} : memref<4x16xf32, strided<[40, 1], offset: ?>, #aicore.space<gm>> to memref<4x16xf32, strided<[32, 1]>, #aicore.space<ub>>
// CHECK: aicore.copy {{.*}} : memref<4x16xf32, strided<[40, 1], offset: ?>, #aicore.space<gm>> to memref<4x16xf32, strided<[32, 1], offset: 16>, #aicore.space<ub>>
// CHECK: aicore.vadd
// CHECK: aicore.copy {{.*}} : memref<4x16xf32, strided<[32, 1]>, #aicore.space<ub>> to memref<4x16xf32, strided<[40, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.copy {{.*}} : memref<4x16xf32, strided<[32, 1], offset: 16>, #aicore.space<ub>> to memref<4x16xf32, strided<[40, 1], offset: ?>, #aicore.space<gm>>
// CHECK: scf.for
// CHECK: memref.expand_shape {{.*}} output_shape [1, 16]
// CHECK: aicore.copy {{.*}} : memref<1x16xf32, strided<[16, 1], offset: ?>, #aicore.space<ub>> to memref<1x16xf32, strided<[16, 1], offset: ?>, #aicore.space<gm>>

// The standalone BatchMatMul: stacked operands, 18 blocks.
// CHECK-LABEL: aicore.kernel @batch_matmul_3x17x40x24_f32_tb
// CHECK-SAME: block_dim = 18
// CHECK: memref.collapse_shape %arg0 {{\[}}[0, 1], [2]] : memref<3x17x24xf32, #aicore.space<gm>> into memref<51x24xf32, #aicore.space<gm>>
// CHECK: memref.collapse_shape %arg2 {{\[}}[0, 1], [2]] : memref<3x17x40xf32, #aicore.space<gm>> into memref<51x40xf32, #aicore.space<gm>>
// CHECK: aicore.mmad

func.func @batch_matmul(%x: tensor<3x17x24xf32>, %yt: tensor<3x40x24xf32>) -> tensor<3x17x40xf32> {
  %p = mindspore.batch_matmul %x, %yt {transpose_b = true} : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<3x17x40xf32>
  return %p : tensor<3x17x40xf32>
}
func.func @batch_matmul_relu(%x: tensor<3x17x24xf32>, %yt: tensor<3x40x24xf32>) -> tensor<3x17x40xf32> {
  %o = mindspore.fusion "mix" "Fused_BatchMatMul_ReLU_0" (%x, %yt) : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<3x17x40xf32> {
  ^bb0(%a0: tensor<3x17x24xf32>, %a1: tensor<3x40x24xf32>):
    %m = mindspore.batch_matmul %a0, %a1 {transpose_b = true} : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<3x17x40xf32>
    %t = mindspore.relu %m : tensor<3x17x40xf32>
    mindspore.yield %t : tensor<3x17x40xf32>
  }
  return %o : tensor<3x17x40xf32>
}
func.func @heads_merged(%x: tensor<3x17x24xf32>, %yt: tensor<3x40x24xf32>) -> tensor<17x120xf32> {
  %oc = mindspore.fusion "mix" "Fused_BatchMatMul_Transpose_1" (%x, %yt) : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<17x120xf32> {
  ^bb0(%a0: tensor<3x17x24xf32>, %a1: tensor<3x40x24xf32>):
    %m = mindspore.batch_matmul %a0, %a1 {transpose_b = true} : (tensor<3x17x24xf32>, tensor<3x40x24xf32>) -> tensor<3x17x40xf32>
    %t = mindspore.transpose %m, [1, 0, 2] : (tensor<3x17x40xf32>) -> tensor<17x3x40xf32>
    %v = mindspore.reshape %t, [17, 120] : (tensor<17x3x40xf32>) -> tensor<17x120xf32>
    mindspore.yield %v : tensor<17x120xf32>
  }
  return %oc : tensor<17x120xf32>
}
func.func @transposed_residual(%a: tensor<34x24xf32>, %w: tensor<24x40xf32>, %r: tensor<2x17x40xf32>) -> tensor<2x17x40xf32> {
  %ob = mindspore.fusion "mix" "Fused_MatMul_Transpose_Add_2" (%a, %w, %r) : (tensor<34x24xf32>, tensor<24x40xf32>, tensor<2x17x40xf32>) -> tensor<2x17x40xf32> {
  ^bb0(%a0: tensor<34x24xf32>, %a1: tensor<24x40xf32>, %a2: tensor<2x17x40xf32>):
    %m = mindspore.matmul %a0, %a1 : (tensor<34x24xf32>, tensor<24x40xf32>) -> tensor<34x40xf32>
    %v = mindspore.reshape %m, [17, 2, 40] : (tensor<34x40xf32>) -> tensor<17x2x40xf32>
    %t = mindspore.transpose %v, [1, 0, 2] : (tensor<17x2x40xf32>) -> tensor<2x17x40xf32>
    %s = mindspore.add %t, %a2 : (tensor<2x17x40xf32>, tensor<2x17x40xf32>) -> tensor<2x17x40xf32>
    mindspore.yield %s : tensor<2x17x40xf32>
  }
  return %ob : tensor<2x17x40xf32>
}

// Transposes the MIX kernels do not store through a permutation stay
// primitives, with a remark saying why.
func.func @kept(%a: tensor<16x32xf32>, %b: tensor<32x32xf32>, %row: tensor<32xf32>, %r: tensor<16x32xf32>, %col: tensor<16x1xf32>) -> (tensor<4x16x8xf32>, tensor<8x2x32xf32>, tensor<8x2x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  // expected-remark @+1 {{mix group 'Fused_MatMul_Transpose_4' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): 'transpose' with permutation [1, 0, 2] of [16, 4, 8] is not a permuted store: the transpose's operand splits the innermost axis (the tile's columns); that needs a Vector transpose}}
  %0 = mindspore.fusion "mix" "Fused_MatMul_Transpose_4" (%a, %b) : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<4x16x8xf32> {
  ^bb0(%p: tensor<16x32xf32>, %q: tensor<32x32xf32>):
    %m = mindspore.matmul %p, %q : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %v = mindspore.reshape %m, [16, 4, 8] : (tensor<16x32xf32>) -> tensor<16x4x8xf32>
    %t = mindspore.transpose %v, [1, 0, 2] : (tensor<16x4x8xf32>) -> tensor<4x16x8xf32>
    mindspore.yield %t : tensor<4x16x8xf32>
  }
  %1 = mindspore.fusion "mix" "Fused_MatMul_Transpose_Add_5" (%a, %b, %row) : (tensor<16x32xf32>, tensor<32x32xf32>, tensor<32xf32>) -> tensor<8x2x32xf32> {
  ^bb0(%p: tensor<16x32xf32>, %q: tensor<32x32xf32>, %w: tensor<32xf32>):
    %m = mindspore.matmul %p, %q : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %v = mindspore.reshape %m, [2, 8, 32] : (tensor<16x32xf32>) -> tensor<2x8x32xf32>
    %t = mindspore.transpose %v, [1, 0, 2] : (tensor<2x8x32xf32>) -> tensor<8x2x32xf32>
    %s = mindspore.add %t, %w : (tensor<8x2x32xf32>, tensor<32xf32>) -> tensor<8x2x32xf32>
    mindspore.yield %s : tensor<8x2x32xf32>
  }
  // expected-remark @+2 {{the Vector remainder of mix group 'Fused_MatMul_Transpose_Add_6' is not one Vector kernel (its primitives are converted one by one): 'transpose' has no Vector kernel mapping yet}}
  // expected-remark @+1 {{mix group 'Fused_MatMul_Transpose_Add_6' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): 'add' combines a transposed value with one that is not (or transposed otherwise)}}
  %2 = mindspore.fusion "mix" "Fused_MatMul_Transpose_Add_6" (%a, %b) : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<8x2x32xf32> {
  ^bb0(%p: tensor<16x32xf32>, %q: tensor<32x32xf32>):
    %m = mindspore.matmul %p, %q : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %v = mindspore.reshape %m, [2, 8, 32] : (tensor<16x32xf32>) -> tensor<2x8x32xf32>
    %t = mindspore.transpose %v, [1, 0, 2] : (tensor<2x8x32xf32>) -> tensor<8x2x32xf32>
    %u = mindspore.reshape %m, [8, 2, 32] : (tensor<16x32xf32>) -> tensor<8x2x32xf32>
    %s = mindspore.add %t, %u : (tensor<8x2x32xf32>, tensor<8x2x32xf32>) -> tensor<8x2x32xf32>
    mindspore.yield %s : tensor<8x2x32xf32>
  }
  // expected-remark @+2 {{the Vector remainder of mix group 'Fused_MatMul_Transpose_Add_7' is not one Vector kernel (its primitives are converted one by one): 'transpose' has no Vector kernel mapping yet}}
  // expected-remark @+1 {{mix group 'Fused_MatMul_Transpose_Add_7' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): 'transpose' permutes a value the epilogue does not compute (an input: a prologue)}}
  %3 = mindspore.fusion "mix" "Fused_MatMul_Transpose_Add_7" (%a, %b, %r) : (tensor<16x32xf32>, tensor<32x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32> {
  ^bb0(%p: tensor<16x32xf32>, %q: tensor<32x32xf32>, %e: tensor<16x32xf32>):
    %m = mindspore.matmul %p, %q : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %v = mindspore.reshape %e, [2, 8, 32] : (tensor<16x32xf32>) -> tensor<2x8x32xf32>
    %t = mindspore.transpose %v, [1, 0, 2] : (tensor<2x8x32xf32>) -> tensor<8x2x32xf32>
    %w = mindspore.reshape %t, [16, 32] : (tensor<8x2x32xf32>) -> tensor<16x32xf32>
    %s = mindspore.add %m, %w : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    mindspore.yield %s : tensor<16x32xf32>
  }
  // [16, 32] again after the transpose: a [16, 1] column would index the
  // transposed rows, not the tile's.
  // expected-remark @+2 {{the Vector remainder of mix group 'Fused_MatMul_Transpose_Add_8' is not one Vector kernel (its primitives are converted one by one): 'transpose' has no Vector kernel mapping yet}}
  // expected-remark @+1 {{mix group 'Fused_MatMul_Transpose_Add_8' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): 'add' broadcasts a column of shape [16, 1] onto a transposed value}}
  %4 = mindspore.fusion "mix" "Fused_MatMul_Transpose_Add_8" (%a, %b, %col) : (tensor<16x32xf32>, tensor<32x32xf32>, tensor<16x1xf32>) -> tensor<16x32xf32> {
  ^bb0(%p: tensor<16x32xf32>, %q: tensor<32x32xf32>, %c: tensor<16x1xf32>):
    %m = mindspore.matmul %p, %q : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %v = mindspore.reshape %m, [2, 8, 32] : (tensor<16x32xf32>) -> tensor<2x8x32xf32>
    %t = mindspore.transpose %v, [1, 0, 2] : (tensor<2x8x32xf32>) -> tensor<8x2x32xf32>
    %w = mindspore.reshape %t, [16, 32] : (tensor<8x2x32xf32>) -> tensor<16x32xf32>
    %s = mindspore.add %w, %c : (tensor<16x32xf32>, tensor<16x1xf32>) -> tensor<16x32xf32>
    mindspore.yield %s : tensor<16x32xf32>
  }
  // One input added to the result and to its transpose.
  // expected-remark @+2 {{the Vector remainder of mix group 'Fused_MatMul_Transpose_Add_9' is not one Vector kernel (its primitives are converted one by one): 'transpose' has no Vector kernel mapping yet}}
  // expected-remark @+1 {{mix group 'Fused_MatMul_Transpose_Add_9' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): an input is read both transposed and not}}
  %5:2 = mindspore.fusion "mix" "Fused_MatMul_Transpose_Add_9" (%a, %b, %r) : (tensor<16x32xf32>, tensor<32x32xf32>, tensor<16x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  ^bb0(%p: tensor<16x32xf32>, %q: tensor<32x32xf32>, %e: tensor<16x32xf32>):
    %m = mindspore.matmul %p, %q : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %s = mindspore.add %m, %e : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %v = mindspore.reshape %m, [2, 8, 32] : (tensor<16x32xf32>) -> tensor<2x8x32xf32>
    %t = mindspore.transpose %v, [1, 0, 2] : (tensor<2x8x32xf32>) -> tensor<8x2x32xf32>
    %w = mindspore.reshape %t, [16, 32] : (tensor<8x2x32xf32>) -> tensor<16x32xf32>
    %u = mindspore.add %w, %e : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    mindspore.yield %s, %u : tensor<16x32xf32>, tensor<16x32xf32>
  }
  return %0, %1, %2, %3, %4, %5#0, %5#1 : tensor<4x16x8xf32>, tensor<8x2x32xf32>, tensor<8x2x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
