// A conv MIX kernel's Cube and Vector cores share only GM: the generated
// kernel passes the kernel model's race and deadlock check, and taking out
// one cross-core flag it needs makes the model report it. The AIC writes
// each tile transposed ([channels, pixels]) into its workspace slot; the
// model tracks that view by its element range, so the two slots of a block
// are disjoint.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,16,1,2 -o %t.mlir
// RUN: ascend-opt %t.mlir --ascend-aicore-estimate -o /dev/null
//
// AIV 0 loads a workspace tile before the AIC has FIX-written it.
// RUN: sed -e '0,/aicore.cross_core_wait_flag mte2, 0/{/aicore.cross_core_wait_flag mte2, 0/d}' %t.mlir > %t.no-ready-wait.mlir
// RUN: not ascend-opt %t.no-ready-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=READY
// READY: error: race: aicore.copy on pipe mte2 of AIV 0 reads a buffer that aicore.copy on pipe fix of the AIC writes with no cross_core_set_flag/cross_core_wait_flag ordering them
// READY: note: the other access
//
// Without its first wait for a free slot, the AIC overwrites a slot the
// AIVs may still be loading.
// RUN: awk '/aicore.cross_core_wait_flag fix, 1/ { n++; if (n == 1) next } { print }' %t.mlir > %t.no-free-wait.mlir
// RUN: not ascend-opt %t.no-free-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREE
// FREE: error: race: aicore.copy on pipe fix of the AIC writes a buffer that aicore.copy on pipe mte2 of AIV {{[01]}} reads with no cross_core_set_flag/cross_core_wait_flag ordering them
//
// With one initial "slot free" set less, the AIC's last wait has nothing
// to wait for.
// RUN: sed -e '0,/aicore.cross_core_set_flag mte2, 1/{/aicore.cross_core_set_flag mte2, 1/d}' %t.mlir > %t.no-initial-set.mlir
// RUN: not ascend-opt %t.no-initial-set.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: error: deadlock: no earlier cross_core_set_flag 1 of the AIV 0 is left for this wait on the AIC

// 2 x 8 x 32 x 32, 3x3 stride 2 pad 1 -> 2 x 20 x 16 x 16: 512 stacked
// output pixels x 20 channels in 16 x 16 tiles, 64 tiles over 24 blocks
// (two or three per block, through workspace slots 0, 1, 0).
func.func @conv_bias_relu(%x: tensor<2x8x32x32xf32>, %w: tensor<20x8x3x3xf32>, %b: tensor<20xf32>) -> tensor<2x20x16x16xf32> {
  %y = mindspore.fusion "mix" "Fused_Conv2D_BiasAdd_ReLU_0" (%x, %w, %b) : (tensor<2x8x32x32xf32>, tensor<20x8x3x3xf32>, tensor<20xf32>) -> tensor<2x20x16x16xf32> {
  ^bb0(%a: tensor<2x8x32x32xf32>, %e: tensor<20x8x3x3xf32>, %f: tensor<20xf32>):
    %c = mindspore.conv2d %a, %e {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x8x32x32xf32>, tensor<20x8x3x3xf32>) -> tensor<2x20x16x16xf32>
    %s = mindspore.bias_add %c, %f : (tensor<2x20x16x16xf32>, tensor<20xf32>) -> tensor<2x20x16x16xf32>
    %r = mindspore.relu %s : tensor<2x20x16x16xf32>
    mindspore.yield %r : tensor<2x20x16x16xf32>
  }
  return %y : tensor<2x20x16x16xf32>
}
