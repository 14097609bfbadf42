// RUN: ascend-opt %s --convert-aicore-to-memref | FileCheck %s

// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @linear_on_tensors
// CHECK-SAME: (%[[X:.*]]: tensor<16x64xf16>, %[[W:.*]]: tensor<32x64xf16>, %[[B:.*]]: tensor<32xf16>)
// CHECK: %[[XB:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<16x64xf16> to memref<16x64xf16>
// CHECK: %[[WB:.*]] = bufferization.to_buffer %[[W]] read_only
// CHECK: %[[BB:.*]] = bufferization.to_buffer %[[B]] read_only
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<16x32xf16>
// CHECK: call @linear(%[[XB]], %[[WB]], %[[BB]], %[[OUT]]) : (memref<16x64xf16>, memref<32x64xf16>, memref<32xf16>, memref<16x32xf16>) -> ()
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<16x32xf16> to tensor<16x32xf16>
// CHECK: return %[[R]]
func.func @linear_on_tensors(%x: tensor<16x64xf16>, %w: tensor<32x64xf16>, %b: tensor<32xf16>) -> tensor<16x32xf16> {
  %r = aicore.launch @linear(%x, %w, %b) : (tensor<16x64xf16>, tensor<32x64xf16>, tensor<32xf16>) -> tensor<16x32xf16>
  return %r : tensor<16x32xf16>
}

