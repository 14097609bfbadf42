// MIX kernels of convolutions (a Conv2D with its BiasAdd from the bias
// table on the Cube, the elementwise epilogue on the two Vector cores,
// through a GM workspace of [channels, pixels] tiles) run on the CPU
// against PyTorch's exact values (Inputs/conv_mix_kernel_runs.py writes the
// runs file): odd channel counts (5, 7, 17, 33, 3 -> 10), strides 2 and 1,
// pads 1, 2 and an asymmetric (2, 3, 1, 2), dilation 2, 1x1, 3x3 and 5x5
// kernels, batches 2 and 3, residual Adds, per-channel scale and shift
// vectors, a gate per image and channel ([2, C, 1, 1]), a splat, two
// results, f32 and f16 with a Cast.
// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-opt %t.aicore.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/conv-mix-kernel.runs | FileCheck %s
// Many tiles per block (16 pixels x 16 channels): the two workspace slots in
// turn, with two L0C buffers and with one.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,2 -o %t.small.mlir
// RUN: ascend-opt %t.small.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.small.mlir --inputs %S/Inputs/conv-mix-kernel.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,1 -o %t.one.mlir
// RUN: ascend-opt %t.one.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.one.mlir --inputs %S/Inputs/conv-mix-kernel.runs | FileCheck %s
// Whole images in one 512-pixel tile of 32 channels: each AIV's 16 channels
// take two UB chunks (aiv_chunk_rows 10 to 13), the ping-pong buffers in
// turn within a tile.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=512,32,16,1,1 -o %t.wide.mlir
// RUN: FileCheck %s --check-prefix=WIDE < %t.wide.mlir
// RUN: ascend-opt %t.wide.mlir --ascend-aicore-plan-buffers --ascend-aicore-estimate -o /dev/null
// RUN: ascend-run --check-bounds %t.wide.mlir --inputs %S/Inputs/conv-mix-kernel.runs | FileCheck %s
// WIDE: aicore.kernel @Fused_Conv2D_Mul_Add_ReLU_2({{.*}}aicore.mix = {aiv_chunk_rows = 11 : i64}
// The mindspore level (the groups' primitives) gives the same numbers.
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/conv-mix-kernel.runs | FileCheck %s
// CHECK: run 0: max abs error 0, max rel error 0 ({{.*}}): ok
// CHECK-NOT: mismatch

// Every group is one MIX kernel; no convolution, TransData or epilogue
// primitive is left.
// KERNELS-NOT: mindspore.conv2d
// KERNELS-NOT: mindspore.trans_data
// KERNELS-NOT: mindspore.relu
// KERNELS: aicore.launch @Fused_Conv2D_BiasAdd_ReLU_0(%arg0, %arg1, %arg2)
// KERNELS: aicore.launch @Fused_Conv2D_BiasAdd_Add_ReLU_1(%{{.*}}, %arg3, %arg4, %{{.*}})
// KERNELS: aicore.launch @Fused_Conv2D_Mul_Add_ReLU_2(%arg5, %arg6, %arg7, %arg8)
// KERNELS: aicore.launch @Fused_Conv2D_BiasAdd_Add_ReLU_Mul_3(%arg9, %arg10, %arg11, %arg12)
// KERNELS: aicore.launch @Fused_Conv2D_BiasAdd_Add_ReLU_Cast_4(%arg13, %arg14, %arg15, %arg16)
// KERNELS: aicore.launch @Fused_Conv2D_BiasAdd_ReLU_Mul_5(%arg17, %arg18, %arg19, %arg20)
// KERNELS-NOT: mindspore.conv2d
// KERNELS-NOT: mindspore.trans_data
// KERNELS-COUNT-6: aicore.kernel @Fused_Conv2D_{{.*}}workspace_bytes

