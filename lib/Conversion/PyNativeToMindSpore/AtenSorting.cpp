//===- AtenSorting.cpp - sort and order statistics through TopK -----------===//
//
// PyTorch's sorting family (issue 19: OpInfo coverage) on MindSpore's TopK
// (buildTopK in AtenComposites.cpp, the form aten.topk uses):
//
//   sort(dim, descending) (also argsort and msort, which PyTorch runs as
//        sort): TopK with k = the dim's size, largest = descending; NaNs
//        last ascending, first descending, and equal elements in index
//        order (PyTorch's stable order; with stable=False PyTorch leaves
//        it unspecified, so float16/bfloat16 rows, which have many equal
//        elements, are refused unless stable=True);
//   kthvalue(k, dim, keepdim): the last of the k smallest;
//   median(): the ((n - 1) / 2 + 1)-th smallest of the flattened tensor,
//        NaN when any element is NaN (PyTorch's rule);
//   nanmedian(): the same over the elements that are not NaN (their count
//        m is data: the sorted values, NaNs last, gathered at
//        floor((m - 1) / 2); NaN when m is 0);
//   median.dim / nanmedian.dim: values and indices, the same per row
//        (median: the first NaN of a row that has one, as PyTorch).
//
// Dtypes are those of buildTopK (float16/32, bfloat16, int8/16/32); float64
// and int64 are refused with the reason. Internal to AtenComposites.cpp's
// legalizeAtenComposite (see AtenComposites.h).
//
//===----------------------------------------------------------------------===//
#include "AtenCall.h"
#include "AtenComposites.h"

#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"

#include <limits>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

using Call = AtenCompositeCall;
using Handler = CompositeHandler;

/// sort(dim, descending) / sort.stable(stable, dim, descending).
CompositeResult sort(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  auto type = typeOf(self);
  if (type.getRank() == 0) {
    // One element: itself at index 0.
    results.push_back(self);
    results.push_back(buildSplatConstant(
        c.b, c.loc, RankedTensorType::get({}, c.b.getI64Type()), 0));
    return CompositeResult::Legalized;
  }
  int64_t dim = c.intArg("dim").value_or(-1);
  int64_t d = dim < 0 ? dim + type.getRank() : dim;
  if (d < 0 || d >= type.getRank())
    return c.refuse("dim out of range");
  // TopK gives equal elements in index order, PyTorch's stable order. With
  // stable=False PyTorch's CPU kernel (std::sort) leaves the order of equal
  // elements unspecified; half-precision rows have many, so the indices
  // would differ from eager's: refused (sort(stable=True) is legalized).
  Type t = type.getElementType();
  if ((t.isF16() || t.isBF16()) && !c.boolArg("stable", false))
    return c.refuse(std::string("sort of ") + (t.isF16() ? "f16" : "bf16") +
                    " with stable=False: PyTorch leaves the order of equal "
                    "elements unspecified (its CPU kernel is not stable) and "
                    "half-precision rows have many; sort(stable=True) is "
                    "legalized");
  Value values, indices;
  if (failed(buildTopK(c, self, type.getDimSize(d), d,
                       c.boolArg("descending", false), values, indices)))
    return CompositeResult::Refused;
  if (c.pushResult(results, values, 0) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  return c.pushResult(results, indices, 1);
}

Value lastAlong(Call &c, Value x, int64_t d) {
  auto type = typeOf(x);
  int64_t rank = type.getRank();
  SmallVector<int64_t> begin(rank, 0), end(type.getShape()), strides(rank, 1);
  begin[d] = type.getDimSize(d) - 1;
  return ms::StridedSliceOp::create(c.b, c.loc, x, begin, end, strides);
}

/// kthvalue(k, dim, keepdim) -> (values, indices).
CompositeResult kthvalue(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  std::optional<int64_t> k = c.intArg("k");
  if (!self || !k)
    return c.refuse("missing self or k");
  auto type = typeOf(self);
  if (type.getRank() == 0)
    self = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{1});
  int64_t rank = typeOf(self).getRank();
  int64_t dim = c.intArg("dim").value_or(-1);
  int64_t d = dim < 0 ? dim + rank : dim;
  if (d < 0 || d >= rank)
    return c.refuse("dim out of range");
  if (*k < 1 || *k > typeOf(self).getDimSize(d))
    return c.refuse("k = " + Twine(*k) + " is out of range for dimension " +
                    Twine(d) + " of size " + Twine(typeOf(self).getDimSize(d)));
  Value values, indices;
  if (failed(buildTopK(c, self, *k, d, false, values, indices)))
    return CompositeResult::Refused;
  if (c.pushResult(results, lastAlong(c, values, d), 0) !=
      CompositeResult::Legalized)
    return CompositeResult::Refused;
  return c.pushResult(results, lastAlong(c, indices, d), 1);
}

