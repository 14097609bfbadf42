// The printed launch signatures: a signature's text is made once per
// context and reused (LaunchSignatures); signatures of types that may print
// otherwise (a tensor with an encoding, here an affine map the printer
// names #map) go through the printer each time.
// The output parses back to the same module.
// RUN: ascend-opt %s | FileCheck %s
// RUN: ascend-opt %s | ascend-opt | FileCheck %s
// RUN: ascend-opt %s --verify-roundtrip | FileCheck %s

#enc = affine_map<(d0, d1) -> (d1, d0)>

aicore.kernel @copy(%x: memref<4x8xf32, #aicore.space<gm>>, %y: memref<4x8xf32, #aicore.space<gm>>) {
  aicore.return
}

aicore.kernel @split(%x: memref<4x8xf16, #aicore.space<gm>>, %a: memref<4x4xf16, #aicore.space<gm>>, %b: memref<4x4xi32, #aicore.space<gm>>) {
  aicore.return
}

aicore.kernel @fill(%y: memref<2xi8, #aicore.space<gm>>) {
  aicore.return
}

// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @launches
// CHECK-NEXT: %[[A:.*]] = aicore.launch @copy(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[B:.*]] = aicore.launch @copy(%[[A]]) : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %{{.*}}:2 = aicore.launch @split(%arg1) : (tensor<4x8xf16>) -> (tensor<4x4xf16>, tensor<4x4xi32>)
// CHECK-NEXT: %{{.*}}:2 = aicore.launch @split(%arg1) : (tensor<4x8xf16>) -> (tensor<4x4xf16>, tensor<4x4xi32>)
// CHECK-NEXT: %{{.*}} = aicore.launch @fill() : () -> tensor<2xi8>
// CHECK-NEXT: %{{.*}} = aicore.launch @copy(%arg2) {note = "kept"} : (tensor<4x8xf32, #map>) -> tensor<4x8xf32>
// CHECK-NEXT: %{{.*}} = aicore.launch @copy(%arg2) : (tensor<4x8xf32, #map>) -> tensor<4x8xf32>
func.func @launches(%x: tensor<4x8xf32>, %h: tensor<4x8xf16>, %e: tensor<4x8xf32, #enc>) -> tensor<4x8xf32> {
  %a = aicore.launch @copy(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = aicore.launch @copy(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s:2 = aicore.launch @split(%h) : (tensor<4x8xf16>) -> (tensor<4x4xf16>, tensor<4x4xi32>)
  %t:2 = aicore.launch @split(%h) : (tensor<4x8xf16>) -> (tensor<4x4xf16>, tensor<4x4xi32>)
  %f = aicore.launch @fill() : () -> tensor<2xi8>
  %c = aicore.launch @copy(%e) {note = "kept"} : (tensor<4x8xf32, #enc>) -> tensor<4x8xf32>
  %d = aicore.launch @copy(%e) : (tensor<4x8xf32, #enc>) -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}
