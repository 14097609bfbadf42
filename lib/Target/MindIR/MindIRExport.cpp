//===- MindIRExport.cpp - mindspore dialect to MindIR ---------------------===//
//
// Builds one mind_ir.ModelProto from a module at the mindspore level in the
// form MindSpore 2.10.0's `mindspore.export` writes and `mindspore.load`
// runs (mind_ir_version 3, ir_version "1.1", model_version "2.10.0"):
//  - `func.func @main` is the main graph; its arguments are GraphProto inputs
//    named `<graph>:input_<i>`, its results the GraphProto outputs (no Return
//    node: the output list names the returned nodes).
//  - each `mindspore.parameter` is a GraphProto parameter `<graph>:<name>`
//    (ref_key `<name>`) with the exact weight bytes in raw_data, or, above
//    1 GiB of weights, in external data files (ExternalDataWriter); a
//    `mindspore.load` is not a node, its users name the parameter directly.
//  - each primitive application is a node `REF::<Prim>:<id>` with a `shape`
//    attribute giving its output type; the PrimitiveProto `<Prim>:<id>` is
//    written once per distinct form and shared. Its form (PRIMITIVE_FUNCTION
//    with every argument a node input, or PRIMITIVE with attributes) comes
//    from MindIRPrimitiveTable.def (MindIRExportPrimitives.cpp).
//  - constants are `Constant` nodes with a `value` attribute, one per
//    distinct value and graph.
//  - `mindspore.cond`: each region a graph in `functions` whose inputs are
//    the outer values it uses; `Switch(pred, Partial(then, values...),
//    Partial(else, values...))`, then a call of the chosen closure (a node
//    `REF::<switch node>` without inputs).
//  - `mindspore.while`: MindSpore's tail recursion, as it writes a Python
//    `while`: a header graph (the `before` region) picks with a Switch
//    between Partial(body) (the `after` region, which calls the header
//    again) and Partial(exit) (returns the state).
//  - `mindspore.assert`: MindSpore's form of `if not cond: raise
//    RuntimeError(message)`: a Switch between Partial(pass) and
//    Partial(fail, io), `fail` applying the `raise` primitive; the graph's
//    outputs Depend on the guards.
//  - `mindspore.fusion` groups are written as their plain primitives
//    (MindSpore fuses kernels itself after loading).
//
//===----------------------------------------------------------------------===//
#include "MindIRExporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/wire_format_lite.h>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindir;
namespace ms = mlir::ascend::mindspore;

/// The MindSpore version whose export form this writer follows (recorded as
/// the model's model_version, as MindSpore records its own version).
static constexpr const char *kMindSporeVersion = "2.10.0";

namespace {
/// TensorProto.DataType of `elementType` (mindir::dataTypeOf), or an error
/// at `loc`. Complex numbers, which no mindspore op produces, are refused.
FailureOr<int> exportedDataType(Type elementType, Location loc) {
  std::optional<int> dt;
  if (!isa<ComplexType>(elementType))
    dt = mindir::dataTypeOf(elementType);
  if (!dt)
    return emitError(loc) << "element type " << elementType
                          << " has no MindIR data type";
  return *dt;
}


/// protobuf's output stream over an llvm::raw_ostream.
class RawOstreamOutput : public google::protobuf::io::CopyingOutputStream {
public:
  explicit RawOstreamOutput(llvm::raw_ostream &os) : os(os) {}
  bool Write(const void *buffer, int size) override {
    // A write error stays on the stream for its owner to report.
    os.write(static_cast<const char *>(buffer), size);
    return true;
  }

private:
  llvm::raw_ostream &os;
};

} // namespace

struct mlir::ascend::MindIRStagedExternalData::Impl {
  std::unique_ptr<ExternalDataWriter> writer;
  std::optional<Location> loc;
};

LogicalResult MindIRExporter::fillTensorType(mind_ir::TensorProto *tensor,
                                             Type type, Location loc) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return emitError(loc) << "type " << type << " has no MindIR form";
  FailureOr<int> dt = exportedDataType(ranked.getElementType(), loc);
  if (failed(dt))
    return failure();
  for (int64_t d : ranked.getShape())
    tensor->add_dims(ShapedType::isDynamic(d) ? -1 : d);
  tensor->set_data_type(*dt);
  return success();
}

LogicalResult MindIRExporter::setShape(mind_ir::NodeProto &node,
                                       TypeRange types, Location loc) {
  mind_ir::AttributeProto *shape = node.add_attribute();
  shape->set_name("shape");
  if (types.size() == 1) {
    shape->set_type(AttrType::TENSORS);
    return fillTensorType(shape->add_tensors(), types.front(), loc);
  }
  shape->set_type(AttrType::TUPLE);
  for (Type t : types) {
    mind_ir::AttributeProto *e = shape->add_values();
    e->set_type(AttrType::TENSORS);
    if (failed(fillTensorType(e->add_tensors(), t, loc)))
      return failure();
  }
  return success();
}


