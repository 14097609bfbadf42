// Every generated kernel passes the kernel model's race and deadlock check;
// taking out one wait_flag it needs makes the model report the race.
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.mlir
// RUN: ascend-opt %t.mlir --ascend-aicore-estimate -o /dev/null
//
// MTE1 reads L1 buffer 1 (the second K stage) before MTE2 has filled it.
// RUN: sed -e '0,/aicore.wait_flag mte2 -> mte1, 1/{/aicore.wait_flag mte2 -> mte1, 1/d}' %t.mlir > %t.no-load-wait.mlir
// RUN: not ascend-opt %t.no-load-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: error: race: aicore.copy on pipe mte1 reads a buffer that aicore.copy on pipe mte2 writes with no set_flag/wait_flag ordering them
// LOAD: note: the other access
//
// MTE1 overwrites L0A slice 0 (the third slice) while the Cube may still
// be reading it for the first slice's mmad: the ping-pong guard.
// RUN: awk '/aicore.wait_flag m -> mte1, 0/ { n++; if (n == 2) next } { print }' %t.mlir > %t.no-guard.mlir
// RUN: not ascend-opt %t.no-guard.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: error: race: aicore.copy on pipe mte1 writes a buffer that aicore.mmad on pipe m reads with no set_flag/wait_flag ordering them
//
// FIX reads the accumulator before the Cube has finished it.
// RUN: sed -e '0,/aicore.wait_flag m -> fix, 0/{/aicore.wait_flag m -> fix, 0/d}' %t.mlir > %t.no-fix-wait.mlir
// RUN: not ascend-opt %t.no-fix-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIX
// FIX: error: race: aicore.copy on pipe fix reads a buffer that aicore.mmad on pipe m writes with no set_flag/wait_flag ordering them

func.func @linear(%x: tensor<64x2048xf16>, %w: tensor<96x2048xf16>) -> tensor<64x96xf16> {
  %m = mindspore.matmul %x, %w {transpose_b = true} : (tensor<64x2048xf16>, tensor<96x2048xf16>) -> tensor<64x96xf16>
  return %m : tensor<64x96xf16>
}
