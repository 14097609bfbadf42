//===- VectorOpsToLinalg.cpp - host semantics of aicore Vector ops --------===//
//
// Each Vector op (AICoreVectorOps.td) becomes one linalg.generic on its
// (space-less) memref operands. f16 / bf16 arithmetic is computed in f32
// and rounded once, as PyTorch's CPU kernels do.
//
//===----------------------------------------------------------------------===//
#include "VectorOpsToLinalg.h"

#include "ascend/Conversion/ScalarConversion/ScalarConversion.h"
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aicore;

namespace {

bool isHalf(Type t) { return t.isF16() || t.isBF16(); }

Value promote(OpBuilder &b, Location loc, Value v) {
  if (isHalf(v.getType()))
    return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
  return v;
}

Value demote(OpBuilder &b, Location loc, Value v, Type to) {
  if (v.getType() != to)
    return arith::TruncFOp::create(b, loc, to, v);
  return v;
}

Value floatConstant(OpBuilder &b, Location loc, Type t, double v) {
  return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, v));
}

/// The scalar body of a binary or scalar-form op on `lhs`, `rhs`.
Value binary(OpBuilder &b, Location loc, Operation *op, Value lhs, Value rhs) {
  Type t = lhs.getType();
  bool isFloat = isa<FloatType>(t);
  if (isFloat) {
    lhs = promote(b, loc, lhs);
    rhs = promote(b, loc, rhs);
  }
  Value r =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case<VSubOp>([&](auto) -> Value {
            return isFloat
                       ? arith::SubFOp::create(b, loc, lhs, rhs).getResult()
                       : arith::SubIOp::create(b, loc, lhs, rhs).getResult();
          })
          .Case<VMulOp, VMulsOp>([&](auto) -> Value {
            return isFloat
                       ? arith::MulFOp::create(b, loc, lhs, rhs).getResult()
                       : arith::MulIOp::create(b, loc, lhs, rhs).getResult();
          })
          .Case<VAddsOp>([&](auto) -> Value {
            return isFloat
                       ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                       : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
          })
          .Case<VDivOp>([&](auto) -> Value {
            return arith::DivFOp::create(b, loc, lhs, rhs);
          })
          .Case<VMaxOp, VMaxsOp>([&](auto) -> Value {
            return isFloat
                       ? arith::MaximumFOp::create(b, loc, lhs, rhs).getResult()
                       : arith::MaxSIOp::create(b, loc, lhs, rhs).getResult();
          })
          .Case<VMinOp, VMinsOp>([&](auto) -> Value {
            return isFloat
                       ? arith::MinimumFOp::create(b, loc, lhs, rhs).getResult()
                       : arith::MinSIOp::create(b, loc, lhs, rhs).getResult();
          })
          .Case<VAndOp>([&](auto) -> Value {
            return arith::AndIOp::create(b, loc, lhs, rhs);
          })
          .Case<VOrOp>([&](auto) -> Value {
            return arith::OrIOp::create(b, loc, lhs, rhs);
          });
  return isFloat ? demote(b, loc, r, t) : r;
}

Value compare(OpBuilder &b, Location loc, StringRef pred, Value lhs,
              Value rhs) {
  if (isa<FloatType>(lhs.getType())) {
    auto p = llvm::StringSwitch<arith::CmpFPredicate>(pred)
                 .Case("eq", arith::CmpFPredicate::OEQ)
                 .Case("ne", arith::CmpFPredicate::UNE)
                 .Case("lt", arith::CmpFPredicate::OLT)
                 .Case("le", arith::CmpFPredicate::OLE)
                 .Case("gt", arith::CmpFPredicate::OGT)
                 .Default(arith::CmpFPredicate::OGE);
    return arith::CmpFOp::create(b, loc, p, lhs, rhs);
  }
  auto p = llvm::StringSwitch<arith::CmpIPredicate>(pred)
               .Case("eq", arith::CmpIPredicate::eq)
               .Case("ne", arith::CmpIPredicate::ne)
               .Case("lt", arith::CmpIPredicate::slt)
               .Case("le", arith::CmpIPredicate::sle)
               .Case("gt", arith::CmpIPredicate::sgt)
               .Default(arith::CmpIPredicate::sge);
  return arith::CmpIOp::create(b, loc, p, lhs, rhs);
}

