//===- MindSporeToAICore.cpp - tile MatMul (+ BiasAdd) for the AI Core ----===//
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Conversion/MindSporeToAICore/MixKernels.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "CubeKernels.h"
#include "MixKernelParts.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace mlir::ascend {
#define GEN_PASS_DEF_CONVERTMINDSPORETOAICOREPASS
#include "ascend/Conversion/MindSporeToAICore/Passes.h.inc"
} // namespace mlir::ascend

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;

//===----------------------------------------------------------------------===//
// Tiling: the kernel library's search (Tiling.h) on the ops' element types
//===----------------------------------------------------------------------===//

/// The GEMM of an `[m, k] x [k, n]` problem on `elementType` for the tiler,
/// or failure with `why` set when the Cube has no mmad for the type.
static FailureOr<GemmProblem> getGemmProblem(int64_t m, int64_t n, int64_t k,
                                             Type elementType, bool withBias,
                                             std::string &why) {
  if (!elementType.isF32() && !elementType.isF16() && !elementType.isBF16()) {
    llvm::raw_string_ostream(why)
        << "the Cube has no " << elementType << " mmad";
    return failure();
  }
  if (m <= 0 || n <= 0 || k <= 0) {
    why = "empty matmul";
    return failure();
  }
  GemmProblem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  p.withBias = withBias;
  return p;
}

FailureOr<MatMulTiling>
mlir::ascend::chooseMatMulTiling(int64_t m, int64_t n, int64_t k,
                                 Type elementType, bool withBias,
                                 const AICoreTarget &target, std::string &why) {
  FailureOr<GemmProblem> p =
      getGemmProblem(m, n, k, elementType, withBias, why);
  if (failed(p))
    return failure();
  return searchTiling(*p, target, TileSearchOptions(), why);
}

FailureOr<MatMulTiling>
mlir::ascend::checkMatMulTiling(int64_t m, int64_t n, int64_t k,
                                Type elementType, bool withBias, MatMulTiling t,
                                const AICoreTarget &target, std::string &why) {
  FailureOr<GemmProblem> p =
      getGemmProblem(m, n, k, elementType, withBias, why);
  if (failed(p))
    return failure();
  return checkTiling(*p, t, target, why);
}

FailureOr<MatMulTiling> mlir::ascend::chooseMatMulTilingWithSplitK(
    int64_t m, int64_t n, int64_t k, Type elementType, bool withBias,
    const AICoreTarget &target, ArrayRef<int64_t> forcedSplit,
    std::string &why, int64_t forcedKChunk) {
  FailureOr<GemmProblem> p =
      getGemmProblem(m, n, k, elementType, withBias, why);
  if (failed(p))
    return failure();
  TileSearchOptions options;
  // split-k=1: the search without split-K.
  options.allowSplitK = forcedSplit.empty() || forcedSplit[0] > 1;
  if (options.allowSplitK)
    options.forcedSplit.assign(forcedSplit.begin(), forcedSplit.end());
  options.kChunk = forcedKChunk;
  FailureOr<MatMulTiling> tiling = searchTiling(*p, target, options, why);
  if (failed(tiling) && forcedKChunk > 0) {
    why.clear();
    llvm::raw_string_ostream(why)
        << "no tiling of " << m << "x" << n << "x" << k << " takes k-chunk "
        << forcedKChunk << " (the chunk must be a multiple of a tiling's "
        << "k-stages x tk, at most 64 chunks, and its A buffers must fit L1)";
    return failure();
  }
  if (failed(tiling) && !forcedSplit.empty()) {
    why.clear();
    llvm::raw_string_ostream(why)
        << "no tiling of " << m << "x" << n << "x" << k << " takes split-k "
        << forcedSplit[0] << " (every K part must be non-empty: K = " << k
        << ")";
  }
  return tiling;
}

