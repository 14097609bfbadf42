// A mix group of one Conv2D and an elementwise epilogue becomes one MIX
// kernel: the Cube part (aicore.on_core aic, the implicit GEMM with load3d
// and the BiasAdd from the BT bias table) FIX-writes each output tile
// transposed, as [channels, pixels], into a double-buffered GM workspace;
// the Vector part (aicore.on_core aiv, two AIVs per block) waits on a
// cross-core flag per tile, loads its half of the tile's channels with the
// residual rows and the per-channel values, runs the epilogue and writes
// the NCHW result. The group's TransData ops fold to the kernel's
// boundaries.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,2 -verify-diagnostics -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=KERNEL < %t.mlir
// Every MIX kernel passes the kernel model's race and deadlock check, with
// the searched tiling too.
// RUN: ascend-opt %t.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics | FileCheck %s --check-prefix=MODEL

// 1 x 5 x 9 x 11 input in NC1HWC0, 7 x 5 x 3 x 3 weight in FRACTAL_Z,
// stride 2, pad 1: 30 output pixels x 7 channels, in 16 x 16 tiles two
// tiles (16 and 14 pixels) on 2 blocks. The launch reads the plain tensors
// the device-format TransData ops were made from; no TransData is left.
// CHECK-LABEL: func.func @residual_block
// CHECK-NOT: mindspore.trans_data
// CHECK: %[[Y:.*]] = aicore.launch @Fused_Conv2D_BiasAdd_Mul_Add_ReLU_0(%arg0, %arg1, %arg2, %arg3, %arg4) : (tensor<1x5x9x11xf32>, tensor<7x5x3x3xf32>, tensor<7xf32>, tensor<1x7x1x1xf32>, tensor<1x7x5x6xf32>) -> tensor<1x7x5x6xf32>
// CHECK-NEXT: return %[[Y]]
// The workspace holds two [16 channels, 16 pixels] f32 slots per block:
// 2 * 2 * 16 * 16 * 4 = 4096 bytes.
// KERNEL-LABEL: aicore.kernel @Fused_Conv2D_BiasAdd_Mul_Add_ReLU_0
// KERNEL-SAME: %[[SCALE:arg3]]: memref<1x7x1x1xf32, #aicore.space<gm>>, %[[RES:arg4]]: memref<1x7x5x6xf32, #aicore.space<gm>>, %[[OUT:arg5]]: memref<1x7x5x6xf32, #aicore.space<gm>>, %[[WS:arg6]]: memref<64x16xf32, #aicore.space<gm>>
// KERNEL-SAME: aicore.mix = {aiv_chunk_rows = 8 : i64}
// KERNEL-SAME: block_dim = 2 : i64, workspace_bytes = 4096 : i64
// The NCHW result and residual as [N * C, H * W], the scale as a [C, 1]
// column; each AIV's UB rows are channels of the tile's 16 pixels.
// KERNEL: %[[OUTV:.*]] = memref.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [7, 30]
// KERNEL: aicore.alloc {aicore.name = "ws.ping"} : memref<8x16xf32, #aicore.space<ub>>
// KERNEL: %[[COL:.*]] = aicore.alloc {aicore.name = "in0.ping"} : memref<8x1xf32, #aicore.space<ub>>
// KERNEL: %[[SCALEV:.*]] = memref.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [7, 1]
// KERNEL: %[[BCAST:.*]] = aicore.alloc {aicore.name = "in0.bcast"} : memref<8x16xf32, #aicore.space<ub>>
// KERNEL: %[[RESV:.*]] = memref.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [7, 30]
// The AIVs start with both workspace slots free.
// KERNEL: aicore.on_core aiv {
// KERNEL: aicore.cross_core_set_flag mte2, 1
// KERNEL-NEXT: aicore.cross_core_set_flag mte2, 1
// KERNEL-NEXT: }
// The Cube part: input bands into L1, load3d into L0A, the bias row into BT.
// KERNEL: aicore.alloc : memref<1x16xf32, #aicore.space<bt>>
// Global tile g -> slot (g div 2) mod 2 of block g mod 2, at workspace row
// ((g mod 2) * 2 + slot) * 16; the slot's [channels, pixels] rows seen
// transposed.
// KERNEL: %[[ROW:.*]] = arith.muli %{{.*}}, %c16
// KERNEL-NEXT: %[[SLOT:.*]] = memref.subview %[[WS]][%[[ROW]], 0] [7, 16] [1, 1]
// KERNEL-NEXT: %[[SLOTT:.*]] = memref.transpose %[[SLOT]] (d0, d1) -> (d1, d0) : memref<7x16xf32, strided<[16, 1], offset: ?>, #aicore.space<gm>> to memref<16x7xf32, strided<[1, 16], offset: ?>, #aicore.space<gm>>
// KERNEL: aicore.on_core aic {
// KERNEL: aicore.load3d
// KERNEL-SAME: kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>
// KERNEL: aicore.mmad {{.*}} bias
// KERNEL: aicore.set_flag m -> fix, 0
// KERNEL-NEXT: aicore.wait_flag m -> fix, 0
// KERNEL-NEXT: aicore.cross_core_wait_flag fix, 1
// KERNEL-NEXT: aicore.copy %{{.*}}, %[[SLOTT]] : memref<16x7xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<16x7xf32, strided<[1, 16], offset: ?>, #aicore.space<gm>>
// KERNEL-NEXT: aicore.cross_core_set_flag fix, 0
// KERNEL-NEXT: }
// AIV 0 takes channels 0-3 of the first tile (16 pixels), AIV 1 channels
// 4-6: workspace rows, residual rows and the channels' scales.
// KERNEL-NEXT: aicore.on_core aiv {
// KERNEL: %[[SUB:.*]] = aicore.subblock_idx
// KERNEL: %[[FIRST:.*]] = arith.cmpi eq, %[[SUB]], %c0{{.*}} : index
// KERNEL: scf.if %[[FIRST]] {
// KERNEL-NEXT: aicore.cross_core_wait_flag mte2, 0
// KERNEL-NEXT: aicore.wait_flag v -> mte2, 0
// KERNEL: memref.subview %[[WS]][%[[ROW]], 0] [4, 16] [1, 1]
// KERNEL: aicore.copy {{.*}} : memref<4x16xf32, strided<[16, 1], offset: ?>, #aicore.space<gm>> to memref<4x16xf32, strided<[16, 1]>, #aicore.space<ub>>
// KERNEL: memref.subview %[[SCALEV]][%c0{{.*}}, 0] [4, 1] [1, 1]
// KERNEL: aicore.copy {{.*}} : memref<4x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>> to memref<4x1xf32, strided<[1, 1]>, #aicore.space<ub>>
// KERNEL: memref.subview %[[RESV]][%c0{{.*}}, %c0{{.*}}] [4, 16] [1, 1]
// KERNEL: aicore.copy {{.*}} : memref<4x16xf32, strided<[30, 1], offset: ?>, #aicore.space<gm>> to memref<4x16xf32, strided<[16, 1]>, #aicore.space<ub>>
// KERNEL-NEXT: aicore.cross_core_set_flag mte2, 1
// KERNEL-NEXT: aicore.set_flag mte2 -> v, 0
// KERNEL-NEXT: aicore.wait_flag mte2 -> v, 0
// KERNEL-NEXT: aicore.wait_flag mte3 -> v, 0
// KERNEL: aicore.vbroadcast {{.*}} : memref<4x1xf32, strided<[1, 1]>, #aicore.space<ub>>, memref<4x16xf32, strided<[16, 1]>, #aicore.space<ub>>
// KERNEL: aicore.vmul
// KERNEL: aicore.vadd
// KERNEL: aicore.vrelu
// KERNEL: aicore.wait_flag v -> mte3, 0
// KERNEL: memref.subview %[[OUTV]][%c0{{.*}}, %c0{{.*}}] [4, 16] [1, 1]
// KERNEL: aicore.copy {{.*}} : memref<4x16xf32, strided<[16, 1]>, #aicore.space<ub>> to memref<4x16xf32, strided<[30, 1], offset: ?>, #aicore.space<gm>>
// KERNEL: } else {
// KERNEL-NEXT: aicore.cross_core_wait_flag mte2, 0
// KERNEL: memref.subview %[[WS]][%{{.*}}, 0] [3, 16] [1, 1]
// KERNEL: memref.subview %[[SCALEV]][%c4{{.*}}, 0] [3, 1] [1, 1]
// KERNEL: memref.subview %[[RESV]][%c4{{.*}}, %c0{{.*}}] [3, 16] [1, 1]
// KERNEL: memref.subview %[[OUTV]][%c4{{.*}}, %c0{{.*}}] [3, 16] [1, 1]
// The second tile: its 14 pixels from pixel 16.
// KERNEL: memref.subview %[[RESV]][%c0{{.*}}, %c16{{.*}}] [4, 14] [1, 1]
// MODEL-LABEL: aicore.kernel @Fused_Conv2D_BiasAdd_Mul_Add_ReLU_0
// MODEL-SAME: aicore.estimate = {aiv_cores = 2 : i64
func.func @residual_block(%x: tensor<1x5x9x11xf32>, %w: tensor<7x5x3x3xf32>, %b: tensor<7xf32>, %scale: tensor<1x7x1x1xf32>, %r: tensor<1x7x5x6xf32>) -> tensor<1x7x5x6xf32> {
  %xp = mindspore.trans_data %x "NCHW" -> "NC1HWC0" : (tensor<1x5x9x11xf32>) -> tensor<1x1x9x11x16xf32>
  %wp = mindspore.trans_data %w "NCHW" -> "FRACTAL_Z" : (tensor<7x5x3x3xf32>) -> tensor<9x1x16x16xf32>
  %rp = mindspore.trans_data %r "NCHW" -> "NC1HWC0" : (tensor<1x7x5x6xf32>) -> tensor<1x1x5x6x16xf32>
  %y = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Mul_Add_ReLU_0" (%xp, %wp, %b, %scale, %rp) : (tensor<1x1x9x11x16xf32>, tensor<9x1x16x16xf32>, tensor<7xf32>, tensor<1x7x1x1xf32>, tensor<1x1x5x6x16xf32>) -> tensor<1x1x5x6x16xf32> {
  ^bb0(%a: tensor<1x1x9x11x16xf32>, %e: tensor<9x1x16x16xf32>, %f: tensor<7xf32>, %g: tensor<1x7x1x1xf32>, %h: tensor<1x1x5x6x16xf32>):
    %a1 = mindspore.trans_data %a "NC1HWC0" -> "NCHW" : (tensor<1x1x9x11x16xf32>) -> tensor<1x5x9x11xf32>
    %e1 = mindspore.trans_data %e "FRACTAL_Z" -> "NCHW" : (tensor<9x1x16x16xf32>) -> tensor<7x5x3x3xf32>
    %h1 = mindspore.trans_data %h "NC1HWC0" -> "NCHW" : (tensor<1x1x5x6x16xf32>) -> tensor<1x7x5x6xf32>
    %c = mindspore.conv2d %a1, %e1 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x5x9x11xf32>, tensor<7x5x3x3xf32>) -> tensor<1x7x5x6xf32>
    %s = mindspore.bias_add %c, %f : (tensor<1x7x5x6xf32>, tensor<7xf32>) -> tensor<1x7x5x6xf32>
    %m = mindspore.mul %s, %g : (tensor<1x7x5x6xf32>, tensor<1x7x1x1xf32>) -> tensor<1x7x5x6xf32>
    %t = mindspore.add %m, %h1 : (tensor<1x7x5x6xf32>, tensor<1x7x5x6xf32>) -> tensor<1x7x5x6xf32>
    %u = mindspore.relu %t : tensor<1x7x5x6xf32>
    %up = mindspore.trans_data %u "NCHW" -> "NC1HWC0" : (tensor<1x7x5x6xf32>) -> tensor<1x1x5x6x16xf32>
    mindspore.yield %up : tensor<1x1x5x6x16xf32>
  }
  %o = mindspore.trans_data %y "NC1HWC0" -> "NCHW" : (tensor<1x1x5x6x16xf32>) -> tensor<1x7x5x6xf32>
  return %o : tensor<1x7x5x6xf32>
}

