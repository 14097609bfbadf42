// A mix group whose MatMul operand is computed inside the group (a
// prologue) is one MIX kernel. Elementwise work on A: per output tile the
// block's two AIVs compute the tile's rows of A (all of K) into one of the
// block's two GM workspace slots and set a cross-core flag; the AIC waits
// for it before the tile's loads, reads A from the slot and frees the slot
// after its last load. Views of an input fold into GM views, a transpose of
// the last two axes into transpose_a / transpose_b.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,32,1,1 -verify-diagnostics -o %t.mlir
// RUN: FileCheck %s --check-prefix=LAUNCH < %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=VIEW < %t.mlir
// RUN: grep -m1 -B12 aicore.return %t.mlir | FileCheck %s --check-prefix=END
// Every kernel passes the kernel model's race and deadlock check, with the
// searched tiling too.
// RUN: ascend-opt %t.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics -o /dev/null

// M = 100, N = 64, K = 24 in 16 x 16 tiles: 28 tiles on 24 blocks. The
// flat workspace holds the epilogue's slots (24 x 2 x 16 x 16 f32) and
// then A's (24 x 2 x 16 rows of K = 24): 12288 + 18432 elements, 122880
// bytes. The launch passes x, the input of the prologue on A, first.
// LAUNCH-LABEL: func.func @elementwise
// LAUNCH: aicore.launch @Fused_Mul_ReLU_MatMul_BiasAdd_0(%arg0, %arg1, %arg2) : (tensor<100x24xf32>, tensor<64x24xf32>, tensor<64xf32>) -> tensor<100x64xf32>
// CHECK-LABEL: aicore.kernel @Fused_Mul_ReLU_MatMul_BiasAdd_0
// CHECK-SAME: %arg4: memref<30720xf32, #aicore.space<gm>>
// CHECK-SAME: prologue0_chunk = array<i64: 8, 32>
// CHECK-SAME: workspace_bytes = 122880
// CHECK: %[[EPI:.*]] = memref.subview %arg4[0] [12288] [1]
// CHECK: memref.expand_shape %[[EPI]] {{\[\[}}0, 1]] output_shape [768, 16]
// CHECK: %[[PRO:.*]] = memref.subview %arg4[12288] [18432] [1]
// CHECK: %[[SLOTS:.*]] = memref.expand_shape %[[PRO]] {{\[\[}}0, 1]] output_shape [768, 24]{{.*}} into memref<768x24xf32, strided<[24, 1], offset: 12288>, #aicore.space<gm>>
// The AIC starts with both of A's slots free (flag 3).
// CHECK: aicore.on_core aic {
// CHECK-NEXT: aicore.cross_core_set_flag mte2, 3
// CHECK-NEXT: aicore.cross_core_set_flag mte2, 3
// CHECK-NEXT: }
// The AIVs start with the block's first tile (tile block_idx, one scf.if
// per region of tiles): each computes its half of the tile's 16 rows of A
// (8 rows x 24 of K in a 32-column UB chunk), writes them to the slot once
// it is free and sets "ready" (flag 2)...
// CHECK: aicore.block_idx
// CHECK: scf.if
// CHECK: aicore.on_core aiv {
// CHECK: aicore.subblock_idx
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<8x24xf32, strided<[24, 1], offset: ?>, #aicore.space<gm>> to memref<8x24xf32, strided<[32, 1]>, #aicore.space<ub>>
// CHECK: aicore.vmuls {{.*}}, 2.000000e+00
// CHECK: aicore.vrelu
// CHECK: aicore.cross_core_wait_flag mte3, 3
// CHECK-NEXT: memref.subview %[[SLOTS]]
// CHECK-NEXT: memref.subview
// CHECK-NEXT: aicore.copy {{.*}} to memref<8x24xf32, strided<[24, 1], offset: ?>, #aicore.space<gm>>
// CHECK-NEXT: aicore.set_flag mte3 -> v
// CHECK-NEXT: aicore.cross_core_set_flag mte3, 2
// CHECK: } else {
// CHECK: aicore.cross_core_set_flag mte3, 2
// ...the AIC waits for it before the tile's first load, loads A's rows
// from the slot, frees the slot after the K loop, then hands the tile to
// the epilogue.
// CHECK: scf.for
// CHECK: aicore.on_core aic {
// CHECK-NEXT: aicore.cross_core_wait_flag mte2, 2
// CHECK-NEXT: aicore.wait_flag fix -> m, 0
// CHECK-NEXT: aicore.wait_flag mte1 -> mte2, 0
// CHECK-NEXT: aicore.copy %{{.*}}, %{{.*}} : memref<16x24xf32, strided<[24, 1], offset: ?>, #aicore.space<gm>> to memref<16x24xf32, strided<[32, 1]>, #aicore.space<l1>>
// CHECK: aicore.mmad {{.*}} {transpose_b}
// CHECK-NEXT: aicore.set_flag m -> mte1, 0
// CHECK-NEXT: aicore.cross_core_set_flag mte2, 3
// CHECK: aicore.cross_core_wait_flag fix, 1
// CHECK: aicore.cross_core_set_flag fix, 0
// The AIVs compute the block's next tile (g + 24) before this tile's
// epilogue: the Cube does not wait for the epilogue to get its next rows.
// CHECK: arith.addi %{{.*}}, %c24{{.*}} : index
// CHECK: scf.if
// CHECK: aicore.on_core aiv {
// CHECK: aicore.vrelu
// CHECK: aicore.cross_core_set_flag mte3, 2
// CHECK: aicore.on_core aiv {
// CHECK: aicore.cross_core_wait_flag mte2, 0
// CHECK: aicore.vadd
// At the end the AIVs take the AIC's last two "slot free" sets.
// END: aicore.on_core aiv {
// END: aicore.wait_flag mte3 -> v, 1
// END-NEXT: aicore.cross_core_wait_flag mte3, 3
// END-NEXT: aicore.cross_core_wait_flag mte3, 3
// END-NEXT: }
// END-NEXT: aicore.on_core aic {
// END-NEXT: aicore.cross_core_wait_flag fix, 1
// END-NEXT: aicore.cross_core_wait_flag fix, 1
// END-NEXT: }
// END-NEXT: aicore.return
func.func @elementwise(%x: tensor<100x24xf32>, %w: tensor<64x24xf32>, %b: tensor<64xf32>) -> tensor<100x64xf32> {
  %o = mindspore.fusion "mix" "Fused_Mul_ReLU_MatMul_BiasAdd_0" (%x, %w, %b) : (tensor<100x24xf32>, tensor<64x24xf32>, tensor<64xf32>) -> tensor<100x64xf32> {
  ^bb0(%a: tensor<100x24xf32>, %c: tensor<64x24xf32>, %d: tensor<64xf32>):
    %two = mindspore.constant dense<2.000000e+00> : tensor<f32>
    %u = mindspore.mul %a, %two : (tensor<100x24xf32>, tensor<f32>) -> tensor<100x24xf32>
    %p = mindspore.relu %u : tensor<100x24xf32>
    %m = mindspore.matmul %p, %c {transpose_b = true} : (tensor<100x24xf32>, tensor<64x24xf32>) -> tensor<100x64xf32>
    %s = mindspore.bias_add %m, %d : (tensor<100x64xf32>, tensor<64xf32>) -> tensor<100x64xf32>
    mindspore.yield %s : tensor<100x64xf32>
  }
  return %o : tensor<100x64xf32>
}

