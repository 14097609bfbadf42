//===- PermutedTiles.cpp - matmul tiles stored through a Transpose --------===//
//
// See PermutedTiles.h.
//
//===----------------------------------------------------------------------===//
#include "PermutedTiles.h"
#include "MixKernelParts.h"
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <numeric>

using namespace mlir;
using namespace mlir::ascend;
using mlir::ascend::mix::indexConstant;

TileLayout TileLayout::identity(int64_t batch, int64_t m, int64_t n) {
  TileLayout l;
  if (batch > 1)
    l.rows.push_back({batch, m * n});
  if (m > 1)
    l.rows.push_back({m, n});
  l.cols = n;
  l.colStride = 1;
  return l;
}

bool TileLayout::isIdentity() const {
  if (colStride != 1)
    return false;
  int64_t stride = cols;
  for (const TileFactor &f : llvm::reverse(rows)) {
    if (f.stride != stride)
      return false;
    stride *= f.size;
  }
  return true;
}

FailureOr<TileLayout> mlir::ascend::transposeLayout(const TileLayout &in,
                                                    ArrayRef<int64_t> shape,
                                                    ArrayRef<int64_t> perm,
                                                    std::string &why) {
  // The digits of the element index: the row factors (outer to inner in
  // the row index), then N (when it is not 1).
  struct Digit {
    int64_t size, stride;
    bool isN;
  };
  SmallVector<Digit> digits;
  for (const TileFactor &f : in.rows)
    digits.push_back({f.size, f.stride, false});
  if (in.cols > 1)
    digits.push_back({in.cols, in.colStride, true});
  int64_t rank = shape.size();
  // A dimension of `shape` must take whole consecutive digits (a digit it
  // cuts is split: outer part, then `need` inner values).
  FailureOr<SmallVector<SmallVector<unsigned>>> assigned = assignDigitsToDims(
      digits, shape, [](const Digit &d) { return d.stride; },
      [&](unsigned at, int64_t need) -> LogicalResult {
        Digit digit = digits[at];
        if (digit.isN) {
          why = "the transpose's operand splits the innermost axis (the "
                "tile's columns); that needs a Vector transpose";
          return failure();
        }
        digits[at] = {digit.size / need, digit.stride * need, false};
        digits.insert(digits.begin() + at + 1, {need, digit.stride, false});
        return success();
      },
      "the tiled elements", why);
  if (failed(assigned))
    return failure();
  SmallVector<SmallVector<unsigned>> &dimDigits = *assigned;
  // New strides: the dimensions in their permuted order, innermost first.
  int64_t stride = 1;
  for (int64_t j = rank - 1; j >= 0; --j)
    for (unsigned id : dimDigits[perm[j]]) {
      digits[id].stride = stride;
      stride *= digits[id].size;
    }
  TileLayout out;
  out.cols = in.cols;
  out.colStride = 1;
  for (const Digit &d : digits) {
    if (d.isN) {
      if (d.stride != 1) {
        why = "the permutation moves the innermost axis (the tile's "
              "columns) off the last dimension; that needs a Vector "
              "transpose";
        return failure();
      }
      continue;
    }
    out.rows.push_back({d.size, d.stride});
  }
  return out;
}

namespace {
/// Row factors merged where the outer one is stored right around the inner
/// one (their digits then form one digit).
SmallVector<TileFactor> mergedRows(const TileLayout &layout) {
  SmallVector<TileFactor> merged;
  for (const TileFactor &f : layout.rows) {
    if (!merged.empty() && merged.back().stride == f.size * f.stride) {
      merged.back() = {merged.back().size * f.size, f.stride};
      continue;
    }
    merged.push_back(f);
  }
  return merged;
}

/// Digit `i` of the stacked row index `r` in the radices of `rows`.
Value digitOf(OpBuilder &b, Location loc, Value r, ArrayRef<TileFactor> rows,
              size_t i) {
  SmallVector<int64_t> sizes;
  for (const TileFactor &f : rows)
    sizes.push_back(f.size);
  return mixedRadixDigit(b, loc, r, sizes, i);
}

/// `gm` (any rank) as the 1-D memref of its elements (a 0-d one as [1]).
Value flatten(OpBuilder &b, Location loc, Value gm) {
  return viewAs(b, loc, gm, {cast<MemRefType>(gm.getType()).getNumElements()});
}
} // namespace

