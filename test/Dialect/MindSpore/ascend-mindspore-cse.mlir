// ascend-mindspore-cse gives what MLIR's cse gives, locations included.
// RUN: ascend-opt %s --ascend-mindspore-cse --mlir-print-debuginfo > %t.fast
// RUN: ascend-opt %s --cse --mlir-print-debuginfo > %t.upstream
// RUN: diff %t.upstream %t.fast
// RUN: ascend-opt %s --ascend-mindspore-cse | FileCheck %s

mindspore.parameter @w : tensor<4x4xf32>

// CHECK-LABEL: func.func @duplicates_and_dead_ops
// CHECK: %[[W:.*]] = mindspore.load @w
// CHECK-NEXT: %[[R:.*]] = mindspore.relu %arg0
// CHECK-NEXT: %[[M:.*]] = mindspore.matmul %[[R]], %[[W]]
// CHECK-NEXT: %[[A:.*]] = mindspore.add %[[M]], %[[M]]
// CHECK-NEXT: return %[[A]], %[[R]]
func.func @duplicates_and_dead_ops(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %w = mindspore.load @w : tensor<4x4xf32>
  %w2 = mindspore.load @w : tensor<4x4xf32>
  %r = mindspore.relu %x : tensor<4x4xf32>
  %dead = mindspore.sigmoid %x : tensor<4x4xf32>
  %r2 = mindspore.relu %x : tensor<4x4xf32>
  %m = mindspore.matmul %r, %w : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %m2 = mindspore.matmul %r2, %w2 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %a = mindspore.add %m, %m2 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %a, %r2 : tensor<4x4xf32>, tensor<4x4xf32>
}

// Different attributes or result types: kept.
// CHECK-LABEL: func.func @different_attributes_are_kept
// CHECK-COUNT-2: mindspore.matmul
func.func @different_attributes_are_kept(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %m = mindspore.matmul %x, %x : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %t = mindspore.matmul %x, %x {transpose_b = true} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m, %t : tensor<4x4xf32>, tensor<4x4xf32>
}

// A commutative op's operands match in any order.
// CHECK-LABEL: func.func @commutative_operands
// CHECK: %[[S:.*]] = arith.addi %arg0, %arg1
// CHECK-NEXT: return %[[S]], %[[S]]
func.func @commutative_operands(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  %t = arith.addi %b, %a : i32
  return %s, %t : i32, i32
}

// The regions of a cond see the values known outside it; what they compute
// is forgotten after them. The unknown location of a kept op takes the
// location of the op it replaced.
// CHECK-LABEL: func.func @cond_regions
// CHECK: %[[R:.*]] = mindspore.relu %arg0
// CHECK: mindspore.cond
// CHECK-NEXT: %[[T:.*]] = mindspore.tanh %arg0
// CHECK-NEXT: %[[U:.*]] = mindspore.add %[[R]], %[[T]]
// CHECK-NEXT: mindspore.yield %[[U]]
// CHECK: mindspore.yield %[[R]]
// CHECK: %[[T2:.*]] = mindspore.tanh %arg0
// CHECK: return %{{.*}}, %[[T2]]
func.func @cond_regions(%x: tensor<4xf32>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = mindspore.relu %x : tensor<4xf32> loc(unknown)
  %c = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>) {
    %r2 = mindspore.relu %x : tensor<4xf32> loc("inner.py":3:1)
    %t = mindspore.tanh %x : tensor<4xf32>
    %t2 = mindspore.tanh %x : tensor<4xf32>
    %u = mindspore.add %r2, %t2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    mindspore.yield %u : tensor<4xf32>
  } else {
    mindspore.yield %r : tensor<4xf32>
  }
  %t3 = mindspore.tanh %x : tensor<4xf32>
  %t4 = mindspore.tanh %x : tensor<4xf32>
  %s = mindspore.add %c, %t4 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s, %t3 : tensor<4xf32>, tensor<4xf32>
}

// Reads are merged only when no write lies between them.
// CHECK-LABEL: func.func @reads
// CHECK: %[[A:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT: memref.store
// CHECK-NEXT: %[[B:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT: return %[[A]], %[[A]], %[[B]]
func.func @reads(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, f32, f32) {
  %a = memref.load %m[%i] : memref<4xf32>
  %b = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %c = memref.load %m[%i] : memref<4xf32>
  return %a, %b, %c : f32, f32, f32
}

// Ops with side effects (an assert) are kept; a fusion group's body (isolated
// from above) starts with nothing known.
// CHECK-LABEL: func.func @effects_and_isolated_regions
// CHECK-COUNT-2: mindspore.assert
// CHECK: mindspore.relu %arg0
// CHECK: mindspore.fusion
// CHECK-NEXT: ^bb0(%[[IN:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[X:.*]] = mindspore.relu %[[IN]]
// CHECK-NEXT: %[[Y:.*]] = mindspore.add %[[X]], %[[X]]
// CHECK-NEXT: mindspore.yield %[[Y]]
func.func @effects_and_isolated_regions(%x: tensor<4xf32>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  mindspore.assert %p, "first" : tensor<i1>
  mindspore.assert %p, "first" : tensor<i1>
  %r = mindspore.relu %x : tensor<4xf32>
  %f = mindspore.fusion "vector" "Fused_ReLU_Add_0"(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    %a = mindspore.relu %in : tensor<4xf32>
    %b = mindspore.relu %in : tensor<4xf32>
    %c = mindspore.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    mindspore.yield %c : tensor<4xf32>
  }
  return %r, %f : tensor<4xf32>, tensor<4xf32>
}
