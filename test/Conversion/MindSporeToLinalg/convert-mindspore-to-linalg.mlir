// RUN: ascend-opt %s --convert-mindspore-to-linalg --split-input-file | FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[TRAILING:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_broadcasts_trailing_dims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[TRAILING]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[Y]] : tensor<2x3xf32>, tensor<3xf32>)
// CHECK: arith.addf
func.func @add_broadcasts_trailing_dims(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %a = mindspore.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}

// -----

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @size_one_dim_reads_index_zero
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]]
// CHECK: arith.cmpf ogt
// CHECK: -> tensor<2x3xi1>
func.func @size_one_dim_reads_index_zero(%x: tensor<2x3xf32>, %y: tensor<2x1xf32>) -> tensor<2x3xi1> {
  %g = mindspore.greater %x, %y : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xi1>
  return %g : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @conv2d_pads_then_convolves
// CHECK: %[[PADDED:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 0] high[0, 0, 2, 1]
// CHECK: %[[INIT:.*]] = linalg.fill
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>} ins(%[[PADDED]], %{{.*}} : tensor<2x3x10x7xf32>, tensor<4x3x3x2xf32>) outs(%[[INIT]] : tensor<2x4x4x5xf32>)
func.func @conv2d_pads_then_convolves(%x: tensor<2x3x7x6xf32>, %w: tensor<4x3x3x2xf32>) -> tensor<2x4x4x5xf32> {
  %y = mindspore.conv2d %x, %w {stride = array<i64: 2, 1>, dilation = array<i64: 1, 2>, pad = array<i64: 1, 2, 0, 1>}
      : (tensor<2x3x7x6xf32>, tensor<4x3x3x2xf32>) -> tensor<2x4x4x5xf32>
  return %y : tensor<2x4x4x5xf32>
}

// -----

// CHECK-LABEL: func.func @conv2d_groups_use_grouped_conv
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 2, 7, 7]
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3]
// CHECK: linalg.conv_2d_ngchw_gfchw
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x2x3x5x5xf32> into tensor<1x6x5x5xf32>
func.func @conv2d_groups_use_grouped_conv(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x5x5xf32> {
  %y = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, group = 2}
      : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x5x5xf32>
  return %y : tensor<1x6x5x5xf32>
}

// -----

