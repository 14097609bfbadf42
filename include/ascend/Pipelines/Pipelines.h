//===- Pipelines.h - ascend-opt pass pipelines ------------------*- C++ -*-===//
//
// The compiler's pipelines as C++ builders with an options struct, registered
// as `--ascend-pipeline` (whole pipeline) and one pipeline per level, e.g.
//   ascend-opt --ascend-pipeline="emit=mindspore" trace.mlir
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_PIPELINES_PIPELINES_H
#define ASCEND_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace ascend {

struct AscendPipelineOptions
    : public PassPipelineOptions<AscendPipelineOptions> {
  PassOptions::Option<std::string> emit{
      *this, "emit",
      llvm::cl::desc("Level the pipeline stops at: \"mindspore\" (GRAPH_MODE "
                     "primitives) or \"aicore\" (tiled AI Core kernels)"),
      llvm::cl::init("aicore")};
  PassOptions::Option<std::string> entry{
      *this, "entry", llvm::cl::desc("Name of the generated entry function"),
      llvm::cl::init("main")};
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip of the AI Core tiling (a row of the target "
                     "table, e.g. Ascend910B2)"),
      llvm::cl::init("Ascend910B2")};
  PassOptions::Option<bool> keepUnsupported{
      *this, "keep-unsupported",
      llvm::cl::desc("Keep eager ops without a mapping as mindspore.custom "
                     "(with a warning) instead of failing"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> graphOptimization{
      *this, "graph-opt",
      llvm::cl::desc("Run the graph-level optimizations (BatchNorm folding, "
                     "fusion, device memory planning) at the mindspore level"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> hbmBytes{
      *this, "hbm-bytes",
      llvm::cl::desc("Device memory (HBM) available to the program, bytes; 0: "
                     "the chip's (64 GiB per 910B die)"),
      llvm::cl::init(0)};
  PassOptions::Option<std::string> mappingFile{
      *this, "mapping-file",
      llvm::cl::desc("JSON file of user mappings from eager op names to "
                     "mindspore ops"),
      llvm::cl::init("")};
};

/// pynative -> mindspore: merge the recorded runs, legalize to primitives,
/// then clean up (fold transposes into MatMul, canonicalize, CSE).
void buildPyNativeToMindSporePipeline(OpPassManager &pm,
                                      const AscendPipelineOptions &options);

/// mindspore -> mindspore: fold inference BatchNorm into Conv2D, group
/// primitives into Cube/Vector kernels, give Cube kernels their device
/// formats, plan device memory (fails when the peak exceeds the HBM).
/// The same as buildGraphFusionPipeline then buildDevicePlanningPipeline.
void buildGraphOptimizationPipeline(OpPassManager &pm,
                                    const AscendPipelineOptions &options);

/// The first half of the graph optimization: fold inference BatchNorm and
/// form fusion groups. Still in NCHW/ND: MindIR is written from here.
void buildGraphFusionPipeline(OpPassManager &pm,
                              const AscendPipelineOptions &options);

/// The second half, backend decisions: device formats around Cube groups
/// (TransData) and the device memory plan.
void buildDevicePlanningPipeline(OpPassManager &pm,
                                 const AscendPipelineOptions &options);

/// mindspore -> aicore: tile Cube work into AI Core kernels, then run each on
/// the per-pipe model (cycles per pipe; a missing flag fails as a race).
void buildMindSporeToAICorePipeline(OpPassManager &pm,
                                    const AscendPipelineOptions &options);

/// The whole pipeline from imported runs to `options.emit`.
void buildAscendPipeline(OpPassManager &pm,
                         const AscendPipelineOptions &options);

/// Registers `ascend-pipeline` and one pipeline per builder above
/// (`ascend-pynative-to-mindspore-pipeline`,
/// `ascend-graph-optimization-pipeline`, `ascend-graph-fusion-pipeline`,
/// `ascend-device-planning-pipeline`, `ascend-mindspore-to-aicore-pipeline`).
void registerAscendPipelines();

} // namespace ascend
} // namespace mlir

#endif // ASCEND_PIPELINES_PIPELINES_H
