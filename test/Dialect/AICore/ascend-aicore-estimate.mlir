// RUN: ascend-opt %s --ascend-aicore-estimate | FileCheck %s

// One 16x32x64 fp16 tile: MTE2 loads x (2048 B) and w (4096 B) at 32 B/cycle
// (64 + 128 = 192 cycles); MTE1 moves both to L0 at 512 B/cycle (4 + 8,
// after the flag: cycles 192-204); the mmad takes 1 x 2 x 4 fractals of
// 16x16x16 (8 cycles: 204-212); FIX writes the 2048-byte f32 tile to GM at
// 32 B/cycle (64 cycles: 212-276). 276 cycles at 1.8 GHz = 0.1533 us.
// CHECK-LABEL: aicore.kernel @one_tile
// CHECK-SAME: aicore.estimate = {cycles = 276 : i64, duration_us = 0.15333{{[0-9]*}} : f64, fix = 64 : i64, m = 8 : i64, mte1 = 12 : i64, mte2 = 192 : i64, mte3 = 0 : i64, v = 0 : i64}
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
