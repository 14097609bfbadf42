//===- MindSporeToAICore.cpp - tile MatMul (+ BiasAdd) for the AI Core ----===//
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include <map>
#include <tuple>

namespace mlir::ascend {
#define GEN_PASS_DEF_CONVERTMINDSPORETOAICOREPASS
#include "ascend/Conversion/MindSporeToAICore/Passes.h.inc"
} // namespace mlir::ascend

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;

//===----------------------------------------------------------------------===//
// Tiling
//===----------------------------------------------------------------------===//

/// The divisors of `x` (> 0) in ascending order.
static SmallVector<int64_t> divisors(int64_t x) {
  SmallVector<int64_t> low, high;
  for (int64_t d = 1; d * d <= x; ++d) {
    if (x % d)
      continue;
    low.push_back(d);
    if (d != x / d)
      high.push_back(x / d);
  }
  low.append(high.rbegin(), high.rend());
  return low;
}

FailureOr<MatMulTiling>
mlir::ascend::chooseMatMulTiling(int64_t m, int64_t n, int64_t k,
                                 Type elementType, bool withBias,
                                 const AICoreTarget &target, std::string &why) {
  if (!elementType.isF32() && !elementType.isF16() && !elementType.isBF16()) {
    llvm::raw_string_ostream(why)
        << "the Cube has no " << elementType << " mmad";
    return failure();
  }
  if (m <= 0 || n <= 0 || k <= 0) {
    why = "empty matmul";
    return failure();
  }
  const int64_t eb = elementType.getIntOrFloatBitWidth() / 8;
  const int64_t accBytes = 4; // f32 accumulator in L0C.
  const AICoreMemories &mem = target.memories;
  SmallVector<int64_t> dm = divisors(m), dn = divisors(n), dk = divisors(k);

  std::optional<MatMulTiling> best;
  double bestTraffic = 0;
  for (int64_t tm : dm) {
    for (int64_t tn : dn) {
      if (tm * tn * accBytes > mem.l0c.capacity)
        continue;
      if (withBias && (tm * tn + tn) * eb > mem.ub.capacity)
        continue;
      // The largest K tile whose operand tiles fit L0A, L0B and L1.
      int64_t tk = 0;
      for (int64_t d : llvm::reverse(dk)) {
        if (tm * d * eb <= mem.l0a.capacity &&
            d * tn * eb <= mem.l0b.capacity &&
            (tm * d + d * tn) * eb <= mem.l1.capacity) {
          tk = d;
          break;
        }
      }
      if (!tk)
        continue;
      double traffic = double(m) * k * (n / tn) + double(k) * n * (m / tm);
      bool better = !best || traffic < bestTraffic ||
                    (traffic == bestTraffic &&
                     (tk > best->tk || (tk == best->tk && tn > best->tn)));
      if (better) {
        best = MatMulTiling{tm, tn, tk};
        bestTraffic = traffic;
      }
    }
  }
  if (!best) {
    llvm::raw_string_ostream(why)
        << "no tiling of " << m << "x" << n << "x" << k << " fits the "
        << target.name << " buffers";
    return failure();
  }
  return *best;
}

//===----------------------------------------------------------------------===//
// Kernel construction
//===----------------------------------------------------------------------===//

namespace {
/// One matmul to build a kernel for.
struct MatMulProblem {
  int64_t m, n, k;
  Type elementType;
  bool transposeA, transposeB, withBias;

  auto key() const {
    return std::make_tuple(m, n, k, elementType.getAsOpaquePointer(),
                           transposeA, transposeB, withBias);
  }

  std::string kernelName() const {
    std::string name;
    llvm::raw_string_ostream os(name);
    os << "matmul_" << m << "x" << n << "x" << k << "_" << elementType;
    if (transposeA)
      os << "_ta";
    if (transposeB)
      os << "_tb";
    if (withBias)
      os << "_bias";
    return name;
  }
};

/// Builds the body of a matmul kernel; see Passes.td for the schedule.
class MatMulKernelBuilder {
public:
  MatMulKernelBuilder(KernelOp kernel, const MatMulProblem &p,
                      const MatMulTiling &t)
      : b(kernel.getContext()), loc(kernel.getLoc()), p(p), t(t) {
    Block &entry = kernel.getBody().front();
    b.setInsertionPointToStart(&entry);
    x = entry.getArgument(0);
    y = entry.getArgument(1);
    if (p.withBias)
      bias = entry.getArgument(2);
    out = entry.getArguments().back();
  }

