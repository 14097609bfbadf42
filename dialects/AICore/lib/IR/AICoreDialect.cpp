//===- AICoreDialect.cpp - aicore dialect registration --------------------===//
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "LaunchSignatures.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ascend::aicore;

#include "ascend/Dialect/AICore/IR/AICoreDialect.cpp.inc"
#include "ascend/Dialect/AICore/IR/AICoreEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ascend/Dialect/AICore/IR/AICoreAttrs.cpp.inc"

void AICoreDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ascend/Dialect/AICore/IR/AICoreAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ascend/Dialect/AICore/IR/AICoreOps.cpp.inc"
      >();
  addInterfaces<LaunchSignatures>();
}
