//===- MindIRExportCustom.cpp - aicore.launch as a MindSpore Custom op ----===//
//
// --mindir-kernels=custom: each `aicore.launch` is a node applying a
// `Custom` primitive of func_type "aot" whose attributes are those
// MindSpore's own export writes for `ops.Custom(func="lib.so:fn",
// func_type="aot")`, plus the kernel's aicore IR (see
// ascend/Target/MindIR/MindIRCustomKernels.h for the list).
//
//===----------------------------------------------------------------------===//
#include "MindIRExporter.h"

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Target/MindIR/MindIRCustomKernels.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindir;

namespace {

void addString(AttrList &attrs, StringRef name, StringRef value) {
  mind_ir::AttributeProto *a = attrs.Add();
  a->set_name(name.str());
  a->set_type(AttrType::STRING);
  a->set_s(value.str());
}

void addBool(AttrList &attrs, StringRef name, bool value) {
  mind_ir::AttributeProto *a = attrs.Add();
  a->set_name(name.str());
  a->set_type(AttrType::BOOL);
  a->set_i(value);
}

} // namespace

void mlir::ascend::mindir::registerCustomRouteDialects(
    DialectRegistry &registry) {
  registry.insert<aicore::AICoreDialect, memref::MemRefDialect,
                  arith::ArithDialect, scf::SCFDialect>();
}

bool MindIRExporter::isLaunch(Operation *op) {
  return isa<aicore::LaunchOp>(op);
}

bool MindIRExporter::isKernel(Operation *op) {
  return isa<aicore::KernelOp>(op);
}

LogicalResult MindIRExporter::exportLaunch(Operation *op, GraphState &g) {
  auto launch = cast<aicore::LaunchOp>(op);
  StringRef kernel = launch.getKernel();
  if (!options.customKernels)
    return launch.emitError("the launch of AI Core kernel @")
           << kernel
           << " has no MindIR form without the Custom route "
              "(--mindir-kernels=custom)";
  const MindIRCustomKernels &kernels = *options.customKernels;
  auto it = kernels.kernels.find(kernel);
  if (it == kernels.kernels.end())
    return launch.emitError("AI Core kernel @")
           << kernel << " is not in the kernel library '"
           << kernels.libraryPath << "'";
  std::string funcName = kernels.libraryPath + ":" + it->second.function;
  AttrList attrs;
  addString(attrs, "imply_path", "");
  addString(attrs, "uniq_name", "Custom__" + funcName);
  addBool(attrs, "multi_output", launch.getNumResults() > 1);
  addString(attrs, "func_type", "aot");
  addString(attrs, "func_name", funcName);
  addBool(attrs, "autodiff", false);
  addString(attrs, "kernel_name", kernel);
  addString(attrs, "aicore_ir", it->second.bytecode);
  addString(attrs, "aicore_ir_format", "mlir-bytecode");
  addString(attrs, "ascend_kernel_library_fingerprint", kernels.fingerprint);
  FailureOr<SmallVector<std::string>> inputs =
      namesOf(launch.getInputs(), launch);
  if (failed(inputs))
    return failure();
  FailureOr<std::string> node = structural(
      g, "Custom", *inputs, launch.getResultTypes(), launch.getLoc(), &attrs);
  if (failed(node))
    return failure();
  return nameResults(launch.getResults(), *node, g, launch.getLoc());
}
