// RUN: ascend-run %s --inputs %S/Inputs/expm1-log1p.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir 2>/dev/null
// RUN: ascend-run %t.aicore.mlir --inputs %S/Inputs/expm1-log1p.runs | FileCheck %s

// Expm1 and Log1p (aten.expm1 / aten.log1p) are exact near 0, where
// exp(x) - 1 and log(1 + x) lose every digit: on t ~ 1e-7 .. 3e-6, scaled by
// 1e6, the naive forms are up to 19% off (0.119 for expm1(1e-7) * 1e6 = 0.1),
// far outside the tolerance; the inputs' outputs are torch's (float32 and
// float64). At the aicore level they stay primitives the host computes.

// CHECK: run 0: {{.*}}: ok

func.func @main(%t: tensor<4xf32>, %x: tensor<6xf32>, %y: tensor<6xf32>,
                %xd: tensor<6xf64>, %yd: tensor<6xf64>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<6xf32>, tensor<6xf32>,
        tensor<6xf64>, tensor<6xf64>) {
  %million = mindspore.constant dense<1.0e6> : tensor<f32>
  %et = mindspore.expm1 %t : tensor<4xf32>
  %0 = mindspore.mul %et, %million : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %lt = mindspore.log1p %t : tensor<4xf32>
  %1 = mindspore.mul %lt, %million : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = mindspore.expm1 %x : tensor<6xf32>
  %3 = mindspore.log1p %y : tensor<6xf32>
  %4 = mindspore.expm1 %xd : tensor<6xf64>
  %5 = mindspore.log1p %yd : tensor<6xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<6xf32>,
      tensor<6xf32>, tensor<6xf64>, tensor<6xf64>
}
