//===- AtenSlicing.cpp - windows, scatters and paddings as Gathers --------===//
//
// PyTorch's ops that read or write a regular set of positions along one dim
// (issue 19: OpInfo coverage), each a Gather with constant indices (every
// dtype the Gather takes):
//
//   narrow_copy         positions start .. start + length
//   unfold              the [count, size] window positions i * step + k,
//                       the window dim moved last
//   select_scatter, slice_scatter
//                       a Gather from Concat(self, src) along dim: the
//                       written positions read src, the others self
//   reflection_pad1d/2d/3d, replication_pad1d/2d/3d
//                       per padded dim the reflected (no edge repeat) or
//                       clamped source positions; the padding list runs
//                       from the last dim backwards, as torch's does
//
// Internal to AtenComposites.cpp's legalizeAtenComposite (see
// AtenComposites.h).
//
//===----------------------------------------------------------------------===//
#include "AtenCall.h"
#include "AtenComposites.h"

#include "ascend/Conversion/PyNativeToMindSpore/PyNativeToMindSpore.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

using Call = AtenCompositeCall;
using Handler = CompositeHandler;

Value indexConstant(Call &c, ArrayRef<int64_t> shape,
                    ArrayRef<int64_t> values) {
  SmallVector<Attribute> attrs;
  for (int64_t v : values)
    attrs.push_back(c.b.getI64IntegerAttr(v));
  return ms::ConstantOp::create(
      c.b, c.loc,
      DenseElementsAttr::get(RankedTensorType::get(shape, c.b.getI64Type()),
                             attrs));
}

/// x gathered at `positions` along `d` (an empty result is a constant).
Value gatherAlong(Call &c, Value x, int64_t d, ArrayRef<int64_t> shape,
                  ArrayRef<int64_t> positions) {
  if (positions.empty() || typeOf(x).getNumElements() == 0) {
    SmallVector<int64_t> out(typeOf(x).getShape().take_front(d));
    llvm::append_range(out, shape);
    llvm::append_range(out, typeOf(x).getShape().drop_front(d + 1));
    return buildSplatConstant(c.b, c.loc,
                              RankedTensorType::get(out, elementTypeOf(x)), 0);
  }
  return ms::GatherOp::create(c.b, c.loc, x, indexConstant(c, shape, positions),
                              d);
}

/// `dim` of `x` in [0, rank), or nullopt with the call refused.
std::optional<int64_t> dimOf(Call &c, Value x, StringRef name,
                             int64_t dflt = 0) {
  int64_t rank = rankOf(x);
  int64_t d = c.intArg(name).value_or(dflt);
  d = d < 0 ? d + rank : d;
  if (d < 0 || d >= rank) {
    (void)c.refuse(name + " is out of range (or self is 0-d)");
    return std::nullopt;
  }
  return d;
}

/// narrow_copy(self, dim, start, length).
CompositeResult narrowCopy(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x)
    return c.refuse("missing self");
  auto d = dimOf(c, x, "dim");
  if (!d)
    return CompositeResult::Refused;
  int64_t n = typeOf(x).getDimSize(*d);
  int64_t start = c.intArg("start").value_or(0),
          length = c.intArg("length").value_or(0);
  if (start < 0)
    start += n;
  if (start < 0 || length < 0 || start + length > n)
    return c.refuse("start and length are out of range");
  SmallVector<int64_t> at;
  for (int64_t i = 0; i < length; ++i)
    at.push_back(start + i);
  return c.pushResult(results, gatherAlong(c, x, *d, {length}, at));
}

/// unfold(self, dimension, size, step): [.., count, .., size].
CompositeResult unfold(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!x)
    return c.refuse("missing self");
  if (rankOf(x) == 0) {
    // A 0-d tensor unfolds to [size] (size 0 or 1), whatever the step.
    std::optional<int64_t> size = c.intArg("size");
    if (!size || *size < 0 || *size > 1)
      return c.refuse("unfold of a 0-d tensor expects size 0 or 1");
    if (*size == 0)
      return c.pushResult(results,
                          buildSplatConstant(c.b, c.loc, c.resultType(), 0));
    return c.pushResult(
        results, ms::ReshapeOp::create(c.b, c.loc, x, ArrayRef<int64_t>{1}));
  }
  auto d = dimOf(c, x, "dimension");
  auto size = c.intArg("size"), step = c.intArg("step");
  if (!d || !size || !step || *size < 0 || *step <= 0)
    return d ? c.refuse("expects size >= 0 and step > 0")
             : CompositeResult::Refused;
  int64_t n = typeOf(x).getDimSize(*d);
  if (*size > n)
    return c.refuse("size is larger than the dim");
  int64_t count = (n - *size) / *step + 1;
  SmallVector<int64_t> at;
  for (int64_t i = 0; i < count; ++i)
    for (int64_t k = 0; k < *size; ++k)
      at.push_back(i * *step + k);
  Value g = gatherAlong(c, x, *d, {count, *size}, at);
  // [.., count, size, rest..] -> [.., count, rest.., size].
  int64_t rank = rankOf(g);
  SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    if (i != *d + 1)
      perm.push_back(i);
  perm.push_back(*d + 1);
  if (*d + 1 != rank - 1)
    g = ms::TransposeOp::create(c.b, c.loc, g, perm);
  return c.pushResult(results, g);
}

