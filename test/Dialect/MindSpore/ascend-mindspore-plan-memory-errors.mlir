// RUN: ascend-opt %s -split-input-file --ascend-mindspore-plan-memory="hbm-bytes=2000" -verify-diagnostics
// RUN: not ascend-opt %s --ascend-mindspore-plan-memory="chip=Ascend000" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ascend-opt %s --ascend-mindspore-fuse="chip=Ascend000" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ascend-opt %s --ascend-mindspore-fuse="max-group-ops=1" 2>&1 | FileCheck %s --check-prefix=CAP
// CHIP: error: unknown chip 'Ascend000' (not a row of the AI Core target table)
// CAP: error: max-group-ops must be at least 2 and min-tile-bytes positive

// The plan needs 2048 bytes: refused before anything runs.
// expected-error @below {{device memory plan of @chain needs 2048 bytes (inputs 1024, weights and constants 0, activations 1024) but hbm-bytes allows 2000 bytes of HBM}}
func.func @chain(%x: tensor<256xf32>) -> tensor<256xf32> {
  %a = mindspore.exp %x : tensor<256xf32>
  %b = mindspore.neg %a : tensor<256xf32>
  return %b : tensor<256xf32>
}
