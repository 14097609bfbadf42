//===- Passes.td - mindspore dialect passes ----------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_PASSES
#define ASCEND_DIALECT_MINDSPORE_PASSES

include "mlir/Pass/PassBase.td"

def AscendMindSporeFoldTranspose
    : Pass<"ascend-mindspore-fold-transpose"> {
  let summary = "Folds 2-D transposes into MatMul's transpose_a/transpose_b";
  let description = [{
    `matmul(x, transpose(w, [1, 0]))` becomes `matmul(x, w) {transpose_b}`
    (likewise for the left operand), so that a PyTorch Linear (`addmm(b, x,
    t(w))`) reaches the Cube as MatMul with transpose_b and the weight keeps
    its recorded layout. Transposes left without users are erased.
  }];
  let dependentDialects = ["::mlir::ascend::mindspore::MindSporeDialect"];
}

def AscendMindSporeCSE : Pass<"ascend-mindspore-cse"> {
  let summary = "Common subexpression elimination with the results of MLIR's "
                "cse, hashing each operation once";
  let description = [{
    Removes the same operations as MLIR's `cse` pass (and keeps the same
    one of each set of equivalent operations: the first in dominance order):
    an operation equivalent to a dominating one (same name, attributes,
    properties, result types and operands; locations ignored; for
    commutative operations the operands in any order) is replaced by it;
    operations without side effects and without uses are erased; operations
    that only read memory are merged when no operation between them (in the
    same block) may write; nested regions are walked in dominance order,
    and regions of isolated operations with their own table.
    Upstream `cse` computes an operation's hash again each time its hash
    table probes or grows (about five times per operation on a 100k-op
    function); here the hash is computed once per operation and stored with
    it, and the table compares stored hashes before comparing operations.
    The hash combines the operation name, its attribute dictionary and
    properties, its result types and the order-independent sum of its
    operand hashes, so equivalent operations (commutative ones too) hash
    alike. The output is byte-identical to `cse`'s.
  }];
  let statistics = [
    Statistic<"numCSE", "num-cse'd", "Number of operations CSE'd">,
    Statistic<"numDCE", "num-dce'd", "Number of operations DCE'd">,
  ];
}

