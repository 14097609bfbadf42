//===- TransposeKernels.cpp - permute groups that move the innermost axis -===//
//
// A permute group (PermuteKernels.cpp: only transposes and reshapes of its
// one input) whose permutation moves the input's innermost axis cannot
// store its tiles through a permuted copy: the elements of a GM row land in
// a GM column. It becomes a Vector kernel built on aicore.vtranspose.
//
// The element order of the group is tracked as digits: each digit is a run
// of `size` index values, `inStride` elements apart in the input and
// `outStride` apart in the output (digits that are adjacent in both are
// merged). The input's innermost digit J (inStride 1) has outStride > 1 and
// the output's innermost digit I (outStride 1) is another one; every other
// digit is a batch digit. So the group is a batch of 2-D transposes
// [m, n] -> [n, m] (m = I's size, n = J's), whatever the rank and
// permutation: a transformer's [S, B, H] -> [B, H, S] ([1, 2, 0]) is one
// [S, B*H] transpose, [B, M, N] -> [B, N, M] a batch of B.
//
// Each tile is [a, b] elements (a of I, b of J) of one batch index: loaded
// GM -> UB with one strided MTE2 copy (rows of b contiguous elements),
// transposed in UB (vtranspose, padded up to whole 16 x 16 / 16 x 8
// blocks), stored UB -> GM with one strided MTE3 copy (rows of a contiguous
// elements). Ragged edges (m % a, n % b) are their own regions with smaller
// tiles; the tiles of all regions are dealt over the vector cores
// (dealCopyTiles), two source and two result buffers in turn so that the
// load, the transpose and the store of successive tiles overlap. The tile
// shape is chosen by simulating candidate kernels (KernelSimulation).
// See docs/AICoreKernels.md, "Transposes that move the innermost axis".
//
//===----------------------------------------------------------------------===//
#include "PermutedTiles.h"
#include "MixKernelParts.h"

#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <numeric>
#include <optional>

using namespace mlir;
using namespace mlir::ascend;
using mlir::ascend::mix::indexConstant;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

namespace {
/// The kernel of one group for one tile shape [a, b] (a along I, b along J).
class TransposeKernelBuilder {
public:
  TransposeKernelBuilder(ms::FusionOp group, const TransposePlan &plan,
                         const AICoreTarget &target, int64_t a, int64_t b)
      : group(group), plan(plan), target(target), a(a), b(b) {}

  KernelOp build(StringRef name);

private:
  ms::FusionOp group;
  const TransposePlan &plan;
  const AICoreTarget &target;
  int64_t a, b;
};
} // namespace

