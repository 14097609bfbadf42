//===- AtenLegalization.cpp - aten ops to MindSpore primitives ------------===//
//
// The table from eager (aten) op names to mindspore ops. Each entry reads the
// op's schema arguments by name (as the recorder stores them) and builds the
// primitives; an entry fails with a reason when an argument combination has no
// GRAPH_MODE equivalent yet (the caller reports it with the source location).
//
// The simple one-to-one mappings (an op per aten op, operands by name,
// constant attributes) are data, not code: AtenMappings.json, in the format
// of a user mapping file, compiled in and read by UserMappings::getBuiltin.
// This table keeps the ops that need logic (composites, decompositions,
// argument checks and conversions): the elementwise, comparison, reduction
// and tensor-creation handlers here, the neural-network ones in
// AtenNeuralNet.cpp, the shape and data-movement ones in AtenShapes.cpp (the
// call they share: AtenHandler.h).
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Conversion/PyNativeToMindSpore/UserMappings.h"

#include "AtenComposites.h"
#include "AtenHandler.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aten;

namespace {

template <typename OpT>
LogicalResult binary(AtenCall &c, SmallVectorImpl<Value> &results) {
  // Arithmetic computes in its result's (the promoted) element type: a bool
  // or integer operand is Cast first, e.g. `count * 0.5` of an int64 count.
  Type elementType = c.resultType().getElementType();
  Value self = promotedTo(c, c.operand("self"), elementType);
  Value graphOther = c.operand("other");
  FailureOr<Value> other =
      graphOther && !graphOther.getDefiningOp<ms::ConstantOp>()
          ? FailureOr<Value>(promotedTo(c, graphOther, elementType))
          : otherOperand(c, elementType);
  if (failed(other))
    return failure();
  if (std::optional<double> alpha = c.floatArg("alpha"); alpha && *alpha != 1)
    *other = make<ms::MulOp>(c, *other,
                               scalarConstant(c, *alpha, elementType));
  results.push_back(make<OpT>(c, self, *other));
  return success();
}

LogicalResult identity(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(c.operand("self"));
  return success();
}

/// fill_(self, value): every element becomes the (0-d) value.
LogicalResult fill(AtenCall &c, SmallVectorImpl<Value> &results) {
  RankedTensorType type = c.resultType();
  Value value = c.operand("value");
  FailureOr<Value> scalar =
      value ? withElementType(c, value, type.getElementType())
            : FailureOr<Value>(scalarConstant(
                  c, c.floatArg("value").value_or(0.0), type.getElementType()));
  if (failed(scalar))
    return failure();
  results.push_back(
      make<ms::BroadcastToOp>(c, *scalar, type.getShape()));
  return success();
}

LogicalResult all(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(make<ms::ReduceAllOp>(c, c.operand("self")));
  return success();
}

/// A bound on the magnitude of every element of the integer tensor `v` that
/// its producers show (a Cast of bools, an integer constant, a Select, a
/// broadcast or reshape of those), looking `depth` producers up; nullopt
/// when unknown or 2^24 or more.
std::optional<int64_t> integerBound(Value v, int depth) {
  constexpr int64_t kLimit = int64_t(1) << 24;
  Operation *def = v.getDefiningOp();
  if (!def || depth < 0)
    return std::nullopt;
  if (auto cast = dyn_cast<ms::CastOp>(def))
    if (elementTypeOf(cast.getInput()).isInteger(1))
      return 1;
  if (auto constant = dyn_cast<ms::ConstantOp>(def)) {
    auto attr = dyn_cast<DenseIntElementsAttr>(constant.getValue());
    if (!attr)
      return std::nullopt;
    int64_t bound = 0;
    for (const APInt &e : attr.getValues<APInt>()) {
      if (e.getBitWidth() > 1 && !e.isSignedIntN(25))
        return std::nullopt;
      int64_t x =
          e.getBitWidth() == 1 ? (int64_t)e.getZExtValue() : e.getSExtValue();
      bound = std::max<int64_t>(bound, x < 0 ? -x : x);
    }
    return bound < kLimit ? std::optional<int64_t>(bound) : std::nullopt;
  }
  if (auto select = dyn_cast<ms::SelectOp>(def)) {
    auto x = integerBound(select.getX(), depth - 1),
         y = integerBound(select.getY(), depth - 1);
    if (x && y)
      return std::max(*x, *y);
    return std::nullopt;
  }
  if (isa<ms::BroadcastToOp, ms::ReshapeOp, ms::ExpandDimsOp, ms::SqueezeOp,
          ms::TransposeOp>(def))
    return integerBound(def->getOperand(0), depth - 1);
  return std::nullopt;
}

/// A reduction of a 0-d `self` over `dim` (absent, empty, or only 0 and -1:
/// PyTorch's maybe_wrap_dim treats a scalar as one dim) is the element
/// itself, in the recorded result type; `isNan` zeroes NaN first (nansum).
/// Returns nullopt for a `self` of rank >= 1, failure with the reason set
/// for another dim. The axis attribute of a 0-d Reduce* would be out of
/// range, and reductions of 0-d tensors are not lowered alike on both
/// levels (AtenComposites.cpp's atLeast1d).
std::optional<LogicalResult> reduceZeroDim(AtenCall &c, Value self,
                                           SmallVectorImpl<Value> &results,
                                           bool zeroNan = false) {
  if (!self || cast<RankedTensorType>(self.getType()).getRank() != 0)
    return std::nullopt;
  if (auto dims = c.intsArg("dim"))
    for (int64_t d : *dims)
      if (d != 0 && d != -1)
        return c.unsupported("dim " + Twine(d) +
                             " is out of range for a 0-D tensor");
  Type t = c.resultType().getElementType();
  Value x = promotedTo(c, self, t);
  if (zeroNan && isa<FloatType>(t))
    x = make<ms::SelectOp>(c, make<ms::NotEqualOp>(c, x, x),
                           scalarConstant(c, 0.0, t), x);
  if (!x)
    return failure();
  results.push_back(x);
  return success();
}

LogicalResult sum(AtenCall &c, SmallVectorImpl<Value> &results) {
  // PyTorch sums bools and integers as int64 and casts to `dtype` first when
  // it is given: the recorded result's element type is the one summed in.
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim"))
    axis = *dims;
  Type resultElement = c.resultType().getElementType();
  Value self = c.operand("self");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (auto r = reduceZeroDim(c, self, results))
    return *r;
  if (!isa<FloatType>(resultElement)) {
    // ReduceSum takes floats: a count of bools (`(x > 0).sum()`) is summed
    // in float32, exact below 2^24 elements, and Cast back; so is an
    // integer tensor whose magnitude the graph bounds (a Cast of bools, a
    // Select between small constants: masked reductions' counts) when
    // bound * elements < 2^24.
    if (selfType.getRank() == 0)
      axis.clear(); // the sum of a 0-d tensor over dim 0 is itself
    std::optional<int64_t> bound =
        selfType.getElementType().isInteger(1) ? 1 : integerBound(self, 4);
    if (!bound)
      return c.unsupported("a sum of integer tensors (ReduceSum takes floats; "
                           "only sums of bools and of small integers the "
                           "graph bounds are legalized)");
    if (selfType.getNumElements() * std::max<int64_t>(*bound, 1) >=
        (int64_t(1) << 24))
      return c.unsupported(
          "a sum of integers that may reach 2^24 (not exact in float32)");
    Value total = make<ms::ReduceSumOp>(
        c, promotedTo(c, self, c.b.getF32Type()), axis,
        c.boolArg("keepdim", false));
    if (!total)
      return failure();
    results.push_back(promotedTo(c, total, resultElement));
    return success();
  }
  results.push_back(make<ms::ReduceSumOp>(c, promotedTo(c, self, resultElement),
                                            axis,
                                            c.boolArg("keepdim", false)));
  return success();
}

/// nansum(dim, keepdim): ReduceSum of Select(x != x, 0, x) (NaNs count as
/// zero), floats only.
LogicalResult nansum(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  Type t = c.resultType().getElementType();
  Type selfElement =
      self ? cast<RankedTensorType>(self.getType()).getElementType() : Type();
  if (!self || !isa<FloatType>(selfElement) || selfElement != t)
    return c.unsupported("expects a floating-point tensor (and no dtype "
                         "change)");
  if (auto r = reduceZeroDim(c, self, results, /*zeroNan=*/true))
    return *r;
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim"))
    axis = *dims;
  Value isNan = make<ms::NotEqualOp>(c, self, self);
  Value kept = make<ms::SelectOp>(c, isNan, scalarConstant(c, 0.0, t), self);
  results.push_back(
      make<ms::ReduceSumOp>(c, kept, axis, c.boolArg("keepdim", false)));
  return success();
}

/// mean over `dim`: over the two spatial dims of NCHW with keepdim it is
/// AdaptiveAvgPool2D to 1x1 (one Vector reduction on Ascend); otherwise
/// ReduceSum divided by the number of reduced elements.
LogicalResult mean(AtenCall &c, SmallVectorImpl<Value> &results) {
  // With `dtype`, PyTorch casts first (the recorded result's element type).
  Value self =
      promotedTo(c, c.operand("self"), c.resultType().getElementType());
  if (auto r = reduceZeroDim(c, self, results))
    return *r;
  auto type = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim"))
    axis = *dims;
  if (axis.empty())
    axis = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  for (int64_t &d : axis) {
    std::optional<int64_t> i = c.dimIn(d, rank);
    if (!i)
      return failure();
    d = *i;
  }
  llvm::sort(axis);
  bool keepdim = c.boolArg("keepdim", false);
  if (rank == 4 && keepdim && axis == SmallVector<int64_t>{2, 3}) {
    results.push_back(make<ms::AdaptiveAvgPool2DOp>(c, self, ArrayRef<int64_t>{1, 1}));
    return success();
  }
  int64_t count = 1;
  for (int64_t d : axis)
    count *= type.getDimSize(d);
  Value total = make<ms::ReduceSumOp>(c, self, axis, keepdim);
  results.push_back(make<ms::RealDivOp>(c, total,
      scalarConstant(c, (double)count, type.getElementType())));
  return success();
}

template <typename OpT>
LogicalResult compare(AtenCall &c, SmallVectorImpl<Value> &results) {
  // Compared in the promoted type: `count > 0.5` of an int64 count compares
  // floats, as PyTorch does.
  Type elementType = promotedElementType(c);
  Value self = promotedTo(c, c.operand("self"), elementType);
  FailureOr<Value> other = otherOperand(c, elementType);
  if (failed(other))
    return failure();
  if (cast<RankedTensorType>(other->getType()).getElementType() != elementType)
    *other = promotedTo(c, *other, elementType);
  results.push_back(make<OpT>(c, self, *other));
  return success();
}

/// Float unary primitives: integer inputs have no PyTorch meaning here
/// (torch would promote them to float first, which shows as a _to_copy).
template <typename OpT>
LogicalResult floatUnary(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!isa<FloatType>(elementTypeOf(self)))
    return c.unsupported("expects a floating-point tensor");
  results.push_back(make<OpT>(c, self));
  return success();
}

