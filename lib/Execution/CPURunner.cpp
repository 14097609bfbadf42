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
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/RuntimeOpVerification.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/RuntimeOpVerification.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/RuntimeVerifiableOpInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/DialectConversion.h"
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
/// The prefix of the functions outlined from the entry's ops.
static constexpr llvm::StringLiteral kOutlinedOpPrefix = "__ascend_run_op_";
/// The symbol of parameter N's bytes (an external memref.global).
static constexpr llvm::StringLiteral kParameterSymbolPrefix =
    "__ascend_run_parameter_";
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

  static constexpr size_t kAlign = 64;

private:
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

/// Whether `op`, a top-level op of the entry, is outlined into a function
/// (see CPUCompileOptions::outlineOps): a mindspore op (constants and guards
/// included) or an aicore.launch, not a terminator, with static tensor
/// operands and results, no successors, whose regions use no value defined
/// outside of it.
bool isOutlinable(Operation *op) {
  if (!(isa_and_nonnull<ms::MindSporeDialect>(op->getDialect()) ||
        isa<aicore::LaunchOp>(op)) ||
      op->getNumSuccessors() != 0 || op->hasTrait<OpTrait::IsTerminator>() ||
      isa<ms::LoadOp>(op))
    return false;
  if (!llvm::all_of(op->getOperandTypes(), isStaticTensor) ||
      !llvm::all_of(op->getResultTypes(), isStaticTensor))
    return false;
  for (Region &region : op->getRegions()) {
    bool usesOutside = false;
    region.walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        if (!op->isAncestor(v.getParentRegion()->getParentOp())) {
          usesOutside = true;
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (usesOutside)
      return false;
  }
  return true;
}

/// Whether `lhs` and `rhs` compute the same function of their operands: same
/// op, attributes, operand and result types and regions, locations ignored
/// (operands are not compared: each becomes an argument).
bool sameFunctionOfOperands(Operation *lhs, Operation *rhs) {
  if (lhs->getOperandTypes() != rhs->getOperandTypes())
    return false;
  DenseMap<Value, Value> inner;
  return OperationEquivalence::isEquivalentTo(
      lhs, rhs,
      [&](Value l, Value r) {
        if (!lhs->isAncestor(l.getParentRegion()->getParentOp()))
          return success(l.getType() == r.getType());
        return success(inner.lookup(l) == r);
      },
      [&](Value l, Value r) { inner[l] = r; },
      OperationEquivalence::IgnoreLocations);
}

/// Outlines the graph ops of `func` into private functions, one per distinct
/// op (see CPUCompileOptions::outlineOps). Returns the number of ops
/// outlined and of functions made.
std::pair<size_t, size_t> outlineGraphOps(ModuleOp module, func::FuncOp func) {
  MLIRContext *context = module.getContext();
  OpBuilder b(context);
  SymbolTable symbols(module);
  // Distinct ops by hash: the op cloned into each function, and the function.
  DenseMap<llvm::hash_code, SmallVector<std::pair<Operation *, func::FuncOp>, 1>>
      distinct;
  SmallVector<Operation *> ops;
  for (Block &block : func.getBody())
    for (Operation &op : block)
      if (isOutlinable(&op))
        ops.push_back(&op);
  // A fusion's kernel name only names the group (the lowering inlines its
  // body): fusions of the same primitives on the same types are one
  // function.
  auto anonymous = b.getStringAttr("");
  for (Operation *op : ops)
    if (auto fusion = dyn_cast<ms::FusionOp>(op))
      fusion.setKernelNameAttr(anonymous);
  auto noInline =
      b.getNamedAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
  size_t made = 0;
  for (Operation *op : ops) {
    llvm::hash_code hash = llvm::hash_combine(
        OperationEquivalence::computeHash(
            op, OperationEquivalence::ignoreHashValue,
            OperationEquivalence::ignoreHashValue,
            OperationEquivalence::IgnoreLocations),
        llvm::hash_combine_range(op->getOperandTypes().begin(),
                                 op->getOperandTypes().end()));
    auto &candidates = distinct[hash];
    func::FuncOp callee;
    for (auto &[representative, f] : candidates)
      if (sameFunctionOfOperands(op, representative)) {
        callee = f;
        break;
      }
    if (!callee) {
      b.setInsertionPointToEnd(module.getBody());
      callee = func::FuncOp::create(
          b, op->getLoc(),
          (kOutlinedOpPrefix + Twine(made++) + "_" +
           op->getName().stripDialect())
              .str(),
          b.getFunctionType(op->getOperandTypes(), op->getResultTypes()),
          ArrayRef<NamedAttribute>{noInline});
      // Public: the JIT gives each a packed interface, which the host-side
      // call list uses (see GraphPlan).
      symbols.insert(callee);
      // The caller's buffers may be read by later ops.
      for (unsigned i = 0, e = callee.getNumArguments(); i < e; ++i)
        callee.setArgAttr(i,
                          bufferization::BufferizationDialect::kWritableAttrName,
                          b.getBoolAttr(false));
      Block *body = callee.addEntryBlock();
      // Operand i is argument i, also when the op reads one value twice
      // (`mul %x, %x`): a value-to-argument mapping would make that
      // `mul %arg1, %arg1`, wrong for the later ops of two values that
      // share the function (lgamma's `mul %c, %r` computed c * c).
      b.setInsertionPointToEnd(body);
      Operation *copy = b.clone(*op);
      for (auto [i, arg] : llvm::enumerate(body->getArguments()))
        copy->setOperand(i, arg);
      func::ReturnOp::create(b, op->getLoc(), copy->getResults());
      candidates.push_back({copy, callee});
    }
    b.setInsertionPoint(op);
    auto call =
        func::CallOp::create(b, op->getLoc(), callee, op->getOperands());
    op->replaceAllUsesWith(call.getResults());
    op->erase();
  }
  return {ops.size(), made};
}

/// The entry as a host-side list of calls of the outlined functions (see
/// CPUCompileOptions::outlineOps), when it is nothing else: one block of
/// parameter reads, calls of outlined ops and the return. The JIT then
/// compiles the distinct functions only (not the entry: its buffers are
/// allocated, passed and freed after their last use here), so compile time
/// grows with the number of distinct ops and run time and memory with the
/// graph, linearly.
struct GraphPlan {
  /// A value of the entry: an input, a parameter or a call's result.
  struct Slot {
    RankedTensorType type;
    int input = -1;
    int parameter = -1;
    /// The index of the last step that reads it; -1 when none does.
    int lastUse = -1;
    bool returned = false;
  };
  struct Step {
    std::string callee;
    void (*function)(void **) = nullptr;
    SmallVector<unsigned> operands, results;
  };
  std::vector<Slot> slots;
  std::vector<Step> steps;
  SmallVector<unsigned> returned;
};

/// The plan of `func` (after outlining), or nothing when it has other ops.
/// `parameterOf` maps the parameters' global symbols to their index.
std::optional<GraphPlan>
planCallList(func::FuncOp func, const llvm::StringMap<int> &parameterOf) {
  if (!llvm::hasSingleElement(func.getBody()))
    return std::nullopt;
  GraphPlan plan;
  DenseMap<Value, unsigned> slotOf;
  auto newSlot = [&](Value v) {
    slotOf[v] = plan.slots.size();
    plan.slots.push_back({cast<RankedTensorType>(v.getType())});
    return plan.slots.size() - 1;
  };
  auto use = [&](Value v) -> std::optional<unsigned> {
    auto it = slotOf.find(v);
    if (it == slotOf.end())
      return std::nullopt;
    plan.slots[it->second].lastUse = plan.steps.size();
    return it->second;
  };
  for (BlockArgument arg : func.getArguments())
    plan.slots[newSlot(arg)].input = arg.getArgNumber();
  DenseMap<Value, int> globals;
  for (Operation &op : func.getBody().front()) {
    if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
      auto it = parameterOf.find(get.getName());
      if (it == parameterOf.end())
        return std::nullopt;
      globals[get.getResult()] = it->second;
      continue;
    }
    if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(op)) {
      auto it = globals.find(toTensor.getBuffer());
      if (it == globals.end() || !isStaticTensor(toTensor.getType()))
        return std::nullopt;
      plan.slots[newSlot(toTensor.getResult())].parameter = it->second;
      continue;
    }
    if (auto call = dyn_cast<func::CallOp>(op)) {
      if (!call.getCallee().starts_with(kOutlinedOpPrefix))
        return std::nullopt;
      GraphPlan::Step step;
      step.callee = call.getCallee().str();
      for (Value v : call.getOperands()) {
        std::optional<unsigned> slot = use(v);
        if (!slot)
          return std::nullopt;
        step.operands.push_back(*slot);
      }
      for (Value v : call.getResults())
        step.results.push_back(newSlot(v));
      plan.steps.push_back(std::move(step));
      continue;
    }
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands()) {
        std::optional<unsigned> slot = use(v);
        if (!slot)
          return std::nullopt;
        plan.slots[*slot].returned = true;
        plan.returned.push_back(*slot);
      }
      continue;
    }
    return std::nullopt;
  }
  return plan;
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
  /// The parameters' bytes, bound to the JIT's symbols parameterSymbols.
  SmallVector<std::string> parameterSymbols;
  std::vector<AlignedBuffer> parameterData;
  /// Message and location of each guard, by id.
  SmallVector<std::pair<std::string, Location>> guards;
  /// The kernels' bounds checks, by id (empty without checkBounds).
  SmallVector<BoundsCheck> boundsChecks;
  std::unique_ptr<ExecutionEngine> engine;
  /// The entry's packed interface in `engine`, when it is compiled.
  void (*packed)(void **) = nullptr;
  /// Otherwise the entry as a list of calls run by the host.
  std::optional<GraphPlan> plan;

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

