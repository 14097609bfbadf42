//===- AICoreDialect.td - AI Core kernel dialect definition -*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_DIALECT
#define ASCEND_DIALECT_AICORE_DIALECT

include "mlir/IR/OpBase.td"

def AICore_Dialect : Dialect {
  let name = "aicore";
  let cppNamespace = "::mlir::ascend::aicore";
  let summary = "tiled Cube/Vector kernels for one Ascend AI Core";
  let description = [{
    The `aicore` dialect describes what one AI Core executes: buffers in the
    on-chip memories (L1, L0A, L0B, L0C, UB) allocated with `aicore.alloc`,
    data moves between them and GM with `aicore.copy` (each copy runs on the
    pipe its two memories imply: MTE2, MTE1, FIX or MTE3), Cube matrix
    multiply-accumulates (`aicore.mmad`, pipe M), Vector ops on UB
    (`aicore.vadd`, pipe V) and cross-pipe ordering with
    `aicore.set_flag` / `aicore.wait_flag`.

    Buffers are memrefs whose memory space is `#aicore.space<...>`; capacities
    and alignments come from the target table `AICoreTarget.h` (Ascend 910B by
    default, overridable per kernel with the `chip` attribute).

    A kernel is an `aicore.kernel` (a symbol taking GM memrefs: inputs, then
    outputs); the graph calls it on tensors with `aicore.launch`.

    Pipes are in-order queues; operations on different pipes may overlap, so
    a consumer on one pipe must `wait_flag` for the `set_flag` its producer's
    pipe issues after the producer. Each (from pipe, to pipe, event id) flag is
    used strictly alternately: set, then wait.
  }];
  let useDefaultAttributePrinterParser = 1;
  // The typed kernel attributes (`aicore.tiling` a #aicore.cube_tiling, ...)
  // are checked on any op that carries them.
  let hasOperationAttrVerify = 1;
}

class AICore_Op<string mnemonic, list<Trait> traits = []>
    : Op<AICore_Dialect, mnemonic, traits>;

#endif // ASCEND_DIALECT_AICORE_DIALECT
