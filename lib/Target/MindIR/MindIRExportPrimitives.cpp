//===- MindIRExportPrimitives.cpp - primitive nodes of MindIR -------------===//
//
// The node of each mindspore primitive op, in the form MindIRPrimitiveTable.def
// gives for its primitive (applySpec): this file only says which values the
// op gives each argument. Ops MindSpore cannot run as written (a `Custom`
// kernel, a Pad of another value than zero, asymmetric max pooling) are
// refused with an error at the op.
//
//===----------------------------------------------------------------------===//
#include "MindIRExporter.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindir;
namespace ms = mlir::ascend::mindspore;

namespace {
void fillInts(mind_ir::AttributeProto *a, ArrayRef<int64_t> values) {
  a->set_type(AttrType::TUPLE);
  for (int64_t v : values) {
    mind_ir::AttributeProto *e = a->add_values();
    e->add_ints(v);
    e->set_type(AttrType::INT64);
  }
}

void fillStrings(mind_ir::AttributeProto *a, ArrayRef<std::string> values) {
  a->set_type(AttrType::LIST);
  for (const std::string &v : values) {
    mind_ir::AttributeProto *e = a->add_values();
    e->add_strings(v);
    e->set_type(AttrType::STRING);
  }
}

/// The value of a table default (`=<text>`) for an argument of `kind`.
FailureOr<ArgValue> parseDefault(const PrimitiveArg &arg, MLIRContext *ctx) {
  StringRef text = *arg.defaultValue;
  switch (arg.kind) {
  case ArgKind::Int: {
    int64_t v;
    if (!text.getAsInteger(10, v))
      return ArgValue::integer(arg.name, v);
    break;
  }
  case ArgKind::Bool:
    if (text == "true" || text == "false")
      return ArgValue::boolean(arg.name, text == "true");
    break;
  case ArgKind::Float: {
    double v;
    if (!text.getAsDouble(v))
      return ArgValue::real(arg.name, v);
    break;
  }
  case ArgKind::Str:
  case ArgKind::PadMode:
  case ArgKind::Format:
    return ArgValue::string(arg.name, text);
  case ArgKind::TypeId: {
    Builder b(ctx);
    Type t = llvm::StringSwitch<Type>(text)
                 .Case("int32", b.getI32Type())
                 .Case("int64", b.getI64Type())
                 .Case("float32", b.getF32Type())
                 .Default(Type());
    if (t)
      return ArgValue::dtype(arg.name, t);
    break;
  }
  default:
    break;
  }
  return failure();
}
} // namespace

