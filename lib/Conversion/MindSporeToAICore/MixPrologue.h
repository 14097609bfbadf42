//===- MixPrologue.h - MIX kernels: work on the MatMul operands -*- C++ -*-===//
//
// What a `mix` fusion group computes in front of its MatMul (a prologue),
// and the Vector part of a MIX kernel that computes it (private to
// MixKernels.cpp). Three kinds:
//
//  - views (Reshape, ExpandDims, Squeeze of a group input, and a Transpose
//    of its last two axes): no data moves; the Cube reads the input through
//    a GM view (memref collapse/expand_shape), a transpose flips the
//    matmul's transpose_a / transpose_b (the ND -> NZ load of the
//    transposed operand);
//  - elementwise work (Mul, Sub, ReLU, Cast, ... with full-size, row,
//    column, scalar or splat inputs): per output tile the block's two AIVs
//    compute the operand rows the tile's Cube part reads (A rows [mi, mi +
//    rows) x all of K; B^T rows [ni, ni + cols) x all of K) into one of two
//    GM workspace slots of the block, then hand them to the AIC with a
//    cross-core flag, the mirror of the Cube -> Vector epilogue hand-off;
//    the AIVs work one tile ahead of the Cube (double-buffered slots).
//    Every tile recomputes its rows: a row of A is computed once per column
//    of output tiles (N / tn times), a row of B^T once per row of tiles.
//
// See docs/AICoreKernels.md ("Prologues").
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_MIXPROLOGUE_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_MIXPROLOGUE_H

#include "MixKernelParts.h"
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

#include <string>

namespace mlir::ascend {

/// How an input of an elementwise prologue maps onto the `[R, C]` operand
/// matrix it computes.
using PrologueInput = mix::TileInput;

/// What a mix group computes in front of one MatMul operand.
struct OperandPrologue {
  enum class Kind {
    None,    ///< the operand is a group input (or a folded TransData)
    View,    ///< views (and a transpose of the last two axes) of an input
    Compute, ///< elementwise work, on the AIVs
  };
  Kind kind = Kind::None;
  unsigned index = 0; ///< 0: the MatMul's x (A), 1: its y (B)
  Value operand;      ///< the MatMul operand in the group body
  /// View: the group input (block argument) the operand views, and whether
  /// a Transpose of its last two axes was folded (flips transpose_a/_b).
  BlockArgument source;
  bool transposed = false;
  /// Compute: the operand as the Cube reads it row by row, `[rows, cols]`
  /// (A: [M, K]; B with transpose_b: [N, K]), its element type, the ops in
  /// body order (views among them), and the inputs with their role.
  int64_t rows = 0, cols = 0;
  Type elementType;
  SmallVector<Operation *> ops;
  llvm::DenseSet<Operation *> views;
  llvm::MapVector<Value, PrologueInput> inputs;

  /// Every op of the group body the prologue consists of.
  llvm::DenseSet<Operation *> slice;
};

/// Analyses the ops of the group body that compute operand `index` of
/// `matmul` (whose transpose flags are `transposeA` / `transposeB`). An
/// operand that is a block argument or defined by a TransData is Kind::None.
/// Fails with `why` set (a remark's text) when the prologue is neither
/// views nor elementwise work the Vector part maps.
LogicalResult analyzeOperandPrologue(mindspore::MatMulOp matmul,
                                     unsigned index, OperandPrologue &p,
                                     std::string &why);

/// The UB chunk of an elementwise prologue: `rows` x `cols` elements per
/// buffer (cols a multiple of 16, at most the operand's columns rounded up).
struct PrologueChunk {
  int64_t rows = 0, cols = 0;
  int64_t bytes = 0; ///< UB bytes of all the prologue's buffers
};

/// The largest chunk (widest first, then most rows, at most `maxRows`)
/// whose buffers fit `budget` bytes of UB; rows == 0 if none fits.
PrologueChunk choosePrologueChunk(const OperandPrologue &p, int64_t budget,
                                  int64_t maxRows, int64_t alignment);

/// Emits the Vector part of one elementwise prologue of a MIX kernel.
class PrologueBuilder {
public:
  /// Cross-core flags: the AIVs set `readyFlag` when a tile's operand rows
  /// are in its slot; the AIC sets `freeFlag` when it has loaded them.
  PrologueBuilder(const OperandPrologue &p, Location loc,
                  const PrologueChunk &chunk, int64_t readyFlag,
                  int64_t freeFlag, unsigned number)
      : p(p), loc(loc), chunk(chunk), readyFlag(readyFlag),
        freeFlag(freeFlag), number(number) {}

  /// UB buffers (named "p<number>.*") and GM views of the inputs, at `b`'s
  /// insertion point; `gmArg(v)` is the kernel argument of group input v.
  void allocate(OpBuilder &b, llvm::function_ref<Value(Value)> gmArg);
  /// Inside the AIVs' start region: loads the scalars and fills the splat
  /// tiles (MTE2 -> V event `scalarEvent`).
  void buildAIVStart(OpBuilder &b, int64_t scalarEvent);
  /// The AIV region computing operand rows [row0, row0 + count) into
  /// `slots` rows [slotRow, slotRow + count) (AIV 0 the first ceil(count /
  /// 2) rows, AIV 1 the rest). `counter` numbers the UB chunks of the AIVs
  /// (shared with the epilogue: its parity is the ping-pong buffer and
  /// event).
  void buildTile(OpBuilder &b, Value row0, int64_t count, Value slots,
                 Value slotRow, int &counter);
  /// The AIC's "slot free" sets before the first tile (two slots) and the
  /// AIVs' matching waits after the last.
  void buildAICStart(OpBuilder &b);
  void buildAIVEnd(OpBuilder &b);
  /// The AIC's side of a tile: wait for the rows before its first load;
  /// free the slot after its last.
  void buildAICWait(OpBuilder &b);
  void buildAICLoaded(OpBuilder &b);

private:
  void buildHalf(OpBuilder &b, Value row0, int64_t rowOffset, int64_t count,
                 Value slots, Value slotRow, int &counter);

  const OperandPrologue &p;
  Location loc;
  PrologueChunk chunk;
  int64_t readyFlag, freeFlag;
  unsigned number;
  llvm::DenseMap<Value, Value> gmViews, bcast, temps;
  llvm::DenseMap<Value, std::array<Value, 2>> full, small;
  std::array<Value, 2> out;
  llvm::MapVector<Value, Value> splatTiles;
};

} // namespace mlir::ascend

#endif // ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_MIXPROLOGUE_H
