//===- MindIRExport.cpp - mindspore dialect to MindIR ---------------------===//
//
// Builds one mind_ir.ModelProto from a module at the mindspore level, the way
// MindSpore's own exporter lays it out (checked against the files in
// /work/shared/mindir-samples):
//  - `func.func @main` is the main graph; its arguments are GraphProto inputs
//    named `<graph>:input_<i>`, its results the GraphProto outputs (MindSpore
//    writes no Return node: the output list names the returned nodes).
//  - each `mindspore.parameter` is a GraphProto parameter `<graph>:<name>`
//    (ref_key `<name>`) with the exact weight bytes in raw_data, or, above
//    1 GiB of weights, in external data files (ExternalDataWriter); a
//    `mindspore.load` is not a node, its users name the parameter directly.
//  - each primitive application is a PrimitiveProto `<Prim>:<id>` holding the
//    primitive's attributes plus a node with op_type `REF::<Prim>:<id>` and a
//    `shape` attribute giving its output type.
//  - `mindspore.constant` and the shape/perm/axis tuples MindSpore takes as
//    inputs are `Constant` nodes with a `value` attribute.
//  - primitives with several outputs in MindSpore (BatchNorm,
//    MaxPoolWithArgmaxV2) are followed by `TupleGetItem(node, 0)`; an op
//    with several results (ArgMaxWithValue, Split) is one node whose `shape`
//    is the tuple of its outputs, each result read with `TupleGetItem`.
//  - `mindspore.cond` becomes two graphs in `functions`, a
//    `Switch(pred, then, else)` node and a call node `REF::<switch node>`;
//    the branch graphs use outer values by name (free variables).
//  - `mindspore.fusion` is MindSpore's graph-kernel form: its body becomes a
//    graph in `functions` marked with the attribute `graph_kernel` (the
//    kernel name), applied by a primitive `GraphKernel_<kernel_name>` whose
//    `func_graph` attribute (GRAPH) names that graph, `fusion_kind` gives the
//    group's kind and `kernel_ir` the group as an MLIR kernel function
//    (text); several results are a tuple read with `TupleGetItem`.
//
//===----------------------------------------------------------------------===//
#include "ascend/Target/MindIR/MindIRExport.h"

#include "MindIRPrimitives.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "mind_ir.pb.h"
#include <google/protobuf/arena.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <algorithm>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {
using AttrType = mind_ir::AttributeProto;

//===----------------------------------------------------------------------===//
// Attribute helpers (the encodings MindSpore writes, see ori_net.mindir)
//===----------------------------------------------------------------------===//

mind_ir::AttributeProto *
addAttr(google::protobuf::RepeatedPtrField<mind_ir::AttributeProto> *attrs,
        StringRef name) {
  mind_ir::AttributeProto *attr = attrs->Add();
  attr->set_name(name.str());
  return attr;
}

using AttrList = google::protobuf::RepeatedPtrField<mind_ir::AttributeProto>;

void addInt(AttrList *attrs, StringRef name, int64_t value) {
  auto *a = addAttr(attrs, name);
  a->set_i(value);
  a->set_type(AttrType::INT64);
}

void addBool(AttrList *attrs, StringRef name, bool value) {
  auto *a = addAttr(attrs, name);
  a->set_i(value ? 1 : 0);
  a->set_type(AttrType::BOOL);
}

void addFloat(AttrList *attrs, StringRef name, float value) {
  auto *a = addAttr(attrs, name);
  a->set_f(value);
  a->set_type(AttrType::FLOAT);
}

void addString(AttrList *attrs, StringRef name, StringRef value) {
  auto *a = addAttr(attrs, name);
  a->set_s(value.str());
  a->set_type(AttrType::STRING);
}

/// A tuple of int64 (`kernel_size`, `stride`, ...), as MindSpore stores it:
/// type TUPLE with one INT64 element per value.
void fillIntTuple(mind_ir::AttributeProto *a, ArrayRef<int64_t> values) {
  a->set_type(AttrType::TUPLE);
  for (int64_t v : values) {
    auto *e = a->add_values();
    e->add_ints(v);
    e->set_type(AttrType::INT64);
  }
}

void addIntTuple(AttrList *attrs, StringRef name, ArrayRef<int64_t> values) {
  fillIntTuple(addAttr(attrs, name), values);
}

/// A tuple of int64 pairs (Pad's `paddings`: ((before, after), ...)).
void addIntPairTuple(AttrList *attrs, StringRef name,
                     ArrayRef<int64_t> flat) {
  auto *a = addAttr(attrs, name);
  a->set_type(AttrType::TUPLE);
  for (size_t i = 0; i + 1 < flat.size(); i += 2)
    fillIntTuple(a->add_values(), flat.slice(i, 2));
}

void addStringList(AttrList *attrs, StringRef name,
                   ArrayRef<StringRef> values) {
  auto *a = addAttr(attrs, name);
  a->set_type(AttrType::LIST);
  for (StringRef v : values) {
    auto *e = a->add_values();
    e->add_strings(v.str());
    e->set_type(AttrType::STRING);
  }
}

/// `format` and `data_format` "NCHW", the layout of every 4-D primitive.
void addNCHWFormat(AttrList *attrs) {
  addString(attrs, "format", "NCHW");
  addString(attrs, "data_format", "NCHW");
}

/// [a, b] -> [1, 1, a, b] (MindSpore's 4-D stride/dilation/window form).
SmallVector<int64_t, 4> nchw4(ArrayRef<int64_t> hw) {
  if (hw.size() == 1)
    return {1, 1, hw[0], hw[0]};
  if (hw.size() == 2)
    return {1, 1, hw[0], hw[1]};
  return SmallVector<int64_t, 4>(hw);
}

SmallVector<int64_t, 2> pair(ArrayRef<int64_t> hw) {
  if (hw.size() == 1)
    return {hw[0], hw[0]};
  return SmallVector<int64_t, 2>(hw.take_back(2));
}

//===----------------------------------------------------------------------===//
// Types and tensor data
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// External data files
//===----------------------------------------------------------------------===//

/// Writes weights into `<stem>_variables/data_N` beside the .mindir file,
/// the way MindSpore lays out models above 1 GiB. The files go to a
/// temporary directory first; `commit` moves it into place. Whatever is not
/// committed is removed.
class ExternalDataWriter {
public:
  ExternalDataWriter(uint64_t fileBytes) : fileBytes(fileBytes) {}
  ~ExternalDataWriter() {
    if (out) {
      // Drop what a failed write left (a stream destroyed with an error
      // pending aborts the process).
      out->close();
      out->clear_error();
      out.reset();
    }
    if (!committed && !tempDir.empty())
      (void)llvm::sys::fs::remove_directories(tempDir);
  }

  /// Creates the temporary directory for the data of `outputPath`.
  LogicalResult begin(StringRef outputPath, Location loc);
  /// Appends one tensor of `length` bytes, which `write` hands to its sink;
  /// fills `tensor`'s external_data.
  LogicalResult
  add(mind_ir::TensorProto *tensor, uint64_t length, Location loc,
      function_ref<LogicalResult(function_ref<LogicalResult(StringRef)>)>
          write);
  /// Closes the last file and puts the directory in place.
  LogicalResult commit(Location loc);

private:
  LogicalResult openFile(Location loc);
  LogicalResult closeFile(Location loc);
  LogicalResult writeError(Location loc);

  uint64_t fileBytes;
  /// `<stem>_variables`: relative (external_data.location) and final path.
  std::string dirName;
  SmallString<256> finalDir, tempDir, currentPath;
  std::unique_ptr<llvm::raw_fd_ostream> out;
  int fileIndex = -1;
  uint64_t position = 0;
  bool committed = false;
};

constexpr uint64_t kExternalAlign = 64;
/// Size of the writes of weight data.
constexpr size_t kWriteSlice = size_t(128) << 10;

LogicalResult ExternalDataWriter::begin(StringRef outputPath, Location loc) {
  StringRef stem = llvm::sys::path::stem(outputPath);
  stem.consume_back("_graph");
  dirName = (stem + "_variables").str();
  finalDir = llvm::sys::path::parent_path(outputPath);
  llvm::sys::path::append(finalDir, dirName);
  SmallString<256> model(finalDir);
  model += ".tmp-%%%%%%";
  for (int attempt = 0;; ++attempt) {
    llvm::sys::fs::createUniquePath(model, tempDir, /*MakeAbsolute=*/false);
    std::error_code ec = llvm::sys::fs::create_directory(
        tempDir, /*IgnoreExisting=*/false);
    if (!ec)
      break;
    if (ec != std::errc::file_exists || attempt == 100) {
      emitError(loc) << "cannot create the external data directory '"
                     << tempDir << "': " << ec.message();
      tempDir.clear();
      return failure();
    }
  }
  return openFile(loc);
}