/// median() and nanmedian() of the whole tensor (0-d results).
template <bool IgnoreNan>
CompositeResult median(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  auto type = typeOf(self);
  Type t = type.getElementType();
  int64_t n = type.getNumElements();
  if (n == 0)
    return c.refuse("the median of an empty tensor (PyTorch gives NaN) is "
                    "not legalized");
  Value flat = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{n});
  // One element is its own median, number or NaN.
  if (n == 1)
    return c.pushResult(results, flat, 0);
  auto k0 = [&](double v, Type et) {
    return buildSplatConstant(c.b, c.loc, RankedTensorType::get({}, et), v);
  };
  double nan = std::numeric_limits<double>::quiet_NaN();
  if (!isa<FloatType>(t)) {
    Value values, indices;
    if (failed(buildTopK(c, flat, (n - 1) / 2 + 1, 0, false, values, indices)))
      return CompositeResult::Refused;
    return c.pushResult(results, lastAlong(c, values, 0), 0);
  }
  Value isNan = ms::NotEqualOp::create(c.b, c.loc, flat, flat);
  if (!IgnoreNan) {
    Value values, indices;
    if (failed(buildTopK(c, flat, (n - 1) / 2 + 1, 0, false, values, indices)))
      return CompositeResult::Refused;
    Value anyNan = ms::GreaterOp::create(
        c.b, c.loc,
        ms::ReduceMaxOp::create(
            c.b, c.loc,
            ms::SelectOp::create(c.b, c.loc, isNan, k0(1, t), k0(0, t)),
            ArrayRef<int64_t>{}, false),
        k0(0, t));
    Value m = ms::SelectOp::create(c.b, c.loc, anyNan, k0(nan, t),
                                   lastAlong(c, values, 0));
    return c.pushResult(results, m, 0);
  }
  Value sorted, indices;
  if (failed(buildTopK(c, flat, n, 0, false, sorted, indices)))
    return CompositeResult::Refused;
  // floor((m - 1) / 2) of the count m of numbers, in f32 (exact to 2^24).
  Type f32 = c.b.getF32Type();
  Value count = ms::ReduceSumOp::create(
      c.b, c.loc, ms::SelectOp::create(c.b, c.loc, isNan, k0(0, f32), k0(1, f32)),
      ArrayRef<int64_t>{0}, true);
  Value pos = ms::FloorOp::create(
      c.b, c.loc,
      ms::MulOp::create(c.b, c.loc,
                        ms::SubOp::create(c.b, c.loc, count, k0(1, f32)),
                        k0(0.5, f32)));
  Value index = ms::CastOp::create(
      c.b, c.loc, RankedTensorType::get({1}, c.b.getI64Type()), pos);
  // Every element NaN: index -1, the last sorted value, a NaN.
  Value r = ms::GatherOp::create(c.b, c.loc, sorted, index, 0);
  return c.pushResult(results, r, 0);
}

