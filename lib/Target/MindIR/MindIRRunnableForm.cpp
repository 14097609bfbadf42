//===- MindIRRunnableForm.cpp - the form of a module MindSpore runs -------===//
//
// What MindIRExport writes for ops whose direct MindIR form MindSpore 2.10
// loads but does not run, or runs with numerics far from eager's (found by
// running every model of test/MindSpore/models.list in MindSpore):
//
//  - bf16 computations. MindSpore's CPU kernels have no bfloat16 form but
//    Cast (Reshape, ExpandDims, Tanh, AvgPool, ... all fail kernel selection:
//    "Select CPU operator[ExpandDims] fail! Unsupported data type!"), and
//    AvgPool3D refuses bf16 in type inference on every device. A primitive
//    on bf16 tensors is written on their f32 values, its bf16 results cast
//    back: Cast(op(Cast(x, f32)), bf16). That is how eager PyTorch computes
//    a bf16 op on the CPU (in f32, rounded once to bf16 per op), so the
//    values are eager's.
//  - f32/f64 Tanh. MindSpore's CPU Tanh kernel is an approximation up to
//    1e-4 off (tanh(-4.998) = -1.0000093, where eager gives -0.9999089).
//    Tanh is written as e / (e + 2) with e = Expm1(2 * clamp(x, -L, L)),
//    L = 10 for f32 and 20 for f64 (where tanh is 1 to the type's
//    precision, and Expm1 cannot overflow): 1.45e-7 off at worst in
//    MindSpore 2.10 over 200,000 f32 inputs in [-3, 3], where the earlier
//    form 2 * Sigmoid(2x) - 1 was 1.65e-6 off (summed over a few tanh
//    steps, that exceeded eager's 1e-5 tolerance; docs/ControlFlow.md,
//    program 285). MindIRImport reads both chains back as mindspore.tanh.
//    f16 Tanh is within 1 ulp and is written as Tanh.
//  - Exp of a constant. MindSpore's CPU Exp is up to 1.25e-5 relative off
//    (about 200 ulp of f32), which a later product with a large value makes
//    visible (sin(999 * exp(-k)) of a timestep embedding). The exp of an f32
//    or f64 constant is computed here (std::exp, rounded once) and written as
//    a constant. (An Exp of a computed value stays Exp: its error is
//    MindSpore's kernel's.)
//
//===----------------------------------------------------------------------===//
#include "MindIRPrimitives.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

static bool hasBF16Element(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  return t && t.getElementType().isBF16();
}

/// Whether `op` is a primitive computed on bf16 tensors that is written on
/// their f32 values: a mindspore primitive (not Cast, not a Custom kernel,
/// whose code is the user's; Zeros / Ones too, made in f32 and cast) with a
/// bf16 operand or result and no attribute naming bf16 (such as an output
/// type).
static bool computesInBF16(Operation *op) {
  if (!isa<ms::MindSporeDialect>(op->getDialect()) ||
      !op->hasTrait<OpTrait::ZeroRegions>() ||
      !isa<ms::PrimitiveOpInterface>(op) || isa<ms::CastOp, ms::CustomOp>(op))
    return false;
  if (llvm::any_of(op->getAttrs(), [](NamedAttribute a) {
        auto t = dyn_cast<TypeAttr>(a.getValue());
        return t && getElementTypeOrSelf(t.getValue()).isBF16();
      }))
    return false;
  return llvm::any_of(op->getOperandTypes(), hasBF16Element) ||
         llvm::any_of(op->getResultTypes(), hasBF16Element);
}

static void computeInF32(Operation *op) {
  OpBuilder b(op);
  Type f32 = b.getF32Type();
  for (OpOperand &operand : op->getOpOperands()) {
    auto t = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!t || !t.getElementType().isBF16())
      continue;
    operand.set(ms::CastOp::create(b, op->getLoc(), t.clone(f32), operand.get()));
  }
  b.setInsertionPointAfter(op);
  for (OpResult result : op->getResults()) {
    auto t = dyn_cast<RankedTensorType>(result.getType());
    if (!t || !t.getElementType().isBF16())
      continue;
    result.setType(t.clone(f32));
    auto back = ms::CastOp::create(b, op->getLoc(), t, result);
    result.replaceAllUsesExcept(back.getResult(), back);
  }
}

/// The bound L of the clamp in the Tanh chain: tanh(L) rounds to 1 in
/// `elem` and exp(2L) is finite (f32: 1 - tanh(10) = 4e-9; f64:
/// 1 - tanh(20) = 8.5e-18).
static double tanhClampBound(Type elem) { return elem.isF64() ? 20.0 : 10.0; }

