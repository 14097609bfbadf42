// RUN: not ascend-opt %s --convert-mindspore-to-aicore="split-k=0" --mlir-print-ir-after-failure -o %t.mlir 2>&1 | FileCheck %s --check-prefixes=CHECK,SPLIT
// RUN: not test -e %t.mlir
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="k-chunk=-2" --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,CHUNK
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="k-chunk=64 split-k=2" --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,BOTH
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="tiling=16,16" --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,TILING
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="chip=Ascend310" --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,CHIP
// RUN: not ascend-opt %s --convert-mindspore-to-aicore="depthwise=fastest" --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,DEPTHWISE

// The pass checks every option before it touches the IR: a bad option is one
// error on the module and the IR after the failed pass is the input (the
// vector fusion group, the mix group and the matmul are all still there; no
// kernel was built, no group inlined), and no output file is written.

// SPLIT: error: the split-k option takes the parts (at least 1) and an optional number of split tiles (at least 0), got 1 numbers starting with 0
// CHUNK: error: the k-chunk option takes a chunk length in elements of K (0: never chunk), got -2
// BOTH: error: the k-chunk and split-k options exclude each other (a K-chunked kernel does not split K over cores)
// TILING: error: the tiling option takes five or six numbers (tm, tn, tk, k-stages, l0c-buffers[, l1-buffers]), got 2
// CHIP: error: unknown chip 'Ascend310'
// DEPTHWISE: error: the depthwise option takes auto, cube or vector, got 'fastest'
// CHECK-NOT: remark
// CHECK: IR Dump After ConvertMindSporeToAICorePass Failed
// CHECK-NOT: aicore.
// CHECK: mindspore.fusion "vector" "Fused_Mul_ReLU_0"
// CHECK-NOT: aicore.
// CHECK: mindspore.fusion "mix" "Fused_MatMul_ReLU_1"
// CHECK-NOT: aicore.
// CHECK: mindspore.matmul
// CHECK-NOT: aicore.
func.func @main(%x: tensor<4096xf16>, %y: tensor<4096xf16>, %a: tensor<64x64xf16>, %b: tensor<64x64xf16>) -> (tensor<4096xf16>, tensor<64x64xf16>, tensor<64x64xf16>) {
  %r = mindspore.fusion "vector" "Fused_Mul_ReLU_0" (%x, %y) : (tensor<4096xf16>, tensor<4096xf16>) -> tensor<4096xf16> {
  ^bb0(%p: tensor<4096xf16>, %q: tensor<4096xf16>):
    %m = mindspore.mul %p, %q : (tensor<4096xf16>, tensor<4096xf16>) -> tensor<4096xf16>
    %u = mindspore.relu %m : tensor<4096xf16>
    mindspore.yield %u : tensor<4096xf16>
  }
  %g = mindspore.fusion "mix" "Fused_MatMul_ReLU_1" (%a, %b) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16> {
  ^bb0(%p: tensor<64x64xf16>, %q: tensor<64x64xf16>):
    %m = mindspore.matmul %p, %q : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
    %u = mindspore.relu %m : tensor<64x64xf16>
    mindspore.yield %u : tensor<64x64xf16>
  }
  %mm = mindspore.matmul %a, %b : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
  return %r, %g, %mm : tensor<4096xf16>, tensor<64x64xf16>, tensor<64x64xf16>
}
