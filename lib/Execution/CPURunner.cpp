//===- CPURunner.cpp - lower, JIT and call a mindspore/aicore module ------===//
#include "ascend/Execution/CPURunner.h"

#include "ascend/Conversion/AICoreToMemRef/AICoreToMemRef.h"
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/RuntimeOpVerification.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/RuntimeOpVerification.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/RuntimeVerifiableOpInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"

#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

#ifndef ASCEND_MLIR_LIBRARY_DIR
#define ASCEND_MLIR_LIBRARY_DIR ""
#endif

/// Called by JIT-compiled code when a `mindspore.assert` guard is false.
static constexpr const char *kGuardFailedSymbol = "__ascend_run_guard_failed";
/// Called by JIT-compiled code when a kernel's bounds check fails; does not
/// return (see ascendRunBoundsCheckFailed).
static constexpr const char *kBoundsCheckFailedSymbol =
    "__ascend_run_bounds_check_failed";

namespace {

/// The guard ids that fired during the current call on this thread.
thread_local std::vector<int64_t> *firedGuards = nullptr;

extern "C" void ascendRunGuardFailed(int64_t id) {
  if (firedGuards)
    firedGuards->push_back(id);
}

/// Where a failed bounds check of the current call on this thread jumps to
/// (set by callStoppable), and the id of the check that failed.
thread_local std::jmp_buf *boundsCheckEscape = nullptr;
thread_local int64_t failedBoundsCheck = -1;
/// The block and vector core (aicore.block_idx, aicore.subblock_idx) that
/// ran the failed check; -1 outside a loop over blocks or vector cores.
thread_local int64_t failedBlock = -1;
thread_local int64_t failedSubBlock = -1;

/// A failed bounds check ends the call at once, before the out-of-bounds
/// access: a longjmp back into callStoppable over the JIT-compiled frames
/// (plain code without destructors or exception handling; the buffers the
/// call has allocated so far are not freed).
extern "C" void ascendRunBoundsCheckFailed(int64_t id, int64_t block,
                                           int64_t subBlock) {
  failedBoundsCheck = id;
  failedBlock = block;
  failedSubBlock = subBlock;
  if (boundsCheckEscape)
    std::longjmp(*boundsCheckEscape, 1);
  // Not reachable: a checked function is only called by callStoppable.
  std::abort();
}

/// Calls the packed JIT-compiled function `function` on `args`; returns the
/// id of the bounds check that stopped it, or -1 when it ran to the end.
[[gnu::noinline]] int64_t callStoppable(void (*function)(void **),
                                        void **args) {
  std::jmp_buf escape;
  failedBoundsCheck = -1;
  boundsCheckEscape = &escape;
  if (setjmp(escape) == 0)
    function(args);
  boundsCheckEscape = nullptr;
  return failedBoundsCheck;
}

/// Heap bytes aligned for any vector load the JIT-compiled code may use.
class AlignedBuffer {
public:
  explicit AlignedBuffer(size_t size) : size(size) {
    size_t rounded = (std::max<size_t>(size, 1) + kAlign - 1) / kAlign * kAlign;
    data.reset(static_cast<char *>(std::aligned_alloc(kAlign, rounded)));
    std::memset(data.get(), 0, rounded);
  }
  char *get() const { return data.get(); }
  size_t getSize() const { return size; }

private:
  static constexpr size_t kAlign = 64;
  struct Free {
    void operator()(char *p) const { std::free(p); }
  };
  std::unique_ptr<char, Free> data;
  size_t size;
};

/// The fields of a ranked memref descriptor as the LLVM lowering expands a
/// memref argument: allocated pointer, aligned pointer, offset, sizes,
/// strides (identity layout).
struct MemRefArgument {
  MemRefArgument(char *data, RankedTensorType type)
      : allocated(data), aligned(data) {
    ArrayRef<int64_t> shape = type.getShape();
    sizesAndStrides.assign(shape.begin(), shape.end());
    SmallVector<int64_t> strides(shape.size(), 1);
    for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * shape[d + 1];
    sizesAndStrides.append(strides.begin(), strides.end());
  }
  void pack(SmallVectorImpl<void *> &args) {
    args.push_back(&allocated);
    args.push_back(&aligned);
    args.push_back(&offset);
    for (int64_t &v : sizesAndStrides)
      args.push_back(&v);
  }
  void *allocated;
  void *aligned;
  int64_t offset = 0;
  SmallVector<int64_t> sizesAndStrides;
};

size_t byteSize(RankedTensorType type) {
  return type.getNumElements() *
         HostTensor::elementBytes(type.getElementType());
}

/// Copies the bytes of a parameter value in HostTensor layout (row-major,
/// one byte per i1). Fails when the value is neither a dense nor a
/// dense_resource elements attribute with data.
LogicalResult copyElements(ElementsAttr value, char *out, size_t size) {
  auto type = cast<ShapedType>(value.getType());
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != size)
      return failure();
    std::memcpy(out, blob->getData().data(), size);
    return success();
  }
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return failure();
  if (type.getElementType().isInteger(1)) {
    int64_t i = 0;
    for (bool b : dense.getValues<bool>())
      out[i++] = b ? 1 : 0;
    return success();
  }
  ArrayRef<char> raw = dense.getRawData();
  if (dense.isSplat()) {
    size_t eltSize = HostTensor::elementBytes(type.getElementType());
    for (size_t offset = 0; offset + eltSize <= size; offset += eltSize)
      std::memcpy(out + offset, raw.data(), eltSize);
    return success();
  }
  if (raw.size() != size)
    return failure();
  std::memcpy(out, raw.data(), size);
  return success();
}

