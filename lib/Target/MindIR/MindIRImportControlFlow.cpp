//===- MindIRImportControlFlow.cpp - MindIR graphs as regions -------------===//
//
// The importer's control flow (MindIRImporter.h): `Switch(pred, g1, g2)` + a
// call of that node becomes `mindspore.cond` (a branch that only raises is a
// guard, mindspore.assert); a loop graph (it calls the closure of
// `Switch(flag, continue, exit)`, `continue` calls it again) becomes
// `mindspore.while`; a `GraphKernel_<name>` primitive whose `func_graph`
// names a graph marked `graph_kernel` becomes `mindspore.fusion`.
//
//===----------------------------------------------------------------------===//
#include "MindIRImporter.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindir;
namespace ms = mlir::ascend::mindspore;

FailureOr<Entry> MindIRImporter::buildFusion(const mind_ir::NodeProto &node,
                                             StringRef primitive,
                                             const AttrList &attrs,
                                             ArrayRef<Entry> inputs) {
  StringRef kernelName = primitive.drop_front(strlen("GraphKernel_"));
  const mind_ir::AttributeProto *funcGraph = findAttr(attrs, "func_graph");
  if (!funcGraph || funcGraph->type() != AttrType::GRAPH || !funcGraph->has_g())
    return error() << "primitive '" << primitive
                   << "' has no func_graph attribute of type GRAPH naming its "
                      "graph kernel";
  auto g = graphs.find(funcGraph->g().name());
  if (g == graphs.end())
    return error() << "primitive '" << primitive << "' names the graph '"
                   << funcGraph->g().name() << "', which the model lacks";
  const mind_ir::GraphProto &sub = *g->second;
  if (!findAttr(sub.attribute(), "graph_kernel"))
    return error() << "primitive '" << primitive << "' applies graph '"
                   << sub.name()
                   << "', which is not marked graph_kernel (not a fused "
                      "kernel)";
  SmallVector<Type> types;
  bool tuple = false;
  if (failed(nodeTypes(node, types, tuple)))
    return failure();
  if (types.empty() || llvm::any_of(types, [](Type t) { return !t; }))
    return error() << "the shape attribute of '" << primitive
                   << "' does not give tensors";
  SmallVector<Value> operands;
  if (failed(tensorOperands(inputs, operands)))
    return failure();

  Location loc = nodeLoc(node);
  OperationState state(loc, ms::FusionOp::getOperationName());
  state.addOperands(operands);
  state.addTypes(types);
  Region *region = state.addRegion();
  Block *block = new Block();
  region->push_back(block);
  for (Value v : operands)
    block->addArgument(v.getType(), loc);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(block);
    // The body sees only its inputs (IsolatedFromAbove): no parent scope.
    Scope inner;
    SmallVector<Entry> args;
    for (BlockArgument arg : block->getArguments())
      args.push_back(Entry::tensor(arg));
    FailureOr<Entry> out = importGraph(sub, inner, args);
    if (failed(out))
      return failure();
    SmallVector<Value> values;
    if (failed(flattenTensors(*out, values, "a graph kernel output")))
      return failure();
    if (ValueRange(values).getTypes() != TypeRange(types))
      return error() << "the graph kernel '" << sub.name() << "' returns "
                     << values.size()
                     << " value(s) of other types than the node's shape "
                        "attribute gives";
    ms::YieldOp::create(builder, loc, values);
  }
  std::string kind;
  if (const mind_ir::AttributeProto *k = findAttr(attrs, "fusion_kind")) {
    kind = attrString(*k);
  } else {
    // MindSpore's own files: the kind the body's units call for.
    kind = "vector";
    for (Operation &inner : block->without_terminator()) {
      StringRef unit = ms::FusionOp::classify(&inner);
      if (unit == "cube")
        kind = "mix";
      else if (unit == "reduction" && kind == "vector")
        kind = "reduction";
    }
  }
  state.addAttribute("kind", builder.getStringAttr(kind));
  state.addAttribute("kernel_name", builder.getStringAttr(kernelName));
  Operation *fusion = builder.create(state);
  if (!tuple)
    return Entry::tensor(fusion->getResult(0));
  Entry result = Entry::of(Entry::Tuple);
  for (Value r : fusion->getResults())
    result.elems.push_back(Entry::tensor(r));
  return result;
}

