//===- TraceTextCheck.cpp - where a text trace is cut short ---------------===//
//
// Re-reads a text trace that did not parse with protobuf's own tokenizer (the
// one its text parser uses, so lines and columns agree), following the
// nesting of `field { ... }` messages through the schema's descriptors to
// name the message the file ends in.
//
//===----------------------------------------------------------------------===//
#include "TraceTextCheck.h"

#include "llvm/Support/raw_ostream.h"

#include "PyNativeTrace.pb.h"
#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <map>
#include <tuple>
#include <vector>

using namespace mlir::ascend::trace;
namespace pb = ::ascend::trace;
namespace gpb = ::google::protobuf;

namespace {

/// Drops the tokenizer's complaints (an unterminated string at the cut):
/// the parser's first error is what the reader reports.
struct Silent : gpb::io::ErrorCollector {
  void AddError(int, gpb::io::ColumnNumber, const std::string &) override {}
};

/// A message open at this point of the text.
struct Frame {
  const gpb::Descriptor *type = nullptr; ///< null for a field not in the schema
  std::string path;                      ///< `Event.op`, `Trace`
  int64_t run = -1, event = -1;
  std::map<std::string, int64_t> occurrences;
  /// The field of a `name: [ {...}, {...} ]` list being read, if any.
  std::string listField;
};

} // namespace

std::optional<TextCut> mlir::ascend::trace::locateTextCut(llvm::StringRef text,
                                                          int line,
                                                          int column) {
  gpb::io::ArrayInputStream input(text.data(), static_cast<int>(text.size()));
  Silent silent;
  gpb::io::Tokenizer tokenizer(&input, &silent);
  // As TextFormat::Parser reads the text.
  tokenizer.set_comment_style(gpb::io::Tokenizer::SH_COMMENT_STYLE);
  tokenizer.set_allow_f_after_float(true);
  tokenizer.set_require_space_after_number(false);
  tokenizer.set_allow_multiline_strings(true);

  std::vector<Frame> open(1);
  open.back().type = pb::Trace::descriptor();
  open.back().path = pb::Trace::descriptor()->name();
  std::string lastIdentifier;
  int lastLine = -1, lastColumn = -1;
  while (tokenizer.Next()) {
    const gpb::io::Tokenizer::Token &token = tokenizer.current();
    lastLine = token.line;
    lastColumn = token.column;
    Frame &top = open.back();
    if (token.type == gpb::io::Tokenizer::TYPE_IDENTIFIER) {
      lastIdentifier = token.text;
      continue;
    }
    if (token.type != gpb::io::Tokenizer::TYPE_SYMBOL)
      continue;
    if (token.text == "[") {
      top.listField = lastIdentifier;
    } else if (token.text == "]") {
      top.listField.clear();
    } else if (token.text == "{" || token.text == "<") {
      std::string name = top.listField.empty() ? lastIdentifier : top.listField;
      lastIdentifier.clear();
      const gpb::FieldDescriptor *field =
          top.type ? top.type->FindFieldByName(name) : nullptr;
      Frame inner;
      inner.type = field ? field->message_type() : nullptr;
      inner.run = top.run;
      inner.event = top.event;
      int64_t index = field && field->is_repeated() ? top.occurrences[name]++
                                                    : -1;
      // Below a run or an event, fields are named from it (as the binary
      // wire check names them).
      if (inner.type == pb::Run::descriptor() &&
          top.type == pb::Trace::descriptor()) {
        inner.run = index;
        inner.event = -1;
        inner.path = inner.type->name();
      } else if (inner.type == pb::Event::descriptor() &&
                 top.type == pb::Run::descriptor()) {
        inner.event = index;
        inner.path = inner.type->name();
      } else {
        llvm::raw_string_ostream os(inner.path);
        os << top.path << "." << name;
        if (index >= 0)
          os << "[" << index << "]";
      }
      open.push_back(std::move(inner));
    } else if (token.text == "}" || token.text == ">") {
      if (open.size() == 1)
        return std::nullopt; // closes more than was opened: not a cut
      open.pop_back();
    }
  }
  // The parser failed before the last token: an error earlier in the file.
  if (std::tie(line, column) < std::tie(lastLine, lastColumn))
    return std::nullopt;
  TextCut cut;
  cut.openCount = static_cast<int64_t>(open.size()) - 1;
  if (cut.openCount > 0) {
    const Frame &innermost = open.back();
    cut.run = innermost.run;
    cut.event = innermost.event;
    cut.openMessage = innermost.type == pb::Event::descriptor() &&
                              innermost.path == innermost.type->name()
                          ? "the event"
                      : innermost.type == pb::Run::descriptor() &&
                              innermost.path == innermost.type->name()
                          ? "the run"
                          : innermost.path;
  }
  llvm::StringRef lines = text;
  if (lines.ends_with("\n"))
    lines = lines.drop_back().rtrim('\r');
  cut.endLine = static_cast<unsigned>(lines.count('\n')) + 1;
  cut.endColumn = static_cast<unsigned>(
      lines.size() - (lines.rfind('\n') + 1) + 1);
  return cut;
}