bool isStaticTensor(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && ranked.hasStaticShape();
}

std::string typeString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

/// Replaces each `cf.assert` by a call of the guard callback with the
/// assert's index in `messages` when its condition is false, so that a failed
/// guard is reported by `run` instead of aborting the process.
void outlineGuards(
    ModuleOp module,
    SmallVectorImpl<std::pair<std::string, Location>> &messages) {
  SmallVector<cf::AssertOp> asserts;
  module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
  if (asserts.empty())
    return;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  auto calleeType = b.getFunctionType({b.getI64Type()}, {});
  auto callee =
      func::FuncOp::create(b, module.getLoc(), kGuardFailedSymbol, calleeType);
  callee.setPrivate();
  for (cf::AssertOp op : asserts) {
    b.setInsertionPoint(op);
    Location loc = op.getLoc();
    Value ok = op.getArg();
    Value failed = arith::XOrIOp::create(
        b, loc, ok, arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
    int64_t id = messages.size();
    messages.push_back({op.getMsg().str(), loc});
    scf::IfOp::create(b, loc, failed, [&](OpBuilder &tb, Location tl) {
      Value idValue =
          arith::ConstantOp::create(tb, tl, tb.getI64IntegerAttr(id));
      func::CallOp::create(tb, tl, callee, ValueRange{idValue});
      scf::YieldOp::create(tb, tl);
    });
    op.erase();
  }
}

/// A bounds check of a kernel op: which kernel, which op, what failed.
struct BoundsCheck {
  std::string kernel;
  std::string opName;
  /// The op as printed (operands and types, without regions).
  std::string op;
  /// What the check verifies, in upstream's words (e.g. "out-of-bounds
  /// access").
  std::string check;
  Location loc;
};

/// Instruments the functions named `kernels` with upstream's runtime op
/// verification (what -generate-runtime-verification inserts: cf.assert ops
/// next to each RuntimeVerifiableOpInterface op) and replaces each of these
/// cf.assert ops by a call of the bounds-check callback with the check's
/// index in `checks`, the block index and the vector core index (-1 outside
/// the loops of convert-aicore-to-memref that run them) when its condition is
/// false.
void instrumentKernels(ModuleOp module, const llvm::StringSet<> &kernels,
                       SmallVectorImpl<BoundsCheck> &checks) {
  static constexpr llvm::StringLiteral kTag = "ascend-run bounds check #";
  OpBuilder b(module.getContext());
  func::FuncOp callee;
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && kernels.contains(func.getSymName()))
      funcs.push_back(func);
  for (func::FuncOp func : funcs) {
    // The checks may create verifiable ops themselves; only the kernel's
    // own ops are checked.
    SmallVector<RuntimeVerifiableOpInterface> ops;
    func.walk([&](RuntimeVerifiableOpInterface op) { ops.push_back(op); });
    // One numbering of the kernel's values for all its ops (a local scope
    // per op would number the whole kernel again each time).
    OpPrintingFlags flags;
    flags.elideLargeElementsAttrs().skipRegions();
    AsmState state(func, flags);
    for (RuntimeVerifiableOpInterface op : ops) {
      std::string text;
      {
        llvm::raw_string_ostream os(text);
        op->print(os, state);
      }
      b.setInsertionPoint(op);
      // Each assert's message is the tag and the check's index.
      op.generateRuntimeVerification(
          b, op.getLoc(), [&](Operation *checked, StringRef check) {
            checks.push_back({func.getSymName().str(),
                              checked->getName().getStringRef().str(), text,
                              check.str(), checked->getLoc()});
            return (kTag + Twine(checks.size() - 1)).str();
          });
    }
    SmallVector<std::pair<cf::AssertOp, int64_t>> asserts;
    func.walk([&](cf::AssertOp a) {
      int64_t id;
      StringRef msg = a.getMsg();
      if (msg.consume_front(kTag) && !msg.getAsInteger(10, id))
        asserts.push_back({a, id});
    });
    for (auto [a, id] : asserts) {
      if (!callee) {
        b.setInsertionPointToEnd(module.getBody());
        callee = func::FuncOp::create(
            b, module.getLoc(), kBoundsCheckFailedSymbol,
            b.getFunctionType(
                {b.getI64Type(), b.getI64Type(), b.getI64Type()}, {}));
        callee.setPrivate();
      }
      b.setInsertionPoint(a);
      Location loc = a.getLoc();
      Value failed = arith::XOrIOp::create(
          b, loc, a.getArg(),
          arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
      // The induction variables of the enclosing block and vector core
      // loops.
      auto loopIndex = [&, a = a](StringRef attrName, OpBuilder &tb,
                                  Location tl) -> Value {
        for (auto loop = a->getParentOfType<scf::ForOp>(); loop;
             loop = loop->getParentOfType<scf::ForOp>())
          if (loop->hasAttr(attrName))
            return arith::IndexCastOp::create(tb, tl, tb.getI64Type(),
                                              loop.getInductionVar());
        return arith::ConstantOp::create(tb, tl, tb.getI64IntegerAttr(-1));
      };
      scf::IfOp::create(b, loc, failed, [&, id = id](OpBuilder &tb,
                                                     Location tl) {
        Value idValue =
            arith::ConstantOp::create(tb, tl, tb.getI64IntegerAttr(id));
        func::CallOp::create(
            tb, tl, callee,
            ValueRange{idValue, loopIndex(kBlockLoopAttrName, tb, tl),
                       loopIndex(kSubBlockLoopAttrName, tb, tl)});
        scf::YieldOp::create(tb, tl);
      });
      a.erase();
    }
  }
}

void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

} // namespace

