//===- ascend-opt.cpp - the ascend-opt pass driver ------------------------===//
//
// mlir-opt for the pynative, mindspore and aicore dialects with every
// ascend-opt pass and pipeline registered.
//
//===----------------------------------------------------------------------===//
#include "ascend/InitAll.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::ascend::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::ascend::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "ascend-opt: eager traces to Ascend graph mode\n", registry));
}
