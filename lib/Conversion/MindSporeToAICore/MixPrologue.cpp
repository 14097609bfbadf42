//===- MixPrologue.cpp - MIX kernels: work on the MatMul operands ---------===//
//
// The analysis of a mix group's prologue (the ops computing a MatMul
// operand inside the group) and the Vector part that computes an
// elementwise one; see MixPrologue.h and docs/AICoreKernels.md.
//
// Per output tile (the block's j-th, slot j mod 2 of the block's two), one
// tile ahead of the Cube (MixKernels.cpp emits the block's first tile at
// the start and tile j + 1 in tile j's hand-off, before its epilogue):
//
//   AIV i (aicore.on_core aiv), rows [i * ceil(R / 2), ...) of the tile's
//   R operand rows, per UB chunk (ping-pong buffer u, the Vector kernels'
//   intra-core flags):
//     MTE2: the inputs' [rows, cols] blocks (rows / columns / scalars
//           broadcast) -> UB
//     V:    the prologue's Vector ops
//     [first chunk: cross_core_wait_flag mte3, free]   the slot is free
//     MTE3: UB -> workspace slot rows
//   cross_core_set_flag mte3, ready                    rows in the slot
//   AIC: cross_core_wait_flag mte2, ready; the tile's K loop reads the slot;
//        cross_core_set_flag mte2, free after its last load.
//
//===----------------------------------------------------------------------===//
#include "MixPrologue.h"
#include "MixKernelParts.h"
#include "PermutedTiles.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;
using namespace mlir::ascend::mix;

namespace {

LogicalResult fail(std::string &why, const Twine &text) {
  why = text.str();
  return failure();
}

/// Whether `t` swaps the last two axes of a tensor whose other axes are all
/// 1 (a 2-D transpose in another shape).
bool swapsLastTwoAxes(ms::TransposeOp t) {
  ArrayRef<int64_t> perm = t.getPerm();
  auto in = cast<RankedTensorType>(t.getInput().getType());
  int64_t r = perm.size();
  if (r < 2 || perm[r - 2] != r - 1 || perm[r - 1] != r - 2)
    return false;
  for (int64_t d = 0; d + 2 < r; ++d)
    if (perm[d] != d || in.getDimSize(d) != 1)
      return false;
  return true;
}

} // namespace

