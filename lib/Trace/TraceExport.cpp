//===- TraceExport.cpp - the pynative dialect back to .pntrace files ------===//
//
// Writes a `pynative` module imported with --pynative-exact back to the trace
// file it came from (binary protobuf, or protobuf text). The IR gives the ops,
// their operands, types and attributes; the `pynative.exact` attributes give
// what the IR leaves out (tensor ids, the order and kinds of arguments,
// frames, input and output values, constants). For a binary trace written by
// the recorder, import and export give back the same bytes.
//
//===----------------------------------------------------------------------===//
#include "ascend/Trace/TraceReader.h"

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"

#include "PyNativeTrace.pb.h"
#include <google/protobuf/text_format.h>

using namespace mlir;
using namespace mlir::ascend;
namespace pb = ::ascend::trace;

static llvm::cl::opt<bool> clTraceText(
    "pynative-trace-text",
    llvm::cl::desc("--export-pynative-trace: write protobuf text format "
                   "instead of binary protobuf"),
    llvm::cl::init(false));

namespace {

/// Trace dtype of an MLIR element type (the inverse of the importer's map).
pb::DType dtypeOf(Type t) {
  if (t.isF32())
    return pb::DTYPE_FLOAT32;
  if (t.isF16())
    return pb::DTYPE_FLOAT16;
  if (t.isBF16())
    return pb::DTYPE_BFLOAT16;
  if (t.isF64())
    return pb::DTYPE_FLOAT64;
  if (t.isInteger(1))
    return pb::DTYPE_BOOL;
  if (t.isUnsignedInteger(8))
    return pb::DTYPE_UINT8;
  if (t.isSignlessInteger(8))
    return pb::DTYPE_INT8;
  if (t.isSignlessInteger(16))
    return pb::DTYPE_INT16;
  if (t.isSignlessInteger(32))
    return pb::DTYPE_INT32;
  if (t.isSignlessInteger(64))
    return pb::DTYPE_INT64;
  return pb::DTYPE_UNDEFINED;
}

/// The torch name of a dtype argument ("float32").
StringRef torchDtypeName(Type t) {
  switch (dtypeOf(t)) {
  case pb::DTYPE_FLOAT32:
    return "float32";
  case pb::DTYPE_FLOAT16:
    return "float16";
  case pb::DTYPE_BFLOAT16:
    return "bfloat16";
  case pb::DTYPE_FLOAT64:
    return "float64";
  case pb::DTYPE_BOOL:
    return "bool";
  case pb::DTYPE_UINT8:
    return "uint8";
  case pb::DTYPE_INT8:
    return "int8";
  case pb::DTYPE_INT16:
    return "int16";
  case pb::DTYPE_INT32:
    return "int32";
  case pb::DTYPE_INT64:
    return "int64";
  default:
    return "";
  }
}

void setType(pb::TensorType *out, ShapedType type) {
  out->set_dtype(dtypeOf(type.getElementType()));
  for (int64_t d : type.getShape())
    out->add_shape(d);
}

class TraceExporter {
public:
  explicit TraceExporter(ModuleOp module) : module(module) {}
  LogicalResult run(pb::Trace &trace);

private:
  /// The `pynative.exact` dictionary of `op`, or an error.
  FailureOr<DictionaryAttr> exactOf(Operation *op);
  /// Entry `key` of `op`'s `pynative.exact` dictionary as an `AttrT`.
  template <typename AttrT>
  FailureOr<AttrT> entry(Operation *op, DictionaryAttr exact, StringRef key) {
    if (auto attr = dyn_cast_or_null<AttrT>(exact.get(key)))
      return attr;
    op->emitError() << "pynative.exact of '" << op->getName()
                    << "' has no valid '" << key << "' entry";
    return failure();
  }
  uint64_t idOf(Value v);
  FailureOr<std::string> bytesOf(Operation *op, ElementsAttr attr);
  LogicalResult setValue(Operation *op, pb::TensorValue *out,
                         ElementsAttr attr);
  LogicalResult setLocation(Operation *op, DictionaryAttr exact,
                            pb::Event *event);
  LogicalResult setArguments(Operation *op, DictionaryAttr exact,
                             StringRef prefix, ValueRange operands,
                             ArrayAttr operandNames, DictionaryAttr args,
                             ArrayAttr values,
                             google::protobuf::RepeatedPtrField<pb::Argument> *out);
  LogicalResult exportRun(pynative::TraceOp op, pb::Run *run);
  LogicalResult exportEvent(Operation *op, pb::Run *run);

