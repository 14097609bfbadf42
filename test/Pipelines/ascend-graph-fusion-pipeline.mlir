// The graph optimization in two halves: --ascend-graph-fusion-pipeline folds
// BatchNorm and forms fusion groups, still NCHW (the form MindIR is written
// in); --ascend-device-planning-pipeline then gives the Cube group its device
// formats (TransData) and plans device memory. Both in a row are
// --ascend-graph-optimization-pipeline.
// RUN: ascend-opt %s --ascend-graph-fusion-pipeline | FileCheck %s --check-prefix=FUSED
// RUN: ascend-opt %s --ascend-graph-fusion-pipeline | ascend-opt --ascend-device-planning-pipeline | FileCheck %s --check-prefix=PLANNED
// RUN: ascend-opt %s --ascend-graph-fusion-pipeline | ascend-opt --ascend-device-planning-pipeline > %t.halves.mlir
// RUN: ascend-opt %s --ascend-graph-optimization-pipeline > %t.whole.mlir
// RUN: diff %t.halves.mlir %t.whole.mlir
// The passes work on one function at a time, nested on func.func (so MLIR
// runs them on several functions in parallel); built into a func.func pass
// manager, the pipeline gives the same result.
// RUN: ascend-opt %s --ascend-graph-optimization-pipeline --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=NESTED
// NESTED: builtin.module(
// NESTED-NEXT: func.func(
// NESTED-NEXT: ascend-mindspore-fold-batch-norm,
// NESTED-NEXT: ascend-mindspore-fuse
// RUN: ascend-opt %s --pass-pipeline="builtin.module(func.func(ascend-graph-optimization-pipeline))" > %t.in-func.mlir
// RUN: diff %t.in-func.mlir %t.whole.mlir

// FUSED-LABEL: func.func @main
// FUSED-NOT: mindspore.trans_data
// FUSED: mindspore.fusion "mix" "Fused_Conv2D_ReLU_0"(%arg0, %{{.*}}) : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
// FUSED-NOT: mindspore.trans_data
// FUSED-NOT: mindspore.device_memory

// PLANNED-LABEL: func.func @main
// PLANNED-SAME: mindspore.device_memory
// PLANNED: mindspore.trans_data %arg0 "NCHW" -> "NC1HWC0"
// PLANNED: mindspore.fusion "mix" "Fused_Conv2D_ReLU_0"
mindspore.parameter @w : tensor<8x3x3x3xf32> = dense<0.5> : tensor<8x3x3x3xf32>
func.func @main(%x: tensor<1x3x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w = mindspore.load @w : tensor<8x3x3x3xf32>
  %c = mindspore.conv2d %x, %w {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  %r = mindspore.relu %c : tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
