//===- MindSporeFolders.cpp - mindspore folders and constant folding ------===//
//
// Folders of the mindspore dialect, run by --canonicalize:
//  - reshape to the input's own type is the input; reshape of a reshape reads
//    the inner input; reshape of a dense constant is a constant;
//  - transpose by the identity permutation is the input; transpose of a
//    transpose is one transpose by the composed permutation;
//  - broadcast_to the input's own shape is the input;
//  - x + 0, 0 + x, x - 0, x * 1, 1 * x, x / 1 are x, but only when the result
//    type equals x's type: a constant that broadcasts x to a bigger shape
//    keeps the op;
//  - add, sub, mul and real_div of small constants (or splats) fold.
//
// Floating-point note: x + 0 is folded for either zero; only the sign of a
// zero result can differ (-0 + +0 = +0), which eager comparisons ignore.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

#include <functional>
#include <optional>

using namespace mlir;
using namespace mlir::ascend::mindspore;

/// Constant folding expands at most this many elements (splats are free).
static constexpr int64_t kMaxFoldedElements = 256;

Operation *MindSporeDialect::materializeConstant(OpBuilder &builder,
                                                 Attribute value, Type type,
                                                 Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

//===----------------------------------------------------------------------===//
// Splat predicates
//===----------------------------------------------------------------------===//

/// True when `attr` is a splat whose every element is zero (either sign for
/// floats).
static bool isSplatZero(Attribute attr) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return false;
  Type element = dense.getElementType();
  if (isa<FloatType>(element))
    return dense.getSplatValue<APFloat>().isZero();
  if (isa<IntegerType>(element))
    return dense.getSplatValue<APInt>().isZero();
  return false;
}

/// True when `attr` is a splat whose every element is one.
static bool isSplatOne(Attribute attr) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return false;
  Type element = dense.getElementType();
  if (isa<FloatType>(element))
    return dense.getSplatValue<APFloat>().isExactlyValue(1.0);
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth() > 1 && dense.getSplatValue<APInt>().isOne();
  return false;
}

/// `x` when the op's result has exactly x's type (no broadcast grows it).
static OpFoldResult identityIfSameType(Value result, Value x) {
  if (x.getType() == result.getType())
    return x;
  return {};
}

//===----------------------------------------------------------------------===//
// Constant folding of binary elementwise ops
//===----------------------------------------------------------------------===//

using FloatFn = std::function<std::optional<APFloat>(APFloat, const APFloat &)>;
using IntFn = std::function<std::optional<APInt>(const APInt &, const APInt &)>;

/// Element `i` of `attr`, a dense constant that is a splat (of any shape
/// broadcastable to the result) or has the result's shape.
template <typename T> static T elementAt(DenseElementsAttr attr, int64_t i) {
  if (attr.isSplat())
    return attr.getSplatValue<T>();
  return attr.getValues<T>()[i];
}

/// Folds `lhs op rhs` elementwise into the result type when both are dense
/// constants, each a splat or of the result's shape (no other broadcast), and
/// the result is a splat or has at most kMaxFoldedElements elements. `intFn`
/// may be null (no integer folding). Booleans are not folded.
static Attribute foldBinaryConstants(Attribute lhsAttr, Attribute rhsAttr,
                                     Type resultType, const FloatFn &floatFn,
                                     const IntFn &intFn) {
  auto lhs = dyn_cast_or_null<DenseElementsAttr>(lhsAttr);
  auto rhs = dyn_cast_or_null<DenseElementsAttr>(rhsAttr);
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!lhs || !rhs || !type)
    return {};
  Type element = type.getElementType();
  bool isFloat = isa<FloatType>(element);
  auto integer = dyn_cast<IntegerType>(element);
  if (!isFloat && (!integer || integer.getWidth() == 1 || !intFn))
    return {};
  for (DenseElementsAttr operand : {lhs, rhs})
    if (!operand.isSplat() &&
        cast<ShapedType>(operand.getType()).getShape() != type.getShape())
      return {};
  bool splat = lhs.isSplat() && rhs.isSplat();
  int64_t count = splat ? 1 : type.getNumElements();
  if (count > kMaxFoldedElements)
    return {};

  if (isFloat) {
    SmallVector<APFloat> values;
    for (int64_t i = 0; i < count; ++i) {
      std::optional<APFloat> v = floatFn(elementAt<APFloat>(lhs, i),
                                         elementAt<APFloat>(rhs, i));
      if (!v)
        return {};
      values.push_back(*v);
    }
    return splat ? DenseElementsAttr::get(type, values.front())
                 : DenseElementsAttr::get(type, values);
  }
  SmallVector<APInt> values;
  for (int64_t i = 0; i < count; ++i) {
    std::optional<APInt> v =
        intFn(elementAt<APInt>(lhs, i), elementAt<APInt>(rhs, i));
    if (!v)
      return {};
    values.push_back(*v);
  }
  return splat ? DenseElementsAttr::get(type, values.front())
               : DenseElementsAttr::get(type, values);
}

