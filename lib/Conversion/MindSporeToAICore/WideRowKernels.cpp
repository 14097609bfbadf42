//===- WideRowKernels.cpp - Multi-pass kernels for rows wider than UB -----===//
//
// Softmax, LogSoftmax and last-axis reductions whose one row does not fit
// UB, streamed per row in column chunks (WideRowKernels.h). The passes are
// the three-pass softmax (max, sum of exponentials, normalize) the online
// softmax of Milakov and Gimelshein ("Online normalizer calculation for
// softmax", arXiv:1805.02867) takes down to two; the three-pass form here
// needs no rescaling of a running sum and so no extra Vector work per
// chunk, at one more read of the row (L2 hits when the row was just read:
// the kernel model prices that through its L2 hit ratio).
//
//===----------------------------------------------------------------------===//
#include "WideRowKernels.h"
#include "MixKernelParts.h"
#include "PermutedTiles.h"
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "ascend/Dialect/AICore/Transforms/BufferPlanning.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include <limits>
#include <optional>

using namespace mlir;
using namespace mlir::ascend;
using mlir::ascend::mix::indexConstant;
using namespace mlir::ascend::aicore;
namespace ms = mlir::ascend::mindspore;

namespace {
/// The group's one op, or null (see isWideRowGroup).
Operation *wideRowOpOf(ms::FusionOp group) {
  Block &body = group.getBody().front();
  if (!llvm::hasSingleElement(body.without_terminator()))
    return nullptr;
  Operation *op = &body.front();
  if (!isa<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::ReduceSumOp, ms::ReduceMaxOp,
           ms::ReduceMeanOp, ms::LayerNormOp>(op) ||
      !llvm::all_of(op->getOperands(), [&](Value v) {
        auto arg = dyn_cast<BlockArgument>(v);
        return arg && arg.getOwner() == &body;
      }))
    return nullptr;
  auto yield = cast<ms::YieldOp>(body.getTerminator());
  if (!llvm::equal(yield.getValues(), op->getResults()))
    return nullptr;
  auto in = cast<RankedTensorType>(op->getOperand(0).getType());
  if (!isa<Float32Type, Float16Type, BFloat16Type>(in.getElementType()) ||
      in.getRank() == 0 ||
      !in.hasStaticShape())
    return nullptr;
  int64_t rank = in.getRank();
  if (auto norm = dyn_cast<ms::LayerNormOp>(op)) {
    // Normalized and scaled over the last axis only; gamma and beta [K].
    auto last = [&](int64_t a) { return a == -1 || a == rank - 1; };
    int64_t k = in.getShape().back();
    for (Value v : {norm.getGamma(), norm.getBeta()}) {
      auto type = cast<RankedTensorType>(v.getType());
      if (type.getElementType() != in.getElementType() ||
          type.getNumElements() != k)
        return nullptr;
    }
    return last(norm.getBeginNormAxis()) && last(norm.getBeginParamsAxis())
               ? op
               : nullptr;
  }
  if (isa<ms::SoftmaxOp, ms::LogSoftmaxOp>(op)) {
    int64_t axis = op->getAttrOfType<IntegerAttr>("axis").getInt();
    return axis == -1 || axis == rank - 1 ? op : nullptr;
  }
  ArrayRef<int64_t> axes =
      op->getAttrOfType<DenseI64ArrayAttr>("axis").asArrayRef();
  if (rank == 1 && axes.empty())
    return op;
  if (axes.size() != 1 || (axes[0] != -1 && axes[0] != rank - 1))
    return nullptr;
  return op;
}

/// An RMSNorm as the primitives MindSpore's graph holds for it:
/// `x * rsqrt(mean(x * x, -1, keep_dims) + eps) * gamma` (the last two
/// products in either order of operands; gamma [K], or left out), x a group
/// input of f32 [.., K], the product the group's one result.
struct RmsNormMatch {
  BlockArgument x, gamma; ///< gamma null when there is none
  double eps = 0;
};

std::optional<RmsNormMatch> matchRmsNorm(ms::FusionOp group) {
  Block &body = group.getBody().front();
  auto yield = cast<ms::YieldOp>(body.getTerminator());
  if (yield.getValues().size() != 1)
    return std::nullopt;
  auto argOf = [&](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner() == &body ? arg : BlockArgument();
  };
  // `v` = mul(a, b) in either order, with `a` matched by `isA`: the other.
  auto mulOf = [](Value v, llvm::function_ref<bool(Value)> isA) -> Value {
    auto mul = v.getDefiningOp<ms::MulOp>();
    if (!mul)
      return Value();
    if (isA(mul.getOperand(0)))
      return mul.getOperand(1);
    if (isA(mul.getOperand(1)))
      return mul.getOperand(0);
    return Value();
  };
  RmsNormMatch match;
  Value scaled = yield.getValues()[0], rstd;
  // y = (x * rstd) * gamma, or x * rstd alone.
  auto isRsqrt = [](Value v) { return v.getDefiningOp<ms::RsqrtOp>() != nullptr; };
  auto normed = [&](Value v) {
    Value x = mulOf(v, isRsqrt);
    if (!x || !argOf(x))
      return false;
    match.x = argOf(x);
    auto mul = v.getDefiningOp<ms::MulOp>();
    rstd = mul.getOperand(0) == x ? mul.getOperand(1) : mul.getOperand(0);
    return true;
  };
  if (!normed(scaled)) {
    Value gamma = mulOf(scaled, normed);
    if (!gamma || !argOf(gamma))
      return std::nullopt;
    match.gamma = argOf(gamma);
  }
  auto add = rstd.getDefiningOp<ms::RsqrtOp>().getOperand().getDefiningOp<ms::AddOp>();
  if (!add)
    return std::nullopt;
  Value mean = add.getOperand(0), eps = add.getOperand(1);
  if (!mean.getDefiningOp<ms::ReduceMeanOp>())
    std::swap(mean, eps);
  auto reduce = mean.getDefiningOp<ms::ReduceMeanOp>();
  auto constant = eps.getDefiningOp<ms::ConstantOp>();
  if (!reduce || !constant)
    return std::nullopt;
  auto value = dyn_cast<DenseFPElementsAttr>(constant.getValue());
  if (!value || !value.isSplat())
    return std::nullopt;
  match.eps = value.getSplatValue<APFloat>().convertToDouble();
  auto type = cast<RankedTensorType>(match.x.getType());
  int64_t rank = type.getRank();
  ArrayRef<int64_t> axes = reduce.getAxis();
  if (!isa<Float32Type, Float16Type, BFloat16Type>(type.getElementType()) ||
      !type.hasStaticShape() || rank == 0 ||
      axes.size() != 1 || (axes[0] != -1 && axes[0] != rank - 1) ||
      mulOf(reduce.getOperand(), [&](Value v) { return v == match.x; }) !=
          Value(match.x))
    return std::nullopt;
  if (match.gamma) {
    auto g = cast<RankedTensorType>(match.gamma.getType());
    if (g.getElementType() != type.getElementType() ||
        g.getNumElements() != type.getShape().back())
      return std::nullopt;
  }
  // Nothing else in the group (the constant aside).
  int64_t ops = 0;
  for (Operation &op : body.without_terminator())
    ops += !isa<ms::ConstantOp>(op);
  return ops == (match.gamma ? 6 : 5) ? std::optional(match) : std::nullopt;
}

/// A binary elementwise primitive (Add, Sub, Mul, RealDiv, Maximum,
/// Minimum) of a full-size operand [.., K] and one broadcast along the row
/// (a column: the full shape with a last dimension of 1) or across rows (a
/// row: K elements), both group inputs, in f32, f16 or bf16.
struct WideBinaryMatch {
  Operation *op = nullptr;
  unsigned full = 0; ///< the full-size operand
  bool column = false;
};

std::optional<WideBinaryMatch> matchWideBinary(ms::FusionOp group) {
  Block &body = group.getBody().front();
  if (!llvm::hasSingleElement(body.without_terminator()))
    return std::nullopt;
  Operation *op = &body.front();
  if (!isa<ms::AddOp, ms::SubOp, ms::MulOp, ms::RealDivOp, ms::MaximumOp,
           ms::MinimumOp>(op) ||
      op->getNumResults() != 1 ||
      !llvm::all_of(op->getOperands(), [&](Value v) {
        auto arg = dyn_cast<BlockArgument>(v);
        return arg && arg.getOwner() == &body;
      }))
    return std::nullopt;
  auto yield = cast<ms::YieldOp>(body.getTerminator());
  if (!llvm::equal(yield.getValues(), op->getResults()))
    return std::nullopt;
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (!isa<Float32Type, Float16Type, BFloat16Type>(result.getElementType()) ||
      !result.hasStaticShape() || result.getRank() == 0)
    return std::nullopt;
  for (unsigned full = 0; full < 2; ++full) {
    auto a = cast<RankedTensorType>(op->getOperand(full).getType()),
         c = cast<RankedTensorType>(op->getOperand(1 - full).getType());
    if (a != result || c.getElementType() != result.getElementType())
      continue;
    SmallVector<int64_t> columnShape(result.getShape());
    columnShape.back() = 1;
    if (c.getShape() == ArrayRef<int64_t>(columnShape) &&
        result.getShape().back() != 1)
      return WideBinaryMatch{op, full, true};
    // A row: [K] or [1, .., 1, K].
    if (c.getNumElements() == result.getShape().back() &&
        c.getRank() >= 1 && c.getShape().back() == result.getShape().back())
      return WideBinaryMatch{op, full, false};
  }
  return std::nullopt;
}

Value columns(OpBuilder &b, Location loc, Value m, OpFoldResult row,
              OpFoldResult col, int64_t cols) {
  return memref::SubViewOp::create(
      b, loc, m, ArrayRef<OpFoldResult>{row, col},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(cols)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
}

Value ubBuffer(OpBuilder &b, Location loc, int64_t cols, Type elt,
               StringRef name) {
  auto alloc = AllocOp::create(
      b, loc,
      MemRefType::get({1, cols}, elt, MemRefLayoutAttrInterface{},
                      AddressSpaceAttr::get(b.getContext(), AddressSpace::UB)));
  alloc->setAttr(kBufferNameAttr, b.getStringAttr(name));
  return alloc;
}

// Events: 0 V -> MTE2 (the chunk buffer `x` is free for the next load),
// 0 MTE2 -> V (the chunk is loaded), 1 V -> MTE3 (the result is ready),
// 1 MTE3 -> V (the result buffer is free again).
constexpr int64_t kLoadEvent = 0, kStoreEvent = 1;
} // namespace

bool mlir::ascend::isWideRowGroup(ms::FusionOp group) {
  return wideRowOpOf(group) != nullptr || matchRmsNorm(group).has_value() ||
         matchWideBinary(group).has_value();
}

FailureOr<KernelOp>
mlir::ascend::buildWideRowKernel(ms::FusionOp group,
                                 const AICoreTarget &target,
                                 std::string &why) {
  Operation *op = wideRowOpOf(group);
  std::optional<RmsNormMatch> rms = op ? std::nullopt : matchRmsNorm(group);
  std::optional<WideBinaryMatch> binary =
      op || rms ? std::nullopt : matchWideBinary(group);
  auto inType = cast<RankedTensorType>(
      op ? op->getOperand(0).getType()
         : rms ? rms->x.getType()
               : binary->op->getOperand(binary->full).getType());
  Type elt = inType.getElementType();
  int64_t k = inType.getShape().back(), m = inType.getNumElements() / std::max<int64_t>(k, 1);
  if (k == 0 || m == 0) {
    why = "'" + (op        ? op->getName().stripDialect().str()
                 : binary ? binary->op->getName().stripDialect().str()
                          : "rms norm") +
          "' of an empty tensor";
    return failure();
  }
  auto norm = dyn_cast_or_null<ms::LayerNormOp>(op);
  const bool softmax = isa_and_nonnull<ms::SoftmaxOp>(op),
             logSoftmax = isa_and_nonnull<ms::LogSoftmaxOp>(op),
             rowwise = softmax || logSoftmax || norm || rms || binary;
  const bool maxFirst =
      softmax || logSoftmax || isa_and_nonnull<ms::ReduceMaxOp>(op);
  // f16 / bf16 rows are loaded as they are and computed in f32 (a vcast
  // per chunk in, one per result chunk out), as CANN's kernels do.
  // A binary op computes in its own type, as the one-pass kernels do.
  Type ct = binary ? elt : Float32Type::get(group.getContext());
  const bool half = elt != ct;
  // A row operand of a binary op streams like a LayerNorm's gamma.
  const bool hasGamma = norm || (rms && rms->gamma) ||
                        (binary && !binary->column),
             hasBeta = norm != nullptr;
  // UB bytes per chunk column: the f32 chunk, spread, result, gamma, beta;
  // for f16 / bf16 also the loaded chunk, gamma and beta and the result
  // as stored.
  const int64_t f32Buffers = 2 + rowwise + hasGamma + hasBeta;
  const int64_t bytesPerColumn =
      4 * f32Buffers + (half ? 2 * (1 + rowwise + hasGamma + hasBeta) : 0);
  int64_t chunk = std::min<int64_t>(
      kWideRowChunk, llvm::alignTo(k, target.vectorRepeatBytes / 4));
  while (chunk > 64 &&
         chunk * bytesPerColumn + 8 * target.memories.ub.alignment >
             target.memories.ub.capacity)
    chunk /= 2;
  const int64_t blocks = std::min<int64_t>(target.vectorCores, m);

  OpBuilder b(group.getContext());
  Location loc = group.getLoc();
  SmallVector<Type> argTypes;
  for (Type t : group.getInputs().getTypes())
    argTypes.push_back(getGMType(cast<RankedTensorType>(t)));
  argTypes.push_back(
      getGMType(cast<RankedTensorType>(group.getResultTypes().front())));
  auto kernel = KernelOp::create(b, loc, group.getKernelName(),
                                 b.getFunctionType(argTypes, {}), blocks);
  if (StringRef(target.name) != getDefaultTarget().name)
    kernel.setChip(target.name);
  Block &entry = kernel.getBody().front();
  b.setInsertionPointToStart(&entry);
  // The kernel argument of operand i of the op (a group input).
  auto operandArg = [&](unsigned i) {
    return entry.getArgument(
        cast<BlockArgument>(op->getOperand(i)).getArgNumber());
  };
  auto argOf = [&](Value v) {
    return entry.getArgument(cast<BlockArgument>(v).getArgNumber());
  };
  Value in = viewAs(b, loc,
                    op    ? operandArg(0)
                    : rms ? argOf(rms->x)
                          : argOf(binary->op->getOperand(binary->full)),
                    {m, k});
  // A binary op's broadcast operand: [M, 1] (a column) or [1, K] (a row).
  Value other;
  if (binary)
    other = viewAs(b, loc, argOf(binary->op->getOperand(1 - binary->full)),
                   {binary->column ? m : 1, binary->column ? 1 : k});

  Value out = viewAs(b, loc, entry.getArguments().back(),
                     {m, rowwise ? k : 1});
  // A LayerNorm's gamma and beta as [1, K], loaded per chunk in pass 3.
  Value gamma, beta, gammaTile, betaTile;
  if (norm) {
    gamma = viewAs(b, loc, operandArg(1), {1, k});
    beta = viewAs(b, loc, operandArg(2), {1, k});
  }
  if (rms && rms->gamma)
    gamma = viewAs(b, loc, entry.getArgument(rms->gamma.getArgNumber()),
                   {1, k});
  if (binary && !binary->column)
    gamma = other;
  // `x`, `gammaIn`, `betaIn`: loaded as they are; `xc`, `gammaTile`,
  // `betaTile` the f32 values (the same buffers for f32); `stored`: what
  // MTE3 writes.
  Value x = ubBuffer(b, loc, chunk, elt, "row.chunk");
  Value xc = half ? ubBuffer(b, loc, chunk, ct, "row.chunk.f32") : x;
  Value spread = ubBuffer(b, loc, chunk, ct, "row.spread");
  Value result = rowwise ? ubBuffer(b, loc, chunk, ct, "row.out") : Value();
  Value stored = rowwise && half ? ubBuffer(b, loc, chunk, elt, "row.stored")
                                 : result;
  Value part = ubBuffer(b, loc, 1, ct, "row.part");
  Value first = ubBuffer(b, loc, 1, ct, "row.first"); // max, or sum
  Value second = ubBuffer(b, loc, 1, ct, "row.sum");
  Value firstStored =
      !rowwise && half ? ubBuffer(b, loc, 1, elt, "row.first.stored") : first;
  Value gammaIn, betaIn;
  if (gamma) {
    gammaIn = ubBuffer(b, loc, chunk, elt, "row.gamma");
    gammaTile = half ? ubBuffer(b, loc, chunk, ct, "row.gamma.f32") : gammaIn;
  }
  if (beta) {
    betaIn = ubBuffer(b, loc, chunk, elt, "row.beta");
    betaTile = half ? ubBuffer(b, loc, chunk, ct, "row.beta.f32") : betaIn;
  }
  SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, kLoadEvent);
  SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
  Value blockIdx = blocks > 1 ? Value(BlockIdxOp::create(b, loc,
                                                         b.getIndexType()))
                              : indexConstant(b, loc, 0);

