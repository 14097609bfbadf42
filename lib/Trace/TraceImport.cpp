//===- TraceImport.cpp - .pntrace files to the pynative dialect -----------===//
//
// Reads the recorder's protobuf (lib/Trace/PyNativeTrace.proto) and builds one
// pynative.trace per run. Every malformed input is reported with the file, the
// run and event index, and what is wrong; nothing is returned on failure.
//
//===----------------------------------------------------------------------===//
#include "ascend/Trace/TraceReader.h"
#include "TraceWireCheck.h"

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include <memory>

#include "PyNativeTrace.pb.h"
#include <google/protobuf/arena.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

using namespace mlir;
using namespace mlir::ascend;
namespace pb = ::ascend::trace;

/// The trace format version this reader understands.
static constexpr uint32_t kTraceFormatVersion = 1;

/// The attribute --pynative-exact adds to the module, parameters, constants,
/// runs and events (read back by TraceExport.cpp).
static constexpr llvm::StringLiteral kExactAttrName = "pynative.exact";

static llvm::cl::opt<bool> clFunctionCalls(
    "pynative-function-calls",
    llvm::cl::desc("--import-pynative-trace: also emit a pynative.call op per "
                   "function-level call (TorchFunctionMode); by default they "
                   "only become `function`/`function_call` attributes of the "
                   "pynative.ops they ran"),
    llvm::cl::init(false));

static llvm::cl::opt<bool> clExact(
    "pynative-exact",
    llvm::cl::desc("--import-pynative-trace: keep everything the file says "
                   "(tensor ids, argument order and kinds, frames, values of "
                   "inputs and outputs, function calls) in `pynative.exact` "
                   "attributes, so that --export-pynative-trace writes the "
                   "file back byte for byte; implies --pynative-function-calls"),
    llvm::cl::init(false));

/// Largest element count a recorded tensor may have (2^48).
static constexpr int64_t kMaxElements = int64_t(1) << 48;

namespace {

/// Emits errors that name the file, the run and the event; holds the trace's
/// weights file (`<filename>.weights`) once a value refers to it.
struct TraceDiagnostics {
  MLIRContext *context;
  StringRef filename;
  int64_t run = -1;
  int64_t event = -1;
  /// The weights file, mapped on first use (null until then).
  std::shared_ptr<llvm::MemoryBuffer> weights;

