//===- AtenNeuralNet.cpp - aten neural-network ops to MindSpore ----------===//
//
// The C++ handlers of the neural-network aten ops: convolution (1-D, 2-D,
// transposed), batch norm in inference form, max/avg/adaptive-avg pooling,
// mm, bmm, addmm, softmax, log_softmax, layer norm and embedding.
//
//===----------------------------------------------------------------------===//
#include "AtenHandler.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aten;

namespace {

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

LogicalResult bmm(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(make<ms::BatchMatMulOp>(c, c.operand("self"), c.operand("mat2"), false, false));
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
  // Mean and rstd [outer dims, 1 per normalized dim] of a float32 input:
  // the mean and 1 / sqrt(biased var + eps) over the normalized dims, as
  // ATen's CPU LayerNormKernelImpl computes them in float
  // (ATen/native/cpu/layer_norm_kernel.cpp). Of half precision (ATen's
  // accumulation order differs) they stay without an equivalent.
  unsigned extra = c.op.getNumResults() - 1;
  if (extra != 2 || !type.getElementType().isF32() ||
      c.resultType(1) != c.resultType(2) ||
      c.resultType(1).getElementType() != type.getElementType()) {
    results.append(extra, Value());
    return success();
  }
  SmallVector<int64_t> axes;
  int64_t n = 1;
  for (int64_t d = begin; d < type.getRank(); ++d) {
    axes.push_back(d);
    n *= type.getDimSize(d);
  }
  Type t = type.getElementType();
  Value count = scalarConstant(c, (double)std::max<int64_t>(n, 1), t);
  Value mean =
      make<ms::RealDivOp>(c, make<ms::ReduceSumOp>(c, x, axes, true), count);
  Value dev = make<ms::SubOp>(c, x, mean);
  Value var = make<ms::RealDivOp>(
      c, make<ms::ReduceSumOp>(c, make<ms::MulOp>(c, dev, dev), axes, true),
      count);
  Value rstd = make<ms::RealDivOp>(
      c, scalarConstant(c, 1.0, t),
      make<ms::SqrtOp>(c, make<ms::AddOp>(c, var, scalarConstant(c, *eps, t))));
  if (!mean || !rstd)
    return failure();
  if (mean.getType() != c.resultType(1)) {
    mean = make<ms::ReshapeOp>(c, mean, c.resultType(1).getShape());
    rstd = make<ms::ReshapeOp>(c, rstd, c.resultType(2).getShape());
  }
  results.push_back(mean);
  results.push_back(rstd);
  return success();
}

LogicalResult embedding(AtenCall &c, SmallVectorImpl<Value> &results) {
  results.push_back(make<ms::GatherOp>(c, c.operand("weight"),
                                         c.operand("indices"), 0));
  return success();
}

} // namespace

void mlir::ascend::aten::addNeuralNetHandlers(HandlerTable &table) {
  static const std::pair<StringRef, Handler> entries[] = {
      {"aten.convolution.default", convolution},
      {"aten.native_batch_norm.default", batchNorm},
      {"aten._native_batch_norm_legit_no_training.default", batchNorm},
      {"aten.max_pool2d_with_indices.default", maxPool},
      {"aten.max_pool2d.default", maxPool},
      {"aten.avg_pool2d.default", avgPool},
      {"aten.adaptive_avg_pool2d.default", adaptiveAvgPool},
      {"aten._adaptive_avg_pool2d.default", adaptiveAvgPool},
      {"aten.addmm.default", addmm},
      {"aten.mm.default", mm},
      {"aten.bmm.default", bmm},
      {"aten._softmax.default", softmax},
      {"aten.embedding.default", embedding},
      {"aten._log_softmax.default", logSoftmax},
      {"aten.log_softmax.int", logSoftmax},
      {"aten.native_layer_norm.default", layerNorm},
  };
  for (const auto &[name, handler] : entries)
    table.try_emplace(name, handler);
}
