//===- StridedSliceKernels.cpp - StridedSlice boxes as Vector kernels -----===//
//
// A StridedSlice group that SliceKernels.cpp does not take (a stride other
// than 1, or several cut axes) reads a strided box of its input: result
// element (i_0, ..., i_{n-1}) is input element (b_d + i_d * s_d)_d. The
// result is a batch of [R, C] matrices: C along the input's last axis
// (its result size and stride s), R along the innermost other axis whose
// result size is above 1 (the "row" axis), the batch over the remaining
// ones. Each tile of [t, c] result elements of one batch index:
//  - s = 1 (or C = 1): a copy kernel, GM -> UB (one strided MTE2 copy, row
//    stride s_row times the row axis' input stride) and UB -> GM (MTE3,
//    rows of the contiguous result), two UB tiles in turn;
//  - s > 1: MTE2 loads each row's span ((c - 1) * s + 1 input elements)
//    into a [t, L] UB tile (L = c * s rounded up to a 32-byte block), the
//    Vector unit gathers every s-th element (aicore.vgather, byte offsets
//    (i * L + k * s) * element bytes, built once per region with varange,
//    vbroadcast and vadd) into a contiguous [t, c] tile, MTE3 stores it;
//    two tiles of each in turn.
// The tiles of all regions (ragged last rows and columns) are dealt to the
// vector cores round robin (dealCopyTiles). See docs/AICoreKernels.md,
// "Splits and slices".
//
//===----------------------------------------------------------------------===//
#include "PermutedTiles.h"
#include "MixKernelParts.h"

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
/// The first `elements` elements of the contiguous UB tile `tile`, viewed
/// as a contiguous [rows, cols] tile (rows * cols <= elements).
Value contiguousView(OpBuilder &b, Location loc, Value tile, int64_t rows,
                     int64_t cols) {
  auto type = cast<MemRefType>(tile.getType());
  if (type.getShape() == ArrayRef<int64_t>{rows, cols})
    return tile;
  Value flat = tile;
  if (type.getRank() != 1)
    flat = memref::CollapseShapeOp::create(
        b, loc, tile, ArrayRef<ReassociationIndices>{{0, 1}});
  Value part = memref::SubViewOp::create(
      b, loc, flat, ArrayRef<OpFoldResult>{b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(rows * cols)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  return memref::ExpandShapeOp::create(
      b, loc, SmallVector<int64_t>{rows, cols}, part,
      ArrayRef<ReassociationIndices>{{0, 1}});
}

Value allocUB(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Type elt,
              StringRef name) {
  auto alloc = AllocOp::create(
      b, loc,
      MemRefType::get(shape, elt, MemRefLayoutAttrInterface{},
                      AddressSpaceAttr::get(b.getContext(),
                                            AddressSpace::UB)));
  alloc->setAttr(kBufferNameAttr, b.getStringAttr(name));
  return alloc;
}
} // namespace

FailureOr<KernelOp>
mlir::ascend::buildStridedSliceKernel(ms::FusionOp group,
                                      ms::StridedSliceOp slice,
                                      const AICoreTarget &target,
                                      std::string &why) {
  auto inType = cast<RankedTensorType>(slice.getInput().getType());
  auto outType = cast<RankedTensorType>(slice.getResult().getType());
  StridedBox box;
  box.shape.assign(inType.getShape().begin(), inType.getShape().end());
  box.result.assign(outType.getShape().begin(), outType.getShape().end());
  box.begin.assign(slice.getBegin().begin(), slice.getBegin().end());
  box.strides.assign(slice.getStrides().begin(), slice.getStrides().end());
  box.op = "'strided_slice'";
  if (!box.strides.empty())
    box.what = "'strided_slice' with a stride of " +
               std::to_string(box.strides.back()) + " on the last axis";
  return buildStridedBoxKernel(group, box, target, why);
}

FailureOr<KernelOp>
mlir::ascend::buildStridedBoxKernel(ms::FusionOp group,
                                    const StridedBox &given,
                                    const AICoreTarget &target,
                                    std::string &why) {
  // A box of rank 1 as one of rank 2 with a leading axis of one index (the
  // tiles are [rows, cols] views of the input).
  StridedBox box = given;
  if (box.shape.size() == 1) {
    box.shape.insert(box.shape.begin(), 1);
    box.result.insert(box.result.begin(), 1);
    box.begin.insert(box.begin.begin(), 0);
    box.strides.insert(box.strides.begin(), 1);
  }
  auto inType = cast<RankedTensorType>(group.getInputs()[0].getType());
  auto outType = cast<RankedTensorType>(group.getResultTypes()[0]);
  ArrayRef<int64_t> shape = box.shape;
  ArrayRef<int64_t> begin = box.begin, strides = box.strides;
  const int64_t rank = shape.size();
  if (rank == 0 || outType.getNumElements() == 0) {
    why = box.op + " of an empty tensor";
    return failure();
  }
  Type elt = inType.getElementType();
  const int64_t eb = llvm::divideCeil(elt.getIntOrFloatBitWidth(), 8);
  ArrayRef<int64_t> result = box.result;
  const int64_t last = rank - 1;
  const int64_t cTotal = result[last], s = strides[last];
  const bool gatherable = elt.isF16() || elt.isBF16() || elt.isF32() ||
                          elt.isSignlessInteger(16) ||
                          elt.isSignlessInteger(32);
  // The row axis: the innermost other axis with more than one result
  // index that reads more than one input index (a broadcast axis, stride
  // 0, is a batch axis: its tiles are copied from the same input rows).
  int64_t rowAxis = -1;
  for (int64_t d = last - 1; d >= 0 && rowAxis < 0; --d)
    if (result[d] > 1 && strides[d] != 0)
      rowAxis = d;
  // Rows taken backwards are put in order by the gather; without one, a
  // tile is one row (the row axis joins the batch).
  if (rowAxis >= 0 && strides[rowAxis] < 0 && !gatherable)
    rowAxis = -1;
  const bool rowsBackwards = rowAxis >= 0 && strides[rowAxis] < 0;
  const int64_t rTotal = rowAxis >= 0 ? result[rowAxis] : 1;
  SmallVector<int64_t> batchAxes, batchSizes;
  int64_t batch = 1;
  for (int64_t d = 0; d < last; ++d)
    if (d != rowAxis && result[d] > 1) {
      batchAxes.push_back(d);
      batchSizes.push_back(result[d]);
      batch *= result[d];
    }
  // The result is viewed as [batch, R, C] when the batch axes are all
  // outside the row axis, else through its own shape.
  const bool batchOutside =
      batchAxes.empty() || rowAxis < 0 || batchAxes.back() < rowAxis;
  const bool gather = (s != 1 && cTotal > 1) || rowsBackwards;
  if (gather && !gatherable) {
    std::string type;
    llvm::raw_string_ostream os(type);
    os << elt;
    why = box.what +
          " gathers its elements on the Vector unit "
          "(aicore.vgather), which takes f16, bf16, f32, i16 or i32, got '" +
          type + "'";
    return failure();
  }
  // The step between gathered elements of a row, in elements.
  const int64_t step = s < 0 ? -s : s;

  // Tile [t, c]: whole result rows when they fit, else whole 32-byte
  // blocks of columns; t the largest count that fits UB and still gives
  // every vector core a tile, else the largest.
  const int64_t capacity = target.memories.ub.capacity,
                align = target.memories.ub.alignment,
                blockElems = std::max<int64_t>(1, target.blockBytes / eb);
  auto rowLength = [&](int64_t c) { // L: a span row in UB
    return int64_t(llvm::alignTo(std::max<int64_t>(c * step, 1), blockElems));
  };
  auto ubBytes = [&](int64_t t, int64_t c) {
    auto aligned = [&](int64_t bytes) {
      return int64_t(llvm::alignTo(bytes, align));
    };
    if (!gather)
      return 2 * aligned(t * c * eb);
    return 2 * aligned(t * rowLength(c) * eb) + 2 * aligned(t * c * eb) +
           aligned(t * c * 4) + aligned(c * 4) + aligned(t * 4);
  };
  int64_t c = cTotal;
  while (c > blockElems && ubBytes(1, c) > capacity)
    c = std::max(blockElems, (c / 2) / blockElems * blockElems);
  if (ubBytes(1, c) > capacity) {
    why = box.what + ": one row of its gather does not fit UB";
    return failure();
  }
  auto tileCount = [&](int64_t t) {
    return batch * int64_t(llvm::divideCeil(rTotal, t)) *
           int64_t(llvm::divideCeil(cTotal, c));
  };
  int64_t t = 0, fallback = 0;
  for (int64_t r = rTotal; r >= 1; --r) {
    if (ubBytes(r, c) > capacity)
      continue;
    if (!fallback)
      fallback = r;
    if (tileCount(r) >= target.vectorCores) {
      t = r;
      break;
    }
  }
  if (!t)
    t = fallback;
  const int64_t tiles = tileCount(t);
  const int64_t blocks = std::min(target.vectorCores, tiles);

  MLIRContext *ctx = group.getContext();
  OpBuilder b(ctx);
  Location loc = group.getLoc();
  auto kernel = KernelOp::create(
      b, loc, group.getKernelName(),
      b.getFunctionType({getGMType(inType), getGMType(outType)}, {}), blocks);
  if (StringRef(target.name) != getDefaultTarget().name)
    kernel.setChip(target.name);
  Block &entry = kernel.getBody().front();
  b.setInsertionPointToStart(&entry);
  // The input as `shape` (when the box views it so), the result as
  // [batch, R, C].
  Value src = entry.getArgument(0);
  if (cast<MemRefType>(src.getType()).getShape() != shape)
    src = viewAs(b, loc, src, shape);
  Value dst = batchOutside
                  ? viewAs(b, loc, entry.getArgument(1), {batch, rTotal, cTotal})
                  : viewAs(b, loc, entry.getArgument(1), result);

  std::array<Value, 2> loaded, gathered;
  Value offsets, rowOffsets, colOffsets;
  const int64_t L = rowLength(c);
  if (gather) {
    for (int u = 0; u < 2; ++u) {
      loaded[u] = allocUB(b, loc, {t, L}, elt, u ? "span.pong" : "span.ping");
      gathered[u] =
          allocUB(b, loc, {t, c}, elt, u ? "tile.pong" : "tile.ping");
    }
    Type i32 = b.getI32Type();
    offsets = allocUB(b, loc, {t, c}, i32, "offsets");
    rowOffsets = allocUB(b, loc, {1, c}, i32, "offsets.columns");
    colOffsets = allocUB(b, loc, {t, 1}, i32, "offsets.rows");
    for (int u = 0; u < 2; ++u) {
      SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, u);
      SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, u);
    }
  } else {
    loaded = allocateCopyTiles(b, loc, t, c, elt);
  }
  Value blockIdx = blocks > 1 ? Value(BlockIdxOp::create(b, loc,
                                                         b.getIndexType()))
                              : indexConstant(b, loc, 0);

  // The [tr, tc] tile of a region (rowTiles x colTiles tiles per batch
  // index, from result row rowBase and column colBase), region index i.
  auto emitTile = [&](OpBuilder &ob, Value i, int64_t tr, int64_t tc,
                      int64_t rowTiles, int64_t colTiles, int64_t rowBase,
                      int64_t colBase, int u) {
    auto [bIdx, r0, c0] = locateCopyTile(ob, loc, i, batch, rowTiles,
                                         colTiles, rowBase, colBase, t, c);
    // Input offsets: begin + result index * stride on every axis; with a
    // negative stride the tile's first input element is the one its last
    // result index reads, begin + (first + count - 1) * stride.
    SmallVector<OpFoldResult> inOffsets, inSizes, inStrides;
    SmallVector<Value> batchValues; // per batch axis, for the result view
    for (int64_t d = 0; d < rank; ++d) {
      Value at;
      int64_t count = 1;
      if (d == last) {
        at = c0;
        count = tc;
      } else if (d == rowAxis) {
        at = r0;
        count = tr;
      } else if (auto k = llvm::find(batchAxes, d); k != batchAxes.end()) {
        if (strides[d] != 0 || !batchOutside)
          at = mixedRadixDigit(ob, loc, bIdx, batchSizes,
                               k - batchAxes.begin());
        batchValues.push_back(at);
      }
      if (strides[d] == 0) // a broadcast axis reads index `begin`
        at = nullptr;
      const int64_t stride = strides[d], magnitude = std::abs(stride);
      if (!at) {
        inOffsets.push_back(ob.getIndexAttr(begin[d]));
      } else {
        Value scaled = magnitude > 1
                           ? Value(arith::MulIOp::create(
                                 ob, loc, at, indexConstant(ob, loc, magnitude)))
                           : at;
        if (stride < 0)
          inOffsets.push_back(Value(arith::SubIOp::create(
              ob, loc, indexConstant(ob, loc, begin[d] + (count - 1) * stride),
              scaled)));
        else
          inOffsets.push_back(
              begin[d] ? Value(arith::AddIOp::create(
                             ob, loc, scaled, indexConstant(ob, loc, begin[d])))
                       : scaled);
      }
      if (d == last) {
        inSizes.push_back(ob.getIndexAttr(gather ? (tc - 1) * step + 1 : tc));
        inStrides.push_back(ob.getIndexAttr(1));
      } else if (d == rowAxis) {
        inSizes.push_back(ob.getIndexAttr(tr));
        inStrides.push_back(ob.getIndexAttr(magnitude));
      } else {
        inSizes.push_back(ob.getIndexAttr(1));
        inStrides.push_back(ob.getIndexAttr(1));
      }
    }
    int64_t span = gather ? (tc - 1) * step + 1 : tc;
    auto inViewType = memref::SubViewOp::inferRankReducedResultType(
        {tr, span}, cast<MemRefType>(src.getType()), inOffsets, inSizes,
        inStrides);
    Value in = memref::SubViewOp::create(ob, loc, cast<MemRefType>(inViewType),
                                         src, inOffsets, inSizes, inStrides);
    SmallVector<OpFoldResult> outOffsets, outSizes;
    if (batchOutside) {
      outOffsets = {batch > 1 ? OpFoldResult(bIdx)
                              : OpFoldResult(ob.getIndexAttr(0)),
                    r0, c0};
      outSizes = {ob.getIndexAttr(1), ob.getIndexAttr(tr), ob.getIndexAttr(tc)};
    } else {
      for (int64_t d = 0; d < rank; ++d) {
        auto k = llvm::find(batchAxes, d);
        outOffsets.push_back(d == last      ? OpFoldResult(c0)
                             : d == rowAxis ? OpFoldResult(r0)
                             : k != batchAxes.end()
                                 ? OpFoldResult(
                                       batchValues[k - batchAxes.begin()])
                                 : OpFoldResult(ob.getIndexAttr(0)));
        outSizes.push_back(ob.getIndexAttr(d == last      ? tc
                                           : d == rowAxis ? tr
                                                          : 1));
      }
    }
    SmallVector<OpFoldResult> outStrides(outOffsets.size(), ob.getIndexAttr(1));
    auto outViewType = memref::SubViewOp::inferRankReducedResultType(
        {tr, tc}, cast<MemRefType>(dst.getType()), outOffsets, outSizes,
        outStrides);
    Value out = memref::SubViewOp::create(
        ob, loc, cast<MemRefType>(outViewType), dst, outOffsets, outSizes,
        outStrides);
    auto box = [&](Value tile, int64_t rows, int64_t cols) -> Value {
      auto type = cast<MemRefType>(tile.getType());
      if (type.getDimSize(0) == rows && type.getDimSize(1) == cols)
        return tile;
      return memref::SubViewOp::create(
          ob, loc, tile,
          ArrayRef<OpFoldResult>{ob.getIndexAttr(0), ob.getIndexAttr(0)},
          ArrayRef<OpFoldResult>{ob.getIndexAttr(rows), ob.getIndexAttr(cols)},
          ArrayRef<OpFoldResult>{ob.getIndexAttr(1), ob.getIndexAttr(1)});
    };
    if (!gather) {
      Value tile = box(loaded[u], tr, tc);
      WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::MTE2, u);
      CopyOp::create(ob, loc, in, tile);
      SetFlagOp::create(ob, loc, Pipe::MTE2, Pipe::MTE3, u);
      WaitFlagOp::create(ob, loc, Pipe::MTE2, Pipe::MTE3, u);
      CopyOp::create(ob, loc, tile, out);
      SetFlagOp::create(ob, loc, Pipe::MTE3, Pipe::MTE2, u);
      return;
    }
    WaitFlagOp::create(ob, loc, Pipe::V, Pipe::MTE2, u);
    CopyOp::create(ob, loc, in, box(loaded[u], tr, span));
    SetFlagOp::create(ob, loc, Pipe::MTE2, Pipe::V, u);
    WaitFlagOp::create(ob, loc, Pipe::MTE2, Pipe::V, u);
    WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, u);
    Value packed = contiguousView(ob, loc, gathered[u], tr, tc);
    VGatherOp::create(ob, loc, loaded[u],
                      contiguousView(ob, loc, offsets, tr, tc), packed);
    SetFlagOp::create(ob, loc, Pipe::V, Pipe::MTE2, u);
    SetFlagOp::create(ob, loc, Pipe::V, Pipe::MTE3, u);
    WaitFlagOp::create(ob, loc, Pipe::V, Pipe::MTE3, u);
    CopyOp::create(ob, loc, packed, out);
    SetFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, u);
  };

  int64_t offset = 0;
  for (auto [tr, rowTiles, rowBase] : copyTileRegions(rTotal, t))
    for (auto [tc, colTiles, colBase] : copyTileRegions(cTotal, c)) {
      int64_t count = batch * rowTiles * colTiles;
      if (!count)
        continue;
      if (gather) {
        // Byte offsets of the region's [tr, tc] tile in its [tr, L] span
        // tile: (row * L + column * s) * element bytes, counted from the
        // last column (row) when the stride (the row axis' stride) is
        // negative.
        Type i32 = b.getI32Type();
        Value cols = contiguousView(b, loc, rowOffsets, 1, tc);
        Value rowsCol = contiguousView(b, loc, colOffsets, tr, 1);
        Value all = contiguousView(b, loc, offsets, tr, tc);
        VArangeOp::create(b, loc, cols,
                          b.getIntegerAttr(i32, s < 0 ? (tc - 1) * step * eb
                                                      : 0),
                          b.getIntegerAttr(i32, s * eb));
        VArangeOp::create(
            b, loc, rowsCol,
            b.getIntegerAttr(i32, rowsBackwards ? (tr - 1) * L * eb : 0),
            b.getIntegerAttr(i32, (rowsBackwards ? -L : L) * eb));
        VBroadcastOp::create(b, loc, rowsCol, all);
        VAddOp::create(b, loc, all, cols, all);
      }
      dealCopyTiles(b, loc, blockIdx, blocks, offset, count,
                    [&, tr = tr, rowTiles = rowTiles, rowBase = rowBase,
                     tc = tc, colTiles = colTiles,
                     colBase = colBase](OpBuilder &ob, Value i, int u) {
                      emitTile(ob, i, tr, tc, rowTiles, colTiles, rowBase,
                               colBase, u);
                    });
      offset += count;
    }
  for (int u = 0; u < 2; ++u) {
    if (gather) {
      WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, u);
      WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, u);
    } else {
      WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::MTE2, u);
    }
  }
  ReturnOp::create(b, loc);
  Builder attrs(ctx);
  kernel->setAttr(
      "aicore.tile",
      attrs.getDictionaryAttr(
          {attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(t)),
           attrs.getNamedAttr("cols", attrs.getI64IntegerAttr(c)),
           attrs.getNamedAttr("view", attrs.getDenseI64ArrayAttr(
                                          {batch, rTotal, cTotal}))}));
  return kernel;
}
