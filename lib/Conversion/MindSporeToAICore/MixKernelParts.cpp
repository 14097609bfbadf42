//===- MixKernelParts.cpp - Pieces the MIX kernel builders share ----------===//
//
// See MixKernelParts.h.
//
//===----------------------------------------------------------------------===//
#include "MixKernelParts.h"
#include "CubeKernels.h"
#include "ascend/Conversion/MindSporeToAICore/MixKernels.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

Type mix::elementOf(Value v) {
  return cast<ShapedType>(v.getType()).getElementType();
}
int64_t mix::elementBytes(Type t) {
  return llvm::divideCeil(t.getIntOrFloatBitWidth(), 8);
}
int64_t mix::numel(Value v) {
  return cast<RankedTensorType>(v.getType()).getNumElements();
}
ArrayRef<int64_t> mix::shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}
std::string mix::shapeText(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}
bool mix::isSplat(Value v) {
  if (auto c = v.getDefiningOp<ms::ConstantOp>())
    if (auto dense = dyn_cast<DenseElementsAttr>(c.getValue()))
      return dense.isSplat();
  return false;
}
TypedAttr mix::splatValue(Value v) {
  auto c = v.getDefiningOp<ms::ConstantOp>();
  return cast<DenseElementsAttr>(c.getValue()).getSplatValue<TypedAttr>();
}

Value mix::indexConstant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}
Value mix::materializeIndex(OpBuilder &b, Location loc, OpFoldResult v) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return indexConstant(b, loc, *c);
  return cast<Value>(v);
}
Value mix::addIndex(OpBuilder &b, Location loc, OpFoldResult base,
                    int64_t offset) {
  if (std::optional<int64_t> c = getConstantIntValue(base))
    return indexConstant(b, loc, *c + offset);
  if (!offset)
    return cast<Value>(base);
  return arith::AddIOp::create(b, loc, cast<Value>(base),
                               indexConstant(b, loc, offset));
}

Value mix::block(OpBuilder &b, Location loc, Value source, OpFoldResult row,
                 OpFoldResult col, int64_t rows, int64_t cols) {
  auto type = cast<MemRefType>(source.getType());
  if (getConstantIntValue(row) == 0 && getConstantIntValue(col) == 0 &&
      type.getDimSize(0) == rows && type.getDimSize(1) == cols)
    return source;
  SmallVector<OpFoldResult> offsets{row, col};
  SmallVector<OpFoldResult> sizes{b.getIndexAttr(rows), b.getIndexAttr(cols)};
  SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
  return memref::SubViewOp::create(b, loc, source, offsets, sizes, strides);
}
Value mix::tile(OpBuilder &b, Location loc, Value buffer, int64_t rows,
                int64_t cols) {
  return block(b, loc, buffer, b.getIndexAttr(0), b.getIndexAttr(0), rows,
               cols);
}

Value mix::workspaceSlotRow(OpBuilder &b, Location loc, Value tileNumber,
                            int64_t blockDim, int64_t slotRows) {
  Value blocks = indexConstant(b, loc, blockDim);
  Value slot = arith::RemUIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, tileNumber, blocks),
      indexConstant(b, loc, kMixWorkspaceSlots));
  return arith::MulIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(
              b, loc, arith::RemUIOp::create(b, loc, tileNumber, blocks),
              indexConstant(b, loc, kMixWorkspaceSlots)),
          slot),
      indexConstant(b, loc, slotRows));
}

void mix::writeTileToSlot(OpBuilder &b, Location loc, Value acc,
                          llvm::function_ref<Value()> slotView) {
  CrossCoreWaitFlagOp::create(b, loc, Pipe::FIX, kMixSlotFree);
  Value dst = slotView();
  CopyOp::create(b, loc, acc, dst);
  CrossCoreSetFlagOp::create(b, loc, Pipe::FIX, kMixTileReady);
}

void mix::emitVectorCoreStart(OpBuilder &b, Location loc) {
  for (int64_t u = 0; u < 2; ++u) {
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, u);
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, u);
  }
  for (int64_t c = 0; c < kMixWorkspaceSlots; ++c)
    CrossCoreSetFlagOp::create(b, loc, Pipe::MTE2, kMixSlotFree);
}

void mix::splitOverVectorCores(
    OpBuilder &b, Location loc, int64_t count, int &counter,
    llvm::function_ref<void()> beforeBranch,
    llvm::function_ref<void(OpBuilder &, int64_t, int64_t)> half) {
  int64_t first = llvm::divideCeil(count, 2);
  Value sub = SubBlockIdxOp::create(b, loc, b.getIndexType());
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, sub,
                                       indexConstant(b, loc, 0));
  if (beforeBranch)
    beforeBranch();
  auto branch = scf::IfOp::create(b, loc, isFirst, /*withElse=*/true);
  int start = counter;
  {
    OpBuilder tb = OpBuilder::atBlockTerminator(branch.thenBlock());
    half(tb, 0, first);
  }
  int afterFirst = counter;
  counter = start;
  {
    OpBuilder eb = OpBuilder::atBlockTerminator(branch.elseBlock());
    half(eb, first, count - first);
  }
  counter = std::max(counter, afterFirst);
}

