// RUN: ascend-translate %s --export-op-summary --profile-l2-residency | FileCheck %s
// RUN: ascend-translate %s --export-op-summary | FileCheck %s --check-prefix=COLD

// Cross-kernel L2 residency (OpSummary.cpp, collectKernelTasks): a launch's
// input that an earlier launch of the same task stream wrote is still in
// the die's 192 MiB L2 when it and the GM bytes the launches touched since
// (their inputs and outputs) fit the L2; its reads then hit L2 at 118
// B/cycle instead of coming from HBM at 32 B/cycle (AICoreDataRates).
//
// @copy16k moves 16384 f32 (65536 B) GM -> UB -> GM in one block on a
// 910B2. From HBM: 57 + 65536 / 32 = 2105 cycles, then the write
// 57 + ceil(65536 / 77) = 909: 3014 cycles, the task 2000 + 200 + 3014 =
// 5214 cycles = 2.897 us.
// CHECK: main/copy16k-op0,copy16k,AI_VECTOR_CORE,2.897,1,
//
// The same kernel on the result of the first: 65536 + 65536 B were touched
// since it was written, far below the L2, so the read is 57 +
// ceil(65536 / 118) = 613 cycles: 613 + 909 = 1522, the task 3722 cycles =
// 2.068 us.
// CHECK-NEXT: main/copy16k-op1,copy16k,AI_VECTOR_CORE,2.068,1,
//
// A kernel whose input (192 MiB) does not leave room for the earlier
// result: it reads 64 B of it (57 + 2) and writes 64 B (57 + 1), 2317
// cycles with the launch, 1.287 us.
// CHECK-NEXT: main/touch-op2,touch,AI_VECTOR_CORE,1.287,1,
//
// After it, the first result has been pushed out: its read comes from HBM
// again, 2.897 us.
// CHECK-NEXT: main/copy16k-op3,copy16k,AI_VECTOR_CORE,2.897,1,
// CHECK-NOT: main/
//
// Without --profile-l2-residency every kernel starts with a cold L2 (as its
// aicore.estimate): the second copy takes 2.897 us as well.
// COLD: main/copy16k-op0,copy16k,AI_VECTOR_CORE,2.897,1,
// COLD-NEXT: main/copy16k-op1,copy16k,AI_VECTOR_CORE,2.897,1,

func.func @main(%x: tensor<16384xf32>, %big: tensor<50331648xf32>)
    -> (tensor<16384xf32>, tensor<16xf32>, tensor<16384xf32>) {
  %a = aicore.launch @copy16k(%x) : (tensor<16384xf32>) -> tensor<16384xf32>
  %b = aicore.launch @copy16k(%a) : (tensor<16384xf32>) -> tensor<16384xf32>
  %t = aicore.launch @touch(%big) : (tensor<50331648xf32>) -> tensor<16xf32>
  %c = aicore.launch @copy16k(%a) : (tensor<16384xf32>) -> tensor<16384xf32>
  return %b, %t, %c : tensor<16384xf32>, tensor<16xf32>, tensor<16384xf32>
}

aicore.kernel @copy16k(%x: memref<16384xf32, #aicore.space<gm>>,
                       %y: memref<16384xf32, #aicore.space<gm>>) {
  %u = aicore.alloc : memref<16384xf32, #aicore.space<ub>>
  aicore.copy %x, %u : memref<16384xf32, #aicore.space<gm>> to memref<16384xf32, #aicore.space<ub>>
  aicore.set_flag mte2 -> mte3, 0
  aicore.wait_flag mte2 -> mte3, 0
  aicore.copy %u, %y : memref<16384xf32, #aicore.space<ub>> to memref<16384xf32, #aicore.space<gm>>
  aicore.return
}

aicore.kernel @touch(%x: memref<50331648xf32, #aicore.space<gm>>,
                     %y: memref<16xf32, #aicore.space<gm>>) {
  %v = memref.subview %x[0] [16] [1] : memref<50331648xf32, #aicore.space<gm>> to memref<16xf32, strided<[1]>, #aicore.space<gm>>
  %u = aicore.alloc : memref<16xf32, #aicore.space<ub>>
  aicore.copy %v, %u : memref<16xf32, strided<[1]>, #aicore.space<gm>> to memref<16xf32, #aicore.space<ub>>
  aicore.set_flag mte2 -> mte3, 0
  aicore.wait_flag mte2 -> mte3, 0
  aicore.copy %u, %y : memref<16xf32, #aicore.space<ub>> to memref<16xf32, #aicore.space<gm>>
  aicore.return
}
