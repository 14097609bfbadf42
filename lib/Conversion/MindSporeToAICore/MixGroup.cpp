//===- MixGroup.cpp - The analysis of a MIX fusion group ------------------===//
//
// MixGroup::analyze and its parts (MixGroup.h), and what the conversion
// asks of a group before building its kernel (MixKernels.h:
// isMatMulBiasAddGroup, prepareMixFusion, mixPlanKey).
//
//===----------------------------------------------------------------------===//
#include "MixGroup.h"
#include "ascend/Conversion/MindSporeToAICore/MixKernels.h"
#include "ascend/Conversion/MindSporeToAICore/VectorKernels.h"
#include "ascend/Dialect/MindSpore/Transforms/KernelSummary.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mix;
namespace ms = mlir::ascend::mindspore;

LogicalResult MixGroup::analyze(std::string &why) {
  Block &body = group.getBody().front();
  // The work in front of the MatMul's operands (MixPrologue.cpp).
  for (Operation &op : body.without_terminator())
    if (isa<ms::MatMulOp, ms::BatchMatMulOp>(op)) {
      if (matmul)
        return fail(why, "it has two MatMuls");
      matmul.op = &op;
    }
  if (auto mm = dyn_cast_or_null<ms::MatMulOp>(matmul.op)) {
    for (unsigned i = 0; i < 2; ++i)
      if (failed(analyzeOperandPrologue(mm, i, prologues[i], why)))
        return failure();
  } else if (matmul) {
    // A BatchMatMul reads its operands as they are (no prologue).
    for (unsigned i = 0; i < 2; ++i)
      prologues[i].operand = matmul.op->getOperand(i);
  }
  for (Operation &op : body.without_terminator()) {
    if (prologues[0].slice.contains(&op) || prologues[1].slice.contains(&op))
      continue;
    if (isa<ms::ConstantOp>(op)) {
      if (!isSplat(op.getResult(0)))
        return fail(why, "it holds a constant that is not a splat");
      continue;
    }
    if (isa<ms::MatMulOp, ms::BatchMatMulOp>(op)) {
      matmul.op = &op;
      continue;
    }
    if (auto t = dyn_cast<ms::TransDataOp>(op)) {
      // A weight stored in a device format, converted back for the
      // matmul: the kernel reads the plain tensor instead.
      if (failed(foldOperandFormat(t, why)))
        return failure();
      continue;
    }
    if (ms::FusionOp::classify(&op) == "cube")
      return fail(why, ("its Cube primitive '" + op.getName().stripDialect() +
                        "' has no MIX kernel yet (only MatMul)")
                           .str());
    epilogue.push_back(&op);
  }
  if (!matmul)
    return fail(why, "it has no MatMul");
  for (Value operand : {matmul.getX(), matmul.getY()}) {
    if (prologueOf(operand).kind != OperandPrologue::Kind::None)
      continue;
    if (isa<BlockArgument>(operand)) {
      auto arg = cast<BlockArgument>(operand);
      launchSource[operand] = group.getInputs()[arg.getArgNumber()];
    } else if (!launchSource.count(operand)) {
      return fail(why, "its MatMul's operands are computed inside the group "
                       "(a prologue)");
    }
  }
  // A BatchMatMul's images are stacked in M: the epilogue sees an
  // [m, n] result of batch * mImage rows.
  auto resultType = cast<RankedTensorType>(matmul.getResult().getType());
  int64_t rank = resultType.getRank();
  mImage = resultType.getDimSize(rank - 2);
  n = resultType.getDimSize(rank - 1);
  batch = mImage * n != 0 ? resultType.getNumElements() / (mImage * n) : 0;
  m = batch * mImage;
  k = cast<RankedTensorType>(matmul.getX().getType())
          .getDimSize(rank - (matmul.getTransposeA() ? 2 : 1));
  if (epilogue.empty())
    return fail(why, "it has no epilogue");
  layouts[matmul.getResult()] = TileLayout::identity(batch, mImage, n);

  for (Operation *op : epilogue) {
    StringRef name = op->getName().stripDialect();
    if (ms::isViewOp(op) && perRow.contains(op->getOperand(0))) {
      // A reshape of one value per row ([M, 1] -> [M]): the same column.
      perRow.insert(op->getResult(0));
      layouts[op->getResult(0)] = TileLayout::identity(batch, mImage, n);
      computed.insert(op->getResult(0));
      views.insert(op);
      continue;
    }
    if (ms::isViewOp(op)) {
      // A reshape of a full-size value: the same elements in the same
      // order, so the same [rows, cols] tiles.
      Value in = op->getOperand(0);
      if (!(in == matmul.getResult() || computed.contains(in) ||
            (isa<BlockArgument>(in) && numel(in) == m * n)) ||
          numel(op->getResult(0)) != m * n)
        return fail(
            why, ("'" + name + "' views a value that is not full-size").str());
      if (auto arg = dyn_cast<BlockArgument>(in)) {
        auto [it, inserted] = roles.try_emplace(arg, Role::Full);
        if (it->second != Role::Full)
          return fail(why, "an input is used in two ways");
        layouts.try_emplace(in, TileLayout::identity(batch, mImage, n));
        if (failed(useLayout(arg, layouts[in], why)))
          return failure();
      }
      layouts[op->getResult(0)] = layouts[in];
      if (isa<BlockArgument>(in) || inputViews.contains(in))
        inputViews.insert(op->getResult(0));
      computed.insert(op->getResult(0));
      views.insert(op);
      continue;
    }
    if (auto transpose = dyn_cast<ms::TransposeOp>(op)) {
      if (failed(analyzeTranspose(transpose, why)))
        return failure();
      continue;
    }
    if (isRowOp(op)) {
      if (failed(analyzeRowOp(op, why)))
        return failure();
      continue;
    }
    if (isa<ms::ReduceAllOp, ms::BroadcastToOp, ms::TransDataOp>(op))
      return fail(why, ("'" + name +
                        "' has no MIX epilogue mapping (only elementwise "
                        "primitives and reductions along the rows of the "
                        "matmul's tiles)")
                           .str());
    if (failed(checkVectorPrimitive(op, why)))
      return failure();
    if (op->getNumResults() == 1 && numel(op->getResult(0)) == m &&
        m != m * n && llvm::any_of(op->getOperands(), [&](Value v) {
          return perRow.contains(v);
        })) {
      if (failed(analyzePerRowOp(op, why)))
        return failure();
      continue;
    }
    if (op->getNumResults() != 1 || numel(op->getResult(0)) != m * n)
      return fail(why, ("'" + name +
                        "' computes a value of another size "
                        "than the matmul's " +
                        shapeText({m, n}))
                           .str());
    for (Value v : op->getOperands())
      if (perRow.contains(v) && !isColumnOf(v, op->getResult(0)))
        return fail(why, ("'" + name + "' broadcasts a value of shape " +
                          shapeText(shapeOf(v)) + " (one per row) onto " +
                          shapeText(shapeOf(op->getResult(0))) +
                          " otherwise than along the last axis")
                             .str());
    // The tiles of all its computed operands must sit alike in GM.
    std::optional<TileLayout> layout;
    for (Value v : op->getOperands()) {
      if (!layouts.count(v) || isa<BlockArgument>(v))
        continue;
      if (layout && *layout != layouts[v])
        return fail(why, ("'" + name +
                          "' combines a transposed value with "
                          "one that is not (or transposed otherwise)")
                             .str());
      layout = layouts[v];
    }
    if (!layout)
      layout = TileLayout::identity(batch, mImage, n);
    layouts[op->getResult(0)] = *layout;
    computed.insert(op->getResult(0));
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      if (v == matmul.getResult() || computed.contains(v) || isSplat(v))
        continue;
      auto arg = dyn_cast<BlockArgument>(v);
      if (!arg)
        return fail(why, ("'" + name +
                          "' reads a value the epilogue does "
                          "not compute")
                             .str());
      std::optional<Role> role = classify(op, i, arg);
      if (!role && isColumnOf(arg, op->getResult(0)))
        role = Role::Column; // [..., 1] along the result's rows
      // N stays the innermost axis through a transpose, so a row along
      // it still spreads over the tile's columns; a column does not.
      if (role == Role::Column && !layout->isIdentity())
        return fail(
            why, ("'" + name + "' broadcasts a column of shape " +
                  shapeText(cast<RankedTensorType>(arg.getType()).getShape()) +
                  " onto a transposed value")
                     .str());
      if (role == Role::Full && failed(useLayout(arg, *layout, why)))
        return failure();
      if (!role)
        return fail(
            why,
            "an input of shape " +
                shapeText(cast<RankedTensorType>(arg.getType()).getShape()) +
                " is neither the result shape " + shapeText({m, n}) +
                " nor a row, a column or a scalar of it");
      auto [it, inserted] = roles.try_emplace(arg, *role);
      if (!inserted && it->second != *role)
        return fail(why, "an input is used in two ways");
    }
  }
  if (rowWise) {
    if (llvm::any_of(epilogue,
                     [](Operation *op) { return isa<ms::TransposeOp>(op); }))
      return fail(why, "its epilogue reduces rows and transposes (a "
                       "row-wise epilogue stores the rows as they are)");
    // Views and folded transposes of the operands are fine.
    if (hasComputePrologue())
      return fail(why, "its epilogue reduces rows and it computes a "
                       "MatMul operand (a prologue): the row-band "
                       "schedule takes no prologue yet");
  }
  auto yield = cast<ms::YieldOp>(body.getTerminator());
  for (Value r : yield.getValues()) {
    // The op computing it (through reshapes) writes the output.
    Value root = r;
    while (Operation *def = root.getDefiningOp()) {
      if (!views.contains(def))
        break;
      root = def->getOperand(0);
    }
    // (The store-only kernel reads the MatMul's operands as the group
    // gets them: a reshaped operand, `inner` of two vectors, is not.)
    bool operandsAsGiven =
        llvm::all_of(prologues, [](const OperandPrologue &p) {
          return p.kind == OperandPrologue::Kind::None ||
                 (p.kind == OperandPrologue::Kind::View && !p.transposed &&
                  p.source.getType() == p.operand.getType());
        });
    if (root == matmul.getResult() && roles.empty() && operandsAsGiven &&
        llvm::all_of(epilogue,
                     [&](Operation *op) { return views.contains(op); })) {
      // Only reshapes and transposes: the Cube stores the tiles itself.
      storeOnly = true;
      outputs.push_back(root);
      outputLayouts.push_back(layouts[r]);
      continue;
    }
    if (!computed.contains(root) || llvm::is_contained(outputs, root))
      return fail(why, "a result is not computed by the epilogue (or is "
                       "returned twice)");
    outputs.push_back(root);
    outputLayouts.push_back(layouts[r]);
  }
  return success();
}

