// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/ragged-conv.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=32,32,32,2,2,4 -o %t.forced.mlir
// RUN: ascend-opt %t.forced.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.forced.mlir --inputs %S/Inputs/ragged-conv.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/ragged-conv.runs | FileCheck %s

// Ragged convolutions as implicit-GEMM Cube kernels, run on the CPU against
// PyTorch's conv2d on integer data (exact; Inputs/ragged_conv_runs.py writes
// the runs file): odd H and W, strides 2 and (1, 2), pads 1, 2 and 3
// (including output rows that lie entirely in the padding) and an
// asymmetric 'same' pad, dilations 2 and (1, 2), 1x1, 3x3, 4x4, 5x3 and 7x7
// kernels, channel counts that are not multiples of 16 (3, 5, 17, 20, 24 ->
// 7, 9, 10, 18, 33, 40), batches of 2 and 3, fused biases, f32, f16 and bf16.
// Each runs with the searched tiling and with a forced one (32x32 tiles, K
// stages of two 32-element slices, two L0C buffers, a ring of 4 L1 stages),
// and the kernel model checks both for races. The module itself (the
// MindSpore primitives) is the reference run.

// Every convolution is a launch; a dilated and a strided kernel.
// KERNELS-NOT: mindspore.conv2d
// KERNELS-COUNT-10: aicore.launch @conv2d_
// KERNELS-NOT: mindspore.conv2d
// KERNELS: aicore.kernel @conv2d_1x17x11x9_18x3x3_s1x1_p2x2x2x2_d2x2_f32(
// KERNELS: aicore.load3d {{.*}} {dilation = array<i64: 2, 2>, image = array<i64: 11, 9>, kernel = array<i64: 3, 3>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>}
// KERNELS: aicore.kernel @conv2d_2x4x12x13_9x5x3_s1x2_p0x0x0x0_d1x2_f32(
// KERNELS: aicore.load3d {{.*}} {dilation = array<i64: 1, 2>, image = array<i64: 12, 13>, kernel = array<i64: 5, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>}

// CHECK: run 0: max abs error 0, max rel error 0 (tolerance per output: {{.*}}): ok

