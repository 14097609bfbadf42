//===- PyNativeDialect.td - eager trace dialect ------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_PYNATIVE_DIALECT
#define ASCEND_DIALECT_PYNATIVE_DIALECT

include "mlir/IR/OpBase.td"

def PyNative_Dialect : Dialect {
  let name = "pynative";
  let cppNamespace = "::mlir::ascend::pynative";
  let summary = "Recorded PyTorch eager (PYNATIVE) runs";
  let description = [{
    The `pynative` dialect holds what the ascend_trace recorder saw: one
    `pynative.trace` per recorded eager run, containing the aten-level ops in
    execution order (`pynative.op`), the Python control-flow evidence
    (`pynative.branch`, `pynative.scalar_read`, `pynative.loop_iter`), and
    module-level `pynative.parameter` declarations with the recorded weights.
    A trace is evidence, not a program: later passes merge runs and recover
    control flow. Every op carries the source location of the user code that
    ran it (a call-site chain of file:line:col, named by the module path).
  }];
  let useDefaultAttributePrinterParser = 0;
}

class PyNative_Op<string mnemonic, list<Trait> traits = []>
    : Op<PyNative_Dialect, mnemonic, traits>;

#endif // ASCEND_DIALECT_PYNATIVE_DIALECT
