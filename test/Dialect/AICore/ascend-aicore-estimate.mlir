// RUN: ascend-opt %s --ascend-aicore-estimate | FileCheck %s

// One 16x32x64 fp16 tile. Every GM transfer costs 57 cycles
// (gmTransferCycles) on top of its bytes. MTE2 loads x (2048 B) and w
// (4096 B) at 32 B/cycle: (57 + 64) + (57 + 128) = 306 cycles; MTE1 moves
// both to L0 at 512 B/cycle (4 + 8, no per-transfer cost on chip, after the
// flag: cycles 306-318); the mmad takes 1 x 2 x 4 fractals of 16x16x16
// (8 cycles: 318-326); FIX writes the 2048-byte f32 tile into GM (L2) at
// 77 B/cycle: 57 + ceil(2048 / 77) = 57 + 27 = 84 cycles (326-410). Every
// GM byte is read once, so nothing hits L2. 410 cycles at 1.8 GHz =
// 0.2278 us.
// CHECK-LABEL: aicore.kernel @one_tile
// The task around the block adds the launch (2000 cycles) and one round's
// block start (200): 2610 cycles, 1.45 us.
// CHECK-SAME: aicore.estimate = {cycles = 410 : i64, duration_us = 0.22777{{[0-9]*}} : f64, fix = 84 : i64, m = 8 : i64, mte1 = 12 : i64, mte2 = 306 : i64, mte3 = 0 : i64, task_cycles = 2610 : i64, task_us = 1.4{{[0-9]*}} : f64, v = 0 : i64}
aicore.kernel @one_tile(%x: memref<16x64xf16, #aicore.space<gm>>,
                        %w: memref<32x64xf16, #aicore.space<gm>>,
                        %y: memref<16x32xf32, #aicore.space<gm>>) {
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  %b1 = aicore.alloc : memref<32x64xf16, #aicore.space<l1>>
  %a0 = aicore.alloc : memref<16x64xf16, #aicore.space<l0a>>
  %b0 = aicore.alloc : memref<32x64xf16, #aicore.space<l0b>>
  %c0 = aicore.alloc : memref<16x32xf32, #aicore.space<l0c>>
  aicore.copy %x, %a1 : memref<16x64xf16, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  aicore.copy %w, %b1 : memref<32x64xf16, #aicore.space<gm>> to memref<32x64xf16, #aicore.space<l1>>
  aicore.set_flag mte2 -> mte1, 0
  aicore.wait_flag mte2 -> mte1, 0
  aicore.copy %a1, %a0 : memref<16x64xf16, #aicore.space<l1>> to memref<16x64xf16, #aicore.space<l0a>>
  aicore.copy %b1, %b0 : memref<32x64xf16, #aicore.space<l1>> to memref<32x64xf16, #aicore.space<l0b>>
  aicore.set_flag mte1 -> m, 0
  aicore.wait_flag mte1 -> m, 0
  aicore.mmad %a0, %b0, %c0 {transpose_b} : memref<16x64xf16, #aicore.space<l0a>>, memref<32x64xf16, #aicore.space<l0b>>, memref<16x32xf32, #aicore.space<l0c>>
  aicore.set_flag m -> fix, 0
  aicore.wait_flag m -> fix, 0
  aicore.copy %c0, %y : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, #aicore.space<gm>>
  aicore.return
}

// The same 2048-byte GM buffer read twice: R = 4096 requested bytes from
// D = 2048 distinct ones, so the L2 hit ratio is 1 - D / R = 0.5 and each
// read costs 57 + ceil(2048 * (0.5 / 32 + 0.5 / 118)) = 57 + 41 = 98 cycles.
// CHECK-LABEL: aicore.kernel @reread
// CHECK-SAME: aicore.estimate = {cycles = 196 : i64, {{.*}} mte2 = 196 : i64
aicore.kernel @reread(%x: memref<16x64xf16, #aicore.space<gm>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  scf.for %i = %c0 to %c2 step %c1 {
    aicore.copy %x, %a1 : memref<16x64xf16, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  }
  aicore.return
}