/// Whether `v` holds one value per row of `full` (a full-size value of
/// the epilogue): the shape of `full` with its last dimension 1, leading
/// ones dropped or added.
bool MixGroup::isColumnOf(Value v, Value full) const {
  ArrayRef<int64_t> s = shapeOf(v), f = shapeOf(full);
  if (numel(v) != m || f.empty() || f.back() != n)
    return false;
  auto trimmed = [](ArrayRef<int64_t> x) {
    while (!x.empty() && x.front() == 1)
      x = x.drop_front();
    return x;
  };
  SmallVector<int64_t> expected(f);
  expected.back() = 1;
  return trimmed(s) == trimmed(expected);
}

/// A reduction, Softmax, LogSoftmax or LayerNorm of a full-size value
/// the epilogue computes, along the last axis, which must be N: the
/// Vector cores take whole rows (rowWise).
LogicalResult MixGroup::analyzeRowOp(Operation *op, std::string &why) {
  StringRef name = op->getName().stripDialect();
  if (failed(checkVectorPrimitive(op, why)))
    return failure();
  Value x = op->getOperand(0);
  ArrayRef<int64_t> shape = shapeOf(x);
  int64_t rank = shape.size();
  auto last = [&](int64_t axis) { return axis == rank - 1 || axis == -1; };
  bool alongRows = false;
  if (auto norm = dyn_cast<ms::LayerNormOp>(op))
    alongRows =
        last(norm.getBeginNormAxis()) && last(norm.getBeginParamsAxis());
  else if (isa<ms::SoftmaxOp, ms::LogSoftmaxOp>(op))
    alongRows = last(op->getAttrOfType<IntegerAttr>("axis").getInt());
  else if (auto axes = op->getAttrOfType<DenseI64ArrayAttr>("axis"))
    alongRows = axes.size() == 1 && last(axes[0]);
  if (!alongRows || rank == 0 || shape.back() != n ||
      !(x == matmul.getResult() || computed.contains(x)) ||
      perRow.contains(x) || inputViews.contains(x))
    return fail(why, ("'" + name + "' of " + shapeText(shape) +
                      " does not reduce the rows of N = " + std::to_string(n) +
                      " elements of a value the epilogue computes from "
                      "the matmul (only a reduction along the last axis, "
                      "which must be the matmul's N, has a MIX epilogue "
                      "mapping)")
                         .str());
  if (!layouts[x].isIdentity())
    return fail(why, ("'" + name + "' reduces a transposed value").str());
  if (auto norm = dyn_cast<ms::LayerNormOp>(op)) {
    for (unsigned i : {1u, 2u}) {
      auto arg = dyn_cast<BlockArgument>(op->getOperand(i));
      if (!arg || numel(arg) != n || shapeOf(arg).back() != n)
        return fail(why, "'layer_norm' takes parameters that are not "
                         "group inputs of N elements");
      auto [it, inserted] = roles.try_emplace(arg, Role::Row);
      if (it->second != Role::Row)
        return fail(why, "an input is used in two ways");
    }
  }
  Value r = op->getResult(0);
  if (isa<ms::SoftmaxOp, ms::LogSoftmaxOp, ms::LayerNormOp>(op))
    rowScratch = true;
  else
    perRow.insert(r);
  layouts[r] = TileLayout::identity(batch, mImage, n);
  computed.insert(r);
  rowWise = true;
  return success();
}

