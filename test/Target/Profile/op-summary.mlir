// RUN: ascend-translate %s --export-op-summary | FileCheck %s
// RUN: ascend-translate %s --export-trace-events -o %t.json
// RUN: %python %S/Inputs/check_trace_events.py %t.json --spans 2 | FileCheck %s --check-prefix=TRACE

// The op summary of a program with kernels at both levels, one row per task
// in program order. The load, the load-time neg of the weight and the
// reshape (a view) are no tasks.
//
// @one_tile runs on the pipe model (ascend-aicore-estimate.mlir walks through
// its cycles): 410 cycles; M 8, MTE1 12, MTE2 306 (into
// L1: the Cube core's; two transfers of 57 cycles each plus their bytes),
// FIX 84 (57 + 2048 B into L2 at 77 B/cycle) of 410. Cube only: AI_CORE,
// aiv_* N/A. The task adds the launch (2000 cycles) and the block start
// (200): 2610 cycles, 1.450 us at 1.8 GHz. Its 8 mmad cycles are all useful
// (16x32x64 fp16 fills 8 fractals), so cube_utilization = 100 x 8 / (2610
// cycles x 24 AIC) = 0.013 %.
// CHECK: Op Name,OP Type,Task Type,Task Duration(us),Block Dim,Input Shapes,Input Data Types,Input Formats,Output Shapes,Output Data Types,Output Formats,aic_mac_ratio,aic_mte1_ratio,aic_mte2_ratio,aic_fixpipe_ratio,aiv_vec_ratio,aiv_mte2_ratio,aiv_mte3_ratio,cube_utilization(%)
// CHECK-NEXT: main/one_tile-op0,one_tile,AI_CORE,1.450,1,"16,64;32,64",FLOAT16;FLOAT16,ND;ND,"16,32",FLOAT,ND,0.020,0.029,0.746,0.205,N/A,N/A,N/A,0.013
//
// Kernels still at the mindspore level are timed by the fusion cost model,
// max(1.5 us, GM bytes / 1.6 TB/s), with no per-pipe figures: the MIX group
// moves 7168 bytes (1.5 us), the ReLU 8 MiB (5.243 us). The Custom op has
// no AI Core kernel (AI_CPU).
// CHECK-NEXT: main/Fused_MatMul_ReLU_0,Fused_MatMul_ReLU,MIX_AIC,1.500,,"16,64;32,64",FLOAT16;FLOAT16,ND;ND,"16,32",FLOAT16,ND,,,,,,,,{{$}}
// CHECK-NEXT: main/ReLU-op2,ReLU,AI_VECTOR_CORE,5.243,,"1024,1024",FLOAT,ND,"1024,1024",FLOAT,ND,,,,,,,,{{$}}
// CHECK-NEXT: main/Custom-op3,Custom,AI_CPU,1.500,,2048,FLOAT16,ND,2048,FLOAT16,ND,,,,,,,,{{$}}
//
// A vector-only kernel of 40 blocks, all reading the same two 4096 B
// inputs: after the first touch the reads hit L2 (h = 1 - 8192 / 327680 =
// 0.975), so MTE2 takes 2 x (57 + 38) cycles, V adds 16 repeats of 256 B
// in one instruction (14 + 19 + 16 x 2 = 65 cycles, AICoreVectorCosts),
// MTE3 stores 4096 B into L2 (57 + 54 cycles): 366 cycles; with the launch
// and one round's block start 2566 cycles, 1.426 us. The die's HBM does not
// bound it: 40 blocks (one wave on 48 AIV) move 8192 B of misses and 40 x
// 4096 B of writes, 172032 B at the sustained 1.1 TB/s / 1.8 GHz = 611
// B/cycle: 282 cycles.
// CHECK-NEXT: main/vadd_2048-op4,vadd_2048,AI_VECTOR_CORE,1.426,40,2048;2048,FLOAT16;FLOAT16,ND;ND,2048,FLOAT16,ND,N/A,N/A,N/A,N/A,0.178,0.519,0.303,N/A
//
// 48 blocks of @one_tile take two waves on 24 Cube cores; their repeated
// reads hit L2 (h = 47/48): MTE2 (57 + 19) + (57 + 37) = 170 cycles, MTE1
// 12, M 8, FIX 84, so a block takes 274 cycles; the task 2000 + 2 x (200 +
// 274) = 2948 cycles (1.638 us); the chip's Cube is busy 8 x 48 of 2948 x 24
// cycles (0.543 %).
// CHECK-NEXT: main/one_tile_48-op5,one_tile_48,AI_CORE,1.638,48,"16,64;32,64",FLOAT16;FLOAT16,ND;ND,"16,32",FLOAT,ND,0.029,0.044,0.620,0.307,N/A,N/A,N/A,0.543
//
// An Assert (a guard of a recorded branch) is checked by the host: AI_CPU,
// like the Custom op.
// CHECK-NEXT: main/Assert-op6,Assert,AI_CPU,1.500,,,BOOL,ND,,,,,,,,,,,{{$}}
//
// one_tile_48 with its FIX write an atomic add and atomic_clean over its 512
// f32 outputs (a split-K kernel): the atomic add reads its 2048 B out of L2
// too (FIX 57 + 27 + 18 = 102 cycles, the block 292); the memory-clean task
// (the smallest kernel's 1.5 us = 2700 cycles, longer than 2048 B at 1.6
// TB/s) runs once before both waves: 2000 + 2 x (200 + 292) + 2700 = 5684
// cycles (3.158 us), the Cube busy 8 x 48 of 5684 x 24 cycles (0.281 %). The
// ratios divide by the block's 292 + 2700 cycles.
// CHECK-NEXT: main/one_tile_48_split-op7,one_tile_48_split,AI_CORE,3.158,48,"16,64;32,64",FLOAT16;FLOAT16,ND;ND,"16,32",FLOAT,ND,0.003,0.004,0.057,0.034,N/A,N/A,N/A,0.281
// CHECK-NOT: main/