/// gelu(x, approximate): "none" is MindSpore's GeLU (the erf form);
/// "tanh" is composed as ATen's CPU kernel computes it:
/// 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))).
LogicalResult gelu(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto a = dyn_cast_or_null<StringAttr>(c.arg("approximate"));
  if (!a || a.getValue() == "none")
    return floatUnary<ms::GeLUOp>(c, results);
  if (a.getValue() != "tanh")
    return c.unsupported("gelu with approximate='" + a.getValue() +
                         "' (expected 'none' or 'tanh')");
  Value x = c.operand("self");
  Type t = elementTypeOf(x);
  if (!isa<FloatType>(t))
    return c.unsupported("expects a floating-point tensor");
  const double kBeta = std::sqrt(2.0) * 0.5 * (2.0 / std::sqrt(M_PI)); // sqrt(2/pi)
  Value cube = make<ms::MulOp>(c, make<ms::MulOp>(c, x, x), x);
  Value inner = make<ms::AddOp>(
      c, x, make<ms::MulOp>(c, cube, scalarConstant(c, 0.044715, t)));
  Value th = make<ms::TanhOp>(
      c, make<ms::MulOp>(c, inner, scalarConstant(c, kBeta, t)));
  Value half = make<ms::MulOp>(c, x, scalarConstant(c, 0.5, t));
  results.push_back(make<ms::MulOp>(
      c, half, make<ms::AddOp>(c, th, scalarConstant(c, 1.0, t))));
  return success();
}

