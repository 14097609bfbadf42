//===- MixKernels.cpp - MIX fusion groups to Cube + Vector kernels --------===//
//
// A `mindspore.fusion "mix"` group of one MatMul (or BatchMatMul, its images
// stacked in M) and an elementwise epilogue becomes one MIX kernel; a
// Transpose in the epilogue only changes where the tiles go in GM
// (PermutedTiles.h), and an epilogue of only transposes and reshapes is a
// Cube kernel whose FIX stores through the permutation. On the separated
// A2/A3 AI Core the Cube core (AIC) and its two Vector cores (AIV) share no
// on-chip memory, so:
//
//   AIC (aicore.on_core aic), per output tile, the block's j-th:
//     cross_core_wait_flag fix, 1        // a workspace slot is free
//     FIX  L0C -> workspace[block, j mod 2]   // f32 -> result type
//     cross_core_set_flag fix, 0         // tile ready, to both AIVs
//   AIV i (aicore.on_core aiv), rows [i * ceil(rows / 2), ...) of the tile:
//     cross_core_wait_flag mte2, 0
//     per chunk of UB rows (ping-pong buffers u, intra-core flags as in the
//     Vector kernels): MTE2 workspace rows and the other inputs -> UB,
//     [after the last chunk's loads: cross_core_set_flag mte2, 1],
//     V: the epilogue (emitElementwiseVectorOps), MTE3: UB -> result
//
// Cross-core flags are counters: flag 1 starts at 2 (two free slots) and
// the tiles go through the two slots in turn, so the Cube FIX-writes tile
// j + 1 (and computes j + 2) while the Vector cores still work on tile j,
// whatever the number of L0C buffers. The Cube part
// is MatMulKernelBuilder's schedule with its FIX of each tile replaced by the
// hand-off above (buildMatMulCubePart); wrapCubePart then puts its
// instructions into aicore.on_core aic regions. See docs/AICoreKernels.md.
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/MindSporeToAICore/MixKernels.h"
#include "CubeKernels.h"
#include "MixGroup.h"
#include "MixKernelParts.h"
#include "MixPrologue.h"
#include "PermutedTiles.h"
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"

#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <numeric>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;
using namespace mlir::ascend::mix;

namespace {

/// Cross-core flag ids (counters): a tile is ready in the workspace (AIC ->
/// AIVs), a workspace slot is free again (AIVs -> AIC).
constexpr int64_t kTileReady = kMixTileReady, kSlotFree = kMixSlotFree;
/// An elementwise prologue's rows of a tile are in its slot (AIVs -> AIC),
/// the AIC has loaded them (AIC -> AIVs); B's prologue uses the next two.
constexpr int64_t kPrologueReady = 2, kPrologueFree = 3;
/// Workspace slots per block.
constexpr int64_t kSlots = kMixWorkspaceSlots;

/// How an input of the epilogue maps onto an [M, N] tile.
using Role = mix::TileInput;

/// Builds the MIX kernel of an analyzed group under a matmul tiling.
class MixKernelBuilder {
public:
  MixKernelBuilder(MixGroup &g, const MatMulTiling &t,
                   const AICoreTarget &target, int64_t chunkRows,
                   ArrayRef<PrologueChunk> prologueChunks = {})
      : g(g), t(t), target(target), b(g.group.getContext()),
        loc(g.group.getLoc()), ch(chunkRows),
        prologueChunks(prologueChunks) {}

  SmallVector<Value> kernelInputs() { return g.kernelInputs(); }

  /// Columns of the Vector part's tiles and workspace slots: tn, or all
  /// of N for a row-wise epilogue (whole rows).
  int64_t width() const { return g.rowWise ? g.n : t.tn; }
  /// Elements of the epilogue's workspace: two [tm, width] slots per block.
  int64_t epilogueElements() const {
    return t.blockDim * kSlots * t.tm * width();
  }
  /// Elements of operand `i`'s elementwise prologue workspace: two slots
  /// of [tm, K] (A) or [tn, K] (B) per block; 0 without one.
  int64_t prologueElements(unsigned i) const {
    if (g.prologues[i].kind != OperandPrologue::Kind::Compute)
      return 0;
    return t.blockDim * kSlots * (i == 0 ? t.tm : t.tn) * g.k;
  }
  /// Bytes of the GM workspace (all of the above, in the result's element
  /// type, which elementwise prologues share).
  int64_t workspaceBytes() const {
    return (epilogueElements() + prologueElements(0) + prologueElements(1)) *
           elementBytes(elementOf(g.matmul.getResult()));
  }

  KernelOp build(StringRef name) {
    SmallVector<Value> inputs = kernelInputs();
    SmallVector<Type> argTypes;
    for (Value v : inputs)
      argTypes.push_back(getGMType(cast<RankedTensorType>(v.getType())));
    for (Type r : g.group.getResultTypes())
      argTypes.push_back(getGMType(cast<RankedTensorType>(r)));
    Type wsElt = elementOf(g.matmul.getResult());
    if (g.hasComputePrologue())
      // One flat workspace: the epilogue's slots, then each prologue's.
      argTypes.push_back(getGMType(RankedTensorType::get(
          {epilogueElements() + prologueElements(0) + prologueElements(1)},
          wsElt)));
    else
      argTypes.push_back(getGMType(RankedTensorType::get(
          {t.blockDim * kSlots * t.tm, width()}, wsElt)));
    kernel = KernelOp::create(b, loc, name, b.getFunctionType(argTypes, {}),
                              t.blockDim);
    kernel.setWorkspaceBytes(workspaceBytes());
    if (StringRef(target.name) != getDefaultTarget().name)
      kernel.setChip(target.name);
    Block &entry = kernel.getBody().front();
    workspace = entry.getArguments().back();
    for (auto [i, v] : llvm::enumerate(inputs))
      if (!gmArgs.count(v))
        gmArgs[v] = entry.getArgument(i);

    // Buffers and GM views first (moved to the top after the Cube part).
    b.setInsertionPointToStart(&entry);
    for (auto [i, v] : llvm::enumerate(g.outputs)) {
      outRaw.push_back(entry.getArgument(inputs.size() + i));
      outArgs.push_back(g.perRow.contains(v)
                            ? viewAs(outRaw.back(), {g.m, 1})
                        : g.outputLayouts[i].isIdentity()
                            ? asMatrix(outRaw.back())
                            : outRaw.back());
    }
    allocateBuffers();
    preparePrologues();
    SmallVector<Operation *> hoisted;
    for (Operation &op : entry)
      hoisted.push_back(&op);

    bool anyPrologue = llvm::any_of(g.prologues, [](auto &p) {
      return p.kind != OperandPrologue::Kind::None;
    });
    CubeTileStart tileStart;
    CubeTileLoaded tileLoaded;
    if (anyPrologue) {
      tileStart = [&](OpBuilder &cb, OpFoldResult mi, OpFoldResult ni,
                      int64_t rows, int64_t cols, OpFoldResult tile) {
        return prologueTile(cb, mi, ni, rows, cols, tile);
      };
      tileLoaded = [&](OpBuilder &cb) {
        for (auto &pb : prologueBuilders)
          if (pb)
            pb->buildAICLoaded(cb);
      };
    }
    auto handOffTile = [&](OpBuilder &cb, Value acc, OpFoldResult mi,
                           OpFoldResult ni, int64_t rows, int64_t cols, int,
                           OpFoldResult tile) {
      handOff(cb, acc, mi, ni, rows, cols, tile);
    };
    // A row-wise epilogue: the block computes a whole row band into its
    // slot, then the AIVs take its rows.
    CubeBandHooks bandHooks;
    bandHooks.start = [&](OpBuilder &cb, OpFoldResult, int64_t,
                          OpFoldResult) {
      CrossCoreWaitFlagOp::create(cb, loc, Pipe::FIX, kSlotFree);
    };
    bandHooks.end = [&](OpBuilder &cb, OpFoldResult mi, int64_t rows,
                        OpFoldResult band) {
      CrossCoreSetFlagOp::create(cb, loc, Pipe::FIX, kTileReady);
      Value wsRow =
          workspaceSlotRow(cb, loc, materialize(cb, band), t.blockDim, t.tm);
      emitEpilogue(cb, wsRow, mi, cb.getIndexAttr(0), rows, g.n);
    };
    const CubeBandHooks *bands = g.rowWise ? &bandHooks : nullptr;
    if (isa<ms::BatchMatMulOp>(g.matmul.op))
      buildBatchMatMulCubePart(kernel, g.batch, g.mImage, g.n, g.k,
                               elementOf(g.matmul.getX()),
                               g.matmul.getTransposeA(),
                               g.matmul.getTransposeB(), t, handOffTile,
                               bands);
    else
      buildMatMulCubePart(
        kernel, g.m, g.n, g.k, elementOf(g.matmul.getX()), g.transposeA(),
        g.transposeB(), t,
        handOffTile, tileStart, tileLoaded, bands);

    for (Operation *op : llvm::reverse(hoisted))
      op->moveBefore(&entry.front());
    // The AIVs start with both workspace slots and UB buffers free and
    // load the scalars; at the end every flag set is consumed.
    b.setInsertionPointAfter(hoisted.back());
    buildAIVPrologue();
    if (g.hasComputePrologue()) {
      // The AIC starts with both slots of each prologue free.
      auto part = onCore(CoreType::AIC);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&part.getBody().front());
      for (auto &pb : prologueBuilders)
        if (pb)
          pb->buildAICStart(b);
    }
    if (g.hasComputePrologue()) {
      // The AIVs compute the block's first tile (tile block_idx) before
      // anything else, then each next one before the last one's epilogue.
      Value first = t.blockDim > 1
                        ? BlockIdxOp::create(b, loc, b.getIndexType())
                              .getResult()
                        : constant(b, 0);
      emitPrologues(b, first);
    }
    b.setInsertionPoint(entry.getTerminator());
    {
      auto part = onCore(CoreType::AIV);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&part.getBody().front());
      for (int64_t u = 0; u < 2; ++u) {
        WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, u);
        WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, u);
      }
      for (auto &pb : prologueBuilders)
        if (pb)
          pb->buildAIVEnd(b);
    }
    {
      auto part = onCore(CoreType::AIC);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&part.getBody().front());
      for (int64_t c = 0; c < kSlots; ++c)
        CrossCoreWaitFlagOp::create(b, loc, Pipe::FIX, kSlotFree);
    }
    wrapCubePart(kernel);
    return kernel;
  }