LogicalResult ExternalDataWriter::writeError(Location loc) {
  std::error_code ec = out->error();
  out->clear_error();
  return emitError(loc) << "cannot write external data file '" << currentPath
                        << "': " << ec.message();
}

LogicalResult ExternalDataWriter::openFile(Location loc) {
  ++fileIndex;
  currentPath = tempDir;
  llvm::sys::path::append(currentPath, "data_" + std::to_string(fileIndex));
  std::error_code ec;
  out = std::make_unique<llvm::raw_fd_ostream>(currentPath, ec);
  if (ec)
    return emitError(loc) << "cannot write external data file '"
                          << currentPath << "': " << ec.message();
  // The header: byte 0 is the little-endian flag, the rest zero.
  char header[kExternalAlign] = {};
  header[0] = llvm::sys::IsLittleEndianHost ? 1 : 0;
  out->write(header, sizeof(header));
  position = sizeof(header);
  return out->has_error() ? writeError(loc) : success();
}

LogicalResult ExternalDataWriter::closeFile(Location loc) {
  if (!out)
    return success();
  out->close();
  LogicalResult ok = out->has_error() ? writeError(loc) : success();
  out.reset();
  return ok;
}

LogicalResult ExternalDataWriter::add(
    mind_ir::TensorProto *tensor, uint64_t length, Location loc,
    function_ref<LogicalResult(function_ref<LogicalResult(StringRef)>)>
        write) {
  // A new file once this tensor would cross the limit (unless the file holds
  // nothing yet: a tensor larger than the limit gets a file of its own).
  if (position > kExternalAlign && position + length > fileBytes) {
    if (failed(closeFile(loc)) || failed(openFile(loc)))
      return failure();
  }
  uint64_t offset = position;
  uint64_t written = 0;
  if (failed(write([&](StringRef piece) -> LogicalResult {
        // Large pieces (a mapped blob) go out in slices: each is read (and
        // faulted in) just before the kernel copies it, while it is still in
        // the CPU cache; one write of the whole piece runs about twice as
        // slow.
        for (size_t at = 0; at < piece.size(); at += kWriteSlice) {
          size_t n = std::min(kWriteSlice, piece.size() - at);
          out->write(piece.data() + at, n);
          if (out->has_error())
            return writeError(loc);
        }
        written += piece.size();
        return success();
      })))
    return failure();
  // streamBytes checked the size against the type.
  assert(written == length && "weight data of another size than its type");
  (void)written;
  position += length;
  // The next tensor starts at a multiple of 64 bytes.
  static const char zeros[kExternalAlign] = {};
  uint64_t pad = llvm::alignTo(position, kExternalAlign) - position;
  out->write(zeros, pad);
  position += pad;
  if (out->has_error())
    return writeError(loc);
  mind_ir::TensorProto::ExternalDataProto *ext = tensor->mutable_external_data();
  ext->set_location(dirName + "/data_" + std::to_string(fileIndex));
  ext->set_offset(offset);
  ext->set_length(length);
  return success();
}

