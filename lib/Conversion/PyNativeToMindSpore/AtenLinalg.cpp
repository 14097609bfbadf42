//===- AtenLinalg.cpp - linear algebra from products and eliminations -----===//
//
// PyTorch's linear algebra ops that MindSpore's dialect here has no
// primitive for (issue 19: OpInfo coverage), from Mul/Sub/ReduceSum/MatMul
// and friends, after PyTorch's own definitions (torch._refs and the ATen
// CPU kernels):
//
//   linalg_cross        the three 2x2 minors along `dim` (floats, integers)
//   dist, _cdist_forward, _pdist_forward
//                       p-norms of differences (the p = 0, 1, 2, inf forms
//                       of linalg_vector_norm; _cdist_forward broadcasts
//                       [.., P, 1, M] - [.., 1, R, M], _pdist_forward takes
//                       the rows i < j as constant Gathers)
//   renorm              torch._refs.renorm: x * maxnorm / (norm + 1e-7) where
//                       the sub-tensor's norm exceeds maxnorm
//   addr, addbmm        beta * self + alpha * (outer product, summed bmm);
//                       floats of 32 bits and more (ATen rounds float16 and
//                       bfloat16 in an order not reproduced: refused) and,
//                       for addr, integers
//   inFloat32           cdist, pdist, renorm, var_mean, std_mean of float16
//                       and bfloat16 computed in float32 and rounded once
//   block_diag          each block padded with zeros to the full width,
//                       concatenated (0-d as [1, 1], 1-D as [1, n])
//   _linalg_det, _linalg_slogdet, linalg_inv_ex, _linalg_solve_ex
//                       Gaussian elimination with partial pivoting (the
//                       pivot is the first row of largest magnitude, as
//                       LAPACK's getrf chooses it), unrolled over the n
//                       columns of an [..., n, n] float matrix (n <= 32):
//                       det is the product of the pivots with the sign of
//                       the row swaps, slogdet its sign and the sum of
//                       log |pivot|, inv and solve eliminate above and below
//                       the pivot (Gauss-Jordan) on [A | B] (B = I for inv).
//                       info is the 1-based column of the first zero pivot
//                       (0: invertible), LAPACK's. The LU and pivots results
//                       have no equivalent (refused when used).
//   linalg_cholesky_ex, cholesky
//                       LAPACK's unblocked Cholesky (potf2) unrolled over
//                       the n columns of an [..., n, n] float32/float64
//                       matrix (n <= 32), from its lower triangle; info is
//                       the 1-based column of the first d <= 0.
//   cholesky_solve, cholesky_inverse
//                       (L L^T)^-1 B and (L L^T)^-1 by the Gauss-Jordan
//                       solve above (LAPACK solves two triangles).
//   linalg_solve_triangular, triangular_solve
//                       substitution row by row (LAPACK's trsm order) over
//                       the triangle read, unit diagonal optional.
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

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

using Call = AtenCompositeCall;
using Handler = CompositeHandler;

/// The largest matrix the eliminations unroll (n steps of whole-matrix work).
constexpr int64_t kMaxEliminationSize = 32;

Value scalarOf(Call &c, double v, Type t) {
  return buildSplatConstant(c.b, c.loc, RankedTensorType::get({}, t), v);
}

Value splatOf(Call &c, ArrayRef<int64_t> shape, Type t, double v) {
  return buildSplatConstant(c.b, c.loc, RankedTensorType::get(shape, t), v);
}

/// A constant of `shape` and element type `t` with `values`.
Value constantOf(Call &c, ArrayRef<int64_t> shape, Type t,
                 ArrayRef<double> values) {
  SmallVector<Attribute> attrs;
  for (double v : values) {
    if (auto f = dyn_cast<FloatType>(t))
      attrs.push_back(FloatAttr::get(f, v));
    else if (t.isInteger(1))
      attrs.push_back(IntegerAttr::get(t, v != 0 ? 1 : 0));
    else
      attrs.push_back(IntegerAttr::get(t, (int64_t)v));
  }
  return ms::ConstantOp::create(
      c.b, c.loc,
      DenseElementsAttr::get(RankedTensorType::get(shape, t), attrs));
}

Value indexConstant(Call &c, ArrayRef<int64_t> values) {
  SmallVector<double> v(values.begin(), values.end());
  return constantOf(c, {(int64_t)values.size()}, c.b.getI64Type(), v);
}

/// x[..., begin:end, ...] along `d`.
Value sliceDim(Call &c, Value x, int64_t d, int64_t begin, int64_t end) {
  auto type = typeOf(x);
  int64_t rank = type.getRank();
  SmallVector<int64_t> b(rank, 0), e(type.getShape()), s(rank, 1);
  b[d] = begin;
  e[d] = end;
  return ms::StridedSliceOp::create(c.b, c.loc, x, b, e, s);
}

/// `x` broadcast to `shape` (itself when it has it).
Value broadcastTo(Call &c, Value x, ArrayRef<int64_t> shape) {
  if (typeOf(x).getShape() == shape)
    return x;
  if (rankOf(x) < (int64_t)shape.size()) {
    SmallVector<int64_t> padded(shape.size() - rankOf(x), 1);
    llvm::append_range(padded, typeOf(x).getShape());
    x = ms::ReshapeOp::create(c.b, c.loc, x, padded);
  }
  return ms::BroadcastToOp::create(c.b, c.loc, x, shape);
}

/// The broadcast shape of a and b, or failure with the call refused.
FailureOr<SmallVector<int64_t>> joinedShape(Call &c, Value a, Value b) {
  SmallVector<int64_t> joined;
  if (failed(ms::inferBroadcastShape(typeOf(a).getShape(), typeOf(b).getShape(),
                                     joined))) {
    (void)c.refuse("the operands do not broadcast");
    return failure();
  }
  return joined;
}

bool isFloat(Value v) { return v && isa<FloatType>(elementTypeOf(v)); }

