//===- TraceIRBuilder.cpp - trace events to pynative ops ------------------===//
//
// See TraceIRBuilder.h.
//
//===----------------------------------------------------------------------===//
#include "TraceIRBuilder.h"
#include "TraceEventPrefetcher.h"

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <array>
#include <cstring>

#include "PyNativeTrace.pb.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::trace;
using namespace mlir::ascend::trace::wire;

/// The attribute --pynative-exact adds to the module, parameters, constants,
/// runs and events (read back by TraceExport.cpp).
static constexpr llvm::StringLiteral kExactAttrName = "pynative.exact";

namespace {

/// An ElementsAttr holding exactly the recorded bytes. Large values become
/// dense_resource blobs (printed once in the resource section); i1 values are
/// unpacked into a DenseElementsAttr. Bytes inside `mapped` (the mapped
/// weights or trace file, bufferHolding) are not copied: the blob points
/// into the mapping and keeps it alive.
ElementsAttr elementsAttrOf(RankedTensorType type, StringRef data,
                            StringRef blobName,
                            std::shared_ptr<llvm::MemoryBuffer> mapped = {}) {
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> bits(data.begin(), data.end());
    return DenseElementsAttr::get(type, ArrayRef<bool>(bits));
  }
  ArrayRef<char> bytes(data.data(), data.size());
  if (data.size() <= 64)
    return DenseElementsAttr::getFromRawBuffer(type, bytes);
  if (mapped && data.begin() >= mapped->getBufferStart() &&
      data.end() <= mapped->getBufferEnd()) {
    AsmResourceBlob blob(
        bytes, /*dataAlignment=*/1,
        [mapped](void *, size_t, size_t) mutable { mapped.reset(); },
        /*dataIsMutable=*/false);
    return DenseResourceElementsAttr::get(type, blobName, std::move(blob));
  }
  AsmResourceBlob blob = HeapAsmResourceBlob::allocateAndCopyInferAlign(bytes);
  return DenseResourceElementsAttr::get(type, blobName, std::move(blob));
}

/// Torch dtype names ("float32") to MLIR types for dtype arguments.
Type torchDtype(StringRef name, MLIRContext *ctx) {
  return llvm::StringSwitch<Type>(name)
      .Case("float32", Float32Type::get(ctx))
      .Case("float", Float32Type::get(ctx))
      .Case("float16", Float16Type::get(ctx))
      .Case("half", Float16Type::get(ctx))
      .Case("bfloat16", BFloat16Type::get(ctx))
      .Case("float64", Float64Type::get(ctx))
      .Case("double", Float64Type::get(ctx))
      .Case("bool", IntegerType::get(ctx, 1))
      .Case("uint8", IntegerType::get(ctx, 8, IntegerType::Unsigned))
      .Case("int8", IntegerType::get(ctx, 8))
      .Case("int16", IntegerType::get(ctx, 16))
      .Case("int32", IntegerType::get(ctx, 32))
      .Case("int64", IntegerType::get(ctx, 64))
      .Case("long", IntegerType::get(ctx, 64))
      .Default(Type());
}

/// The current SSA value of each tensor id of a run. The recorder numbers
/// tensors in the order it first sees them, so the ids a run defines are
/// about a range: the ids from the run's first defined one on live in a
/// vector (a lookup is an index) that grows while the ids stay close; any
/// other id (a parameter's, one far off) lives in a map. A defined id never
/// maps to a null value.
class TensorValues {
public:
  void clear() {
    dense.clear();
    sparse.clear();
    empty = true;
    assigned = 0;
  }
  Value lookup(uint64_t id) const {
    uint64_t offset = id - base; // wraps around for ids below the base
    return offset < dense.size() ? dense[offset] : sparse.lookup(id);
  }
  bool contains(uint64_t id) const { return static_cast<bool>(lookup(id)); }
  /// The value of `id`, null when it is not defined yet, to be assigned.
  Value &operator[](uint64_t id) {
    if (empty) {
      base = id;
      empty = false;
    }
    uint64_t offset = id - base;
    if (offset < dense.size()) {
      ++assigned;
      return dense[offset];
    }
    // Grow only while the ids are about as many as the range they span, so
    // that ids far apart (a corrupt file) cannot make the vector huge.
    if (offset < 2 * dense.size() + 1024 && offset < 4 * assigned + 4096) {
      dense.resize(std::max<uint64_t>(offset + 1, 2 * dense.size()));
      ++assigned;
      return dense[offset];
    }
    return sparse[id];
  }

private:
  bool empty = true;
  uint64_t base = 0;
  /// Ids given a slot in `dense`.
  uint64_t assigned = 0;
  std::vector<Value> dense;
  llvm::DenseMap<uint64_t, Value> sparse;
};

/// Gives each op appended to a block its order index (the previous op's plus
/// a stride) while the op is still in the cache. Otherwise the verifier's
/// first dominance check renumbers the whole block, a walk over a million
/// ops scattered in memory that cost an eighth of the import.
struct OpOrderKeeper : OpBuilder::Listener {
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    // Orders the two ops, numbering `op` from its neighbour.
    if (Operation *before = op->getPrevNode())
      (void)before->isBeforeInBlock(op);
  }
};

/// Size (log2) of the importer's direct-mapped caches.
constexpr unsigned kRecentLog2 = 8;

class TraceImporter {
public:
  TraceImporter(const TraceContents &contents, TraceDiagnostics &diag,
                const TraceIRBuilderOptions &options)
      : trace(*contents.header), traceBytes(contents.binary),
        runBytes(contents.runs), diag(diag), ctx(diag.context), builder(ctx),
        functionCalls(options.functionCalls || options.exact),
        exact(options.exact),
        recordedOpName(pynative::RecordedOp::getOperationName(), ctx),
        emptyDictionary(builder.getDictionaryAttr({})),
        emptyI64Array(builder.getDenseI64ArrayAttr({})),
        functionName(builder.getStringAttr("function")),
        functionCallName(builder.getStringAttr("function_call")),
        locations(ctx, diag.filename) {}