  ModuleOp module;
  llvm::StringMap<uint64_t> parameterIds;
  /// Tensor id of each value of the run being exported.
  llvm::DenseMap<Value, uint64_t> ids;
};

FailureOr<DictionaryAttr> TraceExporter::exactOf(Operation *op) {
  if (auto exact = op->getAttrOfType<DictionaryAttr>("pynative.exact"))
    return exact;
  op->emitError() << "'" << op->getName()
                  << "' has no pynative.exact attribute: --export-pynative-"
                     "trace writes modules imported with --pynative-exact";
  return failure();
}

uint64_t TraceExporter::idOf(Value v) {
  // Every value of a run is an input, a get_parameter, a constant or a
  // pynative.op result, each given its id before its users are reached
  // (anything else in a run is refused when it is reached).
  assert(ids.count(v) && "value of a run without a tensor id");
  return ids.lookup(v);
}

FailureOr<std::string> TraceExporter::bytesOf(Operation *op,
                                              ElementsAttr attr) {
  auto type = cast<ShapedType>(attr.getType());
  int64_t n = type.getNumElements();
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    std::string out;
    if (type.getElementType().isInteger(1)) {
      for (bool b : dense.getValues<bool>())
        out.push_back(b ? 1 : 0);
      return out;
    }
    ArrayRef<char> raw = dense.getRawData();
    if (!dense.isSplat())
      return std::string(raw.begin(), raw.end());
    for (int64_t i = 0; i < n; ++i)
      out.append(raw.begin(), raw.end());
    return out;
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    if (AsmResourceBlob *blob = resource.getRawHandle().getBlob()) {
      ArrayRef<char> data = blob->getData();
      return std::string(data.begin(), data.end());
    }
  }
  op->emitError() << "value of '" << op->getName()
                  << "' is neither dense elements nor a dense resource "
                     "with data";
  return failure();
}

LogicalResult TraceExporter::setValue(Operation *op, pb::TensorValue *out,
                                      ElementsAttr attr) {
  FailureOr<std::string> bytes = bytesOf(op, attr);
  if (failed(bytes))
    return failure();
  setType(out->mutable_type(), cast<ShapedType>(attr.getType()));
  out->set_data(std::move(*bytes));
  return success();
}

LogicalResult TraceExporter::setLocation(Operation *op, DictionaryAttr exact,
                                         pb::Event *event) {
  Attribute attr = exact.get("loc");
  if (!attr)
    return success(); // the event had no location
  auto parts = dyn_cast<ArrayAttr>(attr);
  auto bad = [&] {
    return op->emitError() << "pynative.exact of '" << op->getName()
                           << "' has no valid 'loc' entry";
  };
  if (!parts || parts.size() < 2)
    return bad();
  pb::Location *loc = event->mutable_loc();
  auto path = dyn_cast<StringAttr>(parts[0]);
  auto type = dyn_cast<StringAttr>(parts[1]);
  if (!path || !type)
    return bad();
  loc->set_module_path(path.str());
  loc->set_module_type(type.str());
  for (Attribute f : parts.getValue().drop_front(2)) {
    auto frame = dyn_cast<ArrayAttr>(f);
    if (!frame || frame.size() != 5)
      return bad();
    auto file = dyn_cast<StringAttr>(frame[0]);
    auto line = dyn_cast<IntegerAttr>(frame[1]);
    auto column = dyn_cast<IntegerAttr>(frame[2]);
    auto function = dyn_cast<StringAttr>(frame[3]);
    auto activation = dyn_cast<IntegerAttr>(frame[4]);
    if (!file || !line || !column || !function || !activation)
      return bad();
    pb::Frame *out = loc->add_frames();
    out->set_file(file.str());
    out->set_line((int32_t)line.getInt());
    out->set_column((int32_t)column.getInt());
    out->set_function(function.str());
    out->set_activation((uint64_t)activation.getInt());
  }
  return success();
}

