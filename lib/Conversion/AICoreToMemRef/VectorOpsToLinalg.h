//===- VectorOpsToLinalg.h - host lowering of aicore Vector ops -*- C++ -*-===//
#ifndef ASCEND_LIB_CONVERSION_AICORETOMEMREF_VECTOROPSTOLINALG_H
#define ASCEND_LIB_CONVERSION_AICORETOMEMREF_VECTOROPSTOLINALG_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::ascend {
/// Replaces the aicore Vector op `op` (a PipeOpInterface op of
/// AICoreVectorOps.td, operands already without memory spaces) with its host
/// computation, a linalg.generic (or linalg.fill).
void lowerVectorOp(RewriterBase &rewriter, Operation *op);

/// When `func` (a kernel body taken over from an aicore.kernel) reads
/// aicore.block_idx, runs everything but its on-chip buffers once per block
/// index in [0, blockDim) in an scf.for, replacing aicore.block_idx by the
/// loop index.
void runBlocksInSequence(RewriterBase &rewriter, func::FuncOp func,
                         int64_t blockDim);
} // namespace mlir::ascend

#endif
