//===- MindSporeDialect.cpp - mindspore dialect registration --------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.cpp.inc"
#include "ascend/Dialect/MindSpore/IR/MindSporeInterfaces.cpp.inc"

void MindSporeDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ascend/Dialect/MindSpore/IR/MindSporeOps.cpp.inc"
      >();
}