/// hardtanh(x, lo, hi) = min(max(x, lo), hi); relu6 is hardtanh(x, 0, 6).
LogicalResult hardtanh(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  double lo = c.floatArg("min_val").value_or(-1.0);
  double hi = c.floatArg("max_val").value_or(1.0);
  if (lo == 0.0 && hi == 6.0 && isa<FloatType>(elementTypeOf(self))) {
    results.push_back(make<ms::ReLU6Op>(c, self));
    return success();
  }
  Type t = elementTypeOf(self);
  Value low = make<ms::MaximumOp>(c, self, scalarConstant(c, lo, t));
  results.push_back(
      make<ms::MinimumOp>(c, low, scalarConstant(c, hi, t)));
  return success();
}

LogicalResult clamp(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value v = c.operand("self");
  Type t = elementTypeOf(v);
  for (StringRef name : {"min", "max"}) {
    FailureOr<Value> bound = numberOperand(c, name, t);
    if (failed(bound))
      return failure();
    if (!*bound)
      continue;
    if (name == "min")
      v = make<ms::MaximumOp>(c, v, *bound);
    else
      v = make<ms::MinimumOp>(c, v, *bound);
  }
  results.push_back(v);
  return success();
}

/// clamp_min / clamp_max: the bound is the `min` / `max` argument.
template <typename OpT>
LogicalResult clampOneSide(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  StringRef name = std::is_same_v<OpT, ms::MaximumOp> ? "min" : "max";
  FailureOr<Value> bound = requiredNumberOperand(c, name, elementTypeOf(self),
                                                 "missing the bound");
  if (failed(bound))
    return failure();
  results.push_back(make<OpT>(c, self, *bound));
  return success();
}

/// rsub(self, other, alpha) = other - alpha * self.
LogicalResult rsub(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  Type t = elementTypeOf(self);
  FailureOr<Value> other = otherOperand(c, t);
  if (failed(other))
    return failure();
  if (std::optional<double> alpha = c.floatArg("alpha"); alpha && *alpha != 1)
    self = make<ms::MulOp>(c, self, scalarConstant(c, *alpha, t));
  results.push_back(make<ms::SubOp>(c, *other, self));
  return success();
}