private:
  /// The GM views of the matmul operands (view prologues), the workspace
  /// views and the UB buffers of the elementwise prologues.
  void preparePrologues() {
    Block &entry = kernel.getBody().front();
    Value flat = entry.getArguments().back();
    auto slots = [&](int64_t offset, int64_t rows, int64_t cols) -> Value {
      auto type = cast<MemRefType>(flat.getType());
      Value part = memref::SubViewOp::create(
          b, loc, flat, ArrayRef<OpFoldResult>{b.getIndexAttr(offset)},
          ArrayRef<OpFoldResult>{b.getIndexAttr(rows * cols)},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
      auto partType = cast<MemRefType>(part.getType());
      SmallVector<int64_t> strides;
      int64_t off;
      (void)partType.getStridesAndOffset(strides, off);
      return memref::ExpandShapeOp::create(
          b, loc,
          MemRefType::get({rows, cols}, type.getElementType(),
                          off ? MemRefLayoutAttrInterface(StridedLayoutAttr::get(
                                    b.getContext(), off, {cols, 1}))
                              : MemRefLayoutAttrInterface{},
                          type.getMemorySpace()),
          part, ArrayRef<ReassociationIndices>{{0, 1}});
    };
    if (g.hasComputePrologue())
      workspace = slots(0, t.blockDim * kSlots * t.tm, t.tn);
    int64_t offset = epilogueElements();
    unsigned number = 0;
    for (unsigned i = 0; i < 2; ++i) {
      const OperandPrologue &p = g.prologues[i];
      if (p.kind == OperandPrologue::Kind::View) {
        // The operand as the Cube reads it: its own shape, or the
        // transposed one when a Transpose folded into transpose_a/_b.
        SmallVector<int64_t> shape(
            cast<RankedTensorType>(p.operand.getType()).getShape());
        if (p.transposed)
          std::swap(shape[0], shape[1]);
        operandViews[i] = viewAs(gmArgs.lookup(p.source), shape);
      }
      if (p.kind != OperandPrologue::Kind::Compute)
        continue;
      int64_t rows = t.blockDim * kSlots * (i == 0 ? t.tm : t.tn);
      operandViews[i] = slots(offset, rows, g.k);
      offset += prologueElements(i);
      prologueBuilders[i] = std::make_unique<PrologueBuilder>(
          p, loc, prologueChunks[number], kPrologueReady + 2 * i,
          kPrologueFree + 2 * i, number);
      ++number;
      prologueBuilders[i]->allocate(
          b, [&](Value v) { return gmArgs.lookup(v); });
    }
  }

  /// A contiguous GM argument viewed with `shape` (same elements).
  Value viewAs(Value arg, ArrayRef<int64_t> shape) {
    return mlir::ascend::viewAs(b, loc, arg, shape);
  }

  /// The first row of global tile `g`'s slot in operand `i`'s prologue
  /// slots: its block's (g div block_dim)-th tile takes slot (g div
  /// block_dim) mod 2 of block g mod block_dim (as the epilogue's).
  Value prologueSlotRow(OpBuilder &ob, Value gv, unsigned i) {
    return workspaceSlotRow(ob, loc, gv, t.blockDim, i == 0 ? t.tm : t.tn);
  }

  /// The AIVs' prologue work for global tile `g` (a Value; nothing when it
  /// is past the last tile): the tile's rows of each elementwise prologue
  /// into its slot. The tile's place and size depend on its region, so one
  /// scf.if per region picks them.
  void emitPrologues(OpBuilder &ob, Value gv) {
    int start = counter, most = counter;
    for (const MatMulRegion &r : getMatMulRegions(g.m, g.n, t)) {
      Value inRegion = arith::CmpIOp::create(
          ob, loc, arith::CmpIPredicate::ult, gv,
          constant(ob, r.offset + r.count()));
      if (r.offset)
        inRegion = arith::AndIOp::create(
            ob, loc,
            arith::CmpIOp::create(ob, loc, arith::CmpIPredicate::uge, gv,
                                  constant(ob, r.offset)),
            inRegion);
      auto inside = scf::IfOp::create(ob, loc, inRegion, false);
      OpBuilder rb = OpBuilder::atBlockTerminator(inside.thenBlock());
      Value index =
          r.offset ? arith::SubIOp::create(rb, loc, gv, constant(rb, r.offset))
                         .getResult()
                   : gv;
      Value row = constant(rb, 0), col = constant(rb, 0);
      if (r.colTiles == 1)
        row = index;
      else if (r.rowTiles == 1)
        col = index;
      else {
        row = arith::DivUIOp::create(rb, loc, index, constant(rb, r.colTiles));
        col = arith::RemUIOp::create(rb, loc, index, constant(rb, r.colTiles));
      }
      Value mi = arith::AddIOp::create(
          rb, loc, constant(rb, r.rowBase),
          arith::MulIOp::create(rb, loc, row, constant(rb, t.tm)));
      Value ni = arith::AddIOp::create(
          rb, loc, constant(rb, r.colBase),
          arith::MulIOp::create(rb, loc, col, constant(rb, t.tn)));
      counter = start;
      for (unsigned i = 0; i < 2; ++i)
        if (prologueBuilders[i])
          prologueBuilders[i]->buildTile(rb, i == 0 ? mi : ni,
                                         i == 0 ? r.rows : r.cols,
                                         operandViews[i],
                                         prologueSlotRow(rb, gv, i), counter);
      most = std::max(most, counter);
    }
    counter = most;
  }

  /// Before a tile's K loop: the AIC waits for the tile's rows of each
  /// elementwise prologue (the AIVs computed them one tile ahead, see
  /// handOff); returns where the Cube reads the tile's operands.
  CubeTileSources prologueTile(OpBuilder &cb, OpFoldResult mi,
                               OpFoldResult ni, int64_t rows, int64_t cols,
                               OpFoldResult tile) {
    CubeTileSources sources;
    for (unsigned i = 0; i < 2; ++i) {
      const OperandPrologue &p = g.prologues[i];
      OpFoldResult at = i == 0 ? mi : ni;
      Value source;
      switch (p.kind) {
      case OperandPrologue::Kind::None:
        source = gmArgs.lookup(p.operand);
        break;
      case OperandPrologue::Kind::View:
        source = operandViews[i];
        break;
      case OperandPrologue::Kind::Compute: {
        Value slotRow = prologueSlotRow(cb, materialize(cb, tile), i);
        prologueBuilders[i]->buildAICWait(cb);
        source = operandViews[i];
        at = slotRow;
        break;
      }
      }
      if (i == 0) {
        sources.a = source;
        sources.aRow = at;
      } else {
        sources.b = source;
        sources.bRow = at;
      }
    }
    return sources;
  }

  OnCoreOp onCore(CoreType core) {
    auto part = OnCoreOp::create(b, loc, core);
    part.getBody().emplaceBlock();
    return part;
  }

  Value alloc(ArrayRef<int64_t> shape, Type elt, const Twine &name) {
    auto type = MemRefType::get(
        shape, elt, MemRefLayoutAttrInterface{},
        AddressSpaceAttr::get(b.getContext(), AddressSpace::UB));
    auto op = AllocOp::create(b, loc, type);
    op->setAttr(kBufferNameAttr, b.getStringAttr(name.str()));
    return op;
  }
  std::array<Value, 2> pingPong(ArrayRef<int64_t> shape, Type elt,
                                const Twine &name) {
    return {alloc(shape, elt, name + ".ping"), alloc(shape, elt, name + ".pong")};
  }

  /// A full-size GM argument viewed as the [M, N] matrix of its elements
  /// (a 0-d result, `inner` of two vectors, as [1, 1]).
  Value asMatrix(Value arg) { return viewAs(arg, {g.m, g.n}); }

  /// `arg` (a GM kernel argument) viewed as 2-D: [1, N] for a row, [1, 1]
  /// for a scalar.
  Value view2D(Value arg) {
    auto type = cast<MemRefType>(arg.getType());
    if (type.getRank() == 2)
      return arg;
    if (type.getRank() > 2) {
      // [1, ..., 1, N]: drop the leading ones.
      ReassociationIndices lead;
      for (int64_t d = 0; d + 1 < type.getRank(); ++d)
        lead.push_back(d);
      lead.push_back(type.getRank() - 1);
      arg = memref::CollapseShapeOp::create(
          b, loc, arg, ArrayRef<ReassociationIndices>{lead});
      type = cast<MemRefType>(arg.getType());
    }
    SmallVector<int64_t> shape =
        type.getRank() == 0 ? SmallVector<int64_t>{1, 1}
                            : SmallVector<int64_t>{1, type.getDimSize(0)};
    SmallVector<ReassociationIndices> reassociation;
    if (type.getRank() == 1)
      reassociation.push_back({0, 1});
    return memref::ExpandShapeOp::create(
        b, loc,
        MemRefType::get(shape, type.getElementType(),
                        MemRefLayoutAttrInterface{}, type.getMemorySpace()),
        arg, reassociation);
  }

  void allocateBuffers() {
    Type wsElt = elementOf(g.matmul.getResult());
    const int64_t w = width();
    wsIn = pingPong({ch, w}, wsElt, "ws");
    unsigned index = 0;
    for (auto &[arg, role] : g.roles) {
      Type elt = elementOf(arg);
      std::string base = "in" + std::to_string(index++);
      Value gm = gmArgs.lookup(arg);
      switch (role) {
      case Role::Full:
        full[arg] = pingPong({ch, w}, elt, base);
        gmViews[arg] = g.argLayouts.count(arg) &&
                               !g.argLayouts.lookup(arg).isIdentity()
                           ? gm
                           : asMatrix(gm);
        break;
      case Role::Row:
        small[arg] = pingPong({1, w}, elt, base);
        gmViews[arg] = view2D(gm);
        break;
      case Role::Column:
        small[arg] = pingPong({ch, 1}, elt, base);
        gmViews[arg] = viewAs(gm, {g.m, 1});
        break;
      case Role::Scalar: {
        Value once = alloc({1, 1}, elt, base + ".once");
        small[arg] = {once, once};
        gmViews[arg] = view2D(gm);
        break;
      }
      }
      if (role != Role::Full)
        bcast[arg] = alloc({ch, w}, elt, base + ".bcast");
    }
    // One value per row: [ch, 1] tiles.
    auto cols = [&](Value r) -> int64_t {
      return g.perRow.contains(r) ? 1 : w;
    };
    allocateChainBuffers(
        g.epilogue, g.outputs,
        [&](Operation *op) { return g.views.contains(op); },
        [&](Value r, int64_t i) {
          outs[r] = pingPong({ch, cols(r)}, elementOf(r),
                             "out" + std::to_string(i));
        },
        [&](Value r) {
          temps[r] = alloc({ch, cols(r)}, elementOf(r),
                           "t" + std::to_string(temps.size()));
        },
        [&](Value v) {
          if (!splatTiles.count(v))
            splatTiles[v] = alloc({ch, w}, elementOf(v),
                                  "splat" + std::to_string(splatTiles.size()));
        });
    if (!g.rowWise)
      return;
    // Per-row values a full-size op reads, broadcast along the row.
    for (Operation *op : g.epilogue)
      if (!g.perRow.contains(op->getResult(0)))
        for (Value v : op->getOperands())
          if (g.perRow.contains(v) && !rowBcast.count(v))
            rowBcast[v] = alloc({ch, w}, elementOf(v),
                                "rowbcast" + std::to_string(rowBcast.size()));
    if (g.rowScratch) {
      Type elt = elementOf(g.matmul.getResult());
      for (Operation *op : g.epilogue)
        if (isa<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::LayerNormOp>(op))
          elt = elementOf(op->getResult(0));
      rowScratch = alloc({ch, 1}, elt, "rows");
      spreadScratch = alloc({ch, w}, elt, "spread");
    }
  }

  void buildAIVPrologue() {
    auto part = onCore(CoreType::AIV);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&part.getBody().front());
    emitVectorCoreStart(b, loc);
    bool anyScalar = false;
    for (auto &[arg, role] : g.roles)
      if (role == Role::Scalar) {
        CopyOp::create(b, loc, gmViews[arg], small[arg][0]);
        anyScalar = true;
      }
    if (anyScalar) {
      SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, 2);
      WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, 2);
    }
    for (auto &[value, tile] : splatTiles)
      VDupOp::create(b, loc, tile, splatValue(value));
    for (auto &pb : prologueBuilders)
      if (pb)
        pb->buildAIVStart(b, /*scalarEvent=*/3);
  }

  Value constant(OpBuilder &ob, int64_t v) {
    return indexConstant(ob, loc, v);
  }
  Value materialize(OpBuilder &ob, OpFoldResult v) {
    return materializeIndex(ob, loc, v);
  }
  /// `base + offset` as an index value.
  Value plus(OpBuilder &ob, OpFoldResult base, int64_t offset) {
    return addIndex(ob, loc, base, offset);
  }
  /// The [rows, cols] block of `source` at (row, col).
  Value block(OpBuilder &ob, Value source, OpFoldResult row, OpFoldResult col,
              int64_t rows, int64_t cols) {
    return mix::block(ob, loc, source, row, col, rows, cols);
  }
  Value tile(OpBuilder &ob, Value buffer, int64_t rows, int64_t cols) {
    return mix::tile(ob, loc, buffer, rows, cols);
  }

  /// A divisor of every tile's first (stacked) row: tiles start at
  /// multiples of tm in each image.
  int64_t tileAlign() const {
    return isa<ms::BatchMatMulOp>(g.matmul.op) ? std::gcd(g.mImage, t.tm)
                                               : t.tm;
  }

  /// The hand-off of one finished Cube tile (see the file comment).
  void handOff(OpBuilder &cb, Value acc, OpFoldResult mi, OpFoldResult ni,
               int64_t rows, int64_t cols, OpFoldResult tile) {
    // Global tile g is its block's (g div block_dim)-th tile (round robin):
    // slot (g div block_dim) mod 2 of the block's two, at workspace row
    // (block * 2 + slot) * tm = (g mod block_dim * 2 + slot) * tm.
    Value g = materialize(cb, tile);
    Value wsRow = workspaceSlotRow(cb, loc, g, t.blockDim, t.tm);
    if (this->g.rowWise) {
      // A row band's tile: its columns of the band's slot; the band's
      // flags and epilogue come with its first and last tile
      // (CubeBandHooks).
      CopyOp::create(cb, loc, acc, block(cb, workspace, wsRow, ni, rows, cols));
      return;
    }
    writeTileToSlot(cb, loc, acc, [&] {
      return block(cb, workspace, wsRow, cb.getIndexAttr(0), rows, cols);
    });

    // An elementwise prologue runs one tile ahead on the AIVs: the block's
    // next tile (g + block_dim) before this one's epilogue, so the Cube
    // need not wait for the epilogue to get its next operand rows.
    if (this->g.hasComputePrologue())
      emitPrologues(cb, arith::AddIOp::create(cb, loc, g,
                                              constant(cb, t.blockDim)));
    emitEpilogue(cb, wsRow, mi, ni, rows, cols);
  }

  /// The AIVs' epilogue of a tile (a row band for a row-wise epilogue) of
  /// `rows` x `cols` at (mi, ni), in the workspace from row `wsRow`.
  void emitEpilogue(OpBuilder &cb, Value wsRow, OpFoldResult mi,
                    OpFoldResult ni, int64_t rows, int64_t cols) {
    auto part = OnCoreOp::create(cb, loc, CoreType::AIV);
    part.getBody().emplaceBlock();
    OpBuilder vb = OpBuilder::atBlockBegin(&part.getBody().front());
    // AIV 0 takes the first ceil(rows / 2) rows, AIV 1 the rest.
    Value miValue, niValue;
    splitOverVectorCores(
        vb, loc, rows, counter,
        [&] { miValue = materialize(vb, mi), niValue = materialize(vb, ni); },
        [&](OpBuilder &hb, int64_t offset, int64_t count) {
          buildHalf(hb, wsRow, miValue, niValue, offset, count, cols);
        });
  }

  /// One AIV's share of a tile: `count` rows from row `rowOffset` of the
  /// tile, in chunks of at most `ch` rows.
  void buildHalf(OpBuilder &ob, Value wsRow, Value mi, Value ni,
                 int64_t rowOffset, int64_t count, int64_t cols) {
    auto locate = [&](OpBuilder &cb, int64_t row0) {
      return plus(cb, mi, row0);
    };
    auto copyIn = [&](OpBuilder &cb, const VectorChunk &c) {
      int64_t rows = c.rows, u = c.u;
      OpFoldResult zero = cb.getIndexAttr(0);
      CopyOp::create(cb, loc,
                     block(cb, workspace, plus(cb, wsRow, c.row0), zero, rows,
                           cols),
                     tile(cb, wsIn[u], rows, cols));
      for (auto &[arg, role] : g.roles) {
        Value gm = gmViews[arg];
        switch (role) {
        case Role::Full:
          if (g.argLayouts.count(arg) &&
              !g.argLayouts.lookup(arg).isIdentity()) {
            // Read through the transpose the epilogue applies to it.
            copyPermutedTile(cb, loc, gm, g.argLayouts.lookup(arg), g.mImage,
                             c.gmRow, ni, tile(cb, full[arg][u], rows, cols),
                             rows, cols, /*toGM=*/false,
                             std::gcd(tileAlign(), c.row0));
            break;
          }
          CopyOp::create(cb, loc, block(cb, gm, c.gmRow, ni, rows, cols),
                         tile(cb, full[arg][u], rows, cols));
          break;
        case Role::Row:
          CopyOp::create(cb, loc, block(cb, gm, zero, ni, 1, cols),
                         tile(cb, small[arg][u], 1, cols));
          break;
        case Role::Column:
          CopyOp::create(cb, loc, block(cb, gm, c.gmRow, zero, rows, 1),
                         tile(cb, small[arg][u], rows, 1));
          break;
        case Role::Scalar:
          break;
        }
      }
    };
    auto compute = [&](OpBuilder &cb, const VectorChunk &c) {
      int64_t rows = c.rows, u = c.u;
      if (g.rowWise) {
        computeRows(cb, rows, cols, u);
        return;
      }
      llvm::DenseMap<Value, Value> current;
      current[g.matmul.getResult()] = tile(cb, wsIn[u], rows, cols);
      for (auto &[arg, role] : g.roles) {
        if (role == Role::Full) {
          current[arg] = tile(cb, full[arg][u], rows, cols);
          continue;
        }
        Value src = role == Role::Row      ? tile(cb, small[arg][u], 1, cols)
                    : role == Role::Column ? tile(cb, small[arg][u], rows, 1)
                                           : small[arg][0];
        Value spread = tile(cb, bcast[arg], rows, cols);
        VBroadcastOp::create(cb, loc, src, spread);
        current[arg] = spread;
      }
      emitElementwiseChain(
          cb, loc, g.epilogue, current,
          [&](Operation *op) { return g.views.contains(op); },
          [&](Value r) {
            return outs.count(r) ? tile(cb, outs[r][u], rows, cols)
                                 : tile(cb, temps[r], rows, cols);
          },
          [&](Value v) { return tile(cb, splatTiles.lookup(v), rows, cols); });
    };
    auto copyOut = [&](OpBuilder &cb, const VectorChunk &c) {
      for (auto [r, gm, layout] :
           llvm::zip(g.outputs, outArgs, g.outputLayouts)) {
        if (g.perRow.contains(r)) {
          // One value per row: a column of the [M, 1] view.
          CopyOp::create(cb, loc, tile(cb, outs[r][c.u], c.rows, 1),
                         block(cb, gm, c.gmRow, cb.getIndexAttr(0), c.rows,
                               1));
          continue;
        }
        if (!layout.isIdentity()) {
          // A transposed result: the permuted store.
          copyPermutedTile(cb, loc, gm, layout, g.mImage, c.gmRow, ni,
                           tile(cb, outs[r][c.u], c.rows, cols), c.rows, cols,
                           /*toGM=*/true, std::gcd(tileAlign(), c.row0));
          continue;
        }
        CopyOp::create(cb, loc, tile(cb, outs[r][c.u], c.rows, cols),
                       block(cb, gm, c.gmRow, ni, c.rows, cols));
      }
    };
    VectorChunkStages stages;
    stages.locate = locate;
    stages.copyIn = copyIn;
    stages.compute = compute;
    stages.copyOut = copyOut;
    buildVectorChunks(ob, loc, rowOffset, count, ch, counter, stages);
  }

  /// The Vector ops of a row-wise epilogue on a chunk of `rows` whole
  /// rows (`cols` = N) in ping-pong buffer `u`: full-size values are
  /// [rows, N] tiles, values with one element per row [rows, 1] tiles
  /// (broadcast along the row when a full-size op reads them); the
  /// reductions, Softmax, LogSoftmax and LayerNorm are the Vector kernels'
  /// (emitRowReductionVectorOps).
  void computeRows(OpBuilder &cb, int64_t rows, int64_t cols, int64_t u) {
    llvm::DenseMap<Value, Value> fullOf, columnOf, spread;
    fullOf[g.matmul.getResult()] = tile(cb, wsIn[u], rows, cols);
    for (auto &[arg, role] : g.roles) {
      switch (role) {
      case Role::Full:
        fullOf[arg] = tile(cb, full[arg][u], rows, cols);
        break;
      case Role::Row: {
        Value s = tile(cb, bcast[arg], rows, cols);
        VBroadcastOp::create(cb, loc, tile(cb, small[arg][u], 1, cols), s);
        fullOf[arg] = s;
        break;
      }
      case Role::Column:
        columnOf[arg] = tile(cb, small[arg][u], rows, 1);
        break;
      case Role::Scalar: {
        Value s = tile(cb, bcast[arg], rows, cols);
        VBroadcastOp::create(cb, loc, small[arg][0], s);
        fullOf[arg] = s;
        columnOf[arg] = tile(cb, bcast[arg], rows, 1);
        break;
      }
      }
    }
    auto asFull = [&](Value v) -> Value {
      if (isSplat(v))
        return tile(cb, splatTiles.lookup(v), rows, cols);
      if (Value f = fullOf.lookup(v))
        return f;
      // One value per row (computed, or a column input), along the row.
      Value &s = spread[v];
      if (!s) {
        Value buffer = rowBcast.lookup(v) ? rowBcast.lookup(v) : bcast[v];
        s = tile(cb, buffer, rows, cols);
        VBroadcastOp::create(cb, loc, columnOf.lookup(v), s);
      }
      return s;
    };
    auto asColumn = [&](Value v) -> Value {
      if (isSplat(v))
        return tile(cb, splatTiles.lookup(v), rows, 1);
      return columnOf.lookup(v);
    };
    for (Operation *op : g.epilogue) {
      Value r = op->getResult(0);
      bool perRow = g.perRow.contains(r);
      if (g.views.contains(op)) {
        Value in = op->getOperand(0);
        if (perRow)
          columnOf[r] = columnOf.lookup(in);
        else
          fullOf[r] = asFull(in);
        continue;
      }
      int64_t resultCols = perRow ? 1 : cols;
      Value dst = outs.count(r) ? tile(cb, outs[r][u], rows, resultCols)
                                : tile(cb, temps[r], rows, resultCols);
      if (MixGroup::isRowOp(op)) {
        bool norm = isa<ms::LayerNormOp>(op);
        emitRowReductionVectorOps(
            cb, loc, op, dst, asFull(op->getOperand(0)),
            g.rowScratch ? tile(cb, rowScratch, rows, 1) : Value(),
            g.rowScratch ? tile(cb, spreadScratch, rows, cols) : Value(),
            g.n, norm ? asFull(op->getOperand(1)) : Value(),
            norm ? asFull(op->getOperand(2)) : Value());
      } else {
        emitElementwiseVectorOps(
            cb, loc, op, dst,
            [&](unsigned i) {
              Value v = op->getOperand(i);
              return perRow ? asColumn(v) : asFull(v);
            },
            [&](unsigned i) -> TypedAttr {
              Value v = op->getOperand(i);
              return isSplat(v) && vectorOpTakesImmediate(op, i)
                         ? splatValue(v)
                         : TypedAttr();
            });
      }
      (perRow ? columnOf : fullOf)[r] = dst;
    }
  }

  MixGroup &g;
  const MatMulTiling &t;
  const AICoreTarget &target;
  OpBuilder b;
  Location loc;
  int64_t ch; ///< UB rows per chunk
  KernelOp kernel;
  Value workspace;
  int counter = 0; ///< chunks emitted: the UB buffer of the next is its parity
  llvm::DenseMap<Value, Value> gmArgs, gmViews;
  SmallVector<Value> outArgs, outRaw;
  std::array<Value, 2> wsIn;
  llvm::DenseMap<Value, std::array<Value, 2>> full, small, outs;
  llvm::DenseMap<Value, Value> bcast, temps;
  /// Row-wise epilogues: the broadcast of each per-row value a full-size
  /// op reads, and the scratch tiles of Softmax / LogSoftmax / LayerNorm.
  llvm::DenseMap<Value, Value> rowBcast;
  Value rowScratch, spreadScratch;
  llvm::MapVector<Value, Value> splatTiles;
  /// Elementwise prologues: UB chunks, builders, and per operand the GM
  /// matrix the Cube reads (a view of the input, or the workspace slots).
  ArrayRef<PrologueChunk> prologueChunks;
  std::array<std::unique_ptr<PrologueBuilder>, 2> prologueBuilders;
  std::array<Value, 2> operandViews;
};

