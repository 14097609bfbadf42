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

namespace mlir::ascend {

#define GEN_PASS_DECL
#include "ascend/Conversion/PyNativeToMindSpore/Passes.h.inc"

/// Builds the mindspore ops for one recorded aten op. `operands` are the
/// already converted operands of `op` (in its operand order); on success the
/// converted results are appended to `results` (one per result of `op` that
/// is used; unused extra results such as max-pool indices may be null).
/// Returns failure without a diagnostic when the op (or this use of it) has
/// no mapping; the caller reports it.
LogicalResult legalizeAtenOp(pynative::RecordedOp op, ValueRange operands,
                             OpBuilder &builder,
                             SmallVectorImpl<Value> &results,
                             std::string &whyUnsupported);

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