  OwningOpRef<ModuleOp> import();

private:
  LogicalResult importParameters(ModuleOp module);
  LogicalResult importRun(int64_t index, const pb::Run &run, StringRef bytes);
  /// Attributes and types by value. A trace repeats a few op names,
  /// argument names, shapes and argument lists over and over; looking them
  /// up here is cheaper than uniquing them in the context again (which
  /// locks, hashes and, for a dictionary, sorts).
  StringAttr stringAttr(StringRef value);
  IntegerAttr i64Attr(int64_t value);
  ArrayAttr arrayAttr(ArrayRef<Attribute> elements);
  DictionaryAttr dictionaryAttr(ArrayRef<NamedAttribute> entries);
  FailureOr<RankedTensorType> tensorType(const TensorTypeView &type,
                                         const Twine &what);
  LogicalResult importOp(const OpEventView &op, Location loc);
  LogicalResult importFunctionCall(const FunctionCallView &call, Location loc,
                                   int64_t activation);
  LogicalResult importScalarRead(const pb::ScalarReadEvent &read, Location loc,
                                 int64_t activation);
  /// The value of tensor id `id` if it is bound in this run or is a
  /// parameter/constant (without materializing it), else null.
  bool isDefined(uint64_t id) const {
    return values.contains(id) || parameters.count(id) || constants.count(id);
  }
  FailureOr<Value> lookup(uint64_t id, const Twine &what);
  LogicalResult convertArgument(const ArgumentView &arg,
                                SmallVectorImpl<Value> &operands,
                                SmallVectorImpl<Attribute> &operandNames,
                                SmallVectorImpl<NamedAttribute> &args,
                                SmallVectorImpl<int64_t> &firstOperandOfArg,
                                bool noneInLists = false);
  /// --pynative-exact: what the IR of an event does not say.
  Attribute exactLocation(const EventView &event);
  void exactArguments(ArrayRef<ArgumentView> list, StringRef prefix,
                      SmallVectorImpl<NamedAttribute> &out);
  FailureOr<ElementsAttr> exactValue(const pb::TensorValue &value,
                                     StringRef what, StringRef blobName);
  LogicalResult addExactEvent(const EventView &event, Operation *op);

  const pb::Trace &trace;
  /// The binary trace and its serialized runs (their events are decoded
  /// while importing).
  StringRef traceBytes;
  ArrayRef<StringRef> runBytes;
  TraceDiagnostics &diag;
  MLIRContext *ctx;
  OpBuilder builder;
  /// Parameters and constants by tensor id (module-wide).
  llvm::DenseMap<uint64_t, pynative::ParameterOp> parameters;
  llvm::DenseMap<uint64_t, const pb::Constant *> constants;
  /// Location of the event being imported.
  std::optional<Location> currentLoc;
  /// Current SSA value of each tensor id inside the run being imported.
  TensorValues values;
  /// Function-level calls recorded so far in the file: id -> name.
  llvm::DenseMap<uint64_t, std::string> calls;
  /// --pynative-function-calls: a pynative.call op per function call.
  bool functionCalls;
  /// --pynative-exact: record what the IR leaves out (see TraceExport.cpp).
  bool exact;
  /// --pynative-exact: the value attribute of each constant, made once.
  llvm::DenseMap<uint64_t, ElementsAttr> constantValues;

  OperationName recordedOpName;
  DictionaryAttr emptyDictionary;
  DenseI64ArrayAttr emptyI64Array;
  StringAttr functionName, functionCallName;
  /// Caches of the methods above, keyed by the bytes of the value (for
  /// lists, of the element pointers); `key` is the scratch key.
  LocationCache locations;
  llvm::StringMap<StringAttr> strings;
  /// Direct-mapped caches of recent values in front of the maps (a hit
  /// costs one comparison, no hashing of bytes).
  std::array<StringAttr, 1 << kRecentLog2> recentStrings;
  std::array<ArrayAttr, 1 << kRecentLog2> recentArrays;
  struct RecentDictionary {
    SmallVector<NamedAttribute, 4> entries; // as given, not sorted
    DictionaryAttr value;
  };
  std::array<RecentDictionary, 1 << kRecentLog2> recentDictionaries;
  struct RecentType {
    int32_t dtype = 0;
    RankedTensorType type;
  };
  std::array<RecentType, 1 << kRecentLog2> recentTypes;
  llvm::DenseMap<int64_t, IntegerAttr> integers;
  llvm::StringMap<ArrayAttr> arrays;
  llvm::StringMap<DictionaryAttr> dictionaries;
  llvm::StringMap<RankedTensorType> tensorTypes;
  SmallString<256> key;
};

template <typename T>
static void appendBytes(SmallVectorImpl<char> &key, const T &value) {
  key.append(reinterpret_cast<const char *>(&value),
             reinterpret_cast<const char *>(&value) + sizeof(T));
}

StringAttr TraceImporter::stringAttr(StringRef value) {
  // A direct-mapped cache of recent strings in front of the map, indexed by
  // the length and the first bytes: hits cost one short comparison.
  uint64_t head = 0;
  std::memcpy(&head, value.data(), std::min<size_t>(value.size(), 8));
  uint64_t mixed = (head ^ value.size()) * 0x9E3779B97F4A7C15ull;
  StringAttr &recent = recentStrings[mixed >> (64 - kRecentLog2)];
  if (recent && recent.getValue() == value)
    return recent;
  StringAttr &cached = strings[value];
  if (!cached)
    cached = StringAttr::get(ctx, value);
  recent = cached;
  return cached;
}

IntegerAttr TraceImporter::i64Attr(int64_t value) {
  // DenseMap reserves two keys.
  using Info = llvm::DenseMapInfo<int64_t>;
  if (value == Info::getEmptyKey() || value == Info::getTombstoneKey())
    return builder.getI64IntegerAttr(value);
  IntegerAttr &cached = integers[value];
  if (!cached)
    cached = builder.getI64IntegerAttr(value);
  return cached;
}