  void build() {
    Type elt = p.elementType, f32 = b.getF32Type();
    SmallVector<int64_t> aShape = p.transposeA
                                      ? SmallVector<int64_t>{t.tk, t.tm}
                                      : SmallVector<int64_t>{t.tm, t.tk};
    SmallVector<int64_t> bShape = p.transposeB
                                      ? SmallVector<int64_t>{t.tn, t.tk}
                                      : SmallVector<int64_t>{t.tk, t.tn};
    aL1 = alloc(aShape, elt, AddressSpace::L1);
    bL1 = alloc(bShape, elt, AddressSpace::L1);
    aL0 = alloc(aShape, elt, AddressSpace::L0A);
    bL0 = alloc(bShape, elt, AddressSpace::L0B);
    cL0 = alloc({t.tm, t.tn}, f32, AddressSpace::L0C);
    if (p.withBias) {
      cUB = alloc({t.tm, t.tn}, elt, AddressSpace::UB);
      biasUB = alloc({1, t.tn}, elt, AddressSpace::UB);
      // View the [N] bias as one [1, N] row.
      auto biasType = cast<MemRefType>(bias.getType());
      biasRow = memref::ExpandShapeOp::create(
          b, loc,
          MemRefType::get({1, p.n}, elt, MemRefLayoutAttrInterface{},
                          biasType.getMemorySpace()),
          bias, ArrayRef<ReassociationIndices>{{0, 1}});
    }

    // Reverse flags: buffers start free.
    setFlag(Pipe::MTE1, Pipe::MTE2); // L1 tiles free
    setFlag(Pipe::M, Pipe::MTE1);    // L0A/L0B tiles free
    setFlag(Pipe::FIX, Pipe::M);     // L0C tile free
    if (p.withBias) {
      setFlag(Pipe::V, Pipe::MTE2);   // bias row free
      setFlag(Pipe::MTE3, Pipe::FIX); // UB result tile free
    }
    forTiles(p.m, t.tm, [&](OpFoldResult mi) {
      forTiles(p.n, t.tn, [&](OpFoldResult ni) { buildOutputTile(mi, ni); });
    });
    waitFlag(Pipe::MTE1, Pipe::MTE2);
    waitFlag(Pipe::M, Pipe::MTE1);
    waitFlag(Pipe::FIX, Pipe::M);
    if (p.withBias) {
      waitFlag(Pipe::V, Pipe::MTE2);
      waitFlag(Pipe::MTE3, Pipe::FIX);
    }
    ReturnOp::create(b, loc);
  }

private:
  Value alloc(ArrayRef<int64_t> shape, Type elt, AddressSpace space) {
    auto type = MemRefType::get(shape, elt, MemRefLayoutAttrInterface{},
                                AddressSpaceAttr::get(b.getContext(), space));
    return AllocOp::create(b, loc, type);
  }
  void setFlag(Pipe from, Pipe to) { SetFlagOp::create(b, loc, from, to, 0); }
  void waitFlag(Pipe from, Pipe to) { WaitFlagOp::create(b, loc, from, to, 0); }

  /// A [rows, cols] tile of `source` at (`row`, `col`).
  Value tile(Value source, OpFoldResult row, OpFoldResult col, int64_t rows,
             int64_t cols) {
    SmallVector<OpFoldResult> offsets{row, col};
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(rows), b.getIndexAttr(cols)};
    SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
    return memref::SubViewOp::create(b, loc, source, offsets, sizes, strides);
  }

  /// Calls `body` with the offset of each `step` tile of [from, size): a
  /// static offset when there is one tile, else an scf.for induction variable.
  void forTiles(int64_t size, int64_t step,
                llvm::function_ref<void(OpFoldResult)> body, int64_t from = 0) {
    if (size - from <= step) {
      body(b.getIndexAttr(from));
      return;
    }
    Value lb = arith::ConstantIndexOp::create(b, loc, from);
    Value ub = arith::ConstantIndexOp::create(b, loc, size);
    Value st = arith::ConstantIndexOp::create(b, loc, step);
    auto loop = scf::ForOp::create(b, loc, lb, ub, st);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    body(loop.getInductionVar());
  }

  /// MTE2, MTE1 and mmad of the K tile at `ki`.
  void buildKStep(OpFoldResult mi, OpFoldResult ni, OpFoldResult ki,
                  bool accumulate) {
    Value xTile = p.transposeA ? tile(x, ki, mi, t.tk, t.tm)
                               : tile(x, mi, ki, t.tm, t.tk);
    Value yTile = p.transposeB ? tile(y, ni, ki, t.tn, t.tk)
                               : tile(y, ki, ni, t.tk, t.tn);
    waitFlag(Pipe::MTE1, Pipe::MTE2);
    CopyOp::create(b, loc, xTile, aL1);
    CopyOp::create(b, loc, yTile, bL1);
    setFlag(Pipe::MTE2, Pipe::MTE1);
    waitFlag(Pipe::MTE2, Pipe::MTE1);
    waitFlag(Pipe::M, Pipe::MTE1);
    CopyOp::create(b, loc, aL1, aL0);
    CopyOp::create(b, loc, bL1, bL0);
    setFlag(Pipe::MTE1, Pipe::MTE2);
    setFlag(Pipe::MTE1, Pipe::M);
    waitFlag(Pipe::MTE1, Pipe::M);
    MmadOp::create(b, loc, aL0, bL0, cL0, accumulate, p.transposeA,
                   p.transposeB);
    setFlag(Pipe::M, Pipe::MTE1);
  }