LogicalResult TraceExporter::setArguments(
    Operation *op, DictionaryAttr exact, StringRef prefix, ValueRange operands,
    ArrayAttr operandNames, DictionaryAttr args, ArrayAttr values,
    google::protobuf::RepeatedPtrField<pb::Argument> *out) {
  FailureOr<ArrayAttr> names = entry<ArrayAttr>(op, exact, (prefix + "names").str());
  FailureOr<StringAttr> kinds = entry<StringAttr>(op, exact, (prefix + "kinds").str());
  if (failed(names) || failed(kinds))
    return failure();
  auto types = dyn_cast_or_null<ArrayAttr>(exact.get((prefix + "types").str()));
  auto mismatch = [&](int64_t i) {
    return op->emitError() << "argument " << i << " of '" << op->getName()
                           << "' does not match its recorded kind '"
                           << kinds->getValue()[i] << "'";
  };
  if ((*names).size() != kinds->size() || (types && types.size() != kinds->size()) ||
      (values && values.size() != kinds->size()))
    return op->emitError() << "pynative.exact of '" << op->getName()
                           << "' has no valid '" << prefix
                           << "names' entry (" << (*names).size()
                           << " names for " << kinds->size() << " kinds)";
  size_t cursor = 0;
  for (auto [i, kind] : llvm::enumerate(kinds->getValue())) {
    auto name = dyn_cast<StringAttr>((*names)[i]);
    if (!name)
      return mismatch(i);
    pb::Argument *arg = out->Add();
    arg->set_name(name.str());
    std::string irName =
        name.getValue().empty() ? "arg" + std::to_string(i) : name.str();
    // The value: from `values` (function-call results) or the IR.
    Attribute value = values ? values[i] : args ? args.get(irName) : Attribute();
    auto idsOf = [&](Attribute a) -> FailureOr<ArrayRef<int64_t>> {
      if (auto list = dyn_cast_or_null<DenseI64ArrayAttr>(a))
        return list.asArrayRef();
      return failure();
    };
    switch (kind) {
    case 't': {
      if (values) {
        auto id = dyn_cast_or_null<IntegerAttr>(value);
        if (!id)
          return mismatch(i);
        arg->set_tensor((uint64_t)id.getInt());
        break;
      }
      if (cursor >= operands.size())
        return mismatch(i);
      arg->set_tensor(idOf(operands[cursor++]));
      break;
    }
    case 'l': {
      pb::TensorList *list = arg->mutable_tensors();
      if (values) {
        FailureOr<ArrayRef<int64_t>> ids = idsOf(value);
        if (failed(ids))
          return mismatch(i);
        for (int64_t id : *ids)
          list->add_tensor_ids((uint64_t)id);
        break;
      }
      while (cursor < operands.size() &&
             cast<StringAttr>(operandNames[cursor]).getValue() == irName)
        list->add_tensor_ids(idOf(operands[cursor++]));
      break;
    }
    case 'z': {
      FailureOr<ArrayRef<int64_t>> ids = idsOf(value);
      if (failed(ids))
        return mismatch(i);
      pb::TensorList *list = arg->mutable_tensors();
      for (int64_t id : *ids)
        list->add_tensor_ids((uint64_t)id);
      break;
    }
    case 'i':
      if (auto v = dyn_cast_or_null<IntegerAttr>(value))
        arg->set_int_value(v.getInt());
      else
        return mismatch(i);
      break;
    case 'f':
      if (auto v = dyn_cast_or_null<FloatAttr>(value))
        arg->set_float_value(v.getValueAsDouble());
      else
        return mismatch(i);
      break;
    case 'b':
      if (auto v = dyn_cast_or_null<BoolAttr>(value))
        arg->set_bool_value(v.getValue());
      else
        return mismatch(i);
      break;
    case 's':
    case 'D':
      if (auto v = dyn_cast_or_null<StringAttr>(value))
        kind == 's' ? arg->set_string_value(v.str())
                    : arg->set_dtype_value(v.str());
      else
        return mismatch(i);
      break;
    case 'I':
      if (auto v = dyn_cast_or_null<DenseI64ArrayAttr>(value)) {
        pb::IntList *list = arg->mutable_ints();
        for (int64_t x : v.asArrayRef())
          list->add_values(x);
      } else {
        return mismatch(i);
      }
      break;
    case 'F':
      if (auto v = dyn_cast_or_null<DenseF64ArrayAttr>(value)) {
        pb::FloatList *list = arg->mutable_floats();
        for (double x : v.asArrayRef())
          list->add_values(x);
      } else {
        return mismatch(i);
      }
      break;
    case 'n':
      if (!isa_and_nonnull<UnitAttr>(value))
        return mismatch(i);
      arg->set_none(true);
      break;
    case 'd': {
      auto v = dyn_cast_or_null<TypeAttr>(value);
      if (!v || torchDtypeName(v.getValue()).empty())
        return mismatch(i);
      arg->set_dtype_value(torchDtypeName(v.getValue()).str());
      break;
    }
    default:
      return mismatch(i);
    }
    if (auto type = types ? dyn_cast<ArrayAttr>(types[i]) : ArrayAttr()) {
      auto dtype = dyn_cast<IntegerAttr>(type[0]);
      auto shape = dyn_cast<DenseI64ArrayAttr>(type[1]);
      if (type.size() != 2 || !dtype || !shape)
        return mismatch(i);
      pb::TensorType *t = arg->mutable_type();
      t->set_dtype((pb::DType)dtype.getInt());
      for (int64_t d : shape.asArrayRef())
        t->add_shape(d);
    }
  }
  if (!values && cursor != operands.size())
    return op->emitError() << "'" << op->getName() << "' has "
                           << operands.size()
                           << " operands but its recorded arguments use "
                           << cursor;
  return success();
}