  auto rows = scf::ForOp::create(b, loc, blockIdx, indexConstant(b, loc, m),
                                 indexConstant(b, loc, blocks));
  b.setInsertionPointToStart(rows.getBody());
  Value row = rows.getInductionVar();
  const float lowest = -std::numeric_limits<float>::infinity();

  // One pass over the row: `work(builder, x, n, col)` on each loaded chunk
  // of n columns at column `col` (the full chunks in a loop, then the
  // ragged one).
  auto prefix = [&](OpBuilder &ob, Value buffer, int64_t n) {
    return n == chunk ? buffer
                      : columns(ob, loc, buffer, ob.getIndexAttr(0),
                                ob.getIndexAttr(0), n);
  };
  // Result chunk `r` (n columns, f32) into GM at column `col` of the row,
  // converted to the element type first for f16 / bf16 (V has waited for
  // MTE3 to free the buffers).
  auto store = [&](OpBuilder &ob, Value r, int64_t n, Value col) {
    Value s = prefix(ob, stored, n);
    if (half)
      VCastOp::create(ob, loc, r, s);
    SetFlagOp::create(ob, loc, Pipe::V, Pipe::MTE3, kStoreEvent);
    WaitFlagOp::create(ob, loc, Pipe::V, Pipe::MTE3, kStoreEvent);
    CopyOp::create(ob, loc, s, columns(ob, loc, out, row, col, n));
    SetFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
  };
  // `params`: also load the chunk's gamma and beta (a LayerNorm's pass 3).
  auto pass = [&](llvm::function_ref<void(OpBuilder &, Value, int64_t, Value)>
                      work,
                  bool params = false) {
    auto chunkAt = [&](OpBuilder &ob, Value col, int64_t n) {
      Value tile = prefix(ob, x, n);
      WaitFlagOp::create(ob, loc, Pipe::V, Pipe::MTE2, kLoadEvent);
      CopyOp::create(ob, loc, columns(ob, loc, in, row, col, n), tile);
      Value zero = params ? indexConstant(ob, loc, 0) : Value();
      if (params && gamma)
        CopyOp::create(ob, loc, columns(ob, loc, gamma, zero, col, n),
                       prefix(ob, gammaIn, n));
      if (params && beta)
        CopyOp::create(ob, loc, columns(ob, loc, beta, zero, col, n),
                       prefix(ob, betaIn, n));
      SetFlagOp::create(ob, loc, Pipe::MTE2, Pipe::V, kLoadEvent);
      WaitFlagOp::create(ob, loc, Pipe::MTE2, Pipe::V, kLoadEvent);
      if (half) {
        VCastOp::create(ob, loc, tile, prefix(ob, xc, n));
        tile = prefix(ob, xc, n);
        if (params && gamma)
          VCastOp::create(ob, loc, prefix(ob, gammaIn, n),
                          prefix(ob, gammaTile, n));
        if (params && beta)
          VCastOp::create(ob, loc, prefix(ob, betaIn, n),
                          prefix(ob, betaTile, n));
      }
      work(ob, tile, n, col);
      SetFlagOp::create(ob, loc, Pipe::V, Pipe::MTE2, kLoadEvent);
    };
    int64_t full = k / chunk, rest = k % chunk;
    if (full) {
      auto loop = scf::ForOp::create(b, loc, indexConstant(b, loc, 0),
                                     indexConstant(b, loc, full * chunk),
                                     indexConstant(b, loc, chunk));
      OpBuilder ob = OpBuilder::atBlockTerminator(loop.getBody());
      chunkAt(ob, loop.getInductionVar(), chunk);
    }
    if (rest)
      chunkAt(b, indexConstant(b, loc, full * chunk), rest);
  };