FailureOr<std::string>
MindIRExporter::applySpec(GraphState &g, StringRef prim,
                          ArrayRef<std::string> tensors,
                          ArrayRef<ArgValue> args, TypeRange types,
                          Location loc, StringRef hint) {
  const PrimitiveSpec *spec = lookupPrimitiveSpec(prim);
  if (!spec)
    return emitError(loc) << "internal error: primitive '" << prim
                          << "' is not in MindIRPrimitiveTable.def";
  auto given = [&](StringRef name) -> const ArgValue * {
    for (const ArgValue &a : args)
      if (a.name == name)
        return &a;
    return nullptr;
  };
  for (const ArgValue &a : args)
    if (!spec->findArg(a.name) && !llvm::is_contained(spec->inputs, a.name))
      return emitError(loc) << "internal error: '" << prim
                            << "' has no argument '" << a.name << "'";
  size_t nextTensor = 0;
  auto takeTensor = [&](StringRef name) -> FailureOr<std::string> {
    if (const ArgValue *a = given(name); a && a->kind == ArgValue::Node)
      return a->node;
    if (nextTensor >= tensors.size())
      return emitError(loc) << "internal error: '" << prim
                            << "' lacks its tensor argument '" << name << "'";
    return tensors[nextTensor++];
  };
  // The value of a non-tensor argument (given or the table's default),
  // encoded as its kind says.
  auto encode = [&](const PrimitiveArg &arg,
                    mind_ir::AttributeProto &out) -> LogicalResult {
    ArgValue value;
    if (const ArgValue *a = given(arg.name)) {
      value = *a;
    } else if (arg.defaultValue) {
      FailureOr<ArgValue> d = parseDefault(arg, module.getContext());
      if (failed(d))
        return emitError(loc) << "internal error: bad default of '" << prim
                              << "' argument '" << arg.name << "'";
      value = *d;
    } else {
      return emitError(loc) << "internal error: '" << prim
                            << "' argument '" << arg.name << "' has no value";
    }
    auto mismatch = [&]() {
      return emitError(loc) << "internal error: '" << prim << "' argument '"
                            << arg.name << "' of another kind than the table's";
    };
    switch (arg.kind) {
    case ArgKind::Int:
    case ArgKind::Bool:
      if (value.kind != ArgValue::Int && value.kind != ArgValue::Bool)
        return mismatch();
      out.set_i(value.i);
      out.set_type(arg.kind == ArgKind::Int ? AttrType::INT64 : AttrType::BOOL);
      return success();
    case ArgKind::Float:
      if (value.kind != ArgValue::Float)
        return mismatch();
      out.set_f(static_cast<float>(value.f));
      out.set_type(AttrType::FLOAT);
      return success();
    case ArgKind::Str:
      if (value.kind != ArgValue::Str)
        return mismatch();
      out.set_s(value.node);
      out.set_type(AttrType::STRING);
      return success();
    case ArgKind::Ints:
    case ArgKind::IntsOrNone:
      if (value.kind == ArgValue::None && arg.kind == ArgKind::IntsOrNone) {
        out.set_type(AttrType::NONE);
        return success();
      }
      if (value.kind == ArgValue::Int)
        value.ints.assign(1, value.i);
      else if (value.kind != ArgValue::Ints)
        return mismatch();
      fillInts(&out, value.ints);
      return success();
    case ArgKind::IntPairs:
      if (value.kind != ArgValue::IntPairs)
        return mismatch();
      out.set_type(AttrType::TUPLE);
      for (size_t i = 0; i + 1 < value.ints.size(); i += 2)
        fillInts(out.add_values(), ArrayRef(value.ints).slice(i, 2));
      return success();
    case ArgKind::TypeId: {
      std::optional<int64_t> id;
      if (value.kind == ArgValue::TypeArg)
        id = typeIdOf(value.type);
      if (!id)
        return emitError(loc) << "element type " << value.type
                              << " has no MindSpore TypeId";
      out.set_i(*id);
      out.set_type(AttrType::INT64);
      return success();
    }
    case ArgKind::PadMode:
    case ArgKind::Format: {
      std::optional<int64_t> v;
      if (value.kind == ArgValue::Str)
        v = enumValueOf(arg.kind, value.node);
      if (!v)
        return mismatch();
      out.set_i(*v);
      out.set_type(AttrType::INT64);
      return success();
    }
    case ArgKind::Tensor:
    case ArgKind::Tensors:
      break;
    }
    return mismatch();
  };

  SmallVector<std::string> inputs;
  std::string primName;
  if (spec->isFunction) {
    for (const PrimitiveArg &arg : spec->args) {
      if (arg.kind == ArgKind::Tensor) {
        FailureOr<std::string> t = takeTensor(arg.name);
        if (failed(t))
          return failure();
        inputs.push_back(*t);
        continue;
      }
      if (arg.kind == ArgKind::Tensors) {
        // A MakeTuple node the caller built (it knows the element types).
        const ArgValue *tuple = given(arg.name);
        if (!tuple || tuple->kind != ArgValue::Node)
          return emitError(loc) << "internal error: '" << prim
                                << "' lacks its tuple argument '" << arg.name
                                << "'";
        inputs.push_back(tuple->node);
        continue;
      }
      mind_ir::AttributeProto value;
      if (failed(encode(arg, value)))
        return failure();
      inputs.push_back(constant(g, value));
    }
    primName = primitive(prim, true);
  } else {
    for (const std::string &in : spec->inputs) {
      FailureOr<std::string> t = takeTensor(in);
      if (failed(t))
        return failure();
      inputs.push_back(*t);
    }
    AttrList attrs;
    for (const PrimitiveArg &arg : spec->args) {
      mind_ir::AttributeProto *a = attrs.Add();
      a->set_name(arg.name);
      if (failed(encode(arg, *a)))
        return failure();
    }
    mind_ir::AttributeProto *in = attrs.Add();
    in->set_name("input_names");
    fillStrings(in, spec->inputs);
    mind_ir::AttributeProto *out = attrs.Add();
    out->set_name("output_names");
    fillStrings(out, spec->outputs);
    primName = primitive(prim, false, &attrs);
  }
  if (nextTensor != tensors.size())
    return emitError(loc) << "internal error: '" << prim << "' got "
                          << tensors.size() << " tensors, its table entry takes "
                          << nextTensor;
  mind_ir::NodeProto &node = addNode(g, hint, primName);
  for (const std::string &in : inputs)
    node.add_input(in);
  node.set_domain(("Default/" + prim + "-op" + nextId()).str());
  if (failed(setShape(node, types, loc)))
    return failure();
  return node.name();
}

