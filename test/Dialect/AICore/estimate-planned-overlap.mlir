// RUN: ascend-opt %s --ascend-aicore-estimate --split-input-file -verify-diagnostics | FileCheck %s

// Buffers that buffer planning placed at overlapping offsets are one buffer
// for the race check: here the MTE2 load into `in` may overwrite the Vector
// temporary `t` that shares its bytes before the Vector unit is done with it.
aicore.kernel @overlap_unordered(%g: memref<256xf32, #aicore.space<gm>>) {
  %t = aicore.alloc {aicore.offset = 0 : i64} : memref<256xf32, #aicore.space<ub>>
  %in = aicore.alloc {aicore.offset = 512 : i64} : memref<256xf32, #aicore.space<ub>>
  // expected-note @+1 {{the other access}}
  aicore.vdup %t, 1.0 : f32 : memref<256xf32, #aicore.space<ub>>
  // expected-error @+1 {{race: aicore.copy on pipe mte2 writes a buffer that aicore.vdup on pipe v writes with no set_flag/wait_flag ordering them}}
  aicore.copy %g, %in : memref<256xf32, #aicore.space<gm>> to memref<256xf32, #aicore.space<ub>>
  aicore.return
}

// -----

// The same placement ordered by a flag is accepted; buffers that do not
// overlap need none. Two vdups of 1024 B (one instruction of 4 repeats
// each, 14 + 19 + 4 = 37: cycles 0-74), then the 1024-byte GM read: 57
// cycles for the transfer and 32 for its bytes at 32 B/cycle (74-163).
// CHECK-LABEL: aicore.kernel @overlap_ordered
// CHECK-SAME: aicore.estimate = {cycles = 163 : i64
aicore.kernel @overlap_ordered(%g: memref<256xf32, #aicore.space<gm>>) {
  %t = aicore.alloc {aicore.offset = 0 : i64} : memref<256xf32, #aicore.space<ub>>
  %in = aicore.alloc {aicore.offset = 512 : i64} : memref<256xf32, #aicore.space<ub>>
  %apart = aicore.alloc {aicore.offset = 1024 : i64} : memref<256xf32, #aicore.space<ub>>
  aicore.vdup %t, 1.0 : f32 : memref<256xf32, #aicore.space<ub>>
  aicore.vdup %apart, 2.0 : f32 : memref<256xf32, #aicore.space<ub>>
  aicore.set_flag v -> mte2, 0
  aicore.wait_flag v -> mte2, 0
  aicore.copy %g, %in : memref<256xf32, #aicore.space<gm>> to memref<256xf32, #aicore.space<ub>>
  aicore.return
}
