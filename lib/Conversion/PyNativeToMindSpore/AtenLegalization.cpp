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
// argument checks and conversions).
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Conversion/PyNativeToMindSpore/UserMappings.h"
#include "CheckedCreate.h"

#include "AtenCall.h"
#include "AtenComposites.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

/// One recorded aten call being legalized: argument access by schema name.
struct AtenCall {
  mutable pynative::RecordedOp op;
  ValueRange operands;
  OpBuilder &b;
  Location loc;
  std::string &why;
  /// Number arguments bound to graph values (see legalizeAtenOp).
  ArrayRef<std::pair<StringRef, Value>> scalarOperands = {};
  llvm::StringSet<> *consumed = nullptr;
  /// Set by make/makeOp when a primitive refuses its operands; `buildWhy`
  /// then says why (see createChecked).
  bool buildFailed = false;
  std::string buildWhy = {};

  /// The tensor operand `name`, or the graph value bound to the number
  /// argument `name` (which then counts as consumed), or null.
  Value operand(StringRef name) const {
    for (auto [i, n] : llvm::enumerate(op.getOperandNames()))
      if (cast<StringAttr>(n).getValue() == name)
        return operands[i];
    for (auto [boundName, value] : scalarOperands)
      if (boundName == name) {
        if (consumed)
          consumed->insert(name);
        return value;
      }
    return {};
  }
  /// Every operand of a tensor-list argument (`Tensor[]`), in order.
  SmallVector<Value> operandList(StringRef name) const {
    SmallVector<Value> values;
    for (auto [i, n] : llvm::enumerate(op.getOperandNames()))
      if (cast<StringAttr>(n).getValue() == name)
        values.push_back(operands[i]);
    return values;
  }
  /// The first list position of a tensor in the tensor-list argument
  /// `name` whose Nones (`"<name>.none"`) all come before or after its
  /// tensors (`x[:, :, i, j]`), or nullopt when a None separates two tensors.
  std::optional<int64_t> leadingNones(StringRef name) const {
    auto nones = dyn_cast_or_null<DenseI64ArrayAttr>(
        op.getArgs().get((name + ".none").str()));
    if (!nones)
      return 0;
    int64_t count = operandList(name).size(), lead = 0;
    for (int64_t position : nones.asArrayRef()) {
      if (position == lead)
        ++lead;
      else if (position < lead + count)
        return std::nullopt;
    }
    return lead;
  }
  Attribute arg(StringRef name) const { return op.getArgs().get(name); }
  bool isNone(StringRef name) const {
    bool isOperand = llvm::any_of(op.getOperandNames(), [&](Attribute n) {
      return cast<StringAttr>(n).getValue() == name;
    });
    return !isOperand && (!arg(name) || isa<UnitAttr>(arg(name)));
  }
  std::optional<int64_t> intArg(StringRef name) const {
    // A BoolAttr is an i1 IntegerAttr whose getInt() reads true as -1.
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue();
    if (auto a = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return a.getInt();
    return std::nullopt;
  }
  std::optional<double> floatArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<FloatAttr>(arg(name)))
      return a.getValueAsDouble();
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue() ? 1.0 : 0.0; // true, not the i1 bits' -1
    if (auto a = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return (double)a.getInt();
    return std::nullopt;
  }
  /// An int list argument; a single int is repeated `rank` times (PyTorch's
  /// `int[2]` accepts both).
  std::optional<SmallVector<int64_t>> intsArg(StringRef name,
                                              size_t rank = 0) const {
    if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(arg(name))) {
      SmallVector<int64_t> v(a.asArrayRef());
      if (rank && v.size() == 1)
        v.assign(rank, v[0]);
      return v;
    }
    if (auto i = intArg(name); i && rank)
      return SmallVector<int64_t>(rank, *i);
    return std::nullopt;
  }
  bool boolArg(StringRef name, bool dflt) const {
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue();
    return dflt;
  }
  LogicalResult unsupported(const Twine &reason) const {
    why = reason.str();
    return failure();
  }
  /// `dim` of a `rank`-D tensor in [0, rank) (PyTorch's negative dims
  /// count from the end); nullopt, with the reason set, when it is out of
  /// range (a trace that is not PyTorch's, or a 0-d tensor).
  std::optional<int64_t> dimIn(int64_t dim, int64_t rank) const {
    int64_t d = dim < 0 ? dim + rank : dim;
    if (d >= 0 && d < rank)
      return d;
    (void)unsupported("dim " + Twine(dim) + " is out of range for a " +
                      Twine(rank) + "-D tensor");
    return std::nullopt;
  }
  /// The recorded type of result `i`; a stand-in type, with `missingResult`
  /// set, when the op does not record it as a ranked tensor (a trace that is
  /// not PyTorch's): legalizeAtenOp then refuses the op.
  RankedTensorType resultType(unsigned i = 0) const {
    return recordedResultType(op, i, missingResult, b);
  }
  mutable std::optional<unsigned> missingResult;
};

using Handler = LogicalResult (*)(AtenCall &, SmallVectorImpl<Value> &);

/// `OpT::create(c.b, c.loc, args...)` for an op whose result types are
/// inferred from shapes of the user's trace: null (and `c.buildFailed`) when
/// the primitive refuses them instead of a fatal error, see createChecked.
/// A handler may go on with the null value; legalizeAtenOp then reports the
/// primitive's reason and drops what the handler built.
template <typename OpT, typename... Args>
OpT makeOp(AtenCall &c, Args &&...args) {
  OpT op = createChecked<OpT>(c.b, c.loc, c.buildWhy,
                              std::forward<Args>(args)...);
  if (!op)
    c.buildFailed = true;
  return op;
}

/// makeOp for a one-result op: its result, or null.
template <typename OpT, typename... Args>
Value make(AtenCall &c, Args &&...args) {
  OpT op = makeOp<OpT>(c, std::forward<Args>(args)...);
  return op ? op->getResult(0) : Value();
}

/// A constant of `type` whose every element is `value`.
Value splatConstant(AtenCall &c, double value, RankedTensorType type) {
  return buildSplatConstant(c.b, c.loc, type, value);
}

/// A 0-d constant of `value` with element type `elementType`.
Value scalarConstant(AtenCall &c, double value, Type elementType) {
  return splatConstant(c, value, RankedTensorType::get({}, elementType));
}

