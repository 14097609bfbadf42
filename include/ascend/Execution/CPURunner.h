//===- CPURunner.h - execute mindspore/aicore modules on the CPU *- C++ -*-===//
//
// `ascend-run`'s engine: lowers a module at the `mindspore` or `aicore` level
// through upstream MLIR (convert-aicore-to-memref, convert-mindspore-to-linalg,
// one-shot bufferization, buffer deallocation, linalg to loops, LLVM dialect),
// JIT-compiles it with mlir::ExecutionEngine and calls one function on host
// tensors; plus the comparison of results with eager (PYNATIVE) values.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_EXECUTION_CPURUNNER_H
#define ASCEND_EXECUTION_CPURUNNER_H

#include "ascend/Execution/HostTensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class PassManager;
namespace ascend {

/// Adds what CPU execution needs to `registry`: the dialects the lowering
/// produces, their bufferization models and their LLVM IR translations.
/// `runOnCPU` appends it to the module's context itself; tools call it early
/// to avoid loading dialects lazily.
void registerCPURunnerDialects(DialectRegistry &registry);

/// Adds the lowering from tensors on memref-level kernels (after
/// convert-aicore-to-memref and convert-mindspore-to-linalg) to the LLVM
/// dialect that CPUExecutable::compile runs: one-shot bufferization of the
/// function boundaries (identity layouts), results turned into trailing
/// out-parameter memrefs of public functions, buffer deallocation, linalg to
/// loops, and the conversions to the LLVM dialect. Each memref argument of a
/// lowered function is expanded into (allocated pointer, aligned pointer,
/// offset, sizes..., strides...).
void buildCPULoweringToLLVMPipeline(PassManager &pm);

/// How `CPUExecutable::compile` instruments the code it JIT-compiles.
struct CPUCompileOptions {
  /// Bounds checking of the aicore kernels: upstream MLIR's runtime op
  /// verification (RuntimeVerifiableOpInterface, the checks of
  /// -generate-runtime-verification) on every kernel function after
  /// convert-aicore-to-memref, before bufferization and the LLVM lowering.
  /// It checks each memref.load / memref.store index against its buffer's
  /// shape, each memref.subview against its source, each memref.copy's
  /// shapes, and the index ranges of each linalg op on buffers (the kernels'
  /// matmuls, Vector and conversion ops). The graph code around the launches
  /// is not instrumented. A failed check stops the call: `run` fails with an
  /// error at the failing op's location naming the kernel, the block (and
  /// vector core) that ran it, the op and the check; the access itself is
  /// not performed. Costs compile and run time (about a third more CPU time
  /// over the project's execution tests).
  bool checkBounds = false;
  /// Outlines each graph op of the entry (a mindspore op on static tensors:
  /// a primitive, a fusion, a region op using no value from outside it) into
  /// a private function, one function per distinct op (same name, attributes,
  /// regions and operand/result types, locations ignored), called from the
  /// entry, and keeps LLVM from inlining these calls. When the entry is then
  /// nothing but parameter reads, calls and its return (one block), it is
  /// not compiled at all: `run` walks the calls on the host, allocating each
  /// result buffer and freeing it after its last reader, and the JIT compiles
  /// only the distinct functions. Otherwise the entry is compiled as one
  /// function of calls (optnone: LLVM's O2 on thousands of calls costs far
  /// more than it saves). A model of N repeated blocks thus compiles each
  /// distinct op once: compile time and memory grow with N linearly instead
  /// of the quadratic cost of one function of N inlined loop nests (a
  /// 700-op residual MLP: 342 s before, 1.3 s). Off only to compare.
  bool outlineOps = true;
  /// Prints, to llvm::errs() when compile() returns, the wall time of each
  /// step (MLIR's -mlir-timing report: the conversion and lowering passes,
  /// the LLVM optimization and code generation of the JIT) and the number
  /// of ops outlined and distinct functions.
  bool timing = false;
};

/// A module lowered to LLVM and JIT-compiled once, callable many times (one
/// call per recorded run).
class CPUExecutable {
public:
  /// Clones `module` (the caller's module is never changed), turns every
  /// `mindspore.load` in function `entry` into an extra argument fed with the
  /// parameter's `value` bytes at call time, lowers and JIT-compiles.
  ///
  /// Fails, with a diagnostic on the module's context, when: `entry` is not a
  /// public func.func with a body; an argument or result is not a statically
  /// shaped ranked tensor; a loaded parameter has no `value` or a value whose
  /// bytes cannot be read; an op cannot be lowered (the lowering's own
  /// diagnostic names it); or LLVM cannot compile the result.
  ///
  /// A module at the aicore level is first lowered by convert-aicore-to-memref
  /// (kernels become functions on memrefs, launches calls on the graph's
  /// buffers); the buffers of launch results are freed by the buffer
  /// deallocation pipeline like every other buffer of the graph.
  ///
  /// When `loweredModule` is given, the module in the LLVM dialect (what the
  /// JIT compiles) is printed to it. `options` adds instrumentation (see
  /// CPUCompileOptions).
  static FailureOr<std::unique_ptr<CPUExecutable>>
  compile(ModuleOp module, llvm::StringRef entry,
          llvm::raw_ostream *loweredModule = nullptr,
          const CPUCompileOptions &options = {});

