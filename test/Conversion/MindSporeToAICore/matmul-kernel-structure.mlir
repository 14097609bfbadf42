// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,48,80,1,1 -verify-diagnostics | FileCheck %s --check-prefix=CHECK
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=64,64,32,1,2 -verify-diagnostics | FileCheck %s --check-prefix=PAIRS
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,48,80,1,1 --ascend-aicore-estimate -verify-diagnostics -o /dev/null
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=64,64,32,1,2 --ascend-aicore-estimate -verify-diagnostics -o /dev/null

// The matmul kernel's schedule in detail, under forced tilings (the
// search's own picks are in convert-mindspore-to-aicore.mlir): the fused
// Linear x[1, 512] * w[1000, 512]^T + b[1000] in f32 with 16 x 48 tiles and
// K in slices of 80 (6 full ones and a partial one of 32), one tile per
// block (block_dim 21); 512 x 512 x 64 in f16 with 64 x 64 tiles in two
// L0C buffers.

func.func @linear_1x512_by_1000x512_bias(%x: tensor<1x512xf32>, %w: tensor<1000x512xf32>, %b: tensor<1000xf32>) -> tensor<1x1000xf32> {
  %m = mindspore.matmul %x, %w {transpose_b = true} : (tensor<1x512xf32>, tensor<1000x512xf32>) -> tensor<1x1000xf32>
  %r = mindspore.bias_add %m, %b : (tensor<1x1000xf32>, tensor<1000xf32>) -> tensor<1x1000xf32>
  return %r : tensor<1x1000xf32>
}

func.func @pairs_of_tiles(%x: tensor<512x64xf16>, %y: tensor<64x512xf16>) -> tensor<512x512xf16> {
  %m = mindspore.matmul %x, %y : (tensor<512x64xf16>, tensor<64x512xf16>) -> tensor<512x512xf16>
  return %m : tensor<512x512xf16>
}

