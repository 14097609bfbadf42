//===- AICoreDialect.h - AI Core kernel dialect -----------------*- C++ -*-===//
//
// The `aicore` dialect: tiled Cube/Vector kernels for one AI Core. See
// AICoreDialect.td for the semantics and docs/Dialects/AICoreOps.md.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_AICORE_IR_AICOREDIALECT_H
#define ASCEND_DIALECT_AICORE_IR_AICOREDIALECT_H

#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ascend/Dialect/AICore/IR/AICoreDialect.h.inc"
#include "ascend/Dialect/AICore/IR/AICoreEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ascend/Dialect/AICore/IR/AICoreAttrs.h.inc"

namespace mlir::ascend::aicore {
/// Name of the kernel attribute recording a Cube or MIX kernel's schedule; its
/// value must be a #aicore.cube_tiling (checked by the dialect's attribute
/// verifier).
inline constexpr llvm::StringLiteral kCubeTilingAttrName = "aicore.tiling";

/// Checks the operands of a Vector op against the rules of AICoreVectorOps.td
/// for its `family` (e.g. "binary", "unary-float", "cast"); defined in
/// AICoreVectorOps.cpp.
::llvm::LogicalResult verifyVectorOp(Operation *op, llvm::StringRef family);
/// Cycles of a Vector op on pipe V of the kernel model: per instruction its
/// startup and completion latency, per 256-byte repeat of its widest memref
/// operand (`vectorRepeatBytes`) its throughput; a tile op is ceil(whole
/// repeats / 255) instructions plus one for a ragged (masked) tail. The
/// figures are the target table's `AICoreVectorCosts` (AICoreTarget.h).
int64_t getVectorCycles(Operation *op);
} // namespace mlir::ascend::aicore

#include "ascend/Dialect/AICore/IR/AICoreInterfaces.h.inc"

#define GET_OP_CLASSES
#include "ascend/Dialect/AICore/IR/AICoreOps.h.inc"

namespace mlir::ascend::aicore {
/// The aicore memory space of `type`, or nullopt when it has none.
std::optional<AddressSpace> getAddressSpace(MemRefType type);

/// `type` with memory space `space`.
MemRefType withAddressSpace(MemRefType type, AddressSpace space);

/// The GM buffer of a value of tensor type `type` (a kernel argument): the
/// same shape and element type, identity layout, memory space GM.
MemRefType getGMType(RankedTensorType type);

/// The pipe that copies from `from` to `to`, or nullopt when the AI Core has
/// no such data path.
std::optional<Pipe> getCopyPipe(AddressSpace from, AddressSpace to);

/// The target row of the kernel enclosing `op`, or the default chip.
const AICoreTarget &getTargetFor(Operation *op);
} // namespace mlir::ascend::aicore

#endif // ASCEND_DIALECT_AICORE_IR_AICOREDIALECT_H
