// RUN: ascend-opt %s --ascend-aicore-estimate | FileCheck %s

// What a GM write costs on the kernel model: 57 cycles per transfer
// (gmTransferCycles), then the bytes that reach GM at the L2 write rate
// (77 B/cycle); an atomic add also reads those bytes out of L2 (118 B/cycle).

// A plain FIX write of a 16 x 32 f32 tile (2048 B): 57 + ceil(2048 / 77) =
// 57 + 27 = 84 cycles.
// CHECK-LABEL: aicore.kernel @plain
// CHECK-SAME: cycles = 84 : i64, {{.*}} fix = 84 : i64
aicore.kernel @plain(%y: memref<16x32xf32, #aicore.space<gm>>) {
  %c0 = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
  aicore.copy %c0, %y : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, #aicore.space<gm>>
  aicore.return
}

// The same tile converted to f16 on the way (the Fixpipe's conversion):
// 1024 B reach GM, 57 + ceil(1024 / 77) = 57 + 14 = 71 cycles.
// CHECK-LABEL: aicore.kernel @converting
// CHECK-SAME: cycles = 71 : i64, {{.*}} fix = 71 : i64
aicore.kernel @converting(%y: memref<16x32xf16, #aicore.space<gm>>) {
  %c0 = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
  aicore.copy %c0, %y : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf16, #aicore.space<gm>>
  aicore.return
}

// An atomic add of the f32 tile: a read-modify-write in L2,
// 57 + 27 + ceil(2048 / 118) = 57 + 27 + 18 = 102 cycles.
// CHECK-LABEL: aicore.kernel @atomic
// CHECK-SAME: cycles = 102 : i64, {{.*}} fix = 102 : i64
aicore.kernel @atomic(%y: memref<16x32xf32, #aicore.space<gm>>) {
  %c0 = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
  aicore.copy %c0, %y {atomic_add} : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, #aicore.space<gm>>
  aicore.return
}
