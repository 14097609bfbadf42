//===- TraceWireDecoder.h - the trace's protobuf wire, decoded -*- C++ -*-===//
//
// The first layer of the trace importer (TraceImport.cpp): reading the
// protobuf wire format of a .pntrace file (lib/Trace/PyNativeTrace.proto)
// without the generated parser for the parts that are large (the events of
// each run, the weights), into views whose strings point into the file's
// bytes. Internal to lib/Trace; tested by unittests/Trace.
//
// Every decoder returns false on malformed bytes (a cut varint, a length
// past the end, a string that is not UTF-8, a wire type a field cannot
// have); none aborts or reads outside the bytes it is given.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TRACE_TRACEWIREDECODER_H
#define ASCEND_LIB_TRACE_TRACEWIREDECODER_H

#include "PyNativeTrace.pb.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Endian.h"
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/message_lite.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace mlir::ascend::trace::wire {
namespace pb = ::ascend::trace;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::SmallVectorImpl;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Streaming the protobuf wire format
//===----------------------------------------------------------------------===//
//
// A trace of a million events would be millions of small messages if parsed
// whole. Instead the file is split at the wire level: everything but the
// events is parsed by the generated code into a `pb::Trace` (the header,
// whose runs hold no events; parsing its fields segment by segment gives the
// same message as parsing them together, as protobuf merges repeated
// occurrences of a message field and keeps the last value of a scalar), and
// the events of each run are decoded one at a time, while they are imported,
// into a reused view (EventReader, below).

/// Protobuf wire types (the low 3 bits of a field's tag).
enum WireType : unsigned {
  kVarint = 0,
  kFixed64 = 1,
  kLengthDelimited = 2,
  kStartGroup = 3,
  kEndGroup = 4,
  kFixed32 = 5,
};

/// Nesting limit for unknown groups skipped by readField (protobuf's
/// default recursion limit).
constexpr int kMaxGroupDepth = 100;

/// Field numbers of the messages split here (lib/Trace/PyNativeTrace.proto).
constexpr uint32_t kTraceRunsField = 8;
constexpr uint32_t kRunEventsField = 2;
constexpr uint32_t kTraceParametersField = 6;
constexpr uint32_t kTraceConstantsField = 7;
constexpr uint32_t kParameterValueField = 4;
constexpr uint32_t kConstantValueField = 2;
constexpr uint32_t kTensorValueDataField = 2;
constexpr uint32_t kEventLocField = 1;

/// Reads a base-128 varint of at most 10 bytes at `p`; false when it is
/// truncated or longer.
LLVM_ATTRIBUTE_ALWAYS_INLINE bool readVarint(const char *&p, const char *end,
                                             uint64_t &value) {
  // Most varints of a trace (tags, lengths, ids, dimensions) are one byte.
  if (LLVM_LIKELY(p != end && static_cast<uint8_t>(*p) < 0x80)) {
    value = static_cast<uint8_t>(*p++);
    return true;
  }
  value = 0;
  for (unsigned shift = 0; shift < 70; shift += 7) {
    if (p == end)
      return false;
    uint8_t byte = static_cast<uint8_t>(*p++);
    value |= uint64_t(byte & 0x7f) << shift;
    if (!(byte & 0x80))
      return true;
  }
  return false;
}

/// One field of a serialized message.
struct WireField {
  uint32_t number = 0;
  unsigned wireType = 0;
  /// A length-delimited field's contents (a message, string or packed list).
  StringRef payload;
  /// A varint, fixed64 or fixed32 field's value.
  uint64_t value = 0;
};

// A template (not `inline`, which GCC will not combine with noinline), so
// that the header may define it.
template <int = 0>
LLVM_ATTRIBUTE_NOINLINE bool skipGroup(const char *&p, const char *end,
                                      uint32_t number, int depth);

/// Reads the field at `p` and moves `p` past it; false when the bytes are
/// not a well-formed field (bad tag, truncated value, unmatched group).
LLVM_ATTRIBUTE_ALWAYS_INLINE bool readField(const char *&p, const char *end,
                                            WireField &field, int depth = 0) {
  uint64_t tag, value;
  if (!readVarint(p, end, tag) || tag > UINT32_MAX || (tag >> 3) == 0)
    return false;
  field.number = tag >> 3;
  field.wireType = tag & 7;
  field.payload = {};
  field.value = 0;
  switch (field.wireType) {
  case kVarint:
    return readVarint(p, end, field.value);
  case kFixed64:
    if (end - p < 8)
      return false;
    field.value = llvm::support::endian::read64le(p);
    p += 8;
    return true;
  case kFixed32:
    if (end - p < 4)
      return false;
    field.value = llvm::support::endian::read32le(p);
    p += 4;
    return true;
  case kLengthDelimited:
    if (!readVarint(p, end, value) || value > uint64_t(end - p) ||
        value > uint64_t(INT32_MAX))
      return false;
    field.payload = StringRef(p, value);
    p += value;
    return true;
  case kStartGroup:
    return skipGroup(p, end, field.number, depth);
  default: // an end tag outside a group, or wire type 6 or 7
    return false;
  }
}

/// Skips the fields of an unknown group (field `number`) up to its end tag.
template <int>
LLVM_ATTRIBUTE_NOINLINE bool skipGroup(const char *&p, const char *end,
                                       uint32_t number, int depth) {
  if (depth >= kMaxGroupDepth)
    return false;
  for (;;) {
    const char *next = p;
    uint64_t tag;
    if (!readVarint(next, end, tag))
      return false;
    if ((tag & 7) == kEndGroup) {
      p = next;
      return (tag >> 3) == number;
    }
    WireField inner;
    if (!readField(p, end, inner, depth + 1))
      return false;
  }
}

//===----------------------------------------------------------------------===//
// Decoding the event messages
//===----------------------------------------------------------------------===//
//
// The events are decoded here into views rather than parsed into protobuf
// messages: the generated parser spends most of its time on bookkeeping for
// these small messages (allocating and clearing submessages and strings).
// A view's strings point into the trace bytes, and its lists are reused
// from event to event. The accessors are named as protobuf's, and the
// decoding gives what protobuf would: a repeated scalar field may be packed
// or not, a repeated occurrence of a message field merges into it, a oneof
// member replaces another one, a field of an unexpected wire type is an
// unknown field and skipped, and a string must be valid UTF-8 (proto3).
// A decoder returns false when the bytes are malformed.

/// Whether `s` is valid UTF-8.
inline bool isValidUTF8(StringRef s) {
  // ASCII (the usual case), eight bytes at a time.
  uint64_t high = 0;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8)
    high |= llvm::support::endian::read64le(s.data() + i);
  for (; i < s.size(); ++i)
    high |= static_cast<uint8_t>(s[i]);
  if (!(high & 0x8080808080808080ull))
    return true;
  const auto *begin = reinterpret_cast<const llvm::UTF8 *>(s.begin());
  return llvm::isLegalUTF8String(
      &begin, reinterpret_cast<const llvm::UTF8 *>(s.end()));
}

