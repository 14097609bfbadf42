// RUN: ascend-opt %s --ascend-aicore-plan-buffers --split-input-file -verify-diagnostics | FileCheck %s

// Vector temporaries whose lifetimes do not overlap share UB; buffers that
// another pipe touches (the MTE2 input, the MTE3 output) keep their own
// place. Offsets are 32-byte aligned.
// CHECK-LABEL: aicore.kernel @reuse
// CHECK: aicore.alloc {aicore.name = "in", aicore.offset = 0 : i64} : memref<1000xf16, #aicore.space<ub>>
// CHECK: aicore.alloc {aicore.name = "t0", aicore.offset = 2016 : i64} : memref<1000xf16, #aicore.space<ub>>
// CHECK: aicore.alloc {aicore.name = "t1", aicore.offset = 4032 : i64} : memref<1000xf16, #aicore.space<ub>>
// t2 is written after t0's last read, on the same pipe: it takes t0's place.
// CHECK: aicore.alloc {aicore.name = "t2", aicore.offset = 2016 : i64} : memref<1000xf16, #aicore.space<ub>>
// CHECK: aicore.alloc {aicore.name = "out", aicore.offset = 6048 : i64} : memref<1000xf16, #aicore.space<ub>>
aicore.kernel @reuse(%x: memref<1000xf16, #aicore.space<gm>>, %y: memref<1000xf16, #aicore.space<gm>>) {
  %in = aicore.alloc {aicore.name = "in"} : memref<1000xf16, #aicore.space<ub>>
  %t0 = aicore.alloc {aicore.name = "t0"} : memref<1000xf16, #aicore.space<ub>>
  %t1 = aicore.alloc {aicore.name = "t1"} : memref<1000xf16, #aicore.space<ub>>
  %t2 = aicore.alloc {aicore.name = "t2"} : memref<1000xf16, #aicore.space<ub>>
  %out = aicore.alloc {aicore.name = "out"} : memref<1000xf16, #aicore.space<ub>>
  aicore.copy %x, %in : memref<1000xf16, #aicore.space<gm>> to memref<1000xf16, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vexp %in, %t0 : memref<1000xf16, #aicore.space<ub>>, memref<1000xf16, #aicore.space<ub>>
  aicore.vrelu %t0, %t1 : memref<1000xf16, #aicore.space<ub>>, memref<1000xf16, #aicore.space<ub>>
  aicore.vabs %t1, %t2 : memref<1000xf16, #aicore.space<ub>>, memref<1000xf16, #aicore.space<ub>>
  aicore.vadd %t2, %in, %out : memref<1000xf16, #aicore.space<ub>>, memref<1000xf16, #aicore.space<ub>>, memref<1000xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %out, %y : memref<1000xf16, #aicore.space<ub>> to memref<1000xf16, #aicore.space<gm>>
  aicore.return
}

// -----

// A temporary written first in each iteration holds a value within one
// iteration only; one read before it is written carries a value across
// iterations and is live for the whole loop.
// CHECK-LABEL: aicore.kernel @loop
// CHECK: aicore.alloc {aicore.name = "acc", aicore.offset = 0 : i64}
// CHECK: aicore.alloc {aicore.name = "a", aicore.offset = 256 : i64}
// CHECK: aicore.alloc {aicore.name = "b", aicore.offset = 512 : i64}
// CHECK: aicore.alloc {aicore.name = "c", aicore.offset = 256 : i64}
aicore.kernel @loop() {
  %acc = aicore.alloc {aicore.name = "acc"} : memref<64xf32, #aicore.space<ub>>
  %a = aicore.alloc {aicore.name = "a"} : memref<64xf32, #aicore.space<ub>>
  %b = aicore.alloc {aicore.name = "b"} : memref<64xf32, #aicore.space<ub>>
  %c = aicore.alloc {aicore.name = "c"} : memref<64xf32, #aicore.space<ub>>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  aicore.vdup %acc, 0.0 : f32 : memref<64xf32, #aicore.space<ub>>
  scf.for %i = %c0 to %c4 step %c1 {
    aicore.vdup %a, 1.0 : f32 : memref<64xf32, #aicore.space<ub>>
    aicore.vexp %a, %b : memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>
    aicore.vadds %b, %c, 2.0 : f32 : memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>
    aicore.vadd %acc, %c, %acc : memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>, memref<64xf32, #aicore.space<ub>>
  }
  aicore.return
}

// -----

// Three 80 KiB buffers, each live while the next is written by another pipe:
// 240 KiB of UB at once, more than its 192 KiB.
// expected-error @+1 {{kernel '@too_big' needs 245760 bytes of ub, more than its capacity of 196608 bytes on Ascend910B2; its ub buffers: 'x' 81920 bytes at 0, 'y' 81920 bytes at 81920, 'sum' 81920 bytes at 163840}}
aicore.kernel @too_big(%gx: memref<40960xf16, #aicore.space<gm>>, %gy: memref<40960xf16, #aicore.space<gm>>, %gs: memref<40960xf16, #aicore.space<gm>>) {
  %x = aicore.alloc {aicore.name = "x"} : memref<40960xf16, #aicore.space<ub>>
  %y = aicore.alloc {aicore.name = "y"} : memref<40960xf16, #aicore.space<ub>>
  %s = aicore.alloc {aicore.name = "sum"} : memref<40960xf16, #aicore.space<ub>>
  aicore.copy %gx, %x : memref<40960xf16, #aicore.space<gm>> to memref<40960xf16, #aicore.space<ub>>
  aicore.copy %gy, %y : memref<40960xf16, #aicore.space<gm>> to memref<40960xf16, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vadd %x, %y, %s : memref<40960xf16, #aicore.space<ub>>, memref<40960xf16, #aicore.space<ub>>, memref<40960xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %s, %gs : memref<40960xf16, #aicore.space<ub>> to memref<40960xf16, #aicore.space<gm>>
  aicore.return
}

// -----

// Without names, buffers are listed by number; L0A placement is 512-byte
// aligned and two Cube operands that are both live overflow it.
// expected-error @+1 {{kernel '@l0a_overcommitted' needs 98304 bytes of l0a, more than its capacity of 65536 bytes on Ascend910B2; its l0a buffers: #0 32768 bytes at 0, #1 32768 bytes at 32768, #2 32768 bytes at 65536}}
aicore.kernel @l0a_overcommitted() {
  %a = aicore.alloc : memref<128x128xf16, #aicore.space<l0a>>
  %b = aicore.alloc : memref<128x128xf16, #aicore.space<l0a>>
  %c = aicore.alloc : memref<128x128xf16, #aicore.space<l0a>>
  aicore.return
}