/// Runs `H` on the call with its float16 / bfloat16 operands Cast to
/// float32 and its float results Cast back to the recorded dtype: ATen's CPU
/// kernels compute these ops in float32 (opmath) and round once.
template <Handler H>
CompositeResult inFloat32(Call &c, SmallVectorImpl<Value> &results) {
  auto isHalf = [](Value v) {
    auto f = dyn_cast<FloatType>(elementTypeOf(v));
    return f && f.getWidth() < 32;
  };
  if (llvm::none_of(c.operands, isHalf))
    return H(c, results);
  SmallVector<Value> operands;
  for (Value v : c.operands)
    operands.push_back(
        isHalf(v) ? Value(ms::CastOp::create(
                        c.b, c.loc, typeOf(v).clone(c.b.getF32Type()), v))
                  : v);
  Call wide{c.op, operands, c.b, c.loc, c.why};
  wide.castFloatResults = true;
  CompositeResult r = H(wide, results);
  c.missingResult = wide.missingResult;
  return r;
}

} // namespace

FailureOr<Value> mlir::ascend::buildPNorm(const AtenCompositeCall &c, Value x,
                                          double p, ArrayRef<int64_t> axis,
                                          bool keepdim) {
  OpBuilder &b = c.b;
  Location loc = c.loc;
  Type t = elementTypeOf(x);
  auto scalar = [&](double v) {
    return buildSplatConstant(b, loc, RankedTensorType::get({}, t), v);
  };
  Value a = ms::AbsOp::create(b, loc, x);
  if (std::isinf(p)) {
    if (typeOf(x).getNumElements() == 0) {
      (void)c.refuse("an inf-norm of an empty tensor");
      return failure();
    }
    Value v = p > 0 ? a : Value(ms::NegOp::create(b, loc, a));
    Value r = ms::ReduceMaxOp::create(b, loc, v, axis, keepdim);
    return p < 0 ? Value(ms::NegOp::create(b, loc, r)) : r;
  }
  if (p == 0) {
    Value nz = ms::CastOp::create(b, loc, typeOf(x),
                                  ms::NotEqualOp::create(b, loc, x, scalar(0)));
    return Value(ms::ReduceSumOp::create(b, loc, nz, axis, keepdim));
  }
  if (p == 1)
    return Value(ms::ReduceSumOp::create(b, loc, a, axis, keepdim));
  if (p == 2)
    return Value(ms::SqrtOp::create(
        b, loc,
        ms::ReduceSumOp::create(b, loc, ms::MulOp::create(b, loc, x, x), axis,
                                keepdim)));
  Value pw = ms::PowOp::create(b, loc, a, scalar(p));
  return Value(ms::PowOp::create(
      b, loc, ms::ReduceSumOp::create(b, loc, pw, axis, keepdim),
      scalar(1.0 / p)));
}

namespace {

/// linalg_cross(self, other, dim=-1): the operands broadcast to the result's
/// shape, whose `dim` has size 3.
CompositeResult cross(Call &c, SmallVectorImpl<Value> &results) {
  Value a = c.operand("self"), o = c.operand("other");
  if (!a || !o || elementTypeOf(a) != elementTypeOf(o) ||
      elementTypeOf(a).isInteger(1))
    return c.refuse("expects two float or integer tensors of one dtype");
  auto joined = joinedShape(c, a, o);
  if (failed(joined))
    return CompositeResult::Refused;
  int64_t rank = joined->size();
  int64_t d = c.intArg("dim").value_or(-1);
  d = d < 0 ? d + rank : d;
  if (d < 0 || d >= rank || (*joined)[d] != 3)
    return c.refuse("dim is not a dimension of size 3");
  a = broadcastTo(c, a, *joined);
  o = broadcastTo(c, o, *joined);
  Value x[3], y[3];
  for (int64_t i = 0; i < 3; ++i) {
    x[i] = sliceDim(c, a, d, i, i + 1);
    y[i] = sliceDim(c, o, d, i, i + 1);
  }
  auto minor = [&](int i, int j) {
    return Value(ms::SubOp::create(c.b, c.loc,
                                   ms::MulOp::create(c.b, c.loc, x[i], y[j]),
                                   ms::MulOp::create(c.b, c.loc, x[j], y[i])));
  };
  Value r = ms::ConcatOp::create(
      c.b, c.loc, ValueRange{minor(1, 2), minor(2, 0), minor(0, 1)}, d);
  return c.pushResult(results, r);
}

/// dist(self, other, p=2): the p-norm of every element of self - other.
CompositeResult dist(Call &c, SmallVectorImpl<Value> &results) {
  Value a = c.operand("self"), o = c.operand("other");
  if (!isFloat(a) || !isFloat(o) || elementTypeOf(a) != elementTypeOf(o))
    return c.refuse("expects two floating-point tensors of one dtype");
  if (failed(joinedShape(c, a, o)))
    return CompositeResult::Refused;
  if (cast<FloatType>(elementTypeOf(a)).getWidth() < 32)
    return c.refuse("dist of float16/bfloat16 is not legalized: ATen's "
                    "vectorized norm rounds differently (a 1-ulp difference "
                    "in 1 of 6 samples)");
  Value d = ms::SubOp::create(c.b, c.loc, a, o);
  if (rankOf(d) == 0)
    d = ms::ReshapeOp::create(c.b, c.loc, d, ArrayRef<int64_t>{1});
  SmallVector<int64_t> axis = llvm::to_vector(llvm::seq<int64_t>(0, rankOf(d)));
  FailureOr<Value> r =
      buildPNorm(c, d, c.floatArg("p").value_or(2.0), axis, false);
  if (failed(r))
    return CompositeResult::Refused;
  return c.pushResult(results, *r);
}

/// _cdist_forward(x1 [.., P, M], x2 [.., R, M], p, compute_mode) ->
/// [.., P, R]: the p-norm over M of x1[.., :, None, :] - x2[.., None, :, :].
CompositeResult cdist(Call &c, SmallVectorImpl<Value> &results) {
  Value a = c.operand("x1"), o = c.operand("x2");
  if (!isFloat(a) || !isFloat(o) || elementTypeOf(a) != elementTypeOf(o))
    return c.refuse("expects two floating-point tensors of one dtype");
  if (rankOf(a) < 2 || rankOf(o) < 2 ||
      typeOf(a).getShape().back() != typeOf(o).getShape().back())
    return c.refuse("expects [.., P, M] and [.., R, M] tensors");
  double p = c.floatArg("p").value_or(2.0);
  Value x = ms::ExpandDimsOp::create(c.b, c.loc, a, rankOf(a) - 1);
  Value y = ms::ExpandDimsOp::create(c.b, c.loc, o, rankOf(o) - 2);
  if (failed(joinedShape(c, x, y)))
    return CompositeResult::Refused;
  Value d = ms::SubOp::create(c.b, c.loc, x, y);
  if (typeOf(d).getShape().back() == 0)
    return c.pushResult(
        results, splatOf(c, c.resultType().getShape(), elementTypeOf(a), 0));
  FailureOr<Value> r = buildPNorm(c, d, p, {rankOf(d) - 1}, false);
  if (failed(r))
    return CompositeResult::Refused;
  return c.pushResult(results, *r);
}

/// _pdist_forward(self [N, M], p=2) -> [N * (N - 1) / 2]: the p-norms of
/// the row differences self[i] - self[j], i < j in row-major order.
CompositeResult pdist(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  if (!isFloat(x) || rankOf(x) != 2)
    return c.refuse("expects a 2-D floating-point tensor");
  int64_t n = typeOf(x).getDimSize(0), m = typeOf(x).getDimSize(1);
  Type t = elementTypeOf(x);
  if (n < 2 || m == 0)
    return c.pushResult(results, splatOf(c, c.resultType().getShape(), t, 0));
  SmallVector<int64_t> rows, cols;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i + 1; j < n; ++j) {
      rows.push_back(i);
      cols.push_back(j);
    }
  Value d = ms::SubOp::create(
      c.b, c.loc,
      ms::GatherOp::create(c.b, c.loc, x, indexConstant(c, rows), 0),
      ms::GatherOp::create(c.b, c.loc, x, indexConstant(c, cols), 0));
  FailureOr<Value> r =
      buildPNorm(c, d, c.floatArg("p").value_or(2.0), {1}, false);
  if (failed(r))
    return CompositeResult::Refused;
  return c.pushResult(results, *r);
}