/// Sets `out` to a string field's value; false when it is not valid UTF-8.
inline bool decodeString(const WireField &field, StringRef &out) {
  out = field.payload;
  return isValidUTF8(out);
}

/// Appends the values of a repeated varint field (one value, or a packed
/// list), converted to T.
template <typename T>
inline bool decodeVarints(const WireField &field, SmallVectorImpl<T> &out) {
  if (field.wireType == kVarint) {
    out.push_back(static_cast<T>(field.value));
    return true;
  }
  if (field.wireType != kLengthDelimited)
    return true; // an unknown field
  const char *p = field.payload.begin(), *end = field.payload.end();
  while (p != end) {
    uint64_t value;
    if (!readVarint(p, end, value))
      return false;
    out.push_back(static_cast<T>(value));
  }
  return true;
}

/// Appends the values of a repeated double field (one value, or a packed
/// list).
inline bool decodeDoubles(const WireField &field, SmallVectorImpl<double> &out) {
  if (field.wireType == kFixed64) {
    out.push_back(llvm::bit_cast<double>(field.value));
    return true;
  }
  if (field.wireType != kLengthDelimited)
    return true;
  if (field.payload.size() % 8)
    return false;
  for (size_t at = 0; at < field.payload.size(); at += 8)
    out.push_back(llvm::bit_cast<double>(
        llvm::support::endian::read64le(field.payload.data() + at)));
  return true;
}