func.func @main(%x0: tensor<2x5x9x11xf32>, %w0: tensor<7x5x3x3xf32>, %b0: tensor<7xf32>, %x1: tensor<1x3x19x17xf32>, %w1: tensor<10x3x7x7xf32>, %b1: tensor<10xf32>, %x2: tensor<1x17x11x9xf32>, %w2: tensor<18x17x3x3xf32>, %x3: tensor<3x20x11x9xf32>, %w3: tensor<33x20x1x1xf32>, %b3: tensor<33xf32>, %x4: tensor<1x6x10x7xf32>, %w4: tensor<5x6x4x4xf32>, %x5: tensor<2x4x12x13xf32>, %w5: tensor<9x4x5x3xf32>, %x6: tensor<1x24x11x9xf32>, %w6: tensor<40x24x3x3xf32>, %b6: tensor<40xf32>, %x7: tensor<1x2x5x6xf32>, %w7: tensor<3x2x3x3xf32>, %x8: tensor<1x5x9x11xf16>, %w8: tensor<7x5x3x3xf16>, %b8: tensor<7xf16>, %x9: tensor<1x5x7x9xbf16>, %w9: tensor<6x5x3x3xbf16>, %b9: tensor<6xbf16>) -> (tensor<2x7x5x6xf32>, tensor<1x10x10x9xf32>, tensor<1x18x11x9xf32>, tensor<3x33x6x5xf32>, tensor<1x5x10x7xf32>, tensor<2x9x8x5xf32>, tensor<1x40x11x9xf32>, tensor<1x3x9x10xf32>, tensor<1x7x5x6xf16>, tensor<1x6x7x9xbf16>) {
  // 0: odd H and W, stride 2, pad 1, batch 2
  %c0 = mindspore.conv2d %x0, %w0 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x5x9x11xf32>, tensor<7x5x3x3xf32>) -> tensor<2x7x5x6xf32>
  %y0 = mindspore.bias_add %c0, %b0 : (tensor<2x7x5x6xf32>, tensor<7xf32>) -> tensor<2x7x5x6xf32>
  // 1: 7x7, stride 2, pad 3
  %c1 = mindspore.conv2d %x1, %w1 {dilation = array<i64: 1, 1>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>} : (tensor<1x3x19x17xf32>, tensor<10x3x7x7xf32>) -> tensor<1x10x10x9xf32>
  %y1 = mindspore.bias_add %c1, %b1 : (tensor<1x10x10x9xf32>, tensor<10xf32>) -> tensor<1x10x10x9xf32>
  // 2: 3x3, dilation 2, pad 2, Cin 17
  %c2 = mindspore.conv2d %x2, %w2 {dilation = array<i64: 2, 2>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>} : (tensor<1x17x11x9xf32>, tensor<18x17x3x3xf32>) -> tensor<1x18x11x9xf32>
  // 3: 1x1, stride 2, batch 3
  %c3 = mindspore.conv2d %x3, %w3 {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<3x20x11x9xf32>, tensor<33x20x1x1xf32>) -> tensor<3x33x6x5xf32>
  %y3 = mindspore.bias_add %c3, %b3 : (tensor<3x33x6x5xf32>, tensor<33xf32>) -> tensor<3x33x6x5xf32>
  // 4: 4x4 'same' (pad 1 top/left, 2 bottom/right)
  %c4 = mindspore.conv2d %x4, %w4 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 2, 1, 2>, stride = array<i64: 1, 1>} : (tensor<1x6x10x7xf32>, tensor<5x6x4x4xf32>) -> tensor<1x5x10x7xf32>
  // 5: 5x3 valid, stride (1, 2), dilation (1, 2)
  %c5 = mindspore.conv2d %x5, %w5 {dilation = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<2x4x12x13xf32>, tensor<9x4x5x3xf32>) -> tensor<2x9x8x5xf32>
  // 6: 3x3, Cin 24, Cout 40, 11x9, pad 1
  %c6 = mindspore.conv2d %x6, %w6 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x24x11x9xf32>, tensor<40x24x3x3xf32>) -> tensor<1x40x11x9xf32>
  %y6 = mindspore.bias_add %c6, %b6 : (tensor<1x40x11x9xf32>, tensor<40xf32>) -> tensor<1x40x11x9xf32>
  // 7: 3x3, pad 3 (rows of output entirely in the padding)
  %c7 = mindspore.conv2d %x7, %w7 {dilation = array<i64: 1, 1>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 1, 1>} : (tensor<1x2x5x6xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x9x10xf32>
  // 8: f16: odd H and W, stride 2, pad 1
  %c8 = mindspore.conv2d %x8, %w8 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x5x9x11xf16>, tensor<7x5x3x3xf16>) -> tensor<1x7x5x6xf16>
  %y8 = mindspore.bias_add %c8, %b8 : (tensor<1x7x5x6xf16>, tensor<7xf16>) -> tensor<1x7x5x6xf16>
  // 9: bf16: 3x3, pad 1, Cin 5, Cout 6
  %c9 = mindspore.conv2d %x9, %w9 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x5x7x9xbf16>, tensor<6x5x3x3xbf16>) -> tensor<1x6x7x9xbf16>
  %y9 = mindspore.bias_add %c9, %b9 : (tensor<1x6x7x9xbf16>, tensor<6xbf16>) -> tensor<1x6x7x9xbf16>
  return %y0, %y1, %c2, %y3, %c4, %c5, %y6, %c7, %y8, %y9 : tensor<2x7x5x6xf32>, tensor<1x10x10x9xf32>, tensor<1x18x11x9xf32>, tensor<3x33x6x5xf32>, tensor<1x5x10x7xf32>, tensor<2x9x8x5xf32>, tensor<1x40x11x9xf32>, tensor<1x3x9x10xf32>, tensor<1x7x5x6xf16>, tensor<1x6x7x9xbf16>
}
