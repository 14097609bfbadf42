//===- VectorKernels.cpp - vector fusion groups to aicore kernels ---------===//
//
// A `mindspore.fusion "vector"` group becomes one aicore.kernel. The group's
// tensors are viewed as a 2-D iteration space [M, K] (flat [N] when nothing
// is broadcast), cut into tiles of whole rows; each tile is copied in (MTE2),
// computed on by Vector ops (V) and copied out (MTE3), with two UB buffers
// per queue so that the copies of one tile overlap the compute of the other.
// See docs/AICoreKernels.md for the rules.
//
//===----------------------------------------------------------------------===//
#include "PermutedTiles.h"
#include "WideRowKernels.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "MixKernelParts.h"

#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;
using mix::elementBytes;
using mix::elementOf;
using mix::numel;
using mix::shapeOf;
using mix::shapeText;

namespace {

/// How a value of the group maps onto the [M, K] iteration space.
enum class Role {
  Full,   ///< every element: a [rows, K] tile (a [rows] tile when flat)
  Row,    ///< varies along K only: [1, K], loaded once
  Column, ///< one value per row: [M, 1], a [rows, 1] tile
  Scalar, ///< one element, loaded once
  Splat,  ///< a splat constant (an immediate or a filled tile)
};

bool isVectorType(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isSignlessInteger(16) ||
         t.isSignlessInteger(32);
}
bool isFloat(Type t) { return t.isF16() || t.isBF16() || t.isF32(); }
bool isCastType(Type t) {
  return isVectorType(t) || t.isSignlessInteger(1) || t.isSignlessInteger(8) ||
         t.isSignlessInteger(64);
}


std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

bool isReduce(Operation *op) {
  return isa<ms::ReduceSumOp, ms::ReduceMaxOp, ms::ReduceMeanOp>(op);
}

/// The analysis of a group: the iteration space and each value's role.
class VectorGroup {
public:
  explicit VectorGroup(ms::FusionOp group) : group(group) {}

  LogicalResult analyze(std::string &why) {
    Block &body = group.getBody().front();
    auto yield = cast<ms::YieldOp>(body.getTerminator());
    if (yield.getValues().empty())
      return fail(why, "the group has no result");
    // N: the largest value of the group (a Gather's table is not in the
    // iteration space: only its gathered rows are).
    // A Split's input is not either: its results are column windows of it.
    for (Value v : body.getArguments())
      if (v.use_empty() || !llvm::all_of(v.getUsers(), [&](Operation *user) {
            auto gather = dyn_cast<ms::GatherOp>(user);
            return (gather && gather.getParams() == v) ||
                   isa<ms::SplitOp>(user);
          }))
        n = std::max(n, numel(v));
    for (Operation &op : body.without_terminator())
      if (!isa<ms::ConstantOp>(op))
        for (Value v : op.getResults())
          n = std::max(n, numel(v));
    if (n == 0)
      return fail(why, "the group's results are empty");
    // Only 0-d values (a computation on one number): the tiles are rows of
    // a [M, K] or [N] view, which a 0-d value does not have.
    auto zeroRank = [](Value v) {
      auto type = dyn_cast<RankedTensorType>(v.getType());
      return type && type.getRank() == 0;
    };
    if (llvm::all_of(body.getArguments(), zeroRank) &&
        llvm::all_of(body.without_terminator(), [&](Operation &op) {
          return isa<ms::ConstantOp>(op) || llvm::all_of(op.getResults(), zeroRank);
        }))
      return fail(why, "it computes on 0-d values only (no rows to tile)");
    // Nor elementwise work on a 0-d value before it is reshaped to rows
    // (all/any of a 0-d float tensor: Cast, then Reshape to [1]): such a
    // value has no tile (the builder dereferenced a missing buffer). Work
    // on what a reduction over the rows gave (a full sum divided by a
    // count, compared with a threshold) is the reduction's epilogue: it has
    // the reduction's tile.
    llvm::SmallPtrSet<Value, 8> reduced;
    for (Operation &op : body.without_terminator()) {
      bool fromReduce =
          isReduce(&op) ||
          llvm::all_of(op.getOperands(), [&](Value v) {
            return !zeroRank(v) || reduced.contains(v) ||
                   isa_and_nonnull<ms::ConstantOp>(v.getDefiningOp());
          }) && llvm::any_of(op.getOperands(),
                             [&](Value v) { return reduced.contains(v); });
      if (fromReduce)
        for (Value r : op.getResults())
          reduced.insert(r);
    }
    for (Operation &op : body.without_terminator())
      if (!ms::isViewOp(&op) && !isa<ms::ConstantOp>(op) && !isReduce(&op) &&
          llvm::any_of(op.getResults(), [&](Value v) {
            return zeroRank(v) && !reduced.contains(v);
          }))
        return fail(why, ("'" + op.getName().stripDialect() +
                          "' computes a 0-d value (no rows to tile)")
                             .str());
    // Or reads one through a view (a 0-d input reshaped to [1]).
    for (Operation &op : body.without_terminator())
      if (!ms::isViewOp(&op) && !isa<ms::ConstantOp>(op) &&
          llvm::any_of(op.getOperands(), [&](Value v) {
            return !zeroRank(v) && zeroRank(ms::viewSource(v));
          }))
        return fail(why, ("'" + op.getName().stripDialect() +
                          "' reads a 0-d value through a view (no rows to "
                          "tile)")
                             .str());

    for (Operation &op : body.without_terminator())
      if (failed(checkSupported(&op, why)))
        return failure();
    // A reduction over axes of one element ([1] summed to [1]) has a result
    // of the group's largest size, one per row and full-size at once: work
    // that reads it found no tile for it (the builder dereferenced a
    // missing broadcast buffer; `x.sum(0, keepdim=True) - 1` of a [1]).
    for (Operation &op : body.without_terminator())
      if (isReduce(&op) && numel(op.getResult(0)) == n &&
          llvm::any_of(op.getResult(0).getUsers(),
                       [](Operation *user) { return !isa<ms::YieldOp>(user); }))
        return fail(why, ("'" + op.getName().stripDialect() +
                          "' reduces axes of one element and other work reads "
                          "its result")
                             .str());

    // The iteration shape and the split axis: from reductions (over the
    // trailing axes), else from the ops broadcasting a small operand.
    std::optional<SmallVector<int64_t>> fixedShape;
    std::optional<int64_t> fixedSplit;
    auto fixShape = [&](ArrayRef<int64_t> s) -> LogicalResult {
      if (!fixedShape)
        fixedShape = SmallVector<int64_t>(s);
      else if (ArrayRef<int64_t>(*fixedShape) != s)
        return fail(why, "it broadcasts into two different shapes");
      return success();
    };
    for (Operation &op : body.without_terminator()) {
      if (auto split = dyn_cast<ms::SplitOp>(op)) {
        // Its results are windows of whole rows of its input: the view is
        // [rows before the axis, the result's axis and those after it].
        int64_t axis = split.getAxis();
        int64_t rank = shapeOf(split.getInput()).size();
        if (axis < 0)
          axis += rank;
        if (failed(fixShape(shapeOf(split.getOutputs()[0]))))
          return failure();
        auto rowsAt = [&](int64_t at) {
          int64_t rows = 1;
          for (int64_t d = 0; d < at; ++d)
            rows *= (*fixedShape)[d];
          return rows;
        };
        if (fixedSplit && rowsAt(*fixedSplit) != rowsAt(axis))
          return fail(why, "its split and reductions split the axes "
                           "differently");
        if (!fixedSplit)
          fixedSplit = axis;
        continue;
      }
      if (auto gather = dyn_cast<ms::GatherOp>(op)) {
        // Rows of the result [indices..., row...] are table rows: the view
        // is [number of indices, row size].
        if (numel(gather.getResult()) != n)
          return fail(why, "it gathers a value smaller than the group's "
                           "largest");
        if (failed(fixShape(shapeOf(gather.getResult()))))
          return failure();
        int64_t split = shapeOf(gather.getIndices()).size();
        auto rowsAt = [&](int64_t at) {
          int64_t rows = 1;
          for (int64_t d = 0; d < at; ++d)
            rows *= shapeOf(gather.getResult())[d];
          return rows;
        };
        if (fixedSplit && rowsAt(*fixedSplit) != rowsAt(split))
          return fail(why, "its gathers and reductions split the axes "
                           "differently");
        if (!fixedSplit)
          fixedSplit = split;
        continue;
      }
      if (isReduce(&op) || isa<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::LayerNormOp>(op)) {
        Value in = op.getOperand(0);
        if (numel(in) != n)
          return fail(why, "it reduces a value smaller than the group's "
                           "largest");
        if (failed(fixShape(shapeOf(in))))
          return failure();
        int64_t rank = shapeOf(in).size();
        int64_t k = 0;
        if (isa<ms::SoftmaxOp, ms::LogSoftmaxOp>(op)) {
          int64_t axis = op.getAttrOfType<IntegerAttr>("axis").getInt();
          if (axis < 0)
            axis += rank;
          if (axis != rank - 1)
            return fail(why, "its softmax is not over the last axis");
          k = rank - 1;
        } else if (auto norm = dyn_cast<ms::LayerNormOp>(op)) {
          k = norm.getBeginNormAxis();
          int64_t params = norm.getBeginParamsAxis();
          if (k < 0)
            k += rank;
          if (params < 0)
            params += rank;
          if (params != k)
            return fail(why, "its layer norm's parameters do not span the "
                             "normalized axes");
        } else {
          SmallVector<int64_t> axes;
          for (int64_t a :
               op.getAttrOfType<DenseI64ArrayAttr>("axis").asArrayRef())
            axes.push_back(a < 0 ? a + rank : a);
          if (axes.empty())
            for (int64_t a = 0; a < rank; ++a)
              axes.push_back(a);
          llvm::sort(axes);
          k = rank - axes.size();
          for (auto [i, a] : llvm::enumerate(axes))
            if (a != k + int64_t(i))
              return fail(why, "it reduces axes that are not the trailing "
                               "ones");
        }
        // Two splits with the same number of rows are the same view (they
        // differ by axes of size 1).
        auto rowsAt = [&](int64_t split) {
          int64_t rows = 1;
          for (int64_t d = 0; d < split; ++d)
            rows *= shapeOf(in)[d];
          return rows;
        };
        if (fixedSplit && rowsAt(*fixedSplit) != rowsAt(k))
          return fail(why, "its reductions split the axes differently");
        if (!fixedSplit)
          fixedSplit = k;
        continue;
      }
      if (ms::isViewOp(&op) || isa<ms::ConstantOp>(op) ||
          numel(op.getResult(0)) != n)
        continue;
      for (Value operand : broadcastOperands(&op))
        if (numel(operand) != n && !isSplatConstant(operand))
          if (failed(fixShape(shapeOf(op.getResult(0)))))
            return failure();
    }
    if (fixedShape) {
      shape = *fixedShape;
    } else {
      for (Value v : yield.getValues())
        if (numel(v) == n) {
          shape.assign(shapeOf(v).begin(), shapeOf(v).end());
          break;
        }
      if (shape.empty() && n != 1)
        return fail(why, "no result has the group's largest size");
    }

    // Small operands of full-size ops, with their shapes aligned to the
    // iteration shape.
    for (Operation &op : body.without_terminator()) {
      if (ms::isViewOp(&op) || isa<ms::ConstantOp, ms::SplitOp>(op) ||
          isReduce(&op) || numel(op.getResult(0)) != n)
        continue;
      for (Value v : broadcastOperands(&op)) {
        if (numel(v) == n && !isa<ms::BiasAddOp>(op))
          continue;
        if (isSplatConstant(v))
          continue;
        SmallVector<int64_t> b = alignedShape(&op, v);
        auto it = llvm::find_if(smallShapes,
                                [&](auto &entry) { return entry.first == v; });
        if (it == smallShapes.end())
          smallShapes.push_back({v, b});
        else if (it->second != b)
          return fail(why, "an input broadcasts in two ways");
      }
    }

    int64_t rank = shape.size();
    std::optional<int64_t> split = fixedSplit;
    rowsFixed = fixedSplit.has_value();
    auto fits = [&](int64_t k) {
      for (auto &[value, bshape] : smallShapes)
        if (!classify(bshape, k))
          return false;
      return true;
    };
    if (split && !fits(*split))
      split.reset();
    for (int64_t k = 0; k <= rank && !split && !fixedSplit; ++k)
      if (fits(k))
        split = k;
    if (!split) {
      // Columns that repeat every P rows ([1, C, 1, 1] over [N, C, H, W]).
      allowPeriodic = true;
      split = fixedSplit;
      if (split && !fits(*split))
        split.reset();
      for (int64_t k = 0; k <= rank && !split && !fixedSplit; ++k)
        if (fits(k))
          split = k;
    }
    if (!split)
      return fail(why, "a broadcast into " + shapeText(shape) +
                           " is neither a row, a column nor a scalar of one "
                           "2-D view");
    m = 1;
    for (int64_t d = 0; d < *split; ++d)
      m *= shape[d];
    k = m ? n / m : 0;
    flat = !fixedSplit;
    for (auto &[value, bshape] : smallShapes) {
      Role role = *classify(bshape, *split);
      flat &= role != Role::Row && role != Role::Column;
    }
    if (flat) {
      m = n;
      k = 1;
    }
    for (auto &[value, bshape] : smallShapes)
      if (!flat && classify(bshape, *split) == Role::Column)
        if (int64_t p = columnPeriod(bshape, *split); p < m)
          periods[ms::viewSource(value)] = p;

    // Roles of every value (by its root through views).
    for (Value arg : body.getArguments())
      if (numel(arg) == n)
        roles[arg] = Role::Full;
    for (auto &[value, bshape] : smallShapes) {
      Role role = flat ? Role::Scalar : *classify(bshape, *split);
      Value root = ms::viewSource(value);
      auto [it, inserted] = roles.try_emplace(root, role);
      if (!inserted && it->second != role)
        return fail(why, "a value is used both as a row and as a column");
    }
    // Gathers: the table is loaded whole (no role), the indices are a column.
    for (Operation &op : body.without_terminator()) {
      auto gather = dyn_cast<ms::GatherOp>(op);
      if (!gather)
        continue;
      Value table = ms::viewSource(gather.getParams());
      if (llvm::any_of(table.getUsers(), [](Operation *user) {
            return !isa<ms::GatherOp>(user) && !ms::isViewOp(user);
          }) ||
          llvm::any_of(gather.getParams().getUsers(), [&](Operation *user) {
            return user != gather;
          }))
        return fail(why, "its Gather table is also used otherwise");
      roles.erase(table);
      Value indices = ms::viewSource(gather.getIndices());
      auto [it, inserted] = roles.try_emplace(indices, Role::Column);
      if (it->second != Role::Column)
        return fail(why, "its Gather indices are also used otherwise");
    }
    // Rows and scalars computed in the group before they are broadcast (e.g.
    // `x + (b + 1)` with b of shape [K]): computed once, before the tiles,
    // from rows (scalars) of the same size and splat constants.
    for (Operation &op : llvm::reverse(body.without_terminator())) {
      if (ms::isViewOp(&op) || isa<ms::ConstantOp>(op) || isReduce(&op) ||
          op.getNumResults() != 1)
        continue;
      Value result = op.getResult(0);
      auto it = roles.find(result);
      if (it == roles.end() ||
          (it->second != Role::Row && it->second != Role::Scalar))
        continue;
      Role role = it->second;
      if (isa<ms::BroadcastToOp, ms::BiasAddOp, ms::SoftmaxOp,
              ms::LogSoftmaxOp, ms::LayerNormOp>(op))
        return fail(why, ("'" + op.getName().stripDialect() +
                          "' on a row or a scalar before its broadcast has "
                          "no Vector kernel mapping")
                             .str());
      for (Value operand : op.getOperands()) {
        if (isSplatConstant(operand))
          continue;
        if (numel(operand) != numel(result))
          return fail(why, ("'" + op.getName().stripDialect() +
                            "' computes a row or a scalar from a value of "
                            "another size")
                               .str());
        auto [known, inserted] =
            roles.try_emplace(ms::viewSource(operand), role);
        if (known->second != role)
          return fail(why, "a value is used both as a row (or a scalar) and "
                           "otherwise");
      }
      onceOps.insert(&op);
    }
    for (Operation &op : body.without_terminator()) {
      if (onceOps.count(&op))
        continue;
      if (ms::isViewOp(&op))
        continue;
      if (isa<ms::ConstantOp>(op)) {
        roles[op.getResult(0)] = Role::Splat;
        continue;
      }
      if (isa<ms::SplitOp>(op)) {
        // Each result streams from its window of the input.
        for (Value result : op.getResults())
          if (!result.use_empty())
            roles[result] = Role::Full;
        continue;
      }
      Value result = op.getResult(0);
      if (!isReduce(&op) && numel(result) == n) {
        roles[result] = Role::Full;
        continue;
      }
      // A value per row: a reduction, or elementwise work on such values.
      if (flat || numel(result) != m)
        return fail(why, ("'" + op.getName().stripDialect() +
                          "' computes a value smaller than the group's "
                          "largest that is not one per row")
                             .str());
      if (!isReduce(&op)) {
        for (Value operand : op.getOperands()) {
          Value root = ms::viewSource(operand);
          if (isSplatConstant(operand))
            continue;
          if (numel(operand) != m)
            return fail(why, ("'" + op.getName().stripDialect() +
                              "' mixes per-row values with others")
                                 .str());
          auto [it, inserted] = roles.try_emplace(root, Role::Column);
          if (it->second != Role::Column)
            return fail(why, "a value is used both per row and otherwise");
        }
      }
      auto [it, inserted] = roles.try_emplace(result, Role::Column);
      if (it->second != Role::Column)
        return fail(why, "a per-row value is broadcast as a row");
    }
    for (Value r : yield.getValues()) {
      Operation *producer = computeProducer(r);
      if (!producer)
        return fail(why, "a result is not computed by the group");
      Role role = roles.lookup(ms::viewSource(r));
      if (role != Role::Full && role != Role::Column)
        return fail(why, "a result is neither full-size nor one per row");
      // A value returned twice (or with a reshape) is copied out of one tile
      // into each result.
      outputOf.try_emplace(producer, outputs.size());
      outputs.push_back(r);
    }
    return success();
  }


