//===- ascend-translate.cpp - trace import and MindIR export --------------===//
//
// mlir-translate with ascend-opt's translations: --import-pynative-trace
// (.pntrace -> pynative dialect) and --export-mindir (mindspore -> .mindir).
//
//===----------------------------------------------------------------------===//
#include "ascend/InitAll.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::ascend::registerAllTranslations();
  return mlir::failed(mlir::mlirTranslateMain(
      argc, argv, "ascend-translate: trace import and MindIR export\n"));
}
