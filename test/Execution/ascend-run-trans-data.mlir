// RUN: ascend-run --check-bounds %s --inputs %S/Inputs/trans-data.runs | FileCheck %s

// TransData into NC1HWC0 (3 channels padded to 16), FRACTAL_Z (a 2x3x1x2
// filter) and FRACTAL_NZ (a 17x3 matrix) puts every element where the
// format's element map says (against numpy), and back again is the identity.
// CHECK: run 0: max abs error 0, {{.*}}: ok

func.func @main(%x: tensor<1x3x2x2xf32>, %w: tensor<2x3x1x2xf32>, %m: tensor<17x3xf32>)
    -> (tensor<1x1x2x2x16xf32>, tensor<2x1x16x16xf32>, tensor<1x2x16x16xf32>,
        tensor<1x3x2x2xf32>, tensor<2x3x1x2xf32>, tensor<17x3xf32>) {
  %x5 = mindspore.trans_data %x "NCHW" -> "NC1HWC0" : (tensor<1x3x2x2xf32>) -> tensor<1x1x2x2x16xf32>
  %wz = mindspore.trans_data %w "NCHW" -> "FRACTAL_Z" : (tensor<2x3x1x2xf32>) -> tensor<2x1x16x16xf32>
  %mz = mindspore.trans_data %m "ND" -> "FRACTAL_NZ" : (tensor<17x3xf32>) -> tensor<1x2x16x16xf32>
  // Negated twice so the pairs do not fold away before they run.
  %x5n = mindspore.neg %x5 : tensor<1x1x2x2x16xf32>
  %wzn = mindspore.neg %wz : tensor<2x1x16x16xf32>
  %mzn = mindspore.neg %mz : tensor<1x2x16x16xf32>
  %xb = mindspore.trans_data %x5n "NC1HWC0" -> "NCHW" : (tensor<1x1x2x2x16xf32>) -> tensor<1x3x2x2xf32>
  %wb = mindspore.trans_data %wzn "FRACTAL_Z" -> "NCHW" : (tensor<2x1x16x16xf32>) -> tensor<2x3x1x2xf32>
  %mb = mindspore.trans_data %mzn "FRACTAL_NZ" -> "ND" : (tensor<1x2x16x16xf32>) -> tensor<17x3xf32>
  %xr = mindspore.neg %xb : tensor<1x3x2x2xf32>
  %wr = mindspore.neg %wb : tensor<2x3x1x2xf32>
  %mr = mindspore.neg %mb : tensor<17x3xf32>
  return %x5, %wz, %mz, %xr, %wr, %mr : tensor<1x1x2x2x16xf32>, tensor<2x1x16x16xf32>, tensor<1x2x16x16xf32>, tensor<1x3x2x2xf32>, tensor<2x3x1x2xf32>, tensor<17x3xf32>
}