/// The slot of a direct-mapped cache of 2^kRecentLog2 entries for `hash`.
static size_t recentSlot(uint64_t hash) {
  return (hash * 0x9E3779B97F4A7C15ull) >> (64 - kRecentLog2);
}

ArrayAttr TraceImporter::arrayAttr(ArrayRef<Attribute> elements) {
  uint64_t hash = elements.size();
  for (Attribute a : elements)
    hash = hash * 31 + reinterpret_cast<uintptr_t>(a.getAsOpaquePointer());
  ArrayAttr &recent = recentArrays[recentSlot(hash)];
  if (recent && recent.getValue() == elements)
    return recent;
  key.clear();
  for (Attribute a : elements)
    appendBytes(key, a);
  ArrayAttr &cached = arrays[key];
  if (!cached)
    cached = ArrayAttr::get(ctx, elements);
  recent = cached;
  return cached;
}

DictionaryAttr TraceImporter::dictionaryAttr(ArrayRef<NamedAttribute> entries) {
  if (entries.empty())
    return emptyDictionary;
  uint64_t hash = entries.size();
  for (const NamedAttribute &entry : entries)
    hash = (hash * 31 +
            reinterpret_cast<uintptr_t>(entry.getName().getAsOpaquePointer())) *
               31 +
           reinterpret_cast<uintptr_t>(entry.getValue().getAsOpaquePointer());
  RecentDictionary &recent = recentDictionaries[recentSlot(hash)];
  if (recent.value && ArrayRef<NamedAttribute>(recent.entries) == entries)
    return recent.value;
  key.clear();
  for (const NamedAttribute &entry : entries) {
    appendBytes(key, entry.getName());
    appendBytes(key, entry.getValue());
  }
  DictionaryAttr &cached = dictionaries[key];
  if (!cached)
    cached = DictionaryAttr::get(ctx, entries);
  recent.entries.assign(entries.begin(), entries.end());
  recent.value = cached;
  return cached;
}

FailureOr<RankedTensorType>
TraceImporter::tensorType(const TensorTypeView &type, const Twine &what) {
  uint64_t hash = type.dtypeValue;
  for (int64_t d : type.shape())
    hash = hash * 31 + d;
  RecentType &recent = recentTypes[recentSlot(hash)];
  if (recent.type && recent.dtype == type.dtypeValue &&
      recent.type.getShape() == type.shape())
    return recent.type;
  key.clear();
  appendBytes(key, type.dtype());
  for (int64_t d : type.shape())
    appendBytes(key, d);
  auto it = tensorTypes.find(key);
  if (it == tensorTypes.end()) {
    FailureOr<RankedTensorType> made = tensorTypeOf(type, diag, what);
    if (failed(made))
      return failure();
    it = tensorTypes.try_emplace(key, *made).first;
  }
  recent.dtype = type.dtypeValue;
  recent.type = it->second;
  return it->second;
}

/// Kind letters of `pynative.exact` argument lists (TraceExport.cpp reads
/// them).
static char argumentKind(const ArgumentView &arg) {
  switch (arg.value_case()) {
  case pb::Argument::kTensor:
    return 't';
  case pb::Argument::kIntValue:
    return 'i';
  case pb::Argument::kFloatValue:
    return 'f';
  case pb::Argument::kBoolValue:
    return 'b';
  case pb::Argument::kStringValue:
    return 's';
  case pb::Argument::kInts:
    return 'I';
  case pb::Argument::kFloats:
    return 'F';
  case pb::Argument::kTensors:
    return 'l';
  case pb::Argument::kNone:
    return 'n';
  case pb::Argument::kDtypeValue:
    return 'd';
  case pb::Argument::VALUE_NOT_SET:
    break;
  }
  return '?';
}

/// The torch name of a dtype argument the importer turns into `type`, when
/// writing it back gives the same string ("float32", not the alias "float").
static bool isCanonicalDtypeName(StringRef name) {
  return llvm::is_contained({"float32", "float16", "bfloat16", "float64",
                             "bool", "uint8", "int8", "int16", "int32",
                             "int64"},
                            name);
}

Attribute TraceImporter::exactLocation(const EventView &event) {
  if (!event.has_loc())
    return {};
  const LocationView &loc = event.loc();
  SmallVector<Attribute> parts{builder.getStringAttr(loc.module_path()),
                               builder.getStringAttr(loc.module_type())};
  for (const FrameView &f : loc.frames())
    parts.push_back(builder.getArrayAttr(
        {builder.getStringAttr(f.file()), builder.getI64IntegerAttr(f.line()),
         builder.getI64IntegerAttr(f.column()),
         builder.getStringAttr(f.function()),
         builder.getI64IntegerAttr((int64_t)f.activation())}));
  return builder.getArrayAttr(parts);
}

/// `<prefix>names` (the names as recorded), `<prefix>kinds` (one kind letter
/// per argument) and, when any argument records its type, `<prefix>types`.
void TraceImporter::exactArguments(ArrayRef<ArgumentView> list,
                                   StringRef prefix,
                                   SmallVectorImpl<NamedAttribute> &out) {
  SmallVector<StringRef> names;
  std::string kinds;
  SmallVector<Attribute> types;
  bool anyType = false;
  for (const ArgumentView &arg : list) {
    names.push_back(arg.name());
    char kind = argumentKind(arg);
    if (kind == 'l' && llvm::is_contained(arg.tensor_ids(), 0u))
      kind = 'z';
    if (kind == 'd' && !isCanonicalDtypeName(arg.dtype_value()))
      kind = 'D';
    kinds.push_back(kind);
    Attribute type = builder.getUnitAttr();
    if (arg.has_type()) {
      anyType = true;
      // As recorded ([dtype number, shape]): a type on a non-tensor argument
      // is not checked and may name any dtype.
      type = builder.getArrayAttr(
          {builder.getI64IntegerAttr(arg.type().dtype()),
           builder.getDenseI64ArrayAttr(SmallVector<int64_t>(
               arg.type().shape().begin(), arg.type().shape().end()))});
    }
    types.push_back(type);
  }
  out.push_back(builder.getNamedAttr((prefix + "names").str(),
                                     builder.getStrArrayAttr(names)));
  out.push_back(builder.getNamedAttr((prefix + "kinds").str(),
                                     builder.getStringAttr(kinds)));
  if (anyType)
    out.push_back(builder.getNamedAttr((prefix + "types").str(),
                                       builder.getArrayAttr(types)));
}

