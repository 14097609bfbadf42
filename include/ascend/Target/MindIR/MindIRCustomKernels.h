//===- MindIRCustomKernels.h - AI Core kernels as Custom ops ----*- C++ -*-===//
//
// What the MindIR writer needs to write each `aicore.launch` of an
// aicore-level module as a MindSpore `Custom` primitive of func_type "aot"
// (ascend-compile --mindir-kernels=custom; docs/AICoreKernels.md, "The
// Custom route"). The library itself is built by
// mlir::ascend::buildCPUKernelLibrary (ascend/Execution/CPUKernelLibrary.h).
//
// The Custom primitive carries MindSpore's attributes, as
// `mindspore.export` of `ops.Custom(func="lib.so:fn", func_type="aot")`
// writes them in MindSpore 2.10.0 (all STRING or BOOL):
//   func_name    "<libraryPath>:<function>"  (MindSpore resolves the path
//                against the current directory at load time, so an absolute
//                path is written)
//   func_type    "aot"
//   uniq_name    "Custom__<func_name>"
//   imply_path   ""
//   multi_output whether the kernel has several outputs
//   autodiff     false
// and ascend-opt's own:
//   kernel_name                        the aicore.kernel symbol
//   aicore_ir                          that kernel alone in a module, as
//                                      MLIR bytecode
//   aicore_ir_format                   "mlir-bytecode"
//   ascend_kernel_library_fingerprint  the library's fingerprint
// The node's `shape` attribute is the launch's result type (a tuple if
// several, read back with TupleGetItem), which is what MindSpore infers a
// loaded Custom op's output from.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_TARGET_MINDIR_MINDIRCUSTOMKERNELS_H
#define ASCEND_TARGET_MINDIR_MINDIRCUSTOMKERNELS_H

#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::ascend {

struct MindIRCustomKernel {
  /// The exported aot function in the library.
  std::string function;
  /// The kernel's aicore IR as MLIR bytecode.
  std::string bytecode;
};

struct MindIRCustomKernels {
  /// The library as written in func_name (absolute).
  std::string libraryPath;
  std::string fingerprint;
  /// By aicore.kernel symbol; every launched kernel must be here.
  llvm::StringMap<MindIRCustomKernel> kernels;
};

} // namespace mlir::ascend

#endif // ASCEND_TARGET_MINDIR_MINDIRCUSTOMKERNELS_H
