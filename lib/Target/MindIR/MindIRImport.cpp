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

#include "MindIRImporter.h"
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
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include "mind_ir.pb.h"

#include <climits>
#include <cstring>
#include <functional>
#include <map>
#include <memory>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindir;
namespace ms = mlir::ascend::mindspore;


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
          llvm::any_of(callee->graph->node(), [&](const mind_ir::NodeProto &n) {
            return StringRef(n.op_type()) == "REF::" + loop->header->name();
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

/// The bytes of a parameter's value (a dense_resource blob's or a dense
/// attribute's raw data), to tell whether two files hold the same weight.
static std::optional<ArrayRef<char>> valueBytes(ms::ParameterOp p) {
  std::optional<ElementsAttr> value = p.getValue();
  if (!value)
    return ArrayRef<char>();
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(*value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    return blob->getData();
  }
  if (auto dense = dyn_cast<DenseElementsAttr>(*value))
    return dense.getRawData();
  return std::nullopt;
}

/// Moves the entry @main of `from` (imported from `fromFile`) into `into` as
/// @`name`, with the parameters it loads: one `into` already has (same type
/// and bytes: the same weight of one program) is shared; one of that name
/// with another type or value is an error naming both files.
static LogicalResult mergeEntry(ModuleOp into, StringRef intoFile,
                                ModuleOp from, StringRef fromFile,
                                StringRef name) {
  SymbolTable table(into);
  for (Operation &op : llvm::make_early_inc_range(*from.getBody())) {
    if (auto f = dyn_cast<func::FuncOp>(op)) {
      if (f.getName() != "main")
        return f.emitError() << fromFile << ": a function @" << f.getName()
                             << " besides @main";
      f.setName(name);
      op.moveBefore(into.getBody(), into.getBody()->end());
      continue;
    }
    auto p = dyn_cast<ms::ParameterOp>(op);
    if (!p) {
      op.moveBefore(into.getBody(), into.getBody()->end());
      continue;
    }
    auto existing = table.lookup<ms::ParameterOp>(p.getSymName());
    if (!existing) {
      op.moveBefore(into.getBody(), into.getBody()->end());
      continue;
    }
    std::optional<ArrayRef<char>> a = valueBytes(existing), b = valueBytes(p);
    if (existing.getType() != p.getType() || !a || !b || *a != *b)
      return emitError(p.getLoc())
             << "parameter '" << p.getSymName() << "' of " << fromFile
             << " is not the one of " << intoFile
             << " (another type or value): the files are entries of "
                "different programs";
  }
  return success();
}

OwningOpRef<ModuleOp>
mlir::ascend::importMindIRWithEntries(StringRef bytes, StringRef filename,
                                      MLIRContext *ctx,
                                      const MindIRImportOptions &options) {
  OwningOpRef<ModuleOp> module = importMindIR(bytes, filename, ctx, options);
  if (!module || filename.empty() || filename == "-" || filename == "<stdin>")
    return module;
  // The sibling files <stem>_<k>.mindir, in k order.
  StringRef dir = llvm::sys::path::parent_path(filename);
  StringRef stem = llvm::sys::path::stem(filename);
  StringRef ext = llvm::sys::path::extension(filename);
  std::map<unsigned, std::string> siblings;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir.empty() ? "." : dir, ec), end;
       it != end && !ec; it.increment(ec)) {
    StringRef name = llvm::sys::path::filename(it->path());
    unsigned k;
    if (!name.consume_front(stem) || !name.consume_front("_") ||
        !name.consume_back(ext) || name.empty() || name.starts_with("0") ||
        name.getAsInteger(10, k))
      continue;
    siblings[k] = it->path();
  }
  for (auto &[k, path] : siblings) {
    auto file = llvm::MemoryBuffer::getFile(path);
    if (!file) {
      emitError(FileLineColLoc::get(ctx, path, 0, 0))
          << "cannot read " << path << ", the entry @main_" << k << " of "
          << filename << ": " << file.getError().message();
      return nullptr;
    }
    OwningOpRef<ModuleOp> entry =
        importMindIR((*file)->getBuffer(), path, ctx, options);
    if (!entry)
      return nullptr;
    if (failed(mergeEntry(*module, filename, *entry, path,
                          ("main_" + Twine(k)).str())))
      return nullptr;
  }
  return module;
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
        return importMindIRWithEntries(buffer->getBuffer(),
                                       buffer->getBufferIdentifier(), context,
                                       mindirImportOptionsFromCommandLine());
      },
      [](DialectRegistry &registry) {
        registry.insert<ms::MindSporeDialect, func::FuncDialect>();
      });
}
