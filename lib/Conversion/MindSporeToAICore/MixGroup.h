//===- MixGroup.h - The analysis of a MIX fusion group ----------*- C++ -*-===//
//
// What a `mindspore.fusion "mix"` group computes, as the MIX kernel builder
// (MixKernels.cpp) reads it: its one MatMul or BatchMatMul (CubeOp), the
// elementwise or view prologues on the operands (MixPrologue.h), the
// epilogue on the [M, N] result with each input's role and each value's
// tile layout (PermutedTiles.h), and the schedule it calls for (store only,
// row-wise). docs/AICoreKernels.md, "MIX kernels", gives the rules.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_MIXGROUP_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_MIXGROUP_H

#include "MixKernelParts.h"
#include "MixPrologue.h"
#include "PermutedTiles.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::ascend::mix {

/// The Cube op of a mix group: a MatMul or a BatchMatMul (the same operands
/// and transpose attributes).
struct CubeOp {
  Operation *op = nullptr;
  explicit operator bool() const { return op; }
  Value getX() const { return op->getOperand(0); }
  Value getY() const { return op->getOperand(1); }
  Value getResult() const { return op->getResult(0); }
  bool getTransposeA() const { return flag("transpose_a"); }
  bool getTransposeB() const { return flag("transpose_b"); }
  bool flag(StringRef name) const {
    auto attr = op->getAttrOfType<BoolAttr>(name);
    return attr && attr.getValue();
  }
};

/// The analysis of a mix group: its MatMul and the epilogue on its result.
struct MixGroup {
  /// How an input of the epilogue maps onto an [M, N] tile.
  using Role = TileInput;

  explicit MixGroup(mindspore::FusionOp group) : group(group) {}

  /// Finds the group's MatMul (or BatchMatMul), the prologues on its
  /// operands and the epilogue on its result, and fills the fields below;
  /// fails (`why`, a sentence for the fusion report) for a group no MIX
  /// kernel computes.
  LogicalResult analyze(std::string &why);

  /// Primitives that reduce each row of the tile (the row-band schedule).
  static bool isRowOp(Operation *op) {
    return isa<mindspore::ReduceSumOp, mindspore::ReduceMaxOp,
               mindspore::ReduceMeanOp, mindspore::SoftmaxOp,
               mindspore::LogSoftmaxOp, mindspore::LayerNormOp>(op);
  }

  /// Whether `v` holds one value per row of `full` (a full-size value of
  /// the epilogue): the shape of `full` with its last dimension 1, leading
  /// ones dropped or added.
  bool isColumnOf(Value v, Value full) const;

  /// A reduction, Softmax, LogSoftmax or LayerNorm of a full-size value
  /// the epilogue computes, along the last axis, which must be N: the
  /// Vector cores take whole rows (rowWise).
  LogicalResult analyzeRowOp(Operation *op, std::string &why);

  /// An elementwise op on one value per row (a reduction's result): its
  /// operands are such values, columns [M, 1] of the inputs, scalars and
  /// splats.
  LogicalResult analyzePerRowOp(Operation *op, std::string &why);

  /// A Transpose in the epilogue: its result holds the operand's tiles at
  /// other GM places (a permuted store), unless it moves the tile's columns.
  LogicalResult analyzeTranspose(mindspore::TransposeOp op, std::string &why);

  /// Input `arg` is read as full-size tiles in `layout`.
  LogicalResult useLayout(BlockArgument arg, const TileLayout &layout,
                          std::string &why);

  static int64_t numel(Value v) {
    return cast<RankedTensorType>(v.getType()).getNumElements();
  }

  const OperandPrologue &prologueOf(Value operand) {
    return operand == matmul.getX() ? prologues[0] : prologues[1];
  }
  bool hasComputePrologue() const {
    return llvm::any_of(prologues, [](const OperandPrologue &p) {
      return p.kind == OperandPrologue::Kind::Compute;
    });
  }
  /// transpose_a / transpose_b of the Cube part (a folded Transpose of the
  /// last two axes flips them).
  bool transposeA() {
    return matmul.getTransposeA() != prologues[0].transposed;
  }
  bool transposeB() {
    return matmul.getTransposeB() != prologues[1].transposed;
  }

  /// The body values the kernel reads from GM, in argument order: for the
  /// matmul's x, then y, the operand (for a view prologue the input it
  /// views, for an elementwise prologue its inputs), then the epilogue's
  /// inputs. Each is a block argument or a folded TransData.
  SmallVector<Value> kernelInputs();

  /// `t` converts a block argument back from the device format that a
  /// TransData outside the group produced from a plain tensor: the matmul
  /// operand is that plain tensor.
  LogicalResult foldOperandFormat(mindspore::TransDataOp t, std::string &why);

  /// The role of input `arg`, operand `i` of `op` (whose result holds the
  /// [M, N] elements in some shape).
  std::optional<Role> classify(Operation *op, unsigned i, BlockArgument arg) {
    return mix::classifyTileInput(op, i, arg, m, n);
  }

  LogicalResult fail(std::string &why, StringRef text) {
    why = text.str();
    return failure();
  }

  mindspore::FusionOp group;
  CubeOp matmul;
  /// What the group computes in front of the MatMul's x and y.
  std::array<OperandPrologue, 2> prologues;
  /// The result's rows stacked over the images of a BatchMatMul: m =
  /// batch * mImage (batch 1 for a MatMul).
  int64_t m = 0, n = 0, k = 0, batch = 1, mImage = 0;
  // The sets and maps below hold a few entries per group (a program has a
  // group per few ops): inline storage, no heap buckets to set up and free
  // per group.
  /// Where each value's [m, n] tiles sit in its GM tensor (transposes).
  llvm::SmallDenseMap<Value, TileLayout, 8> layouts;
  /// Reshapes of the group's inputs.
  llvm::SmallDenseSet<Value, 4> inputViews;
  /// The layout a full-size input is read in.
  llvm::SmallDenseMap<Value, TileLayout, 4> argLayouts;
  /// The layout of each output (the yielded value's).
  SmallVector<TileLayout> outputLayouts;
  /// The epilogue only reshapes and transposes the result: a Cube kernel
  /// storing its tiles through the output's layout (no Vector part).
  bool storeOnly = false;
  /// The epilogue reduces along the rows (isRowOp): the row-band schedule
  /// (CubeBandHooks), the Vector cores take whole rows of N.
  bool rowWise = false;
  /// A Softmax, LogSoftmax or LayerNorm needs the [rows, 1] and [rows, N]
  /// scratch tiles.
  bool rowScratch = false;
  /// Values holding one element per row of the result (a reduction's
  /// result and elementwise work on it): [rows, 1] tiles.
  llvm::SmallDenseSet<Value, 4> perRow;
  SmallVector<Operation *> epilogue;
  llvm::SmallDenseSet<Value, 8> computed;
  llvm::SmallDenseSet<Operation *, 4> views; ///< reshapes in the epilogue
  /// What the launch passes for each matmul operand: the group input, or
  /// the plain tensor a folded TransData pair started from.
  llvm::SmallDenseMap<Value, Value, 4> launchSource;
  /// The epilogue's inputs.
  llvm::MapVector<Value, Role, llvm::SmallDenseMap<Value, unsigned, 8>,
                  SmallVector<std::pair<Value, Role>, 8>>
      roles;
  SmallVector<Value> outputs;
};

} // namespace mlir::ascend::mix

#endif