static constexpr llvm::RoundingMode kRound = llvm::RoundingMode::NearestTiesToEven;

OpFoldResult AddOp::fold(FoldAdaptor a) {
  if (isSplatZero(a.getRhs()))
    if (OpFoldResult r = identityIfSameType(getResult(), getLhs()))
      return r;
  if (isSplatZero(a.getLhs()))
    if (OpFoldResult r = identityIfSameType(getResult(), getRhs()))
      return r;
  return foldBinaryConstants(
      a.getLhs(), a.getRhs(), getType(),
      [](APFloat l, const APFloat &r) -> std::optional<APFloat> {
        l.add(r, kRound);
        return l;
      },
      [](const APInt &l, const APInt &r) -> std::optional<APInt> {
        return l + r;
      });
}

OpFoldResult SubOp::fold(FoldAdaptor a) {
  if (isSplatZero(a.getRhs()))
    if (OpFoldResult r = identityIfSameType(getResult(), getLhs()))
      return r;
  return foldBinaryConstants(
      a.getLhs(), a.getRhs(), getType(),
      [](APFloat l, const APFloat &r) -> std::optional<APFloat> {
        l.subtract(r, kRound);
        return l;
      },
      [](const APInt &l, const APInt &r) -> std::optional<APInt> {
        return l - r;
      });
}

OpFoldResult MulOp::fold(FoldAdaptor a) {
  if (isSplatOne(a.getRhs()))
    if (OpFoldResult r = identityIfSameType(getResult(), getLhs()))
      return r;
  if (isSplatOne(a.getLhs()))
    if (OpFoldResult r = identityIfSameType(getResult(), getRhs()))
      return r;
  return foldBinaryConstants(
      a.getLhs(), a.getRhs(), getType(),
      [](APFloat l, const APFloat &r) -> std::optional<APFloat> {
        l.multiply(r, kRound);
        return l;
      },
      [](const APInt &l, const APInt &r) -> std::optional<APInt> {
        return l * r;
      });
}

OpFoldResult RealDivOp::fold(FoldAdaptor a) {
  if (isSplatOne(a.getRhs()))
    if (OpFoldResult r = identityIfSameType(getResult(), getLhs()))
      return r;
  // Float quotients only: integer division semantics are left to the runtime.
  return foldBinaryConstants(
      a.getLhs(), a.getRhs(), getType(),
      [](APFloat l, const APFloat &r) -> std::optional<APFloat> {
        l.divide(r, kRound);
        return l;
      },
      nullptr);
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

OpFoldResult ReshapeOp::fold(FoldAdaptor a) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {
    // Only the element count matters: read the inner input directly. The
    // `shape` attribute (even with a -1) still describes the result.
    getInputMutable().assign(inner.getInput());
    return getResult();
  }
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(a.getInput()))
    return dense.reshape(getType());
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor a) {
  ArrayRef<int64_t> perm = getPerm();
  auto isIdentity = [](ArrayRef<int64_t> p) {
    for (auto [i, v] : llvm::enumerate(p))
      if (v != (int64_t)i)
        return false;
    return true;
  };
  if (isIdentity(perm))
    return getInput();
  if (auto inner = getInput().getDefiningOp<TransposeOp>()) {
    // result[i] = inner[perm[i]] = input[innerPerm[perm[i]]].
    ArrayRef<int64_t> innerPerm = inner.getPerm();
    SmallVector<int64_t> composed;
    for (int64_t p : perm)
      composed.push_back(innerPerm[p]);
    if (isIdentity(composed))
      return inner.getInput();
    getInputMutable().assign(inner.getInput());
    setPerm(composed);
    return getResult();
  }
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(a.getInput()))
    if (dense.isSplat())
      return dense.resizeSplat(getType());
  return {};
}

OpFoldResult BroadcastToOp::fold(FoldAdaptor a) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(a.getInput()))
    if (dense.isSplat())
      return dense.resizeSplat(getType());
  return {};
}

OpFoldResult TileOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

LogicalResult SplitOp::fold(FoldAdaptor a,
                            SmallVectorImpl<OpFoldResult> &results) {
  if (getNumResults() == 1 &&
      getInput().getType() == getOutputs()[0].getType()) {
    results.push_back(getInput());
    return success();
  }
  auto dense = dyn_cast_or_null<DenseElementsAttr>(a.getInput());
  if (!dense || !dense.isSplat())
    return failure();
  for (Value piece : getOutputs())
    results.push_back(dense.resizeSplat(cast<ShapedType>(piece.getType())));
  return success();
}