FailureOr<ElementsAttr> TraceImporter::exactValue(const pb::TensorValue &value,
                                                  StringRef what,
                                                  StringRef blobName) {
  StringRef bytes;
  FailureOr<RankedTensorType> type =
      checkedValueType(value, diag, what, &bytes);
  if (failed(type))
    return failure();
  return elementsAttrOf(*type, bytes, blobName, bufferHolding(bytes, diag));
}

LogicalResult TraceImporter::addExactEvent(const EventView &event,
                                           Operation *op) {
  SmallVector<NamedAttribute> attrs;
  if (Attribute loc = exactLocation(event))
    attrs.push_back(builder.getNamedAttr("loc", loc));
  auto ids = [&](const auto &list) {
    SmallVector<int64_t> result;
    for (uint64_t id : list)
      result.push_back((int64_t)id);
    return builder.getDenseI64ArrayAttr(result);
  };
  switch (event.kind_case()) {
  case pb::Event::kOp: {
    const OpEventView &e = event.op();
    exactArguments(e.args(), "", attrs);
    SmallVector<int64_t> resultIds, aliases;
    SmallVector<Attribute> nullTypes;
    bool anyNullType = false;
    for (const ResultView &r : e.results()) {
      resultIds.push_back((int64_t)r.tensor_id());
      aliases.push_back(r.alias_of());
      Attribute nullType = builder.getUnitAttr();
      if (r.tensor_id() == 0 && r.has_type()) {
        anyNullType = true;
        nullType = builder.getArrayAttr(
            {builder.getI64IntegerAttr(r.type().dtype()),
             builder.getDenseI64ArrayAttr(SmallVector<int64_t>(
                 r.type().shape().begin(), r.type().shape().end()))});
      }
      nullTypes.push_back(nullType);
    }
    attrs.push_back(builder.getNamedAttr(
        "result_ids", builder.getDenseI64ArrayAttr(resultIds)));
    attrs.push_back(builder.getNamedAttr(
        "result_aliases", builder.getDenseI64ArrayAttr(aliases)));
    if (anyNullType)
      attrs.push_back(builder.getNamedAttr("null_result_types",
                                           builder.getArrayAttr(nullTypes)));
    attrs.push_back(builder.getNamedAttr(
        "mutated", builder.getDenseI64ArrayAttr(SmallVector<int64_t>(
                       e.mutated_args().begin(), e.mutated_args().end()))));
    break;
  }
  case pb::Event::kFunctionCall: {
    const FunctionCallView &call = event.function_call();
    exactArguments(call.args(), "", attrs);
    exactArguments(call.results(), "result_", attrs);
    SmallVector<Attribute> values;
    for (const ArgumentView &r : call.results()) {
      if (r.value_case() == pb::Argument::kTensor) {
        values.push_back(builder.getI64IntegerAttr((int64_t)r.tensor()));
      } else if (r.value_case() == pb::Argument::kTensors) {
        values.push_back(ids(r.tensor_ids()));
      } else {
        SmallVector<Value> noOperands;
        SmallVector<Attribute> noNames;
        SmallVector<NamedAttribute> value;
        SmallVector<int64_t> noIndex;
        if (failed(convertArgument(r, noOperands, noNames, value, noIndex)))
          return failure();
        values.push_back(value.back().getValue());
      }
    }
    attrs.push_back(
        builder.getNamedAttr("result_values", builder.getArrayAttr(values)));
    break;
  }
  case pb::Event::kLoopIter:
    attrs.push_back(builder.getNamedAttr(
        "head_offset",
        builder.getI64IntegerAttr(event.loop_iter().head_offset())));
    break;
  default:
    break;
  }
  op->setAttr(kExactAttrName, builder.getDictionaryAttr(attrs));
  return success();
}

OwningOpRef<ModuleOp> TraceImporter::import() {
  if (trace.runs().empty()) {
    diag.error() << "the trace holds no recorded run";
    return nullptr;
  }
  OwningOpRef<ModuleOp> module =
      ModuleOp::create(FileLineColLoc::get(ctx, diag.filename, 0, 0));
  if (!trace.model().empty())
    (*module)->setAttr("pynative.model", builder.getStringAttr(trace.model()));
  (*module)->setAttr("pynative.training",
                     builder.getBoolAttr(trace.modes().training()));
  builder.setInsertionPointToEnd(module->getBody());
  if (failed(importParameters(*module)))
    return nullptr;
  for (const pb::Constant &c : trace.constants()) {
    if (!constants.try_emplace(c.tensor_id(), &c).second ||
        parameters.count(c.tensor_id())) {
      diag.error() << "tensor id " << c.tensor_id()
                   << " is declared twice (constant)";
      return nullptr;
    }
  }
  if (exact) {
    SmallVector<Attribute> exactConstants;
    for (const pb::Constant &c : trace.constants()) {
      std::string id = std::to_string(c.tensor_id());
      FailureOr<ElementsAttr> value =
          exactValue(c.value(), "constant " + id, "constant_" + id);
      if (failed(value))
        return nullptr;
      constantValues[c.tensor_id()] = *value;
      exactConstants.push_back(builder.getArrayAttr(
          {builder.getI64IntegerAttr((int64_t)c.tensor_id()), *value}));
    }
    SmallVector<NamedAttribute> attrs{
        builder.getNamedAttr("format_version",
                             builder.getI64IntegerAttr(trace.format_version())),
        builder.getNamedAttr("producer",
                             builder.getStringAttr(trace.producer())),
        builder.getNamedAttr("torch_version",
                             builder.getStringAttr(trace.torch_version())),
        builder.getNamedAttr("model", builder.getStringAttr(trace.model())),
        builder.getNamedAttr("constants",
                             builder.getArrayAttr(exactConstants))};
    if (trace.has_modes()) {
      const pb::RecordModes &m = trace.modes();
      attrs.push_back(builder.getNamedAttr(
          "modes", builder.getDenseBoolArrayAttr(
                       {m.dispatch_mode(), m.function_mode(), m.training(),
                        m.grad_enabled(), m.loop_tracer()})));
    }
    (*module)->setAttr(kExactAttrName, builder.getDictionaryAttr(attrs));
  }
  for (auto [index, run] : llvm::enumerate(trace.runs())) {
    diag.run = index;
    if (failed(importRun(index, run, runBytes[index])))
      return nullptr;
    diag.event = -1;
  }
  diag.run = -1;
  return module;
}

