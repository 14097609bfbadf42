// RUN: ascend-opt %s --ascend-aicore-plan-buffers --ascend-aicore-estimate | FileCheck %s --check-prefix=MODEL
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/vector-gather.runs --print-outputs | FileCheck %s

// aicore.vgather on the CPU, exact values: rows 4, 0 and 2 of a [5, 7] f32
// table (28-byte rows, not a multiple of a 32-byte block) and of a [5, 9]
// f16 table (18-byte rows) are gathered in UB. The byte offsets are built
// in the kernel the way an embedding lookup does: row ids times the row's
// bytes (vmuls), broadcast along the row, plus each column's byte offset
// (4 * column for f32, an input row; 2 * column for f16, from aicore.varange).

// CHECK: run 0 output 0: dense<{{\[\[}}4.000000e+01, 4.100000e+01, 4.200000e+01, 4.300000e+01, 4.400000e+01, 4.500000e+01, 4.600000e+01], [0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00], [2.000000e+01, 2.100000e+01, 2.200000e+01, 2.300000e+01, 2.400000e+01, 2.500000e+01, 2.600000e+01]]> : tensor<3x7xf32>
// CHECK: run 0 output 1: dense<{{\[\[}}4.000000e+00, 3.750000e+00, 3.500000e+00, 3.250000e+00, 3.000000e+00, 2.750000e+00, 2.500000e+00, 2.250000e+00, 2.000000e+00], [0.000000e+00, -2.500000e-01, -5.000000e-01, -7.500000e-01, -1.000000e+00, -1.250000e+00, -1.500000e+00, -1.750000e+00, -2.000000e+00], [2.000000e+00, 1.750000e+00, 1.500000e+00, 1.250000e+00, 1.000000e+00, 7.500000e-01, 5.000000e-01, 2.500000e-01, 0.000000e+00]]> : tensor<3x9xf16>
// CHECK: run 0: max abs error 0, max rel error 0 {{.*}}: ok

// The gathers cost one cycle per 256 B of offsets (84 B and 108 B: one
// repeat each); the tables do not count: 11 one-repeat Vector ops, each
// one instruction with its startup and completion (AICoreVectorCosts):
// the two vmuls, four vbroadcasts and the varange on i32 14 + 17 + 1 = 32
// each, the two i32 vadds 14 + 17 + 2 = 33, the two gathers 14 + 19 + 1 =
// 34: 358 cycles.
// MODEL: aicore.kernel @gather_rows
// MODEL-SAME: v = 358 : i64

func.func @main(%t: tensor<5x7xf32>, %ids: tensor<3x1xi32>, %cols: tensor<1x7xi32>, %h: tensor<5x9xf16>) -> (tensor<3x7xf32>, tensor<3x9xf16>) {
  %r, %s = aicore.launch @gather_rows(%t, %ids, %cols, %h) : (tensor<5x7xf32>, tensor<3x1xi32>, tensor<1x7xi32>, tensor<5x9xf16>) -> (tensor<3x7xf32>, tensor<3x9xf16>)
  return %r, %s : tensor<3x7xf32>, tensor<3x9xf16>
}

