//===- TraceFile.cpp - a .pntrace file, read and checked ------------------===//
//
// See TraceFile.h.
//
//===----------------------------------------------------------------------===//
#include "TraceFile.h"
#include "TraceTextCheck.h"
#include "TraceWireCheck.h"

#include "llvm/ADT/StringExtras.h"

#include "PyNativeTrace.pb.h"
#include <google/protobuf/arena.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::trace;
using namespace mlir::ascend::trace::wire;

namespace {

/// Parses the TensorValue `bytes` into `value` except its `data`, whose
/// bytes (a view of `bytes`; the last occurrence wins, as in protobuf) go to
/// `inlineData`.
bool parseValueExceptData(
    StringRef bytes, pb::TensorValue &value,
    llvm::DenseMap<const pb::TensorValue *, StringRef> &inlineData) {
  return parseExcept(bytes, value, {kTensorValueDataField, 0, 0},
                     [&](uint32_t, StringRef data) {
                       inlineData[&value] = data;
                       return true;
                     });
}

/// Parses the Parameter or Constant `bytes` into `message`, whose
/// TensorValue field is `valueField` and `value` (the same field, made on
/// first use), without copying the value's inline data (parseValueExceptData).
template <typename MessageT>
bool parseHolderExceptData(
    StringRef bytes, MessageT &message, uint32_t valueField,
    llvm::DenseMap<const pb::TensorValue *, StringRef> &inlineData) {
  return parseExcept(bytes, message, {valueField, 0, 0},
                     [&](uint32_t, StringRef value) {
                       return parseValueExceptData(
                           value, *message.mutable_value(), inlineData);
                     });
}

} // namespace

/// An arena for the parsed parts of a trace other than the events (the
/// header: parameters, constants, each run's inputs and outputs).
std::unique_ptr<google::protobuf::Arena> trace::traceArena() {
  google::protobuf::ArenaOptions options;
  options.start_block_size = 64 << 10;
  options.max_block_size = 4 << 20;
  return std::make_unique<google::protobuf::Arena>(options);
}

/// Splits the binary trace `bytes` into `contents` (header allocated in
/// `arena`); false when `bytes` is not a binary trace. The inline data of
/// parameters and constants (the weights) is not copied into the header:
/// views of it go to `inlineData`.
bool trace::splitBinaryTrace(
    StringRef bytes, TraceContents &contents, google::protobuf::Arena &arena,
    llvm::DenseMap<const pb::TensorValue *, StringRef> &inlineData) {
  contents.binary = bytes;
  contents.header = google::protobuf::Arena::CreateMessage<pb::Trace>(&arena);
  contents.runs.clear();
  inlineData.clear();
  pb::Trace &header = *contents.header;
  return parseExcept(
      bytes, header,
      {kTraceRunsField, kTraceParametersField, kTraceConstantsField},
      [&](uint32_t field, StringRef payload) {
        if (field == kTraceParametersField)
          return parseHolderExceptData(payload, *header.add_parameters(),
                                       kParameterValueField, inlineData);
        if (field == kTraceConstantsField)
          return parseHolderExceptData(payload, *header.add_constants(),
                                       kConstantValueField, inlineData);
        contents.runs.push_back(payload);
        return parseExcept(payload, *header.add_runs(), {kRunEventsField, 0, 0},
                           [](uint32_t, StringRef) { return true; });
      });
}

/// Reports where the binary trace `bytes` is damaged (TraceWireCheck.h):
/// success when a damaged place was found and reported.
LogicalResult trace::reportWireDamage(StringRef bytes, TraceDiagnostics &diag) {
  std::optional<trace::WireDamage> damage = trace::locateWireDamage(bytes);
  if (!damage)
    return failure();
  diag.run = damage->run;
  diag.event = damage->event;
  diag.error() << "damaged binary trace: " << damage->problem;
  return success();
}