  static bool isSplatConstant(Value v) {
    return static_cast<bool>(ms::viewSource(v).getDefiningOp<ms::ConstantOp>());
  }

  /// The operands of `op` that broadcast to its result (small ones allowed).
  static SmallVector<Value> broadcastOperands(Operation *op) {
    if (isa<ms::GatherOp>(op))
      return {}; // a table and indices, not broadcast
    if (isa<ms::BroadcastToOp>(op))
      return {op->getOperand(0)};
    if (isa<ms::BiasAddOp>(op))
      return {op->getOperand(1)};
    return llvm::to_vector(op->getOperands());
  }

  /// The op computing `v` (through views), or null for a block argument, a
  /// constant or a broadcast.
  Operation *computeProducer(Value v) {
    Operation *def = ms::viewSource(v).getDefiningOp();
    if (!def || isa<ms::ConstantOp, ms::BroadcastToOp>(def))
      return nullptr;
    return def;
  }


  Role roleOf(Value v) { return roles.lookup(ms::viewSource(v)); }

  /// The broadcast shape of small operand `v` used by `op`, left-padded to
  /// the iteration rank.
  SmallVector<int64_t> alignedShape(Operation *op, Value v) {
    SmallVector<int64_t> s;
    auto type = cast<RankedTensorType>(v.getType());
    if (isa<ms::BiasAddOp>(op) && v == op->getOperand(1)) {
      // [C] along dimension 1 of x.
      s.assign(shape.size(), 1);
      if (shape.size() >= 2)
        s[1] = type.getDimSize(0);
      return s;
    }
    s.assign(shape.size() - std::min<size_t>(shape.size(), type.getRank()), 1);
    s.append(type.getShape().begin(), type.getShape().end());
    return s;
  }

  std::optional<Role> classify(ArrayRef<int64_t> b, int64_t split) {
    if (b.size() != shape.size())
      return std::nullopt;
    // With one row (M = 1) a one-element value is a scalar and a column
    // alike; where rows are fixed by a reduction (an RMSNorm on [1, C]: its
    // mean is one value per row) it is the column, as at any other M.
    if (llvm::all_of(b, [](int64_t d) { return d == 1; }) &&
        !(rowsFixed && llvm::all_of(ArrayRef<int64_t>(shape).take_front(split),
                                    [](int64_t d) { return d == 1; })))
      return Role::Scalar;
    bool row = true, column = true;
    for (size_t d = 0; d < b.size(); ++d) {
      bool same = b[d] == shape[d], one = b[d] == 1;
      if (int64_t(d) < split) {
        row &= one;
        column &= same;
      } else {
        row &= same;
        column &= one;
      }
    }
    if (row)
      return Role::Row;
    if (column)
      return Role::Column;
    if (allowPeriodic && columnPeriod(b, split))
      return Role::Column;
    return std::nullopt;
  }

  /// For `b`, 1 on the axes before some j, the iteration shape's on the axes
  /// [j, split) and 1 from `split` on: a column whose values repeat every
  /// P = product of shape[j:split] rows; returns P (M for a plain column),
  /// or 0 when `b` is no such column.
  int64_t columnPeriod(ArrayRef<int64_t> b, int64_t split) {
    for (int64_t d = split; d < int64_t(b.size()); ++d)
      if (b[d] != 1)
        return 0;
    for (int64_t j = 0; j <= split; ++j) {
      bool ok = true;
      int64_t period = 1;
      for (int64_t d = 0; d < split; ++d) {
        ok &= d < j ? b[d] == 1 : b[d] == shape[d];
        if (d >= j)
          period *= shape[d];
      }
      if (ok)
        return period;
    }
    return 0;
  }

  /// Checks that the kernel can compute `op`.
  LogicalResult checkSupported(Operation *op, std::string &why) {
    StringRef name = op->getName().stripDialect();
    if (ms::isViewOp(op))
      return success();
    if (auto c = dyn_cast<ms::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
      if (!dense || !dense.isSplat())
        return fail(why, "it holds a constant that is not a splat");
      return success();
    }
    if (auto split = dyn_cast<ms::SplitOp>(op)) {
      // Column windows of a group input, each loaded per tile by a strided
      // copy (docs/AICoreKernels.md "Splits feeding elementwise work").
      if (!isa<BlockArgument>(split.getInput()))
        return fail(why, "its Split cuts a value computed in the group");
      if (!llvm::all_of(split.getInput().getUsers(),
                        [](Operation *user) { return isa<ms::SplitOp>(user); }))
        return fail(why, "its Split's input is also used otherwise");
      // Directly or through views (unbind: Split, then Squeeze each piece):
      // a result streams into UB and is never written back by itself.
      auto yield = cast<ms::YieldOp>(op->getBlock()->getTerminator());
      if (llvm::any_of(yield.getValues(), [&](Value v) {
            return ms::viewSource(v).getDefiningOp() == op;
          }))
        return fail(why, "its Split's result is a result of the group");
      if (numel(split.getOutputs()[0]) != n)
        return fail(why, "its Split's results are smaller than the group's "
                         "largest value");
      return success();
    }
    if (auto gather = dyn_cast<ms::GatherOp>(op)) {
      // Rows of a group input gathered into UB (aicore.vgather).
      int64_t axis = gather.getAxis();
      if (axis < 0)
        axis += shapeOf(gather.getParams()).size();
      if (axis != 0)
        return fail(why, "its Gather picks along an axis other than the "
                         "first");
      Value table = ms::viewSource(gather.getParams());
      Value indices = ms::viewSource(gather.getIndices());
      if (!isa<BlockArgument>(table) || !isa<BlockArgument>(indices))
        return fail(why, "its Gather reads a table or indices computed in "
                         "the group");
      if (!isVectorType(elementOf(gather.getParams())))
        return fail(why, "'gather' on " + typeText(elementOf(table)) +
                             " has no Vector instruction");
      return success();
    }
    bool supported =
        isa<ms::AddOp, ms::SubOp, ms::MulOp, ms::RealDivOp, ms::MaximumOp,
            ms::MinimumOp, ms::GreaterOp, ms::EqualOp, ms::NotEqualOp,
            ms::LessOp, ms::LessEqualOp, ms::GreaterEqualOp, ms::LogicalAndOp,
            ms::LogicalOrOp, ms::LogicalNotOp, ms::ReLUOp, ms::ReLU6Op,
            ms::ExpOp, ms::LogOp, ms::SqrtOp, ms::RsqrtOp, ms::TanhOp,
            ms::SigmoidOp, ms::SiLUOp, ms::NegOp, ms::AbsOp, ms::SelectOp,
            ms::SinOp, ms::CosOp, ms::ErfOp, ms::GeLUOp, ms::CastOp,
            ms::BiasAddOp, ms::BroadcastToOp, ms::MaskedFillOp, ms::ReduceSumOp,
            ms::ReduceMaxOp, ms::ReduceMeanOp, ms::SoftmaxOp, ms::LogSoftmaxOp,
            ms::LayerNormOp>(op);
    if (!supported)
      return fail(why,
                  ("'" + name + "' has no Vector kernel mapping yet").str());
    for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
      Type t = elementOf(v);
      bool ok = isa<ms::CastOp>(op) ? isCastType(t)
                                    : isVectorType(t) || t.isInteger(1);
      if (isa<ms::RealDivOp, ms::ExpOp, ms::LogOp, ms::SqrtOp, ms::RsqrtOp,
              ms::TanhOp, ms::SigmoidOp, ms::SiLUOp, ms::ReLU6Op, ms::SinOp,
              ms::CosOp, ms::ErfOp, ms::GeLUOp, ms::SoftmaxOp,
              ms::LogSoftmaxOp, ms::ReduceMeanOp, ms::LayerNormOp>(op))
        ok = isFloat(t);
      if (!ok)
        return fail(why, ("'" + name + "' on " + typeText(t) +
                          " has no Vector instruction")
                             .str());
    }
    return success();
  }

