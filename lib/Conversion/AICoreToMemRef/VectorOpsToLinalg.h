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

} // namespace mlir::ascend

#endif