Value unary(OpBuilder &b, Location loc, Operation *op, Value x) {
  Type t = x.getType();
  if (isa<VNotOp>(op)) {
    Value one = arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, 1));
    return arith::XOrIOp::create(b, loc, x, one);
  }
  if (!isa<FloatType>(t)) {
    Value zero = arith::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
    return llvm::TypeSwitch<Operation *, Value>(op)
        .Case<VReluOp>([&](auto) -> Value {
          return arith::MaxSIOp::create(b, loc, x, zero);
        })
        .Case<VAbsOp>(
            [&](auto) -> Value { return math::AbsIOp::create(b, loc, x); })
        .Case<VNegOp>([&](auto) -> Value {
          return arith::SubIOp::create(b, loc, zero, x);
        });
  }
  Value y = promote(b, loc, x);
  Type ft = y.getType();
  auto c = [&](double v) { return floatConstant(b, loc, ft, v); };
  Value r =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case<VExpOp>(
              [&](auto) -> Value { return math::ExpOp::create(b, loc, y); })
          .Case<VLnOp>(
              [&](auto) -> Value { return math::LogOp::create(b, loc, y); })
          .Case<VSqrtOp>(
              [&](auto) -> Value { return math::SqrtOp::create(b, loc, y); })
          .Case<VRsqrtOp>(
              [&](auto) -> Value { return math::RsqrtOp::create(b, loc, y); })
          .Case<VRecOp>([&](auto) -> Value {
            return arith::DivFOp::create(b, loc, c(1.0), y);
          })
          .Case<VSinOp>(
              [&](auto) -> Value { return math::SinOp::create(b, loc, y); })
          .Case<VCosOp>(
              [&](auto) -> Value { return math::CosOp::create(b, loc, y); })
          .Case<VErfOp>(
              [&](auto) -> Value { return math::ErfOp::create(b, loc, y); })
          .Case<VTanhOp>(
              [&](auto) -> Value { return math::TanhOp::create(b, loc, y); })
          .Case<VSigmoidOp>([&](auto) -> Value {
            // 1 / (1 + exp(-x)), PyTorch's CPU formula.
            Value e =
                math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, y));
            return arith::DivFOp::create(
                b, loc, c(1.0), arith::AddFOp::create(b, loc, c(1.0), e));
          })
          .Case<VReluOp>([&](auto) -> Value {
            return arith::MaximumFOp::create(b, loc, y, c(0.0));
          })
          .Case<VAbsOp>(
              [&](auto) -> Value { return math::AbsFOp::create(b, loc, y); })
          .Case<VNegOp>(
              [&](auto) -> Value { return arith::NegFOp::create(b, loc, y); });
  return demote(b, loc, r, t);
}

SmallVector<utils::IteratorType> parallel(unsigned n) {
  return SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel);
}

/// A linalg.generic over `dst`'s shape reading `inputs` (same shape, or
/// broadcast where a dimension is 1) and writing `dst`.
void generic(RewriterBase &rewriter, Location loc, ValueRange inputs, Value dst,
             function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  auto dstType = cast<MemRefType>(dst.getType());
  unsigned rank = dstType.getRank();
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<AffineMap> maps;
  for (Value in : inputs) {
    auto type = cast<MemRefType>(in.getType());
    SmallVector<AffineExpr> exprs;
    for (unsigned d = 0; d < rank; ++d)
      exprs.push_back(type.getDimSize(d) == 1 && dstType.getDimSize(d) != 1
                          ? getAffineConstantExpr(0, ctx)
                          : getAffineDimExpr(d, ctx));
    maps.push_back(AffineMap::get(rank, 0, exprs, ctx));
  }
  maps.push_back(rewriter.getMultiDimIdentityMap(rank));
  linalg::GenericOp::create(
      rewriter, loc, inputs, ValueRange{dst}, maps, parallel(rank),
      [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l, body(b, l, args.drop_back()));
      });
}

