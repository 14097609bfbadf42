// A construct MindSpore 2.10 cannot run as written is refused at compile
// time, at the op (its source location), and no file is written (a
// non-zero Pad and asymmetric max pooling: export-mindir-errors.mlir).
// RUN: ascend-translate --export-mindir %s -verify-diagnostics
// RUN: rm -f %t.mindir
// RUN: cp %s %t.custom.mlir
// RUN: not ascend-translate --export-mindir %t.custom.mlir -o %t.mindir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: not test -e %t.mindir

// MSG: {{.*}}.custom.mlir:15:10: error: 'mindspore.custom' (pytorch_aten kernel 'aten.erfinv.default') has no MindIR form MindSpore runs: MindSpore loads no kernel for it

module @custom {
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'mindspore.custom' (pytorch_aten kernel 'aten.erfinv.default') has no MindIR form MindSpore runs: MindSpore loads no kernel for it}}
    %y = mindspore.custom "aten.erfinv.default"(%x) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
