// RUN: ascend-opt %s --convert-mindspore-to-linalg | FileCheck %s

// TopK on the last dimension: the rank of each element in its row (a reduction
// over j with NaN counted largest and ties by index), then the element of
// each rank p < k.
// CHECK-DAG: #[[ROW_I:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ROW_J:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @topk
// CHECK: %[[RANKS:.*]] = linalg.generic {indexing_maps = [#[[ROW_I]], #[[ROW_J]], #[[ROW_I]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg0 : tensor<3x5xf32>, tensor<3x5xf32>) outs(%{{.*}} : tensor<3x5xi64>)
// CHECK: arith.cmpi ult
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf uno
// CHECK: arith.extui
// CHECK: arith.addi
// CHECK: %[[SEL:.*]]:2 = linalg.generic {indexing_maps = [#[[ROW_J]], #[[ROW_J]], #[[ROW_I]], #[[ROW_I]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %[[RANKS]] : tensor<3x5xf32>, tensor<3x5xi64>) outs(%{{.*}}, %{{.*}} : tensor<3x2xf32>, tensor<3x2xi32>)
// CHECK: arith.cmpi eq
// CHECK: arith.select
// CHECK: arith.select
// CHECK: return %[[SEL]]#0, %[[SEL]]#1
func.func @topk(%x: tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  %v, %i = mindspore.topk %x {k = 2 : i64} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %v, %i : tensor<3x2xf32>, tensor<3x2xi32>
}
