// RUN: ascend-run %s --inputs %S/Inputs/numerics.runs | FileCheck %s

// The CPU lowering of the elementwise, reduction, normalization and shape
// primitives against PyTorch: Inputs/numerics.runs holds two random inputs
// and the outputs torch 1.13 computed for the same expressions (listed by
// each op below).

// CHECK: run 0: {{.*}}: ok
// CHECK: run 1: {{.*}}: ok

func.func @main(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>, %ids: tensor<5xi64>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<5x4xf32>, tensor<4x4xf32>, tensor<3x1xf32>, tensor<f32>, tensor<3x4xi32>, tensor<3x4xi1>) {
  // gelu(x) + silu(y) * sigmoid(x) - tanh(y) + erf(x)
  %g = mindspore.gelu %x : tensor<3x4xf32>
  %s = mindspore.silu %y : tensor<3x4xf32>
  %sg = mindspore.sigmoid %x : tensor<3x4xf32>
  %t = mindspore.tanh %y : tensor<3x4xf32>
  %e = mindspore.erf %x : tensor<3x4xf32>
  %a0 = mindspore.mul %s, %sg : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %a1 = mindspore.add %g, %a0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %a2 = mindspore.sub %a1, %t : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %o0 = mindspore.add %a2, %e : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>

  // sqrt(|x| + 1) * rsqrt(exp(y)) + log(|y| + 1) - relu6(3 x) + (-x) ** 2
  %one = mindspore.constant dense<1.0> : tensor<f32>
  %three = mindspore.constant dense<3.0> : tensor<f32>
  %two = mindspore.constant dense<2.0> : tensor<f32>
  %ax = mindspore.abs %x : tensor<3x4xf32>
  %ax1 = mindspore.add %ax, %one : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %sq = mindspore.sqrt %ax1 : tensor<3x4xf32>
  %ey = mindspore.exp %y : tensor<3x4xf32>
  %rs = mindspore.rsqrt %ey : tensor<3x4xf32>
  %b0 = mindspore.mul %sq, %rs : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %ay = mindspore.abs %y : tensor<3x4xf32>
  %ay1 = mindspore.add %ay, %one : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %ly = mindspore.log %ay1 : tensor<3x4xf32>
  %b1 = mindspore.add %b0, %ly : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %x3 = mindspore.mul %x, %three : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %r6 = mindspore.relu6 %x3 : tensor<3x4xf32>
  %b2 = mindspore.sub %b1, %r6 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %nx = mindspore.neg %x : tensor<3x4xf32>
  %p2 = mindspore.pow %nx, %two : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %o1 = mindspore.add %b2, %p2 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>

  // where((x < y) & (x != 0), maximum(x, y), minimum(x, y))
  %lt = mindspore.less %x, %y : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  %zero = mindspore.constant dense<0.0> : tensor<f32>
  %nz = mindspore.not_equal %x, %zero : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xi1>
  %and = mindspore.logical_and %lt, %nz : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
  %mx = mindspore.maximum %x, %y : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %mn = mindspore.minimum %x, %y : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %o2 = mindspore.select %and, %mx, %mn : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>

  // layer_norm(x, [4], weight = y[0], bias = y[1]) (eps 1e-5)
  %w0 = mindspore.strided_slice %y {begin = array<i64: 0, 0>, end = array<i64: 1, 4>, strides = array<i64: 1, 1>} : (tensor<3x4xf32>) -> tensor<1x4xf32>
  %w = mindspore.squeeze %w0 : (tensor<1x4xf32>) -> tensor<4xf32>
  %one_idx = mindspore.constant dense<1> : tensor<i64>
  %b = mindspore.gather %y, %one_idx {axis = 0 : i64} : (tensor<3x4xf32>, tensor<i64>) -> tensor<4xf32>
  %o3 = mindspore.layer_norm %x, %w, %b {begin_norm_axis = 1 : i64, begin_params_axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<3x4xf32>

  // log_softmax(x, 0)
  %o4 = mindspore.log_softmax %x {axis = 0 : i64} : tensor<3x4xf32>

  // flip(x, [0, 1]) + broadcast_to(mean(y, 0), [3, 4])
  %fl = mindspore.reverse_v2 %x {axis = array<i64: 0, 1>} : tensor<3x4xf32>
  %my = mindspore.reduce_mean %y, [0] : (tensor<3x4xf32>) -> tensor<4xf32>
  %bm = mindspore.broadcast_to %my {shape = array<i64: 3, 4>} : (tensor<4xf32>) -> tensor<3x4xf32>
  %o5 = mindspore.add %fl, %bm : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>

  // cat([x, y])[ids] (ids has negative entries)
  %cat = mindspore.concat %x, %y {axis = 0 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %o6 = mindspore.gather %cat, %ids {axis = 0 : i64} : (tensor<6x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>

  // F.pad(x[:, ::2], (1, 1, 0, 1), value=0.5)
  %ev = mindspore.strided_slice %x {begin = array<i64: 0, 0>, end = array<i64: 3, 4>, strides = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<3x2xf32>
  %o7 = mindspore.pad %ev {paddings = array<i64: 0, 1, 1, 1>, value = 0.5 : f64} : (tensor<3x2xf32>) -> tensor<4x4xf32>

  // y.amax(1, keepdim=True), x.max()
  %o8 = mindspore.reduce_max %y, [1] {keep_dims = true} : (tensor<3x4xf32>) -> tensor<3x1xf32>
  %o9 = mindspore.reduce_max %x, [] : (tensor<3x4xf32>) -> tensor<f32>

  // (3 x).to(int32), x > 0 (via an expand_dims / squeeze round trip)
  %xi = mindspore.cast %x3 : (tensor<3x4xf32>) -> tensor<3x4xi32>
  %ex = mindspore.expand_dims %x {axis = 1 : i64} : (tensor<3x4xf32>) -> tensor<3x1x4xf32>
  %sx = mindspore.squeeze %ex {axis = array<i64: 1>} : (tensor<3x1x4xf32>) -> tensor<3x4xf32>
  %pos = mindspore.cast %sx : (tensor<3x4xf32>) -> tensor<3x4xi1>
  %gt = mindspore.greater_equal %sx, %zero : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xi1>
  %o11 = mindspore.logical_and %pos, %gt : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>

  return %o0, %o1, %o2, %o3, %o4, %o5, %o6, %o7, %o8, %o9, %xi, %o11 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<5x4xf32>, tensor<4x4xf32>, tensor<3x1xf32>, tensor<f32>, tensor<3x4xi32>, tensor<3x4xi1>
}