void lowerReduce(RewriterBase &rewriter, VReduceOp op) {
  Location loc = op.getLoc();
  auto srcType = cast<MemRefType>(op.getSrc().getType());
  Type elt = srcType.getElementType();
  bool sum = op.getKind() == "sum";
  bool isFloat = isa<FloatType>(elt);
  // f16 / bf16 sums accumulate in f32.
  Type accType = sum && isHalf(elt) ? rewriter.getF32Type() : elt;
  auto dstType = cast<MemRefType>(op.getDst().getType());
  Value acc = op.getDst();
  if (accType != elt)
    acc = memref::AllocaOp::create(
        rewriter, loc, MemRefType::get(dstType.getShape(), accType));
  TypedAttr init;
  if (sum)
    init = rewriter.getZeroAttr(accType);
  else if (isFloat)
    init = rewriter.getFloatAttr(accType,
                                 -std::numeric_limits<double>::infinity());
  else
    init = rewriter.getIntegerAttr(
        accType, APInt::getSignedMinValue(accType.getIntOrFloatBitWidth()));
  Value initValue = arith::ConstantOp::create(rewriter, loc, accType, init);
  linalg::FillOp::create(rewriter, loc, ValueRange{initValue}, ValueRange{acc});
  unsigned rank = srcType.getRank();
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<AffineExpr> outExprs;
  for (unsigned d = 0; d + 1 < rank; ++d)
    outExprs.push_back(getAffineDimExpr(d, ctx));
  outExprs.push_back(getAffineConstantExpr(0, ctx));
  SmallVector<utils::IteratorType> iterators = parallel(rank);
  iterators.back() = utils::IteratorType::reduction;
  linalg::GenericOp::create(
      rewriter, loc, ValueRange{op.getSrc()}, ValueRange{acc},
      ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank),
                          AffineMap::get(rank, 0, outExprs, ctx)},
      iterators, [&](OpBuilder &b, Location l, ValueRange args) {
        Value x = args[0], a = args[1];
        if (x.getType() != a.getType())
          x = arith::ExtFOp::create(b, l, a.getType(), x);
        Value r;
        if (sum)
          r = isFloat ? arith::AddFOp::create(b, l, a, x).getResult()
                      : arith::AddIOp::create(b, l, a, x).getResult();
        else
          r = isFloat ? arith::MaximumFOp::create(b, l, a, x).getResult()
                      : arith::MaxSIOp::create(b, l, a, x).getResult();
        linalg::YieldOp::create(b, l, r);
      });
  if (acc != op.getDst())
    generic(rewriter, loc, ValueRange{acc}, op.getDst(),
            [&](OpBuilder &b, Location l, ValueRange args) {
              return arith::TruncFOp::create(b, l, elt, args[0]).getResult();
            });
}

} // namespace