FailureOr<MatMulTiling> mlir::ascend::checkMatMulTilingWithSplitK(
    int64_t m, int64_t n, int64_t k, Type elementType, bool withBias,
    MatMulTiling t, const AICoreTarget &target, ArrayRef<int64_t> forcedSplit,
    std::string &why) {
  FailureOr<GemmProblem> p =
      getGemmProblem(m, n, k, elementType, withBias, why);
  if (failed(p))
    return failure();
  FailureOr<MatMulTiling> split = applySplit(*p, t, target, forcedSplit, why);
  if (failed(split))
    return failure();
  return checkTiling(*p, *split, target, why);
}

FailureOr<MatMulTiling> mlir::ascend::chooseBatchMatMulTiling(
    int64_t batch, int64_t m, int64_t n, int64_t k, Type elementType,
    const AICoreTarget &target, std::string &why) {
  FailureOr<GemmProblem> p =
      getGemmProblem(m, n, k, elementType, /*withBias=*/false, why);
  if (failed(p))
    return failure();
  p->images = batch;
  p->batched = true;
  return searchTiling(*p, target, TileSearchOptions(), why);
}

FailureOr<MatMulTiling> mlir::ascend::checkBatchMatMulTiling(
    int64_t batch, int64_t m, int64_t n, int64_t k, Type elementType,
    MatMulTiling t, const AICoreTarget &target, std::string &why) {
  FailureOr<GemmProblem> p =
      getGemmProblem(m, n, k, elementType, /*withBias=*/false, why);
  if (failed(p))
    return failure();
  p->images = batch;
  p->batched = true;
  return checkTiling(*p, t, target, why);
}

/// The implicit GEMMs of `conv`: M = Ho * Wo per image and group, N = Og,
/// K = Cg * KH * KW, the batch x groups GEMMs stacked in M.
static FailureOr<GemmProblem> getConvProblem(const ConvGeometry &conv,
                                             Type elementType, bool withBias,
                                             std::string &why) {
  FailureOr<GemmProblem> p =
      getGemmProblem(conv.pixels(), conv.groupOutChannels(), conv.gemmK(),
                     elementType, withBias, why);
  if (failed(p))
    return failure();
  p->images = conv.gemms();
  p->conv = &conv;
  return p;
}

FailureOr<MatMulTiling>
mlir::ascend::chooseConvTiling(const ConvGeometry &conv, Type elementType,
                               bool withBias, const AICoreTarget &target,
                               std::string &why) {
  FailureOr<GemmProblem> p = getConvProblem(conv, elementType, withBias, why);
  if (failed(p))
    return failure();
  return searchTiling(*p, target, TileSearchOptions(), why);
}

FailureOr<MatMulTiling>
mlir::ascend::checkConvTiling(const ConvGeometry &conv, Type elementType,
                              bool withBias, MatMulTiling t,
                              const AICoreTarget &target, std::string &why) {
  FailureOr<GemmProblem> p = getConvProblem(conv, elementType, withBias, why);
  if (failed(p))
    return failure();
  return checkTiling(*p, t, target, why);
}

//===----------------------------------------------------------------------===//
// Kernels of standalone MatMul / BatchMatMul (+ BiasAdd): CubeKernels.cpp
//===----------------------------------------------------------------------===//

namespace {
/// What identifies the kernel of a problem on `elementType`: matmuls of one
/// shape, layout and type share a kernel.
auto getProblemKey(const GemmProblem &p, Type elementType) {
  return std::make_tuple(p.m, p.n, p.k, elementType.getAsOpaquePointer(),
                         p.transposeA, p.transposeB, p.withBias,
                         p.batched ? p.images : 0);
}

/// The kernel's symbol, e.g. `matmul_128x256x64_f16_tb_bias`.
std::string getKernelName(const GemmProblem &p, Type elementType) {
  std::string name;
  llvm::raw_string_ostream os(name);
  if (p.batched)
    os << "batch_matmul_" << p.images << "x";
  else
    os << "matmul_";
  os << p.m << "x" << p.n << "x" << p.k << "_" << elementType;
  if (p.transposeA)
    os << "_ta";
  if (p.transposeB)
    os << "_tb";
  if (p.withBias)
    os << "_bias";
  return name;
}
} // namespace