LogicalResult mlir::ascend::analyzeOperandPrologue(ms::MatMulOp matmul,
                                                   unsigned index,
                                                   OperandPrologue &p,
                                                   std::string &why) {
  Value v = matmul->getOperand(index);
  p.index = index;
  p.operand = v;
  Operation *def = v.getDefiningOp();
  if (!def || isa<ms::TransDataOp>(def)) {
    p.kind = OperandPrologue::Kind::None;
    return success();
  }
  StringRef which = index == 0 ? "A" : "B";
  Block *body = matmul->getBlock();
  SmallVector<Value> work{v};
  while (!work.empty()) {
    Operation *d = work.pop_back_val().getDefiningOp();
    if (!d || d->getBlock() != body || isa<ms::ConstantOp>(d) ||
        !p.slice.insert(d).second)
      continue;
    for (Value o : d->getOperands())
      work.push_back(o);
  }
  for (Operation *op : p.slice) {
    if (isa<ms::TransDataOp>(op))
      return fail(why, "its MatMul's " + which +
                           " operand is computed from a TransData inside "
                           "the group");
    for (OpOperand &use : op->getUses()) {
      Operation *user = use.getOwner();
      if (p.slice.contains(user) ||
          (user == matmul.getOperation() && use.getOperandNumber() == index))
        continue;
      return fail(why, "a value its MatMul's " + which +
                           " operand is computed from is also used by '" +
                           user->getName().stripDialect() +
                           "' (only the MatMul may read a prologue)");
    }
  }

  // A constant operand made in the group (a cumsum's triangle): no group
  // input for the Cube to load it from.
  if (p.slice.empty())
    return fail(why, "its MatMul's " + which +
                         " operand is a constant inside the group (the Cube "
                         "loads its operands from the group's inputs)");

  // Views, and at most one swap of the last two axes: no data moves.
  bool onlyViews = llvm::all_of(p.slice, [](Operation *op) {
    return ms::isViewOp(op) || isa<ms::TransposeOp>(op);
  });
  if (onlyViews) {
    Value cur = v;
    bool transposed = false;
    while (Operation *d = cur.getDefiningOp()) {
      if (ms::isViewOp(d)) {
        cur = d->getOperand(0);
        continue;
      }
      auto t = cast<ms::TransposeOp>(d);
      auto resultShape =
          cast<RankedTensorType>(t.getResult().getType()).getShape();
      if (transposed || !swapsLastTwoAxes(t) ||
          cast<RankedTensorType>(v.getType()).getShape() !=
              resultShape.take_back(2)) {
        std::string perm;
        llvm::raw_string_ostream os(perm);
        os << "[";
        llvm::interleaveComma(t.getPerm(), os);
        os << "]";
        return fail(why, "its MatMul's " + which + " operand is a Transpose " +
                             perm + " of a " +
                             shapeText(cast<RankedTensorType>(
                                           t.getInput().getType())
                                           .getShape()) +
                             " tensor, which moves rows or columns (only a "
                             "swap of the last two axes folds into the "
                             "Cube's load, as transpose_a/transpose_b)");
      }
      transposed = true;
      cur = t.getInput();
    }
    p.kind = OperandPrologue::Kind::View;
    p.source = cast<BlockArgument>(cur);
    p.transposed = transposed;
    return success();
  }

  // Elementwise work on the Vector cores.
  for (Operation *op : p.slice)
    if (isa<ms::TransposeOp>(op))
      return fail(why, "its MatMul's " + which +
                           " operand is computed with a Transpose among "
                           "elementwise primitives (only views and a swap of "
                           "the last two axes fold into the Cube's loads)");
  if (index == 0 && matmul.getTransposeA())
    return fail(why, "an elementwise prologue on a transposed A ([K, M], "
                     "transpose_a) is not computed: the workspace slots hold "
                     "whole rows of the operand as the Cube reads it");
  if (index == 1 && !matmul.getTransposeB())
    return fail(why, "an elementwise prologue on B needs transpose_b (B as "
                     "[N, K]): the workspace slots hold whole rows of the "
                     "operand as the Cube reads it");
  auto type = cast<RankedTensorType>(v.getType());
  p.rows = type.getDimSize(0);
  p.cols = type.getDimSize(1);
  p.elementType = type.getElementType();
  int64_t size = p.rows * p.cols;
  llvm::DenseSet<Value> computed;
  for (Operation &op : *body)
    if (p.slice.contains(&op))
      p.ops.push_back(&op);
  for (Operation *op : p.ops) {
    StringRef name = op->getName().stripDialect();
    if (ms::isViewOp(op)) {
      Value in = op->getOperand(0);
      auto arg = dyn_cast<BlockArgument>(in);
      if (!(computed.contains(in) || arg) || numel(in) != size)
        return fail(why, "'" + name + "' in the prologue of " + which +
                             " views a value that is not the operand's " +
                             shapeText({p.rows, p.cols}) + " elements");
      if (arg) {
        auto [it, inserted] = p.inputs.try_emplace(arg, PrologueInput::Full);
        if (it->second != PrologueInput::Full)
          return fail(why, "an input of the prologue is used in two ways");
      }
      computed.insert(op->getResult(0));
      p.views.insert(op);
      continue;
    }
    if (failed(checkVectorPrimitive(op, why)))
      return failure();
    if (op->getNumResults() != 1 || numel(op->getResult(0)) != size)
      return fail(why, "'" + name + "' in the prologue of " + which +
                           " computes a value of another size than the "
                           "operand's " +
                           shapeText({p.rows, p.cols}));
    computed.insert(op->getResult(0));
    for (auto [i, in] : llvm::enumerate(op->getOperands())) {
      if (computed.contains(in) || isSplat(in))
        continue;
      auto arg = dyn_cast<BlockArgument>(in);
      if (!arg)
        return fail(why, "'" + name + "' in the prologue of " + which +
                             " reads a value the prologue does not compute");
      std::optional<PrologueInput> role =
          mix::classifyTileInput(op, i, arg, p.rows, p.cols);
      if (!role)
        return fail(why, "a prologue input of shape " +
                             shapeText(cast<RankedTensorType>(arg.getType())
                                           .getShape()) +
                             " is neither the operand shape " +
                             shapeText({p.rows, p.cols}) +
                             " nor a row, a column or a scalar of it");
      auto [it, inserted] = p.inputs.try_emplace(arg, *role);
      if (!inserted && it->second != *role)
        return fail(why, "an input of the prologue is used in two ways");
    }
  }
  p.kind = OperandPrologue::Kind::Compute;
  return success();
}

