// RUN: ascend-opt %s --ascend-aicore-plan-buffers --ascend-aicore-estimate | FileCheck %s --check-prefix=MODEL
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/vector-ops.runs --print-outputs | FileCheck %s

// A hand-written two-core Vector kernel runs on the CPU: each core takes two
// rows (aicore.block_idx), reduces them (sum, max), casts them to int32 and
// computes |x| + 1 with a comparison, a negation, a select and an immediate.
// The host runs the body once per block index.

// CHECK: run 0 output 0: dense<{{\[\[}}-5.600000e+01], [8.000000e+00], [7.200000e+01], [1.360000e+02]]> : tensor<4x1xf32>
// CHECK: run 0 output 1: dense<{{\[\[}}-3.500000e+00], [4.500000e+00], [1.250000e+01], [2.050000e+01]]> : tensor<4x1xf32>
// CHECK: run 0 output 2: dense<{{\[\[}}-10, -9, -8, -7, -6, -5, -4, -3], [-2, -1, 0, 0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17, 18, 19, 20]]> : tensor<4x8xi32>
// CHECK: run 0: max abs error 0, max rel error 0 {{.*}}: ok

// The model runs each block: one MTE2 load of 64 B (57 cycles for the
// transfer; its bytes at the 32 B/cycle of an L2 miss, the 64-byte tile
// taken to start on a 512-byte boundary one time in eight, the rest at
// 70% on the 910B2: 64 x (1/8 + 7/8 / 0.7) = 88 B, 3 cycles), 8 Vector ops
// of one partial repeat each (one instruction, startup + completion +
// repeat, AICoreVectorCosts: the reductions 13 + 19 + 1, the cast to i32
// 14 + 17 + 1, the dup, the negation and the immediate add 14 + 19 + 1, the
// compare 14 + 17 + 2, the select 14 + 19 + 2: 268), stores of 8, 8, 64 and
// 64 B (57 cycles each for the transfer, then the bytes as 32-byte blocks
// at the 77 B/cycle of a GM write into L2: 1, 1, 2 and 2): 60 + 268 + 234
// = 562 cycles.
// MODEL: aicore.kernel @rows
// MODEL-SAME: aicore.estimate = {cycles = 562 : i64
// MODEL-SAME: mte2 = 60 : i64, mte3 = 234 : i64, {{.*}}v = 268 : i64

func.func @main(%x: tensor<4x8xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x8xi32>, tensor<4x8xf32>) {
  %s, %m, %c, %a = aicore.launch @rows(%x) : (tensor<4x8xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x8xi32>, tensor<4x8xf32>)
  return %s, %m, %c, %a : tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x8xi32>, tensor<4x8xf32>
}

aicore.kernel @rows(%x: memref<4x8xf32, #aicore.space<gm>>, %s: memref<4x1xf32, #aicore.space<gm>>, %m: memref<4x1xf32, #aicore.space<gm>>, %c: memref<4x8xi32, #aicore.space<gm>>, %a: memref<4x8xf32, #aicore.space<gm>>) attributes {block_dim = 2 : i64} {
  %t = aicore.alloc : memref<2x8xf32, #aicore.space<ub>>
  %rs = aicore.alloc : memref<2x1xf32, #aicore.space<ub>>
  %rm = aicore.alloc : memref<2x1xf32, #aicore.space<ub>>
  %ci = aicore.alloc : memref<2x8xi32, #aicore.space<ub>>
  %mask = aicore.alloc : memref<2x8xi1, #aicore.space<ub>>
  %zero = aicore.alloc : memref<2x8xf32, #aicore.space<ub>>
  %neg = aicore.alloc : memref<2x8xf32, #aicore.space<ub>>
  %b = aicore.block_idx
  %c2 = arith.constant 2 : index
  %row = arith.muli %b, %c2 : index
  %xv = memref.subview %x[%row, 0] [2, 8] [1, 1] : memref<4x8xf32, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %xv, %t : memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>> to memref<2x8xf32, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vreduce %t, %rs {kind = "sum"} : memref<2x8xf32, #aicore.space<ub>>, memref<2x1xf32, #aicore.space<ub>>
  aicore.vreduce %t, %rm {kind = "max"} : memref<2x8xf32, #aicore.space<ub>>, memref<2x1xf32, #aicore.space<ub>>
  aicore.vcast %t, %ci : memref<2x8xf32, #aicore.space<ub>>, memref<2x8xi32, #aicore.space<ub>>
  aicore.vdup %zero, 0.0 : f32 : memref<2x8xf32, #aicore.space<ub>>
  aicore.vcmp %t, %zero, %mask {predicate = "gt"} : memref<2x8xf32, #aicore.space<ub>>, memref<2x8xf32, #aicore.space<ub>>, memref<2x8xi1, #aicore.space<ub>>
  aicore.vneg %t, %neg : memref<2x8xf32, #aicore.space<ub>>, memref<2x8xf32, #aicore.space<ub>>
  aicore.vselect %mask, %t, %neg, %neg : memref<2x8xi1, #aicore.space<ub>>, memref<2x8xf32, #aicore.space<ub>>, memref<2x8xf32, #aicore.space<ub>>, memref<2x8xf32, #aicore.space<ub>>
  aicore.vadds %neg, %neg, 1.0 : f32 : memref<2x8xf32, #aicore.space<ub>>, memref<2x8xf32, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  %sv = memref.subview %s[%row, 0] [2, 1] [1, 1] : memref<4x1xf32, #aicore.space<gm>> to memref<2x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %rs, %sv : memref<2x1xf32, #aicore.space<ub>> to memref<2x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>>
  %mv = memref.subview %m[%row, 0] [2, 1] [1, 1] : memref<4x1xf32, #aicore.space<gm>> to memref<2x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %rm, %mv : memref<2x1xf32, #aicore.space<ub>> to memref<2x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>>
  %cv = memref.subview %c[%row, 0] [2, 8] [1, 1] : memref<4x8xi32, #aicore.space<gm>> to memref<2x8xi32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %ci, %cv : memref<2x8xi32, #aicore.space<ub>> to memref<2x8xi32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  %av = memref.subview %a[%row, 0] [2, 8] [1, 1] : memref<4x8xf32, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %neg, %av : memref<2x8xf32, #aicore.space<ub>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.return
}
