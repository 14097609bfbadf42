// A mix group of one MatMul and an elementwise epilogue becomes one MIX
// kernel: the Cube part (aicore.on_core aic) FIX-writes each output tile to
// a double-buffered GM workspace, the Vector part (aicore.on_core aiv, two
// AIVs per block) waits on a cross-core flag per tile, loads its half of
// the tile, runs the epilogue and writes the result.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=48,32,32,1,2 -verify-diagnostics -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=KERNEL < %t.mlir
// RUN: grep -m1 -B7 aicore.return %t.mlir | FileCheck %s --check-prefix=END
// Every MIX kernel passes the kernel model's race and deadlock check, with
// the chosen tiling too.
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics | FileCheck %s --check-prefix=MODEL

// M = 100, N = 37 (ragged for 48 x 32 tiles: 3 x 2 tiles, the last row of
// 4 rows, the last column of 5), K = 72. The workspace holds two 48 x 32
// f32 slots for each of the 6 blocks: 6 * 2 * 48 * 32 * 4 = 73728 bytes;
// a block's tiles take them in turn (tile g is its block's (g div 6)-th).
// CHECK-LABEL: func.func @linear_gelu_residual
// CHECK: aicore.launch @Fused_MatMul_BiasAdd_GeLU_Add_0(%arg0, %arg1, %arg2, %arg3) : (tensor<100x72xf32>, tensor<37x72xf32>, tensor<37xf32>, tensor<100x37xf32>) -> tensor<100x37xf32>
// KERNEL-LABEL: aicore.kernel @Fused_MatMul_BiasAdd_GeLU_Add_0
// KERNEL-SAME: %[[WS:arg5]]: memref<576x32xf32, #aicore.space<gm>>
// KERNEL-SAME: aicore.mix = {aiv_chunk_rows = 24 : i64}
// KERNEL-SAME: block_dim = 6 : i64, workspace_bytes = 73728 : i64
// Each AIV's UB buffers for half a tile (24 rows), ping-pong for the
// workspace tile, the residual and the result; the bias row per tile.
// KERNEL: %[[WSP:.*]] = aicore.alloc {aicore.name = "ws.ping"} : memref<24x32xf32, #aicore.space<ub>>
// KERNEL: aicore.alloc {aicore.name = "ws.pong"} : memref<24x32xf32, #aicore.space<ub>>
// KERNEL: aicore.alloc {aicore.name = "in0.ping"} : memref<1x32xf32, #aicore.space<ub>>
// KERNEL: aicore.alloc {aicore.name = "out0.pong"} : memref<24x32xf32, #aicore.space<ub>>
// The AIVs start with both workspace slots free: the "slot free" counter
// (cross-core flag 1) starts at 2.
// KERNEL: aicore.on_core aiv {
// KERNEL-NEXT: aicore.set_flag v -> mte2, 0
// KERNEL: aicore.cross_core_set_flag mte2, 1
// KERNEL-NEXT: aicore.cross_core_set_flag mte2, 1
// KERNEL-NEXT: }
// Two L0C accumulators, one per workspace slot.
// KERNEL: aicore.alloc : memref<48x32xf32, #aicore.space<l0c>>
// KERNEL: aicore.alloc : memref<48x32xf32, #aicore.space<l0c>>
// KERNEL: %[[BLOCK:.*]] = aicore.block_idx
// Global tile g -> slot (g div 6) mod 2 of block g mod 6, at workspace row
// ((g mod 6) * 2 + slot) * 48.
// KERNEL: %[[SEQ:.*]] = arith.divui %[[G:.*]], %c6
// KERNEL-NEXT: %[[SLOT:.*]] = arith.remui %[[SEQ]], %c2
// KERNEL: %[[ROW:.*]] = arith.muli %{{.*}}, %c48
// KERNEL: %[[SLOT0:.*]] = memref.subview %[[WS]][%[[ROW]], 0] [48, 32] [1, 1]
// KERNEL: aicore.on_core aic {
// KERNEL: aicore.mmad
// KERNEL: aicore.set_flag m -> fix, 0
// KERNEL-NEXT: aicore.wait_flag m -> fix, 0
// KERNEL-NEXT: aicore.cross_core_wait_flag fix, 1
// KERNEL-NEXT: aicore.copy %{{.*}}, %[[SLOT0]] : memref<48x32xf32, #aicore.space<l0c>> to memref<48x32xf32, strided<[32, 1], offset: ?>, #aicore.space<gm>>
// KERNEL-NEXT: aicore.cross_core_set_flag fix, 0
// KERNEL-NEXT: }
// AIV 0 takes rows 0-23 of the tile, AIV 1 rows 24-47.
// KERNEL-NEXT: aicore.on_core aiv {
// KERNEL: %[[SUB:.*]] = aicore.subblock_idx
// KERNEL: %[[FIRST:.*]] = arith.cmpi eq, %[[SUB]], %c0{{.*}} : index
// KERNEL: scf.if %[[FIRST]] {
// KERNEL-NEXT: aicore.cross_core_wait_flag mte2, 0
// KERNEL: aicore.wait_flag v -> mte2, 0
// KERNEL: aicore.copy %{{.*}}, %[[WSP]] : memref<24x32xf32, strided<[32, 1], offset: ?>, #aicore.space<gm>> to memref<24x32xf32, #aicore.space<ub>>
// The workspace slot is free once both AIVs loaded their rows.
// KERNEL: aicore.cross_core_set_flag mte2, 1
// KERNEL-NEXT: aicore.set_flag mte2 -> v, 0
// KERNEL: aicore.vbroadcast
// KERNEL: aicore.vadd %[[WSP]]
// KERNEL: aicore.vmuls
// KERNEL-NEXT: aicore.verf
// KERNEL: aicore.copy %{{.*}} : memref<24x32xf32, #aicore.space<ub>> to memref<24x32xf32, strided<[37, 1], offset: ?>, #aicore.space<gm>>
// KERNEL: } else {
// KERNEL-NEXT: aicore.cross_core_wait_flag mte2, 0
// KERNEL: arith.addi %{{.*}}, %c24
// The next tile of the pair goes through L0C buffer 1, its AIV chunks
// through the pong buffers.
// KERNEL: aicore.cross_core_wait_flag fix, 1
// KERNEL-NEXT: aicore.copy %{{.*}} : memref<48x32xf32, #aicore.space<l0c>>
// KERNEL-NEXT: aicore.cross_core_set_flag fix, 0
// KERNEL: aicore.cross_core_wait_flag mte2, 0
// KERNEL: aicore.wait_flag v -> mte2, 1
// The partial last column (5 of 32 columns) of the residual and the result.
// KERNEL: aicore.copy %{{.*}}, %{{.*}} : memref<24x5xf32, strided<[37, 1], offset: ?>, #aicore.space<gm>> to memref<24x5xf32, strided<[32, 1]>, #aicore.space<ub>>
// KERNEL: aicore.copy %{{.*}}, %{{.*}} : memref<24x5xf32, strided<[32, 1]>, #aicore.space<ub>> to memref<24x5xf32, strided<[37, 1], offset: ?>, #aicore.space<gm>>
// The partial last row of tiles (rows 96-99): AIV 0 takes 2 rows, AIV 1 2.
// KERNEL: aicore.copy %{{.*}}, %{{.*}} : memref<4x32xf32, strided<[32, 1]>, #aicore.space<l0c>> to memref<4x32xf32, strided<[32, 1], offset: ?>, #aicore.space<gm>>
// KERNEL: aicore.copy %{{.*}}, %{{.*}} : memref<2x32xf32, strided<[32, 1], offset: ?>, #aicore.space<gm>> to memref<2x32xf32, strided<[32, 1]>, #aicore.space<ub>>
// At the end every flag set is consumed: the AIVs' UB buffers, the AIC's
// workspace slots.
// END: aicore.wait_flag mte3 -> v, 1
// END-NEXT: }
// END-NEXT: aicore.on_core aic {
// END-NEXT: aicore.cross_core_wait_flag fix, 1
// END-NEXT: aicore.cross_core_wait_flag fix, 1
// END-NEXT: }
// END-NEXT: aicore.return
// MODEL-LABEL: aicore.kernel @Fused_MatMul_BiasAdd_GeLU_Add_0
// MODEL-SAME: aicore.estimate = {aiv_cores = 2 : i64, cycles = {{[0-9]+}}
func.func @linear_gelu_residual(%x: tensor<100x72xf32>, %w: tensor<37x72xf32>, %b: tensor<37xf32>, %r: tensor<100x37xf32>) -> tensor<100x37xf32> {
  %o = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_GeLU_Add_0" (%x, %w, %b, %r) : (tensor<100x72xf32>, tensor<37x72xf32>, tensor<37xf32>, tensor<100x37xf32>) -> tensor<100x37xf32> {
  ^bb0(%a: tensor<100x72xf32>, %c: tensor<37x72xf32>, %d: tensor<37xf32>, %e: tensor<100x37xf32>):
    %m = mindspore.matmul %a, %c {transpose_b = true} : (tensor<100x72xf32>, tensor<37x72xf32>) -> tensor<100x37xf32>
    %s = mindspore.bias_add %m, %d : (tensor<100x37xf32>, tensor<37xf32>) -> tensor<100x37xf32>
    %g = mindspore.gelu %s : tensor<100x37xf32>
    %t = mindspore.add %g, %e : (tensor<100x37xf32>, tensor<100x37xf32>) -> tensor<100x37xf32>
    mindspore.yield %t : tensor<100x37xf32>
  }
  return %o : tensor<100x37xf32>
}