/// `v` with element type `elementType`: a constant operand (e.g. a Python
/// scalar that torch wrapped as a float64 0-d tensor) is re-typed; a 0-d value
/// of the same kind (float or integer) is Cast, as PyTorch's type promotion
/// lets a dimensioned operand decide within a kind; any other mismatch fails.
FailureOr<Value> withElementType(AtenCall &c, Value v, Type elementType) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() == elementType)
    return v;
  auto cst = v.getDefiningOp<ms::ConstantOp>();
  auto dense = cst ? dyn_cast<DenseElementsAttr>(cst.getValue()) : nullptr;
  if (!cst && type.getRank() == 0 &&
      isa<FloatType>(type.getElementType()) == isa<FloatType>(elementType) &&
      !type.getElementType().isInteger(1) && !elementType.isInteger(1))
    return Value(ms::CastOp::create(
        c.b, c.loc, RankedTensorType::get({}, elementType), v));
  if (!dense || !dense.isSplat()) {
    (void)c.unsupported("operands of different element types need a Cast");
    return failure();
  }
  // An i1 true is 1 (its sign-extended bits would read -1).
  double value =
      isa<FloatType>(type.getElementType())
          ? dense.getSplatValue<APFloat>().convertToDouble()
      : type.getElementType().isInteger(1)
          ? (double)dense.getSplatValue<APInt>().getZExtValue()
          : (double)dense.getSplatValue<APInt>().getSExtValue();
  Value scalar = scalarConstant(c, value, elementType);
  if (type.getRank() == 0)
    return scalar;
  auto newType = RankedTensorType::get(type.getShape(), elementType);
  return Value(ms::ConstantOp::create(
      c.b, c.loc,
      DenseElementsAttr::get(newType,
                             cast<DenseElementsAttr>(
                                 scalar.getDefiningOp<ms::ConstantOp>()
                                     .getValue())
                                 .getSplatValue<Attribute>())));
}

/// The `other` operand of a binary op: a tensor, or a Python number argument.
/// The number-or-tensor argument `name` with element type `elementType`: a
/// tensor operand (or a graph value bound to a read number) retyped by
/// withElementType, or a Python number argument as a 0-d constant. A null
/// value when the call has neither (the argument is None or absent); failure,
/// with the reason set, when a tensor cannot be retyped.
FailureOr<Value> numberOperand(AtenCall &c, StringRef name, Type elementType) {
  if (Value v = c.operand(name))
    return withElementType(c, v, elementType);
  if (std::optional<double> s = c.floatArg(name))
    return scalarConstant(c, *s, elementType);
  return Value();
}

/// numberOperand for an argument the op cannot do without; `missing` is the
/// reason reported when it is absent.
FailureOr<Value> requiredNumberOperand(AtenCall &c, StringRef name,
                                       Type elementType,
                                       StringRef missing) {
  FailureOr<Value> v = numberOperand(c, name, elementType);
  if (succeeded(v) && !*v) {
    (void)c.unsupported(missing);
    return failure();
  }
  return v;
}

FailureOr<Value> otherOperand(AtenCall &c, Type elementType) {
  return requiredNumberOperand(
      c, "other", elementType,
      "the 'other' argument is neither a tensor nor a number");
}

/// `v` converted to `elementType` as PyTorch's type promotion converts an
/// operand before computing (a Cast unless it already has it).
Value promotedTo(AtenCall &c, Value v, Type elementType) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() == elementType)
    return v;
  return ms::CastOp::create(
      c.b, c.loc, RankedTensorType::get(type.getShape(), elementType), v);
}

/// The element type PyTorch computes `self <op> other` in (torch's
/// result_type): a float `other` (tensor or Python float) lifts an integer or
/// bool `self` to its float type (float32 for a Python float), a Python int or
/// an integer tensor lifts a bool `self` to int64 (or the tensor's type).
/// Within a kind, `self` (the dimensioned operand) decides.
Type promotedElementType(AtenCall &c, StringRef otherName = "other") {
  Type self =
      cast<RankedTensorType>(c.operand("self").getType()).getElementType();
  if (isa<FloatType>(self))
    return self;
  Type other;
  if (Value v = c.operand(otherName)) {
    if (!v.getDefiningOp<ms::ConstantOp>() ||
        cast<RankedTensorType>(v.getType()).getRank() > 0)
      other = cast<RankedTensorType>(v.getType()).getElementType();
    else if (isa<FloatType>(
                 cast<RankedTensorType>(v.getType()).getElementType()))
      other = c.b.getF32Type(); // a Python float wrapped by torch
  } else if (isa_and_nonnull<FloatAttr>(c.arg(otherName))) {
    other = c.b.getF32Type();
  } else if (isa_and_nonnull<IntegerAttr>(c.arg(otherName)) &&
             !isa<BoolAttr>(c.arg(otherName))) {
    other = c.b.getI64Type();
  }
  if (!other)
    return self;
  if (isa<FloatType>(other))
    return other;
  if (self.isInteger(1) && !other.isInteger(1))
    return other;
  return self;
}

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

LogicalResult reshapeToResult(AtenCall &c, SmallVectorImpl<Value> &results) {
  // PyTorch emits _reshape_alias(self, size, stride) only from `reshape` when
  // `self` can be viewed as `size`; `stride` is then computed from self's own
  // (possibly non-contiguous, e.g. transposed) strides, so the values are
  // those of a reshape whatever the strides are. PyTorch has no negative
  // strides: such an alias was not made by PyTorch.
  if (auto stride = c.intsArg("stride")) {
    if (stride->size() != c.resultType().getShape().size())
      return c.unsupported("an alias whose strides do not match its size");
    if (llvm::any_of(*stride, [](int64_t s) { return s < 0; }))
      return c.unsupported("an alias with negative strides is not a reshape");
  }
  results.push_back(make<ms::ReshapeOp>(c, c.operand("self"),
                                          c.resultType().getShape()));
  return success();
}

/// convolution(transposed=true), NCHW: Conv2DTranspose with the groups (+
/// BiasAdd). The weight is [C_in, C_out / groups, KH, KW] in both
/// frameworks.
LogicalResult convolutionTransposed(AtenCall &c, Value x, Value w,
                                    SmallVectorImpl<Value> &results) {
  if (cast<RankedTensorType>(x.getType()).getRank() != 4)
    return c.unsupported("only 1-D (NCL) and 2-D (NCHW) transposed "
                         "convolution is legalized");
  auto stride = c.intsArg("stride", 2), dilation = c.intsArg("dilation", 2);
  auto padding = c.intsArg("padding", 2);
  auto outputPadding = c.intsArg("output_padding", 2);
  auto groups = c.intArg("groups");
  if (!stride || !dilation || !padding || !outputPadding || !groups)
    return c.unsupported("missing stride, padding, dilation, output_padding "
                         "or groups");
  SmallVector<int64_t> pad = {(*padding)[0], (*padding)[0], (*padding)[1],
                              (*padding)[1]};
  Value result = make<ms::Conv2DTransposeOp>(c, x, w, *stride, *dilation, pad, *outputPadding, *groups);
  if (Value bias = c.operand("bias"))
    result = make<ms::BiasAddOp>(c, result, bias);
  if (!result)
    return failure();
  if (cast<RankedTensorType>(result.getType()) != c.resultType())
    return c.unsupported("the computed output type differs from the recorded "
                         "one");
  results.push_back(result);
  return success();
}