/// Rows per UB chunk whose buffers fit UB, at most half a tile; 0 if none.
int64_t chooseChunkRows(MixGroup &g, const MatMulTiling &t,
                        const AICoreTarget &target, int64_t reserved = 0) {
  const int64_t align = target.memories.ub.alignment;
  int64_t perRow = 0, fixed = 0, buffers = 0;
  auto add = [&](int64_t rowBytes, int64_t fixedBytes, int64_t count) {
    perRow += count * rowBytes;
    fixed += count * fixedBytes;
    buffers += count;
  };
  // Whole rows of N for a row-wise epilogue.
  const int64_t w = g.rowWise ? g.n : t.tn;
  add(w * elementBytes(elementOf(g.matmul.getResult())), 0, 2);
  for (auto &[arg, role] : g.roles) {
    int64_t eb = elementBytes(elementOf(arg));
    if (role == Role::Full)
      add(w * eb, 0, 2);
    else
      add(w * eb, 0, 1); // the broadcast tile
    if (role == Role::Row)
      add(0, w * eb, 2);
    if (role == Role::Column)
      add(eb, 0, 2);
    if (role == Role::Scalar)
      add(0, eb, 1);
  }
  llvm::DenseSet<Value> splats;
  bool scratch = false;
  for (Operation *op : g.epilogue) {
    if (g.views.contains(op))
      continue;
    Value r = op->getResult(0);
    int64_t eb = elementBytes(elementOf(r));
    add((g.perRow.contains(r) ? 1 : w) * eb, 0,
        llvm::is_contained(g.outputs, r) ? 2 : 1);
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      if (isSplat(v) && !vectorOpTakesImmediate(op, i) &&
          splats.insert(v).second)
        add(w * elementBytes(elementOf(v)), 0, 1);
      // A per-row value a full-size op reads: its broadcast tile.
      if (g.perRow.contains(v) && !g.perRow.contains(r) &&
          splats.insert(v).second)
        add(w * elementBytes(elementOf(v)), 0, 1);
    }
    // The scratch tiles of Softmax / LogSoftmax / LayerNorm (once).
    if (isa<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::LayerNormOp>(op) &&
        !scratch) {
      scratch = true;
      add(w * eb, 0, 1);
      add(eb, 0, 1);
    }
  }
  int64_t room =
      target.memories.ub.capacity - reserved - fixed - buffers * align;
  if (room < perRow)
    return 0;
  return std::min<int64_t>(llvm::divideCeil(t.tm, 2), room / perRow);
}


