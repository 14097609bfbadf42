// RUN: ascend-opt %s --ascend-mindspore-plan-memory -verify-diagnostics

// Without hbm-bytes the limit is the chip's GM: 64 GiB on an Ascend910B2 die.
// An input of 2^34 floats (64 GiB) and one more kernel result do not fit.
// expected-error @below {{device memory plan of @too_big needs 137438953472 bytes (inputs 68719476736, weights and constants 0, activations 68719476736) but Ascend910B2 has 68719476736 bytes of HBM}}
func.func @too_big(%x: tensor<17179869184xf32>) -> tensor<17179869184xf32> {
  %y = mindspore.exp %x : tensor<17179869184xf32>
  return %y : tensor<17179869184xf32>
}
