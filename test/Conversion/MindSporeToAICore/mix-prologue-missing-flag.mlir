// The Vector -> Cube hand-off of a MIX kernel's prologue goes through GM
// workspace slots: the generated kernel passes the kernel model's race and
// deadlock check, and taking out one cross-core flag it needs makes the
// model report it.
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,32,1,1 -o %t.mlir
// RUN: ascend-opt %t.mlir --ascend-aicore-estimate -o /dev/null
//
// The AIC loads a tile's A rows before the AIVs have written them.
// RUN: sed -e '0,/aicore.cross_core_wait_flag mte2, 2/{/aicore.cross_core_wait_flag mte2, 2/d}' %t.mlir > %t.no-ready-wait.mlir
// RUN: not ascend-opt %t.no-ready-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=READY
// READY: error: race: aicore.copy on pipe mte2 of the AIC reads a buffer that aicore.copy on pipe mte3 of AIV 0 writes with no cross_core_set_flag/cross_core_wait_flag ordering them
// READY: note: the other access
//
// (Taking out an AIV's first wait for a free slot is no race on this
// kernel: the AIVs compute tile j + 2's rows, into tile j's slot, after
// tile j's epilogue, which waited for the Cube's FIX of tile j, after its
// loads of tile j. The "slot free" flags are what would order them if the
// AIVs ran further ahead; the deadlock below shows they are counted.)
//
// With one initial "slot free" set of the AIC less, the AIVs' last wait has
// nothing to wait for.
// RUN: sed -e '0,/aicore.cross_core_set_flag mte2, 3/{/aicore.cross_core_set_flag mte2, 3/d}' %t.mlir > %t.no-initial-set.mlir
// RUN: not ascend-opt %t.no-initial-set.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: error: deadlock: no earlier cross_core_set_flag 3 of the AIC is left for this wait on the AIV 0
//
// Without the AIVs' "rows ready" set (AIV 1's, in the else branch) the
// AIC's wait deadlocks.
// RUN: awk '/aicore.cross_core_set_flag mte3, 2/ { n++; if (n == 2) next } { print }' %t.mlir > %t.no-ready-set.mlir
// RUN: not ascend-opt %t.no-ready-set.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOREADY
// NOREADY: error: deadlock: no earlier cross_core_set_flag 2 of the AIV 1 is left for this wait on the AIC

// 130 x 96 in 16 x 16 tiles: 54 tiles over 24 blocks, blocks 0-5 take
// three (workspace slots 0, 1, 0 of A's rows).
func.func @prologue(%x: tensor<130x24xf16>, %w: tensor<96x24xf16>) -> tensor<130x96xf16> {
  %o = mindspore.fusion "mix" "Fused_ReLU_MatMul_ReLU_0" (%x, %w) : (tensor<130x24xf16>, tensor<96x24xf16>) -> tensor<130x96xf16> {
  ^bb0(%a: tensor<130x24xf16>, %c: tensor<96x24xf16>):
    %p = mindspore.relu %a : tensor<130x24xf16>
    %m = mindspore.matmul %p, %c {transpose_b = true} : (tensor<130x24xf16>, tensor<96x24xf16>) -> tensor<130x96xf16>
    %r = mindspore.relu %m : tensor<130x96xf16>
    mindspore.yield %r : tensor<130x96xf16>
  }
  return %o : tensor<130x96xf16>
}