/// The Cube kernel of a group whose epilogue only reshapes and transposes
/// the matmul's result: each tile goes L0C -> GM (FIX) through the
/// output's layout, a permuted store; no Vector part.
KernelOp buildPermutedStoreKernel(MixGroup &g, const MatMulTiling &t,
                                  const AICoreTarget &target) {
  OpBuilder b(g.group.getContext());
  Location loc = g.group.getLoc();
  SmallVector<Type> argTypes;
  for (Value v : {g.matmul.getX(), g.matmul.getY()})
    argTypes.push_back(getGMType(cast<RankedTensorType>(
        (g.launchSource.count(v) ? g.launchSource.lookup(v) : v).getType())));
  for (Type r : g.group.getResultTypes())
    argTypes.push_back(getGMType(cast<RankedTensorType>(r)));
  auto kernel = KernelOp::create(b, loc, g.group.getKernelName(),
                                 b.getFunctionType(argTypes, {}), t.blockDim);
  if (StringRef(target.name) != getDefaultTarget().name)
    kernel.setChip(target.name);
  kernel->setAttr(aicore::kCubeTilingAttrName, getTilingAttr(b, t));
  Block &entry = kernel.getBody().front();
  auto store = [&](OpBuilder &cb, Value acc, OpFoldResult mi,
                   OpFoldResult ni, int64_t rows, int64_t cols, int,
                   OpFoldResult) {
    auto index = [&](OpFoldResult v) -> Value {
      if (std::optional<int64_t> c = getConstantIntValue(v))
        return arith::ConstantIndexOp::create(cb, loc, *c);
      return cast<Value>(v);
    };
    for (auto [i, layout] : llvm::enumerate(g.outputLayouts))
      copyPermutedTile(cb, loc, entry.getArgument(2 + i), layout, g.mImage,
                       index(mi), index(ni), acc, rows, cols, /*toGM=*/true,
                       isa<ms::BatchMatMulOp>(g.matmul.op)
                           ? std::gcd(g.mImage, t.tm)
                           : t.tm);
  };
  if (isa<ms::BatchMatMulOp>(g.matmul.op))
    buildBatchMatMulCubePart(kernel, g.batch, g.mImage, g.n, g.k,
                             elementOf(g.matmul.getX()),
                             g.matmul.getTransposeA(),
                             g.matmul.getTransposeB(), t, store);
  else
    buildMatMulCubePart(kernel, g.m, g.n, g.k, elementOf(g.matmul.getX()),
                        g.matmul.getTransposeA(), g.matmul.getTransposeB(), t,
                        store);
  return kernel;
}

} // namespace