/// self with the positions `written` along `d` read from `src` (src's
/// positions 0, 1, ... in order): a Gather from Concat(self, src).
CompositeResult scatterPositions(Call &c, SmallVectorImpl<Value> &results,
                                 Value self, Value src, int64_t d,
                                 ArrayRef<int64_t> written) {
  int64_t n = typeOf(self).getDimSize(d);
  if (elementTypeOf(src) != elementTypeOf(self))
    return c.refuse("src and self have different dtypes");
  if (written.empty() || typeOf(self).getNumElements() == 0)
    return c.pushResult(results, self);
  SmallVector<int64_t> at = llvm::to_vector(llvm::seq<int64_t>(0, n));
  for (auto [k, i] : llvm::enumerate(written))
    at[i] = n + (int64_t)k;
  Value both = ms::ConcatOp::create(c.b, c.loc, ValueRange{self, src}, d);
  return c.pushResult(results, gatherAlong(c, both, d, {n}, at));
}

/// select_scatter(self, src, dim, index).
CompositeResult selectScatter(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), src = c.operand("src");
  if (!self || !src)
    return c.refuse("missing self or src");
  auto d = dimOf(c, self, "dim");
  if (!d)
    return CompositeResult::Refused;
  int64_t n = typeOf(self).getDimSize(*d);
  int64_t index = c.intArg("index").value_or(0);
  if (index < 0)
    index += n;
  if (index < 0 || index >= n)
    return c.refuse("index is out of range");
  SmallVector<int64_t> shape(typeOf(self).getShape());
  shape[*d] = 1;
  if (typeOf(src).getNumElements() !=
      typeOf(self).getNumElements() / std::max<int64_t>(n, 1))
    return c.refuse("src does not have the selected slice's shape");
  src = ms::ReshapeOp::create(c.b, c.loc, src, shape);
  return scatterPositions(c, results, self, src, *d, {index});
}

/// slice_scatter(self, src, dim=0, start=None, end=None, step=1).
CompositeResult sliceScatter(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), src = c.operand("src");
  if (!self || !src)
    return c.refuse("missing self or src");
  auto d = dimOf(c, self, "dim");
  if (!d)
    return CompositeResult::Refused;
  int64_t n = typeOf(self).getDimSize(*d);
  int64_t step = c.intArg("step").value_or(1);
  if (step <= 0)
    return c.refuse("step must be positive");
  auto clampIndex = [&](std::optional<int64_t> v, int64_t dflt) {
    int64_t i = v.value_or(dflt);
    if (i < 0)
      i += n;
    return std::clamp<int64_t>(i, 0, n);
  };
  int64_t start = clampIndex(c.intArg("start"), 0),
          end = clampIndex(c.intArg("end"), n);
  SmallVector<int64_t> written;
  for (int64_t i = start; i < end; i += step)
    written.push_back(i);
  SmallVector<int64_t> shape(typeOf(self).getShape());
  shape[*d] = written.size();
  if (typeOf(src).getShape() != ArrayRef<int64_t>(shape))
    return c.refuse("src does not have the slice's shape");
  return scatterPositions(c, results, self, src, *d, written);
}

/// reflection_pad{1,2,3}d / replication_pad{1,2,3}d(self, padding).
template <bool Reflect>
CompositeResult padEdges(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  auto padding = c.intsArg("padding");
  if (!x || !padding || padding->size() % 2 ||
      (int64_t)padding->size() / 2 > rankOf(x))
    return c.refuse("expects self and two paddings per padded dim");
  int64_t rank = rankOf(x);
  for (size_t k = 0; k < padding->size() / 2; ++k) {
    int64_t d = rank - 1 - k;
    int64_t before = (*padding)[2 * k], after = (*padding)[2 * k + 1];
    int64_t n = typeOf(x).getDimSize(d);
    if (before == 0 && after == 0)
      continue;
    if (n == 0 || (Reflect && (before >= n || after >= n)) || before < 0 ||
        after < 0)
      return c.refuse(Reflect ? "a reflection padding must be non-negative "
                                "and smaller than the padded dim"
                              : "a replication padding of an empty dim or a "
                                "negative one");
    SmallVector<int64_t> at;
    for (int64_t i = -before; i < n + after; ++i) {
      int64_t j = i;
      if (Reflect)
        j = i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i;
      else
        j = std::clamp<int64_t>(i, 0, n - 1);
      at.push_back(j);
    }
    x = gatherAlong(c, x, d, {(int64_t)at.size()}, at);
  }
  return c.pushResult(results, x);
}

} // namespace

const CompositeTable &mlir::ascend::slicingTable() {
  static const CompositeTable table = {
      {"aten.narrow_copy.default", narrowCopy},
      {"aten.unfold.default", unfold},
      {"aten.select_scatter.default", selectScatter},
      {"aten.slice_scatter.default", sliceScatter},
      {"aten.reflection_pad1d.default", padEdges<true>},
      {"aten.reflection_pad2d.default", padEdges<true>},
      {"aten.reflection_pad3d.default", padEdges<true>},
      {"aten.replication_pad1d.default", padEdges<false>},
      {"aten.replication_pad2d.default", padEdges<false>},
      {"aten.replication_pad3d.default", padEdges<false>},
  };
  return table;
}
