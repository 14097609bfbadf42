//===- TraceWireCheck.cpp - where a binary trace breaks -------------------===//
//
// The protobuf wire format (https://protobuf.dev/programming-guides/encoding/):
// a message is a sequence of fields, each a varint tag (field number << 3 |
// wire type) and a payload: a varint (type 0), 8 bytes (1), a varint length
// and that many bytes (2), or 4 bytes (5). Types 3 and 4 (groups) are not used
// by proto3. A cut file leaves the outermost length-delimited fields longer
// than the bytes that remain; walking into the last one finds the innermost
// element that is cut.
//
// The walk is driven by the schema's descriptors (PyNativeTrace.proto, as
// compiled into PyNativeTrace.pb.cc): a field is named by its message and
// field names (`Event.op.args[1].type`), never by a table kept here, so the
// messages follow the schema as it changes.
//
//===----------------------------------------------------------------------===//
#include "TraceWireCheck.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/raw_ostream.h"

#include "PyNativeTrace.pb.h"
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/stubs/logging.h>

#include <map>
#include <memory>

using namespace mlir::ascend::trace;
namespace pb = ::ascend::trace;
namespace gpb = ::google::protobuf;

namespace {

/// One field of a message as it sits in the file.
struct Field {
  uint32_t number = 0;
  unsigned wireType = 0;
  uint64_t begin = 0; ///< file offset of the tag
  /// The field's bytes that are in the file (tag included) and, for a
  /// length-delimited field, its payload: both cut at the end of the bytes.
  llvm::StringRef bytes, payload;
  uint64_t payloadBegin = 0; ///< file offset of the payload
  uint64_t missing = 0;      ///< bytes of the field past the end of the file
};

/// Reads a varint at `pos`; false when the bytes end inside it (`cut`) or it
/// is longer than 10 bytes.
bool readVarint(llvm::StringRef bytes, size_t &pos, uint64_t &value,
                bool &cut) {
  value = 0;
  for (int shift = 0; shift < 70; shift += 7) {
    if (pos >= bytes.size()) {
      cut = true;
      return false;
    }
    auto byte = static_cast<uint8_t>(bytes[pos++]);
    value |= uint64_t(byte & 0x7f) << shift;
    if (!(byte & 0x80))
      return true;
  }
  cut = false;
  return false;
}

std::string format(llvm::function_ref<void(llvm::raw_ostream &)> fn) {
  std::string text;
  llvm::raw_string_ostream os(text);
  fn(os);
  return text;
}

/// Whether `payload` parses as a message of `type` (the generated class).
bool parsesAs(const gpb::Descriptor *type, llvm::StringRef payload) {
  const gpb::Message *prototype =
      gpb::MessageFactory::generated_factory()->GetPrototype(type);
  if (!prototype)
    return false;
  std::unique_ptr<gpb::Message> message(prototype->New());
  return message->ParseFromArray(payload.data(),
                                 static_cast<int>(payload.size()));
}

/// The element a cut is reported against: the event, else the outermost
/// length-delimited field below the run or the trace (`Run.outputs[0]`,
/// `Trace.parameters[2]`), else the run itself.
struct Element {
  std::string name; ///< "the event", "the run", "Run.outputs[0]"
  uint64_t begin = 0;
  uint64_t missing = 0;
};

/// Where the walk is: the run and event (-1 outside one) and the element
/// below them that a cut is reported against (none yet at the level of the
/// run or the trace itself).
struct Scope {
  int64_t run = -1;
  int64_t event = -1;
  std::optional<Element> element;
  /// The run being walked, for a cut between its fields.
  std::optional<Element> runElement;
};

class WireChecker {
public:
  /// Walks the message `bytes` of `type` at file offset `base`, named `path`
  /// in messages ("Event.op", "Trace"). `lastComplete` is set to the path of
  /// the last field read whole (empty when none).
  std::optional<WireDamage> walk(llvm::StringRef bytes, uint64_t base,
                                 const gpb::Descriptor *type,
                                 const std::string &path, const Scope &scope,
                                 std::string &lastComplete);

private:
  /// The file ends inside `scope`: `where` says where in it (", inside the
  /// length of Run.outputs[2]"; at the level of the trace itself it is not
  /// empty).
  static WireDamage cut(const Scope &scope, const std::string &where);
  static WireDamage corrupt(const Scope &scope, const std::string &what) {
    return WireDamage{scope.run, scope.event, what};
  }
};

WireDamage WireChecker::cut(const Scope &scope, const std::string &where) {
  const std::optional<Element> &element =
      scope.element ? scope.element : scope.runElement;
  if (!element)
    return WireDamage{scope.run, scope.event,
                      format([&](llvm::raw_ostream &os) {
                        os << "the file ends "
                           << llvm::StringRef(where).drop_front(2);
                      })};
  return WireDamage{scope.run, scope.event, format([&](llvm::raw_ostream &os) {
                      os << element->name
                         << " is cut short: the file ends " << element->missing
                         << " bytes before its end (it starts at byte "
                         << element->begin << ")" << where;
                    })};
}

std::optional<WireDamage>
WireChecker::walk(llvm::StringRef bytes, uint64_t base,
                  const gpb::Descriptor *type, const std::string &path,
                  const Scope &scope, std::string &lastComplete) {
  lastComplete.clear();
  std::map<uint32_t, int64_t> occurrences;
  size_t pos = 0;
  while (pos < bytes.size()) {
    Field field;
    field.begin = base + pos;
    size_t tagPos = pos;
    uint64_t tag;
    bool isCut = false;
    if (!readVarint(bytes, pos, tag, isCut)) {
      if (isCut)
        return cut(scope, format([&](llvm::raw_ostream &os) {
                     os << ", inside the tag of a field of " << path
                        << " at byte " << field.begin;
                     if (!lastComplete.empty())
                       os << " (after " << lastComplete << ")";
                   }));
      return corrupt(scope, format([&](llvm::raw_ostream &os) {
                       os << path << " holds a field tag longer than 10 "
                          << "bytes at byte " << field.begin;
                     }));
    }
    field.number = static_cast<uint32_t>(tag >> 3);
    field.wireType = tag & 7;
    if (field.number == 0)
      return corrupt(scope, format([&](llvm::raw_ostream &os) {
                       os << path << " holds a field tag with the invalid "
                          << "field number 0 at byte " << field.begin;
                     }));
    // The field as the schema names it: `Run.outputs[2]`; a number this
    // reader's schema does not have is kept by protobuf as an unknown field.
    const gpb::FieldDescriptor *descriptor =
        type->FindFieldByNumber(static_cast<int>(field.number));
    std::string fieldPath = format([&](llvm::raw_ostream &os) {
      os << path << ".";
      if (!descriptor) {
        os << "<field " << field.number << ", not in this reader's schema>";
        return;
      }
      os << descriptor->name();
      // A packed repeated scalar (e.g. TensorType.shape) holds all its
      // values in one field.
      bool packed = descriptor->is_packable() && field.wireType == 2;
      if (descriptor->is_repeated() && !packed)
        os << "[" << occurrences[field.number]++ << "]";
    });
    // Runs and events are where the importer's messages point ("run R,
    // event E"): below them fields are named from the run or the event.
    const gpb::Descriptor *fieldType =
        descriptor && field.wireType == 2 ? descriptor->message_type()
                                          : nullptr;
    Scope inner = scope;
    std::string innerPath = fieldPath;
    bool isRun = fieldType == pb::Run::descriptor() &&
                 type == pb::Trace::descriptor();
    bool isEvent = fieldType == pb::Event::descriptor() &&
                   type == pb::Run::descriptor();
    if (isRun) {
      inner = Scope();
      inner.run = occurrences[field.number] - 1;
      innerPath = fieldType->name();
    } else if (isEvent) {
      inner.event = occurrences[field.number] - 1;
      inner.element.reset();
      innerPath = fieldType->name();
    }

    uint64_t value;
    switch (field.wireType) {
    case 0:
      if (!readVarint(bytes, pos, value, isCut)) {
        if (isCut)
          return cut(scope, format([&](llvm::raw_ostream &os) {
                       os << ", inside " << fieldPath << " (a varint) at byte "
                          << field.begin;
                     }));
        return corrupt(scope, format([&](llvm::raw_ostream &os) {
                         os << fieldPath << " is a varint longer than 10 "
                            << "bytes (at byte " << field.begin << ")";
                       }));
      }
      break;
    case 1:
    case 5: {
      size_t width = field.wireType == 1 ? 8 : 4;
      field.missing =
          pos + width > bytes.size() ? pos + width - bytes.size() : 0;
      pos = std::min(pos + width, bytes.size());
      break;
    }
    case 2: {
      if (!readVarint(bytes, pos, value, isCut)) {
        if (isRun || isEvent)
          return cut(inner, format([&](llvm::raw_ostream &os) {
                       os << ", inside the length of the "
                          << (isRun ? "run" : "event") << " at byte "
                          << field.begin;
                     }));
        if (isCut)
          return cut(scope, format([&](llvm::raw_ostream &os) {
                       os << ", inside the length of " << fieldPath
                          << " at byte " << field.begin;
                     }));
        return corrupt(scope, format([&](llvm::raw_ostream &os) {
                         os << "the length of " << fieldPath
                            << " is longer than 10 bytes (at byte "
                            << field.begin << ")";
                       }));
      }
      size_t available = bytes.size() - pos;
      field.payloadBegin = base + pos;
      field.payload = bytes.substr(pos, std::min<uint64_t>(value, available));
      field.missing = value > available ? value - available : 0;
      pos += field.payload.size();
      break;
    }
    default:
      return corrupt(scope, format([&](llvm::raw_ostream &os) {
                       os << fieldPath << " has wire type " << field.wireType
                          << ", which no field of this format uses (at byte "
                          << field.begin << ")";
                     }));
    }
    field.bytes = bytes.slice(tagPos, pos);

    // The element a cut below is reported against.
    Element element{isRun ? "the run" : isEvent ? "the event" : fieldPath,
                    field.begin, field.missing};
    if (isRun)
      inner.runElement = element;
    else if (isEvent || !inner.element)
      inner.element = element;
    // Whether this field is the element a cut is reported against (else it
    // is inside that element).
    bool isElement = isRun || isEvent ||
                     (inner.element && inner.element->begin == field.begin &&
                      inner.element->name == fieldPath);

    if (fieldType) {
      // A message field: look inside when it is cut or does not parse.
      if (field.missing || !parsesAs(fieldType, field.payload)) {
        std::string innerLast;
        if (std::optional<WireDamage> found =
                walk(field.payload, field.payloadBegin, fieldType, innerPath,
                     inner, innerLast))
          return found;
        if (field.missing) {
          // The file ends between two fields of this message (or before its
          // first one).
          return cut(inner, format([&](llvm::raw_ostream &os) {
                       if (!isElement)
                         os << ", inside " << fieldPath;
                       if (innerLast.empty())
                         os << ", before its first field";
                       else
                         os << ", after " << innerLast;
                     }));
        }
        return corrupt(inner, format([&](llvm::raw_ostream &os) {
                         os << element.name << " does not parse as "
                            << fieldType->full_name() << " (corrupt bytes "
                            << field.begin << ".."
                            << field.begin + field.bytes.size() << ")";
                       }));
      }
    } else if (field.missing) {
      return cut(inner, isElement ? std::string()
                                  : format([&](llvm::raw_ostream &os) {
                                      os << ", inside " << fieldPath
                                         << " (from byte " << field.begin
                                         << ")";
                                    }));
    } else if (descriptor && field.wireType == 2 &&
               descriptor->type() == gpb::FieldDescriptor::TYPE_STRING) {
      // proto3 strings are UTF-8: protobuf refuses a message with one that
      // is not.
      const auto *begin =
          reinterpret_cast<const llvm::UTF8 *>(field.payload.data());
      if (!llvm::isLegalUTF8String(&begin, begin + field.payload.size()))
        return corrupt(scope, format([&](llvm::raw_ostream &os) {
                         os << fieldPath << " is not UTF-8 text (bytes "
                            << field.payloadBegin << ".."
                            << field.payloadBegin + field.payload.size()
                            << ")";
                       }));
    }
    lastComplete = fieldPath;
  }
  return std::nullopt;
}

} // namespace

std::optional<WireDamage>
mlir::ascend::trace::locateWireDamage(llvm::StringRef bytes) {
  // The probes parse damaged bytes on purpose: protobuf's own complaints
  // (e.g. about a string that is not UTF-8) would only repeat, less
  // precisely, what the damage found says.
  google::protobuf::LogSilencer quiet;
  std::string last;
  return WireChecker().walk(bytes, 0, pb::Trace::descriptor(),
                            pb::Trace::descriptor()->name(), Scope(), last);
}
