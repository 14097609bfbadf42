// The Vector part of a conv MIX kernel holds, per UB row, one channel of
// the tile's tm pixels in every buffer of the epilogue. With 1024-pixel
// tiles (a forced tiling) and a chain of 48 f32 ops (one UB buffer each)
// even one channel row does not fit UB: the group splits, with a remark
// naming the kernel, into its convolution (a Cube kernel) and the rest as
// one Vector kernel; the searched tiling fits.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=1024,16,16,1,1 -verify-diagnostics -o %t.mlir
// RUN: FileCheck %s --check-prefix=KEPT < %t.mlir
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o - | FileCheck %s --check-prefix=MIX
// KEPT: aicore.launch @conv2d_1x16x32x32_16x1x1_s1x1_p0x0x0x0_d1x1_f16(
// KEPT-NEXT: aicore.launch @Fused_Cast_ReLU_Neg_Abs_0(
// KEPT-NOT: aicore.launch
// MIX: aicore.launch @Fused_Conv2D_Cast_Chain_0(
// MIX: aicore.kernel @Fused_Conv2D_Cast_Chain_0({{.*}}aicore.mix = {aiv_chunk_rows = {{[0-9]+}} : i64}
func.func @long_chain(%x: tensor<1x16x32x32xf16>, %w: tensor<16x16x1x1xf16>) -> tensor<1x16x32x32xf32> {
  // expected-remark @+1 {{mix group 'Fused_Conv2D_Cast_Chain_0' is not a MIX kernel (its Cube primitive is converted alone, the rest as one Vector kernel): the Vector part of MIX kernel 'Fused_Conv2D_Cast_Chain_0' does not fit UB even one channel of a 1024-pixel tile at a time}}
  %y = mindspore.fusion "mix" "Fused_Conv2D_Cast_Chain_0" (%x, %w) : (tensor<1x16x32x32xf16>, tensor<16x16x1x1xf16>) -> tensor<1x16x32x32xf32> {
  ^bb0(%a: tensor<1x16x32x32xf16>, %e: tensor<16x16x1x1xf16>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x16x32x32xf16>, tensor<16x16x1x1xf16>) -> tensor<1x16x32x32xf16>
    %r = mindspore.cast %c : (tensor<1x16x32x32xf16>) -> tensor<1x16x32x32xf32>
    %v0 = mindspore.relu %r : tensor<1x16x32x32xf32>
    %v1 = mindspore.neg %v0 : tensor<1x16x32x32xf32>
    %v2 = mindspore.abs %v1 : tensor<1x16x32x32xf32>
    %v3 = mindspore.exp %v2 : tensor<1x16x32x32xf32>
    %v4 = mindspore.sigmoid %v3 : tensor<1x16x32x32xf32>
    %v5 = mindspore.tanh %v4 : tensor<1x16x32x32xf32>
    %v6 = mindspore.relu %v5 : tensor<1x16x32x32xf32>
    %v7 = mindspore.neg %v6 : tensor<1x16x32x32xf32>
    %v8 = mindspore.abs %v7 : tensor<1x16x32x32xf32>
    %v9 = mindspore.exp %v8 : tensor<1x16x32x32xf32>
    %v10 = mindspore.sigmoid %v9 : tensor<1x16x32x32xf32>
    %v11 = mindspore.tanh %v10 : tensor<1x16x32x32xf32>
    %v12 = mindspore.relu %v11 : tensor<1x16x32x32xf32>
    %v13 = mindspore.neg %v12 : tensor<1x16x32x32xf32>
    %v14 = mindspore.abs %v13 : tensor<1x16x32x32xf32>
    %v15 = mindspore.exp %v14 : tensor<1x16x32x32xf32>
    %v16 = mindspore.sigmoid %v15 : tensor<1x16x32x32xf32>
    %v17 = mindspore.tanh %v16 : tensor<1x16x32x32xf32>
    %v18 = mindspore.relu %v17 : tensor<1x16x32x32xf32>
    %v19 = mindspore.neg %v18 : tensor<1x16x32x32xf32>
    %v20 = mindspore.abs %v19 : tensor<1x16x32x32xf32>
    %v21 = mindspore.exp %v20 : tensor<1x16x32x32xf32>
    %v22 = mindspore.sigmoid %v21 : tensor<1x16x32x32xf32>
    %v23 = mindspore.tanh %v22 : tensor<1x16x32x32xf32>
    %v24 = mindspore.relu %v23 : tensor<1x16x32x32xf32>
    %v25 = mindspore.neg %v24 : tensor<1x16x32x32xf32>
    %v26 = mindspore.abs %v25 : tensor<1x16x32x32xf32>
    %v27 = mindspore.exp %v26 : tensor<1x16x32x32xf32>
    %v28 = mindspore.sigmoid %v27 : tensor<1x16x32x32xf32>
    %v29 = mindspore.tanh %v28 : tensor<1x16x32x32xf32>
    %v30 = mindspore.relu %v29 : tensor<1x16x32x32xf32>
    %v31 = mindspore.neg %v30 : tensor<1x16x32x32xf32>
    %v32 = mindspore.abs %v31 : tensor<1x16x32x32xf32>
    %v33 = mindspore.exp %v32 : tensor<1x16x32x32xf32>
    %v34 = mindspore.sigmoid %v33 : tensor<1x16x32x32xf32>
    %v35 = mindspore.tanh %v34 : tensor<1x16x32x32xf32>
    %v36 = mindspore.relu %v35 : tensor<1x16x32x32xf32>
    %v37 = mindspore.neg %v36 : tensor<1x16x32x32xf32>
    %v38 = mindspore.abs %v37 : tensor<1x16x32x32xf32>
    %v39 = mindspore.exp %v38 : tensor<1x16x32x32xf32>
    %v40 = mindspore.sigmoid %v39 : tensor<1x16x32x32xf32>
    %v41 = mindspore.tanh %v40 : tensor<1x16x32x32xf32>
    %v42 = mindspore.relu %v41 : tensor<1x16x32x32xf32>
    %v43 = mindspore.neg %v42 : tensor<1x16x32x32xf32>
    %v44 = mindspore.abs %v43 : tensor<1x16x32x32xf32>
    %v45 = mindspore.exp %v44 : tensor<1x16x32x32xf32>
    %v46 = mindspore.sigmoid %v45 : tensor<1x16x32x32xf32>
    %v47 = mindspore.tanh %v46 : tensor<1x16x32x32xf32>
    mindspore.yield %v47 : tensor<1x16x32x32xf32>
  }
  return %y : tensor<1x16x32x32xf32>
}
