//===- CPUKernelLibrary.h - aicore kernels as a host shared library -*- C++ -*-===//
//
// The AI Core kernels of an aicore-level module, built for the CPU into one
// shared library that MindSpore's `Custom` primitive of func_type "aot" calls
// (see docs/AICoreKernels.md, "The Custom route"). Each kernel goes through
// the same lowering as `ascend-run --level=aicore` (convert-aicore-to-memref,
// then buildCPULoweringToLLVMPipeline), is compiled to a position-independent
// object for the host, and gets one exported C function of MindSpore's aot
// signature
//
//   int fn(int nparam, void **params, int *ndims, int64_t **shapes,
//          const char **dtypes, void *stream, void *extra);
//
// params: the kernel's inputs then its outputs (dense row-major buffers of
// the launch's static shapes and element types; MindSpore owns them). The
// function checks nparam, every rank, dimension and dtype name against the
// kernel's signature and returns 1 with a message on stderr on a mismatch,
// 0 after running the kernel. The library also exports
//
//   const char *ascend_kernel_library_fingerprint(void);
//
// the hex SHA-1 of its kernels' names and aicore IR (the `fingerprint` below),
// so a MindIR file can be checked against the library it names.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_EXECUTION_CPUKERNELLIBRARY_H
#define ASCEND_EXECUTION_CPUKERNELLIBRARY_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::ascend {

/// One kernel of the library.
struct CPUKernelLibraryKernel {
  /// The exported C function (MindSpore's aot signature).
  std::string function;
  /// The `aicore.kernel` alone in a module, as MLIR bytecode (what a device
  /// toolchain rebuilds the kernel from).
  std::string bytecode;
};

struct CPUKernelLibrary {
  /// Hex SHA-1 of the kernels' symbol names and bytecode, in order; what
  /// `ascend_kernel_library_fingerprint()` returns.
  std::string fingerprint;
  /// By `aicore.kernel` symbol, in the order of their first launch. Each
  /// kernel is in the library once, however many launches call it.
  llvm::MapVector<llvm::StringRef, CPUKernelLibraryKernel> kernels;
};

/// Builds the shared library of every `aicore.kernel` that an `aicore.launch`
/// of `module` calls and writes it to `libraryPath` (the caller stages the
/// path: on failure the file may be partial or absent). `module` is not
/// changed. Links with the system C compiler (`cc`, or clang/gcc) and MLIR's
/// libmlir_c_runner_utils.so when present.
///
/// Fails with a diagnostic at the kernel's location naming the kernel when it
/// cannot be lowered or compiled for the CPU, and with a diagnostic at the
/// module's location when no C compiler is found or linking fails (quoting
/// the compiler's output).
FailureOr<CPUKernelLibrary> buildCPUKernelLibrary(ModuleOp module,
                                                  llvm::StringRef libraryPath);

} // namespace mlir::ascend

#endif // ASCEND_EXECUTION_CPUKERNELLIBRARY_H