FailureOr<TransposePlan> mlir::ascend::planTransposeGroup(ms::FusionOp group,
                                                          std::string &why) {
  Block &body = group.getBody().front();
  Value input = body.getArgument(0);
  auto inType = cast<RankedTensorType>(input.getType());
  int64_t total = inType.getNumElements();
  // The digits of the element index: size, stride in the input, stride in
  // the value being followed.
  struct Digit {
    int64_t size, in, cur;
  };
  llvm::DenseMap<Value, SmallVector<Digit>> digitsOf;
  if (total > 1)
    digitsOf[input] = {{total, 1, 1}};
  else
    digitsOf[input] = {};
  for (Operation &op : body.without_terminator()) {
    Value in = op.getOperand(0);
    auto found = digitsOf.find(in);
    if (found == digitsOf.end()) {
      why = "the group's ops do not form one chain from its input";
      return failure();
    }
    SmallVector<Digit> digits = found->second;
    auto t = dyn_cast<ms::TransposeOp>(op);
    if (!t) { // a view: the same elements in the same order
      digitsOf[op.getResult(0)] = digits;
      continue;
    }
    ArrayRef<int64_t> shape = cast<RankedTensorType>(in.getType()).getShape();
    ArrayRef<int64_t> perm = t.getPerm();
    int64_t rank = shape.size();
    // Split digits until every dimension of `shape` takes whole
    // consecutive digits (in storage order of the operand, innermost first).
    FailureOr<SmallVector<SmallVector<unsigned>>> assigned =
        assignDigitsToDims(
            digits, shape, [](const Digit &d) { return d.cur; },
            [&](unsigned at, int64_t need) -> LogicalResult {
              Digit digit = digits[at];
              digits[at] = {digit.size / need, digit.in * need,
                            digit.cur * need};
              digits.push_back({need, digit.in, digit.cur});
              return success();
            },
            "the group's elements", why);
    if (failed(assigned))
      return failure();
    SmallVector<SmallVector<unsigned>> &dimDigits = *assigned;
    int64_t stride = 1;
    for (int64_t j = rank - 1; j >= 0; --j)
      for (unsigned id : dimDigits[perm[j]]) {
        digits[id].cur = stride;
        stride *= digits[id].size;
      }
    digitsOf[t.getResult()] = digits;
  }
  auto found =
      digitsOf.find(cast<ms::YieldOp>(body.getTerminator()).getValues()[0]);
  if (found == digitsOf.end()) {
    why = "the group's ops do not form one chain from its input";
    return failure();
  }
  // Input storage order, outermost first; merge digits adjacent in both.
  SmallVector<Digit> digits;
  for (const Digit &d : found->second)
    if (d.size > 1)
      digits.push_back(d);
  llvm::sort(digits, [](const Digit &x, const Digit &y) { return x.in > y.in; });
  SmallVector<Digit> merged;
  for (const Digit &d : digits) {
    if (!merged.empty() && merged.back().in == d.size * d.in &&
        merged.back().cur == d.size * d.cur) {
      merged.back() = {merged.back().size * d.size, d.in, d.cur};
      continue;
    }
    merged.push_back(d);
  }
  TransposePlan plan;
  for (const Digit &d : merged)
    plan.digits.push_back({d.size, d.in, d.cur});
  plan.i = plan.j = -1;
  for (auto [k, d] : llvm::enumerate(plan.digits)) {
    if (d.inStride == 1)
      plan.j = k;
    if (d.outStride == 1)
      plan.i = k;
  }
  return plan;
}

bool TransposePlan::movesInnermostAxis() const {
  return i >= 0 && j >= 0 && i != j;
}