/// An elementwise op on one value per row (a reduction's result): its
/// operands are such values, columns [M, 1] of the inputs, scalars and
/// splats.
LogicalResult MixGroup::analyzePerRowOp(Operation *op, std::string &why) {
  StringRef name = op->getName().stripDialect();
  Value r = op->getResult(0);
  for (Value v : op->getOperands()) {
    if (perRow.contains(v) || isSplat(v))
      continue;
    auto arg = dyn_cast<BlockArgument>(v);
    std::optional<Role> role;
    if (arg && numel(arg) == 1)
      role = Role::Scalar;
    else if (arg && numel(arg) == m && shapeOf(arg) == shapeOf(r))
      role = Role::Column;
    if (!role)
      return fail(why, ("'" + name +
                        "' combines one value per row with "
                        "a value of shape " +
                        shapeText(shapeOf(v)) +
                        " that is neither one per row nor a scalar")
                           .str());
    auto [it, inserted] = roles.try_emplace(arg, *role);
    if (it->second != *role)
      return fail(why, "an input is used in two ways");
  }
  perRow.insert(r);
  layouts[r] = TileLayout::identity(batch, mImage, n);
  computed.insert(r);
  return success();
}

/// A Transpose in the epilogue: its result holds the operand's tiles at
/// other GM places (a permuted store), unless it moves the tile's columns.
LogicalResult MixGroup::analyzeTranspose(ms::TransposeOp op, std::string &why) {
  Value in = op.getInput();
  if (!(in == matmul.getResult() || computed.contains(in)) ||
      inputViews.contains(in))
    return fail(why, "'transpose' permutes a value the epilogue does not "
                     "compute (an input: a prologue)");
  std::string reason;
  FailureOr<TileLayout> layout = transposeLayout(
      layouts[in], cast<RankedTensorType>(in.getType()).getShape(),
      op.getPerm(), reason);
  if (failed(layout))
    return fail(
        why, "'transpose' with permutation [" +
                 [&] {
                   std::string p;
                   llvm::raw_string_ostream os(p);
                   llvm::interleaveComma(op.getPerm(), os);
                   return p;
                 }() +
                 "] of " +
                 shapeText(cast<RankedTensorType>(in.getType()).getShape()) +
                 " is not a permuted store: " + reason);
  layouts[op.getResult()] = *layout;
  computed.insert(op.getResult());
  views.insert(op);
  return success();
}