  InFlightDiagnostic error() {
    Location loc = FileLineColLoc::get(context, filename, 0, 0);
    InFlightDiagnostic diag = emitError(loc);
    diag << filename;
    if (run >= 0)
      diag << ": run " << run;
    if (event >= 0)
      diag << ", event " << event;
    diag << ": ";
    return diag;
  }
};

/// An arena for one parsed trace: a trace of a million events is millions of
/// small messages and strings, which an arena allocates and frees in bulk.
std::unique_ptr<google::protobuf::Arena> traceArena() {
  google::protobuf::ArenaOptions options;
  options.start_block_size = 64 << 10;
  options.max_block_size = 4 << 20;
  return std::make_unique<google::protobuf::Arena>(options);
}

/// The trace in `bytes` (binary protobuf, else protobuf text), allocated in
/// `arena`; null after an error.
pb::Trace *parseTraceBytes(StringRef bytes, TraceDiagnostics &diag,
                           google::protobuf::Arena &arena) {
  auto *trace = google::protobuf::Arena::CreateMessage<pb::Trace>(&arena);
  if (bytes.empty()) {
    diag.error() << "file is empty";
    return nullptr;
  }
  if (trace->ParseFromArray(bytes.data(), bytes.size()))
    return trace;
  trace->Clear();
  // Keep the text parser's complaint (line, column, what) for our own
  // message instead of letting protobuf print it to stderr.
  struct FirstError : google::protobuf::io::ErrorCollector {
    std::string text;
    void AddError(int line, int column, const std::string &message) override {
      if (text.empty())
        text = "line " + std::to_string(line + 1) + ", column " +
               std::to_string(column + 1) + ": " + message;
    }
  } errors;
  google::protobuf::TextFormat::Parser parser;
  parser.AllowUnknownField(false);
  parser.RecordErrorsTo(&errors);
  if (parser.ParseFromString(std::string(bytes), trace))
    return trace;
  bool looksLikeText = llvm::all_of(bytes.take_front(256), [](char c) {
    return llvm::isPrint(c) || llvm::isSpace(c);
  });
  if (looksLikeText && !errors.text.empty()) {
    diag.error() << "not a trace file: as protobuf text, " << errors.text;
    return nullptr;
  }
  if (!looksLikeText)
    if (std::optional<trace::WireDamage> damage =
            trace::locateWireDamage(bytes)) {
      diag.run = damage->run;
      diag.event = damage->event;
      diag.error() << "damaged binary trace: " << damage->problem;
      return nullptr;
    }
  diag.error() << "not a trace file: neither binary nor text protobuf of "
                  "ascend.trace.Trace (truncated or corrupt?)";
  return nullptr;
}

/// MLIR element type of a trace dtype, or null for an unknown dtype.
Type elementTypeOf(pb::DType dtype, MLIRContext *ctx) {
  switch (dtype) {
  case pb::DTYPE_FLOAT32:
    return Float32Type::get(ctx);
  case pb::DTYPE_FLOAT16:
    return Float16Type::get(ctx);
  case pb::DTYPE_BFLOAT16:
    return BFloat16Type::get(ctx);
  case pb::DTYPE_FLOAT64:
    return Float64Type::get(ctx);
  case pb::DTYPE_BOOL:
    return IntegerType::get(ctx, 1);
  case pb::DTYPE_UINT8:
    return IntegerType::get(ctx, 8, IntegerType::Unsigned);
  case pb::DTYPE_INT8:
    return IntegerType::get(ctx, 8);
  case pb::DTYPE_INT16:
    return IntegerType::get(ctx, 16);
  case pb::DTYPE_INT32:
    return IntegerType::get(ctx, 32);
  case pb::DTYPE_INT64:
    return IntegerType::get(ctx, 64);
  default:
    return {};
  }
}

FailureOr<RankedTensorType> tensorTypeOf(const pb::TensorType &type,
                                         TraceDiagnostics &diag,
                                         const Twine &what) {
  Type element = elementTypeOf(type.dtype(), diag.context);
  if (!element) {
    diag.error() << what << " has unknown dtype " << (int)type.dtype();
    return failure();
  }
  int64_t numElements = 1;
  for (int64_t d : type.shape()) {
    if (d < 0) {
      diag.error() << what << " has negative dimension " << d;
      return failure();
    }
    if (d != 0 && numElements > kMaxElements / d) {
      diag.error() << what << " has more than 2^48 elements (shape out of range)";
      return failure();
    }
    numElements *= d;
  }
  return RankedTensorType::get(SmallVector<int64_t>(type.shape().begin(),
                                                    type.shape().end()),
                               element);
}

/// The bytes of a value: its `data`, or its range of the weights file.
FailureOr<StringRef> valueBytes(const pb::TensorValue &value,
                                TraceDiagnostics &diag, StringRef what) {
  if (!value.has_external())
    return StringRef(value.data());
  std::string path = (diag.filename + ".weights").str();
  if (!value.data().empty()) {
    diag.error() << what << " has both inline data and a reference to "
                 << "weights file '" << path << "'";
    return failure();
  }
  if (!diag.weights) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (!file) {
      diag.error() << what << " refers to weights file '" << path
                   << "', which cannot be read: " << file.getError().message();
      return failure();
    }
    diag.weights = std::move(*file);
  }
  uint64_t offset = value.external().offset();
  uint64_t length = value.external().length();
  uint64_t size = diag.weights->getBufferSize();
  if (offset > size || length > size - offset) {
    diag.error() << what << " refers to bytes [" << offset << ", "
                 << offset + length << ") of weights file '" << path
                 << "', which holds only " << size << " bytes";
    return failure();
  }
  return diag.weights->getBuffer().substr(offset, length);
}

