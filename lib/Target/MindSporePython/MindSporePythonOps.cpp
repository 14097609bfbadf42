//===- MindSporePythonOps.cpp - one primitive as a MindSpore expression ---===//
//
// Each mindspore-dialect primitive as a call of MindSpore's public Python
// API (mindspore.ops functions, Tensor operators and slicing). Attributes
// become literal Python arguments; shapes are the static result shapes.
//
//===----------------------------------------------------------------------===//
#include "MindSporePythonWriter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindspore;
using llvm::formatv;

namespace mlir::ascend::mspy {

std::string pyTuple(ArrayRef<int64_t> values) {
  std::string s = "(";
  for (auto [i, v] : llvm::enumerate(values)) {
    if (i)
      s += ", ";
    s += std::to_string(v);
  }
  if (values.size() == 1)
    s += ",";
  return s + ")";
}

namespace {

std::string shapeOf(Value v) {
  return pyTuple(cast<ShapedType>(v.getType()).getShape());
}

std::string msDType(Type type) {
  if (auto names = dtypeNames(getElementTypeOrSelf(type)))
    return names->ms.str();
  return "";
}

/// `x` transposed in its last two dimensions.
std::string swapLast(const std::string &x, Value v) {
  if (cast<ShapedType>(v.getType()).getRank() == 2)
    return x + ".T";
  return "ops.swapaxes(" + x + ", -2, -1)";
}

std::string pyBool(bool b) { return b ? "True" : "False"; }

} // namespace

std::string pyFloat(double d, bool asFloat32) {
  if (std::isnan(d))
    return "float('nan')";
  if (std::isinf(d))
    return d > 0 ? "float('inf')" : "float('-inf')";
  // The shortest form that reads back as the same number.
  char buffer[40];
  for (int digits = 1; digits <= 17; ++digits) {
    snprintf(buffer, sizeof buffer, "%.*g", digits, d);
    double back = strtod(buffer, nullptr);
    if (asFloat32 ? float(back) == float(d) : back == d)
      break;
  }
  std::string s = buffer;
  if (s.find_first_of(".en") == std::string::npos)
    s += ".0";
  return s;
}

namespace {

/// `int` when `axis` is a single entry, else a tuple.
std::string axisArg(ArrayRef<int64_t> axis) {
  if (axis.size() == 1)
    return std::to_string(axis[0]);
  return pyTuple(axis);
}

/// A reduction over `axis` (every axis when empty) with `fn(x, axis,
/// keepdims)`.
std::string reduce(StringRef fn, const std::string &x, ArrayRef<int64_t> axis,
                   bool keepDims, Value input) {
  SmallVector<int64_t> axes(axis);
  if (axes.empty())
    for (int64_t d = 0, r = cast<ShapedType>(input.getType()).getRank(); d < r;
         ++d)
      axes.push_back(d);
  return formatv("{0}({1}, {2}, {3})", fn, x,
                 axes.empty() ? std::string("()") : axisArg(axes),
                 pyBool(keepDims))
      .str();
}

/// A pair of equal pads per spatial dimension from [top, bottom, left,
/// right], or nullopt when a side differs.
std::optional<std::string> symmetricPad(ArrayRef<int64_t> pad) {
  if (pad.size() != 4 || pad[0] != pad[1] || pad[2] != pad[3])
    return std::nullopt;
  return pyTuple({pad[0], pad[2]});
}

InFlightDiagnostic refuse(Operation *op, const Twine &why) {
  return op->emitError() << "mindspore-python: '" << op->getName() << "' "
                         << why;
}

} // namespace

FailureOr<std::string> primitiveExpr(Operation *op, ArrayRef<std::string> a) {
  auto binary = [&](StringRef symbol) {
    return formatv("{0} {1} {2}", a[0], symbol, a[1]).str();
  };
  auto call = [&](StringRef fn) {
    std::string s = (fn + "(").str();
    for (auto [i, arg] : llvm::enumerate(a))
      s += (i ? ", " : "") + arg;
    return s + ")";
  };
  std::optional<std::string> expr =
      llvm::TypeSwitch<Operation *, std::optional<std::string>>(op)
          .Case([&](AddOp) { return binary("+"); })
          .Case([&](SubOp) { return binary("-"); })
          .Case([&](MulOp) { return binary("*"); })
          .Case([&](RealDivOp) { return binary("/"); })
          .Case([&](MaximumOp) { return call("ops.maximum"); })
          .Case([&](MinimumOp) { return call("ops.minimum"); })
          .Case([&](PowOp) { return call("ops.pow"); })
          .Case([&](GreaterOp) { return call("ops.greater"); })
          .Case([&](GreaterEqualOp) { return call("ops.greater_equal"); })
          .Case([&](LessOp) { return call("ops.less"); })
          .Case([&](LessEqualOp) { return call("ops.less_equal"); })
          .Case([&](EqualOp) { return call("ops.equal"); })
          .Case([&](NotEqualOp) { return call("ops.not_equal"); })
          .Case([&](LogicalAndOp) { return call("ops.logical_and"); })
          .Case([&](LogicalOrOp) { return call("ops.logical_or"); })
          .Case([&](LogicalNotOp) { return call("ops.logical_not"); })
          .Case([&](ReLUOp) { return call("ops.relu"); })
          .Case([&](ReLU6Op) { return call("ops.relu6"); })
          .Case([&](SigmoidOp) { return call("ops.sigmoid"); })
          .Case([&](SiLUOp) { return call("ops.silu"); })
          .Case([&](GeLUOp) {
            return formatv("ops.gelu({0}, approximate='none')", a[0]).str();
          })
          .Case([&](SinOp) { return call("ops.sin"); })
          .Case([&](CosOp) { return call("ops.cos"); })
          .Case([&](ExpOp) { return call("ops.exp"); })
          .Case([&](LogOp) { return call("ops.log"); })
          .Case([&](SqrtOp) { return call("ops.sqrt"); })
          .Case([&](RsqrtOp) { return call("ops.rsqrt"); })
          .Case([&](TanhOp) { return call("ops.tanh"); })
          .Case([&](ErfOp) { return call("ops.erf"); })
          .Case([&](AsinOp) { return call("ops.asin"); })
          .Case([&](ACosOp) { return call("ops.acos"); })
          .Case([&](AtanOp) { return call("ops.atan"); })
          .Case([&](AsinhOp) { return call("ops.asinh"); })
          .Case([&](Expm1Op) { return call("ops.expm1"); })
          .Case([&](Log1pOp) { return call("ops.log1p"); })
          .Case([&](AcoshOp) { return call("ops.acosh"); })
          .Case([&](AtanhOp) { return call("ops.atanh"); })
          .Case([&](ErfcOp) { return call("ops.erfc"); })
          .Case([&](FloorOp) { return call("ops.floor"); })
          .Case([&](CeilOp) { return call("ops.ceil"); })
          .Case([&](RoundOp) { return call("ops.round"); })
          .Case([&](TruncOp) { return call("ops.trunc"); })
          .Case([&](Atan2Op) { return call("ops.atan2"); })
          .Case([&](FloorDivOp) { return call("ops.floor_divide"); })
          .Case([&](FloorModOp) { return call("ops.floor_mod"); })
          .Case([&](TruncateModOp) { return call("ops.fmod"); })
          .Case([&](NegOp) { return call("ops.neg"); })
          .Case([&](AbsOp) { return call("ops.abs"); })
          .Case([&](MatMulOp m) {
            std::string x = m.getTransposeA() ? swapLast(a[0], m.getX()) : a[0];
            std::string y = m.getTransposeB() ? swapLast(a[1], m.getY()) : a[1];
            return formatv("ops.matmul({0}, {1})", x, y).str();
          })
          .Case([&](BatchMatMulOp m) {
            std::string x = m.getTransposeA() ? swapLast(a[0], m.getX()) : a[0];
            std::string y = m.getTransposeB() ? swapLast(a[1], m.getY()) : a[1];
            return formatv("ops.matmul({0}, {1})", x, y).str();
          })
          .Case([&](BiasAddOp) { return call("ops.bias_add"); })
          .Case([&](ReshapeOp r) {
            return formatv("ops.reshape({0}, {1})", a[0], shapeOf(r.getResult()))
                .str();
          })
          .Case([&](TransposeOp t) {
            return formatv("ops.transpose({0}, {1})", a[0],
                           pyTuple(t.getPerm()))
                .str();
          })
          .Case([&](ReduceAllOp) { return call("ops.all"); })
          .Case([&](ReduceSumOp r) {
            return reduce("ops.sum", a[0], r.getAxis(), r.getKeepDims(),
                          r.getInput());
          })
          .Case([&](ReduceMeanOp r) {
            return reduce("ops.mean", a[0], r.getAxis(), r.getKeepDims(),
                          r.getInput());
          })
          .Case([&](ReduceMaxOp r) {
            return reduce("ops.amax", a[0], r.getAxis(), r.getKeepDims(),
                          r.getInput());
          })
          .Case([&](SelectOp) { return call("ops.where"); })
          .Case([&](CastOp c) {
            return formatv("ops.cast({0}, {1})", a[0],
                           msDType(c.getResult().getType()))
                .str();
          })
          .Case([&](Conv2DOp c) {
            ArrayRef<int64_t> pad = c.getPad();
            std::string x = a[0], mode = "'valid'";
            if (std::optional<std::string> same = symmetricPad(pad)) {
              if (llvm::any_of(pad, [](int64_t p) { return p != 0; }))
                mode = "'pad', padding=" + *same;
            } else {
              // ops.conv2d pads both sides alike: the extra row / column
              // first (ops.pad lists the last dimension first).
              x = formatv("ops.pad({0}, ({1}, {2}, {3}, {4}))", x, pad[2],
                          pad[3], pad[0], pad[1])
                      .str();
            }
            return formatv("ops.conv2d({0}, {1}, stride={2}, pad_mode={3}, "
                           "dilation={4}, groups={5})",
                           x, a[1], pyTuple(c.getStride()), mode,
                           pyTuple(c.getDilation()), int64_t(c.getGroup()))
                .str();
          })
          .Case([&](Conv2DTransposeOp c) {
            // mint.nn.functional.conv_transpose2d has no CPU kernel in
            // MindSpore 2.10; the public Conv2DTranspose operator does, and
            // takes the result shape (which carries the output padding); it is
            // the gradient of a Conv2D, whose terms (out_channel) it keeps.
            auto w = cast<ShapedType>(c.getWeight().getType()).getShape();
            return formatv("ops.Conv2DTranspose({0}, {1}, pad_mode='pad', "
                           "pad={2}, stride={3}, dilation={4}, group={5})"
                           "({6}, {7}, {8})",
                           // out_channel is the forward Conv2D's: the
                           // channels of x, the weight's dimension 0.
                           w[0],
                           pyTuple(w.drop_front(2)), pyTuple(c.getPad()),
                           pyTuple(c.getStride()), pyTuple(c.getDilation()),
                           int64_t(c.getGroup()), a[0], a[1], shapeOf(c.getResult()))
                .str();
          })
          .Case([&](BatchNormOp b) {
            // Inference: the running statistics, no update.
            return formatv("ops.batch_norm({0}, {1}, {2}, {3}, {4}, "
                           "training=False, eps={5})",
                           a[0], a[3], a[4], a[1], a[2],
                           pyFloat(b.getEpsilon().convertToFloat(), true))
                .str();
          })
          .Case([&](MaxPoolOp p) {
            std::string x = a[0];
            std::string pad = "0";
            if (std::optional<std::string> same = symmetricPad(p.getPad())) {
              pad = *same;
            } else {
              ArrayRef<int64_t> q = p.getPad();
              // ops.pad lists the last dimension first.
              x = formatv("ops.pad({0}, ({1}, {2}, {3}, {4}), value=float('-inf'))",
                          x, q[2], q[3], q[0], q[1])
                      .str();
            }
            return formatv("ops.max_pool2d({0}, {1}, stride={2}, padding={3}, "
                           "ceil_mode={4})",
                           x, pyTuple(p.getKernelSize()), pyTuple(p.getStrides()),
                           pad, pyBool(p.getCeilMode()))
                .str();
          })
          .Case([&](AvgPoolOp p) -> std::optional<std::string> {
            std::string pad = "0";
            if (std::optional<ArrayRef<int64_t>> q = p.getPad()) {
              if (!symmetricPad(*q))
                return std::nullopt;
              pad = pyTuple(*q);
            }
            // MindSpore's AvgPool takes no bfloat16: the window sums in
            // float32, rounded once (what PyTorch's CPU kernel does).
            bool bf16 = getElementTypeOrSelf(p.getX().getType()).isBF16();
            std::string x = bf16 ? "ops.cast(" + a[0] + ", ms.float32)" : a[0];
            std::string e =
                formatv("ops.avg_pool2d({0}, {1}, stride={2}, padding={3}, "
                           "ceil_mode={4}, count_include_pad={5}, "
                           "divisor_override={6})",
                           x, pyTuple(p.getKernelSize()),
                           pyTuple(p.getStrides()), pad,
                           pyBool(p.getCeilMode()),
                           pyBool(p.getCountIncludePad()),
                           p.getDivisorOverride().value_or(0))
                .str();
            return bf16 ? "ops.cast(" + e + ", ms.bfloat16)" : e;
          })
          .Case([&](AdaptiveAvgPool2DOp p) {
            return formatv("ops.adaptive_avg_pool2d({0}, {1})", a[0],
                           pyTuple(p.getOutputSize()))
                .str();
          })
          .Case([&](SoftmaxOp s) {
            return formatv("ops.softmax({0}, {1})", a[0], int64_t(s.getAxis())).str();
          })
          .Case([&](LogSoftmaxOp s) {
            return formatv("ops.log_softmax({0}, {1})", a[0], int64_t(s.getAxis()))
                .str();
          })
          .Case([&](LayerNormOp l) {
            // ops.layer_norm (LayerNormExt) has no CPU kernel in MindSpore
            // 2.10; the public LayerNorm operator does (output 0 is y).
            return formatv("ops.LayerNorm(begin_norm_axis={0}, "
                           "begin_params_axis={1}, epsilon={2})({3}, {4}, "
                           "{5})[0]",
                           int64_t(l.getBeginNormAxis()), int64_t(l.getBeginParamsAxis()),
                           pyFloat(l.getEpsilon().convertToFloat(), true), a[0],
                           a[1], a[2])
                .str();
          })
          .Case([&](ExpandDimsOp e) {
            return formatv("ops.expand_dims({0}, {1})", a[0], int64_t(e.getAxis())).str();
          })
          .Case([&](SqueezeOp s) {
            if (s.getAxis().empty())
              return call("ops.squeeze");
            return formatv("ops.squeeze({0}, {1})", a[0], pyTuple(s.getAxis()))
                .str();
          })
          .Case([&](ConcatOp c) {
            std::string list = "(";
            for (auto [i, arg] : llvm::enumerate(a))
              list += (i ? ", " : "") + arg;
            list += a.size() == 1 ? ",)" : ")";
            return formatv("ops.cat({0}, {1})", list, int64_t(c.getAxis())).str();
          })
          .Case([&](StridedSliceOp s) {
            auto shape = cast<ShapedType>(s.getInput().getType()).getShape();
            std::string index;
            for (size_t d = 0; d < s.getBegin().size(); ++d) {
              int64_t b = s.getBegin()[d], e = s.getEnd()[d],
                      k = s.getStrides()[d];
              std::string part;
              if (b != 0)
                part += std::to_string(b);
              part += ":";
              if (e != shape[d])
                part += std::to_string(e);
              if (k != 1)
                part += ":" + std::to_string(k);
              index += (d ? ", " : "") + part;
            }
            return formatv("{0}[{1}]", a[0], index).str();
          })
          .Case([&](GatherOp g) {
            // A negative index counts from the end (PyTorch); MindSpore's
            // Gather reads it so forward but not in its gradient. Constant
            // indices that are all >= 0 need no wrapping.
            int64_t axis = int64_t(g.getAxis());
            auto shape = cast<ShapedType>(g.getParams().getType()).getShape();
            std::string indices = a[1];
            DenseIntElementsAttr constant;
            bool nonNegative =
                matchPattern(g.getIndices(), m_Constant(&constant)) &&
                llvm::all_of(constant.getValues<APInt>(),
                             [](const APInt &v) { return !v.isNegative(); });
            if (!nonNegative)
              indices = formatv("_from_end({0}, {1})", a[1],
                                shape[axis < 0 ? axis + shape.size() : axis])
                            .str();
            return formatv("ops.gather({0}, {1}, {2})", a[0], indices, axis)
                .str();
          })
          .Case([&](BroadcastToOp b) {
            return formatv("ops.broadcast_to({0}, {1})", a[0],
                           shapeOf(b.getResult()))
                .str();
          })
          .Case([&](PadOp p) {
            ArrayRef<int64_t> q = p.getPaddings();
            SmallVector<int64_t> torchOrder;
            for (int64_t d = int64_t(q.size()) / 2 - 1; d >= 0; --d) {
              torchOrder.push_back(q[2 * d]);
              torchOrder.push_back(q[2 * d + 1]);
            }
            return formatv("ops.pad({0}, {1}, value={2})", a[0],
                           pyTuple(torchOrder),
                           pyFloat(p.getValue().convertToDouble(), false))
                .str();
          })
          .Case([&](ReverseV2Op r) {
            return formatv("ops.flip({0}, {1})", a[0], pyTuple(r.getAxis()))
                .str();
          })
          .Case([&](TileOp t) {
            return formatv("ops.tile({0}, {1})", a[0],
                           pyTuple(t.getMultiples()))
                .str();
          })
          .Case([&](GatherDOp g) {
            return formatv("ops.gather_elements({0}, {1}, {2})", a[0],
                           int64_t(g.getDim()), a[1])
                .str();
          })
          .Case([&](OneHotOp o) {
            return formatv("ops.one_hot({0}, {1}, {2}, {3}, {4})", a[0],
                           int64_t(o.getDepth()), a[1], a[2], int64_t(o.getAxis()))
                .str();
          })
          .Case([&](ArgmaxOp m) {
            std::string e =
                formatv("ops.argmax({0}, {1})", a[0], int64_t(m.getAxis())).str();
            if (!m.getOutputType().isInteger(64))
              e = formatv("ops.cast({0}, {1})", e, msDType(m.getOutputType()));
            return e;
          })
          .Case([&](ArgMaxWithValueOp m) {
            // ops.max gives (values, indices); the op's results are (index,
            // values).
            std::string e = formatv("ops.max({0}, {1}, {2})", a[0],
                                    int64_t(m.getAxis()), pyBool(m.getKeepDims()))
                                .str();
            std::string index = e + "[1]";
            if (!getElementTypeOrSelf(m.getIndex().getType()).isInteger(64))
              index = formatv("ops.cast({0}, {1})", index,
                              msDType(m.getIndex().getType()));
            return formatv("({0}, {1}[0])", index, e).str();
          })
          .Case([&](TopKOp t) {
            // ops.topk gives (values, indices) over the last dimension; the
            // op's indices are int32, as MindSpore's TopK primitive gives them.
            std::string e = formatv("ops.topk({0}, {1}, -1, True, {2})", a[0],
                                    int64_t(t.getK()), pyBool(t.getSorted()))
                                .str();
            return formatv("({0}[0], ops.cast({0}[1], {1}))", e,
                           msDType(t.getIndices().getType()))
                .str();
          })
          .Case([&](SplitOp s) {
            auto shape = cast<ShapedType>(s.getInput().getType()).getShape();
            int64_t axis = int64_t(s.getAxis());
            if (axis < 0)
              axis += shape.size();
            return formatv("ops.split({0}, {1}, {2})", a[0],
                           shape[axis] / int64_t(s.getOutputNum()), int64_t(s.getAxis()))
                .str();
          })
          .Case([&](TensorScatterUpdateOp) {
            return call("ops.tensor_scatter_update");
          })
          .Case([&](TensorScatterAddOp) {
            return call("ops.tensor_scatter_add");
          })
          .Case([&](MaskedFillOp) { return call("ops.masked_fill"); })
          .Case([&](FillOp f) {
            return formatv("ops.broadcast_to({0}, {1})", a[0],
                           shapeOf(f.getResult()))
                .str();
          })
          .Case([&](ZerosOp z) {
            return formatv("ops.zeros({0}, {1})", shapeOf(z.getResult()),
                           msDType(z.getResult().getType()))
                .str();
          })
          .Case([&](OnesOp o) {
            return formatv("ops.ones({0}, {1})", shapeOf(o.getResult()),
                           msDType(o.getResult().getType()))
                .str();
          })
          .Case([&](DropoutOp) { return a[0]; })
          .Default([&](Operation *) { return std::nullopt; });
  if (expr)
    return *expr;
  if (auto custom = dyn_cast<CustomOp>(op)) {
    refuse(op, "")
        << "keeps the eager op '" << custom.getFuncName()
        << "' opaque: it has no public MindSpore API to write it with";
    return failure();
  }
  if (isa<AvgPoolOp>(op)) {
    refuse(op, "with padding that differs between the sides of a dimension "
               "has no public MindSpore API");
    return failure();
  }
  refuse(op, "has no public MindSpore API that this writer knows");
  return failure();
}

} // namespace mlir::ascend::mspy