LogicalResult
MindIRExporter::streamBytes(ElementsAttr value, Location loc,
                            function_ref<LogicalResult(StringRef)> sink) {
  auto type = cast<ShapedType>(value.getType());
  Type elementType = type.getElementType();
  int64_t count = type.getNumElements();
  int64_t expected = count * mindir::storageBytes(elementType);

  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return emitError(loc)
             << "the data of dense_resource '"
             << resource.getRawHandle().getKey() << "' is not available";
    ArrayRef<char> data = blob->getData();
    if (int64_t(data.size()) != expected)
      return emitError(loc)
             << "dense_resource '" << resource.getRawHandle().getKey()
             << "' holds " << data.size() << " bytes, expected " << expected;
    return sink(StringRef(data.data(), data.size()));
  }

  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return emitError(loc) << "cannot read the bytes of " << value;
  // Pieces of at most about 1 MiB for the forms that need converting.
  constexpr size_t kChunk = size_t(1) << 20;
  std::string buffer;
  auto flush = [&]() -> LogicalResult {
    LogicalResult ok = buffer.empty() ? success() : sink(buffer);
    buffer.clear();
    return ok;
  };
  if (elementType.isInteger(1)) {
    for (bool b : dense.getValues<bool>()) {
      buffer.push_back(b ? 1 : 0);
      if (buffer.size() >= kChunk && failed(flush()))
        return failure();
    }
    return flush();
  }
  ArrayRef<char> data = dense.getRawData();
  if (!dense.isSplat()) {
    if (int64_t(data.size()) != expected)
      return emitError(loc) << "cannot read the bytes of " << value;
    return sink(StringRef(data.data(), data.size()));
  }
  if (int64_t(data.size()) * count != expected)
    return emitError(loc) << "cannot read the bytes of " << value;
  for (int64_t i = 0; i < count; ++i) {
    buffer.append(data.data(), data.size());
    if (buffer.size() >= kChunk && failed(flush()))
      return failure();
  }
  return flush();
}

LogicalResult MindIRExporter::rawBytes(ElementsAttr value, Location loc,
                                       std::string &out) {
  out.clear();
  return streamBytes(value, loc, [&](StringRef piece) {
    out.append(piece.data(), piece.size());
    return success();
  });
}

std::string MindIRExporter::primitive(StringRef opType, bool function,
                                      const AttrList *attrs) {
  std::string key = (opType + (function ? "\x01" : "\x02")).str();
  if (attrs)
    for (const mind_ir::AttributeProto &a : *attrs)
      key += a.SerializeAsString() + '\0';
  auto [it, inserted] = primitives.try_emplace(key);
  if (!inserted)
    return it->second;
  std::string name = (opType + ":" + nextId()).str();
  mind_ir::PrimitiveProto *prim = model.add_primitives();
  prim->set_name(name);
  prim->set_op_type(opType.str());
  prim->set_prim_type(function ? mind_ir::PrimitiveProto::PRIMITIVE_FUNCTION
                               : mind_ir::PrimitiveProto::PRIMITIVE);
  if (attrs)
    *prim->mutable_attribute() = *attrs;
  it->second = name;
  return name;
}

mind_ir::NodeProto &MindIRExporter::addNode(GraphState &g, StringRef hint,
                                            StringRef ref) {
  mind_ir::NodeProto *node = g.proto->add_node();
  std::string name = (g.name + ":" + hint + ":" + nextId()).str();
  node->set_name(name);
  node->add_output(name);
  node->set_op_type(("REF::" + ref).str());
  return *node;
}

std::string MindIRExporter::constant(GraphState &g,
                                     const mind_ir::AttributeProto &value) {
  auto [it, inserted] = g.constants.try_emplace(value.SerializeAsString());
  if (!inserted)
    return it->second;
  mind_ir::NodeProto *node = g.proto->add_node();
  std::string name = g.name + ":ValueNode_" + nextId();
  node->set_name(name);
  node->add_output(name);
  node->set_op_type("Constant");
  mind_ir::AttributeProto *v = node->add_attribute();
  *v = value;
  v->set_name("value");
  it->second = name;
  return name;
}

std::string MindIRExporter::intConstant(GraphState &g, int64_t v) {
  mind_ir::AttributeProto value;
  value.set_i(v);
  value.set_type(AttrType::INT64);
  return constant(g, value);
}

FailureOr<std::string>
MindIRExporter::structural(GraphState &g, StringRef opType,
                           ArrayRef<std::string> inputs, TypeRange types,
                           Location loc, const AttrList *attrs) {
  mind_ir::NodeProto &node =
      addNode(g, StringRef(opType).lower(), primitive(opType, false, attrs));
  for (const std::string &in : inputs)
    node.add_input(in);
  if (failed(setShape(node, types, loc)))
    return failure();
  return node.name();
}

FailureOr<std::string> MindIRExporter::tupleGetItem(GraphState &g,
                                                    StringRef tuple,
                                                    int64_t index, Type type,
                                                    Location loc) {
  return structural(g, "TupleGetItem", {tuple.str(), intConstant(g, index)},
                    type, loc);
}

FailureOr<std::string> MindIRExporter::nameOf(Value value, Operation *user) {
  auto it = names.find(value);
  if (it != names.end())
    return it->second;
  // A weight read inside a region, seen from the main graph: the parameter.
  if (auto load = value.getDefiningOp<ms::LoadOp>();
      load && parameters.count(load.getName()))
    return (mainName + ":" + load.getName()).str();
  return user->emitError("operand has no MindIR name (defined by an op that "
                         "was not exported)");
}

FailureOr<SmallVector<std::string>> MindIRExporter::namesOf(ValueRange values,
                                                            Operation *user) {
  SmallVector<std::string> result;
  for (Value v : values) {
    FailureOr<std::string> name = nameOf(v, user);
    if (failed(name))
      return failure();
    result.push_back(*name);
  }
  return result;
}

