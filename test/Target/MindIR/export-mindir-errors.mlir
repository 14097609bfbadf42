// RUN: ascend-translate --export-mindir --split-input-file --verify-diagnostics %s -o /dev/null

// expected-error @below {{MindIR export needs a 'func.func @main'}}
module @no_main {
  mindspore.parameter @w : tensor<2xf32> = dense<1.0> : tensor<2xf32>
}

// -----

module @extra_function {
  // expected-error @below {{'func.func' at module level has no MindIR mapping (expected 'mindspore.parameter' and one 'func.func @main')}}
  func.func @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}

// -----

module @main_with_two_blocks {
  // expected-error @below {{@main must have a single block}}
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  ^bb1:
    return %x : tensor<2xf32>
  }
}

// -----

module @pad_with_nonzero_value {
  func.func @main(%x: tensor<2xf32>) -> tensor<4xf32> {
    // expected-error @below {{a Pad with the non-zero value 5.000000e-01 has no MindIR form MindSpore runs (its Pad pads with zeros)}}
    %y = mindspore.pad %x {paddings = array<i64: 1, 1>, value = 0.5 : f64} : (tensor<2xf32>) -> tensor<4xf32>
    return %y : tensor<4xf32>
  }
}

// -----

module @asymmetric_max_pool {
  func.func @main(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
    // expected-error @below {{max_pool padding [0, 1, 0, 1] is asymmetric; MindSpore's max pooling primitives only pad symmetrically}}
    %y = mindspore.max_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
    return %y : tensor<1x1x2x2xf32>
  }
}

// -----

module @parameter_without_value {
  // expected-error @below {{parameter 'w' has no value; MindIR export needs every weight's data}}
  mindspore.parameter @w : tensor<2xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}

// -----

module @elided_resource {
  // expected-error @below {{the data of dense_resource '__elided__' is not available}}
  mindspore.parameter @w : tensor<2xf32> = dense_resource<__elided__> : tensor<2xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}

// -----

module @short_resource {
  // expected-error @below {{dense_resource 'short_blob' holds 2 bytes, expected 8}}
  mindspore.parameter @w : tensor<2xf32> = dense_resource<short_blob> : tensor<2xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      short_blob: "0x04000000AABB"
    }
  }
#-}

// -----

module @sparse_value {
  // expected-error @below {{cannot read the bytes of}}
  mindspore.parameter @w : tensor<2xf32> = sparse<[[0]], [1.0]> : tensor<2xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}

// -----

module @unsupported_element_type {
  // expected-error @below {{element type 'f80' has no MindIR data type}}
  func.func @main(%x: tensor<2xf80>) -> tensor<2xf80> {
    return %x : tensor<2xf80>
  }
}

// -----

module @unranked_input {
  // expected-error @below {{type 'tensor<*xf32>' has no MindIR form}}
  func.func @main(%x: tensor<*xf32>) -> tensor<*xf32> {
    return %x : tensor<*xf32>
  }
}

// -----

module @no_result {
  func.func @main(%x: tensor<2xf32>) {
    // expected-error @below {{a MindIR graph must return a value}}
    return
  }
}

// -----

module @cond_without_results {
  func.func @main(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
    // expected-error @below {{a 'mindspore.cond' without results has no MindIR form}}
    mindspore.cond %p : tensor<i1> {
      mindspore.yield
    } else {
      mindspore.yield
    }
    return %x : tensor<2xf32>
  }
}

// -----

func.func @main(%p: tensor<i1>) -> tensor<i1> {
  // expected-error @+1 {{a 'mindspore.while' without state has no MindIR form}}
  mindspore.while() : () -> () {
    mindspore.condition %p : tensor<i1>
  } do {
    mindspore.yield
  }
  return %p : tensor<i1>
}

// -----

module @custom_without_results {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    // expected-error @below {{'mindspore.custom' (pytorch_aten kernel 'aten._assert_async.default') has no MindIR form MindSpore runs: MindSpore loads no kernel for it}}
    mindspore.custom "aten._assert_async.default"(%x) func_type "pytorch_aten" attrs {} : (tensor<2xf32>) -> ()
    return %x : tensor<2xf32>
  }
}

