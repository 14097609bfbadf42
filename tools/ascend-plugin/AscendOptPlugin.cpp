//===- AscendOptPlugin.cpp - ascend-opt as an mlir-opt plugin -------------===//
//
// Loads the pynative, mindspore and aicore dialects and every ascend-opt pass
// into a stock mlir-opt:
//   mlir-opt --load-dialect-plugin=libAscendOptPlugin.so \
//            --load-pass-plugin=libAscendOptPlugin.so --convert-pynative-to-mindspore
// Do not load it into ascend-opt, which registers the same passes.
//
//===----------------------------------------------------------------------===//
#include "ascend/InitAll.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AscendOptDialects", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            ascend::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AscendOptPasses", LLVM_VERSION_STRING,
          []() { ascend::registerAllPasses(); }};
}
