// ascend-run's tolerance follows the precision an output was computed in:
// output 0 is a bf16 computation cast to f32 at the end (judged at 1 ulp of
// bf16, not at f32's atol), output 1 an f32 computation of the same bf16 input
// (cast first: f32 tolerance), output 2 an f16 one (1 ulp of f16). The run
// line names the tolerance of each output. Run 0 is one ulp of bf16 off
// (2 against 2.015625): ok. Run 1 is two ulps off (2 against 2.03125): a
// mismatch, though within the old 1e-2 x max(1, max |eager|) rule. --atol
// overrides every float output.
// RUN: not ascend-run %s --inputs %S/Inputs/precision.runs | FileCheck %s
// RUN: ascend-run %s --inputs %S/Inputs/precision.runs --atol 0.01 | FileCheck %s --check-prefix=USER

// CHECK: run 0: max abs error 0.016, max rel error 0.0078 (tolerance per output: 0: 1 ulp of bf16 at |eager|; 1: atol 1e-05 x max(1, max |eager|); 2: 1 ulp of f16 at |eager|): ok
// CHECK-NEXT: run 1: max abs error 0.031, max rel error 0.015 (tolerance per output: 0: 1 ulp of bf16 at |eager|; 1: atol 1e-05 x max(1, max |eager|); 2: 1 ulp of f16 at |eager|): mismatch
// CHECK-NEXT:   output 0: element [0] is 2, eager 2.03125 (max abs error 0.031, tolerance 1 ulp of bf16 at |eager|)
// CHECK-NOT: output 1:

// USER: run 0: {{.*}} (tolerance atol 0.01 x max(1, max |eager|)): ok
// USER-NEXT: run 1: {{.*}} (tolerance atol 0.01 x max(1, max |eager|)): ok

func.func @main(%x: tensor<3xbf16>, %h: tensor<3xf16>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf16>) {
  %y = mindspore.add %x, %x : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xbf16>
  %y32 = mindspore.cast %y : (tensor<3xbf16>) -> tensor<3xf32>
  %x32 = mindspore.cast %x : (tensor<3xbf16>) -> tensor<3xf32>
  %z = mindspore.add %x32, %x32 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %g = mindspore.add %h, %h : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xf16>
  return %y32, %z, %g : tensor<3xf32>, tensor<3xf32>, tensor<3xf16>
}