/// A 1-D convolution (input [N, C, L], weight [O, C / groups, K], or
/// [C, O / groups, K] transposed) as the 2-D one on a height of 1: input
/// [N, C, 1, L], weight [.., .., 1, K], stride/dilation/padding (1, s), (1, d),
/// (0, p); the result [N, O, 1, L'] is reshaped to the recorded [N, O, L'].
LogicalResult convolution1d(AtenCall &c, Value x, Value w, bool transposed,
                            SmallVectorImpl<Value> &results) {
  auto stride = c.intsArg("stride", 1), dilation = c.intsArg("dilation", 1);
  auto padding = c.intsArg("padding", 1);
  auto groups = c.intArg("groups");
  if (!stride || !dilation || !padding || !groups || stride->size() != 1 ||
      dilation->size() != 1 || padding->size() != 1)
    return c.unsupported("missing stride, padding, dilation or groups of a "
                         "1-D convolution");
  auto height1 = [&](Value v) {
    ArrayRef<int64_t> s = cast<RankedTensorType>(v.getType()).getShape();
    return make<ms::ReshapeOp>(c, v, ArrayRef<int64_t>{s[0], s[1], 1, s[2]});
  };
  Value x4 = height1(x), w4 = height1(w);
  SmallVector<int64_t> stride2{1, (*stride)[0]}, dilation2{1, (*dilation)[0]};
  SmallVector<int64_t> pad{0, 0, (*padding)[0], (*padding)[0]};
  Value result;
  if (transposed) {
    auto outputPadding = c.intsArg("output_padding", 1);
    if (!outputPadding || outputPadding->size() != 1)
      return c.unsupported("missing output_padding");
    result = make<ms::Conv2DTransposeOp>(c, x4, w4, stride2, dilation2, pad,
                                         SmallVector<int64_t>{0, (*outputPadding)[0]},
                                         *groups);
  } else {
    result = make<ms::Conv2DOp>(c, x4, w4, stride2, dilation2, pad,
                                StringRef("pad"), *groups);
  }
  if (result)
    if (Value bias = c.operand("bias"))
      result = make<ms::BiasAddOp>(c, result, bias);
  if (!result)
    return failure();
  RankedTensorType want = c.resultType();
  auto got = cast<RankedTensorType>(result.getType()).getShape();
  if (got.size() != 4 || got[2] != 1 || want.getRank() != 3 ||
      got[0] != want.getDimSize(0) || got[1] != want.getDimSize(1) ||
      got[3] != want.getDimSize(2))
    return c.unsupported("the computed output type differs from the recorded "
                         "one");
  results.push_back(make<ms::ReshapeOp>(c, result, want.getShape()));
  return success();
}

LogicalResult convolution(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("input"), w = c.operand("weight");
  if (!x || !w)
    return c.unsupported("missing input or weight");
  if (cast<RankedTensorType>(x.getType()).getRank() == 3 &&
      cast<RankedTensorType>(w.getType()).getRank() == 3 &&
      c.intsArg("padding", 1))
    return convolution1d(c, x, w, c.boolArg("transposed", false), results);
  if (c.boolArg("transposed", false))
    return convolutionTransposed(c, x, w, results);
  auto xType = cast<RankedTensorType>(x.getType());
  if (xType.getRank() != 4)
    return c.unsupported("only 1-D (NCL) and 2-D (NCHW) convolution is legalized");
  auto stride = c.intsArg("stride", 2), dilation = c.intsArg("dilation", 2);
  auto groups = c.intArg("groups");
  if (!stride || !dilation || !groups)
    return c.unsupported("missing stride, dilation or groups");
  SmallVector<int64_t> pad;
  StringRef padMode = "pad";
  if (auto padding = c.intsArg("padding", 2)) {
    pad = {(*padding)[0], (*padding)[0], (*padding)[1], (*padding)[1]};
  } else if (auto s = dyn_cast_or_null<StringAttr>(c.arg("padding"))) {
    // F.conv2d(padding='same'|'valid') reaches aten.convolution with numbers;
    // a string here comes from the function level: compute the same pads.
    auto wType = cast<RankedTensorType>(w.getType());
    pad.assign(4, 0);
    if (s.getValue() == "same") {
      padMode = "same";
      for (int d = 0; d < 2; ++d) {
        int64_t total = (*dilation)[d] * (wType.getDimSize(2 + d) - 1);
        pad[2 * d] = total / 2;
        pad[2 * d + 1] = total - total / 2;
      }
    } else {
      padMode = "valid";
    }
  } else {
    return c.unsupported("missing padding");
  }
  // PyTorch 'same' with an even kernel records a constant_pad_nd of the extra
  // bottom/right row before the convolution: fold a zero pad of the spatial
  // dimensions into the convolution's own (asymmetric) pad.
  auto padOp = x.getDefiningOp<ms::PadOp>();
  bool foldedPad = false;
  if (padOp && padOp.getValue().isZero()) {
    ArrayRef<int64_t> p = padOp.getPaddings();
    if (p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 0) {
      for (int i = 0; i < 4; ++i)
        pad[i] += p[4 + i];
      x = padOp.getInput();
      foldedPad = true;
      if (padMode == "valid")
        padMode = "pad";
    }
  }
  if (foldedPad) {
    // MindSpore's pad_mode "same" pads (out - 1) * stride + span - in, the
    // smaller half on top/left: name it when that is what the numbers are.
    auto xShape = cast<RankedTensorType>(x.getType()).getShape();
    auto wShape = cast<RankedTensorType>(w.getType()).getShape();
    bool same = true;
    for (int d = 0; d < 2; ++d) {
      int64_t in = xShape[2 + d], s = (*stride)[d];
      int64_t span = (*dilation)[d] * (wShape[2 + d] - 1) + 1;
      int64_t out = (in + s - 1) / s;
      int64_t needed = std::max<int64_t>(0, (out - 1) * s + span - in);
      same &= pad[2 * d] == needed / 2 &&
              pad[2 * d + 1] == needed - needed / 2;
    }
    padMode = same ? "same" : "pad";
  }
  Value result = make<ms::Conv2DOp>(c, x, w, *stride, *dilation,
                                      pad, padMode, *groups);
  // The pad was only there for this convolution: drop it.
  Value recordedInput = c.op->getOperand(0);
  if (foldedPad && recordedInput.hasOneUse() && padOp->use_empty())
    padOp->erase();
  // PyTorch 'same' with an even kernel pads one more at the bottom/right; the
  // recorder then shows a padded input, which is already explicit here.
  if (Value bias = c.operand("bias"))
    result = make<ms::BiasAddOp>(c, result, bias);
  if (!result)
    return failure();
  if (cast<RankedTensorType>(result.getType()) != c.resultType())
    return c.unsupported("the computed output type differs from the recorded "
                         "one");
  results.push_back(result);
  return success();
}