/// renorm(self, p, dim, maxnorm), torch._refs.renorm: each sub-tensor along
/// `dim` whose p-norm exceeds maxnorm is scaled by maxnorm / (norm + 1e-7).
CompositeResult renorm(Call &c, SmallVectorImpl<Value> &results) {
  Value x = c.operand("self");
  auto p = c.floatArg("p"), maxnorm = c.floatArg("maxnorm");
  auto dim = c.intArg("dim");
  if (!isFloat(x) || !p || !maxnorm || !dim || rankOf(x) < 1)
    return c.refuse("expects a floating-point tensor of rank >= 1, p, dim "
                    "and maxnorm");
  int64_t rank = rankOf(x), d = *dim < 0 ? *dim + rank : *dim;
  if (d < 0 || d >= rank)
    return c.refuse("dim is out of range");
  SmallVector<int64_t> axis;
  for (int64_t i = 0; i < rank; ++i)
    if (i != d)
      axis.push_back(i);
  Type t = elementTypeOf(x);
  if (axis.empty()) {
    // The norm of one element is its magnitude (|x|^p)^(1/p).
    Value a = ms::AbsOp::create(c.b, c.loc, x);
    Value big = ms::GreaterOp::create(c.b, c.loc, a, scalarOf(c, *maxnorm, t));
    Value f = ms::SelectOp::create(
        c.b, c.loc, big,
        ms::RealDivOp::create(
            c.b, c.loc, scalarOf(c, *maxnorm, t),
            ms::AddOp::create(c.b, c.loc, a, scalarOf(c, 1e-7, t))),
        splatOf(c, typeOf(x).getShape(), t, 1));
    return c.pushResult(results, ms::MulOp::create(c.b, c.loc, x, f));
  }
  FailureOr<Value> norm = buildPNorm(c, x, *p, axis, true);
  if (failed(norm))
    return CompositeResult::Refused;
  Value big =
      ms::GreaterOp::create(c.b, c.loc, *norm, scalarOf(c, *maxnorm, t));
  Value factor = ms::SelectOp::create(
      c.b, c.loc, big,
      ms::RealDivOp::create(
          c.b, c.loc, scalarOf(c, *maxnorm, t),
          ms::AddOp::create(c.b, c.loc, *norm, scalarOf(c, 1e-7, t))),
      splatOf(c, typeOf(*norm).getShape(), t, 1));
  return c.pushResult(results, ms::MulOp::create(c.b, c.loc, x, factor));
}

/// beta * self + alpha * product (beta = 0 ignores self, NaNs included);
/// integer scalars for integer tensors.
CompositeResult scaledPlus(Call &c, SmallVectorImpl<Value> &results,
                           Value product, Value self) {
  Type t = elementTypeOf(product);
  double beta = c.floatArg("beta").value_or(1),
         alpha = c.floatArg("alpha").value_or(1);
  Value r = product;
  if (alpha != 1)
    r = ms::MulOp::create(c.b, c.loc, r, scalarOf(c, alpha, t));
  if (beta != 0) {
    Value s = self;
    if (beta != 1)
      s = ms::MulOp::create(c.b, c.loc, s, scalarOf(c, beta, t));
    SmallVector<int64_t> joined;
    if (failed(ms::inferBroadcastShape(typeOf(s).getShape(),
                                       typeOf(r).getShape(), joined)) ||
        ArrayRef<int64_t>(joined) != typeOf(r).getShape())
      return c.refuse("self does not broadcast to the product's shape");
    r = ms::AddOp::create(c.b, c.loc, r, s);
  }
  return c.pushResult(results, r);
}

/// addr(self, vec1 [N], vec2 [M], beta, alpha): beta * self + alpha *
/// vec1[:, None] * vec2[None, :] (floats and integers).
CompositeResult addr(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), a = c.operand("vec1"), o = c.operand("vec2");
  if (!self || !a || !o || rankOf(a) != 1 || rankOf(o) != 1)
    return c.refuse("expects self and two vectors");
  Type t = elementTypeOf(self);
  if (t.isInteger(1) || elementTypeOf(a) != t || elementTypeOf(o) != t)
    return c.refuse("expects float or integer tensors of one dtype");
  if (auto f = dyn_cast<FloatType>(t); f && f.getWidth() < 32)
    return c.refuse("addr of float16/bfloat16 is not legalized: ATen's "
                    "kernel rounds its products and sum in an order not "
                    "reproduced here");
  Value outer =
      ms::MulOp::create(c.b, c.loc, ms::ExpandDimsOp::create(c.b, c.loc, a, 1),
                        ms::ExpandDimsOp::create(c.b, c.loc, o, 0));
  return scaledPlus(c, results, outer, self);
}

