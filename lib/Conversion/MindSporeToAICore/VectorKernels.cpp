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
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

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

Type elementOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}
int64_t numel(Value v) {
  return cast<RankedTensorType>(v.getType()).getNumElements();
}
ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}
int64_t elementBytes(Type t) {
  return llvm::divideCeil(t.getIntOrFloatBitWidth(), 8);
}

std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
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
    // N: the largest value of the group.
    for (Value v : body.getArguments())
      n = std::max(n, numel(v));
    for (Operation &op : body.without_terminator())
      if (!isa<ms::ConstantOp>(op))
        for (Value v : op.getResults())
          n = std::max(n, numel(v));
    if (n == 0)
      return fail(why, "the group's results are empty");

    for (Operation &op : body.without_terminator())
      if (failed(checkSupported(&op, why)))
        return failure();

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
      if (isReduce(&op) || isa<ms::SoftmaxOp, ms::LayerNormOp>(op)) {
        Value in = op.getOperand(0);
        if (numel(in) != n)
          return fail(why, "it reduces a value smaller than the group's "
                           "largest");
        if (failed(fixShape(shapeOf(in))))
          return failure();
        int64_t rank = shapeOf(in).size();
        int64_t k = 0;
        if (auto softmax = dyn_cast<ms::SoftmaxOp>(op)) {
          int64_t axis = softmax.getAxis();
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
      if (ms::isViewOp(&op) || isa<ms::ConstantOp>(op) ||
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
    for (Operation &op : body.without_terminator()) {
      if (ms::isViewOp(&op))
        continue;
      if (isa<ms::ConstantOp>(op)) {
        roles[op.getResult(0)] = Role::Splat;
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
    if (llvm::all_of(b, [](int64_t d) { return d == 1; }))
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
    return std::nullopt;
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
    bool supported =
        isa<ms::AddOp, ms::SubOp, ms::MulOp, ms::RealDivOp, ms::MaximumOp,
            ms::MinimumOp, ms::GreaterOp, ms::EqualOp, ms::NotEqualOp,
            ms::LessOp, ms::LessEqualOp, ms::GreaterEqualOp, ms::LogicalAndOp,
            ms::LogicalOrOp, ms::LogicalNotOp, ms::ReLUOp, ms::ReLU6Op,
            ms::ExpOp, ms::LogOp, ms::SqrtOp, ms::RsqrtOp, ms::TanhOp,
            ms::SigmoidOp, ms::SiLUOp, ms::NegOp, ms::AbsOp, ms::SelectOp,
            ms::SinOp, ms::CosOp, ms::ErfOp, ms::GeLUOp, ms::CastOp,
            ms::BiasAddOp, ms::BroadcastToOp, ms::MaskedFillOp, ms::ReduceSumOp,
            ms::ReduceMaxOp, ms::ReduceMeanOp, ms::SoftmaxOp, ms::LayerNormOp>(
            op);
    if (!supported)
      return fail(why,
                  ("'" + name + "' has no Vector kernel mapping yet").str());
    for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
      Type t = elementOf(v);
      bool ok = isa<ms::CastOp>(op) ? isCastType(t)
                                    : isVectorType(t) || t.isInteger(1);
      if (isa<ms::RealDivOp, ms::ExpOp, ms::LogOp, ms::SqrtOp, ms::RsqrtOp,
              ms::TanhOp, ms::SigmoidOp, ms::SiLUOp, ms::ReLU6Op, ms::SinOp,
              ms::CosOp, ms::ErfOp, ms::GeLUOp, ms::SoftmaxOp, ms::ReduceMeanOp,
              ms::LayerNormOp>(op))
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
  int64_t cores = std::min(maxCores, t.numTiles);
  t.tilesPerCore = llvm::divideCeil(t.numTiles, cores);
  t.blockDim = llvm::divideCeil(t.numTiles, t.tilesPerCore);
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
      argTypes.push_back(gmType(cast<RankedTensorType>(v.getType())));
    for (Type r : g.group.getResultTypes())
      argTypes.push_back(gmType(cast<RankedTensorType>(r)));
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
        inputs.push_back(
            {arg, view(gmArg, {g.m, 1}), pingPong(elt, columnShape(), base)});
      } else {
        SmallVector<int64_t> smallShape = role == Role::Row
                                              ? SmallVector<int64_t>{1, g.k}
                                          : g.flat ? SmallVector<int64_t>{1}
                                                   : SmallVector<int64_t>{1, 1};
        once.push_back({arg, view(gmArg, smallShape),
                        alloc(smallShape, elt, base + ".once")});
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
        if (VectorGroup::isSplatConstant(operand) && !hasImmediateForm(&op, i))
          (void)splatTile(operand, isColumnOp(&op));
    // Intermediates: one tile per value computed in the group.
    for (Operation &op : body.without_terminator()) {
      if (ms::isViewOp(&op) ||
          isa<ms::ConstantOp, ms::BroadcastToOp>(op))
        continue;
      Value result = op.getResult(0);
      bool column = g.roleOf(result) == Role::Column;
      if (!g.outputOf.count(&op))
        temps[result] =
            alloc(column ? columnShape() : tileShape(), elementOf(result),
                  ("t" + Twine(temps.size())).str());
      if (isa<ms::SoftmaxOp, ms::LayerNormOp>(op)) {
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
  };
  struct Once {
    Value value, gm, buffer;
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

  MemRefType gmType(RankedTensorType type) {
    return MemRefType::get(
        type.getShape(), type.getElementType(), MemRefLayoutAttrInterface{},
        AddressSpaceAttr::get(type.getContext(), AddressSpace::GM));
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
    for (Once &o : once)
      if (Value full = broadcasts.lookup(o.value))
        VBroadcastOp::create(b, loc, o.buffer, full);
    for (auto &[tile, value] : splats)
      VDupOp::create(b, loc, tile, value);
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
      CopyOp::create(b, loc, gmRows(in.gm, row, rows),
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
    if (ms::isViewOp(op) || isa<ms::ConstantOp>(op))
      return;
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
          VReduceOp::create(b, loc, inFull(0), dst,
                            isa<ms::ReduceMaxOp>(op) ? "max" : "sum");
          if (isa<ms::ReduceMeanOp>(op))
            VMulsOp::create(b, loc, dst, dst,
                            b.getFloatAttr(elt, 1.0 / double(g.k)));
        })
        .Case<ms::SoftmaxOp>([&](auto) {
          // exp(x - max) / sum(exp(x - max)) per row.
          auto [rowTile, bcastTile] = scratch.lookup(op);
          Value perRow = rowsOf(rowTile, rows),
                spread = rowsOf(bcastTile, rows);
          VReduceOp::create(b, loc, in(0), perRow, "max");
          VBroadcastOp::create(b, loc, perRow, spread);
          VSubOp::create(b, loc, in(0), spread, dst);
          VExpOp::create(b, loc, dst, dst);
          VReduceOp::create(b, loc, dst, perRow, "sum");
          VBroadcastOp::create(b, loc, perRow, spread);
          VDivOp::create(b, loc, dst, spread, dst);
        })
        .Case<ms::LayerNormOp>([&](ms::LayerNormOp norm) {
          // PyTorch's formula: (x - mean) * rsqrt(biased var + eps) * gamma
          // + beta over each row.
          auto [rowTile, bcastTile] = scratch.lookup(op);
          Value perRow = rowsOf(rowTile, rows),
                spread = rowsOf(bcastTile, rows);
          TypedAttr invK = b.getFloatAttr(elt, 1.0 / double(g.k));
          VReduceOp::create(b, loc, in(0), perRow, "sum");
          VMulsOp::create(b, loc, perRow, perRow, invK);
          VBroadcastOp::create(b, loc, perRow, spread);
          VSubOp::create(b, loc, in(0), spread, dst);
          VMulOp::create(b, loc, dst, dst, spread);
          VReduceOp::create(b, loc, spread, perRow, "sum");
          VMulsOp::create(b, loc, perRow, perRow, invK);
          VAddsOp::create(
              b, loc, perRow, perRow,
              b.getFloatAttr(elt, norm.getEpsilon().convertToDouble()));
          VRsqrtOp::create(b, loc, perRow, perRow);
          VBroadcastOp::create(b, loc, perRow, spread);
          VMulOp::create(b, loc, dst, spread, dst);
          VMulOp::create(b, loc, dst, in(1), dst);
          VAddOp::create(b, loc, dst, in(2), dst);
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
  llvm::DenseMap<Value, Value> current;
  llvm::DenseSet<Value> broadcastDone;
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

std::string mlir::ascend::vectorKernelKey(ms::FusionOp group) {
  std::string key;
  llvm::raw_string_ostream os(key);
  Block &body = group.getBody().front();
  llvm::DenseMap<Value, unsigned> numbers;
  os << group.getKind() << "(";
  for (BlockArgument arg : body.getArguments()) {
    numbers[arg] = numbers.size();
    os << arg.getType() << ",";
  }
  os << ")";
  for (Operation &op : body) {
    os << op.getName() << "(";
    for (Value operand : op.getOperands())
      os << numbers.lookup(operand) << ",";
    os << ")" << op.getRawDictionaryAttrs();
    for (Value result : op.getResults()) {
      numbers[result] = numbers.size();
      os << result.getType() << ";";
    }
  }
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

FailureOr<KernelOp> mlir::ascend::buildVectorKernel(ms::FusionOp group,
                                                    const AICoreTarget &target,
                                                    std::string &why) {
  VectorGroup g(group);
  if (failed(g.analyze(why)))
    return failure();

  int64_t capacity = target.memories.ub.capacity;
  // Largest rows per tile whose buffers fit UB (the UB need grows with rows).
  int64_t lo = 1, hi = g.m;
  if (ubBytes(g, 1, target) > capacity) {
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

  // Ranked by modeled cycles, then (when HBM bounds several candidates
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
          schedule->cycles, schedule->blockCycles, -rows};
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
