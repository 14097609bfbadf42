//===- LoopRecovery.cpp - While loops from the recorded trips -------------===//
//
// RunMerger::emitWhileLoop (RunMerger.h): the trips the runs recorded of one
// Python loop, when they fit a do-while with a tensor-valued exit, become
// one mindspore.while; otherwise the caller unrolls them as recorded.
// docs/ControlFlow.md describes the rules.
//
//===----------------------------------------------------------------------===//
#include "RunMerger.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>
#include <map>
#include <set>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::merge;
namespace ms = mlir::ascend::mindspore;

//===----------------------------------------------------------------------===//
// Loop recovery
//===----------------------------------------------------------------------===//

namespace {
/// One recorded trip of a loop: the ops between two loop-head marks.
struct LoopTrip {
  unsigned run;   // index into the cursors
  unsigned index; // trip number within its run
  bool last;      // the trip that left the loop
  SmallVector<Operation *> ops;
  int64_t exitPos = -1; // last trip: position of the branch that left
};

/// Where a value used inside a trip comes from.
struct UseSource {
  enum Kind { Internal, Carried, Outer } kind;
  int64_t pos = -1; // Internal / Carried: defining op position
  unsigned result = 0;
  Value outer; // Outer: the merged value
};

bool sameStep(Operation *a, Operation *b) {
  if (a->getName() != b->getName() || a->getLoc() != b->getLoc() ||
      a->getResultTypes() != b->getResultTypes() ||
      a->getNumOperands() != b->getNumOperands())
    return false;
  if (auto ra = dyn_cast<pynative::RecordedOp>(a)) {
    auto rb = cast<pynative::RecordedOp>(b);
    return ra.getName() == rb.getName() && ra.getArgs() == rb.getArgs();
  }
  if (auto ba = dyn_cast<pynative::BranchOp>(a))
    return ba.getValue() == cast<pynative::BranchOp>(b).getValue();
  if (auto sa = dyn_cast<pynative::ScalarReadOp>(a))
    return sa.getValue() == cast<pynative::ScalarReadOp>(b).getValue();
  if (auto ca = dyn_cast<pynative::ConstantOp>(a))
    return ca.getValue() == cast<pynative::ConstantOp>(b).getValue();
  if (auto pa = dyn_cast<pynative::GetParameterOp>(a))
    return pa.getName() == cast<pynative::GetParameterOp>(b).getName();
  return true;
}
} // namespace

