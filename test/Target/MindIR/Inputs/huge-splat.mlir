// 2 GiB of weights as a splat (nothing this large is in memory).
module @huge {
  mindspore.parameter @w : tensor<536870912xf32> = dense<1.0> : tensor<536870912xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}