aicore.kernel @gather_rows(%t: memref<5x7xf32, #aicore.space<gm>>, %ids: memref<3x1xi32, #aicore.space<gm>>, %cols: memref<1x7xi32, #aicore.space<gm>>, %h: memref<5x9xf16, #aicore.space<gm>>, %r: memref<3x7xf32, #aicore.space<gm>>, %s: memref<3x9xf16, #aicore.space<gm>>) {
  %table = aicore.alloc : memref<5x7xf32, #aicore.space<ub>>
  %htable = aicore.alloc : memref<5x9xf16, #aicore.space<ub>>
  %id = aicore.alloc : memref<3x1xi32, #aicore.space<ub>>
  %col = aicore.alloc : memref<1x7xi32, #aicore.space<ub>>
  %hcol = aicore.alloc : memref<1x9xi32, #aicore.space<ub>>
  %rowbytes = aicore.alloc : memref<3x1xi32, #aicore.space<ub>>
  %a = aicore.alloc : memref<3x7xi32, #aicore.space<ub>>
  %b = aicore.alloc : memref<3x7xi32, #aicore.space<ub>>
  %off = aicore.alloc : memref<3x7xi32, #aicore.space<ub>>
  %out = aicore.alloc : memref<3x7xf32, #aicore.space<ub>>
  %hrowbytes = aicore.alloc : memref<3x1xi32, #aicore.space<ub>>
  %ha = aicore.alloc : memref<3x9xi32, #aicore.space<ub>>
  %hb = aicore.alloc : memref<3x9xi32, #aicore.space<ub>>
  %hoff = aicore.alloc : memref<3x9xi32, #aicore.space<ub>>
  %hout = aicore.alloc : memref<3x9xf16, #aicore.space<ub>>
  aicore.copy %t, %table : memref<5x7xf32, #aicore.space<gm>> to memref<5x7xf32, #aicore.space<ub>>
  aicore.copy %h, %htable : memref<5x9xf16, #aicore.space<gm>> to memref<5x9xf16, #aicore.space<ub>>
  aicore.copy %ids, %id : memref<3x1xi32, #aicore.space<gm>> to memref<3x1xi32, #aicore.space<ub>>
  aicore.copy %cols, %col : memref<1x7xi32, #aicore.space<gm>> to memref<1x7xi32, #aicore.space<ub>>
  aicore.set_flag mte2 -> v, 0
  aicore.wait_flag mte2 -> v, 0
  // f32: offset = id * 28 + 4 * column.
  aicore.vmuls %id, %rowbytes, 28 : i32 : memref<3x1xi32, #aicore.space<ub>>, memref<3x1xi32, #aicore.space<ub>>
  aicore.vbroadcast %rowbytes, %a : memref<3x1xi32, #aicore.space<ub>>, memref<3x7xi32, #aicore.space<ub>>
  aicore.vbroadcast %col, %b : memref<1x7xi32, #aicore.space<ub>>, memref<3x7xi32, #aicore.space<ub>>
  aicore.vadd %a, %b, %off : memref<3x7xi32, #aicore.space<ub>>, memref<3x7xi32, #aicore.space<ub>>, memref<3x7xi32, #aicore.space<ub>>
  aicore.vgather %table, %off, %out : memref<5x7xf32, #aicore.space<ub>>, memref<3x7xi32, #aicore.space<ub>>, memref<3x7xf32, #aicore.space<ub>>
  // f16: offset = id * 18 + 2 * column, the columns' offsets from varange.
  aicore.varange %hcol, 0 : i32, 2 : i32 : memref<1x9xi32, #aicore.space<ub>>
  aicore.vmuls %id, %hrowbytes, 18 : i32 : memref<3x1xi32, #aicore.space<ub>>, memref<3x1xi32, #aicore.space<ub>>
  aicore.vbroadcast %hrowbytes, %ha : memref<3x1xi32, #aicore.space<ub>>, memref<3x9xi32, #aicore.space<ub>>
  aicore.vbroadcast %hcol, %hb : memref<1x9xi32, #aicore.space<ub>>, memref<3x9xi32, #aicore.space<ub>>
  aicore.vadd %ha, %hb, %hoff : memref<3x9xi32, #aicore.space<ub>>, memref<3x9xi32, #aicore.space<ub>>, memref<3x9xi32, #aicore.space<ub>>
  aicore.vgather %htable, %hoff, %hout : memref<5x9xf16, #aicore.space<ub>>, memref<3x9xi32, #aicore.space<ub>>, memref<3x9xf16, #aicore.space<ub>>
  aicore.set_flag v -> mte3, 0
  aicore.wait_flag v -> mte3, 0
  aicore.copy %out, %r : memref<3x7xf32, #aicore.space<ub>> to memref<3x7xf32, #aicore.space<gm>>
  aicore.copy %hout, %s : memref<3x9xf16, #aicore.space<ub>> to memref<3x9xf16, #aicore.space<gm>>
  aicore.return
}
