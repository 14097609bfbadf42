// The tile-by-tile schedule (k-chunk=0: the search would take the
// K-chunked one for @large_f32, see kchunk-kernel-structure.mlir).
// RUN: ascend-opt %s --convert-mindspore-to-aicore=k-chunk=0 -verify-diagnostics | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=chip=Ascend910B4 -verify-diagnostics | FileCheck %s --check-prefix=CHIP
// Every kernel passes the kernel model (no race, no deadlock).
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-estimate -verify-diagnostics -o /dev/null

// A Linear layer with batch 1: x[1, 512] * w[1000, 512]^T + b[1000] in f32.
// The search spreads N over the AI Cores: 20 tiles of 48 columns and a
// partial one of 40 (1000 = 20 * 48 + 40), one per block (block_dim 21);
// K = 512 goes in slices of 80, four per L1 stage (one full stage and a
// partial one of 192).
// CHECK-LABEL: func.func @linear_1x512_by_1000x512_bias
// CHECK-SAME: (%[[X:.*]]: tensor<1x512xf32>, %[[W:.*]]: tensor<1000x512xf32>, %[[B:.*]]: tensor<1000xf32>)
// CHECK-NOT: mindspore.matmul
// CHECK-NOT: mindspore.bias_add
// CHECK: %[[R:.*]] = aicore.launch @matmul_1x1000x512_f32_tb_bias(%[[X]], %[[W]], %[[B]]) : (tensor<1x512xf32>, tensor<1000x512xf32>, tensor<1000xf32>) -> tensor<1x1000xf32>
// CHECK: return %[[R]]
func.func @linear_1x512_by_1000x512_bias(%x: tensor<1x512xf32>, %w: tensor<1000x512xf32>, %b: tensor<1000xf32>) -> tensor<1x1000xf32> {
  %m = mindspore.matmul %x, %w {transpose_b = true} : (tensor<1x512xf32>, tensor<1000x512xf32>) -> tensor<1x1000xf32>
  %r = mindspore.bias_add %m, %b : (tensor<1x1000xf32>, tensor<1000xf32>) -> tensor<1x1000xf32>
  return %r : tensor<1x1000xf32>
}

// 64x64x64 in f32: sixteen 16x16 tiles, one per block.
// CHECK-LABEL: func.func @square_64_f32
// CHECK: aicore.launch @matmul_64x64x64_f32(%{{.*}}, %{{.*}}) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
func.func @square_64_f32(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %m = mindspore.matmul %x, %y : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %m : tensor<64x64xf32>
}

// Identical matmuls share one kernel. The matmul result has two users, so
// the bias_add is not fused: it, the add and the relu are primitives outside
// any fusion group and become one-op Vector kernels.
// CHECK-LABEL: func.func @shared_kernel_and_unfused_bias
// CHECK: %[[M0:.*]] = aicore.launch @matmul_64x64x64_f32(
// CHECK: %[[M1:.*]] = aicore.launch @matmul_64x64x64_f32(
// CHECK: %[[BA:.*]] = aicore.launch @BiasAdd_{{[0-9]+}}(%[[M1]], %{{.*}})
// CHECK: aicore.launch @Add_{{[0-9]+}}(%[[M0]], %[[BA]])
// CHECK: aicore.launch @ReLU_{{[0-9]+}}(%[[M1]])
func.func @shared_kernel_and_unfused_bias(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>, %b: tensor<64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %m0 = mindspore.matmul %x, %y : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %m1 = mindspore.matmul %y, %x : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %ba = mindspore.bias_add %m1, %b : (tensor<64x64xf32>, tensor<64xf32>) -> tensor<64x64xf32>
  %s = mindspore.add %m0, %ba : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = mindspore.relu %m1 : tensor<64x64xf32>
  return %s, %r : tensor<64x64xf32>, tensor<64x64xf32>
}