// CHECK-LABEL: func.func @max_pool_ceil_mode_pads_with_neg_inf
// CHECK: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEG_INF]]
// CHECK: linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x1x6x6xf32>, tensor<2x2xf32>)
func.func @max_pool_ceil_mode_pads_with_neg_inf(%x: tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32> {
  %m = mindspore.max_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, ceil_mode = true}
      : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  return %m : tensor<1x1x3x3xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_transpose_b_transposes_the_weight
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[W:.*]]: tensor<4x3xf32>)
// CHECK: %[[WT:.*]] = linalg.transpose ins(%[[W]] : tensor<4x3xf32>) outs(%{{.*}} : tensor<3x4xf32>) permutation = [1, 0]
// CHECK: linalg.matmul ins(%[[X]], %[[WT]] : tensor<2x3xf32>, tensor<3x4xf32>)
func.func @matmul_transpose_b_transposes_the_weight(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %a = mindspore.matmul %x, %w {transpose_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return %a : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @f16_add_computes_in_f32
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @f16_add_computes_in_f32(%x: tensor<4xf16>, %y: tensor<4xf16>) -> tensor<4xf16> {
  %a = mindspore.add %x, %y : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  return %a : tensor<4xf16>
}

// -----

// CHECK-LABEL: func.func @reshape_collapses_then_expands
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [4, 6] : tensor<24xf32> into tensor<4x6xf32>
func.func @reshape_collapses_then_expands(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %r = mindspore.reshape %x, [4, 6] : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// CHECK-NOT: mindspore.parameter
// CHECK-LABEL: func.func @load_of_valued_parameter_is_a_constant
// CHECK: %[[C:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: return %[[C]]
mindspore.parameter @"fc.bias" : tensor<2xf32> = dense<[1.0, 2.0]> : tensor<2xf32>
func.func @load_of_valued_parameter_is_a_constant() -> tensor<2xf32> {
  %b = mindspore.load @"fc.bias" : tensor<2xf32>
  return %b : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @cond_is_scf_if_and_assert_is_cf_assert
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<3xf32>)
// CHECK: %[[FLAG:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: cf.assert %[[FLAG]], "x > 0 was the only side seen"
// CHECK: %[[PRED:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: %[[R:.*]] = scf.if %[[PRED]] -> (tensor<3xf32>) {
// CHECK: arith.maximumf
// CHECK: scf.yield
// CHECK: } else {
// CHECK: scf.yield %[[X]] : tensor<3xf32>
// CHECK: return %[[R]]
func.func @cond_is_scf_if_and_assert_is_cf_assert(%p: tensor<i1>, %x: tensor<3xf32>) -> tensor<3xf32> {
  mindspore.assert %p, "x > 0 was the only side seen" : tensor<i1>
  %r = mindspore.cond %p : tensor<i1> -> (tensor<3xf32>) {
    %a = mindspore.relu %x : tensor<3xf32>
    mindspore.yield %a : tensor<3xf32>
  } else {
    mindspore.yield %x : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @gelu_expands_erf_to_a_polynomial
// CHECK: linalg.generic
// CHECK-NOT: math.erf
// CHECK: math.fma
// CHECK: linalg.yield
func.func @gelu_expands_erf_to_a_polynomial(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %g = mindspore.gelu %x : tensor<2x3xf32>
  return %g : tensor<2x3xf32>
}

// -----

// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 2)>
// CHECK-LABEL: func.func @reverse_reads_mirrored_index
// CHECK: linalg.generic {indexing_maps = [#[[REV]], #{{.*}}]
func.func @reverse_reads_mirrored_index(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = mindspore.reverse_v2 %x {axis = array<i64: -1>} : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @gather_wraps_and_clamps_indices
// CHECK: linalg.generic {{.*}} ins(%arg1 : tensor<4xi64>) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK: arith.index_cast
// CHECK: arith.cmpi slt
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: %[[COL:.*]] = linalg.index 1
// CHECK: tensor.extract %arg0[%{{.*}}, %[[COL]]]
func.func @gather_wraps_and_clamps_indices(%x: tensor<2x3xf32>, %i: tensor<4xi64>) -> tensor<4x3xf32> {
  %g = mindspore.gather %x, %i {axis = 0 : i64} : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %g : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @slices_concat_pad
// CHECK: tensor.extract_slice %arg0[0, 0] [2, 2] [1, 2] : tensor<2x3xf32> to tensor<2x2xf32>
// CHECK: %[[A:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 0] [2, 3] [1, 1]
// CHECK: tensor.insert_slice %arg0 into %[[A]][2, 0] [2, 3] [1, 1]
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: tensor.pad %arg0 low[1, 0] high[0, 1]
// CHECK: tensor.yield %[[TWO]]
func.func @slices_concat_pad(%x: tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<4x3xf32>, tensor<3x4xf32>) {
  %ss = mindspore.strided_slice %x {begin = array<i64: 0, 0>, end = array<i64: 2, 3>, strides = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %cat = mindspore.concat %x, %x {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %p = mindspore.pad %x {paddings = array<i64: 1, 0, 0, 1>, value = 2.0 : f64} : (tensor<2x3xf32>) -> tensor<3x4xf32>
  return %ss, %cat, %p : tensor<2x2xf32>, tensor<4x3xf32>, tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @cast_select_reshapes
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1, 2]] output_shape [1, 2, 3]
func.func @cast_select_reshapes(%x: tensor<2x3xf32>, %c: tensor<2x3xi1>) -> (tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x3xf32>) {
  %i = mindspore.cast %x : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %f = mindspore.cast %c : (tensor<2x3xi1>) -> tensor<2x3xf32>
  %s = mindspore.select %c, %x, %f : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e = mindspore.expand_dims %x {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  return %i, %f, %s, %e : tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x3xf32>
}

// -----

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROWS:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[COLS:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @layer_norm_mean_variance_rstd
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROWS]]], iterator_types = ["parallel", "reduction"]}
// CHECK: arith.divf
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROWS]], #[[ID]]]
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROWS]]], iterator_types = ["parallel", "reduction"]}
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROWS]], #[[ROWS]], #[[COLS]], #[[COLS]], #[[ID]]]
// CHECK: math.rsqrt
func.func @layer_norm_mean_variance_rstd(%x: tensor<5x4xf32>, %g: tensor<4xf32>) -> tensor<5x4xf32> {
  %y = mindspore.layer_norm %x, %g, %g {begin_norm_axis = -1 : i64, begin_params_axis = -1 : i64, epsilon = 1.0e-5 : f32} : (tensor<5x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// CHECK-LABEL: func.func @log_softmax_subtracts_log_sum
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: math.log
func.func @log_softmax_subtracts_log_sum(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = mindspore.log_softmax %x {axis = 1 : i64} : tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @integer_compare_and_abs
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK: arith.subi
// CHECK: arith.select
func.func @integer_compare_and_abs(%x: tensor<3xi64>, %y: tensor<i64>) -> (tensor<3xi1>, tensor<3xi64>) {
  %l = mindspore.less %x, %y : (tensor<3xi64>, tensor<i64>) -> tensor<3xi1>
  %a = mindspore.abs %x : tensor<3xi64>
  return %l, %a : tensor<3xi1>, tensor<3xi64>
}

// -----

// ArgMaxWithValue: the Argmax reduction's (value, index) accumulators, both
// expanded back to rank 2 for keep_dims.
// CHECK-LABEL: func.func @argmax_with_value_keep_dims
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<3x4xf32>) outs(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xi64>)
// CHECK: %[[V:.*]] = tensor.expand_shape %[[R]]#0 {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
// CHECK: %[[I:.*]] = tensor.expand_shape %[[R]]#1 {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xi64> into tensor<1x4xi64>
// CHECK: return %[[I]], %[[V]]
func.func @argmax_with_value_keep_dims(%x: tensor<3x4xf32>) -> (tensor<1x4xi64>, tensor<1x4xf32>) {
  %i, %v = mindspore.argmax_with_value %x {keep_dims = true} : (tensor<3x4xf32>) -> (tensor<1x4xi64>, tensor<1x4xf32>)
  return %i, %v : tensor<1x4xi64>, tensor<1x4xf32>
}

// -----

// Split: one extract_slice per piece.
// CHECK-LABEL: func.func @split_pieces
// CHECK: %[[A:.*]] = tensor.extract_slice %arg0[0, 0] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK: %[[B:.*]] = tensor.extract_slice %arg0[0, 2] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK: %[[C:.*]] = tensor.extract_slice %arg0[0, 4] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @split_pieces(%x: tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %s:3 = mindspore.split %x {axis = 1 : i64, output_num = 3 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  return %s#0, %s#1, %s#2 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// TensorScatterAdd: every result element walks the index rows and adds the
// update of each row that names it.
// CHECK-LABEL: func.func @tensor_scatter_add_rows
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<5x3xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[D0:.*]] = linalg.index 0 : index
// CHECK: %[[D1:.*]] = linalg.index 1 : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[IN]]) -> (f32)
// CHECK: %[[ROW:.*]] = tensor.extract %arg1[%[[K]], %{{.*}}] : tensor<2x1xi64>
// CHECK: %[[RI:.*]] = arith.index_cast %[[ROW]] : i64 to index
// CHECK: %[[HIT:.*]] = arith.cmpi eq, %[[RI]], %[[D0]] : index
// CHECK: %[[MATCH:.*]] = arith.andi %{{.*}}, %[[HIT]] : i1
// CHECK: %[[U:.*]] = tensor.extract %arg2[%[[K]], %[[D1]]] : tensor<2x3xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[U]] : f32
// CHECK: %[[NEXT:.*]] = arith.select %[[MATCH]], %[[SUM]], %[[ACC]] : f32
// CHECK: scf.yield %[[NEXT]] : f32
func.func @tensor_scatter_add_rows(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %r = mindspore.tensor_scatter_add %x, %i, %u : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

// TensorScatterUpdate: a matching row replaces the element (the last wins).
// CHECK-LABEL: func.func @tensor_scatter_update_rows
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32)
// CHECK: %[[U:.*]] = tensor.extract %arg2[%[[K]]] : tensor<2xf32>
// CHECK-NOT: arith.addf
// CHECK: arith.select %{{.*}}, %[[U]], %[[ACC]] : f32
func.func @tensor_scatter_update_rows(%x: tensor<5x3xf32>, %i: tensor<2x2xi32>, %u: tensor<2xf32>) -> tensor<5x3xf32> {
  %r = mindspore.tensor_scatter_update %x, %i, %u : (tensor<5x3xf32>, tensor<2x2xi32>, tensor<2xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

// A grouped Conv2DTranspose: the weight viewed per group and flipped, the
// spread input viewed per group, one grouped convolution, the groups
// collapsed into channels.
// CHECK-DAG: #[[FLIP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, -d3 + 1, -d4 + 1)>
// CHECK-LABEL: func.func @conv2d_transpose_groups
// CHECK: %[[SPREAD:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 0, 1, 1] [1, 4, 3, 3] [1, 1, 1, 1] : tensor<1x4x3x3xf32> into tensor<1x4x5x5xf32>
// CHECK: %[[WG:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 2, 3, 2, 2] : tensor<4x3x2x2xf32> into tensor<2x2x3x2x2xf32>
// CHECK: %[[F:.*]] = linalg.generic {indexing_maps = [#[[FLIP]], {{.*}}]{{.*}} ins(%[[WG]] : tensor<2x2x3x2x2xf32>) outs(%{{.*}} : tensor<2x3x2x2x2xf32>)
// CHECK: %[[XG:.*]] = tensor.expand_shape %[[SPREAD]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 2, 5, 5] : tensor<1x4x5x5xf32> into tensor<1x2x2x5x5xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_ngchw_gfchw {{.*}} ins(%[[XG]], %[[F]] : tensor<1x2x2x5x5xf32>, tensor<2x3x2x2x2xf32>) outs(%{{.*}} : tensor<1x2x3x4x4xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[C]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x2x3x4x4xf32> into tensor<1x6x4x4xf32>
// CHECK: return %[[R]]
func.func @conv2d_transpose_groups(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32> {
  %r = mindspore.conv2d_transpose %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, output_padding = array<i64: 0, 0>, group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x4x4xf32>
  return %r : tensor<1x6x4x4xf32>
}
