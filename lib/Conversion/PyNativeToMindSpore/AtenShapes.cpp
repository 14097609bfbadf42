//===- AtenShapes.cpp - aten shape and data-movement ops to MindSpore ----===//
//
// The C++ handlers of the aten ops that move data without computing on it:
// views and reshapes, transpose and permute, slice/select/index and
// index_put, cat/stack/split/unbind, expand, repeat, constant padding, gather,
// flip, squeeze/unsqueeze, one_hot and copy_.
//
//===----------------------------------------------------------------------===//
#include "AtenHandler.h"

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::aten;

namespace {

LogicalResult reshapeToResult(AtenCall &c, SmallVectorImpl<Value> &results) {
  // PyTorch emits _reshape_alias(self, size, stride) only from `reshape` when
  // `self` can be viewed as `size`; `stride` is then computed from self's own
  // (possibly non-contiguous, e.g. transposed) strides, so the values are
  // those of a reshape whatever the strides are. PyTorch has no negative
  // strides: such an alias was not made by PyTorch.
  if (auto stride = c.intsArg("stride")) {
    if (stride->size() != c.resultType().getShape().size())
      return c.unsupported("an alias whose strides do not match its size");
    if (llvm::any_of(*stride, [](int64_t s) { return s < 0; }))
      return c.unsupported("an alias with negative strides is not a reshape");
  }
  results.push_back(make<ms::ReshapeOp>(c, c.operand("self"),
                                          c.resultType().getShape()));
  return success();
}

/// index_put(_)(self, indices, values, accumulate) with integer index tensors
/// for the dimensions `first ..` (`x[i] = v`, `x[i, j] += v`, `x[:, i] = v`
/// for first = 1): the index tensors broadcast to one batch shape B and stack
/// into rows [B..., k] (negative indices wrapped), the values broadcast to
/// self.shape[:first] + B + self.shape[first+k:], then TensorScatterUpdate
/// (accumulate=False) or TensorScatterAdd. With first > 0 the indexed
/// dimensions are transposed to the front and back.
LogicalResult indexPutIntegers(AtenCall &c, Value self, Value values,
                               ArrayRef<Value> indices, int64_t first,
                               SmallVectorImpl<Value> &results) {
  auto type = cast<RankedTensorType>(self.getType());
  int64_t k = indices.size(), rank = type.getRank();
  if (first + k > rank)
    return c.unsupported("more index tensors than the tensor has dimensions");
  // The batch shape: the index shapes broadcast together.
  SmallVector<int64_t> batch;
  for (Value index : indices) {
    SmallVector<int64_t> joined;
    if (failed(ms::inferBroadcastShape(
            batch, cast<RankedTensorType>(index.getType()).getShape(), joined)))
      return c.unsupported("the index tensors do not broadcast together");
    batch = joined;
  }
  Type i64 = c.b.getI64Type();
  SmallVector<Value> columns;
  for (auto [d, indexOperand] : llvm::enumerate(indices)) {
    Value index = indexOperand;
    auto indexType = cast<RankedTensorType>(index.getType());
    if (indexType.getElementType() != i64)
      index = ms::CastOp::create(c.b, c.loc, indexType.clone(i64), index);
    if (indexType.getShape() != ArrayRef<int64_t>(batch))
      index = make<ms::BroadcastToOp>(c, index, batch);
    // PyTorch's negative index counts from the end.
    Value negative =
        make<ms::LessOp>(c, index, scalarConstant(c, 0, i64));
    Value wrapped = make<ms::AddOp>(c, index,
        scalarConstant(c, (double)type.getDimSize(first + d), i64));
    index = make<ms::SelectOp>(c, negative, wrapped, index);
    columns.push_back(
        make<ms::ExpandDimsOp>(c, index, (int64_t)batch.size()));
  }
  Value rows = columns.size() == 1
                   ? columns.front()
                   : Value(make<ms::ConcatOp>(c, columns,
                                                (int64_t)batch.size()));
  FailureOr<Value> v = withElementType(c, values, type.getElementType());
  if (failed(v))
    return failure();
  SmallVector<int64_t> updateShape(type.getShape().take_front(first));
  llvm::append_range(updateShape, batch);
  llvm::append_range(updateShape, type.getShape().drop_front(first + k));
  Value updates = *v;
  if (cast<RankedTensorType>(updates.getType()).getShape() !=
      ArrayRef<int64_t>(updateShape)) {
    SmallVector<int64_t> joined;
    if (failed(ms::inferBroadcastShape(
            cast<RankedTensorType>(updates.getType()).getShape(), updateShape,
            joined)) ||
        joined != updateShape) {
      std::string shapeText;
      llvm::raw_string_ostream os(shapeText);
      llvm::interleave(updateShape, os, "x");
      return c.unsupported("the values do not broadcast to the indexed "
                           "shape " +
                           shapeText);
    }
    updates = make<ms::BroadcastToOp>(c, updates, updateShape);
  }
  // The indexed dimensions (and the batch dimensions of the values) first.
  SmallVector<int64_t> selfPerm, updatesPerm, inverse(rank);
  int64_t b = batch.size();
  auto moveToFront = [](int64_t from, int64_t count, int64_t size,
                        SmallVectorImpl<int64_t> &perm) {
    llvm::append_range(perm, llvm::seq(from, from + count));
    llvm::append_range(perm, llvm::seq<int64_t>(0, from));
    llvm::append_range(perm, llvm::seq(from + count, size));
  };
  moveToFront(first, k, rank, selfPerm);
  moveToFront(first, b, (int64_t)updateShape.size(), updatesPerm);
  for (auto [i, d] : llvm::enumerate(selfPerm))
    inverse[d] = i;
  Value target = self;
  if (first > 0) {
    target = make<ms::TransposeOp>(c, self, selfPerm);
    updates = make<ms::TransposeOp>(c, updates, updatesPerm);
  }
  Value result;
  if (c.boolArg("accumulate", false))
    result = make<ms::TensorScatterAddOp>(c, target, rows, updates);
  else
    result =
        make<ms::TensorScatterUpdateOp>(c, target, rows, updates);
  if (first > 0)
    result = make<ms::TransposeOp>(c, result, inverse);
  results.push_back(result);
  return success();
}

/// index_put(_)(self, indices, values, accumulate): integer index tensors
/// (see indexPutIntegers), or one boolean mask of self's shape (`x[mask] =
/// v`, `x[mask] += v`): the masked elements become (or gain) the broadcast
/// values.
LogicalResult indexPut(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), values = c.operand("values");
  SmallVector<Value> indices = c.operandList("indices");
  auto type = cast<RankedTensorType>(self.getType());
  if (!indices.empty() && llvm::all_of(indices, [](Value index) {
        Type t = cast<RankedTensorType>(index.getType()).getElementType();
        return t.isInteger(32) || t.isInteger(64);
      })) {
    std::optional<int64_t> first = c.leadingNones("indices");
    if (!first)
      return c.unsupported("index tensors separated by a full slice "
                           "(x[i, :, j]) are not legalized yet");
    return indexPutIntegers(c, self, values, indices, *first, results);
  }
  if (c.arg("indices.none"))
    return c.unsupported("a boolean mask next to full slices is not "
                         "legalized yet");
  if (indices.size() != 1 ||
      cast<RankedTensorType>(indices[0].getType()) !=
          RankedTensorType::get(type.getShape(), c.b.getI1Type()))
    return c.unsupported("only a write through integer index tensors or one "
                         "boolean mask of the tensor's shape is legalized "
                         "yet");
  FailureOr<Value> v = withElementType(c, values, type.getElementType());
  if (failed(v))
    return failure();
  Value newValues = *v;
  if (c.boolArg("accumulate", false))
    newValues = make<ms::AddOp>(c, self, newValues);
  else if (cast<RankedTensorType>(newValues.getType()).getNumElements() !=
           1)
    return c.unsupported("a masked write of several values (values are "
                         "taken in mask order) is not legalized yet");
  results.push_back(
      make<ms::SelectOp>(c, indices[0], newValues, self));
  return success();
}