LogicalResult reciprocal(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!isa<FloatType>(elementTypeOf(self)))
    return c.unsupported("expects a floating-point tensor");
  results.push_back(make<ms::RealDivOp>(c, scalarConstant(c, 1.0, elementTypeOf(self)), self));
  return success();
}

LogicalResult pow(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  Type t = elementTypeOf(self);
  if (!isa<FloatType>(t))
    return c.unsupported("integer pow is not legalized yet");
  FailureOr<Value> exponent =
      requiredNumberOperand(c, "exponent", t, "missing the exponent");
  if (failed(exponent))
    return failure();
  results.push_back(make<ms::PowOp>(c, self, *exponent));
  return success();
}

template <typename OpT>
LogicalResult logicalBinary(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), other = c.operand("other");
  if (!other)
    return c.unsupported("the 'other' argument is not a tensor");
  results.push_back(make<OpT>(c, asBool(c, self), asBool(c, other)));
  return success();
}

/// bitwise_and/or/not are the logical ops on booleans only.
template <typename OpT>
LogicalResult bitwiseBinary(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), other = c.operand("other");
  if (!other || !elementTypeOf(self).isInteger(1) ||
      !elementTypeOf(other).isInteger(1))
    return c.unsupported("bitwise ops are legalized for boolean tensors only");
  results.push_back(make<OpT>(c, self, other));
  return success();
}

LogicalResult logicalNot(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(
      make<ms::LogicalNotOp>(c, asBool(c, c.operand("self"))));
  return success();
}

LogicalResult bitwiseNot(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!elementTypeOf(self).isInteger(1))
    return c.unsupported("bitwise_not is legalized for boolean tensors only");
  results.push_back(make<ms::LogicalNotOp>(c, self));
  return success();
}

/// where(condition, self, other) = Select; a Python number operand is a
/// constant of the other operand's type.
LogicalResult where(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value cond = c.operand("condition"), x = c.operand("self"),
        y = c.operand("other");
  if (!cond || !x || !y)
    return c.unsupported("expects tensor condition, self and other");
  Type t = c.resultType().getElementType();
  FailureOr<Value> tx = withElementType(c, x, t), ty = withElementType(c, y, t);
  if (failed(tx) || failed(ty))
    return failure();
  results.push_back(
      make<ms::SelectOp>(c, asBool(c, cond), *tx, *ty));
  return success();
}

LogicalResult maskedFill(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), mask = c.operand("mask");
  Type t = elementTypeOf(self);
  FailureOr<Value> value =
      requiredNumberOperand(c, "value", t, "missing the fill value");
  if (failed(value))
    return failure();
  results.push_back(
      make<ms::MaskedFillOp>(c, self, asBool(c, mask), *value));
  return success();
}

/// _to_copy / to.dtype: Cast to the recorded element type (shape unchanged).
LogicalResult toDtype(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  RankedTensorType type = c.resultType();
  if (self.getType() == type)
    results.push_back(self);
  else
    results.push_back(ms::CastOp::create(c.b, c.loc, type, self));
  return success();
}

/// A tensor filled with one value: zeros, ones, full and the *_like forms are
/// constants of the recorded result type (shapes are static).
LogicalResult fill(AtenCall &c, SmallVectorImpl<Value> &results,
                   std::optional<double> value) {
  if (!value)
    return c.unsupported("the fill value is not a number");
  results.push_back(splatConstant(c, *value, c.resultType()));
  return success();
}

LogicalResult zeros(AtenCall &c, SmallVectorImpl<Value> &results) {
  return fill(c, results, 0.0);
}
LogicalResult ones(AtenCall &c, SmallVectorImpl<Value> &results) {
  return fill(c, results, 1.0);
}
/// full / scalar_tensor: a constant, or a BroadcastTo of the graph value the
/// fill number is bound to.
LogicalResult fillFromArgument(AtenCall &c, SmallVectorImpl<Value> &results,
                               StringRef name) {
  if (Value bound = c.operand(name)) {
    RankedTensorType type = c.resultType();
    FailureOr<Value> typed = withElementType(c, bound, type.getElementType());
    if (failed(typed))
      return failure();
    results.push_back(
        make<ms::BroadcastToOp>(c, *typed, type.getShape()));
    return success();
  }
  return fill(c, results, c.floatArg(name));
}
LogicalResult full(AtenCall &c, SmallVectorImpl<Value> &results) {
  return fillFromArgument(c, results, "fill_value");
}
LogicalResult scalarTensor(AtenCall &c, SmallVectorImpl<Value> &results) {
  return fillFromArgument(c, results, "s");
}

/// max() over everything and amax(dim, keepdim).
LogicalResult reduceMax(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!isa<FloatType>(elementTypeOf(self)))
    return c.unsupported("integer max is not legalized yet");
  if (auto r = reduceZeroDim(c, self, results))
    return *r;
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim", 1))
    axis = *dims;
  results.push_back(make<ms::ReduceMaxOp>(c, self, axis,
                                            c.boolArg("keepdim", false)));
  return success();
}