/// Input `arg` is read as full-size tiles in `layout`.
LogicalResult MixGroup::useLayout(BlockArgument arg, const TileLayout &layout,
                                  std::string &why) {
  auto [it, inserted] = argLayouts.try_emplace(arg, layout);
  if (!inserted && it->second != layout)
    return fail(why, "an input is read both transposed and not");
  return success();
}

/// The body values the kernel reads from GM, in argument order: for the
/// matmul's x, then y, the operand (for a view prologue the input it
/// views, for an elementwise prologue its inputs), then the epilogue's
/// inputs. Each is a block argument or a folded TransData.
SmallVector<Value> MixGroup::kernelInputs() {
  SmallVector<Value> args;
  auto add = [&](Value v) {
    if (!llvm::is_contained(args, v))
      args.push_back(v);
  };
  for (const OperandPrologue &p : prologues) {
    if (p.kind == OperandPrologue::Kind::None)
      args.push_back(p.operand);
    else if (p.kind == OperandPrologue::Kind::View)
      add(p.source);
    else
      for (auto &[arg, role] : p.inputs)
        add(arg);
  }
  for (auto &[arg, role] : roles)
    add(arg);
  return args;
}

/// `t` converts a block argument back from the device format that a
/// TransData outside the group produced from a plain tensor: the matmul
/// operand is that plain tensor.
LogicalResult MixGroup::foldOperandFormat(ms::TransDataOp t, std::string &why) {
  auto arg = dyn_cast<BlockArgument>(t.getInput());
  Value result = t.getResult();
  if (!arg || !result.hasOneUse() ||
      !isa<ms::MatMulOp>(*result.getUsers().begin()))
    return fail(why, "a TransData in the group does not only convert a "
                     "matmul operand");
  Value input = group.getInputs()[arg.getArgNumber()];
  auto outer = input.getDefiningOp<ms::TransDataOp>();
  if (!outer || outer.getSrcFormat() != t.getDstFormat() ||
      outer.getDstFormat() != t.getSrcFormat() ||
      outer.getInput().getType() != t.getType())
    return fail(why, "a matmul operand comes in a device format that no "
                     "TransData outside the group produced");
  launchSource[result] = outer.getInput();
  return success();
}

