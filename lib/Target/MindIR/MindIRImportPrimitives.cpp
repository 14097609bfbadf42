//===- MindIRImportPrimitives.cpp - MindIR primitive nodes as ops ---------===//
//
// The importer's primitive applications (MindIRImporter.h): structure
// (tuples, side-effect ordering, Switch, Partial), Custom, and each
// primitive of MindIRPrimitiveTable.def as its mindspore op, its arguments
// read by the table's names and defaults; MindSpore 2.x's Ext and scalar
// primitives (the table's MINDIR_ALIAS and MINDIR_IMPORTED rows) as the
// primitive of the same semantics; 2-D pooling in MindSpore's 3-D form; LSTM
// unrolled per step.
//
//===----------------------------------------------------------------------===//
#include "MindIRImporter.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindir;
namespace ms = mlir::ascend::mindspore;

//===----------------------------------------------------------------------===//
// Primitive applications
//===----------------------------------------------------------------------===//

/// The last two entries ([1, 1, h, w] -> [h, w]; [k] -> [k, k]).
static SmallVector<int64_t> lastTwo(ArrayRef<int64_t> v) {
  if (v.size() == 1)
    return {v[0], v[0]};
  return SmallVector<int64_t>(v.take_back(2));
}

/// `attrs` plus, for a PRIMITIVE_FUNCTION primitive of
/// MindIRPrimitiveTable.def, each non-tensor argument given as a Constant
/// input, as the attribute of the argument's name (a TypeId as a tensor
/// type, a PadMode / Format as its name): the form older files write.
static const AttrList &argumentsAsAttributes(StringRef primitive,
                                             const AttrList &attrs,
                                             ArrayRef<Entry> inputs,
                                             AttrList &storage,
                                             MLIRContext *ctx) {
  const mindir::PrimitiveSpec *spec = mindir::lookupPrimitiveSpec(primitive);
  if (!spec || !spec->isFunction)
    return attrs;
  storage = attrs;
  for (auto [i, arg] : llvm::enumerate(spec->args)) {
    if (i >= inputs.size())
      break;
    const Entry &in = inputs[i];
    if (arg.kind == mindir::ArgKind::Tensor ||
        arg.kind == mindir::ArgKind::Tensors || in.kind != Entry::Const ||
        !in.attr || findAttr(storage, arg.name))
      continue;
    mind_ir::AttributeProto *a = storage.Add();
    *a = *in.attr;
    a->set_name(arg.name);
    if (a->type() != AttrType::INT64)
      continue;
    if (arg.kind == mindir::ArgKind::TypeId) {
      Type t = mindir::elementTypeOfTypeId(a->i(), ctx);
      std::optional<int> dt = t ? mindir::dataTypeOf(t) : std::nullopt;
      if (!dt)
        continue;
      a->Clear();
      a->set_name(arg.name);
      a->set_type(AttrType::TENSORS);
      a->add_tensors()->set_data_type(*dt);
    } else if (arg.kind == mindir::ArgKind::PadMode ||
               arg.kind == mindir::ArgKind::Format) {
      if (std::optional<std::string> name = mindir::enumNameOf(arg.kind, a->i())) {
        a->clear_i();
        a->set_s(*name);
        a->set_type(AttrType::STRING);
      }
    }
  }
  return storage;
}

FailureOr<Entry> MindIRImporter::importPool3D(const mind_ir::NodeProto &node,
                                              StringRef primitive,
                                              const AttrList &attrs,
                                              ArrayRef<Entry> inputs) {
  if (inputs.empty())
    return error() << "primitive '" << primitive << "' needs an input";
  FailureOr<Value> x5 = toTensor(inputs[0], "input 0");
  if (failed(x5))
    return failure();
  auto expand = x5->getDefiningOp<ms::ExpandDimsOp>();
  if (!expand || expand.getAxis() != 2)
    return error() << "'" << primitive
                   << "' is imported only as MindSpore's 2-D pooling, on "
                      "ExpandDims(x, 2)";
  SmallVector<Type> types;
  bool tuple = false;
  if (failed(nodeTypes(node, types, tuple)))
    return failure();
  auto y5 = types.empty() ? RankedTensorType()
                          : dyn_cast_or_null<RankedTensorType>(types[0]);
  if (!y5 || y5.getRank() != 5 || y5.getDimSize(2) != 1)
    return error() << "the shape attribute of '" << primitive
                   << "' does not give an N x C x 1 x H x W tensor";
  SmallVector<int64_t> shape(y5.getShape());
  shape.erase(shape.begin() + 2);
  auto get = [&](StringRef name) -> FailureOr<SmallVector<int64_t>> {
    const mind_ir::AttributeProto *a = findAttr(attrs, name);
    if (!a)
      return error() << "'" << primitive << "' has no '" << name << "'";
    return attrInts(*a, "'" + name.str() + "'");
  };
  // An attribute, else its default in MindIRPrimitiveTable.def.
  const mindir::PrimitiveSpec *spec = mindir::lookupPrimitiveSpec(primitive);
  auto flag = [&](StringRef name) {
    if (const mind_ir::AttributeProto *a = findAttr(attrs, name))
      return a->i() != 0;
    const mindir::PrimitiveArg *arg = spec ? spec->findArg(name) : nullptr;
    return arg && arg->defaultValue == StringRef("true");
  };
  bool avg = primitive == "AvgPool3D";
  FailureOr<SmallVector<int64_t>> kernel = get(avg ? "kernel_size" : "ksize");
  FailureOr<SmallVector<int64_t>> strides = get("strides");
  FailureOr<SmallVector<int64_t>> pads = get(avg ? "pad" : "pads");
  if (failed(kernel) || failed(strides) || failed(pads))
    return failure();
  size_t want = avg ? 5 : 3, wantPads = avg ? 6 : 3;
  if (kernel->size() != want || strides->size() != want ||
      pads->size() != wantPads || (*kernel)[want - 3] != 1 ||
      (*pads)[0] != 0 || (avg && (*pads)[1] != 0))
    return error() << "'" << primitive
                   << "' pools over the depth (only its 2-D form is imported)";
  SmallVector<int64_t> pad4 =
      avg ? SmallVector<int64_t>(pads->begin() + 2, pads->end())
          : SmallVector<int64_t>{(*pads)[1], (*pads)[1], (*pads)[2],
                                 (*pads)[2]};
  Location loc = nodeLoc(node);
  OperationState state(loc, avg ? ms::AvgPoolOp::getOperationName()
                                : ms::MaxPoolOp::getOperationName());
  state.addOperands(expand->getOperand(0));
  state.addTypes(y5.clone(shape));
  state.addAttribute("kernel_size",
                     builder.getDenseI64ArrayAttr(
                         ArrayRef(*kernel).take_back(2)));
  state.addAttribute("strides", builder.getDenseI64ArrayAttr(
                                    ArrayRef(*strides).take_back(2)));
  if (!avg || llvm::any_of(pad4, [](int64_t p) { return p != 0; }))
    state.addAttribute("pad", builder.getDenseI64ArrayAttr(pad4));
  if (flag("ceil_mode"))
    state.addAttribute("ceil_mode", builder.getBoolAttr(true));
  if (avg) {
    if (!flag("count_include_pad"))
      state.addAttribute("count_include_pad", builder.getBoolAttr(false));
    if (const mind_ir::AttributeProto *d = findAttr(attrs, "divisor_override");
        d && d->i() != 0)
      state.addAttribute("divisor_override",
                         builder.getI64IntegerAttr(d->i()));
  }
  Operation *pool = builder.create(state);
  auto again = ms::ExpandDimsOp::create(builder, loc, y5, pool->getResult(0),
                                        builder.getI64IntegerAttr(2));
  if (!llvm::is_contained(poolExpands, expand.getOperation()))
    poolExpands.push_back(expand);
  poolExpands.push_back(again);
  if (avg)
    return Entry::tensor(again.getResult());
  Entry e = Entry::of(Entry::MultiOutput);
  e.value = again.getResult();
  e.numOutputs = 2;
  e.primitive = primitive.str();
  return e;
}

