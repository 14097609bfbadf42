// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=chip=Ascend910B4 -verify-diagnostics | FileCheck %s --check-prefix=CHIP

// A Linear layer with batch 1: x[1, 512] * w[1000, 512]^T + b[1000] in f32.
// The whole N = 1000 row fits L0C (4000 B), so tn = 1000; L0B then holds
// tk * 1000 * 4 B <= 64 KiB, so tk = 16 (largest divisor of 512 <= 16.4).
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

// 64x64x64 in f32 is a single tile: no loops.
// CHECK-LABEL: func.func @square_64_f32
// CHECK: aicore.launch @matmul_64x64x64_f32(%{{.*}}, %{{.*}}) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
func.func @square_64_f32(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %m = mindspore.matmul %x, %y : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %m : tensor<64x64xf32>
}

// Identical matmuls share one kernel; other mindspore ops stay. The matmul
// result has two users, so the bias_add is not fused.
// CHECK-LABEL: func.func @shared_kernel_and_unfused_bias
// CHECK: %[[M0:.*]] = aicore.launch @matmul_64x64x64_f32(
// CHECK: %[[M1:.*]] = aicore.launch @matmul_64x64x64_f32(
// CHECK: %[[BA:.*]] = mindspore.bias_add %[[M1]], %{{.*}}
// CHECK: mindspore.add %[[M0]], %[[BA]]
// CHECK: mindspore.relu %[[M1]]
func.func @shared_kernel_and_unfused_bias(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>, %b: tensor<64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %m0 = mindspore.matmul %x, %y : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %m1 = mindspore.matmul %y, %x : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %ba = mindspore.bias_add %m1, %b : (tensor<64x64xf32>, tensor<64xf32>) -> tensor<64x64xf32>
  %s = mindspore.add %m0, %ba : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = mindspore.relu %m1 : tensor<64x64xf32>
  return %s, %r : tensor<64x64xf32>, tensor<64x64xf32>
}

// 512x1024 * 1024x768 in f32: L0C takes tm * tn <= 32768 f32; the fewest GM
// reads come with tm = 128, tn = 256 (128 KiB of L0C), leaving tk = 64 for
// the 64 KiB of L0B.
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

// CHECK-LABEL: func.func @f64_stays
// CHECK: mindspore.matmul
func.func @f64_stays(%x: tensor<4x4xf64>, %y: tensor<4x4xf64>) -> tensor<4x4xf64> {
  // expected-remark @+1 {{matmul kept at the mindspore level: the Cube has no f64 mmad}}
  %m = mindspore.matmul %x, %y : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
  return %m : tensor<4x4xf64>
}

// The fused Linear kernel: buffers, K loop with the first tile peeled, then
// FIX to UB, the bias added in UB (V) and MTE3 back to GM.
// CHECK-LABEL: aicore.kernel @matmul_1x1000x512_f32_tb_bias
// CHECK-SAME: (%[[KX:.*]]: memref<1x512xf32, #aicore.space<gm>>, %[[KW:.*]]: memref<1000x512xf32, #aicore.space<gm>>, %[[KB:.*]]: memref<1000xf32, #aicore.space<gm>>, %[[KY:.*]]: memref<1x1000xf32, #aicore.space<gm>>)
// CHECK-SAME: attributes {block_dim = 1 : i64}
// CHECK-DAG: %[[A1:.*]] = aicore.alloc : memref<1x16xf32, #aicore.space<l1>>
// CHECK-DAG: %[[B1:.*]] = aicore.alloc : memref<1000x16xf32, #aicore.space<l1>>
// CHECK-DAG: %[[A0:.*]] = aicore.alloc : memref<1x16xf32, #aicore.space<l0a>>
// CHECK-DAG: %[[B0:.*]] = aicore.alloc : memref<1000x16xf32, #aicore.space<l0b>>
// CHECK-DAG: %[[C0:.*]] = aicore.alloc : memref<1x1000xf32, #aicore.space<l0c>>
// CHECK-DAG: %[[CUB:.*]] = aicore.alloc : memref<1x1000xf32, #aicore.space<ub>>
// CHECK-DAG: %[[BUB:.*]] = aicore.alloc : memref<1x1000xf32, #aicore.space<ub>>
// CHECK: %[[BROW:.*]] = memref.expand_shape %[[KB]] {{\[\[}}0, 1]] output_shape [1, 1000]
// CHECK: aicore.set_flag mte1 -> mte2, 0
// CHECK: aicore.set_flag m -> mte1, 0
// CHECK: aicore.set_flag fix -> m, 0
// CHECK: aicore.set_flag v -> mte2, 0
// CHECK: aicore.set_flag mte3 -> fix, 0
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: %[[BSV:.*]] = memref.subview %[[BROW]][0, 0] [1, 1000] [1, 1]
// CHECK: aicore.copy %[[BSV]], %[[BUB]]
// CHECK: aicore.set_flag mte2 -> v, 0
// CHECK: aicore.wait_flag fix -> m, 0
// CHECK: %[[XS:.*]] = memref.subview %[[KX]][0, 0] [1, 16] [1, 1]
// CHECK: %[[WS:.*]] = memref.subview %[[KW]][0, 0] [1000, 16] [1, 1]
// CHECK: aicore.wait_flag mte1 -> mte2, 0
// CHECK: aicore.copy %[[XS]], %[[A1]]
// CHECK: aicore.copy %[[WS]], %[[B1]]
// CHECK: aicore.set_flag mte2 -> mte1, 0
// CHECK: aicore.wait_flag mte2 -> mte1, 0
// CHECK: aicore.wait_flag m -> mte1, 0
// CHECK: aicore.copy %[[A1]], %[[A0]]
// CHECK: aicore.copy %[[B1]], %[[B0]]
// CHECK: aicore.set_flag mte1 -> mte2, 0
// CHECK: aicore.set_flag mte1 -> m, 0
// CHECK: aicore.wait_flag mte1 -> m, 0
// CHECK: aicore.mmad %[[A0]], %[[B0]], %[[C0]] {transpose_b}
// CHECK: aicore.set_flag m -> mte1, 0
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[C512:.*]] = arith.constant 512 : index
// CHECK: scf.for %[[K:.*]] = %[[C16]] to %[[C512]] step %{{.*}} {
// CHECK:   memref.subview %[[KX]][0, %[[K]]] [1, 16] [1, 1]
// CHECK:   memref.subview %[[KW]][0, %[[K]]] [1000, 16] [1, 1]
// CHECK:   aicore.mmad %[[A0]], %[[B0]], %[[C0]] {accumulate, transpose_b}
// CHECK: }
// CHECK: aicore.set_flag m -> fix, 0
// CHECK: aicore.wait_flag m -> fix, 0
// CHECK: %[[YS:.*]] = memref.subview %[[KY]][0, 0] [1, 1000] [1, 1]
// CHECK: aicore.wait_flag mte3 -> fix, 0
// CHECK: aicore.copy %[[C0]], %[[CUB]] : memref<1x1000xf32, #aicore.space<l0c>> to memref<1x1000xf32, #aicore.space<ub>>
// CHECK: aicore.set_flag fix -> m, 0
// CHECK: aicore.set_flag fix -> v, 0
// CHECK: aicore.wait_flag fix -> v, 0
// CHECK: aicore.wait_flag mte2 -> v, 0
// CHECK: aicore.vadd %[[CUB]], %[[BUB]], %[[CUB]]
// CHECK: aicore.set_flag v -> mte2, 0
// CHECK: aicore.set_flag v -> mte3, 0
// CHECK: aicore.wait_flag v -> mte3, 0
// CHECK: aicore.copy %[[CUB]], %[[YS]] : memref<1x1000xf32, #aicore.space<ub>> to memref<1x1000xf32, strided<[1000, 1]>, #aicore.space<gm>>
// CHECK: aicore.set_flag mte3 -> fix, 0
// CHECK: aicore.wait_flag mte1 -> mte2, 0
// CHECK: aicore.wait_flag m -> mte1, 0
// CHECK: aicore.wait_flag fix -> m, 0
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: aicore.wait_flag mte3 -> fix, 0
// CHECK: aicore.return

