//===- SliceKernels.cpp - Split and StridedSlice as copy kernels ----------===//
//
// A `vector` fusion group whose body is one Split, or one StridedSlice with
// unit strides that cuts at most one axis, moves data and computes nothing:
// every result is the slice input[..., b : b + n, ...] of one axis. With
// `outer` the product of the dimensions before that axis, `A` its size and
// `inner` the product of those after it, the input is the `[outer, A *
// inner]` matrix and each result the column window `[outer, n * inner]` at
// column `b * inner`: each AIV copies `[rows, cols]` tiles of a window GM ->
// UB (MTE2, one strided copy) and UB -> GM (MTE3, contiguous rows), two UB
// buffers in turn. The tiles of all results are numbered one after another
// and dealt to the vector cores round robin. See docs/AICoreKernels.md,
// "Splits and slices".
//
//===----------------------------------------------------------------------===//
#include "PermutedTiles.h"
#include "MixKernelParts.h"
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ascend;
using mlir::ascend::mix::indexConstant;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

namespace {
/// The one op of a slice group, or null: a Split or StridedSlice of the
/// group's one input, or a Concat of its inputs (each operand one of them,
/// an input may be joined more than once).
Operation *sliceOpOf(ms::FusionOp group) {
  Block &body = group.getBody().front();
  if (!llvm::hasSingleElement(body.without_terminator()))
    return nullptr;
  Operation *op = &body.front();
  if (isa<ms::ConcatOp>(op)) {
    if (!llvm::all_of(op->getOperands(), [&](Value v) {
          auto arg = dyn_cast<BlockArgument>(v);
          return arg && arg.getOwner() == &body;
        }))
      return nullptr;
  } else if (group.getInputs().size() != 1 ||
             !isa<ms::SplitOp, ms::StridedSliceOp>(op) ||
             op->getOperand(0) != body.getArgument(0)) {
    return nullptr;
  }
  auto yield = cast<ms::YieldOp>(body.getTerminator());
  if (!llvm::equal(yield.getValues(), op->getResults()))
    return nullptr;
  return op;
}

/// The cut axis and, per result, the first index along it; the input
/// shape's axis is taken whole when nothing is cut.
struct SliceWindows {
  int64_t axis = 0;
  SmallVector<int64_t> begins, sizes;
};

FailureOr<SliceWindows> windowsOf(Operation *op, std::string &why) {
  auto inType = cast<RankedTensorType>(op->getOperand(0).getType());
  ArrayRef<int64_t> shape = inType.getShape();
  int64_t rank = shape.size();
  SliceWindows w;
  if (auto concat = dyn_cast<ms::ConcatOp>(op)) {
    // The windows of the result that the inputs fill.
    rank = cast<RankedTensorType>(concat.getResult().getType()).getRank();
    int64_t axis = concat.getAxis();
    if (axis < 0)
      axis += rank;
    if (rank == 0 || axis < 0 || axis >= rank) {
      why = "'concat' axis out of range";
      return failure();
    }
    w.axis = axis;
    int64_t at = 0;
    for (Type t : op->getOperandTypes()) {
      int64_t n = cast<RankedTensorType>(t).getDimSize(axis);
      w.begins.push_back(at);
      w.sizes.push_back(n);
      at += n;
    }
    return w;
  }
  if (auto split = dyn_cast<ms::SplitOp>(op)) {
    int64_t axis = split.getAxis();
    if (axis < 0)
      axis += rank;
    if (rank == 0 || axis < 0 || axis >= rank) {
      why = "'split' axis out of range";
      return failure();
    }
    w.axis = axis;
    int64_t at = 0;
    for (Type t : op->getResultTypes()) {
      int64_t n = cast<RankedTensorType>(t).getDimSize(axis);
      w.begins.push_back(at);
      w.sizes.push_back(n);
      at += n;
    }
    return w;
  }
  auto slice = cast<ms::StridedSliceOp>(op);
  ArrayRef<int64_t> begin = slice.getBegin(), end = slice.getEnd(),
                    strides = slice.getStrides();
  if (int64_t(begin.size()) != rank || int64_t(end.size()) != rank ||
      int64_t(strides.size()) != rank) {
    why = "'strided_slice' bounds do not match the input's rank";
    return failure();
  }
  if (llvm::any_of(strides, [](int64_t s) { return s != 1; })) {
    why = "'strided_slice' with a stride other than 1 is not a copy of "
          "contiguous runs (it needs a Vector gather)";
    return failure();
  }
  int64_t cut = -1;
  for (int64_t d = 0; d < rank; ++d) {
    if (begin[d] == 0 && end[d] == shape[d])
      continue;
    if (cut >= 0) {
      why = "'strided_slice' cuts more than one axis (axes " +
            std::to_string(cut) + " and " + std::to_string(d) +
            "); a copy kernel covers a slice of one axis";
      return failure();
    }
    cut = d;
  }
  w.axis = cut >= 0 ? cut : 0;
  w.begins.push_back(rank ? begin[w.axis] : 0);
  w.sizes.push_back(rank ? end[w.axis] - begin[w.axis] : 1);
  return w;
}

Value box(OpBuilder &b, Location loc, Value m, OpFoldResult row,
          OpFoldResult col, int64_t rows, int64_t cols) {
  return memref::SubViewOp::create(
      b, loc, m, ArrayRef<OpFoldResult>{row, col},
      ArrayRef<OpFoldResult>{b.getIndexAttr(rows), b.getIndexAttr(cols)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
}
} // namespace

bool mlir::ascend::isSliceCopyGroup(ms::FusionOp group) {
  return sliceOpOf(group) != nullptr;
}

FailureOr<KernelOp>
mlir::ascend::buildSliceCopyKernel(ms::FusionOp group,
                                   const AICoreTarget &target,
                                   std::string &why) {
  Operation *op = sliceOpOf(group);
  FailureOr<SliceWindows> windows = windowsOf(op, why);
  if (failed(windows)) {
    // A strided box (a stride other than 1, several cut axes).
    if (auto slice = dyn_cast<ms::StridedSliceOp>(op);
        slice && int64_t(slice.getStrides().size()) ==
                     cast<RankedTensorType>(slice.getInput().getType())
                         .getRank()) {
      why.clear();
      return buildStridedSliceKernel(group, slice, target, why);
    }
    return failure();
  }
  // The tensor the windows are cut from (a Split's or StridedSlice's
  // input) or put together into (a Concat's result).
  const bool concat = isa<ms::ConcatOp>(op);
  auto inType = cast<RankedTensorType>(concat ? op->getResult(0).getType()
                                              : op->getOperand(0).getType());
  Type elt = inType.getElementType();
  ArrayRef<int64_t> shape = inType.getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < int64_t(shape.size()); ++d) {
    if (d < windows->axis)
      outer *= shape[d];
    else if (d > windows->axis)
      inner *= shape[d];
  }
  int64_t axisSize = shape.empty() ? 1 : shape[windows->axis];
  if (outer == 0 || inner == 0 || axisSize == 0) {
    why = "'" + op->getName().stripDialect().str() + "' of an empty tensor";
    return failure();
  }

  // Tile shape: whole windows' rows when two fit UB, else whole 32-byte
  // blocks of columns; rows fitting two buffers, the largest that still
  // gives every vector core a tile over all results, else the largest.
  const int64_t eb = llvm::divideCeil(elt.getIntOrFloatBitWidth(), 8);
  const int64_t ub = target.memories.ub.capacity,
                align = target.memories.ub.alignment;
  int64_t widest = 1;
  for (int64_t n : windows->sizes)
    widest = std::max(widest, n * inner);
  int64_t cols = widest;
  if (2 * int64_t(llvm::alignTo(cols * eb, align)) > ub)
    cols = (ub / 2) / align * align / eb;
  auto tileCount = [&](int64_t r) {
    int64_t count = 0;
    for (int64_t n : windows->sizes)
      if (n)
        count += llvm::divideCeil(outer, r) *
                 llvm::divideCeil(n * inner, cols);
    return count;
  };
  int64_t rows = 0, fallback = 0;
  for (int64_t r = outer; r >= 1; --r) {
    if (2 * int64_t(llvm::alignTo(r * cols * eb, align)) > ub)
      continue;
    if (!fallback)
      fallback = r;
    if (tileCount(r) >= target.vectorCores) {
      rows = r;
      break;
    }
  }
  if (!rows)
    rows = fallback;
  int64_t tiles = tileCount(rows);
  int64_t blocks = std::max<int64_t>(1, std::min(target.vectorCores, tiles));

  OpBuilder b(group.getContext());
  Location loc = group.getLoc();
  SmallVector<Type> argTypes;
  for (Type t : group.getInputs().getTypes())
    argTypes.push_back(getGMType(cast<RankedTensorType>(t)));
  for (Type t : group.getResultTypes())
    argTypes.push_back(getGMType(cast<RankedTensorType>(t)));
  auto kernel = KernelOp::create(b, loc, group.getKernelName(),
                                 b.getFunctionType(argTypes, {}), blocks);
  if (StringRef(target.name) != getDefaultTarget().name)
    kernel.setChip(target.name);
  Block &entry = kernel.getBody().front();
  b.setInsertionPointToStart(&entry);
  // The whole tensor as its matrix: a Split's input, a Concat's result
  // (the kernel's last argument).
  Value whole = viewAs(b, loc, entry.getArgument(concat ? argTypes.size() - 1 : 0),
                       {outer, axisSize * inner});
  std::array<Value, 2> buffers = allocateCopyTiles(b, loc, rows, cols, elt);
  Value blockIdx = blocks > 1 ? Value(BlockIdxOp::create(b, loc,
                                                         b.getIndexType()))
                              : indexConstant(b, loc, 0);

  // A region: `count` tiles of tileRows x tileCols, `perRow` of them per
  // row of tiles, the first at (rowBase, colBase) of window `part` (a
  // Split's result, a Concat's input), which starts at column `wholeCol` of
  // the whole matrix.
  struct Region {
    Value part;
    int64_t wholeCol, rowBase, colBase, rowTiles, perRow, tileRows, tileCols;
  };
  auto emitTile = [&](OpBuilder &ob, Value i, const Region &r, int u) {
    Value row = arith::AddIOp::create(
        ob, loc, indexConstant(ob, loc, r.rowBase),
        arith::MulIOp::create(
            ob, loc,
            arith::DivUIOp::create(ob, loc, i, indexConstant(ob, loc, r.perRow)),
            indexConstant(ob, loc, rows)));
    Value col = arith::AddIOp::create(
        ob, loc, indexConstant(ob, loc, r.colBase),
        arith::MulIOp::create(
            ob, loc,
            arith::RemUIOp::create(ob, loc, i, indexConstant(ob, loc, r.perRow)),
            indexConstant(ob, loc, cols)));
    Value tile = buffers[u];
    if (r.tileRows != rows || r.tileCols != cols)
      tile = box(ob, loc, tile, ob.getIndexAttr(0), ob.getIndexAttr(0),
                 r.tileRows, r.tileCols);
    // The tile's place in the whole matrix (the window's column plus the
    // tile's).
    auto inWhole = [&]() {
      Value wholeCol = arith::AddIOp::create(
          ob, loc, col, indexConstant(ob, loc, r.wholeCol));
      return box(ob, loc, whole, row, wholeCol, r.tileRows, r.tileCols);
    };
    auto inPart = [&]() {
      return box(ob, loc, r.part, row, col, r.tileRows, r.tileCols);
    };
    WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::MTE2, u);
    CopyOp::create(ob, loc, concat ? inPart() : inWhole(), tile);
    SetFlagOp::create(ob, loc, Pipe::MTE2, Pipe::MTE3, u);
    WaitFlagOp::create(ob, loc, Pipe::MTE2, Pipe::MTE3, u);
    CopyOp::create(ob, loc, tile, concat ? inWhole() : inPart());
    SetFlagOp::create(ob, loc, Pipe::MTE3, Pipe::MTE2, u);
  };
  int64_t offset = 0;
  for (auto [k, n] : llvm::enumerate(windows->sizes)) {
    int64_t width = n * inner;
    if (!width)
      continue;
    Value part = viewAs(
        b, loc,
        entry.getArgument(
            concat ? cast<BlockArgument>(op->getOperand(k)).getArgNumber()
                   : 1 + k),
        {outer, width});
    int64_t wholeCol = windows->begins[k] * inner;
    SmallVector<Region> regions;
    for (auto [tileRows, rowTiles, rowBase] : copyTileRegions(outer, rows))
      for (auto [tileCols, perRow, colBase] : copyTileRegions(width, cols))
        if (rowTiles && perRow)
          regions.push_back({part, wholeCol, rowBase, colBase, rowTiles,
                             perRow, tileRows, tileCols});
    for (const Region &r : regions) {
      int64_t count = r.rowTiles * r.perRow;
      // Block b takes the tiles t (numbered across regions and results)
      // with t mod blocks == b, in pairs on the two buffers.
      dealCopyTiles(b, loc, blockIdx, blocks, offset, count,
                    [&](OpBuilder &ob, Value i, int u) {
                      emitTile(ob, i, r, u);
                    });
      offset += count;
    }
  }
  for (int u = 0; u < 2; ++u)
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::MTE2, u);
  ReturnOp::create(b, loc);
  Builder attrs(group.getContext());
  kernel->setAttr(
      "aicore.tile",
      attrs.getDictionaryAttr(
          {attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(rows)),
           attrs.getNamedAttr("cols", attrs.getI64IntegerAttr(cols)),
           attrs.getNamedAttr("view", attrs.getDenseI64ArrayAttr(
                                          {outer, axisSize * inner}))}));
  return kernel;
}
