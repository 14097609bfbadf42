// RUN: ascend-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @cond_on_true_inlines_then
// CHECK-NOT: mindspore.cond
// CHECK: %[[C:.*]] = mindspore.cos %arg0
// CHECK: return %[[C]]
func.func @cond_on_true_inlines_then(%x: tensor<4xf32>) -> tensor<4xf32> {
  %p = mindspore.constant dense<true> : tensor<i1>
  %r = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>) {
    %c = mindspore.cos %x : tensor<4xf32>
    mindspore.yield %c : tensor<4xf32>
  } else {
    %s = mindspore.sin %x : tensor<4xf32>
    mindspore.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @cond_on_false_inlines_else
// CHECK-NOT: mindspore.cond
// CHECK: %[[S:.*]] = mindspore.sin %arg0
// CHECK: return %[[S]]
func.func @cond_on_false_inlines_else(%x: tensor<4xf32>) -> tensor<4xf32> {
  %p = mindspore.constant dense<false> : tensor<i1>
  %r = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>) {
    %c = mindspore.cos %x : tensor<4xf32>
    mindspore.yield %c : tensor<4xf32>
  } else {
    %s = mindspore.sin %x : tensor<4xf32>
    mindspore.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Both sides compute relu(x * 2): the branch is dropped.
// CHECK-LABEL: func.func @identical_regions_merge
// CHECK-NOT: mindspore.cond
// CHECK: %[[M:.*]] = mindspore.mul %arg0
// CHECK: %[[R:.*]] = mindspore.relu %[[M]]
// CHECK: return %[[R]]
func.func @identical_regions_merge(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %two = mindspore.constant dense<2.0> : tensor<f32>
  %r = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>) {
    %m = mindspore.mul %x, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %a = mindspore.relu %m : tensor<4xf32>
    mindspore.yield %a : tensor<4xf32>
  } else {
    %m = mindspore.mul %x, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %a = mindspore.relu %m : tensor<4xf32>
    mindspore.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Same ops on different values: the branch stays.
// CHECK-LABEL: func.func @different_regions_stay
// CHECK: mindspore.cond
func.func @different_regions_stay(%x: tensor<4xf32>, %y: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %r = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>) {
    %a = mindspore.relu %x : tensor<4xf32>
    mindspore.yield %a : tensor<4xf32>
  } else {
    %a = mindspore.relu %y : tensor<4xf32>
    mindspore.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_chain
// CHECK-NEXT: %[[R:.*]] = mindspore.reshape %arg0, [4, 6] : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_chain(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %a = mindspore.reshape %x, [6, 4] : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %b = mindspore.reshape %a, [24] : (tensor<6x4xf32>) -> tensor<24xf32>
  %c = mindspore.reshape %b, [4, 6] : (tensor<24xf32>) -> tensor<4x6xf32>
  return %c : tensor<4x6xf32>
}

// -----

// A reshape back to the input's shape, and a reshape to the same type, vanish.
// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-NOT: mindspore.reshape
// CHECK: return %arg0, %arg0
func.func @reshape_round_trip(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = mindspore.reshape %x, [-1] : (tensor<2x3xf32>) -> tensor<6xf32>
  %b = mindspore.reshape %a, [2, 3] : (tensor<6xf32>) -> tensor<2x3xf32>
  %c = mindspore.reshape %x, [2, -1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %b, %c : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_constant
// CHECK-NEXT: %[[C:.*]] = mindspore.constant dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// CHECK-NEXT: return %[[C]]
func.func @reshape_constant() -> tensor<2x3xi32> {
  %c = mindspore.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %r = mindspore.reshape %c, [2, 3] : (tensor<6xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @transpose_chain
// CHECK-NEXT: %[[T:.*]] = mindspore.transpose %arg0, [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_chain(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %a = mindspore.transpose %x, [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %b = mindspore.transpose %a, [2, 1, 0] : (tensor<3x2x4xf32>) -> tensor<4x2x3xf32>
  return %b : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_inverse_and_identity
// CHECK-NOT: mindspore.transpose
// CHECK: return %arg0, %arg0
func.func @transpose_inverse_and_identity(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %a = mindspore.transpose %x, [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %b = mindspore.transpose %a, [2, 0, 1] : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  %c = mindspore.transpose %x, [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %b, %c : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @neutral_elements
// CHECK-NOT: mindspore.
// CHECK: return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0
func.func @neutral_elements(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %one = mindspore.constant dense<1.0> : tensor<f32>
  %zero = mindspore.constant dense<0.0> : tensor<3xf32>
  %m = mindspore.mul %x, %one : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %m2 = mindspore.mul %one, %x : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %a = mindspore.add %x, %zero : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %a2 = mindspore.add %zero, %x : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %s = mindspore.sub %x, %zero : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %d = mindspore.real_div %x, %one : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %m, %m2, %a, %a2, %s, %d : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// The neutral constant is bigger than x: the op broadcasts x and must stay.
// 0 - x is not x either.
// CHECK-LABEL: func.func @broadcasting_neutral_elements_stay
// CHECK: mindspore.mul %arg0
// CHECK: mindspore.add %arg0
// CHECK: mindspore.sub %{{.*}}, %arg0
// CHECK: mindspore.real_div %{{.*}}, %arg0
func.func @broadcasting_neutral_elements_stay(%x: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %one = mindspore.constant dense<1.0> : tensor<2x3xf32>
  %zero = mindspore.constant dense<0.0> : tensor<4x1xf32>
  %m = mindspore.mul %x, %one : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %a = mindspore.add %x, %zero : (tensor<3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
  %z = mindspore.constant dense<0.0> : tensor<f32>
  %s = mindspore.sub %z, %x : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  %o = mindspore.constant dense<1.0> : tensor<f32>
  %d = mindspore.real_div %o, %x : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  return %m, %a, %s, %d : tensor<2x3xf32>, tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// Non-neutral constants stay: x * 2, x + 1.
// CHECK-LABEL: func.func @non_neutral_stay
// CHECK: mindspore.mul
// CHECK: mindspore.add
func.func @non_neutral_stay(%x: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %two = mindspore.constant dense<2> : tensor<i32>
  %one = mindspore.constant dense<1> : tensor<i32>
  %m = mindspore.mul %x, %two : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %a = mindspore.add %x, %one : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  return %m, %a : tensor<3xi32>, tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @constant_folding
// CHECK-DAG: mindspore.constant dense<[5.000000e+00, 7.000000e+00, 9.000000e+00]> : tensor<3xf32>
// CHECK-DAG: mindspore.constant dense<6> : tensor<2x2xi64>
// CHECK-DAG: mindspore.constant dense<[2.500000e-01, 5.000000e-01, 7.500000e-01]> : tensor<3xf32>
// CHECK-NOT: mindspore.add
// CHECK-NOT: mindspore.mul
// CHECK-NOT: mindspore.real_div
func.func @constant_folding() -> (tensor<3xf32>, tensor<2x2xi64>, tensor<3xf32>) {
  %a = mindspore.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = mindspore.constant dense<[4.0, 5.0, 6.0]> : tensor<3xf32>
  %s = mindspore.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %two = mindspore.constant dense<2> : tensor<i64>
  %three = mindspore.constant dense<3> : tensor<2x2xi64>
  %m = mindspore.mul %two, %three : (tensor<i64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  %four = mindspore.constant dense<4.0> : tensor<f32>
  %q = mindspore.real_div %a, %four : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %s, %m, %q : tensor<3xf32>, tensor<2x2xi64>, tensor<3xf32>
}

// -----

// Inverse TransData pairs fold; a pair in the other order (device format
// first) folds too.
// CHECK-LABEL: func.func @trans_data_pairs
// CHECK-NOT: mindspore.trans_data
// CHECK: return %arg0, %arg1
func.func @trans_data_pairs(%x: tensor<1x3x2x2xf32>, %p: tensor<1x2x16x16xf32>) -> (tensor<1x3x2x2xf32>, tensor<1x2x16x16xf32>) {
  %a = mindspore.trans_data %x "NCHW" -> "NC1HWC0" : (tensor<1x3x2x2xf32>) -> tensor<1x1x2x2x16xf32>
  %b = mindspore.trans_data %a "NC1HWC0" -> "NCHW" : (tensor<1x1x2x2x16xf32>) -> tensor<1x3x2x2xf32>
  %c = mindspore.trans_data %p "FRACTAL_NZ" -> "ND" : (tensor<1x2x16x16xf32>) -> tensor<17x3xf32>
  %d = mindspore.trans_data %c "ND" -> "FRACTAL_NZ" : (tensor<17x3xf32>) -> tensor<1x2x16x16xf32>
  return %b, %d : tensor<1x3x2x2xf32>, tensor<1x2x16x16xf32>
}

// -----

// A Split into one piece is its input; a Split of a splat constant is splat
// constants.
// CHECK-LABEL: func.func @split_folds
// CHECK-DAG: %[[C:.*]] = mindspore.constant dense<2.500000e+00> : tensor<2x2xf32>
// CHECK-NOT: mindspore.split
// CHECK: return %arg0, %[[C]], %[[C]] : tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>
func.func @split_folds(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %one = mindspore.split %x {output_num = 1 : i64} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %c = mindspore.constant dense<2.5> : tensor<2x4xf32>
  %p:2 = mindspore.split %c {axis = 1 : i64, output_num = 2 : i64} : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return %one, %p#0, %p#1 : tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// A Split that really cuts its input stays.
// CHECK-LABEL: func.func @split_stays
// CHECK: %[[S:.*]]:2 = mindspore.split %arg0 {output_num = 2 : i64}
// CHECK: return %[[S]]#0, %[[S]]#1
func.func @split_stays(%x: tensor<2x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %p:2 = mindspore.split %x {output_num = 2 : i64} : (tensor<2x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>)
  return %p#0, %p#1 : tensor<1x4xf32>, tensor<1x4xf32>
}