LogicalResult MindIRExporter::nameResults(ResultRange results,
                                          const std::string &node,
                                          GraphState &g, Location loc) {
  if (results.size() == 1) {
    names[results[0]] = node;
    return success();
  }
  for (OpResult result : results) {
    FailureOr<std::string> item = tupleGetItem(
        g, node, result.getResultNumber(), result.getType(), loc);
    if (failed(item))
      return failure();
    names[result] = *item;
  }
  return success();
}

LogicalResult MindIRExporter::exportParameter(ms::ParameterOp op) {
  if (!op.getValue())
    return op.emitError("parameter '")
           << op.getSymName()
           << "' has no value; MindIR export needs every weight's data";
  mind_ir::TensorProto *tensor =
      external ? model.mutable_graph()->add_parameter()
               : google::protobuf::Arena::CreateMessage<mind_ir::TensorProto>(
                     &arena);
  tensor->set_name((mainName + ":" + op.getSymName()).str());
  tensor->set_ref_key(op.getSymName().str());
  if (failed(fillTensorType(tensor, op.getType(), op.getLoc())))
    return failure();
  parameters[op.getSymName()] = true;
  ElementsAttr value = *op.getValue();
  auto type = cast<ShapedType>(value.getType());
  uint64_t length =
      type.getNumElements() * mindir::storageBytes(type.getElementType());
  if (external) {
    return external->add(
        tensor, length, op.getLoc(),
        [&](function_ref<LogicalResult(StringRef)> sink) {
          return streamBytes(value, op.getLoc(), sink);
        });
  }
  inlineWeights.push_back({tensor, value, op.getLoc(), length});
  return success();
}

LogicalResult MindIRExporter::write(llvm::raw_ostream &os) {
  using google::protobuf::io::CodedOutputStream;
  using WireFormatLite = google::protobuf::internal::WireFormatLite;
  // Field numbers (MindIR's mind_ir.proto).
  constexpr int kModelGraph = 7, kGraphParameter = 3, kTensorRawData = 9;
  constexpr uint64_t kProtobufLimit = (uint64_t(1) << 31) - 1;
  // Everything is checked before the first byte goes out: the model's and
  // the weights' required fields, the sizes, and that each weight's bytes
  // are there (streamBytes checks a blob's size without reading it).
  if (!model.IsInitialized())
    return module.emitError("protobuf could not serialize the MindIR model");
  uint64_t total = model.ByteSizeLong();
  SmallVector<uint64_t> tensorBytes, entryBytes;
  uint64_t weightsGraph = 0;
  for (const InlineWeight &w : inlineWeights) {
    if (!w.tensor->IsInitialized())
      return module.emitError("protobuf could not serialize the MindIR model");
    uint64_t streamed = 0;
    if (failed(streamBytes(w.value, w.loc, [&](StringRef piece) {
          streamed += piece.size();
          return success();
        })))
      return failure();
    if (streamed != w.length)
      return emitError(w.loc) << "cannot read the bytes of " << w.value;
    uint64_t head = w.tensor->ByteSizeLong();
    uint64_t entry = head + 1 + CodedOutputStream::VarintSize64(w.length) +
                     w.length;
    tensorBytes.push_back(head);
    entryBytes.push_back(entry);
    weightsGraph += 1 + CodedOutputStream::VarintSize64(entry) + entry;
  }
  if (!inlineWeights.empty())
    total += 1 + CodedOutputStream::VarintSize64(weightsGraph) + weightsGraph;
  if (total > kProtobufLimit)
    return module.emitError("the MindIR model would be ")
           << total
           << " bytes: a MindIR file (one protobuf message) holds less than "
              "2 GiB; use --mindir-external-data=auto or =always";

  RawOstreamOutput sink(os);
  google::protobuf::io::CopyingOutputStreamAdaptor out(&sink);
  CodedOutputStream coded(&out);
  if (!model.SerializePartialToCodedStream(&coded))
    return module.emitError("protobuf could not serialize the MindIR model");
  if (inlineWeights.empty())
    return success();
  auto tag = [](int field) {
    return WireFormatLite::MakeTag(field,
                                   WireFormatLite::WIRETYPE_LENGTH_DELIMITED);
  };
  coded.WriteTag(tag(kModelGraph));
  coded.WriteVarint64(weightsGraph);
  for (auto [i, w] : llvm::enumerate(inlineWeights)) {
    coded.WriteTag(tag(kGraphParameter));
    coded.WriteVarint64(entryBytes[i]);
    // ByteSizeLong above cached the sizes this serialization uses.
    w.tensor->SerializeWithCachedSizes(&coded);
    coded.WriteTag(tag(kTensorRawData));
    coded.WriteVarint64(w.length);
    // Checked above: the same bytes, so this does not fail.
    (void)streamBytes(w.value, w.loc, [&](StringRef piece) {
      coded.WriteRaw(piece.data(), (int)piece.size());
      return success();
    });
  }
  return success();
}

/// `Depend(value, state)`: MindSpore's order of a side effect.
static AttrList dependAttrs() {
  AttrList attrs;
  mind_ir::AttributeProto *a = attrs.Add();
  a->set_name("side_effect_propagate");
  a->set_i(1);
  a->set_type(AttrType::INT64);
  return attrs;
}