/// max.dim(dim, keepdim) -> (values, indices): ArgMaxWithValue, whose
/// outputs come in the other order.
LogicalResult maxDim(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto dim = c.intArg("dim");
  if (!self || !dim)
    return c.unsupported("missing self or dim");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (selfType.getNumElements() == 0)
    return c.unsupported("the maximum of an empty tensor");
  bool keepDims = c.boolArg("keepdim", false);
  int64_t axis = 0;
  if (selfType.getRank() == 0) // a 0-d tensor is its own maximum, at 0
    self = make<ms::ReshapeOp>(c, self, ArrayRef<int64_t>{1});
  else
    axis = normalizeDim(*dim, selfType.getRank());
  auto op = makeOp<ms::ArgMaxWithValueOp>(
      c, self, axis, keepDims,
      indexTypeAttr(c, c.resultType(1).getElementType()));
  if (!op)
    return failure();
  Value values = op.getValues(), index = op.getIndex();
  if (values.getType() != c.resultType(0)) {
    values =
        make<ms::ReshapeOp>(c, values, c.resultType(0).getShape());
    index =
        make<ms::ReshapeOp>(c, index, c.resultType(1).getShape());
  }
  results.push_back(values);
  results.push_back(index);
  return success();
}

/// argmax(dim, keepdim): the index output of ArgMaxWithValue (int64, kept
/// dims as recorded); dim=None argmaxes the flattened input.
LogicalResult argmax(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.unsupported("missing self");
  RankedTensorType type = c.resultType();
  auto selfType = cast<RankedTensorType>(self.getType());
  if (selfType.getNumElements() == 0)
    return c.unsupported("argmax of an empty tensor");
  int64_t axis = 0;
  bool keepDims = false;
  if (auto dim = c.intArg("dim")) {
    if (selfType.getRank() == 0)
      self = make<ms::ReshapeOp>(c, self, ArrayRef<int64_t>{1});
    else
      axis = normalizeDim(*dim, selfType.getRank());
    keepDims = c.boolArg("keepdim", false);
  } else {
    self = make<ms::ReshapeOp>(c, self,
                                 ArrayRef<int64_t>{selfType.getNumElements()});
  }
  auto argMax = makeOp<ms::ArgMaxWithValueOp>(
      c, self, axis, keepDims, indexTypeAttr(c, type.getElementType()));
  if (!argMax)
    return failure();
  Value result = argMax.getIndex();
  if (result.getType() != type) {
    if (cast<RankedTensorType>(result.getType()).getElementType() !=
            type.getElementType() ||
        cast<RankedTensorType>(result.getType()).getNumElements() !=
            type.getNumElements())
      return c.unsupported("the computed output type differs from the "
                           "recorded one");
    result = make<ms::ReshapeOp>(c, result, type.getShape());
  }
  results.push_back(result);
  return success();
}

/// Ops that compute nothing a graph needs (a Python number read, markers).
LogicalResult noResult(AtenCall &c, SmallVectorImpl<Value> &results) {
  size_t before = results.size();
  for (Value r : c.op.getResults()) {
    if (r.use_empty()) {
      results.push_back(Value());
      continue;
    }
    // An uninitialized tensor of zero elements has no value to read: it is
    // the empty constant (torch.empty(0), a window of length 0).
    auto type = dyn_cast<RankedTensorType>(r.getType());
    if (!type || !type.hasStaticShape() || type.getNumElements() != 0) {
      results.resize(before);
      return c.unsupported("its tensor result is used");
    }
    results.push_back(buildSplatConstant(c.b, c.loc, type, 0));
  }
  return success();
}

/// _linalg_check_errors(info, api_name, is_matrix), which the linalg ops'
/// checked forms (linalg.inv, linalg.solve) call on LAPACK's info: a
/// MindSpore Assert that every info is 0, so that a singular matrix fails
/// the graph loudly as it raises in eager.
LogicalResult linalgCheckErrors(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value info = c.operand("info");
  if (!info)
    return c.unsupported("it has no info tensor");
  auto api = dyn_cast_or_null<StringAttr>(c.arg("api_name"));
  Type t = cast<RankedTensorType>(info.getType()).getElementType();
  Value ok = make<ms::ReduceAllOp>(
      c, make<ms::EqualOp>(c, info, scalarConstant(c, 0, t)));
  if (!ok)
    return failure();
  ms::AssertOp::create(
      c.b, c.loc, ok,
      c.b.getStringAttr((api ? api.getValue() : StringRef("linalg")) +
                        ": the input matrix is singular (a pivot of its LU "
                        "factorization is zero)"));
  return success();
}

