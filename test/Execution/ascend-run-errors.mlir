// RUN: not ascend-run %s --inputs %S/Inputs/guard.runs 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: not ascend-run %s --inputs %S/Inputs/mismatch.runs 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: ascend-run %s --inputs %S/Inputs/mismatch.runs --atol 0.25 | FileCheck %s --check-prefix=LOOSE
// RUN: not ascend-run %s --inputs %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t.missing
// RUN: not ascend-run %s --inputs %S/Inputs/guard.runs --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY

// GUARD: run 0: max abs error 0, max rel error 0 (tolerance atol 1e-05 x max(1, max |eager|)): ok
// GUARD: {{.*}}ascend-run-errors.mlir:24:3: error: guard failed: x > 0 was the only side seen at model.py:7
// GUARD: ascend-run: error: {{.*}}guard.runs:5: run 1 failed in {{.*}}ascend-run-errors.mlir (the error above says why)

// MISMATCH: run 0: max abs error 0.5, max rel error 0.11 (tolerance atol 1e-05 x max(1, max |eager|)): mismatch
// MISMATCH-NEXT: output 0: element [1] is 4, eager 4.5 (max abs error 0.5, tolerance atol 1e-05 x max(1, max |eager|))

// LOOSE: run 0: max abs error 0.5, max rel error 0.11 (tolerance atol 0.25 x max(1, max |eager|)): ok

// MISSING: ascend-run: error: cannot open input file '[[FILE]]': No such file or directory

// ENTRY: error: no function @nope with a body to run
// ENTRY: error: {{.*}}ascend-run-errors.mlir: cannot compile @nope for the CPU

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %zero = mindspore.constant dense<0.0> : tensor<f32>
  %p = mindspore.greater %x, %zero : (tensor<2xf32>, tensor<f32>) -> tensor<2xi1>
  mindspore.assert %p, "x > 0 was the only side seen at model.py:7" : tensor<2xi1>
  %y = mindspore.add %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
