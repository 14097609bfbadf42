//===- MindIRExporter.h - the MindIR writer's state -------------*- C++ -*-===//
//
// Private to lib/Target/MindIR. MindIRExport.cpp writes the model, its
// graphs and control flow; MindIRExportPrimitives.cpp the primitive nodes,
// from MindIRPrimitiveTable.def.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TARGET_MINDIR_MINDIREXPORTER_H
#define ASCEND_LIB_TARGET_MINDIR_MINDIREXPORTER_H

#include "MindIRExternalData.h"
#include "MindIRPrimitives.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Target/MindIR/MindIRExport.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include "mind_ir.pb.h"
#include <google/protobuf/arena.h>

#include <memory>
#include <string>

namespace mlir::ascend::mindir {

using AttrType = mind_ir::AttributeProto;
using AttrList = google::protobuf::RepeatedPtrField<mind_ir::AttributeProto>;

/// One argument value handed to a table-driven primitive node
/// (MindIRExporter::applySpec): a node name, or a value encoded as the
/// table's kind for the argument says.
struct ArgValue {
  enum Kind { Node, Int, Bool, Float, Str, Ints, None, IntPairs, TypeArg };
  std::string name;
  Kind kind = None;
  std::string node; ///< Node: the input's name; Str: the string
  int64_t i = 0;
  double f = 0;
  SmallVector<int64_t> ints;
  Type type;

  static ArgValue node_(StringRef name, std::string node) {
    ArgValue a{name.str(), Node};
    a.node = std::move(node);
    return a;
  }
  static ArgValue integer(StringRef name, int64_t v) {
    ArgValue a{name.str(), Int};
    a.i = v;
    return a;
  }
  static ArgValue boolean(StringRef name, bool v) {
    ArgValue a{name.str(), Bool};
    a.i = v;
    return a;
  }
  static ArgValue real(StringRef name, double v) {
    ArgValue a{name.str(), Float};
    a.f = v;
    return a;
  }
  static ArgValue string(StringRef name, StringRef v) {
    ArgValue a{name.str(), Str};
    a.node = v.str();
    return a;
  }
  static ArgValue list(StringRef name, ArrayRef<int64_t> v) {
    ArgValue a{name.str(), Ints};
    a.ints.assign(v.begin(), v.end());
    return a;
  }
  static ArgValue pairs(StringRef name, ArrayRef<int64_t> flat) {
    ArgValue a{name.str(), IntPairs};
    a.ints.assign(flat.begin(), flat.end());
    return a;
  }
  static ArgValue none(StringRef name) { return ArgValue{name.str(), None}; }
  static ArgValue dtype(StringRef name, Type t) {
    ArgValue a{name.str(), TypeArg};
    a.type = t;
    return a;
  }
};

/// One graph being written.
struct GraphState {
  mind_ir::GraphProto *proto;
  std::string name;
  /// Constant nodes by their serialized `value` (each written once).
  llvm::StringMap<std::string> constants;
  /// What the graph's outputs must depend on (Depend): its guards, or its
  /// last UpdateState; empty when nothing.
  std::string ioState;
};

/// The dialects of an aicore-level module (MindIRExportCustom.cpp), for
/// the export-mindir translation.
void registerCustomRouteDialects(DialectRegistry &registry);

class MindIRExporter {
public:
  MindIRExporter(ModuleOp module, const MindIRExportOptions &options)
      : module(module), options(options) {}

  /// Writes the model to `os`; external data is committed, or handed to
  /// `staged` when given.
  LogicalResult run(llvm::raw_ostream &os, MindIRStagedExternalData *staged);

  std::unique_ptr<ExternalDataWriter> external;
  /// Inline weights (no `external`): their TensorProtos without raw_data,
  /// kept out of the model, and their values. write() streams them after
  /// the model as a second occurrence of ModelProto.graph holding only the
  /// parameters (protobuf merges it into the first), the raw_data bytes
  /// straight from the values' blobs: the weights are never copied into a
  /// protobuf message.
  struct InlineWeight {
    mind_ir::TensorProto *tensor;
    ElementsAttr value;
    Location loc;
    uint64_t length;
  };
  std::vector<InlineWeight> inlineWeights;
  /// Writes the model and the inline weights to `os`; checks everything
  /// before writing the first byte (nothing is written on failure).
  LogicalResult write(llvm::raw_ostream &os);

  // MindIRExportPrimitives.cpp

  /// The node of a mindspore primitive op (not a structure op).
  LogicalResult exportPrimitiveOp(Operation *op, GraphState &g);
  /// A node applying the table's primitive `prim` (MindIRPrimitiveTable.def)
  /// to `tensors` (the tensor arguments in order) and `args` (by name; the
  /// table's default for an argument not given), whose output is `types`
  /// (a tuple if several). Returns the node's name.
  FailureOr<std::string> applySpec(GraphState &g, StringRef prim,
                                   ArrayRef<std::string> tensors,
                                   ArrayRef<ArgValue> args, TypeRange types,
                                   Location loc, StringRef hint);

  // MindIRExportCustom.cpp (--mindir-kernels=custom)

