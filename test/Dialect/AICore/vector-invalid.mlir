// RUN: ascend-opt %s --split-input-file -verify-diagnostics

aicore.kernel @not_in_ub(%g: memref<256xf32, #aicore.space<gm>>) {
  %a = aicore.alloc : memref<256xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vexp' op expects src in #aicore.space<ub>, got 'memref<256xf32, #aicore.space<gm>>'}}
  aicore.vexp %g, %a : memref<256xf32, #aicore.space<gm>>, memref<256xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @shapes_differ() {
  %a = aicore.alloc : memref<256xf32, #aicore.space<ub>>
  %b = aicore.alloc : memref<128xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vsub' op lhs shape [256] and rhs shape [128] differ}}
  aicore.vsub %a, %b, %a : memref<256xf32, #aicore.space<ub>>, memref<128xf32, #aicore.space<ub>>, memref<256xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @int_div() {
  %a = aicore.alloc : memref<256xi32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vdiv' op expects lhs of element type f16, bf16 or f32, got 'i32'}}
  aicore.vdiv %a, %a, %a : memref<256xi32, #aicore.space<ub>>, memref<256xi32, #aicore.space<ub>>, memref<256xi32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @misaligned() {
  %a = aicore.alloc : memref<256xf16, #aicore.space<ub>>
  // 8 f16 elements are 16 bytes: not a 32-byte block boundary.
  %v = memref.subview %a[8] [128] [1] : memref<256xf16, #aicore.space<ub>> to memref<128xf16, strided<[1], offset: 8>, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vrelu' op expects src to start on a 32-byte block, its offset is 16 bytes}}
  aicore.vrelu %v, %v : memref<128xf16, strided<[1], offset: 8>, #aicore.space<ub>>, memref<128xf16, strided<[1], offset: 8>, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @strided() {
  %a = aicore.alloc : memref<256xf16, #aicore.space<ub>>
  %v = memref.subview %a[0] [128] [2] : memref<256xf16, #aicore.space<ub>> to memref<128xf16, strided<[2]>, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vabs' op expects src contiguous in its last dimension, got 'memref<128xf16, strided<[2]>, #aicore.space<ub>>'}}
  aicore.vabs %v, %v : memref<128xf16, strided<[2]>, #aicore.space<ub>>, memref<128xf16, strided<[2]>, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @scalar_type() {
  %a = aicore.alloc : memref<256xf16, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vmuls' op expects a scalar of the element type 'f16', got 'f32'}}
  aicore.vmuls %a, %a, 2.0 : f32 : memref<256xf16, #aicore.space<ub>>, memref<256xf16, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @predicate() {
  %a = aicore.alloc : memref<256xf16, #aicore.space<ub>>
  %m = aicore.alloc : memref<256xi1, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vcmp' op unknown predicate 'lte' (expected eq, ne, lt, le, gt or ge)}}
  aicore.vcmp %a, %a, %m {predicate = "lte"} : memref<256xf16, #aicore.space<ub>>, memref<256xf16, #aicore.space<ub>>, memref<256xi1, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @mask_type() {
  %a = aicore.alloc : memref<256xf16, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vselect' op expects mask of element type i1, got 'f16'}}
  aicore.vselect %a, %a, %a, %a : memref<256xf16, #aicore.space<ub>>, memref<256xf16, #aicore.space<ub>>, memref<256xf16, #aicore.space<ub>>, memref<256xf16, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @bad_broadcast() {
  %a = aicore.alloc : memref<2x64xf32, #aicore.space<ub>>
  %b = aicore.alloc : memref<4x64xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vbroadcast' op cannot broadcast src shape [2, 64] to dst shape [4, 64] (every src dimension must be 1 or dst's)}}
  aicore.vbroadcast %a, %b : memref<2x64xf32, #aicore.space<ub>>, memref<4x64xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @reduce_shape() {
  %a = aicore.alloc : memref<8x64xf32, #aicore.space<ub>>
  %b = aicore.alloc : memref<8xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vreduce' op expects dst shape [8, 1] for src shape [8, 64], got [8]}}
  aicore.vreduce %a, %b {kind = "sum"} : memref<8x64xf32, #aicore.space<ub>>, memref<8xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @reduce_dst() {
  %a = aicore.alloc : memref<8x64xf32, #aicore.space<ub>>
  %b = aicore.alloc : memref<1x64xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vreduce' op expects dst shape [8, 1] for src shape [8, 64], got [1, 64]}}
  aicore.vreduce %a, %b {kind = "sum"} : memref<8x64xf32, #aicore.space<ub>>, memref<1x64xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @reduce_kind() {
  %a = aicore.alloc : memref<8x64xf32, #aicore.space<ub>>
  %b = aicore.alloc : memref<8x1xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vreduce' op unknown reduction 'min' (expected sum or max)}}
  aicore.vreduce %a, %b {kind = "min"} : memref<8x64xf32, #aicore.space<ub>>, memref<8x1xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @rank3() {
  %a = aicore.alloc : memref<2x2x64xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vexp' op expects src of rank 1 or 2, got 'memref<2x2x64xf32, #aicore.space<ub>>'}}
  aicore.vexp %a, %a : memref<2x2x64xf32, #aicore.space<ub>>, memref<2x2x64xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @gather_offsets_type() {
  %t = aicore.alloc : memref<16x8xf32, #aicore.space<ub>>
  %o = aicore.alloc : memref<64xi16, #aicore.space<ub>>
  %d = aicore.alloc : memref<64xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vgather' op expects offsets of element type i32 (byte offsets into src), got 'i16'}}
  aicore.vgather %t, %o, %d : memref<16x8xf32, #aicore.space<ub>>, memref<64xi16, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @gather_shape() {
  %t = aicore.alloc : memref<16x8xf32, #aicore.space<ub>>
  %o = aicore.alloc : memref<64xi32, #aicore.space<ub>>
  %d = aicore.alloc : memref<8x8xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vgather' op offsets shape [64] and dst shape [8, 8] differ}}
  aicore.vgather %t, %o, %d : memref<16x8xf32, #aicore.space<ub>>, memref<64xi32, #aicore.space<ub>>, memref<8x8xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @gather_element() {
  %t = aicore.alloc : memref<16x8xf32, #aicore.space<ub>>
  %o = aicore.alloc : memref<64xi32, #aicore.space<ub>>
  %d = aicore.alloc : memref<64xf16, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vgather' op src element type 'f32' and dst element type 'f16' differ}}
  aicore.vgather %t, %o, %d : memref<16x8xf32, #aicore.space<ub>>, memref<64xi32, #aicore.space<ub>>, memref<64xf16, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @gather_table_type() {
  %t = aicore.alloc : memref<64xi8, #aicore.space<ub>>
  %o = aicore.alloc : memref<64xi32, #aicore.space<ub>>
  %d = aicore.alloc : memref<64xi8, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vgather' op expects src of element type f16, bf16, f32, i16 or i32, got 'i8'}}
  aicore.vgather %t, %o, %d : memref<64xi8, #aicore.space<ub>>, memref<64xi32, #aicore.space<ub>>, memref<64xi8, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @arange_type() {
  %o = aicore.alloc : memref<64xi32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.varange' op expects step of the element type 'i32', got 'i16'}}
  aicore.varange %o, 0 : i32, 4 : i16 : memref<64xi32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @transpose_in_place() {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vtranspose' op expects dst distinct from src (a tile transpose is not in place)}}
  aicore.vtranspose %a, %a : memref<16x16xf16, #aicore.space<ub>>, memref<16x16xf16, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @transpose_rank() {
  %a = aicore.alloc : memref<256xf16, #aicore.space<ub>>
  %b = aicore.alloc : memref<256xf16, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vtranspose' op expects 2-D src and dst, got [256] and [256]}}
  aicore.vtranspose %a, %b : memref<256xf16, #aicore.space<ub>>, memref<256xf16, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @transpose_type() {
  %a = aicore.alloc : memref<16x32xi8, #aicore.space<ub>>
  %b = aicore.alloc : memref<32x16xi8, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vtranspose' op expects src of element type f16, bf16, i16, f32 or i32, got 'i8'}}
  aicore.vtranspose %a, %b : memref<16x32xi8, #aicore.space<ub>>, memref<32x16xi8, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @transpose_element() {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<ub>>
  %b = aicore.alloc : memref<16x16xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vtranspose' op src element type 'f16' and dst element type 'f32' differ}}
  aicore.vtranspose %a, %b : memref<16x16xf16, #aicore.space<ub>>, memref<16x16xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @transpose_shape() {
  %a = aicore.alloc : memref<16x32xf16, #aicore.space<ub>>
  %b = aicore.alloc : memref<16x32xf16, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vtranspose' op expects dst shape [32, 16] for src shape [16, 32], got [16, 32]}}
  aicore.vtranspose %a, %b : memref<16x32xf16, #aicore.space<ub>>, memref<16x32xf16, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @transpose_blocks() {
  %a = aicore.alloc : memref<8x16xf32, #aicore.space<ub>>
  %b = aicore.alloc : memref<16x8xf32, #aicore.space<ub>>
  // 4-byte elements: 16 x 8 blocks, so 8 rows are half a block.
  // expected-error @+1 {{'aicore.vtranspose' op expects src shape in whole 16 x 8 blocks of 'f32' (rows a multiple of 16, columns a multiple of 8), got [8, 16]}}
  aicore.vtranspose %a, %b : memref<8x16xf32, #aicore.space<ub>>, memref<16x8xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @transpose_row_stride() {
  %a = aicore.alloc : memref<16x40xf16, #aicore.space<ub>>
  %b = aicore.alloc : memref<16x16xf16, #aicore.space<ub>>
  // Rows of 40 f16 are 80 bytes apart: not whole 32-byte blocks.
  %v = memref.subview %a[0, 0] [16, 16] [1, 1] : memref<16x40xf16, #aicore.space<ub>> to memref<16x16xf16, strided<[40, 1]>, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vtranspose' op expects the rows of src to start on 32-byte blocks, its row stride is 80 bytes}}
  aicore.vtranspose %v, %b : memref<16x16xf16, strided<[40, 1]>, #aicore.space<ub>>, memref<16x16xf16, #aicore.space<ub>>
  aicore.return
}