// The fused Linear kernel. Ping-pong buffers: two L1 stages and two L0A/L0B
// slices of each operand; one L0C accumulator, the bias row in L1 and its
// f32 copy in the BT bias table (the separated 910B has no L0C -> UB path:
// the Cube adds the bias). The free flags are set for both ping-pong event
// ids.
// CHECK-LABEL: aicore.kernel @matmul_1x1000x512_f32_tb_bias
// CHECK-SAME: (%[[KX:.*]]: memref<1x512xf32, #aicore.space<gm>>, %[[KW:.*]]: memref<1000x512xf32, #aicore.space<gm>>, %[[KB:.*]]: memref<1000xf32, #aicore.space<gm>>, %[[KY:.*]]: memref<1x1000xf32, #aicore.space<gm>>)
// CHECK-SAME: aicore.tiling = #aicore.cube_tiling<tm = 16, tn = 48, tk = 80, k_stages = 1, l1_buffers = 2, l0c_buffers = 1, modeled_cycles = {{[0-9]+}}>, block_dim = 21 : i64
// CHECK: %[[A1P:.*]] = aicore.alloc : memref<16x80xf32, #aicore.space<l1>>
// CHECK: %[[B1P:.*]] = aicore.alloc : memref<48x80xf32, #aicore.space<l1>>
// CHECK: %[[A1Q:.*]] = aicore.alloc : memref<16x80xf32, #aicore.space<l1>>
// CHECK: %[[B1Q:.*]] = aicore.alloc : memref<48x80xf32, #aicore.space<l1>>
// CHECK: %[[A0P:.*]] = aicore.alloc : memref<16x80xf32, #aicore.space<l0a>>
// CHECK: %[[B0P:.*]] = aicore.alloc : memref<48x80xf32, #aicore.space<l0b>>
// CHECK: %[[A0Q:.*]] = aicore.alloc : memref<16x80xf32, #aicore.space<l0a>>
// CHECK: %[[B0Q:.*]] = aicore.alloc : memref<48x80xf32, #aicore.space<l0b>>
// CHECK: %[[C0:.*]] = aicore.alloc : memref<16x48xf32, #aicore.space<l0c>>
// CHECK: %[[BL1:.*]] = aicore.alloc : memref<1x48xf32, #aicore.space<l1>>
// CHECK: %[[BT:.*]] = aicore.alloc : memref<1x48xf32, #aicore.space<bt>>
// CHECK: %[[BROW:.*]] = memref.expand_shape %[[KB]] {{\[\[}}0, 1]] output_shape [1, 1000]
// CHECK: aicore.set_flag mte1 -> mte2, 0
// CHECK: aicore.set_flag mte1 -> mte2, 1
// CHECK: aicore.set_flag m -> mte1, 0
// CHECK: aicore.set_flag m -> mte1, 1
// CHECK: aicore.set_flag fix -> m, 0
// CHECK-NOT: aicore.set_flag v -> mte2
// Block b takes the full tiles t = b, b + 21, ... (t < 20).
// CHECK: %[[IDX:.*]] = aicore.block_idx
// CHECK: %[[FIRST:.*]] = arith.remui %[[IDX]], %c21{{[_0-9]*}}
// CHECK: scf.for %[[T:.*]] = %[[FIRST]] to %c20{{[_0-9]*}} step %c21{{[_0-9]*}}
// CHECK: %[[N:.*]] = arith.muli %[[T]], %c48{{[_0-9]*}}
// CHECK: aicore.wait_flag fix -> m, 0
// Stage 0 (peeled): MTE2 into L1 buffer 0 (the one valid row of the 16-row
// buffer) with the tile's bias row, MTE1 into L0 buffer 0 and the bias into
// BT, the mmad that starts the accumulator from the bias.
// CHECK: aicore.wait_flag mte1 -> mte2, 0
// CHECK: %[[A1ROW:.*]] = memref.subview %[[A1P]][0, 0] [1, 80] [1, 1]
// CHECK: %[[XS:.*]] = memref.subview %[[KX]][0, 0] [1, 80] [1, 1]
// CHECK: aicore.copy %[[XS]], %[[A1ROW]]
// CHECK: %[[WS:.*]] = memref.subview %[[KW]][%[[N]], 0] [48, 80] [1, 1]
// CHECK: aicore.copy %[[WS]], %[[B1P]]
// CHECK: %[[BSV:.*]] = memref.subview %[[BROW]][0, %[[N]]] [1, 48] [1, 1]
// CHECK: aicore.copy %[[BSV]], %[[BL1]]
// CHECK: aicore.set_flag mte2 -> mte1, 0
// CHECK: aicore.wait_flag mte2 -> mte1, 0
// CHECK: %[[ACC:.*]] = memref.subview %[[C0]][0, 0] [1, 48] [1, 1]
// CHECK: aicore.wait_flag m -> mte1, 0
// CHECK: %[[A0ROW:.*]] = memref.subview %[[A0P]][0, 0] [1, 80] [1, 1]
// CHECK: aicore.copy %{{.*}}, %[[A0ROW]]
// CHECK: aicore.copy %[[B1P]], %[[B0P]]
// CHECK: aicore.copy %[[BL1]], %[[BT]] : memref<1x48xf32, #aicore.space<l1>> to memref<1x48xf32, #aicore.space<bt>>
// CHECK: aicore.set_flag mte1 -> mte2, 0
// CHECK: aicore.set_flag mte1 -> m, 0
// CHECK: aicore.wait_flag mte1 -> m, 0
// CHECK: aicore.mmad %[[A0ROW]], %[[B0P]], %[[ACC]] bias %[[BT]] {transpose_b}
// CHECK: aicore.set_flag m -> mte1, 0
// Stages 1-4 in pairs (buffers 1, 0), stage 5 alone (buffer 1), then the
// partial stage of 32 (buffer 0).
// CHECK: scf.for %[[K:.*]] = %c80{{[_0-9]*}} to %c400{{[_0-9]*}} step %c160{{[_0-9]*}}
// CHECK: aicore.wait_flag mte1 -> mte2, 1
// CHECK: memref.subview %[[KW]][%[[N]], %[[K]]] [48, 80] [1, 1]
// CHECK: aicore.copy %{{.*}}, %[[B1Q]]
// CHECK: aicore.set_flag mte2 -> mte1, 1
// CHECK: aicore.mmad %{{.*}}, %[[B0Q]], %{{.*}} {accumulate, transpose_b}
// CHECK: %[[K2:.*]] = arith.addi %[[K]], %c80{{[_0-9]*}}
// CHECK: aicore.wait_flag mte1 -> mte2, 0
// CHECK: memref.subview %[[KW]][%[[N]], %[[K2]]] [48, 80] [1, 1]
// CHECK: aicore.mmad %{{.*}}, %[[B0P]], %{{.*}} {accumulate, transpose_b}
// CHECK: }
// CHECK: memref.subview %[[KW]][%[[N]], 400] [48, 80] [1, 1]
// CHECK: aicore.mmad %{{.*}}, %[[B0Q]], %{{.*}} {accumulate, transpose_b}
// CHECK: aicore.wait_flag mte1 -> mte2, 0
// CHECK: memref.subview %[[KW]][%[[N]], 480] [48, 32] [1, 1]
// CHECK: %[[B0TAIL:.*]] = memref.subview %[[B0P]][0, 0] [48, 32] [1, 1]
// CHECK: aicore.mmad %{{.*}}, %[[B0TAIL]], %{{.*}} {accumulate, transpose_b} : memref<1x32xf32, strided<[80, 1]>, #aicore.space<l0a>>, memref<48x32xf32, strided<[80, 1]>, #aicore.space<l0b>>, memref<1x48xf32, strided<[48, 1]>, #aicore.space<l0c>>
// The epilogue: FIX to GM (the bias is in the accumulator already).
// CHECK: aicore.set_flag m -> fix, 0
// CHECK: aicore.wait_flag m -> fix, 0
// CHECK: %[[YS:.*]] = memref.subview %[[KY]][0, %[[N]]] [1, 48] [1, 1]
// CHECK: aicore.copy %{{.*}}, %[[YS]] : memref<1x48xf32, strided<[48, 1]>, #aicore.space<l0c>> to memref<1x48xf32, strided<[1000, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.set_flag fix -> m, 0
// CHECK-NOT: aicore.vadd
// CHECK: }
// The edge tile (global tile 20, 40 valid columns) goes to block 20: its
// copies and mmads take 40 columns of the 48-column buffers.
// CHECK: %[[E1:.*]] = arith.addi %[[IDX]], %c1{{[_0-9]*}}
// CHECK: %[[E2:.*]] = arith.remui %[[E1]], %c21{{[_0-9]*}}
// CHECK: scf.for %{{.*}} = %[[E2]] to %c1{{[_0-9]*}} step %c21{{[_0-9]*}}
// CHECK: memref.subview %[[KW]][960, 0] [40, 80] [1, 1]
// CHECK: memref.subview %[[BROW]][0, 960] [1, 40] [1, 1]
// CHECK: aicore.mmad {{.*}} : memref<1x80xf32, strided<[80, 1]>, #aicore.space<l0a>>, memref<40x80xf32, strided<[80, 1]>, #aicore.space<l0b>>, memref<1x40xf32, strided<[48, 1]>, #aicore.space<l0c>>
// CHECK: memref.subview %[[KY]][0, 960] [1, 40] [1, 1]
// CHECK: }
// CHECK: aicore.wait_flag mte1 -> mte2, 0
// CHECK: aicore.wait_flag mte1 -> mte2, 1
// CHECK: aicore.wait_flag m -> mte1, 0
// CHECK: aicore.wait_flag m -> mte1, 1
// CHECK: aicore.wait_flag fix -> m, 0
// CHECK-NEXT: aicore.return

