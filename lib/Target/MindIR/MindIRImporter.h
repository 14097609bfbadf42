//===- MindIRImporter.h - the MindIR importer's state -----------*- C++ -*-===//
//
// Private to lib/Target/MindIR: the importer (MindIRImport.cpp: the model,
// tensors, parameters, names and graphs; MindIRImportControlFlow.cpp: Switch,
// loops and fusion groups; MindIRImportPrimitives.cpp: primitive
// applications, read by MindIRPrimitiveTable.def) and what a MindIR name
// stands for while it runs.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TARGET_MINDIR_MINDIRIMPORTER_H
#define ASCEND_LIB_TARGET_MINDIR_MINDIRIMPORTER_H

#include "ascend/Target/MindIR/MindIRImport.h"

#include "MindIRPrimitives.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include "mind_ir.pb.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::ascend::mindir {

using AttrType = mind_ir::AttributeProto;
using AttrList = google::protobuf::RepeatedPtrField<mind_ir::AttributeProto>;

/// The newest mind_ir_version this importer knows.
inline constexpr int64_t kMaxMindIRVersion =
    mind_ir::IR_VERSION_WITH_SCALAR_GRAPH_HOLDER;

/// What a MindIR name stands for.
struct Entry {
  enum Kind {
    Tensor,      // value
    MultiOutput, // value = output 0 of a primitive with numOutputs outputs
    Tuple,       // elems
    Const,       // attr: a scalar / tuple / string constant
    Monad,       // UMonad, IOMonad, UpdateState
    None,
    Param,  // param: symbol of a mindspore.parameter, loaded on use
    Graph,  // graph; elems = the arguments a Partial binds
    Switch, // elems = predicate, then closure, else closure (Graph
            // entries); graph / elseGraph = branches
    LoopLocal, // a value of a loop graph that the loop does not carry
  } kind = None;
  Value value;
  unsigned numOutputs = 1;
  std::string primitive;
  std::vector<Entry> elems;
  const mind_ir::AttributeProto *attr = nullptr;
  std::string param;
  const mind_ir::GraphProto *graph = nullptr;
  const mind_ir::GraphProto *elseGraph = nullptr;

  static Entry tensor(Value v) {
    Entry e;
    e.kind = Tensor;
    e.value = v;
    return e;
  }
  static Entry of(Kind k) {
    Entry e;
    e.kind = k;
    return e;
  }
};

inline StringRef kindName(const Entry &e) {
  switch (e.kind) {
  case Entry::Tensor:
  case Entry::MultiOutput:
    return "a tensor";
  case Entry::Tuple:
    return "a tuple";
  case Entry::Const:
    return "a constant";
  case Entry::Monad:
    return "a monad";
  case Entry::None:
    return "None";
  case Entry::Param:
    return "a parameter";
  case Entry::Graph:
    return "a graph";
  case Entry::Switch:
    return "a Switch";
  case Entry::LoopLocal:
    return "a value of the loop graph that the loop does not carry to the "
           "next trip";
  }
  return "a value";
}

/// Names defined by one graph being imported; graphs imported into a region
/// or inlined see the names of the graphs around them (free variables).
struct Scope {
  Scope *parent = nullptr;
  llvm::StringMap<Entry> names;

  const Entry *lookup(StringRef name) const {
    for (const Scope *s = this; s; s = s->parent) {
      auto it = s->names.find(name);
      if (it != s->names.end())
        return &it->second;
    }
    return nullptr;
  }
};

inline const mind_ir::AttributeProto *findAttr(const AttrList &attrs,
                                                StringRef name) {
  for (const mind_ir::AttributeProto &a : attrs)
    if (a.name() == name)
      return &a;
  return nullptr;
}

/// The node's output type attribute: `shape` (MindSpore >= 1.2) or the
/// unnamed attribute with ref_attr_name "shape:..." (MindSpore 1.1).
inline const mind_ir::AttributeProto *
findShapeAttr(const mind_ir::NodeProto &node) {
  for (const mind_ir::AttributeProto &a : node.attribute())
    if (a.name() == "shape" ||
        (a.name().empty() &&
         StringRef(a.ref_attr_name()).starts_with("shape:")))
      return &a;
  return nullptr;
}

