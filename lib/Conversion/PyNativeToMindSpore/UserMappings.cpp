//===- UserMappings.cpp - eager op mappings from a JSON file --------------===//
//
// Reads the `mapping-file` of convert-pynative-to-mindspore and builds the
// mapped ops generically (OperationState + verify). See UserMappings.h for the
// file format.
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/PyNativeToMindSpore/UserMappings.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

/// Where `key` first appears in the file as a JSON string (the location of a
/// diagnostic about that entry), or the file's start.
Location keyLocation(MLIRContext *ctx, StringRef path, StringRef text,
                     StringRef key) {
  size_t pos =
      key.empty() ? StringRef::npos : text.find(("\"" + key + "\"").str());
  if (pos == StringRef::npos)
    return FileLineColLoc::get(ctx, path, 1, 1);
  StringRef before = text.take_front(pos);
  unsigned line = 1 + before.count('\n');
  unsigned col = 1 + pos - (before.rfind('\n') + 1);
  return FileLineColLoc::get(ctx, path, line, col);
}

/// A JSON value of an "attrs" object as an MLIR attribute: integer -> i64,
/// other number -> f32, bool, string, array of integers -> array<i64>.
/// Null when the value has none of these forms.
Attribute toAttribute(const llvm::json::Value &value, Builder &b) {
  if (std::optional<bool> v = value.getAsBoolean())
    return b.getBoolAttr(*v);
  if (std::optional<StringRef> v = value.getAsString())
    return b.getStringAttr(*v);
  if (value.kind() == llvm::json::Value::Number) {
    // JSON keeps whole numbers written without a fraction as integers; a
    // negative whole number written as a float ("-1.0") reads as one too.
    std::optional<int64_t> i = value.getAsInteger();
    double d = *value.getAsNumber();
    if (i && (value.getAsUINT64() || d < 0))
      return b.getI64IntegerAttr(*i);
    return b.getF32FloatAttr(float(d));
  }
  if (const llvm::json::Array *array = value.getAsArray()) {
    SmallVector<int64_t> ints;
    for (const llvm::json::Value &e : *array) {
      std::optional<int64_t> i = e.getAsInteger();
      if (!i || e.getAsBoolean())
        return {};
      ints.push_back(*i);
    }
    return b.getDenseI64ArrayAttr(ints);
  }
  return {};
}

} // namespace

FailureOr<std::unique_ptr<UserMappings>> UserMappings::load(StringRef path,
                                                            MLIRContext *ctx) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    emitError(FileLineColLoc::get(ctx, path, 1, 1))
        << "cannot read mapping file '" << path
        << "': " << buffer.getError().message();
    return failure();
  }
  return parse((*buffer)->getBuffer(), path, ctx);
}