// A plain MatMul + BiasAdd group is no MIX kernel: the Cube adds the bias
// from the BT bias table.
// CHECK-LABEL: func.func @linear_bias
// CHECK: aicore.launch @matmul_20x40x24_f32_bias(
func.func @linear_bias(%x: tensor<20x24xf32>, %w: tensor<24x40xf32>, %b: tensor<40xf32>) -> tensor<20x40xf32> {
  %o = mindspore.fusion "mix" "Fused_MatMul_BiasAdd_1" (%x, %w, %b) : (tensor<20x24xf32>, tensor<24x40xf32>, tensor<40xf32>) -> tensor<20x40xf32> {
  ^bb0(%a: tensor<20x24xf32>, %c: tensor<24x40xf32>, %d: tensor<40xf32>):
    %m = mindspore.matmul %a, %c : (tensor<20x24xf32>, tensor<24x40xf32>) -> tensor<20x40xf32>
    %s = mindspore.bias_add %m, %d : (tensor<20x40xf32>, tensor<40xf32>) -> tensor<20x40xf32>
    mindspore.yield %s : tensor<20x40xf32>
  }
  return %o : tensor<20x40xf32>
}

// Groups the MIX kernels cannot express are inlined (the MatMul still a
// Cube kernel), with a remark saying why; their other primitives are groups
// of one: Vector kernels, or primitives with a remark of their own. (BatchMatMul MIX kernels and
// transposing epilogues: batch-matmul-kernels.mlir.)
// CHECK-LABEL: func.func @kept
// CHECK: aicore.launch @matmul_16x16x16_f32(
// CHECK: aicore.launch @Transpose_{{[0-9]+}}(
// CHECK: aicore.launch @Neg_{{[0-9]+}}(
// CHECK: aicore.launch @matmul_16x16x16_f32_ta(
// CHECK: aicore.launch @ReLU_{{[0-9]+}}(
func.func @kept(%x: tensor<2x16x16xf32>, %y: tensor<2x16x16xf32>, %a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  // expected-remark @+1 {{mix group 'Fused_MatMul_Transpose_3' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): 'transpose' with permutation [1, 0] of [16, 16] is not a permuted store: the permutation moves the innermost axis (the tile's columns) off the last dimension; that needs a Vector transpose}}
  %1 = mindspore.fusion "mix" "Fused_MatMul_Transpose_3" (%a, %b) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32> {
  ^bb0(%p: tensor<16x16xf32>, %q: tensor<16x16xf32>):
    %m = mindspore.matmul %p, %q : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %t = mindspore.transpose %m, [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    mindspore.yield %t : tensor<16x16xf32>
  }
  // expected-remark @+1 {{mix group 'Fused_Neg_MatMul_4' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): an elementwise prologue on a transposed A ([K, M], transpose_a) is not computed: the workspace slots hold whole rows of the operand as the Cube reads it}}
  %2 = mindspore.fusion "mix" "Fused_Neg_MatMul_4" (%a, %b) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32> {
  ^bb0(%p: tensor<16x16xf32>, %q: tensor<16x16xf32>):
    %n = mindspore.neg %p : tensor<16x16xf32>
    %m = mindspore.matmul %n, %q {transpose_a = true} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %r = mindspore.relu %m : tensor<16x16xf32>
    mindspore.yield %r : tensor<16x16xf32>
  }
  return %1, %2 : tensor<16x16xf32>, tensor<16x16xf32>
}