// A group of only a Conv2D and its BiasAdd is a plain convolution kernel
// (the Cube adds the bias from BT, no Vector work is left): no remark.
// CHECK-LABEL: func.func @conv_bias_only
// CHECK: aicore.launch @conv2d_1x5x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32_bias(%arg0, %arg1, %arg2)
func.func @conv_bias_only(%x: tensor<1x5x9x11xf32>, %w: tensor<7x5x3x3xf32>, %b: tensor<7xf32>) -> tensor<1x7x5x6xf32> {
  %y = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_1" (%x, %w, %b) : (tensor<1x5x9x11xf32>, tensor<7x5x3x3xf32>, tensor<7xf32>) -> tensor<1x7x5x6xf32> {
  ^bb0(%a: tensor<1x5x9x11xf32>, %e: tensor<7x5x3x3xf32>, %f: tensor<7xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x5x9x11xf32>, tensor<7x5x3x3xf32>) -> tensor<1x7x5x6xf32>
    %s = mindspore.bias_add %c, %f : (tensor<1x7x5x6xf32>, tensor<7xf32>) -> tensor<1x7x5x6xf32>
    mindspore.yield %s : tensor<1x7x5x6xf32>
  }
  return %y : tensor<1x7x5x6xf32>
}

// A grouped convolution's group is a MIX kernel too (here G = 2: 3 input
// and 5 output channels per group, the two groups' GEMMs stacked in M): the
// AIVs find a tile's channels at its group's first output channel. Tile
// mi / 30 is stacked image n * 2 + j (group j = remainder); its channels
// start at j * 5 + ni, its rows of the [N * C, P] views at n * 10 + that;
// the per-channel scale is read at the channel.
// CHECK-LABEL: func.func @grouped_mix
// CHECK: aicore.launch @Fused_Conv2D_BiasAdd_Mul_ReLU_8(%arg0, %arg1, %arg2, %arg3)
// KERNEL-LABEL: aicore.kernel @Fused_Conv2D_BiasAdd_Mul_ReLU_8(
// KERNEL: aicore.cross_core_set_flag fix, 0
// KERNEL-NEXT: }
// KERNEL-NEXT: aicore.on_core aiv {
// KERNEL: %[[STACKED:.*]] = arith.divui %[[MI:.*]], %c30{{.*}} : index
// KERNEL-NEXT: %c2{{.*}} = arith.constant 2 : index
// KERNEL-NEXT: %[[IMAGE:.*]] = arith.divui %[[STACKED]], %c2{{.*}} : index
// KERNEL-NEXT: %c2{{.*}} = arith.constant 2 : index
// KERNEL-NEXT: %[[GROUP:.*]] = arith.remui %[[STACKED]], %c2{{.*}} : index
// KERNEL-NEXT: %c30{{.*}} = arith.constant 30 : index
// KERNEL-NEXT: %[[PIXEL:.*]] = arith.remui %[[MI]], %c30{{.*}} : index
// KERNEL-NEXT: %c5{{.*}} = arith.constant 5 : index
// KERNEL-NEXT: %[[FIRST:.*]] = arith.muli %[[GROUP]], %c5{{.*}} : index
// KERNEL-NEXT: %[[CHANNEL:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// KERNEL-NEXT: %c10 = arith.constant 10 : index
// KERNEL-NEXT: %[[ROWS:.*]] = arith.muli %[[IMAGE]], %c10 : index
// KERNEL-NEXT: %[[ROW:.*]] = arith.addi %[[ROWS]], %[[CHANNEL]] : index
// KERNEL: memref.subview %expand_shape{{.*}}[%[[CHANNEL]], 0] [3, 1] [1, 1] : memref<10x1xf32, #aicore.space<gm>>
// KERNEL: memref.subview %{{.*}}[%[[ROW]], %[[PIXEL]]] [3, 16] [1, 1] : memref<10x30xf32, #aicore.space<gm>>
func.func @grouped_mix(%x: tensor<1x6x9x11xf32>, %w: tensor<10x3x3x3xf32>, %b: tensor<10xf32>, %s: tensor<10x1x1xf32>) -> tensor<1x10x5x6xf32> {
  %0 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Mul_ReLU_8" (%x, %w, %b, %s) : (tensor<1x6x9x11xf32>, tensor<10x3x3x3xf32>, tensor<10xf32>, tensor<10x1x1xf32>) -> tensor<1x10x5x6xf32> {
  ^bb0(%a: tensor<1x6x9x11xf32>, %e: tensor<10x3x3x3xf32>, %f: tensor<10xf32>, %g: tensor<10x1x1xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, group = 2 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x6x9x11xf32>, tensor<10x3x3x3xf32>) -> tensor<1x10x5x6xf32>
    %t = mindspore.bias_add %c, %f : (tensor<1x10x5x6xf32>, tensor<10xf32>) -> tensor<1x10x5x6xf32>
    %m = mindspore.mul %t, %g : (tensor<1x10x5x6xf32>, tensor<10x1x1xf32>) -> tensor<1x10x5x6xf32>
    %r = mindspore.relu %m : tensor<1x10x5x6xf32>
    mindspore.yield %r : tensor<1x10x5x6xf32>
  }
  return %0 : tensor<1x10x5x6xf32>
}

