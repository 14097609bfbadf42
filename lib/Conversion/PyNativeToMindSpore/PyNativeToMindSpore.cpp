//===- PyNativeToMindSpore.cpp - merge eager runs into GRAPH_MODE ---------===//
//
// Walks all recorded runs in lockstep and emits one mindspore program:
// straight-line where runs agree, mindspore.cond where they took different
// sides of a branch, mindspore.assert guards where a branch was seen one way.
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "RunMerger.h"
#include "ascend/Conversion/PyNativeToMindSpore/UserMappings.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ThreadPool.h"

#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <cstdio>

namespace mlir::ascend {
#define GEN_PASS_DEF_CONVERTPYNATIVETOMINDSPORE
#include "ascend/Conversion/PyNativeToMindSpore/Passes.h.inc"
} // namespace mlir::ascend

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::merge;
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

/// The torch dtype name of an element type ("float32", "int64", "bool").
std::string torchDtypeName(Type t) {
  if (t.isF32())
    return "float32";
  if (t.isF16())
    return "float16";
  if (t.isBF16())
    return "bfloat16";
  if (t.isF64())
    return "float64";
  if (t.isInteger(1))
    return "bool";
  if (t.isUnsignedInteger(8))
    return "uint8";
  if (auto i = dyn_cast<IntegerType>(t))
    return "int" + std::to_string(i.getWidth());
  std::string text;
  llvm::raw_string_ostream os(text);
  t.print(os);
  return text;
}

/// The dtypes of an op's tensor operands (its results' when it has none), for
/// the messages that refuse it: "dtype float32" or "dtypes float16, int64".
std::string dtypesOf(Operation *op) {
  SmallVector<std::string> names;
  auto add = [&](TypeRange types) {
    for (Type t : types)
      if (auto shaped = dyn_cast<ShapedType>(t)) {
        std::string name = torchDtypeName(shaped.getElementType());
        if (!llvm::is_contained(names, name))
          names.push_back(name);
      }
  };
  add(op->getOperandTypes());
  if (names.empty())
    add(op->getResultTypes());
  if (names.empty())
    return "no tensor dtype";
  return (names.size() == 1 ? "dtype " : "dtypes ") + llvm::join(names, ", ");
}
} // namespace

