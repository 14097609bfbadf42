// The flags around aicore.load3d are the ones the kernel needs: taking one
// out of a generated convolution kernel makes the kernel model report the
// race (as missing-flag-race.mlir does for a matmul).
// RUN: ascend-opt %s --convert-mindspore-to-aicore=tiling=16,16,32,1,1 -o %t.mlir
// RUN: ascend-opt %t.mlir --ascend-aicore-estimate -o /dev/null
//
// load3d expands the band in L1 buffer 0 before MTE2 has filled it.
// RUN: sed -e '0,/aicore.wait_flag mte2 -> mte1, 0/{/aicore.wait_flag mte2 -> mte1, 0/d}' %t.mlir > %t.no-load-wait.mlir
// RUN: not ascend-opt %t.no-load-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: error: race: aicore.load3d on pipe mte1 reads a buffer that aicore.copy on pipe mte2 writes with no set_flag/wait_flag ordering them
// LOAD: note: the other access
//
// load3d overwrites L0A slice 0 (the third slice) while the Cube may still
// be reading it for the first slice's mmad.
// RUN: awk '/aicore.wait_flag m -> mte1, 0/ { n++; if (n == 2) next } { print }' %t.mlir > %t.no-guard.mlir
// RUN: not ascend-opt %t.no-guard.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: error: race: aicore.load3d on pipe mte1 writes a buffer that aicore.mmad on pipe m reads with no set_flag/wait_flag ordering them
//
// MTE2 loads the third stage's band into L1 buffer 0 while load3d may still
// be expanding the first stage's.
// RUN: awk '/aicore.wait_flag mte1 -> mte2, 0/ { n++; if (n == 2) next } { print }' %t.mlir > %t.no-free-wait.mlir
// RUN: not ascend-opt %t.no-free-wait.mlir --ascend-aicore-estimate -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREE
// FREE: error: race: aicore.copy on pipe mte2 writes a buffer that aicore.load3d on pipe mte1 reads with no set_flag/wait_flag ordering them

// K = 32 * 3 * 3 = 288: nine stages of one 32-element slice per tile.
func.func @conv(%x: tensor<1x32x6x7xf16>, %w: tensor<16x32x3x3xf16>) -> tensor<1x16x6x7xf16> {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x32x6x7xf16>, tensor<16x32x3x3xf16>) -> tensor<1x16x6x7xf16>
  return %y : tensor<1x16x6x7xf16>
}
