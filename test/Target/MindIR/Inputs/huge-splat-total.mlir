// 8 bytes under 2 GiB of weights as a splat (nothing this large is in
// memory): the weights alone fit one protobuf message, the weights and the
// graph together do not.
module @huge {
  mindspore.parameter @w : tensor<536870910xf32> = dense<1.0> : tensor<536870910xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}
