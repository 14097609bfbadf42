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

// -----

// A fusion group is one kernel: it reads its inputs from GM and writes its
// results there, while the values inside it stay in the AI Core's buffers.
// Only %a (4096 bytes) is planned, and the "vector" group, its last
// reader, writes its result in place; the group's four inner 4096-byte
// values take nothing.
// CHECK-LABEL: func.func @fusion_inner_values_take_no_gm
// CHECK-SAME: activation_bytes = 4096 : i64, in_place = 1
func.func @fusion_inner_values_take_no_gm(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %a = mindspore.neg %x : tensor<32x32xf32>
  %g = mindspore.fusion "vector" "g"(%a) : (tensor<32x32xf32>) -> tensor<32x32xf32> {
  ^bb0(%i: tensor<32x32xf32>):
    %e = mindspore.exp %i : tensor<32x32xf32>
    %r = mindspore.relu %e : tensor<32x32xf32>
    %s = mindspore.sin %r : tensor<32x32xf32>
    %t = mindspore.add %s, %i : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    mindspore.yield %t : tensor<32x32xf32>
  }
  return %g : tensor<32x32xf32>
}
