//===- AtenHandler.h - one aten call of the C++ handler table -*- C++ -*-===//
//
// What the C++ handlers of legalizeAtenOp (AtenLegalization.cpp and the
// family files AtenNeuralNet.cpp, AtenShapes.cpp) share: the recorded call
// read by schema name (AtenCall), the checked primitive builders (make,
// makeOp) and the operand conversions of PyTorch's type promotion
// (AtenOperands.cpp). Each family file adds its handlers to the table with an
// add...Handlers function.
//
// Internal to lib/Conversion/PyNativeToMindSpore.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_ATENHANDLER_H
#define ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_ATENHANDLER_H

#include "AtenCall.h"
#include "CheckedCreate.h"
#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace mlir::ascend::aten {
namespace ms = mlir::ascend::mindspore;

/// One recorded aten call being legalized: argument access by schema name.
struct AtenCall {
  mutable pynative::RecordedOp op;
  ValueRange operands;
  OpBuilder &b;
  Location loc;
  std::string &why;
  /// Number arguments bound to graph values (see legalizeAtenOp).
  ArrayRef<std::pair<StringRef, Value>> scalarOperands = {};
  llvm::StringSet<> *consumed = nullptr;
  /// Set by make/makeOp when a primitive refuses its operands; `buildWhy`
  /// then says why (see createChecked).
  bool buildFailed = false;
  std::string buildWhy = {};

  /// The tensor operand `name`, or the graph value bound to the number
  /// argument `name` (which then counts as consumed), or null.
  Value operand(StringRef name) const {
    for (auto [i, n] : llvm::enumerate(op.getOperandNames()))
      if (cast<StringAttr>(n).getValue() == name)
        return operands[i];
    for (auto [boundName, value] : scalarOperands)
      if (boundName == name) {
        if (consumed)
          consumed->insert(name);
        return value;
      }
    return {};
  }
  /// Every operand of a tensor-list argument (`Tensor[]`), in order.
  SmallVector<Value> operandList(StringRef name) const {
    SmallVector<Value> values;
    for (auto [i, n] : llvm::enumerate(op.getOperandNames()))
      if (cast<StringAttr>(n).getValue() == name)
        values.push_back(operands[i]);
    return values;
  }
  /// The first list position of a tensor in the tensor-list argument
  /// `name` whose Nones (`"<name>.none"`) all come before or after its
  /// tensors (`x[:, :, i, j]`), or nullopt when a None separates two tensors.
  std::optional<int64_t> leadingNones(StringRef name) const {
    auto nones = dyn_cast_or_null<DenseI64ArrayAttr>(
        op.getArgs().get((name + ".none").str()));
    if (!nones)
      return 0;
    int64_t count = operandList(name).size(), lead = 0;
    for (int64_t position : nones.asArrayRef()) {
      if (position == lead)
        ++lead;
      else if (position < lead + count)
        return std::nullopt;
    }
    return lead;
  }
  Attribute arg(StringRef name) const { return op.getArgs().get(name); }
  bool isNone(StringRef name) const {
    bool isOperand = llvm::any_of(op.getOperandNames(), [&](Attribute n) {
      return cast<StringAttr>(n).getValue() == name;
    });
    return !isOperand && (!arg(name) || isa<UnitAttr>(arg(name)));
  }
  std::optional<int64_t> intArg(StringRef name) const {
    // A BoolAttr is an i1 IntegerAttr whose getInt() reads true as -1.
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue();
    if (auto a = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return a.getInt();
    return std::nullopt;
  }
  std::optional<double> floatArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<FloatAttr>(arg(name)))
      return a.getValueAsDouble();
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue() ? 1.0 : 0.0; // true, not the i1 bits' -1
    if (auto a = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return (double)a.getInt();
    return std::nullopt;
  }
  /// An int list argument; a single int is repeated `rank` times (PyTorch's
  /// `int[2]` accepts both).
  std::optional<SmallVector<int64_t>> intsArg(StringRef name,
                                              size_t rank = 0) const {
    if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(arg(name))) {
      SmallVector<int64_t> v(a.asArrayRef());
      if (rank && v.size() == 1)
        v.assign(rank, v[0]);
      return v;
    }
    if (auto i = intArg(name); i && rank)
      return SmallVector<int64_t>(rank, *i);
    return std::nullopt;
  }
  bool boolArg(StringRef name, bool dflt) const {
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue();
    return dflt;
  }
  LogicalResult unsupported(const Twine &reason) const {
    why = reason.str();
    return failure();
  }
  /// `dim` of a `rank`-D tensor in [0, rank) (PyTorch's negative dims
  /// count from the end); nullopt, with the reason set, when it is out of
  /// range (a trace that is not PyTorch's, or a 0-d tensor).
  std::optional<int64_t> dimIn(int64_t dim, int64_t rank) const {
    int64_t d = dim < 0 ? dim + rank : dim;
    if (d >= 0 && d < rank)
      return d;
    (void)unsupported("dim " + Twine(dim) + " is out of range for a " +
                      Twine(rank) + "-D tensor");
    return std::nullopt;
  }
  /// The recorded type of result `i`; a stand-in type, with `missingResult`
  /// set, when the op does not record it as a ranked tensor (a trace that is
  /// not PyTorch's): legalizeAtenOp then refuses the op.
  RankedTensorType resultType(unsigned i = 0) const {
    return recordedResultType(op, i, missingResult, b);
  }
  mutable std::optional<unsigned> missingResult;
};

