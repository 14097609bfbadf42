//===- Layouts.cpp - device formats for Cube kernels ----------------------===//
//
// ascend-mindspore-assign-layouts (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "ascend/Dialect/MindSpore/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::ascend::mindspore {
#define GEN_PASS_DEF_ASCENDMINDSPOREASSIGNLAYOUTS
#include "ascend/Dialect/MindSpore/Transforms/Passes.h.inc"
} // namespace mlir::ascend::mindspore

using namespace mlir;
using namespace mlir::ascend::mindspore;
namespace mindspore = mlir::ascend::mindspore;

namespace {

/// The plain format a device format converts from.
StringRef plainOf(StringRef format) {
  return format == "FRACTAL_NZ" ? "ND" : "NCHW";
}

bool isFloatTensor(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  return t && isa<FloatType>(t.getElementType());
}

/// Two minor dimensions that are multiples of 16: FRACTAL_NZ without padding.
bool isNZAligned(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  return t && t.getRank() >= 2 && isa<FloatType>(t.getElementType()) &&
         t.getDimSize(t.getRank() - 1) % 16 == 0 &&
         t.getDimSize(t.getRank() - 2) % 16 == 0;
}

RankedTensorType physicalType(Type logical, StringRef format) {
  auto t = cast<RankedTensorType>(logical);
  std::string why;
  FailureOr<SmallVector<int64_t>> shape = TransDataOp::physicalShape(
      t.getShape(), format, t.getElementType(), why);
  assert(succeeded(shape) && "format chosen for a shape it applies to");
  return RankedTensorType::get(*shape, t.getElementType());
}

/// The format names and physical types the pass builds, each made once: a
/// program converts the same few (type, format) pairs at every layer.
class FormatCache {
public:
  explicit FormatCache(MLIRContext *context) : context(context) {}
  StringAttr name(StringRef format) {
    StringAttr &attr = names[format];
    if (!attr)
      attr = StringAttr::get(context, format);
    return attr;
  }
  RankedTensorType physical(Type logical, StringRef format) {
    RankedTensorType &type = types[{logical, format}];
    if (!type)
      type = physicalType(logical, format);
    return type;
  }

private:
  MLIRContext *context;
  llvm::DenseMap<StringRef, StringAttr> names;
  llvm::DenseMap<std::pair<Type, StringRef>, RankedTensorType> types;
};

/// TransDataOp::create without an OperationState (and the lookup of the
/// op's name by string it makes): the pass makes one or two per group.
TransDataOp createTransData(OpBuilder &b, Location loc, Type result,
                            Value input, StringAttr srcFormat,
                            StringAttr dstFormat) {
  MLIRContext *context = b.getContext();
  TransDataOp::Properties properties;
  properties.src_format = srcFormat;
  properties.dst_format = dstFormat;
  Operation *op = Operation::create(
      loc,
      *RegisteredOperationName::lookup(TypeID::get<TransDataOp>(), context),
      result, input, DictionaryAttr::get(context),
      OpaqueProperties(&properties), BlockRange(), /*numRegions=*/0);
  b.insert(op);
  return cast<TransDataOp>(op);
}

/// Formats ("" = keep as is) for the inputs and results of a MIX group.
/// `loadTime` tells values MindSpore computes when it loads the weights.
void chooseFormats(FusionOp group, SmallVectorImpl<StringRef> &inputs,
                   SmallVectorImpl<StringRef> &results,
                   llvm::function_ref<bool(Value)> loadTime) {
  Block &body = group.getBody().front();
  Operation *cube = nullptr;
  for (Operation &op : body)
    if (FusionOp::classify(&op) == "cube")
      cube = &op;
  inputs.assign(group.getInputs().size(), "");
  results.assign(group.getNumResults(), "");
  auto yield = cast<YieldOp>(body.getTerminator());
  if (auto conv = dyn_cast_or_null<Conv2DOp>(cube)) {
    auto is4D = [](Type t) {
      return isFloatTensor(t) && cast<RankedTensorType>(t).getRank() == 4;
    };
    for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
      if (arg == conv.getWeight() && is4D(arg.getType()))
        inputs[i] = "FRACTAL_Z";
      else if (is4D(arg.getType()) &&
               llvm::none_of(arg.getUsers(), [&](Operation *user) {
                 return user == conv && conv.getWeight() == arg;
               }))
        inputs[i] = "NC1HWC0";
    }
    for (auto [i, v] : llvm::enumerate(yield.getValues()))
      if (is4D(v.getType()))
        results[i] = "NC1HWC0";
    return;
  }
  if (isa_and_nonnull<MatMulOp, BatchMatMulOp>(cube)) {
    // Weights are converted once when they are loaded; activations stay ND,
    // which the GM -> L1 copy (MTE2 nd2nz) turns into fractals on the way.
    for (auto [i, arg] : llvm::enumerate(body.getArguments()))
      if (isNZAligned(arg.getType()) && loadTime(group.getInputs()[i]) &&
          llvm::is_contained(cube->getOperands(), arg))
        inputs[i] = "FRACTAL_NZ";
  }
}

