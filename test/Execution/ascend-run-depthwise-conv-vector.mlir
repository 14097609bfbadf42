// Depthwise convolutions (group == C) as Vector kernels
// (DepthwiseConvKernels.cpp): every tap of the window is a vgather of the
// input element under each output element, a broadcast of the planes'
// weights and a multiply-add in f32. Run on the CPU against PyTorch's
// conv2d(groups=C) on integer data (exact; Inputs/depthwise_conv_vector_runs.py
// writes the runs file): row blocks of one plane (clipped blocks at the top
// and bottom, 5x5 dilation 2 with pad 4, asymmetric pad, stride 2) and
// whole planes, channel multipliers 1, 2 and 3, 1x5, 3x3, 5x5 and 7x7
// kernels, fused biases, f32, f16 and bf16, and three MIX groups whose
// epilogue runs on the same tiles (ReLU6; a per-channel scale, a residual
// Add and a ReLU with two results; a per-image-and-channel gate and a
// scalar). Forced onto the Vector unit, by the modeled cycles of both
// kernels (the default), and forced onto the Cube; the kernel model checks
// each for races. The module itself (the MindSpore primitives) is the
// reference run.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=depthwise=vector -verify-diagnostics -o %t.vector.mlir
// RUN: FileCheck %s --check-prefix=VECTOR < %t.vector.mlir
// RUN: ascend-opt %t.vector.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.vector.mlir --inputs %S/Inputs/depthwise-conv-vector.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.auto.mlir
// RUN: FileCheck %s --check-prefix=AUTO < %t.auto.mlir
// RUN: ascend-opt %t.auto.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.auto.mlir --inputs %S/Inputs/depthwise-conv-vector.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=depthwise=cube -o %t.cube.mlir
// RUN: FileCheck %s --check-prefix=CUBE < %t.cube.mlir
// RUN: ascend-run --check-bounds %t.cube.mlir --inputs %S/Inputs/depthwise-conv-vector.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/depthwise-conv-vector.runs | FileCheck %s
// CHECK: run 0: max abs error 0, max rel error 0 (tolerance per output: {{.*}}): ok
// CHECK-NOT: mismatch

// Forced: every convolution is a Vector kernel (no Cube pipe, no
// workspace), its tile recorded: row blocks of one plane (in_rows input
// rows for `rows` output rows) or whole planes.
// VECTOR-NOT: mindspore.conv2d
// VECTOR-NOT: workspace_bytes
// VECTOR-NOT: aicore.mmad
// VECTOR: aicore.kernel @Fused_Conv2D_BiasAdd_ReLU6_5({{.*}}aicore.conv_unit = {unit = "vector", vector_cycles = {{[0-9]+}} : i64}
// VECTOR: aicore.kernel @Fused_Conv2D_BiasAdd_Mul_Add_ReLU_6({{.*}}aicore.conv_unit = {unit = "vector"
// VECTOR: aicore.kernel @Fused_Conv2D_BiasAdd_Mul_Mul_7({{.*}}aicore.conv_unit = {unit = "vector"
// VECTOR-SAME: aicore.tile = {in_rows = {{[0-9]+}} : i64, planes = 1 : i64, rows = {{[0-9]+}} : i64, view = array<i64: 6, 40, 100>}
// VECTOR: aicore.kernel @conv2d_1x3x61x75_3x3x3_s1x1_p1x1x1x1_d1x1_f32_g3_bias({{.*}}aicore.conv_unit = {unit = "vector"
// VECTOR-SAME: planes = 1 : i64
// VECTOR: aicore.kernel @conv2d_1x2x50x67_4x5x5_s2x2_p4x4x4x4_d2x2_f16_g2({{.*}}aicore.conv_unit = {unit = "vector"
// VECTOR: aicore.kernel @conv2d_1x3x41x130_3x3x3_s2x2_p0x1x0x1_d1x1_bf16_g3_bias({{.*}}aicore.conv_unit = {unit = "vector"
// VECTOR: aicore.kernel @conv2d_2x4x9x9_12x1x5_s1x1_p0x0x2x2_d1x1_bf16_g4_bias({{.*}}aicore.conv_unit = {unit = "vector"
// VECTOR: aicore.kernel @conv2d_2x48x12x10_48x7x7_s1x1_p3x3x3x3_d1x1_f32_g48({{.*}}aicore.conv_unit = {unit = "vector"

// By the model: each kernel records both figures and the unit with fewer
// cycles.
// AUTO-COUNT-8: aicore.conv_unit = {cube_cycles = {{[0-9]+}} : i64, unit = "{{cube|vector}}", vector_cycles = {{[0-9]+}} : i64}