void mlir::ascend::registerCPURunnerDialects(DialectRegistry &registry) {
  registry.insert<aicore::AICoreDialect, mindspore::MindSporeDialect>();
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, linalg::LinalgDialect, LLVM::LLVMDialect,
                  math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  // The bounds checks of CPUCompileOptions::checkBounds.
  linalg::registerRuntimeVerifiableOpInterfaceExternalModels(registry);
  memref::registerRuntimeVerifiableOpInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

//===----------------------------------------------------------------------===//
// CPUExecutable
//===----------------------------------------------------------------------===//

class CPUExecutable::Impl {
public:
  MLIRContext *context = nullptr;
  Location loc;
  std::string entry;
  SmallVector<RankedTensorType> inputTypes, resultTypes;
  /// Parameter values, passed after the inputs.
  SmallVector<RankedTensorType> parameterTypes;
  std::vector<AlignedBuffer> parameterData;
  /// Message and location of each guard, by id.
  SmallVector<std::pair<std::string, Location>> guards;
  /// The kernels' bounds checks, by id (empty without checkBounds).
  SmallVector<BoundsCheck> boundsChecks;
  std::unique_ptr<ExecutionEngine> engine;

  explicit Impl(Location loc) : context(loc.getContext()), loc(loc) {}
};

CPUExecutable::CPUExecutable(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
CPUExecutable::~CPUExecutable() = default;

ArrayRef<RankedTensorType> CPUExecutable::getInputTypes() const {
  return impl->inputTypes;
}
ArrayRef<RankedTensorType> CPUExecutable::getResultTypes() const {
  return impl->resultTypes;
}

/// Adds the lowering from tensors (after convert-mindspore-to-linalg) to the
/// LLVM dialect.
static void buildLowerToLLVMPipeline(PassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // mindspore.while results are new buffers each trip (scf.while iter args).
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createConvertMathToLLVMPass());
  // What has no LLVM intrinsic (asinh, acosh, atanh, erfc) calls libm, which
  // the JIT resolves in the process.
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

FailureOr<std::unique_ptr<CPUExecutable>>
CPUExecutable::compile(ModuleOp module, StringRef entry,
                       llvm::raw_ostream *loweredModule,
                       const CPUCompileOptions &options) {
  MLIRContext *context = module.getContext();
  {
    DialectRegistry registry;
    registerCPURunnerDialects(registry);
    context->appendDialectRegistry(registry);
  }
  OwningOpRef<ModuleOp> clone(module.clone());
  auto impl = std::make_unique<Impl>(module.getLoc());
  impl->entry = entry.str();

  auto func = clone->lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal())
    return emitError(module.getLoc())
           << "no function @" << entry << " with a body to run";
  if (func.isPrivate())
    return func.emitError("cannot run private function @") << entry;
  impl->loc = func.getLoc();
  for (Type t : func.getArgumentTypes()) {
    if (!isStaticTensor(t))
      return func.emitError("cannot run: argument type ")
             << t << " is not a statically shaped tensor";
    impl->inputTypes.push_back(cast<RankedTensorType>(t));
  }
  for (Type t : func.getResultTypes()) {
    if (!isStaticTensor(t))
      return func.emitError("cannot run: result type ")
             << t << " is not a statically shaped tensor";
    impl->resultTypes.push_back(cast<RankedTensorType>(t));
  }

  // Parameters become trailing arguments fed with their bytes at call time
  // (no multi-megabyte LLVM globals to compile).
  SymbolTableCollection symbols;
  llvm::StringMap<BlockArgument> paramArgs;
  SmallVector<ms::LoadOp> loads;
  func.walk([&](ms::LoadOp load) { loads.push_back(load); });
  for (ms::LoadOp load : loads) {
    auto [it, inserted] = paramArgs.try_emplace(load.getName());
    if (inserted) {
      auto param = symbols.lookupNearestSymbolFrom<ms::ParameterOp>(
          load, load.getNameAttr());
      if (!param)
        return load.emitOpError("reads unknown parameter @") << load.getName();
      auto type = dyn_cast<RankedTensorType>(param.getType());
      if (!type || !type.hasStaticShape())
        return param.emitOpError("cannot run with a non-static parameter type");
      if (!param.getValue())
        return load.emitOpError("reads parameter @")
               << load.getName() << " which has no value";
      AlignedBuffer buffer(byteSize(type));
      if (failed(
              copyElements(*param.getValue(), buffer.get(), buffer.getSize())))
        return param.emitOpError("value of parameter @")
               << param.getSymName() << " has no readable data of "
               << buffer.getSize() << " bytes";
      unsigned index = func.getNumArguments();
      if (failed(func.insertArgument(index, type, {}, param.getLoc())))
        return func.emitError("cannot add an argument for parameter @")
               << param.getSymName();
      it->second = func.getArgument(index);
      impl->parameterTypes.push_back(type);
      impl->parameterData.push_back(std::move(buffer));
    }
    load.replaceAllUsesWith(it->second);
    load.erase();
  }
  // The caller's buffers (inputs, parameters) are read-only.
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                    BoolAttr::get(context, false));

  // The kernels keep their symbol names as functions on memrefs.
  llvm::StringSet<> kernels;
  clone->walk(
      [&](aicore::KernelOp kernel) { kernels.insert(kernel.getSymName()); });
  {
    PassManager pm(context);
    // Kernels first: launches become calls on buffers of the graph's tensors
    // (bufferization.to_buffer / to_tensor), which one-shot bufferization
    // then folds into the graph's own buffers.
    bool hasAICore = false;
    clone->walk([&](Operation *op) {
      if (isa_and_nonnull<aicore::AICoreDialect>(op->getDialect())) {
        hasAICore = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (hasAICore)
      pm.addPass(createConvertAICoreToMemRefPass());
    pm.addPass(createConvertMindSporeToLinalgPass());
    if (failed(pm.run(*clone)))
      return failure();
  }
  outlineGuards(*clone, impl->guards);
  if (options.checkBounds)
    instrumentKernels(*clone, kernels, impl->boundsChecks);
  {
    PassManager pm(context);
    buildLowerToLLVMPipeline(pm);
    if (failed(pm.run(*clone)))
      return emitError(impl->loc)
             << "lowering @" << entry << " to the LLVM dialect failed";
  }

  if (loweredModule)
    *loweredModule << *clone << "\n";

  initializeNativeTarget();
  auto transformer = makeOptimizingTransformer(/*optLevel=*/2,
                                               /*sizeLevel=*/0,
                                               /*targetMachine=*/nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  // memref.copy of non-contiguous views calls memrefCopy.
  std::string runnerUtils =
      std::string(ASCEND_MLIR_LIBRARY_DIR) + "/libmlir_c_runner_utils.so";
  SmallVector<StringRef> libs;
  if (llvm::sys::fs::exists(runnerUtils))
    libs.push_back(runnerUtils);
  engineOptions.sharedLibPaths = libs;
  auto engine = ExecutionEngine::create(*clone, engineOptions);
  if (!engine)
    return emitError(impl->loc)
           << "JIT compilation of @" << entry
           << " failed: " << llvm::toString(engine.takeError());
  impl->engine = std::move(*engine);
  impl->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    map[interner(kGuardFailedSymbol)] = {
        llvm::orc::ExecutorAddr::fromPtr(&ascendRunGuardFailed),
        llvm::JITSymbolFlags::Exported};
    map[interner(kBoundsCheckFailedSymbol)] = {
        llvm::orc::ExecutorAddr::fromPtr(&ascendRunBoundsCheckFailed),
        llvm::JITSymbolFlags::Exported};
    return map;
  });
  impl->engine->initialize();
  return std::unique_ptr<CPUExecutable>(new CPUExecutable(std::move(impl)));
}

FailureOr<std::vector<HostTensor>>
CPUExecutable::run(ArrayRef<HostTensor> inputs) {
  Impl &s = *impl;
  if (inputs.size() != s.inputTypes.size())
    return emitError(s.loc)
           << "@" << s.entry << " takes " << s.inputTypes.size()
           << " inputs, got " << inputs.size();
  std::vector<AlignedBuffer> buffers;
  buffers.reserve(inputs.size() + s.resultTypes.size());
  std::vector<MemRefArgument> memrefs;
  memrefs.reserve(inputs.size() + s.parameterTypes.size() +
                  s.resultTypes.size());
  for (auto [i, input] : llvm::enumerate(inputs)) {
    if (input.type != s.inputTypes[i])
      return emitError(s.loc) << "input " << i << " of @" << s.entry
                              << " has type " << typeString(input.type)
                              << ", expected " << typeString(s.inputTypes[i]);
    size_t size = byteSize(input.type);
    if (input.data.size() != size)
      return emitError(s.loc) << "input " << i << " holds " << input.data.size()
                              << " bytes, expected " << size;
    buffers.emplace_back(size);
    std::memcpy(buffers.back().get(), input.data.data(), size);
    memrefs.emplace_back(buffers.back().get(), input.type);
  }
  for (auto [type, data] : llvm::zip(s.parameterTypes, s.parameterData))
    memrefs.emplace_back(data.get(), type);
  for (RankedTensorType type : s.resultTypes) {
    buffers.emplace_back(byteSize(type));
    memrefs.emplace_back(buffers.back().get(), type);
  }
  SmallVector<void *> args;
  for (MemRefArgument &m : memrefs)
    m.pack(args);

  auto function = s.engine->lookupPacked(s.entry);
  if (!function)
    return emitError(s.loc)
           << "calling @" << s.entry
           << " failed: " << llvm::toString(function.takeError());
  std::vector<int64_t> fired;
  firedGuards = &fired;
  int64_t failedCheck = callStoppable(*function, args.data());
  firedGuards = nullptr;
  if (failedCheck >= 0) {
    const BoundsCheck &check = s.boundsChecks[failedCheck];
    InFlightDiagnostic diag =
        emitError(check.loc) << "bounds check failed in kernel @"
                             << check.kernel;
    if (failedBlock >= 0)
      diag << ", block " << failedBlock;
    if (failedSubBlock >= 0)
      diag << ", vector core " << failedSubBlock;
    diag << ": '" << check.opName << "': " << check.check;
    diag.attachNote() << "the checked op (lowered for the CPU): " << check.op;
    return diag;
  }
  if (!fired.empty()) {
    auto [message, loc] = s.guards[fired.front()];
    return emitError(loc) << "guard failed: " << message;
  }

  std::vector<HostTensor> results;
  size_t firstResult = inputs.size();
  for (auto [i, type] : llvm::enumerate(s.resultTypes)) {
    const AlignedBuffer &buffer = buffers[firstResult + i];
    HostTensor t;
    t.type = type;
    t.data.assign(buffer.get(), buffer.get() + buffer.getSize());
    results.push_back(std::move(t));
  }
  return results;
}

FailureOr<HostTensor> mlir::ascend::hostTensorFromElements(ElementsAttr value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return failure();
  HostTensor t;
  t.type = type;
  t.data.resize(byteSize(type));
  if (failed(copyElements(value, t.data.data(), t.data.size())))
    return failure();
  return t;
}

DenseElementsAttr mlir::ascend::elementsFromHostTensor(const HostTensor &t) {
  if (t.type.getElementType().isInteger(1)) {
    SmallVector<bool> bits;
    for (char c : t.data)
      bits.push_back(c != 0);
    return DenseElementsAttr::get(t.type, bits);
  }
  return DenseElementsAttr::getFromRawBuffer(
      t.type, ArrayRef<char>(t.data.data(), t.data.size()));
}

FailureOr<std::vector<HostTensor>>
mlir::ascend::runOnCPU(ModuleOp module, StringRef entry,
                       ArrayRef<HostTensor> inputs) {
  auto executable = CPUExecutable::compile(module, entry);
  if (failed(executable))
    return failure();
  return (*executable)->run(inputs);
}
