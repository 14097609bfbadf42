// 64 KiB of weights (a splat, expanded while it is written).
module @large {
  mindspore.parameter @w : tensor<16384xf32> = dense<1.0> : tensor<16384xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}