// CHECK-LABEL: aicore.kernel @matmul_64x64x64_f32
// CHECK-DAG: aicore.alloc : memref<64x64xf32, #aicore.space<l1>>
// CHECK-DAG: aicore.alloc : memref<64x64xf32, #aicore.space<l0a>>
// CHECK-DAG: aicore.alloc : memref<64x64xf32, #aicore.space<l0b>>
// CHECK-DAG: aicore.alloc : memref<64x64xf32, #aicore.space<l0c>>
// CHECK-NOT: scf.for
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} : memref<64x64xf32, #aicore.space<l0a>>, memref<64x64xf32, #aicore.space<l0b>>, memref<64x64xf32, #aicore.space<l0c>>
// CHECK-NOT: scf.for
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<64x64xf32, #aicore.space<l0c>> to memref<64x64xf32, strided<[64, 1]>, #aicore.space<gm>>
// CHECK: aicore.return

// CHECK-LABEL: aicore.kernel @matmul_512x768x1024_f32
// CHECK-DAG: aicore.alloc : memref<128x64xf32, #aicore.space<l1>>
// CHECK-DAG: aicore.alloc : memref<64x256xf32, #aicore.space<l1>>
// CHECK-DAG: aicore.alloc : memref<128x64xf32, #aicore.space<l0a>>
// CHECK-DAG: aicore.alloc : memref<64x256xf32, #aicore.space<l0b>>
// CHECK-DAG: aicore.alloc : memref<128x256xf32, #aicore.space<l0c>>
// CHECK: scf.for %[[M:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: aicore.mmad
// CHECK-NOT: accumulate
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} {accumulate}
// CHECK: memref.subview %{{.*}}[%[[M]], %[[N]]] [128, 256] [1, 1]
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<128x256xf32, #aicore.space<l0c>> to memref<128x256xf32, strided<[768, 1], offset: ?>, #aicore.space<gm>>

// CHECK-LABEL: aicore.kernel @matmul_64x32x128_f16_ta
// CHECK-DAG: aicore.alloc : memref<128x64xf16, #aicore.space<l1>>
// CHECK-DAG: aicore.alloc : memref<128x64xf16, #aicore.space<l0a>>
// CHECK-DAG: aicore.alloc : memref<128x32xf16, #aicore.space<l0b>>
// CHECK-DAG: aicore.alloc : memref<64x32xf32, #aicore.space<l0c>>
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} {transpose_a} : memref<128x64xf16, #aicore.space<l0a>>, memref<128x32xf16, #aicore.space<l0b>>, memref<64x32xf32, #aicore.space<l0c>>
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<64x32xf32, #aicore.space<l0c>> to memref<64x32xf16, strided<[32, 1]>, #aicore.space<gm>>

// CHIP-LABEL: aicore.kernel @matmul_1x1000x512_f32_tb_bias
// CHIP-SAME: attributes {block_dim = 1 : i64, chip = "Ascend910B4"}