LogicalResult TraceImporter::importParameters(ModuleOp module) {
  // The names so far (the module holds nothing else yet): a set of the
  // uniqued names, not a SymbolTable (whose lookup by string uniques the
  // string again).
  llvm::DenseSet<StringAttr> names;
  Location fileLoc = FileLineColLoc::get(ctx, diag.filename, 0, 0);
  for (const pb::Parameter &p : trace.parameters()) {
    std::string what = "parameter '" + p.name() + "'";
    if (p.name().empty())
      return diag.error() << "parameter with tensor id " << p.tensor_id()
                          << " has no name";
    StringRef bytes;
    FailureOr<RankedTensorType> type =
        checkedValueType(p.value(), diag, what, &bytes);
    if (failed(type))
      return failure();
    StringAttr name = builder.getStringAttr(p.name());
    if (!names.insert(name).second)
      return diag.error() << what << " is declared twice";
    auto op = pynative::ParameterOp::create(
        builder, fileLoc, name, TypeAttr::get(*type),
        elementsAttrOf(*type, bytes, p.name(), bufferHolding(bytes, diag)),
        p.is_buffer() ? builder.getUnitAttr() : UnitAttr());
    if (exact)
      op->setAttr(
          kExactAttrName,
          builder.getDictionaryAttr(builder.getNamedAttr(
              "id", builder.getI64IntegerAttr((int64_t)p.tensor_id()))));
    if (!parameters.try_emplace(p.tensor_id(), op).second)
      return diag.error() << "tensor id " << p.tensor_id()
                          << " names two parameters";
  }
  return success();
}

FailureOr<Value> TraceImporter::lookup(uint64_t id, const Twine &what) {
  if (Value v = values.lookup(id))
    return v;
  // A parameter or constant read first appears where its first user ran.
  Location loc = currentLoc ? *currentLoc : builder.getUnknownLoc();
  if (auto param = parameters.lookup(id)) {
    Value v = pynative::GetParameterOp::create(
        builder, loc, param.getType(),
        FlatSymbolRefAttr::get(param.getSymNameAttr()));
    values[id] = v;
    return v;
  }
  if (const pb::Constant *c = constants.lookup(id)) {
    if (exact) {
      auto op = pynative::ConstantOp::create(builder, loc, constantValues[id]);
      op->setAttr(kExactAttrName,
                  builder.getDictionaryAttr(builder.getNamedAttr(
                      "id", builder.getI64IntegerAttr((int64_t)id))));
      return values[id] = op.getResult();
    }
    std::string name = "constant " + std::to_string(id);
    StringRef bytes;
    FailureOr<RankedTensorType> type =
        checkedValueType(c->value(), diag, name, &bytes);
    if (failed(type))
      return failure();
    auto value = elementsAttrOf(*type, bytes, "constant_" + std::to_string(id),
                                bufferHolding(bytes, diag));
    Value v = pynative::ConstantOp::create(builder, loc, value);
    values[id] = v;
    return v;
  }
  diag.error() << what << " uses tensor id " << id
               << " before it is defined (not an input, parameter, constant "
                  "or earlier result)";
  return failure();
}

LogicalResult TraceImporter::convertArgument(
    const ArgumentView &arg, SmallVectorImpl<Value> &operands,
    SmallVectorImpl<Attribute> &operandNames,
    SmallVectorImpl<NamedAttribute> &args,
    SmallVectorImpl<int64_t> &firstOperandOfArg, bool noneInLists) {
  std::string unnamed;
  StringRef name = arg.name();
  if (name.empty())
    name = unnamed = "arg" + std::to_string(firstOperandOfArg.size());
  StringAttr nameAttr = stringAttr(name);
  firstOperandOfArg.push_back(operands.size());
  auto addOperand = [&](uint64_t id) -> LogicalResult {
    FailureOr<Value> v = lookup(id, Twine("argument '") + name + "'");
    if (failed(v))
      return failure();
    operands.push_back(*v);
    operandNames.push_back(nameAttr);
    return success();
  };
  auto addAttr = [&](Attribute attr) {
    args.push_back(NamedAttribute(nameAttr, attr));
    return success();
  };
  switch (arg.value_case()) {
  case pb::Argument::kTensor: {
    if (failed(addOperand(arg.tensor())))
      return failure();
    if (!arg.has_type())
      return success();
    FailureOr<RankedTensorType> recorded =
        tensorType(arg.type(), "argument '" + name + "'");
    if (failed(recorded))
      return failure();
    if (operands.back().getType() != *recorded)
      return diag.error() << "argument '" << name << "' is recorded as "
                          << *recorded << " but tensor id " << arg.tensor()
                          << " is " << operands.back().getType();
    return success();
  }
  case pb::Argument::kIntValue:
    return addAttr(i64Attr(arg.int_value()));
  case pb::Argument::kFloatValue:
    return addAttr(builder.getF64FloatAttr(arg.float_value()));
  case pb::Argument::kBoolValue:
    return addAttr(builder.getBoolAttr(arg.bool_value()));
  case pb::Argument::kStringValue:
    return addAttr(builder.getStringAttr(arg.string_value()));
  case pb::Argument::kInts:
    return addAttr(builder.getDenseI64ArrayAttr(arg.ints()));
  case pb::Argument::kFloats:
    return addAttr(builder.getDenseF64ArrayAttr(arg.floats()));
  case pb::Argument::kTensors: {
    if (noneInLists && llvm::is_contained(arg.tensor_ids(), uint64_t(0))) {
      // Only the ids: a pynative.call's operands cannot hold a None.
      SmallVector<int64_t> ids;
      for (uint64_t id : arg.tensor_ids()) {
        if (id != 0 && !isDefined(id))
          return diag.error() << "argument '" << name << "' uses tensor id "
                              << id << " before it is defined";
        ids.push_back((int64_t)id);
      }
      return addAttr(builder.getDenseI64ArrayAttr(ids));
    }
    // A None element (`Tensor?[]`, e.g. the indices of `x[:, i]`) is no
    // operand; the `<name>.none` entry of args lists the list positions of
    // the Nones.
    SmallVector<int64_t> nones;
    for (auto [position, id] : llvm::enumerate(arg.tensor_ids())) {
      if (id == 0) {
        nones.push_back(position);
        continue;
      }
      if (failed(addOperand(id)))
        return failure();
    }
    if (!nones.empty())
      args.push_back(builder.getNamedAttr((name + ".none").str(),
                                          builder.getDenseI64ArrayAttr(nones)));
    return success();
  }
  case pb::Argument::kNone:
    return addAttr(builder.getUnitAttr());
  case pb::Argument::kDtypeValue: {
    Type t = torchDtype(arg.dtype_value(), ctx);
    if (!t)
      return diag.error() << "argument '" << name << "' has unknown dtype '"
                          << arg.dtype_value() << "'";
    // --pynative-exact keeps an alias ("float") as written.
    if (exact && !isCanonicalDtypeName(arg.dtype_value()))
      return addAttr(builder.getStringAttr(arg.dtype_value()));
    return addAttr(TypeAttr::get(t));
  }
  case pb::Argument::VALUE_NOT_SET:
    return diag.error() << "argument '" << name << "' has no value";
  }
  return diag.error() << "argument '" << name << "' has an unknown kind";
}