/// Checks a value's byte count against its type and returns the type; its
/// bytes go to `bytes` when given.
FailureOr<RankedTensorType> checkedValueType(const pb::TensorValue &value,
                                             TraceDiagnostics &diag,
                                             StringRef what,
                                             StringRef *bytes = nullptr) {
  FailureOr<RankedTensorType> type = tensorTypeOf(value.type(), diag, what);
  if (failed(type))
    return failure();
  FailureOr<StringRef> data = valueBytes(value, diag, what);
  if (failed(data))
    return failure();
  if (bytes)
    *bytes = *data;
  int64_t expected =
      type->getNumElements() * HostTensor::elementBytes(type->getElementType());
  if ((int64_t)data->size() != expected) {
    diag.error() << what << " holds " << data->size()
                 << " bytes but its type " << *type << " needs " << expected;
    return failure();
  }
  if (type->getElementType().isInteger(1))
    for (auto [i, byte] : llvm::enumerate(*data))
      if ((unsigned char)byte > 1) {
        diag.error() << what << " element " << i << " holds byte "
                     << (unsigned)(unsigned char)byte
                     << ", which is not a bool (0 or 1)";
        return failure();
      }
  return type;
}

FailureOr<HostTensor> hostTensorOf(const pb::TensorValue &value,
                                   TraceDiagnostics &diag, StringRef what) {
  StringRef bytes;
  FailureOr<RankedTensorType> type = checkedValueType(value, diag, what, &bytes);
  if (failed(type))
    return failure();
  HostTensor tensor;
  tensor.type = *type;
  tensor.data.assign(bytes.begin(), bytes.end());
  return tensor;
}

/// An ElementsAttr holding exactly the recorded bytes. Large values become
/// dense_resource blobs (printed once in the resource section); i1 values are
/// unpacked into a DenseElementsAttr. Bytes inside `mapped` (the mapped
/// weights file) are not copied: the blob keeps the mapping alive.
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

/// MLIR location of an event: the user frames as a call-site chain (innermost
/// first), named by the module path when one was active.
Location locationOf(const pb::Location &loc, MLIRContext *ctx,
                    StringRef filename) {
  if (loc.frames().empty())
    return FileLineColLoc::get(ctx, filename, 0, 0);
  auto frameLoc = [&](const pb::Frame &f) -> Location {
    return FileLineColLoc::get(ctx, f.file(), f.line(), f.column());
  };
  Location result = frameLoc(loc.frames(loc.frames_size() - 1));
  for (int i = loc.frames_size() - 2; i >= 0; --i)
    result = CallSiteLoc::get(frameLoc(loc.frames(i)), result);
  if (!loc.module_path().empty())
    result = NameLoc::get(StringAttr::get(ctx, loc.module_path()), result);
  return result;
}

/// Whether two events have the same MLIR location (consecutive events often
/// do: the ops of one line, of one module call): comparing is cheaper than
/// uniquing the location again.
bool sameLocation(const pb::Location &a, const pb::Location &b) {
  if (a.frames_size() != b.frames_size() || a.module_path() != b.module_path())
    return false;
  for (int i = 0, e = a.frames_size(); i < e; ++i) {
    const pb::Frame &fa = a.frames(i), &fb = b.frames(i);
    if (fa.line() != fb.line() || fa.column() != fb.column() ||
        fa.file() != fb.file())
      return false;
  }
  return true;
}

