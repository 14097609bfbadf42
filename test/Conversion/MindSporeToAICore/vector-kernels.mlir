// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics > %t
// RUN: FileCheck %s --strict-whitespace < %t
// RUN: FileCheck %s --check-prefix=KEPT < %t
// RUN: FileCheck %s --check-prefix=SHARED < %t

// Each vector fusion group becomes one kernel: CopyIn (MTE2) -> Vector ops
// (V) -> CopyOut (MTE3) over tiles of the flattened tensor, two UB buffers
// per queue (events 0 and 1), split over the vector cores. The kernel model
// accepts the flags (no race) and the buffer planner places every buffer.

// A flat chain on 300001 f16 elements (not a multiple of 16, of 32 B or of
// the tile): 3200-element tiles (25 whole 256-byte repeats: every GM
// transfer has a fixed cost, so the model prefers fewer, larger tiles),
// 94 tiles, 2 on each of 47 cores, the last core's second one partial
// (2401 elements); the constant becomes an immediate (vmuls).
// CHECK-LABEL: func.func @flat_f16
// CHECK: aicore.launch @Fused_Mul_ReLU_0(%{{.*}}, %{{.*}}) : (tensor<300001xf16>, tensor<300001xf16>) -> tensor<300001xf16>
// CHECK-NEXT: return
// CHECK: aicore.kernel @Fused_Mul_ReLU_0
// CHECK-SAME: aicore.estimate = {cycles = [[CYCLES:[0-9]+]] : i64
// CHECK-SAME: mte2 = 1146 : i64
// CHECK-SAME: aicore.tile = {rows = 3200 : i64, view = array<i64: 300001>}, block_dim = 47 : i64
// CHECK-DAG: %[[IN0:.*]] = aicore.alloc {aicore.name = "in0.ping", aicore.offset = {{[0-9]+}} : i64} : memref<3200xf16, #aicore.space<ub>>
// CHECK-DAG: %[[IN1:.*]] = aicore.alloc {aicore.name = "in1.ping", aicore.offset = {{[0-9]+}} : i64} : memref<3200xf16, #aicore.space<ub>>
// CHECK-DAG: %[[OUT:.*]] = aicore.alloc {aicore.name = "out0.ping", aicore.offset = {{[0-9]+}} : i64} : memref<3200xf16, #aicore.space<ub>>
// CHECK-DAG: %[[T0:.*]] = aicore.alloc {aicore.name = "t0", aicore.offset = {{[0-9]+}} : i64} : memref<3200xf16, #aicore.space<ub>>
// CHECK-DAG: %[[T1:.*]] = aicore.alloc {aicore.name = "t1", aicore.offset = {{[0-9]+}} : i64} : memref<3200xf16, #aicore.space<ub>>
// CHECK: %[[B:.*]] = aicore.block_idx
// CHECK-NEXT: aicore.set_flag v -> mte2, 0
// CHECK-NEXT: aicore.set_flag mte3 -> v, 0
// CHECK-NEXT: aicore.set_flag v -> mte2, 1
// CHECK-NEXT: aicore.set_flag mte3 -> v, 1
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[B]], %c46
// CHECK: scf.if %[[LAST]] {
// CHECK-NOT: scf.for
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: aicore.copy %{{.*}}, %[[IN0]] : memref<3200xf16, strided<[1], offset: ?>, #aicore.space<gm>> to memref<3200xf16, #aicore.space<ub>>
// CHECK: aicore.set_flag mte2 -> v, 0
// CHECK-NEXT: aicore.wait_flag mte2 -> v, 0
// CHECK-NEXT: aicore.wait_flag mte3 -> v, 0
// CHECK-NEXT: aicore.vmul %[[IN0]], %[[IN1]], %[[T0]]
// CHECK-NEXT: aicore.vmuls %[[T0]], %[[T1]], 5.000000e-01 : f16
// CHECK-NEXT: aicore.vrelu %[[T1]], %[[OUT]]
// CHECK-NEXT: aicore.set_flag v -> mte2, 0
// CHECK-NEXT: aicore.set_flag v -> mte3, 0
// CHECK-NEXT: aicore.wait_flag v -> mte3, 0
// CHECK: aicore.copy %[[OUT]], %{{.*}} : memref<3200xf16, #aicore.space<ub>> to memref<3200xf16, strided<[1], offset: ?>, #aicore.space<gm>>
// CHECK-NEXT: aicore.set_flag mte3 -> v, 0
// The partial tile (2401 elements) takes the first part of the slot-1
// buffers.
// CHECK: aicore.wait_flag v -> mte2, 1
// CHECK: memref.subview %{{.*}}[0] [2401] [1] : memref<3200xf16, #aicore.space<ub>> to memref<2401xf16, strided<[1]>, #aicore.space<ub>>
// CHECK: } else {
// CHECK-NOT: scf.for
// CHECK: aicore.wait_flag v -> mte2, 1
// The reverse flags set before the tiles are consumed at the end.
// CHECK: {{^    \}$}}
// CHECK-NEXT: aicore.wait_flag v -> mte2, 0
// CHECK-NEXT: aicore.wait_flag mte3 -> v, 0
// CHECK-NEXT: aicore.wait_flag v -> mte2, 1
// CHECK-NEXT: aicore.wait_flag mte3 -> v, 1
// CHECK-NEXT: aicore.return
func.func @flat_f16(%x: tensor<300001xf16>, %y: tensor<300001xf16>) -> tensor<300001xf16> {
  %r = mindspore.fusion "vector" "Fused_Mul_ReLU_0" (%x, %y) : (tensor<300001xf16>, tensor<300001xf16>) -> tensor<300001xf16> {
  ^bb0(%a: tensor<300001xf16>, %b: tensor<300001xf16>):
    %c = mindspore.constant dense<5.000000e-01> : tensor<f16>
    %m = mindspore.mul %a, %b : (tensor<300001xf16>, tensor<300001xf16>) -> tensor<300001xf16>
    %s = mindspore.mul %m, %c : (tensor<300001xf16>, tensor<f16>) -> tensor<300001xf16>
    %u = mindspore.relu %s : tensor<300001xf16>
    mindspore.yield %u : tensor<300001xf16>
  }
  return %r : tensor<300001xf16>
}

