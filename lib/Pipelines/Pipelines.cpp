//===- Pipelines.cpp - ascend-opt pass pipelines --------------------------===//
#include "ascend/Pipelines/Pipelines.h"

#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::ascend;

/// The pass manager for passes that work on one function at a time: nested
/// on func.func, so MLIR runs them on the functions of a program (one per
/// input signature) in parallel. A pipeline built into a func.func pass
/// manager already is one.
static OpPassManager &perFunction(OpPassManager &pm) {
  std::optional<StringRef> anchor = pm.getOpName();
  if (anchor && *anchor == func::FuncOp::getOperationName())
    return pm;
  return pm.nest<func::FuncOp>();
}

void mlir::ascend::buildPyNativeToMindSporePipeline(
    OpPassManager &pm, const AscendPipelineOptions &options) {
  ConvertPyNativeToMindSporeOptions convert;
  convert.entryName = options.entry;
  convert.keepUnsupported = options.keepUnsupported;
  convert.mappingFile = options.mappingFile;
  pm.addPass(createConvertPyNativeToMindSpore(convert));
  OpPassManager &funcs = perFunction(pm);
  funcs.addPass(mindspore::createAscendMindSporeFoldTranspose());
  // The graph is one straight-line function (plus cond/while regions):
  // region simplification finds nothing there and is superlinear in its size.
  GreedyRewriteConfig canonicalize;
  canonicalize.setUseTopDownTraversal().setRegionSimplificationLevel(
      GreedySimplifyRegionLevel::Disabled);
  funcs.addPass(createCanonicalizerPass(canonicalize));
  funcs.addPass(mindspore::createAscendMindSporeCSE());
}

void mlir::ascend::buildGraphFusionPipeline(
    OpPassManager &pm, const AscendPipelineOptions &options) {
  OpPassManager &funcs = perFunction(pm);
  funcs.addPass(mindspore::createAscendMindSporeFoldBatchNorm());
  mindspore::AscendMindSporeFuseOptions fuse;
  fuse.chip = options.chip;
  funcs.addPass(mindspore::createAscendMindSporeFuse(fuse));
}

void mlir::ascend::buildDevicePlanningPipeline(
    OpPassManager &pm, const AscendPipelineOptions &options) {
  OpPassManager &funcs = perFunction(pm);
  funcs.addPass(mindspore::createAscendMindSporeAssignLayouts());
  mindspore::AscendMindSporePlanMemoryOptions plan;
  plan.chip = options.chip;
  plan.hbmBytes = options.hbmBytes;
  funcs.addPass(mindspore::createAscendMindSporePlanMemory(plan));
}

void mlir::ascend::buildGraphOptimizationPipeline(
    OpPassManager &pm, const AscendPipelineOptions &options) {
  buildGraphFusionPipeline(pm, options);
  buildDevicePlanningPipeline(pm, options);
}

void mlir::ascend::buildMindSporeToAICorePipeline(
    OpPassManager &pm, const AscendPipelineOptions &options) {
  ConvertMindSporeToAICorePassOptions tiling;
  tiling.chip = options.chip;
  pm.addPass(createConvertMindSporeToAICorePass(tiling));
  // On-chip buffers get offsets (liveness reuse) and a capacity check.
  pm.addPass(aicore::createAscendAICorePlanBuffers());
  // Every kernel runs on the pipe model: cycles, and a check of its flags.
  pm.addPass(aicore::createAscendAICoreEstimate());
}

void mlir::ascend::buildAscendPipeline(OpPassManager &pm,
                                       const AscendPipelineOptions &options) {
  buildPyNativeToMindSporePipeline(pm, options);
  if (options.graphOptimization)
    buildGraphOptimizationPipeline(pm, options);
  if (options.emit == "aicore")
    buildMindSporeToAICorePipeline(pm, options);
}

void mlir::ascend::registerAscendPipelines() {
  PassPipelineRegistration<AscendPipelineOptions>(
      "ascend-pipeline",
      "The whole ascend-opt pipeline from imported eager runs (pynative) to "
      "the level named by emit= (mindspore or aicore)",
      buildAscendPipeline);
  PassPipelineRegistration<AscendPipelineOptions>(
      "ascend-pynative-to-mindspore-pipeline",
      "Merge recorded runs into one GRAPH_MODE program and clean it up",
      buildPyNativeToMindSporePipeline);
  PassPipelineRegistration<AscendPipelineOptions>(
      "ascend-graph-optimization-pipeline",
      "Fold BatchNorm, fuse into Cube/Vector kernels and plan device memory",
      buildGraphOptimizationPipeline);
  PassPipelineRegistration<AscendPipelineOptions>(
      "ascend-graph-fusion-pipeline",
      "Fold BatchNorm and fuse into Cube/Vector kernels (the form MindIR is "
      "written in)",
      buildGraphFusionPipeline);
  PassPipelineRegistration<AscendPipelineOptions>(
      "ascend-device-planning-pipeline",
      "Give Cube kernels their device formats and plan device memory",
      buildDevicePlanningPipeline);
  PassPipelineRegistration<AscendPipelineOptions>(
      "ascend-mindspore-to-aicore-pipeline",
      "Tile Cube work of a GRAPH_MODE program into AI Core kernels",
      buildMindSporeToAICorePipeline);
}
