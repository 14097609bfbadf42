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
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"

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

namespace {

/// The guard ids that fired during the current call on this thread.
thread_local std::vector<int64_t> *firedGuards = nullptr;

extern "C" void ascendRunGuardFailed(int64_t id) {
  if (firedGuards)
    firedGuards->push_back(id);
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
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

FailureOr<std::unique_ptr<CPUExecutable>>
CPUExecutable::compile(ModuleOp module, StringRef entry,
                       llvm::raw_ostream *loweredModule) {
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
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  // memref.copy of non-contiguous views calls memrefCopy.
  std::string runnerUtils =
      std::string(ASCEND_MLIR_LIBRARY_DIR) + "/libmlir_c_runner_utils.so";
  SmallVector<StringRef> libs;
  if (llvm::sys::fs::exists(runnerUtils))
    libs.push_back(runnerUtils);
  options.sharedLibPaths = libs;
  auto engine = ExecutionEngine::create(*clone, options);
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

  std::vector<int64_t> fired;
  firedGuards = &fired;
  llvm::Error error = s.engine->invokePacked(s.entry, args);
  firedGuards = nullptr;
  if (error)
    return emitError(s.loc) << "calling @" << s.entry
                            << " failed: " << llvm::toString(std::move(error));
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
