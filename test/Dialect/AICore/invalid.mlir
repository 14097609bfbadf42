// RUN: ascend-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'aicore.kernel' op unknown chip 'Ascend310'}}
aicore.kernel @unknown_chip() attributes {chip = "Ascend310"} {
  aicore.return
}

// -----

// expected-error @+1 {{'aicore.kernel' op block_dim must be at least 1, got 0}}
aicore.kernel @zero_block_dim() attributes {block_dim = 0 : i64} {
  aicore.return
}

// -----

// expected-error @+1 {{'aicore.kernel' op returns no values; outputs are GM memref arguments}}
aicore.kernel @kernel_with_result() -> f32 {
  aicore.return
}

// -----

// expected-error @+1 {{'aicore.kernel' op argument #1 must be a memref in #aicore.space<gm>, got 'memref<4xf32>'}}
aicore.kernel @argument_not_in_gm(%a: memref<4xf32, #aicore.space<gm>>, %b: memref<4xf32>) {
  aicore.return
}

// -----

// A placed buffer must end inside its memory.
aicore.kernel @l0a_overcommitted() {
  // expected-error @+1 {{'aicore.alloc' op placed at offset 33280, which is not a multiple of 512 bytes or ends beyond the 65536 bytes of l0a on Ascend910B2}}
  %a = aicore.alloc {aicore.offset = 33280 : i64} : memref<128x128xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

// UB offsets are 32-byte aligned.
aicore.kernel @misaligned_offset() {
  // expected-error @+1 {{'aicore.alloc' op placed at offset 16, which is not a multiple of 32 bytes or ends beyond the 196608 bytes of ub on Ascend910B2}}
  %a = aicore.alloc {aicore.offset = 16 : i64} : memref<64xf16, #aicore.space<ub>>
  aicore.return
}

// -----

func.func @launch_of_function(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'aicore.launch' op '@launch_of_function' is not an aicore.kernel}}
  %r = aicore.launch @launch_of_function(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

aicore.kernel @two_arguments(%a: memref<4xf32, #aicore.space<gm>>, %b: memref<4xf32, #aicore.space<gm>>) {
  aicore.return
}
func.func @launch_arity(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'aicore.launch' op kernel '@two_arguments' takes 2 arguments, launch passes 2 inputs and 1 results}}
  %r = aicore.launch @two_arguments(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

aicore.kernel @copy4(%a: memref<4xf32, #aicore.space<gm>>, %b: memref<4xf32, #aicore.space<gm>>) {
  aicore.return
}
func.func @launch_type_mismatch(%x: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'aicore.launch' op kernel argument #0 of type 'memref<4xf32, #aicore.space<gm>>' does not match 'tensor<4xf16>'}}
  %r = aicore.launch @copy4(%x) : (tensor<4xf16>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

aicore.kernel @alloc_in_gm() {
  // expected-error @+1 {{'aicore.alloc' op expects a memref in an on-chip memory space (#aicore.space<l1|l0a|l0b|l0c|ub|bt>), got 'memref<4xf32, #aicore.space<gm>>'}}
  %a = aicore.alloc : memref<4xf32, #aicore.space<gm>>
  aicore.return
}

// -----

aicore.kernel @alloc_strided() {
  // expected-error @+1 {{'aicore.alloc' op expects an identity layout, got 'memref<4x4xf32, strided<[8, 1]>, #aicore.space<ub>>'}}
  %a = aicore.alloc : memref<4x4xf32, strided<[8, 1]>, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @alloc_too_big_for_l0a() {
  // expected-error @+1 {{'aicore.alloc' op buffer of 131072 bytes exceeds the capacity of l0a (65536 bytes on Ascend910B2)}}
  %a = aicore.alloc : memref<256x128xf32, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @copy_without_space(%g: memref<4xf32, #aicore.space<gm>>) {
  %u = memref.alloca() : memref<4xf32>
  // expected-error @+1 {{'aicore.copy' op expects source and target in aicore memory spaces}}
  aicore.copy %g, %u : memref<4xf32, #aicore.space<gm>> to memref<4xf32>
  aicore.return
}

// -----

aicore.kernel @copy_l0a_to_gm(%g: memref<16x16xf16, #aicore.space<gm>>) {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l0a>>
  // expected-error @+1 {{'aicore.copy' op cannot copy from l0a to gm: no data path between them}}
  aicore.copy %a, %g : memref<16x16xf16, #aicore.space<l0a>> to memref<16x16xf16, #aicore.space<gm>>
  aicore.return
}

// -----

aicore.kernel @copy_shape_mismatch(%g: memref<16x32xf16, #aicore.space<gm>>) {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l1>>
  // expected-error @+1 {{'aicore.copy' op source shape [16, 32] and target shape [16, 16] differ}}
  aicore.copy %g, %a : memref<16x32xf16, #aicore.space<gm>> to memref<16x16xf16, #aicore.space<l1>>
  aicore.return
}

// -----

aicore.kernel @copy_converts_off_fix(%g: memref<16x16xf32, #aicore.space<gm>>) {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l1>>
  // expected-error @+1 {{'aicore.copy' op element types 'f32' and 'f16' differ (only a FIX copy may convert f32 to f16 or bf16, and an L1 -> BT copy f16 or bf16 to f32)}}
  aicore.copy %g, %a : memref<16x16xf32, #aicore.space<gm>> to memref<16x16xf16, #aicore.space<l1>>
  aicore.return
}

// -----

aicore.kernel @mmad_operand_in_l1() {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l1>>
  %b = aicore.alloc : memref<16x16xf16, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x16xf32, #aicore.space<l0c>>
  // expected-error @+1 {{'aicore.mmad' op expects a in l0a, b in l0b and c in l0c}}
  aicore.mmad %a, %b, %c : memref<16x16xf16, #aicore.space<l1>>, memref<16x16xf16, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>
  aicore.return
}

// -----

aicore.kernel @mmad_rank3() {
  %a = aicore.alloc : memref<2x16x16xf16, #aicore.space<l0a>>
  %b = aicore.alloc : memref<16x16xf16, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x16xf32, #aicore.space<l0c>>
  // expected-error @+1 {{'aicore.mmad' op expects 2-D operands}}
  aicore.mmad %a, %b, %c : memref<2x16x16xf16, #aicore.space<l0a>>, memref<16x16xf16, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>
  aicore.return
}

// -----

aicore.kernel @mmad_contraction_mismatch() {
  %a = aicore.alloc : memref<16x32xf16, #aicore.space<l0a>>
  %b = aicore.alloc : memref<16x16xf16, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x16xf32, #aicore.space<l0c>>
  // expected-error @+1 {{'aicore.mmad' op shapes a [16, 32], b [16, 16], c [16, 16] do not form a matrix product}}
  aicore.mmad %a, %b, %c : memref<16x32xf16, #aicore.space<l0a>>, memref<16x16xf16, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>
  aicore.return
}

// -----

aicore.kernel @mmad_mixed_operands() {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l0a>>
  %b = aicore.alloc : memref<16x16xf32, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x16xf32, #aicore.space<l0c>>
  // expected-error @+1 {{'aicore.mmad' op expects a and b of one element type, got 'f16' and 'f32'}}
  aicore.mmad %a, %b, %c : memref<16x16xf16, #aicore.space<l0a>>, memref<16x16xf32, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>
  aicore.return
}

// -----

aicore.kernel @mmad_f64() {
  %a = aicore.alloc : memref<16x16xf64, #aicore.space<l0a>>
  %b = aicore.alloc : memref<16x16xf64, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x16xf64, #aicore.space<l0c>>
  // expected-error @+1 {{'aicore.mmad' op unsupported Cube element type 'f64'}}
  aicore.mmad %a, %b, %c : memref<16x16xf64, #aicore.space<l0a>>, memref<16x16xf64, #aicore.space<l0b>>, memref<16x16xf64, #aicore.space<l0c>>
  aicore.return
}

// -----

aicore.kernel @mmad_f16_accumulator() {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l0a>>
  %b = aicore.alloc : memref<16x16xf16, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x16xf16, #aicore.space<l0c>>
  // expected-error @+1 {{'aicore.mmad' op expects accumulator element type 'f32' for 'f16' operands, got 'f16'}}
  aicore.mmad %a, %b, %c : memref<16x16xf16, #aicore.space<l0a>>, memref<16x16xf16, #aicore.space<l0b>>, memref<16x16xf16, #aicore.space<l0c>>
  aicore.return
}

// -----

aicore.kernel @vadd_in_l1() {
  %a = aicore.alloc : memref<64xf32, #aicore.space<l1>>
  %b = aicore.alloc : memref<64xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vadd' op expects operands in ub}}
  aicore.vadd %a, %b, %b : memref<64xf32, #aicore.space<l1>>, memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @vadd_mixed_types() {
  %a = aicore.alloc : memref<64xf32, #aicore.space<ub>>
  %b = aicore.alloc : memref<64xf16, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vadd' op expects one element type}}
  aicore.vadd %a, %b, %a : memref<64xf32, #aicore.space<ub>>, memref<64xf16, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @vadd_dst_shape() {
  %a = aicore.alloc : memref<64xf32, #aicore.space<ub>>
  %d = aicore.alloc : memref<32xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vadd' op lhs shape [64] and dst shape [32] differ}}
  aicore.vadd %a, %a, %d : memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>, memref<32xf32, #aicore.space<ub>>
  aicore.return
}

// -----

// A column [M, 1] does not broadcast; only a row [1, N] does.
aicore.kernel @vadd_column_broadcast() {
  %a = aicore.alloc : memref<8x64xf32, #aicore.space<ub>>
  %b = aicore.alloc : memref<8x1xf32, #aicore.space<ub>>
  // expected-error @+1 {{'aicore.vadd' op rhs shape [8, 1] is neither lhs shape [8, 64] nor one row of it}}
  aicore.vadd %a, %b, %a : memref<8x64xf32, #aicore.space<ub>>, memref<8x1xf32, #aicore.space<ub>>, memref<8x64xf32, #aicore.space<ub>>
  aicore.return
}

// -----

aicore.kernel @event_out_of_range() {
  // expected-error @+1 {{'aicore.set_flag' op event id 8 out of range [0, 7]}}
  aicore.set_flag mte2 -> mte1, 8
  aicore.return
}

// -----

aicore.kernel @flag_within_one_pipe() {
  // expected-error @+1 {{'aicore.wait_flag' op orders pipe mte2 against itself; use a pipe barrier}}
  aicore.wait_flag mte2 -> mte2, 0
  aicore.return
}

// -----

func.func @block_idx_outside_kernel() -> index {
  // expected-error @+1 {{'aicore.block_idx' op is only valid inside an aicore.kernel}}
  %b = aicore.block_idx
  return %b : index
}

// -----

aicore.kernel @cross_core_flag_outside_on_core() {
  // expected-error @+1 {{'aicore.cross_core_set_flag' op must be inside an aicore.on_core region (the core that issues it)}}
  aicore.cross_core_set_flag fix, 0
  aicore.return
}

// -----

aicore.kernel @cross_core_flag_out_of_range() {
  aicore.on_core aiv {
    // expected-error @+1 {{'aicore.cross_core_wait_flag' op cross-core flag id 11 out of range [0, 10]}}
    aicore.cross_core_wait_flag mte2, 11
  }
  aicore.return
}

// -----

aicore.kernel @cross_core_flag_on_scalar_pipe() {
  aicore.on_core aic {
    // expected-error @+1 {{'aicore.cross_core_set_flag' op cannot be issued on the scalar pipe}}
    aicore.cross_core_set_flag s, 0
  }
  aicore.return
}

// -----

aicore.kernel @nested_on_core() {
  aicore.on_core aic {
    // expected-error @+1 {{'aicore.on_core' op cannot be nested in another aicore.on_core}}
    aicore.on_core aiv {
    }
  }
  aicore.return
}

// -----

func.func @on_core_outside_kernel() {
  // expected-error @+1 {{'aicore.on_core' op is only valid inside an aicore.kernel}}
  aicore.on_core aic {
  }
  return
}

// -----

aicore.kernel @subblock_idx_on_the_cube() {
  aicore.on_core aic {
    // expected-error @+1 {{'aicore.subblock_idx' op is only valid inside an aicore.on_core aiv region}}
    %s = aicore.subblock_idx
  }
  aicore.return
}

// -----

// expected-error @+1 {{'aicore.kernel' op declares a workspace of 1024 bytes, but its last argument (the workspace) has 512 bytes}}
aicore.kernel @workspace_size(%ws: memref<128xf32, #aicore.space<gm>>) attributes {workspace_bytes = 1024 : i64} {
  aicore.return
}

// -----

aicore.kernel @bias_with_accumulate() {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l0a>>
  %b = aicore.alloc : memref<16x16xf16, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x16xf32, #aicore.space<l0c>>
  %t = aicore.alloc : memref<1x16xf32, #aicore.space<bt>>
  // expected-error @+1 {{'aicore.mmad' op takes a bias only when it starts the accumulator (without accumulate)}}
  aicore.mmad %a, %b, %c bias %t {accumulate} : memref<16x16xf16, #aicore.space<l0a>>, memref<16x16xf16, #aicore.space<l0b>>, memref<16x16xf32, #aicore.space<l0c>>, memref<1x16xf32, #aicore.space<bt>>
  aicore.return
}

// -----

aicore.kernel @bias_not_in_bt() {
  %a = aicore.alloc : memref<16x16xf16, #aicore.space<l0a>>
  %b = aicore.alloc : memref<16x32xf16, #aicore.space<l0b>>
  %c = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
  %t = aicore.alloc : memref<1x16xf32, #aicore.space<bt>>
  // expected-error @+1 {{'aicore.mmad' op expects the bias as a [1, N >= 32] 'f32' row in bt, got 'memref<1x16xf32, #aicore.space<bt>>'}}
  aicore.mmad %a, %b, %c bias %t : memref<16x16xf16, #aicore.space<l0a>>, memref<16x32xf16, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>, memref<1x16xf32, #aicore.space<bt>>
  aicore.return
}

// -----

aicore.kernel @bias_table_overflow() {
  // expected-error @+1 {{'aicore.alloc' op buffer of 2048 bytes exceeds the capacity of bt (1024 bytes on Ascend910B2)}}
  %t = aicore.alloc : memref<1x512xf32, #aicore.space<bt>>
  aicore.return
}

// -----

aicore.kernel @atomic_add_on_chip(%g: memref<16x16xf16, #aicore.space<gm>>) {
  %l1 = aicore.alloc : memref<16x16xf16, #aicore.space<l1>>
  // expected-error @+1 {{'aicore.copy' op atomic_add needs a GM target (the atomic add of L0C / UB -> GM), got l1}}
  aicore.copy %g, %l1 {atomic_add} : memref<16x16xf16, #aicore.space<gm>> to memref<16x16xf16, #aicore.space<l1>>
  aicore.return
}

// -----

// expected-error @+1 {{'aicore.kernel' op atomic_clean takes three numbers (argument, first element, element count), got 2}}
aicore.kernel @atomic_clean_count(%o: memref<4x4xf32, #aicore.space<gm>>) attributes {atomic_clean = array<i64: 0, 4>} {
  aicore.return
}

// -----

// expected-error @+1 {{'aicore.kernel' op atomic_clean names argument #1, but the kernel has 1 arguments}}
aicore.kernel @atomic_clean_argument(%o: memref<4x4xf32, #aicore.space<gm>>) attributes {atomic_clean = array<i64: 1, 0, 4>} {
  aicore.return
}

// -----

// expected-error @+1 {{'aicore.kernel' op atomic_clean range [8, 20) lies outside argument #0 (16 elements)}}
aicore.kernel @atomic_clean_range(%o: memref<4x4xf32, #aicore.space<gm>>) attributes {atomic_clean = array<i64: 0, 8, 12>} {
  aicore.return
}
