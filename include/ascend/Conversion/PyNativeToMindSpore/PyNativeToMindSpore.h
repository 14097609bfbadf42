//===- PyNativeToMindSpore.h - eager runs to GRAPH_MODE ---------*- C++ -*-===//
//
// convert-pynative-to-mindspore: merges the recorded runs of a pynative module
// into one mindspore-level func.func, recovering branches as mindspore.cond and
// legalizing aten ops to MindSpore primitives. See Passes.td for the rules.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_PYNATIVETOMINDSPORE_PYNATIVETOMINDSPORE_H
#define ASCEND_CONVERSION_PYNATIVETOMINDSPORE_PYNATIVETOMINDSPORE_H

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::ascend {

#define GEN_PASS_DECL
#include "ascend/Conversion/PyNativeToMindSpore/Passes.h.inc"

/// Builds the mindspore ops for one recorded aten op, by the built-in data
/// mappings (AtenMappings.json, see UserMappings::getBuiltin) or, for ops
/// that need logic, the C++ table of AtenLegalization.cpp. `operands` are the
/// already converted operands of `op` (in its operand order); on success the
/// converted results are appended to `results` (one per result of `op` that
/// is used; unused extra results such as max-pool indices may be null).
/// Returns failure without a diagnostic when the op (or this use of it) has
/// no mapping; the caller reports it.
///
/// `scalarOperands` binds number arguments of `op` (by schema name, e.g.
/// "other", "value", "exponent") to 0-d tensors computed in the graph (a
/// number Python read from a tensor and passed on unchanged). A handler that
/// can take the argument as a tensor uses the bound value instead of the
/// recorded number and adds the name to `consumed`; a bound argument not in
/// `consumed` afterwards was built from the recorded number.
LogicalResult legalizeAtenOp(pynative::RecordedOp op, ValueRange operands,
                             OpBuilder &builder,
                             SmallVectorImpl<Value> &results,
                             std::string &whyUnsupported,
                             ArrayRef<std::pair<StringRef, Value>> scalarOperands = {},
                             llvm::StringSet<> *consumed = nullptr);

/// A `mindspore.constant` of `type` with every element `value` (converted
/// to the element type: floats as is, integers truncated, i1 as value != 0).
Value buildSplatConstant(OpBuilder &builder, Location loc,
                         RankedTensorType type, double value);

/// The operand that `v`, a result of a recorded view or in-place op, aliases
/// (from the op's `result_aliases`); null when `v` aliases nothing.
Value aliasedOperandOf(Value v);

/// The base tensor that `v` is a view of through view ops whose writes can be
/// put back into the base (select, slice with step 1, view/reshape,
/// (un)squeeze, t/transpose/permute, alias), with those view ops in `chain`
/// from the base to `v`. `v` itself (empty chain) when it is no view; null
/// when it is a view of another kind.
Value viewChainOf(Value v, SmallVectorImpl<pynative::RecordedOp> &chain);

#define GEN_PASS_REGISTRATION
#include "ascend/Conversion/PyNativeToMindSpore/Passes.h.inc"

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_PYNATIVETOMINDSPORE_PYNATIVETOMINDSPORE_H