bool MindIRImporter::isLoopGraph(const mind_ir::GraphProto &graph) {
  std::string self = "REF::" + graph.name();
  llvm::StringSet<> switches;
  // Partial nodes: the graph each closes over.
  llvm::StringMap<std::string> closures;
  for (const mind_ir::NodeProto &node : graph.node()) {
    StringRef opType = node.op_type();
    if (opType.consume_front("REF::") && node.input_size() > 0) {
      auto prim = primitives.find(opType);
      if (prim != primitives.end() && prim->second->op_type() == "Partial") {
        closures[node.name()] = node.input(0);
        if (node.output_size() > 0)
          closures[node.output(0)] = node.input(0);
      }
    }
  }
  for (const mind_ir::NodeProto &node : graph.node()) {
    StringRef opType = node.op_type();
    if (opType.consume_front("REF::")) {
      if (switches.contains(opType))
        return true;
      auto prim = primitives.find(opType);
      if (prim == primitives.end() ||
          (prim->second->op_type() != "Switch" &&
           prim->second->op_type() != "switch") ||
          node.input_size() != 3)
        continue;
    } else if (opType != "Switch") {
      continue;
    }
    // A Switch whose first branch calls this graph.
    StringRef first = node.input(1);
    if (auto c = closures.find(first); c != closures.end())
      first = c->second;
    auto branch = graphs.find(first);
    if (branch == graphs.end())
      continue;
    bool recurses =
        llvm::any_of(branch->second->node(), [&](const mind_ir::NodeProto &n) {
          return n.op_type() == self;
        });
    if (recurses) {
      switches.insert(node.name());
      if (node.output_size() > 0)
        switches.insert(node.output(0));
    }
  }
  return false;
}

std::optional<std::string>
MindIRImporter::raisedMessage(const mind_ir::GraphProto &graph) {
  llvm::StringMap<std::string> strings;
  for (const mind_ir::NodeProto &node : graph.node()) {
    if (node.op_type() != "Constant")
      continue;
    const mind_ir::AttributeProto *v = findAttr(node.attribute(), "value");
    if (!v || v->type() != AttrType::STRING)
      continue;
    strings[node.name()] = v->s();
    if (node.output_size() > 0)
      strings[node.output(0)] = v->s();
  }
  for (const mind_ir::NodeProto &node : graph.node()) {
    StringRef opType = node.op_type();
    if (!opType.consume_front("REF::") || node.input_size() < 2)
      continue;
    auto prim = primitives.find(opType);
    if (prim == primitives.end() || prim->second->op_type() != "raise")
      continue;
    auto message = strings.find(node.input(1));
    if (message != strings.end())
      return message->second;
  }
  return std::nullopt;
}

SmallVector<bool>
MindIRImporter::invariantInputs(const mind_ir::GraphProto &header) {
  SmallVector<bool> invariant(header.input_size(), false);
  std::string self = "REF::" + header.name();
  for (const mind_ir::NodeProto &partial : header.node()) {
    StringRef opType = partial.op_type();
    if (!opType.consume_front("REF::") || partial.input_size() == 0)
      continue;
    auto prim = primitives.find(opType);
    auto g = graphs.find(partial.input(0));
    if (prim == primitives.end() || prim->second->op_type() != "Partial" ||
        g == graphs.end())
      continue;
    const mind_ir::GraphProto &body = *g->second;
    for (const mind_ir::NodeProto &call : body.node()) {
      if (call.op_type() != self)
        continue;
      for (int k = 0; k < header.input_size() && k < call.input_size(); ++k)
        for (int j = 0; j < body.input_size(); ++j)
          if (body.input(j).name() == call.input(k) &&
              j + 1 < partial.input_size() &&
              partial.input(j + 1) == header.input(k).name())
            invariant[k] = true;
    }
  }
  return invariant;
}

