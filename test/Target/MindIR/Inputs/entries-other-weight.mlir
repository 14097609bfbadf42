// An entry whose weight @w is not the one of entries-two-shapes.mlir.
module {
  mindspore.parameter @w : tensor<3xf32> = dense<[1.0, 2.0, 4.0]> : tensor<3xf32>
  func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %w = mindspore.load @w : tensor<3xf32>
    %y = mindspore.mul %x, %w : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
    return %y : tensor<4x3xf32>
  }
}