LogicalResult batchNorm(AtenCall &c, SmallVectorImpl<Value> &results) {
  if (c.boolArg("training", false))
    return c.unsupported("training-mode batch norm (batch statistics, running "
                         "stat updates) is not legalized yet");
  Value x = c.operand("input"), w = c.operand("weight"), b = c.operand("bias");
  Value mean = c.operand("running_mean"), var = c.operand("running_var");
  std::optional<double> eps = c.floatArg("eps");
  if (!x || !w || !b || !mean || !var || !eps)
    return c.unsupported("needs weight, bias, running_mean, running_var, eps "
                         "(affine=False and track_running_stats=False are not "
                         "legalized yet)");
  results.push_back(make<ms::BatchNormOp>(c, x, w, b, mean, var, c.b.getF32FloatAttr(*eps)));
  return success();
}

LogicalResult maxPool(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto k = c.intsArg("kernel_size", 2);
  auto s = c.intsArg("stride", 2);
  if (!s || s->empty())
    s = k;
  auto p = c.intsArg("padding", 2);
  auto d = c.intsArg("dilation", 2);
  if (!k || !p)
    return c.unsupported("missing kernel_size or padding");
  if (d && ((*d)[0] != 1 || (*d)[1] != 1))
    return c.unsupported("dilated max pooling is not legalized yet");
  SmallVector<int64_t> pad = {(*p)[0], (*p)[0], (*p)[1], (*p)[1]};
  Value r = make<ms::MaxPoolOp>(c, c.operand("self"), *k, *s, pad,
                                  c.boolArg("ceil_mode", false));
  results.push_back(r);
  return success();
}

/// aten.avg_pool2d(self, kernel_size, stride=[], padding=0, ceil_mode=False,
/// count_include_pad=True, divisor_override=None): mindspore.avg_pool with
/// the same arguments (an empty stride is the kernel size).
LogicalResult avgPool(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto k = c.intsArg("kernel_size", 2);
  if (!k)
    return c.unsupported("missing kernel_size");
  auto s = c.intsArg("stride", 2);
  if (!s || s->empty())
    s = k;
  auto p = c.intsArg("padding", 2);
  if (!p)
    p = SmallVector<int64_t>{0, 0};
  Value x = c.operand("self");
  if (cast<RankedTensorType>(x.getType()).getRank() != 4)
    return c.unsupported("avg_pool2d of an unbatched (3-D CHW) input is not "
                         "legalized yet (add the batch dimension)");
  if (k->size() != 2 || s->size() != 2 || p->size() != 2)
    return c.unsupported("avg_pool2d expects 2 kernel sizes, strides and "
                         "paddings");
  IntegerAttr divisor;
  if (!c.isNone("divisor_override")) {
    std::optional<int64_t> d = c.intArg("divisor_override");
    if (!d || *d <= 0)
      return c.unsupported("avg_pool2d divisor_override must be a positive "
                           "integer");
    divisor = c.b.getI64IntegerAttr(*d);
  }
  for (int i = 0; i < 2; ++i)
    if ((*p)[i] < 0 || (*p)[i] * 2 > (*k)[i])
      return c.unsupported("avg_pool2d padding must be at most half the "
                           "kernel size");
  SmallVector<int64_t> pad = {(*p)[0], (*p)[0], (*p)[1], (*p)[1]};
  bool padded = (*p)[0] != 0 || (*p)[1] != 0;
  auto pool = ms::AvgPoolOp::create(
      c.b, c.loc, c.resultType(), x, c.b.getDenseI64ArrayAttr(*k),
      c.b.getDenseI64ArrayAttr(*s),
      padded ? c.b.getDenseI64ArrayAttr(pad) : DenseI64ArrayAttr(),
      c.b.getBoolAttr(c.boolArg("ceil_mode", false)),
      c.b.getBoolAttr(c.boolArg("count_include_pad", true)), divisor);
  results.push_back(pool);
  return success();
}

LogicalResult adaptiveAvgPool(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto out = c.intsArg("output_size", 2);
  if (!out)
    return c.unsupported("missing output_size");
  results.push_back(
      make<ms::AdaptiveAvgPool2DOp>(c, c.operand("self"), *out));
  return success();
}

LogicalResult addmm(AtenCall &c, SmallVectorImpl<Value> &results) {
  if (c.floatArg("beta").value_or(1) != 1 ||
      c.floatArg("alpha").value_or(1) != 1)
    return c.unsupported("beta/alpha other than 1");
  Value mm = make<ms::MatMulOp>(c, c.operand("mat1"),
                                  c.operand("mat2"), false, false);
  Value bias = c.operand("self");
  auto biasType = cast<RankedTensorType>(bias.getType());
  if (biasType.getRank() == 1)
    results.push_back(make<ms::BiasAddOp>(c, mm, bias));
  else
    results.push_back(make<ms::AddOp>(c, mm, bias));
  return success();
}

LogicalResult mm(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(make<ms::MatMulOp>(c, c.operand("self"),
                                         c.operand("mat2"), false, false));
  return success();
}

