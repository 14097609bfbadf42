//===- MindIRImport.cpp - MindIR to the mindspore dialect -----------------===//
//
// Reads one mind_ir.ModelProto and rebuilds the module MindIRExport.cpp
// writes, and as much of MindSpore's own files as the mindspore dialect can
// express:
//  - every name a node defines maps to an `Entry`: a tensor Value, a tuple
//    (MakeTuple), a constant that is not a tensor (shape/axis tuples, scalars,
//    monads), a parameter (loaded on first use), a graph, or a Switch;
//  - primitive applications become mindspore ops (MindIRPrimitives.h finds
//    the op; the handlers below read the attributes back from the primitive
//    or from its constant inputs); a node of ArgMaxWithValue or Split, whose
//    shape is a tuple, is one op with a result per output, and its name a
//    tuple of those results for TupleGetItem;
//  - `Switch(pred, g1, g2)` + a call of that node becomes `mindspore.cond`;
//    a loop graph (it calls the closure of `Switch(flag, continue, exit)`,
//    `continue` calls it again) becomes `mindspore.while`; any other call of
//    a graph is inlined (other recursion refused);
//  - a `GraphKernel_<name>` primitive whose `func_graph` names a graph marked
//    `graph_kernel` (MindSpore's graph-kernel fusion form) becomes
//    `mindspore.fusion` with that graph as its body (isolated: the graph sees
//    only its inputs); its kind is `fusion_kind`, or the one the body's
//    primitives call for when the attribute is absent;
//  - Load / Depend / UpdateState / StopGradient only order side effects or
//    stop gradients, which the (pure, inference) dialect does not model.
//
//===----------------------------------------------------------------------===//
#include "ascend/Target/MindIR/MindIRImport.h"

#include "MindIRPrimitives.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include "mind_ir.pb.h"

#include <climits>
#include <cstring>
#include <functional>
#include <memory>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {
using AttrType = mind_ir::AttributeProto;
using AttrList = google::protobuf::RepeatedPtrField<mind_ir::AttributeProto>;

/// The newest mind_ir_version this importer knows.
constexpr int64_t kMaxMindIRVersion =
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