LogicalResult MindIRExporter::exportNamedOutput(std::string name,
                                                TypeRange types, GraphState &g,
                                                Location loc) {
  if (!g.ioState.empty()) {
    AttrList attrs = dependAttrs();
    FailureOr<std::string> depend =
        structural(g, "Depend", {name, g.ioState}, types, loc, &attrs);
    if (failed(depend))
      return failure();
    name = *depend;
  }
  mind_ir::ValueInfoProto *out = g.proto->add_output();
  out->set_name(name);
  if (types.size() == 1)
    return fillTensorType(out->add_tensor(), types.front(), loc);
  mind_ir::NodeProto probe;
  if (failed(setShape(probe, types, loc)))
    return failure();
  *out->mutable_attr_info() = probe.attribute(0);
  return success();
}

LogicalResult MindIRExporter::exportOutputs(Operation *terminator,
                                            ValueRange values, GraphState &g) {
  if (values.empty())
    return terminator->emitError("a MindIR graph must return a value");
  FailureOr<SmallVector<std::string>> outs = namesOf(values, terminator);
  if (failed(outs))
    return failure();
  Location loc = terminator->getLoc();
  if (values.size() == 1)
    return exportNamedOutput(outs->front(), values.getTypes(), g, loc);
  // Several results: MindSpore returns one MakeTuple.
  FailureOr<std::string> tuple =
      structural(g, "MakeTuple", *outs, values.getTypes(), loc);
  if (failed(tuple))
    return failure();
  return exportNamedOutput(*tuple, values.getTypes(), g, loc);
}

GraphState &MindIRExporter::newGraph(StringRef name, ValueRange inputs,
                                     Location loc, FailureOr<bool> &ok) {
  graphs.push_back(std::make_unique<GraphState>());
  GraphState &g = *graphs.back();
  g.proto = model.add_functions();
  g.name = name.str();
  g.proto->set_name(g.name);
  for (auto [i, v] : llvm::enumerate(inputs)) {
    mind_ir::ValueInfoProto *input = g.proto->add_input();
    std::string inputName = g.name + ":arg_" + std::to_string(i);
    input->set_name(inputName);
    if (failed(fillTensorType(input->add_tensor(), v.getType(), loc)))
      ok = failure();
    names[v] = inputName;
  }
  return g;
}

FailureOr<std::string> MindIRExporter::partial(GraphState &g, StringRef graph,
                                               ArrayRef<std::string> args,
                                               Location loc) {
  AttrList attrs = dependAttrs();
  mind_ir::NodeProto &node =
      addNode(g, "partial", primitive("Partial", false, &attrs));
  node.add_input(graph.str());
  for (const std::string &a : args)
    node.add_input(a);
  mind_ir::AttributeProto *shape = node.add_attribute();
  shape->set_name("shape");
  shape->set_type(AttrType::FUNCGRAPHCLOSURE);
  shape->set_s(graph.str());
  closureGraphs[node.name()] = graph.str();
  return node.name();
}

FailureOr<std::string> MindIRExporter::switchCall(GraphState &g,
                                                  StringRef flag, StringRef a,
                                                  StringRef b, TypeRange types,
                                                  Location loc) {
  mind_ir::NodeProto &sw =
      addNode(g, "switch", primitive("Switch", false));
  sw.add_input(flag.str());
  sw.add_input(a.str());
  sw.add_input(b.str());
  mind_ir::AttributeProto *shape = sw.add_attribute();
  shape->set_name("shape");
  shape->set_type(AttrType::UNIONFUNCCLOSURE);
  for (StringRef closure : {a, b}) {
    mind_ir::AttributeProto *e = shape->add_values();
    e->set_s(closureGraphs.lookup(closure));
    e->set_type(AttrType::FUNCGRAPHCLOSURE);
  }
  std::string switchName = sw.name();
  mind_ir::NodeProto &call = addNode(g, "call", switchName);
  if (failed(setShape(call, types, loc)))
    return failure();
  return call.name();
}

/// The values the regions of `op` use that are defined outside it, and the
/// weights they read (`mindspore.load` results), in a stable order: the
/// inputs of the graphs of its regions.
static SmallVector<Value> capturedValues(Operation *op) {
  llvm::SetVector<Value> values;
  getUsedValuesDefinedAbove(op->getRegions(), values);
  op->walk([&](ms::LoadOp load) {
    if (load != op)
      values.insert(load.getResult());
  });
  return SmallVector<Value>(values.begin(), values.end());
}

/// Saves and restores the names of values a sub-graph rebinds to its inputs.
struct NameScope {
  NameScope(llvm::DenseMap<Value, std::string> &names, ValueRange values)
      : names(names) {
    for (Value v : values) {
      auto it = names.find(v);
      saved.push_back({v, it == names.end()
                              ? std::nullopt
                              : std::optional<std::string>(it->second)});
    }
  }
  ~NameScope() {
    for (auto &[v, name] : llvm::reverse(saved)) {
      if (name)
        names[v] = *name;
      else
        names.erase(v);
    }
  }
  llvm::DenseMap<Value, std::string> &names;
  SmallVector<std::pair<Value, std::optional<std::string>>> saved;
};

