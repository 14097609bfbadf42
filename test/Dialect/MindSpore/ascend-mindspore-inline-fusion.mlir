// RUN: ascend-opt %s -split-input-file --ascend-mindspore-inline-fusion | FileCheck %s

// The body's primitives replace the group: they read the group's inputs
// and its results' readers read the yielded values.
// CHECK-LABEL: func.func @group_becomes_its_body
// CHECK-NOT: mindspore.fusion
// CHECK: %[[M:.*]] = mindspore.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[R:.*]] = mindspore.relu %[[M]]
// CHECK: %[[N:.*]] = mindspore.neg %[[R]]
// CHECK: return %[[N]], %[[M]]
func.func @group_becomes_its_body(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %g:2 = mindspore.fusion "mix" "g"(%x, %w) : (tensor<4x8xf32>, tensor<8x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  ^bb0(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>):
    %m = mindspore.matmul %a, %b : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
    %r = mindspore.relu %m : tensor<4x3xf32>
    mindspore.yield %r, %m : tensor<4x3xf32>, tensor<4x3xf32>
  }
  %n = mindspore.neg %g#0 : tensor<4x3xf32>
  return %n, %g#1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

mindspore.parameter @w : tensor<16x16xf32>

// Device formats at the boundary (ascend-mindspore-assign-layouts) are
// round trips once the bodies are inline: the weight converted to FRACTAL_NZ
// and back, the first group's result converted to NC1HWC0 and back for a
// plain reader, and to NC1HWC0 for the second group, which converts it back:
// every TransData folds away.
// CHECK-LABEL: func.func @boundary_round_trips_fold
// CHECK-NOT: mindspore.trans_data
// CHECK: %[[W:.*]] = mindspore.load @w
// CHECK-NEXT: %[[M:.*]] = mindspore.matmul %arg0, %[[W]] {transpose_b = true}
// CHECK-NEXT: %[[R:.*]] = mindspore.reshape %[[M]], [1, 16, 1, 1]
// CHECK-NEXT: %[[S:.*]] = mindspore.sigmoid %[[R]]
// CHECK-NEXT: return %[[R]], %[[S]]
func.func @boundary_round_trips_fold(%x: tensor<1x16xf32>) -> (tensor<1x16x1x1xf32>, tensor<1x16x1x1xf32>) {
  %w = mindspore.load @w : tensor<16x16xf32>
  %nz = mindspore.trans_data %w "ND" -> "FRACTAL_NZ" : (tensor<16x16xf32>) -> tensor<1x1x16x16xf32>
  %g = mindspore.fusion "mix" "first"(%x, %nz) : (tensor<1x16xf32>, tensor<1x1x16x16xf32>) -> tensor<1x1x1x1x16xf32> {
  ^bb0(%a: tensor<1x16xf32>, %b: tensor<1x1x16x16xf32>):
    %nd = mindspore.trans_data %b "FRACTAL_NZ" -> "ND" : (tensor<1x1x16x16xf32>) -> tensor<16x16xf32>
    %m = mindspore.matmul %a, %nd {transpose_b = true} : (tensor<1x16xf32>, tensor<16x16xf32>) -> tensor<1x16xf32>
    %r = mindspore.reshape %m, [1, 16, 1, 1] : (tensor<1x16xf32>) -> tensor<1x16x1x1xf32>
    %p = mindspore.trans_data %r "NCHW" -> "NC1HWC0" : (tensor<1x16x1x1xf32>) -> tensor<1x1x1x1x16xf32>
    mindspore.yield %p : tensor<1x1x1x1x16xf32>
  }
  %back = mindspore.trans_data %g "NC1HWC0" -> "NCHW" : (tensor<1x1x1x1x16xf32>) -> tensor<1x16x1x1xf32>
  %h = mindspore.fusion "vector" "second"(%g) : (tensor<1x1x1x1x16xf32>) -> tensor<1x16x1x1xf32> {
  ^bb0(%c: tensor<1x1x1x1x16xf32>):
    %q = mindspore.trans_data %c "NC1HWC0" -> "NCHW" : (tensor<1x1x1x1x16xf32>) -> tensor<1x16x1x1xf32>
    %s = mindspore.sigmoid %q : tensor<1x16x1x1xf32>
    mindspore.yield %s : tensor<1x16x1x1xf32>
  }
  return %back, %h : tensor<1x16x1x1xf32>, tensor<1x16x1x1xf32>
}