const HandlerTable &atenTable() {
  static const HandlerTable table = [] {
    HandlerTable t = {
        {"aten._linalg_check_errors.default", linalgCheckErrors},
        {"aten.add.Tensor", binary<ms::AddOp>},
        {"aten.add_.Tensor", binary<ms::AddOp>},
        {"aten.add.Scalar", binary<ms::AddOp>},
        {"aten.sub.Tensor", binary<ms::SubOp>},
        {"aten.sub.Scalar", binary<ms::SubOp>},
        {"aten.mul.Tensor", binary<ms::MulOp>},
        {"aten.mul_.Tensor", binary<ms::MulOp>},
        {"aten.mul.Scalar", binary<ms::MulOp>},
        {"aten.div.Tensor", binary<ms::RealDivOp>},
        {"aten.div.Scalar", binary<ms::RealDivOp>},
        {"aten.gt.Scalar", compare<ms::GreaterOp>},
        {"aten.gt.Tensor", compare<ms::GreaterOp>},
        {"aten.ge.Scalar", compare<ms::GreaterEqualOp>},
        {"aten.ge.Tensor", compare<ms::GreaterEqualOp>},
        {"aten.lt.Scalar", compare<ms::LessOp>},
        {"aten.lt.Tensor", compare<ms::LessOp>},
        {"aten.le.Scalar", compare<ms::LessEqualOp>},
        {"aten.le.Tensor", compare<ms::LessEqualOp>},
        {"aten.eq.Scalar", compare<ms::EqualOp>},
        {"aten.eq.Tensor", compare<ms::EqualOp>},
        {"aten.ne.Scalar", compare<ms::NotEqualOp>},
        {"aten.ne.Tensor", compare<ms::NotEqualOp>},
        {"aten.fill_.Tensor", fill},
        {"aten.fill_.Scalar", fill},
        {"aten.all.default", all},
        {"aten.sum.default", sum},
        {"aten.sum.dim_IntList", sum},
        {"aten.nansum.default", nansum},
        {"aten.mean.dim", mean},
        {"aten.mean.default", mean},
        {"aten.empty.memory_format", noResult},
        {"aten.detach.default", identity},
        {"aten.lift_fresh.default", identity},
        {"aten.alias.default", identity},
        {"aten.clone.default", identity},
        {"aten.contiguous.default", identity},
        {"aten._local_scalar_dense.default", noResult},
        {"aten.gelu.default", gelu},
        {"aten.reciprocal.default", reciprocal},
        {"aten.hardtanh.default", hardtanh},
        {"aten.hardtanh_.default", hardtanh},
        {"aten.clamp.default", clamp},
        {"aten.clamp_.default", clamp},
        {"aten.clamp.Tensor", clamp},
        {"aten.clamp_min.default", clampOneSide<ms::MaximumOp>},
        {"aten.clamp_max.default", clampOneSide<ms::MinimumOp>},
        {"aten.maximum.default", binary<ms::MaximumOp>},
        {"aten.minimum.default", binary<ms::MinimumOp>},
        {"aten.pow.Tensor_Scalar", pow},
        {"aten.pow.Tensor_Tensor", pow},
        {"aten.rsub.Scalar", rsub},
        {"aten.rsub.Tensor", rsub},
        {"aten.logical_and.default", logicalBinary<ms::LogicalAndOp>},
        {"aten.logical_and_.default", logicalBinary<ms::LogicalAndOp>},
        {"aten.logical_or.default", logicalBinary<ms::LogicalOrOp>},
        {"aten.logical_or_.default", logicalBinary<ms::LogicalOrOp>},
        {"aten.logical_not.default", logicalNot},
        {"aten.logical_not_.default", logicalNot},
        {"aten.bitwise_and.Tensor", bitwiseBinary<ms::LogicalAndOp>},
        {"aten.bitwise_and_.Tensor", bitwiseBinary<ms::LogicalAndOp>},
        {"aten.bitwise_or.Tensor", bitwiseBinary<ms::LogicalOrOp>},
        {"aten.bitwise_or_.Tensor", bitwiseBinary<ms::LogicalOrOp>},
        {"aten.bitwise_not.default", bitwiseNot},
        {"aten.where.self", where},
        {"aten.masked_fill.Scalar", maskedFill},
        {"aten.masked_fill.Tensor", maskedFill},
        {"aten._to_copy.default", toDtype},
        {"aten.to.dtype", toDtype},
        {"aten.zeros.default", zeros},
        {"aten.zeros_like.default", zeros},
        {"aten.new_zeros.default", zeros},
        {"aten.ones.default", ones},
        {"aten.ones_like.default", ones},
        {"aten.new_ones.default", ones},
        {"aten.full.default", full},
        {"aten.full_like.default", full},
        {"aten.scalar_tensor.default", scalarTensor},
        {"aten.max.default", reduceMax},
        {"aten.max.dim", maxDim},
        {"aten.amax.default", reduceMax},
        {"aten.argmax.default", argmax},
    };
    addNeuralNetHandlers(t);
    addShapeHandlers(t);
    return t;
  }();
  return table;
}