LogicalResult TraceExporter::exportEvent(Operation *op, pb::Run *run) {
  FailureOr<DictionaryAttr> exact = exactOf(op);
  if (failed(exact))
    return failure();
  pb::Event *event = run->add_events();
  if (failed(setLocation(op, *exact, event)))
    return failure();
  if (auto recorded = dyn_cast<pynative::RecordedOp>(op)) {
    pb::OpEvent *e = event->mutable_op();
    e->set_name(recorded.getName().str());
    if (failed(setArguments(op, *exact, "", recorded.getInputs(),
                            recorded.getOperandNames(), recorded.getArgs(),
                            {}, e->mutable_args())))
      return failure();
    FailureOr<DenseI64ArrayAttr> resultIds =
        entry<DenseI64ArrayAttr>(op, *exact, "result_ids");
    FailureOr<DenseI64ArrayAttr> aliases =
        entry<DenseI64ArrayAttr>(op, *exact, "result_aliases");
    FailureOr<DenseI64ArrayAttr> mutated =
        entry<DenseI64ArrayAttr>(op, *exact, "mutated");
    if (failed(resultIds) || failed(aliases) || failed(mutated))
      return failure();
    auto nullTypes =
        dyn_cast_or_null<ArrayAttr>(exact->get("null_result_types"));
    size_t numResults = resultIds->size();
    if ((size_t)aliases->size() != numResults ||
        (nullTypes && nullTypes.size() != numResults) ||
        (size_t)llvm::count_if(resultIds->asArrayRef(),
                               [](int64_t id) { return id != 0; }) !=
            op->getNumResults())
      return op->emitError() << "pynative.exact of '" << op->getName()
                             << "' has no valid 'result_ids' entry ("
                             << numResults << " results for the op's "
                             << op->getNumResults() << ")";
    unsigned next = 0;
    for (size_t i = 0; i < numResults; ++i) {
      pb::Result *r = e->add_results();
      int64_t id = (*resultIds)[i];
      r->set_tensor_id((uint64_t)id);
      r->set_alias_of((int32_t)(*aliases)[i]);
      if (id != 0) {
        Value v = op->getResult(next++);
        setType(r->mutable_type(), cast<ShapedType>(v.getType()));
        ids[v] = (uint64_t)id;
      } else if (auto t = nullTypes ? dyn_cast<ArrayAttr>(nullTypes[i])
                                    : ArrayAttr()) {
        auto dtype = dyn_cast<IntegerAttr>(t[0]);
        auto shape = dyn_cast<DenseI64ArrayAttr>(t[1]);
        if (t.size() != 2 || !dtype || !shape)
          return op->emitError() << "pynative.exact of '" << op->getName()
                                 << "' has no valid 'null_result_types' entry";
        r->mutable_type()->set_dtype((pb::DType)dtype.getInt());
        for (int64_t d : shape.asArrayRef())
          r->mutable_type()->add_shape(d);
      }
    }
    for (int64_t m : mutated->asArrayRef())
      e->add_mutated_args((int32_t)m);
    if (auto call = op->getAttrOfType<IntegerAttr>("function_call"))
      e->set_function_call((uint64_t)call.getInt());
    return success();
  }
  if (auto branch = dyn_cast<pynative::BranchOp>(op)) {
    pb::BranchEvent *e = event->mutable_branch();
    e->set_predicate(idOf(branch.getPredicate()));
    e->set_value(branch.getValue());
    e->set_kind((pb::BranchKind)branch.getKind());
    return success();
  }
  if (auto read = dyn_cast<pynative::ScalarReadOp>(op)) {
    pb::ScalarReadEvent *e = event->mutable_scalar_read();
    e->set_tensor_id(idOf(read.getTensor()));
    e->set_method(read.getMethod().str());
    e->set_value(read.getValue().convertToDouble());
    if (std::optional<ArrayRef<double>> values = read.getValues())
      for (double v : *values)
        e->add_values(v);
    e->set_only_tensor_args(read.getOnlyTensorArgs());
    return success();
  }
  if (auto loop = dyn_cast<pynative::LoopIterOp>(op)) {
    FailureOr<IntegerAttr> head = entry<IntegerAttr>(op, *exact, "head_offset");
    if (failed(head))
      return failure();
    pb::LoopIterEvent *e = event->mutable_loop_iter();
    e->set_iteration((int32_t)loop.getIteration());
    e->set_head_offset((int32_t)head->getInt());
    return success();
  }
  auto call = cast<pynative::CallOp>(op);
  pb::FunctionCallEvent *e = event->mutable_function_call();
  e->set_id((uint64_t)call.getId());
  e->set_name(call.getName().str());
  e->set_parent((uint64_t)call.getParent());
  FailureOr<ArrayAttr> values = entry<ArrayAttr>(op, *exact, "result_values");
  if (failed(values))
    return failure();
  if (failed(setArguments(op, *exact, "", call.getInputs(),
                          call.getOperandNames(), call.getArgs(), {},
                          e->mutable_args())) ||
      failed(setArguments(op, *exact, "result_", {}, {}, {}, *values,
                          e->mutable_results())))
    return failure();
  return success();
}

