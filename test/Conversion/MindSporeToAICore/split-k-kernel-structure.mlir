// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,16,16,2,1 split-k=3,2" | FileCheck %s
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,16,16,2,1 split-k=3,2" --ascend-aicore-estimate | FileCheck %s --check-prefix=MODEL
// The split units go through the model's race check like whole tiles:
// without its M -> FIX wait, the atomic add of the corner's middle part
// (block 4's unit) reads the accumulator while the Cube may still write it.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,16,16,2,1 split-k=3,2" -o %t.mlir
// RUN: awk '{ line[NR] = $0 } /aicore.wait_flag m -> fix, 0/ { last = NR } END { for (i = 1; i <= NR; i++) if (i != last) print line[i] }' %t.mlir > %t.no-fix-wait.mlir
// RUN: not ascend-opt %t.no-fix-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: race: aicore.copy on pipe fix reads a buffer that aicore.mmad on pipe m writes with no set_flag/wait_flag ordering them

// The structure of a split-K kernel (forced: 3 parts of the last 2 tiles).
// [40, 100] x [100, 30] + bias in 16 x 16 tiles: 2 full tiles, the partial
// column (2 tiles of 16 x 14), the partial row (8 x 16) and the corner
// (8 x 14), 6 tiles in all. Tiles 0-3 are whole (round robin over the 10
// blocks, as without a split); tiles 4 and 5 have K = 100 cut into parts
// of 48 (stages of 32 + 16), 48 and 4: 6 units, unit u = part u mod 3 of
// tile 4 + u div 3, on block u. block_dim = 4 whole tiles + 6 units = 10.
// The parts add into the result rows 32-39 (elements [960, 1200)), which
// the launch zeroes first (atomic_clean: argument 3, the result).
// CHECK-LABEL: aicore.kernel @matmul_40x30x100_f16_bias
// CHECK-SAME: split_k = 3, split_tiles = 2
// CHECK-SAME: atomic_clean = array<i64: 3, 960, 240>, block_dim = 10 : i64
// CHECK: %[[B:.*]] = aicore.block_idx
// Whole tiles: plain FIX writes of the f32 accumulator into fp16.
// CHECK: scf.for
// CHECK: aicore.mmad {{.*}} bias
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<16x16xf32, #aicore.space<l0c>> to memref<16x16xf16
// CHECK: scf.for
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<16x14xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<16x14xf16
// The units: tile and part of u = block_idx (one unit per block).
// CHECK: %[[T:.*]] = arith.divui %[[B]], %c3
// CHECK: %[[J:.*]] = arith.remui %[[B]], %c3
// CHECK: %[[K:.*]] = arith.muli %[[J]], %c48
// Tile 4, the partial row (8 x 16): first part (from the bias), ...
// CHECK: arith.cmpi ult, %{{.*}}, %c5
// CHECK: scf.if
// CHECK: arith.cmpi eq, %[[J]], %c0
// CHECK: scf.if
// CHECK: aicore.wait_flag fix -> m, 0
// CHECK: memref.subview %arg0[32, %[[K]]] [8, 32]
// CHECK: aicore.mmad {{.*}} bias %{{.*}} : memref<8x16xf16
// CHECK: aicore.mmad {{.*}} {accumulate} : memref<8x16xf16
// CHECK: aicore.copy %{{.*}}, %{{.*}} {atomic_add} : memref<8x16xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<8x16xf16, strided<[30, 1], offset: 960>
// ... the last part (4 elements of K, no bias) ...
// CHECK: } else {
// CHECK: arith.cmpi eq, %[[J]], %c2
// CHECK: scf.if
// CHECK: aicore.mmad %{{.*}}, %{{.*}}, %{{.*}} : memref<8x4xf16
// CHECK: {atomic_add} : memref<8x16xf32
// ... and the middle part (48, no bias).
// CHECK: } else {
// CHECK-NOT: bias
// CHECK: {atomic_add} : memref<8x16xf32
// Tile 5, the corner (8 x 14): the same three parts.
// CHECK: } else {
// CHECK: arith.cmpi eq, %[[J]], %c0
// CHECK: aicore.mmad {{.*}} bias
// CHECK: {atomic_add} : memref<8x14xf32, strided<[16, 1]>, #aicore.space<l0c>> to memref<8x14xf16, strided<[30, 1], offset: 976>
// CHECK: {atomic_add} : memref<8x14xf32
// CHECK: {atomic_add} : memref<8x14xf32
// CHECK: aicore.return

// The kernel model runs it (race and deadlock check) and adds the
// memory-clean task: 1.5 us at 1.8 GHz.
// MODEL: aicore.estimate = {atomic_clean = 2700 : i64
func.func @linear(%x: tensor<40x100xf16>, %w: tensor<100x30xf16>, %b: tensor<30xf16>) -> tensor<40x30xf16> {
  %m = mindspore.matmul %x, %w : (tensor<40x100xf16>, tensor<100x30xf16>) -> tensor<40x30xf16>
  %r = mindspore.bias_add %m, %b : (tensor<40x30xf16>, tensor<30xf16>) -> tensor<40x30xf16>
  return %r : tensor<40x30xf16>
}
