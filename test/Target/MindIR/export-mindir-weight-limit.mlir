// RUN: ascend-translate --export-mindir --mindir-max-inline-weight-bytes=8 --verify-diagnostics %s -o /dev/null

// Weights above the inline limit would go to external data files (not written
// yet): the export refuses, naming the parameter that crosses the limit.
module @too_large {
  mindspore.parameter @a : tensor<2xf32> = dense<1.0> : tensor<2xf32>
  // expected-error @below {{weights exceed 8 bytes; MindIR external weight files are not supported yet}}
  mindspore.parameter @b : tensor<1xf32> = dense<2.0> : tensor<1xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}