func.func @main(%x0: tensor<2x5x9x11xf32>, %w0: tensor<7x5x3x3xf32>, %b0: tensor<7xf32>, %w1: tensor<7x7x3x3xf32>, %b1: tensor<7xf32>, %x2: tensor<2x17x7x6xf32>, %w2: tensor<33x17x3x3xf32>, %scale: tensor<1x33x1x1xf32>, %shift: tensor<33x1x1xf32>, %x3: tensor<3x20x11x9xf32>, %w3: tensor<40x20x1x1xf32>, %b3: tensor<40xf32>, %r3: tensor<3x40x6x5xf32>, %x5: tensor<2x3x10x7xf16>, %w5: tensor<10x3x5x5xf16>, %b5: tensor<10xf16>, %r5: tensor<2x10x6x3xf16>, %x6: tensor<2x9x8x10xf32>, %w6: tensor<12x9x3x3xf32>, %b6: tensor<12xf32>, %gate: tensor<2x12x1x1xf32>) -> (tensor<2x7x5x6xf32>, tensor<2x33x7x6xf32>, tensor<3x40x6x5xf32>, tensor<3x40x6x5xf32>, tensor<2x10x6x3xf32>, tensor<2x12x4x5xf32>) {
  // 0: in the device formats, as the graph-level layout pass leaves a
  // residual block: NC1HWC0 activations, FRACTAL_Z weights.
  %x0p = mindspore.trans_data %x0 "NCHW" -> "NC1HWC0" : (tensor<2x5x9x11xf32>) -> tensor<2x1x9x11x16xf32>
  %w0p = mindspore.trans_data %w0 "NCHW" -> "FRACTAL_Z" : (tensor<7x5x3x3xf32>) -> tensor<9x1x16x16xf32>
  %y0 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_ReLU_0" (%x0p, %w0p, %b0) : (tensor<2x1x9x11x16xf32>, tensor<9x1x16x16xf32>, tensor<7xf32>) -> tensor<2x1x5x6x16xf32> {
  ^bb0(%a: tensor<2x1x9x11x16xf32>, %e: tensor<9x1x16x16xf32>, %f: tensor<7xf32>):
    %a1 = mindspore.trans_data %a "NC1HWC0" -> "NCHW" : (tensor<2x1x9x11x16xf32>) -> tensor<2x5x9x11xf32>
    %e1 = mindspore.trans_data %e "FRACTAL_Z" -> "NCHW" : (tensor<9x1x16x16xf32>) -> tensor<7x5x3x3xf32>
    %c = mindspore.conv2d %a1, %e1 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x5x9x11xf32>, tensor<7x5x3x3xf32>) -> tensor<2x7x5x6xf32>
    %s = mindspore.bias_add %c, %f : (tensor<2x7x5x6xf32>, tensor<7xf32>) -> tensor<2x7x5x6xf32>
    %y = mindspore.relu %s : tensor<2x7x5x6xf32>
    %yp = mindspore.trans_data %y "NCHW" -> "NC1HWC0" : (tensor<2x7x5x6xf32>) -> tensor<2x1x5x6x16xf32>
    mindspore.yield %yp : tensor<2x1x5x6x16xf32>
  }
  // 1: reads group 0's NC1HWC0 result as its input and as its residual.
  %w1p = mindspore.trans_data %w1 "NCHW" -> "FRACTAL_Z" : (tensor<7x7x3x3xf32>) -> tensor<9x1x16x16xf32>
  %y1 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Add_ReLU_1" (%y0, %w1p, %b1, %y0) : (tensor<2x1x5x6x16xf32>, tensor<9x1x16x16xf32>, tensor<7xf32>, tensor<2x1x5x6x16xf32>) -> tensor<2x1x5x6x16xf32> {
  ^bb0(%a: tensor<2x1x5x6x16xf32>, %e: tensor<9x1x16x16xf32>, %f: tensor<7xf32>, %h: tensor<2x1x5x6x16xf32>):
    %a1 = mindspore.trans_data %a "NC1HWC0" -> "NCHW" : (tensor<2x1x5x6x16xf32>) -> tensor<2x7x5x6xf32>
    %e1 = mindspore.trans_data %e "FRACTAL_Z" -> "NCHW" : (tensor<9x1x16x16xf32>) -> tensor<7x7x3x3xf32>
    %h1 = mindspore.trans_data %h "NC1HWC0" -> "NCHW" : (tensor<2x1x5x6x16xf32>) -> tensor<2x7x5x6xf32>
    %c = mindspore.conv2d %a1, %e1 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x7x5x6xf32>, tensor<7x7x3x3xf32>) -> tensor<2x7x5x6xf32>
    %s = mindspore.bias_add %c, %f : (tensor<2x7x5x6xf32>, tensor<7xf32>) -> tensor<2x7x5x6xf32>
    %t = mindspore.add %s, %h1 : (tensor<2x7x5x6xf32>, tensor<2x7x5x6xf32>) -> tensor<2x7x5x6xf32>
    %y = mindspore.relu %t : tensor<2x7x5x6xf32>
    %yp = mindspore.trans_data %y "NCHW" -> "NC1HWC0" : (tensor<2x7x5x6xf32>) -> tensor<2x1x5x6x16xf32>
    mindspore.yield %yp : tensor<2x1x5x6x16xf32>
  }
  %o1 = mindspore.trans_data %y1 "NC1HWC0" -> "NCHW" : (tensor<2x1x5x6x16xf32>) -> tensor<2x7x5x6xf32>
  // 2: NCHW throughout; per-channel scale and shift instead of a BiasAdd.
  %y2 = mindspore.fusion "mix" "Fused_Conv2D_Mul_Add_ReLU_2" (%x2, %w2, %scale, %shift) : (tensor<2x17x7x6xf32>, tensor<33x17x3x3xf32>, tensor<1x33x1x1xf32>, tensor<33x1x1xf32>) -> tensor<2x33x7x6xf32> {
  ^bb0(%a: tensor<2x17x7x6xf32>, %e: tensor<33x17x3x3xf32>, %p: tensor<1x33x1x1xf32>, %q: tensor<33x1x1xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 2, 2>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>} : (tensor<2x17x7x6xf32>, tensor<33x17x3x3xf32>) -> tensor<2x33x7x6xf32>
    %m = mindspore.mul %c, %p : (tensor<2x33x7x6xf32>, tensor<1x33x1x1xf32>) -> tensor<2x33x7x6xf32>
    %s = mindspore.add %m, %q : (tensor<2x33x7x6xf32>, tensor<33x1x1xf32>) -> tensor<2x33x7x6xf32>
    %y = mindspore.relu %s : tensor<2x33x7x6xf32>
    mindspore.yield %y : tensor<2x33x7x6xf32>
  }
  // 3: 1x1, stride 2, batch 3; two results (the sum before the ReLU too).
  %y3:2 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Add_ReLU_Mul_3" (%x3, %w3, %b3, %r3) : (tensor<3x20x11x9xf32>, tensor<40x20x1x1xf32>, tensor<40xf32>, tensor<3x40x6x5xf32>) -> (tensor<3x40x6x5xf32>, tensor<3x40x6x5xf32>) {
  ^bb0(%a: tensor<3x20x11x9xf32>, %e: tensor<40x20x1x1xf32>, %f: tensor<40xf32>, %h: tensor<3x40x6x5xf32>):
    %half = mindspore.constant dense<5.000000e-01> : tensor<f32>
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<3x20x11x9xf32>, tensor<40x20x1x1xf32>) -> tensor<3x40x6x5xf32>
    %s = mindspore.bias_add %c, %f : (tensor<3x40x6x5xf32>, tensor<40xf32>) -> tensor<3x40x6x5xf32>
    %t = mindspore.add %s, %h : (tensor<3x40x6x5xf32>, tensor<3x40x6x5xf32>) -> tensor<3x40x6x5xf32>
    %r = mindspore.relu %t : tensor<3x40x6x5xf32>
    %y = mindspore.mul %r, %half : (tensor<3x40x6x5xf32>, tensor<f32>) -> tensor<3x40x6x5xf32>
    mindspore.yield %y, %t : tensor<3x40x6x5xf32>, tensor<3x40x6x5xf32>
  }
  // 4: f16, 5x5, stride 2, asymmetric pad, Cin 3; the result cast to f32.
  %y5 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_Add_ReLU_Cast_4" (%x5, %w5, %b5, %r5) : (tensor<2x3x10x7xf16>, tensor<10x3x5x5xf16>, tensor<10xf16>, tensor<2x10x6x3xf16>) -> tensor<2x10x6x3xf32> {
  ^bb0(%a: tensor<2x3x10x7xf16>, %e: tensor<10x3x5x5xf16>, %f: tensor<10xf16>, %h: tensor<2x10x6x3xf16>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 2, 3, 1, 2>, stride = array<i64: 2, 2>} : (tensor<2x3x10x7xf16>, tensor<10x3x5x5xf16>) -> tensor<2x10x6x3xf16>
    %s = mindspore.bias_add %c, %f : (tensor<2x10x6x3xf16>, tensor<10xf16>) -> tensor<2x10x6x3xf16>
    %t = mindspore.add %s, %h : (tensor<2x10x6x3xf16>, tensor<2x10x6x3xf16>) -> tensor<2x10x6x3xf16>
    %r = mindspore.relu %t : tensor<2x10x6x3xf16>
    %y = mindspore.cast %r : (tensor<2x10x6x3xf16>) -> tensor<2x10x6x3xf32>
    mindspore.yield %y : tensor<2x10x6x3xf32>
  }
  // 5: batch 2, a gate per image and channel (squeeze-and-excitation).
  %y6 = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_ReLU_Mul_5" (%x6, %w6, %b6, %gate) : (tensor<2x9x8x10xf32>, tensor<12x9x3x3xf32>, tensor<12xf32>, tensor<2x12x1x1xf32>) -> tensor<2x12x4x5xf32> {
  ^bb0(%a: tensor<2x9x8x10xf32>, %e: tensor<12x9x3x3xf32>, %f: tensor<12xf32>, %h: tensor<2x12x1x1xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x9x8x10xf32>, tensor<12x9x3x3xf32>) -> tensor<2x12x4x5xf32>
    %s = mindspore.bias_add %c, %f : (tensor<2x12x4x5xf32>, tensor<12xf32>) -> tensor<2x12x4x5xf32>
    %r = mindspore.relu %s : tensor<2x12x4x5xf32>
    %y = mindspore.mul %r, %h : (tensor<2x12x4x5xf32>, tensor<2x12x1x1xf32>) -> tensor<2x12x4x5xf32>
    mindspore.yield %y : tensor<2x12x4x5xf32>
  }
  return %o1, %y2, %y3#0, %y3#1, %y5, %y6 : tensor<2x7x5x6xf32>, tensor<2x33x7x6xf32>, tensor<3x40x6x5xf32>, tensor<3x40x6x5xf32>, tensor<2x10x6x3xf32>, tensor<2x12x4x5xf32>
}