namespace {
/// math.expm1 and math.log1p to libm's expm1/expm1f and log1p/log1pf (which
/// the JIT resolves in the process), before convert-math-to-llvm, whose
/// lowerings are exp(x) - 1 and log(1 + x): those lose every digit near 0
/// (expm1(1e-7) in f32 comes out 1.19e-7), where the primitives exist to be
/// exact (test/Conversion/MindSporeToLinalg/expm1-log1p.mlir). Every other
/// math op is left to convert-math-to-llvm.
struct ExactMathToLibmPass
    : PassWrapper<ExactMathToLibmPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExactMathToLibmPass)
  StringRef getArgument() const final { return "ascend-exact-math-to-libm"; }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    populateMathToLibmConversionPatterns(patterns);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addIllegalOp<math::ExpM1Op, math::Log1pOp>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::ascend::buildCPULoweringToLLVMPipeline(PassManager &pm) {
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
  pm.addPass(std::make_unique<ExactMathToLibmPass>());
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
    // The ops built here before any pass runs.
    context->loadDialect<bufferization::BufferizationDialect,
                         func::FuncDialect, memref::MemRefDialect>();
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

  // Parameters become external memref globals (declarations without data)
  // whose symbols the JIT binds to buffers holding their bytes: no
  // multi-megabyte LLVM globals to compile, and no argument per parameter
  // (an entry with thousands of arguments is slow to compile).
  SymbolTableCollection symbols;
  llvm::StringMap<memref::GlobalOp> paramGlobals;
  SmallVector<ms::LoadOp> loads;
  func.walk([&](ms::LoadOp load) { loads.push_back(load); });
  OpBuilder builder(context);
  for (ms::LoadOp load : loads) {
    auto [it, inserted] = paramGlobals.try_emplace(load.getName());
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
      builder.setInsertionPointToEnd(clone->getBody());
      std::string symbol =
          (kParameterSymbolPrefix + Twine(impl->parameterData.size())).str();
      it->second = memref::GlobalOp::create(
          builder, param.getLoc(), symbol, builder.getStringAttr("public"),
          MemRefType::get(type.getShape(), type.getElementType()),
          /*initial_value=*/Attribute(), /*constant=*/false,
          builder.getI64IntegerAttr(AlignedBuffer::kAlign));
      impl->parameterSymbols.push_back(symbol);
      impl->parameterData.push_back(std::move(buffer));
    }
    builder.setInsertionPoint(load);
    memref::GlobalOp global = it->second;
    Value bytes = memref::GetGlobalOp::create(builder, load.getLoc(),
                                              global.getType(),
                                              global.getSymName());
    Value value = bufferization::ToTensorOp::create(
        builder, load.getLoc(), load.getType(), bytes, /*restrict=*/true,
        /*writable=*/false);
    load.replaceAllUsesWith(value);
    load.erase();
  }
  // The caller's buffers (inputs, parameters) are read-only.
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                    BoolAttr::get(context, false));

  DefaultTimingManager timing;
  timing.setEnabled(options.timing);
  TimingScope rootTimer = timing.getRootScope();
  if (options.outlineOps) {
    TimingScope outlineTimer = rootTimer.nest("outline graph ops");
    auto [outlined, made] = outlineGraphOps(*clone, func);
    llvm::StringMap<int> parameterOf;
    for (auto [i, symbol] : llvm::enumerate(impl->parameterSymbols))
      parameterOf[symbol] = i;
    impl->plan = planCallList(func, parameterOf);
    if (options.timing)
      llvm::errs() << "ascend-run: @" << entry << ": "
                   << (impl->plan ? "run by the host as a list of " +
                                        std::to_string(impl->plan->steps.size()) +
                                        " calls"
                                  : std::string("compiled as one function "
                                                "(it has ops that are not "
                                                "outlined)"))
                   << "\n";
    if (impl->plan)
      func.erase();
    // The entry is now a list of calls, its own code the buffers' bookkeeping
    // (memref descriptors, allocations): LLVM's O2 pipeline on one function
    // of N calls with pointer arguments costs far more than it saves, so the
    // entry is compiled as at -O0 (optnone) and the called functions at O2.
    OpBuilder b(context);
    if (!impl->plan)
      func->setAttr("passthrough",
                  b.getArrayAttr({b.getStringAttr("noinline"),
                                  b.getStringAttr("optnone")}));
    if (options.timing)
      llvm::errs() << "ascend-run: @" << entry << ": " << outlined
                   << " graph ops outlined into " << made
                   << " distinct functions\n";
  }

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
    TimingScope convertTimer = rootTimer.nest("convert to linalg");
    pm.enableTiming(convertTimer);
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
    TimingScope lowerTimer = rootTimer.nest("lower to the LLVM dialect");
    pm.enableTiming(lowerTimer);
    buildCPULoweringToLLVMPipeline(pm);
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
  TimingScope jitTimer =
      rootTimer.nest("JIT: translate to LLVM IR, optimize (O2), generate code");
  auto engine = ExecutionEngine::create(*clone, engineOptions);
  if (!engine)
    return emitError(impl->loc)
           << "JIT compilation of @" << entry
           << " failed: " << llvm::toString(engine.takeError());
  impl->engine = std::move(*engine);
  impl->engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    map[interner(kGuardFailedSymbol)] = {
        llvm::orc::ExecutorAddr::fromPtr(&ascendRunGuardFailed),
        llvm::JITSymbolFlags::Exported};
    map[interner(kBoundsCheckFailedSymbol)] = {
        llvm::orc::ExecutorAddr::fromPtr(&ascendRunBoundsCheckFailed),
        llvm::JITSymbolFlags::Exported};
    for (auto [symbol, data] :
         llvm::zip(impl->parameterSymbols, impl->parameterData))
      map[interner(symbol)] = {llvm::orc::ExecutorAddr::fromPtr(data.get()),
                               llvm::JITSymbolFlags::Exported};
    return map;
  });
  impl->engine->initialize();
  // Materializes the code now (LLVM optimizes and compiles on the first
  // lookup), so that compile() does all the JIT work and reports its errors.
  if (impl->plan) {
    llvm::StringMap<void (*)(void **)> functions;
    for (GraphPlan::Step &step : impl->plan->steps) {
      auto [it, inserted] = functions.try_emplace(step.callee);
      if (inserted) {
        auto packed = impl->engine->lookupPacked(step.callee);
        if (!packed)
          return emitError(impl->loc)
                 << "JIT compilation of @" << step.callee << " (an op of @"
                 << entry << ") failed: " << llvm::toString(packed.takeError());
        it->second = *packed;
      }
      step.function = it->second;
    }
  } else {
    auto packed = impl->engine->lookupPacked(impl->entry);
    if (!packed)
      return emitError(impl->loc)
             << "JIT compilation of @" << entry
             << " failed: " << llvm::toString(packed.takeError());
    impl->packed = *packed;
  }
  jitTimer.stop();
  return std::unique_ptr<CPUExecutable>(new CPUExecutable(std::move(impl)));
}

