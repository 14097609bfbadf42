//===- LaunchSignatures.h - printed aicore.launch signatures ----*- C++ -*-===//
//
// The text of the functional types aicore.launch prints, made once per
// signature (a program launches a few kernels many times).
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_AICORE_IR_LAUNCHSIGNATURES_H
#define ASCEND_DIALECT_AICORE_IR_LAUNCHSIGNATURES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectInterface.h"
#include "llvm/ADT/StringMap.h"

#include <mutex>
#include <optional>
#include <string>

namespace mlir::ascend::aicore {

/// Held by the aicore dialect (one per context, so the types it names stay
/// alive as long as it does): the printed functional type `(inputs) ->
/// results` of each launch signature seen. Only signatures of ranked tensors
/// of integers, floats or indices without an encoding are kept: those types
/// have no alias (no dialect of ascend-opt names builtin tensor types), so
/// the printer writes them as they print alone. Printing may run on several
/// threads of the context (e.g. diagnostics of parallel passes): the map is
/// guarded.
class LaunchSignatures : public DialectInterface::Base<LaunchSignatures> {
public:
  explicit LaunchSignatures(Dialect *dialect) : Base(dialect) {}

  /// Writes the printed form of `inputs -> results` to `os` and returns
  /// true, or returns false (writing nothing) when a type may print
  /// otherwise in a printer with aliases.
  bool print(TypeRange inputs, TypeRange results, raw_ostream &os);

private:
  std::mutex mutex;
  /// Keyed by the types' storage pointers (uniqued in the context); none
  /// for a signature printed by the printer.
  llvm::StringMap<std::optional<std::string>> text;
};

} // namespace mlir::ascend::aicore

#endif // ASCEND_DIALECT_AICORE_IR_LAUNCHSIGNATURES_H
