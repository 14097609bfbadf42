// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,16,16,2,1 k-chunk=64" | FileCheck %s
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,16,16,2,1 k-chunk=64" --ascend-aicore-plan-buffers --ascend-aicore-estimate | FileCheck %s --check-prefix=MODEL
// The A slots are ordered by the B ring's flags alone (see buildSegment);
// the kernel model's race check covers the kernel: without the ring's
// "stage free" wait of buffer 0 a stage's load overwrites L1 the MTE1 may
// still be reading.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,16,16,2,1 k-chunk=64" -o %t.mlir
// RUN: awk '!/aicore.wait_flag mte1 -> mte2, 0$/' %t.mlir > %t.no-free-wait.mlir
// RUN: not ascend-opt %t.no-free-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: race: aicore.copy on pipe mte2 writes a buffer that aicore.copy on pipe mte1 reads with no set_flag/wait_flag ordering them

// The structure of a K-chunked kernel (forced: chunks of 64). [40, 100] x
// [100, 200] + bias in 16 x 16 tiles: 3 rows of tiles (the last of 8 rows)
// x 13 columns (the last of 8 columns), 39 tiles; block b takes tiles
// [39 b / 24, 39 (b + 1) / 24) row-major, one or two segments (runs of
// tiles in one row). K = 100 in chunks of 64 (two stages of 32) and 36 (32
// + a partial stage of 4). A's L1: two buffers of two [16, 32] slots; B's
// ring: two [32, 16] stages.
// CHECK-LABEL: aicore.kernel @matmul_40x200x100_f16_bias
// CHECK-SAME: aicore.tiling = #aicore.cube_tiling<tm = 16, tn = 16, tk = 16, k_stages = 2, l1_buffers = 2, l0c_buffers = 1, k_chunk = 64, modeled_cycles = {{[0-9]+}}>, block_dim = 24 : i64
// CHECK-NOT: atomic_clean
// CHECK-COUNT-2: aicore.alloc : memref<32x16xf16, #aicore.space<l1>>
// CHECK-COUNT-4: aicore.alloc : memref<16x32xf16, #aicore.space<l1>>
// CHECK: %[[B:.*]] = aicore.block_idx
// The block's tiles: [39 b / 24, 39 (b + 1) / 24), then its rows of tiles.
// CHECK: %[[LO0:.*]] = arith.muli %[[B]], %c39
// CHECK: %[[LO:.*]] = arith.divui %[[LO0]], %c24
// CHECK: %[[ROW0:.*]] = arith.divui %[[LO]], %c13
// CHECK: scf.for %[[R:.*]] = %[[ROW0]] to %{{.*}} step
// The segment's first column, and the last row of tiles (8 rows) apart.
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[R]], %c2
// CHECK: scf.if %[[LAST]] {
// Chunk 0: the segment's full tiles; the first tile loads A's rows
// (slot 0 of buffer 0, K 0-31) under the stage's flags, B streams; the
// next chunk's slot 0 (K 64-95, buffer 1) is prefetched after the stage's
// loads on the tile the spread picks.
// CHECK: scf.for %[[J:.*]] = %c0{{[_0-9]*}} to
// CHECK: aicore.wait_flag mte1 -> mte2, 0
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[J]], %c0
// CHECK: scf.if %[[FIRST]] {
// CHECK: memref.subview %arg0[%{{.*}}, 0] [8, 32] [1, 1]
// CHECK: aicore.copy {{.*}} to memref<8x32xf16, strided<[32, 1]>, #aicore.space<l1>>
// CHECK: }
// CHECK: aicore.copy {{.*}} to memref<32x16xf16, #aicore.space<l1>>
// CHECK: aicore.set_flag mte2 -> mte1, 0
// CHECK: %[[PRE:.*]] = arith.cmpi eq, %[[J]], %{{.*}}
// CHECK: scf.if %[[PRE]] {
// CHECK: memref.subview %arg0[%{{.*}}, 64] [8, 32] [1, 1]
// CHECK: }
// CHECK: aicore.wait_flag mte2 -> mte1, 0
// The first chunk starts from the bias and FIX-writes the partial tile.
// CHECK: aicore.mmad {{.*}} bias
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<8x16xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<8x16xf16, strided<[200, 1], offset: ?>, #aicore.space<gm>>
// CHECK-NEXT: aicore.set_flag fix -> m, 0
// CHECK: }
// The partial column tile of the segment (8 columns), when it has one.
// CHECK: arith.cmpi eq, %{{.*}}, %c13
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<8x8xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<8x8xf16, strided<[200, 1], offset: ?>, #aicore.space<gm>>
// Chunk 1 (K 64-99): A already in buffer 1, no bias, a partial last
// stage (K 96-99); the FIX adds into the result.
// CHECK: scf.for
// CHECK-NOT: memref.subview %arg0
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} : memref<8x16xf16
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} {accumulate} : memref<8x4xf16
// CHECK: aicore.copy %{{.*}}, %{{.*}} {atomic_add} : memref<8x16xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<8x16xf16
// CHECK: aicore.copy %{{.*}}, %{{.*}} {atomic_add} : memref<8x8xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<8x8xf16
// CHECK: } else {
// The full rows of tiles: the same with 16-row tiles.
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<16x16xf32, #aicore.space<l0c>> to memref<16x16xf16
// CHECK: aicore.copy %{{.*}}, %{{.*}} {atomic_add} : memref<16x16xf32, #aicore.space<l0c>> to memref<16x16xf16
// CHECK: aicore.return

// The kernel model runs it (no race, no deadlock): the busiest block has
// two tiles, no memory-clean task.
// MODEL-LABEL: aicore.kernel @matmul_40x200x100_f16_bias
// MODEL-SAME: aicore.estimate = {cycles = {{[0-9]+}} : i64
// MODEL-NOT: atomic_clean
func.func @f(%x: tensor<40x100xf16>, %w: tensor<100x200xf16>, %b: tensor<200xf16>) -> tensor<40x200xf16> {
  %m = mindspore.matmul %x, %w : (tensor<40x100xf16>, tensor<100x200xf16>) -> tensor<40x200xf16>
  %r = mindspore.bias_add %m, %b : (tensor<40x200xf16>, tensor<200xf16>) -> tensor<40x200xf16>
  return %r : tensor<40x200xf16>
}
