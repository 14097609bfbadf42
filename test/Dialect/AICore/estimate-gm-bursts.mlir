// RUN: ascend-opt %s --ascend-aicore-estimate | FileCheck %s

// The burst shape of a GM transfer (AICoreTarget.h, AICoreDataRates): the
// GM view moves as runs of contiguous bytes, each rounded up to whole
// 32-byte blocks, and on Atlas A2 (Ascend910B*) a run whose GM start is off
// a 512-byte boundary moves at 70% of the rate (CANN Ascend C best
// practices, "Using 512-Byte Alignment for the GM Address"; A2 only, so
// not on the A3 die Ascend910_9392). Kernel arguments start on 512-byte
// boundaries; a tile at a dynamic offset is taken to start at a multiple
// of its step (the stride between its runs, or its bytes when it is one
// run). Every byte below is read once (no L2 hits): 32 B/cycle.

// A whole argument, one aligned run of 4096 B: 57 + 128 = 185 cycles.
// CHECK-LABEL: aicore.kernel @aligned_run
// CHECK-SAME: mte2 = 185 : i64
aicore.kernel @aligned_run(%x: memref<2048xf16, #aicore.space<gm>>) {
  %u = aicore.alloc : memref<2048xf16, #aicore.space<ub>>
  aicore.copy %x, %u : memref<2048xf16, #aicore.space<gm>> to memref<2048xf16, #aicore.space<ub>>
  aicore.return
}

// 12 of the 64 columns of a [16, 64] f16 argument: 16 runs of 24 B, each
// moved as one 32-byte block (512 B); the runs start 128 B apart from
// offset 0, so one in four is on a 512-byte boundary:
// 512 x (0.25 + 0.75 / 0.7) = 676.6 B at 32 B/cycle = 22 cycles, 57 + 22.
// CHECK-LABEL: aicore.kernel @strided_runs
// CHECK-SAME: mte2 = 79 : i64
aicore.kernel @strided_runs(%x: memref<16x64xf16, #aicore.space<gm>>) {
  %v = memref.subview %x[0, 0] [16, 12] [1, 1] : memref<16x64xf16, #aicore.space<gm>> to memref<16x12xf16, strided<[64, 1]>, #aicore.space<gm>>
  %u = aicore.alloc : memref<16x12xf16, #aicore.space<ub>>
  aicore.copy %v, %u : memref<16x12xf16, strided<[64, 1]>, #aicore.space<gm>> to memref<16x12xf16, #aicore.space<ub>>
  aicore.return
}

// A run at a static offset off the boundary: 6336 f32 from element 6336
// (byte 25344 = 49.5 x 512): 25344 / 0.7 = 36206 B, 1132 cycles, 57 + 1132.
// CHECK-LABEL: aicore.kernel @unaligned_run
// CHECK-SAME: mte2 = 1189 : i64
aicore.kernel @unaligned_run(%x: memref<12672xf32, #aicore.space<gm>>) {
  %v = memref.subview %x[6336] [6336] [1] : memref<12672xf32, #aicore.space<gm>> to memref<6336xf32, strided<[1], offset: 6336>, #aicore.space<gm>>
  %u = aicore.alloc : memref<6336xf32, #aicore.space<ub>>
  aicore.copy %v, %u : memref<6336xf32, strided<[1], offset: 6336>, #aicore.space<gm>> to memref<6336xf32, #aicore.space<ub>>
  aicore.return
}

// Tiles of 25344 B at dynamic offsets: half of them start on a 512-byte
// boundary (gcd(25344, 512) = 256): 25344 x (0.5 + 0.5 / 0.7) = 30775 B,
// 962 cycles, 57 + 962 = 1019 per tile, two tiles 2038.
// CHECK-LABEL: aicore.kernel @tiles
// CHECK-SAME: mte2 = 2038 : i64
aicore.kernel @tiles(%x: memref<12672xf32, #aicore.space<gm>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6336 = arith.constant 6336 : index
  %u = aicore.alloc : memref<6336xf32, #aicore.space<ub>>
  scf.for %i = %c0 to %c2 step %c1 {
    %off = arith.muli %i, %c6336 : index
    %v = memref.subview %x[%off] [6336] [1] : memref<12672xf32, #aicore.space<gm>> to memref<6336xf32, strided<[1], offset: ?>, #aicore.space<gm>>
    aicore.copy %v, %u : memref<6336xf32, strided<[1], offset: ?>, #aicore.space<gm>> to memref<6336xf32, #aicore.space<ub>>
  }
  aicore.return
}

// The same on the A3 die: no alignment effect, 2 x (57 + 792) = 1698.
// CHECK-LABEL: aicore.kernel @tiles_a3
// CHECK-SAME: mte2 = 1698 : i64
aicore.kernel @tiles_a3(%x: memref<12672xf32, #aicore.space<gm>>) attributes {chip = "Ascend910_9392"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6336 = arith.constant 6336 : index
  %u = aicore.alloc : memref<6336xf32, #aicore.space<ub>>
  scf.for %i = %c0 to %c2 step %c1 {
    %off = arith.muli %i, %c6336 : index
    %v = memref.subview %x[%off] [6336] [1] : memref<12672xf32, #aicore.space<gm>> to memref<6336xf32, strided<[1], offset: ?>, #aicore.space<gm>>
    aicore.copy %v, %u : memref<6336xf32, strided<[1], offset: ?>, #aicore.space<gm>> to memref<6336xf32, #aicore.space<ub>>
  }
  aicore.return
}

// A write of short runs on the A3 die (32-byte rounding alone): 5 of the
// 64 columns of a [64, 64] f32 argument, 64 runs of 20 B moved as 32 B
// each (2048 B) at the L2 write rate, 57 + ceil(2048 / 77) = 57 + 27 = 84
// (the 1280 bytes alone would take 57 + 17).
// CHECK-LABEL: aicore.kernel @short_write_runs
// CHECK-SAME: mte3 = 84 : i64
aicore.kernel @short_write_runs(%y: memref<64x64xf32, #aicore.space<gm>>) attributes {chip = "Ascend910_9392"} {
  %v = memref.subview %y[0, 0] [64, 5] [1, 1] : memref<64x64xf32, #aicore.space<gm>> to memref<64x5xf32, strided<[64, 1]>, #aicore.space<gm>>
  %u = aicore.alloc : memref<64x5xf32, #aicore.space<ub>>
  aicore.copy %u, %v : memref<64x5xf32, #aicore.space<ub>> to memref<64x5xf32, strided<[64, 1]>, #aicore.space<gm>>
  aicore.return
}
