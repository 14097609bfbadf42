// RUN: ascend-opt %s -split-input-file --ascend-mindspore-plan-memory | FileCheck %s

// exp -> neg -> add: neg writes into exp's buffer, add into neg's (each the
// last reader of its input); the input x is read-only and never reused.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: mindspore.device_memory = {activation_bytes = 1024 : i64, in_place = 2 : i64, input_bytes = 1024 : i64, peak_bytes = 2048 : i64, weight_bytes = 0 : i64}
func.func @chain(%x: tensor<256xf32>) -> tensor<256xf32> {
  %a = mindspore.exp %x : tensor<256xf32>
  %b = mindspore.neg %a : tensor<256xf32>
  %c = mindspore.add %b, %x : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  return %c : tensor<256xf32>
}

// -----

// Two values live at once; the reshape is a view of exp's buffer (it keeps
// that buffer alive until the add), and a MatMul never writes in place.
// CHECK-LABEL: func.func @two_live
// CHECK-SAME: mindspore.device_memory = {activation_bytes = 3072 : i64, in_place = 1 : i64, input_bytes = 1024 : i64, peak_bytes = 4128 : i64, weight_bytes = 32 : i64}
mindspore.parameter @w : tensor<8xf32>
func.func @two_live(%x: tensor<256xf32>) -> tensor<16x16xf32> {
  %w = mindspore.load @w : tensor<8xf32>
  %a = mindspore.exp %x : tensor<256xf32>
  %r = mindspore.reshape %a, [16, 16] : (tensor<256xf32>) -> tensor<16x16xf32>
  %b = mindspore.neg %x : tensor<256xf32>
  %s = mindspore.reshape %b, [16, 16] : (tensor<256xf32>) -> tensor<16x16xf32>
  %m = mindspore.matmul %r, %s : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %c = mindspore.add %m, %r : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}