Value mlir::ascend::mixedRadixDigit(OpBuilder &b, Location loc, Value v,
                                    ArrayRef<int64_t> sizes, size_t k) {
  int64_t outer = 1, inner = 1;
  for (size_t j = 0; j < k; ++j)
    outer *= sizes[j];
  for (size_t j = k + 1; j < sizes.size(); ++j)
    inner *= sizes[j];
  if (inner > 1)
    v = arith::DivUIOp::create(b, loc, v, indexConstant(b, loc, inner));
  if (outer > 1)
    v = arith::RemUIOp::create(b, loc, v, indexConstant(b, loc, sizes[k]));
  return v;
}

Value mlir::ascend::viewAs(OpBuilder &b, Location loc, Value gm,
                           ArrayRef<int64_t> shape) {
  auto type = cast<MemRefType>(gm.getType());
  if (type.getShape() == shape)
    return gm;
  auto withShape = [&](ArrayRef<int64_t> s) {
    return MemRefType::get(s, type.getElementType(),
                           MemRefLayoutAttrInterface{}, type.getMemorySpace());
  };
  auto allOf = [](int64_t rank) {
    ReassociationIndices all;
    for (int64_t d = 0; d < rank; ++d)
      all.push_back(d);
    return all;
  };
  // Through rank 1: a 0-d memref expands to [1] (no reassociation), a
  // higher rank collapses into one group.
  Value flat = gm;
  if (type.getRank() == 0)
    flat = memref::ExpandShapeOp::create(b, loc, withShape({1}), gm,
                                         ArrayRef<ReassociationIndices>{});
  else if (type.getRank() > 1)
    flat = memref::CollapseShapeOp::create(
        b, loc, gm, ArrayRef<ReassociationIndices>{allOf(type.getRank())});
  if (shape.size() == 1)
    return flat;
  if (shape.empty()) // [1] to 0-d: a collapse with no reassociation
    return memref::CollapseShapeOp::create(b, loc, flat,
                                           ArrayRef<ReassociationIndices>{});
  return memref::ExpandShapeOp::create(
      b, loc, withShape(shape), flat,
      ArrayRef<ReassociationIndices>{allOf(shape.size())});
}

bool mlir::ascend::isStridedTileLayout(const TileLayout &layout,
                                       int64_t rowBlock) {
  SmallVector<TileFactor> merged = mergedRows(layout);
  return merged.empty() || merged.back().size % rowBlock == 0;
}