LogicalResult transpose2d(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  if (rank < 2) {
    results.push_back(self);
    return success();
  }
  results.push_back(
      make<ms::TransposeOp>(c, self, ArrayRef<int64_t>{1, 0}));
  return success();
}

LogicalResult transposeDims(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  auto d0 = c.intArg("dim0"), d1 = c.intArg("dim1");
  if (!d0 || !d1)
    return c.unsupported("missing dim0/dim1");
  if (rank == 0 && (*d0 == 0 || *d0 == -1) && (*d1 == 0 || *d1 == -1)) {
    results.push_back(self); // PyTorch's transpose of a 0-d tensor
    return success();
  }
  std::optional<int64_t> i0 = c.dimIn(*d0, rank), i1 = c.dimIn(*d1, rank);
  if (!i0 || !i1)
    return failure();
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(perm[*i0], perm[*i1]);
  results.push_back(make<ms::TransposeOp>(c, self, perm));
  return success();
}

LogicalResult permute(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  auto dims = c.intsArg("dims");
  if (!dims)
    return c.unsupported("missing dims");
  if ((int64_t)dims->size() != rank)
    return c.unsupported("permute of a " + Twine(rank) + "-D tensor with " +
                         Twine(dims->size()) + " dims");
  for (int64_t &d : *dims) {
    std::optional<int64_t> i = c.dimIn(d, rank);
    if (!i)
      return failure();
    d = *i;
  }
  results.push_back(make<ms::TransposeOp>(c, self, *dims));
  return success();
}