class MindIRImporter {
public:
  MindIRImporter(MLIRContext *ctx, StringRef filename,
                 const MindIRImportOptions &options)
      : ctx(ctx), filename(filename), options(options), builder(ctx),
        fileLoc(FileLineColLoc::get(ctx, filename, 0, 0)) {}

  OwningOpRef<ModuleOp> run(StringRef bytes);

private:
  InFlightDiagnostic error();
  Location nodeLoc(const mind_ir::NodeProto &node);

  LogicalResult checkModel(StringRef bytes);
  LogicalResult refusePythonLevel();
  LogicalResult importParameters(const mind_ir::GraphProto &graph);
  /// The weight bytes of a parameter: a copy of inline data, or a view of
  /// the mapped external data file.
  FailureOr<AsmResourceBlob> parameterBlob(const mind_ir::TensorProto &tensor,
                                           RankedTensorType type,
                                           StringRef name);

  FailureOr<Type> tensorType(const mind_ir::TensorProto &tensor);
  /// Output types of a node from its shape attribute; `tuple` tells whether
  /// MindSpore's output was a tuple.
  LogicalResult nodeTypes(const mind_ir::NodeProto &node,
                          SmallVectorImpl<Type> &types, bool &tuple);
  FailureOr<ElementsAttr> tensorValue(const mind_ir::TensorProto &tensor,
                                      StringRef what);

  /// Imports the nodes of `graph` at the builder's insertion point with the
  /// graph inputs bound to `args`; returns the graph's output.
  FailureOr<Entry> importGraph(const mind_ir::GraphProto &graph, Scope &scope,
                               ArrayRef<Entry> args);
  LogicalResult importNode(const mind_ir::NodeProto &node, Scope &scope);
  FailureOr<Entry> importConstant(const mind_ir::NodeProto &node);
  FailureOr<Entry> resolve(StringRef name, Scope &scope);
  FailureOr<Entry> applyPrimitive(const mind_ir::NodeProto &node,
                                  StringRef primitive, const AttrList &attrs,
                                  ArrayRef<Entry> inputs);
  /// MindSpore 2.x's Ext and scalar primitives (MatMulExt, SumExt, MeanExt,
  /// Max, Muls, Div, LessScalar, Flatten, ...) applied as the primitive of
  /// the same semantics the dialect has (BatchMatMul, ReduceSum, Mul,
  /// RealDiv, Less, Reshape, ...); nullopt for any other primitive.
  FailureOr<Entry> importLSTM(const mind_ir::NodeProto &node,
                              const AttrList &attrs, ArrayRef<Entry> inputs);
  std::optional<FailureOr<Entry>>
  applyExtPrimitive(const mind_ir::NodeProto &node, StringRef primitive,
                    const AttrList &attrs, ArrayRef<Entry> inputs);
  /// MindSpore's 2-D pooling with padding or ceil mode: AvgPool3D /
  /// MaxPool3DWithArgmax on ExpandDims(x, 2), read back as the 2-D op
  /// (expand_dims of its result, which the Squeeze(2) after it drops).
  FailureOr<Entry> importPool3D(const mind_ir::NodeProto &node,
                                StringRef primitive, const AttrList &attrs,
                                ArrayRef<Entry> inputs);
  /// expand_dims ops importPool3D made or bypassed; erased if unused.
  SmallVector<Operation *> poolExpands;
  FailureOr<Entry> buildCond(const mind_ir::NodeProto &node,
                             const Entry &switchEntry, ArrayRef<Entry> args,
                             Scope &scope);
  FailureOr<Entry> callGraph(const mind_ir::GraphProto &graph,
                             ArrayRef<Entry> args, Scope &scope);
  /// `mindspore.fusion` from a node applying `GraphKernel_<name>`.
  FailureOr<Entry> buildFusion(const mind_ir::NodeProto &node,
                               StringRef primitive, const AttrList &attrs,
                               ArrayRef<Entry> inputs);
  /// Whether `graph` is a loop graph: it calls the closure chosen by a
  /// `Switch(flag, continue, exit)` whose `continue` graph calls `graph`
  /// again.
  bool isLoopGraph(const mind_ir::GraphProto &graph);
  /// The message of the `raise` primitive `graph` applies, if it does.
  std::optional<std::string> raisedMessage(const mind_ir::GraphProto &graph);
  /// The inputs of loop graph `header` its continue graph passes on
  /// unchanged (outer values the loop reads, not loop state).
  SmallVector<bool> invariantInputs(const mind_ir::GraphProto &header);
  /// `mindspore.while` from a call of the loop graph `header` with the
  /// initial state `args`.
  FailureOr<Entry> buildWhile(const mind_ir::NodeProto &node,
                              const mind_ir::GraphProto &header,
                              ArrayRef<Entry> args, Scope &scope);

