// y = x + x on a 2-element vector, for the tools' file error tests.
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = mindspore.add %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