  LogicalResult fail(std::string &why, StringRef text) {
    why = text.str();
    return failure();
  }

  ms::FusionOp group;
  int64_t n = 0;
  SmallVector<int64_t> shape;
  bool flat = true;
  int64_t m = 0, k = 0;
  /// Small operands of full-size ops and their aligned shapes.
  SmallVector<std::pair<Value, SmallVector<int64_t>>> smallShapes;
  llvm::DenseMap<Value, Role> roles;
  SmallVector<Value> outputs;
  llvm::DenseMap<Operation *, unsigned> outputOf;
  /// Ops computing a row or a scalar before its broadcast: run once, before
  /// the tiles, on [1, K] ([1, 1], or [1] when flat) buffers.
  llvm::DenseSet<Operation *> onceOps;
  /// Input columns whose values repeat every P rows (by root): row r reads
  /// element r mod P of a [P, 1] view; tiles then have a number of rows that
  /// divides every P.
  llvm::DenseMap<Value, int64_t> periods;
  bool allowPeriodic = false;
  /// Whether a reduction, gather or split fixed the split axis.
  bool rowsFixed = false;
};

/// Tile counts of one kernel.
struct VectorTiling {
  int64_t rows;         ///< rows of [M, K] per tile (elements when flat)
  int64_t blockDim;     ///< cores
  int64_t tilesPerCore; ///< tiles of every core but the last
  int64_t numTiles;
};

/// Deals `units` units of work to at most `maxCores` cores in equal runs:
/// (units per core, cores used); the last core may get fewer.
std::pair<int64_t, int64_t> splitOverCores(int64_t units, int64_t maxCores) {
  int64_t perCore = llvm::divideCeil(units, std::min(maxCores, units));
  return {perCore, llvm::divideCeil(units, perCore)};
}

VectorTiling makeTiling(int64_t m, int64_t rows, int64_t maxCores) {
  VectorTiling t;
  t.rows = rows;
  t.numTiles = llvm::divideCeil(m, rows);
  std::tie(t.tilesPerCore, t.blockDim) = splitOverCores(t.numTiles, maxCores);
  return t;
}

/// Builds the kernel of an analyzed group for one tiling.
class VectorKernelBuilder {
public:
  VectorKernelBuilder(VectorGroup &g, const VectorTiling &t,
                      const AICoreTarget &target)
      : g(g), t(t), target(target), b(g.group.getContext()),
        loc(g.group.getLoc()) {}

  KernelOp build(StringRef name) {
    SmallVector<Type> argTypes;
    for (Value v : g.group.getInputs())
      argTypes.push_back(getGMType(cast<RankedTensorType>(v.getType())));
    for (Type r : g.group.getResultTypes())
      argTypes.push_back(getGMType(cast<RankedTensorType>(r)));
    kernel = KernelOp::create(b, loc, name, b.getFunctionType(argTypes, {}),
                              t.blockDim);
    if (StringRef(target.name) != getDefaultTarget().name)
      kernel.setChip(target.name);
    Block &entry = kernel.getBody().front();
    b.setInsertionPointToStart(&entry);
    Block &body = g.group.getBody().front();

    // Inputs: full-size ones and columns stream per tile, rows and scalars
    // are loaded once.
    for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
      if (arg.use_empty() || !g.roles.count(arg))
        continue;
      Role role = g.roles.lookup(arg);
      Type elt = elementOf(arg);
      std::string base = ("in" + Twine(i)).str();
      Value gmArg = entry.getArgument(i);
      if (role == Role::Full) {
        inputs.push_back({arg, view(gmArg, tileSpaceShape()),
                          pingPong(elt, tileShape(), base)});
      } else if (role == Role::Column) {
        // A periodic column streams from its [P, 1] view (row mod P).
        int64_t period = g.periods.lookup(arg);
        inputs.push_back({arg, view(gmArg, {period ? period : g.m, 1}),
                          pingPong(elt, columnShape(), base), period});
      } else {
        SmallVector<int64_t> smallShape = role == Role::Row
                                              ? SmallVector<int64_t>{1, g.k}
                                          : g.flat ? SmallVector<int64_t>{1}
                                                   : SmallVector<int64_t>{1, 1};
        once.push_back({arg, view(gmArg, smallShape),
                        alloc(smallShape, elt, base + ".once")});
      }
    }
    // Split results: result j of p is the column window [j K, (j + 1) K)
    // of its input viewed as [M, p K], loaded per tile by a strided copy.
    for (Operation &op : body.without_terminator()) {
      auto split = dyn_cast<ms::SplitOp>(op);
      if (!split)
        continue;
      auto arg = cast<BlockArgument>(split.getInput());
      int64_t parts = split.getOutputs().size();
      Value whole = view(entry.getArgument(arg.getArgNumber()),
                         {g.m, parts * g.k});
      for (auto [j, result] : llvm::enumerate(split.getOutputs())) {
        if (result.use_empty())
          continue;
        Value window = memref::SubViewOp::create(
            b, loc, whole,
            ArrayRef<OpFoldResult>{b.getIndexAttr(0),
                                   b.getIndexAttr(int64_t(j) * g.k)},
            ArrayRef<OpFoldResult>{b.getIndexAttr(g.m), b.getIndexAttr(g.k)},
            ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
        inputs.push_back(
            {result, window,
             pingPong(elementOf(result), tileShape(),
                      ("in" + Twine(arg.getArgNumber()) + "." + Twine(j))
                          .str())});
      }
    }
    for (auto [r, value] : llvm::enumerate(g.outputs)) {
      bool column = g.roleOf(value) == Role::Column;
      Value gmArg = entry.getArgument(body.getNumArguments() + r);
      unsigned first = g.outputOf.lookup(g.computeProducer(value));
      outs.push_back({value,
                      view(gmArg, column ? SmallVector<int64_t>{g.m, 1}
                                         : tileSpaceShape()),
                      first != r
                          ? outs[first].slots
                          : pingPong(elementOf(value),
                                     column ? columnShape() : tileShape(),
                                     ("out" + Twine(r)).str())});
    }
    // Gathers: the table whole in UB (loaded once), the byte offsets of a
    // row's columns (once), and per tile the indices as i32 byte offsets.
    for (Operation &op : body.without_terminator()) {
      auto gather = dyn_cast<ms::GatherOp>(op);
      if (!gather)
        continue;
      auto table = cast<BlockArgument>(ms::viewSource(gather.getParams()));
      int64_t rowsOfTable = shapeOf(gather.getParams())[0];
      Type elt = elementOf(table);
      Type i32 = b.getI32Type();
      std::string base = ("gather" + Twine(gathers.size())).str();
      GatherBuffers gb;
      gb.table = alloc({rowsOfTable, g.k}, elt, base + ".table");
      once.push_back({table, view(entry.getArgument(table.getArgNumber()),
                                  {rowsOfTable, g.k}),
                      gb.table});
      gb.rows = rowsOfTable;
      gb.columns = alloc({1, g.k}, i32, base + ".columns");
      gb.columnTile = alloc(tileShape(), i32, base + ".column_tile");
      gb.zero = alloc(columnShape(), i32, base + ".zero");
      gb.index = alloc(columnShape(), i32, base + ".index");
      gb.negative = alloc(columnShape(), b.getI1Type(), base + ".negative");
      gb.wrapped = alloc(columnShape(), i32, base + ".wrapped");
      gb.offsets = alloc(tileShape(), i32, base + ".offsets");
      gathers[&op] = gb;
    }
    // Broadcast tiles of the small values full-size ops read.
    for (auto &[value, bshape] : g.smallShapes) {
      Value root = ms::viewSource(value);
      if (!broadcasts.count(root))
        broadcasts[root] = alloc(tileShape(), elementOf(value),
                                 ("bcast" + Twine(broadcasts.size())).str());
    }
    // Splat constants an op cannot take as an immediate: a filled tile.
    for (Operation &op : body.without_terminator())
      for (auto [i, operand] : llvm::enumerate(op.getOperands()))
        if (VectorGroup::isSplatConstant(operand) && !hasImmediateForm(&op, i)) {
          if (g.onceOps.count(&op))
            (void)onceSplat(operand, onceShape(op.getResult(0)));
          else
            (void)splatTile(operand, isColumnOp(&op));
        }
    // Intermediates: one tile per value computed in the group.
    for (Operation &op : body.without_terminator()) {
      if (ms::isViewOp(&op) ||
          isa<ms::ConstantOp, ms::BroadcastToOp, ms::SplitOp>(op))
        continue;
      Value result = op.getResult(0);
      if (g.onceOps.count(&op)) {
        temps[result] = alloc(onceShape(result), elementOf(result),
                              ("once" + Twine(temps.size())).str());
        continue;
      }
      bool column = g.roleOf(result) == Role::Column;
      if (!g.outputOf.count(&op))
        temps[result] =
            alloc(column ? columnShape() : tileShape(), elementOf(result),
                  ("t" + Twine(temps.size())).str());
      if (isa<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::LayerNormOp>(op)) {
        Type elt = elementOf(result);
        std::string base =
            (op.getName().stripDialect() + Twine(scratch.size())).str();
        scratch[&op] = {alloc(columnShape(), elt, base + ".rows"),
                        alloc(tileShape(), elt, base + ".bcast")};
      }
    }

    blockIndex = t.blockDim > 1
                     ? Value(BlockIdxOp::create(b, loc, b.getIndexType()))
                     : Value(constant(0));
    // Buffers start free.
    for (int64_t s = 0; s < 2; ++s) {
      SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, s);
      SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, s);
    }
    buildOnce();
    int64_t lastCount = t.numTiles - (t.blockDim - 1) * t.tilesPerCore;
    int64_t partial = g.m % t.rows;
    if (lastCount == t.tilesPerCore && partial == 0) {
      buildCore(t.tilesPerCore, 0);
    } else {
      Value isLast =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, blockIndex,
                                constant(t.blockDim - 1));
      auto branch = scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(branch.thenBlock()->getTerminator());
      buildCore(lastCount, partial);
      b.setInsertionPoint(branch.elseBlock()->getTerminator());
      buildCore(t.tilesPerCore, 0);
    }
    for (int64_t s = 0; s < 2; ++s) {
      WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, s);
      WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, s);
    }
    ReturnOp::create(b, loc);
    return kernel;
  }

