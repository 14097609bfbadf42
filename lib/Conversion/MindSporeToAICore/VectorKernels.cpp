//===- VectorKernels.cpp - Row-tiled Vector kernels -----------------------===//
//
// A `mindspore.fusion "vector"` group (of the row family, the one
// buildVectorKernel falls back to) becomes one aicore.kernel. The group's
// tensors are viewed as a 2-D iteration space [M, K] (flat [N] when nothing
// is broadcast), cut into tiles of whole rows; each tile is copied in (MTE2),
// computed on by Vector ops (V) and copied out (MTE3), with two UB buffers
// per queue so that the copies of one tile overlap the compute of the other.
// See docs/AICoreKernels.md for the rules. The other Vector families:
// AxisReductionKernels.cpp, WideRowKernels.cpp, PermuteKernels.cpp,
// SliceKernels.cpp, BoxKernels.cpp; the dispatch: VectorFusion.cpp; the
// per-primitive emitters: VectorPrimitives.cpp.
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "MixKernelParts.h"
#include "VectorKernelParts.h"
#include "WideRowKernels.h"

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
using vec::isFloat;
using vec::isReduce;
using vec::splitOverCores;

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

  static bool isSplatConstant(Value v) { return vec::isSplatConstant(v); }

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
      // aicore.vcmp compares numbers only: a comparison of masks (bools:
      // eq/ne of bool tensors, isclose's) has no Vector instruction and
      // stays at the mindspore level. Its i1 result is fine.
      if (isa<ms::GreaterOp, ms::EqualOp, ms::NotEqualOp, ms::LessOp,
              ms::LessEqualOp, ms::GreaterEqualOp>(op) &&
          v.getDefiningOp() != op)
        ok = isVectorType(t);
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

//===----------------------------------------------------------------------===//
// Pieces the Vector kernel families share (VectorKernelParts.h).
//===----------------------------------------------------------------------===//

bool vec::isFloat(Type t) { return t.isF16() || t.isBF16() || t.isF32(); }

bool vec::isReduce(Operation *op) {
  return isa<ms::ReduceSumOp, ms::ReduceMaxOp, ms::ReduceMeanOp>(op);
}

bool vec::isSplatConstant(Value v) {
  return static_cast<bool>(ms::viewSource(v).getDefiningOp<ms::ConstantOp>());
}

std::pair<int64_t, int64_t> vec::splitOverCores(int64_t units,
                                                int64_t maxCores) {
  int64_t perCore = llvm::divideCeil(units, std::min(maxCores, units));
  return {perCore, llvm::divideCeil(units, perCore)};
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

FailureOr<KernelOp> mlir::ascend::buildRowVectorKernel(
    ms::FusionOp group, const AICoreTarget &target, std::string &why) {
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