StringRef kindName(const Entry &e) {
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

const mind_ir::AttributeProto *findAttr(const AttrList &attrs, StringRef name) {
  for (const mind_ir::AttributeProto &a : attrs)
    if (a.name() == name)
      return &a;
  return nullptr;
}

/// The node's output type attribute: `shape` (MindSpore >= 1.2) or the
/// unnamed attribute with ref_attr_name "shape:..." (MindSpore 1.1).
const mind_ir::AttributeProto *findShapeAttr(const mind_ir::NodeProto &node) {
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
} // namespace

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

InFlightDiagnostic MindIRImporter::error() {
  InFlightDiagnostic diag = emitError(fileLoc);
  diag << filename << ": ";
  if (currentGraph)
    diag << "graph '" << currentGraph->name() << "': ";
  if (currentNode)
    diag << "node '" << currentNode->name() << "': ";
  return diag;
}

Location MindIRImporter::nodeLoc(const mind_ir::NodeProto &node) {
  return NameLoc::get(StringAttr::get(ctx, node.name()), fileLoc);
}

//===----------------------------------------------------------------------===//
// Model-level checks
//===----------------------------------------------------------------------===//

LogicalResult MindIRImporter::checkModel(StringRef bytes) {
  if (bytes.empty())
    return error() << "file is empty";
  // MindSpore's encrypted files (mindspore.export(enc_key=...)) are a series
  // of cipher blocks, each starting with the magic number 0x7F3A5ED8.
  static const unsigned char kEncryptedMagic[] = {0xD8, 0x5E, 0x3A, 0x7F};
  if (bytes.size() >= 4 && std::memcmp(bytes.data(), kEncryptedMagic, 4) == 0)
    return error() << "file is encrypted (MindSpore cipher blocks, header "
                      "D8 5E 3A 7F) and cannot be read without the key; "
                      "decrypt it with MindSpore first";
  if (bytes.size() > size_t(INT_MAX))
    return error() << "file is larger than 2 GiB; MindSpore keeps the "
                      "weights of such models in external data files";
  if (!model.ParseFromArray(bytes.data(), int(bytes.size())))
    return error() << "not a MindIR file: the bytes are not a "
                      "mind_ir.ModelProto (truncated or corrupt?)";
  if (!model.has_graph() && !model.has_producer_name() &&
      !model.has_ir_version())
    return error() << "not a MindIR file: no graph, producer_name or "
                      "ir_version (another protobuf message?)";
  if (!model.has_producer_name() || model.producer_name().empty())
    return error() << "the model has no producer_name (MindSpore's loader "
                      "refuses such a file)";
  if (!model.has_model_version() || model.model_version().empty())
    return error() << "the model has no model_version (MindSpore's loader "
                      "refuses such a file)";
  if (model.mind_ir_version() > kMaxMindIRVersion ||
      model.mind_ir_version() < 0)
    return error() << "mind_ir_version " << model.mind_ir_version()
                   << " is unknown (this importer reads versions 0 to "
                   << kMaxMindIRVersion << ")";
  if (model.has_little_endian() &&
      model.little_endian() != llvm::sys::IsLittleEndianHost)
    return error() << "the file was written on a "
                   << (model.little_endian() ? "little" : "big")
                   << "-endian host and this host is "
                   << (llvm::sys::IsLittleEndianHost ? "little" : "big")
                   << "-endian; its weights cannot be read as they are";
  if (!model.has_graph())
    return error() << "the model has no main graph";
  return success();
}

/// Files saved before type inference (bprop files) apply primitives of
/// MindSpore's Python front end; refuse them up front with the first one.
LogicalResult MindIRImporter::refusePythonLevel() {
  auto check = [&](const mind_ir::GraphProto &graph) -> LogicalResult {
    for (const mind_ir::NodeProto &node : graph.node()) {
      StringRef opType = node.op_type();
      StringRef primitive = opType;
      if (opType.consume_front("REF::")) {
        auto it = primitives.find(opType);
        if (it == primitives.end())
          continue; // a graph or node call
        primitive = it->second->op_type();
        // After type inference `raise` is a graph primitive with an IO
        // side effect (MindIRExport's guards; MindSpore's GRAPH_MODE
        // `raise`).
        if (primitive == "raise" &&
            findAttr(it->second->attribute(), "side_effect_io"))
          continue;
      }
      if (!mindir::isPythonLevelPrimitive(primitive))
        continue;
      currentGraph = &graph;
      currentNode = &node;
      return error() << "primitive '" << primitive
                     << "' exists only in MindSpore's Python front end (the "
                        "file was saved before type inference, e.g. a bprop "
                        "file); it has no graph meaning and is not imported";
    }
    return success();
  };
  if (failed(check(model.graph())))
    return failure();
  for (const mind_ir::GraphProto &g : model.functions())
    if (failed(check(g)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Types and tensor data
//===----------------------------------------------------------------------===//

FailureOr<Type> MindIRImporter::tensorType(const mind_ir::TensorProto &tensor) {
  Type element = mindir::elementTypeOf(tensor.data_type(), ctx);
  if (!element)
    return error() << "data type " << mindir::dataTypeName(tensor.data_type())
                   << " has no mindspore form";
  SmallVector<int64_t> shape;
  for (int64_t d : tensor.dims()) {
    if (d == -2 && tensor.dims_size() == 1)
      return Type(UnrankedTensorType::get(element));
    if (d < -1)
      return error() << "invalid dimension " << d;
    shape.push_back(d == -1 ? ShapedType::kDynamic : d);
  }
  return Type(RankedTensorType::get(shape, element));
}

LogicalResult MindIRImporter::nodeTypes(const mind_ir::NodeProto &node,
                                        SmallVectorImpl<Type> &types,
                                        bool &tuple) {
  const mind_ir::AttributeProto *shape = findShapeAttr(node);
  if (!shape)
    return error() << "has no shape attribute (its output type)";
  std::function<LogicalResult(const mind_ir::AttributeProto &)> add =
      [&](const mind_ir::AttributeProto &a) -> LogicalResult {
    if (a.type() == AttrType::TUPLE || a.type() == AttrType::LIST) {
      for (const mind_ir::AttributeProto &e : a.values())
        if (failed(add(e)))
          return failure();
      return success();
    }
    if (a.tensors_size() == 1) {
      FailureOr<Type> t = tensorType(a.tensors(0));
      if (failed(t))
        return failure();
      types.push_back(*t);
      return success();
    }
    types.push_back(Type()); // not a tensor (monad, scalar, None, ...)
    return success();
  };
  tuple = shape->type() == AttrType::TUPLE || shape->type() == AttrType::LIST;
  return add(*shape);
}

/// Bytes of the typed fields (float_data, int32_data, ...) of `tensor` in the
/// raw layout of `element`, or nullopt when the tensor has none.
static std::optional<std::string> typedBytes(const mind_ir::TensorProto &tensor,
                                             Type element) {
  std::string out;
  auto append = [&](auto value, unsigned bytes) {
    uint64_t bits;
    if constexpr (std::is_floating_point_v<decltype(value)>) {
      if (bytes == 4) {
        float f = float(value);
        std::memcpy(&bits, &f, 4);
      } else {
        double d = double(value);
        std::memcpy(&bits, &d, 8);
      }
    } else {
      bits = uint64_t(value);
    }
    char buf[8];
    std::memcpy(buf, &bits, 8); // little-endian host assumed by the checks
    out.append(buf, bytes);
  };
  int64_t width = mindir::storageBytes(element);
  if (tensor.float_data_size() && element.isF32()) {
    for (float f : tensor.float_data())
      append(f, 4);
    return out;
  }
  if (tensor.double_data_size() && element.isF64()) {
    for (double d : tensor.double_data())
      append(d, 8);
    return out;
  }
  if (!isa<IntegerType>(element))
    return std::nullopt;
  if (tensor.int64_data_size()) {
    for (int64_t v : tensor.int64_data())
      append(v, width);
    return out;
  }
  if (tensor.int32_data_size()) {
    for (int32_t v : tensor.int32_data())
      append(int64_t(v), width);
    return out;
  }
  if (tensor.uint64_data_size()) {
    for (uint64_t v : tensor.uint64_data())
      append(v, width);
    return out;
  }
  return std::nullopt;
}

/// Element count * bytes of a static tensor type, or failure on overflow.
static FailureOr<int64_t> byteSize(RankedTensorType type) {
  int64_t bytes = mindir::storageBytes(type.getElementType());
  for (int64_t d : type.getShape()) {
    if (d < 0)
      return failure();
    if (llvm::MulOverflow(bytes, d, bytes))
      return failure();
  }
  return bytes;
}

FailureOr<ElementsAttr>
MindIRImporter::tensorValue(const mind_ir::TensorProto &tensor,
                            StringRef what) {
  FailureOr<Type> t = tensorType(tensor);
  if (failed(t))
    return failure();
  auto type = dyn_cast<RankedTensorType>(*t);
  FailureOr<int64_t> expected =
      type ? byteSize(type) : FailureOr<int64_t>(failure());
  if (!type || failed(expected))
    return error() << what << " has type " << *t
                   << ", which has no static size";
  std::string data;
  if (tensor.has_raw_data()) {
    data = tensor.raw_data();
  } else if (std::optional<std::string> typed =
                 typedBytes(tensor, type.getElementType())) {
    data = std::move(*typed);
  } else if (*expected != 0) {
    return error() << what << " has no data";
  }
  if (int64_t(data.size()) != *expected)
    return error() << what << " holds " << data.size() << " bytes; its type "
                   << type << " needs " << *expected;
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> values;
    for (char c : data)
      values.push_back(c != 0);
    return ElementsAttr(DenseElementsAttr::get(type, values));
  }
  ArrayRef<char> raw(data.data(), data.size());
  bool splat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, raw, splat))
    return error() << what << ": data does not fit type " << type;
  return ElementsAttr(DenseElementsAttr::getFromRawBuffer(type, raw));
}

FailureOr<AsmResourceBlob>
MindIRImporter::parameterBlob(const mind_ir::TensorProto &tensor,
                              RankedTensorType type, StringRef name) {
  FailureOr<int64_t> expected = byteSize(type);
  if (failed(expected))
    return error() << "parameter '" << name << "' has type " << type
                   << ", which has no static size";
  // The exact bytes, aligned to the element size.
  size_t align =
      llvm::PowerOf2Ceil(mindir::storageBytes(type.getElementType()));
  auto checkSize = [&](uint64_t size) -> LogicalResult {
    if (int64_t(size) != *expected)
      return error() << "parameter '" << name << "' holds " << size
                     << " bytes; its type " << type << " needs " << *expected;
    return success();
  };
  auto copy = [&](StringRef data) -> FailureOr<AsmResourceBlob> {
    if (failed(checkSize(data.size())))
      return failure();
    return HeapAsmResourceBlob::allocateAndCopyWithAlign(
        ArrayRef<char>(data.data(), data.size()), align);
  };
  if (tensor.has_raw_data())
    return copy(tensor.raw_data());
  if (tensor.has_external_data()) {
    const auto &ext = tensor.external_data();
    SmallString<256> path(options.externalDataDir);
    if (path.empty())
      path = llvm::sys::path::parent_path(filename);
    llvm::sys::path::append(path, ext.location());
    if (ext.location().empty() || ext.offset() < 0 || ext.length() < 0)
      return error() << "parameter '" << name
                     << "': invalid external data (location '" << ext.location()
                     << "', offset " << ext.offset() << ", length "
                     << ext.length() << ")";
    // Each data file is mapped once; the blobs point into the mapping and
    // keep it alive (no copy of the weights).
    std::shared_ptr<llvm::MemoryBuffer> &buffer = externalFiles[path];
    if (!buffer) {
      auto mapped = llvm::MemoryBuffer::getFile(
          path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
      if (!mapped) {
        externalFiles.erase(path);
        return error() << "parameter '" << name << "': external data file '"
                       << path
                       << "' cannot be read: " << mapped.getError().message();
      }
      buffer = std::move(*mapped);
    }
    uint64_t size = buffer->getBufferSize();
    if (uint64_t(ext.offset()) > size ||
        uint64_t(ext.length()) > size - uint64_t(ext.offset()))
      return error() << "parameter '" << name << "': external data file '"
                     << path << "' is too short (" << size
                     << " bytes; the parameter needs bytes " << ext.offset()
                     << " to " << ext.offset() + ext.length() << ")";
    if (failed(checkSize(ext.length())))
      return failure();
    const char *start = buffer->getBufferStart() + ext.offset();
    if (reinterpret_cast<uintptr_t>(start) % align != 0)
      return copy(StringRef(start, ext.length()));
    std::shared_ptr<llvm::MemoryBuffer> keep = buffer;
    return AsmResourceBlob(ArrayRef<char>(start, ext.length()), align,
                           [keep](void *, size_t, size_t) {},
                           /*dataIsMutable=*/false);
  }
  if (std::optional<std::string> typed =
          typedBytes(tensor, type.getElementType()))
    return copy(*typed);
  if (*expected != 0)
    return error() << "parameter '" << name
                   << "' has no data (no raw_data and no external_data)";
  return copy(StringRef());
}

LogicalResult
MindIRImporter::importParameters(const mind_ir::GraphProto &graph) {
  currentGraph = &graph;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module->getBody());
  for (const mind_ir::TensorProto &tensor : graph.parameter()) {
    StringRef full = tensor.name();
    StringRef name = full;
    std::string prefix = graph.name() + ":";
    if (!name.consume_front(prefix)) {
      if (!tensor.ref_key().empty())
        name = tensor.ref_key();
    }
    if (name.empty())
      return error() << "a parameter has no name";
    if (parameterNames.count(full)) {
      if (parameterNames[full] != name)
        return error() << "parameter '" << full << "' is declared twice";
      continue;
    }
    FailureOr<Type> t = tensorType(tensor);
    if (failed(t))
      return failure();
    auto type = dyn_cast<RankedTensorType>(*t);
    if (!type || !type.hasStaticShape())
      return error() << "parameter '" << name << "' has type " << *t
                     << "; parameters need a static shape";
    if (parameterTypes.count(name))
      return error() << "parameter '" << name << "' is declared twice";
    FailureOr<AsmResourceBlob> blob = parameterBlob(tensor, type, name);
    if (failed(blob))
      return failure();
    auto value = DenseResourceElementsAttr::get(type, name, std::move(*blob));
    ms::ParameterOp::create(builder, fileLoc, name, type, value);
    parameterNames[full] = name.str();
    parameterNames[name] = name.str();
    parameterTypes[name] = type;
  }
  currentGraph = nullptr;
  return success();
}

//===----------------------------------------------------------------------===//
// Attribute readers (MindSpore writes several encodings over the versions)
//===----------------------------------------------------------------------===//

FailureOr<int64_t> MindIRImporter::attrInt(const mind_ir::AttributeProto &a,
                                           StringRef what) {
  if (a.has_i())
    return a.i();
  if (a.ints_size() == 1)
    return a.ints(0);
  if (a.values_size() == 1)
    return attrInt(a.values(0), what);
  if (a.has_t() || a.tensors_size() == 1) {
    const mind_ir::TensorProto &t = a.has_t() ? a.t() : a.tensors(0);
    if (t.int64_data_size() == 1)
      return t.int64_data(0);
    if (t.int32_data_size() == 1)
      return t.int32_data(0);
  }
  if (a.type() == AttrType::INT64 || a.type() == AttrType::INT32 ||
      a.type() == AttrType::BOOL)
    return a.i();
  return error() << what << " is not an integer";
}

FailureOr<SmallVector<int64_t>>
MindIRImporter::attrInts(const mind_ir::AttributeProto &a, StringRef what) {
  SmallVector<int64_t> out;
  if (a.ints_size()) {
    out.append(a.ints().begin(), a.ints().end());
    return out;
  }
  if (a.type() == AttrType::TUPLE || a.type() == AttrType::LIST ||
      a.values_size()) {
    for (const mind_ir::AttributeProto &e : a.values()) {
      if (e.type() == AttrType::TUPLE || e.type() == AttrType::LIST) {
        FailureOr<SmallVector<int64_t>> inner = attrInts(e, what);
        if (failed(inner))
          return failure();
        out.append(*inner);
        continue;
      }
      FailureOr<int64_t> v = attrInt(e, what);
      if (failed(v))
        return failure();
      out.push_back(*v);
    }
    return out;
  }
  FailureOr<int64_t> v = attrInt(a, what);
  if (failed(v))
    return failure();
  out.push_back(*v);
  return out;
}

FailureOr<double> MindIRImporter::attrFloat(const mind_ir::AttributeProto &a,
                                            StringRef what) {
  if (a.has_f())
    return double(a.f());
  if (a.has_d())
    return a.d();
  if (a.floats_size() == 1)
    return double(a.floats(0));
  if (a.doubles_size() == 1)
    return a.doubles(0);
  if (a.values_size() == 1)
    return attrFloat(a.values(0), what);
  if (a.type() == AttrType::FLOAT)
    return double(a.f());
  return error() << what << " is not a number";
}

std::string MindIRImporter::attrString(const mind_ir::AttributeProto &a) {
  if (a.has_s())
    return a.s();
  if (a.strings_size())
    return a.strings(0);
  if (a.values_size() == 1)
    return attrString(a.values(0));
  return "";
}

//===----------------------------------------------------------------------===//
// Entries
//===----------------------------------------------------------------------===//

LogicalResult
MindIRImporter::tensorOperands(ArrayRef<Entry> inputs,
                               SmallVectorImpl<Value> &operands) {
  for (auto [i, e] : llvm::enumerate(inputs)) {
    if (e.kind == Entry::Monad)
      continue;
    FailureOr<Value> v = toTensor(e, "input " + std::to_string(i));
    if (failed(v))
      return failure();
    operands.push_back(*v);
  }
  return success();
}

FailureOr<Value> MindIRImporter::toTensor(const Entry &entry, StringRef what) {
  switch (entry.kind) {
  case Entry::Tensor:
  case Entry::MultiOutput:
    return entry.value;
  case Entry::Param: {
    // One load per block, before its first use; blocks see the loads of the
    // blocks around them.
    Block *block = builder.getInsertionBlock();
    for (Block *b = block; b;) {
      auto it = loads.find({b, StringRef(entry.param)});
      if (it != loads.end())
        return it->second;
      Operation *parent = b->getParentOp();
      b = parent ? parent->getBlock() : nullptr;
    }
    RankedTensorType type = parameterTypes.lookup(entry.param);
    auto load = ms::LoadOp::create(
        builder, fileLoc, type,
        FlatSymbolRefAttr::get(ctx, parameterTypes.find(entry.param)->first()));
    loads[{block, parameterTypes.find(entry.param)->first()}] = load;
    return Value(load);
  }
  case Entry::Const: {
    // A scalar used as a tensor operand (e.g. Add(x, 2.0)): a 0-d constant.
    const mind_ir::AttributeProto &a = *entry.attr;
    Type element;
    Attribute value;
    switch (a.type()) {
    case AttrType::FLOAT:
      element = builder.getF32Type();
      value = builder.getF32FloatAttr(a.f());
      break;
    case AttrType::DOUBLE:
      element = builder.getF64Type();
      value = builder.getF64FloatAttr(a.d());
      break;
    case AttrType::BOOL:
      element = builder.getI1Type();
      value = builder.getBoolAttr(a.i() != 0);
      break;
    case AttrType::INT8:
    case AttrType::INT16:
    case AttrType::INT32:
    case AttrType::INT64: {
      element = builder.getI64Type();
      value = builder.getI64IntegerAttr(a.i());
      break;
    }
    default:
      return error() << what << " is " << kindName(entry)
                     << " that has no tensor form";
    }
    auto type = RankedTensorType::get({}, element);
    DenseElementsAttr dense = DenseElementsAttr::get(type, value);
    return Value(ms::ConstantOp::create(builder, fileLoc, dense));
  }
  default:
    return error() << what << " is " << kindName(entry) << ", not a tensor";
  }
}

LogicalResult MindIRImporter::flattenTensors(const Entry &entry,
                                             SmallVectorImpl<Value> &out,
                                             StringRef what) {
  if (entry.kind == Entry::Tuple) {
    for (const Entry &e : entry.elems)
      if (failed(flattenTensors(e, out, what)))
        return failure();
    return success();
  }
  FailureOr<Value> v = toTensor(entry, what);
  if (failed(v))
    return failure();
  out.push_back(*v);
  return success();
}

FailureOr<SmallVector<int64_t>> MindIRImporter::toInts(const Entry &entry,
                                                       StringRef what) {
  if (entry.kind == Entry::Const)
    return attrInts(*entry.attr, what);
  if (entry.kind == Entry::Tuple) {
    SmallVector<int64_t> out;
    for (const Entry &e : entry.elems) {
      FailureOr<SmallVector<int64_t>> inner = toInts(e, what);
      if (failed(inner))
        return failure();
      out.append(*inner);
    }
    return out;
  }
  if (entry.kind == Entry::Tensor) {
    DenseIntElementsAttr ints;
    if (auto c = entry.value.getDefiningOp<ms::ConstantOp>())
      ints = dyn_cast<DenseIntElementsAttr>(c.getValue());
    if (ints) {
      SmallVector<int64_t> out;
      for (const APInt &v : ints.getValues<APInt>())
        out.push_back(v.getSExtValue());
      return out;
    }
  }
  return error() << what << " is " << kindName(entry)
                 << ", not a constant integer tuple";
}

//===----------------------------------------------------------------------===//
// Graphs and nodes
//===----------------------------------------------------------------------===//

FailureOr<Entry> MindIRImporter::resolve(StringRef name, Scope &scope) {
  if (const Entry *e = scope.lookup(name))
    return *e;
  auto p = parameterNames.find(name);
  if (p != parameterNames.end()) {
    Entry e = Entry::of(Entry::Param);
    e.param = p->second;
    return e;
  }
  auto g = graphs.find(name);
  if (g != graphs.end()) {
    Entry e = Entry::of(Entry::Graph);
    e.graph = g->second;
    return e;
  }
  return error() << "uses '" << name << "', which is defined nowhere before it";
}

FailureOr<Entry>
MindIRImporter::importConstant(const mind_ir::NodeProto &node) {
  const mind_ir::AttributeProto *value = findAttr(node.attribute(), "value");
  if (!value) {
    // MindSpore 1.x: the only attribute holds the value.
    for (const mind_ir::AttributeProto &a : node.attribute())
      if (a.name() != "shape")
        value = &a;
  }
  if (!value)
    return error() << "Constant has no value attribute";
  switch (value->type()) {
  case AttrType::UMONAD:
  case AttrType::IOMONAD:
    return Entry::of(Entry::Monad);
  case AttrType::NONE:
    return Entry::of(Entry::None);
  case AttrType::GRAPH:
  case AttrType::FUNCGRAPHCLOSURE:
  case AttrType::PRIMITIVECLOSURE:
  case AttrType::PARTIALCLOSURE:
  case AttrType::DICT:
    return error() << "Constant of attribute type "
                   << AttrType::AttributeType_Name(value->type())
                   << " is not imported";
  default:
    break;
  }
  const mind_ir::TensorProto *tensor = nullptr;
  if (value->type() == AttrType::TENSORS && value->tensors_size() == 1)
    tensor = &value->tensors(0);
  else if (value->type() == AttrType::TENSOR && value->has_t())
    tensor = &value->t();
  else if (value->type() == AttrType::UNDEFINED && value->tensors_size() == 1 &&
           !value->has_i() && !value->ints_size())
    tensor = &value->tensors(0);
  // A tensor with neither data nor dims is a type (Cast's dst_type).
  if (tensor && !tensor->has_raw_data() && !tensor->has_external_data() &&
      tensor->dims_size() == 0 && !typedBytes(*tensor, builder.getI64Type()) &&
      !tensor->float_data_size() && !tensor->double_data_size())
    tensor = nullptr;
  if (!tensor) {
    Entry e = Entry::of(Entry::Const);
    e.attr = value;
    return e;
  }
  FailureOr<ElementsAttr> attr = tensorValue(*tensor, "Constant value");
  if (failed(attr))
    return failure();
  return Entry::tensor(
      ms::ConstantOp::create(builder, nodeLoc(node), *attr).getResult());
}

FailureOr<Entry> MindIRImporter::importGraph(const mind_ir::GraphProto &graph,
                                             Scope &scope,
                                             ArrayRef<Entry> args) {
  if (active.contains(&graph))
    return error() << "calls graph '" << graph.name()
                   << "' from inside itself (a loop) in a form not imported: "
                      "a loop must be a graph that ends with a call of "
                      "Switch(flag, continue, exit), the continue graph "
                      "calling the loop graph again";
  if (int64_t(args.size()) != graph.input_size())
    return error() << "calls graph '" << graph.name() << "' with "
                   << args.size() << " arguments; it has " << graph.input_size()
                   << " inputs";
  active.insert(&graph);
  const mind_ir::GraphProto *savedGraph = currentGraph;
  const mind_ir::NodeProto *savedNode = currentNode;
  currentGraph = &graph;
  currentNode = nullptr;
  llvm::scope_exit restore([&] {
    active.erase(&graph);
    currentGraph = savedGraph;
    currentNode = savedNode;
  });

  for (auto [input, arg] : llvm::zip(graph.input(), args))
    scope.names[input.name()] = arg;
  for (const mind_ir::NodeProto &node : graph.node()) {
    currentNode = &node;
    if (failed(importNode(node, scope)))
      return failure();
  }
  currentNode = nullptr;
  if (graph.output_size() == 0)
    return error() << "has no output";
  if (graph.output_size() == 1)
    return resolve(graph.output(0).name(), scope);
  Entry tuple = Entry::of(Entry::Tuple);
  for (const mind_ir::ValueInfoProto &out : graph.output()) {
    FailureOr<Entry> e = resolve(out.name(), scope);
    if (failed(e))
      return failure();
    tuple.elems.push_back(*e);
  }
  return tuple;
}

FailureOr<Entry> MindIRImporter::callGraph(const mind_ir::GraphProto &graph,
                                           ArrayRef<Entry> args, Scope &scope) {
  // Inline the callee: its nodes see the caller's names (free variables).
  Scope inner;
  inner.parent = &scope;
  return importGraph(graph, inner, args);
}

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
    bool recurses = llvm::any_of(
        branch->second->node(),
        [&](const mind_ir::NodeProto &n) { return n.op_type() == self; });
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

LogicalResult MindIRImporter::importNode(const mind_ir::NodeProto &node,
                                         Scope &scope) {
  auto define = [&](const Entry &e) {
    if (node.output_size() > 0)
      scope.names[node.output(0)] = e;
    if (!node.name().empty())
      scope.names[node.name()] = e;
    return success();
  };
  StringRef opType = node.op_type();
  if (opType == "Constant") {
    FailureOr<Entry> e = importConstant(node);
    return failed(e) ? failure() : define(*e);
  }

  SmallVector<Entry> inputs;
  for (const std::string &in : node.input()) {
    FailureOr<Entry> e = resolve(in, scope);
    if (failed(e))
      return failure();
    inputs.push_back(*e);
  }

  StringRef primitive = opType;
  const AttrList *attrs = &node.attribute();
  if (opType.consume_front("REF::")) {
    auto prim = primitives.find(opType);
    if (prim == primitives.end()) {
      // A call: of a graph, or of a node's value (a Switch).
      FailureOr<Entry> callee = resolve(opType, scope);
      if (failed(callee))
        return failure();
      FailureOr<Entry> result = failure();
      LoopState *loop = loops.empty() ? nullptr : &loops.back();
      if (callee->kind == Entry::Switch && loop && !loop->inContinue &&
          currentGraph == loop->header && callee->graph &&
          llvm::any_of(callee->graph->node(),
                       [&](const mind_ir::NodeProto &n) {
                         return StringRef(n.op_type()) ==
                                "REF::" + loop->header->name();
                       })) {
        // The loop's exit test: the exit graph gives this trip's values.
        if (loop->flag)
          return error() << "the loop graph picks its next step twice";
        FailureOr<Value> flag = toTensor(callee->elems[0], "the loop's flag");
        if (failed(flag))
          return failure();
        SmallVector<Entry> exitArgs(inputs.begin(), inputs.end());
        if (callee->elems.size() == 3)
          exitArgs.insert(exitArgs.begin(), callee->elems[2].elems.begin(),
                          callee->elems[2].elems.end());
        FailureOr<Entry> out = callGraph(*callee->elseGraph, exitArgs, scope);
        if (failed(out) ||
            failed(flattenTensors(*out, loop->values, "a loop value")))
          return failure();
        loop->flag = *flag;
        loop->continueGraph = callee->graph;
        if (callee->elems.size() == 3)
          loop->continueArgs = callee->elems[1].elems;
        return define(Entry::of(Entry::None));
      }
      if (callee->kind == Entry::Graph && loop && loop->inContinue &&
          callee->graph == loop->header) {
        // The continue graph's tail call: the next trip's state.
        if (loop->next)
          return error() << "calls the loop graph '" << loop->header->name()
                         << "' twice";
        SmallVector<Value> next;
        for (const Entry &in : inputs)
          if (failed(flattenTensors(in, next, "a loop state value")))
            return failure();
        loop->next = std::move(next);
        return define(Entry::of(Entry::None));
      }
      if (callee->kind == Entry::Switch)
        result = buildCond(node, *callee, inputs, scope);
      else if (callee->kind == Entry::Graph &&
               !active.contains(callee->graph) && isLoopGraph(*callee->graph))
        result = buildWhile(node, *callee->graph, inputs, scope);
      else if (callee->kind == Entry::Graph)
        result = callGraph(*callee->graph, inputs, scope);
      else
        return error() << "calls '" << opType << "', which is "
                       << kindName(*callee) << ", not a graph";
      return failed(result) ? failure() : define(*result);
    }
    primitive = prim->second->op_type();
    attrs = &prim->second->attribute();
  } else if (graphs.count(opType)) {
    FailureOr<Entry> result = callGraph(*graphs[opType], inputs, scope);
    return failed(result) ? failure() : define(*result);
  }
  if (primitive.empty())
    return error() << "has no op_type";
  FailureOr<Entry> result = applyPrimitive(node, primitive, *attrs, inputs);
  return failed(result) ? failure() : define(*result);
}

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
  auto flag = [&](StringRef name, bool dflt) {
    const mind_ir::AttributeProto *a = findAttr(attrs, name);
    return a ? a->i() != 0 : dflt;
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
  if (flag("ceil_mode", false))
    state.addAttribute("ceil_mode", builder.getBoolAttr(true));
  if (avg) {
    if (!flag("count_include_pad", true))
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
  // Same arguments, another name.
  static const llvm::StringMap<StringRef> renamed = {
      {"Muls", "Mul"},           {"Div", "RealDiv"},
      {"AddExt", "Add"},         {"SubExt", "Sub"},
      {"LessScalar", "Less"},    {"LessEqualScalar", "LessEqual"},
      {"GreaterScalar", "Greater"}, {"GreaterEqualScalar", "GreaterEqual"},
      {"EqualScalar", "Equal"},  {"NotEqualScalar", "NotEqual"},
      {"ScalarAdd", "Add"},      {"ScalarSub", "Sub"},
      {"ScalarMul", "Mul"},      {"ScalarDiv", "RealDiv"},
      {"ScalarLt", "Less"},      {"ScalarLe", "LessEqual"},
      {"ScalarGt", "Greater"},   {"ScalarGe", "GreaterEqual"},
      {"ScalarEq", "Equal"},     {"SoftmaxExt", "Softmax"},
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

  auto r = renamed.find(primitive);
  if (r != renamed.end())
    return applyPrimitive(node, r->second, attrs, inputs);
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
    if (!isMax && !isNone(3))
      return FailureOr<Entry>(error() << "'" << primitive
                                      << "' with a dtype is not imported");
    SmallVector<int64_t> axis;
    if (!isMax && !isNone(1)) {
      FailureOr<SmallVector<int64_t>> v = toInts(inputs[1], "'dim'");
      if (failed(v))
        return FailureOr<Entry>(failure());
      axis = *v;
    }
    if (axis.empty())
      for (int64_t d = 0; d < rank(0); ++d)
        axis.push_back(d);
    setInts("axis", axis);
    setBool("keep_dims", !isMax && constBool(2));
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
  auto intOf = [&](StringRef name, int64_t dflt) {
    const mind_ir::AttributeProto *a = findAttr(attrs, name);
    return a ? a->i() : dflt;
  };
  StringRef lstmName = "LSTM";
  int64_t hidden = intOf("hidden_size", 0), layers = intOf("num_layers", 1);
  if (layers != 1 || intOf("bidirectional", 0) || !intOf("has_bias", 1) ||
      intOf("proj_size", 0))
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
  bool allOutputs = primitive == "ArgMaxWithValue" || primitive == "Split";
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
  auto checkNCHW = [&]() -> LogicalResult {
    std::string format = stringAttr("format", "NCHW");
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
    if (failed(tensorInputs(2)) || failed(checkNCHW()))
      return failure();
    FailureOr<SmallVector<int64_t>> stride = ints("stride", std::nullopt);
    FailureOr<SmallVector<int64_t>> dilation = ints("dilation", std::nullopt);
    if (failed(stride) || failed(dilation))
      return failure();
    if (stride->empty() || dilation->empty())
      return error() << "empty stride or dilation";
    std::string padMode = StringRef(stringAttr("pad_mode", "pad")).lower();
    SmallVector<int64_t> pad(4, 0);
    if (padMode == "pad") {
      FailureOr<SmallVector<int64_t>> p = ints("pad", std::nullopt);
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
    FailureOr<int64_t> group = intAttr("group", std::nullopt, 1);
    if (failed(group))
      return failure();
    state.addAttribute("group", builder.getI64IntegerAttr(*group));
  } else if (primitive == "Conv2DTranspose") {
    // Conv2DTranspose(dout, weight, input_sizes): the output padding is what
    // input_sizes adds to the unpadded output size.
    if (failed(tensorInputs(2)) || failed(checkNCHW()))
      return failure();
    FailureOr<SmallVector<int64_t>> stride = ints("stride", std::nullopt);
    FailureOr<SmallVector<int64_t>> dilation = ints("dilation", std::nullopt);
    FailureOr<SmallVector<int64_t>> sizes = ints("input_sizes", 2);
    if (failed(stride) || failed(dilation) || failed(sizes))
      return failure();
    if (stride->empty() || dilation->empty())
      return error() << "empty stride or dilation";
    std::string padMode = StringRef(stringAttr("pad_mode", "pad")).lower();
    if (padMode != "pad")
      return error() << "Conv2DTranspose pad_mode '" << padMode
                     << "' (only 'pad' is imported)";
    FailureOr<int64_t> group = intAttr("group", std::nullopt, 1);
    if (failed(group))
      return failure();
    if (*group != 1)
      state.addAttribute("group", builder.getI64IntegerAttr(*group));
    FailureOr<SmallVector<int64_t>> p = ints("pad", std::nullopt);
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
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<int64_t> axis = intAttr("axis", std::nullopt, -1);
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
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<int64_t> axis = intAttr("axis", std::nullopt, 0);
    if (failed(axis))
      return failure();
    if (types.size() != 2)
      return error() << "the shape attribute of 'ArgMaxWithValue' gives "
                     << types.size() << " outputs, not (index, values)";
    if (*axis != 0)
      state.addAttribute("axis", builder.getI64IntegerAttr(*axis));
    if (boolAttr("keep_dims", false))
      state.addAttribute("keep_dims", builder.getBoolAttr(true));
    Type indexType = cast<ShapedType>(types[0]).getElementType();
    if (!indexType.isInteger(64))
      state.addAttribute("index_type", TypeAttr::get(indexType));
  } else if (primitive == "Split") {
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<int64_t> axis = intAttr("axis", std::nullopt, 0);
    FailureOr<int64_t> count = intAttr("output_num", std::nullopt);
    if (failed(axis) || failed(count))
      return failure();
    if (*count != int64_t(types.size()))
      return error() << "Split output_num " << *count << " but " << types.size()
                     << " outputs in its shape attribute";
    if (*axis != 0)
      state.addAttribute("axis", builder.getI64IntegerAttr(*axis));
    state.addAttribute("output_num", builder.getI64IntegerAttr(*count));
  } else if (primitive == "BatchNorm") {
    if (failed(tensorInputs(5)) || failed(checkNCHW()))
      return failure();
    if (boolAttr("is_training", false))
      return error() << "BatchNorm with is_training=True (the mindspore op "
                        "is inference-only)";
    FailureOr<double> eps = floatAttr("epsilon", 1e-5);
    if (failed(eps))
      return failure();
    state.addAttribute("epsilon", builder.getF32FloatAttr(float(*eps)));
  } else if (primitive == "LayerNorm") {
    if (failed(tensorInputs(3)))
      return failure();
    FailureOr<int64_t> normAxis = intAttr("begin_norm_axis", std::nullopt, 1);
    FailureOr<int64_t> paramsAxis =
        intAttr("begin_params_axis", std::nullopt, 1);
    FailureOr<double> eps = floatAttr("epsilon", 1e-7);
    if (failed(normAxis) || failed(paramsAxis) || failed(eps))
      return failure();
    state.addAttribute("begin_norm_axis", builder.getI64IntegerAttr(*normAxis));
    state.addAttribute("begin_params_axis",
                       builder.getI64IntegerAttr(*paramsAxis));
    state.addAttribute("epsilon", builder.getF32FloatAttr(float(*eps)));
  } else if (primitive == "MatMul" || primitive == "BatchMatMul") {
    if (failed(tensorInputs(2)))
      return failure();
    bool ta = boolAttr("transpose_a", boolAttr("transpose_x1", false));
    bool tb = boolAttr("transpose_b", boolAttr("transpose_x2", false));
    if (ta)
      state.addAttribute("transpose_a", builder.getBoolAttr(true));
    if (tb)
      state.addAttribute("transpose_b", builder.getBoolAttr(true));
  } else if (primitive == "BiasAdd") {
    if (failed(tensorInputs(2)) || failed(checkNCHW()))
      return failure();
  } else if (primitive == "Reshape" || primitive == "Transpose" ||
             primitive == "BroadcastTo") {
    StringRef name = primitive == "Transpose" ? "perm" : "shape";
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<SmallVector<int64_t>> v = ints(name, 1);
    if (failed(v))
      return failure();
    setArray(name, *v);
  } else if (primitive == "ReduceSum" || primitive == "ReduceMean" ||
             primitive == "ReduceMax") {
    if (failed(tensorInputs(1)))
      return failure();
    SmallVector<int64_t> axis;
    if (inputs.size() > 1 || findAttr(attrs, "axis")) {
      FailureOr<SmallVector<int64_t>> v = ints("axis", 1);
      if (failed(v))
        return failure();
      axis = *v;
    }
    setArray("axis", axis);
    if (boolAttr("keep_dims", false))
      state.addAttribute("keep_dims", builder.getBoolAttr(true));
  } else if (primitive == "ReduceAll") {
    if (failed(tensorInputs(1)))
      return failure();
    if ((inputs.size() > 1 && inputs[1].kind != Entry::None) ||
        findAttr(attrs, "axis")) {
      FailureOr<SmallVector<int64_t>> axis = ints("axis", 1);
      if (failed(axis))
        return failure();
      auto t = dyn_cast<RankedTensorType>(state.operands[0].getType());
      if (!axis->empty() && (!t || int64_t(axis->size()) != t.getRank()))
        return error() << "ReduceAll over some axes (the mindspore op reduces "
                          "every axis)";
    }
    if (boolAttr("keep_dims", false))
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
    if (failed(tensorInputs(1)))
      return failure();
    SmallVector<int64_t> axis;
    if (findAttr(attrs, "axis") || inputs.size() > 1) {
      FailureOr<SmallVector<int64_t>> v = ints("axis", 1);
      if (failed(v))
        return failure();
      axis = *v;
    }
    setArray("axis", axis);
  } else if (primitive == "StridedSlice") {
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<SmallVector<int64_t>> begin = ints("begin", 1);
    FailureOr<SmallVector<int64_t>> end = ints("end", 2);
    FailureOr<SmallVector<int64_t>> strides = ints("strides", 3);
    if (failed(begin) || failed(end) || failed(strides))
      return failure();
    int64_t masks[5];
    size_t i = 4;
    for (StringRef mask : {"begin_mask", "end_mask", "ellipsis_mask",
                           "new_axis_mask", "shrink_axis_mask"}) {
      FailureOr<int64_t> m = intAttr(mask, i, 0);
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
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<SmallVector<int64_t>> paddings = ints("paddings", 1);
    if (failed(paddings))
      return failure();
    setArray("paddings", *paddings);
  } else if (primitive == "AdaptiveAvgPool2D") {
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<SmallVector<int64_t>> size = ints("output_size", std::nullopt);
    if (failed(size))
      return failure();
    setArray("output_size", *size);
  } else if (primitive == "AvgPool" || primitive == "MaxPool") {
    if (failed(tensorInputs(1)) || failed(checkNCHW()))
      return failure();
    FailureOr<SmallVector<int64_t>> kernel = ints("kernel_size", std::nullopt);
    FailureOr<SmallVector<int64_t>> strides = ints("strides", std::nullopt);
    if (failed(kernel) || failed(strides))
      return failure();
    if (kernel->empty() || strides->empty())
      return error() << "empty kernel_size or strides";
    SmallVector<int64_t> k = lastTwo(*kernel), s = lastTwo(*strides);
    std::string padMode = StringRef(stringAttr("pad_mode", "VALID")).upper();
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
    FailureOr<SmallVector<int64_t>> kernel = ints("kernel_size", std::nullopt);
    FailureOr<SmallVector<int64_t>> strides = ints("strides", std::nullopt);
    FailureOr<SmallVector<int64_t>> pads = ints("pads", std::nullopt);
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
    if (boolAttr("ceil_mode", false))
      state.addAttribute("ceil_mode", builder.getBoolAttr(true));
  } else if (primitive == "Tile") {
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<SmallVector<int64_t>> multiples = ints("multiples", 1);
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
    FailureOr<int64_t> n = intAttr(oneHot ? "depth" : "dim", 1);
    if (failed(n))
      return failure();
    state.addAttribute(oneHot ? "depth" : "dim", builder.getI64IntegerAttr(*n));
    if (oneHot) {
      FailureOr<int64_t> axis = intAttr("axis", std::nullopt, -1);
      if (failed(axis))
        return failure();
      if (*axis != -1)
        state.addAttribute("axis", builder.getI64IntegerAttr(*axis));
    }
  } else if (primitive == "Cast") {
    // The destination type is the result type (input 1, dst_type, dropped).
    if (failed(tensorInputs(1)))
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
    if (failed(tensorInputs(1)))
      return failure();
    FailureOr<double> keep = floatAttr("keep_prob", 0.5);
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

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> MindIRImporter::run(StringRef bytes) {
  if (failed(checkModel(bytes)))
    return nullptr;
  const mind_ir::GraphProto &main = model.graph();
  graphs[main.name()] = &main;
  for (const mind_ir::GraphProto &g : model.functions()) {
    if (graphs.count(g.name())) {
      error() << "two graphs are named '" << g.name() << "'";
      return nullptr;
    }
    graphs[g.name()] = &g;
  }
  for (const mind_ir::PrimitiveProto &p : model.primitives())
    primitives[p.name()] = &p;
  if (failed(refusePythonLevel()))
    return nullptr;

  std::optional<StringRef> moduleName;
  if (!main.name().empty() && main.name() != "main_graph")
    moduleName = main.name();
  module = ModuleOp::create(fileLoc, moduleName);

  if (failed(importParameters(main)))
    return nullptr;
  for (const mind_ir::GraphProto &g : model.functions())
    if (failed(importParameters(g)))
      return nullptr;

  // @main: graph inputs are its arguments.
  currentGraph = &main;
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  for (const mind_ir::ValueInfoProto &input : main.input()) {
    if (input.tensor_size() != 1) {
      error() << "input '" << input.name() << "' is not one tensor";
      return nullptr;
    }
    FailureOr<Type> t = tensorType(input.tensor(0));
    if (failed(t))
      return nullptr;
    argTypes.push_back(*t);
    argLocs.push_back(
        NameLoc::get(StringAttr::get(ctx, input.name()), fileLoc));
  }
  builder.setInsertionPointToEnd(module->getBody());
  auto func = func::FuncOp::create(builder, fileLoc, "main",
                                   builder.getFunctionType(argTypes, {}));
  Block *body = func.addEntryBlock();
  for (auto [arg, loc] : llvm::zip(body->getArguments(), argLocs))
    arg.setLoc(loc);
  builder.setInsertionPointToEnd(body);

  SmallVector<Entry> args;
  for (BlockArgument arg : body->getArguments())
    args.push_back(Entry::tensor(arg));
  Scope scope;
  FailureOr<Entry> out = importGraph(main, scope, args);
  if (failed(out))
    return nullptr;
  currentGraph = &main;
  SmallVector<Value> results;
  if (failed(flattenTensors(*out, results, "the graph output")))
    return nullptr;
  func::ReturnOp::create(builder, fileLoc, results);
  func.setFunctionType(
      builder.getFunctionType(argTypes, ValueRange(results).getTypes()));
  currentGraph = nullptr;

  // The expand_dims ops around 2-D pooling that nothing reads any more.
  for (Operation *op : llvm::reverse(poolExpands))
    if (op->use_empty())
      op->erase();
  poolExpands.clear();
  mindir::readRunnableForm(*module);
  if (failed(verify(*module))) {
    error() << "the imported module does not verify (see the errors above)";
    return nullptr;
  }
  return std::move(module);
}

OwningOpRef<ModuleOp>
mlir::ascend::importMindIR(StringRef bytes, StringRef filename,
                           MLIRContext *ctx,
                           const MindIRImportOptions &options) {
  ctx->loadDialect<ms::MindSporeDialect, func::FuncDialect>();
  MindIRImporter importer(ctx, filename, options);
  return importer.run(bytes);
}

namespace {
/// The command-line options of --import-mindir, registered on first use.
llvm::cl::opt<std::string> &externalDataDirOption() {
  static llvm::cl::opt<std::string> externalDataDir(
      "mindir-external-data-dir",
      llvm::cl::desc("--import-mindir: directory of external weight files "
                     "(default: the input file's directory)"),
      llvm::cl::init(""));
  return externalDataDir;
}
} // namespace

MindIRImportOptions mlir::ascend::mindirImportOptionsFromCommandLine() {
  MindIRImportOptions options;
  options.externalDataDir = externalDataDirOption();
  return options;
}

void mlir::ascend::registerMindIRImportTranslation() {
  externalDataDirOption();
  TranslateToMLIRRegistration registration(
      "import-mindir", "MindIR file (MindSpore) to the mindspore dialect",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return importMindIR(buffer->getBuffer(), buffer->getBufferIdentifier(),
                            context, mindirImportOptionsFromCommandLine());
      },
      [](DialectRegistry &registry) {
        registry.insert<ms::MindSporeDialect, func::FuncDialect>();
      });
}