private:
  struct Stream {
    Value value; ///< the group value
    Value gm;    ///< its GM view in the iteration space
    std::array<Value, 2> slots;
    int64_t period = 0; ///< P of a periodic column, else 0
  };
  struct Once {
    Value value, gm, buffer;
  };
  /// The UB buffers of one Gather.
  struct GatherBuffers {
    int64_t rows = 0; ///< rows of the table
    Value table, columns, columnTile, zero, index, negative, wrapped, offsets;
  };

  bool isSplat(Value v) { return VectorGroup::isSplatConstant(v); }

  /// An op computing one value per row (on [rows, 1] tiles).
  bool isColumnOp(Operation *op) {
    return op->getNumResults() && !isReduce(op) &&
           g.roleOf(op->getResult(0)) == Role::Column;
  }

  /// Whether operand `i` of `op`, a splat, becomes an immediate (vadds,
  /// vmuls, vmaxs, vmins).
  bool hasImmediateForm(Operation *op, unsigned i) {
    return vectorOpTakesImmediate(op, i);
  }

  SmallVector<int64_t> tileSpaceShape() {
    return g.flat ? SmallVector<int64_t>{g.n} : SmallVector<int64_t>{g.m, g.k};
  }
  SmallVector<int64_t> tileShape() {
    return g.flat ? SmallVector<int64_t>{t.rows}
                  : SmallVector<int64_t>{t.rows, g.k};
  }

  Value constant(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }

  Value alloc(ArrayRef<int64_t> shape, Type elt, StringRef name) {
    auto type = MemRefType::get(
        shape, elt, MemRefLayoutAttrInterface{},
        AddressSpaceAttr::get(b.getContext(), AddressSpace::UB));
    auto op = AllocOp::create(b, loc, type);
    op->setAttr(kBufferNameAttr, b.getStringAttr(name));
    return op;
  }

  std::array<Value, 2> pingPong(Type elt, ArrayRef<int64_t> shape,
                                StringRef name) {
    return {alloc(shape, elt, (name + ".ping").str()),
            alloc(shape, elt, (name + ".pong").str())};
  }

  /// `gm` (a kernel argument) viewed with `shape` (same element count).
  Value view(Value gm, ArrayRef<int64_t> shape) {
    auto type = cast<MemRefType>(gm.getType());
    if (type.getShape() == shape)
      return gm;
    Value v = gm;
    if (type.getRank() == 0) {
      v = memref::ExpandShapeOp::create(
          b, loc,
          MemRefType::get({1}, type.getElementType(),
                          MemRefLayoutAttrInterface{}, type.getMemorySpace()),
          v, ArrayRef<ReassociationIndices>{});
    } else if (type.getRank() > 1) {
      ReassociationIndices all;
      for (int64_t d = 0; d < type.getRank(); ++d)
        all.push_back(d);
      v = memref::CollapseShapeOp::create(b, loc, v,
                                          ArrayRef<ReassociationIndices>{all});
    }
    if (shape.size() == 2)
      v = memref::ExpandShapeOp::create(
          b, loc,
          MemRefType::get(shape, type.getElementType(),
                          MemRefLayoutAttrInterface{}, type.getMemorySpace()),
          v, ArrayRef<ReassociationIndices>{{0, 1}});
    return v;
  }

  /// The first `rows` rows of tile buffer `buffer`.
  Value rowsOf(Value buffer, int64_t rows) {
    auto type = cast<MemRefType>(buffer.getType());
    if (type.getDimSize(0) == rows)
      return buffer;
    SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(rows)};
    if (type.getRank() == 2)
      sizes.push_back(b.getIndexAttr(type.getDimSize(1)));
    SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
    return memref::SubViewOp::create(b, loc, buffer, offsets, sizes, strides);
  }

  /// Rows [row, row + rows) of the GM view `gm` ([M, K], [M, 1] or [N]).
  Value gmRows(Value gm, Value row, int64_t rows) {
    auto type = cast<MemRefType>(gm.getType());
    SmallVector<OpFoldResult> offsets{row};
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(rows)};
    if (type.getRank() == 2) {
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(b.getIndexAttr(type.getDimSize(1)));
    }
    SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
    return memref::SubViewOp::create(b, loc, gm, offsets, sizes, strides);
  }

  SmallVector<int64_t> columnShape() { return {t.rows, 1}; }

  /// The buffer shape of a row or scalar computed once.
  SmallVector<int64_t> onceShape(Value v) {
    if (g.roleOf(v) == Role::Row)
      return {1, g.k};
    return g.flat ? SmallVector<int64_t>{1} : SmallVector<int64_t>{1, 1};
  }

  /// A splat filled into a buffer of `shape` for an op computed once.
  Value onceSplat(Value value, ArrayRef<int64_t> shape) {
    Value &tile = splatTiles[{ms::viewSource(value), shape.size() == 2 &&
                                                             shape[1] != 1
                                                         ? 2u
                                                         : 3u}];
    if (!tile) {
      tile = alloc(shape, elementOf(value),
                   ("splat" + Twine(splatTiles.size())).str());
      splats.push_back({tile, splatValue(value)});
    }
    return tile;
  }

  Value splatTile(Value value, bool column) {
    Value &tile = splatTiles[{ms::viewSource(value), column ? 1u : 0u}];
    if (!tile) {
      tile = alloc(column ? columnShape() : tileShape(), elementOf(value),
                   ("splat" + Twine(splatTiles.size())).str());
      splats.push_back({tile, splatValue(value)});
    }
    return tile;
  }

  TypedAttr splatValue(Value value) {
    auto c = ms::viewSource(value).getDefiningOp<ms::ConstantOp>();
    return cast<DenseElementsAttr>(c.getValue()).getSplatValue<TypedAttr>();
  }

  /// Loads rows and scalars once, before the tiles, broadcasts them and
  /// fills the constant tiles.
  void buildOnce() {
    for (Once &o : once)
      CopyOp::create(b, loc, o.gm, o.buffer);
    if (!once.empty()) {
      SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, 2);
      WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, 2);
    }
    for (auto &[tile, value] : splats)
      VDupOp::create(b, loc, tile, value);
    // Gathers: each column's byte offset in a table row, on every row of a
    // tile; zeros to find negative indices.
    for (auto &[op, gb] : gathers) {
      Type i32 = b.getI32Type();
      int64_t bytes = elementBytes(elementOf(op->getResult(0)));
      VArangeOp::create(b, loc, gb.columns, b.getIntegerAttr(i32, 0),
                        b.getIntegerAttr(i32, bytes));
      VBroadcastOp::create(b, loc, gb.columns, gb.columnTile);
      VDupOp::create(b, loc, gb.zero, b.getIntegerAttr(i32, 0));
    }
    // Rows and scalars computed in the group, once.
    if (!g.onceOps.empty()) {
      emittingOnce = true;
      rows = 1;
      current.clear();
      for (Once &o : once)
        current[o.value] = o.buffer;
      for (Operation &op : g.group.getBody().front().without_terminator())
        if (g.onceOps.count(&op)) {
          onceResultShape = onceShape(op.getResult(0));
          emit(&op, 0);
        }
      emittingOnce = false;
    }
    for (Once &o : once)
      if (Value full = broadcasts.lookup(o.value))
        VBroadcastOp::create(b, loc, o.buffer, full);
    for (Operation &op : g.group.getBody().front().without_terminator())
      if (g.onceOps.count(&op))
        if (Value full = broadcasts.lookup(op.getResult(0)))
          VBroadcastOp::create(b, loc, temps.lookup(op.getResult(0)), full);
  }

  /// The tiles of one core: `count` tiles, the last one `partial` rows when
  /// `partial` is not 0.
  void buildCore(int64_t count, int64_t partial) {
    Value first =
        arith::MulIOp::create(b, loc, blockIndex, constant(t.tilesPerCore));
    auto rowOf = [&](Value tile) {
      Value index = arith::AddIOp::create(b, loc, first, tile);
      return arith::MulIOp::create(b, loc, index, constant(t.rows)).getResult();
    };
    int64_t full = count - (partial ? 1 : 0);
    int64_t pairs = full / 2;
    if (pairs == 1) {
      buildTile(rowOf(constant(0)), 0, t.rows);
      buildTile(rowOf(constant(1)), 1, t.rows);
    } else if (pairs > 1) {
      auto loop = scf::ForOp::create(b, loc, constant(0), constant(2 * pairs),
                                     constant(2));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      Value j = loop.getInductionVar();
      buildTile(rowOf(j), 0, t.rows);
      Value j1 = arith::AddIOp::create(b, loc, j, constant(1));
      buildTile(rowOf(j1), 1, t.rows);
    }
    if (full % 2)
      buildTile(rowOf(constant(full - 1)), 0, t.rows);
    if (partial)
      buildTile(rowOf(constant(full)), full % 2, partial);
  }

  /// CopyIn, compute and CopyOut of one tile in buffer slot `slot`.
  void buildTile(Value row, int64_t slot, int64_t rows) {
    // CopyIn (MTE2).
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, slot);
    for (Stream &in : inputs)
      CopyOp::create(b, loc,
                     gmRows(in.gm,
                            in.period ? arith::RemUIOp::create(
                                            b, loc, row, constant(in.period))
                                            .getResult()
                                      : row,
                            rows),
                     rowsOf(in.slots[slot], rows));
    SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, slot);

    // Compute (V).
    WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, slot);
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, slot);
    current.clear();
    broadcastDone.clear();
    this->rows = rows;
    for (Stream &in : inputs)
      current[in.value] = rowsOf(in.slots[slot], rows);
    for (Once &o : once)
      broadcastDone.insert(o.value); // broadcast once, before the tiles
    for (Operation *op : g.onceOps)
      broadcastDone.insert(op->getResult(0));
    for (Operation &op : g.group.getBody().front().without_terminator())
      emit(&op, slot);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, slot);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, slot);

    // CopyOut (MTE3).
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, slot);
    for (Stream &out : outs)
      CopyOp::create(b, loc, rowsOf(out.slots[slot], rows),
                     gmRows(out.gm, row, rows));
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, slot);
  }

  /// The tile holding `v` for an op on full tiles (`full`) or on per-row
  /// tiles.
  Value tileOf(Value v, bool full) {
    Value root = ms::viewSource(v);
    if (emittingOnce) // a row or a scalar computed once
      return isSplat(v) ? onceSplat(v, onceResultShape) : current.lookup(root);
    switch (g.roles.lookup(root)) {
    case Role::Splat:
      return rowsOf(splatTile(v, !full), rows);
    case Role::Full:
      return current.lookup(root);
    case Role::Column:
      if (!full)
        return current.lookup(root);
      [[fallthrough]];
    case Role::Row:
    case Role::Scalar: {
      Value bcast = rowsOf(broadcasts.lookup(root), rows);
      if (broadcastDone.insert(root).second)
        VBroadcastOp::create(b, loc, current.lookup(root), bcast);
      return bcast;
    }
    }
    llvm_unreachable("role");
  }

  void emit(Operation *op, int64_t slot) {
    if (ms::isViewOp(op) || isa<ms::ConstantOp, ms::SplitOp>(op))
      return; // a Split's results stream in as inputs
    if (!emittingOnce && g.onceOps.count(op))
      return; // computed before the tiles
    Value result = op->getResult(0);
    if (isa<ms::BroadcastToOp>(op)) {
      // The broadcast tile is ready; the result reads it directly.
      current[result] = tileOf(op->getOperand(0), /*full=*/true);
      return;
    }
    bool full = g.roleOf(result) == Role::Full;
    Value dst;
    if (auto it = g.outputOf.find(op); it != g.outputOf.end())
      dst = rowsOf(outs[it->second].slots[slot], rows);
    else
      dst = rowsOf(temps.lookup(result), rows);
    current[result] = dst;
    auto in = [&](unsigned i) { return tileOf(op->getOperand(i), full); };
    auto inFull = [&](unsigned i) {
      return tileOf(op->getOperand(i), /*full=*/true);
    };
    auto isSplatOperand = [&](unsigned i) {
      return isSplat(op->getOperand(i)) && hasImmediateForm(op, i);
    };
    Type elt = elementOf(result);
    llvm::TypeSwitch<Operation *>(op)
        .Case<ms::ReduceSumOp, ms::ReduceMaxOp, ms::ReduceMeanOp>([&](auto) {
          emitRowReductionVectorOps(b, loc, op, dst, inFull(0), Value(),
                                    Value(), g.k, Value(), Value());
        })
        .Case<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::LayerNormOp>([&](auto) {
          auto [rowTile, bcastTile] = scratch.lookup(op);
          bool norm = isa<ms::LayerNormOp>(op);
          emitRowReductionVectorOps(b, loc, op, dst, in(0),
                                    rowsOf(rowTile, rows),
                                    rowsOf(bcastTile, rows), g.k,
                                    norm ? in(1) : Value(),
                                    norm ? in(2) : Value());
        })
        .Case<ms::GatherOp>([&](ms::GatherOp gather) {
          // PyTorch's rule: a negative index counts from the end; then
          // offsets = index * row bytes + column bytes, and vgather.
          const GatherBuffers &gb = gathers.lookup(op);
          Type i32 = b.getI32Type();
          Value indices = tileOf(gather.getIndices(), /*full=*/false);
          Value index = rowsOf(gb.index, rows), zero = rowsOf(gb.zero, rows),
                negative = rowsOf(gb.negative, rows),
                wrapped = rowsOf(gb.wrapped, rows),
                offsets = rowsOf(gb.offsets, rows);
          if (elementOf(gather.getIndices()) != i32) {
            VCastOp::create(b, loc, indices, index);
            indices = index;
          }
          VCmpOp::create(b, loc, indices, zero, negative, "lt");
          VAddsOp::create(b, loc, indices, wrapped,
                          b.getIntegerAttr(i32, gb.rows));
          VSelectOp::create(b, loc, negative, wrapped, indices, index);
          VMulsOp::create(b, loc, index, index,
                          b.getIntegerAttr(i32, g.k * elementBytes(elt)));
          VBroadcastOp::create(b, loc, index, offsets);
          VAddOp::create(b, loc, offsets, rowsOf(gb.columnTile, rows),
                         offsets);
          VGatherOp::create(b, loc, gb.table, offsets, dst);
        })
        .Default([&](Operation *) {
          emitElementwiseVectorOps(
              b, loc, op, dst, in, [&](unsigned i) -> TypedAttr {
                return isSplatOperand(i) ? splatValue(op->getOperand(i))
                                         : TypedAttr();
              });
        });
  }

  VectorGroup &g;
  const VectorTiling &t;
  const AICoreTarget &target;
  OpBuilder b;
  Location loc;
  KernelOp kernel;
  Value blockIndex;
  int64_t rows = 0; ///< rows of the tile being built
  SmallVector<Stream> inputs, outs;
  SmallVector<Once> once;
  llvm::MapVector<Value, Value> broadcasts;
  llvm::MapVector<std::pair<Value, unsigned>, Value> splatTiles;
  SmallVector<std::pair<Value, TypedAttr>> splats;
  llvm::DenseMap<Value, Value> temps;
  llvm::DenseMap<Operation *, std::pair<Value, Value>> scratch;
  llvm::MapVector<Operation *, GatherBuffers> gathers;
  llvm::DenseMap<Value, Value> current;
  llvm::DenseSet<Value> broadcastDone;
  bool emittingOnce = false; ///< emitting the rows and scalars computed once
  SmallVector<int64_t> onceResultShape; ///< the buffer shape of that op
};