void mlir::ascend::lowerVectorOp(RewriterBase &rewriter, Operation *op) {
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  if (auto reduce = dyn_cast<VReduceOp>(op)) {
    lowerReduce(rewriter, reduce);
  } else if (auto dup = dyn_cast<VDupOp>(op)) {
    Value c = arith::ConstantOp::create(rewriter, loc, dup.getScalar());
    linalg::FillOp::create(rewriter, loc, ValueRange{c},
                           ValueRange{dup.getDst()});
  } else if (auto transpose = dyn_cast<VTransposeOp>(op)) {
    // dst[j, i] = src[i, j]: the whole tile, padding included.
    linalg::TransposeOp::create(rewriter, loc, transpose.getSrc(),
                                transpose.getDst(),
                                ArrayRef<int64_t>{1, 0});
  } else if (auto bcast = dyn_cast<VBroadcastOp>(op)) {
    generic(rewriter, loc, ValueRange{bcast.getSrc()}, bcast.getDst(),
            [](OpBuilder &, Location, ValueRange args) { return args[0]; });
  } else if (auto castOp = dyn_cast<VCastOp>(op)) {
    Type to = castOp.getDst().getType().getElementType();
    generic(rewriter, loc, ValueRange{castOp.getSrc()}, castOp.getDst(),
            [&](OpBuilder &b, Location l, ValueRange args) {
              return convertScalar(b, l, args[0], to);
            });
  } else if (auto select = dyn_cast<VSelectOp>(op)) {
    generic(rewriter, loc,
            ValueRange{select.getMask(), select.getX(), select.getY()},
            select.getDst(), [](OpBuilder &b, Location l, ValueRange args) {
              return arith::SelectOp::create(b, l, args[0], args[1], args[2])
                  .getResult();
            });
  } else if (auto arange = dyn_cast<VArangeOp>(op)) {
    // dst[i] = start + step * i, i the row-major index.
    auto dstType = cast<MemRefType>(arange.getDst().getType());
    Type elt = dstType.getElementType();
    generic(rewriter, loc, ValueRange{}, arange.getDst(),
            [&](OpBuilder &b, Location l, ValueRange) -> Value {
              Value flat = linalg::IndexOp::create(b, l, 0);
              if (dstType.getRank() == 2)
                flat = arith::AddIOp::create(
                    b, l,
                    arith::MulIOp::create(
                        b, l, flat,
                        arith::ConstantIndexOp::create(b, l,
                                                       dstType.getDimSize(1))),
                    linalg::IndexOp::create(b, l, 1));
              Value i = arith::IndexCastOp::create(b, l, b.getI64Type(), flat);
              if (auto floatType = dyn_cast<FloatType>(elt)) {
                Type f32 = b.getF32Type();
                Value x = arith::SIToFPOp::create(b, l, f32, i);
                auto value = [&](StringRef name) {
                  return floatConstant(
                      b, l, f32,
                      cast<FloatAttr>(arange->getAttr(name)).getValueAsDouble());
                };
                Value r = arith::AddFOp::create(
                    b, l, value("start"),
                    arith::MulFOp::create(b, l, value("step"), x));
                return demote(b, l, r, floatType);
              }
              Value x = arith::TruncIOp::create(b, l, elt, i);
              Value start = arith::ConstantOp::create(
                  b, l, cast<TypedAttr>(arange->getAttr("start")));
              Value step = arith::ConstantOp::create(
                  b, l, cast<TypedAttr>(arange->getAttr("step")));
              return arith::AddIOp::create(
                  b, l, start, arith::MulIOp::create(b, l, step, x));
            });
  } else if (auto gather = dyn_cast<VGatherOp>(op)) {
    // dst[i] = src[offsets[i] / element bytes], src read row-major.
    Value src = gather.getSrc();
    auto srcType = cast<MemRefType>(src.getType());
    int64_t eltBytes = llvm::divideCeil(srcType.getElementTypeBitWidth(), 8);
    generic(rewriter, loc, ValueRange{gather.getOffsets()}, gather.getDst(),
            [&](OpBuilder &b, Location l, ValueRange args) {
              Value bytes = arith::IndexCastUIOp::create(
                  b, l, b.getIndexType(), args[0]);
              Value index = arith::DivUIOp::create(
                  b, l, bytes, arith::ConstantIndexOp::create(b, l, eltBytes));
              SmallVector<Value> indices;
              if (srcType.getRank() == 2) {
                Value cols = arith::ConstantIndexOp::create(
                    b, l, srcType.getDimSize(1));
                indices = {arith::DivUIOp::create(b, l, index, cols),
                           arith::RemUIOp::create(b, l, index, cols)};
              } else {
                indices = {index};
              }
              return memref::LoadOp::create(b, l, src, indices).getResult();
            });
  } else if (auto cmp = dyn_cast<VCmpOp>(op)) {
    StringRef pred = cmp.getPredicate();
    generic(rewriter, loc, ValueRange{cmp.getLhs(), cmp.getRhs()}, cmp.getDst(),
            [&](OpBuilder &b, Location l, ValueRange args) {
              return compare(b, l, pred, args[0], args[1]);
            });
  } else if (isa<VAddsOp, VMulsOp, VMaxsOp, VMinsOp>(op)) {
    auto scalar = cast<TypedAttr>(op->getAttr("scalar"));
    generic(rewriter, loc, ValueRange{op->getOperand(0)}, op->getOperand(1),
            [&](OpBuilder &b, Location l, ValueRange args) {
              Value c = arith::ConstantOp::create(b, l, scalar);
              return binary(b, l, op, args[0], c);
            });
  } else if (op->getNumOperands() == 3) { // binary
    generic(rewriter, loc, ValueRange{op->getOperand(0), op->getOperand(1)},
            op->getOperand(2), [&](OpBuilder &b, Location l, ValueRange args) {
              return binary(b, l, op, args[0], args[1]);
            });
  } else { // unary
    generic(rewriter, loc, ValueRange{op->getOperand(0)}, op->getOperand(1),
            [&](OpBuilder &b, Location l, ValueRange args) {
              return unary(b, l, op, args[0]);
            });
  }
  rewriter.eraseOp(op);
}