/// A loop graph is a `mindspore.while`: its nodes up to the Switch are the
/// before region, the exit graph (run inside it) gives the values of a trip,
/// the continue graph up to its call of the loop graph is the after region.
FailureOr<Entry> MindIRImporter::buildWhile(const mind_ir::NodeProto &node,
                                            const mind_ir::GraphProto &header,
                                            ArrayRef<Entry> args,
                                            Scope &scope) {
  SmallVector<Value> all;
  for (const Entry &arg : args)
    if (failed(flattenTensors(arg, all, "a loop's initial state")))
      return failure();
  if (int64_t(all.size()) != header.input_size())
    return error() << "starts loop graph '" << header.name() << "' with "
                   << all.size() << " values; it has " << header.input_size()
                   << " inputs";
  // Inputs passed on unchanged are outer values, not loop state.
  SmallVector<bool> invariant = invariantInputs(header);
  SmallVector<Value> inits, outerValues;
  for (auto [k, v] : llvm::enumerate(all))
    (invariant[k] ? outerValues : inits).push_back(v);
  if (inits.empty())
    return error() << "starts loop graph '" << header.name()
                   << "' without state; a mindspore.while needs some";
  TypeRange types = ValueRange(inits).getTypes();

  Location loc = nodeLoc(node);
  OperationState state(loc, ms::WhileOp::getOperationName());
  state.addOperands(inits);
  state.addTypes(types);
  Region *before = state.addRegion();
  Region *after = state.addRegion();
  SmallVector<Location> locs(types.size(), loc);
  Block *beforeBlock = new Block();
  before->push_back(beforeBlock);
  beforeBlock->addArguments(types, locs);
  Block *afterBlock = new Block();
  after->push_back(afterBlock);
  afterBlock->addArguments(types, locs);
  // Ops built in the regions belong to `state` until the op exists; on
  // failure the regions (and the ops) go with it.

  active.insert(&header);
  loops.push_back(LoopState{&header});
  llvm::scope_exit leave([&] {
    loops.pop_back();
    active.erase(&header);
  });

  const mind_ir::GraphProto *savedGraph = currentGraph;
  const mind_ir::NodeProto *savedNode = currentNode;
  llvm::scope_exit restore([&] {
    currentGraph = savedGraph;
    currentNode = savedNode;
  });

  // before: the loop graph on the block arguments.
  Scope headerScope;
  headerScope.parent = &scope;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(beforeBlock);
    currentGraph = &header;
    currentNode = nullptr;
    unsigned next = 0;
    for (auto [k, input] : llvm::enumerate(header.input()))
      headerScope.names[input.name()] = Entry::tensor(
          invariant[k] ? all[k] : beforeBlock->getArgument(next++));
    for (const mind_ir::NodeProto &n : header.node()) {
      currentNode = &n;
      if (failed(importNode(n, headerScope)))
        return failure();
    }
    currentNode = nullptr;
    LoopState &loop = loops.back();
    // isLoopGraph found a call of the Switch by the names in the file; the
    // names may have meant something else where they were used.
    if (!loop.flag)
      return error() << "never reaches its exit test: its Switch does not "
                        "pick the graph that calls it again";
    if (ValueRange(loop.values).getTypes() != types)
      return error() << "the exit graph returns values of other types than "
                        "the loop state";
    ms::ConditionOp::create(builder, loc, loop.flag, loop.values);
  }

  // after: the continue graph on this trip's values. Names of the loop graph
  // are this trip's values where the loop carries them.
  {
    LoopState &loop = loops.back();
    const mind_ir::GraphProto *continueGraph = loop.continueGraph;
    Scope afterScope;
    afterScope.parent = &scope;
    // A value of the loop graph, seen from the continue graph: this trip's
    // value where the loop carries it, an outer value as it is.
    auto inAfter = [&](const Entry &e) {
      Entry bound = Entry::of(Entry::LoopLocal);
      if (e.kind == Entry::Tensor) {
        if (llvm::is_contained(outerValues, e.value))
          return e;
        for (auto [i, v] : llvm::enumerate(loop.values))
          if (v == e.value) {
            bound = Entry::tensor(afterBlock->getArgument(i));
            break;
          }
      }
      return bound;
    };
    for (auto &entry : headerScope.names) {
      const Entry &e = entry.second;
      if (e.kind == Entry::Tensor || e.kind == Entry::MultiOutput)
        afterScope.names[entry.first()] = inAfter(e);
    }
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(afterBlock);
    loop.inContinue = true;
    currentGraph = continueGraph;
    currentNode = nullptr;
    if (continueGraph->input_size() != int64_t(loop.continueArgs.size()))
      return error() << "the continue graph of a loop takes "
                     << continueGraph->input_size() << " inputs; its Partial "
                     << "binds " << loop.continueArgs.size();
    for (auto [input, arg] :
         llvm::zip(continueGraph->input(), loop.continueArgs))
      afterScope.names[input.name()] = inAfter(arg);
    for (const mind_ir::NodeProto &n : continueGraph->node()) {
      currentNode = &n;
      if (failed(importNode(n, afterScope)))
        return failure();
    }
    currentNode = nullptr;
    if (!loop.next)
      return error() << "does not call the loop graph '" << header.name()
                     << "' again (the name means something else here)";
    if (loop.next->size() == invariant.size()) {
      SmallVector<Value> carried;
      for (auto [k, v] : llvm::enumerate(*loop.next))
        if (!invariant[k])
          carried.push_back(v);
      loop.next = std::move(carried);
    }
    if (ValueRange(*loop.next).getTypes() != types)
      return error() << "calls the loop graph '" << header.name()
                     << "' with values of other types than the loop state";
    ms::YieldOp::create(builder, loc, *loop.next);
  }

  Operation *op = builder.create(state);
  if (op->getNumResults() == 1)
    return Entry::tensor(op->getResult(0));
  Entry result = Entry::of(Entry::Tuple);
  for (Value v : op->getResults())
    result.elems.push_back(Entry::tensor(v));
  return result;
}

