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
    a copy from GM (MTE2) costs `bytes * ((1 - h) / 32 + h / 92)` cycles,
    where `h` is the kernel's L2 hit ratio; a copy into GM (FIX, MTE3) 75
    B/cycle; L1 to L0A/L0B (MTE1) and other on-chip moves 512 B/cycle; an
    `mmad` takes one cycle per 16 x 16 x K0 fractal (K0 = 32 bytes of
    elements; partial fractals count whole); a vector op one cycle per
    256-byte repeat.

    Every block of `block_dim` runs on its own core with its
    `aicore.block_idx`; the kernel's figures are those of the block that
    finishes last. The model runs the kernel twice: the first run counts the
    GM bytes all blocks request (R) and the distinct GM bytes (D, the sizes
    of the GM arguments read); the second uses the L2 hit ratio
    `h = (1 - D / R) * min(1, L2 / D)`: each byte's first touch misses, its
    repeats hit while the operands fit the L2.

    Records `aicore.estimate = {cycles, duration_us, mte2, mte1, m, fix, v,
    mte3}` on each kernel: the busiest block's makespan in cycles, in µs at
    the chip's clock, and the busy cycles of each of its pipes.

    Checks the synchronization with vector clocks: two accesses to one
    buffer from different pipes, at least one a write, must be ordered by a
    chain of `set_flag` / `wait_flag`; otherwise the later one is reported as
    a race, naming both instructions. A `wait_flag` whose `set_flag` never
    fires is reported as a deadlock.
  }];
  let options = [
    Option<"maxInstructions", "max-instructions", "int64_t", "4000000",
           "Largest number of instructions one block of a kernel may "
           "execute">,
  ];
}

#endif // ASCEND_DIALECT_AICORE_PASSES