/// getTilingAttr with the split (`split_k`, `split_tiles`) or the K chunk
/// (`k_chunk`) when there is one.
static aicore::CubeTilingAttr getSplitTilingAttr(Builder &builder,
                                                 const MatMulTiling &t) {
  bool split = t.splitK > 1;
  return aicore::CubeTilingAttr::get(
      builder.getContext(), t.tm, t.tn, t.tk, t.kStages, t.l1Buffers,
      t.l0cBuffers, split ? t.splitK : 1, split ? t.splitTiles : 0,
      t.kChunk > 0 ? t.kChunk : 0, t.cycles);
}

namespace {
struct ConvertMindSporeToAICorePass
    : mlir::ascend::impl::ConvertMindSporeToAICorePassBase<
          ConvertMindSporeToAICorePass> {
  using Base::Base;

  /// Checks every option against what it may spell, before the pass
  /// touches any IR: a bad option is an error on `module` and no change.
  /// Sets the chip's row and the depthwise unit.
  LogicalResult validateOptions(ModuleOp module, const AICoreTarget *&target,
                                std::optional<DepthwiseUnit> &depthwiseUnit) {
    target = lookupTarget(chip);
    if (!target)
      return module.emitError("unknown chip '") << chip << "'";
    depthwiseUnit = parseDepthwiseUnit(depthwiseOption);
    if (!depthwiseUnit)
      return module.emitError(
                 "the depthwise option takes auto, cube or vector, got '")
             << depthwiseOption << "'";
    if (!splitKOption.empty() &&
        (splitKOption.size() > 2 || splitKOption[0] < 1 ||
         (splitKOption.size() == 2 && splitKOption[1] < 0)))
      return module.emitError(
                 "the split-k option takes the parts (at least 1) and "
                 "an optional number of split tiles (at least 0), got ")
             << splitKOption.size() << " numbers starting with "
             << splitKOption[0];
    if (kChunkOption < -1)
      return module.emitError(
                 "the k-chunk option takes a chunk length in elements "
                 "of K (0: never chunk), got ")
             << static_cast<int64_t>(kChunkOption);
    if (kChunkOption > 0 && !splitKOption.empty() && splitKOption[0] > 1)
      return module.emitError(
          "the k-chunk and split-k options exclude each other "
          "(a K-chunked kernel does not split K over cores)");
    if (!tilingOption.empty() && tilingOption.size() != 5 &&
        tilingOption.size() != 6)
      return module.emitError(
                 "the tiling option takes five or six numbers (tm, tn, "
                 "tk, k-stages, l0c-buffers[, l1-buffers]), got ")
             << tilingOption.size();
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const AICoreTarget *target = nullptr;
    std::optional<DepthwiseUnit> depthwiseUnit;
    if (failed(validateOptions(module, target, depthwiseUnit)))
      return signalPassFailure();
    // Set by the conversions an option (the forced tiling, split or chunk)
    // does not fit: the pass fails after converting the rest.
    bool failedAny = false;
    SymbolTable symbols(module);
    // Each vector or row-reduction fusion group becomes one Vector kernel
    // (VectorKernels.cpp);
    // a group the kernel builder cannot express stays, with a remark.
    // One walk finds the groups of both kinds; it does not look into a
    // group's body (groups do not nest), where most of the ops are.
    SmallVector<mindspore::FusionOp> vectorGroups, mixGroups;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      auto group = dyn_cast<mindspore::FusionOp>(op);
      if (!group)
        return WalkResult::advance();
      StringRef kind = group.getKind();
      if (kind == "vector" || kind == "reduction")
        vectorGroups.push_back(group);
      else if (kind == "mix")
        mixGroups.push_back(group);
      return WalkResult::skip();
    });
    llvm::StringMap<KernelOp> vectorKernels;
    for (mindspore::FusionOp group : vectorGroups) {
      std::string why;
      if (failed(convertVectorFusion(group, *target, symbols, vectorKernels,
                                     why)))
        group.emitRemark("fusion group '")
            << group.getKernelName()
            << "' kept at the mindspore level: " << why;
    }
    // Each mix group of a MatMul and an elementwise epilogue becomes one
    // MIX kernel (MixKernels.cpp); another stays a group, inlined below, as
    // does a group of only a MatMul or Conv2D and its BiasAdd (a Cube
    // kernel with the bias from BT).
    llvm::StringMap<KernelOp> mixKernels;
    ArrayRef<int64_t> mixTiling;
    if (tilingOption.size() == 5 || tilingOption.size() == 6)
      mixTiling = tilingOption;
    // The groups are analyzed (read only) a chunk at a time on the
    // context's threads, then converted one by one in program order. Groups
    // with the same mixPlanKey have the same plan: a chunk's keys are made
    // on the threads, and only the groups whose key is new are analyzed
    // (on the threads too); the others take the plan of the first group
    // with their key.
    constexpr size_t kMixChunk = 512;
    struct CachedPlan {
      MixFusionPlan plan;
      bool isConv = false, isCubeBiasAdd = false;
    };
    // Stable addresses: the chunk's groups point at the plans they take.
    std::deque<CachedPlan> cachedPlans;
    llvm::StringMap<CachedPlan *> plansByKey;
    SmallVector<std::string> keys;
    SmallVector<uint32_t> keyHashes;
    SmallVector<CachedPlan *> planOf;
    SmallVector<std::pair<size_t, CachedPlan *>> toAnalyze;
    // The replaced groups of a chunk are erased on the context's threads
    // while the next chunks are converted (a group is isolated from above:
    // erasing it touches nothing else), all of them before the pass goes on.
    MixConversionState mixState;
    std::optional<llvm::ThreadPoolTaskGroup> eraseGroups;
    if (getContext().isMultithreadingEnabled())
      eraseGroups.emplace(getContext().getThreadPool());
    auto eraseDetached = [&] {
      if (mixState.detached.empty())
        return;
      auto erase = [](ArrayRef<Operation *> groups) {
        for (Operation *group : groups)
          group->erase();
      };
      if (!eraseGroups) {
        erase(mixState.detached);
        mixState.detached.clear();
        return;
      }
      eraseGroups->async(
          [erase, groups = std::move(mixState.detached)] { erase(groups); });
      mixState.detached = {};
    };
    for (size_t begin = 0; begin < mixGroups.size(); begin += kMixChunk) {
      MutableArrayRef<mindspore::FusionOp> chunk =
          MutableArrayRef(mixGroups).slice(
          begin, std::min(kMixChunk, mixGroups.size() - begin));
      keys.assign(chunk.size(), std::string());
      keyHashes.assign(chunk.size(), 0);
      parallelFor(&getContext(), 0, chunk.size(), [&](size_t i) {
        keys[i] = mixPlanKey(chunk[i]);
        keyHashes[i] = llvm::StringMapImpl::hash(keys[i]);
      });
      planOf.assign(chunk.size(), nullptr);
      toAnalyze.clear();
      for (size_t i = 0; i < chunk.size(); ++i) {
        auto [it, isNew] =
            plansByKey.try_emplace_with_hash(keys[i], keyHashes[i], nullptr);
        if (isNew) {
          it->second = &cachedPlans.emplace_back();
          toAnalyze.push_back({i, it->second});
        }
        planOf[i] = it->second;
      }
      parallelFor(&getContext(), 0, toAnalyze.size(), [&](size_t j) {
        auto [i, cached] = toAnalyze[j];
        cached->isCubeBiasAdd =
            isMatMulBiasAddGroup(chunk[i]) || isConvBiasAddGroup(chunk[i]);
        if (cached->isCubeBiasAdd)
          return;
        // A Conv2D's group has its own builder (ConvMixKernels.cpp).
        cached->isConv = isConvMixGroup(chunk[i]);
        if (!cached->isConv)
          cached->plan = prepareMixFusion(chunk[i]);
      });
      for (auto [i, group] : llvm::enumerate(chunk)) {
        const CachedPlan &cached = *planOf[i];
        if (cached.isCubeBiasAdd)
          continue;
        std::string why;
        // Uniqued in the context: valid after the group is converted.
        StringAttr name = group.getKernelNameAttr();
        Location loc = group.getLoc();
        if (failed(cached.isConv
                       ? convertConvMixFusion(group, *target, symbols,
                                              mixKernels, mixTiling,
                                              *depthwiseUnit, why)
                       : convertMixFusion(group, cached.plan, *target, symbols,
                                          mixKernels, mixTiling, why,
                                          &mixState))) {
          emitRemark(loc, "mix group '")
              << name.getValue() << "' is not a MIX kernel (its Cube "
              << "primitive is converted alone, the rest as one Vector "
              << "kernel): " << why;
          // The group minus its Cube op: one Vector kernel where the
          // Vector kernels express it (MixKernels.cpp).
          convertMixRemainder(group, *target, symbols, vectorKernels);
        }
      }
      eraseDetached();
    }
    if (eraseGroups)
      eraseGroups->wait();
    // Other kernels are cut from the primitives: a MatMul with its BiasAdd
    // becomes one tiled kernel, the rest stays at the mindspore level.
    mindspore::FusionOp::inlineAll(module);
    Kernels kernels;
    SmallVector<mindspore::MatMulOp> matmuls;
    module.walk([&](mindspore::MatMulOp op) { matmuls.push_back(op); });
    for (mindspore::MatMulOp op : matmuls)
      if (failed(convert(op, *target, symbols, kernels)))
        failedAny = true;
    SmallVector<mindspore::BatchMatMulOp> batchMatmuls;
    module.walk(
        [&](mindspore::BatchMatMulOp op) { batchMatmuls.push_back(op); });
    for (mindspore::BatchMatMulOp op : batchMatmuls)
      if (failed(convertBatch(op, *target, symbols, kernels)))
        failedAny = true;
    // Convolutions become implicit-GEMM Cube kernels (ConvKernels.cpp).
    SmallVector<mindspore::Conv2DOp> convs;
    module.walk([&](mindspore::Conv2DOp op) { convs.push_back(op); });
    ConvKernelCache convKernels;
    std::optional<MatMulTiling> forced;
    if (!tilingOption.empty())
      forced = getTilingFromOption(tilingOption);
    for (mindspore::Conv2DOp op : convs)
      if (failed(convertConv2D(op, *target, symbols, convKernels, forced,
                               *depthwiseUnit)))
        failedAny = true;
    // A transposed convolution is the kernel of its equivalent convolution
    // over the stride-dilated input (ConvKernels.cpp); the Transpose of its
    // weight it adds is converted below.
    SmallVector<mindspore::Conv2DTransposeOp> transposedConvs;
    module.walk([&](mindspore::Conv2DTransposeOp op) {
      transposedConvs.push_back(op);
    });
    for (mindspore::Conv2DTransposeOp op : transposedConvs)
      if (failed(convertConv2DTranspose(op, *target, symbols, convKernels,
                                        forced)))
        failedAny = true;
    // Every other compute primitive is a group of one (LonePrimitives.cpp).
    convertLonePrimitives(module, *target, symbols, vectorKernels);
    if (failedAny)
      signalPassFailure();
  }

  /// The kernel (or the reason there is none) of each distinct problem:
  /// matmuls of one shape share a kernel, so each shape is tiled, named and
  /// built once however many layers or loop trips use it.
  struct KernelOrReason {
    KernelOp kernel;           ///< null when the problem has no tiling
    std::string why;           ///< why not
    bool optionRefused = false; ///< the tiling option does not fit it
  };
  using Kernels =
      std::map<decltype(getProblemKey(std::declval<GemmProblem>(), Type())),
               KernelOrReason>;

  /// A BatchMatMul becomes one Cube kernel over all its images (batch x M
  /// tiles x N tiles dealt to the cores), or stays with a remark; failure
  /// (an error emitted) when the tiling option does not fit it.
  LogicalResult convertBatch(mindspore::BatchMatMulOp op, const AICoreTarget &target,
                    SymbolTable &symbols, Kernels &kernels) {
    auto xType = cast<RankedTensorType>(op.getX().getType());
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    int64_t rank = resultType.getRank();
    Type elementType = resultType.getElementType();
    GemmProblem p;
    p.m = resultType.getDimSize(rank - 2);
    p.n = resultType.getDimSize(rank - 1);
    p.k = xType.getDimSize(rank - (op.getTransposeA() ? 2 : 1));
    p.images = resultType.getNumElements() / std::max<int64_t>(1, p.m * p.n);
    p.batched = true;
    p.transposeA = op.getTransposeA();
    p.transposeB = op.getTransposeB();
    p.withBias = false;
    auto [known, isNew] = kernels.try_emplace(getProblemKey(p, elementType));
    KernelOrReason &built = known->second;
    if (isNew) {
      FailureOr<MatMulTiling> tiling;
      if (p.images < 1) {
        built.why = "empty batch";
        tiling = failure();
      } else if (tilingOption.empty()) {
        tiling = chooseBatchMatMulTiling(p.images, p.m, p.n, p.k,
                                         elementType, target, built.why);
      } else {
        tiling = checkBatchMatMulTiling(p.images, p.m, p.n, p.k, elementType,
                                        getTilingFromOption(tilingOption),
                                        target, built.why);
        built.optionRefused = failed(tiling);
      }
      if (succeeded(tiling)) {
        SmallVector<Type> argTypes{getGMType(xType),
                                   getGMType(cast<RankedTensorType>(
                                       op.getY().getType())),
                                   getGMType(resultType)};
        OpBuilder builder(&getContext());
        KernelOp kernel = KernelOp::create(
            builder, op.getLoc(), getKernelName(p, elementType),
            builder.getFunctionType(argTypes, {}), tiling->blockDim);
        kernel->setAttr(aicore::kCubeTilingAttrName, getTilingAttr(builder, *tiling));
        if (StringRef(target.name) != getDefaultTarget().name)
          kernel.setChip(target.name);
        symbols.insert(kernel);
        buildMatMulKernel(kernel, p, elementType, *tiling);
        built.kernel = kernel;
      }
    }
    if (!built.kernel) {
      if (built.optionRefused) {
        return op.emitError(
                   "cannot use the tiling option for this batch matmul: ")
               << built.why;
      }
      op.emitRemark("batch matmul kept at the mindspore level: ") << built.why;
      return success();
    }
    OpBuilder builder(op);
    auto launch = LaunchOp::create(
        builder, op.getLoc(), TypeRange{resultType},
        FlatSymbolRefAttr::get(built.kernel.getSymNameAttr()),
        ValueRange{op.getX(), op.getY()});
    op.getResult().replaceAllUsesWith(launch.getResult(0));
    op.erase();
    return success();
  }

  /// A MatMul (with the BiasAdd that is its only user) becomes a launch of
  /// its problem's Cube kernel, or stays with a remark; failure (an error
  /// emitted) when the tiling, split-k or k-chunk option does not fit it.
  LogicalResult convert(mindspore::MatMulOp op, const AICoreTarget &target,
                        SymbolTable &symbols, Kernels &kernels) {
    auto xType = cast<RankedTensorType>(op.getX().getType());
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    Type elementType = resultType.getElementType();
    GemmProblem p;
    p.m = resultType.getDimSize(0);
    p.n = resultType.getDimSize(1);
    p.k = xType.getDimSize(op.getTransposeA() ? 0 : 1);
    p.transposeA = op.getTransposeA();
    p.transposeB = op.getTransposeB();

    mindspore::BiasAddOp biasAdd;
    if (op->hasOneUse())
      if (auto user = dyn_cast<mindspore::BiasAddOp>(*op->user_begin()))
        if (user.getX() == op.getResult())
          biasAdd = user;
    p.withBias = static_cast<bool>(biasAdd);

    SmallVector<Value> inputs{op.getX(), op.getY()};
    if (biasAdd)
      inputs.push_back(biasAdd.getBias());

    // The kernel of this problem, built the first time it is seen.
    auto [known, isNew] = kernels.try_emplace(getProblemKey(p, elementType));
    KernelOrReason &built = known->second;
    if (isNew) {
      FailureOr<MatMulTiling> tiling;
      if (tilingOption.empty()) {
        tiling = chooseMatMulTilingWithSplitK(p.m, p.n, p.k, elementType,
                                              p.withBias, target,
                                              splitKOption, built.why,
                                              kChunkOption);
        built.optionRefused =
            failed(tiling) && ((!splitKOption.empty() && splitKOption[0] > 1) ||
                               kChunkOption > 0);
      } else {
        MatMulTiling forced = getTilingFromOption(tilingOption);
        forced.kChunk = std::max<int64_t>(kChunkOption, 0);
        tiling = checkMatMulTilingWithSplitK(p.m, p.n, p.k, elementType,
                                             p.withBias, forced, target,
                                             splitKOption, built.why);
        built.optionRefused = failed(tiling);
      }
      if (succeeded(tiling)) {
        SmallVector<Type> argTypes;
        for (Value v : inputs)
          argTypes.push_back(getGMType(cast<RankedTensorType>(v.getType())));
        argTypes.push_back(getGMType(resultType));
        OpBuilder builder(&getContext());
        KernelOp kernel = KernelOp::create(
            builder, op.getLoc(), getKernelName(p, elementType),
            builder.getFunctionType(argTypes, {}), tiling->blockDim);
        kernel->setAttr(aicore::kCubeTilingAttrName,
                        getSplitTilingAttr(builder, *tiling));
        if (tiling->splitK > 1) {
          // The split tiles' rows start at zero (the parts add into them).
          std::string unused;
          SplitKPlan plan = *getSplitKPlan(p.m, p.n, p.k, *tiling, unused);
          kernel.setAtomicCleanAttr(builder.getDenseI64ArrayAttr(
              {int64_t(argTypes.size()) - 1, plan.cleanFirst,
               plan.cleanCount}));
        }
        if (StringRef(target.name) != getDefaultTarget().name)
          kernel.setChip(target.name);
        symbols.insert(kernel);
        buildMatMulKernel(kernel, p, elementType, *tiling);
        built.kernel = kernel;
      }
    }
    if (!built.kernel) {
      if (built.optionRefused) {
        return op.emitError(
                   !tilingOption.empty()
                       ? "cannot use the tiling option for this matmul: "
                   : kChunkOption > 0
                       ? "cannot use the k-chunk option for this matmul: "
                       : "cannot use the split-k option for this matmul: ")
               << built.why;
      }
      op.emitRemark("matmul kept at the mindspore level: ") << built.why;
      return success();
    }
    KernelOp kernel = built.kernel;

    Operation *replaced = biasAdd ? biasAdd.getOperation() : op.getOperation();
    OpBuilder builder(replaced);
    auto launch = LaunchOp::create(
        builder, op.getLoc(), TypeRange{resultType},
        FlatSymbolRefAttr::get(kernel.getSymNameAttr()), inputs);
    replaced->getResult(0).replaceAllUsesWith(launch.getResult(0));
    replaced->erase();
    if (biasAdd)
      op.erase();
    return success();
  }
};
} // namespace