LogicalResult constantPad(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto pad = c.intsArg("pad");
  if (!pad || pad->size() % 2 || (int64_t)pad->size() > 2 * rankOf(self))
    return c.unsupported("expects two pads per padded dimension");
  if (llvm::any_of(*pad, [](int64_t p) { return p < 0; }))
    return c.unsupported("negative padding (cropping) is not legalized yet");
  int64_t rank = rankOf(self);
  // PyTorch lists (before, after) pairs from the last dimension backwards.
  SmallVector<int64_t> paddings(2 * rank, 0);
  for (size_t i = 0; i < pad->size() / 2; ++i) {
    int64_t d = rank - 1 - i;
    paddings[2 * d] = (*pad)[2 * i];
    paddings[2 * d + 1] = (*pad)[2 * i + 1];
  }
  double value = c.floatArg("value").value_or(0.0);
  results.push_back(make<ms::PadOp>(c, self,
                                      c.b.getDenseI64ArrayAttr(paddings),
                                      c.b.getF64FloatAttr(value)));
  return success();
}

LogicalResult slice(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank();
  std::optional<int64_t> checkedDim = c.dimIn(c.intArg("dim").value_or(0), rank);
  if (!checkedDim)
    return failure();
  int64_t dim = *checkedDim;
  int64_t size = type.getDimSize(dim);
  int64_t step = c.intArg("step").value_or(1);
  if (step < 1)
    return c.unsupported("slice step must be positive");
  auto bound = [&](StringRef name, int64_t dflt) {
    int64_t v = c.intArg(name).value_or(dflt);
    if (v < 0)
      v += size;
    return std::clamp<int64_t>(v, 0, size);
  };
  int64_t start = bound("start", 0);
  int64_t end = std::max(start, bound("end", size));
  if (start == 0 && end == size && step == 1) {
    results.push_back(self);
    return success();
  }
  SmallVector<int64_t> begin(rank, 0), stop(type.getShape()), strides(rank, 1);
  begin[dim] = start;
  stop[dim] = end;
  strides[dim] = step;
  results.push_back(
      make<ms::StridedSliceOp>(c, self, begin, stop, strides));
  return success();
}

