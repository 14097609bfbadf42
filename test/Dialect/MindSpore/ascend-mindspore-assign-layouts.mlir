// RUN: ascend-opt %s -split-input-file --ascend-mindspore-assign-layouts | FileCheck %s

mindspore.parameter @w1 : tensor<8x3x3x3xf32>
mindspore.parameter @w2 : tensor<8x8x3x3xf32>

// Two convolution groups in a row: filters in FRACTAL_Z (load-time work),
// activations in NC1HWC0. The NC1HWC0 result of the first group feeds the
// second directly (the TransData pair between them folded away); the graph
// input and output meet the groups through one TransData each.
// CHECK-LABEL: func.func @conv_chain
// CHECK: %[[W1:.*]] = mindspore.load @w1
// CHECK: %[[W2:.*]] = mindspore.load @w2
// CHECK: %[[X5:.*]] = mindspore.trans_data %arg0 "NCHW" -> "NC1HWC0" : (tensor<1x3x8x8xf32>) -> tensor<1x1x8x8x16xf32>
// CHECK: %[[Z1:.*]] = mindspore.trans_data %[[W1]] "NCHW" -> "FRACTAL_Z" : (tensor<8x3x3x3xf32>) -> tensor<9x1x16x16xf32>
// CHECK: %[[G1:.*]] = mindspore.fusion "mix" "g1"(%[[X5]], %[[Z1]]) : (tensor<1x1x8x8x16xf32>, tensor<9x1x16x16xf32>) -> tensor<1x1x8x8x16xf32>
// CHECK: ^bb0(%[[A:.*]]: tensor<1x1x8x8x16xf32>, %[[B:.*]]: tensor<9x1x16x16xf32>):
// CHECK: mindspore.trans_data %[[A]] "NC1HWC0" -> "NCHW"
// CHECK: mindspore.trans_data %[[B]] "FRACTAL_Z" -> "NCHW"
// CHECK: mindspore.conv2d
// CHECK: mindspore.relu
// CHECK: %[[Y:.*]] = mindspore.trans_data %{{.*}} "NCHW" -> "NC1HWC0"
// CHECK: mindspore.yield %[[Y]] : tensor<1x1x8x8x16xf32>
// CHECK: %[[Z2:.*]] = mindspore.trans_data %[[W2]] "NCHW" -> "FRACTAL_Z"
// CHECK: %[[G2:.*]] = mindspore.fusion "mix" "g2"(%[[G1]], %[[Z2]])
// CHECK: %[[OUT:.*]] = mindspore.trans_data %[[G2]] "NC1HWC0" -> "NCHW" : (tensor<1x1x8x8x16xf32>) -> tensor<1x8x8x8xf32>
// CHECK: return %[[OUT]]
func.func @conv_chain(%x: tensor<1x3x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w1 = mindspore.load @w1 : tensor<8x3x3x3xf32>
  %w2 = mindspore.load @w2 : tensor<8x8x3x3xf32>
  %a = mindspore.fusion "mix" "g1"(%x, %w1) : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32> {
  ^bb0(%i: tensor<1x3x8x8xf32>, %k: tensor<8x3x3x3xf32>):
    %c = mindspore.conv2d %i, %k {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
    %r = mindspore.relu %c : tensor<1x8x8x8xf32>
    mindspore.yield %r : tensor<1x8x8x8xf32>
  }
  %b = mindspore.fusion "mix" "g2"(%a, %w2) : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x8x8xf32> {
  ^bb0(%i: tensor<1x8x8x8xf32>, %k: tensor<8x8x3x3xf32>):
    %c = mindspore.conv2d %i, %k {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x8x8xf32>
    %s = mindspore.add %c, %i : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    mindspore.yield %s : tensor<1x8x8x8xf32>
  }
  return %b : tensor<1x8x8x8xf32>
}

// -----

mindspore.parameter @aligned : tensor<32x16xf32>
mindspore.parameter @ragged : tensor<24x20xf32>

// MatMul groups: an aligned weight goes FRACTAL_NZ (converted when loaded),
// a weight with dimensions that are not multiples of 16 stays ND, and the
// activations stay ND.
// CHECK-LABEL: func.func @matmul_weights
// CHECK: %[[NZ:.*]] = mindspore.trans_data %{{.*}} "ND" -> "FRACTAL_NZ" : (tensor<32x16xf32>) -> tensor<1x2x16x16xf32>
// CHECK: mindspore.fusion "mix" "aligned"(%arg0, %[[NZ]])
// CHECK-NOT: mindspore.trans_data %{{.*}} "ND" -> "FRACTAL_NZ"
// CHECK: mindspore.fusion "mix" "ragged"(%arg1, %{{.*}}) : (tensor<4x24xf32>, tensor<24x20xf32>)
func.func @matmul_weights(%x: tensor<4x32xf32>, %y: tensor<4x24xf32>) -> (tensor<4x16xf32>, tensor<4x20xf32>) {
  %wa = mindspore.load @aligned : tensor<32x16xf32>
  %wr = mindspore.load @ragged : tensor<24x20xf32>
  %a = mindspore.fusion "mix" "aligned"(%x, %wa) : (tensor<4x32xf32>, tensor<32x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: tensor<4x32xf32>, %k: tensor<32x16xf32>):
    %m = mindspore.matmul %i, %k : (tensor<4x32xf32>, tensor<32x16xf32>) -> tensor<4x16xf32>
    %r = mindspore.relu %m : tensor<4x16xf32>
    mindspore.yield %r : tensor<4x16xf32>
  }
  %b = mindspore.fusion "mix" "ragged"(%y, %wr) : (tensor<4x24xf32>, tensor<24x20xf32>) -> tensor<4x20xf32> {
  ^bb0(%i: tensor<4x24xf32>, %k: tensor<24x20xf32>):
    %m = mindspore.matmul %i, %k : (tensor<4x24xf32>, tensor<24x20xf32>) -> tensor<4x20xf32>
    %r = mindspore.relu %m : tensor<4x20xf32>
    mindspore.yield %r : tensor<4x20xf32>
  }
  return %a, %b : tensor<4x16xf32>, tensor<4x20xf32>
}

// -----

mindspore.parameter @shared : tensor<16x16xf32>

// Two MatMul groups read one weight (tied weights, an unrolled loop): it is
// converted to FRACTAL_NZ once, where the first group reads it, and the
// second group reuses that conversion.
// CHECK-LABEL: func.func @shared_weight_converted_once
// CHECK: %[[NZ:.*]] = mindspore.trans_data %{{.*}} "ND" -> "FRACTAL_NZ"
// CHECK-NOT: "ND" -> "FRACTAL_NZ"
// CHECK: %[[A:.*]] = mindspore.fusion "mix" "first"(%arg0, %[[NZ]])
// CHECK-NOT: "ND" -> "FRACTAL_NZ"
// CHECK: mindspore.fusion "mix" "second"(%[[A]], %[[NZ]])
func.func @shared_weight_converted_once(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %w = mindspore.load @shared : tensor<16x16xf32>
  %a = mindspore.fusion "mix" "first"(%x, %w) : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: tensor<4x16xf32>, %k: tensor<16x16xf32>):
    %m = mindspore.matmul %i, %k : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
    mindspore.yield %m : tensor<4x16xf32>
  }
  %b = mindspore.fusion "mix" "second"(%a, %w) : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: tensor<4x16xf32>, %k: tensor<16x16xf32>):
    %m = mindspore.matmul %i, %k : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
    %r = mindspore.relu %m : tensor<4x16xf32>
    mindspore.yield %r : tensor<4x16xf32>
  }
  return %b : tensor<4x16xf32>
}
