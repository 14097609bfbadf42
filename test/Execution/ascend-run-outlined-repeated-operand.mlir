// RUN: ascend-run %s --inputs %S/Inputs/outlined-repeated-operand.runs --print-outputs --timing 2>&1 | FileCheck %s

// An op that reads one value twice (`mul %x, %x`) and a later op of two
// values on the same types share one outlined function: its operand i is
// argument i. (The function was `mul %arg1, %arg1` when the operands were
// mapped by value, so `mul %s, %y` computed y * y: lgamma's Stirling series
// at the aicore level was silently wrong.) x = 3, y = 5: s = 9, s * y = 45.
// CHECK: ascend-run: @main: 2 graph ops outlined into 1 distinct functions
// CHECK: run 0 output 0: dense<4.500000e+01> : tensor<f32>
// CHECK: run 0: max abs error 0, {{.*}}: ok

func.func @main(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %s = mindspore.mul %x, %x : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %r = mindspore.mul %s, %y : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
