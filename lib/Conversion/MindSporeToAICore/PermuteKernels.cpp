//===- PermuteKernels.cpp - vector groups that only transpose -------------===//
//
// A `vector` fusion group whose body only transposes and reshapes its one
// input, keeping the innermost axis innermost, moves data and computes
// nothing: each AIV copies [rows, cols] tiles of the input GM -> UB (MTE2)
// and stores them through the permutation UB -> GM (MTE3, PermutedTiles.h),
// two UB buffers in turn so that the load of one tile overlaps the store of
// the previous one. Tiles are whole runs of rows that stay equally spaced
// in the output (a divisor of the output layout's innermost run of rows), so
// every store is one strided copy. A group whose permutation moves the
// innermost axis is a Vector transpose instead (TransposeKernels.cpp). See
// docs/AICoreKernels.md.
//
//===----------------------------------------------------------------------===//
#include "PermutedTiles.h"
#include "MixKernelParts.h"
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ascend;
using mlir::ascend::mix::indexConstant;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

bool mlir::ascend::isPermuteGroup(ms::FusionOp group) {
  if (group.getInputs().size() != 1 || group.getNumResults() != 1)
    return false;
  bool anyTranspose = false;
  for (Operation &op : group.getBody().front().without_terminator()) {
    if (isa<ms::TransposeOp>(op)) {
      anyTranspose = true;
      continue;
    }
    if (!ms::isViewOp(&op))
      return false;
  }
  return anyTranspose;
}