/// Reads the trace in `bytes` (binary protobuf, else protobuf text) into
/// `contents`, with its header in `arena`; failure after an error.
LogicalResult trace::readTrace(StringRef bytes, TraceDiagnostics &diag,
                               google::protobuf::Arena &arena,
                               TraceContents &contents) {
  if (bytes.empty())
    return diag.error() << "file is empty";
  // A damaged file is reported below, by place (reportWireDamage): not also
  // by protobuf's own log lines (e.g. a string that is not UTF-8).
  google::protobuf::LogSilencer quietProtobuf;
  if (splitBinaryTrace(bytes, contents, arena, diag.inlineData))
    return success();
  // Keep the text parser's complaint (line, column, what) for our own
  // message instead of letting protobuf print it to stderr.
  struct FirstError : google::protobuf::io::ErrorCollector {
    std::string text, message;
    int line = 0, column = 0;
    void AddError(int line, int column, const std::string &message) override {
      if (!text.empty())
        return;
      text = "line " + std::to_string(line + 1) + ", column " +
             std::to_string(column + 1) + ": " + message;
      this->message = message;
      this->line = line;
      this->column = column;
    }
  } errors;
  google::protobuf::TextFormat::Parser parser;
  parser.AllowUnknownField(false);
  parser.RecordErrorsTo(&errors);
  auto *trace = google::protobuf::Arena::CreateMessage<pb::Trace>(&arena);
  if (parser.ParseFromString(std::string(bytes), trace)) {
    // One way in: the text trace is read as its binary form.
    contents.binaryOfText = trace->SerializeAsString();
    if (splitBinaryTrace(contents.binaryOfText, contents, arena,
                         diag.inlineData))
      return success();
  }
  bool looksLikeText = llvm::all_of(bytes.take_front(256), [](char c) {
    return llvm::isPrint(c) || llvm::isSpace(c);
  });
  if (looksLikeText && !errors.text.empty()) {
    diag.line = errors.line + 1;
    diag.column = errors.column + 1;
    // A parse that fails at the file's last token: the file is cut short
    // (TraceTextCheck.h), not written wrong.
    if (std::optional<trace::TextCut> cut =
            trace::locateTextCut(bytes, errors.line, errors.column)) {
      diag.run = cut->run;
      diag.event = cut->event;
      diag.line = cut->endLine;
      diag.column = cut->endColumn;
      InFlightDiagnostic d = diag.error();
      d << "the text trace is cut short: the file ends at line " << cut->endLine
        << ", column " << cut->endColumn;
      if (cut->openCount)
        d << ", inside " << cut->openMessage << " (" << cut->openCount
          << (cut->openCount == 1 ? " message" : " messages") << " not closed)";
      else
        d << ", in a field of the trace";
      return d << " (the parser's complaint: " << errors.message << ")";
    }
    // MLIR text given where a trace belongs (e.g. ascend-compile m.mlir).
    StringRef start = bytes.ltrim();
    if (start.starts_with("module") || start.starts_with("func.func") ||
        start.starts_with("\"builtin.module\"")) {
      StringRef before = bytes.take_front(start.data() - bytes.data());
      diag.line = before.count('\n') + 1;
      diag.column = before.size() - (before.rfind('\n') + 1) + 1;
      return diag.error() << "not a trace file: this is MLIR text, not a "
                             "recorded trace (.pntrace); ascend-compile and "
                             "--import-pynative-trace read traces, ascend-opt "
                             "reads MLIR";
    }
    return diag.error() << "not a trace file: as protobuf text, "
                        << errors.text;
  }
  // A compiled model given where a trace belongs (ascend-compile m.mindir).
  if (!looksLikeText && diag.filename.ends_with(".mindir"))
    return diag.error() << "not a trace file: a .mindir file is a compiled "
                           "MindIR model, not a recorded trace (.pntrace); "
                           "ascend-translate --import-mindir reads it";
  if (!looksLikeText && succeeded(reportWireDamage(bytes, diag)))
    return failure();
  return diag.error() << "not a trace file: neither binary nor text protobuf "
                         "of ascend.trace.Trace (truncated or corrupt?)";
}

LogicalResult trace::checkFormatVersion(const pb::Trace &header,
                                        TraceDiagnostics &diag) {
  if (header.format_version() == kTraceFormatVersion)
    return success();
  diag.error() << "unsupported trace format version " << header.format_version()
               << " (this reader reads version " << kTraceFormatVersion << ")";
  return failure();
}

/// MLIR element type of a trace dtype, or null for an unknown dtype.
Type trace::elementTypeOf(pb::DType dtype, MLIRContext *ctx) {
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

/// The bytes of a value: its `data`, or its range of the weights file.
FailureOr<StringRef> trace::valueBytes(const pb::TensorValue &value,
                                       TraceDiagnostics &diag, StringRef what) {
  auto inlineIt = diag.inlineData.find(&value);
  StringRef inlineBytes =
      inlineIt != diag.inlineData.end() ? inlineIt->second : value.data();
  if (!value.has_external())
    return inlineBytes;
  std::string path = (diag.filename + ".weights").str();
  if (!inlineBytes.empty()) {
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
FailureOr<RankedTensorType>
trace::checkedValueType(const pb::TensorValue &value, TraceDiagnostics &diag,
                        StringRef what, StringRef *bytes) {
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
    diag.error() << what << " holds " << data->size() << " bytes but its type "
                 << *type << " needs " << expected;
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

FailureOr<HostTensor> trace::hostTensorOf(const pb::TensorValue &value,
                                          TraceDiagnostics &diag,
                                          StringRef what) {
  StringRef bytes;
  FailureOr<RankedTensorType> type =
      checkedValueType(value, diag, what, &bytes);
  if (failed(type))
    return failure();
  HostTensor tensor;
  tensor.type = *type;
  tensor.data.assign(bytes.begin(), bytes.end());
  return tensor;
}

/// The buffer of `diag` (the weights file, or the trace file when the caller
/// handed it over) that holds all of `data`, or null.
std::shared_ptr<llvm::MemoryBuffer>
trace::bufferHolding(StringRef data, const TraceDiagnostics &diag) {
  for (const std::shared_ptr<llvm::MemoryBuffer> &buffer :
       {diag.weights, diag.traceFile})
    if (buffer && data.begin() >= buffer->getBufferStart() &&
        data.end() <= buffer->getBufferEnd())
      return buffer;
  return nullptr;
}
