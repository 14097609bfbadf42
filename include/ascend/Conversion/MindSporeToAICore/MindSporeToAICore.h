//===- MindSporeToAICore.h - mindspore to aicore conversion -----*- C++ -*-===//
//
// convert-mindspore-to-aicore: tiles MatMul (+ BiasAdd) for one AI Core into
// aicore kernels launched from the graph. See Passes.td for the rules.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H
#define ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ascend {

#define GEN_PASS_DECL
#include "ascend/Conversion/MindSporeToAICore/Passes.h.inc"

/// Static tile sizes of a matmul kernel.
struct MatMulTiling {
  int64_t tm, tn, tk;
};

/// Chooses the tiles of an `[m, k] x [k, n]` matmul on `elementType` (f32, f16
/// or bf16) for `target` by the rule in Passes.td; `withBias` reserves UB for
/// the result tile and a bias row. Fails with `why` set when the Cube lacks
/// the element type or no tiling fits.
FailureOr<MatMulTiling> chooseMatMulTiling(int64_t m, int64_t n, int64_t k,
                                           Type elementType, bool withBias,
                                           const aicore::AICoreTarget &target,
                                           std::string &why);

#define GEN_PASS_REGISTRATION
#include "ascend/Conversion/MindSporeToAICore/Passes.h.inc"

} // namespace mlir::ascend

#endif // ASCEND_CONVERSION_MINDSPORETOAICORE_MINDSPORETOAICORE_H