  // Conversions of entries.
  FailureOr<Value> toTensor(const Entry &entry, StringRef what);
  /// Every input but the monads, as tensors (named "input <i>" in errors).
  LogicalResult tensorOperands(ArrayRef<Entry> inputs,
                               SmallVectorImpl<Value> &operands);
  LogicalResult flattenTensors(const Entry &entry, SmallVectorImpl<Value> &out,
                               StringRef what);
  FailureOr<SmallVector<int64_t>> toInts(const Entry &entry, StringRef what);
  FailureOr<SmallVector<int64_t>> attrInts(const mind_ir::AttributeProto &attr,
                                           StringRef what);
  FailureOr<int64_t> attrInt(const mind_ir::AttributeProto &attr,
                             StringRef what);
  FailureOr<double> attrFloat(const mind_ir::AttributeProto &attr,
                              StringRef what);
  std::string attrString(const mind_ir::AttributeProto &attr);

  MLIRContext *ctx;
  StringRef filename;
  const MindIRImportOptions &options;
  OpBuilder builder;
  Location fileLoc;
  mind_ir::ModelProto model;
  OwningOpRef<ModuleOp> module;

  llvm::StringMap<const mind_ir::GraphProto *> graphs;
  llvm::StringMap<const mind_ir::PrimitiveProto *> primitives;
  /// `<graph>:<name>` (and the bare name) of each parameter -> symbol.
  llvm::StringMap<std::string> parameterNames;
  llvm::StringMap<RankedTensorType> parameterTypes;
  /// Mapped external data files, by path.
  llvm::StringMap<std::shared_ptr<llvm::MemoryBuffer>> externalFiles;
  llvm::StringMap<std::optional<RegisteredOperationName>> primitiveOps;
  /// Loads already made in a block, by parameter symbol.
  DenseMap<std::pair<Block *, StringRef>, Value> loads;
  /// Loops being imported, innermost last.
  struct LoopState {
    const mind_ir::GraphProto *header = nullptr;
    /// In the loop graph (before region) or its continue graph (after).
    bool inContinue = false;
    /// The exit test and the trip's values (from the exit graph).
    Value flag;
    SmallVector<Value> values;
    /// The Switch's first branch, which calls the loop graph again.
    const mind_ir::GraphProto *continueGraph = nullptr;
    /// The arguments the continue graph's Partial binds (its inputs).
    std::vector<Entry> continueArgs;
    /// The arguments of the continue graph's call of the loop graph.
    std::optional<SmallVector<Value>> next;
  };
  SmallVector<LoopState> loops;
  /// Graphs being imported (a graph on this stack calling itself is a loop).
  SmallPtrSet<const mind_ir::GraphProto *, 8> active;

  // Where the importer is, for diagnostics.
  const mind_ir::GraphProto *currentGraph = nullptr;
  const mind_ir::NodeProto *currentNode = nullptr;
};

} // namespace mlir::ascend::mindir

#endif // ASCEND_LIB_TARGET_MINDIR_MINDIRIMPORTER_H
