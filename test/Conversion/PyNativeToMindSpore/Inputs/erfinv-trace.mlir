// A recorded run with one op the compiler has no primitive for.
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.special_erfcx.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":3:4)
  %b = pynative.op "aten.relu.default"(%a) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":4:4)
  pynative.output %b : tensor<4xf32>
}