/// The op whose result is the operand (through views).
static Operation *rootOf(const OperandPrologue &p) {
  Value root = p.operand;
  while (Operation *d = root.getDefiningOp()) {
    if (!p.views.contains(d))
      return d;
    root = d->getOperand(0);
  }
  return nullptr;
}

PrologueChunk mlir::ascend::choosePrologueChunk(const OperandPrologue &p,
                                                int64_t budget,
                                                int64_t maxRows,
                                                int64_t alignment) {
  Operation *root = rootOf(p);
  for (int64_t width = llvm::alignTo(p.cols, 16); width >= 16;
       width = llvm::alignTo(width / 2, 16)) {
    int64_t perRow = 0, fixed = 0, buffers = 0;
    auto add = [&](int64_t rowBytes, int64_t fixedBytes, int64_t count) {
      perRow += count * rowBytes;
      fixed += count * fixedBytes;
      buffers += count;
    };
    for (auto &[arg, role] : p.inputs) {
      int64_t eb = elementBytes(elementOf(arg));
      if (role == PrologueInput::Full) {
        add(width * eb, 0, 2);
        continue;
      }
      add(width * eb, 0, 1); // the broadcast tile
      if (role == PrologueInput::Row)
        add(0, width * eb, 2);
      if (role == PrologueInput::Column)
        add(eb, 0, 2);
      if (role == PrologueInput::Scalar)
        add(0, eb, 1);
    }
    llvm::DenseSet<Value> splats;
    for (Operation *op : p.ops) {
      if (p.views.contains(op))
        continue;
      add(width * elementBytes(elementOf(op->getResult(0))), 0,
          op == root ? 2 : 1);
      for (auto [i, v] : llvm::enumerate(op->getOperands()))
        if (isSplat(v) && !vectorOpTakesImmediate(op, i) &&
            splats.insert(v).second)
          add(width * elementBytes(elementOf(v)), 0, 1);
    }
    int64_t room = budget - fixed - buffers * alignment;
    if (room >= perRow) {
      PrologueChunk c;
      c.cols = width;
      c.rows = std::min(maxRows, room / perRow);
      c.bytes = c.rows * perRow + fixed + buffers * alignment;
      return c;
    }
    if (width == 16)
      break;
  }
  return {};
}

//===----------------------------------------------------------------------===//
// PrologueBuilder
//===----------------------------------------------------------------------===//

namespace {
Value plus(OpBuilder &b, Location loc, Value base, int64_t offset) {
  if (!offset)
    return base;
  return arith::AddIOp::create(b, loc, base, indexConstant(b, loc, offset));
}
} // namespace