std::string merge::sourceColumn(Location loc) {
  std::string text;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      text = (f.getFilename().getValue() + ":" + Twine(f.getLine()) + ":" +
              Twine(f.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text.empty() ? "<unknown>" : text;
}

std::string merge::unseenSideMessage(Location loc, bool seenValue) {
  return "branch at " + sourceColumn(loc) + " took the " +
         (seenValue ? "false" : "true") +
         " side, which no recorded run took; record a run that takes it and "
         "compile again";
}

/// `args` without the entries named in `except`.
static SmallVector<NamedAttribute> argsExcept(DictionaryAttr args,
                                              ArrayRef<StringRef> except) {
  SmallVector<NamedAttribute> kept;
  for (NamedAttribute a : args)
    if (!llvm::is_contained(except, a.getName().getValue()))
      kept.push_back(a);
  return kept;
}

LogicalResult RunMerger::checkAgreement(MutableArrayRef<RunCursor> runs,
                                        ArrayRef<StringRef> boundArgs) {
  Operation *op0 = runs.front().op();
  for (RunCursor &run : runs.drop_front()) {
    Operation *op = run.op();
    bool same = op->getName() == op0->getName() &&
                (isa<pynative::OutputOp>(op) || op->getLoc() == op0->getLoc()) &&
                op->getResultTypes() == op0->getResultTypes();
    if (same)
      if (auto r0 = dyn_cast<pynative::RecordedOp>(op0)) {
        auto r = cast<pynative::RecordedOp>(op);
        same = r0.getName() == r.getName() &&
               (boundArgs.empty()
                    ? r0.getArgs() == r.getArgs()
                    : argsExcept(r0.getArgs(), boundArgs) ==
                          argsExcept(r.getArgs(), boundArgs));
      }
    if (same)
      if (auto c0 = dyn_cast<pynative::ConstantOp>(op0))
        same = c0.getValue() == cast<pynative::ConstantOp>(op).getValue();
    if (!same) {
      // One run starts another trip of a loop where the other left it (or
      // started a trip of another loop): Python decided the trip count on a
      // value the trace does not show (not a tensor test).
      auto iter0 = dyn_cast<pynative::LoopIterOp>(op0);
      auto iter = dyn_cast<pynative::LoopIterOp>(op);
      if (iter0 || iter) {
        auto [going, goingRun, other, otherRun] =
            iter0 ? std::make_tuple(iter0, runs.front().index(), op,
                                    run.index())
                  : std::make_tuple(iter, run.index(), op0,
                                    runs.front().index());
        InFlightDiagnostic diag =
            going.emitError("runs cannot be merged: the loop at ")
            << sourceColumn(going.getLoc()) << " starts trip "
            << going.getIteration() + 1 << " in run " << goingRun
            << " but not in run " << otherRun
            << ", and no tensor-valued test decided it: the trip count comes "
               "from a Python value the trace does not show (e.g. "
               "`range(len(items))`); make it a tensor test or record runs "
               "with the same count";
        diag.attachNote(other->getLoc())
            << "run " << otherRun << " ran " << *other;
        return failure();
      }
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

LogicalResult RunMerger::legalizeOne(
    Operation *op0, ValueRange operands, SmallVectorImpl<Value> &results,
    ArrayRef<std::pair<StringRef, unsigned>> boundArgs) {
  Location loc = op0->getLoc();
  SmallVector<StringRef> boundNames;
  SmallVector<std::pair<StringRef, Value>> scalarOperands;
  for (auto [name, index] : boundArgs) {
    boundNames.push_back(name);
    scalarOperands.push_back({name, bindings[index].tensor});
  }
  noteBakedNumbers(op0, boundNames);
  llvm::StringSet<> consumed;
  if (auto param = dyn_cast<pynative::GetParameterOp>(op0)) {
    // The symbol reference as it is (no uniquing of its name again).
    results.push_back(ms::LoadOp::create(builder, loc, param.getType(),
                                         param.getNameAttr()));
  } else if (auto cst = dyn_cast<pynative::ConstantOp>(op0)) {
    results.push_back(ms::ConstantOp::create(builder, loc, cst.getValue()));
  } else if (auto recorded = dyn_cast<pynative::RecordedOp>(op0)) {
    std::string why;
    const UserMapping *user =
        userMappings ? userMappings->lookup(recorded.getName()) : nullptr;
    if (user) {
      // The user's mapping wins over the table.
      if (failed(userMappings->apply(*user, recorded, operands, builder,
                                     results)))
        return failure();
    } else if (failed(legalizeAtenOp(recorded, operands, builder, results,
                                     why, scalarOperands, &consumed))) {
      std::string scope;
      if (auto name = dyn_cast<NameLoc>(loc))
        scope = (" in module '" + name.getName().getValue() + "'").str();
      // One report per op and place, however often a loop or several runs
      // executed it there.
      bool first =
          reportedUnsupported.insert({recorded.getNameAttr(), loc}).second;
      if (keepUnsupported) {
        // Keep it opaque: its tensor arguments, recorded result types and
        // the non-tensor arguments a Custom primitive can hold.
        if (first)
          op0->emitWarning("unsupported eager op '")
              << recorded.getName() << "'" << scope << " at "
              << sourceLine(loc) << " kept as 'mindspore.custom': " << why;
        NamedAttrList attrs;
        for (NamedAttribute a : recorded.getArgs())
          if (ms::CustomOp::isSupportedAttrValue(a.getValue()) &&
              !llvm::is_contained(ms::CustomOp::getReservedAttrNames(),
                                  a.getName().getValue()))
            attrs.append(a);
        results.clear();
        auto custom = ms::CustomOp::create(
            builder, loc, op0->getResultTypes(), recorded.getNameAttr(),
            builder.getStringAttr("pytorch_aten"),
            attrs.getDictionary(builder.getContext()), operands);
        llvm::append_range(results, custom.getResults());
      } else {
        if (first)
          op0->emitError("unsupported eager op '")
              << recorded.getName() << "'" << scope << ": " << why << " ("
              << dtypesOf(op0) << ")";
        ++unsupportedCount;
        // Keep going to report every unsupported op at once: stand in values.
        results.clear();
        for (Type t : op0->getResultTypes())
          results.push_back(ms::ConstantOp::create(
              builder, loc,
              DenseElementsAttr::get(
                  cast<ShapedType>(t),
                  builder.getZeroAttr(cast<ShapedType>(t).getElementType()))));
      }
    }
  } else {
    return op0->emitError("unexpected op in a recorded run");
  }
  for (auto [name, index] : boundArgs)
    (consumed.contains(name) ? bindings[index].consumed
                             : bindings[index].baked) = true;
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
  }
  results.resize(op0->getNumResults());
  return success();
}

SmallVector<std::pair<StringRef, unsigned>>
RunMerger::boundScalarArgs(MutableArrayRef<RunCursor> runs) {
  SmallVector<std::pair<StringRef, unsigned>> bound;
  auto op0 = dyn_cast<pynative::RecordedOp>(runs.front().op());
  if (!op0 || bindings.empty())
    return bound;
  for (NamedAttribute arg : op0.getArgs()) {
    if (!isa<FloatAttr>(arg.getValue()))
      continue;
    // The innermost read whose number every run passed here.
    for (unsigned index = bindings.size(); index-- > 0;) {
      bool everyRun = llvm::all_of(runs, [&](RunCursor &run) {
        auto op = dyn_cast<pynative::RecordedOp>(run.op());
        auto number = op ? dyn_cast_or_null<FloatAttr>(
                               op.getArgs().get(arg.getName()))
                         : FloatAttr();
        std::optional<double> read = bindings[index].valueIn(run.index());
        return number && read && number.getValueAsDouble() == *read;
      });
      if (everyRun) {
        bound.push_back({arg.getName().getValue(), index});
        break;
      }
    }
  }
  return bound;
}

void RunMerger::noteBakedNumbers(Operation *op, ArrayRef<StringRef> except) {
  auto recorded = dyn_cast<pynative::RecordedOp>(op);
  if (!recorded || bindings.empty())
    return;
  for (NamedAttribute arg : recorded.getArgs()) {
    auto number = dyn_cast<FloatAttr>(arg.getValue());
    if (!number || llvm::is_contained(except, arg.getName().getValue()))
      continue;
    for (ScalarBinding &binding : bindings)
      for (auto [run, value] : binding.values)
        if (value == number.getValueAsDouble())
          binding.baked = true;
  }
}

LogicalResult RunMerger::emitRecorded(
    MutableArrayRef<RunCursor> runs,
    ArrayRef<std::pair<StringRef, unsigned>> boundArgs) {
  Operation *op0 = runs.front().op();
  FailureOr<SmallVector<Value>> operands = mappedOperands(runs, op0);
  if (failed(operands))
    return failure();
  SmallVector<Value> results;
  if (failed(legalizeOne(op0, *operands, results, boundArgs)))
    return failure();
  for (auto [i, merged] : llvm::enumerate(results))
    if (merged)
      for (RunCursor &run : runs)
        run.mapping.map(run.op()->getResult(i), merged);
  if (auto recorded = dyn_cast<pynative::RecordedOp>(op0))
    return rebindWrittenBases(runs, recorded, results);
  return success();
}

/// A boolean constant of `shape` that is true where the index along `dim`
/// is one of begin, begin + step, ... below end.
static Value regionMask(OpBuilder &builder, Location loc,
                        ArrayRef<int64_t> shape, int64_t dim, int64_t begin,
                        int64_t end, int64_t step = 1) {
  auto type = RankedTensorType::get(shape, builder.getI1Type());
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < (int64_t)shape.size(); ++d)
    inner *= shape[d];
  SmallVector<bool> bits(type.getNumElements());
  for (auto [flat, bit] : llvm::enumerate(bits)) {
    int64_t index = ((int64_t)flat / inner) % shape[dim];
    bit = index >= begin && index < end && (index - begin) % step == 0;
  }
  return ms::ConstantOp::create(builder, loc,
                                DenseElementsAttr::get(type, ArrayRef(bits)));
}

/// The value of `parent` after its view made by `view` became `child`.
FailureOr<Value> RunMerger::putBack(Value parent, pynative::RecordedOp view,
                                    Value child) {
  Location loc = view.getLoc();
  auto parentType = cast<RankedTensorType>(parent.getType());
  ArrayRef<int64_t> shape = parentType.getShape();
  int64_t rank = parentType.getRank();
  auto intArg = [&](StringRef name, int64_t dflt) {
    if (auto a = dyn_cast_or_null<IntegerAttr>(view.getArgs().get(name)))
      return a.getInt();
    return dflt;
  };
  StringRef name = view.getName();
  if (name == "aten.select.int" || name == "aten.slice.Tensor") {
    int64_t dim = intArg("dim", 0);
    dim = dim < 0 ? dim + rank : dim;
    if (dim < 0 || dim >= rank) {
      view.emitError("a write through '")
          << name << "' of dim " << intArg("dim", 0)
          << ", which is out of range for a " << rank << "-D tensor";
      return failure();
    }
    int64_t size = shape[dim], begin, end;
    if (name == "aten.select.int") {
      begin = intArg("index", 0);
      begin = begin < 0 ? begin + size : begin;
      if (begin < 0 || begin >= size) {
        view.emitError("a write through '")
            << name << "' of index " << intArg("index", 0)
            << ", which is out of range for a dim of size " << size;
        return failure();
      }
      end = begin + 1;
      // The selected slice with its dimension back (size 1) broadcasts.
      SmallVector<int64_t> withDim(shape);
      withDim[dim] = 1;
      child = ms::ReshapeOp::create(builder, loc, child, withDim);
    } else {
      int64_t step = intArg("step", 1);
      begin = intArg("start", 0);
      end = intArg("end", size);
      begin = std::clamp(begin < 0 ? begin + size : begin, int64_t(0), size);
      end = std::clamp(end < 0 ? end + size : end, begin, size);
      if (step > 1 && begin == end)
        return parent; // an empty slice writes nothing
      if (step > 1) {
        // Spread the slice over the dimension: position p reads slice
        // element (p - begin) / step (a Gather; other positions read element
        // 0 and are masked off), then the mask picks the written positions.
        SmallVector<int64_t> from(size, 0);
        for (int64_t p = begin; p < end; p += step)
          from[p] = (p - begin) / step;
        auto indexType = RankedTensorType::get({size}, builder.getI64Type());
        Value index = ms::ConstantOp::create(
            builder, loc, DenseElementsAttr::get(indexType, ArrayRef(from)));
        Value spread = ms::GatherOp::create(builder, loc, child, index, dim);
        Value mask = regionMask(builder, loc, shape, dim, begin, end, step);
        return Value(ms::SelectOp::create(builder, loc, mask, spread, parent));
      }
      SmallVector<int64_t> paddings(2 * rank, 0);
      paddings[2 * dim] = begin;
      paddings[2 * dim + 1] = size - end;
      child = ms::PadOp::create(builder, loc, child,
                                builder.getDenseI64ArrayAttr(paddings),
                                builder.getF64FloatAttr(0.0));
    }
    Value mask = regionMask(builder, loc, shape, dim, begin, end);
    return Value(ms::SelectOp::create(builder, loc, mask, child, parent));
  }
  if (name == "aten.t.default" || name == "aten.transpose.int" ||
      name == "aten.permute.default") {
    SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    if (name == "aten.permute.default") {
      auto dims = dyn_cast_or_null<DenseI64ArrayAttr>(view.getArgs().get("dims"));
      if (!dims)
        return view.emitError("permute without dims");
      for (auto [i, d] : llvm::enumerate(dims.asArrayRef()))
        perm[(d + rank) % rank] = i; // the inverse permutation
    } else if (rank >= 2) {
      int64_t d0 = name == "aten.t.default" ? 0 : intArg("dim0", 0);
      int64_t d1 = name == "aten.t.default" ? 1 : intArg("dim1", 1);
      std::swap(perm[(d0 + rank) % rank], perm[(d1 + rank) % rank]);
    }
    return Value(ms::TransposeOp::create(builder, loc, child, perm));
  }
  // view, reshape, (un)squeeze, alias: same elements in the parent's shape.
  if (cast<RankedTensorType>(child.getType()) == parentType)
    return child;
  return Value(ms::ReshapeOp::create(builder, loc, child, shape));
}

LogicalResult RunMerger::rebindWrittenBases(MutableArrayRef<RunCursor> runs,
                                            pynative::RecordedOp op0,
                                            ArrayRef<Value> results) {
  ArrayRef<int64_t> aliases = op0.getResultAliases();
  for (int64_t index : op0.getMutatedOperands()) {
    SmallVector<pynative::RecordedOp> chain;
    Value root = viewChainOf(op0->getOperand(index), chain);
    if (!root || chain.empty())
      continue; // a base written directly: its id already names the result
    // The written view's new value: the result aliasing the operand.
    Value value;
    for (auto [i, alias] : llvm::enumerate(aliases))
      if (alias == index && i < results.size())
        value = results[i];
    if (!value)
      continue;
    // Put the new value back through the views, innermost first.
    RunCursor &run0 = runs.front();
    for (pynative::RecordedOp view : llvm::reverse(chain)) {
      Value parent = run0.mapping.lookupOrNull(aliasedOperandOf(view->getResult(0)));
      if (!parent)
        return op0.emitError("the base of this write through a view has no "
                             "converted value");
      FailureOr<Value> updated = putBack(parent, view, value);
      if (failed(updated))
        return failure();
      value = *updated;
    }
    for (RunCursor &run : runs) {
      SmallVector<pynative::RecordedOp> runChain;
      Value runRoot = viewChainOf(run.op()->getOperand(index), runChain);
      run.mapping.map(runRoot, value);
    }
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
  return buildSplatConstant(builder, loc, RankedTensorType::get({}, elementType),
                            value);
}

bool merge::isMindSporeElementType(Type type) {
  return isa<FloatType>(type) || type.isSignlessInteger();
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
  FailureOr<SmallVector<Value>> operands = mappedOperands(runs, read0);
  if (failed(operands))
    return failure();
  Value tensor = (*operands)[0];
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!isMindSporeElementType(type.getElementType()))
    return read0.emitError("a number read from a tensor of type ")
           << type << ", whose element type no MindSpore primitive takes";
  ScalarBinding binding;
  binding.read = read0;
  binding.onlyTensorArgs = type.getNumElements() == 1;
  for (RunCursor &run : runs) {
    auto read = cast<pynative::ScalarReadOp>(run.op());
    binding.onlyTensorArgs &= read.getOnlyTensorArgs();
    binding.values.push_back(
        {run.index(), read.getValue().convertToDouble()});
  }
  // The guard, in case the number is baked in after all (finishBindings):
  // the assert and the ops computing its condition, outermost first.
  Block *block = builder.getInsertionBlock();
  Block::iterator ip = builder.getInsertionPoint();
  Operation *before = ip == block->begin() ? nullptr : &*std::prev(ip);
  Operation *guard =
      emitScalarReadGuard(read0, tensor, /*reached=*/Value());
  for (Block::iterator it = before ? std::next(Block::iterator(before))
                                   : block->begin();
       ; ++it) {
    binding.guardOps.push_back(&*it);
    if (&*it == guard)
      break;
  }
  if (binding.onlyTensorArgs)
    binding.tensor =
        type.getRank() == 0
            ? tensor
            : Value(ms::ReshapeOp::create(builder, read0.getLoc(), tensor,
                                          ArrayRef<int64_t>{}));
  bindings.push_back(std::move(binding));
  return success();
}

LogicalResult RunMerger::finishBindings(size_t mark) {
  LogicalResult result = success();
  for (ScalarBinding &binding : llvm::drop_begin(bindings, mark)) {
    bool specialized =
        !binding.onlyTensorArgs || binding.baked || !binding.consumed;
    if (!specialized) {
      for (Operation *op : llvm::reverse(binding.guardOps))
        op->erase();
      continue;
    }
    // The number is specialized: a 0-d view made for its uses is dead.
    if (Operation *view = binding.tensor ? binding.tensor.getDefiningOp<ms::ReshapeOp>() : nullptr)
      if (view->use_empty())
        view->erase();
    auto [run0, value0] = binding.values.front();
    for (auto [run, value] : llvm::drop_begin(binding.values)) {
      if (value == value0 || (std::isnan(value) && std::isnan(value0)))
        continue;
      InFlightDiagnostic diag =
          binding.read->emitError("runs cannot be merged: Python read ")
          << formatNumber(value) << " from a tensor here in run " << run
          << " but " << formatNumber(value0) << " in run " << run0 << " and ";
      if (!binding.onlyTensorArgs)
        diag << "used the number itself (compared it, tested it or did "
                "arithmetic on it)";
      else if (binding.baked)
        diag << "passed it to an op that takes it only as a constant";
      else
        diag << "no op took it as an argument";
      diag << ", so the program is specialized on it and every run must read "
              "the same value";
      result = failure();
      break;
    }
  }
  bindings.resize(mark);
  return result;
}

/// Whether the one-element `tensor` holds `value`: exactly for integers and
/// bools; for floats within the tolerance ascend-run compares outputs with
/// (1e-5, 1e-2 for 16-bit floats, times max(1, |value|)), since the graph
/// computes the read tensor in another order of operations than eager did.
static Value holdsNumber(OpBuilder &builder, Location loc, Value tensor,
                         double value) {
  Type elementType = cast<RankedTensorType>(tensor.getType()).getElementType();
  if (auto floatType = dyn_cast<FloatType>(elementType);
      floatType && std::isfinite(value)) {
    double tolerance =
        (floatType.getWidth() <= 16 ? 1e-2 : 1e-5) *
        std::max(1.0, std::fabs(value));
    Value distance = ms::AbsOp::create(
        builder, loc,
        ms::SubOp::create(builder, loc, tensor,
                          scalarConstant(builder, loc, elementType, value)));
    return ms::ReduceAllOp::create(
        builder, loc,
        ms::LessEqualOp::create(
            builder, loc, distance,
            scalarConstant(builder, loc, elementType, tolerance)));
  }
  return ms::ReduceAllOp::create(
      builder, loc,
      ms::EqualOp::create(builder, loc, tensor,
                          scalarConstant(builder, loc, elementType, value)));
}

/// The number Python got from `tensor` by `read`, as a graph value: `int(t)`
/// and `operator.index(t)` of a float tensor truncate toward zero (a Cast to
/// int64), other reads give the element itself.
static Value numberRead(OpBuilder &builder, Location loc,
                        pynative::ScalarReadOp read, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if ((read.getMethod() == "int" || read.getMethod() == "index") &&
      isa<FloatType>(type.getElementType()))
    return ms::CastOp::create(
        builder, loc,
        RankedTensorType::get(type.getShape(), builder.getI64Type()),
        tensor);
  return tensor;
}

LogicalResult RunMerger::emitValueCases(
    SmallVector<RunCursor> runs,
    llvm::function_ref<void(ValueRange, Location)> terminate) {
  auto read0 = cast<pynative::ScalarReadOp>(runs.front().op());
  Location loc = read0.getLoc();
  FailureOr<SmallVector<Value>> operands = mappedOperands(runs, read0);
  if (failed(operands))
    return failure();
  Value tensor = (*operands)[0];
  if (cast<ShapedType>(tensor.getType()).getNumElements() != 1)
    return read0.emitError("runs cannot be merged: Python read different "
                           "numbers here from a tensor of type ")
           << tensor.getType() << ", which has no single value";
  tensor = numberRead(builder, loc, read0, tensor);
  // The runs by the value they read, in order of first appearance.
  SmallVector<double> values;
  SmallVector<SmallVector<RunCursor>> groups;
  for (RunCursor &run : runs) {
    double v =
        cast<pynative::ScalarReadOp>(run.op()).getValue().convertToDouble();
    auto it = llvm::find_if(values, [&](double seen) {
      return seen == v || (std::isnan(seen) && std::isnan(v));
    });
    if (it == values.end()) {
      values.push_back(v);
      groups.emplace_back();
      it = std::prev(values.end());
    }
    groups[it - values.begin()].push_back(std::move(run));
  }
  auto isValue = [&](double v) -> Value {
    return holdsNumber(builder, loc, tensor, v);
  };
  // The guard: the value is one of those read.
  Value seen;
  std::string list;
  for (auto [i, v] : llvm::enumerate(values)) {
    Value is = isValue(v);
    seen = seen ? Value(ms::LogicalOrOp::create(builder, loc, seen, is)) : is;
    list += (i ? ", " : "") + formatNumber(v);
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "Python read a number from a tensor with ." << read0.getMethod()
     << "() at " << sourceLine(loc)
     << " and used it itself; the recorded runs read " << list
     << ", the program is specialized on those values and this input gives "
        "another";
  emitGuard(seen, text, Value(), loc);
  // if value == v0 { runs of v0 } else if value == v1 { ... } else { last }
  TypeRange resultTypes = groups.front().front().trace.getResultTypes();
  std::function<LogicalResult(size_t,
                              llvm::function_ref<void(ValueRange, Location)>)>
      cases = [&](size_t i, llvm::function_ref<void(ValueRange, Location)>
                                done) -> LogicalResult {
    if (i + 1 == groups.size())
      return emit(std::move(groups[i]), done);
    auto cond =
        ms::CondOp::create(builder, loc, resultTypes, isValue(values[i]));
    auto yield = [&](ValueRange outputs, Location l) {
      ms::YieldOp::create(builder, l, outputs);
    };
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.createBlock(&cond.getThenRegion());
      if (failed(emit(std::move(groups[i]), yield)))
        return failure();
    }
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.createBlock(&cond.getElseRegion());
      if (failed(cases(i + 1, yield)))
        return failure();
    }
    done(cond.getResults(), loc);
    return success();
  };
  return cases(0, terminate);
}

Operation *RunMerger::emitScalarReadGuard(pynative::ScalarReadOp read,
                                          Value tensor, Value reached) {
  // The number may decide Python control flow or feed later ops as a plain
  // argument: specialize the program on it and guard the specialization.
  Location loc = read.getLoc();
  double value = read.getValue().convertToDouble();
  tensor = numberRead(builder, loc, read, tensor);
  Value same = holdsNumber(builder, loc, tensor, value);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "Python read " << formatNumber(value) << " from a tensor with ."
     << read.getMethod() << "() at " << sourceLine(loc)
     << " in every recorded run; the program is specialized on that value and "
        "this input gives another";
  return emitGuard(same, text, reached, loc);
}

Operation *RunMerger::emitGuard(Value condition, StringRef message,
                                Value reached, Location loc) {
  // Inside a loop trip the check applies only where Python reached it.
  if (reached)
    condition = ms::LogicalOrOp::create(
        builder, loc, ms::LogicalNotOp::create(builder, loc, reached),
        condition);
  return ms::AssertOp::create(builder, loc, condition,
                              builder.getStringAttr(message));
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
  if (!isMindSporeElementType(getElementTypeOrSelf((*operands)[0])))
    return branch0.emitError("branch on a tensor of type ")
           << (*operands)[0].getType()
           << ", whose element type no MindSpore primitive takes";
  Value predicate = boolPredicate((*operands)[0], loc);
  SmallVector<RunCursor> taken, notTaken;
  for (RunCursor &run : runs) {
    bool value = cast<pynative::BranchOp>(run.op()).getValue();
    ++run.next;
    (value ? taken : notTaken).push_back(std::move(run));
  }
  if (taken.empty() || notTaken.empty()) {
    // Seen one way only: the other side is a guard that fails loudly.
    bool seen = !taken.empty();
    Value condition = predicate;
    if (!seen)
      condition = ms::LogicalNotOp::create(builder, loc, predicate);
    emitGuard(condition, unseenSideMessage(loc, seen), Value(), loc);
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
  size_t mark = bindings.size();
  if (failed(emitSteps(std::move(runs), terminate))) {
    bindings.resize(mark);
    return failure();
  }
  return finishBindings(mark);
}

LogicalResult RunMerger::emitSteps(
    SmallVector<RunCursor> runs,
    llvm::function_ref<void(ValueRange, Location)> terminate) {
  while (true) {
    SmallVector<std::pair<StringRef, unsigned>> boundArgs =
        boundScalarArgs(runs);
    SmallVector<StringRef> boundNames = llvm::to_vector(
        llvm::make_first_range(boundArgs));
    if (failed(checkAgreement(runs, boundNames)))
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
    if (isa<pynative::LoopIterOp>(op0)) {
      FailureOr<bool> recovered = emitWhileLoop(runs);
      if (failed(recovered))
        return failure();
      if (*recovered)
        continue; // the cursors now stand after the loop
      // Otherwise the loop stays unrolled as recorded.
    } else if (isa<pynative::CallOp>(op0)) {
      // A function-level call only groups the aten ops that follow it.
    } else if (auto read = dyn_cast<pynative::ScalarReadOp>(op0)) {
      bool tensorOnly = llvm::all_of(runs, [](RunCursor &run) {
        return cast<pynative::ScalarReadOp>(run.op()).getOnlyTensorArgs();
      });
      bool differ = llvm::any_of(runs, [&](RunCursor &run) {
        auto r = cast<pynative::ScalarReadOp>(run.op());
        return r.getValue() != read.getValue() ||
               r.getValuesAttr() != read.getValuesAttr();
      });
      if (differ && !tensorOnly && !read.getValuesAttr())
        return emitValueCases(std::move(runs), terminate);
      if (failed(emitScalarRead(runs)))
        return failure();
    } else if (failed(emitRecorded(runs, boundArgs))) {
      return failure();
    }
    for (RunCursor &run : runs)
      ++run.next;
  }
}

namespace {

struct ConvertPyNativeToMindSporePass
    : mlir::ascend::impl::ConvertPyNativeToMindSporeBase<ConvertPyNativeToMindSporePass> {
  using Base::Base;

  /// The recorded runs, once merged, are taken out of the module and
  /// destroyed on one of the context's threads while the passes after this
  /// one run (destroying a run op by op costs about as much as the
  /// canonicalization of the program): a run is isolated from above, so
  /// nothing outside it uses its values. Waited for before the next run of
  /// the pass and when the pass (its pass manager) goes.
  std::shared_ptr<llvm::ThreadPoolTaskGroup> destroyingRuns;

  void runOnOperation() override {
    if (destroyingRuns)
      destroyingRuns->wait();
    ModuleOp module = getOperation();
    OpBuilder builder(module.getContext());
    SmallVector<pynative::TraceOp> traces(module.getOps<pynative::TraceOp>());
    if (traces.empty()) {
      module.emitError("no pynative.trace to convert");
      return signalPassFailure();
    }
    // Runs with different input shapes are specialized: one entry function
    // per signature (`entry` for run 0's, `entry_1`, ... for the others in
    // order of first appearance), each merged from the runs of its shapes.
    SmallVector<SmallVector<pynative::TraceOp>> groups;
    for (pynative::TraceOp t : traces) {
      auto it = llvm::find_if(groups, [&](auto &g) {
        return g.front().getFunctionType() == t.getFunctionType();
      });
      if (it == groups.end())
        groups.push_back({t});
      else
        it->push_back(t);
    }
    // Parameters keep their recorded values.
    SmallVector<pynative::ParameterOp> params(
        module.getOps<pynative::ParameterOp>());
    BoolAttr falseAttr = builder.getBoolAttr(false);
    for (pynative::ParameterOp param : params) {
      builder.setInsertionPoint(param);
      // The attributes as they are (no uniquing of names and types again).
      ms::ParameterOp::create(builder, param.getLoc(), param.getSymNameAttr(),
                              param.getTypeAttr(), param.getValueAttr(),
                              param.getIsBuffer() ? builder.getBoolAttr(true)
                                                  : falseAttr);
    }

    std::unique_ptr<UserMappings> userMappings;
    if (!mappingFile.empty()) {
      FailureOr<std::unique_ptr<UserMappings>> loaded =
          UserMappings::load(mappingFile, &getContext());
      if (failed(loaded))
        return signalPassFailure();
      userMappings = std::move(*loaded);
    }

    bool unsupported = false;
    for (auto [index, group] : llvm::enumerate(groups)) {
      pynative::TraceOp first = group.front();
      std::string name = index == 0 ? std::string(entryName)
                                    : entryName + "_" + std::to_string(index);
      builder.setInsertionPointToEnd(module.getBody());
      auto func = func::FuncOp::create(builder, first.getLoc(), name,
                                       first.getFunctionType());
      SmallVector<int64_t> runIndices;
      for (pynative::TraceOp t : group)
        runIndices.push_back(t.getRunAttr().getInt());
      func->setAttr("mindspore.recorded_runs",
                    builder.getDenseI64ArrayAttr(runIndices));
      Block *entry = func.addEntryBlock();
      builder.setInsertionPointToStart(entry);
      SmallVector<RunCursor> runs;
      for (pynative::TraceOp t : group) {
        RunCursor cursor{t, t.getBody().front().begin(), {}};
        cursor.mapping.map(t.getBody().getArguments(), entry->getArguments());
        runs.push_back(std::move(cursor));
      }
      RunMerger merger(module, builder);
      merger.recoverLoops = recoverLoops;
      merger.unrollCountedLoops = unrollCountedLoops;
      merger.keepUnsupported = keepUnsupported;
      merger.userMappings = userMappings.get();
      LogicalResult merged =
          merger.emit(std::move(runs), [&](ValueRange outputs, Location loc) {
            func::ReturnOp::create(builder, loc, outputs);
          });
      if (failed(merged))
        return signalPassFailure();
      unsupported |= merger.hadUnsupported();
    }
    if (unsupported)
      return signalPassFailure();
    for (pynative::ParameterOp param : params)
      param.erase();
    if (!getContext().isMultithreadingEnabled()) {
      for (pynative::TraceOp t : traces)
        t.erase();
      return;
    }
    SmallVector<Operation *> runs;
    for (pynative::TraceOp t : traces) {
      t->remove();
      runs.push_back(t);
    }
    if (!destroyingRuns)
      destroyingRuns = std::make_shared<llvm::ThreadPoolTaskGroup>(
          getContext().getThreadPool());
    destroyingRuns->async([runs = std::move(runs)] {
      for (Operation *run : runs)
        run->erase();
    });
  }
};

} // namespace
