// Round trip of every op the exporter maps: mindspore -> MindIR -> mindspore
// -> MindIR gives the same bytes, and the reimported module prints as the
// original (dense_resource weights, loads before their first use).
// RUN: ascend-translate --export-mindir %s -o %t.1.mindir
// RUN: ascend-translate --import-mindir %t.1.mindir -o %t.mlir
// RUN: ascend-translate --export-mindir %t.mlir -o %t.2.mindir
// RUN: cmp %t.1.mindir %t.2.mindir
// RUN: ascend-opt %s -o %t.original.mlir
// RUN: ascend-opt %t.mlir -o %t.reimported.mlir
// RUN: diff %t.original.mlir %t.reimported.mlir
// RUN: FileCheck %s < %t.mlir

// CHECK-LABEL: module @roundtrip_ops {
// CHECK:       mindspore.parameter @conv.weight : tensor<2x2x1x1xf32> = dense_resource<conv.weight>
// CHECK:       mindspore.conv2d %{{.*}} {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
// CHECK:       mindspore.batch_norm {{.*}} {epsilon = 1.000000e-03 : f32}
// CHECK:       mindspore.max_pool {{.*}} {kernel_size = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
// CHECK:       mindspore.matmul {{.*}} {transpose_b = true}
// CHECK:       mindspore.strided_slice {{.*}} {begin = array<i64: 0, 1>, end = array<i64: 1, 3>, strides = array<i64: 1, 1>}
// CHECK:       mindspore.pad {{.*}} {paddings = array<i64: 1, 1, 0, 2>}
// CHECK:       mask: "0x010000000001"