// A bias (a row) and a divisor per row (a column): the iteration space is
// viewed as [1000, 37], tiles are whole rows. The row is loaded and
// broadcast once before the tiles; the column is loaded per tile (its own
// double buffer) and broadcast by the Vector unit before its first use.
// CHECK-LABEL: aicore.kernel @Fused_BiasAdd_Div_1
// CHECK-SAME: aicore.tile = {rows = 21 : i64, view = array<i64: 1000, 37>}, block_dim = 48 : i64
// CHECK-DAG: %[[ROW:.*]] = aicore.alloc {aicore.name = "in1.once", {{.*}}} : memref<1x37xf32, #aicore.space<ub>>
// CHECK-DAG: %[[ROWB:.*]] = aicore.alloc {aicore.name = "bcast0", {{.*}}} : memref<21x37xf32, #aicore.space<ub>>
// CHECK-DAG: %[[COL:.*]] = aicore.alloc {aicore.name = "in2.ping", {{.*}}} : memref<21x1xf32, #aicore.space<ub>>
// CHECK-DAG: %[[COLB:.*]] = aicore.alloc {aicore.name = "bcast1", {{.*}}} : memref<21x37xf32, #aicore.space<ub>>
// CHECK: aicore.copy %{{.*}}, %[[ROW]] : memref<1x37xf32, #aicore.space<gm>> to memref<1x37xf32, #aicore.space<ub>>
// CHECK-NEXT: aicore.set_flag mte2 -> v, 2
// CHECK-NEXT: aicore.wait_flag mte2 -> v, 2
// CHECK-NEXT: aicore.vbroadcast %[[ROW]], %[[ROWB]]
// CHECK: scf.if
// CHECK: aicore.copy %{{.*}}, %[[COL]] : memref<21x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>> to memref<21x1xf32, #aicore.space<ub>>
// CHECK: aicore.vadd %{{.*}}, %[[ROWB]], %[[T:.*]] :
// CHECK-NEXT: aicore.vbroadcast %[[COL]], %[[COLB]]
// CHECK-NEXT: aicore.vdiv %[[T]], %[[COLB]], %{{.*}} :
func.func @row_and_column(%x: tensor<1000x37xf32>, %b: tensor<37xf32>, %m: tensor<1000x1xf32>) -> tensor<1000x37xf32> {
  %r = mindspore.fusion "vector" "Fused_BiasAdd_Div_1" (%x, %b, %m) : (tensor<1000x37xf32>, tensor<37xf32>, tensor<1000x1xf32>) -> tensor<1000x37xf32> {
  ^bb0(%a: tensor<1000x37xf32>, %c: tensor<37xf32>, %d: tensor<1000x1xf32>):
    %s = mindspore.bias_add %a, %c : (tensor<1000x37xf32>, tensor<37xf32>) -> tensor<1000x37xf32>
    %t = mindspore.real_div %s, %d : (tensor<1000x37xf32>, tensor<1000x1xf32>) -> tensor<1000x37xf32>
    mindspore.yield %t : tensor<1000x37xf32>
  }
  return %r : tensor<1000x37xf32>
}