/// An in-place op writes its mutated operands. When such an operand shares
/// storage with other recorded values, the write changes those too, but the
/// trace keeps using their old SSA values. A write into a view made by
/// viewChainOf's ops is functionalized by the run merger, which rebinds the
/// view's base to an updated copy; any other alias read after the write (a
/// second view of the same base, or a view of a base written directly) is
/// refused. A write whose aliases are never read again is pure.
LogicalResult checkNoHiddenWrites(pynative::RecordedOp op, std::string &why) {
  for (int64_t index : op.getMutatedOperands()) {
    Value written = op->getOperand(index);
    SmallVector<pynative::RecordedOp> chain;
    Value root = viewChainOf(written, chain);
    bool rebindsRoot = root && !chain.empty();
    Value base = written;
    while (Value up = aliasedOperandOf(base))
      base = up;
    SmallVector<Value> family = {base};
    for (size_t i = 0; i < family.size(); ++i)
      for (OpOperand &use : family[i].getUses())
        if (auto user = dyn_cast<pynative::RecordedOp>(use.getOwner()))
          if (user != op)
            for (OpResult r : user->getResults())
              if (aliasedOperandOf(r) == family[i])
                family.push_back(r);
    for (Value v : family) {
      if (rebindsRoot && v == root)
        continue; // the merger rebinds it to the updated copy
      // A view made after the write is made from the rebound base.
      if (Operation *def = v.getDefiningOp();
          rebindsRoot && def && def->getBlock() == op->getBlock() &&
          op->isBeforeInBlock(def))
        continue;
      for (Operation *user : v.getUsers())
        if (user != op && user->getBlock() == op->getBlock() &&
            op->isBeforeInBlock(user)) {
          why = "it writes in place to a tensor that shares storage with a "
                "value read later (a write through a view); functionalizing "
                "that is not supported yet";
          return failure();
        }
    }
  }
  return success();
}

/// The tensor arguments the C++ handler of `name` reads without checking, and
/// the results it needs (a trace that is not the recorder's, or a fuzzed one,
/// may lack them).
struct HandlerNeeds {
  SmallVector<StringRef, 3> tensors;
  unsigned results;
};
HandlerNeeds handlerNeeds(StringRef name) {
  if (name == "aten.convolution.default")
    return {{"input", "weight"}, 1};
  if (name == "aten.addmm.default")
    return {{"self", "mat1", "mat2"}, 1};
  if (name == "aten.mm.default" || name == "aten.bmm.default")
    return {{"self", "mat2"}, 1};
  if (name.starts_with("aten.index_put"))
    return {{"self", "values"}, 1};
  if (name.starts_with("aten.masked_fill."))
    return {{"self", "mask"}, 1};
  if (name == "aten.copy_.default")
    return {{"self", "src"}, 1};
  if (name == "aten.embedding.default")
    return {{"weight", "indices"}, 1};
  if (name == "aten.index_select.default")
    return {{"self", "index"}, 1};
  if (name == "aten.max.dim")
    return {{"self"}, 2};
  if (name == "aten.empty.memory_format" ||
      name == "aten._local_scalar_dense.default")
    return {{}, 0};
  if (name == "aten._linalg_check_errors.default")
    return {{"info"}, 0};
  if (name.starts_with("aten.split") || name.starts_with("aten.unsafe_split") ||
      name.starts_with("aten.chunk") || name.starts_with("aten.unbind"))
    return {{"self"}, 0};
  // Handlers that check their own tensors (or read none).
  if (name.contains("batch_norm") || name == "aten.native_layer_norm.default" ||
      name == "aten.where.self" || name == "aten.gather.default" ||
      name == "aten.cat.default" || name == "aten.stack.default" ||
      name.starts_with("aten.fill_.") || name.starts_with("aten.zeros") ||
      name.starts_with("aten.ones") || name.starts_with("aten.new_") ||
      name.starts_with("aten.full") || name == "aten.scalar_tensor.default")
    return {{}, 1};
  return {{"self"}, 1};
}

/// Records the ops a builder inserts (passing them on to its own listener)
/// until stop().
struct InsertionRecorder : OpBuilder::Listener {
  explicit InsertionRecorder(OpBuilder &builder)
      : builder(builder), next(builder.getListener()) {
    builder.setListener(this);
  }
  ~InsertionRecorder() override { stop(); }
  void stop() {
    if (builder.getListener() == this)
      builder.setListener(next);
  }
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    inserted.push_back(op);
    if (next)
      next->notifyOperationInserted(op, previous);
  }
  void notifyBlockInserted(Block *block, Region *previous,
                           Region::iterator previousIt) override {
    if (next)
      next->notifyBlockInserted(block, previous, previousIt);
  }
  OpBuilder &builder;
  OpBuilder::Listener *next;
  SmallVector<Operation *> inserted;
};

} // namespace

/// View ops whose writes the merger can put back into their base.
static bool isFunctionalizableView(StringRef name) {
  return llvm::is_contained(
      {"aten.select.int", "aten.slice.Tensor", "aten.view.default",
       "aten._unsafe_view.default", "aten._reshape_alias.default",
       "aten.reshape.default", "aten.unsqueeze.default",
       "aten.squeeze.dim", "aten.squeeze.default", "aten.alias.default",
       "aten.t.default", "aten.transpose.int", "aten.permute.default"},
      name);
}