LogicalResult MindIRExporter::exportCond(ms::CondOp op, GraphState &g) {
  Location loc = op.getLoc();
  if (op.getNumResults() == 0)
    return op.emitError("a 'mindspore.cond' without results has no MindIR "
                        "form");
  FailureOr<std::string> pred = nameOf(op.getPredicate(), op);
  SmallVector<Value> captured = capturedValues(op);
  FailureOr<SmallVector<std::string>> args = namesOf(captured, op);
  if (failed(pred) || failed(args))
    return failure();
  std::string id = nextId();
  std::string closures[2];
  Region *regions[2] = {&op.getThenRegion(), &op.getElseRegion()};
  for (int i = 0; i < 2; ++i) {
    std::string name = g.name + "_cond" + id + (i == 0 ? "_then" : "_else");
    {
      NameScope scope(names, captured);
      FailureOr<bool> ok = true;
      GraphState &branch = newGraph(name, captured, loc, ok);
      if (failed(ok) || failed(exportBlock(regions[i]->front(), branch)))
        return failure();
    }
    FailureOr<std::string> closure = partial(g, name, *args, loc);
    if (failed(closure))
      return failure();
    closures[i] = *closure;
  }
  FailureOr<std::string> call = switchCall(g, *pred, closures[0], closures[1],
                                           op.getResultTypes(), loc);
  if (failed(call))
    return failure();
  return nameResults(op.getResults(), *call, g, loc);
}

LogicalResult MindIRExporter::exportWhile(ms::WhileOp op, GraphState &g) {
  if (op.getNumResults() == 0)
    return op.emitError("a 'mindspore.while' without state has no MindIR "
                        "form");
  Location loc = op.getLoc();
  TypeRange stateTypes = op.getResultTypes();
  SmallVector<Value> captured = capturedValues(op);
  FailureOr<SmallVector<std::string>> outer = namesOf(captured, op);
  FailureOr<SmallVector<std::string>> inits = namesOf(op.getInits(), op);
  if (failed(outer) || failed(inits))
    return failure();
  std::string id = nextId();
  std::string headerName = g.name + "_while" + id + "_header";
  std::string bodyName = g.name + "_while" + id + "_body";
  std::string exitName = g.name + "_while" + id + "_exit";
  Block &before = op.getBefore().front();
  Block &after = op.getAfter().front();
  auto condition = cast<ms::ConditionOp>(before.getTerminator());
  auto yield = cast<ms::YieldOp>(after.getTerminator());

  NameScope scope(names, captured);
  auto withCaptured = [&](ValueRange state) {
    SmallVector<Value> inputs(state.begin(), state.end());
    inputs.append(captured.begin(), captured.end());
    return inputs;
  };
  // header(state..., captured...): one test of the condition.
  FailureOr<bool> ok = true;
  GraphState &header =
      newGraph(headerName, withCaptured(before.getArguments()), loc, ok);
  if (failed(ok))
    return failure();
  SmallVector<std::string> headerCaptured;
  for (Value v : captured)
    headerCaptured.push_back(names[v]);
  for (Operation &inner : before.without_terminator())
    if (failed(exportOp(&inner, header)))
      return failure();
  FailureOr<std::string> flag = nameOf(condition.getFlag(), condition);
  FailureOr<SmallVector<std::string>> tripValues =
      namesOf(condition.getValues(), condition);
  if (failed(flag) || failed(tripValues))
    return failure();

  // exit(values...): the loop's results.
  {
    GraphState &exitGraph = newGraph(exitName, after.getArguments(), loc, ok);
    if (failed(ok))
      return failure();
    SmallVector<Value> values(after.getArguments());
    FailureOr<SmallVector<std::string>> outs = namesOf(values, condition);
    if (failed(outs))
      return failure();
    std::string result = outs->front();
    if (values.size() > 1) {
      FailureOr<std::string> tuple =
          structural(exitGraph, "MakeTuple", *outs, stateTypes, loc);
      if (failed(tuple))
        return failure();
      result = *tuple;
    }
    if (failed(exportNamedOutput(result, stateTypes, exitGraph, loc)))
      return failure();
  }

  // body(values..., captured...): the after region, then the next test.
  {
    GraphState &body =
        newGraph(bodyName, withCaptured(after.getArguments()), loc, ok);
    if (failed(ok))
      return failure();
    for (Operation &inner : after.without_terminator())
      if (failed(exportOp(&inner, body)))
        return failure();
    FailureOr<SmallVector<std::string>> next =
        namesOf(yield.getValues(), yield);
    FailureOr<SmallVector<std::string>> bodyCaptured = namesOf(captured, op);
    if (failed(next) || failed(bodyCaptured))
      return failure();
    mind_ir::NodeProto &again = addNode(body, "next_trip", headerName);
    for (const std::string &n : *next)
      again.add_input(n);
    for (const std::string &n : *bodyCaptured)
      again.add_input(n);
    if (failed(setShape(again, stateTypes, loc)) ||
        failed(exportNamedOutput(again.name(), stateTypes, body, loc)))
      return failure();
  }

  // Back in the header: continue or leave.
  SmallVector<std::string> bodyArgs(*tripValues);
  bodyArgs.append(headerCaptured);
  FailureOr<std::string> toBody = partial(header, bodyName, bodyArgs, loc);
  FailureOr<std::string> toExit = partial(header, exitName, *tripValues, loc);
  if (failed(toBody) || failed(toExit))
    return failure();
  FailureOr<std::string> trip =
      switchCall(header, *flag, *toBody, *toExit, stateTypes, loc);
  if (failed(trip) || failed(exportNamedOutput(*trip, stateTypes, header, loc)))
    return failure();

  // The enclosing graph starts the loop.
  mind_ir::NodeProto &start = addNode(g, "while", headerName);
  for (const std::string &n : *inits)
    start.add_input(n);
  for (const std::string &n : *outer)
    start.add_input(n);
  if (failed(setShape(start, stateTypes, loc)))
    return failure();
  std::string startName = start.name();
  return nameResults(op.getResults(), startName, g, loc);
}