/// tanh(x) = e / (e + 2), e = expm1(2 * clamp(x, -L, L)), each constant a
/// 0-d tensor of x's type.
static void tanhFromExpm1(ms::TanhOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  Type elem = type.getElementType();
  auto scalar = [&](double v) -> Value {
    auto t = RankedTensorType::get({}, elem);
    return ms::ConstantOp::create(
        b, loc, DenseElementsAttr::get(t, FloatAttr::get(elem, v).getValue()));
  };
  double bound = tanhClampBound(elem);
  Value x = op->getOperand(0);
  Value low = ms::MaximumOp::create(b, loc, type, x, scalar(-bound));
  Value clamped = ms::MinimumOp::create(b, loc, type, low, scalar(bound));
  Value twice = ms::MulOp::create(b, loc, type, clamped, scalar(2.0));
  Value e = ms::Expm1Op::create(b, loc, type, twice);
  Value denominator = ms::AddOp::create(b, loc, type, e, scalar(2.0));
  Value t = ms::RealDivOp::create(b, loc, type, e, denominator);
  op.getResult().replaceAllUsesWith(t);
  op->erase();
}

/// Whether `op` is a Tanh written as the Expm1 chain (f32 or f64).
static bool isInexactTanh(Operation *op) {
  auto tanh = dyn_cast<ms::TanhOp>(op);
  if (!tanh)
    return false;
  Type elem = cast<RankedTensorType>(tanh.getType()).getElementType();
  return elem.isF32() || elem.isF64();
}

