// RUN: ascend-opt %s --convert-mindspore-to-linalg --split-input-file --verify-diagnostics

mindspore.parameter @input_weight : tensor<2xf32>
func.func @load_of_parameter_without_value(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mindspore.load' op reads parameter @input_weight which has no value; pass it as a function argument instead}}
  %w = mindspore.load @input_weight : tensor<2xf32>
  return %w : tensor<2xf32>
}