/// Decodes the fields of `bytes` with `onField(field)`, which returns false
/// for a malformed field.
template <typename OnField>
inline bool decodeFields(StringRef bytes, OnField onField) {
  const char *p = bytes.begin(), *end = bytes.end();
  WireField field;
  while (p != end)
    if (!readField(p, end, field) || !onField(field))
      return false;
  return true;
}

/// A list of views reused from event to event: `add` hands out a cleared
/// element, keeping the capacity of its own lists.
template <typename T>
class ReusedList {
public:
  void clear() { used = 0; }
  T &add() {
    if (used == storage.size())
      storage.emplace_back();
    T &element = storage[used++];
    element.clear();
    return element;
  }
  ArrayRef<T> list() const { return ArrayRef<T>(storage).take_front(used); }

private:
  std::vector<T> storage;
  size_t used = 0;
};

/// ascend.trace.TensorType
struct TensorTypeView {
  int32_t dtypeValue = 0;
  SmallVector<int64_t, 4> dims;

  pb::DType dtype() const { return static_cast<pb::DType>(dtypeValue); }
  ArrayRef<int64_t> shape() const { return dims; }
  void clear() {
    dtypeValue = 0;
    dims.clear();
  }
  bool decode(StringRef bytes) {
    return decodeFields(bytes, [&](const WireField &f) {
      if (f.number == pb::TensorType::kDtypeFieldNumber && f.wireType == kVarint)
        dtypeValue = static_cast<int32_t>(f.value);
      else if (f.number == pb::TensorType::kShapeFieldNumber)
        return decodeVarints(f, dims);
      return true;
    });
  }
};

/// ascend.trace.Argument
struct ArgumentView {
  using ValueCase = pb::Argument::ValueCase;
  StringRef nameValue;
  ValueCase valueCase = pb::Argument::VALUE_NOT_SET;
  uint64_t scalar = 0;  // tensor, int_value, float_value (bits), bool_value, none
  StringRef text;       // string_value, dtype_value
  SmallVector<int64_t, 4> intList;
  SmallVector<double, 2> floatList;
  SmallVector<uint64_t, 4> tensorList;
  bool hasType = false;
  TensorTypeView typeValue;

  StringRef name() const { return nameValue; }
  ValueCase value_case() const { return valueCase; }
  uint64_t tensor() const { return is(pb::Argument::kTensor) ? scalar : 0; }
  int64_t int_value() const {
    return is(pb::Argument::kIntValue) ? static_cast<int64_t>(scalar) : 0;
  }
  double float_value() const {
    return is(pb::Argument::kFloatValue) ? llvm::bit_cast<double>(scalar) : 0;
  }
  bool bool_value() const { return is(pb::Argument::kBoolValue) && scalar; }
  StringRef string_value() const {
    return is(pb::Argument::kStringValue) ? text : StringRef();
  }
  StringRef dtype_value() const {
    return is(pb::Argument::kDtypeValue) ? text : StringRef();
  }
  ArrayRef<int64_t> ints() const {
    return is(pb::Argument::kInts) ? ArrayRef<int64_t>(intList) : ArrayRef<int64_t>();
  }
  ArrayRef<double> floats() const {
    return is(pb::Argument::kFloats) ? ArrayRef<double>(floatList) : ArrayRef<double>();
  }
  ArrayRef<uint64_t> tensor_ids() const {
    return is(pb::Argument::kTensors) ? ArrayRef<uint64_t>(tensorList)
                                      : ArrayRef<uint64_t>();
  }
  bool has_type() const { return hasType; }
  const TensorTypeView &type() const { return typeValue; }

