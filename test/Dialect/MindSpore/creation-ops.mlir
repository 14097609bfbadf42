// RUN: ascend-opt %s | ascend-opt | FileCheck %s
// RUN: ascend-opt %s -mlir-print-op-generic | ascend-opt | FileCheck %s
// RUN: ascend-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @creation
// CHECK: mindspore.masked_fill %arg0, %arg1, %arg2 : (tensor<2x3xf32>, tensor<3xi1>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: mindspore.fill %arg2 : (tensor<f32>) -> tensor<2x2xf32>
// CHECK: mindspore.zeros : tensor<4xi32>
// CHECK: mindspore.ones : tensor<2xi1>
// CHECK: mindspore.dropout %arg0 {keep_prob = 8.000000e-01 : f32} : tensor<2x3xf32>
// Folds: a constant value fills a constant; zeros, ones are constants;
// dropout is the identity; an all-false constant mask changes nothing.
// FOLD-LABEL: func.func @creation
// FOLD-DAG: %[[F:.*]] = mindspore.constant dense<2.500000e+00> : tensor<2x2xf32>
// FOLD-DAG: %[[Z:.*]] = mindspore.constant dense<0> : tensor<4xi32>
// FOLD-DAG: %[[O:.*]] = mindspore.constant dense<true> : tensor<2xi1>
// FOLD: %[[M:.*]] = mindspore.masked_fill %arg0, %arg1, %arg2
// FOLD-NOT: mindspore.dropout
// FOLD: return %[[M]], %{{.*}}, %[[F]], %[[Z]], %[[O]], %arg0, %arg0
func.func @creation(%x: tensor<2x3xf32>, %m: tensor<3xi1>, %v: tensor<f32>)
    -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4xi32>, tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = mindspore.masked_fill %x, %m, %v : (tensor<2x3xf32>, tensor<3xi1>, tensor<f32>) -> tensor<2x3xf32>
  %b = mindspore.fill %v : (tensor<f32>) -> tensor<2x2xf32>
  %c25 = mindspore.constant dense<2.5> : tensor<f32>
  %c = mindspore.fill %c25 : (tensor<f32>) -> tensor<2x2xf32>
  %z = mindspore.zeros : tensor<4xi32>
  %o = mindspore.ones : tensor<2xi1>
  %d = mindspore.dropout %x {keep_prob = 0.8 : f32} : tensor<2x3xf32>
  %none = mindspore.constant dense<false> : tensor<3xi1>
  %e = mindspore.masked_fill %x, %none, %v : (tensor<2x3xf32>, tensor<3xi1>, tensor<f32>) -> tensor<2x3xf32>
  return %a, %b, %c, %z, %o, %d, %e : tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4xi32>, tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>
}
