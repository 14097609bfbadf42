//===- ascend-opt.cpp - the ascend-opt pass driver ------------------------===//
//
// mlir-opt for the pynative, mindspore and aicore dialects with every
// ascend-opt pass and pipeline registered.
//
// Before MLIR's driver runs, the input file is opened and the output's
// directory checked, so that a missing input or `-o DIR/missing/out.mlir` is
// reported like the other tools do (ToolFiles.h) and nothing is run. The
// output named by -o is written to a temporary file beside it and renamed
// over it only on success: a failed run (a pass or a parse error) leaves no
// partial file and an existing output file as it was.
//
//===----------------------------------------------------------------------===//
#include "ToolAllocator.h"
#include "ToolFiles.h"

#include "ascend/InitAll.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>

static constexpr llvm::StringLiteral kTool = "ascend-opt";

int main(int argc, char **argv) {
  mlir::ascend::tools::configureAllocator();
  mlir::registerTransformsPasses();
  mlir::ascend::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::ascend::registerAllDialects(registry);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "ascend-opt: eager traces to Ascend graph mode\n", registry);

  namespace tools = mlir::ascend::tools;
  if (mlir::failed(tools::checkOutputDirectory(kTool, outputFilename, "run")))
    return EXIT_FAILURE;
  // Stdin is read once, by the driver; a file is opened here first only to
  // report a problem with it in the tools' words.
  if (inputFilename != "-" && !tools::openInput(kTool, inputFilename))
    return EXIT_FAILURE;

  // --show-dialects and --list-passes write no output file.
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (!tools::isReplacedByRename(outputFilename) ||
      config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
  mlir::FailureOr<std::string> temporary =
      tools::createTemporaryBeside(kTool, outputFilename);
  if (mlir::failed(temporary))
    return EXIT_FAILURE;
  bool ok = mlir::succeeded(
      mlir::MlirOptMain(argc, argv, inputFilename, *temporary, registry));
  return mlir::succeeded(tools::commitTemporary(kTool, *temporary,
                                                outputFilename, ok))
             ? EXIT_SUCCESS
             : EXIT_FAILURE;
}