  void clear() {
    nameValue = {};
    valueCase = pb::Argument::VALUE_NOT_SET;
    scalar = 0;
    text = {};
    hasType = false;
  }
  bool decode(StringRef bytes) {
    return decodeFields(bytes, [&](const WireField &f) {
      if (f.wireType == kLengthDelimited) {
        switch (f.number) {
        case pb::Argument::kNameFieldNumber:
          return decodeString(f, nameValue);
        case pb::Argument::kStringValueFieldNumber:
          set(pb::Argument::kStringValue);
          return decodeString(f, text);
        case pb::Argument::kDtypeValueFieldNumber:
          set(pb::Argument::kDtypeValue);
          return decodeString(f, text);
        case pb::Argument::kIntsFieldNumber:
          setList(pb::Argument::kInts);
          return decodeFields(f.payload, [&](const WireField &g) {
            return g.number != pb::IntList::kValuesFieldNumber ||
                   decodeVarints(g, intList);
          });
        case pb::Argument::kFloatsFieldNumber:
          setList(pb::Argument::kFloats);
          return decodeFields(f.payload, [&](const WireField &g) {
            return g.number != pb::FloatList::kValuesFieldNumber ||
                   decodeDoubles(g, floatList);
          });
        case pb::Argument::kTensorsFieldNumber:
          setList(pb::Argument::kTensors);
          return decodeFields(f.payload, [&](const WireField &g) {
            return g.number != pb::TensorList::kTensorIdsFieldNumber ||
                   decodeVarints(g, tensorList);
          });
        case pb::Argument::kTypeFieldNumber:
          if (!hasType)
            typeValue.clear();
          hasType = true;
          return typeValue.decode(f.payload);
        }
        return true;
      }
      if (f.wireType == kFixed64 &&
          f.number == pb::Argument::kFloatValueFieldNumber) {
        set(pb::Argument::kFloatValue, f.value);
        return true;
      }
      if (f.wireType != kVarint)
        return true;
      switch (f.number) {
      case pb::Argument::kTensorFieldNumber:
        set(pb::Argument::kTensor, f.value);
        break;
      case pb::Argument::kIntValueFieldNumber:
        set(pb::Argument::kIntValue, f.value);
        break;
      case pb::Argument::kBoolValueFieldNumber:
        set(pb::Argument::kBoolValue, f.value != 0);
        break;
      case pb::Argument::kNoneFieldNumber:
        set(pb::Argument::kNone, f.value != 0);
        break;
      }
      return true;
    });
  }

private:
  bool is(ValueCase c) const { return valueCase == c; }
  void set(ValueCase c, uint64_t value = 0) {
    valueCase = c;
    scalar = value;
  }
  /// A list member: merges into the same member, replaces another one.
  void setList(ValueCase c) {
    if (valueCase == c)
      return;
    valueCase = c;
    intList.clear();
    floatList.clear();
    tensorList.clear();
  }
};

/// ascend.trace.Result
struct ResultView {
  uint64_t tensorId = 0;
  int32_t aliasOf = 0;
  bool hasType = false;
  TensorTypeView typeValue;