/// addbmm(self, batch1 [B, N, K], batch2 [B, K, M], beta, alpha): beta *
/// self + alpha * sum_b batch1[b] @ batch2[b].
CompositeResult addbmm(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), a = c.operand("batch1"),
        o = c.operand("batch2");
  if (!self || !isFloat(a) || !isFloat(o) ||
      elementTypeOf(a) != elementTypeOf(o) ||
      elementTypeOf(self) != elementTypeOf(a))
    return c.refuse("expects floating-point tensors of one dtype");
  auto at = typeOf(a), ot = typeOf(o);
  if (cast<FloatType>(at.getElementType()).getWidth() < 32)
    return c.refuse("addbmm of float16/bfloat16 is not legalized: ATen rounds "
                    "the sum after each batch's product");
  if (at.getRank() != 3 || ot.getRank() != 3 ||
      at.getDimSize(0) != ot.getDimSize(0) ||
      at.getDimSize(2) != ot.getDimSize(1))
    return c.refuse("expects [B, N, K] and [B, K, M] batches");
  Type t = at.getElementType();
  Value sum;
  if (at.getDimSize(0) == 0 || at.getDimSize(2) == 0)
    sum = splatOf(c, {at.getDimSize(1), ot.getDimSize(2)}, t, 0);
  else
    sum = ms::ReduceSumOp::create(
        c.b, c.loc, ms::BatchMatMulOp::create(c.b, c.loc, a, o, false, false),
        ArrayRef<int64_t>{0}, false);
  return scaledPlus(c, results, sum, self);
}

/// block_diag(tensors): each block (0-d as [1, 1], 1-D as [1, n]) Cast to
/// the result dtype and padded with zeros left and right to the full width,
/// the blocks then concatenated along the rows.
CompositeResult blockDiag(Call &c, SmallVectorImpl<Value> &results) {
  SmallVector<Value> blocks;
  for (auto [i, n] : llvm::enumerate(c.op.getOperandNames()))
    if (cast<StringAttr>(n).getValue() == "tensors")
      blocks.push_back(c.operands[i]);
  RankedTensorType result = c.resultType();
  Type t = result.getElementType();
  if (result.getRank() != 2)
    return c.refuse("the recorded result is not a matrix");
  int64_t width = result.getDimSize(1), column = 0;
  SmallVector<Value> rows;
  for (Value v : blocks) {
    if (rankOf(v) > 2)
      return c.refuse("a block of rank > 2");
    SmallVector<int64_t> shape(typeOf(v).getShape());
    while (shape.size() < 2)
      shape.insert(shape.begin(), 1);
    if (rankOf(v) < 2)
      v = ms::ReshapeOp::create(c.b, c.loc, v, shape);
    if (elementTypeOf(v) != t)
      v = ms::CastOp::create(c.b, c.loc, typeOf(v).clone(t), v);
    int64_t left = column, right = width - column - shape[1];
    column += shape[1];
    if (right < 0)
      return c.refuse("the blocks are wider than the recorded result");
    if (shape[0] == 0)
      continue;
    if (shape[1] == 0)
      v = splatOf(c, {shape[0], width}, t, 0);
    else if (left || right)
      v = ms::PadOp::create(
          c.b, c.loc, v,
          c.b.getDenseI64ArrayAttr(ArrayRef<int64_t>{0, 0, left, right}),
          c.b.getF64FloatAttr(0.0));
    rows.push_back(v);
  }
  if (rows.empty() || width == 0)
    return c.pushResult(results, splatOf(c, result.getShape(), t, 0));
  Value r = rows.size() == 1 ? rows[0]
                             : Value(ms::ConcatOp::create(c.b, c.loc, rows, 0));
  return c.pushResult(results, r);
}

//===----------------------------------------------------------------------===//
// Gaussian elimination
//===----------------------------------------------------------------------===//

/// What one elimination over the n columns of a [..., n, n] matrix gives.
struct Elimination {
  Value a;        ///< [..., n, n]: upper triangular (LU) or diagonal (Jordan)
  Value rhs;      ///< [..., n, k] after the same row operations, or null
  Value swapSign; ///< [..., 1, 1]: -1 per row swap
  SmallVector<Value> pivots; ///< [..., 1, 1] each, in column order
};

/// Eliminates the n columns of `a` with partial pivoting: below the pivot
/// (LU) or, with `jordan`, above and below it, applying the same row swaps
/// and operations to `rhs` (may be null).
Elimination eliminate(Call &c, Value a, Value rhs, bool jordan) {
  OpBuilder &b = c.b;
  Location loc = c.loc;
  auto type = typeOf(a);
  int64_t rank = type.getRank(), n = type.getShape().back();
  Type t = type.getElementType();
  SmallVector<int64_t> batch(type.getShape().drop_back(2));
  SmallVector<int64_t> one(batch);
  one.append({1, 1});
  Elimination e;
  e.swapSign = splatOf(c, one, t, 1);
  SmallVector<double> iota;
  for (int64_t i = 0; i < n; ++i)
    iota.push_back((double)i);
  Value rowIds = constantOf(c, {n, 1}, c.b.getI64Type(), iota);
  for (int64_t j = 0; j < n; ++j) {
    // The pivot: the first row >= j of largest |a[i, j]|.
    Value col = sliceDim(c, a, rank - 1, j, j + 1); // [..., n, 1]
    SmallVector<double> below;
    for (int64_t i = 0; i < n; ++i)
      below.push_back(i >= j ? 1 : 0);
    Value candidate = ms::SelectOp::create(
        b, loc, constantOf(c, {n, 1}, b.getI1Type(), below),
        ms::AbsOp::create(b, loc, col), scalarOf(c, -1, t));
    Value p = ms::ArgMaxWithValueOp::create(b, loc, candidate, rank - 2, true,
                                            TypeAttr())
                  .getIndex(); // [..., 1, 1] i64
    Value isP = ms::CastOp::create(
        b, loc,
        RankedTensorType::get(
            [&] {
              SmallVector<int64_t> s(batch);
              s.append({n, 1});
              return s;
            }(),
            t),
        ms::EqualOp::create(b, loc, p, rowIds)); // [..., n, 1]
    SmallVector<double> unit(n, 0);
    unit[j] = 1;
    Value isJ = constantOf(c, {n, 1}, t, unit);
    auto swap = [&](Value m) {
      Value rowP =
          ms::ReduceSumOp::create(b, loc, ms::MulOp::create(b, loc, isP, m),
                                  ArrayRef<int64_t>{rank - 2}, true);
      Value rowJ = sliceDim(c, m, rank - 2, j, j + 1);
      Value d = ms::SubOp::create(b, loc, rowJ, rowP);
      m = ms::AddOp::create(b, loc, m, ms::MulOp::create(b, loc, isP, d));
      return Value(
          ms::SubOp::create(b, loc, m, ms::MulOp::create(b, loc, isJ, d)));
    };
    a = swap(a);
    if (rhs)
      rhs = swap(rhs);
    Value swapped = ms::NotEqualOp::create(
        b, loc, p,
        buildSplatConstant(b, loc, RankedTensorType::get({}, b.getI64Type()),
                           j));
    e.swapSign = ms::SelectOp::create(
        b, loc, swapped, ms::NegOp::create(b, loc, e.swapSign), e.swapSign);
    // Eliminate: row i -= a[i, j] / pivot * row j.
    Value pivotRow = sliceDim(c, a, rank - 2, j, j + 1); // [..., 1, n]
    Value pivot = sliceDim(c, pivotRow, rank - 1, j, j + 1);
    e.pivots.push_back(pivot);
    Value safe = ms::SelectOp::create(
        b, loc, ms::EqualOp::create(b, loc, pivot, scalarOf(c, 0, t)),
        splatOf(c, one, t, 1), pivot);
    SmallVector<double> rowsToClear;
    for (int64_t i = 0; i < n; ++i)
      rowsToClear.push_back((jordan ? i != j : i > j) ? 1 : 0);
    if (llvm::all_of(rowsToClear, [](double v) { return v == 0; }))
      continue;
    Value factor = ms::MulOp::create(
        b, loc,
        ms::RealDivOp::create(b, loc, sliceDim(c, a, rank - 1, j, j + 1), safe),
        constantOf(c, {n, 1}, t, rowsToClear)); // [..., n, 1]
    a = ms::SubOp::create(b, loc, a,
                          ms::MulOp::create(b, loc, factor, pivotRow));
    if (rhs)
      rhs = ms::SubOp::create(
          b, loc, rhs,
          ms::MulOp::create(b, loc, factor,
                            sliceDim(c, rhs, rank - 2, j, j + 1)));
  }
  e.a = a;
  e.rhs = rhs;
  return e;
}