FailureOr<bool> RunMerger::emitWhileLoop(MutableArrayRef<RunCursor> runs) {
  auto head0 = cast<pynative::LoopIterOp>(runs.front().op());
  if (!recoverLoops || head0.getIteration() != 0)
    return false;
  Location headLoc = head0.getLoc();

  // 1. Split every run into trips at the marks of this loop head.
  SmallVector<LoopTrip> trips;
  SmallVector<unsigned> lastTrip(runs.size());
  for (auto [r, run] : llvm::enumerate(runs)) {
    auto head = cast<pynative::LoopIterOp>(run.op());
    uint64_t activation = head.getActivation();
    Block *block = run.op()->getBlock();
    LoopTrip current{(unsigned)r, 0, false, {}};
    for (auto it = std::next(run.next); it != block->end(); ++it) {
      auto mark = dyn_cast<pynative::LoopIterOp>(&*it);
      if (mark && mark.getLoc() == headLoc &&
          mark.getActivation() == activation) {
        if (mark.getIteration() != current.index + 1)
          return false;
        trips.push_back(std::move(current));
        current =
            LoopTrip{(unsigned)r, (unsigned)trips.back().index + 1, false, {}};
        continue;
      }
      if (isa<pynative::OutputOp>(&*it))
        break;
      // Parameter reads and constants appear where a run first used them;
      // they are materialized outside the loop instead.
      if (isa<pynative::GetParameterOp, pynative::ConstantOp>(&*it))
        continue;
      current.ops.push_back(&*it);
    }
    current.last = true;
    lastTrip[r] = trips.size();
    trips.push_back(std::move(current));
  }

  // 2. Every trip that went on must have run the same ops; the last trip of
  // each run follows them until a branch decided the other way.
  const LoopTrip *reference = nullptr;
  for (const LoopTrip &trip : trips)
    if (!trip.last) {
      reference = &trip;
      break;
    }
  if (!reference)
    return false; // every run left after one trip: nothing shows a loop
  ArrayRef<Operation *> ref = reference->ops;
  // Trips that ran no op (a generator over recorded results) make no loop.
  if (ref.empty())
    return false;
  for (LoopTrip &trip : trips) {
    if (!trip.last) {
      if (trip.ops.size() != ref.size())
        return false;
      for (auto [a, b] : llvm::zip(trip.ops, ref))
        if (!sameStep(a, b))
          return false;
      continue;
    }
    for (auto [pos, op] : llvm::enumerate(trip.ops)) {
      if (pos >= ref.size())
        break;
      if (sameStep(op, ref[pos]))
        continue;
      if (isa<pynative::BranchOp>(op) && isa<pynative::BranchOp>(ref[pos]) &&
          op->getLoc() == ref[pos]->getLoc()) {
        trip.exitPos = pos;
        break;
      }
      return false;
    }
    // Left after a whole trip without a tensor-valued test: a counted loop.
    if (trip.exitPos < 0 && trip.ops.size() >= ref.size())
      trip.exitPos = ref.size();
    if (trip.exitPos < 0)
      return false;
    // What follows the exit is after the loop: it cannot test again where
    // the trips do (then the differing branch was an `if` inside the body
    // that the last trip took the other way, not the exit).
    int64_t after =
        trip.exitPos + (trip.exitPos == (int64_t)ref.size() ? 0 : 1);
    for (Operation *op : llvm::drop_begin(trip.ops, after))
      if (isa<pynative::BranchOp>(op) && llvm::any_of(ref, [&](Operation *r) {
            return isa<pynative::BranchOp>(r) && r->getLoc() == op->getLoc();
          }))
        return false;
  }
  // How the runs left: after a whole trip without a tensor-valued test
  // (`for _ in range(n)` ran out, or a Python-valued test), or at a test.
  // Runs that left after whole trips must agree on the count N; the loop then
  // ends after N trips or at the test, whichever comes first (a `for` loop
  // with a data-dependent `break`). A loop left only at tests that are not a
  // `while` back-edge (a `break`) may still end where no run showed it (a
  // `for` loop's iterator running out): trips beyond the most any run took
  // are refused by a guard.
  std::optional<int64_t> tripCount;
  bool anyCounted = false, anyTested = false, anyBreak = false;
  bool sameCount = true;
  int64_t maxTrips = 0;
  for (const LoopTrip &trip : trips) {
    if (!trip.last)
      continue;
    maxTrips = std::max<int64_t>(maxTrips, trip.index + 1);
    if (trip.exitPos == (int64_t)ref.size()) {
      anyCounted = true;
      sameCount &= !tripCount || *tripCount == trip.index + 1;
      tripCount = trip.index + 1;
      continue;
    }
    anyTested = true;
    if (auto branch = dyn_cast<pynative::BranchOp>(trip.ops[trip.exitPos]))
      anyBreak |= branch.getKind() != pynative::BranchKind::loop_backedge;
  }
  bool counted = anyCounted;
  // Different trip counts without a tensor-valued test: Python decided on
  // something the trace does not show; keep the recorded trips.
  if (anyCounted && !sameCount)
    return false;
  if (counted && !anyTested && *tripCount <= unrollCountedLoops)
    return false;
  bool capped = anyBreak && !anyCounted;
  // For a loop left at a test, the code after it starts after that branch.
  auto afterExitOf = [&](const LoopTrip &trip) -> int64_t {
    return trip.exitPos == (int64_t)ref.size() ? 0 : 1;
  };
  // Every way out of the loop lands on the same code after it. A run whose
  // last trip "left" at a test but then ran other code than the runs that
  // left elsewhere took an `if` inside the body the other way (`if c:
  // continue` falling on the last trip of a counted loop), not an exit:
  // the trips then run different ops, so the loop stays unrolled (each
  // trip's test a cond of its own).
  std::optional<std::pair<OperationName, Location>> landing;
  for (const LoopTrip &trip : trips) {
    if (!trip.last)
      continue;
    size_t at = trip.exitPos + afterExitOf(trip);
    Operation *next = at < trip.ops.size()
                          ? trip.ops[at]
                          : runs[trip.run].op()->getBlock()->getTerminator();
    std::pair<OperationName, Location> place{
        next->getName(), isa<pynative::OutputOp>(next)
                             ? Location(UnknownLoc::get(next->getContext()))
                             : next->getLoc()};
    if (landing && *landing != place)
      return false;
    landing = place;
  }

  // 3. Where each trip's operands come from: this trip, the previous trip of
  // the same run (loop-carried), or before the loop.
  llvm::DenseMap<Operation *, std::pair<unsigned, int64_t>> where;
  for (auto [t, trip] : llvm::enumerate(trips))
    for (auto [pos, op] : llvm::enumerate(trip.ops))
      where[op] = {(unsigned)t, (int64_t)pos};
  using Slot = std::pair<int64_t, unsigned>; // (defining position, result)
  llvm::StringMap<Value> loads;
  llvm::DenseMap<Attribute, Value> constants;
  auto sourceOf = [&](unsigned t, Value v) -> std::optional<UseSource> {
    const LoopTrip &trip = trips[t];
    if (isa_and_nonnull<pynative::GetParameterOp, pynative::ConstantOp>(
            v.getDefiningOp()))
      if (Value merged = runs[trip.run].mapping.lookupOrNull(v))
        return UseSource{UseSource::Outer, -1, 0, merged};
    if (auto param = v.getDefiningOp<pynative::GetParameterOp>()) {
      Value &load = loads[param.getName()];
      if (!load)
        load = ms::LoadOp::create(builder, param.getLoc(), param.getType(),
                                  param.getNameAttr());
      return UseSource{UseSource::Outer, -1, 0, load};
    }
    if (auto cst = v.getDefiningOp<pynative::ConstantOp>()) {
      Value &value = constants[cst.getValue()];
      if (!value)
        value = ms::ConstantOp::create(builder, cst.getLoc(), cst.getValue());
      return UseSource{UseSource::Outer, -1, 0, value};
    }
    if (Operation *def = v.getDefiningOp()) {
      auto it = where.find(def);
      if (it != where.end()) {
        auto [defTrip, defPos] = it->second;
        unsigned result = cast<OpResult>(v).getResultNumber();
        if (defTrip == t)
          return UseSource{UseSource::Internal, defPos, result, {}};
        if (trips[defTrip].run == trip.run &&
            trips[defTrip].index + 1 == trip.index)
          return UseSource{UseSource::Carried, defPos, result, {}};
        return std::nullopt; // from an older trip: not a simple carry
      }
    }
    Value merged = runs[trip.run].mapping.lookupOrNull(v);
    if (!merged)
      return std::nullopt;
    return UseSource{UseSource::Outer, -1, 0, merged};
  };
  // Use sites (position, operand) -> what they read from trips after the first.
  std::map<std::pair<int64_t, unsigned>, UseSource> useSites;
  std::map<Slot, Value> inits;
  SmallVector<Slot> slots;
  auto addSlot = [&](Slot slot) {
    if (!llvm::is_contained(slots, slot))
      slots.push_back(slot);
  };
  for (int pass = 0; pass < 2; ++pass)
    for (auto [t, trip] : llvm::enumerate(trips)) {
      // Pass 0 classifies from later trips, pass 1 takes initial values from
      // the first trips.
      if ((pass == 0) != (trip.index > 0))
        continue;
      int64_t end = trip.last ? trip.exitPos : trip.ops.size();
      for (int64_t pos = 0; pos < end; ++pos)
        for (auto [i, v] : llvm::enumerate(trip.ops[pos]->getOperands())) {
          std::optional<UseSource> src = sourceOf(t, v);
          if (!src)
            return false;
          auto key = std::make_pair(pos, (unsigned)i);
          auto known = useSites.find(key);
          if (pass == 0) {
            if (known == useSites.end()) {
              useSites[key] = *src;
              if (src->kind == UseSource::Carried)
                addSlot({src->pos, src->result});
              continue;
            }
            const UseSource &k = known->second;
            if (k.kind != src->kind || k.pos != src->pos ||
                k.result != src->result || k.outer != src->outer)
              return false;
            continue;
          }
          // First trip: a carried use site reads the slot's initial value.
          if (known == useSites.end()) {
            useSites[key] = *src;
            continue;
          }
          const UseSource &k = known->second;
          if (k.kind == UseSource::Carried) {
            if (src->kind != UseSource::Outer)
              return false;
            Value &init = inits[{k.pos, k.result}];
            if (init && init != src->outer)
              return false;
            init = src->outer;
          } else if (k.kind != src->kind || k.pos != src->pos ||
                     k.outer != src->outer) {
            return false;
          }
        }
    }

  // 4. Values the code after the loop reads from the last trip leave through
  // the loop results too.
  for (const LoopTrip &trip : trips) {
    if (!trip.last)
      continue;
    SmallVector<Operation *> after(
        trip.ops.begin() + trip.exitPos + afterExitOf(trip), trip.ops.end());
    after.push_back(runs[trip.run].op()->getBlock()->getTerminator());
    for (Operation *op : after)
      for (Value v : op->getOperands()) {
        Operation *def = v.getDefiningOp();
        auto it = def ? where.find(def) : where.end();
        if (it == where.end())
          continue;
        // Defined after the loop (the last trip's ops run on to the output).
        if (&trips[it->second.first] == &trip &&
            it->second.second >= trip.exitPos + afterExitOf(trip))
          continue;
        if (&trips[it->second.first] != &trip ||
            it->second.second >= trip.exitPos)
          return false;
        addSlot({it->second.second, cast<OpResult>(v).getResultNumber()});
      }
  }

  // 5. Build the loop: one trip of the body and its exit test per iteration.
  Location loc = headLoc;
  SmallVector<Value> initValues;
  SmallVector<Type> slotTypes;
  for (Slot slot : slots) {
    Type type = ref[slot.first]->getResult(slot.second).getType();
    slotTypes.push_back(type);
    Value init = inits.count(slot) ? inits[slot] : Value();
    if (!init) // only read after the loop: every trip defines it first
      init = ms::ConstantOp::create(
          builder, loc,
          DenseElementsAttr::get(
              cast<ShapedType>(type),
              builder.getZeroAttr(cast<ShapedType>(type).getElementType())));
    initValues.push_back(init);
  }
  // A counted loop carries its trip counter as the last state value.
  auto counterType = RankedTensorType::get({}, builder.getI64Type());
  if (counted || capped) {
    slotTypes.push_back(counterType);
    initValues.push_back(ms::ConstantOp::create(
        builder, loc, DenseElementsAttr::get(counterType, int64_t(0))));
  }
  auto loop = ms::WhileOp::create(builder, loc, slotTypes, initValues);
  SmallVector<Location> argLocs(slotTypes.size(), loc);
  {
    OpBuilder::InsertionGuard guard(builder);
    Block *after =
        builder.createBlock(&loop.getAfter(), {}, slotTypes, argLocs);
    ms::YieldOp::create(builder, loc, after->getArguments());
    Block *before =
        builder.createBlock(&loop.getBefore(), {}, slotTypes, argLocs);
    std::set<int64_t> exitPositions;
    for (const LoopTrip &trip : trips)
      if (trip.last)
        exitPositions.insert(trip.exitPos);
    // A test that every recorded run left at on the loop's last trip (trip
    // `end`) may be a `break` or a branch that merely fell on the last trip
    // (`if c: continue` then more work, the range running out after it): no
    // run showed what its exit side does on an earlier trip, so taking it
    // there is refused by a guard instead of leaving the loop early.
    int64_t end = counted ? *tripCount : maxTrips;
    std::set<int64_t> lastTripOnly = exitPositions;
    for (const LoopTrip &trip : trips)
      if (trip.last && (int64_t)trip.index + 1 != end)
        lastTripOnly.erase(trip.exitPos);
    SmallVector<SmallVector<Value>> values(ref.size());
    Value reached; // null: every exit test so far said "go on"
    for (auto [pos, op] : llvm::enumerate(ref)) {
      SmallVector<Value> operands;
      for (unsigned i = 0; i < op->getNumOperands(); ++i) {
        const UseSource &src = useSites[{(int64_t)pos, i}];
        if (src.kind == UseSource::Outer)
          operands.push_back(src.outer);
        else if (src.kind == UseSource::Internal)
          operands.push_back(values[src.pos][src.result]);
        else
          operands.push_back(before->getArgument(
              llvm::find(slots, Slot{src.pos, src.result}) - slots.begin()));
      }
      if (isa<pynative::LoopIterOp, pynative::CallOp>(op))
        continue;
      if (auto branch = dyn_cast<pynative::BranchOp>(op)) {
        if (cast<ShapedType>(operands[0].getType()).getNumElements() != 1)
          return branch.emitError("branch on a tensor of type ")
                 << operands[0].getType()
                 << ", which has no single truth value";
        if (!isMindSporeElementType(getElementTypeOrSelf(operands[0])))
          return branch.emitError("branch on a tensor of type ")
                 << operands[0].getType()
                 << ", whose element type no MindSpore primitive takes";
        Value goOn = boolPredicate(operands[0], branch.getLoc());
        if (!branch.getValue())
          goOn = ms::LogicalNotOp::create(builder, branch.getLoc(), goOn);
        if (exitPositions.count(pos) && lastTripOnly.count(pos) &&
            (counted || capped)) {
          // Exit side only on trip `end`: counter (trips done) >= end - 1.
          Value onLast = ms::GreaterEqualOp::create(
              builder, branch.getLoc(), before->getArguments().back(),
              ms::ConstantOp::create(
                  builder, branch.getLoc(),
                  DenseElementsAttr::get(counterType, end - 1)));
          emitGuard(
              ms::LogicalOrOp::create(builder, branch.getLoc(), goOn, onLast),
              "branch at " + sourceColumn(branch.getLoc()) + " took the " +
                  (branch.getValue() ? "false" : "true") +
                  " side, which no recorded run took before trip " +
                  std::to_string(end) +
                  " of its loop (they took it on the last trip "
                  "only); record a run that takes it earlier and "
                  "compile again",
              reached, branch.getLoc());
        }
        if (exitPositions.count(pos))
          reached = reached ? Value(ms::LogicalAndOp::create(
                                  builder, branch.getLoc(), reached, goOn))
                            : goOn;
        else
          emitGuard(goOn, unseenSideMessage(branch.getLoc(), branch.getValue()),
                    reached, branch.getLoc());
        continue;
      }
      if (auto read = dyn_cast<pynative::ScalarReadOp>(op)) {
        emitScalarReadGuard(read, operands[0], reached);
        continue;
      }
      if (failed(legalizeOne(op, operands, values[pos])))
        return failure();
    }
    SmallVector<Value> next;
    for (Slot slot : slots)
      next.push_back(values[slot.first][slot.second]);
    if (counted || capped) {
      Value trips = ms::AddOp::create(
          builder, loc, before->getArguments().back(),
          ms::ConstantOp::create(
              builder, loc, DenseElementsAttr::get(counterType, int64_t(1))));
      next.push_back(trips);
      Value below = ms::LessOp::create(
          builder, loc, trips,
          ms::ConstantOp::create(
              builder, loc,
              DenseElementsAttr::get(counterType,
                                     counted ? *tripCount : maxTrips)));
      if (counted) {
        // Ends after N trips or earlier at a test.
        reached =
            reached
                ? Value(ms::LogicalAndOp::create(builder, loc, reached, below))
                : below;
      } else {
        emitGuard(below,
                  "loop at " + sourceColumn(headLoc) + " went on after " +
                      std::to_string(maxTrips) +
                      " trips, more than any recorded run took, and no "
                      "recorded run showed where it ends (a `for` loop "
                      "running out or a `break`); record a run that takes "
                      "more trips and compile again",
                  reached, loc);
      }
    }
    ms::ConditionOp::create(builder, loc, reached, next);
  }

  // 6. Runs go on after their last trip's exit test, reading loop results.
  for (const LoopTrip &trip : trips) {
    if (!trip.last)
      continue;
    RunCursor &run = runs[trip.run];
    for (auto [s, slot] : llvm::enumerate(slots))
      if (slot.first < trip.exitPos)
        run.mapping.map(trip.ops[slot.first]->getResult(slot.second),
                        loop.getResult(s));
    run.next = std::next(
        Block::iterator(trip.ops[trip.exitPos + afterExitOf(trip) - 1]));
    // Parameter reads and constants a run made inside the loop may be read
    // after it: they are the same values outside.
    for (auto it = runs[trip.run].trace.getBody().front().begin();
         it != run.next; ++it)
      for (Value v : it->getResults())
        if (isa<pynative::GetParameterOp, pynative::ConstantOp>(*it) &&
            !run.mapping.contains(v)) {
          std::optional<UseSource> src = sourceOf(0, v);
          run.mapping.map(v, src->outer);
        }
  }
  return true;
}
