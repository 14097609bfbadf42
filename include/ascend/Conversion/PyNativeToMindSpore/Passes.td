//===- Passes.td - pynative to mindspore conversion --------*- tablegen -*-===//
#ifndef ASCEND_CONVERSION_PYNATIVETOMINDSPORE_PASSES
#define ASCEND_CONVERSION_PYNATIVETOMINDSPORE_PASSES

include "mlir/Pass/PassBase.td"

def ConvertPyNativeToMindSpore
    : Pass<"convert-pynative-to-mindspore", "ModuleOp"> {
  let summary = "Merges recorded eager runs into one GRAPH_MODE program";
  let description = [{
    Turns the `pynative.trace` runs of a module into one `func.func @main` of
    `mindspore` primitives, and each `pynative.parameter` into a
    `mindspore.parameter` with the same recorded value.

    Runs are walked in lockstep. Where they agree the program is straight-line;
    at a `pynative.branch` whose recorded value differs between runs at the same
    source location, the program gets a `mindspore.cond` whose regions are built
    from the runs that took each side (nested branches recurse). A loop whose
    trips (between `pynative.loop_iter` marks) ran the same ops and whose runs
    left it at a tensor-valued test after different numbers of trips becomes a
    `mindspore.while`: the loop-carried values are found by data flow between
    consecutive trips, values read after the loop leave through its results,
    and a test seen one way inside the loop is a guard that applies only on
    trips that reach it. Other loops are unrolled as recorded. A branch seen
    one way only becomes a `mindspore.assert` guard whose message names the
    source line, so an input taking the unseen side fails loudly. In-place ops are already functional
    after import (each tensor id names its newest value).

    Each aten op is legalized by a table from eager op names to primitives
    (`aten.convolution.default` to Conv2D (+ BiasAdd), `aten.addmm.default` to
    MatMul + BiasAdd, ...). Unsupported ops are reported all at once, each with
    its source location and module path, and the pass fails. Runs that cannot
    be merged (different ops, shapes or constants at the same step) are
    reported with the first divergent event of each run.
  }];
  let dependentDialects = ["::mlir::ascend::mindspore::MindSporeDialect",
                           "::mlir::func::FuncDialect"];
  let options = [
    Option<"entryName", "entry", "std::string", "\"main\"",
           "name of the generated entry function">,
    Option<"recoverLoops", "recover-loops", "bool", "true",
           "turn a loop whose recorded trips ran the same ops and left at a "
           "tensor-valued test into a mindspore.while; false unrolls every "
           "loop as recorded (branches between trips become conds/guards)">,
  ];
}

#endif // ASCEND_CONVERSION_PYNATIVETOMINDSPORE_PASSES