  ~CPUExecutable();

  /// Calls the entry function. `inputs` must match its arguments in number
  /// and type (shape and element type). Fails, with a diagnostic on the
  /// context, on a mismatch, when the JIT call fails, when a
  /// `mindspore.assert` guard is false (the diagnostic quotes its message),
  /// or, compiled with `checkBounds`, when a kernel's bounds check fails:
  /// the call stops before the out-of-bounds access (its heap buffers are
  /// not freed) and the error names the kernel and the op.
  FailureOr<std::vector<HostTensor>> run(llvm::ArrayRef<HostTensor> inputs);

  /// The types of the entry's user-visible arguments and results.
  llvm::ArrayRef<RankedTensorType> getInputTypes() const;
  llvm::ArrayRef<RankedTensorType> getResultTypes() const;

  class Impl;

private:
  explicit CPUExecutable(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

/// Compiles `module` and runs function `entry` once on `inputs`; see
/// CPUExecutable::compile and CPUExecutable::run for the errors.
FailureOr<std::vector<HostTensor>> runOnCPU(ModuleOp module,
                                            llvm::StringRef entry,
                                            llvm::ArrayRef<HostTensor> inputs);

/// The value of a dense or dense_resource elements attribute with a static
/// shape as a HostTensor (the layout `mindspore.parameter` values use). Fails
/// when the attribute holds no readable data of the expected size.
FailureOr<HostTensor> hostTensorFromElements(ElementsAttr value);

/// `tensor` as a DenseElementsAttr (for printing and for building constants).
DenseElementsAttr elementsFromHostTensor(const HostTensor &tensor);

//===----------------------------------------------------------------------===//
// Comparison with eager values
//===----------------------------------------------------------------------===//

/// Tolerance of a float element: |got - eager| <= atol * scale + rtol *
/// |eager|, where scale = max(1, max |eager| over the output) so that values
/// that cancel to near zero in a large-magnitude output are judged on that
/// output's scale. With the default rtol = 0 this is the project's rule
/// "max abs error <= atol * max(1, max |eager|)". Integer and boolean outputs
/// must match exactly.
///
/// An output computed in f16 or bf16 is judged in units in the last place of
/// that format instead: |got - eager| <= ulps * ulp(|eager|), ulp(x) being the
/// spacing of `ulpType`'s values just above |x| rounded to that type (the
/// smallest subnormal near zero). One ulp is the rounding of a single op, so a
/// one-ulp difference passes and a two-ulp one does not.
struct Tolerance {
  double rtol;
  double atol;
  /// When > 0, the ulp rule above replaces atol/rtol.
  double ulps = 0;
  /// The f16/bf16 type the ulps are counted in.
  Type ulpType = {};
  /// Defaults for an element type: atol 1e-5 for f32 and f64, rtol 0; 1 ulp
  /// for f16 and bf16; exact (0 / 0) for integers and booleans.
  static Tolerance forElementType(Type elementType);
  /// The tolerance of a float output of element type `outputType` whose
  /// computation ran (partly) in `precision`, the coarsest float element type
  /// among the values it depends on (see computationPrecision): 1 ulp of
  /// `precision` when that is f16 or bf16 (a bf16 computation cast to f32 at
  /// the end is judged as bf16), else forElementType(outputType).
  static Tolerance forComputation(Type outputType, Type precision);
};

/// The coarsest float element type (bf16, then f16, then f32, then f64) among
/// the results of the ops that compute `value` in its function (ops with
/// operands, nested ones included: a parameter, constant or function argument
/// is no computation; an op naming a kernel by symbol, such as aicore.launch,
/// computes in its operands' types too), or null when none is a float.
Type computationPrecision(Value value);

/// Result of comparing one output with its eager value.
struct OutputComparison {
  /// Max |got - eager| and max |got - eager| / |eager| over the elements
  /// where eager is nonzero (0 for empty outputs).
  double maxAbsError = 0;
  double maxRelError = 0;
  Tolerance tolerance = {0, 0};
  bool ok = true;
  /// When not ok: what differs (type mismatch, or the first element out of
  /// tolerance with its row-major index and both values).
  std::string mismatch;
};

/// Compares `got` with `eager`. `tolerance` overrides the per-type default
/// for float outputs when given.
OutputComparison compareTensors(const HostTensor &got, const HostTensor &eager,
                                std::optional<Tolerance> tolerance = {});

/// Element `index` (row-major) of `tensor` as a double (f16/bf16 decoded,
/// integers converted, i1 as 0/1).
double elementAsDouble(const HostTensor &tensor, int64_t index);

} // namespace ascend
} // namespace mlir

#endif // ASCEND_EXECUTION_CPURUNNER_H