/// The [..., n, n] float matrix operand `name`, n <= kMaxEliminationSize.
FailureOr<Value> squareMatrix(Call &c, StringRef name) {
  Value a = c.operand(name);
  if (!isFloat(a) || rankOf(a) < 2 ||
      typeOf(a).getShape().back() != typeOf(a).getShape().drop_back().back()) {
    (void)c.refuse("expects a batch of square floating-point matrices");
    return failure();
  }
  if (typeOf(a).getShape().back() > kMaxEliminationSize) {
    (void)c.refuse("a matrix larger than " + Twine(kMaxEliminationSize) + "x" +
                   Twine(kMaxEliminationSize) +
                   " (the elimination is unrolled per column)");
    return failure();
  }
  return a;
}

/// The product of `values` ([..., 1, 1] each), or `one` when empty.
Value productOf(Call &c, ArrayRef<Value> values, Value one) {
  Value r = one;
  for (Value v : values)
    r = ms::MulOp::create(c.b, c.loc, r, v);
  return r;
}

/// LAPACK's info: the 1-based index of the first zero pivot, 0 when none,
/// as the recorded result `i` (an int32 tensor of the batch shape).
CompositeResult pushInfo(Call &c, SmallVectorImpl<Value> &results,
                         ArrayRef<Value> pivots, ArrayRef<int64_t> one,
                         unsigned i) {
  RankedTensorType want = c.resultType(i);
  if (pivots.empty()) {
    results.push_back(buildSplatConstant(c.b, c.loc, want, 0));
    return CompositeResult::Legalized;
  }
  Type t = elementTypeOf(pivots[0]);
  Value info = splatOf(c, one, t, 0);
  for (int64_t j = pivots.size() - 1; j >= 0; --j)
    info = ms::SelectOp::create(
        c.b, c.loc,
        ms::EqualOp::create(c.b, c.loc, pivots[j], scalarOf(c, 0, t)),
        splatOf(c, one, t, (double)(j + 1)), info);
  info = ms::CastOp::create(c.b, c.loc,
                            typeOf(info).clone(want.getElementType()), info);
  return c.pushResult(results, info, i);
}

SmallVector<int64_t> unitShape(Value a) {
  SmallVector<int64_t> one(typeOf(a).getShape().drop_back(2));
  one.append({1, 1});
  return one;
}