/// The exp of every element of `op`'s operand when that is an f32/f64
/// constant (not a resource blob), or null.
static DenseElementsAttr constantExp(ms::ExpOp op) {
  DenseElementsAttr value;
  if (!matchPattern(op->getOperand(0), m_Constant(&value)))
    return {};
  auto type = cast<RankedTensorType>(value.getType());
  Type elem = type.getElementType();
  if (!elem.isF32() && !elem.isF64())
    return {};
  SmallVector<APFloat> out;
  for (const APFloat &v : value.getValues<APFloat>()) {
    APFloat e(std::exp(v.convertToDouble()));
    bool lost;
    e.convert(cast<FloatType>(elem).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    out.push_back(e);
  }
  return DenseElementsAttr::get(type, out);
}

bool mindir::needsRunnableForm(ModuleOp module) {
  bool needed = false;
  module.walk([&](Operation *op) {
    auto exp = dyn_cast<ms::ExpOp>(op);
    if (computesInBF16(op) || isInexactTanh(op) || (exp && constantExp(exp))) {
      needed = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return needed;
}

void mindir::rewriteToRunnableForm(ModuleOp module) {
  SmallVector<Operation *> bf16;
  module.walk([&](Operation *op) {
    if (computesInBF16(op))
      bf16.push_back(op);
  });
  for (Operation *op : bf16)
    computeInF32(op);
  // After the bf16 rewrite: a bf16 Tanh is an f32 one now.
  SmallVector<ms::TanhOp> tanhs;
  module.walk([&](ms::TanhOp op) {
    if (isInexactTanh(op))
      tanhs.push_back(op);
  });
  for (ms::TanhOp op : tanhs)
    tanhFromExpm1(op);
  SmallVector<ms::ExpOp> exps;
  module.walk([&](ms::ExpOp op) { exps.push_back(op); });
  for (ms::ExpOp op : exps)
    if (DenseElementsAttr value = constantExp(op)) {
      OpBuilder b(op);
      op.getResult().replaceAllUsesWith(
          ms::ConstantOp::create(b, op.getLoc(), cast<ElementsAttr>(value)));
      op->erase();
    }
}

/// Whether `v` is a constant whose every element is `expected`.
static bool isSplatOf(Value v, double expected) {
  DenseElementsAttr attr;
  if (!matchPattern(v, m_Constant(&attr)) || !attr.isSplat() ||
      !isa<FloatType>(attr.getElementType()))
    return false;
  return attr.getSplatValue<APFloat>().convertToDouble() == expected;
}

/// The x of `v` = Sub(Mul(Sigmoid(Mul(x, 2)), 2), 1) whose Mul, Sigmoid and
/// Mul have no other use, or null; `chain` gets the ops to erase.
static Value tanhChainInput(ms::SubOp sub,
                            SmallVectorImpl<Operation *> *chain = nullptr) {
  if (!isSplatOf(sub->getOperand(1), 1.0))
    return {};
  auto outer = sub->getOperand(0).getDefiningOp<ms::MulOp>();
  if (!outer || !outer->hasOneUse() || !isSplatOf(outer->getOperand(1), 2.0))
    return {};
  auto sigmoid = outer->getOperand(0).getDefiningOp<ms::SigmoidOp>();
  if (!sigmoid || !sigmoid->hasOneUse())
    return {};
  auto inner = sigmoid->getOperand(0).getDefiningOp<ms::MulOp>();
  if (!inner || !inner->hasOneUse() || !isSplatOf(inner->getOperand(1), 2.0))
    return {};
  Value x = inner->getOperand(0);
  if (x.getType() != sub.getType())
    return {};
  if (chain)
    chain->append({sub.getOperation(), outer.getOperation(),
                   sigmoid.getOperation(), inner.getOperation()});
  return x;
}

/// The x of `v` = RealDiv(e, Add(e, 2)), e = Expm1(Mul(Minimum(Maximum(x,
/// -L), L), 2)) (tanhFromExpm1), whose Expm1, Mul, Minimum and Maximum
/// have no other use, or null; `chain` gets the ops to erase.
static Value
tanhExpm1ChainInput(ms::RealDivOp div,
                    SmallVectorImpl<Operation *> *chain = nullptr) {
  auto add = div->getOperand(1).getDefiningOp<ms::AddOp>();
  if (!add || !add->hasOneUse() || !isSplatOf(add->getOperand(1), 2.0))
    return {};
  auto e = div->getOperand(0).getDefiningOp<ms::Expm1Op>();
  if (!e || add->getOperand(0) != e.getResult() ||
      !llvm::hasNItems(e->getUses(), 2))
    return {};
  auto twice = e->getOperand(0).getDefiningOp<ms::MulOp>();
  if (!twice || !twice->hasOneUse() || !isSplatOf(twice->getOperand(1), 2.0))
    return {};
  auto high = twice->getOperand(0).getDefiningOp<ms::MinimumOp>();
  if (!high || !high->hasOneUse())
    return {};
  auto low = high->getOperand(0).getDefiningOp<ms::MaximumOp>();
  if (!low || !low->hasOneUse())
    return {};
  Type elem = getElementTypeOrSelf(div.getType());
  double bound = tanhClampBound(elem);
  if (!isSplatOf(high->getOperand(1), bound) ||
      !isSplatOf(low->getOperand(1), -bound))
    return {};
  Value x = low->getOperand(0);
  if (x.getType() != div.getType())
    return {};
  if (chain)
    chain->append({div.getOperation(), add.getOperation(), e.getOperation(),
                   twice.getOperation(), high.getOperation(),
                   low.getOperation()});
  return x;
}

/// Replaces the chain ending at `root` (erased last to first, `root`
/// first) by Tanh(x), erasing constants the chain alone used.
static void replaceByTanh(Value x, ArrayRef<Operation *> chain) {
  Operation *root = chain.front();
  OpBuilder b(root);
  auto tanh =
      ms::TanhOp::create(b, root->getLoc(), root->getResult(0).getType(), x);
  llvm::SmallSetVector<Operation *, 4> constants;
  for (Operation *op : chain)
    for (Value operand : op->getOperands())
      if (Operation *c = operand.getDefiningOp(); c && isa<ms::ConstantOp>(c))
        constants.insert(c);
  root->getResult(0).replaceAllUsesWith(tanh.getResult());
  for (Operation *op : chain)
    op->erase();
  for (Operation *c : constants)
    if (c->use_empty())
      c->erase();
}

void mindir::readRunnableForm(ModuleOp module) {
  SmallVector<ms::RealDivOp> divs;
  module.walk([&](ms::RealDivOp div) {
    if (tanhExpm1ChainInput(div))
      divs.push_back(div);
  });
  for (ms::RealDivOp div : divs) {
    SmallVector<Operation *> chain;
    Value x = tanhExpm1ChainInput(div, &chain);
    replaceByTanh(x, chain);
  }
  // The chain ascend-opt wrote before (2 * Sigmoid(2x) - 1).
  SmallVector<ms::SubOp> subs;
  module.walk([&](ms::SubOp sub) {
    if (tanhChainInput(sub))
      subs.push_back(sub);
  });
  for (ms::SubOp sub : subs) {
    SmallVector<Operation *> chain;
    Value x = tanhChainInput(sub, &chain);
    replaceByTanh(x, chain);
  }
}