// Forced onto the Cube: the MIX kernels and implicit GEMMs, no Vector
// figure.
// CUBE-COUNT-3: aicore.kernel @Fused_{{.*}}aicore.conv_unit = {unit = "cube"}{{.*}}workspace_bytes
// CUBE-COUNT-5: aicore.kernel @conv2d_{{.*}}aicore.conv_unit = {unit = "cube"}

func.func @main(%x0: tensor<1x3x61x75xf32>, %w0: tensor<3x1x3x3xf32>, %b0: tensor<3xf32>, %x1: tensor<1x2x50x67xf16>, %w1: tensor<4x1x5x5xf16>, %x2: tensor<1x3x41x130xbf16>, %w2: tensor<3x1x3x3xbf16>, %b2: tensor<3xbf16>, %x3: tensor<2x4x9x9xbf16>, %w3: tensor<12x1x1x5xbf16>, %b3: tensor<12xbf16>, %x4: tensor<2x48x12x10xf32>, %w4: tensor<48x1x7x7xf32>, %x5: tensor<2x32x14x14xf16>, %w5: tensor<32x1x3x3xf16>, %b5: tensor<32xf16>, %x6: tensor<1x5x11x13xf32>, %w6: tensor<5x1x3x3xf32>, %b6: tensor<5xf32>, %s6: tensor<1x5x1x1xf32>, %r6: tensor<1x5x11x13xf32>, %x7: tensor<2x3x40x100xf16>, %w7: tensor<3x1x3x3xf16>, %b7: tensor<3xf16>, %s7: tensor<2x3x1x1xf16>, %k7: tensor<1xf16>) -> (tensor<1x3x61x75xf32>, tensor<1x4x25x34xf16>, tensor<1x3x20x65xbf16>, tensor<2x12x9x9xbf16>, tensor<2x48x12x10xf32>, tensor<2x32x14x14xf16>, tensor<1x5x11x13xf32>, tensor<1x5x11x13xf32>, tensor<2x3x40x100xf16>) {
  // 0: row blocks: 3 planes of 61 x 75, 3x3, stride 1, pad 1, bias, f32
  %c0 = mindspore.conv2d %x0, %w0 {dilation = array<i64: 1, 1>, group = 3 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x61x75xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x61x75xf32>
  %y0 = mindspore.bias_add %c0, %b0 : (tensor<1x3x61x75xf32>, tensor<3xf32>) -> tensor<1x3x61x75xf32>
  // 1: row blocks: 5x5, dilation 2, pad 4 (clipped blocks), stride 2, multiplier 2, f16
  %c1 = mindspore.conv2d %x1, %w1 {dilation = array<i64: 2, 2>, group = 2 : i64, pad = array<i64: 4, 4, 4, 4>, stride = array<i64: 2, 2>} : (tensor<1x2x50x67xf16>, tensor<4x1x5x5xf16>) -> tensor<1x4x25x34xf16>
  // 2: row blocks: asymmetric pad (0, 1, 0, 1), stride 2, 130 columns, bf16
  %c2 = mindspore.conv2d %x2, %w2 {dilation = array<i64: 1, 1>, group = 3 : i64, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x41x130xbf16>, tensor<3x1x3x3xbf16>) -> tensor<1x3x20x65xbf16>
  %y2 = mindspore.bias_add %c2, %b2 : (tensor<1x3x20x65xbf16>, tensor<3xbf16>) -> tensor<1x3x20x65xbf16>
  // 3: whole planes: multiplier 3, batch 2, 1x5 kernel, pad (0, 0, 2, 2), bf16
  %c3 = mindspore.conv2d %x3, %w3 {dilation = array<i64: 1, 1>, group = 4 : i64, pad = array<i64: 0, 0, 2, 2>, stride = array<i64: 1, 1>} : (tensor<2x4x9x9xbf16>, tensor<12x1x1x5xbf16>) -> tensor<2x12x9x9xbf16>
  %y3 = mindspore.bias_add %c3, %b3 : (tensor<2x12x9x9xbf16>, tensor<12xbf16>) -> tensor<2x12x9x9xbf16>
  // 4: 7x7 kernel, pad 3, 96 planes (batch 2) of 12 x 10, f32
  %c4 = mindspore.conv2d %x4, %w4 {dilation = array<i64: 1, 1>, group = 48 : i64, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 1, 1>} : (tensor<2x48x12x10xf32>, tensor<48x1x7x7xf32>) -> tensor<2x48x12x10xf32>
  // 5: MIX: conv + bias + ReLU6 (MobileNetV2), 32 channels of 14 x 14, batch 2, f16
  %y5:1 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_ReLU6_5" (%x5, %w5, %b5) : (tensor<2x32x14x14xf16>, tensor<32x1x3x3xf16>, tensor<32xf16>) -> (tensor<2x32x14x14xf16>) {
  ^bb0(%a0: tensor<2x32x14x14xf16>, %a1: tensor<32x1x3x3xf16>, %a2: tensor<32xf16>):
    %c = mindspore.conv2d %a0, %a1 {dilation = array<i64: 1, 1>, group = 32 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x32x14x14xf16>, tensor<32x1x3x3xf16>) -> tensor<2x32x14x14xf16>
    %s = mindspore.bias_add %c, %a2 : (tensor<2x32x14x14xf16>, tensor<32xf16>) -> tensor<2x32x14x14xf16>
    %y = mindspore.relu6 %s : tensor<2x32x14x14xf16>
    mindspore.yield %y : tensor<2x32x14x14xf16>
  }
  // 6: MIX: conv + bias, per-channel scale, residual Add, ReLU (two results), stride 1, f32
  %y6:2 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Mul_Add_ReLU_6" (%x6, %w6, %b6, %s6, %r6) : (tensor<1x5x11x13xf32>, tensor<5x1x3x3xf32>, tensor<5xf32>, tensor<1x5x1x1xf32>, tensor<1x5x11x13xf32>) -> (tensor<1x5x11x13xf32>, tensor<1x5x11x13xf32>) {
  ^bb0(%a0: tensor<1x5x11x13xf32>, %a1: tensor<5x1x3x3xf32>, %a2: tensor<5xf32>, %a3: tensor<1x5x1x1xf32>, %a4: tensor<1x5x11x13xf32>):
    %c = mindspore.conv2d %a0, %a1 {dilation = array<i64: 1, 1>, group = 5 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x5x11x13xf32>, tensor<5x1x3x3xf32>) -> tensor<1x5x11x13xf32>
    %s = mindspore.bias_add %c, %a2 : (tensor<1x5x11x13xf32>, tensor<5xf32>) -> tensor<1x5x11x13xf32>
    %m = mindspore.mul %s, %a3 : (tensor<1x5x11x13xf32>, tensor<1x5x1x1xf32>) -> tensor<1x5x11x13xf32>
    %t = mindspore.add %m, %a4 : (tensor<1x5x11x13xf32>, tensor<1x5x11x13xf32>) -> tensor<1x5x11x13xf32>
    %y = mindspore.relu %t : tensor<1x5x11x13xf32>
    mindspore.yield %t, %y : tensor<1x5x11x13xf32>, tensor<1x5x11x13xf32>
  }
  // 7: MIX: conv + bias, per-image-and-channel gate, scalar scale, row blocks of 40 x 100, batch 2, f16
  %y7:1 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Mul_Mul_7" (%x7, %w7, %b7, %s7, %k7) : (tensor<2x3x40x100xf16>, tensor<3x1x3x3xf16>, tensor<3xf16>, tensor<2x3x1x1xf16>, tensor<1xf16>) -> (tensor<2x3x40x100xf16>) {
  ^bb0(%a0: tensor<2x3x40x100xf16>, %a1: tensor<3x1x3x3xf16>, %a2: tensor<3xf16>, %a3: tensor<2x3x1x1xf16>, %a4: tensor<1xf16>):
    %c = mindspore.conv2d %a0, %a1 {dilation = array<i64: 1, 1>, group = 3 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x3x40x100xf16>, tensor<3x1x3x3xf16>) -> tensor<2x3x40x100xf16>
    %s = mindspore.bias_add %c, %a2 : (tensor<2x3x40x100xf16>, tensor<3xf16>) -> tensor<2x3x40x100xf16>
    %m = mindspore.mul %s, %a3 : (tensor<2x3x40x100xf16>, tensor<2x3x1x1xf16>) -> tensor<2x3x40x100xf16>
    %y = mindspore.mul %m, %a4 : (tensor<2x3x40x100xf16>, tensor<1xf16>) -> tensor<2x3x40x100xf16>
    mindspore.yield %y : tensor<2x3x40x100xf16>
  }
  return %y0, %c1, %y2, %y3, %c4, %y5#0, %y6#0, %y6#1, %y7#0 : tensor<1x3x61x75xf32>, tensor<1x4x25x34xf16>, tensor<1x3x20x65xbf16>, tensor<2x12x9x9xbf16>, tensor<2x48x12x10xf32>, tensor<2x32x14x14xf16>, tensor<1x5x11x13xf32>, tensor<1x5x11x13xf32>, tensor<2x3x40x100xf16>
}
