//===- AtenDiagonal.cpp - diagonals as Gathers with constant indices ------===//
//
// PyTorch's diagonal family (issue 19: OpInfo coverage): diagonal, diag,
// diag_embed, diagonal_scatter and trace. The two dims of the diagonal are
// moved last and flattened ([..., A, B] -> [..., A * B]); the diagonal
// `offset` (above the main one when positive) is then a Gather of constant
// positions, (i + r0) * B + (i + c0), and writing one (diag_embed,
// diagonal_scatter) a Gather from the values with a constant mask Select.
// Every dtype the primitives take (trace sums: floats only).
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

Value indices(Call &c, ArrayRef<int64_t> values) {
  SmallVector<Attribute> attrs;
  for (int64_t v : values)
    attrs.push_back(c.b.getI64IntegerAttr(v));
  return ms::ConstantOp::create(
      c.b, c.loc,
      DenseElementsAttr::get(
          RankedTensorType::get({(int64_t)values.size()}, c.b.getI64Type()),
          attrs));
}

Value boolMask(Call &c, ArrayRef<int64_t> shape, ArrayRef<bool> values) {
  SmallVector<Attribute> attrs;
  for (bool v : values)
    attrs.push_back(c.b.getBoolAttr(v));
  return ms::ConstantOp::create(
      c.b, c.loc,
      DenseElementsAttr::get(RankedTensorType::get(shape, c.b.getI1Type()),
                             attrs));
}

/// The permutation moving dims d1, d2 last (in that order), and its inverse.
std::pair<SmallVector<int64_t>, SmallVector<int64_t>>
movedLast(int64_t rank, int64_t d1, int64_t d2) {
  SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    if (i != d1 && i != d2)
      perm.push_back(i);
  perm.push_back(d1);
  perm.push_back(d2);
  SmallVector<int64_t> inverse(rank);
  for (auto [i, p] : llvm::enumerate(perm))
    inverse[p] = i;
  return {perm, inverse};
}

bool identity(ArrayRef<int64_t> perm) {
  for (auto [i, p] : llvm::enumerate(perm))
    if ((int64_t)i != p)
      return false;
  return true;
}

/// The diagonal's first row and column and its length in an [A, B] matrix.
struct Diagonal {
  int64_t r0, c0, length;
};
Diagonal diagonalOf(int64_t a, int64_t b, int64_t offset) {
  int64_t r0 = offset < 0 ? -offset : 0, c0 = offset > 0 ? offset : 0;
  int64_t length = std::max<int64_t>(0, std::min(a - r0, b - c0));
  return {r0, c0, length};
}

/// self's diagonal (offset) over dims d1, d2, as a new last dim.
FailureOr<Value> takeDiagonal(Call &c, Value self, int64_t offset, int64_t d1,
                              int64_t d2) {
  auto type = typeOf(self);
  int64_t rank = type.getRank();
  if (d1 < 0)
    d1 += rank;
  if (d2 < 0)
    d2 += rank;
  if (rank < 2 || d1 < 0 || d2 < 0 || d1 >= rank || d2 >= rank || d1 == d2) {
    (void)c.refuse("dim1 and dim2 are not two dims of self");
    return failure();
  }
  auto [perm, inverse] = movedLast(rank, d1, d2);
  Value x = identity(perm) ? self : Value(ms::TransposeOp::create(c.b, c.loc, self, perm));
  SmallVector<int64_t> shape(typeOf(x).getShape());
  int64_t a = shape[rank - 2], b = shape[rank - 1];
  Diagonal g = diagonalOf(a, b, offset);
  SmallVector<int64_t> out(shape.begin(), shape.end() - 2);
  out.push_back(g.length);
  if (g.length == 0 || typeOf(x).getNumElements() == 0)
    return buildSplatConstant(c.b, c.loc,
                              RankedTensorType::get(out, type.getElementType()),
                              0);
  SmallVector<int64_t> flat(shape.begin(), shape.end() - 2);
  flat.push_back(a * b);
  x = ms::ReshapeOp::create(c.b, c.loc, x, flat);
  SmallVector<int64_t> at;
  for (int64_t i = 0; i < g.length; ++i)
    at.push_back((i + g.r0) * b + i + g.c0);
  return Value(ms::GatherOp::create(c.b, c.loc, x, indices(c, at), rank - 2));
}

/// `values` [..., L] written on the diagonal (offset) of an [..., A, B]
/// tensor whose other elements are `base` ([..., A, B], or null for 0).
Value putDiagonal(Call &c, Value values, Value base, int64_t a, int64_t b,
                  int64_t offset) {
  auto vtype = typeOf(values);
  Diagonal g = diagonalOf(a, b, offset);
  SmallVector<int64_t> lead(vtype.getShape().drop_back());
  SmallVector<int64_t> at;
  SmallVector<bool> on;
  for (int64_t r = 0; r < a; ++r)
    for (int64_t col = 0; col < b; ++col) {
      int64_t i = r - g.r0;
      bool diag = i >= 0 && i < g.length && col == i + g.c0;
      on.push_back(diag);
      at.push_back(diag ? i : 0);
    }
  int64_t rank = vtype.getRank();
  Value picked =
      ms::GatherOp::create(c.b, c.loc, values, indices(c, at), rank - 1);
  SmallVector<int64_t> shape(lead);
  shape.push_back(a);
  shape.push_back(b);
  picked = ms::ReshapeOp::create(c.b, c.loc, picked, shape);
  Value other = base ? base
                     : buildSplatConstant(
                           c.b, c.loc,
                           RankedTensorType::get({}, vtype.getElementType()), 0);
  return ms::SelectOp::create(c.b, c.loc, boolMask(c, {a, b}, on), picked,
                              other);
}