  void buildOutputTile(OpFoldResult mi, OpFoldResult ni) {
    if (p.withBias) {
      waitFlag(Pipe::V, Pipe::MTE2);
      CopyOp::create(b, loc, tile(biasRow, b.getIndexAttr(0), ni, 1, t.tn),
                     biasUB);
      setFlag(Pipe::MTE2, Pipe::V);
    }
    waitFlag(Pipe::FIX, Pipe::M);
    buildKStep(mi, ni, b.getIndexAttr(0), /*accumulate=*/false);
    if (p.k > t.tk)
      forTiles(
          p.k, t.tk,
          [&](OpFoldResult ki) { buildKStep(mi, ni, ki, /*accumulate=*/true); },
          /*from=*/t.tk);
    setFlag(Pipe::M, Pipe::FIX);
    waitFlag(Pipe::M, Pipe::FIX);
    Value outTile = tile(out, mi, ni, t.tm, t.tn);
    if (!p.withBias) {
      CopyOp::create(b, loc, cL0, outTile);
      setFlag(Pipe::FIX, Pipe::M);
      return;
    }
    waitFlag(Pipe::MTE3, Pipe::FIX);
    CopyOp::create(b, loc, cL0, cUB);
    setFlag(Pipe::FIX, Pipe::M);
    setFlag(Pipe::FIX, Pipe::V);
    waitFlag(Pipe::FIX, Pipe::V);
    waitFlag(Pipe::MTE2, Pipe::V);
    VAddOp::create(b, loc, cUB, biasUB, cUB);
    setFlag(Pipe::V, Pipe::MTE2);
    setFlag(Pipe::V, Pipe::MTE3);
    waitFlag(Pipe::V, Pipe::MTE3);
    CopyOp::create(b, loc, cUB, outTile);
    setFlag(Pipe::MTE3, Pipe::FIX);
  }

  OpBuilder b;
  Location loc;
  const MatMulProblem &p;
  const MatMulTiling &t;
  Value x, y, bias, out, biasRow;
  Value aL1, bL1, aL0, bL0, cL0, cUB, biasUB;
};

static MemRefType gmType(RankedTensorType type) {
  return MemRefType::get(
      type.getShape(), type.getElementType(), MemRefLayoutAttrInterface{},
      AddressSpaceAttr::get(type.getContext(), AddressSpace::GM));
}

struct ConvertMindSporeToAICorePass
    : mlir::ascend::impl::ConvertMindSporeToAICorePassBase<
          ConvertMindSporeToAICorePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const AICoreTarget *target = lookupTarget(chip);
    if (!target) {
      module.emitError("unknown chip '") << chip << "'";
      return signalPassFailure();
    }
    // Kernels are cut from the primitives: a MatMul with its BiasAdd becomes
    // one tiled kernel, the rest stays at the mindspore level.
    mindspore::FusionOp::inlineAll(module);
    SymbolTable symbols(module);
    Kernels kernels;

    SmallVector<mindspore::MatMulOp> matmuls;
    module.walk([&](mindspore::MatMulOp op) { matmuls.push_back(op); });
    for (mindspore::MatMulOp op : matmuls)
      convert(op, *target, symbols, kernels);
  }

  /// The kernel (or the reason there is none) of each distinct problem:
  /// matmuls of one shape share a kernel, so each shape is tiled, named and
  /// built once however many layers or loop trips use it.
  struct KernelOrReason {
    KernelOp kernel; ///< null when the problem has no tiling
    std::string why; ///< why not
  };
  using Kernels =
      std::map<decltype(std::declval<MatMulProblem>().key()), KernelOrReason>;

  void convert(mindspore::MatMulOp op, const AICoreTarget &target,
               SymbolTable &symbols, Kernels &kernels) {
    auto xType = cast<RankedTensorType>(op.getX().getType());
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    MatMulProblem p;
    p.m = resultType.getDimSize(0);
    p.n = resultType.getDimSize(1);
    p.k = xType.getDimSize(op.getTransposeA() ? 0 : 1);
    p.elementType = resultType.getElementType();
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
    auto [known, isNew] = kernels.try_emplace(p.key());
    KernelOrReason &built = known->second;
    if (isNew) {
      FailureOr<MatMulTiling> tiling = chooseMatMulTiling(
          p.m, p.n, p.k, p.elementType, p.withBias, target, built.why);
      if (succeeded(tiling)) {
        SmallVector<Type> argTypes;
        for (Value v : inputs)
          argTypes.push_back(gmType(cast<RankedTensorType>(v.getType())));
        argTypes.push_back(gmType(resultType));
        OpBuilder builder(&getContext());
        built.kernel = KernelOp::create(builder, op.getLoc(), p.kernelName(),
                                        builder.getFunctionType(argTypes, {}),
                                        /*blockDim=*/1);
        if (StringRef(target.name) != getDefaultTarget().name)
          built.kernel.setChip(target.name);
        symbols.insert(built.kernel);
        MatMulKernelBuilder(built.kernel, p, *tiling).build();
      }
    }
    if (!built.kernel) {
      op.emitRemark("matmul kept at the mindspore level: ") << built.why;
      return;
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
  }
};
} // namespace