FailureOr<Entry> MindIRImporter::buildCond(const mind_ir::NodeProto &node,
                                           const Entry &sw,
                                           ArrayRef<Entry> args, Scope &scope) {
  FailureOr<Value> pred = toTensor(sw.elems[0], "the Switch condition");
  if (failed(pred))
    return failure();
  SmallVector<Type> types;
  bool tuple = false;
  if (failed(nodeTypes(node, types, tuple)))
    return failure();
  for (Type t : types)
    if (!t)
      return error() << "a branch result is not a tensor";

  auto boundArgs = [&](int branch) {
    SmallVector<Entry> all;
    if (sw.elems.size() == 3)
      all.append(sw.elems[1 + branch].elems.begin(),
                 sw.elems[1 + branch].elems.end());
    all.append(args.begin(), args.end());
    return all;
  };
  // A guard: `if not pred: raise RuntimeError(message)`, the else graph
  // applying `raise` (MindIRExport's form of mindspore.assert).
  if (std::optional<std::string> message = raisedMessage(*sw.elseGraph)) {
    auto type = dyn_cast<RankedTensorType>(pred->getType());
    if (!type || !type.getElementType().isInteger(1))
      return error() << "the guard condition is " << pred->getType()
                     << ", not a bool tensor";
    ms::AssertOp::create(builder, nodeLoc(node), *pred, *message);
    Scope inner;
    inner.parent = &scope;
    return importGraph(*sw.graph, inner, boundArgs(0));
  }

  OperationState state(nodeLoc(node), ms::CondOp::getOperationName());
  state.addOperands(*pred);
  state.addTypes(types);
  Region *regions[2] = {state.addRegion(), state.addRegion()};
  const mind_ir::GraphProto *branches[2] = {sw.graph, sw.elseGraph};
  for (int i = 0; i < 2; ++i) {
    Block *block = new Block();
    regions[i]->push_back(block);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(block);
    Scope inner;
    inner.parent = &scope;
    FailureOr<Entry> out = importGraph(*branches[i], inner, boundArgs(i));
    if (failed(out))
      return failure();
    SmallVector<Value> values;
    if (failed(flattenTensors(*out, values, "a branch output")))
      return failure();
    ms::YieldOp::create(builder, nodeLoc(node), values);
  }
  Operation *cond = builder.create(state);
  if (cond->getNumResults() == 1)
    return Entry::tensor(cond->getResult(0));
  Entry result = Entry::of(Entry::Tuple);
  for (Value v : cond->getResults())
    result.elems.push_back(Entry::tensor(v));
  return result;
}
