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
//===----------------------------------------------------------------------===//
#include "TraceWireCheck.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

#include "PyNativeTrace.pb.h"

using namespace mlir::ascend::trace;
namespace pb = ::ascend::trace;

namespace {

/// One field of a message as it sits in the file.
struct Field {
  uint32_t number;
  unsigned wireType;
  uint64_t begin; ///< file offset of the tag
  /// The field's bytes that are in the file (tag included) and, for a
  /// length-delimited field, its payload: both cut at the end of the bytes.
  llvm::StringRef bytes, payload;
  uint64_t payloadBegin; ///< file offset of the payload
  uint64_t missing;      ///< bytes of the field past the end of the file
};

/// Reads a varint at `pos`; false when the bytes end inside it or it is
/// longer than 10 bytes.
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

/// Walks the fields of the message in `bytes` (at file offset `base`),
/// calling `visit` on each until it returns damage. A field cut by the end of
/// the bytes is visited (with `missing` > 0) and ends the walk. `element`
/// names the message in messages ("the trace header", "run 2").
std::optional<WireDamage>
walkFields(llvm::StringRef bytes, uint64_t base, llvm::StringRef element,
           llvm::function_ref<std::optional<WireDamage>(const Field &)> visit) {
  size_t pos = 0;
  while (pos < bytes.size()) {
    Field field;
    field.begin = base + pos;
    field.missing = 0;
    size_t tagPos = pos;
    uint64_t tag;
    bool cut = false;
    auto damage = [&](llvm::StringRef what) {
      return WireDamage{-1, -1, format([&](llvm::raw_ostream &os) {
                          os << element << ": " << what << " at byte "
                             << field.begin;
                        })};
    };
    if (!readVarint(bytes, pos, tag, cut))
      return damage(cut ? "the file ends inside a field tag"
                        : "a field tag is longer than 10 bytes");
    field.number = static_cast<uint32_t>(tag >> 3);
    field.wireType = tag & 7;
    if (field.number == 0)
      return damage("a field tag has the invalid field number 0");
    uint64_t value;
    switch (field.wireType) {
    case 0:
      if (!readVarint(bytes, pos, value, cut))
        return damage(cut ? "the file ends inside a varint field"
                          : "a varint field is longer than 10 bytes");
      break;
    case 1:
    case 5: {
      size_t width = field.wireType == 1 ? 8 : 4;
      field.missing = pos + width > bytes.size() ? pos + width - bytes.size()
                                                 : 0;
      pos = std::min(pos + width, bytes.size());
      break;
    }
    case 2: {
      if (!readVarint(bytes, pos, value, cut))
        return damage(cut ? "the file ends inside a field length"
                          : "a field length is longer than 10 bytes");
      size_t available = bytes.size() - pos;
      field.payloadBegin = base + pos;
      field.payload = bytes.substr(pos, std::min<uint64_t>(value, available));
      field.missing = value > available ? value - available : 0;
      pos += field.payload.size();
      break;
    }
    default:
      return damage(format([&](llvm::raw_ostream &os) {
        os << "field " << field.number << " has wire type " << field.wireType
           << ", which no field of this format uses";
      }));
    }
    field.bytes = bytes.slice(tagPos, pos);
    if (std::optional<WireDamage> found = visit(field))
      return found;
    if (field.missing)
      return damage(format([&](llvm::raw_ostream &os) {
        os << "the file ends " << field.missing
           << " bytes before the end of field " << field.number;
      }));
  }
  return std::nullopt;
}

std::string cutShort(llvm::StringRef what, const Field &field) {
  return format([&](llvm::raw_ostream &os) {
    os << what << " is cut short: the file ends " << field.missing
       << " bytes before its end (it starts at byte " << field.begin << ")";
  });
}

std::string corrupt(llvm::StringRef what, llvm::StringRef type,
                    const Field &field) {
  return format([&](llvm::raw_ostream &os) {
    os << what << " does not parse as ascend.trace." << type
       << " (corrupt bytes " << field.begin << ".."
       << field.begin + field.bytes.size() << ")";
  });
}

/// Damage inside the (complete or cut) run `index`.
std::optional<WireDamage> checkRun(const Field &runField, int64_t index) {
  int64_t events = 0, inputs = 0, outputs = 0;
  std::string element = format(
      [&](llvm::raw_ostream &os) { os << "run " << index; });
  std::optional<WireDamage> found = walkFields(
      runField.payload, runField.payloadBegin, element,
      [&](const Field &field) -> std::optional<WireDamage> {
        pb::Run probe;
        bool parses = !field.missing &&
                      probe.ParseFromArray(field.bytes.data(),
                                           static_cast<int>(field.bytes.size()));
        if (field.number == 2) {
          int64_t event = events++;
          if (field.missing)
            return WireDamage{index, event, cutShort("the event", field)};
          if (!parses)
            return WireDamage{index, event,
                              corrupt("the event", "Event", field)};
          return std::nullopt;
        }
        llvm::StringRef type = field.number == 1   ? "Input"
                               : field.number == 3 ? "Output"
                                                   : "Run";
        std::string what = format([&](llvm::raw_ostream &os) {
          if (field.number == 1)
            os << "input " << inputs++;
          else if (field.number == 3)
            os << "output " << outputs++;
          else
            os << "field " << field.number;
        });
        if (field.missing)
          return WireDamage{index, -1, cutShort(what, field)};
        if (!parses)
          return WireDamage{index, -1, corrupt(what, type, field)};
        return std::nullopt;
      });
  if (found) {
    found->run = index;
    return found;
  }
  if (runField.missing)
    return WireDamage{index, -1, format([&](llvm::raw_ostream &os) {
                        os << "the run is cut short after its " << events
                           << " events: the file ends " << runField.missing
                           << " bytes before its end";
                      })};
  return std::nullopt;
}

} // namespace

std::optional<WireDamage>
mlir::ascend::trace::locateWireDamage(llvm::StringRef bytes) {
  int64_t parameters = 0, constants = 0, runs = 0;
  return walkFields(
      bytes, 0, "the trace",
      [&](const Field &field) -> std::optional<WireDamage> {
        if (field.number == 8 && field.wireType == 2) {
          int64_t run = runs++;
          if (std::optional<WireDamage> found = checkRun(field, run))
            return found;
          pb::Trace probe;
          if (!probe.ParseFromArray(field.bytes.data(),
                                    static_cast<int>(field.bytes.size())))
            return WireDamage{run, -1, corrupt("the run", "Run", field)};
          return std::nullopt;
        }
        llvm::StringRef type = field.number == 6   ? "Parameter"
                               : field.number == 7 ? "Constant"
                                                   : "Trace";
        std::string what = format([&](llvm::raw_ostream &os) {
          if (field.number == 6)
            os << "parameter " << parameters++;
          else if (field.number == 7)
            os << "constant " << constants++;
          else
            os << "header field " << field.number;
        });
        if (field.missing)
          return WireDamage{-1, -1, cutShort(what, field)};
        pb::Trace probe;
        if (!probe.ParseFromArray(field.bytes.data(),
                                  static_cast<int>(field.bytes.size())))
          return WireDamage{-1, -1, corrupt(what, type, field)};
        return std::nullopt;
      });
}
