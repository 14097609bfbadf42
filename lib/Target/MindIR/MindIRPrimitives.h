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

#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

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

} // namespace mlir::ascend::mindir

#endif // ASCEND_LIB_TARGET_MINDIR_MINDIRPRIMITIVES_H