LogicalResult TraceImporter::importOp(const OpEventView &op, Location loc) {
  if (op.name().empty())
    return diag.error() << "op event without an op name";
  SmallVector<Value> operands;
  SmallVector<Attribute> operandNames;
  SmallVector<NamedAttribute> args;
  SmallVector<int64_t> firstOperandOfArg;
  for (const ArgumentView &arg : op.args())
    if (failed(convertArgument(arg, operands, operandNames, args,
                               firstOperandOfArg)))
      return failure();
  auto operandOfArg = [&](int32_t argIndex) -> FailureOr<int64_t> {
    if (argIndex < 0 || argIndex >= op.args_size() ||
        op.args(argIndex).value_case() != pb::Argument::kTensor) {
      diag.error() << op.name() << ": argument index " << argIndex
                   << " is not a tensor argument";
      return failure();
    }
    return firstOperandOfArg[argIndex];
  };
  SmallVector<int64_t> mutated, aliases;
  for (int32_t a : op.mutated_args()) {
    FailureOr<int64_t> index = operandOfArg(a);
    if (failed(index))
      return failure();
    mutated.push_back(*index);
  }
  SmallVector<Type> resultTypes;
  bool anyAlias = false;
  // Results that are None (tensor id 0, e.g. an optional output) get no SSA
  // value; they are always trailing in aten schemas.
  SmallVector<const ResultView *> tensorResults;
  for (const ResultView &r : op.results())
    if (r.tensor_id() != 0)
      tensorResults.push_back(&r);
  for (const ResultView *rp : tensorResults) {
    const ResultView &r = *rp;
    FailureOr<RankedTensorType> type =
        tensorType(r.type(), Twine(op.name()) + " result");
    if (failed(type))
      return failure();
    resultTypes.push_back(*type);
    if (r.alias_of() >= 0) {
      FailureOr<int64_t> index = operandOfArg(r.alias_of());
      if (failed(index))
        return failure();
      aliases.push_back(*index);
      anyAlias = true;
    } else {
      aliases.push_back(-1);
    }
  }
  if (!anyAlias)
    aliases.clear();
  // A result may reuse a tensor id only when the op returned one of its own
  // tensor arguments (in place, `lift_fresh`); a changed type then needs the
  // op to write that argument in place (`unsqueeze_`).
  for (auto [i, rp] : llvm::enumerate(tensorResults)) {
    uint64_t id = rp->tensor_id();
    if (!isDefined(id))
      continue;
    int32_t argIndex = -1;
    for (auto [a, arg] : llvm::enumerate(op.args()))
      if (arg.value_case() == pb::Argument::kTensor && arg.tensor() == id) {
        argIndex = a;
        break;
      }
    if (argIndex < 0)
      return diag.error() << op.name() << ": result " << i
                          << " redefines tensor id " << id
                          << ", which is defined before and is not an "
                             "argument of this op";
    Type before = operands[firstOperandOfArg[argIndex]].getType();
    bool inPlace = llvm::is_contained(op.mutated_args(), argIndex) ||
                   rp->alias_of() == argIndex;
    if (!inPlace && before != resultTypes[i])
      return diag.error() << op.name() << ": result " << i
                          << " redefines tensor id " << id << " (argument '"
                          << op.args(argIndex).name() << "') with type "
                          << resultTypes[i] << " (was " << before
                          << ") without an in-place op";
  }
  // The op built directly (no OperationState): its properties from the
  // cached attributes, its discardable attributes as one dictionary.
  pynative::RecordedOp::Properties properties;
  properties.name = stringAttr(op.name());
  properties.operand_names = arrayAttr(operandNames);
  properties.args = dictionaryAttr(args);
  properties.mutated_operands =
      mutated.empty() ? emptyI64Array : builder.getDenseI64ArrayAttr(mutated);
  properties.result_aliases =
      aliases.empty() ? emptyI64Array : builder.getDenseI64ArrayAttr(aliases);
  DictionaryAttr discardable = emptyDictionary;
  if (op.function_call() != 0) {
    auto it = calls.find(op.function_call());
    if (it == calls.end())
      return diag.error() << op.name() << " names function call "
                          << op.function_call()
                          << ", which is not recorded before it";
    discardable =
        dictionaryAttr({NamedAttribute(functionName, stringAttr(it->second)),
                        NamedAttribute(functionCallName,
                                       i64Attr((int64_t)op.function_call()))});
  }
  Operation *recorded = builder.insert(Operation::create(
      loc, recordedOpName, resultTypes, operands, discardable,
      OpaqueProperties(&properties), /*successors=*/{}, /*numRegions=*/0));
  for (auto [r, value] : llvm::zip(tensorResults, recorded->getResults())) {
    // An in-place result keeps its tensor id: the id now names the new value,
    // which makes the run functional (SSA) for every later reader.
    values[r->tensor_id()] = value;
  }
  return success();
}