bool mlir::ascend::isMatMulBiasAddGroup(ms::FusionOp group) {
  SmallVector<Operation *> ops;
  for (Operation &op : group.getBody().front().without_terminator()) {
    // Views of a group input feeding only the MatMul (e.g. a flatten before
    // a Linear) are views at the graph level too: no data moves, and the
    // Cube kernel with the bias from BT needs no Vector part.
    if (ms::isViewOp(&op) && op.hasOneUse() &&
        (isa<BlockArgument>(op.getOperand(0)) ||
         ms::isViewOp(op.getOperand(0).getDefiningOp())) &&
        (isa<ms::MatMulOp>(*op.getUsers().begin()) ||
         ms::isViewOp(*op.getUsers().begin())))
      continue;
    ops.push_back(&op);
  }
  if (ops.size() != 2)
    return false;
  auto matmul = dyn_cast<ms::MatMulOp>(ops[0]);
  auto biasAdd = dyn_cast<ms::BiasAddOp>(ops[1]);
  return matmul && biasAdd && biasAdd.getX() == matmul.getResult();
}

MixFusionPlan mlir::ascend::prepareMixFusion(ms::FusionOp group) {
  MixFusionPlan plan;
  MixGroup g(group);
  plan.status = g.analyze(plan.why);
  if (failed(plan.status))
    return plan;
  plan.key = "mix:" + vectorKernelKey(group);
  plan.keyHash = llvm::StringMapImpl::hash(plan.key);
  // The launch passes the group's inputs in the kernel's order (a matmul
  // operand's plain tensor when its format conversion folded away: the
  // input of the TransData outside the group).
  for (Value v : g.kernelInputs()) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      plan.launchInputs.push_back({arg.getArgNumber(), false});
      continue;
    }
    assert(g.launchSource.count(v) && "a kernel input the launch passes");
    auto inner = v.getDefiningOp<ms::TransDataOp>();
    plan.launchInputs.push_back(
        {cast<BlockArgument>(inner.getInput()).getArgNumber(), true});
  }
  return plan;
}

std::string mlir::ascend::mixPlanKey(ms::FusionOp group) {
  std::string key = vectorKernelKey(group);
  // Uniqued in the context: the pointers stand for the attributes and
  // types (see vectorKernelKey).
  SmallVector<uintptr_t, 12> words;
  for (Value input : group.getInputs()) {
    auto outer = input.getDefiningOp<ms::TransDataOp>();
    if (!outer) {
      words.push_back(0);
      continue;
    }
    words.push_back(reinterpret_cast<uintptr_t>(
        outer.getSrcFormatAttr().getAsOpaquePointer()));
    words.push_back(reinterpret_cast<uintptr_t>(
        outer.getDstFormatAttr().getAsOpaquePointer()));
    words.push_back(reinterpret_cast<uintptr_t>(
        outer.getInput().getType().getAsOpaquePointer()));
  }
  key.append(reinterpret_cast<const char *>(words.data()),
             words.size() * sizeof(uintptr_t));
  return key;
}
