//===- MindIRPrimitives.cpp - MindSpore primitives and data types ---------===//
#include "MindIRPrimitives.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::ascend;

namespace {
// TensorProto.DataType values (mind_ir.proto); kept here so that this file
// does not need the generated protobuf header.
enum DataType : int {
  kUndefined = 0,
  kFloat = 1,
  kUInt8 = 2,
  kInt8 = 3,
  kUInt16 = 4,
  kInt16 = 5,
  kInt32 = 6,
  kInt64 = 7,
  kString = 8,
  kBool = 9,
  kFloat16 = 10,
  kDouble = 11,
  kUInt32 = 12,
  kUInt64 = 13,
  kComplex64 = 14,
  kComplex128 = 15,
  kBFloat16 = 16,
  kFloat64 = 17,
};
} // namespace

std::optional<int> mindir::dataTypeOf(Type type) {
  if (type.isF32())
    return kFloat;
  if (type.isF16())
    return kFloat16;
  if (type.isBF16())
    return kBFloat16;
  if (type.isF64())
    return kDouble;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return kComplex64;
    if (complex.getElementType().isF64())
      return kComplex128;
    return std::nullopt;
  }
  if (auto it = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = it.isUnsigned();
    switch (it.getWidth()) {
    case 1:
      return kBool;
    case 8:
      return isUnsigned ? kUInt8 : kInt8;
    case 16:
      return isUnsigned ? kUInt16 : kInt16;
    case 32:
      return isUnsigned ? kUInt32 : kInt32;
    case 64:
      return isUnsigned ? kUInt64 : kInt64;
    default:
      break;
    }
  }
  return std::nullopt;
}

Type mindir::elementTypeOf(int dataType, MLIRContext *context) {
  Builder b(context);
  auto uint = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  switch (dataType) {
  case kFloat:
    return b.getF32Type();
  case kUInt8:
    return uint(8);
  case kInt8:
    return b.getIntegerType(8);
  case kUInt16:
    return uint(16);
  case kInt16:
    return b.getIntegerType(16);
  case kInt32:
    return b.getIntegerType(32);
  case kInt64:
    return b.getIntegerType(64);
  case kBool:
    return b.getI1Type();
  case kFloat16:
    return b.getF16Type();
  case kDouble:
  case kFloat64:
    return b.getF64Type();
  case kUInt32:
    return uint(32);
  case kUInt64:
    return uint(64);
  case kComplex64:
    return ComplexType::get(b.getF32Type());
  case kComplex128:
    return ComplexType::get(b.getF64Type());
  case kBFloat16:
    return b.getBF16Type();
  default:
    return Type();
  }
}

std::string mindir::dataTypeName(int dataType) {
  static const char *const names[] = {
      "UNDEFINED", "FLOAT",  "UINT8",     "INT8",       "UINT16",   "INT16",
      "INT32",     "INT64",  "STRING",    "BOOL",       "FLOAT16",  "DOUBLE",
      "UINT32",    "UINT64", "COMPLEX64", "COMPLEX128", "BFLOAT16", "FLOAT64"};
  if (dataType >= 0 && dataType < int(std::size(names)))
    return names[dataType];
  return "<" + std::to_string(dataType) + ">";
}

int64_t mindir::storageBytes(Type elementType) {
  if (elementType.isInteger(1))
    return 1;
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * storageBytes(complex.getElementType());
  return (elementType.getIntOrFloatBitWidth() + 7) / 8;
}

std::optional<RegisteredOperationName>
mindir::lookupPrimitiveOp(MLIRContext *context, StringRef primitive) {
  // Primitives the dialect models with an op named after another primitive.
  StringRef alias = llvm::StringSwitch<StringRef>(primitive)
                        .Case("MaxPoolWithArgmaxV2", "MaxPool")
                        .Case("PadV3", "Pad")
                        .Default(primitive);
  auto *dialect = context->getOrLoadDialect<mindspore::MindSporeDialect>();
  for (RegisteredOperationName name : context->getRegisteredOperations()) {
    if (&name.getDialect() != dialect)
      continue;
    auto *iface = name.getInterface<mindspore::PrimitiveOpInterface>();
    if (iface && iface->getPrimitiveName() == alias)
      return name;
  }
  return std::nullopt;
}

