// Split-K matmul kernels run on the CPU: the K of the last output tiles is
// cut into parts on different blocks, each part FIX-adds its partial sums
// into the result (aicore.copy {atomic_add}), whose rows from the first
// split tile on the launch zeroes first (atomic_clean). Ragged M and N
// (100 = 6 x 16 + 4, 130 = 4 x 32 + 2, 17, 50), K not a multiple of the
// split (70 in 3 parts: 32, 32, 6; 100: 48, 48, 4; 300: 112, 112, 76),
// a bias only in the first part, f32 and f16, whole tiles next to split
// ones, one and two L0C buffers. The split is forced, so the test does not
// depend on the search.
//
// Three parts of the last 5 tiles, 16 x 32 tiles, stages of two 16-wide
// slices: x2 w2 has 7 x 5 = 35 tiles, 30 whole and 15 units on 24 blocks.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,32,16,2,1 split-k=3,5" -o %t.a.mlir
// RUN: FileCheck %s --check-prefix=SPLIT < %t.a.mlir
// RUN: ascend-opt %t.a.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.a.mlir --inputs %S/Inputs/split-k-matmul.runs | FileCheck %s
// Two parts of the last partial wave, two L0C buffers, a ring of 4.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=32,32,16,1,2,4 split-k=2" -o %t.b.mlir
// RUN: ascend-opt %t.b.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.b.mlir --inputs %S/Inputs/split-k-matmul.runs | FileCheck %s
// Three parts, the tiles chosen by the search.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=split-k=3" -o %t.c.mlir
// RUN: ascend-opt %t.c.mlir --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.c.mlir --inputs %S/Inputs/split-k-matmul.runs | FileCheck %s
// The mindspore level gives the same numbers.
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/split-k-matmul.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch

// x2 w2 + b2: rows 96-99 (the partial row of tiles) start at zero.
// SPLIT-LABEL: aicore.kernel @matmul_100x130x100_f16_bias
// SPLIT-SAME: split_k = 3, split_tiles = 5
// SPLIT-SAME: atomic_clean = array<i64: 3, 12480, 520>, block_dim = 24
// SPLIT: aicore.block_idx
// The whole tiles FIX-write, the parts FIX-add.
// SPLIT: aicore.copy %{{.*}}, %{{.*}} : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf16
// SPLIT: arith.divui %{{.*}}, %c3
// SPLIT: arith.remui %{{.*}}, %c3
// SPLIT: aicore.copy {{.*}} {atomic_add} : memref<{{.*}}xf32, {{.*}}#aicore.space<l0c>> to memref<{{.*}}xf16
func.func @main(%i1: tensor<100x70xi32>, %j1: tensor<70x40xi32>, %i2: tensor<100x100xi32>, %j2: tensor<100x130xi32>, %c2: tensor<130xi32>, %i3: tensor<17x300xi32>, %j3: tensor<50x300xi32>) -> (tensor<100x40xi32>, tensor<100x130xi32>, tensor<17x50xi32>) {
  %x1 = mindspore.cast %i1 : (tensor<100x70xi32>) -> tensor<100x70xf32>
  %w1 = mindspore.cast %j1 : (tensor<70x40xi32>) -> tensor<70x40xf32>
  %x2 = mindspore.cast %i2 : (tensor<100x100xi32>) -> tensor<100x100xf16>
  %w2 = mindspore.cast %j2 : (tensor<100x130xi32>) -> tensor<100x130xf16>
  %b2 = mindspore.cast %c2 : (tensor<130xi32>) -> tensor<130xf16>
  %x3 = mindspore.cast %i3 : (tensor<17x300xi32>) -> tensor<17x300xf32>
  %w3 = mindspore.cast %j3 : (tensor<50x300xi32>) -> tensor<50x300xf32>
  %m1 = mindspore.matmul %x1, %w1 : (tensor<100x70xf32>, tensor<70x40xf32>) -> tensor<100x40xf32>
  %m2 = mindspore.matmul %x2, %w2 : (tensor<100x100xf16>, tensor<100x130xf16>) -> tensor<100x130xf16>
  %a2 = mindspore.bias_add %m2, %b2 : (tensor<100x130xf16>, tensor<130xf16>) -> tensor<100x130xf16>
  %m3 = mindspore.matmul %x3, %w3 {transpose_b = true} : (tensor<17x300xf32>, tensor<50x300xf32>) -> tensor<17x50xf32>
  %o1 = mindspore.cast %m1 : (tensor<100x40xf32>) -> tensor<100x40xi32>
  %o2 = mindspore.cast %a2 : (tensor<100x130xf16>) -> tensor<100x130xi32>
  %o3 = mindspore.cast %m3 : (tensor<17x50xf32>) -> tensor<17x50xi32>
  return %o1, %o2, %o3 : tensor<100x40xi32>, tensor<100x130xi32>, tensor<17x50xi32>
}
