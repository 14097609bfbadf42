// RUN: ascend-opt %s --convert-mindspore-to-aicore="split-k=4" -verify-diagnostics
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16,16,1,1 split-k=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILING
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="split-k=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARTS
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="split-k=2,1,1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COUNT

// K is cut into parts of whole 16-element blocks, the last part the rest:
// K = 70 in 4 parts would be 32 + 32 + 32 (no room for a fourth), in 8
// parts 16 x 7 = 112 > 70. A forced split that leaves a part empty is an
// error.
func.func @short_k(%x: tensor<100x70xf32>, %w: tensor<70x40xf32>) -> tensor<100x40xf32> {
  // expected-error @+1 {{cannot use the split-k option for this matmul: no tiling of 100x40x70 takes split-k 4 (every K part must be non-empty: K = 70)}}
  %m = mindspore.matmul %x, %w : (tensor<100x70xf32>, tensor<70x40xf32>) -> tensor<100x40xf32>
  return %m : tensor<100x40xf32>
}

// TILING: error: cannot use the tiling option for this matmul: split-k 8 leaves an empty K part for K = 70 (parts of 16)
// PARTS: error: the split-k option takes the parts (at least 1) and an optional number of split tiles (at least 0), got 1 numbers starting with 0
// COUNT: error: the split-k option takes the parts (at least 1) and an optional number of split tiles (at least 0), got 3 numbers starting with 2
