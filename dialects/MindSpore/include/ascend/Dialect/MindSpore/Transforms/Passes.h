//===- Passes.h - mindspore dialect passes ----------------------*- C++ -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_TRANSFORMS_PASSES_H
#define ASCEND_DIALECT_MINDSPORE_TRANSFORMS_PASSES_H

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ascend::mindspore {
#define GEN_PASS_DECL
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"

/// Adds the patterns that fold 2-D transposes into MatMul operands.
void populateFoldTransposePatterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::mindspore

#endif // ASCEND_DIALECT_MINDSPORE_TRANSFORMS_PASSES_H