void mlir::ascend::wrapCubePart(KernelOp kernel) {
  auto isInstruction = [](Operation *op) {
    return isa<CopyOp, MmadOp, VAddOp, SetFlagOp, WaitFlagOp,
               CrossCoreSetFlagOp, CrossCoreWaitFlagOp, PipeOpInterface>(op);
  };
  SmallVector<Block *> blocks;
  kernel.walk([&](Block *block) {
    Operation *parent = block->getParentOp();
    if (!isa<OnCoreOp>(parent) && !parent->getParentOfType<OnCoreOp>())
      blocks.push_back(block);
  });
  for (Block *block : blocks) {
    OnCoreOp part;
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      if (isInstruction(&op)) {
        if (!part) {
          OpBuilder b(&op);
          part = OnCoreOp::create(b, op.getLoc(), CoreType::AIC);
          part.getBody().emplaceBlock();
        }
        op.moveBefore(&part.getBody().front(), part.getBody().front().end());
        continue;
      }
      if (part && op.getNumRegions() == 0 && isPure(&op) &&
          !op.hasTrait<OpTrait::IsTerminator>()) {
        // Scalar arithmetic and views: before the region, where the
        // instructions moved into it still see them.
        op.moveBefore(part);
        continue;
      }
      part = nullptr;
    }
  }
}