  uint64_t tensor_id() const { return tensorId; }
  int32_t alias_of() const { return aliasOf; }
  bool has_type() const { return hasType; }
  const TensorTypeView &type() const { return typeValue; }
  void clear() {
    tensorId = 0;
    aliasOf = 0;
    hasType = false;
    typeValue.clear();
  }
  bool decode(StringRef bytes) {
    return decodeFields(bytes, [&](const WireField &f) {
      if (f.number == pb::Result::kTypeFieldNumber &&
          f.wireType == kLengthDelimited) {
        hasType = true;
        return typeValue.decode(f.payload);
      }
      if (f.wireType != kVarint)
        return true;
      if (f.number == pb::Result::kTensorIdFieldNumber)
        tensorId = f.value;
      else if (f.number == pb::Result::kAliasOfFieldNumber)
        aliasOf = static_cast<int32_t>(f.value);
      return true;
    });
  }
};

/// ascend.trace.OpEvent
struct OpEventView {
  StringRef nameValue;
  ReusedList<ArgumentView> argList;
  ReusedList<ResultView> resultList;
  SmallVector<int32_t, 2> mutatedArgs;
  uint64_t functionCall = 0;

  StringRef name() const { return nameValue; }
  ArrayRef<ArgumentView> args() const { return argList.list(); }
  int args_size() const { return args().size(); }
  const ArgumentView &args(int i) const { return args()[i]; }
  ArrayRef<ResultView> results() const { return resultList.list(); }
  ArrayRef<int32_t> mutated_args() const { return mutatedArgs; }
  uint64_t function_call() const { return functionCall; }
  void clear() {
    nameValue = {};
    argList.clear();
    resultList.clear();
    mutatedArgs.clear();
    functionCall = 0;
  }
  bool decode(StringRef bytes) {
    return decodeFields(bytes, [&](const WireField &f) {
      if (f.wireType == kLengthDelimited) {
        switch (f.number) {
        case pb::OpEvent::kNameFieldNumber:
          return decodeString(f, nameValue);
        case pb::OpEvent::kArgsFieldNumber:
          return argList.add().decode(f.payload);
        case pb::OpEvent::kResultsFieldNumber:
          return resultList.add().decode(f.payload);
        }
      }
      if (f.number == pb::OpEvent::kMutatedArgsFieldNumber)
        return decodeVarints(f, mutatedArgs);
      if (f.number == pb::OpEvent::kFunctionCallFieldNumber &&
          f.wireType == kVarint)
        functionCall = f.value;
      return true;
    });
  }
};

/// ascend.trace.FunctionCallEvent
struct FunctionCallView {
  uint64_t idValue = 0, parentValue = 0;
  StringRef nameValue;
  ReusedList<ArgumentView> argList, resultList;

  uint64_t id() const { return idValue; }
  StringRef name() const { return nameValue; }
  ArrayRef<ArgumentView> args() const { return argList.list(); }
  ArrayRef<ArgumentView> results() const { return resultList.list(); }
  uint64_t parent() const { return parentValue; }
  void clear() {
    idValue = parentValue = 0;
    nameValue = {};
    argList.clear();
    resultList.clear();
  }
  bool decode(StringRef bytes) {
    return decodeFields(bytes, [&](const WireField &f) {
      if (f.wireType == kLengthDelimited) {
        switch (f.number) {
        case pb::FunctionCallEvent::kNameFieldNumber:
          return decodeString(f, nameValue);
        case pb::FunctionCallEvent::kArgsFieldNumber:
          return argList.add().decode(f.payload);
        case pb::FunctionCallEvent::kResultsFieldNumber:
          return resultList.add().decode(f.payload);
        }
        return true;
      }
      if (f.wireType != kVarint)
        return true;
      if (f.number == pb::FunctionCallEvent::kIdFieldNumber)
        idValue = f.value;
      else if (f.number == pb::FunctionCallEvent::kParentFieldNumber)
        parentValue = f.value;
      return true;
    });
  }
};

/// ascend.trace.Frame
struct FrameView {
  StringRef fileValue, functionValue;
  int32_t lineValue = 0, columnValue = 0;
  uint64_t activationValue = 0;