LogicalResult TraceImporter::importFunctionCall(const FunctionCallView &call,
                                                Location loc,
                                                int64_t activation) {
  if (call.id() == 0 || call.id() > (uint64_t)INT64_MAX)
    return diag.error() << "function call '" << call.name() << "' has id "
                        << call.id() << " (must be in [1, 2^63))";
  if (call.name().empty())
    return diag.error() << "function call " << call.id() << " has no name";
  if (call.parent() != 0 && !calls.count(call.parent()))
    return diag.error() << "function call " << call.id() << " names parent "
                        << call.parent() << ", which is not recorded before it";
  if (!calls.try_emplace(call.id(), call.name()).second)
    return diag.error() << "function call id " << call.id()
                        << " is recorded twice";
  if (!functionCalls) {
    // Only check the tensor ids; materializing parameters here would give
    // them the call's location instead of their first op's.
    for (const ArgumentView &arg : call.args()) {
      SmallVector<uint64_t> ids;
      if (arg.value_case() == pb::Argument::kTensor)
        ids.push_back(arg.tensor());
      else if (arg.value_case() == pb::Argument::kTensors)
        ids.append(arg.tensor_ids().begin(), arg.tensor_ids().end());
      for (uint64_t id : ids)
        if (id != 0 && !isDefined(id))
          return diag.error()
                 << "function call '" << call.name() << "' argument '"
                 << arg.name() << "' uses tensor id " << id
                 << " before it is defined";
    }
    return success();
  }
  SmallVector<Value> operands;
  SmallVector<Attribute> operandNames;
  SmallVector<NamedAttribute> args, returned;
  SmallVector<int64_t> firstOperandOfArg;
  for (const ArgumentView &arg : call.args())
    if (failed(convertArgument(arg, operands, operandNames, args,
                               firstOperandOfArg, /*noneInLists=*/exact)))
      return failure();
  // Results: only the non-tensor ones become attributes; the tensors are
  // defined by the ops the call runs after this event.
  for (const ArgumentView &r : call.results()) {
    if (r.value_case() == pb::Argument::kTensor ||
        r.value_case() == pb::Argument::kTensors)
      continue;
    SmallVector<Value> noOperands;
    SmallVector<Attribute> noNames;
    SmallVector<int64_t> noIndex;
    if (failed(convertArgument(r, noOperands, noNames, returned, noIndex)))
      return failure();
  }
  pynative::CallOp::create(builder, loc, call.name(), call.id(), call.parent(),
                           operands, builder.getArrayAttr(operandNames),
                           builder.getDictionaryAttr(args),
                           builder.getDictionaryAttr(returned), activation);
  return success();
}

LogicalResult TraceImporter::importScalarRead(const pb::ScalarReadEvent &read,
                                              Location loc,
                                              int64_t activation) {
  FailureOr<Value> t = lookup(read.tensor_id(), "scalar read");
  if (failed(t))
    return failure();
  int64_t numElements = cast<RankedTensorType>(t->getType()).getNumElements();
  DenseF64ArrayAttr values;
  if (read.method() == "tolist") {
    if (read.values_size() != numElements)
      return diag.error() << "scalar read \"tolist\" of tensor id "
                          << read.tensor_id() << " holds " << read.values_size()
                          << " values but the tensor has " << numElements
                          << " elements";
    values = builder.getDenseF64ArrayAttr(
        SmallVector<double>(read.values().begin(), read.values().end()));
  } else {
    if (numElements != 1)
      return diag.error() << "scalar read \"" << read.method()
                          << "\" of tensor id " << read.tensor_id() << " of "
                          << numElements
                          << " elements (reading one number needs exactly one)";
    if (read.values_size() != 0)
      return diag.error() << "scalar read \"" << read.method()
                          << "\" holds several values (only \"tolist\" does)";
  }
  pynative::ScalarReadOp::create(
      builder, loc, *t, builder.getStringAttr(read.method()),
      builder.getF64FloatAttr(read.value()),
      builder.getI64IntegerAttr(activation), values,
      read.only_tensor_args() ? builder.getUnitAttr() : UnitAttr());
  return success();
}

