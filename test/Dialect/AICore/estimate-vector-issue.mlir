// RUN: ascend-opt %s --ascend-aicore-estimate | FileCheck %s

// What one Vector op costs on pipe V (AICoreTarget.h, AICoreVectorCosts;
// the PTO ISA manual's A2/A3 timing tables): per instruction its startup
// (14 cycles, 13 for reductions and transcendentals) and its completion
// (19 for float results, 17 for integer and mask results, 26 / 28 for f32 /
// half transcendentals); per 256-byte repeat of the widest operand 1 cycle
// (simple unary, scalar, cast, reduce), 2 (binary arithmetic, compare,
// f32 division) or 4 (half transcendentals, half division). A tile op is
// ceil(whole repeats / 255) instructions plus one for a ragged tail (the
// normal mask mode: the tail under a partial mask).

// One f32 vadd of one repeat (256 B): 14 + 19 + 1 x 2 = 35 cycles.
// CHECK-LABEL: aicore.kernel @binary_one_repeat
// CHECK-SAME: cycles = 35 : i64{{.*}} v = 35 : i64
aicore.kernel @binary_one_repeat() {
  %a = aicore.alloc : memref<64xf32, #aicore.space<ub>>
  aicore.vadd %a, %a, %a : memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>
  aicore.return
}

// An f16 vexp of 8 KiB (32 repeats): 13 + 28 + 32 x 4 = 169 cycles.
// CHECK-LABEL: aicore.kernel @half_transcendental
// CHECK-SAME: cycles = 169 : i64{{.*}} v = 169 : i64
aicore.kernel @half_transcendental() {
  %a = aicore.alloc : memref<4096xf16, #aicore.space<ub>>
  aicore.vexp %a, %a : memref<4096xf16, #aicore.space<ub>>, memref<4096xf16, #aicore.space<ub>>
  aicore.return
}

// The same in f32 (16 KiB, 64 repeats at 2): 13 + 26 + 64 x 2 = 167.
// CHECK-LABEL: aicore.kernel @f32_transcendental
// CHECK-SAME: cycles = 167 : i64{{.*}} v = 167 : i64
aicore.kernel @f32_transcendental() {
  %a = aicore.alloc : memref<4096xf32, #aicore.space<ub>>
  aicore.vln %a, %a : memref<4096xf32, #aicore.space<ub>>, memref<4096xf32, #aicore.space<ub>>
  aicore.return
}

// 255 repeats fit one instruction: f32 vmuls of 65280 B,
// 14 + 19 + 255 x 1 = 288 cycles.
// CHECK-LABEL: aicore.kernel @max_repeats
// CHECK-SAME: cycles = 288 : i64{{.*}} v = 288 : i64
aicore.kernel @max_repeats() {
  %a = aicore.alloc : memref<16320xf32, #aicore.space<ub>>
  aicore.vmuls %a, %a, 2.0 : f32 : memref<16320xf32, #aicore.space<ub>>, memref<16320xf32, #aicore.space<ub>>
  aicore.return
}

// 256 repeats take two instructions: 2 x (14 + 19) + 256 = 322 cycles.
// CHECK-LABEL: aicore.kernel @two_instructions
// CHECK-SAME: cycles = 322 : i64{{.*}} v = 322 : i64
aicore.kernel @two_instructions() {
  %a = aicore.alloc : memref<16384xf32, #aicore.space<ub>>
  aicore.vmuls %a, %a, 2.0 : f32 : memref<16384xf32, #aicore.space<ub>>, memref<16384xf32, #aicore.space<ub>>
  aicore.return
}

// A ragged tail is an instruction of its own: vrelu of 100 f32 (400 B,
// one whole repeat and a masked one), 2 x (14 + 19) + 2 x 1 = 68 cycles.
// CHECK-LABEL: aicore.kernel @masked_tail
// CHECK-SAME: cycles = 68 : i64{{.*}} v = 68 : i64
aicore.kernel @masked_tail() {
  %a = aicore.alloc : memref<100xf32, #aicore.space<ub>>
  aicore.vrelu %a, %a : memref<100xf32, #aicore.space<ub>>, memref<100xf32, #aicore.space<ub>>
  aicore.return
}

// Only a partial repeat (two bf16, 4 B): one instruction, 14 + 19 + 1 = 34;
// the per-row values of a normalization cost this much each.
// CHECK-LABEL: aicore.kernel @partial_repeat
// CHECK-SAME: cycles = 34 : i64{{.*}} v = 34 : i64
aicore.kernel @partial_repeat() {
  %a = aicore.alloc : memref<2x1xbf16, #aicore.space<ub>>
  aicore.vadds %a, %a, 1.0 : bf16 : memref<2x1xbf16, #aicore.space<ub>>, memref<2x1xbf16, #aicore.space<ub>>
  aicore.return
}

// A comparison writes a mask (integer completion, 17): f32 [64] against
// [64] into [64] i1, one repeat of the widest operand: 14 + 17 + 2 = 33.
// CHECK-LABEL: aicore.kernel @compare
// CHECK-SAME: cycles = 33 : i64{{.*}} v = 33 : i64
aicore.kernel @compare() {
  %a = aicore.alloc : memref<64xf32, #aicore.space<ub>>
  %m = aicore.alloc : memref<64xi1, #aicore.space<ub>>
  aicore.vcmp %a, %a, %m {predicate = "lt"} : memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>, memref<64xi1, #aicore.space<ub>>
  aicore.return
}

// A row reduction of [64, 64] f32 (16 KiB, 64 repeats):
// 13 + 19 + 64 x 1 = 96 cycles.
// CHECK-LABEL: aicore.kernel @reduce
// CHECK-SAME: cycles = 96 : i64{{.*}} v = 96 : i64
aicore.kernel @reduce() {
  %t = aicore.alloc : memref<64x64xf32, #aicore.space<ub>>
  %r = aicore.alloc : memref<64x1xf32, #aicore.space<ub>>
  aicore.vreduce %t, %r {kind = "sum"} : memref<64x64xf32, #aicore.space<ub>>, memref<64x1xf32, #aicore.space<ub>>
  aicore.return
}

// A bf16 division (one repeat at 4): 14 + 19 + 4 = 37; in f32 (two
// repeats at 2) 14 + 19 + 4 = 37 as well; together 74.
// CHECK-LABEL: aicore.kernel @division
// CHECK-SAME: cycles = 74 : i64{{.*}} v = 74 : i64
aicore.kernel @division() {
  %h = aicore.alloc : memref<128xbf16, #aicore.space<ub>>
  %f = aicore.alloc : memref<128xf32, #aicore.space<ub>>
  aicore.vdiv %h, %h, %h : memref<128xbf16, #aicore.space<ub>>, memref<128xbf16, #aicore.space<ub>>, memref<128xbf16, #aicore.space<ub>>
  aicore.vdiv %f, %f, %f : memref<128xf32, #aicore.space<ub>>, memref<128xf32, #aicore.space<ub>>, memref<128xf32, #aicore.space<ub>>
  aicore.return
}