  StringRef file() const { return fileValue; }
  StringRef function() const { return functionValue; }
  int32_t line() const { return lineValue; }
  int32_t column() const { return columnValue; }
  uint64_t activation() const { return activationValue; }
  void clear() { *this = FrameView(); }
  bool decode(StringRef bytes) {
    return decodeFields(bytes, [&](const WireField &f) {
      if (f.wireType == kLengthDelimited) {
        if (f.number == pb::Frame::kFileFieldNumber)
          return decodeString(f, fileValue);
        if (f.number == pb::Frame::kFunctionFieldNumber)
          return decodeString(f, functionValue);
        return true;
      }
      if (f.wireType != kVarint)
        return true;
      if (f.number == pb::Frame::kLineFieldNumber)
        lineValue = static_cast<int32_t>(f.value);
      else if (f.number == pb::Frame::kColumnFieldNumber)
        columnValue = static_cast<int32_t>(f.value);
      else if (f.number == pb::Frame::kActivationFieldNumber)
        activationValue = f.value;
      return true;
    });
  }
};

/// ascend.trace.Location
struct LocationView {
  ReusedList<FrameView> frameList;
  StringRef modulePath, moduleType;

  ArrayRef<FrameView> frames() const { return frameList.list(); }
  int frames_size() const { return frames().size(); }
  const FrameView &frames(int i) const { return frames()[i]; }
  StringRef module_path() const { return modulePath; }
  StringRef module_type() const { return moduleType; }
  void clear() {
    frameList.clear();
    modulePath = moduleType = {};
  }
  bool decode(StringRef bytes) {
    return decodeFields(bytes, [&](const WireField &f) {
      if (f.wireType != kLengthDelimited)
        return true;
      switch (f.number) {
      case pb::Location::kFramesFieldNumber:
        return frameList.add().decode(f.payload);
      case pb::Location::kModulePathFieldNumber:
        return decodeString(f, modulePath);
      case pb::Location::kModuleTypeFieldNumber:
        return decodeString(f, moduleType);
      }
      return true;
    });
  }
};

/// ascend.trace.Event. The rare kinds (branch, scalar read, loop iteration)
/// are parsed into protobuf messages.
struct EventView {
  bool hasLoc = false;
  LocationView locValue;
  pb::Event::KindCase kind = pb::Event::KIND_NOT_SET;
  OpEventView opValue;
  FunctionCallView callValue;
  pb::BranchEvent branchValue;
  pb::ScalarReadEvent scalarReadValue;
  pb::LoopIterEvent loopIterValue;

  bool has_loc() const { return hasLoc; }
  const LocationView &loc() const { return locValue; }
  pb::Event::KindCase kind_case() const { return kind; }
  const OpEventView &op() const { return opValue; }
  const FunctionCallView &function_call() const { return callValue; }
  const pb::BranchEvent &branch() const { return branchValue; }
  const pb::ScalarReadEvent &scalar_read() const { return scalarReadValue; }
  const pb::LoopIterEvent &loop_iter() const { return loopIterValue; }
};

/// Merges the serialized fields `bytes` into `message`.
inline bool mergeFrom(google::protobuf::MessageLite &message, StringRef bytes) {
  google::protobuf::io::CodedInputStream in(
      reinterpret_cast<const uint8_t *>(bytes.data()), (int)bytes.size());
  return message.MergeFromCodedStream(&in) && in.ConsumedEntireMessage();
}

/// Parses the message `bytes` into `message` except the length-delimited
/// occurrences of the fields `skipped` (up to three field numbers; 0 = none),
/// whose numbers and payloads go to `onSkipped` in file order. False when
/// the bytes are malformed or `onSkipped` returns false.
inline bool parseExcept(StringRef bytes, google::protobuf::MessageLite &message,
                 std::array<uint32_t, 3> skipped,
                 llvm::function_ref<bool(uint32_t, StringRef)> onSkipped) {
  const char *p = bytes.begin(), *end = bytes.end();
  // The fields since the last skipped one, merged in one go.
  const char *segment = p;
  while (p != end) {
    const char *start = p;
    WireField field;
    if (!readField(p, end, field))
      return false;
    if (field.wireType != kLengthDelimited || field.number == 0 ||
        !llvm::is_contained(skipped, field.number))
      continue;
    if (start != segment &&
        !mergeFrom(message, StringRef(segment, start - segment)))
      return false;
    segment = p;
    if (!onSkipped(field.number, field.payload))
      return false;
  }
  return segment == end ||
         mergeFrom(message, StringRef(segment, end - segment));
}