// Views only (a flatten of [1, 512, 1, 1] and a transposed weight): no
// prologue workspace, no prologue flags; A is read through a GM view of
// the input, the transposed [512, 10] weight untransposed (the Transpose
// cancels transpose_b).
// LAUNCH-LABEL: func.func @views
// LAUNCH: aicore.launch @Fused_Reshape_Transpose_MatMul_ReLU_1(%arg0, %arg1) : (tensor<1x512x1x1xf32>, tensor<512x10xf32>) -> tensor<1x10xf32>
// VIEW-LABEL: aicore.kernel @Fused_Reshape_Transpose_MatMul_ReLU_1
// VIEW-SAME: (%arg0: memref<1x512x1x1xf32, #aicore.space<gm>>, %arg1: memref<512x10xf32, #aicore.space<gm>>, %arg2: memref<1x10xf32, #aicore.space<gm>>, %arg3: memref<32x16xf32, #aicore.space<gm>>)
// VIEW: %[[FLAT:.*]] = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2, 3]]
// VIEW: %[[A:.*]] = memref.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [1, 512]
// VIEW-NOT: cross_core_set_flag mte2, 3
// VIEW: aicore.copy %{{.*}}, %{{.*}} : memref<1x32xf32, strided<[512, 1], offset: ?>, #aicore.space<gm>> to memref<1x32xf32, strided<[32, 1]>, #aicore.space<l1>>
// VIEW-NEXT: aicore.copy %{{.*}}, %{{.*}} : memref<32x10xf32, strided<[10, 1], offset: ?>, #aicore.space<gm>> to memref<32x10xf32, strided<[16, 1]>, #aicore.space<l1>>
// VIEW: aicore.mmad
// VIEW-NOT: transpose_b
// VIEW-SAME: memref<1x10xf32, strided<[16, 1]>, #aicore.space<l0c>>
func.func @views(%x: tensor<1x512x1x1xf32>, %wt: tensor<512x10xf32>) -> tensor<1x10xf32> {
  %o = mindspore.fusion "mix" "Fused_Reshape_Transpose_MatMul_ReLU_1" (%x, %wt) : (tensor<1x512x1x1xf32>, tensor<512x10xf32>) -> tensor<1x10xf32> {
  ^bb0(%a: tensor<1x512x1x1xf32>, %c: tensor<512x10xf32>):
    %v = mindspore.reshape %a, [1, 512] : (tensor<1x512x1x1xf32>) -> tensor<1x512xf32>
    %w = mindspore.transpose %c, [1, 0] : (tensor<512x10xf32>) -> tensor<10x512xf32>
    %m = mindspore.matmul %v, %w {transpose_b = true} : (tensor<1x512xf32>, tensor<10x512xf32>) -> tensor<1x10xf32>
    %r = mindspore.relu %m : tensor<1x10xf32>
    mindspore.yield %r : tensor<1x10xf32>
  }
  return %o : tensor<1x10xf32>
}

