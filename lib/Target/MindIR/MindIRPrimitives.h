//===- MindIRPrimitives.h - MindSpore primitives and data types -*- C++ -*-===//
//
// Facts about MindIR shared by the importer and the exporter (private to
// lib/Target/MindIR): TensorProto data types <-> MLIR element types, which
// mindspore op applies a MindSpore primitive, how many outputs MindSpore gives
// a primitive the dialect models with one result, and which primitives only
// exist at the Python level (files saved before type inference).
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TARGET_MINDIR_MINDIRPRIMITIVES_H
#define ASCEND_LIB_TARGET_MINDIR_MINDIRPRIMITIVES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::ascend::mindir {

/// TensorProto.DataType of an element type (f32 -> FLOAT, i1 -> BOOL,
/// unsigned integers -> UINT*, signless/signed -> INT*), or nullopt.
std::optional<int> dataTypeOf(Type elementType);

/// The element type of a TensorProto.DataType value, or a null Type for
/// UNDEFINED, STRING and values outside the enum.
Type elementTypeOf(int dataType, MLIRContext *context);

/// Printable name of a TensorProto.DataType value ("FLOAT16", "<42>").
std::string dataTypeName(int dataType);

/// Bytes per element in MindSpore's raw layout (bool: one byte; complex: two
/// parts).
int64_t storageBytes(Type elementType);

/// The mindspore op that applies the MindSpore primitive `primitive`: every op
/// of the (loaded) mindspore dialect with PrimitiveOpInterface under its
/// getPrimitiveName(), plus the primitives the dialect folds into another op
/// (MaxPoolWithArgmaxV2 -> mindspore.max_pool, PadV3 -> mindspore.pad).
std::optional<RegisteredOperationName> lookupPrimitiveOp(MLIRContext *context,
                                                         StringRef primitive);

/// Number of outputs MindSpore gives `primitive` when the mindspore op models
/// only its output 0 (MindIR then reads it with TupleGetItem(node, 0)):
/// BatchNorm 5, LayerNorm 3, MaxPoolWithArgmaxV2 2, Dropout 2 (output and
/// mask); otherwise 1.
unsigned numMindSporeOutputs(StringRef primitive);

/// True for primitives that exist only in MindSpore's Python front end and
/// have no graph meaning (`S-Prim-*`, `getattr`, `resolve`, `ClassType...`,
/// `MetaFuncGraph...`, ...), found in files saved before type inference.
bool isPythonLevelPrimitive(StringRef primitive);

/// MindSpore's TypeId of an element type, the encoding of a `dtype: TypeId`
/// argument (bool 30, int8 32 ... int64 35, uint8 37 ... uint64 40, float16
/// 42, float32 43, float64 44, bfloat16 45, complex64 51, complex128 52), or
/// nullopt.
std::optional<int64_t> typeIdOf(Type elementType);

/// The element type of a MindSpore TypeId, or a null Type.
Type elementTypeOfTypeId(int64_t typeId, MLIRContext *context);

/// How one argument of a primitive is encoded (MindIRPrimitiveTable.def).
enum class ArgKind {
  Tensor,     ///< a tensor node input
  Tensors,    ///< a MakeTuple of tensors
  Int,        ///< INT64
  Bool,       ///< BOOL
  Float,      ///< FLOAT (float32)
  Str,        ///< STRING
  Ints,       ///< TUPLE of INT64
  IntsOrNone, ///< TUPLE of INT64 or NONE
  IntPairs,   ///< TUPLE of (INT64, INT64) TUPLEs
  TypeId,     ///< INT64 TypeId (typeIdOf)
  PadMode,    ///< INT64 PadMode: PAD 0, SAME 1, VALID 2
  Format,     ///< INT64 Format: NCHW 0
};

/// One argument: its name in MindSpore's op definition, its encoding and its
/// default (the text after `=` in the table, empty when it has none).
struct PrimitiveArg {
  std::string name;
  ArgKind kind;
  std::optional<std::string> defaultValue;
};

/// The MindIR form of one primitive, one entry of MindIRPrimitiveTable.def.
struct PrimitiveSpec {
  std::string name;
  /// PRIMITIVE_FUNCTION: `args` are the node inputs, in order. PRIMITIVE:
  /// `inputs` are the tensor inputs and `args` the attributes.
  bool isFunction = false;
  /// Read only (MINDIR_IMPORTED_* / MINDIR_ALIAS): MindIRExport never
  /// writes it.
  bool importOnly = false;
  /// MINDIR_ALIAS: the table primitive whose arguments and meaning it has.
  std::string aliasOf;
  SmallVector<PrimitiveArg> args;
  SmallVector<std::string> inputs, outputs;

  const PrimitiveArg *findArg(StringRef argName) const;
};

/// The table entry of `primitive`, or null when the table has none (an
/// alias's entry is its own, with aliasOf set).
const PrimitiveSpec *lookupPrimitiveSpec(StringRef primitive);

/// The value a PadMode / Format argument encodes as INT64 ("VALID" -> 2,
/// "NCHW" -> 0; case-insensitive), or nullopt; and back.
std::optional<int64_t> enumValueOf(ArgKind kind, StringRef name);
std::optional<std::string> enumNameOf(ArgKind kind, int64_t value);

/// Whether `module` has ops MindIRExport writes in another form than their
/// primitive so that MindSpore runs them and matches eager
/// (MindIRRunnableForm.cpp): primitives on bf16 tensors (MindSpore's CPU
/// kernels have no bf16 form) and f32/f64 Tanh (MindSpore's CPU kernel is 1e-4
/// off, Exp 1.25e-5 relative: an Exp of a constant is computed at export).
bool needsRunnableForm(ModuleOp module);

/// Rewrites `module` (a copy of the one exported) into that form: a bf16
/// primitive computes on the f32 values of its operands and its results are
/// cast back to bf16; an f32/f64 Tanh becomes e / (e + 2) with
/// e = Expm1(2 * clamp(x, -L, L)) (L = 10 for f32, 20 for f64); an Exp of an
/// f32/f64 constant becomes the constant of its values.
void rewriteToRunnableForm(ModuleOp module);

/// The inverse on an imported module, where it is unambiguous: that Tanh
/// chain, and the one written before (Sub(Mul(Sigmoid(Mul(x, 2)), 2), 1)),
/// with exactly those constants and intermediate values used only in the
/// chain, becomes mindspore.tanh.
void readRunnableForm(ModuleOp module);

} // namespace mlir::ascend::mindir

#endif // ASCEND_LIB_TARGET_MINDIR_MINDIRPRIMITIVES_H