void mix::buildVectorChunks(OpBuilder &b, Location loc, int64_t rowOffset,
                            int64_t count, int64_t chunkRows, int &counter,
                            const VectorChunkStages &stages) {
  CrossCoreWaitFlagOp::create(b, loc, Pipe::MTE2, kMixTileReady);
  int64_t chunks = llvm::divideCeil(count, chunkRows);
  if (!chunks)
    CrossCoreSetFlagOp::create(b, loc, Pipe::MTE2, kMixSlotFree);
  for (int64_t q = 0; q < chunks; ++q) {
    VectorChunk c;
    c.rows = std::min(chunkRows, count - q * chunkRows);
    c.row0 = rowOffset + q * chunkRows;
    c.u = counter++ % 2;
    c.gmRow = stages.locate(b, c.row0);
    // CopyIn (MTE2).
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, c.u);
    stages.copyIn(b, c);
    if (q == chunks - 1)
      CrossCoreSetFlagOp::create(b, loc, Pipe::MTE2, kMixSlotFree);
    SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, c.u);

    // Compute (V).
    WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, c.u);
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, c.u);
    stages.compute(b, c);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, c.u);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, c.u);

    // CopyOut (MTE3).
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, c.u);
    stages.copyOut(b, c);
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, c.u);
  }
}

void mix::emitElementwiseChain(OpBuilder &b, Location loc,
                               ArrayRef<Operation *> ops,
                               llvm::DenseMap<Value, Value> &current,
                               llvm::function_ref<bool(Operation *)> isView,
                               llvm::function_ref<Value(Value)> dst,
                               llvm::function_ref<Value(Value)> splatTile) {
  for (Operation *op : ops) {
    Value r = op->getResult(0);
    if (isView && isView(op)) {
      current[r] = current.lookup(op->getOperand(0));
      continue;
    }
    Value out = dst(r);
    auto in = [&](unsigned i) -> Value {
      Value v = op->getOperand(i);
      if (isSplat(v))
        return splatTile(v);
      return current.lookup(v);
    };
    emitElementwiseVectorOps(b, loc, op, out, in,
                             [&](unsigned i) -> TypedAttr {
                               Value v = op->getOperand(i);
                               return isSplat(v) &&
                                              vectorOpTakesImmediate(op, i)
                                          ? splatValue(v)
                                          : TypedAttr();
                             });
    current[r] = out;
  }
}

void mix::allocateChainBuffers(ArrayRef<Operation *> ops,
                               ArrayRef<Value> outputs,
                               llvm::function_ref<bool(Operation *)> isView,
                               llvm::function_ref<void(Value, int64_t)> output,
                               llvm::function_ref<void(Value)> temp,
                               llvm::function_ref<void(Value)> splat) {
  for (Operation *op : ops) {
    if (isView && isView(op))
      continue;
    Value r = op->getResult(0);
    auto it = llvm::find(outputs, r);
    if (it != outputs.end())
      output(r, it - outputs.begin());
    else
      temp(r);
    for (auto [i, v] : llvm::enumerate(op->getOperands()))
      if (isSplat(v) && !vectorOpTakesImmediate(op, i))
        splat(v);
  }
}

std::optional<mix::TileInput> mix::classifyTileInput(Operation *op,
                                                     unsigned i,
                                                     BlockArgument arg,
                                                     int64_t rows,
                                                     int64_t cols) {
  ArrayRef<int64_t> s = cast<RankedTensorType>(arg.getType()).getShape();
  ArrayRef<int64_t> result =
      cast<RankedTensorType>(op->getResult(0).getType()).getShape();
  int64_t count = numel(arg);
  if (count == rows * cols && s.size() <= result.size() &&
      s == result.take_back(s.size()))
    return TileInput::Full;
  if (count == 1 && s.size() <= 2)
    return TileInput::Scalar;
  if (isa<ms::BiasAddOp>(op) && i == 1)
    return s.size() == 1 && s[0] == cols && result.size() == 2
               ? std::optional(TileInput::Row)
               : std::nullopt;
  // A row varies along the last axis only, which must be the columns.
  if (!s.empty() && s.back() == cols && count == cols &&
      s.size() <= result.size() && !result.empty() && result.back() == cols &&
      s.size() <= 2)
    return TileInput::Row;
  if (result == ArrayRef<int64_t>{rows, cols} &&
      s == ArrayRef<int64_t>{rows, 1})
    return TileInput::Column;
  return std::nullopt;
}
