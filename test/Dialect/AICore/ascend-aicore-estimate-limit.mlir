// RUN: ascend-opt %s --ascend-aicore-estimate="max-instructions=5" -verify-diagnostics

// expected-error @+1 {{the kernel model stops after 5 instructions (max-instructions)}}
aicore.kernel @long(%x: memref<16x64xf16, #aicore.space<gm>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  scf.for %i = %c0 to %c8 step %c1 {
    aicore.copy %x, %a1 : memref<16x64xf16, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  }
  aicore.return
}