std::optional<FailureOr<Entry>>
MindIRImporter::applyExtPrimitive(const mind_ir::NodeProto &node,
                                  StringRef primitive, const AttrList &attrs,
                                  ArrayRef<Entry> inputs) {
  // MindIRPrimitiveTable.def's read-only entries: an alias is applied as its
  // primitive; the others' arguments are read by their names in the entry.
  const mindir::PrimitiveSpec *spec = mindir::lookupPrimitiveSpec(primitive);
  if (!spec || !spec->importOnly)
    return std::nullopt;
  if (!spec->aliasOf.empty())
    return applyPrimitive(node, spec->aliasOf, attrs, inputs);
  auto argIndex = [&](StringRef name) -> size_t {
    for (auto [i, arg] : llvm::enumerate(spec->args))
      if (arg.name == name)
        return i;
    llvm_unreachable("an argument MindIRPrimitiveTable.def does not name");
  };
  auto rank = [&](size_t i) -> int64_t {
    if (i >= inputs.size() || inputs[i].kind != Entry::Tensor ||
        !inputs[i].value)
      return -1;
    auto t = dyn_cast<RankedTensorType>(inputs[i].value.getType());
    return t ? t.getRank() : -1;
  };
  AttrList with = attrs;
  auto setInts = [&](StringRef name, ArrayRef<int64_t> v) {
    mind_ir::AttributeProto *a = with.Add();
    a->set_name(name.str());
    a->set_type(AttrType::TUPLE);
    for (int64_t x : v)
      a->add_ints(x);
  };
  auto setBool = [&](StringRef name, bool v) {
    mind_ir::AttributeProto *a = with.Add();
    a->set_name(name.str());
    a->set_type(AttrType::BOOL);
    a->set_i(v);
  };
  auto isNone = [&](size_t i) {
    return i >= inputs.size() || inputs[i].kind == Entry::None;
  };
  auto constBool = [&](size_t i) -> bool {
    return i < inputs.size() && inputs[i].kind == Entry::Const &&
           inputs[i].attr && inputs[i].attr->i() != 0;
  };
  auto first = [&]() { return ArrayRef<Entry>(inputs).take_front(1); };

  if (primitive == "MatMulExt" || primitive == "BatchMatMulExt") {
    // torch.matmul semantics; the dialect's MatMul (2-D) and BatchMatMul
    // (equal batch ranks) cover it without broadcasting ranks.
    int64_t a = rank(0), b = rank(1);
    if (a == 2 && b == 2)
      return applyPrimitive(node, "MatMul", attrs, inputs.take_front(2));
    if (a >= 3 && a == b)
      return applyPrimitive(node, "BatchMatMul", attrs, inputs.take_front(2));
    return FailureOr<Entry>(error()
                            << "'" << primitive << "' of ranks " << a << " and "
                            << b << " (imported for equal ranks >= 2 only)");
  }
  if (primitive == "SumExt" || primitive == "MeanExt" || primitive == "Max" ||
      primitive == "ReduceMaxExt") {
    // SumExt / MeanExt(input, dim (None: every axis), keepdim, dtype);
    // Max(input): the maximum of every element.
    bool isMax = primitive == "Max" || primitive == "ReduceMaxExt";
    if (!isMax && !isNone(argIndex("dtype")))
      return FailureOr<Entry>(error() << "'" << primitive
                                      << "' with a dtype is not imported");
    SmallVector<int64_t> axis;
    if (!isMax && !isNone(argIndex("dim"))) {
      FailureOr<SmallVector<int64_t>> v =
          toInts(inputs[argIndex("dim")], "'dim'");
      if (failed(v))
        return FailureOr<Entry>(failure());
      axis = *v;
    }
    if (axis.empty())
      for (int64_t d = 0; d < rank(0); ++d)
        axis.push_back(d);
    setInts("axis", axis);
    const mindir::PrimitiveArg *keep = spec->findArg("keepdim");
    setBool("keep_dims",
            !isMax && (argIndex("keepdim") < inputs.size()
                           ? constBool(argIndex("keepdim"))
                           : keep->defaultValue == StringRef("true")));
    StringRef op = isMax ? "ReduceMax"
                         : (primitive == "SumExt" ? "ReduceSum" : "ReduceMean");
    return applyPrimitive(node, op, with, first());
  }
  if (primitive == "LSTM")
    return importLSTM(node, attrs, inputs);
  if (primitive == "Flatten") {
    // nn.Flatten: [N, ...] -> [N, prod(...)], the node's output type.
    SmallVector<Type> types;
    bool tuple = false;
    if (failed(nodeTypes(node, types, tuple)))
      return FailureOr<Entry>(failure());
    auto t = types.size() == 1 && !tuple
                 ? dyn_cast_or_null<RankedTensorType>(types[0])
                 : RankedTensorType();
    if (!t || !t.hasStaticShape())
      return FailureOr<Entry>(
          error() << "the shape attribute of 'Flatten' does not give one "
                     "static tensor");
    setInts("shape", t.getShape());
    return applyPrimitive(node, "Reshape", with, first());
  }
  return std::nullopt;
}