// CHECK-LABEL: func.func @linear
// CHECK-SAME: (%[[KX:.*]]: memref<16x64xf16>, %[[KW:.*]]: memref<32x64xf16>, %[[KB:.*]]: memref<32xf16>, %[[KY:.*]]: memref<16x32xf16>)
// CHECK-NOT: aicore.
// CHECK-NOT: #aicore.space
// CHECK: %[[A1:.*]] = memref.alloca() : memref<16x32xf16>
// CHECK: %[[B1:.*]] = memref.alloca() : memref<32x32xf16>
// CHECK: %[[A0:.*]] = memref.alloca() : memref<16x32xf16>
// CHECK: %[[B0:.*]] = memref.alloca() : memref<32x32xf16>
// CHECK: %[[C0:.*]] = memref.alloca() : memref<16x32xf32>
// CHECK: %[[CUB:.*]] = memref.alloca() : memref<16x32xf16>
// CHECK: %[[BUB:.*]] = memref.alloca() : memref<1x32xf16>
// CHECK: %[[BROW:.*]] = memref.expand_shape %[[KB]] {{\[\[}}0, 1]] output_shape [1, 32] : memref<32xf16> into memref<1x32xf16>
// CHECK: memref.copy %[[BROW]], %[[BUB]] : memref<1x32xf16> to memref<1x32xf16>
// CHECK: %[[XS:.*]] = memref.subview %[[KX]][0, 0] [16, 32] [1, 1] : memref<16x64xf16> to memref<16x32xf16, strided<[64, 1]>>
// CHECK: memref.copy %[[XS]], %[[A1]]
// CHECK: memref.copy %[[A1]], %[[A0]] : memref<16x32xf16> to memref<16x32xf16>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: linalg.fill ins(%[[ZERO]] : f32) outs(%[[C0]] : memref<16x32xf32>)
// CHECK: linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%[[A0]], %[[B0]] : memref<16x32xf16>, memref<32x32xf16>) outs(%[[C0]] : memref<16x32xf32>)
// CHECK: %[[XS2:.*]] = memref.subview %[[KX]][0, 32] [16, 32] [1, 1]
// CHECK-NOT: linalg.fill
// CHECK: linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%[[A0]], %[[B0]] : memref<16x32xf16>, memref<32x32xf16>) outs(%[[C0]] : memref<16x32xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[C0]] : memref<16x32xf32>) outs(%[[CUB]] : memref<16x32xf16>)
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[BVEC:.*]] = memref.collapse_shape %[[BUB]] {{\[\[}}0, 1]] : memref<1x32xf16> into memref<32xf16>
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[CUB]], %[[BVEC]] : memref<16x32xf16>, memref<32xf16>) outs(%[[CUB]] : memref<16x32xf16>)
// CHECK: arith.addf %{{.*}}, %{{.*}} : f16
// CHECK: memref.copy %[[CUB]], %[[KY]] : memref<16x32xf16> to memref<16x32xf16>
// CHECK-NOT: memref.dealloc
// CHECK: return
aicore.kernel @linear(%x: memref<16x64xf16, #aicore.space<gm>>,
                      %w: memref<32x64xf16, #aicore.space<gm>>,
                      %b: memref<32xf16, #aicore.space<gm>>,
                      %y: memref<16x32xf16, #aicore.space<gm>>) {
  %a1 = aicore.alloc : memref<16x32xf16, #aicore.space<l1>>
  %b1 = aicore.alloc : memref<32x32xf16, #aicore.space<l1>>
  %a0 = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %b0 = aicore.alloc : memref<32x32xf16, #aicore.space<l0b>>
  %c0 = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
  %cub = aicore.alloc : memref<16x32xf16, #aicore.space<ub>>
  %bub = aicore.alloc : memref<1x32xf16, #aicore.space<ub>>
  %brow = memref.expand_shape %b [[0, 1]] output_shape [1, 32] : memref<32xf16, #aicore.space<gm>> into memref<1x32xf16, #aicore.space<gm>>
  aicore.copy %brow, %bub : memref<1x32xf16, #aicore.space<gm>> to memref<1x32xf16, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  // K tile 0 starts the accumulator.
  %xs0 = memref.subview %x[0, 0] [16, 32] [1, 1] : memref<16x64xf16, #aicore.space<gm>> to memref<16x32xf16, strided<[64, 1]>, #aicore.space<gm>>
  %ws0 = memref.subview %w[0, 0] [32, 32] [1, 1] : memref<32x64xf16, #aicore.space<gm>> to memref<32x32xf16, strided<[64, 1]>, #aicore.space<gm>>
  aicore.copy %xs0, %a1 : memref<16x32xf16, strided<[64, 1]>, #aicore.space<gm>> to memref<16x32xf16, #aicore.space<l1>>
  aicore.copy %ws0, %b1 : memref<32x32xf16, strided<[64, 1]>, #aicore.space<gm>> to memref<32x32xf16, #aicore.space<l1>>
  aicore.set_flag mte2 -> mte1, 0
  aicore.wait_flag mte2 -> mte1, 0
  aicore.copy %a1, %a0 : memref<16x32xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.copy %b1, %b0 : memref<32x32xf16, #aicore.space<l1>> to memref<32x32xf16, #aicore.space<l0b>>
  aicore.set_flag mte1 -> mte2, 0
  aicore.set_flag mte1 -> m, 0
  aicore.wait_flag mte1 -> m, 0
  aicore.mmad %a0, %b0, %c0 {transpose_b} : memref<16x32xf16, #aicore.space<l0a>>, memref<32x32xf16, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>
  aicore.set_flag m -> mte1, 0
  // K tile 1 accumulates.
  %xs1 = memref.subview %x[0, 32] [16, 32] [1, 1] : memref<16x64xf16, #aicore.space<gm>> to memref<16x32xf16, strided<[64, 1], offset: 32>, #aicore.space<gm>>
  %ws1 = memref.subview %w[0, 32] [32, 32] [1, 1] : memref<32x64xf16, #aicore.space<gm>> to memref<32x32xf16, strided<[64, 1], offset: 32>, #aicore.space<gm>>
  aicore.wait_flag mte1 -> mte2, 0
  aicore.copy %xs1, %a1 : memref<16x32xf16, strided<[64, 1], offset: 32>, #aicore.space<gm>> to memref<16x32xf16, #aicore.space<l1>>
  aicore.copy %ws1, %b1 : memref<32x32xf16, strided<[64, 1], offset: 32>, #aicore.space<gm>> to memref<32x32xf16, #aicore.space<l1>>
  aicore.set_flag mte2 -> mte1, 0
  aicore.wait_flag mte2 -> mte1, 0
  aicore.wait_flag m -> mte1, 0
  aicore.copy %a1, %a0 : memref<16x32xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.copy %b1, %b0 : memref<32x32xf16, #aicore.space<l1>> to memref<32x32xf16, #aicore.space<l0b>>
  aicore.set_flag mte1 -> m, 0
  aicore.wait_flag mte1 -> m, 0
  aicore.mmad %a0, %b0, %c0 {accumulate, transpose_b} : memref<16x32xf16, #aicore.space<l0a>>, memref<32x32xf16, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>
  aicore.set_flag m -> fix, 0
  aicore.wait_flag m -> fix, 0
  aicore.copy %c0, %cub : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf16, #aicore.space<ub>>
  aicore.set_flag fix -> v, 0
  aicore.wait_flag fix -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vadd %cub, %bub, %cub : memref<16x32xf16, #aicore.space<ub>>, memref<1x32xf16, #aicore.space<ub>>, memref<16x32xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %cub, %y : memref<16x32xf16, #aicore.space<ub>> to memref<16x32xf16, #aicore.space<gm>>
  aicore.return
}

// A kernel on two AI Cores runs its blocks one after another: the body,
// except the on-chip buffers, goes into an scf.for over the block indices,
// whose induction variable replaces aicore.block_idx.
// CHECK-LABEL: func.func @two_blocks(
// CHECK-SAME: %[[X:.*]]: memref<32x64xf16>)
// CHECK: %[[L1:.*]] = memref.alloca() : memref<16x64xf16>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: scf.for %[[B:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK: %[[ROW:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK: %[[TILE:.*]] = memref.subview %[[X]][%[[ROW]], 0] [16, 64] [1, 1]
// CHECK: memref.copy %[[TILE]], %[[L1]]
// CHECK: }
// CHECK: return
aicore.kernel @two_blocks(%x: memref<32x64xf16, #aicore.space<gm>>)
    attributes {block_dim = 2 : i64} {
  %c16 = arith.constant 16 : index
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  %b = aicore.block_idx
  %row = arith.muli %b, %c16 : index
  %tile = memref.subview %x[%row, 0] [16, 64] [1, 1] : memref<32x64xf16, #aicore.space<gm>> to memref<16x64xf16, strided<[64, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %tile, %a1 : memref<16x64xf16, strided<[64, 1], offset: ?>, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  aicore.return
}