CompositeResult diagonal(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  FailureOr<Value> d =
      takeDiagonal(c, self, c.intArg("offset").value_or(0),
                   c.intArg("dim1").value_or(0), c.intArg("dim2").value_or(1));
  if (failed(d))
    return CompositeResult::Refused;
  return c.pushResult(results, *d);
}

/// diag(diagonal): a 1-D self on the diagonal of a square matrix, a 2-D
/// self's diagonal.
CompositeResult diag(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  int64_t k = c.intArg("diagonal").value_or(0);
  int64_t rank = typeOf(self).getRank();
  if (rank == 2) {
    FailureOr<Value> d = takeDiagonal(c, self, k, 0, 1);
    if (failed(d))
      return CompositeResult::Refused;
    return c.pushResult(results, *d);
  }
  if (rank != 1)
    return c.refuse("diag of a tensor of rank " + Twine(rank) +
                    " (PyTorch takes 1-D or 2-D)");
  int64_t n = typeOf(self).getDimSize(0), m = n + (k < 0 ? -k : k);
  if (n == 0)
    return c.refuse("diag of an empty vector");
  return c.pushResult(results, putDiagonal(c, self, Value(), m, m, k));
}

/// diag_embed(offset, dim1, dim2): the last dim of self on the diagonal of
/// two new dims of size n + |offset|.
CompositeResult diagEmbed(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  auto type = typeOf(self);
  if (type.getRank() == 0 || type.getNumElements() == 0)
    return c.refuse("diag_embed of a 0-d or empty tensor");
  int64_t offset = c.intArg("offset").value_or(0);
  int64_t n = type.getDimSize(type.getRank() - 1);
  int64_t m = n + (offset < 0 ? -offset : offset);
  Value v = putDiagonal(c, self, Value(), m, m, offset);
  int64_t rank = type.getRank() + 1;
  int64_t d1 = c.intArg("dim1").value_or(-2), d2 = c.intArg("dim2").value_or(-1);
  if (d1 < 0)
    d1 += rank;
  if (d2 < 0)
    d2 += rank;
  if (d1 < 0 || d2 < 0 || d1 >= rank || d2 >= rank || d1 == d2)
    return c.refuse("dim1 and dim2 are not two dims of the result");
  auto [perm, inverse] = movedLast(rank, d1, d2);
  if (!identity(inverse))
    v = ms::TransposeOp::create(c.b, c.loc, v, inverse);
  return c.pushResult(results, v);
}

/// diagonal_scatter(src, offset, dim1, dim2): self with src on the diagonal.
CompositeResult diagonalScatter(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), src = c.operand("src");
  if (!self || !src)
    return c.refuse("missing self or src");
  auto type = typeOf(self);
  int64_t rank = type.getRank();
  int64_t d1 = c.intArg("dim1").value_or(0), d2 = c.intArg("dim2").value_or(1);
  if (d1 < 0)
    d1 += rank;
  if (d2 < 0)
    d2 += rank;
  if (rank < 2 || d1 < 0 || d2 < 0 || d1 >= rank || d2 >= rank || d1 == d2)
    return c.refuse("dim1 and dim2 are not two dims of self");
  if (type.getNumElements() == 0)
    return c.pushResult(results, self);
  if (typeOf(src).getElementType() != type.getElementType())
    return c.refuse("src has another dtype than self");
  auto [perm, inverse] = movedLast(rank, d1, d2);
  Value x = identity(perm) ? self : Value(ms::TransposeOp::create(c.b, c.loc, self, perm));
  SmallVector<int64_t> shape(typeOf(x).getShape());
  int64_t a = shape[rank - 2], b = shape[rank - 1];
  int64_t offset = c.intArg("offset").value_or(0);
  if (diagonalOf(a, b, offset).length == 0)
    return c.pushResult(results, self);
  Value v = putDiagonal(c, src, x, a, b, offset);
  if (!identity(inverse))
    v = ms::TransposeOp::create(c.b, c.loc, v, inverse);
  return c.pushResult(results, v);
}

/// trace(): the sum of a 2-D self's main diagonal (floats).
CompositeResult trace(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  if (!self)
    return c.refuse("missing self");
  if (typeOf(self).getRank() != 2)
    return c.refuse("trace of a tensor that is not 2-D");
  Type t = typeOf(self).getElementType();
  if (!isa<FloatType>(t) || c.resultType().getElementType() != t)
    return c.refuse("trace of a non-float tensor is not legalized yet (an "
                    "integer sum)");
  FailureOr<Value> d = takeDiagonal(c, self, 0, 0, 1);
  if (failed(d))
    return CompositeResult::Refused;
  return c.pushResult(results,
                ms::ReduceSumOp::create(c.b, c.loc, *d, ArrayRef<int64_t>{},
                                        false));
}

} // namespace

const CompositeTable &mlir::ascend::diagonalTable() {
  static const CompositeTable table = {
      {"aten.diagonal.default", diagonal},
      {"aten.diagonal_copy.default", diagonal},
      {"aten.diag.default", diag},
      {"aten.diag_embed.default", diagEmbed},
      {"aten.diagonal_scatter.default", diagonalScatter},
      {"aten.trace.default", trace},
  };
  return table;
}