  // `second` (a sum over the row) -> rsqrt(second / K + eps).
  auto rsqrtOfMean = [&](double eps) {
    VMulsOp::create(b, loc, second, second,
                    b.getFloatAttr(ct, 1.0 / double(k)));
    VAddsOp::create(b, loc, second, second, b.getFloatAttr(ct, eps));
    VRsqrtOp::create(b, loc, second, second);
  };
  if (rms) {
    // Pass 1: the sum of x * x, then rsqrt(mean + eps) in `second`.
    VDupOp::create(b, loc, second, b.getFloatAttr(ct, 0.0));
    pass([&](OpBuilder &ob, Value tile, int64_t n, Value) {
      Value s = prefix(ob, spread, n);
      VMulOp::create(ob, loc, tile, tile, s);
      VReduceOp::create(ob, loc, s, part, "sum");
      VAddOp::create(ob, loc, second, part, second);
    });
    rsqrtOfMean(rms->eps);
    // Pass 2: x * rstd (* gamma) into GM.
    pass(
        [&](OpBuilder &ob, Value tile, int64_t n, Value col) {
          Value s = prefix(ob, spread, n), r = prefix(ob, result, n);
          VBroadcastOp::create(ob, loc, second, s);
          WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
          VMulOp::create(ob, loc, tile, s, r);
          if (gamma)
            VMulOp::create(ob, loc, r, prefix(ob, gammaTile, n), r);
          store(ob, r, n, col);
        },
        /*params=*/true);
  }