void mlir::ascend::copyPermutedTile(OpBuilder &b, Location loc, Value gm,
                                    const TileLayout &layout, int64_t rowBlock,
                                    Value row, Value col, Value tile,
                                    int64_t rows, int64_t cols, bool toGM,
                                    int64_t rowAlign) {
  SmallVector<TileFactor> merged = mergedRows(layout);
  Value flat = flatten(b, loc, gm);
  auto flatType = cast<MemRefType>(flat.getType());
  auto copy = [&](Value onChip, Value inGM) {
    if (toGM)
      aicore::CopyOp::create(b, loc, onChip, inGM);
    else
      aicore::CopyOp::create(b, loc, inGM, onChip);
  };
  if (isStridedTileLayout(layout, rowBlock)) {
    // The storage as its digits, outermost first: the tile is the
    // [rows, cols] slice at the row's digits, rows along the innermost row
    // digit (they stay inside one of its runs) and columns along N.
    struct Dim {
      int64_t size, stride;
      int row; ///< index into `merged`, -1 for N
    };
    SmallVector<Dim> dims;
    for (auto [i, f] : llvm::enumerate(merged))
      dims.push_back({f.size, f.stride, int(i)});
    dims.push_back({layout.cols, layout.colStride, -1});
    llvm::sort(dims, [](const Dim &a, const Dim &c) {
      return a.stride > c.stride;
    });
    SmallVector<int64_t> shape;
    for (const Dim &d : dims)
      shape.push_back(d.size);
    ReassociationIndices all;
    for (size_t d = 0; d < dims.size(); ++d)
      all.push_back(d);
    Value storage = flat;
    if (dims.size() > 1)
      storage = memref::ExpandShapeOp::create(
          b, loc,
          MemRefType::get(shape, flatType.getElementType(),
                          MemRefLayoutAttrInterface{},
                          flatType.getMemorySpace()),
          flat, ArrayRef<ReassociationIndices>{all});
    SmallVector<OpFoldResult> offsets, sizes,
        strides(dims.size(), b.getIndexAttr(1));
    for (const Dim &d : dims) {
      if (d.row < 0) {
        offsets.push_back(col);
        sizes.push_back(b.getIndexAttr(cols));
        continue;
      }
      offsets.push_back(digitOf(b, loc, row, merged, d.row));
      sizes.push_back(b.getIndexAttr(size_t(d.row) + 1 == merged.size() ? rows
                                                                        : 1));
    }
    if (merged.empty()) {
      // One row (M = 1): the [1, cols] row at the column.
      Value slice = memref::SubViewOp::create(
          b, loc, flat, ArrayRef<OpFoldResult>{col},
          ArrayRef<OpFoldResult>{b.getIndexAttr(cols)},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
      Value view = memref::ExpandShapeOp::create(
          b, loc, SmallVector<int64_t>{1, cols}, slice,
          ArrayRef<ReassociationIndices>{{0, 1}});
      copy(tile, view);
      return;
    }
    auto sourceType = cast<MemRefType>(storage.getType());
    auto viewType = memref::SubViewOp::inferRankReducedResultType(
        {rows, cols}, sourceType, offsets, sizes, strides);
    Value view = memref::SubViewOp::create(b, loc, cast<MemRefType>(viewType),
                                           storage, offsets, sizes, strides);
    copy(tile, view);
    return;
  }
  // Rows in whole groups of the innermost digit I, inside one block of the
  // next digit O times I: the rows sharing I's value are equally spaced
  // (O's stride in GM, I's size in the tile), one strided copy each.
  if (merged.size() >= 2) {
    TileFactor inner = merged.back(), outer = merged[merged.size() - 2];
    int64_t d = inner.size;
    if (d < rows && rows % d == 0 && rowAlign % d == 0 &&
        (outer.size * d) % rowBlock == 0) {
      // The storage as its digits, outermost first (as above).
      struct Dim {
        int64_t size, stride;
        int digit; ///< index into `merged`, -1 for N
      };
      SmallVector<Dim> dims;
      for (auto [i, f] : llvm::enumerate(merged))
        dims.push_back({f.size, f.stride, int(i)});
      dims.push_back({layout.cols, layout.colStride, -1});
      llvm::sort(dims, [](const Dim &a, const Dim &c) {
        return a.stride > c.stride;
      });
      SmallVector<int64_t> shape;
      ReassociationIndices all;
      for (auto [i, dim] : llvm::enumerate(dims)) {
        shape.push_back(dim.size);
        all.push_back(i);
      }
      Value storage = memref::ExpandShapeOp::create(
          b, loc,
          MemRefType::get(shape, flatType.getElementType(),
                          MemRefLayoutAttrInterface{},
                          flatType.getMemorySpace()),
          flat, ArrayRef<ReassociationIndices>{all});
      auto sourceType = cast<MemRefType>(storage.getType());
      int64_t runs = rows / d;
      for (int64_t v = 0; v < d; ++v) {
        SmallVector<OpFoldResult> offsets, sizes,
            strides(dims.size(), b.getIndexAttr(1));
        for (const Dim &dim : dims) {
          if (dim.digit < 0) {
            offsets.push_back(col);
            sizes.push_back(b.getIndexAttr(cols));
          } else if (size_t(dim.digit) + 1 == merged.size()) {
            offsets.push_back(b.getIndexAttr(v));
            sizes.push_back(b.getIndexAttr(1));
          } else {
            offsets.push_back(digitOf(b, loc, row, merged, dim.digit));
            sizes.push_back(b.getIndexAttr(
                size_t(dim.digit) + 2 == merged.size() ? runs : 1));
          }
        }
        auto viewType = memref::SubViewOp::inferRankReducedResultType(
            {runs, cols}, sourceType, offsets, sizes, strides);
        Value inGM = memref::SubViewOp::create(
            b, loc, cast<MemRefType>(viewType), storage, offsets, sizes,
            strides);
        Value onChip = memref::SubViewOp::create(
            b, loc, tile,
            ArrayRef<OpFoldResult>{b.getIndexAttr(v), b.getIndexAttr(0)},
            ArrayRef<OpFoldResult>{b.getIndexAttr(runs), b.getIndexAttr(cols)},
            ArrayRef<OpFoldResult>{b.getIndexAttr(d), b.getIndexAttr(1)});
        copy(onChip, inGM);
      }
      return;
    }
  }
  // Rows not equally spaced: one copy per row, at the row's own offset.
  auto loop = scf::ForOp::create(b, loc, indexConstant(b, loc, 0),
                                 indexConstant(b, loc, rows), indexConstant(b, loc, 1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value i = loop.getInductionVar();
  Value r = arith::AddIOp::create(b, loc, row, i);
  Value offset = col;
  for (size_t f = 0; f < merged.size(); ++f)
    offset = arith::AddIOp::create(
        b, loc, offset,
        arith::MulIOp::create(b, loc, digitOf(b, loc, r, merged, f),
                              indexConstant(b, loc, merged[f].stride)));
  Value slice = memref::SubViewOp::create(
      b, loc, flat, ArrayRef<OpFoldResult>{offset},
      ArrayRef<OpFoldResult>{b.getIndexAttr(cols)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  Value gmRow = memref::ExpandShapeOp::create(
      b, loc, SmallVector<int64_t>{1, cols}, slice,
      ArrayRef<ReassociationIndices>{{0, 1}});
  Value onChipRow = memref::SubViewOp::create(
      b, loc, tile, ArrayRef<OpFoldResult>{i, b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(cols)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  copy(onChipRow, gmRow);
}

std::array<Value, 2> mlir::ascend::allocateCopyTiles(OpBuilder &b,
                                                     Location loc,
                                                     int64_t rows,
                                                     int64_t cols,
                                                     Type elementType) {
  using namespace aicore;
  std::array<Value, 2> buffers;
  for (int u = 0; u < 2; ++u) {
    auto alloc = AllocOp::create(
        b, loc,
        MemRefType::get({rows, cols}, elementType, MemRefLayoutAttrInterface{},
                        AddressSpaceAttr::get(b.getContext(),
                                              AddressSpace::UB)));
    alloc->setAttr(kBufferNameAttr,
                   b.getStringAttr(u ? "tile.pong" : "tile.ping"));
    buffers[u] = alloc;
  }
  for (int u = 0; u < 2; ++u)
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::MTE2, u);
  return buffers;
}

void mlir::ascend::dealCopyTiles(
    OpBuilder &b, Location loc, Value blockIdx, int64_t blocks, int64_t offset,
    int64_t count, llvm::function_ref<void(OpBuilder &, Value, int)> emitTile) {
  int64_t shift = (blocks - offset % blocks) % blocks;
  Value first = arith::RemUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, blockIdx, indexConstant(b, loc, shift)),
      indexConstant(b, loc, blocks));
  auto pairs = scf::ForOp::create(
      b, loc, first, indexConstant(b, loc, std::max<int64_t>(count - blocks, 0)),
      indexConstant(b, loc, 2 * blocks));
  {
    OpBuilder ob = OpBuilder::atBlockTerminator(pairs.getBody());
    Value i = pairs.getInductionVar();
    emitTile(ob, i, 0);
    emitTile(ob, arith::AddIOp::create(ob, loc, i, indexConstant(ob, loc, blocks)), 1);
  }
  // At most one tile left: first + 2 * blocks * ceil((count - blocks -
  // first) / (2 * blocks)) when below count.
  Value pending = arith::MaxSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, indexConstant(b, loc, count - blocks), first),
      indexConstant(b, loc, 0));
  Value pairsDone = arith::CeilDivSIOp::create(b, loc, pending,
                                               indexConstant(b, loc, 2 * blocks));
  Value last = arith::AddIOp::create(
      b, loc, first,
      arith::MulIOp::create(b, loc, pairsDone, indexConstant(b, loc, 2 * blocks)));
  auto tail = scf::ForOp::create(b, loc, last, indexConstant(b, loc, count),
                                 indexConstant(b, loc, 2 * blocks));
  {
    OpBuilder ob = OpBuilder::atBlockTerminator(tail.getBody());
    emitTile(ob, tail.getInductionVar(), 0);
  }
}

CopyTileOrigin mlir::ascend::locateCopyTile(OpBuilder &b, Location loc,
                                            Value i, int64_t batch,
                                            int64_t rowTiles, int64_t colTiles,
                                            int64_t rowBase, int64_t colBase,
                                            int64_t rowSize, int64_t colSize) {
  auto index = [&](int64_t v) { return indexConstant(b, loc, v); };
  int64_t perBatch = rowTiles * colTiles;
  Value bIdx = i, r = i;
  if (batch > 1 && perBatch > 1) {
    bIdx = arith::DivUIOp::create(b, loc, i, index(perBatch));
    r = arith::RemUIOp::create(b, loc, i, index(perBatch));
  }
  auto start = [&](Value tileIdx, int64_t base, int64_t size) -> Value {
    Value v = arith::MulIOp::create(b, loc, tileIdx, index(size));
    return base ? arith::AddIOp::create(b, loc, index(base), v) : v;
  };
  Value r0 =
      rowTiles > 1
          ? start(arith::DivUIOp::create(b, loc, r, index(colTiles)), rowBase,
                  rowSize)
          : index(rowBase);
  Value c0 = colTiles > 1
                 ? start(colTiles == perBatch
                             ? r
                             : arith::RemUIOp::create(b, loc, r,
                                                      index(colTiles)),
                         colBase, colSize)
                 : index(colBase);
  return {bIdx, r0, c0};
}
