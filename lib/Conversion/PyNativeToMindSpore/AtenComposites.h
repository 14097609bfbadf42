//===- AtenComposites.h - aten ops built from several primitives -*- C++ -*-===//
//
// The aten ops that MindSpore has no single primitive for and that are
// composed here from the primitives the dialect has (so both levels, the CPU
// runner and MindIR take them without new ops): triu/tril (Select with a
// constant mask), full-tensor and per-dim min and any/all (through ReduceMax,
// ArgMaxWithValue, ReduceAll), arange (a constant), roll (StridedSlice +
// Concat), native_group_norm (Reshape + LayerNorm + Mul/Add), the nearest and
// linear upsamplings (Gather with constant indices, Mul/Add with constant
// weights), addmm with alpha/beta and topk (TopK on the last dimension).
//
// Internal to AtenLegalization.cpp's legalizeAtenOp, which asks this table
// after its own.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_ATENCOMPOSITES_H
#define ASCEND_LIB_CONVERSION_PYNATIVETOMINDSPORE_ATENCOMPOSITES_H

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::ascend {

/// What legalizeAtenComposite did with an op.
enum class CompositeResult {
  NotHandled, ///< not an op of this table (or a form the primary table has)
  Legalized,  ///< `results` holds the op's results (null for unused extras)
  Refused,    ///< `why` says what is not supported
};

/// Legalizes `op` (its converted operands `operands`, in the order of
/// `op.getOperandNames()`) when it is one of the composites above. Types: the
/// results have the recorded result types exactly (static shapes).
CompositeResult legalizeAtenComposite(pynative::RecordedOp op,
                                      ValueRange operands, OpBuilder &builder,
                                      SmallVectorImpl<Value> &results,
                                      std::string &why);

/// Whether legalizeAtenComposite knows the op name (e.g. "aten.triu.default").
bool isAtenComposite(llvm::StringRef name);

/// The elementwise math composites (AtenElementwise.cpp: frac, remainder,
/// fmod, floor_divide, div rounding modes, copysign, signbit, xlogy, hypot,
/// logit, nan_to_num, heaviside, logaddexp2, sinc, special_entr, round with
/// decimals, pow(number, tensor),
/// special_xlog1py), asked by legalizeAtenComposite after its own table;
/// same contract.
CompositeResult legalizeAtenElementwise(pynative::RecordedOp op,
                                        ValueRange operands, OpBuilder &builder,
                                        SmallVectorImpl<Value> &results,
                                        std::string &why);
bool isAtenElementwise(llvm::StringRef name);

/// The composite families beyond compositeTable(), one file each, asked by
/// legalizeAtenComposite after its own table and the elementwise one (same
/// contract): op name -> handler of an AtenCompositeCall (AtenCall.h).
/// docs/tools/gen_op_mapping.py reads their entries for docs/OpMapping.md.
struct AtenCompositeCall;
using CompositeHandler = CompositeResult (*)(AtenCompositeCall &,
                                             SmallVectorImpl<Value> &);
using CompositeTable = llvm::StringMap<CompositeHandler>;
/// The scatter family as dense masked reductions (AtenScatter.cpp: scatter,
/// scatter_add, scatter_reduce, index_add/copy/fill/reduce, put, take,
/// max_unpool2d/3d).
const CompositeTable &scatterTable();
/// The cumulative ops as log-step scans (AtenScans.cpp: cumprod, cummax,
/// cummin, logcumsumexp).
const CompositeTable &scanTable();
/// cumsum(dim, dtype) to an integer result (int64 for integer and bool
/// inputs, PyTorch's promotion): an inclusive scan of Adds in log steps
/// (AtenScans.cpp), wrapping as ATen's int64 sums do.
CompositeResult integerCumsum(AtenCompositeCall &c,
                              SmallVectorImpl<Value> &results);
/// Sorts and order statistics through TopK (AtenSorting.cpp: sort, argsort,
/// msort, kthvalue, median, nanmedian).
const CompositeTable &sortingTable();
/// The special functions after PyTorch's CPU formulas (AtenSpecial.cpp:
/// digamma, polygamma, lgamma, mvlgamma, i0, i0e, i1, i1e,
/// modified_bessel_i0/i1, bessel_j0/j1/y0/y1, erfinv, the Chebyshev,
/// Hermite, Laguerre and Legendre polynomials).
const CompositeTable &specialTable();
/// The diagonal family as Gathers with constant indices (AtenDiagonal.cpp:
/// diagonal, diag, diag_embed, diagonal_scatter, trace).
const CompositeTable &diagonalTable();
/// Pixel and channel shuffles as Reshape, Transpose, Reshape
/// (AtenRearrange.cpp: pixel_shuffle, pixel_unshuffle, channel_shuffle).
const CompositeTable &rearrangeTable();
/// Linear algebra from products and eliminations (AtenLinalg.cpp:
/// linalg_cross, dist, cdist, pdist, renorm, addr, addbmm, block_diag, det,
/// slogdet, inv_ex, solve_ex).
const CompositeTable &linalgTable();
/// Reductions beyond ReduceSum/ReduceMax (AtenReductions.cpp: var_mean,
/// std_mean, aminmax, prod, count_nonzero, integer sums and means, bucketize,
/// searchsorted, isin).
const CompositeTable &reductionTable();
/// Windows, position scatters and edge paddings as Gathers with constant
/// indices (AtenSlicing.cpp: narrow_copy, unfold, select_scatter,
/// slice_scatter, reflection_pad1d/2d/3d, replication_pad1d/2d/3d).
const CompositeTable &slicingTable();
/// Pointwise losses and activations with a second operand (AtenLosses.cpp:
/// soft_margin_loss, smooth_l1_loss, glu, prelu).
const CompositeTable &lossTable();

} // namespace mlir::ascend

#endif