/// MindSpore's LSTM primitive (nn.LSTM on CPU/GPU): inputs x [T, B, I]
/// (sequence first), h0 and c0 [1, B, H], and the flat weights
/// [w_ih (4H x I), w_hh (4H x H), b_ih + b_hh (4H)] (nn.LSTM concatenates
/// them, each reshaped to [-1, 1, 1]); gates i, f, g, o as in nn.LSTM's
/// docstring; outputs (output [T, B, H], h_n, c_n, reserve, state). Unrolled
/// per step into MatMul / Add / Sigmoid / Tanh / Mul; one layer,
/// unidirectional, with bias, no projection.
FailureOr<Entry> MindIRImporter::importLSTM(const mind_ir::NodeProto &node,
                                            const AttrList &attrs,
                                            ArrayRef<Entry> inputs) {
  // An attribute, else its default in MindIRPrimitiveTable.def (a bool as
  // 0 / 1; 0 when the table has none, as for hidden_size).
  const mindir::PrimitiveSpec *spec = mindir::lookupPrimitiveSpec("LSTM");
  auto intOf = [&](StringRef name) -> int64_t {
    if (const mind_ir::AttributeProto *a = findAttr(attrs, name))
      return a->i();
    const mindir::PrimitiveArg *arg = spec->findArg(name);
    if (!arg || !arg->defaultValue)
      return 0;
    int64_t v = 0;
    if (*arg->defaultValue == "true")
      return 1;
    return StringRef(*arg->defaultValue).getAsInteger(10, v) ? 0 : v;
  };
  StringRef lstmName = "LSTM";
  int64_t hidden = intOf("hidden_size"), layers = intOf("num_layers");
  if (layers != 1 || intOf("bidirectional") || !intOf("has_bias") ||
      intOf("proj_size"))
    return error() << "'LSTM' with num_layers " << layers
                   << ", bidirectional, proj_size or without bias (imported: "
                      "one unidirectional layer with bias)";
  if (inputs.size() < 4)
    return error() << "primitive '" << lstmName
                   << "' needs 4 inputs, the node has "
                   << inputs.size();
  SmallVector<Value> v;
  for (unsigned i = 0; i < 4; ++i) {
    FailureOr<Value> t = toTensor(inputs[i], "input " + std::to_string(i));
    if (failed(t))
      return failure();
    v.push_back(*t);
  }
  auto xt = dyn_cast<RankedTensorType>(v[0].getType());
  auto wt = dyn_cast<RankedTensorType>(v[3].getType());
  if (!xt || xt.getRank() != 3 || !xt.hasStaticShape() || !wt ||
      !wt.hasStaticShape() || hidden <= 0)
    return error() << "'LSTM' needs a static [T, B, I] input and weights";
  int64_t T = xt.getDimSize(0), B = xt.getDimSize(1), I = xt.getDimSize(2),
          H = hidden;
  int64_t n = wt.getNumElements();
  if (n != 4 * H * (I + H + 1))
    return error() << "'LSTM' weights have " << n << " elements, not 4H(I+H+1) = "
                   << 4 * H * (I + H + 1);
  Location loc = nodeLoc(node);
  Type f = xt.getElementType();
  auto ty = [&](ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, f);
  };
  auto reshape = [&](Value x, ArrayRef<int64_t> shape) -> Value {
    return ms::ReshapeOp::create(builder, loc, ty(shape), x,
                                 builder.getDenseI64ArrayAttr(shape));
  };
  auto slice = [&](Value x, ArrayRef<int64_t> begin, ArrayRef<int64_t> end) {
    SmallVector<int64_t> shape, strides(begin.size(), 1);
    for (auto [b, e] : llvm::zip(begin, end))
      shape.push_back(e - b);
    return Value(ms::StridedSliceOp::create(
        builder, loc, ty(shape), x, builder.getDenseI64ArrayAttr(begin),
        builder.getDenseI64ArrayAttr(end),
        builder.getDenseI64ArrayAttr(strides)));
  };
  Value flat = reshape(v[3], {n});
  Value wih = reshape(slice(flat, {0}, {4 * H * I}), {4 * H, I});
  Value whh =
      reshape(slice(flat, {4 * H * I}, {4 * H * (I + H)}), {4 * H, H});
  Value bias = slice(flat, {4 * H * (I + H)}, {n});
  Value h = reshape(v[1], {B, H}), c = reshape(v[2], {B, H});
  auto bh = ty({B, H}), b4h = ty({B, 4 * H});
  SmallVector<Value> steps;
  for (int64_t t = 0; t < T; ++t) {
    Value x = reshape(slice(v[0], {t, 0, 0}, {t + 1, B, I}), {B, I});
    Value gx = ms::MatMulOp::create(builder, loc, b4h, x, wih,
                                    builder.getBoolAttr(false),
                                    builder.getBoolAttr(true));
    Value gh = ms::MatMulOp::create(builder, loc, b4h, h, whh,
                                    builder.getBoolAttr(false),
                                    builder.getBoolAttr(true));
    Value g = ms::AddOp::create(builder, loc, b4h, gx, gh);
    g = ms::AddOp::create(builder, loc, b4h, g, bias);
    auto gate = [&](int k) { return slice(g, {0, k * H}, {B, (k + 1) * H}); };
    Value ig = ms::SigmoidOp::create(builder, loc, bh, gate(0));
    Value fg = ms::SigmoidOp::create(builder, loc, bh, gate(1));
    Value gg = ms::TanhOp::create(builder, loc, bh, gate(2));
    Value og = ms::SigmoidOp::create(builder, loc, bh, gate(3));
    c = ms::AddOp::create(builder, loc, bh,
                          ms::MulOp::create(builder, loc, bh, fg, c),
                          ms::MulOp::create(builder, loc, bh, ig, gg));
    h = ms::MulOp::create(builder, loc, bh, og,
                          ms::TanhOp::create(builder, loc, bh, c));
    steps.push_back(reshape(h, {1, B, H}));
  }
  Value output =
      T == 1 ? steps[0]
             : Value(ms::ConcatOp::create(builder, loc, ty({T, B, H}), steps,
                                          builder.getI64IntegerAttr(0)));
  Entry result = Entry::of(Entry::Tuple);
  result.elems = {Entry::tensor(output), Entry::tensor(reshape(h, {1, B, H})),
                  Entry::tensor(reshape(c, {1, B, H}))};
  return result;
}