KernelOp TransposeKernelBuilder::build(StringRef name) {
  MLIRContext *ctx = group.getContext();
  OpBuilder builder(ctx);
  Location loc = group.getLoc();
  auto inType = cast<RankedTensorType>(group.getInputs()[0].getType());
  Type elt = inType.getElementType();
  const int64_t eb = llvm::divideCeil(elt.getIntOrFloatBitWidth(), 8);
  // 1-byte elements (i8, bool) are widened to f16 around the transpose
  // (exact both ways: vcast rounds nothing for these integers).
  const bool widened = eb == 1;
  Type wide = builder.getF16Type();
  // vtranspose blocks: 16 rows, one 32-byte block of columns (of the
  // element type it moves); 1-byte tiles have rows of whole 32-byte blocks.
  const int64_t rowBlock = 16,
                colBlock = target.blockBytes / (widened ? 2 : eb),
                tileAlign = widened ? target.blockBytes : rowBlock;
  const TransposeDigit &di = plan.digits[plan.i], &dj = plan.digits[plan.j];
  const int64_t m = di.size, n = dj.size;
  SmallVector<unsigned> batchDigits;
  SmallVector<int64_t> batchSizes;
  int64_t batch = 1;
  for (unsigned k = 0; k < plan.digits.size(); ++k)
    if (int(k) != plan.i && int(k) != plan.j) {
      batchDigits.push_back(k);
      batchSizes.push_back(plan.digits[k].size);
      batch *= plan.digits[k].size;
    }
  const int64_t A = llvm::alignTo(a, tileAlign),
                B = llvm::alignTo(b, tileAlign);
  int64_t tiles = batch * llvm::divideCeil(m, a) * llvm::divideCeil(n, b);
  int64_t blocks = std::min(target.vectorCores, tiles);

  SmallVector<Type> argTypes{getGMType(inType),
                             getGMType(cast<RankedTensorType>(
                                 group.getResultTypes()[0]))};
  auto kernel = KernelOp::create(builder, loc, name,
                                 builder.getFunctionType(argTypes, {}), blocks);
  if (StringRef(target.name) != getDefaultTarget().name)
    kernel.setChip(target.name);
  Block &entry = kernel.getBody().front();
  builder.setInsertionPointToStart(&entry);

  // GM views: the digits in input order (outermost first) and in output
  // order.
  SmallVector<unsigned> inOrder(plan.digits.size()), outOrder;
  std::iota(inOrder.begin(), inOrder.end(), 0);
  outOrder = inOrder;
  llvm::sort(outOrder, [&](unsigned x, unsigned y) {
    return plan.digits[x].outStride > plan.digits[y].outStride;
  });
  SmallVector<int64_t> inShape, outShape;
  for (unsigned k : inOrder)
    inShape.push_back(plan.digits[k].size);
  for (unsigned k : outOrder)
    outShape.push_back(plan.digits[k].size);
  Value src = viewAs(builder, loc, entry.getArgument(0), inShape);
  Value dst = viewAs(builder, loc, entry.getArgument(1), outShape);

  // Two source tiles [A, B] and two result tiles [B, A]; the loads wait
  // for the transpose to have read a source tile (V -> MTE2), the
  // transposes for the store to have read a result tile (MTE3 -> V).
  auto ub = AddressSpaceAttr::get(ctx, AddressSpace::UB);
  std::array<Value, 2> rows, cols;
  for (int u = 0; u < 2; ++u) {
    auto in = AllocOp::create(
        builder, loc,
        MemRefType::get({A, B}, elt, MemRefLayoutAttrInterface{}, ub));
    in->setAttr(kBufferNameAttr,
                builder.getStringAttr(u ? "rows.pong" : "rows.ping"));
    auto out = AllocOp::create(
        builder, loc,
        MemRefType::get({B, A}, elt, MemRefLayoutAttrInterface{}, ub));
    out->setAttr(kBufferNameAttr,
                 builder.getStringAttr(u ? "cols.pong" : "cols.ping"));
    rows[u] = in;
    cols[u] = out;
  }
  // The f16 tiles of a widened transpose (one each: the V pipe runs the
  // casts and the transpose of a tile in order).
  Value rowsWide, colsWide;
  if (widened) {
    auto in = AllocOp::create(
        builder, loc,
        MemRefType::get({A, B}, wide, MemRefLayoutAttrInterface{}, ub));
    in->setAttr(kBufferNameAttr, builder.getStringAttr("rows.f16"));
    auto out = AllocOp::create(
        builder, loc,
        MemRefType::get({B, A}, wide, MemRefLayoutAttrInterface{}, ub));
    out->setAttr(kBufferNameAttr, builder.getStringAttr("cols.f16"));
    rowsWide = in;
    colsWide = out;
  }
  for (int u = 0; u < 2; ++u) {
    SetFlagOp::create(builder, loc, Pipe::V, Pipe::MTE2, u);
    SetFlagOp::create(builder, loc, Pipe::MTE3, Pipe::V, u);
  }
  Value blockIdx = blocks > 1 ? Value(BlockIdxOp::create(
                                    builder, loc, builder.getIndexType()))
                              : indexConstant(builder, loc, 0);

  auto view = [](OpBuilder &ob, Location l, Value tile, int64_t r,
                 int64_t c) -> Value {
    auto type = cast<MemRefType>(tile.getType());
    if (type.getDimSize(0) == r && type.getDimSize(1) == c)
      return tile;
    return memref::SubViewOp::create(
        ob, l, tile,
        ArrayRef<OpFoldResult>{ob.getIndexAttr(0), ob.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{ob.getIndexAttr(r), ob.getIndexAttr(c)},
        ArrayRef<OpFoldResult>{ob.getIndexAttr(1), ob.getIndexAttr(1)});
  };
  // The [ta, tb] tile of a region (iTiles x jTiles tiles per batch index,
  // from element iBase of I and jBase of J) with region index t, on
  // buffers u.
  auto emitTile = [&](OpBuilder &ob, Value t, int64_t ta, int64_t tb,
                      int64_t iTiles, int64_t jTiles, int64_t iBase,
                      int64_t jBase, int u) {
    // t = (batch index * iTiles + I tile) * jTiles + J tile.
    auto [bIdx, i0, j0] = locateCopyTile(ob, loc, t, batch, iTiles, jTiles,
                                         iBase, jBase, a, b);
    // The batch digits' values (mixed radix, in input order).
    llvm::DenseMap<unsigned, Value> digitValue;
    for (auto [k, digit] : llvm::enumerate(batchDigits))
      digitValue[digit] = mixedRadixDigit(ob, loc, bIdx, batchSizes, k);
    digitValue[plan.i] = i0;
    digitValue[plan.j] = j0;
    auto gmTile = [&](Value gm, ArrayRef<unsigned> order, int64_t r0,
                      int64_t c0) -> Value {
      SmallVector<OpFoldResult> offsets, sizes,
          strides(order.size(), ob.getIndexAttr(1));
      for (unsigned k : order) {
        offsets.push_back(digitValue[k]);
        sizes.push_back(ob.getIndexAttr(
            int(k) == plan.i ? ta : int(k) == plan.j ? tb : 1));
      }
      auto type = memref::SubViewOp::inferRankReducedResultType(
          {r0, c0}, cast<MemRefType>(gm.getType()), offsets, sizes, strides);
      return memref::SubViewOp::create(ob, loc, cast<MemRefType>(type), gm,
                                       offsets, sizes, strides);
    };
    int64_t pa = llvm::alignTo(ta, rowBlock), pb = llvm::alignTo(tb, colBlock);
    WaitFlagOp::create(ob, loc, Pipe::V, Pipe::MTE2, u);
    CopyOp::create(ob, loc, gmTile(src, inOrder, ta, tb),
                   view(ob, loc, rows[u], ta, tb));
    SetFlagOp::create(ob, loc, Pipe::MTE2, Pipe::V, u);
    WaitFlagOp::create(ob, loc, Pipe::MTE2, Pipe::V, u);
    WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, u);
    if (widened) {
      VCastOp::create(ob, loc, view(ob, loc, rows[u], pa, pb),
                      view(ob, loc, rowsWide, pa, pb));
      VTransposeOp::create(ob, loc, view(ob, loc, rowsWide, pa, pb),
                           view(ob, loc, colsWide, pb, pa));
      VCastOp::create(ob, loc, view(ob, loc, colsWide, pb, pa),
                      view(ob, loc, cols[u], pb, pa));
    } else {
      VTransposeOp::create(ob, loc, view(ob, loc, rows[u], pa, pb),
                           view(ob, loc, cols[u], pb, pa));
    }
    SetFlagOp::create(ob, loc, Pipe::V, Pipe::MTE2, u);
    SetFlagOp::create(ob, loc, Pipe::V, Pipe::MTE3, u);
    WaitFlagOp::create(ob, loc, Pipe::V, Pipe::MTE3, u);
    CopyOp::create(ob, loc, view(ob, loc, cols[u], tb, ta),
                   gmTile(dst, outOrder, tb, ta));
    SetFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, u);
  };
  // Regions: full and ragged tiles along I, times along J; block k takes
  // the tiles (numbered across regions) equal to k mod blocks.
  int64_t offset = 0;
  for (auto [ta, iTiles, iBase] : copyTileRegions(m, a))
    for (auto [tb, jTiles, jBase] : copyTileRegions(n, b)) {
      int64_t count = batch * iTiles * jTiles;
      if (!count)
        continue;
      dealCopyTiles(builder, loc, blockIdx, blocks, offset, count,
                    [&, ta = ta, iTiles = iTiles, iBase = iBase, tb = tb,
                     jTiles = jTiles, jBase = jBase](OpBuilder &ob, Value t,
                                                     int u) {
                      emitTile(ob, t, ta, tb, iTiles, jTiles, iBase, jBase,
                               u);
                    });
      offset += count;
    }
  for (int u = 0; u < 2; ++u) {
    WaitFlagOp::create(builder, loc, Pipe::V, Pipe::MTE2, u);
    WaitFlagOp::create(builder, loc, Pipe::MTE3, Pipe::V, u);
  }
  ReturnOp::create(builder, loc);
  Builder attrs(ctx);
  kernel->setAttr(
      "aicore.tile",
      attrs.getDictionaryAttr(
          {attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(a)),
           attrs.getNamedAttr("cols", attrs.getI64IntegerAttr(b)),
           attrs.getNamedAttr("view",
                              attrs.getDenseI64ArrayAttr({batch, m, n}))}));
  return kernel;
}