// The timeline: the tasks back to back on the task stream, and the busy
// spans of each pipe (copies of one kind that follow each other merged).
// TRACE: process 1: @main on Ascend910B2 (modeled)
// TRACE-NEXT: thread 1: Task Stream
// TRACE-NEXT: thread 2: MTE2 (GM -> L1/UB)
// TRACE-NEXT: thread 3: MTE1 (L1 -> L0A/L0B)
// TRACE-NEXT: thread 4: M (Cube)
// TRACE-NEXT: thread 5: FIX (L0C -> GM/UB)
// TRACE-NEXT: thread 6: V (Vector)
// TRACE-NEXT: thread 7: MTE3 (UB -> GM)
// TRACE-NEXT: task main/one_tile-op0 AI_CORE ts=0.000 dur=1.450
// TRACE-NEXT: task main/Fused_MatMul_ReLU_0 MIX_AIC ts=1.450 dur=1.500
// TRACE-NEXT: task main/ReLU-op2 AI_VECTOR_CORE ts=2.950 dur=5.243
// TRACE-NEXT: task main/Custom-op3 AI_CPU ts=8.193 dur=1.500
// TRACE-NEXT: task main/vadd_2048-op4 AI_VECTOR_CORE ts=9.693 dur=1.426
// TRACE-NEXT: task main/one_tile_48-op5 AI_CORE ts=11.118 dur=1.638
// TRACE-NEXT: task main/Assert-op6 AI_CPU ts=12.756 dur=1.500
// The split-K copy of one_tile_48: its memory-clean task first (1.5 us,
// the smallest kernel's time), then the kernel's two waves.
// TRACE-NEXT: task main/one_tile_48_split-op7 (atomic clean) MEMSET ts=14.256 dur=1.500
// TRACE-NEXT: task main/one_tile_48_split-op7 AI_CORE ts=15.756 dur=1.658
// MTE2: one_tile's two loads into L1 merged (306 cycles, then MTE1 takes
// over at 0.17 us), the vector kernel's two into UB (190 cycles, L2
// hits), and one_tile_48's and one_tile_48_split's once per wave:
// 306 + 190 + 4 x 170 = 1176 cycles.
// TRACE-NEXT: pipe MTE2 (GM -> L1/UB): 6 spans, 1176 busy cycles
// TRACE-NEXT:   copy gm->l1 x2 306 cycles ts=1.222222 dur=0.170000 (main/one_tile-op0)
// TRACE-NEXT:   copy gm->ub x2 190 cycles ts=10.915102 dur=0.105556 (main/vadd_2048-op4)
// TRACE-NEXT: pipe MTE1 (L1 -> L0A/L0B): 10 spans, 60 busy cycles
// TRACE-NEXT:   copy l1->l0a x1 4 cycles ts=1.392222 dur=0.002222 (main/one_tile-op0)
// TRACE-NEXT:   copy l1->l0b x1 8 cycles ts=1.394444 dur=0.004444 (main/one_tile-op0)
// TRACE-NEXT: pipe M (Cube): 5 spans, 40 busy cycles
// TRACE-NEXT:   mmad x1 8 cycles ts=1.398889 dur=0.004444 (main/one_tile-op0)
// TRACE-NEXT:   mmad x1 8 cycles ts=12.441769 dur=0.004444 (main/one_tile_48-op5)
// TRACE-NEXT: pipe FIX (L0C -> GM/UB): 5 spans, 456 busy cycles
// TRACE-NEXT:   copy l0c->gm x1 84 cycles ts=1.403333 dur=0.046667 (main/one_tile-op0)
// TRACE-NEXT:   copy l0c->gm x1 84 cycles ts=12.446213 dur=0.046667 (main/one_tile_48-op5)
// TRACE-NEXT: pipe V (Vector): 1 spans, 65 busy cycles
// TRACE-NEXT:   vadd x1 65 cycles ts=11.020658 dur=0.036111 (main/vadd_2048-op4)
// TRACE-NEXT: pipe MTE3 (UB -> GM): 1 spans, 111 busy cycles
// TRACE-NEXT:   copy ub->gm x1 111 cycles ts=11.056769 dur=0.061667 (main/vadd_2048-op4)

