//===- AtenCall.h - one recorded aten call, read by schema name -*- C++ -*-===//
//
// What the composite tables (AtenComposites.cpp, AtenElementwise.cpp) read of
// a recorded aten op: its converted operands and its schema arguments by the
// names the recorder stores them under, and where a refusal's reason goes.
//
// Internal to lib/Conversion/PyNativeToMindSpore.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_ATENCALL_H
#define ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_ATENCALL_H

#include "AtenComposites.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <string>

namespace mlir::ascend {

/// The ranked tensor type of `v` (every value a legalization handles is
/// one), its rank and its element type.
inline RankedTensorType typeOf(Value v) {
  return cast<RankedTensorType>(v.getType());
}
inline int64_t rankOf(Value v) { return typeOf(v).getRank(); }
inline Type elementTypeOf(Value v) { return typeOf(v).getElementType(); }

/// The recorded type of result `i` of `op`. When the op does not record it
/// as a ranked tensor (a trace that is not PyTorch's, e.g. a damaged file):
/// `missing` set to the highest such index read, and a stand-in the
/// handlers' builders accept (result 0's shape; f32 for result 0, i64 for a
/// later one, the indices of min.dim, topk, sort, ...), so that the caller
/// refuses the op afterwards instead of reading past its results.
inline RankedTensorType recordedResultType(Operation *op, unsigned i,
                                           std::optional<unsigned> &missing,
                                           Builder &b) {
  if (i < op->getNumResults())
    if (auto t = dyn_cast<RankedTensorType>(op->getResult(i).getType()))
      return t;
  if (!missing || i > *missing)
    missing = i;
  ArrayRef<int64_t> shape;
  if (op->getNumResults())
    if (auto t = dyn_cast<RankedTensorType>(op->getResult(0).getType()))
      shape = t.getShape();
  return RankedTensorType::get(shape, i ? Type(b.getI64Type())
                                        : Type(b.getF32Type()));
}

/// One recorded aten call. `operands` are the converted operands in the order
/// of `op.getOperandNames()`; a refusal writes its reason to `why`. Numbers
/// read from attributes: a BoolAttr reads as 0/1 (not the i1 bits' -1).
struct AtenCompositeCall {
  mutable pynative::RecordedOp op;
  ValueRange operands;
  OpBuilder &b;
  Location loc;
  std::string &why;

  Value operand(StringRef name) const {
    for (auto [i, n] : llvm::enumerate(op.getOperandNames()))
      if (cast<StringAttr>(n).getValue() == name)
        return operands[i];
    return {};
  }
  Attribute arg(StringRef name) const { return op.getArgs().get(name); }
  bool isNone(StringRef name) const {
    return !operand(name) && (!arg(name) || isa<UnitAttr>(arg(name)));
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
      return a.getValue() ? 1.0 : 0.0;
    if (auto a = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return (double)a.getInt();
    return std::nullopt;
  }
  /// An int list (a single int counts as a list of one).
  std::optional<SmallVector<int64_t>> intsArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(arg(name)))
      return SmallVector<int64_t>(a.asArrayRef());
    if (auto i = intArg(name))
      return SmallVector<int64_t>{*i};
    return std::nullopt;
  }
  /// A float list argument (`float[]? scale_factors`).
  std::optional<SmallVector<double>> floatsArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<DenseF64ArrayAttr>(arg(name)))
      return SmallVector<double>(a.asArrayRef());
    if (auto a = dyn_cast_or_null<DenseF32ArrayAttr>(arg(name)))
      return SmallVector<double>(a.asArrayRef().begin(), a.asArrayRef().end());
    if (auto a = dyn_cast_or_null<ArrayAttr>(arg(name))) {
      SmallVector<double> v;
      for (Attribute e : a) {
        if (auto f = dyn_cast<FloatAttr>(e))
          v.push_back(f.getValueAsDouble());
        else if (auto i = dyn_cast<IntegerAttr>(e))
          v.push_back((double)i.getInt());
        else
          return std::nullopt;
      }
      return v;
    }
    if (auto f = floatArg(name))
      return SmallVector<double>{*f};
    return std::nullopt;
  }
  std::optional<std::string> stringArg(StringRef name) const {
    if (auto a = dyn_cast_or_null<StringAttr>(arg(name)))
      return a.getValue().str();
    return std::nullopt;
  }
  bool boolArg(StringRef name, bool dflt) const {
    if (auto a = dyn_cast_or_null<BoolAttr>(arg(name)))
      return a.getValue();
    if (auto i = dyn_cast_or_null<IntegerAttr>(arg(name)))
      return i.getInt() != 0;
    return dflt;
  }
  CompositeResult refuse(const Twine &reason) const {
    why = reason.str();
    return CompositeResult::Refused;
  }
  /// The recorded type of result `i`. A trace whose op records fewer results
  /// than its legalization reads (not PyTorch's, e.g. a damaged file) gets a
  /// stand-in type and `missingResult` set: the entry points
  /// (legalizeAtenComposite, legalizeAtenElementwise) then refuse the op with
  /// checkResults()'s reason, whatever the handler returned.
  RankedTensorType resultType(unsigned i = 0) const {
    return recordedResultType(op, i, missingResult, b);
  }
  /// The refusal for a handler that read a result the op does not record as
  /// a ranked tensor; `r` otherwise.
  CompositeResult checkResults(CompositeResult r) const {
    if (!missingResult)
      return r;
    why = ("it records " + Twine(op->getNumResults()) +
           " result(s), but its legalization needs result " +
           Twine(*missingResult) + " as a ranked tensor")
              .str();
    return CompositeResult::Refused;
  }
  mutable std::optional<unsigned> missingResult;
  /// Set for a handler that computes half-precision ops in float32
  /// (inFloat32 of a family file): a float result of another float dtype
  /// than the recorded one is Cast to it (one rounding, as ATen's opmath).
  bool castFloatResults = false;

  /// `v` reshaped to the recorded result `i` when only the shape differs
  /// (and Cast, with castFloatResults);
  /// failure, the call refused, when its dtype or element count differs.
  FailureOr<Value> toResultShape(Value v, unsigned i = 0) const {
    RankedTensorType want = resultType(i);
    auto type = cast<RankedTensorType>(v.getType());
    if (type == want)
      return v;
    if (castFloatResults && type.getElementType() != want.getElementType() &&
        isa<FloatType>(type.getElementType()) &&
        isa<FloatType>(want.getElementType())) {
      type = type.clone(want.getElementType());
      v = mindspore::CastOp::create(b, loc, type, v);
      if (type == want)
        return v;
    }
    if (type.getElementType() != want.getElementType() ||
        type.getNumElements() != want.getNumElements()) {
      (void)refuse("the computed result type differs from the recorded one");
      return failure();
    }
    return Value(mindspore::ReshapeOp::create(b, loc, v, want.getShape()));
  }
  /// Appends toResultShape(v, i) to `results`.
  CompositeResult pushResult(SmallVectorImpl<Value> &results, Value v,
                             unsigned i = 0) const {
    FailureOr<Value> r = toResultShape(v, i);
    if (failed(r))
      return CompositeResult::Refused;
    results.push_back(*r);
    return CompositeResult::Legalized;
  }
};

