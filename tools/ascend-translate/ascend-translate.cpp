//===- ascend-translate.cpp - trace import and MindIR export --------------===//
//
// mlir-translate with ascend-opt's translations: --import-pynative-trace
// (.pntrace -> pynative dialect) and --export-mindir (mindspore -> .mindir).
//
// The output named by -o is written to a temporary file beside it and renamed
// over it only on success, so a failed translation leaves an existing output
// file as it was (mlir-translate itself truncates it first). MindIR external
// weight data (a `<stem>_variables` directory beside the output) is likewise
// written to a temporary directory and moved into place at the end of the
// export.
//
//===----------------------------------------------------------------------===//
#include "ascend/InitAll.h"
#include "ascend/Target/MindIR/MindIRExport.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

int main(int argc, char **argv) {
  mlir::ascend::registerAllTranslations();

  // Find the output path (-o X, -o=X, --o X) and substitute a temporary one.
  std::vector<std::string> args(argv, argv + argc);
  std::string output, temporary;
  for (size_t i = 1; i < args.size(); ++i) {
    std::string &a = args[i];
    bool separate = (a == "-o" || a == "--o") && i + 1 < args.size();
    bool joined = a.rfind("-o=", 0) == 0 || a.rfind("--o=", 0) == 0;
    if (!separate && !joined)
      continue;
    std::string &value = separate ? args[i + 1] : a;
    size_t prefix = separate ? 0 : a.find('=') + 1;
    output = value.substr(prefix);
    // --export-mindir writes external weight data beside the final file.
    mlir::ascend::setMindIRTranslationOutputPath(output);
    // Only a regular file (or a new one) is replaced atomically; a device
    // such as /dev/null or a pipe is written directly.
    if (output == "-" || (llvm::sys::fs::exists(output) &&
                          !llvm::sys::fs::is_regular_file(output)))
      break;
    temporary = output + ".tmp-ascend-translate";
    value = value.substr(0, prefix) + temporary;
    break;
  }
  std::vector<char *> newArgv;
  for (std::string &a : args)
    newArgv.push_back(a.data());

  bool ok = mlir::succeeded(mlir::mlirTranslateMain(
      (int)newArgv.size(), newArgv.data(),
      "ascend-translate: trace import and MindIR export\n"));
  if (temporary.empty())
    return ok ? 0 : 1;
  if (!ok) {
    llvm::sys::fs::remove(temporary);
    return 1;
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, output)) {
    llvm::errs() << "ascend-translate: cannot write '" << output
                 << "': " << ec.message() << "\n";
    llvm::sys::fs::remove(temporary);
    return 1;
  }
  return 0;
}