/// _linalg_det(A) -> (det, LU, pivots).
CompositeResult det(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> a = squareMatrix(c, "A");
  if (failed(a))
    return CompositeResult::Refused;
  Type t = elementTypeOf(*a);
  SmallVector<int64_t> one = unitShape(*a);
  if (typeOf(*a).getNumElements() == 0) { // the determinant of 0x0 is 1
    results.push_back(buildSplatConstant(c.b, c.loc, c.resultType(0), 1));
    results.append(c.op->getNumResults() - 1, Value());
    return CompositeResult::Legalized;
  }
  Elimination e = eliminate(c, *a, Value(), false);
  Value d = ms::MulOp::create(c.b, c.loc, e.swapSign,
                              productOf(c, e.pivots, splatOf(c, one, t, 1)));
  if (c.pushResult(results, d) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  results.append(c.op->getNumResults() - 1, Value());
  return CompositeResult::Legalized;
}

/// _linalg_slogdet(A) -> (sign, logabsdet, LU, pivots): the sign of the
/// determinant (0 when it is 0) and the sum of log |pivot| (-inf then).
CompositeResult slogdet(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> a = squareMatrix(c, "A");
  if (failed(a))
    return CompositeResult::Refused;
  Type t = elementTypeOf(*a);
  SmallVector<int64_t> one = unitShape(*a);
  if (typeOf(*a).getNumElements() == 0) { // sign 1, log|det| 0 of 0x0
    results.push_back(buildSplatConstant(c.b, c.loc, c.resultType(0), 1));
    results.push_back(buildSplatConstant(c.b, c.loc, c.resultType(1), 0));
    results.append(c.op->getNumResults() - 2, Value());
    return CompositeResult::Legalized;
  }
  Elimination e = eliminate(c, *a, Value(), false);
  Value sign = e.swapSign, logAbs = splatOf(c, one, t, 0);
  for (Value p : e.pivots) {
    Value s = ms::SelectOp::create(
        c.b, c.loc, ms::LessOp::create(c.b, c.loc, p, scalarOf(c, 0, t)),
        splatOf(c, one, t, -1),
        ms::SelectOp::create(
            c.b, c.loc, ms::EqualOp::create(c.b, c.loc, p, scalarOf(c, 0, t)),
            splatOf(c, one, t, 0), splatOf(c, one, t, 1)));
    sign = ms::MulOp::create(c.b, c.loc, sign, s);
    logAbs = ms::AddOp::create(
        c.b, c.loc, logAbs,
        ms::LogOp::create(c.b, c.loc, ms::AbsOp::create(c.b, c.loc, p)));
  }
  if (c.pushResult(results, sign, 0) != CompositeResult::Legalized ||
      c.pushResult(results, logAbs, 1) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  results.append(c.op->getNumResults() - 2, Value());
  return CompositeResult::Legalized;
}

/// A^-1 B by Gauss-Jordan: `rhs` [..., n, k] (batch dims equal to a's).
Elimination solveWith(Call &c, Value a, Value rhs) {
  Elimination e = eliminate(c, a, rhs, true);
  // The diagonal left by the elimination, as [..., n, 1].
  int64_t n = typeOf(a).getShape().back();
  SmallVector<Value> diagonal;
  for (Value p : e.pivots)
    diagonal.push_back(p);
  Value diag =
      n == 1 ? diagonal[0]
             : Value(ms::ConcatOp::create(c.b, c.loc, diagonal, rankOf(a) - 2));
  e.rhs = ms::RealDivOp::create(c.b, c.loc, e.rhs, diag);
  return e;
}

/// linalg_inv_ex(A, check_errors) -> (inverse, info).
CompositeResult inv(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> a = squareMatrix(c, "A");
  if (failed(a))
    return CompositeResult::Refused;
  Type t = elementTypeOf(*a);
  int64_t n = typeOf(*a).getShape().back();
  if (n == 0 || typeOf(*a).getNumElements() == 0) {
    results.push_back(buildSplatConstant(c.b, c.loc, c.resultType(0), 0));
    if (c.op->getNumResults() > 1)
      return pushInfo(c, results, {}, unitShape(*a), 1);
    return CompositeResult::Legalized;
  }
  SmallVector<double> eye(n * n, 0);
  for (int64_t i = 0; i < n; ++i)
    eye[i * n + i] = 1;
  Value identity =
      broadcastTo(c, constantOf(c, {n, n}, t, eye), typeOf(*a).getShape());
  Elimination e = solveWith(c, *a, identity);
  if (c.pushResult(results, e.rhs) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  if (c.op->getNumResults() > 1)
    return pushInfo(c, results, e.pivots, unitShape(*a), 1);
  return CompositeResult::Legalized;
}

/// _linalg_solve_ex(A, B, left=True, check_errors) -> (result, LU, pivots,
/// info): A X = B (X A = B when not left, as A^T X^T = B^T); B a matrix or a
/// vector (B of A's shape without the last dim, or 1-D), batch dims
/// broadcast.
CompositeResult solve(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> a = squareMatrix(c, "A");
  Value rhs = c.operand("B");
  if (failed(a))
    return CompositeResult::Refused;
  if (!isFloat(rhs) || elementTypeOf(rhs) != elementTypeOf(*a))
    return c.refuse("expects B of A's floating-point dtype");
  bool left = c.boolArg("left", true);
  int64_t rankA = rankOf(*a), n = typeOf(*a).getShape().back();
  auto bShape = typeOf(rhs).getShape();
  bool vector =
      rankOf(rhs) == 1 ||
      (rankOf(rhs) == rankA - 1 && bShape == typeOf(*a).getShape().drop_back());
  if (vector)
    rhs = ms::ExpandDimsOp::create(c.b, c.loc, rhs, rankOf(rhs));
  Value x = *a;
  int64_t rankB = rankOf(rhs);
  auto transposed = [&](Value v) {
    SmallVector<int64_t> perm =
        llvm::to_vector(llvm::seq<int64_t>(0, rankOf(v)));
    std::swap(perm[rankOf(v) - 1], perm[rankOf(v) - 2]);
    return Value(ms::TransposeOp::create(c.b, c.loc, v, perm));
  };
  if (!left) {
    if (vector)
      return c.refuse("left=False with a vector B");
    x = transposed(x);
    rhs = transposed(rhs);
  }
  if (rankB < 2 || typeOf(rhs).getShape().drop_back().back() != n)
    return c.refuse("B does not have A's number of rows");
  // Broadcast the batch dims of A and B.
  SmallVector<int64_t> batchA(typeOf(x).getShape().drop_back(2)),
      batchB(typeOf(rhs).getShape().drop_back(2)), batch;
  if (failed(ms::inferBroadcastShape(batchA, batchB, batch)))
    return c.refuse("the batch dims of A and B do not broadcast");
  SmallVector<int64_t> shapeA(batch), shapeB(batch);
  shapeA.append({n, n});
  shapeB.append({n, typeOf(rhs).getShape().back()});
  x = broadcastTo(c, x, shapeA);
  rhs = broadcastTo(c, rhs, shapeB);
  Value solution;
  SmallVector<Value> pivots;
  if (n == 0 || typeOf(rhs).getNumElements() == 0 ||
      typeOf(x).getNumElements() == 0) {
    solution = buildSplatConstant(c.b, c.loc, c.resultType(0), 0);
  } else {
    Elimination e = solveWith(c, x, rhs);
    solution = e.rhs;
    pivots = e.pivots;
    if (!left)
      solution = transposed(solution);
  }
  if (c.pushResult(results, solution) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  unsigned count = c.op->getNumResults();
  results.append(std::min<unsigned>(count, 3) - 1, Value()); // LU, pivots
  if (count > 3)
    return pushInfo(c, results, pivots, unitShape(x), 3);
  return CompositeResult::Legalized;
}

/// v with its last two dims swapped.
Value transposedLast(Call &c, Value v) {
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rankOf(v)));
  std::swap(perm[rankOf(v) - 1], perm[rankOf(v) - 2]);
  return ms::TransposeOp::create(c.b, c.loc, v, perm);
}

/// The Cholesky factor L (lower, A = L L^T) of the [..., n, n] matrix `a`
/// from its lower triangle, column by column as LAPACK's unblocked potf2:
/// d = a[j, j] - sum_k<j L[j, k]^2, L[j, j] = sqrt(d), L[i, j] = (a[i, j] -
/// sum_k<j L[i, k] L[j, k]) / L[j, j] for i > j; zeros above the diagonal.
/// `pivots` gets each d ([..., 1, 1]): info is the first j with d <= 0 or
/// NaN (not positive-definite).
Value cholesky(Call &c, Value a, SmallVectorImpl<Value> &pivots) {
  OpBuilder &b = c.b;
  Location loc = c.loc;
  auto type = typeOf(a);
  int64_t rank = type.getRank(), n = type.getShape().back();
  Type t = type.getElementType();
  Value l = splatOf(c, type.getShape(), t, 0);
  for (int64_t j = 0; j < n; ++j) {
    Value rowJ = sliceDim(c, l, rank - 2, j, j + 1); // [..., 1, n]
    Value dots =
        ms::ReduceSumOp::create(b, loc, ms::MulOp::create(b, loc, l, rowJ),
                                ArrayRef<int64_t>{rank - 1}, true);
    Value col = ms::SubOp::create(b, loc, sliceDim(c, a, rank - 1, j, j + 1),
                                  dots);            // [..., n, 1]
    Value d = sliceDim(c, col, rank - 2, j, j + 1); // [..., 1, 1]
    pivots.push_back(d);
    Value root = ms::SqrtOp::create(b, loc, d);
    SmallVector<double> below(n, 0), unit(n, 0), unitRow(n, 0);
    for (int64_t i = j + 1; i < n; ++i)
      below[i] = 1;
    unit[j] = 1;
    unitRow[j] = 1;
    Value scaled =
        ms::MulOp::create(b, loc, ms::RealDivOp::create(b, loc, col, root),
                          constantOf(c, {n, 1}, t, below));
    Value newCol = ms::AddOp::create(
        b, loc, scaled,
        ms::MulOp::create(b, loc, root, constantOf(c, {n, 1}, t, unit)));
    l = ms::AddOp::create(
        b, loc, l,
        ms::MulOp::create(b, loc, newCol, constantOf(c, {1, n}, t, unitRow)));
  }
  return l;
}

/// linalg_cholesky_ex(A, upper, check_errors) -> (L, info) and
/// cholesky(self, upper) -> L: see cholesky(); upper gives L^T. info is
/// the 1-based column of the first non-positive d (LAPACK's potrf).
CompositeResult choleskyEx(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> a = squareMatrix(c, c.operand("A") ? "A" : "self");
  if (failed(a))
    return CompositeResult::Refused;
  Type t = elementTypeOf(*a);
  if (!t.isF32() && !t.isF64())
    return c.refuse("cholesky of " + Twine(t.isF16() ? "float16" : "bfloat16") +
                    " (PyTorch's CPU kernel takes float32 and float64)");
  SmallVector<int64_t> one = unitShape(*a);
  unsigned count = c.op->getNumResults();
  if (typeOf(*a).getNumElements() == 0) {
    results.push_back(buildSplatConstant(c.b, c.loc, c.resultType(0), 0));
    if (count > 1)
      return pushInfo(c, results, {}, one, 1);
    return CompositeResult::Legalized;
  }
  SmallVector<Value> pivots;
  Value l = cholesky(c, *a, pivots);
  if (c.boolArg("upper", false))
    l = transposedLast(c, l);
  if (c.pushResult(results, l) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  if (count < 2)
    return CompositeResult::Legalized;
  // info: d <= 0 or NaN is a failed pivot (pushInfo tests == 0).
  SmallVector<Value> failedAt;
  for (Value d : pivots)
    failedAt.push_back(ms::SelectOp::create(
        c.b, c.loc, ms::LessOp::create(c.b, c.loc, scalarOf(c, 0, t), d),
        splatOf(c, one, t, 1), splatOf(c, one, t, 0)));
  return pushInfo(c, results, failedAt, one, 1);
}

/// cholesky_inverse(self = L, upper) -> (L L^T)^-1 (U^T U with upper) and
/// cholesky_solve(self = B, input2 = L, upper) -> (L L^T)^-1 B, batch dims
/// broadcast: the product formed, then Gauss-Jordan (solveWith) instead of
/// LAPACK's two triangular solves (potrs/potri), equal to float32's
/// rounding for the well-conditioned factors PyTorch's samples give.
template <bool Solve>
CompositeResult choleskySolve(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> factor = squareMatrix(c, Solve ? "input2" : "self");
  if (failed(factor))
    return CompositeResult::Refused;
  Value l = *factor;
  Type t = elementTypeOf(l);
  if (!t.isF32() && !t.isF64())
    return c.refuse("expects float32 or float64 factors");
  int64_t n = typeOf(l).getShape().back();
  // A = L L^T as ReduceSum(L[..., i, 1, j] * L[..., 1, k, j], j) (any
  // rank; U^T U = (U^T)(U^T)^T with upper).
  if (c.boolArg("upper", false))
    l = transposedLast(c, l);
  int64_t rank = rankOf(l);
  Value a = ms::ReduceSumOp::create(
      c.b, c.loc,
      ms::MulOp::create(c.b, c.loc,
                        ms::ExpandDimsOp::create(c.b, c.loc, l, rank - 1),
                        ms::ExpandDimsOp::create(c.b, c.loc, l, rank - 2)),
      ArrayRef<int64_t>{rank}, false);
  Value rhs;
  if (Solve) {
    rhs = c.operand("self");
    if (!isFloat(rhs) || elementTypeOf(rhs) != t || rankOf(rhs) < 2 ||
        typeOf(rhs).getShape().drop_back().back() != n)
      return c.refuse("expects B [..., n, k] of the factor's dtype");
    SmallVector<int64_t> batchA(typeOf(a).getShape().drop_back(2)),
        batchB(typeOf(rhs).getShape().drop_back(2)), batch;
    if (failed(ms::inferBroadcastShape(batchA, batchB, batch)))
      return c.refuse("the batch dims of B and the factor do not broadcast");
    SmallVector<int64_t> shapeA(batch), shapeB(batch);
    shapeA.append({n, n});
    shapeB.append({n, typeOf(rhs).getShape().back()});
    a = broadcastTo(c, a, shapeA);
    rhs = broadcastTo(c, rhs, shapeB);
  } else {
    SmallVector<double> eye(n * n, 0);
    for (int64_t i = 0; i < n; ++i)
      eye[i * n + i] = 1;
    rhs = broadcastTo(c, constantOf(c, {n, n}, t, eye), typeOf(a).getShape());
  }
  if (n == 0 || typeOf(rhs).getNumElements() == 0)
    return c.pushResult(results,
                        buildSplatConstant(c.b, c.loc, c.resultType(0), 0));
  return c.pushResult(results, solveWith(c, a, rhs).rhs);
}

/// A^-1 B of a triangular [..., n, n] `a` (its `upper` or lower triangle
/// read, the diagonal taken as 1 with `unit`) and B [..., n, k] of the same
/// batch dims, by substitution row by row as LAPACK's trsm: x_i = (b_i -
/// sum_j a_ij x_j) / a_ii over the solved rows j (below i for upper, above
/// for lower).
Value substitute(Call &c, Value a, Value rhs, bool upper, bool unit) {
  OpBuilder &b = c.b;
  Location loc = c.loc;
  int64_t rank = rankOf(a), n = typeOf(a).getShape().back();
  Type t = elementTypeOf(a);
  SmallVector<double> strict(n * n, 0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      strict[i * n + j] = (upper ? j > i : j < i) ? 1 : 0;
  Value off = ms::MulOp::create(b, loc, a, constantOf(c, {n, n}, t, strict));
  Value x = splatOf(c, typeOf(rhs).getShape(), t, 0);
  for (int64_t step = 0; step < n; ++step) {
    int64_t i = upper ? n - 1 - step : step;
    Value row = transposedLast(c, sliceDim(c, off, rank - 2, i, i + 1));
    Value dot =
        ms::ReduceSumOp::create(b, loc, ms::MulOp::create(b, loc, row, x),
                                ArrayRef<int64_t>{rank - 2}, true);
    Value xi = ms::SubOp::create(b, loc, sliceDim(c, rhs, rank - 2, i, i + 1),
                                 dot); // [..., 1, k]
    if (!unit)
      xi = ms::RealDivOp::create(
          b, loc, xi,
          sliceDim(c, sliceDim(c, a, rank - 2, i, i + 1), rank - 1, i, i + 1));
    SmallVector<double> e(n, 0);
    e[i] = 1;
    x = ms::AddOp::create(
        b, loc, x, ms::MulOp::create(b, loc, constantOf(c, {n, 1}, t, e), xi));
  }
  return x;
}

/// linalg_solve_triangular(self = A, B, upper, left, unitriangular) and
/// triangular_solve(self = B, A, upper, transpose, unitriangular) ->
/// (solution, A): see substitute(); X A = B (left=False) as A^T X^T = B^T,
/// transpose solves A^T X = B (the other triangle of A^T); batch dims
/// broadcast.
template <bool Legacy>
CompositeResult solveTriangular(Call &c, SmallVectorImpl<Value> &results) {
  FailureOr<Value> square = squareMatrix(c, Legacy ? "A" : "self");
  if (failed(square))
    return CompositeResult::Refused;
  Value a = *square, rhs = c.operand(Legacy ? "self" : "B");
  Type t = elementTypeOf(a);
  if (!t.isF32() && !t.isF64())
    return c.refuse("expects float32 or float64 matrices");
  if (!isFloat(rhs) || elementTypeOf(rhs) != t || rankOf(rhs) < 2)
    return c.refuse("expects a matrix B of A's dtype");
  bool upper = c.boolArg("upper", Legacy);
  bool unit = c.boolArg("unitriangular", false);
  bool left = Legacy || c.boolArg("left", true);
  if (Legacy && c.boolArg("transpose", false)) {
    a = transposedLast(c, a);
    upper = !upper;
  }
  if (!left) {
    a = transposedLast(c, a);
    rhs = transposedLast(c, rhs);
    upper = !upper;
  }
  int64_t n = typeOf(a).getShape().back();
  if (typeOf(rhs).getShape().drop_back().back() != n)
    return c.refuse("B does not have A's number of rows");
  SmallVector<int64_t> batchA(typeOf(a).getShape().drop_back(2)),
      batchB(typeOf(rhs).getShape().drop_back(2)), batch;
  if (failed(ms::inferBroadcastShape(batchA, batchB, batch)))
    return c.refuse("the batch dims of A and B do not broadcast");
  SmallVector<int64_t> shapeA(batch), shapeB(batch);
  shapeA.append({n, n});
  shapeB.append({n, typeOf(rhs).getShape().back()});
  Value x;
  if (n == 0 || shapeB.back() == 0 || typeOf(rhs).getNumElements() == 0 ||
      typeOf(a).getNumElements() == 0) {
    x = buildSplatConstant(c.b, c.loc, c.resultType(0), 0);
  } else {
    x = substitute(c, broadcastTo(c, a, shapeA), broadcastTo(c, rhs, shapeB),
                   upper, unit);
    if (!left)
      x = transposedLast(c, x);
  }
  if (c.pushResult(results, x) != CompositeResult::Legalized)
    return CompositeResult::Refused;
  if (Legacy && c.op->getNumResults() > 1) // the cloned coefficient
    return c.pushResult(results, *square, 1);
  return CompositeResult::Legalized;
}

} // namespace

const CompositeTable &mlir::ascend::linalgTable() {
  static const CompositeTable table = {
      {"aten.linalg_cross.default", cross},
      {"aten.dist.default", dist},
      {"aten._cdist_forward.default", inFloat32<cdist>},
      {"aten._pdist_forward.default", inFloat32<pdist>},
      {"aten.renorm.default", inFloat32<renorm>},
      {"aten.addr.default", addr},
      {"aten.addbmm.default", addbmm},
      {"aten.block_diag.default", blockDiag},
      {"aten._linalg_det.default", det},
      {"aten._linalg_slogdet.default", slogdet},
      {"aten.linalg_inv_ex.default", inv},
      {"aten._linalg_solve_ex.default", solve},
      {"aten.linalg_cholesky_ex.default", choleskyEx},
      {"aten.cholesky.default", choleskyEx},
      {"aten.cholesky_solve.default", choleskySolve<true>},
      {"aten.cholesky_inverse.default", choleskySolve<false>},
      {"aten.linalg_solve_triangular.default", solveTriangular<false>},
      {"aten.triangular_solve.default", solveTriangular<true>},
  };
  return table;
}