uint64_t activationOf(const pb::Location &loc) {
  return loc.frames().empty() ? 0 : loc.frames(0).activation();
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

class TraceImporter {
public:
  TraceImporter(const pb::Trace &trace, TraceDiagnostics &diag)
      : trace(trace), diag(diag), ctx(diag.context), builder(ctx),
        exact(clExact) {}

  OwningOpRef<ModuleOp> import();

private:
  LogicalResult importParameters(ModuleOp module);
  LogicalResult importRun(int64_t index, const pb::Run &run);
  LogicalResult importOp(const pb::OpEvent &op, Location loc);
  LogicalResult importFunctionCall(const pb::FunctionCallEvent &call,
                                   Location loc, int64_t activation);
  LogicalResult importScalarRead(const pb::ScalarReadEvent &read,
                                 Location loc, int64_t activation);
  /// The value of tensor id `id` if it is bound in this run or is a
  /// parameter/constant (without materializing it), else null.
  bool isDefined(uint64_t id) const {
    return values.count(id) || parameters.count(id) || constants.count(id);
  }
  FailureOr<Value> lookup(uint64_t id, const Twine &what);
  LogicalResult convertArgument(const pb::Argument &arg,
                                SmallVectorImpl<Value> &operands,
                                SmallVectorImpl<Attribute> &operandNames,
                                SmallVectorImpl<NamedAttribute> &args,
                                SmallVectorImpl<int64_t> &firstOperandOfArg,
                                bool noneInLists = false);
  /// --pynative-exact: what the IR of an event does not say.
  Attribute exactLocation(const pb::Event &event);
  void exactArguments(const google::protobuf::RepeatedPtrField<pb::Argument> &,
                      StringRef prefix, SmallVectorImpl<NamedAttribute> &out);
  FailureOr<ElementsAttr> exactValue(const pb::TensorValue &value,
                                     StringRef what, StringRef blobName);
  LogicalResult addExactEvent(const pb::Event &event, Operation *op);

  const pb::Trace &trace;
  TraceDiagnostics &diag;
  MLIRContext *ctx;
  OpBuilder builder;
  /// Parameters and constants by tensor id (module-wide).
  llvm::DenseMap<uint64_t, pynative::ParameterOp> parameters;
  llvm::DenseMap<uint64_t, const pb::Constant *> constants;
  /// Location of the event being imported.
  std::optional<Location> currentLoc;
  /// Current SSA value of each tensor id inside the run being imported.
  llvm::DenseMap<uint64_t, Value> values;
  /// Function-level calls recorded so far in the file: id -> name.
  llvm::DenseMap<uint64_t, std::string> calls;
  /// --pynative-exact: record what the IR leaves out (see TraceExport.cpp).
  bool exact;
  /// --pynative-exact: the value attribute of each constant, made once.
  llvm::DenseMap<uint64_t, ElementsAttr> constantValues;
};

/// Kind letters of `pynative.exact` argument lists (TraceExport.cpp reads them).
static char argumentKind(const pb::Argument &arg) {
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
  return llvm::is_contained({"float32", "float16", "bfloat16", "float64", "bool",
                             "uint8", "int8", "int16", "int32", "int64"},
                            name);
}

Attribute TraceImporter::exactLocation(const pb::Event &event) {
  if (!event.has_loc())
    return {};
  const pb::Location &loc = event.loc();
  SmallVector<Attribute> parts{builder.getStringAttr(loc.module_path()),
                               builder.getStringAttr(loc.module_type())};
  for (const pb::Frame &f : loc.frames())
    parts.push_back(builder.getArrayAttr(
        {builder.getStringAttr(f.file()), builder.getI64IntegerAttr(f.line()),
         builder.getI64IntegerAttr(f.column()),
         builder.getStringAttr(f.function()),
         builder.getI64IntegerAttr((int64_t)f.activation())}));
  return builder.getArrayAttr(parts);
}

/// `<prefix>names` (the names as recorded), `<prefix>kinds` (one kind letter
/// per argument) and, when any argument records its type, `<prefix>types`.
void TraceImporter::exactArguments(
    const google::protobuf::RepeatedPtrField<pb::Argument> &list,
    StringRef prefix, SmallVectorImpl<NamedAttribute> &out) {
  SmallVector<StringRef> names;
  std::string kinds;
  SmallVector<Attribute> types;
  bool anyType = false;
  for (const pb::Argument &arg : list) {
    names.push_back(arg.name());
    char kind = argumentKind(arg);
    if (kind == 'l' && llvm::is_contained(arg.tensors().tensor_ids(), 0u))
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
  FailureOr<RankedTensorType> type = checkedValueType(value, diag, what, &bytes);
  if (failed(type))
    return failure();
  return elementsAttrOf(*type, bytes, blobName, diag.weights);
}

LogicalResult TraceImporter::addExactEvent(const pb::Event &event,
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
    const pb::OpEvent &e = event.op();
    exactArguments(e.args(), "", attrs);
    SmallVector<int64_t> resultIds, aliases;
    SmallVector<Attribute> nullTypes;
    bool anyNullType = false;
    for (const pb::Result &r : e.results()) {
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
    const pb::FunctionCallEvent &call = event.function_call();
    exactArguments(call.args(), "", attrs);
    exactArguments(call.results(), "result_", attrs);
    SmallVector<Attribute> values;
    for (const pb::Argument &r : call.results()) {
      if (r.value_case() == pb::Argument::kTensor) {
        values.push_back(builder.getI64IntegerAttr((int64_t)r.tensor()));
      } else if (r.value_case() == pb::Argument::kTensors) {
        values.push_back(ids(r.tensors().tensor_ids()));
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
  if (trace.format_version() != kTraceFormatVersion) {
    diag.error() << "unsupported trace format version "
                 << trace.format_version() << " (this reader reads version "
                 << kTraceFormatVersion << ")";
    return nullptr;
  }
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
        builder.getNamedAttr("producer", builder.getStringAttr(trace.producer())),
        builder.getNamedAttr("torch_version",
                             builder.getStringAttr(trace.torch_version())),
        builder.getNamedAttr("model", builder.getStringAttr(trace.model())),
        builder.getNamedAttr("constants", builder.getArrayAttr(exactConstants))};
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
    if (failed(importRun(index, run)))
      return nullptr;
    diag.event = -1;
  }
  diag.run = -1;
  return module;
}

LogicalResult TraceImporter::importParameters(ModuleOp module) {
  SymbolTable symbols(module);
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
    if (symbols.lookup(p.name()))
      return diag.error() << what << " is declared twice";
    auto op = pynative::ParameterOp::create(
        builder, FileLineColLoc::get(ctx, diag.filename, 0, 0), p.name(),
        *type, elementsAttrOf(*type, bytes, p.name(), diag.weights),
        p.is_buffer());
    symbols.insert(op);
    if (exact)
      op->setAttr(kExactAttrName,
                  builder.getDictionaryAttr(builder.getNamedAttr(
                      "id", builder.getI64IntegerAttr((int64_t)p.tensor_id()))));
    if (!parameters.try_emplace(p.tensor_id(), op).second)
      return diag.error() << "tensor id " << p.tensor_id()
                          << " names two parameters";
  }
  return success();
}

FailureOr<Value> TraceImporter::lookup(uint64_t id, const Twine &what) {
  auto it = values.find(id);
  if (it != values.end())
    return it->second;
  // A parameter or constant read first appears where its first user ran.
  Location loc = currentLoc ? *currentLoc : builder.getUnknownLoc();
  if (auto param = parameters.lookup(id)) {
    Value v = pynative::GetParameterOp::create(builder, loc, param.getType(),
                                               param.getSymName());
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
                                diag.weights);
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
    const pb::Argument &arg, SmallVectorImpl<Value> &operands,
    SmallVectorImpl<Attribute> &operandNames,
    SmallVectorImpl<NamedAttribute> &args,
    SmallVectorImpl<int64_t> &firstOperandOfArg, bool noneInLists) {
  std::string unnamed;
  StringRef name = arg.name();
  if (name.empty())
    name = unnamed = "arg" + std::to_string(firstOperandOfArg.size());
  firstOperandOfArg.push_back(operands.size());
  auto addOperand = [&](uint64_t id) -> LogicalResult {
    FailureOr<Value> v = lookup(id, Twine("argument '") + name + "'");
    if (failed(v))
      return failure();
    operands.push_back(*v);
    operandNames.push_back(builder.getStringAttr(name));
    return success();
  };
  auto addAttr = [&](Attribute attr) {
    args.push_back(builder.getNamedAttr(name, attr));
    return success();
  };
  switch (arg.value_case()) {
  case pb::Argument::kTensor: {
    if (failed(addOperand(arg.tensor())))
      return failure();
    if (!arg.has_type())
      return success();
    FailureOr<RankedTensorType> recorded =
        tensorTypeOf(arg.type(), diag, "argument '" + name + "'");
    if (failed(recorded))
      return failure();
    if (operands.back().getType() != *recorded)
      return diag.error() << "argument '" << name << "' is recorded as "
                          << *recorded << " but tensor id " << arg.tensor()
                          << " is " << operands.back().getType();
    return success();
  }
  case pb::Argument::kIntValue:
    return addAttr(builder.getI64IntegerAttr(arg.int_value()));
  case pb::Argument::kFloatValue:
    return addAttr(builder.getF64FloatAttr(arg.float_value()));
  case pb::Argument::kBoolValue:
    return addAttr(builder.getBoolAttr(arg.bool_value()));
  case pb::Argument::kStringValue:
    return addAttr(builder.getStringAttr(arg.string_value()));
  case pb::Argument::kInts:
    return addAttr(builder.getDenseI64ArrayAttr(SmallVector<int64_t>(
        arg.ints().values().begin(), arg.ints().values().end())));
  case pb::Argument::kFloats:
    return addAttr(builder.getDenseF64ArrayAttr(SmallVector<double>(
        arg.floats().values().begin(), arg.floats().values().end())));
  case pb::Argument::kTensors: {
    if (noneInLists &&
        llvm::is_contained(arg.tensors().tensor_ids(), uint64_t(0))) {
      // Only the ids: a pynative.call's operands cannot hold a None.
      SmallVector<int64_t> ids;
      for (uint64_t id : arg.tensors().tensor_ids()) {
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
    for (auto [position, id] : llvm::enumerate(arg.tensors().tensor_ids())) {
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

LogicalResult TraceImporter::importOp(const pb::OpEvent &op, Location loc) {
  if (op.name().empty())
    return diag.error() << "op event without an op name";
  SmallVector<Value> operands;
  SmallVector<Attribute> operandNames;
  SmallVector<NamedAttribute> args;
  SmallVector<int64_t> firstOperandOfArg;
  for (const pb::Argument &arg : op.args())
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
  SmallVector<const pb::Result *> tensorResults;
  for (const pb::Result &r : op.results())
    if (r.tensor_id() != 0)
      tensorResults.push_back(&r);
  for (const pb::Result *rp : tensorResults) {
    const pb::Result &r = *rp;
    FailureOr<RankedTensorType> type =
        tensorTypeOf(r.type(), diag, Twine(op.name()) + " result");
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
      return diag.error() << op.name() << ": result " << i << " redefines tensor id "
                          << id << ", which is defined before and is not an "
                                   "argument of this op";
    Type before = operands[firstOperandOfArg[argIndex]].getType();
    bool inPlace = llvm::is_contained(op.mutated_args(), argIndex) ||
                   rp->alias_of() == argIndex;
    if (!inPlace && before != resultTypes[i])
      return diag.error() << op.name() << ": result " << i << " redefines tensor id "
                          << id << " (argument '" << op.args(argIndex).name()
                          << "') with type " << resultTypes[i] << " (was "
                          << before << ") without an in-place op";
  }
  auto recorded = pynative::RecordedOp::create(
      builder, loc, resultTypes, op.name(), operands,
      builder.getArrayAttr(operandNames), builder.getDictionaryAttr(args),
      mutated, aliases);
  if (op.function_call() != 0) {
    auto it = calls.find(op.function_call());
    if (it == calls.end())
      return diag.error() << op.name() << " names function call "
                          << op.function_call()
                          << ", which is not recorded before it";
    recorded->setAttr("function", builder.getStringAttr(it->second));
    recorded->setAttr("function_call",
                      builder.getI64IntegerAttr(op.function_call()));
  }
  for (auto [r, value] : llvm::zip(tensorResults, recorded.getResults())) {
    // An in-place result keeps its tensor id: the id now names the new value,
    // which makes the run functional (SSA) for every later reader.
    values[r->tensor_id()] = value;
  }
  return success();
}

LogicalResult TraceImporter::importFunctionCall(
    const pb::FunctionCallEvent &call, Location loc, int64_t activation) {
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
  if (!clFunctionCalls && !exact) {
    // Only check the tensor ids; materializing parameters here would give
    // them the call's location instead of their first op's.
    for (const pb::Argument &arg : call.args()) {
      SmallVector<uint64_t> ids;
      if (arg.value_case() == pb::Argument::kTensor)
        ids.push_back(arg.tensor());
      else if (arg.value_case() == pb::Argument::kTensors)
        ids.append(arg.tensors().tensor_ids().begin(),
                   arg.tensors().tensor_ids().end());
      for (uint64_t id : ids)
        if (id != 0 && !isDefined(id))
          return diag.error() << "function call '" << call.name()
                              << "' argument '" << arg.name()
                              << "' uses tensor id " << id
                              << " before it is defined";
    }
    return success();
  }
  SmallVector<Value> operands;
  SmallVector<Attribute> operandNames;
  SmallVector<NamedAttribute> args, returned;
  SmallVector<int64_t> firstOperandOfArg;
  for (const pb::Argument &arg : call.args())
    if (failed(convertArgument(arg, operands, operandNames, args,
                               firstOperandOfArg, /*noneInLists=*/exact)))
      return failure();
  // Results: only the non-tensor ones become attributes; the tensors are
  // defined by the ops the call runs after this event.
  for (const pb::Argument &r : call.results()) {
    if (r.value_case() == pb::Argument::kTensor ||
        r.value_case() == pb::Argument::kTensors)
      continue;
    SmallVector<Value> noOperands;
    SmallVector<Attribute> noNames;
    SmallVector<int64_t> noIndex;
    if (failed(convertArgument(r, noOperands, noNames, returned, noIndex)))
      return failure();
  }
  pynative::CallOp::create(
      builder, loc, call.name(), call.id(), call.parent(), operands,
      builder.getArrayAttr(operandNames), builder.getDictionaryAttr(args),
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
    values = builder.getDenseF64ArrayAttr(SmallVector<double>(
        read.values().begin(), read.values().end()));
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

LogicalResult TraceImporter::importRun(int64_t index, const pb::Run &run) {
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
  // Flags of this run; absent means false (proto3 cannot tell false from unset).
  if (run.training())
    trace->setAttr("training", builder.getUnitAttr());
  if (run.grad_enabled())
    trace->setAttr("grad_enabled", builder.getUnitAttr());
  if (!run.rng_state().empty()) {
    auto type = RankedTensorType::get(
        {(int64_t)run.rng_state().size()},
        IntegerType::get(ctx, 8, IntegerType::Unsigned));
    trace->setAttr("rng_state",
                   elementsAttrOf(type, run.rng_state(),
                                  "rng_state_" + std::to_string(index)));
  }
  OpBuilder::InsertionGuard guard(builder);
  Block *body = builder.createBlock(&trace.getBody());
  for (auto [type, id] : llvm::zip(inputTypes, inputIds)) {
    Value arg = body->addArgument(type, trace.getLoc());
    if (id == 0 || !values.try_emplace(id, arg).second)
      return diag.error() << "input tensor id " << id << " is repeated or 0";
  }
  const pb::Location *previous = nullptr;
  Location loc = builder.getUnknownLoc();
  for (auto [i, event] : llvm::enumerate(run.events())) {
    diag.event = i;
    if (!previous || !sameLocation(*previous, event.loc()))
      loc = locationOf(event.loc(), ctx, diag.filename);
    previous = &event.loc();
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
        return diag.error() << "branch predicate tensor id "
                            << event.branch().predicate() << " has "
                            << numElements
                            << " elements (bool() needs exactly one)";
      auto kind = static_cast<pynative::BranchKind>(event.branch().kind());
      if (!pynative::symbolizeBranchKind(event.branch().kind()))
        return diag.error() << "branch has unknown kind "
                            << event.branch().kind();
      pynative::BranchOp::create(builder, loc, *p, event.branch().value(),
                                 kind, activation);
      break;
    }
    case pb::Event::kScalarRead:
      if (failed(importScalarRead(event.scalar_read(), loc, activation)))
        return failure();
      break;
    case pb::Event::kLoopIter:
      if (event.loop_iter().iteration() < 0)
        return diag.error() << "loop iteration "
                            << event.loop_iter().iteration()
                            << " is negative";
      pynative::LoopIterOp::create(builder, loc,
                                   event.loop_iter().iteration(), activation);
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
        FailureOr<ElementsAttr> value = exactValue(
            entry.value(), name,
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

FailureOr<std::vector<RecordedRun>>
mlir::ascend::readRecordedRuns(StringRef bytes, StringRef filename,
                               MLIRContext *context) {
  TraceDiagnostics diag{context, filename};
  std::unique_ptr<google::protobuf::Arena> arena = traceArena();
  pb::Trace *trace = parseTraceBytes(bytes, diag, *arena);
  if (!trace)
    return failure();
  std::vector<RecordedRun> runs;
  for (auto [index, run] : llvm::enumerate(trace->runs())) {
    diag.run = index;
    RecordedRun &values = runs.emplace_back();
    for (auto [i, input] : llvm::enumerate(run.inputs())) {
      FailureOr<HostTensor> t =
          hostTensorOf(input.value(), diag, "input " + std::to_string(i));
      if (failed(t))
        return failure();
      values.inputs.push_back(std::move(*t));
    }
    for (auto [i, output] : llvm::enumerate(run.outputs())) {
      FailureOr<HostTensor> t =
          hostTensorOf(output.value(), diag, "output " + std::to_string(i));
      if (failed(t))
        return failure();
      values.outputs.push_back(std::move(*t));
    }
  }
  return runs;
}

FailureOr<std::vector<std::pair<std::string, HostTensor>>>
mlir::ascend::readRecordedParameters(StringRef bytes, StringRef filename,
                                     MLIRContext *context) {
  TraceDiagnostics diag{context, filename};
  std::unique_ptr<google::protobuf::Arena> arena = traceArena();
  pb::Trace *trace = parseTraceBytes(bytes, diag, *arena);
  if (!trace)
    return failure();
  std::vector<std::pair<std::string, HostTensor>> params;
  for (const pb::Parameter &p : trace->parameters()) {
    FailureOr<HostTensor> t =
        hostTensorOf(p.value(), diag, "parameter '" + p.name() + "'");
    if (failed(t))
      return failure();
    params.emplace_back(p.name(), std::move(*t));
  }
  return params;
}

/// Imports and, when `verifyModule`, verifies the result (mlir-translate
/// verifies what a translation returns itself).
static OwningOpRef<ModuleOp> importTraceBytes(StringRef bytes, StringRef filename,
                                         MLIRContext *context,
                                         bool verifyModule) {
  context->loadDialect<pynative::PyNativeDialect>();
  TraceDiagnostics diag{context, filename};
  std::unique_ptr<google::protobuf::Arena> arena = traceArena();
  pb::Trace *trace = parseTraceBytes(bytes, diag, *arena);
  if (!trace)
    return nullptr;
  OwningOpRef<ModuleOp> module = TraceImporter(*trace, diag).import();
  if (module && verifyModule && failed(verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp> mlir::ascend::importPyNativeTrace(StringRef bytes,
                                                        StringRef filename,
                                                        MLIRContext *context) {
  return importTraceBytes(bytes, filename, context, /*verifyModule=*/true);
}

void mlir::ascend::registerPyNativeTraceTranslation() {
  TranslateToMLIRRegistration importTrace(
      "import-pynative-trace",
      "import an eager trace (.pntrace) into the pynative dialect",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        // mlir-translate verifies the module.
        return importTraceBytes(buffer->getBuffer(), buffer->getBufferIdentifier(),
                           context, /*verifyModule=*/false);
      },
      [](DialectRegistry &registry) {
        registry.insert<pynative::PyNativeDialect>();
      });
  registerPyNativeTraceExport();
}