def AscendMindSporeFoldBatchNorm
    : Pass<"ascend-mindspore-fold-batch-norm"> {
  let summary = "Folds inference BatchNorm into the Conv2D that feeds it";
  let description = [{
    `batch_norm(conv2d(x, w), scale, offset, mean, variance)` (inference, the
    convolution's only user) becomes `bias_add(conv2d(x, w * s), offset -
    mean * s)` with `s = scale / sqrt(variance + epsilon)` per output
    channel. The factors are computed from parameters only (MindSpore's graph
    compiler folds them into constants when it loads the weights), so the
    activation-sized BatchNorm kernel and its GM round trip disappear. The
    BiasAdd then joins the convolution's fusion group.
  }];
  let dependentDialects = ["::mlir::ascend::mindspore::MindSporeDialect"];
}

def AscendMindSporeFuse : Pass<"ascend-mindspore-fuse"> {
  let summary = "Groups primitives into Cube/Vector kernels (mindspore.fusion)";
  let description = [{
    Walks every block in order and grows fusion groups (see
    `mindspore.fusion`): elementwise and broadcast chains; reductions with
    their elementwise producers and consumers; a Cube primitive (MatMul,
    BatchMatMul, Conv2D, Conv2DTranspose) with the Vector work preparing its
    operands (a prologue group without reductions) and its Vector epilogue
    (bias, activation, residual add, cast; after a MatMul or BatchMatMul
    without transposes or computed operands in the group, also reductions
    along the last axis: Softmax, LogSoftmax, LayerNorm, ReduceSum/Mean/Max
    of each row) as one "mix" group. Transpose and
    StridedSlice and Split count as Vector work: the copy engines do them on
    the way.
    Horizontal fusion: an op may also join an open Vector group of another
    op reading the same tensor (independent small kernels share one launch),
    when the modeled time says so: for kernels below the minimum kernel time
    the launch saved is the gain, for large ones there is none. An op joins the
    group of the operand that saves the most GM bytes (the bytes of the
    values it would otherwise read back from GM), when the modeled kernel
    time of the merged group (max of the target's minimum kernel time and
    its GM bytes over the HBM bandwidth, from the chip's row of the target
    table) is below the two kernels' sum and the group still fits the Unified
    Buffer: every value of a group needs a double-buffered UB tile of at least
    `min-tile-bytes`, so a group holds at most UB capacity / (2 x
    min-tile-bytes) values, and at most `max-group-ops` ops.

    A group is closed as soon as an op outside it reads one of its values
    (so moving the group to its last op keeps every use after its
    definition), and at every op with side effects (Assert, Custom, cond,
    while), so no group spans one. The mindspore level is functional
    (writes were functionalized when the eager ops were converted), so there
    are no aliasing hazards between a group and the ops around it.
    Groups of one op stay plain primitives.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"Ascend910B2\"",
           "Row of the AI Core target table (UB size, HBM bandwidth)">,
    Option<"maxGroupOps", "max-group-ops", "int64_t", "32",
           "Most ops in one fusion group">,
    Option<"minTileBytes", "min-tile-bytes", "int64_t", "2048",
           "Smallest UB tile (bytes) a group value may get: 8 Vector "
           "repeats of 256 B">,
  ];
  let dependentDialects = ["::mlir::ascend::mindspore::MindSporeDialect"];
}

def AscendMindSporeAssignLayouts
    : Pass<"ascend-mindspore-assign-layouts"> {
  let summary = "Gives Cube kernels the device formats the Cube reads";
  let description = [{
    For each "mix" fusion group (see `mindspore.fusion`), chooses the GM
    format of every input and result (ascend-hardware.md, "Formats"):
    - a Conv2D group takes its filter in FRACTAL_Z and its 4-D activations
      (the convolution input, a residual) in NC1HWC0, and writes its 4-D
      results in NC1HWC0; channel counts that are not a multiple of C0 are
      padded with zeros (the padding never reaches the logical values);
    - a MatMul / BatchMatMul group takes its weights (operands computed from
      parameters only) in FRACTAL_NZ when their two minor dimensions are
      multiples of 16: they are converted once, when MindSpore loads them.
      Activations stay ND, which the GM -> L1 copy (MTE2 nd2nz) turns into
      fractals on the way without a TransData kernel, and weights whose
      dimensions are not multiples of 16 stay ND rather than padded.
    The group converts at its boundary: `mindspore.trans_data` ops go
    before its inputs (one per value and format, shared by the later groups
    that read the value in that format) and after its results, and the body
    converts its block
    arguments back to the logical form (on the chip, during the copy into L1
    / UB). Between two groups that agree on a format the inverse TransData
    pair folds away, so consecutive convolutions pass NC1HWC0 directly; a
    TransData remains only where a plain-format op, a graph input or a graph
    output meets a group. TransData of parameters is load-time work.
  }];
  let dependentDialects = ["::mlir::ascend::mindspore::MindSporeDialect"];
}

def AscendMindSporeInlineFusion
    : Pass<"ascend-mindspore-inline-fusion", "ModuleOp"> {
  let summary = "Replaces every fusion group by its primitives";
  let description = [{
    Undoes `ascend-mindspore-fuse`: each `mindspore.fusion` is replaced by
    the ops of its body. Used before lowerings that work op by op.
  }];
}

def AscendMindSporePlanMemory
    : Pass<"ascend-mindspore-plan-memory"> {
  let summary = "Plans device memory (GM) and checks the peak against HBM";
  let description = [{
    For each function, a linear scan over its kernels assigns every
    intermediate tensor an offset in one GM arena (512-byte aligned, as
    MindSpore's device memory pool aligns addresses): a buffer is reused once
    its last reader ran; an elementwise kernel (or a "vector" fusion group)
    writes in place into an input of the same size that no later kernel
    reads. Function inputs, parameters, constants and values computed from
    parameters only (folded when MindSpore loads the weights) are read-only
    and never reused. Reshape, ExpandDims and Squeeze are views of their operand's
    buffer. The regions of cond and while are planned on top of the buffers
    live at the op. A fusion group is one kernel: its inputs and results are
    planned, the values inside it stay in the AI Core's buffers (UB, L1,
    L0) and take no GM.

    Records `mindspore.device_memory` on each function: a dictionary of
    `peak_bytes` (inputs + weights + constants + the activation arena),
    `activation_bytes`, `weight_bytes`, `input_bytes` and `in_place` (the
    number of kernels that write in place). Fails before anything runs, with
    the function's name and the byte counts, when `peak_bytes` exceeds the
    HBM capacity: `hbm-bytes`, or the chip's GM capacity from the target
    table when 0 (64 GiB per 910B die).
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"Ascend910B2\"",
           "Row of the AI Core target table (GM capacity)">,
    Option<"hbmBytes", "hbm-bytes", "int64_t", "0",
           "Device memory available, bytes (0: the chip's GM capacity)">,
  ];
}

#endif // ASCEND_DIALECT_MINDSPORE_PASSES
