// RUN: not ascend-run %s --inputs %S/Inputs/check-bounds.runs --check-bounds --entry gm_overread 2>&1 | FileCheck %s --check-prefix=GM
// RUN: not ascend-run %s --inputs %S/Inputs/check-bounds.runs --check-bounds --entry ub_overflow 2>&1 | FileCheck %s --check-prefix=UB
// RUN: not ascend-run %s --inputs %S/Inputs/check-bounds.runs --check-bounds --entry ub_gather 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: ascend-run %s --inputs %S/Inputs/check-bounds.runs --check-bounds --entry in_bounds --print-outputs | FileCheck %s --check-prefix=OK

// --check-bounds: every buffer access of the kernels is checked at run time;
// the first out-of-bounds one stops the run with an error at the kernel op
// that makes it, naming the kernel and the block (aicore.block_idx) that ran
// it.

// A tiling bug reading past a GM buffer: each block loads the two rows after
// its own, and block 1 asks for rows 3 and 4 of a 4-row input. Without the
// check the copy reads 32 bytes past the input's buffer and the kernel
// returns whatever was there.
// GM: check-bounds.mlir:[[# @LINE + 17]]:9: error: bounds check failed in kernel @shifted_rows, block 1: 'memref.subview': subview runs out-of-bounds along dimension 0
// GM-NEXT: %xv = memref.subview %x[%src, 0] [2, 8] [1, 1]
// GM: note: the checked op (lowered for the CPU): %subview = memref.subview %arg0[%{{.*}}, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
// GM: ascend-run: error: {{.*}}check-bounds.runs:2: run 0 failed in {{.*}}check-bounds.mlir (the error above says why)
// GM-NOT: run 0 output
func.func @gm_overread(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = aicore.launch @shifted_rows(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

aicore.kernel @shifted_rows(%x: memref<4x8xf32, #aicore.space<gm>>, %y: memref<4x8xf32, #aicore.space<gm>>) attributes {block_dim = 2 : i64} {
  %t = aicore.alloc : memref<2x8xf32, #aicore.space<ub>>
  %b = aicore.block_idx
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %row = arith.muli %b, %c2 : index
  %src = arith.addi %row, %c1 : index
  %xv = memref.subview %x[%src, 0] [2, 8] [1, 1] : memref<4x8xf32, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %xv, %t : memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>> to memref<2x8xf32, #aicore.space<ub>>
  aicore.set_flag mte2 -> mte3, 0
  aicore.wait_flag mte2 -> mte3, 0
  %yv = memref.subview %y[%row, 0] [2, 8] [1, 1] : memref<4x8xf32, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %t, %yv : memref<2x8xf32, #aicore.space<ub>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.return
}

// A UB tile too small for what is written into it: each block stages its
// two rows at row 2 x block of a 3-row UB buffer, block 1 at rows 2 and 3.
// UB: check-bounds.mlir:[[# @LINE + 13]]:9: error: bounds check failed in kernel @staged_rows, block 1: 'memref.subview': subview runs out-of-bounds along dimension 0
// UB-NEXT: %tv = memref.subview %t[%row, 0] [2, 8] [1, 1]
// UB: ascend-run: error: {{.*}}: run 0 failed in {{.*}}check-bounds.mlir (the error above says why)
func.func @ub_overflow(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = aicore.launch @staged_rows(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

aicore.kernel @staged_rows(%x: memref<4x8xf32, #aicore.space<gm>>, %y: memref<4x8xf32, #aicore.space<gm>>) attributes {block_dim = 2 : i64} {
  %t = aicore.alloc : memref<3x8xf32, #aicore.space<ub>>
  %b = aicore.block_idx
  %c2 = arith.constant 2 : index
  %row = arith.muli %b, %c2 : index
  %tv = memref.subview %t[%row, 0] [2, 8] [1, 1] : memref<3x8xf32, #aicore.space<ub>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<ub>>
  %xv = memref.subview %x[%row, 0] [2, 8] [1, 1] : memref<4x8xf32, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %xv, %tv : memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<ub>>
  aicore.set_flag mte2 -> mte3, 0
  aicore.wait_flag mte2 -> mte3, 0
  %yv = memref.subview %y[%row, 0] [2, 8] [1, 1] : memref<4x8xf32, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %tv, %yv : memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<ub>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.return
}

// A gather whose offsets run past its UB table: every fifth element of the
// [4, 8] f32 table (offsets 0, 20, ..., 140 bytes) asks for element 35, row
// 4 of 4. The data-dependent index is checked on the gather's memref.load.
// LOAD: check-bounds.mlir:[[# @LINE + 16]]:3: error: bounds check failed in kernel @strided_gather: 'memref.load': out-of-bounds access
// LOAD-NEXT: aicore.vgather %table, %off, %out
// LOAD: note: the checked op (lowered for the CPU): %{{.*}} = memref.load %{{.*}} : memref<4x8xf32>
func.func @ub_gather(%x: tensor<4x8xf32>) -> tensor<1x8xf32> {
  %y = aicore.launch @strided_gather(%x) : (tensor<4x8xf32>) -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}

aicore.kernel @strided_gather(%x: memref<4x8xf32, #aicore.space<gm>>, %y: memref<1x8xf32, #aicore.space<gm>>) {
  %table = aicore.alloc : memref<4x8xf32, #aicore.space<ub>>
  %off = aicore.alloc : memref<1x8xi32, #aicore.space<ub>>
  %out = aicore.alloc : memref<1x8xf32, #aicore.space<ub>>
  aicore.copy %x, %table : memref<4x8xf32, #aicore.space<gm>> to memref<4x8xf32, #aicore.space<ub>>
  aicore.varange %off, 0 : i32, 20 : i32 : memref<1x8xi32, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vgather %table, %off, %out : memref<4x8xf32, #aicore.space<ub>>, memref<1x8xi32, #aicore.space<ub>>, memref<1x8xf32, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %out, %y : memref<1x8xf32, #aicore.space<ub>> to memref<1x8xf32, #aicore.space<gm>>
  aicore.return
}

// The same copy in bounds runs as usual under the check.
// OK: run 0 output 0: dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00], [8.000000e+00, {{.*}}, 1.500000e+01], [1.600000e+01, {{.*}}, 2.300000e+01], [2.400000e+01, {{.*}}, 3.100000e+01]]> : tensor<4x8xf32>
// OK-NEXT: run 0: no eager outputs to compare
func.func @in_bounds(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = aicore.launch @rows(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

aicore.kernel @rows(%x: memref<4x8xf32, #aicore.space<gm>>, %y: memref<4x8xf32, #aicore.space<gm>>) attributes {block_dim = 2 : i64} {
  %t = aicore.alloc : memref<2x8xf32, #aicore.space<ub>>
  %b = aicore.block_idx
  %c2 = arith.constant 2 : index
  %row = arith.muli %b, %c2 : index
  %xv = memref.subview %x[%row, 0] [2, 8] [1, 1] : memref<4x8xf32, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %xv, %t : memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>> to memref<2x8xf32, #aicore.space<ub>>
  aicore.set_flag mte2 -> mte3, 0
  aicore.wait_flag mte2 -> mte3, 0
  %yv = memref.subview %y[%row, 0] [2, 8] [1, 1] : memref<4x8xf32, #aicore.space<gm>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.copy %t, %yv : memref<2x8xf32, #aicore.space<ub>> to memref<2x8xf32, strided<[8, 1], offset: ?>, #aicore.space<gm>>
  aicore.return
}