unsigned mindir::numMindSporeOutputs(StringRef primitive) {
  return llvm::StringSwitch<unsigned>(primitive)
      .Case("BatchNorm", 5)
      .Case("LayerNorm", 3)
      .Case("MaxPoolWithArgmaxV2", 2)
      .Case("MaxPool3DWithArgmax", 2)
      .Case("Dropout", 2)
      .Default(1);
}

bool mindir::isPythonLevelPrimitive(StringRef primitive) {
  return primitive.starts_with("S-Prim-") ||
         primitive.starts_with("ClassType") ||
         primitive.starts_with("ClassMember") ||
         primitive.starts_with("MetaFuncGraph") ||
         primitive.starts_with("Python") ||
         llvm::is_contained({"getattr", "resolve", "setattr", "hasattr",
                             "make_list", "make_dict", "make_range", "typeof",
                             "isinstance", "raise", "print"},
                            primitive);
}

std::optional<int64_t> mindir::typeIdOf(Type type) {
  if (type.isF16())
    return 42;
  if (type.isF32())
    return 43;
  if (type.isF64())
    return 44;
  if (type.isBF16())
    return 45;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return 51;
    if (complex.getElementType().isF64())
      return 52;
    return std::nullopt;
  }
  if (auto it = dyn_cast<IntegerType>(type)) {
    int64_t base = it.isUnsigned() ? 36 : 31; // uint8 37, int8 32
    switch (it.getWidth()) {
    case 1:
      return 30;
    case 8:
      return base + 1;
    case 16:
      return base + 2;
    case 32:
      return base + 3;
    case 64:
      return base + 4;
    default:
      break;
    }
  }
  return std::nullopt;
}

Type mindir::elementTypeOfTypeId(int64_t typeId, MLIRContext *context) {
  Builder b(context);
  auto uint = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  switch (typeId) {
  case 30:
    return b.getI1Type();
  case 32:
  case 33:
  case 34:
  case 35:
    return b.getIntegerType(8 << (typeId - 32));
  case 37:
  case 38:
  case 39:
  case 40:
    return uint(8 << (typeId - 37));
  case 42:
    return b.getF16Type();
  case 43:
    return b.getF32Type();
  case 44:
    return b.getF64Type();
  case 45:
    return b.getBF16Type();
  case 51:
    return ComplexType::get(b.getF32Type());
  case 52:
    return ComplexType::get(b.getF64Type());
  default:
    return Type();
  }
}

std::optional<int64_t> mindir::enumValueOf(ArgKind kind, StringRef name) {
  std::string upper = name.upper();
  if (kind == ArgKind::PadMode)
    return llvm::StringSwitch<std::optional<int64_t>>(upper)
        .Case("PAD", 0)
        .Case("SAME", 1)
        .Case("VALID", 2)
        .Default(std::nullopt);
  if (kind == ArgKind::Format && upper == "NCHW")
    return 0;
  return std::nullopt;
}

std::optional<std::string> mindir::enumNameOf(ArgKind kind, int64_t value) {
  if (kind == ArgKind::PadMode && value >= 0 && value <= 2)
    return std::string(value == 0 ? "PAD" : value == 1 ? "SAME" : "VALID");
  if (kind == ArgKind::Format && value == 0)
    return std::string("NCHW");
  return std::nullopt;
}

const mindir::PrimitiveArg *
mindir::PrimitiveSpec::findArg(StringRef argName) const {
  for (const PrimitiveArg &arg : args)
    if (arg.name == argName)
      return &arg;
  return nullptr;
}

