//===- AxisReductionKernels.cpp - Reductions over leading or middle axes --===//
//
// The Vector kernel family of groups reducing over axes that are not the
// trailing ones (AxisReductionKernels.h, docs/AICoreKernels.md).
//
//===----------------------------------------------------------------------===//
#include "AxisReductionKernels.h"
#include "MixKernelParts.h"
#include "VectorKernelParts.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
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
    for (Operation *opPtr : body) {
      Operation &op = *opPtr;
      if (reducesLeadingAxes(&op)) {
        if (reduce)
          return fail(why, "it reduces over leading or middle axes twice in "
                           "a row");
        reduce = &op;
        continue;
      }
      if (isReduce(&op) ||
          isa<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::LayerNormOp>(op))
        return fail(why, "it mixes a reduction over leading or middle axes "
                         "with a reduction over the trailing ones");
      if (ms::isViewOp(&op))
        continue;
      if (!isa<ms::ConstantOp>(op) && !isAxisReductionElementwise(&op))
        return fail(why, ("'" + op.getName().stripDialect() +
                          "' has no mapping in a reduction over leading or "
                          "middle axes")
                             .str());
      if (failed(checkVectorPrimitive(&op, why)))
        return failure();
    }
    if (!reduce)
      return fail(why, "one of its independent parts reduces over leading or "
                       "middle axes and another does not");
    if (failed(checkVectorPrimitive(reduce, why)))
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
      bool after = llvm::any_of(op.getOperands(),
                                [&](Value v) { return post.count(v) != 0; });
      for (Value operand : op.getOperands()) {
        bool splat = vec::isSplatConstant(operand);
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
  static KernelOp createKernel(OpBuilder &b, ms::FusionOp group, StringRef name,
                               int64_t blockDim, const AICoreTarget &target) {
    auto gm = [](Type type) { return getGMType(cast<RankedTensorType>(type)); };
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
          {arg,
           view(entry.getArgument(arg.getArgNumber()), g.outer * g.red),
           {alloc({t.rows, padded}, elt, base + ".ping"),
            alloc({t.rows, padded}, elt, base + ".pong")}});
    }
    // Values before the reduction: one tile each; after it: one row each.
    for (Operation *op : g.preOps)
      tiles[op->getResult(0)] =
          alloc({t.rows, padded}, elementOf(op->getResult(0)),
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
    rowsOf[reduced] = accType == elt ? acc : alloc({1, padded}, elt, "reduced");
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
        if (vec::isSplatConstant(operand) && !vectorOpTakesImmediate(op, i))
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
        Value mine = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
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

  bool isSplat(Value v) { return vec::isSplatConstant(v); }
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
    auto loop =
        scf::ForOp::create(b, loc, constant(0), constant(count), constant(1));
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
          accType,
          APFloat::getInf(cast<FloatType>(accType).getFloatSemantics(), true));
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
      CopyOp::create(
          b, loc,
          window(out.row, b.getIndexAttr(0), b.getIndexAttr(0), 1, cols),
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
      Value low =
          window(src, b.getIndexAttr(0), b.getIndexAttr(0), half, padded);
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
    width = std::min(g.inner, int64_t(llvm::alignTo(
                                  llvm::divideCeil(g.inner, wanted), granule)));
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

} // namespace

bool mlir::ascend::isAxisReductionGroup(ms::FusionOp group) {
  return AxisReductionGroup::applies(group);
}

FailureOr<KernelOp> mlir::ascend::buildAxisReductionKernel(
    ms::FusionOp group, const AICoreTarget &target, std::string &why) {
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
  Value index = blockDim > 1
                    ? Value(BlockIdxOp::create(b, loc, b.getIndexType()))
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
         attrs.getNamedAttr("view", attrs.getDenseI64ArrayAttr(
                                        {part->outer, part->red, part->inner})),
         attrs.getNamedAttr("width", attrs.getI64IntegerAttr(t.width))}));
  kernel->setAttr("aicore.tile",
                  described.size() == 1
                      ? described.front()
                      : Attribute(attrs.getArrayAttr(described)));
  return kernel;
}