/// The UB bytes the kernel's placed buffers need at `rows` rows per tile.
int64_t ubBytes(VectorGroup &g, int64_t rows, const AICoreTarget &target) {
  VectorTiling t = makeTiling(g.m, rows, target.vectorCores);
  KernelOp kernel = VectorKernelBuilder(g, t, target).build("probe");
  BufferPlan plan = planBuffers(kernel);
  int64_t used = plan.used[static_cast<size_t>(AddressSpace::UB)];
  kernel.erase();
  return used;
}

} // namespace

void mlir::ascend::emitRowReductionVectorOps(OpBuilder &b, Location loc,
                                             Operation *op, Value dst,
                                             Value x, Value perRow,
                                             Value spread, int64_t k,
                                             Value gamma, Value beta) {
  Type elt = elementOf(dst);
  if (isReduce(op)) {
    VReduceOp::create(b, loc, x, dst,
                      isa<ms::ReduceMaxOp>(op) ? "max" : "sum");
    if (isa<ms::ReduceMeanOp>(op))
      VMulsOp::create(b, loc, dst, dst, b.getFloatAttr(elt, 1.0 / double(k)));
    return;
  }
  if (isa<ms::SoftmaxOp>(op)) {
    // exp(x - max) / sum(exp(x - max)) per row.
    VReduceOp::create(b, loc, x, perRow, "max");
    VBroadcastOp::create(b, loc, perRow, spread);
    VSubOp::create(b, loc, x, spread, dst);
    VExpOp::create(b, loc, dst, dst);
    VReduceOp::create(b, loc, dst, perRow, "sum");
    VBroadcastOp::create(b, loc, perRow, spread);
    VDivOp::create(b, loc, dst, spread, dst);
    return;
  }
  if (isa<ms::LogSoftmaxOp>(op)) {
    // (x - max) - log(sum(exp(x - max))) per row.
    VReduceOp::create(b, loc, x, perRow, "max");
    VBroadcastOp::create(b, loc, perRow, spread);
    VSubOp::create(b, loc, x, spread, dst);
    VExpOp::create(b, loc, dst, spread);
    VReduceOp::create(b, loc, spread, perRow, "sum");
    VLnOp::create(b, loc, perRow, perRow);
    VBroadcastOp::create(b, loc, perRow, spread);
    VSubOp::create(b, loc, dst, spread, dst);
    return;
  }
  auto norm = cast<ms::LayerNormOp>(op);
  // PyTorch's formula: (x - mean) * rsqrt(biased var + eps) * gamma + beta
  // over each row.
  TypedAttr invK = b.getFloatAttr(elt, 1.0 / double(k));
  VReduceOp::create(b, loc, x, perRow, "sum");
  VMulsOp::create(b, loc, perRow, perRow, invK);
  VBroadcastOp::create(b, loc, perRow, spread);
  VSubOp::create(b, loc, x, spread, dst);
  VMulOp::create(b, loc, dst, dst, spread);
  VReduceOp::create(b, loc, spread, perRow, "sum");
  VMulsOp::create(b, loc, perRow, perRow, invK);
  VAddsOp::create(b, loc, perRow, perRow,
                  b.getFloatAttr(elt, norm.getEpsilon().convertToDouble()));
  VRsqrtOp::create(b, loc, perRow, perRow);
  VBroadcastOp::create(b, loc, perRow, spread);
  VMulOp::create(b, loc, dst, spread, dst);
  VMulOp::create(b, loc, dst, gamma, dst);
  VAddOp::create(b, loc, dst, beta, dst);
}

void mlir::ascend::emitElementwiseVectorOps(
    OpBuilder &b, Location loc, Operation *op, Value dst,
    llvm::function_ref<Value(unsigned)> in,
    llvm::function_ref<TypedAttr(unsigned)> immediate) {
  auto isSplatOperand = [&](unsigned i) {
    return static_cast<bool>(immediate(i));
  };
  // A binary op with an immediate form when one side is a splat.
  auto scalarForm = [&](auto tag, bool commutative) -> bool {
    using ScalarOp = decltype(tag);
    if (TypedAttr c = immediate(1)) {
      ScalarOp::create(b, loc, in(0), dst, c);
      return true;
    }
    if (commutative)
      if (TypedAttr c = immediate(0)) {
        ScalarOp::create(b, loc, in(1), dst, c);
        return true;
      }
    return false;
  };
  auto cmp = [&](StringRef pred) {
    VCmpOp::create(b, loc, in(0), in(1), dst, pred);
  };
  Type elt = elementOf(op->getResult(0));
  llvm::TypeSwitch<Operation *>(op)
        .Case<ms::AddOp>([&](auto) {
          if (!scalarForm(VAddsOp(), true))
            VAddOp::create(b, loc, in(0), in(1), dst);
        })
        .Case<ms::BiasAddOp>(
            [&](auto) { VAddOp::create(b, loc, in(0), in(1), dst); })
        .Case<ms::SubOp>([&](auto) {
          if (isSplatOperand(1)) {
            auto c = cast<FloatAttr>(immediate(1));
            VAddsOp::create(b, loc, in(0), dst,
                            FloatAttr::get(c.getType(), -c.getValueAsDouble()));
          } else {
            VSubOp::create(b, loc, in(0), in(1), dst);
          }
        })
        .Case<ms::MulOp>([&](auto) {
          if (!scalarForm(VMulsOp(), true))
            VMulOp::create(b, loc, in(0), in(1), dst);
        })
        .Case<ms::RealDivOp>(
            [&](auto) { VDivOp::create(b, loc, in(0), in(1), dst); })
        .Case<ms::MaximumOp>([&](auto) {
          if (!scalarForm(VMaxsOp(), true))
            VMaxOp::create(b, loc, in(0), in(1), dst);
        })
        .Case<ms::MinimumOp>([&](auto) {
          if (!scalarForm(VMinsOp(), true))
            VMinOp::create(b, loc, in(0), in(1), dst);
        })
        .Case<ms::GreaterOp>([&](auto) { cmp("gt"); })
        .Case<ms::GreaterEqualOp>([&](auto) { cmp("ge"); })
        .Case<ms::LessOp>([&](auto) { cmp("lt"); })
        .Case<ms::LessEqualOp>([&](auto) { cmp("le"); })
        .Case<ms::EqualOp>([&](auto) { cmp("eq"); })
        .Case<ms::NotEqualOp>([&](auto) { cmp("ne"); })
        .Case<ms::LogicalAndOp>(
            [&](auto) { VAndOp::create(b, loc, in(0), in(1), dst); })
        .Case<ms::LogicalOrOp>(
            [&](auto) { VOrOp::create(b, loc, in(0), in(1), dst); })
        .Case<ms::LogicalNotOp>(
            [&](auto) { VNotOp::create(b, loc, in(0), dst); })
        .Case<ms::ReLUOp>([&](auto) { VReluOp::create(b, loc, in(0), dst); })
        .Case<ms::ReLU6Op>([&](auto) {
          VReluOp::create(b, loc, in(0), dst);
          VMinsOp::create(b, loc, dst, dst, b.getFloatAttr(elt, 6.0));
        })
        .Case<ms::ExpOp>([&](auto) { VExpOp::create(b, loc, in(0), dst); })
        .Case<ms::LogOp>([&](auto) { VLnOp::create(b, loc, in(0), dst); })
        .Case<ms::SqrtOp>([&](auto) { VSqrtOp::create(b, loc, in(0), dst); })
        .Case<ms::RsqrtOp>([&](auto) { VRsqrtOp::create(b, loc, in(0), dst); })
        .Case<ms::TanhOp>([&](auto) { VTanhOp::create(b, loc, in(0), dst); })
        .Case<ms::SigmoidOp>(
            [&](auto) { VSigmoidOp::create(b, loc, in(0), dst); })
        .Case<ms::SiLUOp>([&](auto) {
          // x * sigmoid(x); dst is not x's tile.
          VSigmoidOp::create(b, loc, in(0), dst);
          VMulOp::create(b, loc, in(0), dst, dst);
        })
        .Case<ms::SinOp>([&](auto) { VSinOp::create(b, loc, in(0), dst); })
        .Case<ms::CosOp>([&](auto) { VCosOp::create(b, loc, in(0), dst); })
        .Case<ms::ErfOp>([&](auto) { VErfOp::create(b, loc, in(0), dst); })
        .Case<ms::GeLUOp>([&](auto) {
          // x * 0.5 * (1 + erf(x / sqrt(2))), PyTorch's exact gelu; dst is
          // not x's tile.
          VMulsOp::create(b, loc, in(0), dst,
                          b.getFloatAttr(elt, 0.70710678118654752440));
          VErfOp::create(b, loc, dst, dst);
          VAddsOp::create(b, loc, dst, dst, b.getFloatAttr(elt, 1.0));
          VMulsOp::create(b, loc, dst, dst, b.getFloatAttr(elt, 0.5));
          VMulOp::create(b, loc, in(0), dst, dst);
        })
        .Case<ms::NegOp>([&](auto) { VNegOp::create(b, loc, in(0), dst); })
        .Case<ms::AbsOp>([&](auto) { VAbsOp::create(b, loc, in(0), dst); })
        .Case<ms::SelectOp>(
            [&](auto) { VSelectOp::create(b, loc, in(0), in(1), in(2), dst); })
        .Case<ms::MaskedFillOp>([&](auto) {
          // input, mask, value: mask ? value : input.
          VSelectOp::create(b, loc, in(1), in(2), in(0), dst);
        })
        .Case<ms::CastOp>([&](auto) { VCastOp::create(b, loc, in(0), dst); });
}

bool mlir::ascend::vectorOpTakesImmediate(Operation *op, unsigned i) {
  if (isa<ms::AddOp, ms::MulOp, ms::MaximumOp, ms::MinimumOp>(op))
    return !(i == 0 && VectorGroup::isSplatConstant(op->getOperand(1)));
  if (isa<ms::SubOp>(op))
    return i == 1 && isFloat(elementOf(op->getResult(0)));
  return false;
}

LogicalResult mlir::ascend::checkVectorPrimitive(Operation *op,
                                                 std::string &why) {
  return VectorGroup(ms::FusionOp()).checkSupported(op, why);
}

namespace {
//===----------------------------------------------------------------------===//
// Reductions over leading or middle axes.
//
// A group whose reduction runs over axes that are not the trailing ones
// (ReduceSum over axis 0 of [B, N], over axis 1 of [B, C, HW]) is viewed as
// [outer, red, inner]: the reduced axes (adjacent) are `red`, the axes before
// them `outer`, after them `inner`. Each unit of work is one outer index and
// one chunk of `w` columns of inner; its `red` rows stream through UB in
// tiles of [rows, w] (double buffered), are folded into one row by halving
// (vadd / vmax of the top half of the tile onto the bottom half) and
// accumulated into a [1, w] row. Elementwise work before the reduction runs
// on the tiles, elementwise work after it on the accumulated row, which is
// copied out once per unit. See docs/AICoreKernels.md.
//===----------------------------------------------------------------------===//

/// The normalized, sorted axes a reduction op reduces (all when empty).
SmallVector<int64_t> reducedAxes(Operation *op) {
  int64_t rank = shapeOf(op->getOperand(0)).size();
  SmallVector<int64_t> axes;
  for (int64_t a : op->getAttrOfType<DenseI64ArrayAttr>("axis").asArrayRef())
    axes.push_back(a < 0 ? a + rank : a);
  if (axes.empty())
    for (int64_t a = 0; a < rank; ++a)
      axes.push_back(a);
  llvm::sort(axes);
  axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
  return axes;
}

/// Whether reduction `op` runs over axes that are not the trailing ones.
bool reducesLeadingAxes(Operation *op) {
  if (!isReduce(op))
    return false;
  SmallVector<int64_t> axes = reducedAxes(op);
  int64_t rank = shapeOf(op->getOperand(0)).size();
  for (auto [i, a] : llvm::enumerate(axes))
    if (a != rank - int64_t(axes.size()) + int64_t(i))
      return true;
  return false;
}

/// Elementwise primitives the axis-reduction kernel maps (before and after
/// its reduction).
bool isAxisReductionElementwise(Operation *op) {
  return isa<ms::AddOp, ms::SubOp, ms::MulOp, ms::RealDivOp, ms::MaximumOp,
             ms::MinimumOp, ms::NegOp, ms::AbsOp, ms::ExpOp, ms::LogOp,
             ms::SqrtOp, ms::RsqrtOp, ms::ReLUOp, ms::SigmoidOp, ms::TanhOp,
             ms::CastOp>(op);
}

/// The analysis of a group reducing over leading or middle axes.
class AxisReductionGroup {
public:
  /// The part of `group` made of `ops` (all of them when empty).
  AxisReductionGroup(ms::FusionOp group,
                     llvm::SmallPtrSetImpl<Operation *> *ops = nullptr)
      : group(group) {
    for (Operation &op : group.getBody().front().without_terminator())
      if (!ops || ops->contains(&op))
        body.push_back(&op);
  }