LogicalResult TraceExporter::exportRun(pynative::TraceOp op, pb::Run *run) {
  ids.clear();
  FailureOr<DictionaryAttr> exact = exactOf(op);
  if (failed(exact))
    return failure();
  FailureOr<ArrayAttr> inputs = entry<ArrayAttr>(op, *exact, "inputs");
  FailureOr<ArrayAttr> outputs = entry<ArrayAttr>(op, *exact, "outputs");
  FailureOr<StringAttr> model = entry<StringAttr>(op, *exact, "model");
  if (failed(inputs) || failed(outputs) || failed(model))
    return failure();
  Block &body = op.getBody().front();
  auto pairs = [&](ArrayAttr list, StringRef what, size_t expected,
                   auto add) -> LogicalResult {
    if (list.size() != expected)
      return op->emitError() << "pynative.exact of '" << op->getName()
                             << "' has no valid '" << what << "s' entry ("
                             << list.size() << " for " << expected << ")";
    for (auto [i, entry] : llvm::enumerate(list)) {
      auto pair = dyn_cast<ArrayAttr>(entry);
      auto id = pair && pair.size() == 2 ? dyn_cast<IntegerAttr>(pair[0])
                                         : IntegerAttr();
      auto value = id ? dyn_cast<ElementsAttr>(pair[1]) : ElementsAttr();
      if (!value)
        return op->emitError() << "pynative.exact of '" << op->getName()
                               << "' has no valid '" << what << "s' entry";
      auto *out = add();
      out->set_tensor_id((uint64_t)id.getInt());
      if (failed(setValue(op, out->mutable_value(), value)))
        return failure();
    }
    return success();
  };
  if (failed(pairs(*inputs, "input", body.getNumArguments(),
                   [&] { return run->add_inputs(); })))
    return failure();
  for (auto [arg, input] : llvm::zip(body.getArguments(), run->inputs()))
    ids[arg] = input.tensor_id();
  for (Operation &inner : body) {
    if (auto get = dyn_cast<pynative::GetParameterOp>(inner)) {
      // The symbol verifier made sure the parameter exists.
      ids[get.getResult()] = parameterIds.lookup(get.getName());
    } else if (auto constant = dyn_cast<pynative::ConstantOp>(inner)) {
      FailureOr<DictionaryAttr> exactConst = exactOf(constant);
      if (failed(exactConst))
        return failure();
      FailureOr<IntegerAttr> id = entry<IntegerAttr>(constant, *exactConst, "id");
      if (failed(id))
        return failure();
      ids[constant.getResult()] = (uint64_t)id->getInt();
    } else if (isa<pynative::RecordedOp, pynative::BranchOp,
                   pynative::ScalarReadOp, pynative::LoopIterOp,
                   pynative::CallOp>(inner)) {
      if (failed(exportEvent(&inner, run)))
        return failure();
    } else if (!isa<pynative::OutputOp>(inner)) {
      return inner.emitError() << "'" << inner.getName()
                               << "' is not a recorded event";
    }
  }
  if (failed(pairs(*outputs, "output",
                   body.getTerminator()->getNumOperands(),
                   [&] { return run->add_outputs(); })))
    return failure();
  if (auto rng = op->getAttrOfType<ElementsAttr>("rng_state")) {
    FailureOr<std::string> bytes = bytesOf(op, rng);
    if (failed(bytes))
      return failure();
    run->set_rng_state(std::move(*bytes));
  }
  run->set_training(op->hasAttr("training"));
  run->set_grad_enabled(op->hasAttr("grad_enabled"));
  run->set_model(model->str());
  return success();
}

