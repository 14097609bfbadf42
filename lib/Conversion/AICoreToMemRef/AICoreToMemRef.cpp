//===- AICoreToMemRef.cpp - run aicore kernels on the host ----------------===//
#include "ascend/Conversion/AICoreToMemRef/AICoreToMemRef.h"
#include "VectorOpsToLinalg.h"

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::ascend {
#define GEN_PASS_DEF_CONVERTAICORETOMEMREFPASS
#include "ascend/Conversion/AICoreToMemRef/Passes.h.inc"
} // namespace mlir::ascend

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;

/// `type` without its aicore memory space (other types unchanged).
static Type dropSpace(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !isa_and_nonnull<AddressSpaceAttr>(memref.getMemorySpace()))
    return type;
  return MemRefType::get(memref.getShape(), memref.getElementType(),
                         memref.getLayout(), Attribute());
}

static FunctionType dropSpaces(FunctionType type) {
  SmallVector<Type> inputs, results;
  for (Type t : type.getInputs())
    inputs.push_back(dropSpace(t));
  for (Type t : type.getResults())
    results.push_back(dropSpace(t));
  return FunctionType::get(type.getContext(), inputs, results);
}

static SmallVector<utils::IteratorType> parallel(unsigned n) {
  return SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel);
}

namespace {
struct ConvertAICoreToMemRefPass
    : mlir::ascend::impl::ConvertAICoreToMemRefPassBase<
          ConvertAICoreToMemRefPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    // Launches first: they read the kernels' signatures.
    SmallVector<LaunchOp> launches;
    module.walk([&](LaunchOp op) { launches.push_back(op); });
    for (LaunchOp op : launches)
      lowerLaunch(rewriter, op);
    SmallVector<KernelOp> kernels(module.getOps<KernelOp>());
    for (KernelOp kernel : kernels)
      lowerKernel(rewriter, kernel);
  }

  void lowerLaunch(IRRewriter &rewriter, LaunchOp op) {
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    SmallVector<Value> args;
    for (Value input : op.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      args.push_back(bufferization::ToBufferOp::create(
          rewriter, loc,
          MemRefType::get(type.getShape(), type.getElementType()), input,
          /*read_only=*/true));
    }
    SmallVector<Value> outputs;
    for (Type t : op.getResults().getTypes()) {
      auto type = cast<RankedTensorType>(t);
      outputs.push_back(memref::AllocOp::create(
          rewriter, loc,
          MemRefType::get(type.getShape(), type.getElementType())));
    }
    args.append(outputs);
    // A MIX kernel's GM workspace: allocated for the call, as the runtime
    // does on the device.
    auto kernel = SymbolTable::lookupNearestSymbolFrom<KernelOp>(
        op, op.getKernelAttr());
    if (kernel && kernel.getWorkspaceBytes())
      args.push_back(memref::AllocOp::create(
          rewriter, loc,
          cast<MemRefType>(
              dropSpace(kernel.getArgumentTypes().back()))));
    // Outputs the kernel adds into atomically start at zero there: the
    // memory-clean task CANN runs before such a kernel.
    if (kernel)
      if (std::optional<ArrayRef<int64_t>> clean = kernel.getAtomicClean())
        zeroRange(rewriter, loc, args[(*clean)[0]], (*clean)[1], (*clean)[2]);
    func::CallOp::create(rewriter, loc, op.getKernel(), TypeRange{}, args);
    SmallVector<Value> results;
    for (auto [t, buffer] : llvm::zip(op.getResults().getTypes(), outputs))
      results.push_back(bufferization::ToTensorOp::create(
          rewriter, loc, t, buffer, /*restrict=*/true, /*writable=*/true));
    rewriter.replaceOp(op, results);
  }

  /// Fills elements [first, first + count) (row-major) of the
  /// identity-layout buffer `buffer` with zeros.
  static void zeroRange(IRRewriter &rewriter, Location loc, Value buffer,
                        int64_t first, int64_t count) {
    auto type = cast<MemRefType>(buffer.getType());
    Value flat = buffer;
    if (type.getRank() == 0) {
      flat = memref::ExpandShapeOp::create(
          rewriter, loc,
          MemRefType::get({1}, type.getElementType(),
                          MemRefLayoutAttrInterface{}, type.getMemorySpace()),
          buffer, ArrayRef<ReassociationIndices>{});
    } else if (type.getRank() != 1) {
      ReassociationIndices all;
      for (int64_t d = 0; d < type.getRank(); ++d)
        all.push_back(d);
      flat = memref::CollapseShapeOp::create(
          rewriter, loc, buffer, ArrayRef<ReassociationIndices>{all});
    }
    Value range = memref::SubViewOp::create(
        rewriter, loc, flat, ArrayRef<int64_t>{first},
        ArrayRef<int64_t>{count}, ArrayRef<int64_t>{1});
    Type elt = type.getElementType();
    Value zero = arith::ConstantOp::create(rewriter, loc, elt,
                                           rewriter.getZeroAttr(elt));
    linalg::FillOp::create(rewriter, loc, ValueRange{zero}, ValueRange{range});
  }

  void lowerKernel(IRRewriter &rewriter, KernelOp kernel) {
    int64_t blockDim = kernel.getBlockDim();
    const AICoreTarget &target = kernel.getTarget();
    rewriter.setInsertionPoint(kernel);
    auto func =
        func::FuncOp::create(rewriter, kernel.getLoc(), kernel.getSymName(),
                             dropSpaces(kernel.getFunctionType()));
    func.getBody().takeBody(kernel.getBody());
    rewriter.eraseOp(kernel);

    // Drop memory spaces everywhere in the body.
    func.walk([](Operation *op) {
      for (Value result : op->getResults())
        result.setType(dropSpace(result.getType()));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setType(dropSpace(arg.getType()));
    });

    SmallVector<Operation *> ops;
    SmallVector<BlockIdxOp> blockIndices;
    func.walk([&](Operation *op) {
      if (auto idx = dyn_cast<BlockIdxOp>(op))
        blockIndices.push_back(idx);
      else if (op->getDialect() && isa<AICoreDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      rewriter.setInsertionPoint(op);
      if (auto alloc = dyn_cast<AllocOp>(op)) {
        // On-chip buffers live as long as the kernel: stack allocations,
        // which leave no memref.dealloc for the buffer deallocation
        // pipeline to trip over.
        rewriter.replaceOpWithNewOp<memref::AllocaOp>(
            op, cast<MemRefType>(alloc.getType()));
      } else if (auto copy = dyn_cast<CopyOp>(op)) {
        lowerCopy(rewriter, copy);
      } else if (auto mmad = dyn_cast<MmadOp>(op)) {
        lowerMmad(rewriter, mmad);
      } else if (auto vadd = dyn_cast<VAddOp>(op)) {
        lowerVAdd(rewriter, vadd);
      } else if (auto load3d = dyn_cast<Load3DOp>(op)) {
        lowerLoad3D(rewriter, load3d);
      } else if (isa<PipeOpInterface>(op)) {
        lowerVectorOp(rewriter, op);
      } else if (isa<SetFlagOp, WaitFlagOp, CrossCoreSetFlagOp,
                     CrossCoreWaitFlagOp>(op)) {
        rewriter.eraseOp(op);
      } else if (auto part = dyn_cast<OnCoreOp>(op)) {
        lowerOnCore(rewriter, part, target);
      } else if (isa<ReturnOp>(op)) {
        rewriter.replaceOpWithNewOp<func::ReturnOp>(op);
      }
    }
    if (blockDim > 1 || !blockIndices.empty())
      runBlocksInSequence(rewriter, func, blockDim, blockIndices);
  }

  /// The parts of a MIX kernel run in program order: an `aic` part inline,
  /// an `aiv` part in an scf.for over the block's AIVs whose induction
  /// variable replaces `aicore.subblock_idx` (their on-chip buffers, shared
  /// here, are each AIV's own on the device).
  void lowerOnCore(IRRewriter &rewriter, OnCoreOp part,
                   const AICoreTarget &target) {
    Location loc = part.getLoc();
    Block &body = part.getBody().front();
    rewriter.setInsertionPoint(part);
    if (part.getCore() == CoreType::AIC) {
      rewriter.inlineBlockBefore(&body, part);
      rewriter.eraseOp(part);
      return;
    }
    Value lb = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value ub =
        arith::ConstantIndexOp::create(rewriter, loc, target.vectorCoresPerCube);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(rewriter, loc, lb, ub, step);
    loop->setAttr(kSubBlockLoopAttrName, rewriter.getUnitAttr());
    SmallVector<SubBlockIdxOp> indices;
    body.walk([&](SubBlockIdxOp idx) { indices.push_back(idx); });
    for (SubBlockIdxOp idx : indices)
      rewriter.replaceOp(idx, loop.getInductionVar());
    rewriter.inlineBlockBefore(&body, loop.getBody()->getTerminator());
    rewriter.eraseOp(part);
  }

  /// The host runs the kernel's blocks one after another: everything but
  /// the on-chip buffers (allocas, shared by the blocks in turn) moves into
  /// an scf.for over [0, blockDim) whose induction variable replaces
  /// `aicore.block_idx`.
  void runBlocksInSequence(IRRewriter &rewriter, func::FuncOp func,
                           int64_t blockDim,
                           ArrayRef<BlockIdxOp> blockIndices) {
    Block &entry = func.getBody().front();
    Operation *terminator = entry.getTerminator();
    SmallVector<Operation *> body;
    for (Operation &op : entry)
      if (&op != terminator && !isa<memref::AllocaOp>(op))
        body.push_back(&op);
    Location loc = func.getLoc();
    rewriter.setInsertionPoint(terminator);
    Value lb = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value ub = arith::ConstantIndexOp::create(rewriter, loc, blockDim);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(rewriter, loc, lb, ub, step);
    loop->setAttr(kBlockLoopAttrName, rewriter.getUnitAttr());
    for (Operation *op : body)
      op->moveBefore(loop.getBody()->getTerminator());
    for (BlockIdxOp idx : blockIndices)
      rewriter.replaceOp(idx, loop.getInductionVar());
  }

  void lowerCopy(IRRewriter &rewriter, CopyOp op) {
    Value src = op.getSource(), dst = op.getTarget();
    auto srcType = cast<MemRefType>(src.getType());
    auto dstType = cast<MemRefType>(dst.getType());
    if (op.getAtomicAdd()) {
      // target += source, the source first converted to the target's
      // element type (the fixpipe converts, then the add runs in GM's
      // type).
      unsigned rank = srcType.getRank();
      AffineMap id = rewriter.getMultiDimIdentityMap(rank);
      Type dstElt = dstType.getElementType();
      unsigned srcBits = srcType.getElementTypeBitWidth(),
               dstBits = dstType.getElementTypeBitWidth();
      bool isFloat = isa<FloatType>(dstElt);
      linalg::GenericOp::create(
          rewriter, op.getLoc(), ValueRange{src}, ValueRange{dst},
          ArrayRef<AffineMap>{id, id}, parallel(rank),
          [&](OpBuilder &b, Location loc, ValueRange args) {
            Value v = args[0];
            if (v.getType() != dstElt)
              v = srcBits > dstBits
                      ? arith::TruncFOp::create(b, loc, dstElt, v).getResult()
                      : arith::ExtFOp::create(b, loc, dstElt, v).getResult();
            Value sum =
                isFloat ? arith::AddFOp::create(b, loc, args[1], v).getResult()
                        : arith::AddIOp::create(b, loc, args[1], v).getResult();
            linalg::YieldOp::create(b, loc, sum);
          });
      rewriter.eraseOp(op);
      return;
    }
    if (srcType.getElementType() == dstType.getElementType()) {
      rewriter.replaceOpWithNewOp<memref::CopyOp>(op, src, dst);
      return;
    }
    // FIX conversion f32 -> f16/bf16, or an f16/bf16 bias widened to the
    // f32 of the bias table (L1 -> BT).
    unsigned rank = srcType.getRank();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    Type dstElt = dstType.getElementType();
    bool widen = dstType.getElementTypeBitWidth() >
                 srcType.getElementTypeBitWidth();
    linalg::GenericOp::create(
        rewriter, op.getLoc(), ValueRange{src}, ValueRange{dst},
        ArrayRef<AffineMap>{id, id}, parallel(rank),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value v = widen ? arith::ExtFOp::create(b, loc, dstElt, args[0])
                                .getResult()
                          : arith::TruncFOp::create(b, loc, dstElt, args[0])
                                .getResult();
          linalg::YieldOp::create(b, loc, v);
        });
    rewriter.eraseOp(op);
  }

  void lowerMmad(IRRewriter &rewriter, MmadOp op) {
    Location loc = op.getLoc();
    Value c = op.getC();
    if (Value bias = op.getBias()) {
      // The accumulator starts from the bias row (the first N of it).
      auto cType = cast<MemRefType>(c.getType());
      int64_t n = cType.getDimSize(1);
      Value row = memref::SubViewOp::create(
          rewriter, loc, bias, ArrayRef<int64_t>{0, 0},
          ArrayRef<int64_t>{1, n}, ArrayRef<int64_t>{1, 1});
      AffineMap id = rewriter.getMultiDimIdentityMap(2);
      AffineMap rowMap =
          AffineMap::get(2, 0,
                         {rewriter.getAffineConstantExpr(0),
                          rewriter.getAffineDimExpr(1)},
                         rewriter.getContext());
      linalg::GenericOp::create(
          rewriter, loc, ValueRange{row}, ValueRange{c},
          ArrayRef<AffineMap>{rowMap, id}, parallel(2),
          [&](OpBuilder &b, Location loc, ValueRange args) {
            linalg::YieldOp::create(b, loc, args[0]);
          });
    } else if (!op.getAccumulate()) {
      Type acc = cast<MemRefType>(c.getType()).getElementType();
      Value zero = arith::ConstantOp::create(rewriter, loc, acc,
                                             rewriter.getZeroAttr(acc));
      linalg::FillOp::create(rewriter, loc, ValueRange{zero}, ValueRange{c});
    }
    auto matmul = linalg::MatmulOp::create(
        rewriter, loc, ValueRange{op.getA(), op.getB()}, ValueRange{c});
    if (op.getTransposeA() || op.getTransposeB()) {
      MLIRContext *ctx = rewriter.getContext();
      AffineExpr m, n, k;
      bindDims(ctx, m, n, k);
      auto map = [&](AffineExpr r0, AffineExpr r1) {
        return AffineMapAttr::get(AffineMap::get(3, 0, {r0, r1}, ctx));
      };
      matmul.setIndexingMapsAttr(rewriter.getArrayAttr(
          {op.getTransposeA() ? map(k, m) : map(m, k),
           op.getTransposeB() ? map(n, k) : map(k, n), map(m, n)}));
    }
    rewriter.eraseOp(op);
  }

  /// img2col as loops over the target: each element computes its source
  /// channel, row and column (Load3DOp's formula), reads the band at those
  /// indices clamped into it, and keeps the value only inside the image
  /// (padding is 0).
  void lowerLoad3D(IRRewriter &rewriter, Load3DOp op) {
    Location loc = op.getLoc();
    auto srcType = cast<MemRefType>(op.getSource().getType());
    auto dstType = cast<MemRefType>(op.getTarget().getType());
    ArrayRef<int64_t> kernel = op.getKernel(),
                      stride = op.getStride(), dilation = op.getDilation(),
                      pad = op.getPad();
    int64_t wo = op.getOutputSize()[1];
    auto c = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Value zero = c(0), one = c(1);
    Value rows = c(dstType.getDimSize(0)), cols = c(dstType.getDimSize(1));
    auto outer = scf::ForOp::create(rewriter, loc, zero, rows, one);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(outer.getBody()->getTerminator());
    auto inner = scf::ForOp::create(rewriter, loc, zero, cols, one);
    rewriter.setInsertionPoint(inner.getBody()->getTerminator());
    Value i = outer.getInductionVar(), j = inner.getInductionVar();
    auto add = [&](Value a, Value b) -> Value {
      return arith::AddIOp::create(rewriter, loc, a, b);
    };
    auto sub = [&](Value a, Value b) -> Value {
      return arith::SubIOp::create(rewriter, loc, a, b);
    };
    auto mul = [&](Value a, int64_t b) -> Value {
      return arith::MulIOp::create(rewriter, loc, a, c(b));
    };
    auto div = [&](Value a, int64_t b) -> Value {
      return arith::DivUIOp::create(rewriter, loc, a, c(b));
    };
    auto rem = [&](Value a, int64_t b) -> Value {
      return arith::RemUIOp::create(rewriter, loc, a, c(b));
    };
    auto cmp = [&](arith::CmpIPredicate pred, Value a, Value b) -> Value {
      return arith::CmpIOp::create(rewriter, loc, pred, a, b);
    };
    auto clamp = [&](Value v, int64_t hi) -> Value {
      Value low = arith::MaxSIOp::create(rewriter, loc, v, zero);
      return arith::MinSIOp::create(rewriter, loc, low, c(hi - 1));
    };
    Value m = add(op.getPixel(), i), q = add(op.getK(), j);
    Value channel = div(q, kernel[0] * kernel[1]);
    Value kh = rem(div(q, kernel[1]), kernel[0]), kw = rem(q, kernel[1]);
    if (op.getFlipKernel()) {
      // The taps rotated by 180 degrees (a transposed convolution's).
      kh = sub(c(kernel[0] - 1), kh);
      kw = sub(c(kernel[1] - 1), kw);
    }
    Value h = add(sub(mul(div(m, wo), stride[0]), c(pad[0])),
                  mul(kh, dilation[0]));
    Value w = add(sub(mul(rem(m, wo), stride[1]), c(pad[2])),
                  mul(kw, dilation[1]));
    using P = arith::CmpIPredicate;
    std::array<int64_t, 2> inputDilation = op.getInputDilationOrOne(),
                           dilated = op.getDilatedImage();
    Value inside = arith::AndIOp::create(
        rewriter, loc,
        arith::AndIOp::create(rewriter, loc, cmp(P::sge, h, zero),
                              cmp(P::slt, h, c(dilated[0]))),
        arith::AndIOp::create(rewriter, loc, cmp(P::sge, w, zero),
                              cmp(P::slt, w, c(dilated[1]))));
    // In a dilated image only every input_dilation-th position is stored
    // (h and w are non-negative wherever `inside` holds, so the unsigned
    // division and remainder are exact there).
    for (auto [pos, factor] : {std::pair{&h, inputDilation[0]},
                               std::pair{&w, inputDilation[1]}}) {
      if (factor == 1)
        continue;
      inside = arith::AndIOp::create(rewriter, loc, inside,
                                     cmp(P::eq, rem(*pos, factor), zero));
      *pos = div(*pos, factor);
    }
    Value value = memref::LoadOp::create(
        rewriter, loc, op.getSource(),
        ValueRange{clamp(sub(channel, op.getChannel()), srcType.getDimSize(0)),
                   clamp(sub(h, op.getRow()), srcType.getDimSize(1)),
                   clamp(w, srcType.getDimSize(2))});
    Type elt = srcType.getElementType();
    Value padding = arith::ConstantOp::create(rewriter, loc, elt,
                                              rewriter.getZeroAttr(elt));
    Value result =
        arith::SelectOp::create(rewriter, loc, inside, value, padding);
    memref::StoreOp::create(rewriter, loc, result, op.getTarget(),
                            ValueRange{i, j});
    rewriter.eraseOp(op);
  }

  void lowerVAdd(IRRewriter &rewriter, VAddOp op) {
    Location loc = op.getLoc();
    auto lhsType = cast<MemRefType>(op.getLhs().getType());
    auto rhsType = cast<MemRefType>(op.getRhs().getType());
    unsigned rank = lhsType.getRank();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    Value rhs = op.getRhs();
    AffineMap rhsMap = id;
    if (rhsType.getShape() != lhsType.getShape()) {
      // A [1, N] row added to every row.
      rhs = memref::CollapseShapeOp::create(
          rewriter, loc, rhs, ArrayRef<ReassociationIndices>{{0, 1}});
      rhsMap = AffineMap::get(2, 0, {rewriter.getAffineDimExpr(1)},
                              rewriter.getContext());
    }
    bool isFloat = isa<FloatType>(lhsType.getElementType());
    linalg::GenericOp::create(
        rewriter, loc, ValueRange{op.getLhs(), rhs}, ValueRange{op.getDst()},
        ArrayRef<AffineMap>{id, rhsMap, id}, parallel(rank),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value sum =
              isFloat
                  ? arith::AddFOp::create(b, loc, args[0], args[1]).getResult()
                  : arith::AddIOp::create(b, loc, args[0], args[1]).getResult();
          linalg::YieldOp::create(b, loc, sum);
        });
    rewriter.eraseOp(op);
  }
};
} // namespace