  if (binary) {
    // One pass: the column's value of the row (loaded once per row) or the
    // row operand's chunk, spread over the chunk, then the op.
    if (binary->column) {
      WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, kLoadEvent);
      CopyOp::create(b, loc, columns(b, loc, other, row, b.getIndexAttr(0), 1),
                     first);
      SetFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, kLoadEvent);
      WaitFlagOp::create(b, loc, Pipe::MTE2, Pipe::V, kLoadEvent);
      // V is in order: the chunk loads below find `x` free, and the next
      // row's load of `first` waits for this row's last chunk.
      SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, kLoadEvent);
    }
    pass(
        [&](OpBuilder &ob, Value tile, int64_t n, Value col) {
          Value s = binary->column ? prefix(ob, spread, n)
                                   : prefix(ob, gammaTile, n);
          Value r = prefix(ob, result, n);
          if (binary->column)
            VBroadcastOp::create(ob, loc, first, s);
          WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
          emitElementwiseVectorOps(
              ob, loc, binary->op, r,
              [&](unsigned i) { return i == binary->full ? tile : s; },
              [](unsigned) { return TypedAttr(); });
          store(ob, r, n, col);
        },
        /*params=*/!binary->column);
  }

  // Pass 1: the running max or sum of the row, in `first`.
  if (!rowwise)
    WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
  if (!rms && !binary) {
    VDupOp::create(b, loc, first,
                   b.getFloatAttr(ct, maxFirst ? double(lowest) : 0.0));
    pass([&](OpBuilder &ob, Value tile, int64_t, Value) {
      VReduceOp::create(ob, loc, tile, part, maxFirst ? "max" : "sum");
      if (maxFirst)
        VMaxOp::create(ob, loc, first, part, first);
      else
        VAddOp::create(ob, loc, first, part, first);
    });
  }
  if (rms || binary) {
    // Built above.
  } else if (norm) {
    // PyTorch's formula: (x - mean) * rsqrt(biased var + eps) * gamma +
    // beta. Pass 2: the sum of (x - mean)^2 (two-pass variance), then
    // rsqrt(var + eps) in `second`.
    TypedAttr invK = b.getFloatAttr(ct, 1.0 / double(k));
    VMulsOp::create(b, loc, first, first, invK);
    VDupOp::create(b, loc, second, b.getFloatAttr(ct, 0.0));
    pass([&](OpBuilder &ob, Value tile, int64_t n, Value) {
      Value s = prefix(ob, spread, n);
      VBroadcastOp::create(ob, loc, first, s);
      VSubOp::create(ob, loc, tile, s, s);
      VMulOp::create(ob, loc, s, s, s);
      VReduceOp::create(ob, loc, s, part, "sum");
      VAddOp::create(ob, loc, second, part, second);
    });
    rsqrtOfMean(norm.getEpsilon().convertToDouble());
    pass(
        [&](OpBuilder &ob, Value tile, int64_t n, Value col) {
          Value s = prefix(ob, spread, n), r = prefix(ob, result, n);
          VBroadcastOp::create(ob, loc, first, s);
          WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
          VSubOp::create(ob, loc, tile, s, r);
          VBroadcastOp::create(ob, loc, second, s);
          VMulOp::create(ob, loc, r, s, r);
          VMulOp::create(ob, loc, r, prefix(ob, gammaTile, n), r);
          VAddOp::create(ob, loc, r, prefix(ob, betaTile, n), r);
          store(ob, r, n, col);
        },
        /*params=*/true);
  } else if (!rowwise) {
    if (isa<ms::ReduceMeanOp>(op))
      VMulsOp::create(b, loc, first, first,
                      b.getFloatAttr(ct, 1.0 / double(k)));
    if (half)
      VCastOp::create(b, loc, first, firstStored);
    SetFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, kStoreEvent);
    WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE3, kStoreEvent);
    CopyOp::create(b, loc, firstStored,
                   columns(b, loc, out, row, b.getIndexAttr(0), 1));
    SetFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
  } else {
    // Pass 2: the running sum of exp(x - max), in `second`.
    VDupOp::create(b, loc, second, b.getFloatAttr(ct, 0.0));
    pass([&](OpBuilder &ob, Value tile, int64_t n, Value) {
      Value s = prefix(ob, spread, n);
      VBroadcastOp::create(ob, loc, first, s);
      VSubOp::create(ob, loc, tile, s, s);
      VExpOp::create(ob, loc, s, s);
      VReduceOp::create(ob, loc, s, part, "sum");
      VAddOp::create(ob, loc, second, part, second);
    });
    if (logSoftmax) {
      // x - (max + ln sum): the shift, once per row.
      VLnOp::create(b, loc, second, second);
      VAddOp::create(b, loc, first, second, first);
    }
    // Pass 3: the results, chunk by chunk into GM.
    pass([&](OpBuilder &ob, Value tile, int64_t n, Value col) {
      Value s = prefix(ob, spread, n), r = prefix(ob, result, n);
      VBroadcastOp::create(ob, loc, first, s);
      WaitFlagOp::create(ob, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
      VSubOp::create(ob, loc, tile, s, r);
      if (softmax) {
        VExpOp::create(ob, loc, r, r);
        VBroadcastOp::create(ob, loc, second, s);
        VDivOp::create(ob, loc, r, s, r);
      }
      store(ob, r, n, col);
    });
  }

  b.setInsertionPointAfter(rows);
  WaitFlagOp::create(b, loc, Pipe::V, Pipe::MTE2, kLoadEvent);
  WaitFlagOp::create(b, loc, Pipe::MTE3, Pipe::V, kStoreEvent);
  ReturnOp::create(b, loc);
  Builder attrs(group.getContext());
  kernel->setAttr(
      "aicore.tile",
      attrs.getDictionaryAttr(
          {attrs.getNamedAttr("rows", attrs.getI64IntegerAttr(1)),
           attrs.getNamedAttr("cols", attrs.getI64IntegerAttr(chunk)),
           attrs.getNamedAttr("passes",
                              attrs.getI64IntegerAttr(
                                  binary ? 1 : rms ? 2 : rowwise ? 3 : 1)),
           attrs.getNamedAttr("view", attrs.getDenseI64ArrayAttr({m, k}))}));
  return kernel;
}
