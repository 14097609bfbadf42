//===- Passes.td - mindspore to aicore conversion ----------*- tablegen -*-===//
#ifndef ASCEND_CONVERSION_MINDSPORETOAICORE_PASSES
#define ASCEND_CONVERSION_MINDSPORETOAICORE_PASSES

include "mlir/Pass/PassBase.td"

def ConvertMindSporeToAICorePass
    : Pass<"convert-mindspore-to-aicore", "ModuleOp"> {
  let summary = "Tiles vector and mix fusion groups, MatMul (+ BiasAdd), BatchMatMul, Conv2D and Conv2DTranspose (+ BiasAdd) into multi-core, double-buffered aicore kernels";
  let description = [{
    Vector groups. Each `mindspore.fusion "vector"` group, and each
    `"reduction"` group whose reductions (ReduceSum/Max/Mean, Softmax) run
    over the trailing axes, becomes one
    multi-core `aicore.kernel` (named after the group) and an `aicore.launch`
    in its place: CopyIn (MTE2) -> Vector ops (V) -> CopyOut (MTE3) over
    double-buffered tiles of whole rows of a 2-D view of the iteration space
    (flat when only scalars broadcast), split over up to `vectorCores`
    cores with `aicore.block_idx`, partial last tiles through subviews, and
    the tile size chosen by the kernel model among the sizes whose planned
    buffers fit UB (recorded as `aicore.tile`). A group with a primitive,
    broadcast or size the builder cannot express stays at the mindspore
    level with a remark saying why. A vector group that only transposes
    (and reshapes) its input, keeping the innermost axis innermost, becomes
    a copy kernel (tiles GM -> UB -> GM through the permutation).
    docs/AICoreKernels.md has the rules.

    Mix groups. A `mindspore.fusion "mix"` group of one MatMul or BatchMatMul
    (the images stacked in M; its operands
    group inputs, possibly through a TransData pair that folds away) and an
    elementwise epilogue the Vector kernels map (on the matmul's [M, N]
    elements, with rows, columns, scalars, splats, reshapes) becomes one MIX
    kernel: the matmul schedule below (same tile search), each finished
    tile FIX-written to one of its block's two slots of a GM workspace in
    turn (the kernel's last argument, `workspace_bytes` = block_dim x 2 x tm
    x tn x element bytes)
    in an `aicore.on_core aic` part, and an `aicore.on_core aiv` part in
    which each of the block's two AIVs waits on the tile's cross-core flag,
    loads its half of the tile (in UB chunks of `aicore.mix.aiv_chunk_rows`
    rows, double-buffered), runs the epilogue and writes the result; the
    slot is handed back by a cross-core flag after the loads (the flags
    count: the Cube runs up to two tiles ahead). A Transpose in the
    epilogue that keeps the innermost axis changes only where tiles are
    loaded from and stored to in GM (strided copies, or row by row); a group
    whose epilogue only transposes and reshapes is a Cube kernel storing its
    tiles through the permutation. A group
    that is only a MatMul and a BiasAdd is converted as a matmul (bias from
    the bias table); another mix group stays, with a remark saying why, and
    is inlined. docs/AICoreKernels.md ("MIX kernels") has the schedule.

    A mix group of one Conv2D or Conv2DTranspose (any group count) and an elementwise epilogue on its
    [N, C, H, W] result (full-size inputs, per-channel vectors, scalars,
    splats) becomes a MIX kernel the same way, with the convolution's
    schedule (below; a BiasAdd of its result from the bias table) as the
    Cube part: tiles go to the workspace transposed, as [channels, pixels]
    (`workspace_bytes` = block_dim x 2 x tn x tm x element bytes), and each
    AIV takes half of a tile's channels. The group's TransData ops between
    NCHW / OIHW and NC1HWC0 / FRACTAL_Z fold to the kernel's boundaries. A
    group of only a Conv2D and its BiasAdd is converted as a convolution.
    docs/AICoreKernels.md ("MIX kernels of convolutions").

    Depthwise convolutions (group == input channels), alone, with their
    BiasAdd or as a mix group with an epilogue, also have a Vector kernel
    (sliding windows like the pooling kernels, each tap a vgather, a
    broadcast weight and a multiply-add); the one of the two kernels with
    fewer modeled cycles is kept, and the kernel's `aicore.conv_unit`
    attribute records the unit and both figures (`depthwise` option).
    docs/AICoreKernels.md ("Depthwise convolutions on the Vector unit").

    Other groups are inlined back to their primitives, then MatMuls are
    tiled as follows.

    Each `mindspore.matmul` on f32, f16 or bf16 becomes an `aicore.kernel`
    and an `aicore.launch` of it in place of the matmul. A `mindspore.bias_add`
    that is the matmul's only user is fused into the same kernel (the launch
    then replaces the bias_add). Identical matmuls share one kernel. Each `mindspore.batch_matmul`
    becomes one kernel over all its images (batch x M tiles x N tiles over
    the cores, each image with its own B).

    Primitives outside fusion groups. Last, every compute primitive left
    (outside any group, or from a group inlined back) is a fusion group of
    one and becomes a one-op Vector kernel the same way as a group (named
    after the primitive, e.g. `Softmax_0`, shared by identical ops); views,
    parameter loads, constants and control flow are not kernels and stay.
    MaxPool, AvgPool and AdaptiveAvgPool2D (but to 1x1, the ReduceMean over
    H and W) get pooling kernels of their own: tiles of whole planes or of
    output rows with their halo rows, window rows reduced by row ops, window
    columns gathered (`aicore.vgather`), averages divided by the window
    sizes. Any other primitive that stays gets a remark `no AI Core kernel
    for primitive '<op>': <reason>` (a Vector or pooling kernel reason,
    load-time work, a Custom op, an Assert, a BatchMatMul or Conv2DTranspose
    whose Cube kernel was not built).

    Split-K. For a plain matmul (not a MIX or convolution kernel) the
    search also scores splitting K: the last partial wave of output tiles
    (or it and the wave before) has each tile's K cut into 2 to 16 parts of
    whole 16-element blocks (the last part the rest), dealt round robin to
    the blocks after the whole tiles; each part FIX-adds its f32 partial
    sums, converted to the result type, into the result
    (`aicore.copy {atomic_add}`, the fixpipe's atomic add), the first part
    starting from the bias. The result rows from the first split tile on
    start at zero (`atomic_clean` on the kernel: CANN's memory-clean task
    before the launch). The model adds each part's own loads, mmads and
    FIX write, and the clean task. Recorded as `split_k` and `split_tiles`
    in `aicore.tiling`; the `split-k` option forces a split.

    K-chunked schedule. For a plain matmul (not a MIX, BatchMatMul or
    convolution kernel) with at least two tiles per core the search also
    scores keeping A's rows in L1 across a core's tiles: the tiles are
    numbered row-major and dealt to the blocks in contiguous runs (so a
    block's tiles share their rows), K is cut into chunks of `k_chunk`
    elements (a multiple of the stage, the last chunk the rest); for each
    run of tiles in one row and each chunk, A's `[rows, chunk]` is loaded
    into L1 once (the first chunk with the run's first tile, each later
    one prefetched during the chunk before into the other of two A
    buffers, spread over the run's tiles), every tile streams B through the
    stage ring, and FIX writes the first chunk's partial tile and adds the
    later ones (`aicore.copy {atomic_add}`; in order on the tile's one FIX
    pipe, so no memory clean). The ring's flags order the A slots. Recorded
    as `k_chunk` in `aicore.tiling`; the `k-chunk` option forces or
    disables it. docs/AICoreKernels.md ("K-chunked schedule").

    Tiling. The output is cut into `[tm, tn]` tiles accumulated in L0C and
    K into slices of `tk` (L0A `[tm, tk]`, L0B `[tk, tn]`); L1 holds a ring
    of `l1_buffers` (2, 4 or 8) stages of `k_stages * tk` elements of K of
    both operands (`k_stages` in 1, 2, 4, 8; more than one only while K
    takes at least two stages). Candidates are all
    multiples of the Cube fractal (16, `cubeM` of the target table) up to
    the dimension rounded up to 16, whose buffers fit the target (`chip`
    option) with their multiple buffers: the L1 ring of both operands, two L0A
    and two L0B slices, `l0c_buffers` (1 or 2) f32 accumulators in L0C and,
    with a bias, a `[1, tn]` bias row in L1 (beside the ring) and
    `l0c_buffers` f32 `[1, tn]` rows in BT, the 1 KiB bias table. Each candidate is scored by an analytic per-pipe model of the
    schedule below with the costs of the kernel model
    (`ascend-aicore-estimate`): per output tile the busiest of MTE2 (GM
    reads at the L2-hit-weighted rate, each transfer with its fixed cost,
    plus its stall during the epilogue
    when the ring is too short to cover it), MTE1, M (plus the epilogue
    when there is one L0C buffer) and the epilogue; per block the sum over
    its tiles plus the fill and drain of the block's bottleneck pipe
    (what it cannot overlap); the kernel's figure is its
    busiest block. The fewest cycles wins (then fewer blocks, fewer L1
    buffers, longer stages, wider tiles). The choice is recorded on the
    kernel as `aicore.tiling = {tm, tn, tk, k_stages, l1_buffers,
    l0c_buffers, modeled_cycles}`.
    A matmul whose element type the Cube lacks stays at the mindspore level
    with a remark. The `tiling` option replaces the search with one given
    schedule for every matmul and convolution (for tests and tuning); a
    schedule that is not made of fractal multiples or does not fit the chip
    is an error.

    Edge tiles. When M or N is not a multiple of its tile (or of 16), the
    last row or column of tiles is partial: its GM -> L1 copies move only
    the valid rows / columns into the top-left of the (full-size) buffers,
    the mmad runs on that part (the model counts whole fractals), and FIX
    writes only the valid part of L0C back. When K is not a multiple of the
    stage, the last stage is partial and so may be its last slice; the
    mmad then takes a K extent that is the valid one (on the device the
    fractal's padding must be zero; the CPU lowering computes on the valid
    extent). Tiles are kept in ND.

    Blocks. The output tiles are numbered in one order (full tiles, then
    the partial column, row and corner, row-major in each) and spread
    round robin over `block_dim = min(cubeCores, tiles)` AI Cores: block b
    computes the tiles t with `t mod block_dim == b`
    (`aicore.block_idx`), so the loop bounds depend on the block.

    Kernel. For each output tile: K stage 0 is peeled (its first mmad
    starts the accumulator); the following full stages go `l1_buffers` at a
    time through an `scf.for` (so each stage's L1 buffer is static), then
    the remaining full stages and the partial stage alone. A stage is one
    MTE2 copy of each operand into L1 buffer `s mod l1_buffers`, then per
    slice an MTE1 copy into L0A/L0B buffer
    `(slice index) mod 2` and an `aicore.mmad`. With a bias, stage 0 also
    copies the tile's `[1, tn]` bias row into L1 (MTE2, under the stage's
    flags) and its first slice copies it into the BT row of the tile's L0C
    buffer (MTE1, widened to f32); the tile's first mmad starts its
    accumulator from it (the separated 910B has no L0C -> UB path). The
    epilogue is L0C -> GM (FIX). With two L0C buffers a block's tiles
    alternate between them, so one tile's epilogue overlaps the next
    tile's mmads.

    Synchronization. Every producer/consumer pair on two pipes is ordered
    by `set_flag` / `wait_flag` with the event id of the buffer it guards
    (0 or 1 for the ping-pong buffers, 0 to `l1_buffers - 1` for the L1
    ring): MTE2 -> MTE1 (stage loaded),
    MTE1 -> MTE2 (stage free, after its last slice), MTE1 -> M (slice in
    L0), M -> MTE1 (slice free), M -> FIX and FIX -> M (accumulator ready
    / free); the bias rows ride on the stage and slice flags. The "free" flags are set once for every buffer before the
    tiles and waited once after them. Nothing else is flagged: MTE2 loads
    stages s + 1 ... s + l1_buffers - 1 while the Cube multiplies stage s.

    Convolutions. Each `mindspore.conv2d` (NCHW x OIHW, any stride, padding,
    dilation and group count G; f32, f16 or bf16), with a `bias_add` that
    is its only user, becomes the same kernel on the implicit GEMM of each
    image and group: M = Ho * Wo output pixels (the batch x G GEMMs' tiles
    stacked), N = Og = Cout / G, K = Cg * KH * KW (Cg = Cin / G) ordered
    (c, kh, kw), the OIHW weight viewed as the transposed B operand
    `[Cout, K]` (group j's GEMM reads its rows j * Og ..., input channels
    j * Cg ..., and writes output channels j * Og ...). A K stage's MTE2 copy of A moves the
    band of whole input rows its output rows read (the halo included) and
    the channels it touches into L1; each slice is expanded into L0A by
    `aicore.load3d` (img2col on MTE1, zeros for the padding); the result
    tile is written to `out[n, channels, pixels]` through a transposed view.
    The tile search scores the band's bytes in L1 and on MTE2. Identical
    convolutions share a kernel. A `conv2d_transpose` is the kernel of its
    equivalent convolution: over the input dilated by the stride (load3d's
    `input_dilation` selects the zeros, never stored), stride 1, pads
    `dilation * (K - 1) - pad` (+ the output padding), the taps rotated
    (`flip_kernel`), B the weight with its channels swapped per group (a
    `mindspore.transpose` before the launch); pads larger than
    `dilation * (K - 1)` crop the dilated input (the kernel reads the
    window of stored rows and columns left). Its mix groups are MIX kernels
    like a Conv2D's.
    docs/AICoreKernels.md (Convolutions, Transposed convolutions) has the
    rules.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::ascend::aicore::AICoreDialect",
  ];
  let options = [
    Option<"chip", "chip", "std::string", "\"Ascend910B2\"",
           "row of the aicore target table to tile for">,
    ListOption<"tilingOption", "tiling", "int64_t",
               "Use this schedule for every matmul and convolution instead "
               "of the search: "
               "tm,tn,tk,k-stages,l0c-buffers[,l1-buffers] (tile sizes "
               "multiples of 16, l1-buffers 2 by default; an error when it "
               "does not fit the chip's buffers)">,
    Option<"kChunkOption", "k-chunk", "int64_t", "-1",
           "K-chunked, A-resident schedule of plain matmul kernels (not "
           "MIX, BatchMatMul or convolution kernels): -1 (default) the "
           "search scores it against the tile-by-tile schedule; 0 never; "
           "N > 0 forces it with chunks of N elements of K (a multiple of "
           "the tiling's k-stages x tk, at most 64 chunks; an error when no "
           "tiling takes it); with or without the tiling option; not with "
           "split-k">,
    ListOption<"splitKOption", "split-k", "int64_t",
               "Split K over cores in every plain matmul kernel (not MIX or "
               "convolution kernels): parts[,tiles] cuts the K of the last "
               "`tiles` output tiles (0 or absent: the last partial wave) "
               "into `parts` >= 2 parts whose partial sums are FIX-added "
               "into the result; with or without the tiling option (an "
               "error when a part would be empty); split-k=1: the search "
               "never splits">,
    Option<"depthwiseOption", "depthwise", "std::string", "\"auto\"",
           "Unit of depthwise convolutions (group == input channels): "
           "auto (default) keeps the Cube (implicit GEMM) or the Vector "
           "kernel with fewer modeled cycles; cube or vector forces one "
           "(the other when the forced one cannot be built). With the "
           "tiling option they stay on the Cube">,
  ];
}

#endif // ASCEND_CONVERSION_MINDSPORETOAICORE_PASSES
