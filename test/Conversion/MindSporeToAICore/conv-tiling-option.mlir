// RUN: ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16,16,8,1,8" -verify-diagnostics -o /dev/null

// The tiling option applies to convolutions too. Their L1 stage is a band
// of whole input rows: here 16 channels (a stage of 128 elements of K =
// 64 * 3 * 3 touches at most 16) x 4 rows x 2048 columns of f16, 256 KiB,
// in a ring of 8 with the weight's stages: more than L1's 512 KiB.
func.func @band_too_big(%x: tensor<1x64x4x2048xf16>, %w: tensor<16x64x3x3xf16>) -> tensor<1x16x4x2048xf16> {
  // expected-error @+1 {{cannot use the tiling option for this conv2d: tiling 16x16x16 (k-stages 8, l1-buffers 8, l0c-buffers 1) does not fit Ascend910B2: L1 needs 2129920 bytes, more than its 524288}}
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x64x4x2048xf16>, tensor<16x64x3x3xf16>) -> tensor<1x16x4x2048xf16>
  return %y : tensor<1x16x4x2048xf16>
}

// A convolution the forced schedule fits is converted with it.
func.func @fits(%x: tensor<1x8x6x6xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x6x6xf16>, tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16>
  return %y : tensor<1x16x6x6xf16>
}

// A transposed convolution is the kernel of its equivalent convolution
// (here stride 1, pads 3 - 1 - 1 = 1: the band of @band_too_big), so the
// option is checked on that convolution's band.
func.func @transposed_band_too_big(%x: tensor<1x64x4x2048xf16>, %w: tensor<64x16x3x3xf16>) -> tensor<1x16x4x2048xf16> {
  // expected-remark @+2 {{no AI Core kernel for primitive 'conv2d_transpose': its implicit-GEMM Cube kernel was not built (the remark or error before this one on the op says why)}}
  // expected-error @+1 {{cannot use the tiling option for this conv2d_transpose: tiling 16x16x16 (k-stages 8, l1-buffers 8, l0c-buffers 1) does not fit Ascend910B2: L1 needs 2129920 bytes, more than its 524288}}
  %y = mindspore.conv2d_transpose %x, %w {dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x64x4x2048xf16>, tensor<64x16x3x3xf16>) -> tensor<1x16x4x2048xf16>
  return %y : tensor<1x16x4x2048xf16>
}
