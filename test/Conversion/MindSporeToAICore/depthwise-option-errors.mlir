// RUN: not ascend-opt %s --convert-mindspore-to-aicore="depthwise=fastest" -o %t.mlir 2>&1 | FileCheck %s
// RUN: not test -e %t.mlir

// The depthwise option names a unit (or auto); anything else is an error
// before any kernel is built.
// CHECK: error: the depthwise option takes auto, cube or vector, got 'fastest'
func.func @main(%x: tensor<1x8x6x6xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x6x6xf32> {
  %y = mindspore.conv2d %x, %w {dilation = array<i64: 1, 1>, group = 8 : i64, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x6x6xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %y : tensor<1x8x6x6xf32>
}