FailureOr<std::vector<HostTensor>>
CPUExecutable::run(ArrayRef<HostTensor> inputs) {
  Impl &s = *impl;
  if (inputs.size() != s.inputTypes.size())
    return emitError(s.loc)
           << "@" << s.entry << " takes " << s.inputTypes.size()
           << " inputs, got " << inputs.size();
  for (auto [i, input] : llvm::enumerate(inputs)) {
    if (input.type != s.inputTypes[i])
      return emitError(s.loc) << "input " << i << " of @" << s.entry
                              << " has type " << typeString(input.type)
                              << ", expected " << typeString(s.inputTypes[i]);
    size_t size = byteSize(input.type);
    if (input.data.size() != size)
      return emitError(s.loc) << "input " << i << " holds " << input.data.size()
                              << " bytes, expected " << size;
  }
  auto inputBuffer = [](const HostTensor &input) {
    auto buffer = std::make_unique<AlignedBuffer>(input.data.size());
    std::memcpy(buffer->get(), input.data.data(), input.data.size());
    return buffer;
  };
  // The failed bounds check `failedCheck`, or the first failed guard.
  std::vector<int64_t> fired;
  auto stopped = [&](int64_t failedCheck) -> LogicalResult {
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
      diag.attachNote() << "the checked op (lowered for the CPU): "
                        << check.op;
      return diag;
    }
    if (!fired.empty()) {
      auto [message, loc] = s.guards[fired.front()];
      return emitError(loc) << "guard failed: " << message;
    }
    return success();
  };
  auto copyOut = [](RankedTensorType type, const char *data) {
    HostTensor t;
    t.type = type;
    t.data.assign(data, data + byteSize(type));
    return t;
  };

  if (!s.plan) {
    std::vector<std::unique_ptr<AlignedBuffer>> buffers;
    std::vector<MemRefArgument> memrefs;
    for (const HostTensor &input : inputs) {
      buffers.push_back(inputBuffer(input));
      memrefs.emplace_back(buffers.back()->get(), input.type);
    }
    for (RankedTensorType type : s.resultTypes) {
      buffers.push_back(std::make_unique<AlignedBuffer>(byteSize(type)));
      memrefs.emplace_back(buffers.back()->get(), type);
    }
    SmallVector<void *> args;
    for (MemRefArgument &m : memrefs)
      m.pack(args);
    firedGuards = &fired;
    int64_t failedCheck = callStoppable(s.packed, args.data());
    firedGuards = nullptr;
    if (failed(stopped(failedCheck)))
      return failure();
    std::vector<HostTensor> results;
    for (auto [i, type] : llvm::enumerate(s.resultTypes))
      results.push_back(copyOut(type, buffers[inputs.size() + i]->get()));
    return results;
  }

  // The host-side call list: each step's results are fresh buffers, freed
  // after the step that reads them last.
  const GraphPlan &plan = *s.plan;
  std::vector<std::unique_ptr<AlignedBuffer>> owned(plan.slots.size());
  std::vector<char *> data(plan.slots.size(), nullptr);
  for (auto [i, slot] : llvm::enumerate(plan.slots)) {
    if (slot.input >= 0) {
      owned[i] = inputBuffer(inputs[slot.input]);
      data[i] = owned[i]->get();
    } else if (slot.parameter >= 0) {
      data[i] = s.parameterData[slot.parameter].get();
    }
  }
  std::vector<MemRefArgument> memrefs;
  SmallVector<void *> args;
  firedGuards = &fired;
  for (auto [index, step] : llvm::enumerate(plan.steps)) {
    memrefs.clear();
    args.clear();
    memrefs.reserve(step.operands.size() + step.results.size());
    for (unsigned slot : step.operands)
      memrefs.emplace_back(data[slot], plan.slots[slot].type);
    for (unsigned slot : step.results) {
      owned[slot] =
          std::make_unique<AlignedBuffer>(byteSize(plan.slots[slot].type));
      data[slot] = owned[slot]->get();
      memrefs.emplace_back(data[slot], plan.slots[slot].type);
    }
    for (MemRefArgument &m : memrefs)
      m.pack(args);
    int64_t failedCheck = callStoppable(step.function, args.data());
    if (failedCheck >= 0) {
      firedGuards = nullptr;
      return stopped(failedCheck);
    }
    for (unsigned slot : step.operands)
      if (plan.slots[slot].lastUse == int(index) && !plan.slots[slot].returned)
        owned[slot].reset();
    // A result nothing reads.
    for (unsigned slot : step.results)
      if (plan.slots[slot].lastUse < 0 && !plan.slots[slot].returned)
        owned[slot].reset();
  }
  firedGuards = nullptr;
  if (failed(stopped(-1)))
    return failure();
  std::vector<HostTensor> results;
  for (unsigned slot : plan.returned)
    results.push_back(copyOut(plan.slots[slot].type, data[slot]));
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
