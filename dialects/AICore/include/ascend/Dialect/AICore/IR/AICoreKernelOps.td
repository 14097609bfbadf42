//===- AICoreKernelOps.td - kernel, return, launch ---------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_KERNEL_OPS
#define ASCEND_DIALECT_AICORE_KERNEL_OPS

include "ascend/Dialect/AICore/IR/AICoreDialect.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

def AICore_KernelOp : AICore_Op<"kernel", [
    AutomaticAllocationScope, FunctionOpInterface, IsolatedFromAbove]> {
  let summary = "a kernel that runs on `block_dim` AI Cores";
  let description = [{
    A symbol like `func.func` whose arguments are memrefs in GM
    (`#aicore.space<gm>`): the kernel's inputs, then its outputs. It returns
    nothing (`aicore.return`); results are written to the output memrefs.
    `block_dim` is the number of AI Cores the kernel is launched on. `chip`
    names the row of the target table (`AICoreTarget.h`) whose capacities
    bound the kernel's buffers; without it the default chip (Ascend910B2) is
    used.

    Buffers may share memory when their lifetimes do not overlap:
    `ascend-aicore-plan-buffers` places them (`aicore.offset` on each
    `aicore.alloc`) and rejects a kernel whose live buffers exceed a
    memory's capacity. The verifier checks that every placed buffer lies
    inside its memory at an offset aligned per the target table.

    A MIX kernel (a Cube part and a Vector part, `aicore.on_core`) may hand
    data between its cores through a GM workspace: `workspace_bytes` is then
    set and the last argument is that workspace, a GM memref of exactly
    `workspace_bytes` bytes that the launch does not pass (the runtime
    allocates it for the kernel, as CANN's workspace).

    `atomic_clean = array<i64: argument, first, count>` says that elements
    `[first, first + count)` (row-major) of the output argument `argument`
    are zero when the kernel starts: the kernel adds into them
    (`aicore.copy {atomic_add}`, e.g. the K parts of a split-K matmul tile).
    The Ascend C atomic add does not clear GM first (API reference,
    `SetAtomicAdd`: "the instruction does not zero the GM data before it
    runs; zero it if the operator needs it"); CANN's graph engine runs a
    memory-clean task (`AtomicAddrClean` / `MemSet`) on such outputs before
    the kernel. The launch does the same here (`convert-aicore-to-memref`
    fills the range with zeros before the call) and the kernel model adds
    that task's time (`ascend-aicore-estimate`, field `atomic_clean`).

    ```mlir
    aicore.kernel @matmul(%x: memref<64x64xf32, #aicore.space<gm>>,
                          %y: memref<64x64xf32, #aicore.space<gm>>)
        attributes {block_dim = 1 : i64} {
      ...
      aicore.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       DefaultValuedAttr<I64Attr, "1">:$block_dim,
                       OptionalAttr<StrAttr>:$chip,
                       OptionalAttr<I64Attr>:$workspace_bytes,
                       OptionalAttr<DenseI64ArrayAttr>:$atomic_clean);
  let regions = (region SizedRegion<1>:$body);
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type,
                                 CArg<"int64_t", "1">:$blockDim)>];
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    bool isDeclaration() { return false; }
    /// The target row this kernel is verified and tiled against.
    const ::mlir::ascend::aicore::AICoreTarget &getTarget();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def AICore_BlockIdxOp : AICore_Op<"block_idx", [Pure]> {
  let summary = "the index of the AI Core block running this kernel instance";
  let description = [{
    An `aicore.kernel` with `block_dim = B` runs as B instances, one per AI
    Core; `aicore.block_idx` is this instance's index in `[0, B)` (Ascend C
    `GetBlockIdx()`). Kernels use it to pick their share of the work, e.g.
    the output tiles `t` with `t mod B == block_idx`. Only valid inside an
    `aicore.kernel`.

    The kernel model (`ascend-aicore-estimate`) runs every block with its
    index and reports the busiest one; on the CPU
    (`convert-aicore-to-memref`) the kernel body becomes a loop over the
    blocks and this op its induction variable.

    ```mlir
    %b = aicore.block_idx
    ```
  }];
  let results = (outs Index:$index);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def AICore_OnCoreOp : AICore_Op<"on_core", [NoTerminator, SingleBlock,
    RecursiveMemoryEffects]> {
  let summary = "the part of a MIX kernel that one kind of core runs";
  let description = [{
    On a separated AI Core (A2/A3: one Cube core, AIC, and two Vector cores,
    AIV, per block), a MIX kernel is one program whose parts run on
    different cores (Ascend C `if ASCEND_IS_AIC` / `if ASCEND_IS_AIV`). The
    ops in an `aicore.on_core aic` region run on the block's AIC, those in
    `aicore.on_core aiv` on each of its two AIVs (`aicore.subblock_idx` tells
    them apart); the scalar control flow around them (loops, index
    arithmetic) runs on every core. The AIC program is thus the kernel
    without its `aiv` regions, an AIV's the kernel without its `aic`
    regions. The cores share no on-chip memory: they exchange data through
    GM, ordered by `aicore.cross_core_set_flag` / `cross_core_wait_flag`.

    The kernel model gives each core its own pipes; on the CPU
    (`convert-aicore-to-memref`) the regions run in program order, an `aiv`
    region once per AIV.

    ```mlir
    aicore.on_core aic { ... }
    aicore.on_core aiv { %s = aicore.subblock_idx ... }
    ```
  }];
  let arguments = (ins AICore_CoreTypeAttr:$core);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$core attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

def AICore_SubBlockIdxOp : AICore_Op<"subblock_idx", [Pure]> {
  let summary = "which of the block's Vector cores runs this aiv region";
  let description = [{
    Inside an `aicore.on_core aiv` region: 0 or 1, the index of the AIV
    (Ascend C `GetSubBlockIdx()`); the two AIVs of a block typically split
    the rows of a tile.

    ```mlir
    %s = aicore.subblock_idx
    ```
  }];
  let results = (outs Index:$index);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def AICore_ReturnOp : AICore_Op<"return", [Pure, Terminator, ReturnLike,
    HasParent<"KernelOp">]> {
  let summary = "ends an aicore.kernel";
  let assemblyFormat = "attr-dict";
}

def AICore_LaunchOp : AICore_Op<"launch", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "runs an aicore.kernel on tensors (graph level)";
  let description = [{
    Used inside a `func.func` of the graph: runs kernel `kernel` on `inputs`
    and returns its outputs as new tensors (value semantics: the kernel
    writes only its output buffers). The kernel takes one GM memref per input
    and then one per result, each with the shape and element type of the
    corresponding tensor.

    ```mlir
    %r = aicore.launch @matmul(%x, %w)
        : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel,
                       Variadic<AnyRankedTensor>:$inputs);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  // The form of the declarative
  //   $kernel `(` $inputs `)` attr-dict `:` functional-type($inputs, $results)
  // printed without building the op's attribute dictionary (see
  // LaunchOp::print): an aicore-level program is mostly launches.
  let hasCustomAssemblyFormat = 1;
}

#endif // ASCEND_DIALECT_AICORE_KERNEL_OPS
