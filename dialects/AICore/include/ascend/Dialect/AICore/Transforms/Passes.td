//===- Passes.td - aicore dialect passes -------------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_PASSES
#define ASCEND_DIALECT_AICORE_PASSES

include "mlir/Pass/PassBase.td"

def AscendAICoreEstimate : Pass<"ascend-aicore-estimate", "ModuleOp"> {
  let summary = "Runs each kernel on a per-pipe model: cycles, and races";
  let description = [{
    Executes every `aicore.kernel` on a model of one AI Core
    (`simulateKernel`): the scalar unit issues the instructions in program
    order (loops with constant bounds unrolled) to the in-order queues of the
    pipes; an instruction starts when its pipe is free and, for a
    `wait_flag`, once the matching `set_flag` fired. Scalar index
    arithmetic on constants, loop induction variables and `aicore.block_idx`
    is evaluated (loop bounds and tile offsets may depend on the block).
    Costs per instruction (rates from the target table's `AICoreDataRates`):
    every GM transfer (one DMA instruction) first holds its pipe for
    `gmTransferCycles` (57); then a copy from GM (MTE2) costs
    `bytes * ((1 - h) / 32 + h / 118)` cycles, where `h` is the kernel's L2
    hit ratio, and a copy into GM (FIX, MTE3) moves 77 B/cycle; L1 to
    L0A/L0B (MTE1) and other on-chip moves 512 B/cycle (no fixed cost); an
    `mmad` takes one cycle per 16 x 16 x K0 fractal (K0 = 32 bytes of
    elements; partial fractals count whole); a vector op one cycle per
    256-byte repeat.

    Every block of `block_dim` runs on its own core with its
    `aicore.block_idx`; the kernel's figures are those of the block that
    finishes last. The model runs the kernel twice: the first run counts the
    GM bytes all blocks request (R) and the distinct GM bytes (D, the sizes
    of the GM arguments read); the second uses the L2 hit ratio
    `h = (1 - D / R) * min(1, L2 / D)`: each byte's first touch misses, its
    repeats hit while the operands fit the L2. The die's HBM is shared: one
    wave of blocks (as many as the chip has Cube cores for a kernel that uses
    the Cube, Vector cores otherwise) moves its L2 misses and its writes at
    most at `hbmBytesPerSecond` (1.6 TB/s per die, AICoreTarget.h), so the
    makespan is raised to that time when it is longer (the pipes then stall;
    their busy cycles stay).

    A MIX kernel's block is one Cube core (AIC) and two Vector cores (AIV):
    the ops of its `aicore.on_core aic` regions go to the AIC's pipes, those
    of its `aicore.on_core aiv` regions run once on each AIV (with its
    `aicore.subblock_idx`) on that AIV's pipes. A `cross_core_set_flag` on
    the AIC reaches both AIVs, an AIV's reaches the AIC, whose
    `cross_core_wait_flag` needs one from each AIV (Ascend C mode 2). Its
    workspace (the kernel's last argument with `workspace_bytes`) is a
    scratch written and read back at once: its copies run at the L2 rates
    and count neither in the HBM traffic nor in the L2 hit ratio.

    Records `aicore.estimate = {cycles, duration_us, mte2, mte1, m, fix, v,
    mte3}` on each kernel: the busiest block's makespan (or the HBM time) in cycles, in µs at
    the chip's clock, and the busy cycles of each of its pipes (a MIX
    block's summed over its cores; `aiv_cores = 2` then says over how many
    AIVs). A kernel with `atomic_clean` (its outputs are added into,
    `aicore.copy {atomic_add}`, e.g. a split-K matmul) is preceded by the
    memory-clean task that zeroes that range: `atomic_clean` records its
    cycles (the smallest kernel's time, or the range's bytes at the die's
    HBM bandwidth if longer), which `cycles` includes. An atomic add is
    costed as a GM write.

    Loop extrapolation (docs/AICoreKernels.md): blocks whose control values
    (scf.if conditions, loop bounds or trip counts computed from
    `aicore.block_idx`) are equal run the same instructions and are
    simulated once; in a loop, once two consecutive iterations with equal
    control values issued the same instructions and shifted every time they
    touched by one period, the remaining iterations of that run but the last
    are applied at once (times, vector clocks, busy cycles and intervals
    advanced). The figures equal those of running every iteration of every
    block, which the hidden option `--ascend-aicore-full-simulation` does;
    the race check then covers the blocks and iterations simulated.

    Checks the synchronization with vector clocks: two accesses to one
    buffer from different pipes (of one core or, for GM buffers, of
    different cores), at least one a write, to overlapping elements (GM
    views are tracked by the element range their known offsets give; an
    on-chip buffer as a whole), must be ordered by a chain of `set_flag` /
    `wait_flag` (and cross-core flags); otherwise the later one is reported
    as a race, naming both instructions. A `wait_flag` (or
    `cross_core_wait_flag`) whose set never fires is reported as a deadlock.
  }];
  let options = [
    Option<"maxInstructions", "max-instructions", "int64_t", "4000000",
           "Largest number of instructions one block of a kernel may "
           "execute">,
    Option<"simulationRemarks", "simulation-remarks", "bool", "false",
           "Emit a remark per kernel with what the model simulated: "
           "instructions run one by one and applied by loop "
           "extrapolation, blocks simulated and given an equal block's "
           "figures (both runs)">,
  ];

}

def AscendAICorePlanBuffers : Pass<"ascend-aicore-plan-buffers", "ModuleOp"> {
  let summary = "Places each kernel's on-chip buffers: liveness, reuse, offsets";
  let description = [{
    For every `aicore.kernel`, gives each `aicore.alloc` a byte offset in its
    memory (`aicore.offset`, an i64 attribute), aligned to that memory's
    alignment in the target table (UB and L1 32 B, L0A/L0B/L0C 512 B), so
    that two buffers overlap only when they are never live at once.

    Liveness is computed on the kernel's program order: a buffer is live from
    its first to its last access (through views). Inside an `scf.for` a
    buffer whose first access in the body is a write of the whole buffer
    holds a value only within one iteration; any other buffer used in a loop
    (read before written, or partially written) is live for the whole loop.
    The pipes run asynchronously, so program order orders two accesses only
    on one pipe: a buffer may take the place of a dead one only when every
    access to both is on the same pipe (for example Vector temporaries of a
    tile). Buffers are placed first-fit by start of liveness, largest first
    at equal start.

    A kernel whose placed buffers end beyond a memory's capacity is an error
    naming the kernel, the memory, the bytes needed and the capacity, and
    listing every buffer of that memory with its size, offset and liveness.
    The kernel model (`ascend-aicore-estimate`) treats overlapping buffers as
    one when it checks for races, so a reuse that the flags do not order is
    reported there.
  }];
}

#endif // ASCEND_DIALECT_AICORE_PASSES
