// Grouped (ResNeXt) and depthwise (MobileNet) convolutions as Cube kernels:
// each image's G groups are G implicit GEMMs stacked in M (group j reads
// input channels [j * Cg, (j + 1) * Cg) and weight rows [j * Og, (j + 1) * Og),
// writes output channels j * Og ...), tiled by the same search. Run on the CPU
// against PyTorch's conv2d(groups=G) on integer data (exact;
// Inputs/grouped_conv_runs.py writes the runs file): channels per group that
// are not multiples of 16 (Cg 1, 4, 8, 9, 20 -> Og 1, 2, 3, 12, 17, 18), odd
// H and W, strides 2 and 1, pads 1, 2, 4 and an asymmetric (0, 1, 0, 1),
// dilation 2, 1x1, 3x3 and 5x5 kernels, depth multipliers 1 and 2, batches
// 1, 2 and 3, fused biases, f32 and f16, and two MIX groups (a depthwise
// conv + BiasAdd + ReLU, a grouped conv + BiasAdd + residual Add + ReLU:
// the Cube part hands each tile to the Vector cores at its group's
// channels). Each runs with the searched tiling and with forced ones (16x16
// tiles, many per block, one and two L0C buffers; 32x32 tiles with K stages
// of two slices and a ring of 4 L1 stages; whole images in 512-pixel tiles),
// and the kernel model checks each for races; the depthwise ones stay on
// the Cube (depthwise=cube; ascend-run-depthwise-conv-vector.mlir runs them
// on the Vector unit). The module itself (the MindSpore primitives) is the
// reference run.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=depthwise=cube -verify-diagnostics -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/grouped-conv.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,2 -o %t.small.mlir
// RUN: ascend-opt %t.small.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.small.mlir --inputs %S/Inputs/grouped-conv.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,1 -o %t.one.mlir
// RUN: ascend-opt %t.one.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.one.mlir --inputs %S/Inputs/grouped-conv.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=32,32,32,2,2,4 -o %t.forced.mlir
// RUN: ascend-opt %t.forced.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.forced.mlir --inputs %S/Inputs/grouped-conv.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=512,32,16,1,1 -o %t.wide.mlir
// RUN: ascend-opt %t.wide.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.wide.mlir --inputs %S/Inputs/grouped-conv.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/grouped-conv.runs | FileCheck %s
// CHECK: run 0: max abs error 0, max rel error 0 (tolerance per output: {{.*}}): ok
// CHECK-NOT: mismatch

// Every convolution is a launch: six Cube kernels (the group count in the
// name) and two MIX kernels.
// KERNELS-NOT: mindspore.conv2d
// KERNELS-COUNT-6: aicore.launch @conv2d_{{.*}}_g{{[0-9]+}}
// KERNELS: aicore.launch @Fused_Conv2D_BiasAdd_ReLU_0(
// KERNELS: aicore.launch @Fused_Conv2D_BiasAdd_Add_ReLU_1(
// KERNELS-NOT: mindspore.conv2d
// KERNELS-NOT: mindspore.relu
// KERNELS: aicore.kernel @Fused_Conv2D_BiasAdd_ReLU_0({{.*}}workspace_bytes
// KERNELS: aicore.kernel @Fused_Conv2D_BiasAdd_Add_ReLU_1({{.*}}workspace_bytes
// KERNELS: aicore.kernel @conv2d_2x12x9x11_9x3x3_s2x2_p1x1x1x1_d1x1_f32_g3_bias(
// KERNELS: aicore.kernel @conv2d_1x40x7x9_36x3x3_s1x1_p2x2x2x2_d2x2_f16_g2(
// KERNELS: aicore.kernel @conv2d_3x32x9x7_68x1x1_s2x2_p0x0x0x0_d1x1_f32_g4_bias(
// KERNELS: aicore.kernel @conv2d_2x7x13x13_7x3x3_s2x2_p1x1x1x1_d1x1_f32_g7_bias(
// KERNELS: aicore.kernel @conv2d_1x5x8x11_10x5x5_s1x1_p4x4x4x4_d2x2_f16_g5(
// KERNELS: aicore.kernel @conv2d_1x24x15x15_24x3x3_s2x2_p0x1x0x1_d1x1_f32_g24(

