//===- UserMappings.h - eager op mappings from a file -----------*- C++ -*-===//
//
// User mappings of eager ops to mindspore ops, read from a JSON file given by
// the `mapping-file` option of convert-pynative-to-mindspore, so users map
// their own layers without recompiling. The file is one object keyed by eager
// op name:
//
//   {
//     "mylib.swish.default": {"op": "mindspore.silu", "operands": ["self"]},
//     "aten.softmax.int": {"op": "mindspore.softmax", "operands": ["self"],
//                          "attrs": {"axis": -1}},
//     "aten.foo.default": {"op": "mindspore.custom", "func_name": "MySwish"}
//   }
//
// `op` names the mindspore op; `operands` lists the recorded op's tensor
// arguments by schema name (every operand of a tensor-list argument; all
// operands in order when absent); `attrs` gives the op's attributes (JSON int
// -> i64, float -> f32, bool, string, array of ints -> array<i64>). For
// `mindspore.custom`, `func_name` (default: the eager op name), `func_type`
// (default "pytorch_aten" without a func_name, "aot" with one) and `attrs`
// (added to the eager op's non-tensor arguments) fill the Custom primitive.
// `requires: "float"` refuses the mapping unless every mapped operand has a
// floating-point element type ("expects a floating-point tensor").
//
// The built-in one-to-one aten mappings use the same format: they live in
// lib/Conversion/PyNativeToMindSpore/AtenMappings.json, compiled into the
// binary and read by UserMappings::getBuiltin; a user file takes precedence.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_PYNATIVETOMINDSPORE_USERMAPPINGS_H
#define ASCEND_CONVERSION_PYNATIVETOMINDSPORE_USERMAPPINGS_H

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <string>

namespace mlir::ascend {

/// One entry of a mapping file.
/// Kept free of context-owned objects (names and JSON values, not
/// OperationName/Attribute), so the built-in table is parsed once per process.
struct UserMapping {
  std::string key;                   ///< eager op name
  std::string opName;                ///< the mindspore op it becomes
  bool allOperands = true;           ///< no "operands": every operand
  SmallVector<std::string> operands; ///< schema argument names
  /// From "attrs", sorted by name; converted by attributes().
  SmallVector<std::pair<std::string, llvm::json::Value>> attrs;
  std::string funcName, funcType; ///< mindspore.custom only
  bool requiresFloat = false;     ///< "requires": "float"

  /// The "attrs" as MLIR attributes (validated when the file was read).
  NamedAttrList attributes(MLIRContext *context) const;
};

/// The mappings of one file.
class UserMappings {
public:
  /// Reads `path`. Reports a missing or malformed file, an unknown op name or
  /// a bad entry (with the file name and the key) and returns failure.
  static FailureOr<std::unique_ptr<UserMappings>> load(StringRef path,
                                                       MLIRContext *context);

  /// Parses the mapping-file `text`; `path` names it in diagnostics.
  static FailureOr<std::unique_ptr<UserMappings>>
  parse(StringRef text, StringRef path, MLIRContext *context);

  /// The built-in aten mappings (AtenMappings.json, compiled in), parsed on
  /// first use. A malformed built-in file is a build bug: it is reported and
  /// aborts.
  static const UserMappings &getBuiltin(MLIRContext *context);

  /// The mapping of `eagerName`, or null.
  const UserMapping *lookup(StringRef eagerName) const;

  /// Builds the op `mapping` names for `op` at its location, on the converted
  /// `operands`, with the recorded result types, and verifies it. On success
  /// appends its results to `results`; on failure (an unknown operand name, a
  /// verifier or type-inference error) reports it at the op's location with
  /// the file name and the key. With `why`, nothing is reported: the reason
  /// is stored there (the built-in table's callers report it themselves).
  LogicalResult apply(const UserMapping &mapping, pynative::RecordedOp op,
                      ValueRange operands, OpBuilder &builder,
                      SmallVectorImpl<Value> &results,
                      std::string *why = nullptr) const;

  StringRef getPath() const { return path; }

private:
  std::string path;
  llvm::StringMap<UserMapping> entries;
};

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_PYNATIVETOMINDSPORE_USERMAPPINGS_H