  /// The independent parts of `group` (ops connected through the values they
  /// compute), in program order of their first op.
  static SmallVector<llvm::SmallPtrSet<Operation *, 16>>
  components(ms::FusionOp group) {
    Block &block = group.getBody().front();
    llvm::DenseMap<Operation *, Operation *> parent;
    std::function<Operation *(Operation *)> find = [&](Operation *op) {
      Operation *p = parent.lookup(op);
      if (p == op)
        return op;
      return parent[op] = find(p);
    };
    for (Operation &op : block.without_terminator())
      if (!isa<ms::ConstantOp>(op))
        parent[&op] = &op;
    for (Operation &op : block.without_terminator()) {
      if (!parent.count(&op))
        continue;
      for (Value v : op.getOperands())
        if (Operation *def = v.getDefiningOp();
            def && def->getBlock() == &block && parent.count(def))
          parent[find(def)] = find(&op);
    }
    SmallVector<llvm::SmallPtrSet<Operation *, 16>> parts;
    llvm::DenseMap<Operation *, unsigned> index;
    for (Operation &op : block.without_terminator()) {
      if (!parent.count(&op))
        continue;
      auto [it, inserted] = index.try_emplace(find(&op), parts.size());
      if (inserted)
        parts.emplace_back();
      parts[it->second].insert(&op);
    }
    return parts;
  }

  static bool applies(ms::FusionOp group) {
    return llvm::any_of(group.getBody().front().without_terminator(),
                        [](Operation &op) { return reducesLeadingAxes(&op); });
  }

  LogicalResult analyze(std::string &why) {
    Block &block = group.getBody().front();
    VectorGroup checker(group);
    for (Operation *opPtr : body) {
      Operation &op = *opPtr;
      if (reducesLeadingAxes(&op)) {
        if (reduce)
          return fail(why, "it reduces over leading or middle axes twice in "
                           "a row");
        reduce = &op;
        continue;
      }
      if (isReduce(&op) || isa<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::LayerNormOp>(op))
        return fail(why, "it mixes a reduction over leading or middle axes "
                         "with a reduction over the trailing ones");
      if (ms::isViewOp(&op))
        continue;
      if (!isa<ms::ConstantOp>(op) && !isAxisReductionElementwise(&op))
        return fail(why, ("'" + op.getName().stripDialect() +
                          "' has no mapping in a reduction over leading or "
                          "middle axes")
                             .str());
      if (failed(checker.checkSupported(&op, why)))
        return failure();
    }
    if (!reduce)
      return fail(why, "one of its independent parts reduces over leading or "
                       "middle axes and another does not");
    if (failed(checker.checkSupported(reduce, why)))
      return failure();

    // [outer, red, inner] from the reduced axes, which must be adjacent.
    Value x = reduce->getOperand(0);
    ArrayRef<int64_t> s = shapeOf(x);
    SmallVector<int64_t> axes = reducedAxes(reduce);
    for (size_t i = 1; i < axes.size(); ++i)
      if (axes[i] != axes[i - 1] + 1)
        return fail(why, "it reduces axes that are not adjacent");
    outer = red = inner = 1;
    for (int64_t d = 0; d < int64_t(s.size()); ++d)
      (d < axes.front() ? outer : d <= axes.back() ? red : inner) *= s[d];
    n = outer * red * inner;
    if (n == 0)
      return fail(why, "the group's results are empty");

    // Values after the reduction: its result and everything computed from it.
    post.insert(reduce->getResult(0));
    for (Operation *opPtr : body) {
      Operation &op = *opPtr;
      if (&op == reduce || isa<ms::ConstantOp>(op))
        continue;
      bool after = llvm::any_of(op.getOperands(), [&](Value v) {
        return post.count(v) != 0;
      });
      for (Value operand : op.getOperands()) {
        bool splat = VectorGroup::isSplatConstant(operand);
        if (after && !splat && !post.count(operand))
          return fail(why, ("'" + op.getName().stripDialect() +
                            "' combines the reduced value with a value not "
                            "computed from it")
                               .str());
        if (!after && !splat && numel(operand) != n)
          return fail(why, ("'" + op.getName().stripDialect() +
                            "' before the reduction broadcasts a smaller "
                            "value")
                               .str());
      }
      if (after) {
        post.insert(op.getResult(0));
        if (!ms::isViewOp(&op))
          postOps.push_back(&op);
      } else if (!ms::isViewOp(&op)) {
        preOps.push_back(&op);
      }
    }
    auto yield = cast<ms::YieldOp>(block.getTerminator());
    for (auto [r, value] : llvm::enumerate(yield.getValues())) {
      Operation *def = ms::viewSource(value).getDefiningOp();
      if (!def || !llvm::is_contained(body, def))
        continue;
      if (!post.count(value))
        return fail(why, "it returns a value computed before its reduction "
                         "over leading or middle axes");
      outputs.push_back({r, value});
    }
    for (Operation *op : body)
      for (Value v : op->getOperands())
        if (auto arg = dyn_cast<BlockArgument>(v);
            arg && arg.getOwner() == &block && !llvm::is_contained(args, arg))
          args.push_back(arg);
    llvm::sort(args, [](BlockArgument a, BlockArgument b) {
      return a.getArgNumber() < b.getArgNumber();
    });
    return success();
  }

  LogicalResult fail(std::string &why, StringRef text) {
    why = text.str();
    return failure();
  }

  ms::FusionOp group;
  SmallVector<Operation *> body; ///< the ops of this part, in program order
  Operation *reduce = nullptr;
  int64_t outer = 1, red = 1, inner = 1, n = 0;
  llvm::DenseSet<Value> post;
  SmallVector<Operation *> preOps, postOps;
  SmallVector<BlockArgument> args; ///< the group inputs this part reads
  /// (result number of the group, value) of this part's results.
  SmallVector<std::pair<unsigned, Value>> outputs;
};

/// Tile counts of an axis-reduction kernel.
struct AxisReductionTiling {
  int64_t rows;     ///< reduced rows per tile
  int64_t width;    ///< columns of inner per unit (the last chunk may be less)
  int64_t chunks;   ///< ceil(inner / width)
  int64_t blockDim; ///< cores
  int64_t unitsPerCore;
  int64_t units; ///< outer * chunks
};

AxisReductionTiling makeAxisReductionTiling(const AxisReductionGroup &g,
                                            int64_t rows, int64_t width,
                                            int64_t maxCores) {
  AxisReductionTiling t;
  t.rows = rows;
  t.width = width;
  t.chunks = llvm::divideCeil(g.inner, width);
  t.units = g.outer * t.chunks;
  std::tie(t.unitsPerCore, t.blockDim) = splitOverCores(t.units, maxCores);
  return t;
}

/// Builds the kernel of an analyzed axis-reduction group for one tiling.
class AxisReductionBuilder {
public:
  AxisReductionBuilder(AxisReductionGroup &g, const AxisReductionTiling &t,
                       const AICoreTarget &target)
      : g(g), t(t), target(target), b(g.group.getContext()),
        loc(g.group.getLoc()) {}

  /// Elements per 32-byte block of the narrowest element type in the group:
  /// the row stride of every tile is padded to it, so that every row of
  /// every tile starts on a block.
  static int64_t rowGranule(AxisReductionGroup &g, const AICoreTarget &target) {
    int64_t minBytes = 8;
    auto visit = [&](Value v) {
      minBytes = std::min(minBytes, elementBytes(elementOf(v)));
    };
    Block &body = g.group.getBody().front();
    for (Value v : body.getArguments())
      visit(v);
    for (Operation &op : body.without_terminator())
      for (Value v : op.getResults())
        visit(v);
    return std::max<int64_t>(1, target.blockBytes / minBytes);
  }

  /// An empty kernel for `group` on `blockDim` cores (the builder's
  /// insertion point at its start).
  static KernelOp createKernel(OpBuilder &b, ms::FusionOp group,
                               StringRef name, int64_t blockDim,
                               const AICoreTarget &target) {
    auto gm = [](Type type) {
      return getGMType(cast<RankedTensorType>(type));
    };
    SmallVector<Type> argTypes;
    for (Value v : group.getInputs())
      argTypes.push_back(gm(v.getType()));
    for (Type r : group.getResultTypes())
      argTypes.push_back(gm(r));
    auto kernel = KernelOp::create(b, group.getLoc(), name,
                                   b.getFunctionType(argTypes, {}), blockDim);
    if (StringRef(target.name) != getDefaultTarget().name)
      kernel.setChip(target.name);
    b.setInsertionPointToStart(&kernel.getBody().front());
    return kernel;
  }

  /// A kernel of this part alone (to size and score its tiling).
  KernelOp build(StringRef name) {
    kernel = createKernel(b, g.group, name, t.blockDim, target);
    Value index = t.blockDim > 1
                      ? Value(BlockIdxOp::create(b, loc, b.getIndexType()))
                      : Value(constant(0));
    emit(kernel, index, t.blockDim);
    ReturnOp::create(b, loc);
    return kernel;
  }

  /// Emits this part into `kernel` (launched on `kernelBlockDim` cores, its
  /// block index `index`) at `at`: its buffers, then its units on the first
  /// `t.blockDim` cores. Every flag it sets is waited before it ends.
  void emitAt(KernelOp kernel, Value index, int64_t kernelBlockDim,
              OpBuilder::InsertPoint at) {
    b.restoreInsertionPoint(at);
    emit(kernel, index, kernelBlockDim);
  }