/// median.dim / nanmedian.dim(dim, keepdim) -> (values, indices): the rows
/// sorted (NaNs last, equal elements in index order), values and indices
/// gathered at a position per row that depends on the row's NaN count c
/// (data): median: (n - 1) / 2, or n - c (the first NaN, PyTorch's answer)
/// when c > 0; nanmedian: floor((n - c - 1) / 2), or 0 when every element
/// is NaN.
template <bool IgnoreNan>
CompositeResult medianDim(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  if (typeOf(self).getRank() == 0)
    self = ms::ReshapeOp::create(c.b, c.loc, self, ArrayRef<int64_t>{1});
  auto type = typeOf(self);
  Type t = type.getElementType();
  int64_t rank = type.getRank();
  int64_t dim = c.intArg("dim").value_or(-1);
  int64_t d = dim < 0 ? dim + rank : dim;
  if (d < 0 || d >= rank)
    return c.refuse("dim out of range");
  int64_t n = type.getDimSize(d);
  if (n == 0)
    return c.refuse("the median along an empty dimension is not legalized");
  if (n == 1) {
    // One element per row: itself, at index 0.
    SmallVector<int64_t> shape(type.getShape());
    if (c.pushResult(results, self, 0) != CompositeResult::Legalized)
      return CompositeResult::Refused;
    return c.pushResult(results,
                      buildSplatConstant(
                          c.b, c.loc,
                          RankedTensorType::get(shape, c.b.getI64Type()), 0),
                      1);
  }
  Value sorted, indices;
  if (failed(buildTopK(c, self, n, d, false, sorted, indices)))
    return CompositeResult::Refused;
  Type f32 = c.b.getF32Type();
  auto k0 = [&](double v) {
    return buildSplatConstant(c.b, c.loc, RankedTensorType::get({}, f32), v);
  };
  Value pos;
  if (!isa<FloatType>(t)) {
    pos = buildSplatConstant(c.b, c.loc, RankedTensorType::get({}, f32),
                             (double)((n - 1) / 2));
    SmallVector<int64_t> shape(type.getShape());
    shape[d] = 1;
    pos = ms::BroadcastToOp::create(c.b, c.loc, pos, shape);
  } else {
    Value isNan = ms::NotEqualOp::create(c.b, c.loc, self, self);
    Value nans = ms::ReduceSumOp::create(
        c.b, c.loc, ms::SelectOp::create(c.b, c.loc, isNan, k0(1), k0(0)),
        ArrayRef<int64_t>{d}, true);
    Value any = ms::GreaterOp::create(c.b, c.loc, nans, k0(0));
    if (IgnoreNan) {
      Value m = ms::SubOp::create(c.b, c.loc, k0((double)n), nans);
      Value half = ms::FloorOp::create(
          c.b, c.loc,
          ms::MulOp::create(c.b, c.loc, ms::SubOp::create(c.b, c.loc, m, k0(1)),
                            k0(0.5)));
      pos = ms::MaximumOp::create(c.b, c.loc, half, k0(0));
    } else {
      pos = ms::SelectOp::create(
          c.b, c.loc, any, ms::SubOp::create(c.b, c.loc, k0((double)n), nans),
          ms::MulOp::create(c.b, c.loc, nans, k0(0)));
      pos = ms::AddOp::create(
          c.b, c.loc, pos,
          ms::SelectOp::create(c.b, c.loc, any, k0(0), k0((double)((n - 1) / 2))));
    }
  }
  Value at = ms::CastOp::create(c.b, c.loc, typeOf(pos).clone(c.b.getI64Type()),
                                pos);
  Value v = ms::GatherDOp::create(c.b, c.loc, sorted, at, d);
  Value i = ms::GatherDOp::create(c.b, c.loc, indices, at, d);
  if (c.pushResult(results, v, 0) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  return c.pushResult(results, i, 1);
}

} // namespace

const CompositeTable &mlir::ascend::sortingTable() {
  static const CompositeTable table = {
      {"aten.sort.default", sort},
      {"aten.sort.stable", sort},
      {"aten.kthvalue.default", kthvalue},
      {"aten.median.default", median<false>},
      {"aten.nanmedian.default", median<true>},
      {"aten.median.dim", medianDim<false>},
      {"aten.nanmedian.dim", medianDim<true>},
  };
  return table;
}
