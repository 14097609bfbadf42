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