/// index_put(_)(self, indices, values, accumulate) with integer index tensors
/// for the dimensions `first ..` (`x[i] = v`, `x[i, j] += v`, `x[:, i] = v`
/// for first = 1): the index tensors broadcast to one batch shape B and stack
/// into rows [B..., k] (negative indices wrapped), the values broadcast to
/// self.shape[:first] + B + self.shape[first+k:], then TensorScatterUpdate
/// (accumulate=False) or TensorScatterAdd. With first > 0 the indexed
/// dimensions are transposed to the front and back.
LogicalResult indexPutIntegers(AtenCall &c, Value self, Value values,
                               ArrayRef<Value> indices, int64_t first,
                               SmallVectorImpl<Value> &results) {
  auto type = cast<RankedTensorType>(self.getType());
  int64_t k = indices.size(), rank = type.getRank();
  if (first + k > rank)
    return c.unsupported("more index tensors than the tensor has dimensions");
  // The batch shape: the index shapes broadcast together.
  SmallVector<int64_t> batch;
  for (Value index : indices) {
    SmallVector<int64_t> joined;
    if (failed(ms::inferBroadcastShape(
            batch, cast<RankedTensorType>(index.getType()).getShape(), joined)))
      return c.unsupported("the index tensors do not broadcast together");
    batch = joined;
  }
  Type i64 = c.b.getI64Type();
  SmallVector<Value> columns;
  for (auto [d, indexOperand] : llvm::enumerate(indices)) {
    Value index = indexOperand;
    auto indexType = cast<RankedTensorType>(index.getType());
    if (indexType.getElementType() != i64)
      index = ms::CastOp::create(c.b, c.loc, indexType.clone(i64), index);
    if (indexType.getShape() != ArrayRef<int64_t>(batch))
      index = make<ms::BroadcastToOp>(c, index, batch);
    // PyTorch's negative index counts from the end.
    Value negative =
        make<ms::LessOp>(c, index, scalarConstant(c, 0, i64));
    Value wrapped = make<ms::AddOp>(c, index,
        scalarConstant(c, (double)type.getDimSize(first + d), i64));
    index = make<ms::SelectOp>(c, negative, wrapped, index);
    columns.push_back(
        make<ms::ExpandDimsOp>(c, index, (int64_t)batch.size()));
  }
  Value rows = columns.size() == 1
                   ? columns.front()
                   : Value(make<ms::ConcatOp>(c, columns,
                                                (int64_t)batch.size()));
  FailureOr<Value> v = withElementType(c, values, type.getElementType());
  if (failed(v))
    return failure();
  SmallVector<int64_t> updateShape(type.getShape().take_front(first));
  llvm::append_range(updateShape, batch);
  llvm::append_range(updateShape, type.getShape().drop_front(first + k));
  Value updates = *v;
  if (cast<RankedTensorType>(updates.getType()).getShape() !=
      ArrayRef<int64_t>(updateShape)) {
    SmallVector<int64_t> joined;
    if (failed(ms::inferBroadcastShape(
            cast<RankedTensorType>(updates.getType()).getShape(), updateShape,
            joined)) ||
        joined != updateShape) {
      std::string shapeText;
      llvm::raw_string_ostream os(shapeText);
      llvm::interleave(updateShape, os, "x");
      return c.unsupported("the values do not broadcast to the indexed "
                           "shape " +
                           shapeText);
    }
    updates = make<ms::BroadcastToOp>(c, updates, updateShape);
  }
  // The indexed dimensions (and the batch dimensions of the values) first.
  SmallVector<int64_t> selfPerm, updatesPerm, inverse(rank);
  int64_t b = batch.size();
  auto moveToFront = [](int64_t from, int64_t count, int64_t size,
                        SmallVectorImpl<int64_t> &perm) {
    llvm::append_range(perm, llvm::seq(from, from + count));
    llvm::append_range(perm, llvm::seq<int64_t>(0, from));
    llvm::append_range(perm, llvm::seq(from + count, size));
  };
  moveToFront(first, k, rank, selfPerm);
  moveToFront(first, b, (int64_t)updateShape.size(), updatesPerm);
  for (auto [i, d] : llvm::enumerate(selfPerm))
    inverse[d] = i;
  Value target = self;
  if (first > 0) {
    target = make<ms::TransposeOp>(c, self, selfPerm);
    updates = make<ms::TransposeOp>(c, updates, updatesPerm);
  }
  Value result;
  if (c.boolArg("accumulate", false))
    result = make<ms::TensorScatterAddOp>(c, target, rows, updates);
  else
    result =
        make<ms::TensorScatterUpdateOp>(c, target, rows, updates);
  if (first > 0)
    result = make<ms::TransposeOp>(c, result, inverse);
  results.push_back(result);
  return success();
}

/// index_put(_)(self, indices, values, accumulate): integer index tensors
/// (see indexPutIntegers), or one boolean mask of self's shape (`x[mask] =
/// v`, `x[mask] += v`): the masked elements become (or gain) the broadcast
/// values.
LogicalResult indexPut(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), values = c.operand("values");
  SmallVector<Value> indices = c.operandList("indices");
  auto type = cast<RankedTensorType>(self.getType());
  if (!indices.empty() && llvm::all_of(indices, [](Value index) {
        Type t = cast<RankedTensorType>(index.getType()).getElementType();
        return t.isInteger(32) || t.isInteger(64);
      })) {
    std::optional<int64_t> first = c.leadingNones("indices");
    if (!first)
      return c.unsupported("index tensors separated by a full slice "
                           "(x[i, :, j]) are not legalized yet");
    return indexPutIntegers(c, self, values, indices, *first, results);
  }
  if (c.arg("indices.none"))
    return c.unsupported("a boolean mask next to full slices is not "
                         "legalized yet");
  if (indices.size() != 1 ||
      cast<RankedTensorType>(indices[0].getType()) !=
          RankedTensorType::get(type.getShape(), c.b.getI1Type()))
    return c.unsupported("only a write through integer index tensors or one "
                         "boolean mask of the tensor's shape is legalized "
                         "yet");
  FailureOr<Value> v = withElementType(c, values, type.getElementType());
  if (failed(v))
    return failure();
  Value newValues = *v;
  if (c.boolArg("accumulate", false))
    newValues = make<ms::AddOp>(c, self, newValues);
  else if (cast<RankedTensorType>(newValues.getType()).getNumElements() !=
           1)
    return c.unsupported("a masked write of several values (values are "
                         "taken in mask order) is not legalized yet");
  results.push_back(
      make<ms::SelectOp>(c, indices[0], newValues, self));
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

LogicalResult bmm(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(make<ms::BatchMatMulOp>(c, c.operand("self"), c.operand("mat2"), false, false));
  return success();
}

LogicalResult transpose2d(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  if (rank < 2) {
    results.push_back(self);
    return success();
  }
  results.push_back(
      make<ms::TransposeOp>(c, self, ArrayRef<int64_t>{1, 0}));
  return success();
}

LogicalResult transposeDims(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  auto d0 = c.intArg("dim0"), d1 = c.intArg("dim1");
  if (!d0 || !d1)
    return c.unsupported("missing dim0/dim1");
  if (rank == 0 && (*d0 == 0 || *d0 == -1) && (*d1 == 0 || *d1 == -1)) {
    results.push_back(self); // PyTorch's transpose of a 0-d tensor
    return success();
  }
  std::optional<int64_t> i0 = c.dimIn(*d0, rank), i1 = c.dimIn(*d1, rank);
  if (!i0 || !i1)
    return failure();
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(perm[*i0], perm[*i1]);
  results.push_back(make<ms::TransposeOp>(c, self, perm));
  return success();
}

LogicalResult permute(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  auto dims = c.intsArg("dims");
  if (!dims)
    return c.unsupported("missing dims");
  if ((int64_t)dims->size() != rank)
    return c.unsupported("permute of a " + Twine(rank) + "-D tensor with " +
                         Twine(dims->size()) + " dims");
  for (int64_t &d : *dims) {
    std::optional<int64_t> i = c.dimIn(d, rank);
    if (!i)
      return failure();
    d = *i;
  }
  results.push_back(make<ms::TransposeOp>(c, self, *dims));
  return success();
}

LogicalResult softmax(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto dim = c.intArg("dim");
  if (!dim)
    return c.unsupported("missing dim");
  if (c.boolArg("half_to_float", false))
    return c.unsupported("half_to_float softmax is not legalized yet");
  results.push_back(make<ms::SoftmaxOp>(c, c.operand("self"), *dim));
  return success();
}