/// Decodes the events of a run one at a time into one reused EventView:
/// the events of a long trace are never all in memory, and decoding one
/// allocates nothing once the view's lists have grown.
class EventReader {
public:
  /// Decodes the serialized Event `bytes`; false when they are malformed.
  bool parse(StringRef bytes);
  const EventView &event() const { return view; }
  /// The serialized `loc` of the event when it has exactly one (null when
  /// it has none or several, which merge).
  StringRef singleLocationBytes() const { return eventLoc; }

private:
  EventView view;
  /// The serialized `loc` that `view.locValue` holds (null after a merged
  /// one), and this event's (see singleLocationBytes).
  StringRef locBytes, eventLoc;
  SmallVector<StringRef, 1> locParts, kindParts;
};

inline bool EventReader::parse(StringRef bytes) {
  locParts.clear();
  kindParts.clear();
  uint32_t kind = 0;
  const char *p = bytes.begin(), *end = bytes.end();
  while (p != end) {
    WireField field;
    if (!readField(p, end, field))
      return false;
    // Other wire types of known fields are unknown fields to protobuf.
    if (field.wireType != kLengthDelimited)
      continue;
    if (field.number == kEventLocField) {
      locParts.push_back(field.payload);
    } else if (field.number >= pb::Event::kOpFieldNumber &&
               field.number <= pb::Event::kFunctionCallFieldNumber) {
      // A oneof: a different member replaces the value, the same one merges.
      if (field.number != kind)
        kindParts.clear();
      kind = field.number;
      kindParts.push_back(field.payload);
    }
  }
  // The location: often the bytes this reader decoded last, then already
  // decoded.
  bool single = locParts.size() == 1;
  eventLoc = single ? locParts[0] : StringRef();
  view.hasLoc = !locParts.empty();
  if (view.hasLoc && !(single && locBytes.data() && locParts[0] == locBytes)) {
    locBytes = {};
    view.locValue.clear();
    for (StringRef part : locParts)
      if (!view.locValue.decode(part))
        return false;
    if (single)
      locBytes = locParts[0];
  }
  if (!view.hasLoc) {
    // loc() of an event without one is the empty location.
    locBytes = {};
    view.locValue.clear();
  }
  view.kind = static_cast<pb::Event::KindCase>(kind);
  auto parseAll = [&](google::protobuf::MessageLite &message) {
    message.Clear();
    return llvm::all_of(kindParts,
                        [&](StringRef part) { return mergeFrom(message, part); });
  };
  switch (kind) {
  case pb::Event::kOpFieldNumber:
    view.opValue.clear();
    return llvm::all_of(kindParts,
                        [&](StringRef part) { return view.opValue.decode(part); });
  case pb::Event::kFunctionCallFieldNumber:
    view.callValue.clear();
    return llvm::all_of(kindParts, [&](StringRef part) {
      return view.callValue.decode(part);
    });
  case pb::Event::kBranchFieldNumber:
    return parseAll(view.branchValue);
  case pb::Event::kScalarReadFieldNumber:
    return parseAll(view.scalarReadValue);
  case pb::Event::kLoopIterFieldNumber:
    return parseAll(view.loopIterValue);
  }
  return true;
}

} // namespace mlir::ascend::trace::wire

#endif // ASCEND_LIB_TRACE_TRACEWIREDECODER_H