Value mlir::ascend::viewChainOf(Value v,
                                SmallVectorImpl<pynative::RecordedOp> &chain) {
  chain.clear();
  while (true) {
    auto result = dyn_cast<OpResult>(v);
    auto op = result ? dyn_cast<pynative::RecordedOp>(result.getOwner())
                     : pynative::RecordedOp();
    if (!op || !op.getMutatedOperands().empty())
      break; // v is a base (or an in-place result, which names a base)
    Value up = aliasedOperandOf(v);
    if (!up)
      break;
    if (!isFunctionalizableView(op.getName()))
      return {};
    chain.insert(chain.begin(), op);
    v = up;
  }
  return v;
}

Value mlir::ascend::aliasedOperandOf(Value v) {
  auto result = dyn_cast<OpResult>(v);
  auto op = result ? dyn_cast<pynative::RecordedOp>(result.getOwner())
                   : pynative::RecordedOp();
  if (!op)
    return {};
  ArrayRef<int64_t> aliases = op.getResultAliases();
  unsigned i = result.getResultNumber();
  if (i >= aliases.size() || aliases[i] < 0)
    return {};
  return op->getOperand(aliases[i]);
}

Value mlir::ascend::buildSplatConstant(OpBuilder &builder, Location loc,
                                      RankedTensorType type, double value) {
  return ms::ConstantOp::create(builder, loc, ms::getSplatAttr(type, value));
}

LogicalResult mlir::ascend::legalizeAtenOp(pynative::RecordedOp op,
                                           ValueRange operands,
                                           OpBuilder &builder,
                                           SmallVectorImpl<Value> &results,
                                           std::string &whyUnsupported,
                                           ArrayRef<std::pair<StringRef, Value>>
                                               scalarOperands,
                                           llvm::StringSet<> *consumed) {
  const UserMappings &builtin = UserMappings::getBuiltin(op->getContext());
  const UserMapping *mapping = builtin.lookup(op.getName());
  auto it = atenTable().find(op.getName());
  bool composite = isAtenComposite(op.getName());
  if (!mapping && it == atenTable().end() && !composite) {
    whyUnsupported = "no MindSpore primitive mapping";
    return failure();
  }
  if (failed(checkNoHiddenWrites(op, whyUnsupported)))
    return failure();
  if (composite) {
    switch (legalizeAtenComposite(op, operands, builder, results,
                                  whyUnsupported)) {
    case CompositeResult::Legalized:
      return success();
    case CompositeResult::Refused:
      return failure();
    case CompositeResult::NotHandled:
      if (!mapping && it == atenTable().end()) {
        whyUnsupported = "no MindSpore primitive mapping for this form";
        return failure();
      }
      break;
    }
  }
  if (mapping)
    return builtin.apply(*mapping, op, operands, builder, results,
                         &whyUnsupported);
  AtenCall call{op,           operands,       builder, op.getLoc(),
                whyUnsupported, scalarOperands, consumed};
  HandlerNeeds needs = handlerNeeds(op.getName());
  for (StringRef name : needs.tensors)
    if (!call.operand(name))
      return call.unsupported("it has no tensor argument '" + name + "'");
  if (op.getNumResults() < needs.results)
    return call.unsupported("it has " + Twine(op.getNumResults()) +
                            " results, " + Twine(needs.results) +
                            " expected");
  // On failure, what the handler built is dropped (a primitive that refused
  // its operands leaves the ops built before it).
  Block *block = builder.getInsertionBlock();
  InsertionRecorder recorder(builder);
  LogicalResult handled = it->second(call, results);
  recorder.stop();
  if (call.missingResult) {
    whyUnsupported = ("it records " + Twine(op.getNumResults()) +
                      " result(s), but its legalization needs result " +
                      Twine(*call.missingResult) + " as a ranked tensor")
                         .str();
    handled = failure();
  }
  if (call.buildFailed) {
    whyUnsupported = call.buildWhy.empty()
                         ? "an operand of its MindSpore primitive is missing"
                         : call.buildWhy;
    handled = failure();
  }
  // What a handler builds on the user's shapes and dtypes (a result type
  // taken from the recording, a dtype the primitive does not take) must
  // verify: a primitive that does not is refused here, with its verifier's
  // reason, rather than failing the whole program's verification later.
  if (succeeded(handled)) {
    std::string message;
    ScopedDiagnosticHandler capture(builder.getContext(), [&](Diagnostic &d) {
      if (message.empty())
        message = d.str();
      return success();
    });
    for (Operation *o : recorder.inserted)
      if (!isa<ms::ConstantOp>(o) &&
          failed(verify(o, /*verifyRecursively=*/false))) {
        whyUnsupported = message;
        handled = failure();
        break;
      }
  }
  if (succeeded(handled))
    return success();
  results.clear();
  for (Operation *o : llvm::reverse(recorder.inserted))
    if (o->getBlock() == block && o->use_empty())
      o->erase();
  return failure();
}
