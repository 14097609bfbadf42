// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics > %t
// RUN: FileCheck %s < %t
// RUN: FileCheck %s --check-prefix=KERNEL < %t
// Every kernel passes the kernel model (no race, no deadlock).
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics -o /dev/null

// Primitives outside any fusion group are fusion groups of one: each one the
// Vector kernel builders express becomes a one-op Vector kernel named after
// the primitive (docs/AICoreKernels.md, "Primitives outside fusion groups").
// CHECK-LABEL: func.func @lone_kernels
// CHECK-SAME: (%[[X:.*]]: tensor<64x1000xf32>, %[[H:.*]]: tensor<8x33xf32>, %[[G:.*]]: tensor<33xf32>, %[[B:.*]]: tensor<33xf32>, %[[S:.*]]: tensor<300x37xf16>)
// CHECK-NEXT: %[[SM:.*]] = aicore.launch @Softmax_{{[0-9]+}}(%[[X]]) : (tensor<64x1000xf32>) -> tensor<64x1000xf32>
// CHECK-NEXT: %[[LN:.*]] = aicore.launch @LayerNorm_{{[0-9]+}}(%[[H]], %[[G]], %[[B]])
// The splat constant goes into the kernel (an immediate): one GM input.
// CHECK-NEXT: %[[SC:.*]] = aicore.launch @Mul_{{[0-9]+}}(%[[S]]) : (tensor<300x37xf16>) -> tensor<300x37xf16>
// CHECK-NEXT: %[[RS:.*]] = aicore.launch @ReduceSum_{{[0-9]+}}(%[[SC]]) : (tensor<300x37xf16>) -> tensor<300x1xf16>
// CHECK-NEXT: %[[MX:.*]] = aicore.launch @ReduceMax_{{[0-9]+}}(%[[X]]) : (tensor<64x1000xf32>) -> tensor<1000xf32>
// CHECK-NEXT: return %[[SM]], %[[LN]], %[[RS]], %[[MX]]
//
// The kernels (after the functions). A softmax over the last axis of
// [64, 1000]: whole rows per tile.
// KERNEL: aicore.kernel @Softmax_{{[0-9]+}}(%{{.*}}: memref<64x1000xf32, #aicore.space<gm>>, %{{.*}}: memref<64x1000xf32, #aicore.space<gm>>)
// KERNEL-SAME: aicore.tile = {rows = {{[0-9]+}} : i64, view = array<i64: 64, 1000>}
// KERNEL: aicore.vreduce {{.*}}kind = "max"
// KERNEL: aicore.vexp
// KERNEL: aicore.vreduce {{.*}}kind = "sum"
// KERNEL: aicore.vdiv
// A layer norm over the last axis, gamma and beta rows.
// KERNEL: aicore.kernel @LayerNorm_{{[0-9]+}}(
// KERNEL-SAME: view = array<i64: 8, 33>
// KERNEL: aicore.vrsqrt
// x * 0.25 in f16: flat, the constant an immediate.
// KERNEL: aicore.kernel @Mul_{{[0-9]+}}(
// KERNEL-SAME: view = array<i64: 11100>
// KERNEL: aicore.vmuls {{.*}}, 2.500000e-01 : f16
// KERNEL: aicore.kernel @ReduceSum_{{[0-9]+}}(
// KERNEL-SAME: view = array<i64: 300, 37>
// KERNEL: aicore.vreduce {{.*}}kind = "sum"
// A max over the leading axis: the axis-reduction builder (folding rows).
// KERNEL: aicore.kernel @ReduceMax_{{[0-9]+}}(
// KERNEL-SAME: view = array<i64: 1, 64, 1000>
// KERNEL: aicore.vmax
// The lone ReLU shares the kernel of Fused_ReLU_0: no ReLU kernel.
// KERNEL-NOT: aicore.kernel @ReLU_
func.func @lone_kernels(%x: tensor<64x1000xf32>, %h: tensor<8x33xf32>, %g: tensor<33xf32>, %b: tensor<33xf32>, %s: tensor<300x37xf16>) -> (tensor<64x1000xf32>, tensor<8x33xf32>, tensor<300x1xf16>, tensor<1000xf32>) {
  %0 = mindspore.softmax %x {axis = -1} : tensor<64x1000xf32>
  %1 = mindspore.layer_norm %h, %g, %b {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<8x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<8x33xf32>
  %q = mindspore.constant dense<0.25> : tensor<f16>
  %2 = mindspore.mul %s, %q : (tensor<300x37xf16>, tensor<f16>) -> tensor<300x37xf16>
  %3 = mindspore.reduce_sum %2, [1] {keep_dims = true} : (tensor<300x37xf16>) -> tensor<300x1xf16>
  %4 = mindspore.reduce_max %x, [0] : (tensor<64x1000xf32>) -> tensor<1000xf32>
  return %0, %1, %3, %4 : tensor<64x1000xf32>, tensor<8x33xf32>, tensor<300x1xf16>, tensor<1000xf32>
}

// Identical primitives share one kernel, also with a fusion group of the
// same body (the ReLU alone takes the kernel of the group Fused_ReLU_0); the
// ops inside a `cond` become launches too. Views, parameter loads and
// constants are not kernels: they stay, with no remark.
// CHECK-LABEL: func.func @shared_views_and_branches
// CHECK: %[[R0:.*]] = aicore.launch @Fused_ReLU_0(%{{.*}}) : (tensor<16x16xf32>)
// CHECK: mindspore.reshape %[[R0]]
// CHECK: %[[R1:.*]] = aicore.launch @Fused_ReLU_0(
// CHECK: %[[W:.*]] = mindspore.load @w
// CHECK: aicore.launch @Add_{{[0-9]+}}(%[[R1]], %[[W]])
// CHECK: mindspore.cond
// CHECK-NEXT: aicore.launch @Exp_{{[0-9]+}}(
// CHECK: } else {
// CHECK-NEXT: aicore.launch @Sqrt_{{[0-9]+}}(
// CHECK-NOT: aicore.kernel @ReLU_
mindspore.parameter @w : tensor<16x16xf32> = dense<2.0> : tensor<16x16xf32>
func.func @shared_views_and_branches(%x: tensor<16x16xf32>, %y: tensor<16x16xf32>, %p: tensor<i1>) -> (tensor<256xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %0 = mindspore.relu %x : tensor<16x16xf32>
  %1 = mindspore.reshape %0, [256] : (tensor<16x16xf32>) -> tensor<256xf32>
  %2 = mindspore.fusion "vector" "Fused_ReLU_0" (%y) : (tensor<16x16xf32>) -> tensor<16x16xf32> {
  ^bb0(%a: tensor<16x16xf32>):
    %r = mindspore.relu %a : tensor<16x16xf32>
    mindspore.yield %r : tensor<16x16xf32>
  }
  %w = mindspore.load @w : tensor<16x16xf32>
  %3 = mindspore.add %2, %w : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %4 = mindspore.cond %p : tensor<i1> -> (tensor<16x16xf32>) {
    %e = mindspore.exp %x : tensor<16x16xf32>
    mindspore.yield %e : tensor<16x16xf32>
  } else {
    %q = mindspore.sqrt %y : tensor<16x16xf32>
    mindspore.yield %q : tensor<16x16xf32>
  }
  return %1, %2, %3, %4 : tensor<256xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// Primitives that are not AI Core kernels stay, each with a remark at its
// location saying why.
// CHECK-LABEL: func.func @not_kernels
// CHECK: mindspore.transpose
// CHECK: mindspore.add {{.*}}xi64
// CHECK: aicore.launch @Add_{{[0-9]+}}(%arg2, %arg3) : (tensor<2x60000xf32>, tensor<60000xf32>) -> tensor<2x60000xf32>
// CHECK: aicore.launch @BroadcastTo_{{[0-9]+}}(%arg4) : (tensor<1xf32>) -> tensor<8xf32>
// CHECK: mindspore.neg
// CHECK: mindspore.custom
// CHECK: aicore.launch @batch_matmul_2x4x4x8_f32(
// CHECK: mindspore.conv2d_transpose
// CHECK: mindspore.assert
// CHECK-NOT: aicore.launch
// CHECK: return
func.func @not_kernels(%m: tensor<4x8xf32>, %i: tensor<16xi64>, %wide: tensor<2x60000xf32>, %row: tensor<60000xf32>, %one: tensor<1xf32>, %a: tensor<2x4x8xf32>, %b: tensor<2x8x4xf32>, %img: tensor<1x2x2x3xf32>, %k: tensor<2x3x1x1xf32>, %ok: tensor<i1>, %mi: tensor<4x8xi64>) -> (tensor<8x4xi64>, tensor<16xi64>, tensor<2x60000xf32>, tensor<8xf32>, tensor<16x16xf32>, tensor<4x8xf32>, tensor<2x4x4xf32>, tensor<1x3x3x7xf32>) {
  // A transpose that moves the innermost axis is a Vector kernel for 2- and
  // 4-byte elements only.
  // expected-remark @+1 {{no AI Core kernel for primitive 'transpose': 'transpose' with permutation [1, 0] of [4, 8] moves the innermost axis: a Vector transpose (aicore.vtranspose) takes 2- or 4-byte elements (1-byte ones through f16 casts), got 'i64'}}
  %0 = mindspore.transpose %mi, [1, 0] : (tensor<4x8xi64>) -> tensor<8x4xi64>
  %c1 = mindspore.constant dense<1> : tensor<i64>
  // expected-remark @+1 {{no AI Core kernel for primitive 'add': 'add' on i64 has no Vector instruction}}
  %1 = mindspore.add %i, %c1 : (tensor<16xi64>, tensor<i64>) -> tensor<16xi64>
  // A row of 60000 f32 with its double buffers does not fit UB: one
  // multi-pass kernel streams the rows and the [60000] row operand in
  // chunks (WideRowKernels.cpp; checked above).
  %2 = mindspore.add %wide, %row : (tensor<2x60000xf32>, tensor<60000xf32>) -> tensor<2x60000xf32>
  // A BroadcastTo alone is a strided-box copy kernel (BoxKernels.cpp).
  %3 = mindspore.broadcast_to %one {shape = array<i64: 8>} : (tensor<1xf32>) -> tensor<8xf32>
  // Computed from a parameter only: folded when the weights are loaded.
  %w = mindspore.load @w : tensor<16x16xf32>
  %ws = mindspore.reshape %w, [16, 16] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  // expected-remark @+1 {{no AI Core kernel for 2 primitive(s) from here on (first 'neg'): they compute from parameters and constants only: load-time work, folded when the weights are loaded (no kernel at run time)}}
  %4 = mindspore.neg %ws : tensor<16x16xf32>
  %negneg = mindspore.neg %4 : tensor<16x16xf32>
  // expected-remark @+1 {{no AI Core kernel for primitive 'custom': a Custom op runs the kernel the deployer registers for it (an AI_CPU task in the op summary)}}
  %6 = mindspore.custom "aten.erfinv.default"(%m) func_type "pytorch_aten" attrs {} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // A BatchMatMul is a Cube kernel of its own (batch-matmul-kernels.mlir).
  %7 = mindspore.batch_matmul %a, %b : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  // A Conv2DTranspose is a Cube kernel (conv2d-transpose-kernels.mlir)
  // unless its pads crop every stored row of the dilated input (rows 0 and
  // 4 of the 5 dilated rows of a 2-row image with stride 4; pad 1 keeps
  // rows 1 to 3).
  // expected-remark @+2 {{conv2d_transpose kept at the mindspore level: its pads crop every stored row or column of the dilated input (the output is the bias alone; the equivalent convolution reads a 0 x 1 window)}}
  // expected-remark @+1 {{no AI Core kernel for primitive 'conv2d_transpose': its implicit-GEMM Cube kernel was not built (the remark or error before this one on the op says why)}}
  %8 = mindspore.conv2d_transpose %img, %k {stride = array<i64: 4, 4>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 0, 0>} : (tensor<1x2x2x3xf32>, tensor<2x3x1x1xf32>) -> tensor<1x3x3x7xf32>
  // expected-remark @+1 {{no AI Core kernel for primitive 'assert': an Assert is a guard that the host checks, not an AI Core kernel (an AI_CPU task in the op summary)}}
  mindspore.assert %ok, "guard" : tensor<i1>
  return %0, %1, %2, %3, %negneg, %6, %7, %8 : tensor<8x4xi64>, tensor<16xi64>, tensor<2x60000xf32>, tensor<8xf32>, tensor<16x16xf32>, tensor<4x8xf32>, tensor<2x4x4xf32>, tensor<1x3x3x7xf32>
}
