//===- AICoreToMemRef.h - aicore to host memref/linalg ----------*- C++ -*-===//
//
// convert-aicore-to-memref: lowers aicore kernels and launches to upstream
// memref/scf/linalg/func so that they run on the CPU. See Passes.td.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_AICORETOMEMREF_AICORETOMEMREF_H
#define ASCEND_CONVERSION_AICORETOMEMREF_AICORETOMEMREF_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
namespace bufferization {
class BufferizationDialect;
} // namespace bufferization
namespace func {
class FuncDialect;
} // namespace func
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace math {
class MathDialect;
} // namespace math
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf

namespace ascend {

#define GEN_PASS_DECL
#include "ascend/Conversion/AICoreToMemRef/Passes.h.inc"

/// Unit attributes of the scf.for loops convert-aicore-to-memref builds: the
/// loop over a kernel's blocks (its induction variable is
/// `aicore.block_idx`) and an `aiv` part's loop over the block's vector
/// cores (`aicore.subblock_idx`).
inline constexpr llvm::StringLiteral kBlockLoopAttrName = "aicore.block_loop";
inline constexpr llvm::StringLiteral kSubBlockLoopAttrName =
    "aicore.subblock_loop";

#define GEN_PASS_REGISTRATION
#include "ascend/Conversion/AICoreToMemRef/Passes.h.inc"

} // namespace ascend
} // namespace mlir

#endif // ASCEND_CONVERSION_AICORETOMEMREF_AICORETOMEMREF_H