// A flatten before a Linear with only its bias after it (ResNet's fc): the
// Cube adds the bias from the bias table and the reshape stays a graph
// view, so the group is a plain matmul kernel, no MIX kernel and no remark.
// LAUNCH-LABEL: func.func @flatten_linear
// LAUNCH: %[[V:.*]] = mindspore.reshape %arg0, [1, 512]
// LAUNCH: aicore.launch @matmul_1x10x512_f32_tb_bias(%[[V]], %arg1, %arg2)
func.func @flatten_linear(%x: tensor<1x512x1x1xf32>, %w: tensor<10x512xf32>, %b: tensor<10xf32>) -> tensor<1x10xf32> {
  %o = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_6" (%x, %w, %b) : (tensor<1x512x1x1xf32>, tensor<10x512xf32>, tensor<10xf32>) -> tensor<1x10xf32> {
  ^bb0(%a: tensor<1x512x1x1xf32>, %c: tensor<10x512xf32>, %d: tensor<10xf32>):
    %v = mindspore.reshape %a, [1, 512] : (tensor<1x512x1x1xf32>) -> tensor<1x512xf32>
    %m = mindspore.matmul %v, %c {transpose_b = true} : (tensor<1x512xf32>, tensor<10x512xf32>) -> tensor<1x10xf32>
    %s = mindspore.bias_add %m, %d : (tensor<1x10xf32>, tensor<10xf32>) -> tensor<1x10xf32>
    mindspore.yield %s : tensor<1x10xf32>
  }
  return %o : tensor<1x10xf32>
}