/// Builds the kernel of the analyzed group `g`, inserted into `symbols`.
static FailureOr<KernelOp> buildMixKernel(MixGroup &g, ms::FusionOp group,
                                          const AICoreTarget &target,
                                          SymbolTable &symbols,
                                          ArrayRef<int64_t> tiling,
                                          std::string &why) {
  Type elt = elementOf(g.matmul.getX());
  FailureOr<MatMulTiling> t;
  bool batched = isa<ms::BatchMatMulOp>(g.matmul.op);
  if (tiling.empty()) {
    t = batched ? chooseBatchMatMulTiling(g.batch, g.mImage, g.n, g.k, elt,
                                          target, why)
                : chooseMatMulTiling(g.m, g.n, g.k, elt, /*withBias=*/false,
                                     target, why);
  } else {
    MatMulTiling forced = getTilingFromOption(tiling);
    t = batched ? checkBatchMatMulTiling(g.batch, g.mImage, g.n, g.k, elt,
                                         forced, target, why)
                : checkMatMulTiling(g.m, g.n, g.k, elt, /*withBias=*/false,
                                    forced, target, why);
  }
  if (failed(t))
    return failure();
  if (g.rowWise) {
    // Row bands: a block computes a band's tiles in a row, so the bands
    // are what spreads over the cores, in ceil(bands / cores) waves. The
    // band height is chosen (the searched tiling's other sizes kept) for
    // the fewest modeled cycles of the busiest core: its waves x the tiles
    // of a band x the cycles per tile of the tiler's model under that tm
    // (its busiest block's cycles over its tiles).
    int64_t images = batched ? g.batch : 1, rowsPerImage = g.mImage;
    if (tiling.empty()) {
      auto score = [&](const MatMulTiling &c) {
        int64_t bands = getRowBands(rowsPerImage, c.tm, images);
        int64_t tiles = bands * llvm::divideCeil(g.n, c.tn);
        double perTile =
            double(c.cycles) /
            double(llvm::divideCeil(tiles, std::min(target.cubeCores, tiles)));
        return double(llvm::divideCeil(bands, target.cubeCores)) *
               double(llvm::divideCeil(g.n, c.tn)) * perTile;
      };
      MatMulTiling best = *t;
      double bestScore = score(*t);
      int64_t most = std::min<int64_t>(256, llvm::divideCeil(rowsPerImage, 16) * 16);
      for (int64_t tm = 16; tm <= most; tm += 16) {
        if (tm == t->tm)
          continue;
        MatMulTiling candidate = *t;
        candidate.tm = tm;
        std::string unused;
        FailureOr<MatMulTiling> checked =
            batched ? checkBatchMatMulTiling(g.batch, g.mImage, g.n, g.k,
                                             elt, candidate, target, unused)
                    : checkMatMulTiling(g.m, g.n, g.k, elt,
                                        /*withBias=*/false, candidate, target,
                                        unused);
        if (failed(checked))
          continue;
        double sc = score(*checked);
        if (sc < bestScore || (sc == bestScore && tm > best.tm)) {
          best = *checked;
          bestScore = sc;
        }
      }
      t = best;
    }
    t->blockDim = std::min(t->blockDim,
                           getRowBands(rowsPerImage, t->tm, images));
  }
  if (g.storeOnly) {
    KernelOp kernel = buildPermutedStoreKernel(g, *t, target);
    symbols.insert(kernel);
    return kernel;
  }
  // Elementwise prologues first, each with an equal share of UB; the
  // epilogue gets the rest.
  SmallVector<PrologueChunk> prologueChunks;
  int64_t reserved = 0;
  int shares = 1 + llvm::count_if(g.prologues, [](auto &p) {
    return p.kind == OperandPrologue::Kind::Compute;
  });
  for (unsigned i = 0; i < 2; ++i) {
    const OperandPrologue &p = g.prologues[i];
    if (p.kind != OperandPrologue::Kind::Compute)
      continue;
    if (p.elementType != elementOf(g.matmul.getResult())) {
      llvm::raw_string_ostream(why)
          << "the prologue of " << (i == 0 ? "A" : "B") << " computes "
          << p.elementType << " and the result is "
          << elementOf(g.matmul.getResult())
          << ": the workspace holds one element type";
      return failure();
    }
    PrologueChunk c = choosePrologueChunk(
        p, target.memories.ub.capacity / shares,
        llvm::divideCeil(i == 0 ? t->tm : t->tn, 2),
        target.memories.ub.alignment);
    if (!c.rows) {
      llvm::raw_string_ostream(why)
          << "the Vector part of MIX kernel '" << group.getKernelName()
          << "' does not fit UB even one 16-column row of its prologue "
             "of "
          << (i == 0 ? "A" : "B");
      return failure();
    }
    reserved += c.bytes;
    prologueChunks.push_back(c);
  }
  int64_t chunkRows = chooseChunkRows(g, *t, target, reserved);
  if (!chunkRows) {
    llvm::raw_string_ostream(why)
        << "the Vector part of MIX kernel '" << group.getKernelName()
        << "' does not fit UB even one row of a "
        << (g.rowWise ? g.n : t->tn) << "-column "
        << (g.rowWise ? "row band (its epilogue reduces whole rows)" : "tile")
        << " at a time";
    return failure();
  }
  KernelOp kernel;
  for (;;) {
    MixKernelBuilder builder(g, *t, target, chunkRows, prologueChunks);
    kernel = builder.build(group.getKernelName());
    // The estimate leaves out the alignment of [rows, 1] tiles: fewer rows
    // until the planned buffers fit (the check below says why not).
    if (!g.rowWise || chunkRows == 1 ||
        planBuffers(kernel).used[static_cast<size_t>(AddressSpace::UB)] <=
            target.memories.ub.capacity)
      break;
    kernel.erase();
    chunkRows = std::max<int64_t>(1, chunkRows * 7 / 8);
  }
  Builder attrs(group.getContext());
  kernel->setAttr(aicore::kCubeTilingAttrName, getTilingAttr(attrs, *t));
  SmallVector<NamedAttribute> mixAttrs{attrs.getNamedAttr(
      "aiv_chunk_rows", attrs.getI64IntegerAttr(chunkRows))};
  for (auto [i, c] : llvm::enumerate(prologueChunks))
    mixAttrs.push_back(attrs.getNamedAttr(
        "prologue" + std::to_string(i) + "_chunk",
        attrs.getDenseI64ArrayAttr({c.rows, c.cols})));
  kernel->setAttr("aicore.mix", attrs.getDictionaryAttr(mixAttrs));
  BufferPlan plan = planBuffers(kernel);
  int64_t used = plan.used[static_cast<size_t>(AddressSpace::UB)];
  if (used > target.memories.ub.capacity) {
    llvm::raw_string_ostream(why)
        << "the Vector part of MIX kernel '" << group.getKernelName()
        << "' needs " << used << " bytes of ub, more than the "
        << target.memories.ub.capacity << " of " << target.name;
    kernel.erase();
    return failure();
  }
  symbols.insert(kernel);
  return kernel;
}