namespace {
/// Parses `name:kind[=default] ...` (MindIRPrimitiveTable.def); the table is
/// part of the program, so a malformed entry is a programming error.
SmallVector<mindir::PrimitiveArg> parseArgs(StringRef text) {
  SmallVector<mindir::PrimitiveArg> args;
  SmallVector<StringRef> words;
  text.split(words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef word : words) {
    auto [name, rest] = word.split(':');
    auto [kindName, dflt] = rest.split('=');
    std::optional<mindir::ArgKind> kind =
        llvm::StringSwitch<std::optional<mindir::ArgKind>>(kindName)
            .Case("tensor", mindir::ArgKind::Tensor)
            .Case("tensors", mindir::ArgKind::Tensors)
            .Case("int", mindir::ArgKind::Int)
            .Case("bool", mindir::ArgKind::Bool)
            .Case("float", mindir::ArgKind::Float)
            .Case("str", mindir::ArgKind::Str)
            .Case("ints", mindir::ArgKind::Ints)
            .Case("ints?", mindir::ArgKind::IntsOrNone)
            .Case("intpairs", mindir::ArgKind::IntPairs)
            .Case("typeid", mindir::ArgKind::TypeId)
            .Case("padmode", mindir::ArgKind::PadMode)
            .Case("format", mindir::ArgKind::Format)
            .Default(std::nullopt);
    if (name.empty() || !kind)
      llvm::report_fatal_error(
          llvm::Twine("MindIRPrimitiveTable.def: bad argument '") + word +
          "'");
    mindir::PrimitiveArg arg{name.str(), *kind, std::nullopt};
    if (rest.contains('='))
      arg.defaultValue = dflt.str();
    args.push_back(std::move(arg));
  }
  return args;
}

SmallVector<std::string> parseNames(StringRef text) {
  SmallVector<StringRef> words;
  text.split(words, ' ', -1, /*KeepEmpty=*/false);
  return SmallVector<std::string>(llvm::map_range(
      words, [](StringRef w) { return w.str(); }));
}

const llvm::StringMap<mindir::PrimitiveSpec> &primitiveTable() {
  static const llvm::StringMap<mindir::PrimitiveSpec> table = [] {
    llvm::StringMap<mindir::PrimitiveSpec> t;
    auto add = [&](StringRef name, bool function, StringRef args,
                   StringRef inputs, StringRef outputs,
                   bool importOnly = false) -> mindir::PrimitiveSpec & {
      mindir::PrimitiveSpec spec;
      spec.name = name.str();
      spec.isFunction = function;
      spec.importOnly = importOnly;
      spec.args = parseArgs(args);
      spec.inputs = parseNames(inputs);
      spec.outputs = parseNames(outputs);
      if (t.count(name))
        llvm::report_fatal_error(llvm::Twine("MindIRPrimitiveTable.def: '") +
                                 name + "' has two entries");
      return t[name] = std::move(spec);
    };
#define MINDIR_PRIMITIVE_FUNCTION(Name, Args) add(#Name, true, Args, "", "");
#define MINDIR_PRIMITIVE(Name, Inputs, Outputs, Attrs)                         \
  add(#Name, false, Attrs, Inputs, Outputs);
#define MINDIR_IMPORTED_FUNCTION(Name, Args)                                   \
  add(#Name, true, Args, "", "", /*importOnly=*/true);
#define MINDIR_IMPORTED_PRIMITIVE(Name, Inputs, Outputs, Attrs)                \
  add(#Name, false, Attrs, Inputs, Outputs, /*importOnly=*/true);
#define MINDIR_ALIAS(Name, Primitive)                                          \
  add(#Name, false, "", "", "", /*importOnly=*/true).aliasOf = #Primitive;
#include "MindIRPrimitiveTable.def"
    return t;
  }();
  return table;
}
} // namespace

const mindir::PrimitiveSpec *mindir::lookupPrimitiveSpec(StringRef primitive) {
  const auto &table = primitiveTable();
  auto it = table.find(primitive);
  return it == table.end() ? nullptr : &it->second;
}
