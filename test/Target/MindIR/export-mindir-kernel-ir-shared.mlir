// Fusion groups with equal bodies share one printed kernel_ir text, each
// with its own kernel name in the func.func header; a body that differs
// only in the operand order of a commutative op is printed on its own, and
// so is a kernel whose name needs quotes.
// RUN: ascend-translate --export-mindir %s -o %t.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t.mindir | FileCheck %s

// CHECK: name: "kernel_ir"
// CHECK-NEXT: s: "func.func @Fused_Add_ReLU_0(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = mindspore.add %arg0, %arg1 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>\n  %1 = mindspore.relu %0 : tensor<8xf32>\n  return %1 : tensor<8xf32>\n}\n"
// CHECK: name: "kernel_ir"
// CHECK-NEXT: s: "func.func @Fused_Add_ReLU_1(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = mindspore.add %arg0, %arg1 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>\n  %1 = mindspore.relu %0 : tensor<8xf32>\n  return %1 : tensor<8xf32>\n}\n"
// CHECK: name: "kernel_ir"
// CHECK-NEXT: s: "func.func @Fused_Add_ReLU_2(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = mindspore.add %arg1, %arg0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>\n  %1 = mindspore.relu %0 : tensor<8xf32>\n  return %1 : tensor<8xf32>\n}\n"
// CHECK: name: "kernel_ir"
// CHECK-NEXT: s: "func.func @\"Fused Add-ReLU\"(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = mindspore.add %arg0, %arg1 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>\n  %1 = mindspore.relu %0 : tensor<8xf32>\n  return %1 : tensor<8xf32>\n}\n"
// CHECK-NOT: name: "kernel_ir"
module @shared_kernels {
  func.func @main(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
    %0 = mindspore.fusion "vector" "Fused_Add_ReLU_0"(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%a: tensor<8xf32>, %b: tensor<8xf32>):
      %s = mindspore.add %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      %r = mindspore.relu %s : tensor<8xf32>
      mindspore.yield %r : tensor<8xf32>
    }
    %1 = mindspore.fusion "vector" "Fused_Add_ReLU_1"(%0, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%a: tensor<8xf32>, %b: tensor<8xf32>):
      %s = mindspore.add %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      %r = mindspore.relu %s : tensor<8xf32>
      mindspore.yield %r : tensor<8xf32>
    }
    %2 = mindspore.fusion "vector" "Fused_Add_ReLU_2"(%1, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%a: tensor<8xf32>, %b: tensor<8xf32>):
      %s = mindspore.add %b, %a : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      %r = mindspore.relu %s : tensor<8xf32>
      mindspore.yield %r : tensor<8xf32>
    }
    %3 = mindspore.fusion "vector" "Fused Add-ReLU"(%2, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%a: tensor<8xf32>, %b: tensor<8xf32>):
      %s = mindspore.add %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      %r = mindspore.relu %s : tensor<8xf32>
      mindspore.yield %r : tensor<8xf32>
    }
    return %3 : tensor<8xf32>
  }
}
