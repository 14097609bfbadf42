// RUN: ascend-run %s --inputs %S/Inputs/elementwise-math.runs | FileCheck %s
// RUN: ascend-opt %s --convert-mindspore-to-aicore -o %t.aicore.mlir 2>/dev/null
// RUN: ascend-run %t.aicore.mlir --inputs %S/Inputs/elementwise-math.runs | FileCheck %s

// The float math primitives (Asin ... Trunc, Atan2) and the rounding
// divisions and remainders (FloorDiv, FloorMod, TruncateMod) on floats and
// integers, against PyTorch: Inputs/elementwise-math.runs holds two runs of
// inputs and the outputs torch computed for the expression above each op.
// Round is half to even (torch.round: -2.5 -> -2, 2.5 -> 2);
// remainder takes the divisor's sign, fmod the dividend's. At the aicore
// level they stay primitives the host computes (no Vector kernel).

// CHECK: run 0: {{.*}}: ok
// CHECK: run 1: {{.*}}: ok

func.func @main(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>, %z: tensor<3x4xf32>,
                %r: tensor<3x4xf32>, %i: tensor<3x4xi64>, %j: tensor<3x4xi64>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi64>,
        tensor<3x4xi64>, tensor<3x4xi64>) {
  // asin(x), acos(x), atan(y), asinh(y)
  %0 = mindspore.asin %x : tensor<3x4xf32>
  %1 = mindspore.acos %x : tensor<3x4xf32>
  %2 = mindspore.atan %y : tensor<3x4xf32>
  %3 = mindspore.asinh %y : tensor<3x4xf32>
  // acosh(|y| + 1)
  %one = mindspore.constant dense<1.0> : tensor<f32>
  %ay = mindspore.abs %y : tensor<3x4xf32>
  %ay1 = mindspore.add %ay, %one : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %4 = mindspore.acosh %ay1 : tensor<3x4xf32>
  // atanh(x), erfc(y)
  %5 = mindspore.atanh %x : tensor<3x4xf32>
  %6 = mindspore.erfc %y : tensor<3x4xf32>
  // floor(r), ceil(r), round(r), trunc(r)
  %7 = mindspore.floor %r : tensor<3x4xf32>
  %8 = mindspore.ceil %r : tensor<3x4xf32>
  %9 = mindspore.round %r : tensor<3x4xf32>
  %10 = mindspore.trunc %r : tensor<3x4xf32>
  // atan2(y, z), floor_divide(y, z), remainder(y, z), fmod(y, z)
  %11 = mindspore.atan2 %y, %z : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %12 = mindspore.floor_div %y, %z : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %13 = mindspore.floor_mod %y, %z : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %14 = mindspore.truncate_mod %y, %z : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // floor_divide(i, j), remainder(i, j), fmod(i, j)
  %15 = mindspore.floor_div %i, %j : (tensor<3x4xi64>, tensor<3x4xi64>) -> tensor<3x4xi64>
  %16 = mindspore.floor_mod %i, %j : (tensor<3x4xi64>, tensor<3x4xi64>) -> tensor<3x4xi64>
  %17 = mindspore.truncate_mod %i, %j : (tensor<3x4xi64>, tensor<3x4xi64>) -> tensor<3x4xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17
      : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi64>,
        tensor<3x4xi64>, tensor<3x4xi64>
}