// 512x1024 * 1024x768 in f32: 4 x 6 tiles of 128 x 128, one per AI Core;
// L0B holds two [32, 128] f32 slices (32 KiB).
// CHECK-LABEL: func.func @large_f32
// CHECK: aicore.launch @matmul_512x768x1024_f32(
func.func @large_f32(%x: tensor<512x1024xf32>, %y: tensor<1024x768xf32>) -> tensor<512x768xf32> {
  %m = mindspore.matmul %x, %y : (tensor<512x1024xf32>, tensor<1024x768xf32>) -> tensor<512x768xf32>
  return %m : tensor<512x768xf32>
}

// f16 operands accumulate in an f32 L0C; FIX converts back to f16 on the way
// to GM. transpose_a keeps the [K, M] layout in L1 and L0A.
// CHECK-LABEL: func.func @transposed_lhs_f16
// CHECK: aicore.launch @matmul_64x32x128_f16_ta(
func.func @transposed_lhs_f16(%x: tensor<128x64xf16>, %y: tensor<128x32xf16>) -> tensor<64x32xf16> {
  %m = mindspore.matmul %x, %y {transpose_a = true} : (tensor<128x64xf16>, tensor<128x32xf16>) -> tensor<64x32xf16>
  return %m : tensor<64x32xf16>
}

// CHECK-LABEL: func.func @pairs_of_tiles
// CHECK: aicore.launch @matmul_512x512x64_f16(
func.func @pairs_of_tiles(%x: tensor<512x64xf16>, %y: tensor<64x512xf16>) -> tensor<512x512xf16> {
  %m = mindspore.matmul %x, %y : (tensor<512x64xf16>, tensor<64x512xf16>) -> tensor<512x512xf16>
  return %m : tensor<512x512xf16>
}

// CHECK-LABEL: func.func @f64_stays
// CHECK: mindspore.matmul
func.func @f64_stays(%x: tensor<4x4xf64>, %y: tensor<4x4xf64>) -> tensor<4x4xf64> {
  // expected-remark @+1 {{matmul kept at the mindspore level: the Cube has no f64 mmad}}
  %m = mindspore.matmul %x, %y : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
  return %m : tensor<4x4xf64>
}

// CHECK-LABEL: func.func @f64_batch_stays
// CHECK: mindspore.batch_matmul
func.func @f64_batch_stays(%x: tensor<2x4x4xf64>) -> tensor<2x4x4xf64> {
  // expected-remark @+1 {{batch matmul kept at the mindspore level: the Cube has no f64 mmad}}
  %m = mindspore.batch_matmul %x, %x : (tensor<2x4x4xf64>, tensor<2x4x4xf64>) -> tensor<2x4x4xf64>
  return %m : tensor<2x4x4xf64>
}

// The fused Linear kernel (its schedule in detail, under a forced tiling:
// matmul-kernel-structure.mlir): N over the AI Cores, K in one full stage
// of four slices of 80 and a partial stage of 192 (80, 80, 32).
// CHECK-LABEL: aicore.kernel @matmul_1x1000x512_f32_tb_bias
// CHECK-SAME: aicore.tiling = #aicore.cube_tiling<tm = 16, tn = 48, tk = 80, k_stages = 4, l1_buffers = 2, l0c_buffers = 1, modeled_cycles = {{[0-9]+}}>, block_dim = 21 : i64
// CHECK-DAG: aicore.alloc : memref<16x320xf32, #aicore.space<l1>>
// CHECK-DAG: aicore.alloc : memref<48x320xf32, #aicore.space<l1>>
// CHECK: aicore.return

// One slice of all of K (64): every GM transfer has a fixed cost, so the
// search takes K in one stage rather than two slices of 32.
// CHECK-LABEL: aicore.kernel @matmul_64x64x64_f32
// CHECK-SAME: #aicore.cube_tiling<tm = 16, tn = 16, tk = 64, k_stages = 1,
// CHECK-SAME: block_dim = 16 : i64
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} : memref<16x64xf32, #aicore.space<l0a>>, memref<64x16xf32, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>
// CHECK-NOT: accumulate
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<16x16xf32, #aicore.space<l0c>> to memref<16x16xf32, strided<[64, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.return

