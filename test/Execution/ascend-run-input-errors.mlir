// Runs whose inputs fit no function of the module are refused naming the
// runs file, the line of the run's `run`, the run's index and the first
// difference (count, shape or dtype), with a non-zero exit.
// RUN: not ascend-run %s --inputs %S/Inputs/input-count.runs 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not ascend-run %s --inputs %S/Inputs/input-shape.runs 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not ascend-run %s --inputs %S/Inputs/input-dtype.runs 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not ascend-run %s --inputs %S/Inputs/input-syntax.runs 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not ascend-run %s --inputs %S/Inputs/input-count.runs --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY

// COUNT: ascend-run: error: {{.*}}input-count.runs:2: run 0: no function of {{.*}}ascend-run-input-errors.mlir takes its inputs (tensor<2xf32>, tensor<2xf32>); @main takes (tensor<2xf32>): the run has 2 inputs, @main takes 1

// The first run is fine: the second is refused at its own line.
// SHAPE: run 0: no eager outputs to compare
// SHAPE: ascend-run: error: {{.*}}input-shape.runs:5: run 1: no function of {{.*}} takes its inputs (tensor<3xf32>); @main takes (tensor<2xf32>): input 0 has shape tensor<3xf32>, @main takes tensor<2xf32>

// DTYPE: ascend-run: error: {{.*}}input-dtype.runs:2: run 0: no function of {{.*}} takes its inputs (tensor<2xi32>); @main takes (tensor<2xf32>): input 0 has dtype tensor<2xi32>, @main takes tensor<2xf32>

// The attribute parser's complaint is folded into the message at its
// column of the line, not printed at a place in the attribute alone.
// SYNTAX-NOT: error: expected ']'
// SYNTAX: ascend-run: error: {{.*}}input-syntax.runs:3: expected a statically shaped dense elements attribute, got `dense<[1.0, 2.0> : tensor<2xf32>` (column 22: expected ']')

// ENTRY: error: no function @nope with a body to run
// ENTRY: ascend-run: error: {{.*}}ascend-run-input-errors.mlir: cannot compile @nope for the CPU

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = mindspore.add %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
