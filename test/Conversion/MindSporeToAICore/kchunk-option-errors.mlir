// RUN: ascend-opt %s --convert-mindspore-to-aicore="k-chunk=40" -verify-diagnostics
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16,16,2,1 k-chunk=48" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILING
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="tiling=64,64,64,2,1 k-chunk=4096" -o /dev/null 2>&1 | FileCheck %s --check-prefix=L1
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="k-chunk=-2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="k-chunk=64 split-k=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH

// A chunk is a whole number of L1 stages (k-stages x tk, multiples of 16):
// 40 is no multiple of 16, so no tiling takes it; with the tiling option a
// stage of 32 does not divide 48. A chunk whose A buffers overflow L1 is a
// fit error like any tiling's.
func.func @chunks(%x: tensor<100x4096xf32>, %w: tensor<4096x40xf32>) -> tensor<100x40xf32> {
  // expected-error @+1 {{cannot use the k-chunk option for this matmul: no tiling of 100x40x4096 takes k-chunk 40 (the chunk must be a multiple of a tiling's k-stages x tk, at most 64 chunks, and its A buffers must fit L1)}}
  %m = mindspore.matmul %x, %w : (tensor<100x4096xf32>, tensor<4096x40xf32>) -> tensor<100x40xf32>
  return %m : tensor<100x40xf32>
}

// TILING: error: cannot use the tiling option for this matmul: k-chunk 48 must be a multiple of k-stages x tk (32) cutting K = 4096 into at most 64 chunks, in a plain matmul without split-k
// L1: error: cannot use the tiling option for this matmul: tiling 64x64x64 (k-stages 2, l1-buffers 2, l0c-buffers 1) does not fit Ascend910B2: L1 needs 1114112 bytes, more than its 524288
// NEGATIVE: error: the k-chunk option takes a chunk length in elements of K (0: never chunk), got -2
// BOTH: error: the k-chunk and split-k options exclude each other (a K-chunked kernel does not split K over cores)