LogicalResult MindIRExporter::exportAssert(ms::AssertOp op, GraphState &g) {
  // MindSpore's form of `if not condition: raise RuntimeError(message)`:
  // Switch(condition, Partial(pass, condition), Partial(fail, io)) and a
  // call; `fail` raises with the guard's message, `pass` returns the
  // condition. The graph's outputs depend on the call.
  Location loc = op.getLoc();
  FailureOr<std::string> condition = nameOf(op.getCondition(), op);
  if (failed(condition))
    return failure();
  Type condType = op.getCondition().getType();
  std::string id = nextId();
  std::string passName = g.name + "_guard" + id + "_pass";
  std::string failName = g.name + "_guard" + id + "_fail";

  // pass(condition) -> condition.
  {
    FailureOr<bool> ok = true;
    NameScope scope(names, op.getCondition());
    GraphState &pass = newGraph(passName, op.getCondition(), loc, ok);
    if (failed(ok) || failed(exportNamedOutput(names[op.getCondition()],
                                               condType, pass, loc)))
      return failure();
  }
  // The fail graph on the IO monad: raise with ("RuntimeError", message,
  // "None", io), ordered by UpdateState and returned through Depend.
  {
    graphs.push_back(std::make_unique<GraphState>());
    GraphState &fail = *graphs.back();
    fail.proto = model.add_functions();
    fail.name = failName;
    fail.proto->set_name(failName);
    std::string io = failName + ":io";
    mind_ir::ValueInfoProto *input = fail.proto->add_input();
    input->set_name(io);
    input->mutable_attr_info()->set_type(AttrType::IOMONAD);
    auto str = [&](StringRef text) {
      mind_ir::AttributeProto v;
      v.set_s(text.str());
      v.set_type(AttrType::STRING);
      return constant(fail, v);
    };
    std::string kind = str("RuntimeError"), message = str(op.getMessage()),
                none = str("None");
    AttrList attrs;
    auto boolAttr = [&](StringRef name) {
      mind_ir::AttributeProto *a = attrs.Add();
      a->set_name(name.str());
      a->set_i(1);
      a->set_type(AttrType::BOOL);
    };
    boolAttr("variable_length_inputs");
    boolAttr("side_effect_io");
    mind_ir::AttributeProto *target = attrs.Add();
    target->set_name("primitive_target");
    target->set_s("CPU");
    target->set_type(AttrType::STRING);
    // raise has no value; MindSpore gives it a placeholder of one double.
    Type placeholder =
        RankedTensorType::get({1}, Float64Type::get(op.getContext()));
    mind_ir::NodeProto &raise =
        addNode(fail, "raise", primitive("raise", false, &attrs));
    for (const std::string &in : {kind, message, none, io})
      raise.add_input(in);
    raise.set_domain("Default/raise-op" + nextId());
    if (failed(setShape(raise, placeholder, loc)))
      return failure();
    std::string raiseName = raise.name();
    mind_ir::NodeProto &update =
        addNode(fail, "updatestate", primitive("UpdateState", false));
    update.add_input(io);
    update.add_input(raiseName);
    mind_ir::AttributeProto *monad = update.add_attribute();
    monad->set_name("shape");
    monad->set_type(AttrType::IOMONAD);
    fail.ioState = update.name();
    if (failed(exportNamedOutput(raiseName, placeholder, fail, loc)))
      return failure();
  }

  mind_ir::AttributeProto ioValue;
  ioValue.set_type(AttrType::IOMONAD);
  std::string io = constant(g, ioValue);
  FailureOr<std::string> toPass = partial(g, passName, {*condition}, loc);
  FailureOr<std::string> toFail = partial(g, failName, {io}, loc);
  if (failed(toPass) || failed(toFail))
    return failure();
  FailureOr<std::string> call =
      switchCall(g, *condition, *toPass, *toFail, condType, loc);
  if (failed(call))
    return failure();
  if (g.ioState.empty()) {
    g.ioState = *call;
    return success();
  }
  // A later guard: the outputs depend on both.
  AttrList attrs = dependAttrs();
  FailureOr<std::string> both =
      structural(g, "Depend", {*call, g.ioState}, condType, loc, &attrs);
  if (failed(both))
    return failure();
  g.ioState = *both;
  return success();
}

LogicalResult MindIRExporter::exportBlock(Block &block, GraphState &g) {
  for (Operation &op : block)
    if (failed(exportOp(&op, g)))
      return failure();
  return success();
}

