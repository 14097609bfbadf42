// Primitives outside any fusion group (a softmax, a layer norm, an add of a
// row, a mean over the leading axis, a multiplication by a splat constant, a
// cast, a gather of rows, a row sum, a ReLU, sums over either axis of a
// square matrix) are fusion groups of one at the
// aicore level: each becomes a one-op Vector kernel and runs on the CPU.
// The expected outputs in the .runs file are numpy's (float64, rounded to the
// result type); the mindspore level (the primitives' own CPU lowering) gives
// the same numbers.
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -o %t.aicore.mlir
// RUN: FileCheck %s --check-prefix=KERNELS < %t.aicore.mlir
// RUN: ascend-run --check-bounds %t.aicore.mlir --inputs %S/Inputs/lone-primitives.runs | FileCheck %s
// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/lone-primitives.runs | FileCheck %s
// CHECK: run 0: {{.*}}: ok
// CHECK-NOT: mismatch

// No primitive is left: every op is a launch of its own kernel.
// KERNELS-LABEL: func.func @main
// KERNELS-NOT: mindspore.
// KERNELS-COUNT-9: aicore.launch
// KERNELS-NEXT: aicore.launch @ReduceSum_[[COLS:[0-9]+]](
// KERNELS-NEXT: aicore.launch @ReduceSum_[[ROWS:[0-9]+]](
// KERNELS-NOT: mindspore.
// KERNELS: return
// KERNELS: aicore.kernel @ReduceSum_[[COLS]](
// KERNELS: aicore.kernel @ReduceSum_[[ROWS]](
func.func @main(%x: tensor<5x37xf32>, %h: tensor<6x33xf32>, %g: tensor<33xf32>, %b: tensor<33xf32>, %m: tensor<300x37xf32>, %r: tensor<37xf32>, %c: tensor<40x9xf32>, %f: tensor<1000xf32>, %t: tensor<10x8xf16>, %ids: tensor<6xi64>, %s: tensor<7x45xf32>, %sq: tensor<6x6xf32>) -> (tensor<5x37xf32>, tensor<6x33xf32>, tensor<300x37xf32>, tensor<9xf32>, tensor<1000xf16>, tensor<6x8xf16>, tensor<7x1xf32>, tensor<1000xf32>, tensor<6xf32>, tensor<6xf32>) {
  %0 = mindspore.softmax %x {axis = -1} : tensor<5x37xf32>
  %1 = mindspore.layer_norm %h, %g, %b {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<6x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x33xf32>
  %2 = mindspore.add %m, %r : (tensor<300x37xf32>, tensor<37xf32>) -> tensor<300x37xf32>
  %3 = mindspore.reduce_mean %c, [0] : (tensor<40x9xf32>) -> tensor<9xf32>
  %k = mindspore.constant dense<0.5> : tensor<f32>
  %4 = mindspore.mul %f, %k : (tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
  %5 = mindspore.cast %4 : (tensor<1000xf32>) -> tensor<1000xf16>
  %6 = mindspore.gather %t, %ids {axis = 0 : i64} : (tensor<10x8xf16>, tensor<6xi64>) -> tensor<6x8xf16>
  %7 = mindspore.reduce_sum %s, [1] {keep_dims = true} : (tensor<7x45xf32>) -> tensor<7x1xf32>
  %8 = mindspore.relu %f : tensor<1000xf32>
  // The same reduction over axis 0 and over axis 1 of a square matrix: same
  // types, different axes, two kernels.
  %9 = mindspore.reduce_sum %sq, [0] : (tensor<6x6xf32>) -> tensor<6xf32>
  %10 = mindspore.reduce_sum %sq, [1] : (tensor<6x6xf32>) -> tensor<6xf32>
  return %0, %1, %2, %3, %5, %6, %7, %8, %9, %10 : tensor<5x37xf32>, tensor<6x33xf32>, tensor<300x37xf32>, tensor<9xf32>, tensor<1000xf16>, tensor<6x8xf16>, tensor<7x1xf32>, tensor<1000xf32>, tensor<6xf32>, tensor<6xf32>
}
