//===- PyNativeDialect.cpp - pynative dialect registration ----------------===//
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"

using namespace mlir;
using namespace mlir::ascend::pynative;

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.cpp.inc"
#include "ascend/Dialect/PyNative/IR/PyNativeEnums.cpp.inc"

void PyNativeDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ascend/Dialect/PyNative/IR/PyNativeOps.cpp.inc"
      >();
}
