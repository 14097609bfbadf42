// A mix group whose epilogue reduces the rows of the matmul's result
// (Softmax, LogSoftmax, LayerNorm, ReduceSum / ReduceMax / ReduceMean over
// the last axis) becomes one MIX kernel on row bands: each block computes
// all the column tiles of a band of tm rows into its workspace slot
// ([block_dim x 2 x tm, N]), waiting for a free slot before the band's
// first tile and setting "tile ready" after its last one; the AIVs then
// take whole rows. A group that is no MIX kernel splits into its Cube
// kernel and one Vector kernel of the rest.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,32,16,1,2 -verify-diagnostics -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// The kernel model finds no race and no deadlock in the band schedule.
// RUN: ascend-opt %t.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null

// CHECK-LABEL: func.func @softmax
// CHECK: aicore.launch @Fused_MatMul_Softmax_0(%arg0, %arg1)
// CHECK-LABEL: func.func @split_prologue
// The prologue's ReLU, the Cube kernel, then the rest as one Vector kernel.
// CHECK: %[[R:.*]] = aicore.launch @ReLU_{{[0-9]+}}(%arg0)
// CHECK: %[[M:.*]] = aicore.launch @matmul_40x37x24_f32_tb(%[[R]], %arg1)
// CHECK: aicore.launch @Fused_RealDiv_Softmax_1(%[[M]])
// CHECK-LABEL: func.func @wide_layer_norm
// A row of 4096 f32 is too wide for the MIX kernel's buffers (workspace,
// result, parameters, their broadcasts, scratch): the Cube kernel alone,
// then ReLU and LayerNorm as one Vector kernel.
// CHECK: %[[W:.*]] = aicore.launch @matmul_20x4096x32_f32(%arg0, %arg1)
// CHECK: aicore.launch @Fused_ReLU_LayerNorm_2(%[[W]], %arg2, %arg3)
// CHECK-LABEL: func.func @remainder_stays
// CHECK: aicore.launch @matmul_20x6144x32_f32(
// CHECK: %[[R:.*]] = aicore.launch @ReLU_{{[0-9]+}}(
// CHECK: aicore.launch @LayerNorm_{{[0-9]+}}(%[[R]], %arg2, %arg3)

// The band kernel: workspace slots of whole rows (3 blocks x 2 x 16 rows,
// N = 70), each band's three column tiles (32, 32, 6) FIX-written into the
// slot between one wait and one set, then the AIVs' row reductions.
// CHECK-LABEL: aicore.kernel @Fused_MatMul_Softmax_0(
// CHECK-SAME: %arg3: memref<96x70xf32, #aicore.space<gm>>
// CHECK-SAME: block_dim = 3
// CHECK: aicore.alloc {aicore.name = "ws.ping"} : memref<8x70xf32
// CHECK: aicore.alloc {aicore.name = "rows"} : memref<8x1xf32
// CHECK: scf.for
// CHECK: aicore.cross_core_wait_flag fix, 1
// CHECK-NOT: aicore.cross_core
// CHECK: aicore.copy %{{.*}} : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, strided<[70, 1], offset: ?>, #aicore.space<gm>>
// CHECK-NOT: aicore.cross_core
// CHECK: aicore.copy %{{.*}} : memref<16x32xf32, #aicore.space<l0c>> to memref<16x32xf32, strided<[70, 1], offset: ?>, #aicore.space<gm>>
// CHECK-NOT: aicore.cross_core
// CHECK: aicore.copy %{{.*}} : memref<16x6xf32, strided<[32, 1]>, #aicore.space<l0c>> to memref<16x6xf32, strided<[70, 1], offset: ?>, #aicore.space<gm>>
// CHECK-NEXT: aicore.set_flag fix -> m, 0
// CHECK-NEXT: aicore.cross_core_set_flag fix, 0
// CHECK: aicore.on_core aiv
// CHECK: aicore.cross_core_wait_flag mte2, 0
// CHECK: aicore.copy %{{.*}} : memref<8x70xf32, strided<[70, 1], offset: ?>, #aicore.space<gm>> to memref<8x70xf32, #aicore.space<ub>>
// CHECK: aicore.cross_core_set_flag mte2, 1
// CHECK: aicore.vreduce %{{.*}} {kind = "max"} : memref<8x70xf32, #aicore.space<ub>>, memref<8x1xf32, #aicore.space<ub>>
// CHECK: aicore.vexp
// CHECK: aicore.vreduce %{{.*}} {kind = "sum"}
// CHECK: aicore.vdiv

func.func @softmax(%x: tensor<40x24xf32>, %w: tensor<70x24xf32>) -> tensor<40x70xf32> {
  %o = mindspore.fusion "mix" "Fused_MatMul_Softmax_0" (%x, %w) : (tensor<40x24xf32>, tensor<70x24xf32>) -> tensor<40x70xf32> {
  ^bb0(%a: tensor<40x24xf32>, %c: tensor<70x24xf32>):
    %m = mindspore.matmul %a, %c {transpose_b = true} : (tensor<40x24xf32>, tensor<70x24xf32>) -> tensor<40x70xf32>
    %p = mindspore.softmax %m {axis = -1} : tensor<40x70xf32>
    mindspore.yield %p : tensor<40x70xf32>
  }
  return %o : tensor<40x70xf32>
}

