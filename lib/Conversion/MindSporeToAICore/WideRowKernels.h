//===- WideRowKernels.h - Multi-pass kernels for rows wider than UB -------===//
//
// A Softmax, LogSoftmax, ReduceSum, ReduceMax or ReduceMean over the last
// axis, a LayerNorm, an RMSNorm as its primitives, or a binary op with a
// broadcast column or row, whose one row does not fit UB (a [16, 151936]
// f32 row is 594 KiB; UB holds 192 KiB), in f32, f16 or bf16, as a Vector
// kernel that streams each row in column chunks, several passes per row
// (docs/AICoreKernels.md, "Rows wider than UB").
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_WIDEROWKERNELS_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_WIDEROWKERNELS_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

namespace mlir::ascend {

/// Whether `group` is one Softmax / LogSoftmax (axis -1), ReduceSum /
/// ReduceMax / ReduceMean (the last axis only) or LayerNorm of its input,
/// an RMSNorm as its primitives, or one Add / Sub / Mul / RealDiv /
/// Maximum / Minimum of a full-size operand and a column or row, in f32,
/// f16 or bf16, the op's result the group's one result: the groups
/// buildWideRowKernel takes (docs/AICoreKernels.md, "Rows wider than UB").
bool isWideRowGroup(mindspore::FusionOp group);

/// The multi-pass Vector kernel of such a group, the input viewed as
/// [M, K] (K the last axis): row r goes to block r mod B (B = min(M,
/// vector cores)); each pass streams the row in chunks of up to
/// `kWideRowChunk` columns GM -> UB (MTE2), works on them (V) and, in the
/// last pass of a softmax, writes them UB -> GM (MTE3):
/// - pass 1: the running max (Softmax, LogSoftmax, ReduceMax) or running
///   sum (ReduceSum, ReduceMean: then times 1 / K) of the chunks' vreduce;
/// - pass 2 (Softmax, LogSoftmax): the running sum of exp(x - max);
/// - pass 3: exp(x - max) / sum, or x - (max + ln sum).
/// A reduction writes its [1, 1] per row at the end of the row. UB holds
/// three [1, chunk] buffers and four [1, 1] ones. Fails (`why`) for a K of
/// 0.
FailureOr<aicore::KernelOp>
buildWideRowKernel(mindspore::FusionOp group,
                   const aicore::AICoreTarget &target, std::string &why);

/// Columns per chunk (f32): 8192, 32 KiB per transfer, above the 16 KB at
/// which the Ascend C best practices ("Transferring a Large Data Block at a
/// Time") put a transfer at its optimum bandwidth; three such buffers take
/// 96 KiB of the 192 KiB UB.
constexpr int64_t kWideRowChunk = 8192;

} // namespace mlir::ascend

#endif
