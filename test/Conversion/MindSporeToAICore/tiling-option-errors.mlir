// RUN: ascend-opt %s --convert-mindspore-to-aicore="tiling=256,256,128,1,2" -verify-diagnostics
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="tiling=20,16,16,1,1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FRACTAL
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16,16,0,3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COUNT

// A forced schedule that does not fit the chip is an error naming the
// memory: two 256 x 256 f32 accumulators are 512 KiB, L0C has 128 KiB.
func.func @too_big(%x: tensor<512x512xf16>, %w: tensor<512x512xf16>) -> tensor<512x512xf16> {
  // expected-error @+1 {{cannot use the tiling option for this matmul: tiling 256x256x128 (k-stages 1, l1-buffers 2, l0c-buffers 2) does not fit Ascend910B2: L0C needs 524288 bytes, more than its 131072}}
  %m = mindspore.matmul %x, %w : (tensor<512x512xf16>, tensor<512x512xf16>) -> tensor<512x512xf16>
  return %m : tensor<512x512xf16>
}

// The same for a BatchMatMul (its images share the forced schedule).
func.func @too_big_batch(%x: tensor<2x512x512xf16>, %w: tensor<2x512x512xf16>) -> tensor<2x512x512xf16> {
  // expected-error @+1 {{cannot use the tiling option for this batch matmul: tiling 256x256x128 (k-stages 1, l1-buffers 2, l0c-buffers 2) does not fit Ascend910B2: L0C needs 524288 bytes, more than its 131072}}
  %m = mindspore.batch_matmul %x, %w : (tensor<2x512x512xf16>, tensor<2x512x512xf16>) -> tensor<2x512x512xf16>
  return %m : tensor<2x512x512xf16>
}

// FRACTAL: error: cannot use the tiling option for this matmul: tile sizes must be positive multiples of 16, got 20, 16, 16
// STAGES: error: cannot use the tiling option for this matmul: k-stages must be at least 1, l0c-buffers 1 or 2 and l1-buffers 2, 4 or 8, got 0, 3 and 2
// COUNT: error: the tiling option takes five or six numbers (tm, tn, tk, k-stages, l0c-buffers[, l1-buffers]), got 2
