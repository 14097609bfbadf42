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
    trips that reach it. A counted loop (same trips in every run, same trip
    count, no tensor-valued test) becomes a `mindspore.while` on a trip counter
    unless it is short (`unroll-counted-loops`). Loops whose trips differ, e.g.
    `for layer in self.layers` where each trip reads its own weights, are
    unrolled as recorded: keeping them rolled would mean stacking the weights
    and gathering one slice per trip, which costs a copy of every weight and
    hides the per-layer shapes from fusion and tiling. A branch seen
    one way only becomes a `mindspore.assert` guard whose message names the
    source line, so an input taking the unseen side fails loudly. In-place ops are already functional
    after import (each tensor id names its newest value).

    Each aten op is legalized by the built-in one-to-one data mappings
    (AtenMappings.json, in the mapping-file format: `aten.relu.default` to
    ReLU, ...) or by a C++ table from eager op names to primitives
    (`aten.convolution.default` to Conv2D or, transposed with groups 1,
    Conv2DTranspose (+ BiasAdd), `aten.argmax.default` to Argmax, `aten.addmm.default` to
    MatMul + BiasAdd, ...). Unsupported ops are reported all at once, each with
    its source location and module path, and the pass fails; with
    `keep-unsupported` each becomes a `mindspore.custom` (keeping the eager
    op's name and non-tensor arguments) with a warning instead. A
    `mapping-file` adds user mappings (see UserMappings.h), which take
    precedence over the table. Runs that cannot
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
    Option<"unrollCountedLoops", "unroll-counted-loops", "int64_t", "1",
           "counted loops (every run made the same number of identical trips, "
           "none left at a tensor-valued test) of at most this many trips are "
           "unrolled; longer ones become a mindspore.while on a trip counter">,
    Option<"keepUnsupported", "keep-unsupported", "bool", "false",
           "turn each eager op with no mapping into a mindspore.custom that "
           "keeps its name and arguments (with a warning) instead of failing">,
    Option<"mappingFile", "mapping-file", "std::string", "\"\"",
           "JSON file of user mappings from eager op names to mindspore ops; "
           "they take precedence over the built-in table">,
  ];
}

#endif // ASCEND_CONVERSION_PYNATIVETOMINDSPORE_PASSES