/// LaunchOp::create without an OperationState (and the lookup of the op's
/// name by string it makes): a program launches its MIX kernels once per
/// group, tens of thousands of times in a deep model.
static LaunchOp createLaunch(OpBuilder &b, Location loc, TypeRange results,
                             FlatSymbolRefAttr kernel, ValueRange inputs) {
  MLIRContext *context = b.getContext();
  LaunchOp::Properties properties;
  properties.kernel = kernel;
  Operation *op = Operation::create(
      loc, *RegisteredOperationName::lookup(TypeID::get<LaunchOp>(), context),
      results, inputs, DictionaryAttr::get(context),
      OpaqueProperties(&properties), BlockRange(), /*numRegions=*/0);
  b.insert(op);
  return cast<LaunchOp>(op);
}

/// The modeled time of one kernel task whose blocks take `cycles` in one
/// round: the launch and the round's block start (AICoreLaunchCosts) on top.
static int64_t launchCycles(int64_t cycles, const AICoreTarget &target) {
  return target.launch.taskLaunchCycles + target.launch.blockStartCycles +
         cycles;
}

/// The modeled cycles of a row-wise group split as convertMixRemainder
/// splits it: {the Cube kernel, the Vector kernels of the rest}, each
/// kernel a whole task with its launch. The Cube kernel's are the figure of
/// the matmul tile search that converts it (chooseMatMulTilingWithSplitK,
/// or chooseBatchMatMulTiling) with its launch (launchCycles); the rest is
/// split off a copy of the group in a scratch module and its kernels are
/// simulated (simulateKernel, each its taskCycles). nullopt when a part
/// has no model, or the rest is not Vector kernels only.
static std::optional<std::pair<int64_t, int64_t>>
modelSplitCycles(MixGroup &g, ms::FusionOp group,
                 const AICoreTarget &target) {
  std::string why;
  Type elt = elementOf(g.matmul.getX());
  Value cubeResult = g.matmul.op->getResult(0);
  bool withBias = cubeResult.hasOneUse() &&
                  isa<ms::BiasAddOp>(*cubeResult.getUsers().begin());
  FailureOr<MatMulTiling> cube =
      isa<ms::BatchMatMulOp>(g.matmul.op)
          ? chooseBatchMatMulTiling(g.batch, g.mImage, g.n, g.k, elt, target,
                                    why)
          : chooseMatMulTilingWithSplitK(g.m, g.n, g.k, elt, withBias,
                                         target, /*forcedSplit=*/{}, why);
  if (failed(cube))
    return std::nullopt;

  MLIRContext *context = group.getContext();
  OpBuilder b(context);
  Location loc = group.getLoc();
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(loc);
  b.setInsertionPointToEnd(scratch->getBody());
  auto func = func::FuncOp::create(
      b, loc, "split",
      b.getFunctionType(TypeRange(group.getInputs()),
                        group.getResultTypes()));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  IRMapping mapping;
  mapping.map(group.getInputs(), entry->getArguments());
  auto copy = cast<ms::FusionOp>(b.clone(*group, mapping));
  func::ReturnOp::create(b, loc, copy->getResults());
  SymbolTable symbols(*scratch);
  llvm::StringMap<KernelOp> kernels;
  int64_t vectorCycles = 0;
  {
    // The scratch split's remarks are not the program's.
    ScopedDiagnosticHandler quiet(context,
                                  [](Diagnostic &) { return success(); });
    convertMixRemainder(copy, target, symbols, kernels);
    // Whatever else the rest left as primitives has no figure here.
    for (Operation &op : entry->without_terminator())
      if (isa<ms::PrimitiveOpInterface>(op) && !ms::isViewOp(&op) &&
          ms::FusionOp::classify(&op) != "cube" &&
          !isa<ms::BiasAddOp, ms::ConstantOp>(op))
        return std::nullopt;
    for (KernelOp kernel : scratch->getOps<KernelOp>()) {
      FailureOr<KernelSchedule> schedule = simulateKernel(kernel);
      if (failed(schedule))
        return std::nullopt;
      vectorCycles += schedule->taskCycles;
    }
  }
  if (!vectorCycles)
    return std::nullopt;
  return std::make_pair(launchCycles(cube->cycles, target), vectorCycles);
}

