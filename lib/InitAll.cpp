//===- InitAll.cpp - register ascend-opt dialects and passes --------------===//
#include "ascend/InitAll.h"

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
                  func::FuncDialect,
                  arith::ArithDialect, tensor::TensorDialect,
                  memref::MemRefDialect, scf::SCFDialect>();
}

void mlir::ascend::registerAllPasses() {
  mindspore::registerMindSporePasses();
}

void mlir::ascend::registerAllTranslations() {}