// A cast, a comparison and a select on 1024 elements: flat tiles are whole
// 256-byte repeats of the narrowest type (the i1 mask: 256 elements), one
// tile on each of 4 cores; no loop, and no block branch when every core has
// the same share.
// CHECK-LABEL: aicore.kernel @Fused_Cast_2
// CHECK-SAME: aicore.tile = {rows = 256 : i64, view = array<i64: 1024>}, block_dim = 4 : i64
// CHECK: aicore.vcast %{{.*}}, %{{.*}} : memref<256xf16, #aicore.space<ub>>, memref<256xf32, #aicore.space<ub>>
// CHECK-NEXT: aicore.vcmp %{{.*}}, %{{.*}}, %{{.*}} {predicate = "gt"} : memref<256xf32, #aicore.space<ub>>, memref<256xf32, #aicore.space<ub>>, memref<256xi1, #aicore.space<ub>>
// CHECK-NEXT: aicore.vselect
// CHECK-NOT: scf.if
func.func @cast_select(%x: tensor<32x32xf16>, %y: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %r = mindspore.fusion "vector" "Fused_Cast_2" (%x, %y) : (tensor<32x32xf16>, tensor<32x32xf32>) -> tensor<32x32xf32> {
  ^bb0(%a: tensor<32x32xf16>, %b: tensor<32x32xf32>):
    %c = mindspore.cast %a : (tensor<32x32xf16>) -> tensor<32x32xf32>
    %g = mindspore.greater %c, %b : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xi1>
    %s = mindspore.select %g, %c, %b : (tensor<32x32xi1>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    mindspore.yield %s : tensor<32x32xf32>
  }
  return %r : tensor<32x32xf32>
}

// A reduction group over the last axis: the view is [64, 1000] (two rows per
// tile here: each Vector instruction has a startup and completion cost,
// AICoreVectorCosts, so fewer, larger ones win); a softmax and a row maximum (a per-row value, scaled with an
// immediate and written as a [64, 1] result) on each row.
// CHECK-LABEL: aicore.kernel @Fused_Softmax_ReduceMax_3
// CHECK-SAME: aicore.tile = {rows = 2 : i64, view = array<i64: 64, 1000>}, block_dim = 32 : i64
// CHECK-DAG: %[[IN:.*]] = aicore.alloc {aicore.name = "in0.ping", {{.*}}} : memref<2x1000xf32, #aicore.space<ub>>
// CHECK-DAG: %[[OUT0:.*]] = aicore.alloc {aicore.name = "out0.ping", {{.*}}} : memref<2x1000xf32, #aicore.space<ub>>
// CHECK-DAG: %[[OUT1:.*]] = aicore.alloc {aicore.name = "out1.ping", {{.*}}} : memref<2x1xf32, #aicore.space<ub>>
// CHECK-DAG: %[[ROWS:.*]] = aicore.alloc {aicore.name = "softmax0.rows", {{.*}}} : memref<2x1xf32, #aicore.space<ub>>
// CHECK-DAG: %[[SPREAD:.*]] = aicore.alloc {aicore.name = "softmax0.bcast", {{.*}}} : memref<2x1000xf32, #aicore.space<ub>>
// CHECK-DAG: %[[MAX:.*]] = aicore.alloc {aicore.name = "t0", {{.*}}} : memref<2x1xf32, #aicore.space<ub>>
// CHECK: aicore.wait_flag mte3 -> v, 0
// CHECK-NEXT: aicore.vreduce %[[IN]], %[[ROWS]] {kind = "max"}
// CHECK-NEXT: aicore.vbroadcast %[[ROWS]], %[[SPREAD]]
// CHECK-NEXT: aicore.vsub %[[IN]], %[[SPREAD]], %[[OUT0]]
// CHECK-NEXT: aicore.vexp %[[OUT0]], %[[OUT0]]
// CHECK-NEXT: aicore.vreduce %[[OUT0]], %[[ROWS]] {kind = "sum"}
// CHECK-NEXT: aicore.vbroadcast %[[ROWS]], %[[SPREAD]]
// CHECK-NEXT: aicore.vdiv %[[OUT0]], %[[SPREAD]], %[[OUT0]]
// CHECK-NEXT: aicore.vreduce %[[IN]], %[[MAX]] {kind = "max"}
// CHECK-NEXT: aicore.vmuls %[[MAX]], %[[OUT1]], 2.000000e+00 : f32
// CHECK: aicore.copy %[[OUT1]], %{{.*}} : memref<2x1xf32, #aicore.space<ub>> to memref<2x1xf32, strided<[1, 1], offset: ?>, #aicore.space<gm>>
func.func @softmax_rows(%x: tensor<64x1000xf32>) -> (tensor<64x1000xf32>, tensor<64x1xf32>) {
  %r:2 = mindspore.fusion "reduction" "Fused_Softmax_ReduceMax_3" (%x) : (tensor<64x1000xf32>) -> (tensor<64x1000xf32>, tensor<64x1xf32>) {
  ^bb0(%a: tensor<64x1000xf32>):
    %s = mindspore.softmax %a {axis = -1 : i64} : tensor<64x1000xf32>
    %m = mindspore.reduce_max %a, [1] {keep_dims = true} : (tensor<64x1000xf32>) -> tensor<64x1xf32>
    %c = mindspore.constant dense<2.000000e+00> : tensor<f32>
    %h = mindspore.mul %m, %c : (tensor<64x1xf32>, tensor<f32>) -> tensor<64x1xf32>
    mindspore.yield %s, %h : tensor<64x1000xf32>, tensor<64x1xf32>
  }
  return %r#0, %r#1 : tensor<64x1000xf32>, tensor<64x1xf32>
}

// Groups with the same body share the first one's kernel.
// SHARED-LABEL: func.func @shared
// SHARED: %[[A:.*]] = aicore.launch @Fused_Exp_8(%{{.*}}) : (tensor<96xf32>) -> tensor<96xf32>
// SHARED-NEXT: aicore.launch @Fused_Exp_8(%[[A]]) : (tensor<96xf32>) -> tensor<96xf32>
// SHARED-NOT: Fused_Exp_9
func.func @shared(%x: tensor<96xf32>) -> tensor<96xf32> {
  %a = mindspore.fusion "vector" "Fused_Exp_8" (%x) : (tensor<96xf32>) -> tensor<96xf32> {
  ^bb0(%b: tensor<96xf32>):
    %e = mindspore.exp %b : tensor<96xf32>
    mindspore.yield %e : tensor<96xf32>
  }
  %c = mindspore.fusion "vector" "Fused_Exp_9" (%a) : (tensor<96xf32>) -> tensor<96xf32> {
  ^bb0(%b: tensor<96xf32>):
    %e = mindspore.exp %b : tensor<96xf32>
    mindspore.yield %e : tensor<96xf32>
  }
  return %c : tensor<96xf32>
}

// Bodies that differ only in an inherent attribute (the reduced axis of a
// square matrix) do not share a kernel.
// SHARED-LABEL: func.func @not_shared
// SHARED: aicore.launch @Fused_ReduceSum_10(
// SHARED-NEXT: aicore.launch @Fused_ReduceSum_11(
// SHARED: aicore.kernel @Fused_ReduceSum_10(
// SHARED: aicore.kernel @Fused_ReduceSum_11(
func.func @not_shared(%x: tensor<6x6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %a = mindspore.fusion "reduction" "Fused_ReduceSum_10" (%x) : (tensor<6x6xf32>) -> tensor<6xf32> {
  ^bb0(%b: tensor<6x6xf32>):
    %s = mindspore.reduce_sum %b, [0] : (tensor<6x6xf32>) -> tensor<6xf32>
    mindspore.yield %s : tensor<6xf32>
  }
  %c = mindspore.fusion "reduction" "Fused_ReduceSum_11" (%x) : (tensor<6x6xf32>) -> tensor<6xf32> {
  ^bb0(%b: tensor<6x6xf32>):
    %s = mindspore.reduce_sum %b, [1] : (tensor<6x6xf32>) -> tensor<6xf32>
    mindspore.yield %s : tensor<6xf32>
  }
  return %a, %c : tensor<6xf32>, tensor<6xf32>
}

// Groups the kernel builder cannot express are inlined; each of their
// primitives is then a group of one: the two adds of the third group become
// one-op kernels (a [1] scalar broadcast into [8], then an [8] row into
// [4, 8]), the others stay with a remark of their own, but for the add of
// a [60000] row over [2, 60000]: rows wider than UB with a broadcast row,
// one multi-pass kernel (WideRowKernels.cpp).
// KEPT-LABEL: func.func @kept
// KEPT: aicore.launch @Fused_Add_4(%arg0, %arg1) : (tensor<2x60000xf32>, tensor<60000xf32>) -> tensor<2x60000xf32>
// KEPT: mindspore.transpose
// KEPT: aicore.launch @Add_{{[0-9]+}}
// KEPT: aicore.launch @Add_{{[0-9]+}}
// KEPT: mindspore.reduce_sum
// KEPT-NOT: aicore.launch
func.func @kept(%x: tensor<2x60000xf32>, %b: tensor<60000xf32>, %m: tensor<4x8xf32>, %r8: tensor<8xf32>, %s1: tensor<1xf32>, %k: tensor<4x8x3xf32>, %mi: tensor<4x8xi64>) -> (tensor<2x60000xf32>, tensor<8x4xi64>, tensor<4x8xf32>, tensor<8xf32>) {
  // A row of 60000 f32 takes 240000 bytes: no one-pass tile fits UB, the
  // group is a multi-pass kernel (WideRowKernels.cpp).
  %r = mindspore.fusion "vector" "Fused_Add_4" (%x, %b) : (tensor<2x60000xf32>, tensor<60000xf32>) -> tensor<2x60000xf32> {
  ^bb0(%a: tensor<2x60000xf32>, %d: tensor<60000xf32>):
    %s = mindspore.add %a, %d : (tensor<2x60000xf32>, tensor<60000xf32>) -> tensor<2x60000xf32>
    mindspore.yield %s : tensor<2x60000xf32>
  }
  // A transpose that moves the innermost axis is a Vector kernel
  // (aicore.vtranspose) for 2- and 4-byte elements only.
  // expected-remark @+1 {{fusion group 'Fused_Transpose_5' kept at the mindspore level: 'transpose' with permutation [1, 0] of [4, 8] moves the innermost axis: a Vector transpose (aicore.vtranspose) takes 2- or 4-byte elements (1-byte ones through f16 casts), got 'i64'}}
  %t = mindspore.fusion "vector" "Fused_Transpose_5" (%mi) : (tensor<4x8xi64>) -> tensor<8x4xi64> {
  ^bb0(%a: tensor<4x8xi64>):
    // expected-remark @+1 {{no AI Core kernel for primitive 'transpose': 'transpose' with permutation [1, 0] of [4, 8] moves the innermost axis: a Vector transpose (aicore.vtranspose) takes 2- or 4-byte elements (1-byte ones through f16 casts), got 'i64'}}
    %s = mindspore.transpose %a, [1, 0] : (tensor<4x8xi64>) -> tensor<8x4xi64>
    mindspore.yield %s : tensor<8x4xi64>
  }
  // Computing on a row before broadcasting it from a value of another size
  // (the [1] input) is not supported.
  // expected-remark @+1 {{fusion group 'Fused_Add_Add_6' kept at the mindspore level: 'add' computes a row or a scalar from a value of another size}}
  %u = mindspore.fusion "vector" "Fused_Add_Add_6" (%m, %r8, %s1) : (tensor<4x8xf32>, tensor<8xf32>, tensor<1xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %d: tensor<8xf32>, %c: tensor<1xf32>):
    %e = mindspore.add %d, %c : (tensor<8xf32>, tensor<1xf32>) -> tensor<8xf32>
    %s = mindspore.add %a, %e : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    mindspore.yield %s : tensor<4x8xf32>
  }
  // Reductions over axes that are not adjacent.
  // expected-remark @+1 {{fusion group 'Fused_ReduceSum_7' kept at the mindspore level: it reduces axes that are not adjacent}}
  %v = mindspore.fusion "reduction" "Fused_ReduceSum_7" (%k) : (tensor<4x8x3xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<4x8x3xf32>):
    // expected-remark @+1 {{no AI Core kernel for primitive 'reduce_sum': it reduces axes that are not adjacent}}
    %s = mindspore.reduce_sum %a, [0, 2] : (tensor<4x8x3xf32>) -> tensor<8xf32>
    mindspore.yield %s : tensor<8xf32>
  }
  return %r, %t, %u, %v : tensor<2x60000xf32>, tensor<8x4xi64>, tensor<4x8xf32>, tensor<8xf32>
}
