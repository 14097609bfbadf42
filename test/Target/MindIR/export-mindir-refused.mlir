// Constructs MindSpore 2.10 cannot run as written are refused at compile
// time, at the op (its source location), and no file is written.
// RUN: ascend-translate --export-mindir %s -split-input-file -verify-diagnostics
// RUN: rm -f %t.mindir
// RUN: not ascend-translate --export-mindir %s -split-input-file -o %t.mindir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: not test -e %t.mindir

// MSG: {{.*}}export-mindir-refused.mlir:13:10: error: 'mindspore.custom' (pytorch_aten kernel 'aten.erfinv.default') has no MindIR form MindSpore runs: MindSpore loads no kernel for it

module @custom {
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'mindspore.custom' (pytorch_aten kernel 'aten.erfinv.default') has no MindIR form MindSpore runs: MindSpore loads no kernel for it}}
    %y = mindspore.custom "aten.erfinv.default"(%x) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
    return %y : tensor<4xf32>
  }
}

// -----

module @pad {
  func.func @main(%x: tensor<2x3xf32>) -> tensor<4x5xf32> {
    // expected-error @+1 {{a Pad with the non-zero value 1.000000e+00 has no MindIR form MindSpore runs (its Pad pads with zeros)}}
    %y = mindspore.pad %x {paddings = array<i64: 1, 1, 1, 1>, value = 1.0 : f64} : (tensor<2x3xf32>) -> tensor<4x5xf32>
    return %y : tensor<4x5xf32>
  }
}

// -----

module @max_pool {
  func.func @main(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
    // expected-error @+1 {{max_pool padding [0, 1, 0, 1] is asymmetric; MindSpore's max pooling primitives only pad symmetrically}}
    %y = mindspore.max_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
    return %y : tensor<1x1x4x4xf32>
  }
}