func.func @split_prologue(%x: tensor<40x24xf32>, %w: tensor<37x24xf32>) -> tensor<40x37xf32> {
  // expected-remark @+1 {{mix group 'Fused_ReLU_MatMul_RealDiv_Softmax_1' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): its epilogue reduces rows and it computes a MatMul operand (a prologue): the row-band schedule takes no prologue yet}}
  %o = mindspore.fusion "mix" "Fused_ReLU_MatMul_RealDiv_Softmax_1" (%x, %w) : (tensor<40x24xf32>, tensor<37x24xf32>) -> tensor<40x37xf32> {
  ^bb0(%a: tensor<40x24xf32>, %c: tensor<37x24xf32>):
    %e = mindspore.constant dense<4.000000e+00> : tensor<f32>
    %r = mindspore.relu %a : tensor<40x24xf32>
    %m = mindspore.matmul %r, %c {transpose_b = true} : (tensor<40x24xf32>, tensor<37x24xf32>) -> tensor<40x37xf32>
    %d = mindspore.real_div %m, %e : (tensor<40x37xf32>, tensor<f32>) -> tensor<40x37xf32>
    %p = mindspore.softmax %d {axis = -1} : tensor<40x37xf32>
    mindspore.yield %p : tensor<40x37xf32>
  }
  return %o : tensor<40x37xf32>
}

func.func @wide_layer_norm(%x: tensor<20x32xf32>, %w: tensor<32x4096xf32>, %g: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<20x4096xf32> {
  // expected-remark @+1 {{mix group 'Fused_MatMul_ReLU_LayerNorm_2' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): the Vector part of MIX kernel 'Fused_MatMul_ReLU_LayerNorm_2' does not fit UB even one row of a 4096-column row band (its epilogue reduces whole rows) at a time}}
  %o = mindspore.fusion "mix" "Fused_MatMul_ReLU_LayerNorm_2" (%x, %w, %g, %b) : (tensor<20x32xf32>, tensor<32x4096xf32>, tensor<4096xf32>, tensor<4096xf32>) -> tensor<20x4096xf32> {
  ^bb0(%a: tensor<20x32xf32>, %c: tensor<32x4096xf32>, %gg: tensor<4096xf32>, %bb: tensor<4096xf32>):
    %m = mindspore.matmul %a, %c : (tensor<20x32xf32>, tensor<32x4096xf32>) -> tensor<20x4096xf32>
    %r = mindspore.relu %m : tensor<20x4096xf32>
    %n = mindspore.layer_norm %r, %gg, %bb {begin_norm_axis = -1 : i64, begin_params_axis = -1 : i64, epsilon = 1.0e-5 : f32} : (tensor<20x4096xf32>, tensor<4096xf32>, tensor<4096xf32>) -> tensor<20x4096xf32>
    mindspore.yield %n : tensor<20x4096xf32>
  }
  return %o : tensor<20x4096xf32>
}

// Wider still, the Vector kernel of the rest does not fit either: its
// primitives are converted one by one (the LayerNorm alone is a multi-pass
// kernel over its 6144-column rows, WideRowKernels.cpp).
func.func @remainder_stays(%x: tensor<20x32xf32>, %w: tensor<32x6144xf32>, %g: tensor<6144xf32>, %b: tensor<6144xf32>) -> tensor<20x6144xf32> {
  // expected-remark @+2 {{mix group 'Fused_MatMul_ReLU_LayerNorm_3' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): the Vector part of MIX kernel 'Fused_MatMul_ReLU_LayerNorm_3' does not fit UB even one row of a 6144-column row band (its epilogue reduces whole rows) at a time}}
  // expected-remark @+1 {{the Vector remainder of mix group 'Fused_MatMul_ReLU_LayerNorm_3' is not one Vector kernel (its primitives are converted one by one): kernel 'Fused_ReLU_LayerNorm_3' does not fit UB at any tile size}}
  %o = mindspore.fusion "mix" "Fused_MatMul_ReLU_LayerNorm_3" (%x, %w, %g, %b) : (tensor<20x32xf32>, tensor<32x6144xf32>, tensor<6144xf32>, tensor<6144xf32>) -> tensor<20x6144xf32> {
  ^bb0(%a: tensor<20x32xf32>, %c: tensor<32x6144xf32>, %gg: tensor<6144xf32>, %bb: tensor<6144xf32>):
    %m = mindspore.matmul %a, %c : (tensor<20x32xf32>, tensor<32x6144xf32>) -> tensor<20x6144xf32>
    %r = mindspore.relu %m : tensor<20x6144xf32>
    %n = mindspore.layer_norm %r, %gg, %bb {begin_norm_axis = -1 : i64, begin_params_axis = -1 : i64, epsilon = 1.0e-5 : f32} : (tensor<20x6144xf32>, tensor<6144xf32>, tensor<6144xf32>) -> tensor<20x6144xf32>
    mindspore.yield %n : tensor<20x6144xf32>
  }
  return %o : tensor<20x6144xf32>
}
