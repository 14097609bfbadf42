//===- PyNativeToMindSpore.cpp - merge eager runs into GRAPH_MODE ---------===//
//
// Walks all recorded runs in lockstep and emits one mindspore program:
// straight-line where runs agree, mindspore.cond where they took different
// sides of a branch, mindspore.assert guards where a branch was seen one way.
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include <cmath>
#include <cstdio>

namespace mlir::ascend {
#define GEN_PASS_DEF_CONVERTPYNATIVETOMINDSPORE
#include "ascend/Conversion/PyNativeToMindSpore/Passes.h.inc"
} // namespace mlir::ascend

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

/// "file:line" of the innermost user frame of a location, for messages.
std::string sourceLine(Location loc) {
  std::string text;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      text = (f.getFilename().getValue() + ":" + Twine(f.getLine())).str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text.empty() ? "<unknown>" : text;
}

/// One run being walked: its trace, the next op, and what its values became.
struct RunCursor {
  pynative::TraceOp trace;
  Block::iterator next;
  IRMapping mapping;
  int64_t index() { return trace.getRun(); }
  Operation *op() { return &*next; }
};

class RunMerger {
public:
  RunMerger(ModuleOp module, OpBuilder &builder)
      : module(module), builder(builder) {}

  /// Emits ops for `runs` (all positioned at the same step) until the runs'
  /// outputs, then calls `terminate` with the merged outputs.
  LogicalResult
  emit(SmallVector<RunCursor> runs,
       llvm::function_ref<void(ValueRange, Location)> terminate);

  bool hadUnsupported() const { return unsupportedCount > 0; }

private:
  LogicalResult checkAgreement(MutableArrayRef<RunCursor> runs);
  FailureOr<SmallVector<Value>> mappedOperands(MutableArrayRef<RunCursor> runs,
                                               Operation *op0);
  LogicalResult emitRecorded(MutableArrayRef<RunCursor> runs);
  LogicalResult emitBranch(SmallVector<RunCursor> runs,
                           llvm::function_ref<void(ValueRange, Location)>
                               terminate);
  Value boolPredicate(Value predicate, Location loc);
  LogicalResult emitScalarRead(MutableArrayRef<RunCursor> runs);

  ModuleOp module;
  OpBuilder &builder;
  int64_t unsupportedCount = 0;
};

LogicalResult RunMerger::checkAgreement(MutableArrayRef<RunCursor> runs) {
  Operation *op0 = runs.front().op();
  for (RunCursor &run : runs.drop_front()) {
    Operation *op = run.op();
    bool same = op->getName() == op0->getName() &&
                op->getLoc() == op0->getLoc() &&
                op->getResultTypes() == op0->getResultTypes();
    if (same)
      if (auto r0 = dyn_cast<pynative::RecordedOp>(op0))
        same = r0.getName() == cast<pynative::RecordedOp>(op).getName() &&
               r0.getArgs() == cast<pynative::RecordedOp>(op).getArgs();
    if (same)
      if (auto c0 = dyn_cast<pynative::ConstantOp>(op0))
        same = c0.getValue() == cast<pynative::ConstantOp>(op).getValue();
    if (!same) {
      InFlightDiagnostic diag =
          op->emitError("runs cannot be merged: run ")
          << run.index() << " diverges from run " << runs.front().index()
          << " without a branch event between them";
      diag.attachNote(op0->getLoc())
          << "run " << runs.front().index() << " ran " << *op0;
      diag.attachNote(op->getLoc()) << "run " << run.index() << " ran " << *op;
      return failure();
    }
  }
  return success();
}

FailureOr<SmallVector<Value>>
RunMerger::mappedOperands(MutableArrayRef<RunCursor> runs, Operation *op0) {
  SmallVector<Value> operands;
  for (auto [i, v] : llvm::enumerate(op0->getOperands())) {
    Value merged = runs.front().mapping.lookupOrNull(v);
    if (!merged)
      return op0->emitError("operand ")
             << i << " has no converted value (it is an unconverted result "
                     "of an earlier op)";
    for (RunCursor &run : runs.drop_front())
      if (run.mapping.lookupOrNull(run.op()->getOperand(i)) != merged)
        return run.op()->emitError("runs cannot be merged: operand ")
               << i << " comes from a different value in run " << run.index()
               << " than in run " << runs.front().index();
    operands.push_back(merged);
  }
  return operands;
}

