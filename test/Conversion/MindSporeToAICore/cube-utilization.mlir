// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-estimate | FileCheck %s

// The figures bench/cube_utilization.py prints for the fp16 targets, from
// the tiler's analytic model (modeled_cycles) and the kernel model
// (aicore.estimate, the busiest of the 24 blocks).
//
// 4096^3: 128 x 256 tiles (32 x 16 = 512 tiles: 21 1/3 waves on 24
// cores), K in stages of 4 slices of 32 (128 elements: GM transfers of 32
// and 64 KiB, so the 57-cycle cost of each transfer is small) through two
// L1 buffers, and split-K: the last 8 tiles (the partial wave) have their
// K cut into 3 parts (1376, 1376, 1344), one on each of the 24 cores
// after its 21 whole tiles, each FIX-adding its partial sums into the
// result; the rows of those tiles (the last 128 from row 3968, 1 MiB of
// fp16) are
// zeroed first by the memory-clean task (2700 cycles: the smallest
// kernel's 1.5 us). The ideal is 4096^3 / (4096 MAC/cycle * 24) = 699051
// cycles; the busiest block takes 744052: 94.0% Cube utilization, with
// the GM -> L1 pipe busy 710772 cycles (95.5%) and the Cube 699136 (94.0%).
// Without split-K the search picks 128 x 208 tiles (91.1%, 767627 cycles):
// bench/cube_utilization.py prints both.
// CHECK-LABEL: aicore.kernel @matmul_4096x4096x4096_f16
// CHECK-SAME: aicore.estimate = {atomic_clean = 2700 : i64, cycles = 744052 : i64, {{.*}} m = 699136 : i64, {{.*}} mte2 = 710772 : i64
// CHECK-SAME: aicore.tiling = {k_stages = 4 : i64, l0c_buffers = 1 : i64, l1_buffers = 2 : i64, modeled_cycles = 741645 : i64, split_k = 3 : i64, split_tiles = 8 : i64, tk = 32 : i64, tm = 128 : i64, tn = 256 : i64}, atomic_clean = array<i64: 2, 16252928, 524288>, block_dim = 24 : i64
func.func @square(%x: tensor<4096x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<4096x4096xf16>, tensor<4096x4096xf16>) -> tensor<4096x4096xf16>
  return %m : tensor<4096x4096xf16>
}

// Decode (M = 16): every weight byte is read once (no L2 hits), so each
// core streams its share at 32 B/cycle, in stages of 8 x 80 rows of K (one
// 220 KiB weight transfer and one 20 KiB activation transfer per stage, 57
// cycles each): 4096 x 4096 x 2 B / 24 cores = 1.4 MB in about 46 K
// cycles; MTE2 is busy 99.1% of the 47463 cycles (1.27 TB/s of weights at
// 1.8 GHz).
// CHECK-LABEL: aicore.kernel @matmul_16x4096x4096_f16
// CHECK-SAME: aicore.estimate = {cycles = 47463 : i64, {{.*}} mte2 = 47013 : i64
func.func @decode(%x: tensor<16x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
  %m = mindspore.matmul %x, %w : (tensor<16x4096xf16>, tensor<4096x4096xf16>) -> tensor<16x4096xf16>
  return %m : tensor<16x4096xf16>
}
