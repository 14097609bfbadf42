// RUN: ascend-opt %s --split-input-file --convert-pynative-to-mindspore=keep-unsupported=true -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=WARN < %t.warnings
// RUN: ascend-opt %s --split-input-file --ascend-pipeline="emit=mindspore keep-unsupported=true" 2>&1 | FileCheck %s --check-prefix=WARN
// Without the option the same ops are errors.
// RUN: not ascend-opt %s --split-input-file --convert-pynative-to-mindspore 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: m.py:3:4: error: unsupported eager op 'aten.special_erfcx.default' in module 'block.act': no MindSpore primitive mapping
// ERR-NOT: warning

// The kept op is refused by the MindIR export (MindSpore loads no kernel for
// it; no file is written) and cannot run on the CPU.
// RUN: ascend-opt %S/Inputs/erfinv-trace.mlir --convert-pynative-to-mindspore=keep-unsupported=true -o %t.run.mlir 2> %t.run.warnings
// RUN: rm -f %t.mindir
// RUN: not ascend-translate --export-mindir %t.run.mlir -o %t.mindir 2>&1 | FileCheck %s --check-prefix=MINDIR
// RUN: not test -e %t.mindir
// MINDIR: error: 'mindspore.custom' (pytorch_aten kernel 'aten.special_erfcx.default') has no MindIR form MindSpore runs: MindSpore loads no kernel for it
// RUN: not ascend-run %t.run.mlir --inputs %S/Inputs/erfinv.inputs 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: 'mindspore.custom' (aten.special_erfcx.default, func_type 'pytorch_aten') cannot run on the CPU: it has no lowering

// keep-unsupported: each eager op without a mapping becomes a mindspore.custom
// keeping its name and non-tensor arguments, with a warning naming it and its
// source line; the ops around it are legalized as usual.

// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[A:.*]] = mindspore.custom "aten.special_erfcx.default"(%arg0) func_type "pytorch_aten" attrs {} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[B:.*]] = mindspore.relu %[[A]]
// CHECK: %[[C:.*]] = mindspore.custom "aten.special_airy_ai.default"(%[[B]]) func_type "pytorch_aten" attrs {alpha = 1.500000e+00 : f64, dims = array<i64: 0, 1>, mode = "fast", out} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: return %[[C]]
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  // WARN: m.py:3:4: warning: unsupported eager op 'aten.special_erfcx.default' in module 'block.act' at m.py:3 kept as 'mindspore.custom': no MindSpore primitive mapping
  %a = pynative.op "aten.special_erfcx.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("block.act"("m.py":3:4))
  %b = pynative.op "aten.relu.default"(%a) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  // WARN: warning: unsupported eager op 'aten.special_airy_ai.default' at m.py:9 kept as 'mindspore.custom': no MindSpore primitive mapping
  %c = pynative.op "aten.special_airy_ai.default"(%b) {args = {alpha = 1.5 : f64, mode = "fast", dims = array<i64: 0, 1>, out}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("m.py":9:2)
  pynative.output %c : tensor<4xf32>
}

// -----

// An op the table knows but not in this form (a 3-D transposed convolution) is
// kept too, with the table's reason; several results keep their recorded
// types. One warning per op and place however many runs executed it.

// CHECK-LABEL: func.func @main
// CHECK: mindspore.custom "aten.convolution.default"(%arg0, %arg1) func_type "pytorch_aten" attrs {bias, dilation = array<i64: 1, 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0, 0>, padding = array<i64: 0, 0, 0>, stride = array<i64: 1, 1, 1>, transposed = true} : (tensor<1x4x2x2x8xf32>, tensor<4x2x1x1x3xf32>) -> tensor<1x2x2x2x10xf32>
// CHECK: %{{.*}}:2 = mindspore.custom "aten.mode.default"(%{{.*}}) func_type "pytorch_aten" attrs {dim = -1 : i64, keepdim = true} : (tensor<1x2x2x2x10xf32>) -> (tensor<1x2x2x2x1xf32>, tensor<1x2x2x2x1xi64>)
pynative.trace @run_0(%x: tensor<1x4x2x2x8xf32>, %w: tensor<4x2x1x1x3xf32>) -> tensor<1x2x2x2x1xi64> attributes {run = 0 : i64} {
  // WARN: warning: unsupported eager op 'aten.convolution.default' at m.py:12 kept as 'mindspore.custom': only 1-D (NCL) and 2-D (NCHW) transposed convolution is legalized
  %c = pynative.op "aten.convolution.default"(%x, %w) {args = {bias, stride = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0>, dilation = array<i64: 1, 1, 1>, transposed = true, output_padding = array<i64: 0, 0, 0>, groups = 1 : i64}, operand_names = ["input", "weight"]} : (tensor<1x4x2x2x8xf32>, tensor<4x2x1x1x3xf32>) -> tensor<1x2x2x2x10xf32> loc("m.py":12:8)
  // WARN: warning: unsupported eager op 'aten.mode.default' at m.py:13 kept as 'mindspore.custom'
  %t:2 = pynative.op "aten.mode.default"(%c) {args = {dim = -1 : i64, keepdim = true}, operand_names = ["self"]} : (tensor<1x2x2x2x10xf32>) -> (tensor<1x2x2x2x1xf32>, tensor<1x2x2x2x1xi64>) loc("m.py":13:8)
  pynative.output %t#1 : tensor<1x2x2x2x1xi64>
}
pynative.trace @run_1(%x: tensor<1x4x2x2x8xf32>, %w: tensor<4x2x1x1x3xf32>) -> tensor<1x2x2x2x1xi64> attributes {run = 1 : i64} {
  %c = pynative.op "aten.convolution.default"(%x, %w) {args = {bias, stride = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0>, dilation = array<i64: 1, 1, 1>, transposed = true, output_padding = array<i64: 0, 0, 0>, groups = 1 : i64}, operand_names = ["input", "weight"]} : (tensor<1x4x2x2x8xf32>, tensor<4x2x1x1x3xf32>) -> tensor<1x2x2x2x10xf32> loc("m.py":12:8)
  %t:2 = pynative.op "aten.mode.default"(%c) {args = {dim = -1 : i64, keepdim = true}, operand_names = ["self"]} : (tensor<1x2x2x2x10xf32>) -> (tensor<1x2x2x2x1xf32>, tensor<1x2x2x2x1xi64>) loc("m.py":13:8)
  pynative.output %t#1 : tensor<1x2x2x2x1xi64>
}
// WARN-NOT: warning:
