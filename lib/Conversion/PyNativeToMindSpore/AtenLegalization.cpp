//===- AtenLegalization.cpp - aten ops to MindSpore primitives ------------===//
//
// The table from eager (aten) op names to mindspore ops. Each entry reads the
// op's schema arguments by name (as the recorder stores them) and builds the
// primitives; an entry fails with a reason when an argument combination has no
// GRAPH_MODE equivalent yet (the caller reports it with the source location).
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"

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

  Value operand(StringRef name) const {
    for (auto [i, n] : llvm::enumerate(op.getOperandNames()))
      if (cast<StringAttr>(n).getValue() == name)
        return operands[i];
    return {};
  }
  Attribute arg(StringRef name) const { return op.getArgs().get(name); }
  bool isNone(StringRef name) const {
    return !operand(name) && (!arg(name) || isa<UnitAttr>(arg(name)));
  }
  std::optional<int64_t> intArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return a.getInt();
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue();
    return std::nullopt;
  }
  std::optional<double> floatArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<FloatAttr>(arg(name)))
      return a.getValueAsDouble();
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
  RankedTensorType resultType(unsigned i = 0) const {
    return cast<RankedTensorType>(op.getResult(i).getType());
  }
};

using Handler = LogicalResult (*)(AtenCall &, SmallVectorImpl<Value> &);

/// A 0-d constant of `value` with the element type of `like`.
Value scalarConstant(AtenCall &c, double value, Type elementType) {
  auto type = RankedTensorType::get({}, elementType);
  Attribute element;
  if (isa<FloatType>(elementType))
    element = c.b.getFloatAttr(elementType, value);
  else
    element = c.b.getIntegerAttr(elementType, (int64_t)value);
  return ms::ConstantOp::create(c.b, c.loc,
                                DenseElementsAttr::get(type, element));
}

/// `v` with element type `elementType`: a constant operand (e.g. a Python
/// scalar that torch wrapped as a float64 0-d tensor) is re-typed; any other
/// mismatch fails (Cast is not legalized yet).
FailureOr<Value> withElementType(AtenCall &c, Value v, Type elementType) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() == elementType)
    return v;
  auto cst = v.getDefiningOp<ms::ConstantOp>();
  auto dense = cst ? dyn_cast<DenseElementsAttr>(cst.getValue()) : nullptr;
  if (!dense || !dense.isSplat()) {
    (void)c.unsupported("operands of different element types need a Cast");
    return failure();
  }
  double value = isa<FloatType>(type.getElementType())
                     ? dense.getSplatValue<APFloat>().convertToDouble()
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
FailureOr<Value> otherOperand(AtenCall &c, Type elementType) {
  if (Value v = c.operand("other"))
    return withElementType(c, v, elementType);
  if (std::optional<double> s = c.floatArg("other"))
    return scalarConstant(c, *s, elementType);
  (void)c.unsupported("the 'other' argument is neither a tensor nor a number");
  return failure();
}

template <typename OpT>
LogicalResult binary(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  Type elementType = cast<RankedTensorType>(self.getType()).getElementType();
  FailureOr<Value> other = otherOperand(c, elementType);
  if (failed(other))
    return failure();
  if (std::optional<double> alpha = c.floatArg("alpha"); alpha && *alpha != 1)
    *other = ms::MulOp::create(c.b, c.loc, *other,
                               scalarConstant(c, *alpha, elementType));
  results.push_back(OpT::create(c.b, c.loc, self, *other));
  return success();
}

template <typename OpT>
LogicalResult unary(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(OpT::create(c.b, c.loc, c.operand("self")));
  return success();
}

LogicalResult identity(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(c.operand("self"));
  return success();
}

LogicalResult reshapeToResult(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(ms::ReshapeOp::create(c.b, c.loc, c.operand("self"),
                                          c.resultType().getShape()));
  return success();
}

LogicalResult convolution(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("input"), w = c.operand("weight");
  if (!x || !w)
    return c.unsupported("missing input or weight");
  if (c.boolArg("transposed", false))
    return c.unsupported("transposed convolution is not legalized yet");
  auto xType = cast<RankedTensorType>(x.getType());
  if (xType.getRank() != 4)
    return c.unsupported("only 2-D (NCHW) convolution is legalized");
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
  Value result = ms::Conv2DOp::create(c.b, c.loc, x, w, *stride, *dilation,
                                      pad, padMode, *groups);
  // PyTorch 'same' with an even kernel pads one more at the bottom/right; the
  // recorder then shows a padded input, which is already explicit here.
  if (Value bias = c.operand("bias"))
    result = ms::BiasAddOp::create(c.b, c.loc, result, bias);
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
  results.push_back(ms::BatchNormOp::create(
      c.b, c.loc, x, w, b, mean, var, c.b.getF32FloatAttr(*eps)));
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
  Value r = ms::MaxPoolOp::create(c.b, c.loc, c.operand("self"), *k, *s, pad,
                                  c.boolArg("ceil_mode", false));
  results.push_back(r);
  return success();
}

LogicalResult adaptiveAvgPool(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto out = c.intsArg("output_size", 2);
  if (!out)
    return c.unsupported("missing output_size");
  results.push_back(
      ms::AdaptiveAvgPool2DOp::create(c.b, c.loc, c.operand("self"), *out));
  return success();
}

LogicalResult addmm(AtenCall &c, SmallVectorImpl<Value> &results) {
  if (c.floatArg("beta").value_or(1) != 1 ||
      c.floatArg("alpha").value_or(1) != 1)
    return c.unsupported("beta/alpha other than 1");
  Value mm = ms::MatMulOp::create(c.b, c.loc, c.operand("mat1"),
                                  c.operand("mat2"), false, false);
  Value bias = c.operand("self");
  auto biasType = cast<RankedTensorType>(bias.getType());
  if (biasType.getRank() == 1)
    results.push_back(ms::BiasAddOp::create(c.b, c.loc, mm, bias));
  else
    results.push_back(ms::AddOp::create(c.b, c.loc, mm, bias));
  return success();
}

LogicalResult mm(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(ms::MatMulOp::create(c.b, c.loc, c.operand("self"),
                                         c.operand("mat2"), false, false));
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
      ms::TransposeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{1, 0}));
  return success();
}

LogicalResult transposeDims(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  auto d0 = c.intArg("dim0"), d1 = c.intArg("dim1");
  if (!d0 || !d1)
    return c.unsupported("missing dim0/dim1");
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(perm[(*d0 + rank) % rank], perm[(*d1 + rank) % rank]);
  results.push_back(ms::TransposeOp::create(c.b, c.loc, self, perm));
  return success();
}

LogicalResult permute(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  auto dims = c.intsArg("dims");
  if (!dims)
    return c.unsupported("missing dims");
  for (int64_t &d : *dims)
    d = (d + rank) % rank;
  results.push_back(ms::TransposeOp::create(c.b, c.loc, self, *dims));
  return success();
}

LogicalResult softmax(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto dim = c.intArg("dim");
  if (!dim)
    return c.unsupported("missing dim");
  if (c.boolArg("half_to_float", false))
    return c.unsupported("half_to_float softmax is not legalized yet");
  results.push_back(ms::SoftmaxOp::create(c.b, c.loc, c.operand("self"), *dim));
  return success();
}

LogicalResult all(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(ms::ReduceAllOp::create(c.b, c.loc, c.operand("self")));
  return success();
}

LogicalResult sum(AtenCall &c, SmallVectorImpl<Value> &results) {
  if (!c.isNone("dtype"))
    return c.unsupported("sum with a dtype argument is not legalized yet");
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim"))
    axis = *dims;
  results.push_back(ms::ReduceSumOp::create(c.b, c.loc, c.operand("self"),
                                            axis,
                                            c.boolArg("keepdim", false)));
  return success();
}

/// mean over `dim`: over the two spatial dims of NCHW with keepdim it is
/// AdaptiveAvgPool2D to 1x1 (one Vector reduction on Ascend); otherwise
/// ReduceSum divided by the number of reduced elements.
LogicalResult mean(AtenCall &c, SmallVectorImpl<Value> &results) {
  if (!c.isNone("dtype"))
    return c.unsupported("mean with a dtype argument is not legalized yet");
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim"))
    axis = *dims;
  if (axis.empty())
    axis = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  for (int64_t &d : axis)
    d = (d + rank) % rank;
  llvm::sort(axis);
  bool keepdim = c.boolArg("keepdim", false);
  if (rank == 4 && keepdim && axis == SmallVector<int64_t>{2, 3}) {
    results.push_back(ms::AdaptiveAvgPool2DOp::create(
        c.b, c.loc, self, ArrayRef<int64_t>{1, 1}));
    return success();
  }
  int64_t count = 1;
  for (int64_t d : axis)
    count *= type.getDimSize(d);
  Value total = ms::ReduceSumOp::create(c.b, c.loc, self, axis, keepdim);
  results.push_back(ms::RealDivOp::create(
      c.b, c.loc, total,
      scalarConstant(c, (double)count, type.getElementType())));
  return success();
}

LogicalResult greater(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  Type elementType = cast<RankedTensorType>(self.getType()).getElementType();
  FailureOr<Value> other = otherOperand(c, elementType);
  if (failed(other))
    return failure();
  results.push_back(ms::GreaterOp::create(c.b, c.loc, self, *other));
  return success();
}

/// Ops that compute nothing a graph needs (a Python number read, markers).
LogicalResult noResult(AtenCall &c, SmallVectorImpl<Value> &results) {
  for (Value r : c.op.getResults())
    if (!r.use_empty())
      return c.unsupported("its tensor result is used");
  results.append(c.op.getNumResults(), Value());
  return success();
}

const llvm::StringMap<Handler> &atenTable() {
  static const llvm::StringMap<Handler> table = {
      {"aten.convolution.default", convolution},
      {"aten.native_batch_norm.default", batchNorm},
      {"aten._native_batch_norm_legit_no_training.default", batchNorm},
      {"aten.relu.default", unary<ms::ReLUOp>},
      {"aten.relu_.default", unary<ms::ReLUOp>},
      {"aten.sin.default", unary<ms::SinOp>},
      {"aten.cos.default", unary<ms::CosOp>},
      {"aten.max_pool2d_with_indices.default", maxPool},
      {"aten.max_pool2d.default", maxPool},
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
      {"aten.gt.Scalar", greater},
      {"aten.gt.Tensor", greater},
      {"aten.addmm.default", addmm},
      {"aten.mm.default", mm},
      {"aten.t.default", transpose2d},
      {"aten.transpose.int", transposeDims},
      {"aten.permute.default", permute},
      {"aten.view.default", reshapeToResult},
      {"aten._unsafe_view.default", reshapeToResult},
      {"aten.reshape.default", reshapeToResult},
      {"aten.flatten.using_ints", reshapeToResult},
      {"aten._softmax.default", softmax},
      {"aten.all.default", all},
      {"aten.sum.default", sum},
      {"aten.sum.dim_IntList", sum},
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
  };
  return table;
}

} // namespace

LogicalResult mlir::ascend::legalizeAtenOp(pynative::RecordedOp op,
                                           ValueRange operands,
                                           OpBuilder &builder,
                                           SmallVectorImpl<Value> &results,
                                           std::string &whyUnsupported) {
  auto it = atenTable().find(op.getName());
  if (it == atenTable().end()) {
    whyUnsupported = "no MindSpore primitive mapping";
    return failure();
  }
  AtenCall call{op, operands, builder, op.getLoc(), whyUnsupported};
  return it->second(call, results);
}