// Prologues the MIX kernels cannot express: the group stays primitives
// (the MatMul still a Cube kernel), with a remark saying why.
// LAUNCH-LABEL: func.func @kept
// LAUNCH: aicore.launch @Transpose_{{[0-9]+}}(
// LAUNCH: aicore.launch @matmul_12x96x32_f32_tb(
func.func @kept(%x: tensor<2x6x32xf32>, %w: tensor<96x32xf32>, %a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> (tensor<12x96xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  // The attention's input projection: [2, 6, 32] -> [6, 2, 32] -> [12, 32]
  // reorders rows of A.
  // expected-remark @+1 {{mix group 'Fused_Transpose_MatMul_ReLU_2' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): its MatMul's A operand is a Transpose [1, 0, 2] of a [2, 6, 32] tensor, which moves rows or columns (only a swap of the last two axes folds into the Cube's load, as transpose_a/transpose_b)}}
  %0 = mindspore.fusion "mix" "Fused_Transpose_MatMul_ReLU_2" (%x, %w) : (tensor<2x6x32xf32>, tensor<96x32xf32>) -> tensor<12x96xf32> {
  ^bb0(%p: tensor<2x6x32xf32>, %q: tensor<96x32xf32>):
    %t = mindspore.transpose %p, [1, 0, 2] : (tensor<2x6x32xf32>) -> tensor<6x2x32xf32>
    %v = mindspore.reshape %t, [12, 32] : (tensor<6x2x32xf32>) -> tensor<12x32xf32>
    %m = mindspore.matmul %v, %q {transpose_b = true} : (tensor<12x32xf32>, tensor<96x32xf32>) -> tensor<12x96xf32>
    %r = mindspore.relu %m : tensor<12x96xf32>
    mindspore.yield %r : tensor<12x96xf32>
  }
  // expected-remark @+1 {{mix group 'Fused_Transpose_Neg_MatMul_ReLU_3' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): its MatMul's A operand is computed with a Transpose among elementwise primitives (only views and a swap of the last two axes fold into the Cube's loads)}}
  %1 = mindspore.fusion "mix" "Fused_Transpose_Neg_MatMul_ReLU_3" (%a, %b) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32> {
  ^bb0(%p: tensor<16x16xf32>, %q: tensor<16x16xf32>):
    %t = mindspore.transpose %p, [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %n = mindspore.neg %t : tensor<16x16xf32>
    %m = mindspore.matmul %n, %q : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %r = mindspore.relu %m : tensor<16x16xf32>
    mindspore.yield %r : tensor<16x16xf32>
  }
  // expected-remark @+1 {{mix group 'Fused_Neg_MatMul_Add_4' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): a value its MatMul's A operand is computed from is also used by 'add' (only the MatMul may read a prologue)}}
  %2 = mindspore.fusion "mix" "Fused_Neg_MatMul_Add_4" (%a, %b) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32> {
  ^bb0(%p: tensor<16x16xf32>, %q: tensor<16x16xf32>):
    %n = mindspore.neg %p : tensor<16x16xf32>
    %m = mindspore.matmul %n, %q : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %r = mindspore.add %m, %n : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    mindspore.yield %r : tensor<16x16xf32>
  }
  // expected-remark @+1 {{mix group 'Fused_Neg_MatMul_ReLU_5' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): an elementwise prologue on B needs transpose_b (B as [N, K]): the workspace slots hold whole rows of the operand as the Cube reads it}}
  %3 = mindspore.fusion "mix" "Fused_Neg_MatMul_ReLU_5" (%a, %b) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32> {
  ^bb0(%p: tensor<16x16xf32>, %q: tensor<16x16xf32>):
    %n = mindspore.neg %q : tensor<16x16xf32>
    %m = mindspore.matmul %p, %n : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %r = mindspore.relu %m : tensor<16x16xf32>
    mindspore.yield %r : tensor<16x16xf32>
  }
  return %0, %1, %2, %3 : tensor<12x96xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}
