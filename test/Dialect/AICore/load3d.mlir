// RUN: ascend-opt %s -split-input-file --ascend-aicore-estimate -verify-diagnostics | FileCheck %s

// aicore.load3d round-trips, runs on MTE1 at the on-chip rate (512 B/cycle
// of its L0A target) and takes part in the race check like a copy.

// An 8x8 image of 2 channels (f16, 256 B) in L1 expanded for a 4x4 kernel
// with pad [1, 2, 1, 2] (8x8 output): all 64 pixels x K = 2 * 4 * 4 = 32,
// 4096 B of L0A. MTE2 moves 256 B: the GM transfer's fixed 57 cycles, then
// 256 B at 32 B/cycle (8 cycles); load3d takes 4096 / 512 = 8 cycles (an
// on-chip move, no fixed cost): 57 + 8 + 8 = 73.
// CHECK-LABEL: aicore.kernel @img2col
// CHECK-SAME: aicore.estimate = {cycles = 73 : i64, {{.*}} mte1 = 8 : i64, mte2 = 65 : i64
// CHECK: aicore.load3d %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}] {dilation = array<i64: 1, 1>, image = array<i64: 8, 8>, kernel = array<i64: 4, 4>, pad = array<i64: 1, 2, 1, 2>, stride = array<i64: 1, 1>} : memref<2x8x8xf16, #aicore.space<l1>> to memref<64x32xf16, #aicore.space<l0a>>
aicore.kernel @img2col(%x: memref<2x8x8xf16, #aicore.space<gm>>) {
  %band = aicore.alloc : memref<2x8x8xf16, #aicore.space<l1>>
  %a = aicore.alloc : memref<64x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  aicore.copy %x, %band : memref<2x8x8xf16, #aicore.space<gm>> to memref<2x8x8xf16, #aicore.space<l1>>
  aicore.set_flag mte2 -> mte1, 0
  aicore.wait_flag mte2 -> mte1, 0
  aicore.load3d %band[%c0, %c0], %a[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 4, 4>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 2, 1, 2>} : memref<2x8x8xf16, #aicore.space<l1>> to memref<64x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

// Without the MTE2 -> MTE1 flag, load3d reads the band while MTE2 writes it.
aicore.kernel @img2col_race(%x: memref<2x8x8xf16, #aicore.space<gm>>) {
  %band = aicore.alloc : memref<2x8x8xf16, #aicore.space<l1>>
  %a = aicore.alloc : memref<64x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{the other access}}
  aicore.copy %x, %band : memref<2x8x8xf16, #aicore.space<gm>> to memref<2x8x8xf16, #aicore.space<l1>>
  // expected-error @+1 {{race: aicore.load3d on pipe mte1 reads a buffer that aicore.copy on pipe mte2 writes with no set_flag/wait_flag ordering them}}
  aicore.load3d %band[%c0, %c0], %a[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 4, 4>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 2, 1, 2>} : memref<2x8x8xf16, #aicore.space<l1>> to memref<64x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

// A transposed convolution's expansion: the 8x8 band read as the 15x15
// image with a zero between adjacent rows and columns (input_dilation
// [2, 2]), the 4x4 taps rotated (flip_kernel), pads [2, 3, 2, 3] (a
// stride-2 transposed convolution's pad 1 and output padding 1): a 17 x 17
// output, of which the first 256 pixels x K = 2 * 16 = 32, 16384 B of L0A:
// 32 MTE1 cycles (the cost counts the target, as for any load3d).
// CHECK-LABEL: aicore.kernel @transposed_img2col
// CHECK-SAME: mte1 = 32 : i64
// CHECK: aicore.load3d {{.*}} {dilation = array<i64: 1, 1>, flip_kernel, image = array<i64: 8, 8>, input_dilation = array<i64: 2, 2>, kernel = array<i64: 4, 4>, pad = array<i64: 2, 3, 2, 3>, stride = array<i64: 1, 1>} : memref<2x8x8xf16, #aicore.space<l1>> to memref<256x32xf16, #aicore.space<l0a>>
aicore.kernel @transposed_img2col(%x: memref<2x8x8xf16, #aicore.space<gm>>) {
  %band = aicore.alloc : memref<2x8x8xf16, #aicore.space<l1>>
  %a = aicore.alloc : memref<256x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  aicore.copy %x, %band : memref<2x8x8xf16, #aicore.space<gm>> to memref<2x8x8xf16, #aicore.space<l1>>
  aicore.set_flag mte2 -> mte1, 0
  aicore.wait_flag mte2 -> mte1, 0
  aicore.load3d %band[%c0, %c0], %a[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 4, 4>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 2, 3, 2, 3>, input_dilation = array<i64: 2, 2>, flip_kernel} : memref<2x8x8xf16, #aicore.space<l1>> to memref<256x32xf16, #aicore.space<l0a>>
  aicore.return
}
