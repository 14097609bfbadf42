// RUN: not ascend-translate --export-pynative-trace --split-input-file %s -o %t.pntrace 2>&1 | FileCheck %s
// RUN: not ls %t.pntrace
// Each case is the module --pynative-exact imports from a one-op trace, with
// one thing broken; --export-pynative-trace names the op and what is wrong.

// CHECK: error: 'pynative.parameter' has no pynative.exact attribute: --export-pynative-trace writes modules imported with --pynative-exact
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.parameter @w : tensor<2xf32> = dense<[1.0, 2.0]> : tensor<2xf32>
}

// -----

// CHECK: error: pynative.exact of 'pynative.loop_iter' has no valid 'head_offset' entry
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0() attributes {pynative.exact = {inputs = [], model = "", outputs = []}, run = 0 : i64} {
    pynative.loop_iter 0 {activation = 0 : i64, pynative.exact = {}}
    pynative.output
  }
}

// -----

// CHECK: error: pynative.exact of 'pynative.loop_iter' has no valid 'loc' entry
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0() attributes {pynative.exact = {inputs = [], model = "", outputs = []}, run = 0 : i64} {
    pynative.loop_iter 0 {activation = 0 : i64, pynative.exact = {head_offset = 4 : i64, loc = ["", "", ["m.py", 3]]}}
    pynative.output
  }
}

// -----

// CHECK: error: pynative.exact of 'builtin.module' has no valid 'producer' entry
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = 3, torch_version = ""}} {
}

// -----

// CHECK: error: pynative.exact of the module has no valid 'modes' entry
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", modes = array<i1: true>, producer = "hand", torch_version = ""}} {
}

// -----

// CHECK: error: pynative.exact of the module has no valid 'constants' entry
module attributes {pynative.exact = {constants = [[3]], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
}

// -----

// CHECK: error: pynative.exact of 'pynative.trace' has no valid 'inputs' entry (0 for 1)
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0(%arg0: tensor<2xf32>) attributes {pynative.exact = {inputs = [], model = "", outputs = []}, run = 0 : i64} {
    pynative.output
  }
}

// -----

// CHECK: error: pynative.exact of 'pynative.trace' has no valid 'outputs' entry
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0(%arg0: tensor<2xf32>) -> tensor<2xf32> attributes {pynative.exact = {inputs = [[10, dense<[0.0, 1.0]> : tensor<2xf32>]], model = "", outputs = [[10, "x"]]}, run = 0 : i64} {
    pynative.output %arg0 : tensor<2xf32>
  }
}

// -----

// CHECK: error: argument 1 of 'pynative.op' does not match its recorded kind 'i'
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0(%arg0: tensor<2xf32>) -> tensor<2xf32> attributes {pynative.exact = {inputs = [[10, dense<[0.0, 1.0]> : tensor<2xf32>]], model = "", outputs = [[11, dense<[0.0, 2.0]> : tensor<2xf32>]]}, run = 0 : i64} {
    %1 = pynative.op "aten.add.Tensor"(%arg0, %arg0) {args = {alpha = 1 : i64}, operand_names = ["self", "other"], pynative.exact = {kinds = "tii", mutated = array<i64>, names = ["self", "other", "alpha"], result_aliases = array<i64: -1>, result_ids = array<i64: 11>}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    pynative.output %1 : tensor<2xf32>
  }
}

// -----

// CHECK: error: 'pynative.op' has 2 operands but its recorded arguments use 1
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0(%arg0: tensor<2xf32>) -> tensor<2xf32> attributes {pynative.exact = {inputs = [[10, dense<[0.0, 1.0]> : tensor<2xf32>]], model = "", outputs = [[11, dense<[0.0, 2.0]> : tensor<2xf32>]]}, run = 0 : i64} {
    %1 = pynative.op "aten.add.Tensor"(%arg0, %arg0) {args = {alpha = 1 : i64}, operand_names = ["self", "other"], pynative.exact = {kinds = "ti", mutated = array<i64>, names = ["self", "alpha"], result_aliases = array<i64: -1>, result_ids = array<i64: 11>}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    pynative.output %1 : tensor<2xf32>
  }
}

// -----

// CHECK: error: pynative.exact of 'pynative.op' has no valid 'names' entry (2 names for 3 kinds)
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0(%arg0: tensor<2xf32>) -> tensor<2xf32> attributes {pynative.exact = {inputs = [[10, dense<[0.0, 1.0]> : tensor<2xf32>]], model = "", outputs = [[11, dense<[0.0, 2.0]> : tensor<2xf32>]]}, run = 0 : i64} {
    %1 = pynative.op "aten.add.Tensor"(%arg0, %arg0) {args = {alpha = 1 : i64}, operand_names = ["self", "other"], pynative.exact = {kinds = "tti", mutated = array<i64>, names = ["self", "other"], result_aliases = array<i64: -1>, result_ids = array<i64: 11>}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    pynative.output %1 : tensor<2xf32>
  }
}

// -----

// CHECK: error: pynative.exact of 'pynative.op' has no valid 'result_ids' entry (2 results for the op's 1)
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0(%arg0: tensor<2xf32>) -> tensor<2xf32> attributes {pynative.exact = {inputs = [[10, dense<[0.0, 1.0]> : tensor<2xf32>]], model = "", outputs = [[11, dense<[0.0, 2.0]> : tensor<2xf32>]]}, run = 0 : i64} {
    %1 = pynative.op "aten.add.Tensor"(%arg0, %arg0) {args = {alpha = 1 : i64}, operand_names = ["self", "other"], pynative.exact = {kinds = "tti", mutated = array<i64>, names = ["self", "other", "alpha"], result_aliases = array<i64: -1, -1>, result_ids = array<i64: 11, 12>}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    pynative.output %1 : tensor<2xf32>
  }
}

// -----

// CHECK: error: pynative.exact of 'pynative.op' has no valid 'null_result_types' entry
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0(%arg0: tensor<2xf32>) -> tensor<2xf32> attributes {pynative.exact = {inputs = [[10, dense<[0.0, 1.0]> : tensor<2xf32>]], model = "", outputs = [[11, dense<[0.0, 2.0]> : tensor<2xf32>]]}, run = 0 : i64} {
    %1 = pynative.op "aten.add.Tensor"(%arg0, %arg0) {args = {alpha = 1 : i64}, operand_names = ["self", "other"], pynative.exact = {kinds = "tti", mutated = array<i64>, names = ["self", "other", "alpha"], null_result_types = [unit, [1]], result_aliases = array<i64: -1, -1>, result_ids = array<i64: 11, 0>}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    pynative.output %1 : tensor<2xf32>
  }
}

// -----

// CHECK: error: 'builtin.unrealized_conversion_cast' is not a recorded event
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.trace @run_0(%arg0: tensor<2xf32>) attributes {pynative.exact = {inputs = [[10, dense<[0.0, 1.0]> : tensor<2xf32>]], model = "", outputs = []}, run = 0 : i64} {
    %0 = builtin.unrealized_conversion_cast %arg0 : tensor<2xf32> to tensor<2xf32>
    pynative.output
  }
}

// -----

// CHECK: error: 'builtin.module' is neither a pynative.parameter nor a pynative.trace
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  module {}
}

// -----

// CHECK: error: value of 'pynative.parameter' is neither dense elements nor a dense resource with data
module attributes {pynative.exact = {constants = [], format_version = 1 : i64, model = "m.M", producer = "hand", torch_version = ""}} {
  pynative.parameter @w {pynative.exact = {id = 1 : i64}} : tensor<32xf32> = dense_resource<__elided__> : tensor<32xf32>
}
