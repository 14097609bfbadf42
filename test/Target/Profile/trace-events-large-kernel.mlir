// A kernel whose pipes are busy in many short spans: MTE2 and MTE1 take turns
// 20000 times (each waiting for the other's flag; a 32-byte GM read takes 58
// cycles, 57 for the transfer and one for its bytes, the L1 -> L0A copy
// one), so
// each pipe has 20000 one-cycle spans with gaps between them. The timeline
// keeps at most 10000 spans per pipe and kernel: pairs of spans merge, each
// covering its first start to its last end, with the busy cycles and the
// instruction count of both.
// RUN: ascend-translate %s --export-trace-events -o %t.json
// RUN: %python %S/Inputs/check_trace_events.py %t.json --spans 2 | FileCheck %s
// RUN: ascend-translate %s --export-op-summary | FileCheck %s --check-prefix=CSV
// CHECK: task main/ping_pong-op0 AI_CORE ts=0.000 dur=656.778
// CHECK-NEXT: pipe MTE2 (GM -> L1/UB): 10000 spans, 1160000 busy cycles
// CHECK-NEXT:   copy gm->l1 x2 116 cycles ts=1.222222 dur=0.065000
// CHECK-NEXT:   copy gm->l1 x2 116 cycles ts=1.287778 dur=0.065000
// CHECK-NEXT: pipe MTE1 (L1 -> L0A/L0B): 10000 spans, 20000 busy cycles
// CHECK-NEXT:   copy l1->l0a x2 2 cycles ts=1.254444 dur=0.033333
// The op summary is unchanged by it: 1180000 cycles, 1160000 of them on MTE2
// and 20000 on MTE1, plus the task's launch and block start (2200 cycles,
// 1.222 us: the pipe spans start after them).
// CSV: main/ping_pong-op0,ping_pong,AI_CORE,656.778,1,64,FLOAT16,ND,64,FLOAT16,ND,0.000,0.017,0.983,0.000,N/A,N/A,N/A,0.000

func.func @main(%x: tensor<64xf16>) -> tensor<64xf16> {
  %y = aicore.launch @ping_pong(%x) : (tensor<64xf16>) -> tensor<64xf16>
  return %y : tensor<64xf16>
}

aicore.kernel @ping_pong(%x: memref<64xf16, #aicore.space<gm>>,
                         %y: memref<64xf16, #aicore.space<gm>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 20000 : index
  %l1 = aicore.alloc : memref<16xf16, #aicore.space<l1>>
  %l0 = aicore.alloc : memref<16xf16, #aicore.space<l0a>>
  aicore.set_flag mte1 -> mte2, 0
  scf.for %i = %c0 to %n step %c1 {
    %tile = memref.subview %x[0] [16] [1] : memref<64xf16, #aicore.space<gm>> to memref<16xf16, strided<[1]>, #aicore.space<gm>>
    aicore.wait_flag mte1 -> mte2, 0
    aicore.copy %tile, %l1 : memref<16xf16, strided<[1]>, #aicore.space<gm>> to memref<16xf16, #aicore.space<l1>>
    aicore.set_flag mte2 -> mte1, 0
    aicore.wait_flag mte2 -> mte1, 0
    aicore.copy %l1, %l0 : memref<16xf16, #aicore.space<l1>> to memref<16xf16, #aicore.space<l0a>>
    aicore.set_flag mte1 -> mte2, 0
  }
  aicore.wait_flag mte1 -> mte2, 0
  aicore.return
}