using Handler = LogicalResult (*)(AtenCall &, SmallVectorImpl<Value> &);

/// `OpT::create(c.b, c.loc, args...)` for an op whose result types are
/// inferred from shapes of the user's trace: null (and `c.buildFailed`) when
/// the primitive refuses them instead of a fatal error, see createChecked.
/// A handler may go on with the null value; legalizeAtenOp then reports the
/// primitive's reason and drops what the handler built.
template <typename OpT, typename... Args>
OpT makeOp(AtenCall &c, Args &&...args) {
  OpT op = createChecked<OpT>(c.b, c.loc, c.buildWhy,
                              std::forward<Args>(args)...);
  if (!op)
    c.buildFailed = true;
  return op;
}

/// makeOp for a one-result op: its result, or null.
template <typename OpT, typename... Args>
Value make(AtenCall &c, Args &&...args) {
  OpT op = makeOp<OpT>(c, std::forward<Args>(args)...);
  return op ? op->getResult(0) : Value();
}

/// The handlers by aten op name (e.g. "aten.convolution.default").
using HandlerTable = llvm::StringMap<Handler>;

/// A constant of `type` whose every element is `value`.
Value splatConstant(AtenCall &c, double value, RankedTensorType type);

/// A 0-d constant of `value` with element type `elementType`.
Value scalarConstant(AtenCall &c, double value, Type elementType);

/// `v` with element type `elementType`: a constant operand (e.g. a Python
/// scalar that torch wrapped as a float64 0-d tensor) is re-typed; a 0-d value
/// of the same kind (float or integer) is Cast, as PyTorch's type promotion
/// lets a dimensioned operand decide within a kind; any other mismatch fails.
FailureOr<Value> withElementType(AtenCall &c, Value v, Type elementType);

/// The `other` operand of a binary op: a tensor, or a Python number argument.
/// The number-or-tensor argument `name` with element type `elementType`: a
/// tensor operand (or a graph value bound to a read number) retyped by
/// withElementType, or a Python number argument as a 0-d constant. A null
/// value when the call has neither (the argument is None or absent); failure,
/// with the reason set, when a tensor cannot be retyped.
FailureOr<Value> numberOperand(AtenCall &c, StringRef name, Type elementType);

/// numberOperand for an argument the op cannot do without; `missing` is the
/// reason reported when it is absent.
FailureOr<Value> requiredNumberOperand(AtenCall &c, StringRef name,
                                       Type elementType,
                                       StringRef missing);

FailureOr<Value> otherOperand(AtenCall &c, Type elementType);

/// `v` converted to `elementType` as PyTorch's type promotion converts an
/// operand before computing (a Cast unless it already has it).
Value promotedTo(AtenCall &c, Value v, Type elementType);

/// The element type PyTorch computes `self <op> other` in (torch's
/// result_type): a float `other` (tensor or Python float) lifts an integer or
/// bool `self` to its float type (float32 for a Python float), a Python int or
/// an integer tensor lifts a bool `self` to int64 (or the tensor's type).
/// Within a kind, `self` (the dimensioned operand) decides.
Type promotedElementType(AtenCall &c, StringRef otherName = "other");

/// `dim` in [0, rank) (PyTorch's negative dims count from the end).
int64_t normalizeDim(int64_t dim, int64_t rank);

/// `v` as a boolean tensor (PyTorch's truth: != 0).
Value asBool(AtenCall &c, Value v);

/// ArgMaxWithValue's `index_type` for indices of `type` (absent for i64).
TypeAttr indexTypeAttr(AtenCall &c, Type type);

/// Adds the neural-network handlers (AtenNeuralNet.cpp: convolution, batch
/// and layer norm, pooling, mm/bmm/addmm, softmax, log_softmax, embedding).
void addNeuralNetHandlers(HandlerTable &table);
/// Adds the shape and data-movement handlers (AtenShapes.cpp: views and
/// reshapes, transpose/permute, slice/select/index/index_put, cat/stack/split,
/// expand/repeat, pad, gather, one_hot, copy_).
void addShapeHandlers(HandlerTable &table);

} // namespace mlir::ascend::aten

#endif