LogicalResult TraceImporter::importRun(int64_t index, const pb::Run &run,
                                       StringRef bytes) {
  values.clear();
  if (!run.model().empty() && !trace.model().empty() &&
      run.model() != trace.model())
    return diag.error() << "the run records model '" << run.model()
                        << "' but the trace is of model '" << trace.model()
                        << "' (one file holds runs of one model)";
  SmallVector<Type> inputTypes;
  SmallVector<uint64_t> inputIds;
  for (auto [i, input] : llvm::enumerate(run.inputs())) {
    FailureOr<RankedTensorType> type =
        checkedValueType(input.value(), diag, "input " + std::to_string(i));
    if (failed(type))
      return failure();
    inputTypes.push_back(*type);
    inputIds.push_back(input.tensor_id());
  }
  auto trace = pynative::TraceOp::create(
      builder, FileLineColLoc::get(ctx, diag.filename, 0, 0),
      builder.getStringAttr("run_" + std::to_string(index)),
      TypeAttr::get(builder.getFunctionType(inputTypes, {})),
      builder.getI64IntegerAttr(index), nullptr, nullptr);
  // Flags of this run; absent means false (proto3 cannot tell false from
  // unset).
  if (run.training())
    trace->setAttr("training", builder.getUnitAttr());
  if (run.grad_enabled())
    trace->setAttr("grad_enabled", builder.getUnitAttr());
  if (!run.rng_state().empty()) {
    auto type =
        RankedTensorType::get({(int64_t)run.rng_state().size()},
                              IntegerType::get(ctx, 8, IntegerType::Unsigned));
    trace->setAttr("rng_state",
                   elementsAttrOf(type, run.rng_state(),
                                  "rng_state_" + std::to_string(index)));
  }
  OpBuilder::InsertionGuard guard(builder);
  Block *body = builder.createBlock(&trace.getBody());
  // Number the ops as they are appended (see OpOrderKeeper).
  body->recomputeOpOrder();
  OpOrderKeeper orderKeeper;
  builder.setListener(&orderKeeper);
  llvm::scope_exit noListener([&] { builder.setListener(nullptr); });
  for (auto [type, id] : llvm::zip(inputTypes, inputIds)) {
    Value arg = body->addArgument(type, trace.getLoc());
    Value &slot = values[id];
    if (id == 0 || slot)
      return diag.error() << "input tensor id " << id << " is repeated or 0";
    slot = arg;
  }
  EventPrefetcher events(bytes, locations, ctx->isMultithreadingEnabled());
  for (int64_t i = 0; const EventPrefetcher::Event *next = events.next(); ++i) {
    diag.event = i;
    if (!next->parsed) {
      // The file's structure around the event is sound (readTrace checked
      // it): the wire check names this event and its bytes.
      // (Its decoding reads what protobuf reads, so the check finds it.)
      if (failed(reportWireDamage(traceBytes, diag)))
        diag.error() << "damaged binary trace: "
                     << "the event does not parse as ascend.trace.Event";
      return failure();
    }
    const EventView &event = next->reader.event();
    Location loc = next->loc;
    currentLoc = loc;
    int64_t activation = activationOf(event.loc());
    switch (event.kind_case()) {
    case pb::Event::kOp:
      if (failed(importOp(event.op(), loc)))
        return failure();
      break;
    case pb::Event::kBranch: {
      FailureOr<Value> p = lookup(event.branch().predicate(), "branch");
      if (failed(p))
        return failure();
      int64_t numElements =
          cast<RankedTensorType>(p->getType()).getNumElements();
      if (numElements != 1)
        return diag.error()
               << "branch predicate tensor id " << event.branch().predicate()
               << " has " << numElements
               << " elements (bool() needs exactly one)";
      auto kind = static_cast<pynative::BranchKind>(event.branch().kind());
      if (!pynative::symbolizeBranchKind(event.branch().kind()))
        return diag.error()
               << "branch has unknown kind " << event.branch().kind();
      pynative::BranchOp::create(builder, loc, *p, event.branch().value(), kind,
                                 activation);
      break;
    }
    case pb::Event::kScalarRead:
      if (failed(importScalarRead(event.scalar_read(), loc, activation)))
        return failure();
      break;
    case pb::Event::kLoopIter:
      if (event.loop_iter().iteration() < 0)
        return diag.error() << "loop iteration "
                            << event.loop_iter().iteration() << " is negative";
      pynative::LoopIterOp::create(builder, loc, event.loop_iter().iteration(),
                                   activation);
      break;
    case pb::Event::kFunctionCall:
      if (failed(importFunctionCall(event.function_call(), loc, activation)))
        return failure();
      break;
    case pb::Event::KIND_NOT_SET:
      return diag.error() << "event of unknown kind (none of op, branch, "
                             "scalar_read, loop_iter, function_call; written "
                             "by a newer recorder?)";
    }
    if (exact && failed(addExactEvent(event, &body->back())))
      return failure();
  }
  diag.event = -1;
  SmallVector<Value> outputs;
  for (auto [i, output] : llvm::enumerate(run.outputs())) {
    std::string what = "output " + std::to_string(i);
    FailureOr<Value> v = lookup(output.tensor_id(), what);
    if (failed(v))
      return failure();
    FailureOr<RankedTensorType> type =
        checkedValueType(output.value(), diag, what);
    if (failed(type))
      return failure();
    if (v->getType() != *type)
      return diag.error() << what << " is recorded as " << *type
                          << " but its op produced " << v->getType();
    outputs.push_back(*v);
  }
  pynative::OutputOp::create(builder, trace.getLoc(), outputs);
  if (exact) {
    auto pairs = [&](const auto &list, StringRef what) -> FailureOr<ArrayAttr> {
      SmallVector<Attribute> result;
      for (auto [i, entry] : llvm::enumerate(list)) {
        std::string name = (what + " " + Twine(i)).str();
        FailureOr<ElementsAttr> value =
            exactValue(entry.value(), name,
                       ("run" + Twine(index) + "_" + what + Twine(i)).str());
        if (failed(value))
          return failure();
        result.push_back(builder.getArrayAttr(
            {builder.getI64IntegerAttr((int64_t)entry.tensor_id()), *value}));
      }
      return builder.getArrayAttr(result);
    };
    FailureOr<ArrayAttr> inputs = pairs(run.inputs(), "input");
    FailureOr<ArrayAttr> outputs = pairs(run.outputs(), "output");
    if (failed(inputs) || failed(outputs))
      return failure();
    trace->setAttr(kExactAttrName,
                   builder.getDictionaryAttr(
                       {builder.getNamedAttr("inputs", *inputs),
                        builder.getNamedAttr("outputs", *outputs),
                        builder.getNamedAttr(
                            "model", builder.getStringAttr(run.model()))}));
  }
  trace.setFunctionTypeAttr(TypeAttr::get(
      builder.getFunctionType(inputTypes, ValueRange(outputs).getTypes())));
  return success();
}

} // namespace

OwningOpRef<ModuleOp>
trace::buildPyNativeModule(const TraceContents &contents,
                           TraceDiagnostics &diag,
                           const TraceIRBuilderOptions &options) {
  return TraceImporter(contents, diag, options).import();
}
