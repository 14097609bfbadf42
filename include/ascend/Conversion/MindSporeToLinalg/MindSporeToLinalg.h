//===- MindSporeToLinalg.h - mindspore to linalg conversion -----*- C++ -*-===//
//
// Lowers the `mindspore` dialect to linalg / tensor / arith / math / scf / cf
// on tensors (`convert-mindspore-to-linalg`), the first step of executing a
// GRAPH_MODE module on the CPU (see include/ascend/Execution/CPURunner.h).
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_CONVERSION_MINDSPORETOLINALG_MINDSPORETOLINALG_H
#define ASCEND_CONVERSION_MINDSPORETOLINALG_MINDSPORETOLINALG_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace arith {
class ArithDialect;
} // namespace arith
namespace cf {
class ControlFlowDialect;
} // namespace cf
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace math {
class MathDialect;
} // namespace math
namespace scf {
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor

namespace ascend {

#define GEN_PASS_DECL
#include "ascend/Conversion/MindSporeToLinalg/Passes.h.inc"

/// Adds the dialect-conversion patterns that rewrite each mindspore op except
/// `mindspore.parameter` into linalg, tensor, arith, math, scf and cf ops.
/// `mindspore.load` becomes an `arith.constant` of its parameter's value and
/// fails to match when the parameter has none.
void populateMindSporeToLinalgPatterns(RewritePatternSet &patterns);

/// Adds the patterns of MatMul, BatchMatMul, Conv2D, Conv2DTranspose, MaxPool,
/// AvgPool and AdaptiveAvgPool2D (NeuralNetLowering.cpp).
void populateMindSporeNeuralNetLoweringPatterns(RewritePatternSet &patterns);

/// Adds the patterns of Softmax, LogSoftmax, the Reduce primitives and
/// LayerNorm (ReductionLowering.cpp).
void populateMindSporeReductionLoweringPatterns(RewritePatternSet &patterns);

/// Adds the patterns of the shape and data-movement primitives: reshapes,
/// Transpose, Concat, slices, gathers, scatters, Pad, Tile, OneHot, Argmax,
/// Split, ReverseV2 (ShapeLowering.cpp).
void populateMindSporeShapeLoweringPatterns(RewritePatternSet &patterns);

/// Adds the pattern that reports a `mindspore.custom` (an eager op kept
/// opaque), which cannot run on the CPU, by name (CustomLowering.cpp).
void populateMindSporeCustomLoweringPatterns(RewritePatternSet &patterns);

/// Adds the pattern that lowers `mindspore.topk` to two linalg.generic ops:
/// the rank of each element in its row, then the element of each rank < k
/// (SortLowering.cpp; N*N compares per row of N elements).
void populateMindSporeSortLoweringPatterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "ascend/Conversion/MindSporeToLinalg/Passes.h.inc"

} // namespace ascend
} // namespace mlir

#endif // ASCEND_CONVERSION_MINDSPORETOLINALG_MINDSPORETOLINALG_H