FailureOr<std::unique_ptr<UserMappings>>
UserMappings::parse(StringRef text, StringRef path, MLIRContext *ctx) {
  Builder b(ctx);
  auto fileLoc = FileLineColLoc::get(ctx, path, 1, 1);
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  if (!json) {
    // llvm::json says "[line:col, byte=N]: what"; point there.
    std::string message = llvm::toString(json.takeError());
    Location loc = fileLoc;
    unsigned line = 0, col = 0;
    StringRef rest = message;
    if (rest.consume_front("[") && !rest.consumeInteger(10, line) &&
        rest.consume_front(":") && !rest.consumeInteger(10, col))
      loc = FileLineColLoc::get(ctx, path, line, col);
    size_t text = message.find("]: ");
    emitError(loc) << "mapping file '" << path << "' is not valid JSON: "
                   << (text == std::string::npos
                           ? StringRef(message)
                           : StringRef(message).drop_front(text + 3));
    return failure();
  }
  const llvm::json::Object *top = json->getAsObject();
  if (!top) {
    emitError(fileLoc) << "mapping file '" << path
                       << "' must hold one JSON object keyed by eager op name";
    return failure();
  }

  auto result = std::make_unique<UserMappings>();
  result->path = path.str();
  ctx->getOrLoadDialect<ms::MindSporeDialect>();
  // Keys in file order would be nicer, but json::Object is unordered: sort
  // them so diagnostics come in a stable order.
  SmallVector<StringRef> keys;
  for (const auto &kv : *top)
    keys.push_back(kv.first);
  llvm::sort(keys);
  // Every bad entry is reported, then the load fails.
  bool ok = true;
  for (StringRef key : keys) {
    auto parseEntry = [&]() -> LogicalResult {
      const llvm::json::Value &value = *top->get(key);
      auto error = [&](StringRef field = {}) {
        InFlightDiagnostic diag = emitError(keyLocation(ctx, path, text, key));
        diag << "mapping file '" << path << "': mapping '" << key << "'";
        if (!field.empty())
          diag << ", field '" << field << "'";
        diag << ": ";
        return diag;
      };
      const llvm::json::Object *entry = value.getAsObject();
      if (!entry) {
        error() << "expected an object with an \"op\" field";
        return failure();
      }
      UserMapping mapping;
      mapping.key = key.str();
      for (const auto &kv : *entry) {
        StringRef field = kv.first;
        if (!llvm::is_contained(
                {"op", "operands", "attrs", "func_name", "func_type", "requires"},
                field)) {
          error() << "unknown field '" << field
                  << "' (expected op, operands, attrs, func_name, func_type) "
                     "or requires";
          return failure();
        }
      }
      std::optional<StringRef> opName = entry->getString("op");
      if (!opName) {
        error("op") << "expected the name of a mindspore op, e.g. "
                       "\"mindspore.silu\"";
        return failure();
      }
      std::optional<RegisteredOperationName> registered =
          RegisteredOperationName::lookup(*opName, ctx);
      if (!registered || registered->getDialectNamespace() != "mindspore") {
        error("op") << "unknown op '" << *opName
                    << "' (expected a mindspore op, e.g. \"mindspore.silu\")";
        return failure();
      }
      mapping.opName = opName->str();
      bool isCustom = *opName == ms::CustomOp::getOperationName();

      if (const llvm::json::Value *operands = entry->get("operands")) {
        const llvm::json::Array *array = operands->getAsArray();
        if (!array) {
          error("operands") << "expected an array of argument names";
          return failure();
        }
        mapping.allOperands = false;
        for (const llvm::json::Value &name : *array) {
          std::optional<StringRef> s = name.getAsString();
          if (!s) {
            error("operands") << "expected an array of argument names";
            return failure();
          }
          mapping.operands.push_back(s->str());
        }
      }
      if (const llvm::json::Value *attrs = entry->get("attrs")) {
        const llvm::json::Object *object = attrs->getAsObject();
        if (!object) {
          error("attrs") << "expected an object of attribute values";
          return failure();
        }
        SmallVector<StringRef> names;
        for (const auto &kv : *object)
          names.push_back(kv.first);
        llvm::sort(names);
        for (StringRef name : names) {
          Attribute attr = toAttribute(*object->get(name), b);
          if (!attr) {
            error("attrs") << "attribute '" << name
                           << "' has an unsupported value (expected an "
                              "integer, float, bool, string or array of "
                              "integers)";
            return failure();
          }
          mapping.attrs.emplace_back(name.str(), *object->get(name));
        }
      }
      if (const llvm::json::Value *req = entry->get("requires")) {
        std::optional<StringRef> s = req->getAsString();
        if (!s || *s != "float") {
          error("requires") << "expected \"float\" (every mapped operand has "
                               "a floating-point element type)";
          return failure();
        }
        mapping.requiresFloat = true;
      }
      for (StringRef field : {"func_name", "func_type"}) {
        const llvm::json::Value *v = entry->get(field);
        if (!v)
          continue;
        if (!isCustom) {
          error(field) << "only a mapping to 'mindspore.custom' takes it";
          return failure();
        }
        std::optional<StringRef> s = v->getAsString();
        if (!s || s->empty()) {
          error(field) << "expected a non-empty string";
          return failure();
        }
        (field == "func_name" ? mapping.funcName : mapping.funcType) = s->str();
      }
      if (isCustom) {
        if (mapping.funcType.empty())
          mapping.funcType = mapping.funcName.empty() ? "pytorch_aten" : "aot";
        if (mapping.funcName.empty())
          mapping.funcName = mapping.key;
        for (const auto &a : mapping.attrs)
          if (llvm::is_contained(ms::CustomOp::getReservedAttrNames(),
                                 a.first)) {
            error("attrs") << "attribute '" << a.first
                           << "' clashes with the Custom primitive's own "
                              "attribute of that name";
            return failure();
          }
      }
      result->entries.try_emplace(key, std::move(mapping));
      return success();
    };
    if (failed(parseEntry()))
      ok = false;
  }
  if (!ok)
    return failure();
  return result;
}

const UserMapping *UserMappings::lookup(StringRef eagerName) const {
  auto it = entries.find(eagerName);
  return it == entries.end() ? nullptr : &it->second;
}

NamedAttrList UserMapping::attributes(MLIRContext *context) const {
  Builder b(context);
  NamedAttrList list;
  for (const auto &[name, value] : attrs)
    list.append(name, toAttribute(value, b));
  return list;
}

const UserMappings &UserMappings::getBuiltin(MLIRContext *context) {
  static const std::unique_ptr<UserMappings> builtin = [&] {
    static const char text[] =
#include "AtenMappings.json.inc"
        ;
    FailureOr<std::unique_ptr<UserMappings>> parsed =
        parse(StringRef(text), "AtenMappings.json", context);
    if (failed(parsed))
      llvm::report_fatal_error("the built-in AtenMappings.json is invalid");
    return std::move(*parsed);
  }();
  return *builtin;
}