LogicalResult ExternalDataWriter::commit(Location loc) {
  if (failed(closeFile(loc)))
    return failure();
  // Replace an older directory: move it aside, move the new one in, then
  // delete the old one.
  SmallString<256> old;
  if (llvm::sys::fs::exists(finalDir)) {
    SmallString<256> model(finalDir);
    model += ".old-%%%%%%";
    llvm::sys::fs::createUniquePath(model, old, /*MakeAbsolute=*/false);
    if (std::error_code ec = llvm::sys::fs::rename(finalDir, old))
      return emitError(loc) << "cannot replace the external data directory '"
                            << finalDir << "': " << ec.message();
  }
  if (std::error_code ec = llvm::sys::fs::rename(tempDir, finalDir)) {
    if (!old.empty())
      (void)llvm::sys::fs::rename(old, finalDir);
    return emitError(loc) << "cannot replace the external data directory '"
                          << finalDir << "': " << ec.message();
  }
  committed = true;
  if (!old.empty())
    (void)llvm::sys::fs::remove_directories(old);
  return success();
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

// Exporter
//===----------------------------------------------------------------------===//

class MindIRExporter {
public:
  MindIRExporter(ModuleOp module, const MindIRExportOptions &options)
      : module(module), options(options) {}

  /// Writes the model to `os`; external data is committed, or handed to
  /// `staged` when given.
  LogicalResult run(llvm::raw_ostream &os, MindIRStagedExternalData *staged);

private:
  LogicalResult exportParameter(ms::ParameterOp op);
  LogicalResult exportBlock(Block &block, mind_ir::GraphProto &graph,
                            StringRef graphName);
  LogicalResult exportOp(Operation *op, mind_ir::GraphProto &graph,
                         StringRef graphName);
  LogicalResult exportCond(ms::CondOp op, mind_ir::GraphProto &graph,
                           StringRef graphName);
  LogicalResult exportWhile(ms::WhileOp op, mind_ir::GraphProto &graph,
                            StringRef graphName);
  LogicalResult exportFusion(ms::FusionOp op, mind_ir::GraphProto &graph,
                             StringRef graphName);
  LogicalResult exportOutputs(Operation *terminator, ValueRange values,
                              mind_ir::GraphProto &graph, StringRef graphName);
  /// Makes the node `name` (of `types`, a tuple if several) the graph's only
  /// output, after the graph's side effects (Depend).
  LogicalResult exportNamedOutput(std::string name, TypeRange types,
                                  mind_ir::GraphProto &graph,
                                  StringRef graphName, Location loc);
  /// Names for the results of a node producing `types`: the node itself, or
  /// one TupleGetItem per result.
  LogicalResult nameResults(ResultRange results, const std::string &node,
                            mind_ir::GraphProto &graph, StringRef graphName,
                            Location loc);

  /// Sets dims and data_type of `tensor` from `type`.
  LogicalResult fillTensorType(mind_ir::TensorProto *tensor, Type type,
                               Location loc);
  /// The `shape` attribute of a node producing `types` (a tuple if several).
  LogicalResult setShape(mind_ir::NodeProto &node, TypeRange types,
                         Location loc);
  /// Exact little/host-endian bytes of `value`.
  LogicalResult rawBytes(ElementsAttr value, Location loc, std::string &out);
  /// The same bytes, handed to `sink` in consecutive pieces: a resource
  /// blob's or a dense attribute's own storage as one piece (no copy), the
  /// expansion of a splat or of i1 values in pieces of about 1 MiB.
  LogicalResult streamBytes(ElementsAttr value, Location loc,
                            function_ref<LogicalResult(StringRef)> sink);

  mind_ir::PrimitiveProto *addPrimitive(StringRef opType, std::string &name);
  /// Appends a node `REF::<prim>` named `<graph>:<hint>:<id>`.
  mind_ir::NodeProto &addNode(mind_ir::GraphProto &graph, StringRef graphName,
                              StringRef hint, StringRef ref);
  /// A new `Constant` node `[ValueNode]<id>`; its `value` attribute, named
  /// but otherwise empty, is the node's only attribute.
  mind_ir::AttributeProto *addConstant(mind_ir::GraphProto &graph,
                                       std::string &name);
  /// The primitive `opType` (without attributes) and a node `hint` applying
  /// it to `inputs`, with the `shape` attribute of `types`.
  FailureOr<mind_ir::NodeProto *>
  addPrimitiveNode(mind_ir::GraphProto &graph, StringRef graphName,
                   StringRef opType, StringRef hint,
                   ArrayRef<std::string> inputs, TypeRange types, Location loc);
  /// `Switch(flag, thenGraph, elseGraph)`, a closure to call.
  mind_ir::NodeProto &addSwitch(mind_ir::GraphProto &graph, StringRef graphName,
                                StringRef flag, StringRef thenGraph,
                                StringRef elseGraph);
  /// `name` (of `types`) made to depend on the graph's side effects (Depend
  /// nodes); returns the name to use in its place.
  FailureOr<std::string> afterSideEffects(std::string name, TypeRange types,
                                          mind_ir::GraphProto &graph,
                                          StringRef graphName, Location loc);
  /// A `Constant` node holding an int64 tuple; returns its name.
  std::string addTupleConstant(mind_ir::GraphProto &graph,
                               ArrayRef<int64_t> values);
  std::string addIntConstant(mind_ir::GraphProto &graph, int64_t value);
  /// A `Constant` node holding a tensor type (Cast's `dst_type`).
  FailureOr<std::string> addTypeConstant(mind_ir::GraphProto &graph,
                                         Type elementType, Location loc);
  /// A `MakeTuple` node of `inputs` (Concat's tuple input).
  FailureOr<std::string> addMakeTuple(mind_ir::GraphProto &graph,
                                      StringRef graphName,
                                      ArrayRef<std::string> inputs,
                                      TypeRange types, Location loc);
  /// `TupleGetItem(tuple, index)` with the given result type; returns its name.
  FailureOr<std::string> addTupleGetItem(mind_ir::GraphProto &graph,
                                         StringRef graphName, StringRef tuple,
                                         int64_t index, Type type,
                                         Location loc);
  FailureOr<std::string> nameOf(Value value, Operation *user);
  FailureOr<SmallVector<std::string>> namesOf(ValueRange values,
                                              Operation *user);
  /// Appends the names of `values` to the inputs of `node`.
  LogicalResult addInputs(mind_ir::NodeProto &node, ValueRange values,
                          Operation *user);

  std::string nextId() { return std::to_string(counter++); }

  /// Writes the `kernel_ir` text of the fusion groups exported so far (see
  /// kernelIRs).
  void writeKernelIRs();

  /// Fusion groups whose `kernel_ir` attribute is still to be written: the
  /// texts are printed together (writeKernelIRs), with one printer state
  /// per batch instead of one per group.
  SmallVector<std::pair<ms::FusionOp, mind_ir::AttributeProto *>> kernelIRs;

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
  llvm::DenseMap<Value, std::string> names;
  llvm::StringMap<ms::ParameterOp> parameters;
  /// Per graph: side-effect nodes (Assert) its outputs must depend on.
  llvm::StringMap<SmallVector<std::string>> sideEffects;
  /// Set when the weights go to external data files.
  std::unique_ptr<ExternalDataWriter> external;
  int64_t counter = 1;
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

mind_ir::PrimitiveProto *MindIRExporter::addPrimitive(StringRef opType,
                                                      std::string &name) {
  name = (opType + ":" + nextId()).str();
  mind_ir::PrimitiveProto *prim = model.add_primitives();
  prim->set_name(name);
  prim->set_op_type(opType.str());
  return prim;
}

mind_ir::NodeProto &MindIRExporter::addNode(mind_ir::GraphProto &graph,
                                            StringRef graphName, StringRef hint,
                                            StringRef ref) {
  mind_ir::NodeProto *node = graph.add_node();
  std::string name = (graphName + ":" + hint + ":" + nextId()).str();
  node->set_name(name);
  node->add_output(name);
  node->set_op_type(("REF::" + ref).str());
  return *node;
}

mind_ir::AttributeProto *MindIRExporter::addConstant(mind_ir::GraphProto &graph,
                                                     std::string &name) {
  mind_ir::NodeProto *node = graph.add_node();
  name = "[ValueNode]" + nextId();
  node->set_name(name);
  node->add_output(name);
  node->set_op_type("Constant");
  mind_ir::AttributeProto *value = node->add_attribute();
  value->set_name("value");
  return value;
}

FailureOr<mind_ir::NodeProto *>
MindIRExporter::addPrimitiveNode(mind_ir::GraphProto &graph,
                                 StringRef graphName, StringRef opType,
                                 StringRef hint, ArrayRef<std::string> inputs,
                                 TypeRange types, Location loc) {
  std::string prim;
  addPrimitive(opType, prim);
  mind_ir::NodeProto &node = addNode(graph, graphName, hint, prim);
  for (const std::string &in : inputs)
    node.add_input(in);
  if (failed(setShape(node, types, loc)))
    return failure();
  return &node;
}

mind_ir::NodeProto &MindIRExporter::addSwitch(mind_ir::GraphProto &graph,
                                              StringRef graphName,
                                              StringRef flag,
                                              StringRef thenGraph,
                                              StringRef elseGraph) {
  std::string prim;
  addPrimitive("Switch", prim);
  mind_ir::NodeProto &sw = addNode(graph, graphName, "switch", prim);
  sw.add_input(flag.str());
  sw.add_input(thenGraph.str());
  sw.add_input(elseGraph.str());
  mind_ir::AttributeProto *shape = sw.add_attribute();
  shape->set_name("shape");
  shape->set_type(AttrType::FUNCGRAPHCLOSURE);
  return sw;
}

FailureOr<std::string>
MindIRExporter::afterSideEffects(std::string name, TypeRange types,
                                 mind_ir::GraphProto &graph,
                                 StringRef graphName, Location loc) {
  for (const std::string &effect : sideEffects.lookup(graphName)) {
    FailureOr<mind_ir::NodeProto *> depend = addPrimitiveNode(
        graph, graphName, "Depend", "depend", {name, effect}, types, loc);
    if (failed(depend))
      return failure();
    name = (*depend)->name();
  }
  return name;
}

std::string MindIRExporter::addTupleConstant(mind_ir::GraphProto &graph,
                                             ArrayRef<int64_t> values) {
  std::string name;
  fillIntTuple(addConstant(graph, name), values);
  return name;
}

std::string MindIRExporter::addIntConstant(mind_ir::GraphProto &graph,
                                           int64_t v) {
  std::string name;
  mind_ir::AttributeProto *value = addConstant(graph, name);
  value->set_i(v);
  value->set_type(AttrType::INT64);
  return name;
}

FailureOr<std::string>
MindIRExporter::addTypeConstant(mind_ir::GraphProto &graph, Type elementType,
                                Location loc) {
  FailureOr<int> dt = exportedDataType(elementType, loc);
  if (failed(dt))
    return failure();
  // A type value is a TENSORS attribute whose tensor has only a data_type.
  std::string name;
  mind_ir::AttributeProto *value = addConstant(graph, name);
  value->set_type(AttrType::TENSORS);
  value->add_tensors()->set_data_type(*dt);
  return name;
}

FailureOr<std::string> MindIRExporter::addMakeTuple(
    mind_ir::GraphProto &graph, StringRef graphName,
    ArrayRef<std::string> inputs, TypeRange types, Location loc) {
  FailureOr<mind_ir::NodeProto *> node = addPrimitiveNode(
      graph, graphName, "MakeTuple", "make_tuple", inputs, types, loc);
  if (failed(node))
    return failure();
  return (*node)->name();
}

FailureOr<std::string>
MindIRExporter::addTupleGetItem(mind_ir::GraphProto &graph, StringRef graphName,
                                StringRef tuple, int64_t index, Type type,
                                Location loc) {
  std::string indexName = addIntConstant(graph, index);
  FailureOr<mind_ir::NodeProto *> node =
      addPrimitiveNode(graph, graphName, "TupleGetItem", "getitem",
                       {tuple.str(), indexName}, type, loc);
  if (failed(node))
    return failure();
  return (*node)->name();
}

FailureOr<std::string> MindIRExporter::nameOf(Value value, Operation *user) {
  auto it = names.find(value);
  if (it != names.end())
    return it->second;
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

LogicalResult MindIRExporter::addInputs(mind_ir::NodeProto &node,
                                        ValueRange values, Operation *user) {
  FailureOr<SmallVector<std::string>> inputs = namesOf(values, user);
  if (failed(inputs))
    return failure();
  for (const std::string &in : *inputs)
    node.add_input(in);
  return success();
}

LogicalResult MindIRExporter::exportParameter(ms::ParameterOp op) {
  if (!op.getValue())
    return op.emitError("parameter '")
           << op.getSymName()
           << "' has no value; MindIR export needs every weight's data";
  mind_ir::TensorProto *tensor = model.mutable_graph()->add_parameter();
  tensor->set_name((mainName + ":" + op.getSymName()).str());
  tensor->set_ref_key(op.getSymName().str());
  if (failed(fillTensorType(tensor, op.getType(), op.getLoc())))
    return failure();
  parameters[op.getSymName()] = op;
  ElementsAttr value = *op.getValue();
  if (external) {
    auto type = cast<ShapedType>(value.getType());
    uint64_t length =
        type.getNumElements() * mindir::storageBytes(type.getElementType());
    return external->add(
        tensor, length, op.getLoc(),
        [&](function_ref<LogicalResult(StringRef)> sink) {
          return streamBytes(value, op.getLoc(), sink);
        });
  }
  std::string bytes;
  if (failed(rawBytes(value, op.getLoc(), bytes)))
    return failure();
  tensor->set_raw_data(std::move(bytes));
  return success();
}

LogicalResult MindIRExporter::exportOutputs(Operation *terminator,
                                            ValueRange values,
                                            mind_ir::GraphProto &graph,
                                            StringRef graphName) {
  if (values.empty())
    return terminator->emitError("a MindIR graph must return a value");
  FailureOr<SmallVector<std::string>> outNames = namesOf(values, terminator);
  if (failed(outNames))
    return failure();
  SmallVector<std::string> &outs = *outNames;
  // Guards run before the graph returns: each output is
  // Depend(output, assert) (MindSpore's way to order a side effect).
  for (const std::string &effect : sideEffects.lookup(graphName)) {
    for (auto [name, value] : llvm::zip(outs, values)) {
      FailureOr<mind_ir::NodeProto *> depend =
          addPrimitiveNode(graph, graphName, "Depend", "depend", {name, effect},
                           value.getType(), terminator->getLoc());
      if (failed(depend))
        return failure();
      name = (*depend)->name();
    }
  }
  mind_ir::ValueInfoProto *out = graph.add_output();
  if (values.size() == 1) {
    out->set_name(outs.front());
    return fillTensorType(out->add_tensor(), values.front().getType(),
                          terminator->getLoc());
  }
  // Several results: MindSpore returns one MakeTuple.
  FailureOr<mind_ir::NodeProto *> tuple =
      addPrimitiveNode(graph, graphName, "MakeTuple", "make_tuple", outs,
                       values.getTypes(), terminator->getLoc());
  if (failed(tuple))
    return failure();
  out->set_name((*tuple)->name());
  *out->mutable_attr_info() = (*tuple)->attribute(0);
  return success();
}

LogicalResult MindIRExporter::exportNamedOutput(std::string name,
                                                TypeRange types,
                                                mind_ir::GraphProto &graph,
                                                StringRef graphName,
                                                Location loc) {
  FailureOr<std::string> last =
      afterSideEffects(std::move(name), types, graph, graphName, loc);
  if (failed(last))
    return failure();
  mind_ir::ValueInfoProto *out = graph.add_output();
  out->set_name(*last);
  if (types.size() == 1)
    return fillTensorType(out->add_tensor(), types.front(), loc);
  mind_ir::NodeProto probe;
  if (failed(setShape(probe, types, loc)))
    return failure();
  *out->mutable_attr_info() = probe.attribute(0);
  return success();
}

LogicalResult MindIRExporter::nameResults(ResultRange results,
                                          const std::string &node,
                                          mind_ir::GraphProto &graph,
                                          StringRef graphName, Location loc) {
  if (results.size() == 1) {
    names[results[0]] = node;
    return success();
  }
  for (OpResult result : results) {
    FailureOr<std::string> item =
        addTupleGetItem(graph, graphName, node, result.getResultNumber(),
                        result.getType(), loc);
    if (failed(item))
      return failure();
    names[result] = *item;
  }
  return success();
}

/// A loop is MindSpore's tail recursion: a body graph whose inputs are the
/// loop state runs one trip, then `Switch(flag, continue, exit)` picks a
/// closure: `continue` maps the trip's values to the next state and calls the
/// body graph again, `exit` returns the values. The enclosing graph calls the
/// body graph with the initial state.
LogicalResult MindIRExporter::exportWhile(ms::WhileOp op,
                                          mind_ir::GraphProto &graph,
                                          StringRef graphName) {
  if (op.getNumResults() == 0)
    return op.emitError("a 'mindspore.while' without state has no MindIR "
                        "form");
  Location loc = op.getLoc();
  TypeRange stateTypes = op.getResultTypes();
  std::string id = nextId();
  std::string bodyName = (graphName + "_while" + id + "_body").str();
  std::string continueName = (graphName + "_while" + id + "_continue").str();
  std::string exitName = (graphName + "_while" + id + "_exit").str();

  // The body graph: one trip on its inputs.
  mind_ir::GraphProto *body = model.add_functions();
  body->set_name(bodyName);
  Block &before = op.getBefore().front();
  for (BlockArgument arg : before.getArguments()) {
    mind_ir::ValueInfoProto *input = body->add_input();
    std::string name = bodyName + ":state_" + std::to_string(arg.getArgNumber());
    input->set_name(name);
    if (failed(fillTensorType(input->add_tensor(), arg.getType(), loc)))
      return failure();
    names[arg] = name;
  }
  auto condition = cast<ms::ConditionOp>(before.getTerminator());
  for (Operation &inner : before.without_terminator())
    if (failed(exportOp(&inner, *body, bodyName)))
      return failure();

  // exit: return this trip's values.
  mind_ir::GraphProto *exitGraph = model.add_functions();
  exitGraph->set_name(exitName);
  if (failed(exportOutputs(condition, condition.getValues(), *exitGraph,
                           exitName)))
    return failure();

  // continue: the after region on this trip's values, then the next trip.
  mind_ir::GraphProto *continueGraph = model.add_functions();
  continueGraph->set_name(continueName);
  Block &after = op.getAfter().front();
  FailureOr<SmallVector<std::string>> tripValues =
      namesOf(condition.getValues(), condition);
  if (failed(tripValues))
    return failure();
  for (auto [arg, name] : llvm::zip(after.getArguments(), *tripValues))
    names[arg] = name;
  for (Operation &inner : after.without_terminator())
    if (failed(exportOp(&inner, *continueGraph, continueName)))
      return failure();
  auto yield = cast<ms::YieldOp>(after.getTerminator());
  mind_ir::NodeProto &again =
      addNode(*continueGraph, continueName, "next_trip", bodyName);
  if (failed(addInputs(again, yield.getValues(), yield)) ||
      failed(setShape(again, stateTypes, loc)))
    return failure();
  if (failed(exportNamedOutput(again.name(), stateTypes, *continueGraph,
                               continueName, loc)))
    return failure();

  // Back in the body: pick the closure and call it.
  FailureOr<std::string> flag = nameOf(condition.getFlag(), condition);
  if (failed(flag))
    return failure();
  mind_ir::NodeProto &sw =
      addSwitch(*body, bodyName, *flag, continueName, exitName);
  mind_ir::NodeProto &pick = addNode(*body, bodyName, "trip", sw.name());
  if (failed(setShape(pick, stateTypes, loc)))
    return failure();
  if (failed(exportNamedOutput(pick.name(), stateTypes, *body, bodyName, loc)))
    return failure();

  // The enclosing graph starts the loop.
  mind_ir::NodeProto &start = addNode(graph, graphName, "while", bodyName);
  if (failed(addInputs(start, op.getInits(), op)) ||
      failed(setShape(start, stateTypes, loc)))
    return failure();
  return nameResults(op.getResults(), start.name(), graph, graphName, loc);
}

LogicalResult MindIRExporter::exportBlock(Block &block,
                                          mind_ir::GraphProto &graph,
                                          StringRef graphName) {
  for (Operation &op : block)
    if (failed(exportOp(&op, graph, graphName)))
      return failure();
  return success();
}

LogicalResult MindIRExporter::exportCond(ms::CondOp op,
                                         mind_ir::GraphProto &graph,
                                         StringRef graphName) {
  if (op.getNumResults() == 0)
    return op.emitError("a 'mindspore.cond' without results has no MindIR "
                        "form");
  std::string id = nextId();
  std::string branchNames[2] = {(graphName + "_cond" + id + "_then").str(),
                                (graphName + "_cond" + id + "_else").str()};
  Region *regions[2] = {&op.getThenRegion(), &op.getElseRegion()};
  for (int i = 0; i < 2; ++i) {
    mind_ir::GraphProto *branch = model.add_functions();
    branch->set_name(branchNames[i]);
    if (failed(exportBlock(regions[i]->front(), *branch, branchNames[i])))
      return failure();
  }

  FailureOr<std::string> pred = nameOf(op.getPredicate(), op);
  if (failed(pred))
    return failure();
  std::string switchName =
      addSwitch(graph, graphName, *pred, branchNames[0], branchNames[1]).name();

  mind_ir::NodeProto &call = addNode(graph, graphName, "cond", switchName);
  if (failed(setShape(call, op.getResultTypes(), op.getLoc())))
    return failure();
  return nameResults(op.getResults(), call.name(), graph, graphName,
                     op.getLoc());
}

/// The group as a standalone kernel function: `func.func @<kernel_name>`
/// whose arguments are the group's inputs and whose body is the group's,
/// built at `builder`'s insertion point.
static func::FuncOp buildKernelFunc(OpBuilder &builder, ms::FusionOp op) {
  Block &body = op.getBody().front();
  auto yield = cast<ms::YieldOp>(body.getTerminator());
  auto kernel = func::FuncOp::create(
      builder, op.getLoc(), op.getKernelName(),
      builder.getFunctionType(body.getArgumentTypes(),
                              yield.getValues().getTypes()));
  OpBuilder::InsertionGuard guard(builder);
  Block *entry = kernel.addEntryBlock();
  IRMapping mapping;
  mapping.map(body.getArguments(), entry->getArguments());
  builder.setInsertionPointToEnd(entry);
  for (Operation &inner : body.without_terminator())
    builder.clone(inner, mapping);
  SmallVector<Value> results;
  for (Value v : yield.getValues())
    results.push_back(mapping.lookupOrDefault(v));
  func::ReturnOp::create(builder, op.getLoc(), results);
  return kernel;
}

/// A hash of what the `kernel_ir` text of a fusion group shows besides the
/// kernel name: the body's argument types and, op by op, the name,
/// attributes, properties, result types and operands (as positions in the
/// body), without locations (the text has none).
static llvm::hash_code kernelBodyHash(ms::FusionOp op) {
  Block &body = op.getBody().front();
  llvm::hash_code hash = llvm::hash_value(body.getNumArguments());
  for (Type t : body.getArgumentTypes())
    hash = llvm::hash_combine(hash, t.getAsOpaquePointer());
  llvm::SmallDenseMap<Operation *, unsigned, 8> position;
  auto hashOperand = [&](Value v) -> llvm::hash_code {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return llvm::hash_combine(0, arg.getArgNumber(),
                                arg.getOwner() == &body);
    auto result = cast<OpResult>(v);
    return llvm::hash_combine(1, position.lookup(result.getOwner()),
                              result.getResultNumber());
  };
  for (Operation &inner : body) {
    position[&inner] = position.size() + 1;
    hash = llvm::hash_combine(
        hash, OperationEquivalence::computeHash(
                  &inner, hashOperand, OperationEquivalence::ignoreHashValue,
                  OperationEquivalence::IgnoreLocations));
  }
  return hash;
}

/// Whether the bodies of two fusion groups print the same text: equal op for
/// op up to the SSA values (operands in the same order, also for
/// commutative ops) and the locations.
static bool sameKernelBody(ms::FusionOp a, ms::FusionOp b) {
  // The header shows the argument types.
  if (!llvm::equal(a.getBody().front().getArgumentTypes(),
                   b.getBody().front().getArgumentTypes()))
    return false;
  llvm::SmallDenseMap<Value, Value, 16> equivalent;
  return OperationEquivalence::isRegionEquivalentTo(
      &a.getBody(), &b.getBody(),
      [&](Value x, Value y) {
        return success(equivalent.lookup(x) == y);
      },
      [&](Value x, Value y) { equivalent[x] = y; },
      OperationEquivalence::IgnoreLocations,
      /*checkCommutativeEquivalent=*/nullptr);
}

/// Whether `name` prints as a bare `@name` (no quotes): then two kernels
/// with the same body differ in their text only by that name.
static bool isBareSymbolName(StringRef name) {
  return !name.empty() && (llvm::isAlpha(name[0]) || name[0] == '_') &&
         llvm::all_of(name, [](char c) {
           return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
         });
}

void MindIRExporter::writeKernelIRs() {
  // A model repeats its layers: the groups whose bodies print the same text
  // (sameKernelBody) and whose kernel names are bare identifiers are printed
  // once, by the first of them; the others take that text with their own
  // name in the `func.func @<name>(` it starts with.
  llvm::DenseMap<unsigned, SmallVector<size_t, 1>> byHash;
  SmallVector<size_t> toPrint; // indices into kernelIRs
  SmallVector<size_t> textOf(kernelIRs.size()); // index of the printed group
  for (auto [i, entry] : llvm::enumerate(kernelIRs)) {
    ms::FusionOp op = entry.first;
    textOf[i] = i;
    if (!isBareSymbolName(op.getKernelName())) {
      toPrint.push_back(i);
      continue;
    }
    SmallVector<size_t, 1> &candidates =
        byHash[static_cast<unsigned>(kernelBodyHash(op))];
    auto same = llvm::find_if(candidates, [&](size_t j) {
      return sameKernelBody(kernelIRs[j].first, op);
    });
    if (same != candidates.end()) {
      textOf[i] = *same;
      continue;
    }
    candidates.push_back(i);
    toPrint.push_back(i);
  }
  // The kernels of a batch go into one module and share one printer state
  // (SSA names are per function, as when each is printed alone); building
  // that state, not the printing, is most of the cost of printing a small
  // function on its own. Batches bound the memory of the copies.
  auto print = [&](ArrayRef<size_t> indices) {
    constexpr size_t kBatch = 1024;
    OpPrintingFlags flags =
        OpPrintingFlags().enableDebugInfo(false).assumeVerified();
    for (size_t first = 0; first < indices.size(); first += kBatch) {
      auto batch = indices.slice(first,
                                 std::min(kBatch, indices.size() - first));
      OwningOpRef<ModuleOp> kernels = ModuleOp::create(module.getLoc());
      OpBuilder builder = OpBuilder::atBlockEnd(kernels->getBody());
      SmallVector<func::FuncOp> funcs;
      for (size_t i : batch)
        funcs.push_back(buildKernelFunc(builder, kernelIRs[i].first));
      AsmState state(*kernels, flags);
      for (auto [func, i] : llvm::zip(funcs, batch)) {
        std::string text;
        llvm::raw_string_ostream os(text);
        func->print(os, state);
        os << '\n'; // as a function printed on its own ends
        kernelIRs[i].second->set_s(std::move(text));
      }
    }
  };
  print(toPrint);
  // The others: the printed text with the name replaced (or printed
  // themselves should the text not start as expected).
  SmallVector<size_t> unshared;
  for (auto [i, entry] : llvm::enumerate(kernelIRs)) {
    if (textOf[i] == i)
      continue;
    StringRef text = kernelIRs[textOf[i]].second->s();
    std::string head =
        ("func.func @" + kernelIRs[textOf[i]].first.getKernelName() + "(")
            .str();
    if (!text.starts_with(head)) {
      unshared.push_back(i);
      continue;
    }
    entry.second->set_s(("func.func @" + entry.first.getKernelName() + "(" +
                         text.drop_front(head.size()))
                            .str());
  }
  print(unshared);
  kernelIRs.clear();
}

/// MindSpore's graph-kernel form: the body is a graph in `functions`
/// marked `graph_kernel`, applied by the primitive `GraphKernel_<name>`.
LogicalResult MindIRExporter::exportFusion(ms::FusionOp op,
                                           mind_ir::GraphProto &graph,
                                           StringRef graphName) {
  Location loc = op.getLoc();
  if (op.getNumResults() == 0)
    return op.emitError("a 'mindspore.fusion' without results has no MindIR "
                        "form");
  StringRef kernelName = op.getKernelName();
  if (kernelName.empty())
    return op.emitError("a 'mindspore.fusion' without a kernel_name has no "
                        "MindIR form (its primitive is GraphKernel_<name>)");
  FailureOr<SmallVector<std::string>> ins = namesOf(op.getInputs(), op);
  if (failed(ins))
    return failure();

  std::string subName =
      (graphName + "_fusion" + nextId() + "_" + kernelName).str();
  mind_ir::GraphProto *sub = model.add_functions();
  sub->set_name(subName);
  Block &body = op.getBody().front();
  for (BlockArgument arg : body.getArguments()) {
    mind_ir::ValueInfoProto *input = sub->add_input();
    std::string name = subName + ":input_" + std::to_string(arg.getArgNumber());
    input->set_name(name);
    if (failed(fillTensorType(input->add_tensor(), arg.getType(), loc)))
      return failure();
    names[arg] = name;
  }
  if (failed(exportBlock(body, *sub, subName)))
    return failure();
  // FUNC_GRAPH_ATTR_GRAPH_KERNEL: MindSpore sets it to the kernel's name.
  addString(sub->mutable_attribute(), "graph_kernel", kernelName);

  std::string primName;
  mind_ir::PrimitiveProto *prim =
      addPrimitive(("GraphKernel_" + kernelName).str(), primName);
  AttrList *a = prim->mutable_attribute();
  mind_ir::AttributeProto *funcGraph = addAttr(a, "func_graph");
  funcGraph->set_type(AttrType::GRAPH);
  funcGraph->mutable_g()->set_name(subName);
  addString(a, "fusion_kind", op.getKind());
  // The text comes later, printed with the other groups' (writeKernelIRs).
  mind_ir::AttributeProto *kernelIR = addAttr(a, "kernel_ir");
  kernelIR->set_type(AttrType::STRING);
  kernelIRs.push_back({op, kernelIR});

  mind_ir::NodeProto &node = addNode(graph, graphName, "fusion", primName);
  for (const std::string &in : *ins)
    node.add_input(in);
  node.set_domain(
      ("Default/GraphKernel_" + kernelName + "-op" + nextId()).str());
  if (failed(setShape(node, op.getResultTypes(), loc)))
    return failure();
  return nameResults(op.getResults(), node.name(), graph, graphName, loc);
}

LogicalResult MindIRExporter::exportOp(Operation *op,
                                       mind_ir::GraphProto &graph,
                                       StringRef graphName) {
  Location loc = op->getLoc();

  // Structure ops first.
  if (auto ret = dyn_cast<func::ReturnOp>(op))
    return exportOutputs(op, ret.getOperands(), graph, graphName);
  if (auto yield = dyn_cast<ms::YieldOp>(op))
    return exportOutputs(op, yield.getValues(), graph, graphName);
  if (auto load = dyn_cast<ms::LoadOp>(op)) {
    if (!parameters.count(load.getName()))
      return load.emitError("no exported parameter named '")
             << load.getName() << "'";
    names[load.getResult()] = (mainName + ":" + load.getName()).str();
    return success();
  }
  if (auto constant = dyn_cast<ms::ConstantOp>(op)) {
    std::string name;
    mind_ir::AttributeProto *value = addConstant(graph, name);
    value->set_type(AttrType::TENSORS);
    mind_ir::TensorProto *tensor = value->add_tensors();
    if (failed(fillTensorType(tensor, constant.getType(), loc)))
      return failure();
    tensor->set_name("value0");
    std::string bytes;
    if (failed(rawBytes(constant.getValue(), loc, bytes)))
      return failure();
    tensor->set_raw_data(std::move(bytes));
    names[constant.getResult()] = name;
    return success();
  }
  if (auto cond = dyn_cast<ms::CondOp>(op))
    return exportCond(cond, graph, graphName);
  if (auto loop = dyn_cast<ms::WhileOp>(op))
    return exportWhile(loop, graph, graphName);
  if (auto fusion = dyn_cast<ms::FusionOp>(op))
    return exportFusion(fusion, graph, graphName);
  if (auto guard = dyn_cast<ms::AssertOp>(op)) {
    // Assert(condition, (message,)) with summarize = 1: MindSpore prints the
    // data tuple when the condition is false.
    FailureOr<std::string> condition = nameOf(guard.getCondition(), op);
    if (failed(condition))
      return failure();
    std::string textName;
    mind_ir::AttributeProto *text = addConstant(graph, textName);
    text->set_s(guard.getMessage().str());
    text->set_type(AttrType::STRING);
    std::string tuplePrim;
    addPrimitive("MakeTuple", tuplePrim);
    mind_ir::NodeProto &tuple =
        addNode(graph, graphName, "make_tuple", tuplePrim);
    tuple.add_input(textName);
    mind_ir::AttributeProto *tupleShape = tuple.add_attribute();
    tupleShape->set_name("shape");
    tupleShape->set_type(AttrType::TUPLE);
    tupleShape->add_values()->set_type(AttrType::STRING);
    std::string tupleName = tuple.name();
    std::string primName;
    mind_ir::PrimitiveProto *prim = addPrimitive("Assert", primName);
    addInt(prim->mutable_attribute(), "summarize", 1);
    addStringList(prim->mutable_attribute(), "input_names",
                  {"condition", "input_data"});
    addStringList(prim->mutable_attribute(), "output_names", {"output"});
    mind_ir::NodeProto &node = addNode(graph, graphName, "assert", primName);
    node.add_input(*condition);
    node.add_input(tupleName);
    node.set_domain("Default/Assert-op" + nextId());
    if (failed(setShape(node, guard.getCondition().getType(), loc)))
      return failure();
    sideEffects[graphName].push_back(node.name());
    return success();
  }

  if (auto custom = dyn_cast<ms::CustomOp>(op)) {
    // Custom: func_type, func_name, then the eager op's arguments by name
    // (MindIRImport reads them back into `attrs`).
    if (custom.getNumResults() == 0)
      return custom.emitError("a 'mindspore.custom' without results has no "
                              "MindIR form");
    FailureOr<SmallVector<std::string>> ins = namesOf(custom.getInputs(), op);
    if (failed(ins))
      return failure();
    std::string primName;
    mind_ir::PrimitiveProto *prim = addPrimitive("Custom", primName);
    AttrList *a = prim->mutable_attribute();
    addString(a, "func_type", custom.getFuncType());
    addString(a, "func_name", custom.getFuncName());
    for (NamedAttribute entry : custom.getAttrs()) {
      StringRef name = entry.getName().getValue();
      Attribute v = entry.getValue();
      if (auto i = dyn_cast<IntegerAttr>(v)) {
        if (i.getType().isSignlessInteger(1))
          addBool(a, name, i.getValue().getBoolValue());
        else
          addInt(a, name, i.getInt());
      } else if (auto f = dyn_cast<FloatAttr>(v)) {
        if (f.getType().isF32()) {
          addFloat(a, name, f.getValue().convertToFloat());
        } else {
          auto *d = addAttr(a, name);
          d->set_d(f.getValueAsDouble());
          d->set_type(AttrType::DOUBLE);
        }
      } else if (auto str = dyn_cast<StringAttr>(v)) {
        addString(a, name, str.getValue());
      } else if (isa<UnitAttr>(v)) {
        addAttr(a, name)->set_type(AttrType::NONE);
      } else if (auto t = dyn_cast<TypeAttr>(v)) {
        FailureOr<int> dt = exportedDataType(t.getValue(), loc);
        if (failed(dt))
          return failure();
        auto *d = addAttr(a, name);
        d->set_type(AttrType::TENSORS);
        d->add_tensors()->set_data_type(*dt);
      } else if (auto ints = dyn_cast<DenseI64ArrayAttr>(v)) {
        addIntTuple(a, name, ints.asArrayRef());
      } else if (auto doubles = dyn_cast<DenseF64ArrayAttr>(v)) {
        auto *d = addAttr(a, name);
        d->set_type(AttrType::TUPLE);
        for (double x : doubles.asArrayRef()) {
          auto *e = d->add_values();
          e->set_d(x);
          e->set_type(AttrType::DOUBLE);
        }
      } else {
        return custom.emitError("attrs entry '")
               << name << "' has no MindIR form";
      }
    }
    mind_ir::NodeProto &node = addNode(graph, graphName, "custom", primName);
    for (const std::string &in : *ins)
      node.add_input(in);
    node.set_domain("Default/Custom-op" + nextId());
    if (failed(setShape(node, custom.getResultTypes(), loc)))
      return failure();
    if (custom.getNumResults() == 1) {
      names[custom.getResult(0)] = node.name();
      return success();
    }
    std::string tupleName = node.name();
    for (auto [i, r] : llvm::enumerate(custom.getResults())) {
      FailureOr<std::string> item =
          addTupleGetItem(graph, graphName, tupleName, i, r.getType(), loc);
      if (failed(item))
        return failure();
      names[r] = *item;
    }
    return success();
  }

  // Primitive applications.
  FailureOr<SmallVector<std::string>> operandNames =
      namesOf(op->getOperands(), op);
  if (failed(operandNames))
    return failure();
  SmallVector<std::string> &inputs = *operandNames;

  std::string primName;
  mind_ir::PrimitiveProto *prim = nullptr;
  // Node shape when MindSpore's primitive has more outputs than the op
  // (result 0 is then taken with TupleGetItem).
  SmallVector<Type> tupleTypes;
  auto newPrim = [&](StringRef opType) {
    prim = addPrimitive(opType, primName);
    return prim->mutable_attribute();
  };
  auto setIO = [&](ArrayRef<StringRef> in, ArrayRef<StringRef> out) {
    addStringList(prim->mutable_attribute(), "input_names", in);
    addStringList(prim->mutable_attribute(), "output_names", out);
  };
  auto binary = [&](StringRef name) {
    newPrim(name);
    setIO({"x", "y"}, {"output"});
  };
  auto unary = [&](StringRef name) {
    newPrim(name);
    setIO({"x"}, {"output"});
  };
  // ReduceSum/Mean/Max/All(input_x, axis); ReduceSum also has `skip_mode`.
  auto reduce = [&](StringRef name, bool keepDims, ArrayRef<int64_t> axis,
                    bool hasSkipMode) {
    AttrList *a = newPrim(name);
    addBool(a, "keep_dims", keepDims);
    if (hasSkipMode)
      addBool(a, "skip_mode", false);
    setIO({"input_x", "axis"}, {"y"});
    inputs.push_back(addTupleConstant(graph, axis));
  };
  // AvgPool / MaxPool with pad_mode "VALID", as in MindSpore's own files.
  auto validPool = [&](StringRef name, ArrayRef<int64_t> kernelSize,
                       ArrayRef<int64_t> strides) {
    AttrList *a = newPrim(name);
    addIntTuple(a, "kernel_size", nchw4(kernelSize));
    addIntTuple(a, "strides", nchw4(strides));
    addString(a, "pad_mode", "VALID");
    addNCHWFormat(a);
    setIO({"x"}, {"output"});
  };

  LogicalResult mapped =
      llvm::TypeSwitch<Operation *, LogicalResult>(op)
          .Case<ms::AddOp, ms::SubOp, ms::MulOp, ms::RealDivOp, ms::GreaterOp,
                ms::GreaterEqualOp, ms::LessOp, ms::LessEqualOp, ms::EqualOp,
                ms::NotEqualOp, ms::LogicalAndOp, ms::LogicalOrOp,
                ms::MaximumOp, ms::MinimumOp, ms::PowOp>([&](auto o) {
            binary(o.getPrimitiveName());
            return success();
          })
          .Case<ms::ReLUOp, ms::SinOp, ms::CosOp, ms::NegOp, ms::AbsOp,
                ms::ExpOp, ms::LogOp, ms::SqrtOp, ms::RsqrtOp, ms::TanhOp,
                ms::ErfOp, ms::SigmoidOp, ms::SiLUOp, ms::ReLU6Op,
                ms::LogicalNotOp>([&](auto o) {
            unary(o.getPrimitiveName());
            return success();
          })
          .Case([&](ms::GeLUOp o) {
            // MindSpore's GeLU is the exact (erf) form.
            unary(o.getPrimitiveName());
            return success();
          })
          .Case([&](ms::SelectOp o) {
            newPrim(o.getPrimitiveName());
            setIO({"condition", "x", "y"}, {"output"});
            return success();
          })
          .Case([&](ms::MaskedFillOp o) {
            newPrim(o.getPrimitiveName());
            setIO({"input", "mask", "value"}, {"output"});
            return success();
          })
          .Case<ms::ZerosOp, ms::OnesOp>([&](auto o) -> LogicalResult {
            // Zeros(shape, type) / Ones(shape, type).
            newPrim(o.getPrimitiveName());
            setIO({"size", "type"}, {"output"});
            auto type = cast<RankedTensorType>(o.getType());
            inputs.push_back(addTupleConstant(graph, type.getShape()));
            FailureOr<std::string> dtype =
                addTypeConstant(graph, type.getElementType(), loc);
            if (failed(dtype))
              return failure();
            inputs.push_back(*dtype);
            return success();
          })
          .Case([&](ms::FillOp o) -> LogicalResult {
            // Fill(type, shape, value), the value a 0-d tensor.
            newPrim(o.getPrimitiveName());
            setIO({"type", "shape", "value"}, {"output"});
            auto type = cast<RankedTensorType>(o.getType());
            FailureOr<std::string> dtype =
                addTypeConstant(graph, type.getElementType(), loc);
            if (failed(dtype))
              return failure();
            inputs.insert(inputs.begin(),
                          {*dtype, addTupleConstant(graph, type.getShape())});
            return success();
          })
          .Case([&](ms::DropoutOp o) {
            // Dropout(x) -> (output, mask); the mask has x's type.
            AttrList *a = newPrim(o.getPrimitiveName());
            addFloat(a, "keep_prob", o.getKeepProb().convertToFloat());
            addInt(a, "Seed0", 0);
            addInt(a, "Seed1", 0);
            setIO({"x"}, {"output", "mask"});
            tupleTypes.push_back(o.getType());
            tupleTypes.push_back(o.getType());
            return success();
          })
          .Case([&](ms::CastOp o) -> LogicalResult {
            newPrim(o.getPrimitiveName());
            setIO({"x", "dst_type"}, {"output"});
            FailureOr<std::string> type =
                addTypeConstant(graph, o.getType().getElementType(), loc);
            if (failed(type))
              return failure();
            inputs.push_back(*type);
            return success();
          })
          .Case<ms::ReduceSumOp, ms::ReduceMeanOp, ms::ReduceMaxOp>(
              [&](auto o) {
                reduce(o.getPrimitiveName(), o.getKeepDims(), o.getAxis(),
                       std::is_same_v<decltype(o), ms::ReduceSumOp>);
                return success();
              })
          .Case([&](ms::LogSoftmaxOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addInt(a, "axis", o.getAxis());
            setIO({"logits"}, {"output"});
            return success();
          })
          .Case([&](ms::LayerNormOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            int64_t rank = o.getType().getRank();
            int64_t norm = o.getBeginNormAxis();
            addInt(a, "begin_norm_axis", norm);
            addInt(a, "begin_params_axis", o.getBeginParamsAxis());
            addFloat(a, "epsilon", o.getEpsilon().convertToFloat());
            setIO({"x", "gamma", "beta"}, {"y", "mean", "variance"});
            // y, mean, variance (the statistics keep the normalized axes
            // as 1).
            SmallVector<int64_t> stats(o.getType().getShape());
            for (int64_t d = norm < 0 ? norm + rank : norm; d < rank; ++d)
              stats[d] = 1;
            auto statsType = o.getType().clone(stats);
            tupleTypes.push_back(o.getType());
            tupleTypes.push_back(statsType);
            tupleTypes.push_back(statsType);
            return success();
          })
          .Case([&](ms::ExpandDimsOp o) {
            newPrim(o.getPrimitiveName());
            setIO({"x", "axis"}, {"output"});
            inputs.push_back(addIntConstant(graph, o.getAxis()));
            return success();
          })
          .Case([&](ms::SqueezeOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addIntTuple(a, "axis", o.getAxis());
            setIO({"x"}, {"output"});
            return success();
          })
          .Case([&](ms::ConcatOp o) -> LogicalResult {
            FailureOr<std::string> tuple = addMakeTuple(
                graph, graphName, inputs, o.getInputs().getTypes(), loc);
            if (failed(tuple))
              return failure();
            inputs.assign(1, *tuple);
            AttrList *a = newPrim(o.getPrimitiveName());
            addInt(a, "axis", o.getAxis());
            setIO({"x"}, {"output"});
            return success();
          })
          .Case([&](ms::StridedSliceOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            for (StringRef mask : {"begin_mask", "end_mask", "ellipsis_mask",
                                   "new_axis_mask", "shrink_axis_mask"})
              addInt(a, mask, 0);
            setIO({"x", "begin", "end", "strides"}, {"output"});
            inputs.push_back(addTupleConstant(graph, o.getBegin()));
            inputs.push_back(addTupleConstant(graph, o.getEnd()));
            inputs.push_back(addTupleConstant(graph, o.getStrides()));
            return success();
          })
          .Case([&](ms::GatherOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addInt(a, "batch_dims", 0);
            setIO({"params", "indices", "axis"}, {"output"});
            inputs.push_back(addIntConstant(graph, o.getAxis()));
            return success();
          })
          .Case([&](ms::BroadcastToOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addIntTuple(a, "shape", o.getShape());
            setIO({"x"}, {"y"});
            return success();
          })
          .Case([&](ms::TileOp o) {
            newPrim(o.getPrimitiveName());
            setIO({"x", "multiples"}, {"output"});
            inputs.push_back(addTupleConstant(graph, o.getMultiples()));
            return success();
          })
          .Case([&](ms::GatherDOp o) {
            // GatherD(x, dim, index).
            newPrim(o.getPrimitiveName());
            setIO({"x", "dim", "index"}, {"output"});
            inputs.insert(inputs.begin() + 1, addIntConstant(graph, o.getDim()));
            return success();
          })
          .Case([&](ms::OneHotOp o) {
            // OneHot(indices, depth, on_value, off_value), attribute axis.
            AttrList *a = newPrim(o.getPrimitiveName());
            addInt(a, "axis", o.getAxis());
            setIO({"indices", "depth", "on_value", "off_value"}, {"output"});
            inputs.insert(inputs.begin() + 1,
                          addIntConstant(graph, o.getDepth()));
            return success();
          })
          .Case([&](ms::PadOp o) -> LogicalResult {
            if (!o.getValue().isZero())
              return o.emitError("a Pad with the non-zero value ")
                     << o.getValue().convertToDouble()
                     << " has no MindIR mapping yet (MindSpore's Pad pads "
                        "with zeros)";
            AttrList *a = newPrim(o.getPrimitiveName());
            addIntPairTuple(a, "paddings", o.getPaddings());
            setIO({"x"}, {"y"});
            return success();
          })
          .Case([&](ms::ReverseV2Op o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addIntTuple(a, "axis", o.getAxis());
            setIO({"x"}, {"output"});
            return success();
          })
          .Case([&](ms::Conv2DOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            ArrayRef<int64_t> w = o.getWeight().getType().getShape();
            StringRef padMode = o.getPadMode(); // verified: pad/same/valid
            // MindSpore rejects a non-zero pad unless pad_mode is "pad".
            SmallVector<int64_t, 4> pad(o.getPad());
            if (padMode != "pad" || pad.size() != 4)
              pad.assign(4, 0);
            addIntTuple(a, "kernel_size", {w[2], w[3]});
            addInt(a, "mode", 1);
            addInt(a, "out_channel", w[0]);
            addString(a, "pad_mode", padMode);
            addIntTuple(a, "pad", pad);
            addIntTuple(a, "pad_list", pad);
            addIntTuple(a, "stride", nchw4(o.getStride()));
            addIntTuple(a, "dilation", nchw4(o.getDilation()));
            addInt(a, "group", o.getGroup());
            addInt(a, "groups", o.getGroup());
            addNCHWFormat(a);
            setIO({"x", "w"}, {"output"});
            return success();
          })
          .Case([&](ms::Conv2DTransposeOp o) {
            // Conv2DTranspose(dout, weight, input_sizes): the output padding
            // is in input_sizes (the result shape).
            AttrList *a = newPrim(o.getPrimitiveName());
            ArrayRef<int64_t> w = o.getWeight().getType().getShape();
            addIntTuple(a, "kernel_size", {w[2], w[3]});
            addInt(a, "mode", 1);
            addInt(a, "out_channel", w[1] * o.getGroup());
            addString(a, "pad_mode", "pad");
            addIntTuple(a, "pad", o.getPad());
            addIntTuple(a, "pad_list", o.getPad());
            addIntTuple(a, "stride", nchw4(o.getStride()));
            addIntTuple(a, "dilation", nchw4(o.getDilation()));
            addInt(a, "group", o.getGroup());
            addInt(a, "groups", o.getGroup());
            addNCHWFormat(a);
            setIO({"out_backprop", "filter", "input_sizes"}, {"output"});
            inputs.push_back(addTupleConstant(
                graph, cast<RankedTensorType>(o.getType()).getShape()));
            return success();
          })
          .Case([&](ms::ArgmaxOp o) -> LogicalResult {
            AttrList *a = newPrim(o.getPrimitiveName());
            addInt(a, "axis", o.getAxis());
            FailureOr<int> dt = exportedDataType(o.getOutputType(), loc);
            if (failed(dt))
              return failure();
            auto *t = addAttr(a, "output_type");
            t->set_type(AttrType::TENSORS);
            t->add_tensors()->set_data_type(*dt);
            setIO({"x"}, {"output"});
            return success();
          })
          .Case([&](ms::ArgMaxWithValueOp o) {
            // One node with the tuple output (index, values).
            AttrList *a = newPrim(o.getPrimitiveName());
            addInt(a, "axis", o.getAxis());
            addBool(a, "keep_dims", o.getKeepDims());
            setIO({"x"}, {"index", "values"});
            return success();
          })
          .Case([&](ms::SplitOp o) {
            // One node with the tuple output of the pieces.
            AttrList *a = newPrim(o.getPrimitiveName());
            addInt(a, "axis", o.getAxis());
            addInt(a, "output_num", o.getOutputNum());
            setIO({"x"}, {"output"});
            return success();
          })
          .Case<ms::TensorScatterUpdateOp, ms::TensorScatterAddOp>([&](auto o) {
            newPrim(o.getPrimitiveName());
            setIO({"input_x", "indices", "updates"}, {"y"});
            return success();
          })
          .Case([&](ms::BatchNormOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addFloat(a, "epsilon", o.getEpsilon().convertToFloat());
            addFloat(a, "momentum", 0.1f);
            addBool(a, "is_training", false);
            addNCHWFormat(a);
            setIO({"x", "scale", "offset", "mean", "variance"},
                  {"y", "batch_mean", "batch_variance", "reserve_space_1",
                   "reserve_space_2"});
            // y, batch_mean, batch_variance, reserve_space_1, reserve_space_2.
            tupleTypes.push_back(o.getType());
            for (int i = 0; i < 4; ++i)
              tupleTypes.push_back(o.getScale().getType());
            return success();
          })
          .Case<ms::MatMulOp, ms::BatchMatMulOp>([&](auto o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addBool(a, "transpose_a", o.getTransposeA());
            addBool(a, "transpose_b", o.getTransposeB());
            addBool(a, "transpose_x1", o.getTransposeA());
            addBool(a, "transpose_x2", o.getTransposeB());
            setIO({"x1", "x2"}, {"output"});
            return success();
          })
          .Case([&](ms::BiasAddOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addNCHWFormat(a);
            setIO({"x", "b"}, {"output"});
            return success();
          })
          .Case([&](ms::ReshapeOp o) {
            newPrim(o.getPrimitiveName());
            setIO({"tensor", "shape"}, {"output"});
            inputs.push_back(addTupleConstant(graph, o.getShape()));
            return success();
          })
          .Case([&](ms::TransposeOp o) {
            newPrim(o.getPrimitiveName());
            setIO({"x", "perm"}, {"output"});
            inputs.push_back(addTupleConstant(graph, o.getPerm()));
            return success();
          })
          .Case([&](ms::ReduceAllOp o) {
            reduce(o.getPrimitiveName(), false, {}, false);
            return success();
          })
          .Case([&](ms::SoftmaxOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addIntTuple(a, "axis", {o.getAxisAttr().getInt()});
            setIO({"x"}, {"output"});
            return success();
          })
          .Case([&](ms::AdaptiveAvgPool2DOp o) {
            AttrList *a = newPrim(o.getPrimitiveName());
            addIntTuple(a, "output_size", o.getOutputSize());
            setIO({"x"}, {"y"});
            return success();
          })
          .Case([&](ms::AvgPoolOp o) {
            std::optional<ArrayRef<int64_t>> pad = o.getPad();
            bool padded =
                pad && llvm::any_of(*pad, [](int64_t p) { return p != 0; });
            validPool(o.getPrimitiveName(), o.getKernelSize(), o.getStrides());
            if (!padded && !o.getCeilMode() && !o.getDivisorOverride())
              return success();
            // Explicit padding, ceil mode or a divisor: pad_mode "PAD" with
            // the arguments of MindSpore's nn.AvgPool2d / AvgPool3D (pad
            // [top, bottom, left, right]; divisor_override 0: none).
            AttrList *a = prim->mutable_attribute();
            for (auto &attr : *a)
              if (attr.name() == "pad_mode")
                attr.set_s("PAD");
            SmallVector<int64_t> pads(4, 0);
            if (pad)
              pads.assign(pad->begin(), pad->end());
            addIntTuple(a, "pad", pads);
            addBool(a, "ceil_mode", o.getCeilMode());
            addBool(a, "count_include_pad", o.getCountIncludePad());
            addInt(a, "divisor_override", o.getDivisorOverride().value_or(0));
            return success();
          })
          .Case([&](ms::MaxPoolOp o) -> LogicalResult {
            ArrayRef<int64_t> pad = o.getPad();
            bool noPad = llvm::all_of(pad, [](int64_t p) { return p == 0; });
            if (noPad && !o.getCeilMode()) {
              validPool("MaxPool", o.getKernelSize(), o.getStrides());
              return success();
            }
            // Explicit padding or ceil mode: MaxPoolWithArgmaxV2 (symmetric
            // pads per spatial dimension; outputs (y, argmax)).
            if (pad.size() != 4 || pad[0] != pad[1] || pad[2] != pad[3])
              return o.emitError("max_pool padding [")
                     << llvm::make_range(pad.begin(), pad.end())
                     << "] is asymmetric; MindSpore's max pooling primitives "
                        "only pad symmetrically";
            AttrList *a = newPrim("MaxPoolWithArgmaxV2");
            addIntTuple(a, "kernel_size", pair(o.getKernelSize()));
            addIntTuple(a, "strides", pair(o.getStrides()));
            addIntTuple(a, "pads", {pad[0], pad[2]});
            addIntTuple(a, "dilation", {1, 1});
            addBool(a, "ceil_mode", o.getCeilMode());
            setIO({"x"}, {"output", "argmax"});
            auto y = o.getType();
            tupleTypes.push_back(y);
            tupleTypes.push_back(RankedTensorType::get(
                y.getShape(), IntegerType::get(op->getContext(), 64)));
            return success();
          })
          .Default([&](Operation *) {
            return emitError(loc)
                   << "'" << op->getName() << "' has no MindIR mapping";
          });
  if (failed(mapped))
    return failure();

  mind_ir::NodeProto &node =
      addNode(graph, graphName, op->getName().stripDialect(), primName);
  for (const std::string &in : inputs)
    node.add_input(in);
  node.set_domain(("Default/" + prim->op_type() + "-op" + nextId()));
  if (tupleTypes.empty()) {
    // One result names the node; several are its tuple's TupleGetItems.
    if (failed(setShape(node, op->getResultTypes(), loc)))
      return failure();
    return nameResults(op->getResults(), node.name(), graph, graphName, loc);
  }
  if (failed(setShape(node, tupleTypes, loc)))
    return failure();
  FailureOr<std::string> item = addTupleGetItem(
      graph, graphName, node.name(), 0, op->getResult(0).getType(), loc);
  if (failed(item))
    return failure();
  names[op->getResult(0)] = *item;
  return success();
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

  model.set_ir_version("0.1.1");
  model.set_producer_name("ascend-opt");
  model.set_producer_version(options.producerVersion);
  model.set_model_version(options.modelVersion);
  model.set_little_endian(llvm::sys::IsLittleEndianHost);
  model.set_mind_ir_version(mind_ir::IR_VERSION_WITH_SCALAR_GRAPH_HOLDER);
  mind_ir::GraphProto &graph = *model.mutable_graph();
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

  if (failed(exportBlock(main.getBody().front(), graph, mainName)))
    return failure();
  writeKernelIRs();

  // Serialized straight to the stream (no copy of the model in memory).
  // protobuf checks the model (required fields, the 2 GiB limit) before it
  // writes anything, so a failure leaves `os` untouched.
  RawOstreamOutput sink(os);
  {
    google::protobuf::io::CopyingOutputStreamAdaptor out(&sink);
    if (!model.SerializeToZeroCopyStream(&out))
      return module.emitError("protobuf could not serialize the MindIR model");
  }
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
  auto exporter = std::make_unique<MindIRExporter>(module, options);
  LogicalResult result = exporter->run(os, staged);
  // (A failed export is freed: that also removes its external data files.)
  if (succeeded(result) && !options.freeModelMemory)
    (void)exporter.release(); // returned at process exit
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
      });
}