LogicalResult MindIRExporter::exportOp(Operation *op, GraphState &g) {
  Location loc = op->getLoc();
  if (auto ret = dyn_cast<func::ReturnOp>(op))
    return exportOutputs(op, ret.getOperands(), g);
  if (auto yield = dyn_cast<ms::YieldOp>(op))
    return exportOutputs(op, yield.getValues(), g);
  if (auto load = dyn_cast<ms::LoadOp>(op)) {
    if (!parameters.count(load.getName()))
      return load.emitError("no exported parameter named '")
             << load.getName() << "'";
    // In a sub-graph the weight is one of its inputs (capturedValues).
    names.try_emplace(load.getResult(),
                      (mainName + ":" + load.getName()).str());
    return success();
  }
  if (auto fusion = dyn_cast<ms::FusionOp>(op)) {
    // The group's plain primitives, in place.
    Block &body = fusion.getBody().front();
    for (auto [arg, input] : llvm::zip(body.getArguments(), fusion.getInputs())) {
      FailureOr<std::string> name = nameOf(input, op);
      if (failed(name))
        return failure();
      names[arg] = *name;
    }
    for (Operation &inner : body.without_terminator())
      if (failed(exportOp(&inner, g)))
        return failure();
    auto yield = cast<ms::YieldOp>(body.getTerminator());
    for (auto [result, value] : llvm::zip(fusion.getResults(), yield.getValues())) {
      FailureOr<std::string> name = nameOf(value, yield);
      if (failed(name))
        return failure();
      names[result] = *name;
    }
    return success();
  }
  if (auto c = dyn_cast<ms::ConstantOp>(op)) {
    mind_ir::AttributeProto value;
    value.set_type(AttrType::TENSORS);
    mind_ir::TensorProto *tensor = value.add_tensors();
    if (failed(fillTensorType(tensor, c.getType(), loc)))
      return failure();
    tensor->set_name("value0");
    std::string bytes;
    if (failed(rawBytes(c.getValue(), loc, bytes)))
      return failure();
    tensor->set_raw_data(std::move(bytes));
    names[c.getResult()] = constant(g, value);
    return success();
  }
  if (isLaunch(op))
    return exportLaunch(op, g);
  if (auto cond = dyn_cast<ms::CondOp>(op))
    return exportCond(cond, g);
  if (auto loop = dyn_cast<ms::WhileOp>(op))
    return exportWhile(loop, g);
  if (auto guard = dyn_cast<ms::AssertOp>(op))
    return exportAssert(guard, g);
  return exportPrimitiveOp(op, g);
}

LogicalResult MindIRExporter::run(llvm::raw_ostream &os,
                                  MindIRStagedExternalData *staged) {
  func::FuncOp main;
  SmallVector<ms::ParameterOp> params;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto param = dyn_cast<ms::ParameterOp>(op)) {
      params.push_back(param);
      continue;
    }
    if (isKernel(&op))
      continue;
    auto func = dyn_cast<func::FuncOp>(op);
    if (func && func.getSymName() == "main" && !func.isExternal()) {
      main = func;
      continue;
    }
    return op.emitError("'")
           << op.getName()
           << "' at module level has no MindIR mapping (expected "
              "'mindspore.parameter' and one 'func.func @main')";
  }
  if (!main)
    return module.emitError("MindIR export needs a 'func.func @main'");
  if (!main.getBody().hasOneBlock())
    return main.emitError("@main must have a single block");

  mainName = options.graphName;
  if (mainName.empty())
    mainName = module.getSymName() ? module.getSymName()->str() : "main_graph";

  model.set_ir_version("1.1");
  model.set_producer_name("ascend-opt");
  model.set_producer_version(options.producerVersion);
  model.set_model_version(options.modelVersion.empty()
                              ? std::string(kMindSporeVersion)
                              : options.modelVersion);
  model.set_little_endian(llvm::sys::IsLittleEndianHost);
  model.set_mind_ir_version(mind_ir::IR_VERSION_WITH_SCALAR_GRAPH_HOLDER);
  graphs.push_back(std::make_unique<GraphState>());
  GraphState &mainGraph = *graphs.back();
  mainGraph.proto = model.mutable_graph();
  mainGraph.name = mainName;
  mind_ir::GraphProto &graph = *mainGraph.proto;
  graph.set_name(mainName);

  // Inline or external data: decided on the total size of the weights.
  uint64_t weightBytes = 0;
  for (ms::ParameterOp param : params) {
    auto type = dyn_cast<ShapedType>(param.getType());
    if (type && type.hasStaticShape())
      weightBytes += type.getNumElements() *
                     mindir::storageBytes(type.getElementType());
  }
  bool toExternal =
      options.externalData == MindIRExternalData::Always ||
      (options.externalData == MindIRExternalData::Auto &&
       weightBytes > options.maxInlineWeightBytes);
  // protobuf refuses to serialize a message of 2 GiB or more.
  constexpr uint64_t kProtobufLimit = (uint64_t(1) << 31) - 1;
  if (!toExternal && weightBytes >= kProtobufLimit)
    return module.emitError("weights of ")
           << weightBytes
           << " bytes cannot be written inline: a MindIR file (one protobuf "
              "message) holds less than 2 GiB; use "
              "--mindir-external-data=auto or =always";
  if (toExternal && !params.empty()) {
    StringRef path = options.outputPath;
    if (path.empty() || path == "-" ||
        (llvm::sys::fs::exists(path) && !llvm::sys::fs::is_regular_file(path)))
      return module.emitError("the weights (")
             << weightBytes
             << " bytes) go to external data files beside the MindIR file, "
                "which needs an output file path (-o FILE), not '"
             << (path.empty() ? StringRef("-") : path) << "'";
    external = std::make_unique<ExternalDataWriter>(options.externalFileBytes);
    if (failed(external->begin(path, module.getLoc())))
      return failure();
  }

  for (ms::ParameterOp param : params)
    if (failed(exportParameter(param)))
      return failure();

  for (BlockArgument arg : main.getArguments()) {
    mind_ir::ValueInfoProto *input = graph.add_input();
    std::string name =
        mainName + ":input_" + std::to_string(arg.getArgNumber());
    input->set_name(name);
    if (failed(
            fillTensorType(input->add_tensor(), arg.getType(), arg.getLoc())))
      return failure();
    names[arg] = name;
  }

  if (failed(exportBlock(main.getBody().front(), mainGraph)))
    return failure();

  // Serialized straight to the stream (no copy of the model in memory),
  // the inline weights streamed from their blobs; write() checks the model
  // (required fields, the 2 GiB limit) before it writes anything, so a
  // failure leaves `os` untouched.
  if (failed(write(os)))
    return failure();
  if (!external)
    return success();
  if (staged) {
    staged->impl = std::make_unique<MindIRStagedExternalData::Impl>();
    staged->impl->writer = std::move(external);
    staged->impl->loc = module.getLoc();
    return success();
  }
  return external->commit(module.getLoc());
}