LogicalResult mlir::ascend::convertMixFusion(
    ms::FusionOp group, const MixFusionPlan &plan, const AICoreTarget &target,
    SymbolTable &symbols, llvm::StringMap<KernelOp> &kernels,
    ArrayRef<int64_t> tiling, std::string &why, MixConversionState *state) {
  if (failed(plan.status)) {
    why = plan.why;
    return failure();
  }
  auto known = kernels.find(plan.key, plan.keyHash);
  KernelOp kernel = known != kernels.end() ? known->second : KernelOp();
  if (!kernel && state) {
    auto split = state->splitFaster.find(plan.key, plan.keyHash);
    if (split != state->splitFaster.end()) {
      why = split->second;
      return failure();
    }
  }
  if (!kernel) {
    // The first group of its kind: its kernel is built from a full
    // analysis (the plan keeps only what the launch needs).
    MixGroup g(group);
    if (failed(g.analyze(why)))
      return failure();
    FailureOr<KernelOp> built =
        buildMixKernel(g, group, target, symbols, tiling, why);
    if (failed(built))
      return failure();
    kernel = *built;
    // A row-wise epilogue holds the Cube to row bands (the bands, not the
    // tiles, spread over the cores): the split, its Cube kernel and one
    // Vector kernel, may be modeled faster. The searched MIX kernel is
    // compared with it (a forced tiling keeps the MIX kernel).
    if (g.rowWise && tiling.empty() && g.prologues[0].ops.empty() &&
        g.prologues[1].ops.empty()) {
      FailureOr<KernelSchedule> mix;
      {
        ScopedDiagnosticHandler quiet(group.getContext(),
                                      [](Diagnostic &) { return success(); });
        mix = simulateKernel(kernel);
      }
      std::optional<std::pair<int64_t, int64_t>> split =
          succeeded(mix) ? modelSplitCycles(g, group, target) : std::nullopt;
      int64_t mixCycles = succeeded(mix) ? mix->taskCycles : 0;
      if (split && split->first + split->second < mixCycles) {
        llvm::raw_string_ostream(why)
            << "the split is modeled faster: "
            << split->first + split->second << " cycles (Cube kernel "
            << split->first << " + Vector kernel " << split->second
            << ") against " << mixCycles << " for the MIX kernel";
        if (state)
          state->splitFaster[plan.key] = why;
        symbols.erase(kernel);
        return failure();
      }
    }
    kernels[plan.key] = kernel;
  }
  SmallVector<Value> inputs;
  inputs.reserve(plan.launchInputs.size());
  for (auto [number, formatFolded] : plan.launchInputs) {
    Value input = group.getInputs()[number];
    inputs.push_back(formatFolded
                         ? input.getDefiningOp<ms::TransDataOp>().getInput()
                         : input);
  }
  // The device-format conversions the group reads (a few inputs: no set).
  SmallVector<Operation *, 4> formerInputs;
  for (Value v : group.getInputs())
    if (auto def = v.getDefiningOp<ms::TransDataOp>())
      if (!llvm::is_contained(formerInputs, def))
        formerInputs.push_back(def);
  FlatSymbolRefAttr ref;
  if (state) {
    FlatSymbolRefAttr &known = state->kernelRefs[kernel];
    if (!known)
      known = FlatSymbolRefAttr::get(kernel.getSymNameAttr());
    ref = known;
  } else {
    ref = FlatSymbolRefAttr::get(kernel.getSymNameAttr());
  }
  OpBuilder builder(group);
  LaunchOp launch = createLaunch(builder, group.getLoc(),
                                 group.getResultTypes(), ref, inputs);
  group->replaceAllUsesWith(launch->getResults());
  if (state) {
    for (OpOperand &operand : group->getOpOperands())
      operand.drop();
    group->remove();
    state->detached.push_back(group);
  } else {
    group->erase();
  }
  // A device-format conversion only the group read is dead now.
  for (Operation *def : formerInputs)
    if (def->use_empty())
      def->erase();
  return success();
}

void mlir::ascend::convertMixRemainder(ms::FusionOp group,
                                       const AICoreTarget &target,
                                       SymbolTable &symbols,
                                       llvm::StringMap<KernelOp> &kernels) {
  Block &body = group.getBody().front();
  Operation *cube = nullptr;
  for (Operation &op : body.without_terminator())
    if (ms::FusionOp::classify(&op) == "cube") {
      if (cube) {
        group.inlineBody();
        return;
      }
      cube = &op;
    }
  if (!cube) {
    group.inlineBody();
    return;
  }
  // The Cube side: the Cube op, what computes its operands in the group,
  // and a BiasAdd reading only its result (the Cube kernel adds it from BT).
  llvm::SmallPtrSet<Operation *, 8> cubeSide{cube};
  SmallVector<Operation *> worklist{cube};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value v : op->getOperands())
      if (Operation *def = v.getDefiningOp())
        if (def->getBlock() == &body && !isa<ms::ConstantOp>(def) &&
            cubeSide.insert(def).second)
          worklist.push_back(def);
  }
  Value cubeResult = cube->getResult(0);
  if (cubeResult.hasOneUse())
    if (auto biasAdd =
            dyn_cast<ms::BiasAddOp>(*cubeResult.getUsers().begin()))
      if (biasAdd.getX() == cubeResult)
        cubeSide.insert(biasAdd);
  SmallVector<Operation *> rest;
  int64_t compute = 0;
  bool transData = false;
  for (Operation &op : body.without_terminator()) {
    if (cubeSide.contains(&op) || isa<ms::ConstantOp>(op))
      continue;
    rest.push_back(&op);
    compute += !ms::isViewOp(&op);
    // Device-format round trips fold away when the group is inlined.
    transData |= isa<ms::TransDataOp>(op);
  }
  StringRef number = group.getKernelName().rsplit('_').second;
  Location loc = group.getLoc();
  StringAttr mixName = group.getKernelNameAttr();
  group.inlineBody();
  if (compute < 2 || transData)
    return;

  // The remainder as one group, where its last op is (its inputs are
  // defined before, its results read after: the mix group's place).
  llvm::SmallPtrSet<Operation *, 8> members(rest.begin(), rest.end());
  llvm::SetVector<Value> inputs;
  llvm::SetVector<Operation *> constants;
  SmallVector<Value> outputs;
  bool reduction = false;
  std::string name = "Fused";
  int named = 0;
  for (Operation *op : rest) {
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (def && members.contains(def))
        continue;
      auto cst = dyn_cast_or_null<ms::ConstantOp>(def);
      if (cst && cast<ShapedType>(cst.getType()).getNumElements() <= 64)
        constants.insert(def);
      else
        inputs.insert(v);
    }
    for (Value r : op->getResults())
      if (llvm::any_of(r.getUsers(), [&](Operation *user) {
            return !members.contains(user);
          }))
        outputs.push_back(r);
    reduction |= ms::FusionOp::classify(op) == "reduction";
    if (auto prim = dyn_cast<ms::PrimitiveOpInterface>(op);
        prim && !ms::isViewOp(op) && named < 4) {
      name += "_" + prim.getPrimitiveName().str();
      ++named;
    }
  }
  name += "_" + number.str();
  // `rest` is in the group body's order, which inlineBody kept (it splices
  // the body in front of the group; the TransData round trips it folds are
  // not in `rest`, refused above): its last op is rest.back(). Not
  // isBeforeInBlock: after the splice that renumbers the whole enclosing
  // block, once per mix group (quadratic on a 100k-op transformer stack).
  Operation *last = rest.back();
  OpBuilder b(last);
  auto fusion = ms::FusionOp::create(
      b, loc, TypeRange(ValueRange(outputs)),
      b.getStringAttr(reduction ? "reduction" : "vector"),
      b.getStringAttr(name), inputs.getArrayRef());
  Block *inner = b.createBlock(&fusion.getBody());
  IRMapping mapping;
  for (Value v : inputs)
    mapping.map(v, inner->addArgument(v.getType(), v.getLoc()));
  for (Operation *cst : constants)
    b.clone(*cst, mapping);
  for (Operation *op : rest) {
    op->moveBefore(inner, inner->end());
    for (OpOperand &operand : op->getOpOperands())
      if (Value inside = mapping.lookupOrNull(operand.get()))
        operand.set(inside);
  }
  auto yield = ms::YieldOp::create(b, loc, outputs);
  for (auto [output, result] : llvm::zip(outputs, fusion.getResults()))
    output.replaceUsesWithIf(result, [&](OpOperand &use) {
      return use.getOwner() != yield &&
             !fusion->isProperAncestor(use.getOwner());
    });
  for (Operation *cst : constants)
    if (cst->use_empty())
      cst->erase();
  std::string why;
  if (succeeded(convertVectorFusion(fusion, target, symbols, kernels, why)))
    return;
  emitRemark(loc, "the Vector remainder of mix group '")
      << mixName.getValue()
      << "' is not one Vector kernel (its primitives are converted one by "
         "one): "
      << why;
  fusion.inlineBody();
}

LogicalResult mlir::ascend::convertMixFusion(
    ms::FusionOp group, const AICoreTarget &target, SymbolTable &symbols,
    llvm::StringMap<KernelOp> &kernels, ArrayRef<int64_t> tiling,
    std::string &why) {
  return convertMixFusion(group, prepareMixFusion(group), target, symbols,
                          kernels, tiling, why);
}