mindspore.parameter @w : tensor<32x64xf16>

func.func @main(%x: tensor<16x64xf16>, %big: tensor<1024x1024xf32>,
                %u: tensor<2048xf16>, %v: tensor<2048xf16>, %ok: tensor<i1>)
    -> (tensor<512xf32>, tensor<16x32xf16>, tensor<1024x1024xf32>,
        tensor<2048xf16>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %w = mindspore.load @w : tensor<32x64xf16>
  %wn = mindspore.neg %w : tensor<32x64xf16>
  %y = aicore.launch @one_tile(%x, %wn) : (tensor<16x64xf16>, tensor<32x64xf16>) -> tensor<16x32xf32>
  %r = mindspore.reshape %y, [512] : (tensor<16x32xf32>) -> tensor<512xf32>
  %g = mindspore.fusion "mix" "Fused_MatMul_ReLU_0"(%x, %w) : (tensor<16x64xf16>, tensor<32x64xf16>) -> tensor<16x32xf16> {
  ^bb0(%a: tensor<16x64xf16>, %b: tensor<32x64xf16>):
    %m = mindspore.matmul %a, %b {transpose_b = true} : (tensor<16x64xf16>, tensor<32x64xf16>) -> tensor<16x32xf16>
    %n = mindspore.relu %m : tensor<16x32xf16>
    mindspore.yield %n : tensor<16x32xf16>
  }
  %big2 = mindspore.relu %big : tensor<1024x1024xf32>
  %c = mindspore.custom "aten.erfinv.default"(%u) func_type "pytorch_aten" attrs {} : (tensor<2048xf16>) -> tensor<2048xf16>
  %s = aicore.launch @vadd_2048(%c, %v) : (tensor<2048xf16>, tensor<2048xf16>) -> tensor<2048xf16>
  %t = aicore.launch @one_tile_48(%x, %wn) : (tensor<16x64xf16>, tensor<32x64xf16>) -> tensor<16x32xf32>
  mindspore.assert %ok, "guard" : tensor<i1>
  %t2 = aicore.launch @one_tile_48_split(%x, %wn) : (tensor<16x64xf16>, tensor<32x64xf16>) -> tensor<16x32xf32>
  return %r, %g, %big2, %s, %t, %t2 : tensor<512xf32>, tensor<16x32xf16>, tensor<1024x1024xf32>, tensor<2048xf16>, tensor<16x32xf32>, tensor<16x32xf32>
}

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

aicore.kernel @one_tile_48(%x: memref<16x64xf16, #aicore.space<gm>>,
                           %w: memref<32x64xf16, #aicore.space<gm>>,
                           %y: memref<16x32xf32, #aicore.space<gm>>)
    attributes {block_dim = 48 : i64} {
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

aicore.kernel @one_tile_48_split(%x: memref<16x64xf16, #aicore.space<gm>>,
                           %w: memref<32x64xf16, #aicore.space<gm>>,
                           %y: memref<16x32xf32, #aicore.space<gm>>)
    attributes {block_dim = 48 : i64, atomic_clean = array<i64: 2, 0, 512>} {
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
  aicore.copy %c0, %y {atomic_add} : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, #aicore.space<gm>>
  aicore.return
}

aicore.kernel @vadd_2048(%x: memref<2048xf16, #aicore.space<gm>>,
                         %y: memref<2048xf16, #aicore.space<gm>>,
                         %z: memref<2048xf16, #aicore.space<gm>>)
    attributes {block_dim = 40 : i64} {
  %a = aicore.alloc : memref<2048xf16, #aicore.space<ub>>
  %b = aicore.alloc : memref<2048xf16, #aicore.space<ub>>
  aicore.copy %x, %a : memref<2048xf16, #aicore.space<gm>> to memref<2048xf16, #aicore.space<ub>>
  aicore.copy %y, %b : memref<2048xf16, #aicore.space<gm>> to memref<2048xf16, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  aicore.vadd %a, %b, %a : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %a, %z : memref<2048xf16, #aicore.space<ub>> to memref<2048xf16, #aicore.space<gm>>
  aicore.return
}