MindIRStagedExternalData::MindIRStagedExternalData() = default;
MindIRStagedExternalData::MindIRStagedExternalData(
    MindIRStagedExternalData &&) = default;
MindIRStagedExternalData &
MindIRStagedExternalData::operator=(MindIRStagedExternalData &&) = default;
MindIRStagedExternalData::~MindIRStagedExternalData() = default;

LogicalResult MindIRStagedExternalData::commit() {
  if (!impl)
    return success();
  std::unique_ptr<Impl> done = std::move(impl);
  return done->writer->commit(*done->loc);
}

/// Runs an exporter, which is freed unless options.freeModelMemory is false.
static LogicalResult runExporter(ModuleOp module, llvm::raw_ostream &os,
                                 const MindIRExportOptions &options,
                                 MindIRStagedExternalData *staged) {
  // The form MindSpore runs (MindIRRunnableForm.cpp) is written from a copy.
  OwningOpRef<ModuleOp> runnable;
  if (mindir::needsRunnableForm(module)) {
    runnable = module.clone();
    mindir::rewriteToRunnableForm(*runnable);
    module = *runnable;
  }
  auto exporter = std::make_unique<mindir::MindIRExporter>(module, options);
  LogicalResult result = exporter->run(os, staged);
  // (A failed export is freed: that also removes its external data files.)
  if (succeeded(result) && !options.freeModelMemory) {
    (void)exporter.release(); // returned at process exit
    (void)runnable.release();
  }
  return result;
}

LogicalResult mlir::ascend::exportMindIR(ModuleOp module, llvm::raw_ostream &os,
                                         const MindIRExportOptions &options) {
  return runExporter(module, os, options, /*staged=*/nullptr);
}

LogicalResult mlir::ascend::exportMindIR(ModuleOp module, llvm::raw_ostream &os,
                                         const MindIRExportOptions &options,
                                         MindIRStagedExternalData &staged) {
  return runExporter(module, os, options, &staged);
}

namespace {
std::string &translationOutputPath() {
  static std::string path;
  return path;
}

/// The command-line options of --export-mindir, registered on first use
/// (by registerMindIRTranslations).
struct ExportCLOptions {
  llvm::cl::opt<uint64_t> maxInlineWeightBytes{
      "mindir-max-inline-weight-bytes",
      llvm::cl::desc("--export-mindir: largest total weight size written "
                     "inline (bytes) with --mindir-external-data=auto"),
      llvm::cl::init(uint64_t(1) << 30)};
  llvm::cl::opt<MindIRExternalData> externalData{
      "mindir-external-data",
      llvm::cl::desc("--export-mindir: where the weights go"),
      llvm::cl::init(MindIRExternalData::Auto),
      llvm::cl::values(
          clEnumValN(MindIRExternalData::Auto, "auto",
                     "inline up to --mindir-max-inline-weight-bytes (1 GiB) "
                     "in total, external data files above"),
          clEnumValN(MindIRExternalData::Always, "always",
                     "always in external data files"),
          clEnumValN(MindIRExternalData::Never, "never", "always inline"))};
  llvm::cl::opt<uint64_t> externalFileBytes{
      "mindir-external-file-bytes",
      llvm::cl::desc("--export-mindir: size at which external weight data "
                     "starts a new file (bytes)"),
      llvm::cl::init(uint64_t(1) << 30)};
  llvm::cl::opt<std::string> graphName{
      "mindir-graph-name",
      llvm::cl::desc("--export-mindir: name of the main graph"),
      llvm::cl::init("")};
};

ExportCLOptions &exportCLOptions() {
  static ExportCLOptions options;
  return options;
}
} // namespace

void mlir::ascend::setMindIRTranslationOutputPath(StringRef path) {
  translationOutputPath() = path.str();
}

MindIRExportOptions mlir::ascend::mindirExportOptionsFromCommandLine() {
  ExportCLOptions &cl = exportCLOptions();
  MindIRExportOptions options;
  options.maxInlineWeightBytes = cl.maxInlineWeightBytes;
  options.externalData = cl.externalData;
  options.externalFileBytes = cl.externalFileBytes;
  options.outputPath = translationOutputPath();
  options.graphName = cl.graphName;
  return options;
}

void mlir::ascend::registerMindIRTranslations() {
  exportCLOptions();
  static TranslateFromMLIRRegistration registration(
      "export-mindir", "mindspore dialect to a MindIR file (MindSpore)",
      [](ModuleOp module, llvm::raw_ostream &os) {
        return exportMindIR(module, os, mindirExportOptionsFromCommandLine());
      },
      [](DialectRegistry &registry) {
        registry.insert<ms::MindSporeDialect, func::FuncDialect>();
        // aicore.launch: an error naming the Custom route (MindIRExportCustom.cpp).
        registerCustomRouteDialects(registry);
      });
}
