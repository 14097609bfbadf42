// RUN: ascend-opt %s -split-input-file --ascend-aicore-estimate -verify-diagnostics

// The L1 -> L0A copy may start before MTE2 has filled L1: no flag orders them.
aicore.kernel @missing_flag(%x: memref<16x64xf16, #aicore.space<gm>>) {
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  %a0 = aicore.alloc : memref<16x64xf16, #aicore.space<l0a>>
  // expected-note @+1 {{the other access}}
  aicore.copy %x, %a1 : memref<16x64xf16, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  // expected-error @+1 {{race: aicore.copy on pipe mte1 reads a buffer that aicore.copy on pipe mte2 writes with no set_flag/wait_flag ordering them}}
  aicore.copy %a1, %a0 : memref<16x64xf16, #aicore.space<l1>> to memref<16x64xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

// A flag between the wrong pair of pipes does not order MTE2 and MTE1.
aicore.kernel @wrong_pipes(%x: memref<16x64xf16, #aicore.space<gm>>) {
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  %a0 = aicore.alloc : memref<16x64xf16, #aicore.space<l0a>>
  // expected-note @+1 {{the other access}}
  aicore.copy %x, %a1 : memref<16x64xf16, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  aicore.set_flag mte3 -> mte1, 0
  aicore.wait_flag mte3 -> mte1, 0
  // expected-error @+1 {{race: aicore.copy on pipe mte1 reads a buffer}}
  aicore.copy %a1, %a0 : memref<16x64xf16, #aicore.space<l1>> to memref<16x64xf16, #aicore.space<l0a>>
  aicore.return
}

// -----

aicore.kernel @deadlock(%x: memref<16x64xf16, #aicore.space<gm>>) {
  // expected-error @+1 {{deadlock: no earlier set_flag mte2 -> mte1, 1 is left for this wait}}
  aicore.wait_flag mte2 -> mte1, 1
  aicore.return
}

// -----

aicore.kernel @dynamic_loop(%x: memref<16x64xf16, #aicore.space<gm>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<16x64xf16, #aicore.space<gm>>
  // expected-error @+1 {{the kernel model needs loops with constant bounds and a positive step}}
  scf.for %i = %c0 to %n step %c1 {
  }
  aicore.return
}
