// Two entries of one program (runs of two input shapes), sharing a weight.
module {
  mindspore.parameter @w : tensor<3xf32> = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %w = mindspore.load @w : tensor<3xf32>
    %y = mindspore.mul %x, %w : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    return %y : tensor<2x3xf32>
  }
  func.func @main_1(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %w = mindspore.load @w : tensor<3xf32>
    %y = mindspore.mul %x, %w : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
    return %y : tensor<4x3xf32>
  }
}