void PrologueBuilder::allocate(OpBuilder &b,
                               llvm::function_ref<Value(Value)> gmArg) {
  std::string base = "p" + std::to_string(number);
  auto alloc = [&](ArrayRef<int64_t> shape, Type elt, const Twine &name) {
    auto type = MemRefType::get(
        shape, elt, MemRefLayoutAttrInterface{},
        AddressSpaceAttr::get(b.getContext(), AddressSpace::UB));
    auto op = AllocOp::create(b, loc, type);
    op->setAttr(kBufferNameAttr, b.getStringAttr(name.str()));
    return op.getResult();
  };
  auto pingPong = [&](ArrayRef<int64_t> shape, Type elt, const Twine &name) {
    return std::array<Value, 2>{alloc(shape, elt, name + ".ping"),
                                alloc(shape, elt, name + ".pong")};
  };
  int64_t ch = chunk.rows, w = chunk.cols;
  unsigned index = 0;
  for (auto &[arg, role] : p.inputs) {
    Type elt = elementOf(arg);
    std::string name = base + ".in" + std::to_string(index++);
    Value gm = gmArg(arg);
    switch (role) {
    case PrologueInput::Full:
      full[arg] = pingPong({ch, w}, elt, name);
      gmViews[arg] = viewAs(b, loc, gm, {p.rows, p.cols});
      break;
    case PrologueInput::Row:
      small[arg] = pingPong({1, w}, elt, name);
      gmViews[arg] = viewAs(b, loc, gm, {1, p.cols});
      break;
    case PrologueInput::Column:
      small[arg] = pingPong({ch, 1}, elt, name);
      gmViews[arg] = viewAs(b, loc, gm, {p.rows, 1});
      break;
    case PrologueInput::Scalar: {
      Value once = alloc({1, 1}, elt, name + ".once");
      small[arg] = {once, once};
      gmViews[arg] = viewAs(b, loc, gm, {1, 1});
      break;
    }
    }
    if (role != PrologueInput::Full)
      bcast[arg] = alloc({ch, w}, elt, name + ".bcast");
  }
  // The root's result goes to the ping-pong buffers `out`.
  SmallVector<Value, 1> rootResult;
  if (Operation *root = rootOf(p))
    rootResult.push_back(root->getResult(0));
  allocateChainBuffers(
      p.ops, rootResult, [&](Operation *op) { return p.views.contains(op); },
      [&](Value r, int64_t) {
        out = pingPong({ch, w}, elementOf(r), base + ".out");
      },
      [&](Value r) {
        temps[r] = alloc({ch, w}, elementOf(r),
                         base + ".t" + std::to_string(temps.size()));
      },
      [&](Value v) {
        if (!splatTiles.count(v))
          splatTiles[v] = alloc({ch, w}, elementOf(v),
                                base + ".splat" +
                                    std::to_string(splatTiles.size()));
      });
}

void PrologueBuilder::buildAIVStart(OpBuilder &b, int64_t scalarEvent) {
  bool anyScalar = false;
  for (auto &[arg, role] : p.inputs)
    if (role == PrologueInput::Scalar) {
      CopyOp::create(b, loc, gmViews[arg], small[arg][0]);
      anyScalar = true;
    }
  if (anyScalar) {
    SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, scalarEvent);
    WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, scalarEvent);
  }
  for (auto &[value, t] : splatTiles)
    VDupOp::create(b, loc, t, splatValue(value));
}

void PrologueBuilder::buildAICStart(OpBuilder &b) {
  for (int slot = 0; slot < 2; ++slot)
    CrossCoreSetFlagOp::create(b, loc, Pipe::MTE2, freeFlag);
}
void PrologueBuilder::buildAIVEnd(OpBuilder &b) {
  for (int slot = 0; slot < 2; ++slot)
    CrossCoreWaitFlagOp::create(b, loc, Pipe::MTE3, freeFlag);
}
void PrologueBuilder::buildAICWait(OpBuilder &b) {
  CrossCoreWaitFlagOp::create(b, loc, Pipe::MTE2, readyFlag);
}
void PrologueBuilder::buildAICLoaded(OpBuilder &b) {
  CrossCoreSetFlagOp::create(b, loc, Pipe::MTE2, freeFlag);
}

void PrologueBuilder::buildTile(OpBuilder &b, Value row0, int64_t count,
                                Value slots, Value slotRow, int &counter) {
  auto part = OnCoreOp::create(b, loc, CoreType::AIV);
  part.getBody().emplaceBlock();
  OpBuilder vb = OpBuilder::atBlockBegin(&part.getBody().front());
  splitOverVectorCores(vb, loc, count, counter, nullptr,
                       [&](OpBuilder &hb, int64_t offset, int64_t rows) {
                         buildHalf(hb, row0, offset, rows, slots, slotRow,
                                   counter);
                       });
}