FailureOr<KernelOp> mlir::ascend::buildTransposeKernel(
    ms::FusionOp group, const TransposePlan &plan, const AICoreTarget &target,
    std::string &why) {
  auto inType = cast<RankedTensorType>(group.getInputs()[0].getType());
  Type elt = inType.getElementType();
  int64_t bits = elt.getIntOrFloatBitWidth();
  // i8 and bool go through f16 (vcast, vtranspose, vcast).
  const bool widened = elt.isSignlessInteger(8) || elt.isSignlessInteger(1);
  if (bits != 16 && bits != 32 && !widened) {
    // Named after the group's first transpose.
    std::string text;
    llvm::raw_string_ostream os(text);
    for (Operation &op : group.getBody().front().without_terminator())
      if (auto t = dyn_cast<ms::TransposeOp>(op)) {
        os << "'transpose' with permutation [";
        llvm::interleaveComma(t.getPerm(), os);
        os << "] of [";
        llvm::interleaveComma(
            cast<RankedTensorType>(t.getInput().getType()).getShape(), os);
        os << "] ";
        break;
      }
    os << "moves the innermost axis: a Vector transpose (aicore.vtranspose) "
          "takes 2- or 4-byte elements (1-byte ones through f16 casts), got '"
       << elt << "'";
    why = text;
    return failure();
  }
  const int64_t eb = llvm::divideCeil(bits, 8);
  const int64_t m = plan.digits[plan.i].size, n = plan.digits[plan.j].size;
  int64_t batch = inType.getNumElements() / (m * n);
  // Candidates: tiles of 16 to 256 (powers of two) elements along each
  // axis, and the whole axis when it is shorter; four buffers in UB.
  auto sizes = [](int64_t extent) {
    SmallVector<int64_t> s;
    for (int64_t v = 16; v <= 256; v *= 2)
      if (v < extent)
        s.push_back(v);
    if (extent <= 256)
      s.push_back(extent);
    return s;
  };
  const int64_t capacity = target.memories.ub.capacity;
  SmallVector<std::pair<int64_t, int64_t>> candidates;
  for (int64_t a : sizes(m))
    for (int64_t b : sizes(n))
      if (widened ? 8 * int64_t(llvm::alignTo(a, target.blockBytes) *
                                llvm::alignTo(b, target.blockBytes)) <=
                        capacity
                  : 4 * int64_t(llvm::alignTo(a, 16) * llvm::alignTo(b, 16)) *
                            eb <=
                        capacity)
        candidates.push_back({a, b});
  // The model runs every tile: leave out tilings of very many tiles when
  // there are others.
  constexpr int64_t kMaxSimulatedTiles = 16384;
  auto tileCount = [&](std::pair<int64_t, int64_t> c) {
    return batch * llvm::divideCeil(m, c.first) *
           llvm::divideCeil(n, c.second);
  };
  SmallVector<std::pair<int64_t, int64_t>> simulated;
  for (auto c : candidates)
    if (tileCount(c) <= kMaxSimulatedTiles)
      simulated.push_back(c);
  if (simulated.empty() && !candidates.empty())
    simulated.push_back(*llvm::min_element(
        candidates, [&](auto x, auto y) { return tileCount(x) < tileCount(y); }));
  // The smallest candidate, [16, 16] at most, always fits.
  assert(!simulated.empty() && "no transpose tile fits UB");
  // Ranked by modeled cycles; among kernels the die's HBM bounds (their
  // cores wait for it), the tile with the longer shorter side first: its
  // loads and stores move longer GM rows, which the model does not reward
  // (it charges a strided copy as one transfer whatever its row length);
  // then the busiest block's own makespan, then the larger tile.
  std::optional<std::tuple<int64_t, int64_t, int64_t, int64_t>> best;
  std::pair<int64_t, int64_t> chosen = simulated.front();
  {
    ScopedDiagnosticHandler quiet(group.getContext(),
                                  [](Diagnostic &) { return success(); });
    for (auto [a, b] : simulated) {
      KernelOp probe =
          TransposeKernelBuilder(group, plan, target, a, b).build("probe");
      FailureOr<KernelSchedule> schedule = simulateKernel(probe);
      probe.erase();
      if (failed(schedule))
        continue;
      bool hbmBound = schedule->cycles > schedule->blockCycles;
      std::tuple<int64_t, int64_t, int64_t, int64_t> rank{
          schedule->cycles, hbmBound ? -std::min(a, b) : 0,
          schedule->blockCycles, -a * b};
      if (!best || rank < *best) {
        best = rank;
        chosen = {a, b};
      }
    }
  }
  return TransposeKernelBuilder(group, plan, target, chosen.first,
                                chosen.second)
      .build(group.getKernelName());
}