// Four slices of 32 per L1 stage (k_stages = 4, stages of 128: eight of
// them): stage 0 peeled, stages 1-6 two at a time through the loop
// (buffers 0 and 1), stage 7 alone.
// CHECK-LABEL: aicore.kernel @matmul_512x768x1024_f32
// CHECK-SAME: #aicore.cube_tiling<tm = 128, tn = 128, tk = 32, k_stages = 4,
// CHECK-SAME: block_dim = 24 : i64
// CHECK-DAG: aicore.alloc : memref<128x128xf32, #aicore.space<l1>>
// CHECK-DAG: aicore.alloc : memref<128x32xf32, #aicore.space<l0a>>
// CHECK-DAG: aicore.alloc : memref<32x128xf32, #aicore.space<l0b>>
// CHECK-DAG: aicore.alloc : memref<128x128xf32, #aicore.space<l0c>>
// CHECK: aicore.block_idx
// CHECK: scf.for %[[T:.*]] =
// CHECK: arith.divui %[[T]], %c6{{[_0-9]*}}
// CHECK: arith.remui %[[T]], %c6{{[_0-9]*}}
// CHECK: aicore.mmad
// CHECK-NOT: accumulate
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} {accumulate}
// CHECK: scf.for %[[K:.*]] = %c128{{[_0-9]*}} to %c896{{[_0-9]*}} step %c256{{[_0-9]*}} {
// CHECK-COUNT-8: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} {accumulate}
// CHECK: }
// CHECK-COUNT-4: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} {accumulate}
// CHECK-NOT: aicore.mmad
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<128x128xf32, #aicore.space<l0c>> to memref<128x128xf32, strided<[768, 1], offset: ?>, #aicore.space<gm>>

// CHECK-LABEL: aicore.kernel @matmul_64x32x128_f16_ta
// CHECK-DAG: aicore.alloc : memref<128x16xf16, #aicore.space<l1>>
// CHECK-DAG: aicore.alloc : memref<128x16xf16, #aicore.space<l0a>>
// CHECK-DAG: aicore.alloc : memref<128x16xf16, #aicore.space<l0b>>
// CHECK-DAG: aicore.alloc : memref<16x16xf32, #aicore.space<l0c>>
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} {transpose_a} : memref<128x16xf16, #aicore.space<l0a>>, memref<128x16xf16, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<16x16xf32, #aicore.space<l0c>> to memref<16x16xf16, strided<[32, 1], offset: ?>, #aicore.space<gm>>

// 512 x 512 x 64 f16: 96 x 144 tiles, K in two stages of 32 (the
// two-accumulator schedule in detail: matmul-kernel-structure.mlir). The
// FIX writes the f16 result, half the f32 accumulator's bytes (it was 64 x
// 176 while the model costed the FIX at 4 bytes per element).
// CHECK-LABEL: aicore.kernel @matmul_512x512x64_f16
// CHECK-SAME: aicore.tiling = #aicore.cube_tiling<tm = 96, tn = 144, tk = 32, k_stages = 1, l1_buffers = 2, l0c_buffers = 1, modeled_cycles = {{[0-9]+}}>, block_dim = 24 : i64
// CHECK: aicore.return

// The 910B4 has 20 AI Cores: no kernel takes more blocks.
// CHIP-LABEL: aicore.kernel @matmul_1x1000x512_f32_tb_bias
// CHIP-SAME: block_dim = 16 : i64, chip = "Ascend910B4"
// CHIP-LABEL: aicore.kernel @matmul_512x768x1024_f32
// CHIP-SAME: block_dim = 20 : i64, chip = "Ascend910B4"
