//===- DepthwiseConvKernels.h - Depthwise Conv2D on the Vector unit -*- C++ -*-===//
//
// A depthwise Conv2D (group == input channels, one input channel per group,
// channel multiplier Cout / C) as a Vector kernel (DepthwiseConvKernels.cpp,
// docs/AICoreKernels.md "Depthwise convolutions on the Vector unit"), and the
// choice between it and the implicit-GEMM Cube kernel (ConvKernels.cpp /
// ConvMixKernels.cpp) by the modeled time of both.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_DEPTHWISECONVKERNELS_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_DEPTHWISECONVKERNELS_H

#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::ascend {

/// How an input of a convolution's elementwise epilogue maps onto the
/// [N, Cout, Ho, Wo] result.
enum class ConvEpilogueRole {
  Full,    ///< the result's shape (or the result's with leading 1s dropped)
  Channel, ///< one value per channel ([C], [C, 1, 1], [1, C, 1, 1])
  ImageChannel, ///< one value per image and channel ([N, C, 1, 1], N > 1)
  Scalar,       ///< one element
};

/// What a depthwise convolution kernel computes: `start` = conv(x, w)
/// [+ bias] on `elementType` (f32, f16 or bf16), then the elementwise
/// `epilogue` on it, writing `outputs`.
struct DepthwiseConvProblem {
  ConvGeometry geometry;
  Type elementType;
  bool withBias = false;
  /// The tensors the kernel reads, in argument order: the input
  /// [N, C, H, W], the weight [Cout, 1, KH, KW], [the bias [Cout],] then
  /// the epilogue's inputs (each once).
  SmallVector<Value> inputs;
  /// The value the convolution (and its bias) computes.
  Value start;
  /// Elementwise primitives on [N, Cout, Ho, Wo] values, in order.
  SmallVector<Operation *> epilogue;
  /// The role of every input the epilogue reads (besides `start`, values
  /// it computes and splat constants).
  SmallVector<std::pair<Value, ConvEpilogueRole>> roles;
  /// The values the kernel writes, in result order (`start` without an
  /// epilogue).
  SmallVector<Value> outputs;
};

/// Whether convolution `g` is depthwise: one input channel per group
/// (group == C), any channel multiplier Cout / C. The equivalent convolution
/// of a Conv2DTranspose (input dilation or rotated taps) is not: it stays on
/// the Cube.
bool isDepthwiseConv(const ConvGeometry &g);

/// Which unit runs a depthwise convolution (the pass's `depthwise`
/// option): by the modeled time of both kernels, or forced.
enum class DepthwiseUnit { Auto, Cube, Vector };

/// Parses the `depthwise` option ("auto", "cube", "vector").
std::optional<DepthwiseUnit> parseDepthwiseUnit(StringRef text);

/// Builds the Vector kernel `name` of `problem` for `target` (not inserted
/// anywhere; arguments: `problem.inputs` then `problem.outputs` as GM
/// memrefs), its tile sizes searched on the kernel model; sets
/// `modeledCycles` to its modeled cycles. Fails with `why` when the
/// problem is not depthwise, not f32 / f16 / bf16, or its smallest tile
/// does not fit UB.
FailureOr<aicore::KernelOp>
buildDepthwiseConvKernel(const DepthwiseConvProblem &problem, Location loc,
                         const aicore::AICoreTarget &target, StringRef name,
                         int64_t &modeledCycles, std::string &why);

/// The choice between the Cube kernel `cube` of a depthwise convolution
/// (built, not inserted; null when it has none) and its Vector kernel
/// (built here): under DepthwiseUnit::Auto the one with fewer modeled
/// cycles (aicore::simulateKernel of `cube`, or its tiling's
/// `modeled_cycles` when the simulator refuses it; the tile search's model
/// of the Vector kernel), else the forced one when it exists. Returns the chosen
/// kernel, erasing the other, with an `aicore.conv_unit` attribute
/// {unit = "vector" | "cube", cube_cycles, vector_cycles} (a missing kernel
/// or model has no figure); null (with `why`) when neither exists.
aicore::KernelOp chooseDepthwiseKernel(const DepthwiseConvProblem &problem,
                                       aicore::KernelOp cube,
                                       DepthwiseUnit unit, Location loc,
                                       const aicore::AICoreTarget &target,
                                       StringRef name, std::string &why);

} // namespace mlir::ascend

#endif // ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_DEPTHWISECONVKERNELS_H