LogicalResult all(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(make<ms::ReduceAllOp>(c, c.operand("self")));
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
  if (!isa<FloatType>(resultElement)) {
    // ReduceSum takes floats: a count of bools (`(x > 0).sum()`) is summed
    // in float32, exact below 2^24 elements, and Cast back.
    if (!selfType.getElementType().isInteger(1))
      return c.unsupported("a sum of integer tensors (ReduceSum takes floats; "
                           "only sums of bools are legalized)");
    if (selfType.getNumElements() >= (int64_t(1) << 24))
      return c.unsupported(
          "a sum of 2^24 or more bools (not exact in float32)");
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

/// `dim` in [0, rank) (PyTorch's negative dims count from the end).
int64_t normalizeDim(int64_t dim, int64_t rank) {
  return dim < 0 ? dim + rank : dim;
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

/// `v` as a boolean tensor (PyTorch's truth: != 0).
Value asBool(AtenCall &c, Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType().isInteger(1))
    return v;
  return ms::CastOp::create(c.b, c.loc, type.clone(c.b.getI1Type()), v);
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

LogicalResult logSoftmax(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto dim = c.intArg("dim");
  if (!dim)
    return c.unsupported("missing dim");
  if (c.boolArg("half_to_float", false) || !c.isNone("dtype"))
    return c.unsupported("log_softmax with a dtype change is not legalized "
                         "yet");
  results.push_back(
      make<ms::LogSoftmaxOp>(c, c.operand("self"), *dim));
  return success();
}

LogicalResult layerNorm(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("input");
  auto shape = c.intsArg("normalized_shape");
  std::optional<double> eps = c.floatArg("eps");
  if (!x || !shape || !eps)
    return c.unsupported("missing input, normalized_shape or eps");
  auto type = cast<RankedTensorType>(x.getType());
  int64_t begin = type.getRank() - (int64_t)shape->size();
  auto paramType = RankedTensorType::get(*shape, type.getElementType());
  auto constantParam = [&](double v) {
    return splatConstant(c, v, paramType);
  };
  Value gamma = c.operand("weight"), beta = c.operand("bias");
  if (!gamma)
    gamma = constantParam(1.0);
  if (!beta)
    beta = constantParam(0.0);
  results.push_back(make<ms::LayerNormOp>(c, x, gamma, beta,
                                            c.b.getI64IntegerAttr(begin),
                                            c.b.getI64IntegerAttr(begin),
                                            c.b.getF32FloatAttr(*eps)));
  // Mean and rstd (used by autograd only): no MindSpore equivalent here.
  results.append(c.op.getNumResults() - 1, Value());
  return success();
}

/// max() over everything and amax(dim, keepdim).
LogicalResult reduceMax(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!isa<FloatType>(elementTypeOf(self)))
    return c.unsupported("integer max is not legalized yet");
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim", 1))
    axis = *dims;
  results.push_back(make<ms::ReduceMaxOp>(c, self, axis,
                                            c.boolArg("keepdim", false)));
  return success();
}

/// ArgMaxWithValue's `index_type` for indices of `type` (absent for i64).
TypeAttr indexTypeAttr(AtenCall &c, Type type) {
  return type.isInteger(64) ? TypeAttr() : TypeAttr::get(type);
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

LogicalResult constantPad(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto pad = c.intsArg("pad");
  if (!pad || pad->size() % 2 || (int64_t)pad->size() > 2 * rankOf(self))
    return c.unsupported("expects two pads per padded dimension");
  if (llvm::any_of(*pad, [](int64_t p) { return p < 0; }))
    return c.unsupported("negative padding (cropping) is not legalized yet");
  int64_t rank = rankOf(self);
  // PyTorch lists (before, after) pairs from the last dimension backwards.
  SmallVector<int64_t> paddings(2 * rank, 0);
  for (size_t i = 0; i < pad->size() / 2; ++i) {
    int64_t d = rank - 1 - i;
    paddings[2 * d] = (*pad)[2 * i];
    paddings[2 * d + 1] = (*pad)[2 * i + 1];
  }
  double value = c.floatArg("value").value_or(0.0);
  results.push_back(make<ms::PadOp>(c, self,
                                      c.b.getDenseI64ArrayAttr(paddings),
                                      c.b.getF64FloatAttr(value)));
  return success();
}

LogicalResult slice(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank();
  std::optional<int64_t> checkedDim = c.dimIn(c.intArg("dim").value_or(0), rank);
  if (!checkedDim)
    return failure();
  int64_t dim = *checkedDim;
  int64_t size = type.getDimSize(dim);
  int64_t step = c.intArg("step").value_or(1);
  if (step < 1)
    return c.unsupported("slice step must be positive");
  auto bound = [&](StringRef name, int64_t dflt) {
    int64_t v = c.intArg(name).value_or(dflt);
    if (v < 0)
      v += size;
    return std::clamp<int64_t>(v, 0, size);
  };
  int64_t start = bound("start", 0);
  int64_t end = std::max(start, bound("end", size));
  if (start == 0 && end == size && step == 1) {
    results.push_back(self);
    return success();
  }
  SmallVector<int64_t> begin(rank, 0), stop(type.getShape()), strides(rank, 1);
  begin[dim] = start;
  stop[dim] = end;
  strides[dim] = step;
  results.push_back(
      make<ms::StridedSliceOp>(c, self, begin, stop, strides));
  return success();
}

/// select(dim, index): Gather with a 0-d index drops the dimension.
LogicalResult selectInt(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  std::optional<int64_t> checkedDim =
      c.dimIn(c.intArg("dim").value_or(0), type.getRank());
  if (!checkedDim)
    return failure();
  int64_t dim = *checkedDim;
  int64_t index = c.intArg("index").value_or(0);
  if (index < 0)
    index += type.getDimSize(dim);
  if (index < 0 || index >= type.getDimSize(dim))
    return c.unsupported("index " + Twine(c.intArg("index").value_or(0)) +
                         " is out of range for dim " + Twine(dim) +
                         " of size " + Twine(type.getDimSize(dim)));
  Value idx = scalarConstant(c, (double)index, c.b.getI64Type());
  results.push_back(make<ms::GatherOp>(c, self, idx, dim));
  return success();
}

/// x[idx] (x[:, idx] after full slices) with one integer index tensor:
/// Gather along the indexed dimension.
LogicalResult indexTensor(AtenCall &c, SmallVectorImpl<Value> &results) {
  SmallVector<Value> indices = c.operandList("indices");
  if (indices.size() != 1)
    return c.unsupported("advanced indexing with " + Twine(indices.size()) +
                         " index tensors is not legalized yet");
  Type t = elementTypeOf(indices[0]);
  if (!t.isInteger(64) && !t.isInteger(32))
    return c.unsupported("indexing with a boolean mask is not legalized yet");
  std::optional<int64_t> axis = c.leadingNones("indices");
  results.push_back(make<ms::GatherOp>(c, c.operand("self"),
                                         indices[0], axis.value_or(0)));
  return success();
}

LogicalResult indexSelect(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index");
  int64_t dim = normalizeDim(c.intArg("dim").value_or(0), rankOf(self));
  results.push_back(make<ms::GatherOp>(c, self, index, dim));
  return success();
}

LogicalResult embedding(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(make<ms::GatherOp>(c, c.operand("weight"),
                                         c.operand("indices"), 0));
  return success();
}

LogicalResult flip(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto dims = c.intsArg("dims", 1);
  if (!dims)
    return c.unsupported("missing dims");
  for (int64_t &d : *dims)
    d = normalizeDim(d, rankOf(self));
  results.push_back(make<ms::ReverseV2Op>(c, self, *dims));
  return success();
}

LogicalResult unsqueeze(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto dim = c.intArg("dim");
  if (!dim)
    return c.unsupported("missing dim");
  results.push_back(
      make<ms::ExpandDimsOp>(c, c.operand("self"), *dim));
  return success();
}

/// squeeze(), squeeze(dim), squeeze(dims): a listed dim whose size is not 1
/// stays (PyTorch's rule).
LogicalResult squeeze(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim", 1)) {
    for (int64_t d : *dims) {
      std::optional<int64_t> i = c.dimIn(d, std::max<int64_t>(type.getRank(), 1));
      if (!i)
        return failure();
      d = *i;
      if (type.getRank() > 0 && type.getDimSize(d) == 1)
        axis.push_back(d);
    }
    if (axis.empty()) {
      results.push_back(self);
      return success();
    }
  } else if (llvm::none_of(type.getShape(),
                           [](int64_t d) { return d == 1; })) {
    results.push_back(self);
    return success();
  }
  results.push_back(make<ms::SqueezeOp>(c, self, axis));
  return success();
}

LogicalResult cat(AtenCall &c, SmallVectorImpl<Value> &results) {
  SmallVector<Value> tensors = c.operandList("tensors");
  if (tensors.empty())
    return c.unsupported("no tensors");
  Type t = c.resultType().getElementType();
  for (Value &v : tensors) {
    FailureOr<Value> typed = withElementType(c, v, t);
    if (failed(typed))
      return failure();
    v = *typed;
  }
  int64_t dim = c.intArg("dim").value_or(0);
  results.push_back(make<ms::ConcatOp>(c, tensors, dim));
  return success();
}

/// stack = ExpandDims of each input, then Concat.
LogicalResult stack(AtenCall &c, SmallVectorImpl<Value> &results) {
  SmallVector<Value> tensors = c.operandList("tensors");
  if (tensors.empty())
    return c.unsupported("no tensors");
  int64_t dim = normalizeDim(c.intArg("dim").value_or(0),
                             rankOf(tensors.front()) + 1);
  for (Value &v : tensors)
    v = make<ms::ExpandDimsOp>(c, v, dim);
  results.push_back(make<ms::ConcatOp>(c, tensors, dim));
  return success();
}

/// split.Tensor / split_with_sizes / chunk: Split when the pieces are equal
/// and cover the dimension, one StridedSlice per piece otherwise.
LogicalResult split(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank();
  std::optional<int64_t> checkedDim = c.dimIn(c.intArg("dim").value_or(0), rank);
  if (!checkedDim)
    return failure();
  int64_t dim = *checkedDim;
  unsigned count = c.op.getNumResults();
  for (unsigned i = 0; i < count; ++i)
    if (c.resultType(i).getRank() != rank)
      return c.unsupported("result " + Twine(i) + " is not " + Twine(rank) +
                           "-D like the input");
  if (count == 1 && c.resultType(0) == type) {
    results.push_back(self);
    return success();
  }
  bool equal =
      count > 1 && llvm::all_of(llvm::seq(0u, count), [&](unsigned i) {
        return c.resultType(i).getDimSize(dim) * count == type.getDimSize(dim);
      });
  if (equal) {
    auto pieces = makeOp<ms::SplitOp>(c, self, dim, count);
    if (!pieces)
      return failure();
    llvm::append_range(results, pieces.getOutputs());
    return success();
  }
  int64_t start = 0;
  for (unsigned i = 0; i < count; ++i) {
    auto rt = c.resultType(i);
    SmallVector<int64_t> begin(rank, 0), end(type.getShape()),
        strides(rank, 1);
    begin[dim] = start;
    end[dim] = start + rt.getDimSize(dim);
    start = end[dim];
    if (rt == type)
      results.push_back(self);
    else
      results.push_back(
          make<ms::StridedSliceOp>(c, self, begin, end, strides));
  }
  return success();
}

/// unbind(dim): Split into pieces of 1, each Squeezed along `dim`.
LogicalResult unbind(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t dim = normalizeDim(c.intArg("dim").value_or(0), rankOf(self));
  unsigned count = c.op.getNumResults();
  if (count == 0)
    return c.unsupported("unbind of an empty dimension");
  SmallVector<Value> pieces;
  if (count == 1)
    pieces.push_back(self);
  else if (auto split = makeOp<ms::SplitOp>(c, self, dim, count))
    llvm::append_range(pieces, split.getOutputs());
  else
    return failure();
  for (Value piece : pieces)
    results.push_back(
        make<ms::SqueezeOp>(c, piece, ArrayRef<int64_t>{dim}));
  return success();
}

LogicalResult expand(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  RankedTensorType type = c.resultType();
  if (self.getType() == type)
    results.push_back(self);
  else
    results.push_back(
        make<ms::BroadcastToOp>(c, self, type.getShape()));
  return success();
}

/// copy_(self, src): the destination's new value is src, converted to its
/// element type and broadcast to its shape. (Writes that reach a base tensor
/// through a view are rejected before this, see checkNoHiddenWrites.)
LogicalResult copy(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), src = c.operand("src");
  auto type = cast<RankedTensorType>(self.getType());
  auto srcType = cast<RankedTensorType>(src.getType());
  if (srcType.getElementType() != type.getElementType())
    src = ms::CastOp::create(c.b, c.loc,
                             srcType.clone(type.getElementType()), src);
  if (srcType.getShape() != type.getShape())
    src = make<ms::BroadcastToOp>(c, src, type.getShape());
  results.push_back(src);
  return success();
}

/// repeat(repeats): Tile; `repeats` has at least the input's rank entries.
LogicalResult repeat(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto repeats = c.intsArg("repeats");
  if (!repeats || (int64_t)repeats->size() < rankOf(self))
    return c.unsupported("expects at least one repeat per dimension");
  if (llvm::any_of(*repeats, [](int64_t r) { return r < 1; }))
    return c.unsupported("a repeat count of 0 (an empty result) is not "
                         "legalized");
  results.push_back(make<ms::TileOp>(c, self, *repeats));
  return success();
}

/// gather(dim, index): GatherD.
LogicalResult gatherD(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index");
  auto dim = c.intArg("dim");
  if (!self || !index || !dim)
    return c.unsupported("missing self, dim or index");
  if (c.boolArg("sparse_grad", false))
    return c.unsupported("sparse_grad gather is not legalized");
  results.push_back(make<ms::GatherDOp>(c, self, index, normalizeDim(*dim, rankOf(self))));
  return success();
}

/// one_hot(num_classes): OneHot on the last axis with int64 on 1 / off 0. The
/// depth is the recorded one (num_classes=-1 takes max + 1 of the recorded
/// indices, which the shape-specialized trace fixes).
LogicalResult oneHot(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  RankedTensorType type = c.resultType();
  if (type.getRank() != rankOf(self) + 1)
    return c.unsupported("the recorded result is not one rank above the "
                         "indices");
  int64_t depth = type.getShape().back();
  if (depth < 1)
    return c.unsupported("zero classes");
  Type elementType = type.getElementType();
  results.push_back(ms::OneHotOp::create(
      c.b, c.loc, type, self, scalarConstant(c, 1, elementType),
      scalarConstant(c, 0, elementType), depth, -1));
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

const llvm::StringMap<Handler> &atenTable() {
  static const llvm::StringMap<Handler> table = {
      {"aten.convolution.default", convolution},
      {"aten.native_batch_norm.default", batchNorm},
      {"aten._native_batch_norm_legit_no_training.default", batchNorm},
      {"aten.max_pool2d_with_indices.default", maxPool},
      {"aten.max_pool2d.default", maxPool},
      {"aten.avg_pool2d.default", avgPool},
      {"aten.adaptive_avg_pool2d.default", adaptiveAvgPool},
      {"aten._adaptive_avg_pool2d.default", adaptiveAvgPool},
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
      {"aten.addmm.default", addmm},
      {"aten.mm.default", mm},
      {"aten.bmm.default", bmm},
      {"aten.fill_.Tensor", fill},
      {"aten.index_put_.default", indexPut},
      {"aten.index_put.default", indexPut},
      {"aten.fill_.Scalar", fill},
      {"aten.t.default", transpose2d},
      {"aten.transpose.int", transposeDims},
      {"aten.transpose_.default", transposeDims},
      {"aten.permute.default", permute},
      {"aten.view.default", reshapeToResult},
      {"aten._unsafe_view.default", reshapeToResult},
      {"aten.reshape.default", reshapeToResult},
      {"aten.flatten.using_ints", reshapeToResult},
      {"aten._softmax.default", softmax},
      {"aten.all.default", all},
      {"aten.sum.default", sum},
      {"aten.sum.dim_IntList", sum},
      {"aten.nansum.default", nansum},
      {"aten.mean.dim", mean},
      {"aten.mean.default", mean},
      {"aten._reshape_alias.default", reshapeToResult},
      {"aten.empty.memory_format", noResult},
      {"aten.detach.default", identity},
      {"aten.lift_fresh.default", identity},
      {"aten.alias.default", identity},
      {"aten.clone.default", identity},
      {"aten.contiguous.default", identity},
      {"aten._local_scalar_dense.default", noResult},
      {"aten.constant_pad_nd.default", constantPad},
      {"aten.slice.Tensor", slice},
      {"aten.select.int", selectInt},
      {"aten.index.Tensor", indexTensor},
      {"aten.index_select.default", indexSelect},
      {"aten.embedding.default", embedding},
      {"aten.flip.default", flip},
      {"aten.unsqueeze.default", unsqueeze},
      {"aten.squeeze.default", squeeze},
      {"aten.squeeze.dim", squeeze},
      {"aten.squeeze_.dim", squeeze},
      {"aten.squeeze.dims", squeeze},
      {"aten.cat.default", cat},
      {"aten.stack.default", stack},
      {"aten.split.Tensor", split},
      {"aten.split_with_sizes.default", split},
      {"aten.unsafe_split.Tensor", split},
      {"aten.chunk.default", split},
      {"aten.unbind.int", unbind},
      {"aten.expand.default", expand},
      {"aten.copy_.default", copy},
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
      {"aten._log_softmax.default", logSoftmax},
      {"aten.log_softmax.int", logSoftmax},
      {"aten.native_layer_norm.default", layerNorm},
      {"aten.max.default", reduceMax},
      {"aten.max.dim", maxDim},
      {"aten.amax.default", reduceMax},
      {"aten.repeat.default", repeat},
      {"aten.gather.default", gatherD},
      {"aten.one_hot.default", oneHot},
      {"aten.argmax.default", argmax},
  };
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