func.func @main(%x0: tensor<2x12x9x11xf32>, %w0: tensor<9x4x3x3xf32>, %b0: tensor<9xf32>, %x1: tensor<1x40x7x9xf16>, %w1: tensor<36x20x3x3xf16>, %x2: tensor<3x32x9x7xf32>, %w2: tensor<68x8x1x1xf32>, %b2: tensor<68xf32>, %x3: tensor<2x7x13x13xf32>, %w3: tensor<7x1x3x3xf32>, %b3: tensor<7xf32>, %x4: tensor<1x5x8x11xf16>, %w4: tensor<10x1x5x5xf16>, %x5: tensor<1x24x15x15xf32>, %w5: tensor<24x1x3x3xf32>, %x6: tensor<2x19x7x10xf32>, %w6: tensor<19x1x3x3xf32>, %b6: tensor<19xf32>, %x7: tensor<1x18x9x7xf16>, %w7: tensor<24x9x3x3xf16>, %b7: tensor<24xf16>, %r7: tensor<1x24x9x7xf16>) -> (tensor<2x9x5x6xf32>, tensor<1x36x7x9xf16>, tensor<3x68x5x4xf32>, tensor<2x7x7x7xf32>, tensor<1x10x8x11xf16>, tensor<1x24x7x7xf32>, tensor<2x19x7x10xf32>, tensor<1x24x9x7xf16>) {
  // 0: grouped G 3 (Cg 4 -> Og 3), odd H and W, stride 2, pad 1, batch 2
  %c0 = mindspore.conv2d %x0, %w0 {dilation = array<i64: 1, 1>, group = 3 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x12x9x11xf32>, tensor<9x4x3x3xf32>) -> tensor<2x9x5x6xf32>
  %y0 = mindspore.bias_add %c0, %b0 : (tensor<2x9x5x6xf32>, tensor<9xf32>) -> tensor<2x9x5x6xf32>
  // 1: grouped G 2 (Cg 20 -> Og 18: K 180, N edges), dilation 2, pad 2, f16
  %c1 = mindspore.conv2d %x1, %w1 {dilation = array<i64: 2, 2>, group = 2 : i64, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>} : (tensor<1x40x7x9xf16>, tensor<36x20x3x3xf16>) -> tensor<1x36x7x9xf16>
  // 2: grouped 1x1 G 4 (Cg 8 -> Og 17), stride 2, batch 3
  %c2 = mindspore.conv2d %x2, %w2 {dilation = array<i64: 1, 1>, group = 4 : i64, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<3x32x9x7xf32>, tensor<68x8x1x1xf32>) -> tensor<3x68x5x4xf32>
  %y2 = mindspore.bias_add %c2, %b2 : (tensor<3x68x5x4xf32>, tensor<68xf32>) -> tensor<3x68x5x4xf32>
  // 3: depthwise C 7, 3x3, stride 2, pad 1, batch 2
  %c3 = mindspore.conv2d %x3, %w3 {dilation = array<i64: 1, 1>, group = 7 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x7x13x13xf32>, tensor<7x1x3x3xf32>) -> tensor<2x7x7x7xf32>
  %y3 = mindspore.bias_add %c3, %b3 : (tensor<2x7x7x7xf32>, tensor<7xf32>) -> tensor<2x7x7x7xf32>
  // 4: depthwise multiplier 2 (C 5 -> 10), 5x5, dilation 2, 'same' pad 4, f16
  %c4 = mindspore.conv2d %x4, %w4 {dilation = array<i64: 2, 2>, group = 5 : i64, pad = array<i64: 4, 4, 4, 4>, stride = array<i64: 1, 1>} : (tensor<1x5x8x11xf16>, tensor<10x1x5x5xf16>) -> tensor<1x10x8x11xf16>
  // 5: depthwise C 24, 3x3, asymmetric pad (0, 1, 0, 1), stride 2 (MobileNet's downsampling)
  %c5 = mindspore.conv2d %x5, %w5 {dilation = array<i64: 1, 1>, group = 24 : i64, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x24x15x15xf32>, tensor<24x1x3x3xf32>) -> tensor<1x24x7x7xf32>
  // 6: MIX: depthwise C 19 + bias + ReLU, stride 1, pad 1, batch 2
  %y6 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_ReLU_0" (%x6, %w6, %b6) : (tensor<2x19x7x10xf32>, tensor<19x1x3x3xf32>, tensor<19xf32>) -> tensor<2x19x7x10xf32> {
  ^bb0(%a: tensor<2x19x7x10xf32>, %e: tensor<19x1x3x3xf32>, %f: tensor<19xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, group = 19 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x19x7x10xf32>, tensor<19x1x3x3xf32>) -> tensor<2x19x7x10xf32>
    %s = mindspore.bias_add %c, %f : (tensor<2x19x7x10xf32>, tensor<19xf32>) -> tensor<2x19x7x10xf32>
    %y = mindspore.relu %s : tensor<2x19x7x10xf32>
    mindspore.yield %y : tensor<2x19x7x10xf32>
  }
  // 7: MIX: grouped G 2 (Cg 9 -> Og 12) + bias + residual Add + ReLU, f16
  %y7 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Add_ReLU_1" (%x7, %w7, %b7, %r7) : (tensor<1x18x9x7xf16>, tensor<24x9x3x3xf16>, tensor<24xf16>, tensor<1x24x9x7xf16>) -> tensor<1x24x9x7xf16> {
  ^bb0(%a: tensor<1x18x9x7xf16>, %e: tensor<24x9x3x3xf16>, %f: tensor<24xf16>, %h: tensor<1x24x9x7xf16>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, group = 2 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x18x9x7xf16>, tensor<24x9x3x3xf16>) -> tensor<1x24x9x7xf16>
    %s = mindspore.bias_add %c, %f : (tensor<1x24x9x7xf16>, tensor<24xf16>) -> tensor<1x24x9x7xf16>
    %t = mindspore.add %s, %h : (tensor<1x24x9x7xf16>, tensor<1x24x9x7xf16>) -> tensor<1x24x9x7xf16>
    %y = mindspore.relu %t : tensor<1x24x9x7xf16>
    mindspore.yield %y : tensor<1x24x9x7xf16>
  }
  return %y0, %c1, %y2, %y3, %c4, %c5, %y6, %y7 : tensor<2x9x5x6xf32>, tensor<1x36x7x9xf16>, tensor<3x68x5x4xf32>, tensor<2x7x7x7xf32>, tensor<1x10x8x11xf16>, tensor<1x24x7x7xf32>, tensor<2x19x7x10xf32>, tensor<1x24x9x7xf16>
}
