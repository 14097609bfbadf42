//===- AICoreInterfaces.td - pipe instruction interface ----*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_INTERFACES
#define ASCEND_DIALECT_AICORE_INTERFACES

include "mlir/IR/OpBase.td"

def AICore_PipeOpInterface : OpInterface<"PipeOpInterface"> {
  let cppNamespace = "::mlir::ascend::aicore";
  let description = [{
    An instruction that occupies one pipe of the AI Core for a number of
    cycles. The kernel model (`simulateKernel`) asks each such op for its pipe
    and its cost; the buffers it touches are its memref operands with their
    declared memory effects (read, write). Vector ops implement it with one
    cycle per 256-byte repeat of their widest operand (`vectorRepeatBytes` of
    the target table, ascend-hardware.md); other units' ops may plug in the
    same way.
  }];
  let methods = [
    InterfaceMethod<"The pipe the instruction is queued on.",
                    "::mlir::ascend::aicore::Pipe", "getExecutionPipe">,
    InterfaceMethod<[{
        Cycles the instruction keeps its pipe busy on the target of the
        enclosing kernel.
      }], "int64_t", "getCycles">,
  ];
}

#endif // ASCEND_DIALECT_AICORE_INTERFACES
