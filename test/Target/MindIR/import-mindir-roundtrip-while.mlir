// Round trip of mindspore.while (a loop graph that calls itself through
// Switch(Partial(continue), Partial(exit))): two state values, a parameter
// and an outer value used inside the loop (passed to the loop graphs as
// inputs, read back as outer values), a cond and a loop inside the before
// region, a loop inside the after region, and an assert (a raise guard)
// before the loop. Exporting the import gives the same bytes; the import is
// the module (its weight is loaded before the loop: a load inside a loop
// region reads back before the loop, a different but equal module).
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: ascend-opt %s -o %t.original.mlir
// RUN: ascend-opt %t.mlir -o %t.reimported.mlir
// RUN: diff %t.original.mlir %t.reimported.mlir
// RUN: FileCheck %s < %t.mlir

// CHECK-LABEL: func.func @main(
// CHECK:         mindspore.assert %{{.*}}, "x must be positive" : tensor<i1>
// CHECK:         mindspore.load @scale
// CHECK:         %[[L:.*]]:2 = mindspore.while(%arg0, %{{.*}}) : (tensor<4xf32>, tensor<i64>) -> (tensor<4xf32>, tensor<i64>) {
// CHECK:         ^bb0(%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<i64>):
// CHECK:           mindspore.cond
// CHECK:           mindspore.while
// CHECK:           mindspore.condition
// CHECK:         } do {
// CHECK:         ^bb0(%{{.*}}: tensor<4xf32>, %{{.*}}: tensor<i64>):
// CHECK:           mindspore.while
// CHECK:           mindspore.yield
// CHECK:         }
// CHECK:         return %[[L]]#0, %[[L]]#1

module @roundtrip_while {
  mindspore.parameter @scale : tensor<4xf32> = dense_resource<scale> : tensor<4xf32>
  func.func @main(%x: tensor<4xf32>, %limit: tensor<i64>) -> (tensor<4xf32>, tensor<i64>) {
    %zero = mindspore.constant dense<0.0> : tensor<f32>
    %one = mindspore.constant dense<1> : tensor<i64>
    %half = mindspore.constant dense<0.5> : tensor<f32>
    %start = mindspore.constant dense<0> : tensor<i64>
    %s0 = mindspore.reduce_sum %x, [] : (tensor<4xf32>) -> tensor<f32>
    %pos = mindspore.greater %s0, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
    mindspore.assert %pos, "x must be positive" : tensor<i1>
    %w = mindspore.load @scale : tensor<4xf32>
    %r:2 = mindspore.while(%x, %start) : (tensor<4xf32>, tensor<i64>) -> (tensor<4xf32>, tensor<i64>) {
    ^bb0(%a: tensor<4xf32>, %i: tensor<i64>):
      %a1 = mindspore.mul %a, %w : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %s = mindspore.reduce_sum %a1, [] : (tensor<4xf32>) -> tensor<f32>
      %big = mindspore.greater %s, %half : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %a2 = mindspore.cond %big : tensor<i1> -> (tensor<4xf32>) {
        %h = mindspore.mul %a1, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
        mindspore.yield %h : tensor<4xf32>
      } else {
        mindspore.yield %a1 : tensor<4xf32>
      }
      %inner = mindspore.while(%a2) : (tensor<4xf32>) -> tensor<4xf32> {
      ^bb0(%b: tensor<4xf32>):
        %b1 = mindspore.mul %b, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
        %t = mindspore.reduce_sum %b1, [] : (tensor<4xf32>) -> tensor<f32>
        %more = mindspore.greater %t, %s0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
        mindspore.condition %more, %b1 : tensor<i1>, tensor<4xf32>
      } do {
      ^bb0(%b: tensor<4xf32>):
        mindspore.yield %b : tensor<4xf32>
      }
      %i1 = mindspore.add %i, %one : (tensor<i64>, tensor<i64>) -> tensor<i64>
      %go = mindspore.less %i1, %limit : (tensor<i64>, tensor<i64>) -> tensor<i1>
      mindspore.condition %go, %inner, %i1 : tensor<i1>, tensor<4xf32>, tensor<i64>
    } do {
    ^bb0(%c: tensor<4xf32>, %j: tensor<i64>):
      %c2 = mindspore.while(%c) : (tensor<4xf32>) -> tensor<4xf32> {
      ^bb0(%d: tensor<4xf32>):
        %d1 = mindspore.sub %d, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
        %u = mindspore.reduce_sum %d1, [] : (tensor<4xf32>) -> tensor<f32>
        %again = mindspore.greater %u, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
        mindspore.condition %again, %d1 : tensor<i1>, tensor<4xf32>
      } do {
      ^bb0(%d: tensor<4xf32>):
        mindspore.yield %d : tensor<4xf32>
      }
      mindspore.yield %c2, %j : tensor<4xf32>, tensor<i64>
    }
    return %r#0, %r#1 : tensor<4xf32>, tensor<i64>
  }
}

{-#
  dialect_resources: {
    builtin: {
      scale: "0x040000000000803F0000003F0000803E0000003E"
    }
  }
#-}
