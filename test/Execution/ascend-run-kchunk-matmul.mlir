// K-chunked matmul kernels run on the CPU: each block's output tiles share
// their rows; for each chunk of K the A rows are loaded into L1 once (the
// first chunk with the segment's first tile, the later ones prefetched during
// the chunk before) and every tile streams B; the first chunk FIX-writes
// the partial tile, the later ones FIX-add into it (aicore.copy {atomic_add}).
// Ragged M, N and K (250 = 15 x 16 + 10, 130 = 8 x 16 + 2, 17, 50, 70, 90),
// K not a multiple of the chunk (300 in chunks of 64: 4 x 64 + 44; of 48:
// 6 x 48 + 12; 200: 3 x 64 + 8, 4 x 48 + 8), a bias only in the first chunk,
// f16, f32 (transpose_b) and bf16 (transpose_a), one and two L0C buffers,
// rings of 2 and 4, one chunk (A resident for all of K). The schedule is
// forced, so the test does not depend on the search. Inputs and expected
// outputs: Inputs/kchunk_matmul_runs.py (exact integers).
//
// 16 x 16 tiles, stages of two 16-wide slices, chunks of 64: x1 w1 has
// 16 x 9 = 144 tiles, six per block, in segments across rows of tiles.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,16,16,2,2 k-chunk=64" -o %t.a.mlir
// RUN: FileCheck %s --check-prefix=CHUNK < %t.a.mlir
// RUN: ascend-opt %t.a.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run %t.a.mlir --inputs %S/Inputs/kchunk-matmul.runs | FileCheck %s
// Chunks of three one-slice stages in a ring of 4, one L0C buffer.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=16,32,16,1,1,4 k-chunk=48" -o %t.b.mlir
// RUN: ascend-opt %t.b.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run %t.b.mlir --inputs %S/Inputs/kchunk-matmul.runs | FileCheck %s
// One chunk of all of K (one A buffer), 32 x 48 tiles.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=tiling=32,48,32,1,2 k-chunk=320" -o %t.c.mlir
// RUN: ascend-opt %t.c.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run %t.c.mlir --inputs %S/Inputs/kchunk-matmul.runs | FileCheck %s
// Chunks of 96, the tiles chosen by the search.
// RUN: ascend-opt %s "--convert-mindspore-to-aicore=k-chunk=96" -o %t.d.mlir
// RUN: FileCheck %s --check-prefix=SEARCH < %t.d.mlir
// RUN: ascend-opt %t.d.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run %t.d.mlir --inputs %S/Inputs/kchunk-matmul.runs | FileCheck %s
// The mindspore level gives the same numbers.
// RUN: ascend-run %s --inputs %S/Inputs/kchunk-matmul.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch

// CHUNK-LABEL: aicore.kernel @matmul_250x130x300_f16_bias
// CHUNK-SAME: k_chunk = 64
// CHUNK-LABEL: aicore.kernel @matmul_17x50x300_f32_tb
// CHUNK-SAME: k_chunk = 64
// CHUNK-LABEL: aicore.kernel @matmul_70x90x200_bf16_ta
// CHUNK-SAME: k_chunk = 64
// SEARCH-COUNT-3: k_chunk = 96
func.func @main(%i1: tensor<250x300xi32>, %j1: tensor<300x130xi32>, %c1: tensor<130xi32>, %i2: tensor<17x300xi32>, %j2: tensor<50x300xi32>, %i3: tensor<200x70xi32>, %j3: tensor<200x90xi32>) -> (tensor<250x130xi32>, tensor<17x50xi32>, tensor<70x90xi32>) {
  %x1 = mindspore.cast %i1 : (tensor<250x300xi32>) -> tensor<250x300xf16>
  %w1 = mindspore.cast %j1 : (tensor<300x130xi32>) -> tensor<300x130xf16>
  %b1 = mindspore.cast %c1 : (tensor<130xi32>) -> tensor<130xf16>
  %x2 = mindspore.cast %i2 : (tensor<17x300xi32>) -> tensor<17x300xf32>
  %w2 = mindspore.cast %j2 : (tensor<50x300xi32>) -> tensor<50x300xf32>
  %x3 = mindspore.cast %i3 : (tensor<200x70xi32>) -> tensor<200x70xbf16>
  %w3 = mindspore.cast %j3 : (tensor<200x90xi32>) -> tensor<200x90xbf16>
  %m1 = mindspore.matmul %x1, %w1 : (tensor<250x300xf16>, tensor<300x130xf16>) -> tensor<250x130xf16>
  %a1 = mindspore.bias_add %m1, %b1 : (tensor<250x130xf16>, tensor<130xf16>) -> tensor<250x130xf16>
  %m2 = mindspore.matmul %x2, %w2 {transpose_b = true} : (tensor<17x300xf32>, tensor<50x300xf32>) -> tensor<17x50xf32>
  %m3 = mindspore.matmul %x3, %w3 {transpose_a = true} : (tensor<200x70xbf16>, tensor<200x90xbf16>) -> tensor<70x90xbf16>
  %o1 = mindspore.cast %a1 : (tensor<250x130xf16>) -> tensor<250x130xi32>
  %o2 = mindspore.cast %m2 : (tensor<17x50xf32>) -> tensor<17x50xi32>
  %o3 = mindspore.cast %m3 : (tensor<70x90xbf16>) -> tensor<70x90xi32>
  return %o1, %o2, %o3 : tensor<250x130xi32>, tensor<17x50xi32>, tensor<70x90xi32>
}