// Two L0C buffers: a block's tiles go in pairs t, t + 24 (buffers 0 and 1:
// the epilogue of one overlaps the mmads of the other), then one more
// tile into buffer 0 when the block has an odd count.
// PAIRS-LABEL: aicore.kernel @matmul_512x512x64_f16
// PAIRS-SAME: l0c_buffers = 2
// PAIRS: %[[CA:.*]] = aicore.alloc : memref<64x64xf32, #aicore.space<l0c>>
// PAIRS: %[[CB:.*]] = aicore.alloc : memref<64x64xf32, #aicore.space<l0c>>
// PAIRS: aicore.set_flag fix -> m, 0
// PAIRS: aicore.set_flag fix -> m, 1
// PAIRS: %[[IDX:.*]] = aicore.block_idx
// PAIRS: %[[FIRST:.*]] = arith.remui %[[IDX]], %c24{{[_0-9]*}}
// PAIRS: scf.for %[[T:.*]] = %[[FIRST]] to %c40{{[_0-9]*}} step %c48{{[_0-9]*}} {
// PAIRS: aicore.wait_flag fix -> m, 0
// PAIRS: aicore.mmad %{{.*}}, %{{.*}}, %[[CA]] :
// PAIRS: aicore.copy %[[CA]], %{{.*}} : memref<64x64xf32, #aicore.space<l0c>> to memref<64x64xf16
// PAIRS: aicore.set_flag fix -> m, 0
// PAIRS: arith.addi %[[T]], %c24{{[_0-9]*}}
// PAIRS: aicore.wait_flag fix -> m, 1
// PAIRS: aicore.mmad %{{.*}}, %{{.*}}, %[[CB]] :
// PAIRS: aicore.copy %[[CB]], %{{.*}} : memref<64x64xf32, #aicore.space<l0c>> to memref<64x64xf16
// PAIRS: aicore.set_flag fix -> m, 1
// PAIRS: }
// PAIRS: %[[LEFT:.*]] = arith.subi %c40{{.*}}, %[[FIRST]]
// PAIRS: %[[POS:.*]] = arith.maxsi %[[LEFT]], %c0{{[_0-9]*}}
// PAIRS: %[[PAIRS:.*]] = arith.ceildivsi %[[POS]], %c48{{[_0-9]*}}
// PAIRS: %[[SKIP:.*]] = arith.muli %[[PAIRS]], %c48{{[_0-9]*}}
// PAIRS: %[[LAST:.*]] = arith.addi %[[FIRST]], %[[SKIP]]
// PAIRS: scf.for %{{.*}} = %[[LAST]] to %c64{{[_0-9]*}} step %c48{{[_0-9]*}} {
// PAIRS: aicore.mmad %{{.*}}, %{{.*}}, %[[CA]] :
// PAIRS: }
// PAIRS: aicore.wait_flag fix -> m, 0
// PAIRS: aicore.wait_flag fix -> m, 1
// PAIRS: aicore.return