namespace {
/// An error of UserMappings::apply: a diagnostic at the op naming the
/// mapping, or, for the built-in table, the reason kept in a string.
class MappingError {
public:
  MappingError(Location loc, const UserMapping &mapping, StringRef path,
               std::string *why)
      : why(why) {
    if (!why) {
      diag.emplace(emitError(loc));
      *diag << "mapping '" << mapping.key << "' from mapping file '" << path
            << "': ";
    }
  }
  template <typename T> MappingError &operator<<(T &&value) {
    if (diag)
      *diag << std::forward<T>(value);
    else {
      llvm::raw_string_ostream os(*why);
      os << value;
    }
    return *this;
  }

private:
  std::optional<InFlightDiagnostic> diag;
  std::string *why;
};
} // namespace

/// mlir::verify of an op a mapping just built. A registered op without
/// regions and with every operand set is checked as mlir::verify checks it
/// (its dialect attributes, the op's invariants and region invariants),
/// without the walk, the work list and the dominance machinery around them
/// (a mapping builds one op per recorded op); any other op goes to
/// mlir::verify.
static LogicalResult verifyBuilt(Operation *op) {
  std::optional<RegisteredOperationName> info = op->getRegisteredInfo();
  if (!info || op->getNumRegions() != 0 ||
      llvm::is_contained(op->getOperands(), Value()))
    return verify(op);
  for (NamedAttribute attr : op->getDiscardableAttrDictionary())
    if (Dialect *dialect = attr.getNameDialect())
      if (failed(dialect->verifyOperationAttribute(op, attr)))
        return failure();
  if (failed(info->verifyInvariants(op)))
    return failure();
  return info->verifyRegionInvariants(op);
}

LogicalResult UserMappings::apply(const UserMapping &mapping,
                                  pynative::RecordedOp op, ValueRange operands,
                                  OpBuilder &builder,
                                  SmallVectorImpl<Value> &results,
                                  std::string *why) const {
  Location loc = op.getLoc();
  if (why)
    why->clear();
  auto error = [&]() { return MappingError(loc, mapping, path, why); };

  std::optional<RegisteredOperationName> opName =
      RegisteredOperationName::lookup(mapping.opName, builder.getContext());
  if (!opName) {
    error() << "unknown op '" << mapping.opName << "'";
    return failure();
  }
  OperationState state(loc, *opName);
  ArrayAttr names = op.getOperandNames();
  if (mapping.allOperands) {
    state.addOperands(operands);
  } else {
    for (const std::string &name : mapping.operands) {
      bool found = false;
      for (auto [i, n] : llvm::enumerate(names))
        if (cast<StringAttr>(n).getValue() == name) {
          state.addOperands(operands[i]);
          found = true;
        }
      if (!found) {
        MappingError diag = error();
        diag << "operand '" << name << "' is not a tensor argument of '"
             << op.getName() << "' (its tensor arguments: ";
        llvm::SmallSetVector<StringRef, 4> unique;
        for (Attribute n : names)
          unique.insert(cast<StringAttr>(n).getValue());
        if (unique.empty())
          diag << "none";
        llvm::interleave(
            unique, [&](StringRef n) { diag << "'" << n << "'"; },
            [&] { diag << ", "; });
        diag << ")";
        return failure();
      }
    }
  }
  if (mapping.requiresFloat)
    for (Value v : state.operands)
      if (!isa<FloatType>(cast<ShapedType>(v.getType()).getElementType())) {
        error() << "expects a floating-point tensor";
        return failure();
      }
  state.addTypes(op->getResultTypes());
  NamedAttrList mappingAttrs = mapping.attributes(builder.getContext());
  if (mapping.opName == ms::CustomOp::getOperationName()) {
    // The eager op's own non-tensor arguments, then the mapping's.
    NamedAttrList attrs;
    for (NamedAttribute a : op.getArgs())
      if (ms::CustomOp::isSupportedAttrValue(a.getValue()) &&
          !llvm::is_contained(ms::CustomOp::getReservedAttrNames(),
                              a.getName().getValue()))
        attrs.set(a.getName(), a.getValue());
    for (NamedAttribute a : mappingAttrs)
      attrs.set(a.getName(), a.getValue());
    state.addAttribute("func_name", builder.getStringAttr(mapping.funcName));
    state.addAttribute("func_type", builder.getStringAttr(mapping.funcType));
    state.addAttribute("attrs", attrs.getDictionary(builder.getContext()));
  } else {
    state.addAttributes(mappingAttrs);
  }

  // Build and verify; the verifier's messages become one diagnostic at the
  // recorded op that names the mapping.
  std::string messages;
  Operation *created = builder.create(state);
  LogicalResult verified = success();
  {
    ScopedDiagnosticHandler capture(builder.getContext(), [&](Diagnostic &d) {
      if (d.getSeverity() != DiagnosticSeverity::Error)
        return success();
      if (!messages.empty())
        messages += "; ";
      messages += d.str();
      return success();
    });
    verified = verifyBuilt(created);
  }
  if (failed(verified)) {
    created->erase();
    error() << "the '" << mapping.opName
            << "' it builds is invalid: " << messages;
    return failure();
  }
  llvm::append_range(results, created->getResults());
  return success();
}