/// The `k` largest (`largest`) or smallest elements of `self` along `dim`
/// (negative counts from the end), as torch.topk gives them: `values` of
/// self's dtype and `indices` (i64), self's shape with dim `k`, sorted; a
/// NaN counts as larger than any number (PyTorch's rule), equal elements
/// give the smaller index first. MindSpore's TopK on the last dimension,
/// with Transpose, negation and Casts around it (AtenComposites.cpp).
/// Refuses (writing `c.why`) a 0-d self, k out of range and dtypes without
/// an exact TopK form (float64, int64).
LogicalResult buildTopK(const AtenCompositeCall &c, Value self, int64_t k,
                        int64_t dim, bool largest, Value &values,
                        Value &indices);

/// The p-norm of the float tensor `x` over `axis` (reduced dims kept as 1
/// with `keepdim`): (sum |x|^p)^(1/p), with linalg_vector_norm's p = 0
/// (count of non-zeros), 1, 2 and +-inf (max/min of |x|) forms
/// (AtenLinalg.cpp). Refuses (writing `c.why`) an inf-norm of an empty
/// tensor.
FailureOr<Value> buildPNorm(const AtenCompositeCall &c, Value x, double p,
                            ArrayRef<int64_t> axis, bool keepdim);

/// Runs the handler `table` has for `op` on a call of type `CallT`:
/// NotHandled when the table has none; an op that records no result is
/// refused up front (every composite reads result 0), a handler that read a
/// result the op does not record is refused (AtenCompositeCall::resultType),
/// and a refusal leaves `results` as it was.
template <typename CallT, typename Table>
CompositeResult runCompositeHandler(const Table &table, pynative::RecordedOp op,
                                    ValueRange operands, OpBuilder &builder,
                                    SmallVectorImpl<Value> &results,
                                    std::string &why) {
  auto it = table.find(op.getName());
  if (it == table.end())
    return CompositeResult::NotHandled;
  AtenCompositeCall base{op, operands, builder, op.getLoc(), why};
  CallT call{base};
  if (op->getNumResults() == 0) {
    (void)call.resultType(0);
    return call.checkResults(CompositeResult::Refused);
  }
  size_t before = results.size();
  CompositeResult r = call.checkResults(it->second(call, results));
  if (r != CompositeResult::Legalized)
    results.resize(before);
  return r;
}

} // namespace mlir::ascend

#endif

