// A MIX kernel's Cube and Vector cores share only GM: every generated
// kernel passes the kernel model's race and deadlock check, and taking out
// one cross-core flag it needs makes the model report it.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,32,1,2 -o %t.mlir
// RUN: ascend-opt %t.mlir --ascend-aicore-estimate -o /dev/null
//
// AIV 0 loads a workspace tile before the AIC has FIX-written it.
// RUN: sed -e '0,/aicore.cross_core_wait_flag mte2, 0/{/aicore.cross_core_wait_flag mte2, 0/d}' %t.mlir > %t.no-ready-wait.mlir
// RUN: not ascend-opt %t.no-ready-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=READY
// READY: error: race: aicore.copy on pipe mte2 of AIV 0 reads a buffer that aicore.copy on pipe fix of the AIC writes with no cross_core_set_flag/cross_core_wait_flag ordering them
// READY: note: the other access
//
// The AIC overwrites workspace slot 0 (its third tile) while the AIVs may
// still be loading the first: without the first wait for a free slot, each
// later wait takes the set of the tile after.
// RUN: awk '/aicore.cross_core_wait_flag fix, 1/ { n++; if (n == 1) next } { print }' %t.mlir > %t.no-free-wait.mlir
// RUN: not ascend-opt %t.no-free-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREE
// FREE: error: race: aicore.copy on pipe fix of the AIC writes a buffer that aicore.copy on pipe mte2 of AIV {{[01]}} reads with no cross_core_set_flag/cross_core_wait_flag ordering them
//
// With one initial "slot free" set less, the AIC's last wait has nothing
// to wait for.
// RUN: sed -e '0,/aicore.cross_core_set_flag mte2, 1/{/aicore.cross_core_set_flag mte2, 1/d}' %t.mlir > %t.no-initial-set.mlir
// RUN: not ascend-opt %t.no-initial-set.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: error: deadlock: no earlier cross_core_set_flag 1 of the AIV 0 is left for this wait on the AIC

// 256 x 64 in 16 x 16 tiles: 64 tiles over 24 blocks, two or three per
// block, through workspace slots 0, 1, 0.
func.func @linear_relu(%x: tensor<256x32xf16>, %w: tensor<32x64xf16>) -> tensor<256x64xf16> {
  %o = mindspore.fusion "mix" "Fused_MatMul_ReLU_0" (%x, %w) : (tensor<256x32xf16>, tensor<32x64xf16>) -> tensor<256x64xf16> {
  ^bb0(%a: tensor<256x32xf16>, %c: tensor<32x64xf16>):
    %m = mindspore.matmul %a, %c : (tensor<256x32xf16>, tensor<32x64xf16>) -> tensor<256x64xf16>
    %r = mindspore.relu %m : tensor<256x64xf16>
    mindspore.yield %r : tensor<256x64xf16>
  }
  return %o : tensor<256x64xf16>
}