/// select(dim, index): Gather with a 0-d index drops the dimension.
LogicalResult selectInt(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  std::optional<int64_t> checkedDim =
      c.dimIn(c.intArg("dim").value_or(0), type.getRank());
  if (!checkedDim)
    return failure();
  int64_t dim = *checkedDim;
  int64_t index = c.intArg("index").value_or(0);
  if (index < 0)
    index += type.getDimSize(dim);
  if (index < 0 || index >= type.getDimSize(dim))
    return c.unsupported("index " + Twine(c.intArg("index").value_or(0)) +
                         " is out of range for dim " + Twine(dim) +
                         " of size " + Twine(type.getDimSize(dim)));
  Value idx = scalarConstant(c, (double)index, c.b.getI64Type());
  results.push_back(make<ms::GatherOp>(c, self, idx, dim));
  return success();
}

/// x[idx] (x[:, idx] after full slices) with one integer index tensor:
/// Gather along the indexed dimension.
LogicalResult indexTensor(AtenCall &c, SmallVectorImpl<Value> &results) {
  SmallVector<Value> indices = c.operandList("indices");
  if (indices.size() != 1)
    return c.unsupported("advanced indexing with " + Twine(indices.size()) +
                         " index tensors is not legalized yet");
  Type t = elementTypeOf(indices[0]);
  if (!t.isInteger(64) && !t.isInteger(32))
    return c.unsupported("indexing with a boolean mask is not legalized yet");
  std::optional<int64_t> axis = c.leadingNones("indices");
  results.push_back(make<ms::GatherOp>(c, c.operand("self"),
                                         indices[0], axis.value_or(0)));
  return success();
}

LogicalResult indexSelect(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index");
  // A 0-d self takes dim 0 or -1 and a one-element index, which can only be
  // 0 (index_select_out_cpu_, ATen/native/TensorAdvancedIndexing.cpp): the
  // result is self.
  if (rankOf(self) == 0) {
    int64_t dim = c.intArg("dim").value_or(0);
    if (dim != 0 && dim != -1)
      return c.unsupported("dim " + Twine(dim) +
                           " is out of range for a 0-D tensor");
    if (cast<RankedTensorType>(index.getType()).getNumElements() != 1 ||
        c.resultType() != self.getType())
      return c.unsupported("index_select of a 0-d tensor takes one index");
    results.push_back(self);
    return success();
  }
  int64_t dim = normalizeDim(c.intArg("dim").value_or(0), rankOf(self));
  results.push_back(make<ms::GatherOp>(c, self, index, dim));
  return success();
}

LogicalResult flip(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto dims = c.intsArg("dims", 1);
  if (!dims)
    return c.unsupported("missing dims");
  for (int64_t &d : *dims)
    d = normalizeDim(d, rankOf(self));
  results.push_back(make<ms::ReverseV2Op>(c, self, *dims));
  return success();
}

LogicalResult unsqueeze(AtenCall &c, SmallVectorImpl<Value> &results) {
  auto dim = c.intArg("dim");
  if (!dim)
    return c.unsupported("missing dim");
  results.push_back(
      make<ms::ExpandDimsOp>(c, c.operand("self"), *dim));
  return success();
}

/// squeeze(), squeeze(dim), squeeze(dims): a listed dim whose size is not 1
/// stays (PyTorch's rule).
LogicalResult squeeze(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> axis;
  if (auto dims = c.intsArg("dim", 1)) {
    for (int64_t d : *dims) {
      std::optional<int64_t> i = c.dimIn(d, std::max<int64_t>(type.getRank(), 1));
      if (!i)
        return failure();
      d = *i;
      if (type.getRank() > 0 && type.getDimSize(d) == 1)
        axis.push_back(d);
    }
    if (axis.empty()) {
      results.push_back(self);
      return success();
    }
  } else if (llvm::none_of(type.getShape(),
                           [](int64_t d) { return d == 1; })) {
    results.push_back(self);
    return success();
  }
  results.push_back(make<ms::SqueezeOp>(c, self, axis));
  return success();
}