  OpBuilder::InsertPoint insertionPoint() { return b.saveInsertionPoint(); }

private:
  void emit(KernelOp kernel, Value index, int64_t kernelBlockDim) {
    this->kernel = kernel;
    Block &entry = kernel.getBody().front();
    padded = llvm::alignTo(t.width, rowGranule(g, target));

    // Inputs stream [rows, width] tiles of their [outer * red, inner] view.
    for (BlockArgument arg : g.args) {
      std::string base = ("in" + Twine(arg.getArgNumber())).str();
      Type elt = elementOf(arg);
      inputs.push_back(
          {arg, view(entry.getArgument(arg.getArgNumber()), g.outer * g.red),
           {alloc({t.rows, padded}, elt, base + ".ping"),
            alloc({t.rows, padded}, elt, base + ".pong")}});
    }
    // Values before the reduction: one tile each; after it: one row each.
    for (Operation *op : g.preOps)
      tiles[op->getResult(0)] = alloc({t.rows, padded},
                                      elementOf(op->getResult(0)),
                                      ("t" + Twine(tiles.size())).str());
    Value x = g.reduce->getOperand(0);
    Type elt = elementOf(x);
    bool sum = !isa<ms::ReduceMaxOp>(g.reduce);
    // f16 / bf16 sums accumulate in f32 (as vreduce does).
    accType = sum && (elt.isF16() || elt.isBF16()) ? b.getF32Type() : elt;
    if (accType != elt)
      fold = alloc({t.rows, padded}, accType, "fold");
    acc = alloc({1, padded}, accType, "acc");
    Value reduced = g.reduce->getResult(0);
    rowsOf[reduced] =
        accType == elt ? acc : alloc({1, padded}, elt, "reduced");
    for (Operation *op : g.postOps)
      rowsOf[op->getResult(0)] = alloc({1, padded}, elementOf(op->getResult(0)),
                                       ("r" + Twine(rowsOf.size())).str());
    unsigned numArgs = g.group.getBody().front().getNumArguments();
    for (auto [r, value] : g.outputs)
      outs.push_back(
          {rowOf(value), view(entry.getArgument(numArgs + r), g.outer)});
    // Splat operands that no immediate takes: filled tiles (rows) once.
    for (Operation *op : llvm::concat<Operation *>(g.preOps, g.postOps))
      for (auto [i, operand] : llvm::enumerate(op->getOperands()))
        if (VectorGroup::isSplatConstant(operand) && !vectorOpTakesImmediate(op, i))
          (void)splatTile(operand, g.post.count(op->getResult(0)));

    blockIndex = index;
    for (int64_t s = 0; s < 2; ++s)
      SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, s);
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, 0);
    for (auto &[tile, value] : splats)
      VDupOp::create(b, loc, tile, value);
    {
      OpBuilder::InsertionGuard guard(b);
      if (t.blockDim < kernelBlockDim) {
        // Cores beyond this part's share skip it.
        Value mine =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                  blockIndex, constant(t.blockDim));
        auto branch = scf::IfOp::create(b, loc, mine, /*withElse=*/false);
        b.setInsertionPoint(branch.thenBlock()->getTerminator());
      }
      int64_t lastCount = t.units - (t.blockDim - 1) * t.unitsPerCore;
      if (lastCount == t.unitsPerCore) {
        buildCore(t.unitsPerCore);
      } else {
        Value isLast =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, blockIndex,
                                  constant(t.blockDim - 1));
        auto branch = scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
        b.setInsertionPoint(branch.thenBlock()->getTerminator());
        buildCore(lastCount);
        b.setInsertionPoint(branch.elseBlock()->getTerminator());
        buildCore(t.unitsPerCore);
      }
    }
    for (int64_t s = 0; s < 2; ++s)
      WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, s);
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, 0);
  }

  struct Stream {
    Value value, gm;
    std::array<Value, 2> slots;
  };
  struct Out {
    Value row, gm;
  };

  Value constant(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  Value alloc(ArrayRef<int64_t> shape, Type elt, StringRef name) {
    auto type = MemRefType::get(
        shape, elt, MemRefLayoutAttrInterface{},
        AddressSpaceAttr::get(b.getContext(), AddressSpace::UB));
    auto op = AllocOp::create(b, loc, type);
    op->setAttr(kBufferNameAttr, b.getStringAttr(name));
    return op;
  }

  /// GM argument `gm` viewed as [rows, inner].
  Value view(Value gm, int64_t rows) {
    auto type = cast<MemRefType>(gm.getType());
    Value v = gm;
    if (type.getRank() == 0)
      v = memref::ExpandShapeOp::create(
          b, loc,
          MemRefType::get({1}, type.getElementType(),
                          MemRefLayoutAttrInterface{}, type.getMemorySpace()),
          v, ArrayRef<ReassociationIndices>{});
    else if (type.getRank() > 1) {
      ReassociationIndices all;
      for (int64_t d = 0; d < type.getRank(); ++d)
        all.push_back(d);
      v = memref::CollapseShapeOp::create(b, loc, v,
                                          ArrayRef<ReassociationIndices>{all});
    }
    return memref::ExpandShapeOp::create(
        b, loc,
        MemRefType::get({rows, g.inner}, type.getElementType(),
                        MemRefLayoutAttrInterface{}, type.getMemorySpace()),
        v, ArrayRef<ReassociationIndices>{{0, 1}});
  }

  /// The [rows, cols] window at (row, col) of a 2-D memref.
  Value window(Value m, OpFoldResult row, OpFoldResult col, int64_t rows,
               int64_t cols) {
    auto type = cast<MemRefType>(m.getType());
    if (type.getDimSize(0) == rows && type.getDimSize(1) == cols &&
        isConstantIntValue(row, 0) && isConstantIntValue(col, 0))
      return m;
    return memref::SubViewOp::create(
        b, loc, m, ArrayRef<OpFoldResult>{row, col},
        ArrayRef<OpFoldResult>{b.getIndexAttr(rows), b.getIndexAttr(cols)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  }
  Value topRows(Value m, int64_t from, int64_t rows) {
    return window(m, b.getIndexAttr(from), b.getIndexAttr(0), rows, padded);
  }

  Value rowOf(Value v) { return rowsOf.lookup(ms::viewSource(v)); }

  bool isSplat(Value v) { return VectorGroup::isSplatConstant(v); }
  TypedAttr splatValue(Value value) {
    auto c = ms::viewSource(value).getDefiningOp<ms::ConstantOp>();
    return cast<DenseElementsAttr>(c.getValue()).getSplatValue<TypedAttr>();
  }
  Value splatTile(Value value, bool row) {
    Value &tile = splatTiles[{ms::viewSource(value), row ? 1u : 0u}];
    if (!tile) {
      tile = alloc({row ? 1 : t.rows, padded}, elementOf(value),
                   ("splat" + Twine(splatTiles.size())).str());
      splats.push_back({tile, splatValue(value)});
    }
    return tile;
  }

  /// The units of one core: `count` units from block_idx * unitsPerCore.
  void buildCore(int64_t count) {
    Value first =
        arith::MulIOp::create(b, loc, blockIndex, constant(t.unitsPerCore));
    auto unitAt = [&](Value u) {
      Value unit = arith::AddIOp::create(b, loc, first, u);
      Value o = arith::DivUIOp::create(b, loc, unit, constant(t.chunks));
      Value c = arith::RemUIOp::create(b, loc, unit, constant(t.chunks));
      int64_t last = g.inner - (t.chunks - 1) * t.width;
      if (last == t.width) {
        buildUnit(o, c, t.width);
        return;
      }
      Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, c,
                                           constant(t.chunks - 1));
      auto branch = scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(branch.thenBlock()->getTerminator());
      buildUnit(o, c, last);
      b.setInsertionPoint(branch.elseBlock()->getTerminator());
      buildUnit(o, c, t.width);
    };
    if (count == 1) {
      unitAt(constant(0));
      return;
    }
    auto loop = scf::ForOp::create(b, loc, constant(0), constant(count),
                                   constant(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    unitAt(loop.getInductionVar());
  }

  /// One unit: outer index `o`, columns [c * width, c * width + cols).
  void buildUnit(Value o, Value c, int64_t cols) {
    Value col = arith::MulIOp::create(b, loc, c, constant(t.width));
    Value base = arith::MulIOp::create(b, loc, o, constant(g.red));
    // The accumulator (and the rows after it) are free once the previous
    // unit's rows are copied out.
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, 0);
    bool max = isa<ms::ReduceMaxOp>(g.reduce);
    TypedAttr init;
    if (!max)
      init = isFloat(accType) ? TypedAttr(b.getFloatAttr(accType, 0.0))
                              : TypedAttr(b.getIntegerAttr(accType, 0));
    else if (isFloat(accType))
      init = b.getFloatAttr(
          accType, APFloat::getInf(
                       cast<FloatType>(accType).getFloatSemantics(), true));
    else
      init = b.getIntegerAttr(
          accType, APInt::getSignedMinValue(accType.getIntOrFloatBitWidth()));
    VDupOp::create(b, loc, acc, init);

    int64_t full = g.red / t.rows, partial = g.red % t.rows;
    auto rowAt = [&](Value tile) {
      Value r = arith::MulIOp::create(b, loc, tile, constant(t.rows));
      return arith::AddIOp::create(b, loc, base, r).getResult();
    };
    int64_t pairs = full / 2;
    if (pairs == 1) {
      buildTile(rowAt(constant(0)), col, 0, t.rows, cols);
      buildTile(rowAt(constant(1)), col, 1, t.rows, cols);
    } else if (pairs > 1) {
      auto loop = scf::ForOp::create(b, loc, constant(0), constant(2 * pairs),
                                     constant(2));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      Value j = loop.getInductionVar();
      buildTile(rowAt(j), col, 0, t.rows, cols);
      Value j1 = arith::AddIOp::create(b, loc, j, constant(1));
      buildTile(rowAt(j1), col, 1, t.rows, cols);
    }
    if (full % 2)
      buildTile(rowAt(constant(full - 1)), col, 0, t.rows, cols);
    if (partial)
      buildTile(rowAt(constant(full)), col, full % 2, partial, cols);

    // The reduced row, then the work after it.
    Type elt = elementOf(g.reduce->getResult(0));
    if (isa<ms::ReduceMeanOp>(g.reduce))
      VMulsOp::create(b, loc, acc, acc,
                      b.getFloatAttr(accType, 1.0 / double(g.red)));
    Value reduced = rowOf(g.reduce->getResult(0));
    if (accType != elt)
      VCastOp::create(b, loc, acc, reduced);
    for (Operation *op : g.postOps)
      emit(op, /*row=*/true, 1);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, 0);

    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, 0);
    Value oRow = o;
    for (Out &out : outs)
      CopyOp::create(b, loc,
                     window(out.row, b.getIndexAttr(0), b.getIndexAttr(0), 1,
                            cols),
                     window(out.gm, oRow, col, 1, cols));
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, 0);
  }

  /// CopyIn of `rows` reduced rows from `row` (columns from `col`), the work
  /// before the reduction, and the fold into the accumulator.
  void buildTile(Value row, Value col, int64_t slot, int64_t rows,
                 int64_t cols) {
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, slot);
    for (Stream &in : inputs)
      CopyOp::create(b, loc, window(in.gm, row, col, rows, cols),
                     window(in.slots[slot], b.getIndexAttr(0),
                            b.getIndexAttr(0), rows, cols));
    SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, slot);

    WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, slot);
    current.clear();
    for (Stream &in : inputs)
      current[in.value] = topRows(in.slots[slot], 0, rows);
    for (Operation *op : g.preOps)
      emit(op, /*row=*/false, rows);
    // Fold the tile's rows onto its first row by halving, then into the
    // accumulator.
    Value src = current.lookup(ms::viewSource(g.reduce->getOperand(0)));
    if (fold) {
      Value f = topRows(fold, 0, rows);
      VCastOp::create(b, loc, src, f);
      src = f;
    }
    bool max = isa<ms::ReduceMaxOp>(g.reduce);
    auto combine = [&](Value lhs, Value rhs, Value dst) {
      if (max)
        VMaxOp::create(b, loc, lhs, rhs, dst);
      else
        VAddOp::create(b, loc, lhs, rhs, dst);
    };
    for (int64_t h = rows; h > 1;) {
      int64_t half = h / 2;
      Value low = window(src, b.getIndexAttr(0), b.getIndexAttr(0), half,
                         padded);
      combine(low,
              window(src, b.getIndexAttr(h - half), b.getIndexAttr(0), half,
                     padded),
              low);
      h -= half;
    }
    combine(acc, window(src, b.getIndexAttr(0), b.getIndexAttr(0), 1, padded),
            acc);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, slot);
  }

  /// The tile (`row` false, `rows` rows) or row holding `v`.
  Value operandTile(Value v, bool row, int64_t rows) {
    if (isSplat(v))
      return row ? splatTile(v, true) : topRows(splatTile(v, false), 0, rows);
    Value root = ms::viewSource(v);
    return row ? rowOf(root) : current.lookup(root);
  }

  /// Emits elementwise `op` on tiles (`row` false) or on rows.
  void emit(Operation *op, bool row, int64_t rows) {
    Value result = op->getResult(0);
    Value dst = row ? rowOf(result) : topRows(tiles.lookup(result), 0, rows);
    if (!row)
      current[result] = dst;
    emitElementwiseVectorOps(
        b, loc, op, dst,
        [&](unsigned i) { return operandTile(op->getOperand(i), row, rows); },
        [&](unsigned i) -> TypedAttr {
          Value v = op->getOperand(i);
          return isSplat(v) && vectorOpTakesImmediate(op, i) ? splatValue(v)
                                                             : TypedAttr();
        });
  }

  AxisReductionGroup &g;
  const AxisReductionTiling &t;
  const AICoreTarget &target;
  OpBuilder b;
  Location loc;
  KernelOp kernel;
  Value blockIndex;
  int64_t padded = 0; ///< row stride of every tile (elements)
  Type accType;
  Value acc, fold;
  SmallVector<Stream> inputs;
  SmallVector<Out> outs;
  llvm::DenseMap<Value, Value> tiles, rowsOf, current;
  llvm::MapVector<std::pair<Value, unsigned>, Value> splatTiles;
  SmallVector<std::pair<Value, TypedAttr>> splats;
};

/// The UB bytes of an axis-reduction kernel's placed buffers.
int64_t axisReductionUBBytes(AxisReductionGroup &g,
                             const AxisReductionTiling &t,
                             const AICoreTarget &target) {
  KernelOp kernel = AxisReductionBuilder(g, t, target).build("probe");
  int64_t used =
      planBuffers(kernel).used[static_cast<size_t>(AddressSpace::UB)];
  kernel.erase();
  return used;
}

