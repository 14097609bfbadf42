// RUN: not ascend-run --check-bounds %s --trace %S/Inputs/square.txtpb | FileCheck %s

// Runs 0 and 1 match their eager outputs exactly; run 2's eager output was
// changed to 9 where x * x is 16.

// CHECK: run 0: max abs error 0, max rel error 0 (tolerance atol 1e-05 x max(1, max |eager|)): ok
// CHECK-NEXT: run 1: max abs error 0, max rel error 0 (tolerance atol 1e-05 x max(1, max |eager|)): ok
// CHECK-NEXT: run 2: max abs error 7, max rel error 0.78 (tolerance atol 1e-05 x max(1, max |eager|)): mismatch
// CHECK-NEXT: output 0: element [1] is 16, eager 9

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = mindspore.mul %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