LogicalResult TraceExporter::run(pb::Trace &trace) {
  FailureOr<DictionaryAttr> exact = exactOf(module);
  if (failed(exact))
    return failure();
  FailureOr<IntegerAttr> version =
      entry<IntegerAttr>(module, *exact, "format_version");
  FailureOr<StringAttr> producer = entry<StringAttr>(module, *exact, "producer");
  FailureOr<StringAttr> torchVersion =
      entry<StringAttr>(module, *exact, "torch_version");
  FailureOr<StringAttr> model = entry<StringAttr>(module, *exact, "model");
  FailureOr<ArrayAttr> constants = entry<ArrayAttr>(module, *exact, "constants");
  if (failed(version) || failed(producer) || failed(torchVersion) ||
      failed(model) || failed(constants))
    return failure();
  trace.set_format_version((uint32_t)version->getInt());
  trace.set_producer(producer->str());
  trace.set_torch_version(torchVersion->str());
  trace.set_model(model->str());
  if (auto modes = dyn_cast_or_null<DenseBoolArrayAttr>(exact->get("modes"))) {
    if (modes.size() != 5)
      return module->emitError()
             << "pynative.exact of the module has no valid 'modes' entry";
    pb::RecordModes *m = trace.mutable_modes();
    m->set_dispatch_mode(modes[0]);
    m->set_function_mode(modes[1]);
    m->set_training(modes[2]);
    m->set_grad_enabled(modes[3]);
    m->set_loop_tracer(modes[4]);
  }
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto param = dyn_cast<pynative::ParameterOp>(op)) {
      FailureOr<DictionaryAttr> exactParam = exactOf(param);
      if (failed(exactParam))
        return failure();
      FailureOr<IntegerAttr> id = entry<IntegerAttr>(param, *exactParam, "id");
      if (failed(id))
        return failure();
      pb::Parameter *p = trace.add_parameters();
      p->set_tensor_id((uint64_t)id->getInt());
      p->set_name(param.getSymName().str());
      p->set_is_buffer(param.getIsBuffer());
      if (failed(setValue(param, p->mutable_value(), param.getValue())))
        return failure();
      parameterIds[param.getSymName()] = p->tensor_id();
    }
  }
  for (Attribute entry : *constants) {
    auto pair = dyn_cast<ArrayAttr>(entry);
    auto id = pair && pair.size() == 2 ? dyn_cast<IntegerAttr>(pair[0])
                                       : IntegerAttr();
    auto value = id ? dyn_cast<ElementsAttr>(pair[1]) : ElementsAttr();
    if (!value)
      return module->emitError()
             << "pynative.exact of the module has no valid 'constants' entry";
    pb::Constant *c = trace.add_constants();
    c->set_tensor_id((uint64_t)id.getInt());
    if (failed(setValue(module, c->mutable_value(), value)))
      return failure();
  }
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto run = dyn_cast<pynative::TraceOp>(op)) {
      if (failed(exportRun(run, trace.add_runs())))
        return failure();
    } else if (!isa<pynative::ParameterOp>(op)) {
      return op.emitError() << "'" << op.getName()
                            << "' is neither a pynative.parameter nor a "
                               "pynative.trace";
    }
  }
  return success();
}

} // namespace

LogicalResult mlir::ascend::exportPyNativeTrace(ModuleOp module,
                                                llvm::raw_ostream &os,
                                                bool text) {
  pb::Trace trace;
  if (failed(TraceExporter(module).run(trace)))
    return failure();
  std::string bytes;
  // Neither fails on a complete message below protobuf's 2 GiB limit, which
  // the importer's input already kept to.
  if (text)
    google::protobuf::TextFormat::PrintToString(trace, &bytes);
  else
    trace.SerializeToString(&bytes);
  os << bytes;
  return success();
}

void mlir::ascend::registerPyNativeTraceExport() {
  TranslateFromMLIRRegistration exportTrace(
      "export-pynative-trace",
      "write a pynative module imported with --pynative-exact back to an "
      "eager trace (.pntrace)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        // mlir-translate hands over the parsed (or implicit) module.
        return exportPyNativeTrace(cast<ModuleOp>(op), os, clTraceText);
      },
      [](DialectRegistry &registry) {
        registry.insert<pynative::PyNativeDialect>();
      });
}
