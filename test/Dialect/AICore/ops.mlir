// RUN: ascend-opt %s | ascend-opt | FileCheck %s
// RUN: ascend-opt %s --mlir-print-op-generic | ascend-opt | FileCheck %s
// RUN: ascend-opt %s --verify-roundtrip | FileCheck %s

// CHECK-LABEL: aicore.kernel @matmul_bias_tile
// CHECK-SAME: (%[[X:.*]]: memref<16x64xf16, #aicore.space<gm>>, %[[W:.*]]: memref<32x64xf16, #aicore.space<gm>>, %[[B:.*]]: memref<1x32xf16, #aicore.space<gm>>, %[[Y:.*]]: memref<16x32xf16, #aicore.space<gm>>)
// CHECK-SAME: attributes {block_dim = 2 : i64}
// CHECK: %[[A1:.*]] = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
// CHECK: %[[B1:.*]] = aicore.alloc : memref<32x64xf16, #aicore.space<l1>>
// CHECK: %[[A0:.*]] = aicore.alloc : memref<16x64xf16, #aicore.space<l0a>>
// CHECK: %[[B0:.*]] = aicore.alloc : memref<32x64xf16, #aicore.space<l0b>>
// CHECK: %[[C0:.*]] = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
// CHECK: %[[CUB:.*]] = aicore.alloc : memref<16x32xf16, #aicore.space<ub>>
// CHECK: %[[BUB:.*]] = aicore.alloc : memref<1x32xf16, #aicore.space<ub>>
// CHECK: aicore.copy %[[X]], %[[A1]] : memref<16x64xf16, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
// CHECK: aicore.set_flag mte2 -> mte1, 0
// CHECK: aicore.wait_flag mte2 -> mte1, 0
// CHECK: aicore.copy %[[A1]], %[[A0]]
// CHECK: aicore.mmad %[[A0]], %[[B0]], %[[C0]] {transpose_b} : memref<16x64xf16, #aicore.space<l0a>>, memref<32x64xf16, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>
// CHECK: aicore.mmad %[[A0]], %[[B0]], %[[C0]] {accumulate, transpose_b}
// CHECK: aicore.copy %[[C0]], %[[CUB]] : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf16, #aicore.space<ub>>
// CHECK: aicore.vadd %[[CUB]], %[[BUB]], %[[CUB]] : memref<16x32xf16, #aicore.space<ub>>, memref<1x32xf16, #aicore.space<ub>>, memref<16x32xf16, #aicore.space<ub>>
// CHECK: aicore.copy %[[CUB]], %[[Y]] : memref<16x32xf16, #aicore.space<ub>> to memref<16x32xf16, #aicore.space<gm>>
// CHECK: aicore.return
aicore.kernel @matmul_bias_tile(%x: memref<16x64xf16, #aicore.space<gm>>,
                                %w: memref<32x64xf16, #aicore.space<gm>>,
                                %b: memref<1x32xf16, #aicore.space<gm>>,
                                %y: memref<16x32xf16, #aicore.space<gm>>)
    attributes {block_dim = 2 : i64} {
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  %b1 = aicore.alloc : memref<32x64xf16, #aicore.space<l1>>
  %a0 = aicore.alloc : memref<16x64xf16, #aicore.space<l0a>>
  %b0 = aicore.alloc : memref<32x64xf16, #aicore.space<l0b>>
  %c0 = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
  %cub = aicore.alloc : memref<16x32xf16, #aicore.space<ub>>
  %bub = aicore.alloc : memref<1x32xf16, #aicore.space<ub>>
  aicore.copy %x, %a1 : memref<16x64xf16, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  aicore.copy %w, %b1 : memref<32x64xf16, #aicore.space<gm>> to memref<32x64xf16, #aicore.space<l1>>
  aicore.copy %b, %bub : memref<1x32xf16, #aicore.space<gm>> to memref<1x32xf16, #aicore.space<ub>>
  aicore.set_flag mte2 -> mte1, 0
  aicore.wait_flag mte2 -> mte1, 0
  aicore.copy %a1, %a0 : memref<16x64xf16, #aicore.space<l1>> to memref<16x64xf16, #aicore.space<l0a>>
  aicore.copy %b1, %b0 : memref<32x64xf16, #aicore.space<l1>> to memref<32x64xf16, #aicore.space<l0b>>
  aicore.set_flag mte1 -> m, 7
  aicore.wait_flag mte1 -> m, 7
  aicore.mmad %a0, %b0, %c0 {transpose_b} : memref<16x64xf16, #aicore.space<l0a>>, memref<32x64xf16, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>
  aicore.mmad %a0, %b0, %c0 {accumulate, transpose_b} : memref<16x64xf16, #aicore.space<l0a>>, memref<32x64xf16, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>
  aicore.set_flag m -> fix, 0
  aicore.wait_flag m -> fix, 0
  aicore.copy %c0, %cub : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf16, #aicore.space<ub>>
  aicore.set_flag fix -> v, 0
  aicore.wait_flag fix -> v, 0
  aicore.vadd %cub, %bub, %cub : memref<16x32xf16, #aicore.space<ub>>, memref<1x32xf16, #aicore.space<ub>>, memref<16x32xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %cub, %y : memref<16x32xf16, #aicore.space<ub>> to memref<16x32xf16, #aicore.space<gm>>
  aicore.return
}

// CHECK-LABEL: aicore.kernel @transposed_lhs_into_l1
// CHECK-SAME: chip = "Ascend910B4"
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} {transpose_a} : memref<64x16xf32, #aicore.space<l0a>>, memref<64x32xf32, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, #aicore.space<l1>>
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, #aicore.space<gm>>
aicore.kernel @transposed_lhs_into_l1(%out: memref<16x32xf32, #aicore.space<gm>>)
    attributes {chip = "Ascend910B4"} {
  %a0 = aicore.alloc : memref<64x16xf32, #aicore.space<l0a>>
  %b0 = aicore.alloc : memref<64x32xf32, #aicore.space<l0b>>
  %c0 = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
  %l1 = aicore.alloc : memref<16x32xf32, #aicore.space<l1>>
  aicore.mmad %a0, %b0, %c0 {transpose_a} : memref<64x16xf32, #aicore.space<l0a>>, memref<64x32xf32, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>
  aicore.copy %c0, %l1 : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, #aicore.space<l1>>
  aicore.copy %c0, %out : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, #aicore.space<gm>>
  aicore.return
}

// CHECK-LABEL: aicore.kernel @vector_add_same_shape
// CHECK: aicore.vadd %{{.*}}, %{{.*}}, %{{.*}} : memref<128xf32, #aicore.space<ub>>, memref<128xf32, #aicore.space<ub>>, memref<128xf32, #aicore.space<ub>>
aicore.kernel @vector_add_same_shape(%x: memref<128xf32, #aicore.space<gm>>, %y: memref<128xf32, #aicore.space<gm>>) {
  %u = aicore.alloc : memref<128xf32, #aicore.space<ub>>
  %v = aicore.alloc : memref<128xf32, #aicore.space<ub>>
  aicore.copy %x, %u : memref<128xf32, #aicore.space<gm>> to memref<128xf32, #aicore.space<ub>>
  aicore.copy %x, %v : memref<128xf32, #aicore.space<gm>> to memref<128xf32, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 1
  aicore.wait_flag mte2 -> v, 1
  aicore.vadd %u, %v, %u : memref<128xf32, #aicore.space<ub>>, memref<128xf32, #aicore.space<ub>>, memref<128xf32, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 1
  aicore.wait_flag v -> mte3, 1
  aicore.copy %u, %y : memref<128xf32, #aicore.space<ub>> to memref<128xf32, #aicore.space<gm>>
  aicore.return
}

// CHECK-LABEL: func.func @launch_on_tensors
// CHECK: %[[R:.*]] = aicore.launch @vector_add_same_shape(%{{.*}}) : (tensor<128xf32>) -> tensor<128xf32>
// CHECK: return %[[R]]
func.func @launch_on_tensors(%x: tensor<128xf32>) -> tensor<128xf32> {
  %r = aicore.launch @vector_add_same_shape(%x) : (tensor<128xf32>) -> tensor<128xf32>
  return %r : tensor<128xf32>
}

// A kernel instance picks its row tile by its block index.
// CHECK-LABEL: aicore.kernel @row_tile_per_block
// CHECK: %[[IDX:.*]] = aicore.block_idx
// CHECK: arith.muli %[[IDX]]
aicore.kernel @row_tile_per_block(%x: memref<32x64xf16, #aicore.space<gm>>)
    attributes {block_dim = 2 : i64} {
  %c16 = arith.constant 16 : index
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  %b = aicore.block_idx
  %row = arith.muli %b, %c16 : index
  %tile = memref.subview %x[%row, 0] [16, 64] [1, 1] : memref<32x64xf16, #aicore.space<gm>> to memref<16x64xf16, strided<[64, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %tile, %a1 : memref<16x64xf16, strided<[64, 1], offset: ?>, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  aicore.return
}

// A MIX kernel's parts, the hand-off through its GM workspace (the last
// argument, not passed by the launch) and the bias table.
// CHECK-LABEL: aicore.kernel @mix_parts
// CHECK-SAME: workspace_bytes = 2048 : i64
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<1x16xf16, #aicore.space<l1>> to memref<1x16xf32, #aicore.space<bt>>
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} bias %{{.*}} : memref<16x16xf16, #aicore.space<l0a>>, memref<16x16xf16, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>, memref<1x16xf32, #aicore.space<bt>>
// CHECK: aicore.on_core aic {
// CHECK-NEXT: aicore.cross_core_wait_flag fix, 2
// CHECK-NEXT: aicore.copy
// CHECK-NEXT: aicore.cross_core_set_flag fix, 0
// CHECK: aicore.on_core aiv {
// CHECK-NEXT: %{{.*}} = aicore.subblock_idx
// CHECK-NEXT: aicore.cross_core_wait_flag mte2, 0
// CHECK: func.func @launch_mix
// CHECK: aicore.launch @mix_parts(%{{.*}}) : (tensor<16x16xf16>) -> tensor<16x16xf16>
aicore.kernel @mix_parts(%x: memref<16x16xf16, #aicore.space<gm>>, %y: memref<16x16xf16, #aicore.space<gm>>, %ws: memref<2x16x16xf32, #aicore.space<gm>>) attributes {workspace_bytes = 2048 : i64} {
  %l1 = aicore.alloc : memref<1x16xf16, #aicore.space<l1>>
  %bt = aicore.alloc : memref<1x16xf32, #aicore.space<bt>>
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l0a>>
  %b = aicore.alloc : memref<16x16xf16, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x16xf32, #aicore.space<l0c>>
  %u = aicore.alloc : memref<16x16xf32, #aicore.space<ub>>
  %slot = memref.subview %ws[0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<2x16x16xf32, #aicore.space<gm>> to memref<16x16xf32, strided<[16, 1]>, #aicore.space<gm>>
  aicore.copy %l1, %bt : memref<1x16xf16, #aicore.space<l1>> to memref<1x16xf32, #aicore.space<bt>>
  aicore.mmad %a, %b, %c bias %bt : memref<16x16xf16, #aicore.space<l0a>>, memref<16x16xf16, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>, memref<1x16xf32, #aicore.space<bt>>
  aicore.on_core aic {
    aicore.cross_core_wait_flag fix, 2
    aicore.copy %c, %slot : memref<16x16xf32, #aicore.space<l0c>> to memref<16x16xf32, strided<[16, 1]>, #aicore.space<gm>>
    aicore.cross_core_set_flag fix, 0
  }
  aicore.on_core aiv {
    %s = aicore.subblock_idx
    aicore.cross_core_wait_flag mte2, 0
    aicore.copy %slot, %u : memref<16x16xf32, strided<[16, 1]>, #aicore.space<gm>> to memref<16x16xf32, #aicore.space<ub>>
    aicore.cross_core_set_flag mte2, 2
  }
  aicore.return
}

func.func @launch_mix(%x: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %r = aicore.launch @mix_parts(%x) : (tensor<16x16xf16>) -> tensor<16x16xf16>
  return %r : tensor<16x16xf16>
}
