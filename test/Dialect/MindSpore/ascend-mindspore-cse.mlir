// ascend-mindspore-cse removes what MLIR's cse removes: the same output,
// byte for byte, on every case below, and the expected eliminations.
// RUN: ascend-opt %s --allow-unregistered-dialect --split-input-file --cse > %t.upstream
// RUN: ascend-opt %s --allow-unregistered-dialect --split-input-file --ascend-mindspore-cse > %t.ours
// RUN: diff %t.upstream %t.ours
// RUN: FileCheck %s < %t.ours

// Straight-line duplicates (the traced Linear layers transpose the same
// weight every layer): the first of each set of equivalent ops stays.
// CHECK-LABEL: func.func @repeated_layers
// CHECK: %[[T:.*]] = mindspore.transpose %arg1
// CHECK-NOT: mindspore.transpose
// CHECK: %[[M:.*]] = mindspore.matmul %arg0, %[[T]]
// CHECK-NEXT: %[[A:.*]] = mindspore.add %[[M]], %[[M]]
// CHECK-NEXT: %[[M2:.*]] = mindspore.matmul %[[A]], %[[T]]
// CHECK-NEXT: return %[[M2]]
func.func @repeated_layers(%x: tensor<4x16xf32>, %w: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %t0 = mindspore.transpose %w, [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %m0 = mindspore.matmul %x, %t0 : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %t1 = mindspore.transpose %w, [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %m1 = mindspore.matmul %x, %t1 : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %a = mindspore.add %m0, %m1 : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %t2 = mindspore.transpose %w, [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %m2 = mindspore.matmul %a, %t2 : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  return %m2 : tensor<4x16xf32>
}

// -----

// Different attributes, result types or operand order keep both ops; a
// commutative op with its operands swapped is a duplicate; unused pure ops
// are erased.
// CHECK-LABEL: func.func @not_duplicates
// CHECK: %[[P:.*]] = mindspore.transpose %arg0, [1, 0]
// CHECK: %[[Q:.*]] = mindspore.transpose %arg0, [0, 1]
// CHECK: %[[S:.*]] = mindspore.sub %arg1, %arg2
// CHECK: %[[S2:.*]] = mindspore.sub %arg2, %arg1
// CHECK: %[[I:.*]] = arith.addi %arg3, %arg4
// CHECK-NOT: arith.addi
// CHECK: return %[[P]], %[[Q]], %[[S]], %[[S2]], %[[I]], %[[I]]
func.func @not_duplicates(%w: tensor<8x8xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>, %i: i32, %j: i32)
    -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<4xf32>, tensor<4xf32>, i32, i32) {
  %p = mindspore.transpose %w, [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %q = mindspore.transpose %w, [0, 1] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %dead = mindspore.cos %a : tensor<4xf32>
  %s = mindspore.sub %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s2 = mindspore.sub %b, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %i0 = arith.addi %i, %j : i32
  %i1 = arith.addi %j, %i : i32
  return %p, %q, %s, %s2, %i0, %i1 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<4xf32>, tensor<4xf32>, i32, i32
}

// -----

// Regions see the values of the ops that dominate them, not the other way
// round; both branches of a cond keep their own copy.
// CHECK-LABEL: func.func @regions
// CHECK: %[[C:.*]] = mindspore.cos %arg1
// CHECK: mindspore.cond %arg0
// CHECK-NEXT: %[[E:.*]] = mindspore.exp %[[C]]
// CHECK-NEXT: mindspore.yield %[[E]]
// CHECK: } else {
// CHECK-NEXT: %[[E2:.*]] = mindspore.exp %[[C]]
// CHECK-NEXT: mindspore.yield %[[E2]]
// CHECK: %[[E3:.*]] = mindspore.exp %[[C]]
// CHECK-NOT: mindspore.exp
func.func @regions(%p: tensor<i1>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = mindspore.cos %x : tensor<4xf32>
  %r = mindspore.cond %p : tensor<i1> -> (tensor<4xf32>) {
    %c1 = mindspore.cos %x : tensor<4xf32>
    %e = mindspore.exp %c1 : tensor<4xf32>
    mindspore.yield %e : tensor<4xf32>
  } else {
    %e = mindspore.exp %c : tensor<4xf32>
    mindspore.yield %e : tensor<4xf32>
  }
  %e3 = mindspore.exp %c : tensor<4xf32>
  %e4 = mindspore.exp %c : tensor<4xf32>
  return %r, %e3, %e4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Reads merge only with no possible write between them; ops with unknown
// effects (unregistered) count as writes.
// CHECK-LABEL: func.func @reads
// CHECK: %[[L:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT: memref.store %[[L]], %arg0[%arg1]
// CHECK-NEXT: %[[L2:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT: "foo.opaque"()
// CHECK-NEXT: %[[L3:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT: return %[[L]], %[[L]], %[[L2]], %[[L2]], %[[L3]]
func.func @reads(%m: memref<4xf32>, %i: index) -> (f32, f32, f32, f32, f32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  memref.store %0, %m[%i] : memref<4xf32>
  %2 = memref.load %m[%i] : memref<4xf32>
  %3 = memref.load %m[%i] : memref<4xf32>
  "foo.opaque"() : () -> ()
  %4 = memref.load %m[%i] : memref<4xf32>
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// -----

// A region of several blocks is walked along its dominator tree: a block
// sees the ops of its dominators only. Isolated ops get their own table.
// CHECK-LABEL: func.func @blocks
// CHECK: %[[A:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT: "foo.br"()[^bb1, ^bb2]
// CHECK: ^bb1:
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[A]], %[[A]]
// CHECK-NEXT: "foo.br"(%[[B]])[^bb3]
// CHECK: ^bb2:
// CHECK-NEXT: %[[B2:.*]] = arith.muli %[[A]], %[[A]]
// CHECK-NEXT: "foo.br"(%[[B2]])[^bb3]
// CHECK: ^bb3(%[[J:.*]]: i32):
// CHECK-NEXT: %[[B3:.*]] = arith.muli %[[A]], %[[A]]
// CHECK-NEXT: "foo.use"(%[[A]], %[[J]], %[[B3]], %[[B3]])
// CHECK: module
// CHECK: func.func @nested
// CHECK-NEXT: %[[N:.*]] = arith.addi %arg1, %arg1
// CHECK-NEXT: return %[[N]]
func.func @blocks(%x: i32) {
  %a = arith.addi %x, %x : i32
  "foo.br"() [^bb1, ^bb2] : () -> ()
^bb1:
  %a1 = arith.addi %x, %x : i32
  %b = arith.muli %a1, %a1 : i32
  "foo.br"(%b) [^bb3] : (i32) -> ()
^bb2:
  %b2 = arith.muli %a, %a : i32
  "foo.br"(%b2) [^bb3] : (i32) -> ()
^bb3(%j: i32):
  %a3 = arith.addi %x, %x : i32
  %b3 = arith.muli %a, %a : i32
  %b4 = arith.muli %a3, %a3 : i32
  "foo.use"(%a3, %j, %b3, %b4) : (i32, i32, i32, i32) -> ()
  "builtin.module"() ({
    func.func @nested(%y: i32) -> i32 {
      %n = arith.addi %y, %y : i32
      %n2 = arith.addi %y, %y : i32
      return %n2 : i32
    }
  }) : () -> ()
  return
}
