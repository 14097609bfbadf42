// Parses a mindspore-level module with the installed dialect and prints the
// MindSpore primitive of each op.
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::ascend::mindspore::MindSporeDialect,
                      mlir::func::FuncDialect>();
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  module->walk([](mlir::ascend::mindspore::PrimitiveOpInterface op) {
    llvm::outs() << op.getPrimitiveName() << "\n";
  });
  return 0;
}
