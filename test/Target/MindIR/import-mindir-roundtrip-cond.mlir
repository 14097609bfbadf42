// Round trip of mindspore.cond (Switch + call of two branch graphs): two
// results (MakeTuple / TupleGetItem), a nested cond, branch graphs using outer
// values and a parameter by name (free variables).
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: ascend-opt %s -o %t.original.mlir
// RUN: ascend-opt %t.mlir -o %t.reimported.mlir
// RUN: diff %t.original.mlir %t.reimported.mlir
// RUN: FileCheck %s < %t.mlir

// CHECK-LABEL: func.func @main(
// CHECK:         %[[B:.*]] = mindspore.load @bias
// CHECK:         %[[Y:.*]] = mindspore.add %{{.*}}, %[[B]]
// CHECK:         %[[R:.*]]:2 = mindspore.cond %{{.*}} : tensor<i1> -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK:           %[[M:.*]] = mindspore.mul %[[Y]], %[[Y]]
// CHECK:           %[[N:.*]] = mindspore.cond
// CHECK:             mindspore.sub %[[M]]
// CHECK:           } else {
// CHECK:             mindspore.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// CHECK:           mindspore.yield %[[N]], %[[M]]
// CHECK:         } else {
// CHECK:           mindspore.exp
// CHECK:         mindspore.add %[[R]]#0, %[[R]]#1

module @roundtrip_cond {
  mindspore.parameter @bias : tensor<4xf32> = dense_resource<bias> : tensor<4xf32>
  func.func @main(%x: tensor<4xf32>, %p: tensor<i1>, %q: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
    %b = mindspore.load @bias : tensor<4xf32>
    %y = mindspore.add %x, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %r:2 = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>, tensor<4xf32>) {
      %m = mindspore.mul %y, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %n = mindspore.cond %q : tensor<i1> -> (tensor<4xf32>) {
        %s = mindspore.sub %m, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        mindspore.yield %s : tensor<4xf32>
      } else {
        %c = mindspore.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
        mindspore.yield %c : tensor<4xf32>
      }
      mindspore.yield %n, %m : tensor<4xf32>, tensor<4xf32>
    } else {
      %e = mindspore.exp %x : tensor<4xf32>
      mindspore.yield %e, %y : tensor<4xf32>, tensor<4xf32>
    }
    %z = mindspore.add %r#0, %r#1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %z, %r#1 : tensor<4xf32>, tensor<4xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      bias: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