// Conv groups the MIX kernels cannot express are inlined, with a remark
// saying why: the Conv2D is still a Cube kernel when it can be one, the
// other primitives one-op Vector kernels (groups of one) or primitives.
// CHECK-LABEL: func.func @kept
// CHECK: aicore.launch @conv2d_1x7x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32(
// CHECK-NEXT: mindspore.reshape
// CHECK-NEXT: aicore.launch @conv2d_1x7x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32(
// CHECK-NEXT: aicore.launch @Add_0(
// CHECK-NEXT: aicore.launch @Neg_1(
// CHECK-NEXT: aicore.launch @conv2d_1x7x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32(
// CHECK-NEXT: aicore.launch @ReLU_2(
// CHECK-NEXT: aicore.launch @conv2d_1x7x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32(
// CHECK-NEXT: aicore.launch @conv2d_1x7x9x11_7x3x3_s2x2_p1x1x1x1_d1x1_f32(
// CHECK-NEXT: mindspore.trans_data
// CHECK-NEXT: aicore.launch @ReLU_3(
func.func @kept(%x: tensor<1x7x9x11xf32>, %w: tensor<7x7x3x3xf32>, %p: tensor<1x1x5x6xf32>) -> (tensor<7x30xf32>, tensor<1x7x5x6xf32>, tensor<1x7x5x6xf32>, tensor<1x7x5x6xf32>, tensor<1x1x5x6x16xf32>) {
  // expected-remark @+1 {{mix group 'Fused_Conv2D_Reshape_3' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): 'reshape' has no conv MIX epilogue mapping (only elementwise primitives on the convolution's [N, C, H, W] result)}}
  %1 = mindspore.fusion "mix" "Fused_Conv2D_Reshape_3" (%x, %w) : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<7x30xf32> {
  ^bb0(%a: tensor<1x7x9x11xf32>, %e: tensor<7x7x3x3xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<1x7x5x6xf32>
    %r = mindspore.reshape %c, [7, 30] : (tensor<1x7x5x6xf32>) -> tensor<7x30xf32>
    mindspore.yield %r : tensor<7x30xf32>
  }
  // expected-remark @+1 {{mix group 'Fused_Conv2D_Add_4' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): an input of shape [1, 1, 5, 6] is neither the result shape [1, 7, 5, 6] nor a per-channel (or per-image and channel) vector or a scalar of it}}
  %2 = mindspore.fusion "mix" "Fused_Conv2D_Add_4" (%x, %w, %p) : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>, tensor<1x1x5x6xf32>) -> tensor<1x7x5x6xf32> {
  ^bb0(%a: tensor<1x7x9x11xf32>, %e: tensor<7x7x3x3xf32>, %q: tensor<1x1x5x6xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<1x7x5x6xf32>
    %r = mindspore.add %c, %q : (tensor<1x7x5x6xf32>, tensor<1x1x5x6xf32>) -> tensor<1x7x5x6xf32>
    mindspore.yield %r : tensor<1x7x5x6xf32>
  }
  // expected-remark @+1 {{mix group 'Fused_Neg_Conv2D_ReLU_5' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): its Conv2D's operands are computed inside the group (a prologue)}}
  %3 = mindspore.fusion "mix" "Fused_Neg_Conv2D_ReLU_5" (%x, %w) : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<1x7x5x6xf32> {
  ^bb0(%a: tensor<1x7x9x11xf32>, %e: tensor<7x7x3x3xf32>):
    %n = mindspore.neg %a : tensor<1x7x9x11xf32>
    %c = mindspore.conv2d %n, %e {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<1x7x5x6xf32>
    %r = mindspore.relu %c : tensor<1x7x5x6xf32>
    mindspore.yield %r : tensor<1x7x5x6xf32>
  }
  // expected-remark @+1 {{mix group 'Fused_Conv2D_6' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): it has no epilogue}}
  %4 = mindspore.fusion "mix" "Fused_Conv2D_6" (%x, %w) : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<1x7x5x6xf32> {
  ^bb0(%a: tensor<1x7x9x11xf32>, %e: tensor<7x7x3x3xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<1x7x5x6xf32>
    mindspore.yield %c : tensor<1x7x5x6xf32>
  }
  // expected-remark @+1 {{mix group 'Fused_Conv2D_ReLU_TransData_7' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): a TransData in the group converts a value computed inside it (only conversions of its inputs and results fold to the kernel's boundaries)}}
  %5 = mindspore.fusion "mix" "Fused_Conv2D_ReLU_TransData_7" (%x, %w) : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<1x1x5x6x16xf32> {
  ^bb0(%a: tensor<1x7x9x11xf32>, %e: tensor<7x7x3x3xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x7x9x11xf32>, tensor<7x7x3x3xf32>) -> tensor<1x7x5x6xf32>
    // expected-remark @+1 {{no AI Core kernel for primitive 'trans_data': 'trans_data' has no Vector kernel mapping yet}}
    %t = mindspore.trans_data %c "NCHW" -> "NC1HWC0" : (tensor<1x7x5x6xf32>) -> tensor<1x1x5x6x16xf32>
    %r = mindspore.relu %t : tensor<1x1x5x6x16xf32>
    mindspore.yield %r : tensor<1x1x5x6x16xf32>
  }
  return %1, %2, %3, %4, %5 : tensor<7x30xf32>, tensor<1x7x5x6xf32>, tensor<1x7x5x6xf32>, tensor<1x7x5x6xf32>, tensor<1x1x5x6x16xf32>
}