FailureOr<Entry> MindIRImporter::applyPrimitive(const mind_ir::NodeProto &node,
                                                StringRef primitive,
                                                const AttrList &primAttrs,
                                                ArrayRef<Entry> inputs) {
  if (std::optional<FailureOr<Entry>> ext =
          applyExtPrimitive(node, primitive, primAttrs, inputs))
    return *ext;
  AttrList withArguments;
  const AttrList &attrs = argumentsAsAttributes(primitive, primAttrs, inputs,
                                                withArguments, ctx);
  if (primitive == "AvgPool3D" || primitive == "MaxPool3DWithArgmax")
    return importPool3D(node, primitive, attrs, inputs);
  if (primitive == "BroadcastTo" && !inputs.empty() &&
      inputs[0].kind == Entry::Tensor && inputs[0].value)
    if (auto t = dyn_cast<RankedTensorType>(inputs[0].value.getType());
        t && t.getRank() == 0) {
      // A 0-d value broadcast: MindIRExport's form of mindspore.fill.
      SmallVector<Type> types;
      bool tuple = false;
      if (failed(nodeTypes(node, types, tuple)))
        return failure();
      if (types.size() != 1 || !types[0] || tuple)
        return error() << "the shape attribute of 'BroadcastTo' does not "
                          "give one tensor";
      return Entry::tensor(ms::FillOp::create(builder, nodeLoc(node), types[0],
                                              inputs[0].value)
                               .getResult());
    }
  if (primitive == "Squeeze" && !inputs.empty() &&
      inputs[0].kind == Entry::Tensor && inputs[0].value)
    if (auto expand = inputs[0].value.getDefiningOp<ms::ExpandDimsOp>();
        expand && expand.getAxis() == 2 &&
        llvm::is_contained(poolExpands, expand.getOperation())) {
      FailureOr<SmallVector<int64_t>> axis =
          inputs.size() > 1 ? toInts(inputs[1], "'axis'")
                            : FailureOr<SmallVector<int64_t>>(failure());
      if (succeeded(axis) && *axis == SmallVector<int64_t>{2})
        return Entry::tensor(expand->getOperand(0));
    }
  auto needInputs = [&](size_t n) -> LogicalResult {
    if (inputs.size() < n)
      return error() << "primitive '" << primitive << "' needs " << n
                     << " inputs, the node has " << inputs.size();
    return success();
  };

  // Structure: tuples, side-effect ordering, Switch.
  if (primitive == "MakeTuple" || primitive == "make_tuple" ||
      primitive == "MakeList") {
    Entry tuple = Entry::of(Entry::Tuple);
    tuple.elems.assign(inputs.begin(), inputs.end());
    return tuple;
  }
  if (primitive == "TupleGetItem" || primitive == "ListGetItem" ||
      primitive == "tuple_getitem") {
    if (failed(needInputs(2)))
      return failure();
    FailureOr<SmallVector<int64_t>> index = toInts(inputs[1], "the index");
    if (failed(index))
      return failure();
    if (index->size() != 1)
      return error() << "TupleGetItem index is not one integer";
    int64_t i = (*index)[0];
    const Entry &from = inputs[0];
    if (from.kind == Entry::Tuple) {
      if (i < 0)
        i += from.elems.size();
      if (i < 0 || i >= int64_t(from.elems.size()))
        return error() << "TupleGetItem index " << (*index)[0]
                       << " is out of range (" << from.elems.size()
                       << " elements)";
      return from.elems[i];
    }
    if (from.kind == Entry::MultiOutput) {
      if (i == 0)
        return Entry::tensor(from.value);
      return error() << "takes output " << i << " of '" << from.primitive
                     << "'; the mindspore op models only output 0";
    }
    return error() << "TupleGetItem of " << kindName(from);
  }
  if (primitive == "Load" || primitive == "Depend" ||
      primitive == "StopGradient" || primitive == "stop_gradient") {
    if (failed(needInputs(1)))
      return failure();
    return inputs[0];
  }
  if (primitive == "UpdateState")
    return Entry::of(Entry::Monad);
  if (primitive == "Assert") {
    // Assert(condition, (message,)): a guard; the graph's outputs depend on
    // it (Depend), which the dialect expresses by the op's place.
    if (failed(needInputs(2)))
      return failure();
    FailureOr<Value> condition = toTensor(inputs[0], "the Assert condition");
    if (failed(condition))
      return failure();
    const Entry *text = &inputs[1];
    if (text->kind == Entry::Tuple && text->elems.size() == 1)
      text = &text->elems[0];
    if (text->kind != Entry::Const || !text->attr ||
        text->attr->type() != AttrType::STRING)
      return error() << "Assert prints " << kindName(*text)
                     << "; only a message string is imported";
    auto type = dyn_cast<RankedTensorType>(condition->getType());
    if (!type || !type.getElementType().isInteger(1))
      return error() << "the Assert condition is " << condition->getType()
                     << ", not a bool tensor";
    ms::AssertOp::create(builder, nodeLoc(node), *condition,
                         text->attr->s());
    return Entry::of(Entry::Monad);
  }
  if (primitive == "Switch" || primitive == "switch") {
    if (failed(needInputs(3)))
      return failure();
    if (inputs[1].kind != Entry::Graph || inputs[2].kind != Entry::Graph)
      return error() << "Switch between " << kindName(inputs[1]) << " and "
                     << kindName(inputs[2])
                     << " (only a choice between two graphs is imported)";
    Entry sw = Entry::of(Entry::Switch);
    sw.elems.push_back(inputs[0]);
    sw.elems.push_back(inputs[1]);
    sw.elems.push_back(inputs[2]);
    sw.graph = inputs[1].graph;
    sw.elseGraph = inputs[2].graph;
    return sw;
  }
  if (primitive == "Partial") {
    // A closure: the graph with its first arguments bound.
    if (failed(needInputs(1)))
      return failure();
    if (inputs[0].kind != Entry::Graph)
      return error() << "Partial of " << kindName(inputs[0])
                     << " (only a graph is imported)";
    Entry closure = inputs[0];
    closure.elems.insert(closure.elems.end(), inputs.begin() + 1,
                         inputs.end());
    return closure;
  }

  if (primitive.starts_with("GraphKernel_"))
    return buildFusion(node, primitive, attrs, inputs);
  if (primitive == "Custom") {
    // mindspore.custom: func_type, func_name; every other attribute is an
    // entry of `attrs` (the encodings MindIRExport writes).
    SmallVector<Type> types;
    bool tuple = false;
    if (failed(nodeTypes(node, types, tuple)))
      return failure();
    if (types.empty() || llvm::any_of(types, [](Type t) { return !t; }))
      return error() << "the shape attribute of 'Custom' does not give "
                        "tensors";
    NamedAttrList entries;
    std::string funcName, funcType;
    for (const mind_ir::AttributeProto &a : attrs) {
      StringRef name = a.name();
      Attribute v;
      if (name == "func_name" || name == "func_type") {
        (name == "func_name" ? funcName : funcType) = attrString(a);
        continue;
      }
      if (name == "input_names" || name == "output_names")
        continue;
      bool allInts = a.values_size() > 0, allDoubles = a.values_size() > 0;
      for (const mind_ir::AttributeProto &e : a.values()) {
        allInts &= e.type() == AttrType::INT64 && e.ints_size() == 1;
        allDoubles &= e.type() == AttrType::DOUBLE;
      }
      if (a.type() == AttrType::INT64)
        v = builder.getI64IntegerAttr(a.i());
      else if (a.type() == AttrType::BOOL)
        v = builder.getBoolAttr(a.i() != 0);
      else if (a.type() == AttrType::FLOAT)
        v = builder.getF32FloatAttr(a.f());
      else if (a.type() == AttrType::DOUBLE)
        v = builder.getF64FloatAttr(a.d());
      else if (a.type() == AttrType::STRING)
        v = builder.getStringAttr(a.s());
      else if (a.type() == AttrType::NONE)
        v = builder.getUnitAttr();
      else if (a.type() == AttrType::TENSORS && a.tensors_size() == 1 &&
               a.tensors(0).dims_size() == 0) {
        if (Type t = mindir::elementTypeOf(a.tensors(0).data_type(), ctx))
          v = TypeAttr::get(t);
      } else if (a.type() == AttrType::TUPLE && allDoubles) {
        SmallVector<double> ds;
        for (const mind_ir::AttributeProto &e : a.values())
          ds.push_back(e.d());
        v = builder.getDenseF64ArrayAttr(ds);
      } else if (a.type() == AttrType::TUPLE &&
                 (allInts || a.values_size() == 0)) {
        SmallVector<int64_t> is;
        for (const mind_ir::AttributeProto &e : a.values())
          is.push_back(e.ints(0));
        v = builder.getDenseI64ArrayAttr(is);
      }
      if (!v)
        return error() << "Custom attribute '" << name
                       << "' has an encoding that is not imported";
      entries.append(name, v);
    }
    SmallVector<Value> operands;
    if (failed(tensorOperands(inputs, operands)))
      return failure();
    auto custom = ms::CustomOp::create(
        builder, nodeLoc(node), types, builder.getStringAttr(funcName),
        builder.getStringAttr(funcType), entries.getDictionary(ctx), operands);
    if (!tuple)
      return Entry::tensor(custom.getResult(0));
    Entry result = Entry::of(Entry::Tuple);
    for (Value r : custom.getResults())
      result.elems.push_back(Entry::tensor(r));
    return result;
  }

  // A mindspore op.
  auto cached = primitiveOps.find(primitive);
  if (cached == primitiveOps.end())
    cached = primitiveOps
                 .insert({primitive, mindir::lookupPrimitiveOp(ctx, primitive)})
                 .first;
  std::optional<RegisteredOperationName> opName = cached->second;
  if (!opName)
    return error() << "primitive '" << primitive
                   << "' has no mindspore op (unknown primitive)";

  SmallVector<Type> types;
  bool tuple = false;
  if (failed(nodeTypes(node, types, tuple)))
    return failure();
  // Primitives whose every output is a result of the op.
  bool allOutputs = primitive == "ArgMaxWithValue" || primitive == "Split" ||
                    primitive == "TopK";
  unsigned numOutputs =
      allOutputs ? types.size() : mindir::numMindSporeOutputs(primitive);
  if (allOutputs) {
    if (!tuple || types.empty() ||
        llvm::any_of(types, [](Type t) { return !t; }))
      return error() << "the shape attribute of '" << primitive
                     << "' does not give a tuple of tensors";
  } else if (types.empty() || !types[0] || (numOutputs > 1) != tuple ||
             (numOutputs > 1 && types.size() != numOutputs)) {
    return error() << "the shape attribute of '" << primitive
                   << "' does not give "
                   << (numOutputs > 1
                           ? "a tuple of " + std::to_string(numOutputs) +
                                 " tensors"
                           : std::string("one tensor"));
  }
  Type resultType = types[0];

  OperationState state(nodeLoc(node), *opName);
  if (allOutputs)
    state.addTypes(types);
  else
    state.addTypes(resultType);
  auto tensorInputs = [&](size_t n) -> LogicalResult {
    if (failed(needInputs(n)))
      return failure();
    for (size_t i = 0; i < n; ++i) {
      FailureOr<Value> v = toTensor(inputs[i], "input " + std::to_string(i));
      if (failed(v))
        return failure();
      state.addOperands(*v);
    }
    return success();
  };
  // An integer list given as a primitive attribute or as the constant input
  // at `index` (MindSpore moved many attributes to inputs over time).
  auto ints =
      [&](StringRef name,
          std::optional<size_t> index) -> FailureOr<SmallVector<int64_t>> {
    if (index && *index < inputs.size() && inputs[*index].kind != Entry::Monad)
      return toInts(inputs[*index], "'" + name.str() + "'");
    if (const mind_ir::AttributeProto *a = findAttr(attrs, name))
      return attrInts(*a, "'" + name.str() + "'");
    return error() << "primitive '" << primitive << "' has no '" << name << "'";
  };
  auto intAttr = [&](StringRef name, std::optional<size_t> index,
                     std::optional<int64_t> dflt =
                         std::nullopt) -> FailureOr<int64_t> {
    if (dflt && !findAttr(attrs, name) && !(index && *index < inputs.size()))
      return *dflt;
    FailureOr<SmallVector<int64_t>> v = ints(name, index);
    if (failed(v))
      return failure();
    if (v->size() != 1)
      return error() << "'" << name << "' of '" << primitive
                     << "' is not a single integer";
    return (*v)[0];
  };
  auto boolAttr = [&](StringRef name, bool dflt) -> bool {
    const mind_ir::AttributeProto *a = findAttr(attrs, name);
    return a ? a->i() != 0 : dflt;
  };
  auto floatAttr = [&](StringRef name, double dflt) -> FailureOr<double> {
    const mind_ir::AttributeProto *a = findAttr(attrs, name);
    return a ? attrFloat(*a, "'" + name.str() + "'") : FailureOr<double>(dflt);
  };
  auto stringAttr = [&](StringRef name, StringRef dflt) -> std::string {
    const mind_ir::AttributeProto *a = findAttr(attrs, name);
    return a ? attrString(*a) : dflt.str();
  };
  // The arguments by the names, places and defaults of the primitive's entry
  // of MindIRPrimitiveTable.def (the table MindIRExport writes them by): a
  // PRIMITIVE_FUNCTION argument is the input at its place in the entry (and,
  // from argumentsAsAttributes, the attribute of its name when constant); a
  // PRIMITIVE argument is the attribute of its name; absent, it is the
  // entry's default, or an error when the entry has none.
  const mindir::PrimitiveSpec *spec = mindir::lookupPrimitiveSpec(primitive);
  auto argIndex = [&](StringRef name) -> std::optional<size_t> {
    if (spec && spec->isFunction)
      for (auto [i, arg] : llvm::enumerate(spec->args))
        if (arg.name == name)
          return i;
    if (spec && !spec->isFunction)
      for (auto [i, input] : llvm::enumerate(spec->inputs))
        if (input == name)
          return i;
    return std::nullopt;
  };
  auto argDefault = [&](StringRef name) -> std::optional<StringRef> {
    const mindir::PrimitiveArg *arg = spec ? spec->findArg(name) : nullptr;
    if (!arg || !arg->defaultValue)
      return std::nullopt;
    return StringRef(*arg->defaultValue);
  };
  auto intsArg = [&](StringRef name) { return ints(name, argIndex(name)); };
  auto intArg = [&](StringRef name) -> FailureOr<int64_t> {
    std::optional<int64_t> dflt;
    int64_t v;
    if (std::optional<StringRef> d = argDefault(name);
        d && !d->getAsInteger(10, v))
      dflt = v;
    return intAttr(name, argIndex(name), dflt);
  };
  auto boolArg = [&](StringRef name) -> bool {
    return boolAttr(name, argDefault(name) == StringRef("true"));
  };
  auto floatArg = [&](StringRef name) -> FailureOr<double> {
    double dflt;
    std::optional<StringRef> d = argDefault(name);
    if (!findAttr(attrs, name) && (!d || d->getAsDouble(dflt)))
      return error() << "primitive '" << primitive << "' has no '" << name
                     << "'";
    return floatAttr(name, d ? dflt : 0.0);
  };
  // The entry's tensor inputs, in order: a PRIMITIVE_FUNCTION's `tensor`
  // arguments before its first other one, a PRIMITIVE's `Inputs`.
  auto tableTensorInputs = [&]() -> LogicalResult {
    if (!spec)
      return error() << "internal error: primitive '" << primitive
                     << "' is not in MindIRPrimitiveTable.def";
    size_t n = 0;
    if (spec->isFunction)
      while (n < spec->args.size() &&
             spec->args[n].kind == mindir::ArgKind::Tensor)
        ++n;
    else
      n = spec->inputs.size();
    return tensorInputs(n);
  };
  /// `fallback` when the entry has no default (older spellings).
  auto stringArg = [&](StringRef name, StringRef fallback) -> std::string {
    return stringAttr(name, argDefault(name).value_or(fallback));
  };
  auto checkNCHW = [&]() -> LogicalResult {
    std::string format = stringArg("format", "NCHW");
    if (format != "NCHW")
      return error() << "'" << primitive << "' with format '" << format
                     << "' (only NCHW is imported)";
    return success();
  };
  auto setArray = [&](StringRef name, ArrayRef<int64_t> v) {
    state.addAttribute(name, builder.getDenseI64ArrayAttr(v));
  };
  /// MindSpore's "same" padding of one spatial dimension.
  auto samePads = [&](int64_t size, int64_t k, int64_t s, int64_t d,
                      int64_t &before, int64_t &after) {
    int64_t out = s > 0 ? (size + s - 1) / s : size;
    int64_t total =
        std::max<int64_t>((out - 1) * s + (k - 1) * d + 1 - size, 0);
    before = total / 2;
    after = total - before;
  };
  auto spatial = [&](Value v) -> ArrayRef<int64_t> {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    if (!t || t.getRank() != 4 || !t.hasStaticShape())
      return {};
    return t.getShape().take_back(2);
  };

  LogicalResult ok = success();
  Type reshapeTo; // set when the op's result is reshaped to the node's type
  if (primitive == "Conv2D") {
    if (failed(tableTensorInputs()) || failed(checkNCHW()))
      return failure();
    FailureOr<SmallVector<int64_t>> stride = intsArg("stride");
    FailureOr<SmallVector<int64_t>> dilation = intsArg("dilation");
    if (failed(stride) || failed(dilation))
      return failure();
    if (stride->empty() || dilation->empty())
      return error() << "empty stride or dilation";
    std::string padMode = StringRef(stringArg("pad_mode", "pad")).lower();
    SmallVector<int64_t> pad(4, 0);
    if (padMode == "pad") {
      FailureOr<SmallVector<int64_t>> p = intsArg("pad");
      if (failed(p))
        return failure();
      if (p->size() == 1)
        p->assign(4, (*p)[0]);
      if (p->size() != 4)
        return error() << "Conv2D pad has " << p->size() << " entries";
      pad = *p;
    } else if (padMode == "same") {
      ArrayRef<int64_t> hw = spatial(state.operands[0]);
      ArrayRef<int64_t> khw = spatial(state.operands[1]);
      if (hw.empty() || khw.empty())
        return error() << "Conv2D pad_mode 'same' needs static 4-D operands";
      SmallVector<int64_t> s = lastTwo(*stride), d = lastTwo(*dilation);
      samePads(hw[0], khw[0], s[0], d[0], pad[0], pad[1]);
      samePads(hw[1], khw[1], s[1], d[1], pad[2], pad[3]);
    } else if (padMode != "valid") {
      return error() << "Conv2D pad_mode '" << padMode << "' is unknown";
    }
    setArray("stride", lastTwo(*stride));
    setArray("dilation", lastTwo(*dilation));
    setArray("pad", pad);
    state.addAttribute("pad_mode", builder.getStringAttr(padMode));
    FailureOr<int64_t> group = intArg("group");
    if (failed(group))
      return failure();
    state.addAttribute("group", builder.getI64IntegerAttr(*group));
  } else if (primitive == "Conv2DTranspose") {
    // Conv2DTranspose(dout, weight, input_sizes): the output padding is what
    // input_sizes adds to the unpadded output size.
    if (failed(tensorInputs(2)) || failed(checkNCHW()))
      return failure();
    FailureOr<SmallVector<int64_t>> stride = intsArg("stride");
    FailureOr<SmallVector<int64_t>> dilation = intsArg("dilation");
    FailureOr<SmallVector<int64_t>> sizes = intsArg("input_sizes");
    if (failed(stride) || failed(dilation) || failed(sizes))
      return failure();
    if (stride->empty() || dilation->empty())
      return error() << "empty stride or dilation";
    std::string padMode = StringRef(stringArg("pad_mode", "pad")).lower();
    if (padMode != "pad")
      return error() << "Conv2DTranspose pad_mode '" << padMode
                     << "' (only 'pad' is imported)";
    FailureOr<int64_t> group = intArg("group");
    if (failed(group))
      return failure();
    if (*group != 1)
      state.addAttribute("group", builder.getI64IntegerAttr(*group));
    FailureOr<SmallVector<int64_t>> p = intsArg("pad");
    if (failed(p))
      return failure();
    if (p->size() == 1)
      p->assign(4, (*p)[0]);
    if (p->size() != 4)
      return error() << "Conv2DTranspose pad has " << p->size() << " entries";
    ArrayRef<int64_t> hw = spatial(state.operands[0]);
    ArrayRef<int64_t> khw = spatial(state.operands[1]);
    if (hw.empty() || khw.empty() || sizes->size() != 4)
      return error() << "Conv2DTranspose needs static 4-D operands and a "
                        "4-entry input_sizes";
    SmallVector<int64_t> s = lastTwo(*stride), d = lastTwo(*dilation);
    SmallVector<int64_t> outputPadding;
    for (int i = 0; i < 2; ++i)
      outputPadding.push_back((*sizes)[2 + i] -
                              ((hw[i] - 1) * s[i] - (*p)[2 * i] -
                               (*p)[2 * i + 1] + d[i] * (khw[i] - 1) + 1));
    setArray("stride", s);
    setArray("dilation", d);
    setArray("pad", *p);
    setArray("output_padding", outputPadding);
  } else if (primitive == "Argmax") {
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<int64_t> axis = intArg("axis");
    if (failed(axis))
      return failure();
    Type outType = builder.getI32Type();
    if (const mind_ir::AttributeProto *a = findAttr(attrs, "output_type")) {
      Type t;
      if (a->type() == AttrType::TENSORS && a->tensors_size() == 1)
        t = mindir::elementTypeOf(a->tensors(0).data_type(), ctx);
      if (!t)
        return error() << "Argmax output_type has an encoding that is not "
                          "imported";
      outType = t;
    }
    if (*axis != -1)
      state.addAttribute("axis", builder.getI64IntegerAttr(*axis));
    state.addAttribute("output_type", TypeAttr::get(outType));
  } else if (primitive == "ArgMaxWithValue") {
    // The index type is the one the node's output tuple records.
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<int64_t> axis = intArg("axis");
    if (failed(axis))
      return failure();
    if (types.size() != 2)
      return error() << "the shape attribute of 'ArgMaxWithValue' gives "
                     << types.size() << " outputs, not (index, values)";
    if (*axis != 0)
      state.addAttribute("axis", builder.getI64IntegerAttr(*axis));
    if (boolArg("keep_dims"))
      state.addAttribute("keep_dims", builder.getBoolAttr(true));
    Type indexType = cast<ShapedType>(types[0]).getElementType();
    if (!indexType.isInteger(64))
      state.addAttribute("index_type", TypeAttr::get(indexType));
  } else if (primitive == "TopK") {
    // TopK(input, k): k is a constant input; (values, indices) a tuple.
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<int64_t> k = intAttr("k", 1);
    if (failed(k))
      return failure();
    if (types.size() != 2)
      return error() << "the shape attribute of 'TopK' gives " << types.size()
                     << " outputs, not (values, indices)";
    state.addAttribute("k", builder.getI64IntegerAttr(*k));
    if (!boolArg("sorted"))
      state.addAttribute("sorted", builder.getBoolAttr(false));
  } else if (primitive == "Split") {
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<int64_t> axis = intArg("axis");
    FailureOr<int64_t> count = intArg("output_num");
    if (failed(axis) || failed(count))
      return failure();
    if (*count != int64_t(types.size()))
      return error() << "Split output_num " << *count << " but " << types.size()
                     << " outputs in its shape attribute";
    if (*axis != 0)
      state.addAttribute("axis", builder.getI64IntegerAttr(*axis));
    state.addAttribute("output_num", builder.getI64IntegerAttr(*count));
  } else if (primitive == "BatchNorm") {
    if (failed(tableTensorInputs()) || failed(checkNCHW()))
      return failure();
    if (boolArg("is_training"))
      return error() << "BatchNorm with is_training=True (the mindspore op "
                        "is inference-only)";
    FailureOr<double> eps = floatArg("epsilon");
    if (failed(eps))
      return failure();
    state.addAttribute("epsilon", builder.getF32FloatAttr(float(*eps)));
  } else if (primitive == "LayerNorm") {
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<int64_t> normAxis = intArg("begin_norm_axis");
    FailureOr<int64_t> paramsAxis =
        intArg("begin_params_axis");
    FailureOr<double> eps = floatArg("epsilon");
    if (failed(normAxis) || failed(paramsAxis) || failed(eps))
      return failure();
    state.addAttribute("begin_norm_axis", builder.getI64IntegerAttr(*normAxis));
    state.addAttribute("begin_params_axis",
                       builder.getI64IntegerAttr(*paramsAxis));
    state.addAttribute("epsilon", builder.getF32FloatAttr(float(*eps)));
  } else if (primitive == "MatMul" || primitive == "BatchMatMul") {
    if (failed(tableTensorInputs()))
      return failure();
    // MindSpore 1.x: transpose_x1 / transpose_x2.
    bool ta = boolAttr("transpose_a",
                       boolAttr("transpose_x1", boolArg("transpose_a")));
    bool tb = boolAttr("transpose_b",
                       boolAttr("transpose_x2", boolArg("transpose_b")));
    if (ta)
      state.addAttribute("transpose_a", builder.getBoolAttr(true));
    if (tb)
      state.addAttribute("transpose_b", builder.getBoolAttr(true));
  } else if (primitive == "BiasAdd") {
    if (failed(tableTensorInputs()) || failed(checkNCHW()))
      return failure();
  } else if (primitive == "Reshape" || primitive == "Transpose" ||
             primitive == "BroadcastTo") {
    StringRef name = primitive == "Transpose" ? "perm" : "shape";
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<SmallVector<int64_t>> v = ints(name, 1);
    if (failed(v))
      return failure();
    setArray(name, *v);
  } else if (primitive == "ReduceSum" || primitive == "ReduceMean" ||
             primitive == "ReduceMax") {
    if (failed(tableTensorInputs()))
      return failure();
    SmallVector<int64_t> axis;
    if (inputs.size() > 1 || findAttr(attrs, "axis")) {
      FailureOr<SmallVector<int64_t>> v = intsArg("axis");
      if (failed(v))
        return failure();
      axis = *v;
    }
    setArray("axis", axis);
    if (boolArg("keep_dims"))
      state.addAttribute("keep_dims", builder.getBoolAttr(true));
  } else if (primitive == "ReduceAll") {
    if (failed(tableTensorInputs()))
      return failure();
    if ((inputs.size() > 1 && inputs[1].kind != Entry::None) ||
        findAttr(attrs, "axis")) {
      FailureOr<SmallVector<int64_t>> axis = intsArg("axis");
      if (failed(axis))
        return failure();
      auto t = dyn_cast<RankedTensorType>(state.operands[0].getType());
      if (!axis->empty() && (!t || int64_t(axis->size()) != t.getRank()))
        return error() << "ReduceAll over some axes (the mindspore op reduces "
                          "every axis)";
    }
    if (boolArg("keep_dims"))
      return error() << "ReduceAll with keep_dims (not modelled)";
  } else if (primitive == "Softmax" || primitive == "LogSoftmax" ||
             primitive == "ExpandDims" || primitive == "Concat" ||
             primitive == "Gather") {
    // One integer axis, an attribute or a trailing constant input.
    std::optional<size_t> index;
    if (primitive == "Concat") {
      SmallVector<Value> operands;
      if (failed(needInputs(1)))
        return failure();
      size_t n = inputs[0].kind == Entry::Tuple ? 1 : inputs.size();
      if (inputs[0].kind != Entry::Tuple && !findAttr(attrs, "axis"))
        n = inputs.size() - 1, index = inputs.size() - 1;
      for (size_t i = 0; i < n; ++i)
        if (failed(flattenTensors(inputs[i], operands, "a Concat input")))
          return failure();
      if (inputs[0].kind == Entry::Tuple && inputs.size() > 1)
        index = 1;
      state.addOperands(operands);
    } else {
      size_t tensors = primitive == "Gather" ? 2 : 1;
      if (failed(tensorInputs(tensors)))
        return failure();
      index = tensors;
    }
    FailureOr<int64_t> axis = intAttr("axis", index);
    if (failed(axis))
      return failure();
    if (primitive == "Gather" && findAttr(attrs, "batch_dims") &&
        findAttr(attrs, "batch_dims")->i() != 0)
      return error() << "Gather with batch_dims != 0 (not modelled)";
    state.addAttribute("axis", builder.getI64IntegerAttr(*axis));
  } else if (primitive == "Squeeze" || primitive == "ReverseV2") {
    if (failed(tableTensorInputs()))
      return failure();
    SmallVector<int64_t> axis;
    if (findAttr(attrs, "axis") || inputs.size() > 1) {
      FailureOr<SmallVector<int64_t>> v = intsArg("axis");
      if (failed(v))
        return failure();
      axis = *v;
    }
    setArray("axis", axis);
  } else if (primitive == "StridedSlice") {
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<SmallVector<int64_t>> begin = intsArg("begin");
    FailureOr<SmallVector<int64_t>> end = intsArg("end");
    FailureOr<SmallVector<int64_t>> strides = intsArg("strides");
    if (failed(begin) || failed(end) || failed(strides))
      return failure();
    int64_t masks[5];
    size_t i = 4;
    for (StringRef mask : {"begin_mask", "end_mask", "ellipsis_mask",
                           "new_axis_mask", "shrink_axis_mask"}) {
      FailureOr<int64_t> m = intArg(mask);
      if (failed(m))
        return failure();
      if (*m != 0 && (i == 6 || i == 7))
        return error() << "StridedSlice with " << mask << " = " << *m
                       << " (not modelled)";
      masks[i++ - 4] = *m;
    }
    // Resolve masks and negative bounds against the static input shape.
    auto t = dyn_cast<RankedTensorType>(state.operands[0].getType());
    if (!t || !t.hasStaticShape() || begin->size() != end->size() ||
        begin->size() != strides->size() ||
        int64_t(begin->size()) > t.getRank())
      return error() << "StridedSlice bounds do not match a static input";
    for (int64_t d = 0; d < t.getRank(); ++d) {
      int64_t size = t.getDimSize(d);
      if (d >= int64_t(begin->size())) {
        begin->push_back(0);
        end->push_back(size);
        strides->push_back(1);
        continue;
      }
      if ((*strides)[d] < 1)
        return error() << "StridedSlice with stride " << (*strides)[d]
                       << " (only positive strides are modelled)";
      int64_t &b = (*begin)[d], &e = (*end)[d];
      if (masks[0] >> d & 1)
        b = 0;
      if (masks[1] >> d & 1)
        e = size;
      if (b < 0)
        b += size;
      if (e < 0)
        e += size;
      b = std::clamp<int64_t>(b, 0, size);
      e = std::clamp<int64_t>(e, b, size);
      if (masks[4] >> d & 1) // shrink: one element, the dimension dropped
        e = std::min(b + 1, size), (*strides)[d] = 1;
    }
    if (masks[4] != 0) {
      // The slice keeps the shrunk dimensions as 1; a reshape drops them.
      SmallVector<int64_t> shape;
      for (int64_t d = 0; d < t.getRank(); ++d)
        shape.push_back(((*end)[d] - (*begin)[d] + (*strides)[d] - 1) /
                        (*strides)[d]);
      state.types[0] = RankedTensorType::get(shape, t.getElementType());
      reshapeTo = resultType;
    }
    setArray("begin", *begin);
    setArray("end", *end);
    setArray("strides", *strides);
  } else if (primitive == "Pad") {
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<SmallVector<int64_t>> paddings = ints("paddings", 1);
    if (failed(paddings))
      return failure();
    setArray("paddings", *paddings);
  } else if (primitive == "AdaptiveAvgPool2D") {
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<SmallVector<int64_t>> size = intsArg("output_size");
    if (failed(size))
      return failure();
    setArray("output_size", *size);
  } else if (primitive == "AvgPool" || primitive == "MaxPool") {
    if (failed(tableTensorInputs()) || failed(checkNCHW()))
      return failure();
    FailureOr<SmallVector<int64_t>> kernel = intsArg("kernel_size");
    FailureOr<SmallVector<int64_t>> strides = intsArg("strides");
    if (failed(kernel) || failed(strides))
      return failure();
    if (kernel->empty() || strides->empty())
      return error() << "empty kernel_size or strides";
    SmallVector<int64_t> k = lastTwo(*kernel), s = lastTwo(*strides);
    std::string padMode = StringRef(stringArg("pad_mode", "VALID")).upper();
    SmallVector<int64_t> pad(4, 0);
    if (padMode == "SAME") {
      ArrayRef<int64_t> hw = spatial(state.operands[0]);
      if (hw.empty())
        return error() << primitive
                       << " pad_mode 'SAME' needs a static 4-D input";
      samePads(hw[0], k[0], s[0], 1, pad[0], pad[1]);
      samePads(hw[1], k[1], s[1], 1, pad[2], pad[3]);
    } else if (padMode != "VALID") {
      return error() << primitive << " pad_mode '" << padMode << "' is unknown";
    }
    if (primitive == "AvgPool" &&
        llvm::any_of(pad, [](int64_t p) { return p != 0; }))
      return error() << "AvgPool with padding (pad_mode 'SAME') is not "
                        "modelled";
    setArray("kernel_size", k);
    setArray("strides", s);
    if (primitive == "MaxPool")
      setArray("pad", pad);
  } else if (primitive == "MaxPoolWithArgmaxV2") {
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<SmallVector<int64_t>> kernel = intsArg("kernel_size");
    FailureOr<SmallVector<int64_t>> strides = intsArg("strides");
    FailureOr<SmallVector<int64_t>> pads = intsArg("pads");
    if (failed(kernel) || failed(strides) || failed(pads))
      return failure();
    if (kernel->empty() || strides->empty() || pads->empty())
      return error() << "empty kernel_size, strides or pads";
    if (const mind_ir::AttributeProto *d = findAttr(attrs, "dilation")) {
      FailureOr<SmallVector<int64_t>> dil = attrInts(*d, "'dilation'");
      if (failed(dil))
        return failure();
      if (llvm::any_of(*dil, [](int64_t v) { return v != 1; }))
        return error() << "MaxPoolWithArgmaxV2 with dilation (not modelled)";
    }
    SmallVector<int64_t> p = lastTwo(*pads);
    setArray("kernel_size", lastTwo(*kernel));
    setArray("strides", lastTwo(*strides));
    setArray("pad", {p[0], p[0], p[1], p[1]});
    if (boolArg("ceil_mode"))
      state.addAttribute("ceil_mode", builder.getBoolAttr(true));
  } else if (primitive == "Tile") {
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<SmallVector<int64_t>> multiples = intsArg("multiples");
    if (failed(multiples))
      return failure();
    setArray("multiples", *multiples);
  } else if (primitive == "GatherD" || primitive == "OneHot") {
    // GatherD(x, dim, index); OneHot(indices, depth, on_value, off_value):
    // input 1 is an integer, the others tensors.
    bool oneHot = primitive == "OneHot";
    if (failed(needInputs(oneHot ? 4 : 3)))
      return failure();
    static const size_t tensorIndices[] = {0, 2, 3};
    for (size_t i : ArrayRef<size_t>(tensorIndices).take_front(oneHot ? 3 : 2)) {
      FailureOr<Value> v = toTensor(inputs[i], "input " + std::to_string(i));
      if (failed(v))
        return failure();
      state.addOperands(*v);
    }
    FailureOr<int64_t> n = intArg(oneHot ? "depth" : "dim");
    if (failed(n))
      return failure();
    state.addAttribute(oneHot ? "depth" : "dim", builder.getI64IntegerAttr(*n));
    if (oneHot) {
      FailureOr<int64_t> axis = intArg("axis");
      if (failed(axis))
        return failure();
      if (*axis != -1)
        state.addAttribute("axis", builder.getI64IntegerAttr(*axis));
    }
  } else if (primitive == "Cast") {
    // The destination type is the result type (input 1, dst_type, dropped).
    if (failed(tableTensorInputs()))
      return failure();
  } else if (primitive == "Zeros" || primitive == "Ones") {
    // Shape and type (inputs 0 and 1) are the result type's.
  } else if (primitive == "Fill") {
    // Fill(type, shape, value): the value is the operand.
    if (inputs.size() < 3)
      return error() << "Fill has " << inputs.size()
                     << " inputs, not (type, shape, value)";
    FailureOr<Value> v = toTensor(inputs[2], "input 2 (value)");
    if (failed(v))
      return failure();
    state.addOperands(*v);
  } else if (primitive == "Dropout") {
    if (failed(tableTensorInputs()))
      return failure();
    FailureOr<double> keep = floatArg("keep_prob");
    if (failed(keep))
      return failure();
    state.addAttribute("keep_prob", builder.getF32FloatAttr(float(*keep)));
  } else {
    // A primitive whose op has no attributes: every non-monad input is a
    // tensor operand.
    if (!opName->getAttributeNames().empty())
      return error() << "primitive '" << primitive << "' ("
                     << opName->getStringRef()
                     << ") is not imported yet: its attributes have no "
                        "reader";
    SmallVector<Value> operands;
    if (failed(tensorOperands(inputs, operands)))
      return failure();
    state.addOperands(operands);
  }
  if (failed(ok))
    return failure();

  Operation *op = builder.create(state);
  if (auto shaped = dyn_cast_or_null<RankedTensorType>(reshapeTo)) {
    OperationState reshape(state.location, ms::ReshapeOp::getOperationName());
    reshape.addOperands(op->getResult(0));
    reshape.addTypes(shaped);
    reshape.addAttribute("shape",
                         builder.getDenseI64ArrayAttr(shaped.getShape()));
    op = builder.create(reshape);
  }
  if (allOutputs) {
    Entry tupleEntry = Entry::of(Entry::Tuple);
    for (Value r : op->getResults())
      tupleEntry.elems.push_back(Entry::tensor(r));
    return tupleEntry;
  }
  if (numOutputs > 1) {
    Entry e = Entry::of(Entry::MultiOutput);
    e.value = op->getResult(0);
    e.numOutputs = numOutputs;
    e.primitive = primitive.str();
    return e;
  }
  return Entry::tensor(op->getResult(0));
}

