//===- InitAll.cpp - register ascend-opt dialects and passes --------------===//
#include "ascend/InitAll.h"

#include "ascend/Pipelines/Pipelines.h"

#include "ascend/Target/MindIR/MindIRExport.h"
#include "ascend/Target/MindIR/MindIRImport.h"
#include "ascend/Target/Profile/OpSummary.h"
#include "ascend/Trace/TraceReader.h"

#include "ascend/Conversion/AICoreToMemRef/AICoreToMemRef.h"
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/AICore/Transforms/Passes.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::ascend::registerAllDialects(DialectRegistry &registry) {
  registry.insert<pynative::PyNativeDialect, mindspore::MindSporeDialect,
                  aicore::AICoreDialect,
                  func::FuncDialect,
                  arith::ArithDialect, tensor::TensorDialect,
                  memref::MemRefDialect, scf::SCFDialect>();
}

void mlir::ascend::registerAllPasses() {
  registerAscendPipelines();
  mindspore::registerMindSporePasses();
  aicore::registerAICorePasses();
  registerPyNativeToMindSporePasses();
  registerMindSporeToAICorePasses();
  registerAICoreToMemRefPasses();
  registerMindSporeToLinalgPasses();
}

void mlir::ascend::registerAllTranslations() {
  registerPyNativeTraceTranslation();
  registerMindIRTranslations();
  registerMindIRImportTranslation();
  profile::registerProfileTranslations();
}
