// RUN: ascend-opt %s -split-input-file -verify-diagnostics

// The verifier of aicore.load3d (img2col L1 -> L0A): memories, ranks, element
// types, the convolution attributes, whole image rows in the band, a
// non-empty output, and (when constant) the output pixels and band rows.

aicore.kernel @source_in_ub(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<ub>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects the source in l1 and the target in l0a}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : memref<4x3x8xf16, #aicore.space<ub>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @source_rank(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<24x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects a [C, H, W] source and an [M, K] target, got [24, 8] and [16, 32]}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : memref<24x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @element_types(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf32, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects one element type, f16, bf16 or f32, got 'f16' and 'f32'}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf32, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @pad_values(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects 4 values in 'pad', got 2}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @zero_stride(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects 'stride' to be positive, got [0, 1]}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 0, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @negative_pad(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects 'pad' to be non-negative, got [1, -1, 1, 1]}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, -1, 1, 1>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @input_dilation_count(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects 2 values in 'input_dilation', got 1}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, input_dilation = array<i64: 2>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @zero_input_dilation(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects 'input_dilation' to be positive, got [2, 0]}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, input_dilation = array<i64: 2, 0>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

// With input_dilation [2, 2] the 8 x 8 image is 15 x 15: pad 1 and a 3x3
// window make a 15 x 15 output of 225 pixels; 224 + 16 is too far.
aicore.kernel @dilated_pixels_outside(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  %c224 = arith.constant 224 : index
  // expected-error @+1 {{'aicore.load3d' op output pixels 224 to 239 are outside the 15x15 output}}
  aicore.load3d %s[%c0, %c0], %t[%c224, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, input_dilation = array<i64: 2, 2>, flip_kernel} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

// The band holds whole rows: its width is the image's.
aicore.kernel @partial_rows(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x6xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op expects the source to hold whole rows of the [8, 8] image (at most 8 rows of 8), got [4, 3, 6]}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : memref<4x3x6xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

// A 5-row dilated window (3 taps, dilation 2) on a 3-row image.
aicore.kernel @empty_output(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'aicore.load3d' op the kernel window does not fit the padded image: the output would be empty}}
  aicore.load3d %s[%c0, %c0], %t[%c0, %c0] {image = array<i64: 3, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 2, 1>, pad = array<i64: 0, 0, 1, 1>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

// An 8 x 8 output (stride 1, pad 1) has 64 pixels: 56 + 16 is too far.
aicore.kernel @pixels_outside(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  %c56 = arith.constant 56 : index
  // expected-error @+1 {{'aicore.load3d' op output pixels 56 to 71 are outside the 8x8 output}}
  aicore.load3d %s[%c0, %c0], %t[%c56, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @rows_outside(%x: memref<1xf16, #aicore.space<gm>>) {
  %s = aicore.alloc : memref<4x3x8xf16, #aicore.space<l1>>
  %t = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  // expected-error @+1 {{'aicore.load3d' op source rows 6 to 8 are outside the image's 8 rows}}
  aicore.load3d %s[%c0, %c6], %t[%c0, %c0] {image = array<i64: 8, 8>, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : memref<4x3x8xf16, #aicore.space<l1>> to memref<16x32xf16, #aicore.space<l0a>>
  aicore.return
}