LogicalResult RunMerger::emitRecorded(MutableArrayRef<RunCursor> runs) {
  Operation *op0 = runs.front().op();
  FailureOr<SmallVector<Value>> operands = mappedOperands(runs, op0);
  if (failed(operands))
    return failure();
  SmallVector<Value> results;
  Location loc = op0->getLoc();
  if (auto param = dyn_cast<pynative::GetParameterOp>(op0)) {
    results.push_back(ms::LoadOp::create(builder, loc, param.getType(),
                                         param.getName()));
  } else if (auto cst = dyn_cast<pynative::ConstantOp>(op0)) {
    results.push_back(ms::ConstantOp::create(builder, loc, cst.getValue()));
  } else if (auto recorded = dyn_cast<pynative::RecordedOp>(op0)) {
    std::string why;
    if (failed(legalizeAtenOp(recorded, *operands, builder, results, why))) {
      std::string scope;
      if (auto name = dyn_cast<NameLoc>(loc))
        scope = (" in module '" + name.getName().getValue() + "'").str();
      op0->emitError("unsupported eager op '")
          << recorded.getName() << "'" << scope << ": " << why;
      ++unsupportedCount;
      // Keep going to report every unsupported op at once: stand in values.
      results.clear();
      for (Type t : op0->getResultTypes())
        results.push_back(ms::ConstantOp::create(
            builder, loc,
            DenseElementsAttr::get(cast<ShapedType>(t),
                                   builder.getZeroAttr(
                                       cast<ShapedType>(t).getElementType()))));
    }
  } else {
    return op0->emitError("unexpected op in a recorded run");
  }
  for (auto [i, r] : llvm::enumerate(op0->getResults())) {
    Value merged = i < results.size() ? results[i] : Value();
    if (!merged) {
      if (!r.use_empty())
        return op0->emitError("result ")
               << i << " of this op is used but has no MindSpore equivalent";
      continue;
    }
    if (merged.getType() != r.getType())
      return op0->emitError("legalized result ")
             << i << " has type " << merged.getType()
             << " but eager recorded " << r.getType();
    for (RunCursor &run : runs)
      run.mapping.map(run.op()->getResult(i), merged);
  }
  return success();
}

/// A number as Python would print it in a message ("2.5", "3").
static std::string formatNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", value);
  return text;
}

/// A 0-d constant `value` of `elementType`.
static Value scalarConstant(OpBuilder &builder, Location loc, Type elementType,
                            double value) {
  auto type = RankedTensorType::get({}, elementType);
  Attribute element;
  if (isa<FloatType>(elementType))
    element = builder.getFloatAttr(elementType, value);
  else if (elementType.isInteger(1))
    element = builder.getBoolAttr(value != 0);
  else
    element = builder.getIntegerAttr(elementType, (int64_t)value);
  return ms::ConstantOp::create(builder, loc,
                                DenseElementsAttr::get(type, element));
}

Value RunMerger::boolPredicate(Value predicate, Location loc) {
  auto type = cast<RankedTensorType>(predicate.getType());
  if (type.getElementType().isInteger(1))
    return predicate;
  // Python truth of a one-element number tensor: != 0.
  return ms::NotEqualOp::create(
      builder, loc, predicate,
      scalarConstant(builder, loc, type.getElementType(), 0));
}

LogicalResult RunMerger::emitScalarRead(MutableArrayRef<RunCursor> runs) {
  auto read0 = cast<pynative::ScalarReadOp>(runs.front().op());
  double value = read0.getValue().convertToDouble();
  for (RunCursor &run : runs.drop_front()) {
    double other =
        cast<pynative::ScalarReadOp>(run.op()).getValue().convertToDouble();
    if (other != value && !(std::isnan(other) && std::isnan(value)))
      return run.op()->emitError("runs cannot be merged: Python read ")
             << formatNumber(other) << " from a tensor here in run "
             << run.index() << " but " << formatNumber(value) << " in run " << runs.front().index()
             << " (a number Python uses is specialized, so every run must "
                "read the same value)";
  }
  FailureOr<SmallVector<Value>> operands = mappedOperands(runs, read0);
  if (failed(operands))
    return failure();
  // The number may decide Python control flow or feed later ops as a plain
  // argument: specialize the program on it and guard the specialization.
  Location loc = read0.getLoc();
  Value tensor = (*operands)[0];
  Type elementType = cast<RankedTensorType>(tensor.getType()).getElementType();
  Value same = ms::ReduceAllOp::create(
      builder, loc,
      ms::EqualOp::create(builder, loc, tensor,
                          scalarConstant(builder, loc, elementType, value)));
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "Python read " << formatNumber(value) << " from a tensor with ." << read0.getMethod()
     << "() at " << sourceLine(loc)
     << " in every recorded run; the program is specialized on that value and "
        "this input gives another";
  ms::AssertOp::create(builder, loc, same, builder.getStringAttr(text));
  return success();
}