  /// Whether `op` is an `aicore.launch` / an `aicore.kernel` (a kernel has
  /// no node of its own: its launches are Custom nodes).
  static bool isLaunch(Operation *op);
  static bool isKernel(Operation *op);
  /// The `Custom` node of an `aicore.launch`.
  LogicalResult exportLaunch(Operation *op, GraphState &g);

  // MindIRExport.cpp

  /// Sets dims and data_type of `tensor` from `type`.
  LogicalResult fillTensorType(mind_ir::TensorProto *tensor, Type type,
                               Location loc);
  /// The `shape` attribute of a node producing `types` (a tuple if several).
  LogicalResult setShape(mind_ir::NodeProto &node, TypeRange types,
                         Location loc);
  /// Exact little/host-endian bytes of `value`, handed to `sink` in pieces.
  LogicalResult streamBytes(ElementsAttr value, Location loc,
                            function_ref<LogicalResult(StringRef)> sink);
  LogicalResult rawBytes(ElementsAttr value, Location loc, std::string &out);

  /// The PrimitiveProto `opType` with `attrs` (one per distinct form);
  /// returns its name `<opType>:<id>`.
  std::string primitive(StringRef opType, bool function,
                        const AttrList *attrs = nullptr);
  /// Appends a node `REF::<ref>` named `<graph>:<hint>:<id>`.
  mind_ir::NodeProto &addNode(GraphState &g, StringRef hint, StringRef ref);
  /// The Constant node holding `value` (its name ignored): one per distinct
  /// value and graph. Returns its name.
  std::string constant(GraphState &g, const mind_ir::AttributeProto &value);
  /// A node applying the attribute-less structure primitive `opType`
  /// (MakeTuple, TupleGetItem, Depend, ...) of the `shape` of `types`.
  FailureOr<std::string> structural(GraphState &g, StringRef opType,
                                    ArrayRef<std::string> inputs,
                                    TypeRange types, Location loc,
                                    const AttrList *attrs = nullptr);
  /// `TupleGetItem(tuple, index)` of type `type`.
  FailureOr<std::string> tupleGetItem(GraphState &g, StringRef tuple,
                                      int64_t index, Type type, Location loc);
  std::string intConstant(GraphState &g, int64_t v);

  FailureOr<std::string> nameOf(Value value, Operation *user);
  FailureOr<SmallVector<std::string>> namesOf(ValueRange values,
                                              Operation *user);
  /// Names the results of a node producing `results`: the node itself, or
  /// one TupleGetItem per result.
  LogicalResult nameResults(ResultRange results, const std::string &node,
                            GraphState &g, Location loc);

  llvm::DenseMap<Value, std::string> names;

private:
  LogicalResult exportParameter(mindspore::ParameterOp op);
  LogicalResult exportBlock(Block &block, GraphState &g);
  LogicalResult exportOp(Operation *op, GraphState &g);
  LogicalResult exportCond(mindspore::CondOp op, GraphState &g);
  LogicalResult exportWhile(mindspore::WhileOp op, GraphState &g);
  LogicalResult exportAssert(mindspore::AssertOp op, GraphState &g);
  /// The graph's outputs: `values` after the graph's side effects, one
  /// MakeTuple if several.
  LogicalResult exportOutputs(Operation *terminator, ValueRange values,
                              GraphState &g);
  /// The same for the node `name` of `types` (a tuple if several).
  LogicalResult exportNamedOutput(std::string name, TypeRange types,
                                  GraphState &g, Location loc);
  /// A new graph in `functions` whose inputs are named after and typed as
  /// `inputs` (`names` then maps each to its input).
  GraphState &newGraph(StringRef name, ValueRange inputs, Location loc,
                       FailureOr<bool> &ok);
  /// `Partial(graph, args...)`, a closure.
  FailureOr<std::string> partial(GraphState &g, StringRef graph,
                                 ArrayRef<std::string> args, Location loc);
  /// `Switch(flag, a, b)` of two closures, then the call of the chosen
  /// one, of `types`. Returns the call node.
  FailureOr<std::string> switchCall(GraphState &g, StringRef flag,
                                    StringRef a, StringRef b, TypeRange types,
                                    Location loc);

  std::string nextId() { return std::to_string(counter++); }

  ModuleOp module;
  const MindIRExportOptions &options;
  /// The model's messages and strings: a graph of a million nodes is millions
  /// of small messages, which an arena allocates and frees in bulk.
  google::protobuf::Arena arena{[] {
    google::protobuf::ArenaOptions options;
    options.start_block_size = 64 << 10;
    options.max_block_size = 4 << 20;
    return options;
  }()};
  mind_ir::ModelProto &model =
      *google::protobuf::Arena::CreateMessage<mind_ir::ModelProto>(&arena);
  std::string mainName;
  llvm::StringMap<bool> parameters;
  /// The graph each Partial node closes over.
  llvm::StringMap<std::string> closureGraphs;
  /// Primitives by op_type, form and serialized attributes.
  llvm::StringMap<std::string> primitives;
  /// Graphs being written (sub-graphs are written while their parent is).
  SmallVector<std::unique_ptr<GraphState>> graphs;
  int64_t counter = 1;
};

} // namespace mlir::ascend::mindir

#endif // ASCEND_LIB_TARGET_MINDIR_MINDIREXPORTER_H
