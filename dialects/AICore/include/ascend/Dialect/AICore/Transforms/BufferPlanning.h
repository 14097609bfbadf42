//===- BufferPlanning.h - on-chip buffer placement --------------*- C++ -*-===//
//
// Liveness-based placement of a kernel's aicore.alloc buffers in UB, L1 and
// L0A/L0B/L0C (the rules are in Passes.td, ascend-aicore-plan-buffers).
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_AICORE_TRANSFORMS_BUFFERPLANNING_H
#define ASCEND_DIALECT_AICORE_TRANSFORMS_BUFFERPLANNING_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"

#include <array>

namespace mlir::ascend::aicore {

/// The i64 attribute on an `aicore.alloc` holding its byte offset in its
/// memory, set by ascend-aicore-plan-buffers.
inline constexpr llvm::StringLiteral kBufferOffsetAttr = "aicore.offset";
/// An optional string attribute on an `aicore.alloc` naming the buffer in
/// diagnostics (e.g. "x.ping"); set by the kernel builders.
inline constexpr llvm::StringLiteral kBufferNameAttr = "aicore.name";

/// One placed buffer.
struct PlannedBuffer {
  AllocOp alloc;
  int64_t offset;             ///< bytes from the start of its memory
  int64_t size;               ///< bytes
  int64_t liveBegin, liveEnd; ///< program-order positions, inclusive
};

/// The placement of one kernel's buffers.
struct BufferPlan {
  /// Bytes used (end of the highest buffer) per memory, indexed by
  /// AddressSpace.
  std::array<int64_t, 7> used{};
  SmallVector<PlannedBuffer> buffers;
};

/// Places every buffer of `kernel`; does not change the IR.
BufferPlan planBuffers(KernelOp kernel);

/// Writes the offsets of `plan` to the allocs. When a memory's buffers end
/// beyond its capacity, emits the capacity error on `kernel` (naming it and
/// listing that memory's buffers) and fails without changing the IR.
LogicalResult applyBufferPlan(KernelOp kernel, const BufferPlan &plan);

} // namespace mlir::ascend::aicore

#endif // ASCEND_DIALECT_AICORE_TRANSFORMS_BUFFERPLANNING_H