FailureOr<KernelOp> mlir::ascend::buildPermuteKernel(ms::FusionOp group,
                                                     const AICoreTarget &target,
                                                     std::string &why) {
  // A permutation that moves the innermost axis: a Vector transpose. When
  // the digits cannot be followed, the permuted copy below reports why.
  {
    std::string ignored;
    FailureOr<TransposePlan> plan = planTransposeGroup(group, ignored);
    if (succeeded(plan) && plan->movesInnermostAxis())
      return buildTransposeKernel(group, *plan, target, why);
  }
  Block &body = group.getBody().front();
  Value input = body.getArgument(0);
  auto inType = cast<RankedTensorType>(input.getType());
  Type elt = inType.getElementType();
  int64_t total = inType.getNumElements();
  // N: the innermost axis of the first transpose's operand, kept innermost.
  int64_t n = 0;
  for (Operation &op : body.without_terminator())
    if (auto t = dyn_cast<ms::TransposeOp>(op)) {
      n = cast<RankedTensorType>(t.getInput().getType()).getShape().back();
      break;
    }
  if (n <= 0 || total % n) {
    why = "'transpose' of an empty tensor";
    return failure();
  }
  int64_t rowsTotal = total / n;
  llvm::DenseMap<Value, TileLayout> layouts;
  layouts[input] = TileLayout::identity(1, rowsTotal, n);
  for (Operation &op : body.without_terminator()) {
    Value in = op.getOperand(0);
    if (auto t = dyn_cast<ms::TransposeOp>(op)) {
      std::string reason;
      FailureOr<TileLayout> l = transposeLayout(
          layouts[in], cast<RankedTensorType>(in.getType()).getShape(),
          t.getPerm(), reason);
      if (failed(l)) {
        std::string perm;
        llvm::raw_string_ostream os(perm);
        llvm::interleaveComma(t.getPerm(), os);
        std::string shape;
        llvm::raw_string_ostream ss(shape);
        llvm::interleaveComma(
            cast<RankedTensorType>(in.getType()).getShape(), ss);
        why = "'transpose' with permutation [" + perm + "] of [" + shape +
              "] is not a permuted copy: " + reason;
        return failure();
      }
      layouts[t.getResult()] = *l;
      continue;
    }
    layouts[op.getResult(0)] = layouts[in];
  }
  TileLayout out =
      layouts[cast<ms::YieldOp>(body.getTerminator()).getValues()[0]];

  // Tile columns: the whole row when two fit UB, else whole 32-byte blocks.
  const int64_t eb = llvm::divideCeil(elt.getIntOrFloatBitWidth(), 8);
  const int64_t ub = target.memories.ub.capacity,
                align = target.memories.ub.alignment;
  int64_t cols = n;
  if (2 * int64_t(llvm::alignTo(cols * eb, align)) > ub)
    cols = (ub / 2) / align * align / eb;
  int64_t colTiles = llvm::divideCeil(n, cols);
  // Tile rows: divisors of the output's innermost run of equally spaced
  // rows (a tile never crosses it: one strided store), fitting two buffers
  // in UB; the largest that still gives every vector core a tile, else
  // the largest.
  int64_t run = rowsTotal;
  {
    SmallVector<TileFactor> merged;
    for (const TileFactor &f : out.rows) {
      if (!merged.empty() && merged.back().stride == f.size * f.stride)
        merged.back() = {merged.back().size * f.size, f.stride};
      else
        merged.push_back(f);
    }
    if (!merged.empty())
      run = merged.back().size;
  }
  int64_t rows = 0, fallback = 0;
  for (int64_t d = run; d >= 1; --d) {
    if (run % d || 2 * int64_t(llvm::alignTo(d * cols * eb, align)) > ub)
      continue;
    if (!fallback)
      fallback = d;
    if ((rowsTotal / d) * colTiles >= target.vectorCores) {
      rows = d;
      break;
    }
  }
  if (!rows)
    rows = fallback;

  OpBuilder b(group.getContext());
  Location loc = group.getLoc();
  int64_t rowTiles = rowsTotal / rows, fullCols = n / cols,
          restCols = n % cols;
  int64_t tiles = rowTiles * colTiles;
  int64_t blocks = std::min(target.vectorCores, tiles);
  SmallVector<Type> argTypes{
      getGMType(cast<RankedTensorType>(group.getInputs()[0].getType())),
      getGMType(cast<RankedTensorType>(group.getResultTypes()[0]))};
  auto kernel = KernelOp::create(b, loc, group.getKernelName(),
                                 b.getFunctionType(argTypes, {}), blocks);
  if (StringRef(target.name) != getDefaultTarget().name)
    kernel.setChip(target.name);
  Block &entry = kernel.getBody().front();
  b.setInsertionPointToStart(&entry);
  Value src = entry.getArgument(0), dst = entry.getArgument(1);
  // The input as its [rows, n] matrix.
  src = viewAs(b, loc, src, {rowsTotal, n});
  std::array<Value, 2> buffers = allocateCopyTiles(b, loc, rows, cols, elt);
  Value blockIdx = blocks > 1 ? Value(BlockIdxOp::create(b, loc,
                                                         b.getIndexType()))
                              : indexConstant(b, loc, 0);

  // One tile of region (count tiles, colsInRegion per row of tiles, each
  // tileCols wide from column colBase) at region index i, buffer u.
  auto emitTile = [&](OpBuilder &ob, Value i, int64_t colsInRegion,
                      int64_t colBase, int64_t tileCols, int u) {
    Value rowTile = arith::DivUIOp::create(ob, loc, i,
                                           indexConstant(ob, loc, colsInRegion));
    Value colTile = arith::RemUIOp::create(ob, loc, i,
                                           indexConstant(ob, loc, colsInRegion));
    Value row = arith::MulIOp::create(ob, loc, rowTile, indexConstant(ob, loc, rows));
    Value col = arith::AddIOp::create(
        ob, loc, indexConstant(ob, loc, colBase),
        arith::MulIOp::create(ob, loc, colTile, indexConstant(ob, loc, cols)));
    Value tile = buffers[u];
    if (tileCols != cols)
      tile = memref::SubViewOp::create(
          ob, loc, tile,
          ArrayRef<OpFoldResult>{ob.getIndexAttr(0), ob.getIndexAttr(0)},
          ArrayRef<OpFoldResult>{ob.getIndexAttr(rows),
                                 ob.getIndexAttr(tileCols)},
          ArrayRef<OpFoldResult>{ob.getIndexAttr(1), ob.getIndexAttr(1)});
    WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::MTE2, u);
    Value in = memref::SubViewOp::create(
        ob, loc, src, ArrayRef<OpFoldResult>{row, col},
        ArrayRef<OpFoldResult>{ob.getIndexAttr(rows),
                               ob.getIndexAttr(tileCols)},
        ArrayRef<OpFoldResult>{ob.getIndexAttr(1), ob.getIndexAttr(1)});
    CopyOp::create(ob, loc, in, tile);
    SetFlagOp::create(ob, loc, Pipe::MTE2, Pipe::MTE3, u);
    WaitFlagOp::create(ob, loc, Pipe::MTE2, Pipe::MTE3, u);
    copyPermutedTile(ob, loc, dst, out, rows, row, col, tile, rows, tileCols,
                     /*toGM=*/true);
    SetFlagOp::create(ob, loc, Pipe::MTE3, Pipe::MTE2, u);
  };
  // Regions: the full columns of tiles, then the ragged last one; block b
  // takes the tiles t (numbered across regions) with t mod blocks == b, in
  // pairs on the two buffers.
  int64_t offset = 0;
  for (auto [colsInRegion, colBase, tileCols] :
       {std::tuple{fullCols, int64_t(0), cols},
        std::tuple{int64_t(restCols ? 1 : 0), fullCols * cols, restCols}}) {
    int64_t count = rowTiles * colsInRegion;
    if (!count)
      continue;
    dealCopyTiles(b, loc, blockIdx, blocks, offset, count,
                  [&](OpBuilder &ob, Value i, int u) {
                    emitTile(ob, i, colsInRegion, colBase, tileCols, u);
                  });
    offset += count;
  }
  for (int u = 0; u < 2; ++u)
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::MTE2, u);
  ReturnOp::create(b, loc);
  Builder attrs(group.getContext());
  kernel->setAttr(
      "aicore.tile",
      attrs.getDictionaryAttr(
          {attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(rows)),
           attrs.getNamedAttr("view", attrs.getDenseI64ArrayAttr(
                                          {rowsTotal, n}))}));
  return kernel;
}