LogicalResult cat(AtenCall &c, SmallVectorImpl<Value> &results) {
  SmallVector<Value> tensors = c.operandList("tensors");
  if (tensors.empty())
    return c.unsupported("no tensors");
  Type t = c.resultType().getElementType();
  for (Value &v : tensors) {
    FailureOr<Value> typed = withElementType(c, v, t);
    if (failed(typed))
      return failure();
    v = *typed;
  }
  int64_t dim = c.intArg("dim").value_or(0);
  results.push_back(make<ms::ConcatOp>(c, tensors, dim));
  return success();
}

/// stack = ExpandDims of each input, then Concat.
LogicalResult stack(AtenCall &c, SmallVectorImpl<Value> &results) {
  SmallVector<Value> tensors = c.operandList("tensors");
  if (tensors.empty())
    return c.unsupported("no tensors");
  int64_t dim = normalizeDim(c.intArg("dim").value_or(0),
                             rankOf(tensors.front()) + 1);
  for (Value &v : tensors)
    v = make<ms::ExpandDimsOp>(c, v, dim);
  results.push_back(make<ms::ConcatOp>(c, tensors, dim));
  return success();
}

/// split.Tensor / split_with_sizes / chunk: Split when the pieces are equal
/// and cover the dimension, one StridedSlice per piece otherwise.
LogicalResult split(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto type = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank();
  std::optional<int64_t> checkedDim = c.dimIn(c.intArg("dim").value_or(0), rank);
  if (!checkedDim)
    return failure();
  int64_t dim = *checkedDim;
  unsigned count = c.op.getNumResults();
  for (unsigned i = 0; i < count; ++i)
    if (c.resultType(i).getRank() != rank)
      return c.unsupported("result " + Twine(i) + " is not " + Twine(rank) +
                           "-D like the input");
  if (count == 1 && c.resultType(0) == type) {
    results.push_back(self);
    return success();
  }
  bool equal =
      count > 1 && llvm::all_of(llvm::seq(0u, count), [&](unsigned i) {
        return c.resultType(i).getDimSize(dim) * count == type.getDimSize(dim);
      });
  if (equal) {
    auto pieces = makeOp<ms::SplitOp>(c, self, dim, count);
    if (!pieces)
      return failure();
    llvm::append_range(results, pieces.getOutputs());
    return success();
  }
  int64_t start = 0;
  for (unsigned i = 0; i < count; ++i) {
    auto rt = c.resultType(i);
    SmallVector<int64_t> begin(rank, 0), end(type.getShape()),
        strides(rank, 1);
    begin[dim] = start;
    end[dim] = start + rt.getDimSize(dim);
    start = end[dim];
    if (rt == type)
      results.push_back(self);
    else
      results.push_back(
          make<ms::StridedSliceOp>(c, self, begin, end, strides));
  }
  return success();
}

/// unbind(dim): Split into pieces of 1, each Squeezed along `dim`.
LogicalResult unbind(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  int64_t dim = normalizeDim(c.intArg("dim").value_or(0), rankOf(self));
  unsigned count = c.op.getNumResults();
  if (count == 0)
    return c.unsupported("unbind of an empty dimension");
  SmallVector<Value> pieces;
  if (count == 1)
    pieces.push_back(self);
  else if (auto split = makeOp<ms::SplitOp>(c, self, dim, count))
    llvm::append_range(pieces, split.getOutputs());
  else
    return failure();
  for (Value piece : pieces)
    results.push_back(
        make<ms::SqueezeOp>(c, piece, ArrayRef<int64_t>{dim}));
  return success();
}

LogicalResult expand(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  RankedTensorType type = c.resultType();
  if (self.getType() == type)
    results.push_back(self);
  else
    results.push_back(
        make<ms::BroadcastToOp>(c, self, type.getShape()));
  return success();
}