/// [a, b] -> [1, 1, a, b] (MindSpore's 4-D stride/dilation/window form).
static SmallVector<int64_t, 4> nchw4(ArrayRef<int64_t> hw) {
  if (hw.size() == 1)
    return {1, 1, hw[0], hw[0]};
  if (hw.size() == 2)
    return {1, 1, hw[0], hw[1]};
  return SmallVector<int64_t, 4>(hw);
}

static SmallVector<int64_t, 2> pair(ArrayRef<int64_t> hw) {
  if (hw.size() == 1)
    return {hw[0], hw[0]};
  return SmallVector<int64_t, 2>(hw.take_back(2));
}

/// `type` with a 1 inserted at dimension 2 (NCHW -> NC1HW).
static RankedTensorType withDepth(RankedTensorType type) {
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + 2, 1);
  return type.clone(shape);
}

LogicalResult MindIRExporter::exportPrimitiveOp(Operation *op, GraphState &g) {
  Location loc = op->getLoc();
  using A = ArgValue;
  FailureOr<SmallVector<std::string>> operandNames =
      namesOf(op->getOperands(), op);
  if (failed(operandNames))
    return failure();
  SmallVector<std::string> &operands = *operandNames;
  StringRef hint = op->getName().stripDialect();

  // The node of `prim` on the op's operands; one result names it, several
  // are read with TupleGetItem.
  auto apply = [&](StringRef prim, ArrayRef<A> args = {}) -> LogicalResult {
    FailureOr<std::string> node =
        applySpec(g, prim, operands, args, op->getResultTypes(), loc, hint);
    if (failed(node))
      return failure();
    return nameResults(op->getResults(), *node, g, loc);
  };
  // A primitive with more outputs in MindSpore than the op has results:
  // output 0 is the op's result.
  auto applyFirst = [&](StringRef prim, ArrayRef<A> args,
                        ArrayRef<Type> outputs) -> LogicalResult {
    FailureOr<std::string> node =
        applySpec(g, prim, operands, args, outputs, loc, hint);
    if (failed(node))
      return failure();
    FailureOr<std::string> item =
        tupleGetItem(g, *node, 0, op->getResult(0).getType(), loc);
    if (failed(item))
      return failure();
    names[op->getResult(0)] = *item;
    return success();
  };
  auto primName = [&](auto o) { return o.getPrimitiveName(); };

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<ms::AddOp, ms::SubOp, ms::MulOp, ms::RealDivOp, ms::GreaterOp,
            ms::GreaterEqualOp, ms::LessOp, ms::LessEqualOp, ms::EqualOp,
            ms::NotEqualOp, ms::LogicalAndOp, ms::LogicalOrOp, ms::MaximumOp,
            ms::MinimumOp, ms::PowOp, ms::ReLUOp, ms::SinOp, ms::CosOp,
            ms::NegOp, ms::AbsOp, ms::ExpOp, ms::LogOp, ms::SqrtOp, ms::RsqrtOp,
            ms::TanhOp, ms::ErfOp, ms::SigmoidOp, ms::SiLUOp, ms::ReLU6Op,
            ms::LogicalNotOp, ms::SelectOp, ms::MaskedFillOp,
            ms::TensorScatterUpdateOp, ms::TensorScatterAddOp, ms::AsinOp,
            ms::ACosOp, ms::AtanOp, ms::AsinhOp, ms::Expm1Op, ms::Log1pOp,
            ms::AcoshOp, ms::AtanhOp, ms::ErfcOp, ms::FloorOp, ms::CeilOp,
            ms::RoundOp, ms::TruncOp, ms::Atan2Op, ms::FloorDivOp,
            ms::FloorModOp, ms::TruncateModOp>(
          [&](auto o) { return apply(primName(o)); })
      .Case([&](ms::GeLUOp o) -> LogicalResult {
        // MindSpore's GeLU primitive is the tanh approximation (its CPU
        // kernel gives 0.841192 at x = 1 where erf's form gives 0.841345);
        // the exact form is written as MindSpore 2.10's
        // ops.gelu(approximate='none') exports it:
        // x * (1 + Erf(x / sqrt(2))) * 0.5.
        auto type = cast<RankedTensorType>(o.getType());
        Type elem = type.getElementType();
        auto scalar = [&](double v) -> FailureOr<std::string> {
          auto scalarType = RankedTensorType::get({}, elem);
          auto value = DenseElementsAttr::get(
              scalarType, FloatAttr::get(elem, v).getValue());
          mind_ir::AttributeProto attr;
          attr.set_type(AttrType::TENSORS);
          mind_ir::TensorProto *tensor = attr.add_tensors();
          if (failed(fillTensorType(tensor, scalarType, loc)))
            return failure();
          tensor->set_name("value0");
          std::string bytes;
          if (failed(rawBytes(cast<ElementsAttr>(value), loc, bytes)))
            return failure();
          tensor->set_raw_data(std::move(bytes));
          return constant(g, attr);
        };
        // Each constant just before its use, in the order the importer's
        // ops export them again (the round trip is byte-identical).
        TypeRange types(o->getResultTypes());
        FailureOr<std::string> sqrt2 = scalar(1.4142135623730951);
        if (failed(sqrt2))
          return failure();
        FailureOr<std::string> scaled = applySpec(
            g, "RealDiv", {operands[0], *sqrt2}, {}, types, loc, "real_div");
        if (failed(scaled))
          return failure();
        FailureOr<std::string> erf =
            applySpec(g, "Erf", {*scaled}, {}, types, loc, "erf");
        if (failed(erf))
          return failure();
        FailureOr<std::string> one = scalar(1.0);
        if (failed(one))
          return failure();
        FailureOr<std::string> sum =
            applySpec(g, "Add", {*erf, *one}, {}, types, loc, "add");
        if (failed(sum))
          return failure();
        FailureOr<std::string> product =
            applySpec(g, "Mul", {operands[0], *sum}, {}, types, loc, "mul");
        if (failed(product))
          return failure();
        FailureOr<std::string> half = scalar(0.5);
        if (failed(half))
          return failure();
        FailureOr<std::string> gelu =
            applySpec(g, "Mul", {*product, *half}, {}, types, loc, hint);
        if (failed(gelu))
          return failure();
        names[o.getResult()] = *gelu;
        return success();
      })
      .Case([&](ms::ZerosOp o) {
        auto type = cast<RankedTensorType>(o.getType());
        return apply("Zeros", {A::list("size", type.getShape()),
                               A::dtype("dtype", type.getElementType())});
      })
      .Case([&](ms::OnesOp o) {
        auto type = cast<RankedTensorType>(o.getType());
        return apply("Ones", {A::list("shape", type.getShape()),
                              A::dtype("dtype", type.getElementType())});
      })
      .Case([&](ms::FillOp o) {
        // The value (a 0-d tensor of the result's element type) broadcast
        // to the result's shape.
        auto type = cast<RankedTensorType>(o.getType());
        return apply("BroadcastTo", {A::list("shape", type.getShape())});
      })
      .Case([&](ms::DropoutOp o) {
        return applyFirst("Dropout",
                          {A::real("keep_prob",
                                   o.getKeepProb().convertToDouble())},
                          {o.getType(), o.getType()});
      })
      .Case([&](ms::CastOp o) {
        return apply("Cast",
                     {A::dtype("dtype", o.getType().getElementType())});
      })
      .Case<ms::ReduceSumOp, ms::ReduceMeanOp, ms::ReduceMaxOp>([&](auto o) {
        return apply(primName(o), {A::list("axis", o.getAxis()),
                                   A::boolean("keep_dims", o.getKeepDims())});
      })
      .Case([&](ms::ReduceAllOp o) {
        return apply("ReduceAll", {A::none("axis")});
      })
      .Case([&](ms::SoftmaxOp o) {
        return apply("Softmax",
                     {A::list("axis", {o.getAxisAttr().getInt()})});
      })
      .Case([&](ms::LogSoftmaxOp o) {
        return apply("LogSoftmax", {A::integer("axis", o.getAxis())});
      })
      .Case([&](ms::LayerNormOp o) {
        int64_t rank = o.getType().getRank();
        int64_t norm = o.getBeginNormAxis();
        // y, mean, variance (the statistics keep the normalized axes as 1).
        SmallVector<int64_t> stats(o.getType().getShape());
        for (int64_t d = norm < 0 ? norm + rank : norm; d < rank; ++d)
          stats[d] = 1;
        Type statsType = o.getType().clone(stats);
        return applyFirst(
            "LayerNorm",
            {A::integer("begin_norm_axis", norm),
             A::integer("begin_params_axis", o.getBeginParamsAxis()),
             A::real("epsilon", o.getEpsilon().convertToDouble())},
            {o.getType(), statsType, statsType});
      })
      .Case([&](ms::BatchNormOp o) {
        SmallVector<Type> outputs(5, o.getScale().getType());
        outputs[0] = o.getType();
        return applyFirst(
            "BatchNorm",
            {A::real("epsilon", o.getEpsilon().convertToDouble())}, outputs);
      })
      .Case([&](ms::ArgmaxOp o) {
        return apply("Argmax", {A::integer("axis", o.getAxis()),
                                A::dtype("output_type", o.getOutputType())});
      })
      .Case([&](ms::ArgMaxWithValueOp o) {
        return apply("ArgMaxWithValue",
                     {A::integer("axis", o.getAxis()),
                      A::boolean("keep_dims", o.getKeepDims())});
      })
      .Case([&](ms::TopKOp o) {
        return apply("TopK", {A::node_("k", intConstant(g, o.getK())),
                              A::boolean("sorted", o.getSorted())});
      })
      .Case([&](ms::ReshapeOp o) {
        return apply("Reshape", {A::list("shape", o.getShape())});
      })
      .Case([&](ms::TransposeOp o) {
        return apply("Transpose", {A::list("perm", o.getPerm())});
      })
      .Case([&](ms::ExpandDimsOp o) {
        return apply("ExpandDims", {A::integer("axis", o.getAxis())});
      })
      .Case([&](ms::SqueezeOp o) {
        return apply("Squeeze", {A::list("axis", o.getAxis())});
      })
      .Case([&](ms::ConcatOp o) -> LogicalResult {
        FailureOr<std::string> tuple = structural(
            g, "MakeTuple", operands, o.getInputs().getTypes(), loc);
        if (failed(tuple))
          return failure();
        FailureOr<std::string> node = applySpec(
            g, "Concat", {},
            {A::node_("tensors", *tuple), A::integer("axis", o.getAxis())},
            o.getType(), loc, hint);
        if (failed(node))
          return failure();
        names[o.getResult()] = *node;
        return success();
      })
      .Case([&](ms::SplitOp o) {
        return apply("Split", {A::integer("axis", o.getAxis()),
                               A::integer("output_num", o.getOutputNum())});
      })
      .Case([&](ms::StridedSliceOp o) {
        return apply("StridedSlice", {A::list("begin", o.getBegin()),
                                      A::list("end", o.getEnd()),
                                      A::list("strides", o.getStrides())});
      })
      .Case([&](ms::GatherOp o) {
        return apply("Gather", {A::integer("axis", o.getAxis())});
      })
      .Case([&](ms::GatherDOp o) {
        return apply("GatherD", {A::integer("dim", o.getDim())});
      })
      .Case([&](ms::BroadcastToOp o) {
        return apply("BroadcastTo", {A::list("shape", o.getShape())});
      })
      .Case([&](ms::TileOp o) {
        return apply("Tile", {A::list("multiples", o.getMultiples())});
      })
      .Case([&](ms::ReverseV2Op o) {
        return apply("ReverseV2", {A::list("axis", o.getAxis())});
      })
      .Case([&](ms::OneHotOp o) {
        return apply("OneHot", {A::integer("depth", o.getDepth()),
                                A::integer("axis", o.getAxis())});
      })
      .Case([&](ms::PadOp o) -> LogicalResult {
        if (!o.getValue().isZero())
          return o.emitError("a Pad with the non-zero value ")
                 << o.getValue().convertToDouble()
                 << " has no MindIR form MindSpore runs (its Pad pads with "
                    "zeros)";
        return apply("Pad", {A::pairs("paddings", o.getPaddings())});
      })
      .Case<ms::MatMulOp, ms::BatchMatMulOp>([&](auto o) {
        return apply(primName(o),
                     {A::boolean("transpose_a", o.getTransposeA()),
                      A::boolean("transpose_b", o.getTransposeB())});
      })
      .Case([&](ms::BiasAddOp o) { return apply("BiasAdd"); })
      .Case([&](ms::Conv2DOp o) {
        ArrayRef<int64_t> w = o.getWeight().getType().getShape();
        StringRef padMode = o.getPadMode(); // verified: pad/same/valid
        // MindSpore rejects a non-zero pad unless pad_mode is "pad".
        SmallVector<int64_t, 4> pad(o.getPad());
        if (padMode != "pad" || pad.size() != 4)
          pad.assign(4, 0);
        return apply("Conv2D",
                     {A::list("kernel_size", {w[2], w[3]}),
                      A::integer("out_channel", w[0]),
                      A::string("pad_mode", padMode), A::list("pad", pad),
                      A::list("pad_list", pad),
                      A::list("stride", nchw4(o.getStride())),
                      A::list("dilation", nchw4(o.getDilation())),
                      A::integer("group", o.getGroup()),
                      A::integer("groups", o.getGroup())});
      })
      .Case([&](ms::Conv2DTransposeOp o) {
        // Conv2DTranspose(dout, weight, input_sizes): the output padding is
        // in input_sizes (the result shape). out_channel is the forward
        // convolution's output channel count: the weight's dimension 0.
        ArrayRef<int64_t> w = o.getWeight().getType().getShape();
        mind_ir::AttributeProto sizes;
        fillInts(&sizes, cast<RankedTensorType>(o.getType()).getShape());
        return apply(
            "Conv2DTranspose",
            {A::node_("input_sizes", constant(g, sizes)),
             A::list("kernel_size", {w[2], w[3]}),
             A::integer("out_channel", w[0]), A::list("pad", o.getPad()),
             A::list("pad_list", o.getPad()),
             A::list("stride", nchw4(o.getStride())),
             A::list("dilation", nchw4(o.getDilation())),
             A::integer("group", o.getGroup()),
             A::integer("groups", o.getGroup())});
      })
      .Case([&](ms::AdaptiveAvgPool2DOp o) {
        return apply("AdaptiveAvgPool2D",
                     {A::list("output_size", o.getOutputSize())});
      })
      .Case([&](ms::AvgPoolOp o) -> LogicalResult {
        std::optional<ArrayRef<int64_t>> pad = o.getPad();
        bool padded =
            pad && llvm::any_of(*pad, [](int64_t p) { return p != 0; });
        if (!padded && !o.getCeilMode() && !o.getDivisorOverride())
          return apply("AvgPool",
                       {A::list("kernel_size", pair(o.getKernelSize())),
                        A::list("strides", pair(o.getStrides()))});
        // Padding, ceil mode or a divisor: AvgPool3D on ExpandDims(x, 2),
        // then Squeeze(2), as nn.AvgPool2d writes it (pad [front, back,
        // top, bottom, left, right]; divisor_override 0: none).
        SmallVector<int64_t> pads(6, 0);
        if (pad && pad->size() == 4)
          std::copy(pad->begin(), pad->end(), pads.begin() + 2);
        auto in = cast<RankedTensorType>(o.getX().getType());
        auto out = cast<RankedTensorType>(o.getType());
        SmallVector<int64_t> k(pair(o.getKernelSize())),
            s(pair(o.getStrides()));
        FailureOr<std::string> x5 =
            applySpec(g, "ExpandDims", {operands[0]}, {A::integer("axis", 2)},
                      TypeRange(withDepth(in)), loc, "expand_dims");
        if (failed(x5))
          return failure();
        FailureOr<std::string> y5 = applySpec(
            g, "AvgPool3D", {*x5},
            {A::list("kernel_size", {1, 1, 1, k[0], k[1]}),
             A::list("strides", {1, 1, 1, s[0], s[1]}), A::list("pad", pads),
             A::list("pad_list", pads),
             A::boolean("ceil_mode", o.getCeilMode()),
             A::boolean("count_include_pad", o.getCountIncludePad()),
             A::integer("divisor_override",
                        o.getDivisorOverride().value_or(0))},
            TypeRange(withDepth(out)), loc, hint);
        if (failed(y5))
          return failure();
        FailureOr<std::string> y =
            applySpec(g, "Squeeze", {*y5}, {A::list("axis", {2})},
                      TypeRange(out), loc, "squeeze");
        if (failed(y))
          return failure();
        names[o.getResult()] = *y;
        return success();
      })
      .Case([&](ms::MaxPoolOp o) -> LogicalResult {
        ArrayRef<int64_t> pad = o.getPad();
        bool noPad = llvm::all_of(pad, [](int64_t p) { return p == 0; });
        if (noPad && !o.getCeilMode())
          return apply("MaxPool",
                       {A::list("kernel_size", nchw4(o.getKernelSize())),
                        A::list("strides", nchw4(o.getStrides()))});
        // Padding or ceil mode: MaxPool3DWithArgmax on ExpandDims(x, 2),
        // output 0, Squeeze(2), as nn.MaxPool2d writes it (symmetric pads
        // per spatial dimension).
        if (pad.size() != 4 || pad[0] != pad[1] || pad[2] != pad[3])
          return o.emitError("max_pool padding [")
                 << llvm::make_range(pad.begin(), pad.end())
                 << "] is asymmetric; MindSpore's max pooling primitives "
                    "only pad symmetrically";
        auto in = cast<RankedTensorType>(o.getX().getType());
        auto out = cast<RankedTensorType>(o.getType());
        SmallVector<int64_t> k(pair(o.getKernelSize())),
            s(pair(o.getStrides()));
        FailureOr<std::string> x5 =
            applySpec(g, "ExpandDims", {operands[0]}, {A::integer("axis", 2)},
                      TypeRange(withDepth(in)), loc, "expand_dims");
        if (failed(x5))
          return failure();
        RankedTensorType y5Type = withDepth(out);
        Type argmaxType = y5Type.clone(IntegerType::get(op->getContext(), 64));
        FailureOr<std::string> pooled = applySpec(
            g, "MaxPool3DWithArgmax", {*x5},
            {A::list("ksize", {1, k[0], k[1]}),
             A::list("strides", {1, s[0], s[1]}),
             A::list("pads", {0, pad[0], pad[2]}),
             A::list("dilation", {1, 1, 1}),
             A::boolean("ceil_mode", o.getCeilMode())},
            {y5Type, argmaxType}, loc, hint);
        if (failed(pooled))
          return failure();
        FailureOr<std::string> y5 = tupleGetItem(g, *pooled, 0, y5Type, loc);
        if (failed(y5))
          return failure();
        FailureOr<std::string> y =
            applySpec(g, "Squeeze", {*y5}, {A::list("axis", {2})},
                      TypeRange(out), loc, "squeeze");
        if (failed(y))
          return failure();
        names[o.getResult()] = *y;
        return success();
      })
      .Case([&](ms::CustomOp o) {
        return o.emitError("'mindspore.custom' (")
               << o.getFuncType() << " kernel '" << o.getFuncName()
               << "') has no MindIR form MindSpore runs: MindSpore loads no "
                  "kernel for it";
      })
      .Default([&](Operation *) {
        return emitError(loc)
               << "'" << op->getName() << "' has no MindIR mapping";
      });
}