LogicalResult RunMerger::emitBranch(
    SmallVector<RunCursor> runs,
    llvm::function_ref<void(ValueRange, Location)> terminate) {
  auto branch0 = cast<pynative::BranchOp>(runs.front().op());
  Location loc = branch0.getLoc();
  FailureOr<SmallVector<Value>> operands = mappedOperands(runs, branch0);
  if (failed(operands))
    return failure();
  if (cast<ShapedType>((*operands)[0].getType()).getNumElements() != 1)
    return branch0.emitError("branch on a tensor of type ")
           << (*operands)[0].getType()
           << ", which has no single truth value";
  Value predicate = boolPredicate((*operands)[0], loc);
  SmallVector<RunCursor> taken, notTaken;
  for (RunCursor &run : runs) {
    bool value = cast<pynative::BranchOp>(run.op()).getValue();
    ++run.next;
    (value ? taken : notTaken).push_back(std::move(run));
  }
  std::string where = sourceLine(loc);
  if (taken.empty() || notTaken.empty()) {
    // Seen one way only: the other side is a guard that fails loudly.
    bool seen = !taken.empty();
    Value condition = predicate;
    if (!seen)
      condition = ms::LogicalNotOp::create(builder, loc, predicate);
    ms::AssertOp::create(
        builder, loc, condition,
        builder.getStringAttr("branch at " + where + " took the " +
                              (seen ? "false" : "true") +
                              " side, which no recorded run took; record a "
                              "run that takes it and compile again"));
    return emit(seen ? std::move(taken) : std::move(notTaken), terminate);
  }
  // Both sides seen: a cond whose regions continue each group of runs to the
  // end of the program and yield the model outputs.
  TypeRange resultTypes = taken.front().trace.getResultTypes();
  auto cond = ms::CondOp::create(builder, loc, resultTypes, predicate);
  for (auto [region, group] :
       {std::make_pair(&cond.getThenRegion(), &taken),
        std::make_pair(&cond.getElseRegion(), &notTaken)}) {
    OpBuilder::InsertionGuard guard(builder);
    builder.createBlock(region);
    if (failed(emit(std::move(*group), [&](ValueRange outputs, Location l) {
          ms::YieldOp::create(builder, l, outputs);
        })))
      return failure();
  }
  terminate(cond.getResults(), loc);
  return success();
}

LogicalResult RunMerger::emit(
    SmallVector<RunCursor> runs,
    llvm::function_ref<void(ValueRange, Location)> terminate) {
  while (true) {
    if (failed(checkAgreement(runs)))
      return failure();
    Operation *op0 = runs.front().op();
    if (auto output = dyn_cast<pynative::OutputOp>(op0)) {
      FailureOr<SmallVector<Value>> outputs = mappedOperands(runs, op0);
      if (failed(outputs))
        return failure();
      terminate(*outputs, output.getLoc());
      return success();
    }
    if (isa<pynative::BranchOp>(op0))
      return emitBranch(std::move(runs), terminate);
    if (isa<pynative::LoopIterOp, pynative::CallOp>(op0)) {
      // Loops are unrolled as recorded (loop recovery comes later); a
      // function-level call only groups the aten ops that follow it.
    } else if (isa<pynative::ScalarReadOp>(op0)) {
      if (failed(emitScalarRead(runs)))
        return failure();
    } else if (failed(emitRecorded(runs))) {
      return failure();
    }
    for (RunCursor &run : runs)
      ++run.next;
  }
}

struct ConvertPyNativeToMindSporePass
    : mlir::ascend::impl::ConvertPyNativeToMindSporeBase<ConvertPyNativeToMindSporePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder builder(module.getContext());
    SmallVector<pynative::TraceOp> traces(module.getOps<pynative::TraceOp>());
    if (traces.empty()) {
      module.emitError("no pynative.trace to convert");
      return signalPassFailure();
    }
    pynative::TraceOp first = traces.front();
    for (pynative::TraceOp t : traces)
      if (t.getFunctionType() != first.getFunctionType()) {
        InFlightDiagnostic diag =
            t.emitError("runs cannot be merged: run ")
            << t.getRun() << " has signature " << t.getFunctionType()
            << " but run " << first.getRun() << " has "
            << first.getFunctionType()
            << " (dynamic shapes are not supported)";
        return signalPassFailure();
      }

    // Parameters keep their recorded values.
    SmallVector<pynative::ParameterOp> params(
        module.getOps<pynative::ParameterOp>());
    for (pynative::ParameterOp param : params) {
      builder.setInsertionPoint(param);
      ms::ParameterOp::create(builder, param.getLoc(), param.getSymName(),
                              param.getType(), param.getValue(),
                              param.getIsBuffer());
    }

    builder.setInsertionPointToEnd(module.getBody());
    auto func = func::FuncOp::create(builder, first.getLoc(), entryName,
                                     first.getFunctionType());
    Block *entry = func.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    SmallVector<RunCursor> runs;
    for (pynative::TraceOp t : traces) {
      RunCursor cursor{t, t.getBody().front().begin(), {}};
      cursor.mapping.map(t.getBody().getArguments(), entry->getArguments());
      runs.push_back(std::move(cursor));
    }
    RunMerger merger(module, builder);
    LogicalResult merged =
        merger.emit(std::move(runs), [&](ValueRange outputs, Location loc) {
          func::ReturnOp::create(builder, loc, outputs);
        });
    if (failed(merged) || merger.hadUnsupported())
      return signalPassFailure();
    for (pynative::TraceOp t : traces)
      t.erase();
    for (pynative::ParameterOp param : params)
      param.erase();
  }
};

} // namespace