/// copy_(self, src): the destination's new value is src, converted to its
/// element type and broadcast to its shape. (Writes that reach a base tensor
/// through a view are rejected before this, see checkNoHiddenWrites.)
LogicalResult copy(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), src = c.operand("src");
  auto type = cast<RankedTensorType>(self.getType());
  auto srcType = cast<RankedTensorType>(src.getType());
  if (srcType.getElementType() != type.getElementType())
    src = ms::CastOp::create(c.b, c.loc,
                             srcType.clone(type.getElementType()), src);
  if (srcType.getShape() != type.getShape())
    src = make<ms::BroadcastToOp>(c, src, type.getShape());
  results.push_back(src);
  return success();
}

/// repeat(repeats): Tile; `repeats` has at least the input's rank entries.
LogicalResult repeat(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto repeats = c.intsArg("repeats");
  if (!repeats || (int64_t)repeats->size() < rankOf(self))
    return c.unsupported("expects at least one repeat per dimension");
  if (llvm::any_of(*repeats, [](int64_t r) { return r < 1; }))
    return c.unsupported("a repeat count of 0 (an empty result) is not "
                         "legalized");
  results.push_back(make<ms::TileOp>(c, self, *repeats));
  return success();
}

/// gather(dim, index): GatherD.
LogicalResult gatherD(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self"), index = c.operand("index");
  auto dim = c.intArg("dim");
  if (!self || !index || !dim)
    return c.unsupported("missing self, dim or index");
  if (c.boolArg("sparse_grad", false))
    return c.unsupported("sparse_grad gather is not legalized");
  results.push_back(make<ms::GatherDOp>(c, self, index, normalizeDim(*dim, rankOf(self))));
  return success();
}

/// one_hot(num_classes): OneHot on the last axis with int64 on 1 / off 0. The
/// depth is the recorded one (num_classes=-1 takes max + 1 of the recorded
/// indices, which the shape-specialized trace fixes).
LogicalResult oneHot(AtenCall &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  RankedTensorType type = c.resultType();
  if (type.getRank() != rankOf(self) + 1)
    return c.unsupported("the recorded result is not one rank above the "
                         "indices");
  int64_t depth = type.getShape().back();
  if (depth < 1)
    return c.unsupported("zero classes");
  Type elementType = type.getElementType();
  results.push_back(ms::OneHotOp::create(
      c.b, c.loc, type, self, scalarConstant(c, 1, elementType),
      scalarConstant(c, 0, elementType), depth, -1));
  return success();
}

} // namespace

void mlir::ascend::aten::addShapeHandlers(HandlerTable &table) {
  static const std::pair<StringRef, Handler> entries[] = {
      {"aten.index_put_.default", indexPut},
      {"aten.index_put.default", indexPut},
      {"aten.t.default", transpose2d},
      {"aten.transpose.int", transposeDims},
      {"aten.transpose_.default", transposeDims},
      {"aten.permute.default", permute},
      {"aten.view.default", reshapeToResult},
      {"aten._unsafe_view.default", reshapeToResult},
      {"aten.reshape.default", reshapeToResult},
      {"aten.flatten.using_ints", reshapeToResult},
      {"aten._reshape_alias.default", reshapeToResult},
      {"aten.constant_pad_nd.default", constantPad},
      {"aten.slice.Tensor", slice},
      {"aten.select.int", selectInt},
      {"aten.index.Tensor", indexTensor},
      {"aten.index_select.default", indexSelect},
      {"aten.flip.default", flip},
      {"aten.unsqueeze.default", unsqueeze},
      {"aten.squeeze.default", squeeze},
      {"aten.squeeze.dim", squeeze},
      {"aten.squeeze_.dim", squeeze},
      {"aten.squeeze.dims", squeeze},
      {"aten.cat.default", cat},
      {"aten.stack.default", stack},
      {"aten.split.Tensor", split},
      {"aten.split_with_sizes.default", split},
      {"aten.unsafe_split.Tensor", split},
      {"aten.chunk.default", split},
      {"aten.unbind.int", unbind},
      {"aten.expand.default", expand},
      {"aten.copy_.default", copy},
      {"aten.repeat.default", repeat},
      {"aten.gather.default", gatherD},
      {"aten.one_hot.default", oneHot},
  };
  for (const auto &[name, handler] : entries)
    table.try_emplace(name, handler);
}