// Three row tiles over block_dim = 2: block b loads the tiles b, b + 2, so
// block 0 loads two (rows 0 and 32) and block 1 one (row 16). The loop
// bounds are index arithmetic on aicore.block_idx. The kernel's figure is
// block 0's: two loads of 16 x 64 f16 (2048 B) read once each in the whole
// kernel (no L2 hits): 2 x (57 + 64) cycles.
// CHECK-LABEL: aicore.kernel @busiest_block
// CHECK-SAME: aicore.estimate = {cycles = 242 : i64, {{.*}} mte2 = 242 : i64
aicore.kernel @busiest_block(%x: memref<48x64xf16, #aicore.space<gm>>) attributes {block_dim = 2 : i64} {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  %b = aicore.block_idx
  scf.for %t = %b to %c3 step %c2 {
    %row = arith.muli %t, %c16 : index
    %tile = memref.subview %x[%row, 0] [16, 64] [1, 1] : memref<48x64xf16, #aicore.space<gm>> to memref<16x64xf16, strided<[64, 1], offset: ?>, #aicore.space<gm>>
    aicore.copy %tile, %a1 : memref<16x64xf16, strided<[64, 1], offset: ?>, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  }
  aicore.return
}

// The per-transfer cost: the same 4096 bytes of GM read as one transfer
// (57 + 128 = 185 cycles) and as four transfers of 1024 bytes
// (4 x (57 + 32) = 356 cycles), each byte once (no L2 hits).
// CHECK-LABEL: aicore.kernel @one_transfer
// CHECK-SAME: aicore.estimate = {cycles = 185 : i64, {{.*}} mte2 = 185 : i64
aicore.kernel @one_transfer(%x: memref<32x64xf16, #aicore.space<gm>>) {
  %a1 = aicore.alloc : memref<32x64xf16, #aicore.space<l1>>
  aicore.copy %x, %a1 : memref<32x64xf16, #aicore.space<gm>> to memref<32x64xf16, #aicore.space<l1>>
  aicore.return
}
// CHECK-LABEL: aicore.kernel @four_transfers
// CHECK-SAME: aicore.estimate = {cycles = 356 : i64, {{.*}} mte2 = 356 : i64
aicore.kernel @four_transfers(%x: memref<32x64xf16, #aicore.space<gm>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a1 = aicore.alloc : memref<8x64xf16, #aicore.space<l1>>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = arith.muli %i, %c8 : index
    %part = memref.subview %x[%row, 0] [8, 64] [1, 1] : memref<32x64xf16, #aicore.space<gm>> to memref<8x64xf16, strided<[64, 1], offset: ?>, #aicore.space<gm>>
    aicore.copy %part, %a1 : memref<8x64xf16, strided<[64, 1], offset: ?>, #aicore.space<gm>> to memref<8x64xf16, #aicore.space<l1>>
  }
  aicore.return
}

// The L2 footprint: x is 256 MiB, more than the 192 MiB L2, read twice in
// 64 KiB rows (R = 512 MiB requested, D = 256 MiB distinct). The hit ratio
// is (1 - D / R) x min(1, L2 / D) = 0.5 x 0.75 = 0.375 (were x to fit the
// L2 it would be 0.5): each read costs 57 + ceil(65536 x (0.625 / 32 +
// 0.375 / 118)) = 57 + 1489 = 1546 cycles, 8192 of them 12664832.
// CHECK-LABEL: aicore.kernel @footprint
// CHECK-SAME: aicore.estimate = {cycles = 12664832 : i64, {{.*}} mte2 = 12664832 : i64
aicore.kernel @footprint(%x: memref<4096x32768xf16, #aicore.space<gm>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4096 = arith.constant 4096 : index
  %u = aicore.alloc : memref<1x32768xf16, #aicore.space<ub>>
  scf.for %pass = %c0 to %c2 step %c1 {
    scf.for %r = %c0 to %c4096 step %c1 {
      %row = memref.subview %x[%r, 0] [1, 32768] [1, 1] : memref<4096x32768xf16, #aicore.space<gm>> to memref<1x32768xf16, strided<[32768, 1], offset: ?>, #aicore.space<gm>>
      aicore.copy %row, %u : memref<1x32768xf16, strided<[32768, 1], offset: ?>, #aicore.space<gm>> to memref<1x32768xf16, #aicore.space<ub>>
    }
  }
  aicore.return
}