void PrologueBuilder::buildHalf(OpBuilder &b, Value row0, int64_t rowOffset,
                                int64_t count, Value slots, Value slotRow,
                                int &counter) {
  int64_t ch = chunk.rows, w = chunk.cols;
  if (!count) {
    // No rows for this AIV: its flags still balance the AIC's.
    CrossCoreWaitFlagOp::create(b, loc, Pipe::MTE3, freeFlag);
    CrossCoreSetFlagOp::create(b, loc, Pipe::MTE3, readyFlag);
    return;
  }
  int64_t rowChunks = llvm::divideCeil(count, ch),
          colChunks = llvm::divideCeil(p.cols, w);
  bool waited = false;
  for (int64_t q = 0; q < rowChunks; ++q) {
    for (int64_t cc = 0; cc < colChunks; ++cc) {
      int64_t rows = std::min(ch, count - q * ch), r0 = rowOffset + q * ch;
      int64_t cols = std::min(w, p.cols - cc * w), c0 = cc * w;
      int64_t u = counter++ % 2;
      OpFoldResult zero = b.getIndexAttr(0), col = b.getIndexAttr(c0);
      Value gmRow = plus(b, loc, row0, r0);
      // CopyIn (MTE2).
      WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, u);
      for (auto &[arg, role] : p.inputs) {
        Value gm = gmViews[arg];
        switch (role) {
        case PrologueInput::Full:
          CopyOp::create(b, loc, block(b, loc, gm, gmRow, col, rows, cols),
                         tile(b, loc, full[arg][u], rows, cols));
          break;
        case PrologueInput::Row:
          CopyOp::create(b, loc, block(b, loc, gm, zero, col, 1, cols),
                         tile(b, loc, small[arg][u], 1, cols));
          break;
        case PrologueInput::Column:
          CopyOp::create(b, loc, block(b, loc, gm, gmRow, zero, rows, 1),
                         tile(b, loc, small[arg][u], rows, 1));
          break;
        case PrologueInput::Scalar:
          break;
        }
      }
      SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, u);

      // Compute (V).
      WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, u);
      WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, u);
      llvm::DenseMap<Value, Value> current;
      for (auto &[arg, role] : p.inputs) {
        if (role == PrologueInput::Full) {
          current[arg] = tile(b, loc, full[arg][u], rows, cols);
          continue;
        }
        Value src = role == PrologueInput::Row
                        ? tile(b, loc, small[arg][u], 1, cols)
                    : role == PrologueInput::Column
                        ? tile(b, loc, small[arg][u], rows, 1)
                        : small[arg][0];
        Value spread = tile(b, loc, bcast[arg], rows, cols);
        VBroadcastOp::create(b, loc, src, spread);
        current[arg] = spread;
      }
      Operation *root = rootOf(p);
      emitElementwiseChain(
          b, loc, p.ops, current,
          [&](Operation *op) { return p.views.contains(op); },
          [&](Value r) {
            return r.getDefiningOp() == root
                       ? tile(b, loc, out[u], rows, cols)
                       : tile(b, loc, temps[r], rows, cols);
          },
          [&](Value v) {
            return tile(b, loc, splatTiles.lookup(v), rows, cols);
          });
      SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, u);
      SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, u);

      // CopyOut (MTE3) into the workspace slot, once the AIC has loaded
      // what the slot held before.
      WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, u);
      if (!waited) {
        CrossCoreWaitFlagOp::create(b, loc, Pipe::MTE3, freeFlag);
        waited = true;
      }
      CopyOp::create(b, loc, tile(b, loc, out[u], rows, cols),
                     block(b, loc, slots, plus(b, loc, slotRow, r0), col,
                           rows, cols));
      SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, u);
    }
  }
  CrossCoreSetFlagOp::create(b, loc, Pipe::MTE3, readyFlag);
}
