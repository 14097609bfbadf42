//===- CheckedCreate.h - ops with inferred result types, checked -*- C++ -*-===//
//
// `OpT::create(builder, loc, operands...)` without result types asks the op's
// InferTypeOpInterface for them and, when the op refuses its operands (a 3-D
// input to a 2-D pool, a 0-d index_select input, an axis out of range), ends
// the process with "LLVM ERROR: Failed to infer result type(s)". On shapes,
// dtypes and attributes that come from a user's trace, legalizations build
// through createChecked instead: the same builder arguments, the op's own
// inferReturnTypes run first, and its refusal returned as a reason.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_CHECKEDCREATE_H
#define ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_CHECKEDCREATE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <type_traits>

namespace mlir::ascend {
namespace detail {
/// True when a builder argument is a null Value (or holds one): the result of
/// an earlier createChecked that failed.
template <typename T>
bool isMissingValue(const T &arg) {
  if constexpr (std::is_convertible_v<const T &, Value> &&
                !std::is_base_of_v<OpState, T>)
    return !Value(arg);
  else if constexpr (std::is_convertible_v<const T &, ValueRange> &&
                     !std::is_convertible_v<const T &, Value>)
    return llvm::any_of(ValueRange(arg), [](Value v) { return !v; });
  else
    return false;
}

/// As many null types as OpT has fixed results (none when they are variadic):
/// what the generated builders with explicit result types expect.
template <typename OpT>
SmallVector<Type, 3> placeholderResultTypes() {
  unsigned n = 0;
  if constexpr (OpT::template hasTrait<OpTrait::NResults<2>::template Impl>())
    n = 2;
  else if constexpr (OpT::template hasTrait<
                         OpTrait::NResults<3>::template Impl>())
    n = 3;
  else if constexpr (OpT::template hasTrait<
                         OpTrait::NResults<4>::template Impl>())
    n = 4;
  return SmallVector<Type, 3>(n, Type());
}
} // namespace detail

/// Builds OpT from `args` (the arguments of `OpT::create(b, loc, args...)`
/// after the location: operands and attributes, no result types) with the
/// result types OpT::inferReturnTypes gives. When that fails, nothing is
/// built, `reason` is set to the op's own message (for example
/// "'mindspore.adaptive_avg_pool2d' cannot take operand types
/// (tensor<2x3xf32>): expects a 4-D NCHW input") and null is returned. A null
/// Value among `args` (an earlier failed createChecked) also returns null,
/// leaving `reason` as it is.
template <typename OpT, typename... Args>
OpT createChecked(OpBuilder &b, Location loc, std::string &reason,
                  Args &&...args) {
  if ((detail::isMissingValue(args) || ...))
    return OpT();
  OperationState state(loc, OpT::getOperationName());
  if constexpr (OpT::template hasTrait<OpTrait::OneResult>())
    OpT::build(b, state, Type(), std::forward<Args>(args)...);
  else
    OpT::build(b, state, TypeRange(detail::placeholderResultTypes<OpT>()),
               std::forward<Args>(args)...);
  state.types.clear();
  MLIRContext *context = b.getContext();
  SmallVector<Type> types;
  std::string message;
  LogicalResult inferred = failure();
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &d) {
      if (message.empty())
        message = d.str();
      return success();
    });
    inferred = OpT::inferReturnTypes(
        context, state.location, state.operands,
        state.attributes.getDictionary(context), state.getRawProperties(),
        state.regions, types);
  }
  if (failed(inferred)) {
    llvm::raw_string_ostream os(reason);
    reason.clear();
    os << "'" << OpT::getOperationName() << "' cannot take operand types (";
    llvm::interleaveComma(state.operands, os,
                          [&](Value v) { os << v.getType(); });
    os << "): " << (message.empty() ? "its result types cannot be inferred"
                                    : message);
    return OpT();
  }
  state.addTypes(types);
  return cast<OpT>(b.create(state));
}

} // namespace mlir::ascend

#endif // ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_CHECKEDCREATE_H