module @roundtrip_ops {
  mindspore.parameter @"conv.weight" : tensor<2x2x1x1xf32> = dense_resource<conv.weight> : tensor<2x2x1x1xf32>
  mindspore.parameter @"bn.scale" : tensor<2xf32> = dense_resource<bn.scale> : tensor<2xf32>
  mindspore.parameter @mask : tensor<2xi1> = dense_resource<mask> : tensor<2xi1>
  func.func @main(%x: tensor<1x2x4x4xf32>, %idx: tensor<3xi32>, %c: tensor<2x3xi1>) -> (tensor<1x2x4x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>, tensor<16x2xf32>, tensor<16x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x1xf32>, tensor<f32>, tensor<i1>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<1x2x3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<1x2xf32>, tensor<3x2xf32>, tensor<2x2x3xf32>, tensor<4x5xf32>, tensor<2x3xf32>, tensor<2xi1>) {
    %w = mindspore.load @"conv.weight" : tensor<2x2x1x1xf32>
    %conv = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
    %s = mindspore.load @"bn.scale" : tensor<2xf32>
    %bn = mindspore.batch_norm %conv, %s, %s, %s, %s {epsilon = 1.0e-03 : f32} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %r = mindspore.relu %bn : tensor<1x2x4x4xf32>
    %mp = mindspore.max_pool %r {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    %mpp = mindspore.max_pool %r {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    %ap = mindspore.avg_pool %r {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    %aap = mindspore.adaptive_avg_pool2d %r {output_size = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
    %rs = mindspore.reshape %r, [16, 2] : (tensor<1x2x4x4xf32>) -> tensor<16x2xf32>
    %ln = mindspore.layer_norm %rs, %s, %s {begin_norm_axis = -1 : i64, begin_params_axis = -1 : i64, epsilon = 1.0e-05 : f32} : (tensor<16x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<16x2xf32>
    %cst = mindspore.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %one = mindspore.constant dense<1.0> : tensor<2x3xf32>
    %add = mindspore.add %cst, %one : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %sub = mindspore.sub %add, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %mul = mindspore.mul %sub, %add : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %div = mindspore.real_div %mul, %add : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %max = mindspore.maximum %div, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %min = mindspore.minimum %max, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %pow = mindspore.pow %min, %one : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %neg = mindspore.neg %pow : tensor<2x3xf32>
    %abs = mindspore.abs %neg : tensor<2x3xf32>
    %exp = mindspore.exp %abs : tensor<2x3xf32>
    %log = mindspore.log %exp : tensor<2x3xf32>
    %sqrt = mindspore.sqrt %log : tensor<2x3xf32>
    %rsqrt = mindspore.rsqrt %sqrt : tensor<2x3xf32>
    %tanh = mindspore.tanh %rsqrt : tensor<2x3xf32>
    %erf = mindspore.erf %tanh : tensor<2x3xf32>
    %sig = mindspore.sigmoid %erf : tensor<2x3xf32>
    %silu = mindspore.silu %sig : tensor<2x3xf32>
    %relu6 = mindspore.relu6 %silu : tensor<2x3xf32>
    %sin = mindspore.sin %relu6 : tensor<2x3xf32>
    %cos = mindspore.cos %sin : tensor<2x3xf32>
    %sm = mindspore.softmax %cos {axis = 1 : i64} : tensor<2x3xf32>
    %lsm = mindspore.log_softmax %sm {axis = -1 : i64} : tensor<2x3xf32>
    %t = mindspore.transpose %lsm, [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %mm0 = mindspore.matmul %cst, %lsm {transpose_a = false, transpose_b = true} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
    %mm = mindspore.matmul %mm0, %cst : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %bias = mindspore.constant dense<[0.5, 1.5, 2.5]> : tensor<3xf32>
    %ba = mindspore.bias_add %mm, %bias : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %rsum = mindspore.reduce_sum %ba, [0] {keep_dims = true} : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %rmean = mindspore.reduce_mean %ba, [1] {keep_dims = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
    %rmax = mindspore.reduce_max %ba, [] : (tensor<2x3xf32>) -> tensor<f32>
    %gt = mindspore.greater %ba, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %ge = mindspore.greater_equal %ba, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %lt = mindspore.less %ba, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %le = mindspore.less_equal %ba, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %eq = mindspore.equal %ba, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %ne = mindspore.not_equal %ba, %cst : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %and = mindspore.logical_and %gt, %ge : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %or = mindspore.logical_or %lt, %le : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %not = mindspore.logical_not %eq : tensor<2x3xi1>
    %and2 = mindspore.logical_and %and, %or : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %and3 = mindspore.logical_and %and2, %not : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %and4 = mindspore.logical_and %and3, %ne : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %all = mindspore.reduce_all %and4 : (tensor<2x3xi1>) -> tensor<i1>
    %sel = mindspore.select %c, %ba, %cst : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %cast = mindspore.cast %sel : (tensor<2x3xf32>) -> tensor<2x3xi32>
    %ed = mindspore.expand_dims %sel {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
    %sq = mindspore.squeeze %rsum {axis = array<i64: 0>} : (tensor<1x3xf32>) -> tensor<3xf32>
    %cat = mindspore.concat %sel, %cst {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %ss = mindspore.strided_slice %sel {begin = array<i64: 0, 1>, end = array<i64: 1, 3>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<1x2xf32>
    %ga = mindspore.gather %t, %idx {axis = 0 : i64} : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
    %bt = mindspore.broadcast_to %sel {shape = array<i64: 2, 2, 3>} : (tensor<2x3xf32>) -> tensor<2x2x3xf32>
    %pad = mindspore.pad %sel {paddings = array<i64: 1, 1, 0, 2>} : (tensor<2x3xf32>) -> tensor<4x5xf32>
    %rev = mindspore.reverse_v2 %sel {axis = array<i64: 1>} : tensor<2x3xf32>
    %m = mindspore.load @mask : tensor<2xi1>
    return %conv, %mp, %mpp, %ap, %aap, %rs, %ln, %sel, %mm, %ba, %rsum, %rmean, %rmax, %all, %and4, %sel, %cast, %ed, %sq, %cat, %ss, %ga, %bt, %pad, %rev, %m : tensor<1x2x4x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>, tensor<16x2xf32>, tensor<16x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x1xf32>, tensor<f32>, tensor<i1>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<1x2x3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<1x2xf32>, tensor<3x2xf32>, tensor<2x2x3xf32>, tensor<4x5xf32>, tensor<2x3xf32>, tensor<2xi1>
  }
}
{-#
  dialect_resources: {
    builtin: {
      conv.weight: "0x040000000000803F000000000000000000000040",
      bn.scale: "0x040000000000803F00000040",
      mask: "0x010000000001"
    }
  }
#-}
