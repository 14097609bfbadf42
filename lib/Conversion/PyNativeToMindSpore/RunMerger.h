//===- RunMerger.h - Merging recorded eager runs into one program -*- C++
//-*-===//
//
// RunMerger walks the recorded runs of convert-pynative-to-mindspore in
// lockstep and emits one mindspore program (PyNativeToMindSpore.cpp); its
// loop recovery (a `while` loop from the recorded trips) is in
// LoopRecovery.cpp. Internal to lib/Conversion/PyNativeToMindSpore.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_RUNMERGER_H
#define ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_RUNMERGER_H

#include "ascend/Conversion/PyNativeToMindSpore/UserMappings.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::ascend::merge {

/// "file:line:column" of the innermost user frame of a location ("<unknown>"
/// without one): two tests on one line (`while a and b:`) are told apart by
/// their column.
std::string sourceColumn(Location loc);

/// The message of the guard on a branch that every run took one way
/// (`seenValue`).
std::string unseenSideMessage(Location loc, bool seenValue);

/// Whether the mindspore dialect's primitives take elements of `type`
/// (floats and signless integers; no unsigned ones such as uint8).
bool isMindSporeElementType(Type type);

/// One run being walked: its trace, the next op, and what its values became.
struct RunCursor {
  pynative::TraceOp trace;
  Block::iterator next;
  IRMapping mapping;
  int64_t index() { return trace.getRun(); }
  Operation *op() { return &*next; }
};

/// A number Python read from a tensor (`.item()`), tracked while the runs go
/// on: a later op argument equal to it in every run is a use of the tensor
/// itself, so the program keeps the number as tensor computation. The read's
/// guard (the program specialized on the value) is built provisionally and
/// dropped when every use became tensor computation.
struct ScalarBinding {
  pynative::ScalarReadOp read; // the first run's read (place, method)
  Value tensor;                // the number as a 0-d graph value
  SmallVector<std::pair<int64_t, double>> values; // (run, value read)
  bool onlyTensorArgs = false; // the recorder saw no Python use in any run
  bool consumed = false;       // some argument became the tensor
  bool baked = false;          // some argument kept the recorded number
  SmallVector<Operation *> guardOps; // provisional guard, innermost last

  std::optional<double> valueIn(int64_t run) const {
    for (auto [r, v] : values)
      if (r == run)
        return v;
    return std::nullopt;
  }
};

class RunMerger {
public:
  RunMerger(ModuleOp module, OpBuilder &builder)
      : module(module), builder(builder) {}

  /// Emits ops for `runs` (all positioned at the same step) until the runs'
  /// outputs, then calls `terminate` with the merged outputs.
  LogicalResult emit(SmallVector<RunCursor> runs,
                     llvm::function_ref<void(ValueRange, Location)> terminate);

  bool hadUnsupported() const { return unsupportedCount > 0; }

private:
  LogicalResult
  emitSteps(SmallVector<RunCursor> runs,
            llvm::function_ref<void(ValueRange, Location)> terminate);
  LogicalResult checkAgreement(MutableArrayRef<RunCursor> runs,
                               ArrayRef<StringRef> boundArgs = {});
  /// The number arguments of the runs' current op that every run took from
  /// one tracked scalar read: (argument name, index into `bindings`).
  SmallVector<std::pair<StringRef, unsigned>>
  boundScalarArgs(MutableArrayRef<RunCursor> runs);
  /// Marks every tracked read whose number `op` takes as a plain argument
  /// (outside `except`) as baked into the program.
  void noteBakedNumbers(Operation *op, ArrayRef<StringRef> except = {});
  /// Keeps or drops the guards of the reads tracked since `mark`, then stops
  /// tracking them.
  LogicalResult finishBindings(size_t mark);
  FailureOr<SmallVector<Value>> mappedOperands(MutableArrayRef<RunCursor> runs,
                                               Operation *op0);
  LogicalResult
  emitRecorded(MutableArrayRef<RunCursor> runs,
               ArrayRef<std::pair<StringRef, unsigned>> boundArgs = {});
  LogicalResult
  emitBranch(SmallVector<RunCursor> runs,
             llvm::function_ref<void(ValueRange, Location)> terminate);
  Value boolPredicate(Value predicate, Location loc);
  LogicalResult emitScalarRead(MutableArrayRef<RunCursor> runs);
  /// A number Python used itself (an `int()` read, a compared `.item()`)
  /// that the runs read with different values: one version of the rest of
  /// the program per value read, selected in the graph by comparing the
  /// tensor with each value, behind a guard that fails on any other value.
  LogicalResult
  emitValueCases(SmallVector<RunCursor> runs,
                 llvm::function_ref<void(ValueRange, Location)> terminate);
  /// Asserts that `tensor` holds the number `read` saw; returns the assert.
  Operation *emitScalarReadGuard(pynative::ScalarReadOp read, Value tensor,
                                 Value reached);
  Operation *emitGuard(Value condition, StringRef message, Value reached,
                       Location loc);
  LogicalResult
  legalizeOne(Operation *op0, ValueRange operands,
              SmallVectorImpl<Value> &results,
              ArrayRef<std::pair<StringRef, unsigned>> boundArgs = {});
  /// After an in-place write into a view, rebinds the view's base (in every
  /// run) to a copy with the written region replaced.
  LogicalResult rebindWrittenBases(MutableArrayRef<RunCursor> runs,
                                   pynative::RecordedOp op0,
                                   ArrayRef<Value> results);
  FailureOr<Value> putBack(Value parent, pynative::RecordedOp view,
                           Value child);
  /// Tries to recover a `while` loop whose first trip starts at the runs'
  /// current pynative.loop_iter. Returns failure after a diagnostic, true when
  /// the loop was emitted (cursors now after it), false when the recorded trips
  /// do not fit a do-while with a tensor-valued exit (the caller unrolls).
  FailureOr<bool> emitWhileLoop(MutableArrayRef<RunCursor> runs);

  ModuleOp module;
  OpBuilder &builder;
  int64_t unsupportedCount = 0;
  llvm::DenseSet<std::pair<Attribute, Location>> reportedUnsupported;
  /// Scalar reads whose numbers later ops may take, innermost last.
  std::vector<ScalarBinding> bindings;

public:
  /// Recover `while` loops (true) or unroll every loop as recorded (false).
  bool recoverLoops = true;
  /// Counted loops of at most this many trips stay unrolled.
  int64_t unrollCountedLoops = 1;
  /// Keep ops without a mapping as mindspore.custom (with a warning).
  bool keepUnsupported = false;
  /// Mappings from the user's mapping file (tried before the table), or null.
  const UserMappings *userMappings = nullptr;
};

} // namespace mlir::ascend::merge

#endif