/// The TransData made for a value and a format: groups are converted in
/// program order (a walk), so one made for an earlier group dominates a later
/// group when it is in a block that holds the later group.
using Conversions =
    llvm::DenseMap<std::pair<Value, StringRef>, TransDataOp>;

/// Moves the group's inputs and results into the chosen formats. The
/// TransData ops back to the plain format after its results are appended to
/// `convertedBack` (dead once every reader is a group reading the physical
/// form).
void applyFormats(FusionOp group, ArrayRef<StringRef> inputs,
                  ArrayRef<StringRef> results,
                  SmallVectorImpl<TransDataOp> &convertedBack,
                  Conversions &converted, FormatCache &cache) {
  Block &body = group.getBody().front();
  OpBuilder outside(group);
  OpBuilder inside = OpBuilder::atBlockBegin(&body);
  Location loc = group.getLoc();
  for (auto [i, format] : llvm::enumerate(inputs)) {
    if (format.empty())
      continue;
    StringRef plain = plainOf(format);
    Value input = group.getInputs()[i];
    RankedTensorType physical = cache.physical(input.getType(), format);
    // A result an earlier group wrote in this format and converted back:
    // the inverse pair folds away, the group reads the physical value.
    auto inner = input.getDefiningOp<TransDataOp>();
    if (inner && inner.getSrcFormat() == format &&
        inner.getDstFormat() == plain &&
        inner.getInput().getType() == physical) {
      group.getInputsMutable()[i].assign(inner.getInput());
    } else {
      // One conversion per value and format: groups after the first that
      // read the same tensor in the same format (a weight shared by several
      // layers or loop trips, an activation read by several convolutions)
      // reuse it where it dominates them.
      TransDataOp &moved = converted[{input, format}];
      if (!moved || !moved->getBlock()->findAncestorOpInBlock(*group))
        moved = createTransData(outside, loc, physical, input,
                                cache.name(plain), cache.name(format));
      group.getInputsMutable()[i].assign(moved);
    }
    BlockArgument arg = body.getArgument(i);
    Type logical = arg.getType();
    arg.setType(physical);
    auto back = createTransData(inside, loc, logical, arg, cache.name(format),
                                cache.name(plain));
    arg.replaceAllUsesExcept(back, back);
  }
  auto yield = cast<YieldOp>(body.getTerminator());
  OpBuilder beforeYield(yield);
  OpBuilder after(group->getBlock(), std::next(group->getIterator()));
  for (auto [i, format] : llvm::enumerate(results)) {
    if (format.empty())
      continue;
    StringRef plain = plainOf(format);
    OpResult result = group->getResult(i);
    Type logical = result.getType();
    RankedTensorType physical = cache.physical(logical, format);
    auto moved =
        createTransData(beforeYield, loc, physical, yield.getValues()[i],
                        cache.name(plain), cache.name(format));
    yield.getValuesMutable()[i].assign(moved);
    result.setType(physical);
    auto back = createTransData(after, loc, logical, result, cache.name(format),
                                cache.name(plain));
    result.replaceAllUsesExcept(back, back);
    convertedBack.push_back(back);
  }
}

struct AssignLayoutsPass
    : public mindspore::impl::AscendMindSporeAssignLayoutsBase<
          AssignLayoutsPass> {
  void runOnOperation() override {
    // Groups do not nest: the walk does not look into their bodies.
    SmallVector<FusionOp> groups;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      auto group = dyn_cast<FusionOp>(op);
      if (!group)
        return WalkResult::advance();
      if (group.getKind() == "mix")
        groups.push_back(group);
      return WalkResult::skip();
    });
    llvm::DenseSet<Operation *> loadTimeOps =
        findLoadTimeOps(getOperation());
    auto loadTime = [&](Value v) {
      Operation *def = v.getDefiningOp();
      return def && (isa<LoadOp, ConstantOp>(def) || loadTimeOps.contains(def));
    };
    // Groups in program order: a group's producers are converted before it,
    // so inverse TransData pairs between groups fold as they would form
    // (applyFormats), without a rewrite of the whole program.
    SmallVector<TransDataOp> convertedBack;
    Conversions converted;
    FormatCache cache(&getContext());
    for (FusionOp group : groups) {
      SmallVector<StringRef> inputs, results;
      chooseFormats(group, inputs, results, loadTime);
      applyFormats(group, inputs, results, convertedBack, converted, cache);
    }
    for (TransDataOp back : convertedBack)
      if (back->use_empty())
        back->erase();
  }
};

} // namespace