/// Chooses the tiling of one part of an axis-reduction group within
/// `capacity` bytes of UB: the chunk width gives every core work when
/// `outer` is small, the rows per tile are the largest that fit or fewer when
/// the model says so.
FailureOr<AxisReductionTiling>
chooseAxisReductionTiling(AxisReductionGroup &g, const AICoreTarget &target,
                          int64_t capacity, std::string &why) {
  int64_t granule = AxisReductionBuilder::rowGranule(g, target);
  // Chunks of whole 32-byte blocks, enough of them that outer * chunks
  // covers the cores.
  int64_t width = g.inner;
  if (g.outer < target.vectorCores) {
    int64_t wanted = llvm::divideCeil(target.vectorCores, g.outer);
    width = std::min(g.inner,
                     int64_t(llvm::alignTo(llvm::divideCeil(g.inner, wanted),
                                           granule)));
  }
  auto tiling = [&](int64_t rows, int64_t w) {
    return makeAxisReductionTiling(g, rows, w, target.vectorCores);
  };
  // Narrower chunks until one reduced row fits.
  while (axisReductionUBBytes(g, tiling(1, width), target) > capacity) {
    if (width <= granule) {
      llvm::raw_string_ostream(why)
          << "kernel '" << g.group.getKernelName()
          << "' does not fit UB at any tile size: its buffers need "
          << axisReductionUBBytes(g, tiling(1, width), target)
          << " bytes of ub at the smallest tile (1 row of " << width
          << " elements), more than the " << capacity << " bytes of "
          << target.name << " it may use";
      return failure();
    }
    width = std::max(granule, int64_t(llvm::alignTo(width / 2, granule)));
  }
  int64_t lo = 1, hi = g.red;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (axisReductionUBBytes(g, tiling(mid, width), target) <= capacity)
      lo = mid;
    else
      hi = mid - 1;
  }
  // Candidates: the largest tile, and two or four tiles per unit (double
  // buffering within a unit); the fewest modeled cycles win.
  SmallVector<int64_t> candidates{lo};
  for (int64_t perUnit : {2, 4}) {
    int64_t rows = llvm::divideCeil(g.red, perUnit);
    if (rows < lo)
      candidates.push_back(rows);
  }
  std::optional<std::pair<int64_t, int64_t>> best; // cycles, -rows
  {
    ScopedDiagnosticHandler quiet(g.group.getContext(),
                                  [](Diagnostic &) { return success(); });
    for (int64_t rows : candidates) {
      KernelOp kernel =
          AxisReductionBuilder(g, tiling(rows, width), target).build("probe");
      FailureOr<KernelSchedule> schedule = simulateKernel(kernel);
      kernel.erase();
      if (failed(schedule))
        continue;
      std::pair<int64_t, int64_t> rank{schedule->taskCycles, -rows};
      if (!best || rank < *best)
        best = rank;
    }
  }
  return tiling(best ? -best->second : lo, width);
}

/// Builds the kernel of a group reducing over leading or middle axes: each
/// independent part (the fusion pass groups sibling reductions) is tiled on
/// its own share of UB and runs after the previous one in the same kernel.
FailureOr<KernelOp> buildAxisReductionKernel(ms::FusionOp group,
                                             const AICoreTarget &target,
                                             std::string &why) {
  auto components = AxisReductionGroup::components(group);
  SmallVector<std::unique_ptr<AxisReductionGroup>> parts;
  for (auto &ops : components) {
    parts.push_back(std::make_unique<AxisReductionGroup>(group, &ops));
    if (failed(parts.back()->analyze(why)))
      return failure();
  }
  int64_t share = target.memories.ub.capacity / int64_t(parts.size());
  share -= share % target.blockBytes;
  SmallVector<AxisReductionTiling> tilings;
  int64_t blockDim = 1;
  for (auto &part : parts) {
    FailureOr<AxisReductionTiling> t =
        chooseAxisReductionTiling(*part, target, share, why);
    if (failed(t))
      return failure();
    tilings.push_back(*t);
    blockDim = std::max(blockDim, t->blockDim);
  }
  OpBuilder b(group.getContext());
  KernelOp kernel = AxisReductionBuilder::createKernel(
      b, group, group.getKernelName(), blockDim, target);
  Location loc = group.getLoc();
  Value index = blockDim > 1 ? Value(BlockIdxOp::create(b, loc, b.getIndexType()))
                             : Value(arith::ConstantIndexOp::create(b, loc, 0));
  OpBuilder::InsertPoint at = b.saveInsertionPoint();
  for (auto [part, t] : llvm::zip(parts, tilings)) {
    AxisReductionBuilder builder(*part, t, target);
    builder.emitAt(kernel, index, blockDim, at);
    at = builder.insertionPoint();
  }
  b.restoreInsertionPoint(at);
  ReturnOp::create(b, loc);
  // The chosen tiling of each part, for reports and tests: the
  // [outer, red, inner] view, the reduced rows per tile and the columns per
  // unit.
  Builder attrs(group.getContext());
  SmallVector<Attribute> described;
  for (auto [part, t] : llvm::zip(parts, tilings))
    described.push_back(attrs.getDictionaryAttr(
        {attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(t.rows)),
         attrs.getNamedAttr("view",
                            attrs.getDenseI64ArrayAttr(
                                {part->outer, part->red, part->inner})),
         attrs.getNamedAttr("width", attrs.getI64IntegerAttr(t.width))}));
  kernel->setAttr("aicore.tile", described.size() == 1
                                     ? described.front()
                                     : Attribute(attrs.getArrayAttr(described)));
  return kernel;
}
} // namespace

std::string mlir::ascend::vectorKernelKey(ms::FusionOp group) {
  // Types, attributes and op names are uniqued in the context: equal
  // exactly when their pointers are, so the key holds the pointers
  // (printing them would cost an AsmState per type or attribute). An op's
  // attributes are its discardable ones (one dictionary) and its inherent
  // ones (properties), each read by its registered name: merging them into
  // one dictionary (getAttrDictionary) would unique a new dictionary and
  // its names for each op. The properties' hash stands for anything they
  // hold that is not an attribute (no MindSpore op has such properties).
  // Operands are numbered in the order of definition.
  SmallVector<uintptr_t, 64> words;
  auto add = [&](const void *p) {
    words.push_back(reinterpret_cast<uintptr_t>(p));
  };
  Block &body = group.getBody().front();
  llvm::SmallDenseMap<Value, unsigned, 16> numbers;
  for (BlockArgument arg : body.getArguments()) {
    numbers[arg] = numbers.size();
    add(arg.getType().getAsOpaquePointer());
  }
  for (Operation &op : body) {
    add(op.getName().getAsOpaquePointer());
    words.push_back(op.getNumOperands());
    for (Value operand : op.getOperands())
      words.push_back(numbers.lookup(operand));
    add(op.getRawDictionaryAttrs().getAsOpaquePointer());
    if (op.getPropertiesStorageSize()) {
      for (StringAttr name : op.getName().getAttributeNames())
        add(op.getInherentAttr(name).value_or(Attribute())
                .getAsOpaquePointer());
      words.push_back(static_cast<uintptr_t>(size_t(op.hashProperties())));
    }
    words.push_back(op.getNumResults());
    for (Value result : op.getResults()) {
      numbers[result] = numbers.size();
      add(result.getType().getAsOpaquePointer());
    }
  }
  StringRef kind = group.getKind();
  std::string key;
  key.reserve(kind.size() + 1 + words.size() * sizeof(uintptr_t));
  key += kind;
  key += ':';
  key.append(reinterpret_cast<const char *>(words.data()),
             words.size() * sizeof(uintptr_t));
  return key;
}

LogicalResult mlir::ascend::convertVectorFusion(
    ms::FusionOp group, const AICoreTarget &target, SymbolTable &symbols,
    llvm::StringMap<KernelOp> &kernels, std::string &why) {
  // Groups with the same body share one kernel.
  std::string key = vectorKernelKey(group);
  KernelOp kernel = kernels.lookup(key);
  if (!kernel) {
    FailureOr<KernelOp> built = buildVectorKernel(group, target, why);
    if (failed(built))
      return failure();
    kernel = *built;
    symbols.insert(kernel);
    kernels[key] = kernel;
  }
  OpBuilder builder(group);
  auto launch = LaunchOp::create(
      builder, group.getLoc(), group.getResultTypes(),
      FlatSymbolRefAttr::get(kernel.getSymNameAttr()), group.getInputs());
  group->replaceAllUsesWith(launch->getResults());
  group->erase();
  return success();
}

StringRef mlir::ascend::emptyTensorReason(Operation *op) {
  auto empty = [](Type t) {
    auto shaped = dyn_cast<ShapedType>(t);
    return shaped && shaped.hasStaticShape() && shaped.getNumElements() == 0;
  };
  WalkResult found = op->walk([&](Operation *o) {
    return llvm::any_of(o->getOperandTypes(), empty) ||
                   llvm::any_of(o->getResultTypes(), empty)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return found.wasInterrupted()
             ? "it has an empty (zero-element) tensor: nothing to compute"
             : "";
}

FailureOr<KernelOp> mlir::ascend::buildVectorKernel(ms::FusionOp group,
                                                    const AICoreTarget &target,
                                                    std::string &why) {
  // A tensor of no elements (PyTorch's OpInfo samples have them) has no
  // tile to move: such a group stays at the mindspore level.
  if (StringRef reason = emptyTensorReason(group); !reason.empty()) {
    why = reason.str();
    return failure();
  }
  if (AxisReductionGroup::applies(group))
    return buildAxisReductionKernel(group, target, why);
  if (isPermuteGroup(group))
    return buildPermuteKernel(group, target, why);
  if (isSliceCopyGroup(group))
    return buildSliceCopyKernel(group, target, why);
  if (isBoxCopyGroup(group))
    return buildBoxCopyKernel(group, target, why);
  VectorGroup g(group);
  if (failed(g.analyze(why)))
    return failure();

  int64_t capacity = target.memories.ub.capacity;
  // Largest rows per tile whose buffers fit UB (the UB need grows with rows).
  int64_t lo = 1, hi = g.m;
  if (ubBytes(g, 1, target) > capacity) {
    // One row does not fit: a softmax or reduction streams it in chunks.
    if (isWideRowGroup(group))
      return buildWideRowKernel(group, target, why);
    llvm::raw_string_ostream(why)
        << "kernel '" << group.getKernelName() << "' does not fit UB at any "
        << "tile size: its buffers need " << ubBytes(g, 1, target)
        << " bytes of ub at the smallest tile (1 "
        << (g.flat ? "element" : "row") << "), more than the " << capacity
        << " bytes of " << target.name;
    return failure();
  }
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (ubBytes(g, mid, target) <= capacity)
      lo = mid;
    else
      hi = mid - 1;
  }
  int64_t maxRows = lo;

  // Candidates: the largest tile, and tiles that give every core one, two or
  // four tiles (parallelism and double buffering); flat tiles are whole
  // 256-byte repeats of the widest type where possible.
  int64_t minBytes = 8;
  for (Operation &op : group.getBody().front())
    for (Value v : op.getResults())
      if (auto type = dyn_cast<RankedTensorType>(v.getType()))
        minBytes = std::min(minBytes, elementBytes(type.getElementType()));
  int64_t granule =
      g.flat ? std::max<int64_t>(1, target.vectorRepeatBytes / minBytes) : 1;
  // A whole number of repeats costs the same as a masked last one, so the
  // largest tile is rounded down to whole repeats when it spans several.
  int64_t largest = maxRows > granule ? maxRows / granule * granule : maxRows;
  SmallVector<int64_t> candidates{largest};
  for (int64_t perCore : {1, 2, 4, 8}) {
    int64_t rows = llvm::divideCeil(g.m, target.vectorCores * perCore);
    rows = llvm::alignTo(rows, granule);
    if (rows < largest)
      candidates.push_back(rows);
  }
  // With periodic columns, a tile's rows read one contiguous stretch of each
  // [P, 1] column: the rows divide every P (each candidate goes down to the
  // nearest divisor of their gcd).
  if (!g.periods.empty()) {
    int64_t period = 0;
    for (auto &entry : g.periods)
      period = std::gcd(period, entry.second);
    for (int64_t &rows : candidates)
      while (period % rows)
        --rows;
    llvm::sort(candidates, std::greater<int64_t>());
    candidates.erase(std::unique(candidates.begin(), candidates.end()),
                     candidates.end());
    maxRows = candidates.front();
  }

  // Ranked by modeled task cycles (launch, block starts and rounds
  // included), then (when HBM bounds several candidates
  // alike) by the busiest core's own makespan, then by the larger tile.
  std::optional<std::tuple<int64_t, int64_t, int64_t>> best; // ..., rows
  {
    // The model's own errors (instruction limit) only rule a candidate out.
    ScopedDiagnosticHandler quiet(group.getContext(),
                                  [](Diagnostic &) { return success(); });
    for (int64_t rows : candidates) {
      VectorTiling t = makeTiling(g.m, rows, target.vectorCores);
      KernelOp kernel = VectorKernelBuilder(g, t, target).build("probe");
      FailureOr<KernelSchedule> schedule = simulateKernel(kernel);
      kernel.erase();
      if (failed(schedule))
        continue;
      std::tuple<int64_t, int64_t, int64_t> rank{
          schedule->taskCycles, schedule->blockCycles, -rows};
      if (!best || rank < *best)
        best = rank;
    }
  }
  int64_t rows = best ? -std::get<2>(*best) : maxRows;

  VectorTiling t = makeTiling(g.m, rows, target.vectorCores);
  KernelOp kernel =
      VectorKernelBuilder(g, t, target).build(group.getKernelName());
  // The chosen tiling, for reports and tests: the [M, K] (or flat [N])
  // view and the rows (elements) per tile.
  Builder attrs(group.getContext());
  SmallVector<int64_t> viewShape =
      g.flat ? SmallVector<int64_t>{g.n} : SmallVector<int64_t>{g.m, g.k};
  kernel->setAttr(
      "aicore.tile",
      attrs.getDictionaryAttr(
          {attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(rows)),
           attrs.getNamedAttr("view", attrs.getDenseI64ArrayAttr(viewShape))}));
  return kernel;
}
