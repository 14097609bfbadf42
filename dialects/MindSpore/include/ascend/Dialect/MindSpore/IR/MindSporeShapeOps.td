//===- MindSporeShapeOps.td - slicing, gathering, layout ops -*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_SHAPE_OPS
#define ASCEND_DIALECT_MINDSPORE_SHAPE_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"

def MindSpore_ExpandDimsOp : MindSpore_PrimOp<"expand_dims", "ExpandDims"> {
  let summary = "inserts a dimension of size 1 (MindSpore ExpandDims)";
  let description = [{
    The result has rank `rank + 1` with a 1 at position `axis`
    (`-rank-1 <= axis <= rank`; negative counts from the end of the result).
    `torch.unsqueeze`.
  }];
  let arguments = (ins MindSpore_Tensor:$input, I64Attr:$axis);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_SqueezeOp : MindSpore_PrimOp<"squeeze", "Squeeze"> {
  let summary = "removes dimensions of size 1 (MindSpore Squeeze)";
  let description = [{
    Removes the listed axes, each of which must have size 1; with an empty
    `axis`, removes every size-1 dimension.
  }];
  let arguments = (ins MindSpore_Tensor:$input,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$axis);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_ConcatOp : MindSpore_PrimOp<"concat", "Concat",
    [SameOperandsElementType]> {
  let summary = "joins tensors along an axis (MindSpore Concat)";
  let description = [{
    At least one input; all have the same rank and element type and agree in
    every dimension but `axis`, along which the result is their sum.
  }];
  let arguments = (ins Variadic<MindSpore_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$inputs attr-dict `:` functional-type(operands, results)";
}

def MindSpore_StridedSliceOp : MindSpore_PrimOp<"strided_slice", "StridedSlice"> {
  let summary = "a strided box of the input (MindSpore StridedSlice)";
  let description = [{
    `begin`, `end`, `strides` have one entry per dimension, already resolved:
    `0 <= begin <= end <= size` and `strides >= 1`. Result dimension d has
    `ceil((end - begin) / stride)` elements, element i reading
    `begin + i * stride`. MindIR writes all masks as 0.
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$begin,
                       DenseI64ArrayAttr:$end, DenseI64ArrayAttr:$strides);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_GatherOp : MindSpore_PrimOp<"gather", "Gather"> {
  let summary = "picks slices along an axis by an index tensor (MindSpore Gather)";
  let description = [{
    `result = params[:, ..., indices[...], ...]` with the indexed axis `axis`
    replaced by the shape of `indices`:
    `params.shape[:axis] + indices.shape + params.shape[axis+1:]`. Indices
    are signed integers; a negative index counts from the end (PyTorch's
    rule). `batch_dims` is 0.
  }];
  let arguments = (ins MindSpore_Tensor:$params,
                       TensorOf<[I32, I64]>:$indices, I64Attr:$axis);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $params `,` $indices attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_BroadcastToOp : MindSpore_PrimOp<"broadcast_to", "BroadcastTo"> {
  let summary = "stretches size-1 dimensions to a shape (MindSpore BroadcastTo)";
  let description = [{
    `shape` is the result shape, of rank >= the input's; input dimensions
    align at the end and each equals its target or is 1. `torch.expand`.
    Folds to its input when the shape is the input's own.
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$shape);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasFolder = 1;
}

def MindSpore_PadOp : MindSpore_PrimOp<"pad", "Pad"> {
  let summary = "constant padding (MindSpore Pad / PadV3)";
  let description = [{
    `paddings` holds `[before_0, after_0, before_1, after_1, ...]`, two
    non-negative entries per dimension; new elements are `value`.
    `torch.nn.functional.pad` / `aten.constant_pad_nd` (whose list runs from
    the last dimension backwards). MindIR: `Pad` with `paddings` as a tuple of
    pairs when `value` is 0.
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$paddings,
                       DefaultValuedAttr<F64Attr, "0.0">:$value);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_ReverseV2Op : MindSpore_PrimOpBase<"reverse_v2", "ReverseV2",
    [SameOperandsAndResultType]> {
  let summary = "reverses the listed axes (MindSpore ReverseV2)";
  let description = [{
    Element i of a listed axis of size n comes from n - 1 - i. `torch.flip`.
    Axes are distinct and in range (negative counts from the end).
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$axis);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def MindSpore_TileOp : MindSpore_PrimOp<"tile", "Tile"> {
  let summary = "repeats the input along each dimension (MindSpore Tile)";
  let description = [{
    `multiples` has at least as many entries as the input has dimensions, each
    >= 1. The input is viewed with leading dimensions of size 1 up to that
    count, then result dimension d is `input.shape[d] * multiples[d]` and
    `result[i] = input[i mod input.shape]`. Element type: any; result element
    type = input element type. `torch.Tensor.repeat` (aten.repeat). MindIR:
    primitive `Tile`, inputs `x` and the tuple `multiples`.
    Folds to its input when every multiple is 1 and the rank is unchanged.

    ```mlir
    %r = mindspore.tile %x, [2, 1, 3] : (tensor<4x5xf32>) -> tensor<2x4x15xf32>
    ```
  }];
  let arguments = (ins MindSpore_Tensor:$input, DenseI64ArrayAttr:$multiples);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $multiples attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def MindSpore_GatherDOp : MindSpore_PrimOp<"gather_d", "GatherD"> {
  let summary = "picks elements along a dimension by an index tensor of the input's rank (MindSpore GatherD)";
  let description = [{
    `result[i0, ..., i_dim, ...] = x[i0, ..., index[i0, ..., i_dim, ...], ...]`:
    `index` (i32 or i64) has the rank of `x` and, in every dimension other
    than `dim`, at most `x`'s size; the result has the shape of `index` and
    the element type of `x`. `dim` may be negative (counts from the end).
    Indices must lie in `[0, x.shape[dim])` (PyTorch raises otherwise; the CPU
    lowering clamps). `torch.gather` (aten.gather). MindIR: primitive
    `GatherD`, inputs `x`, `dim` (an int), `index`.
  }];
  let arguments = (ins MindSpore_Tensor:$x, TensorOf<[I32, I64]>:$index,
                       I64Attr:$dim);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $x `,` $index attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_OneHotOp : MindSpore_PrimOp<"one_hot", "OneHot"> {
  let summary = "one-hot encoding of integer indices (MindSpore OneHot)";
  let description = [{
    The result has the shape of `indices` (i32 or i64) with a dimension of
    size `depth` (>= 1) inserted at `axis` (`-1` = last, the default;
    otherwise `0 <= axis <= rank`). Element `[..., j, ...]` (j along `axis`)
    is `on_value` where `indices[...] == j` and `off_value` elsewhere, so an
    index outside `[0, depth)` gives a row of `off_value`. `on_value` and
    `off_value` are 0-d tensors of the result's element type (any numeric
    type). `torch.nn.functional.one_hot` (aten.one_hot: int64, on 1, off 0).
    MindIR: primitive `OneHot`, attribute `axis`, inputs `indices`, `depth`
    (an int), `on_value`, `off_value`.
  }];
  let arguments = (ins TensorOf<[I32, I64]>:$indices,
                       MindSpore_Tensor:$on_value, MindSpore_Tensor:$off_value,
                       I64Attr:$depth, DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $indices `,` $on_value `,` $off_value attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_ArgmaxOp : MindSpore_PrimOp<"argmax", "Argmax"> {
  let summary = "index of the largest element along an axis (MindSpore Argmax)";
  let description = [{
    The result has the input's shape without dimension `axis` (negative
    counts from the end; the default -1 is the last) and the element type
    `output_type` (i32 or i64). Ties give the first index; a NaN counts as
    larger than any number (PyTorch's rule). `torch.argmax` (aten.argmax with
    a dim; keepdim adds a Reshape). MindIR: primitive `Argmax`, attributes
    `axis` and `output_type`.

    ```mlir
    %i = mindspore.argmax %x {axis = 1 : i64, output_type = i64} : (tensor<2x5xf32>) -> tensor<2xi64>
    ```
  }];
  let arguments = (ins MindSpore_Tensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       TypeAttr:$output_type);
  let results = (outs TensorOf<[I32, I64]>:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_ArgMaxWithValueOp : MindSpore_PrimOp<"argmax_with_value",
    "ArgMaxWithValue"> {
  let summary = "index and value of the largest element along an axis (MindSpore ArgMaxWithValue)";
  let description = [{
    Two results: `index`, the position of the largest element along `axis`
    (negative counts from the end; default 0), and `values`, that element.
    Both have the input's shape with dimension `axis` kept as 1 when
    `keep_dims` and removed otherwise. `values` has the input's element type
    (float or integer); `index` has the element type `index_type`, i64 when
    absent (PyTorch's index type, which current MindSpore documents too;
    older MindSpore releases give int32: a MindIR node records the index type
    in its output types and the importer keeps i32 as `index_type`). Ties give the first index; a NaN counts as larger than any number
    and is the value (PyTorch's rule). `torch.max(x, dim)` (aten.max.dim) and
    `torch.argmax(x, dim)`. MindIR: primitive `ArgMaxWithValue`, attributes
    `axis` and `keep_dims`, one node whose output is the tuple
    `(index, values)`, read with `TupleGetItem`.

    ```mlir
    %i, %v = mindspore.argmax_with_value %x {axis = 1 : i64}
           : (tensor<2x5xf32>) -> (tensor<2xi64>, tensor<2xf32>)
    ```
  }];
  let arguments = (ins MindSpore_Tensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$keep_dims,
                       OptionalAttr<TypeAttr>:$index_type);
  let results = (outs TensorOf<[I32, I64]>:$index, MindSpore_Tensor:$values);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_TopKOp : MindSpore_PrimOp<"topk", "TopK"> {
  let summary = "the k largest elements along the last axis and their indices (MindSpore TopK)";
  let description = [{
    Two results over the last dimension of `input` (rank >= 1, float or
    integer): `values`, the `k` largest elements of each row in descending
    order, and `indices`, their positions (i32, as MindSpore's TopK gives
    them). Both have the input's shape with the last dimension `k`
    (0 <= k <= that dimension's size). Equal elements give the smaller index
    first (MindSpore's documented rule). The CPU lowering counts a NaN as
    larger than any number (PyTorch's rule); MindSpore's kernels do not
    promise that order, so the aten.topk legalization gives TopK a key with
    +-inf in place of NaNs and gathers the values from the input. `sorted` = false allows any order; the CPU
    lowering always sorts. `torch.topk` (aten.topk, with Transpose for another
    dim, negation for largest=False and a Cast of the indices to int64).
    MindIR: the Python-defined primitive `TopK` (prim_type PRIMITIVE) with
    inputs `input` and `k` (an int Constant node), attribute `sorted`, one
    node whose output is the tuple `(values, indices)` read with
    `TupleGetItem` (mindspore/ops/operations/array_ops.py, class TopK; the
    CPU kernel takes float16, float32 and int32).

    ```mlir
    %v, %i = mindspore.topk %x {k = 2 : i64} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
    ```
  }];
  let arguments = (ins MindSpore_Tensor:$input, I64Attr:$k,
                       DefaultValuedAttr<BoolAttr, "true">:$sorted);
  let results = (outs MindSpore_Tensor:$values, TensorOf<[I32]>:$indices);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def MindSpore_SplitOp : MindSpore_PrimOp<"split", "Split"> {
  let summary = "equal pieces along an axis (MindSpore Split)";
  let description = [{
    Cuts `input` into `output_num` (>= 1) results of equal size along `axis`
    (negative counts from the end; default 0), whose size must divide evenly:
    result i is `input[..., i * n : (i + 1) * n, ...]` with
    `n = input.shape[axis] / output_num`. Any element type. `torch.split`,
    `torch.chunk` and `torch.unbind` (with a Squeeze) when the pieces are
    equal. MindIR: primitive `Split`, attributes `axis` and `output_num`, one
    node whose output is the tuple of the pieces, read with `TupleGetItem`.
    Folds to its input when `output_num` is 1; a split of a splat constant
    folds to splat constants.

    ```mlir
    %a, %b = mindspore.split %x {axis = 1 : i64, output_num = 2 : i64}
           : (tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins MindSpore_Tensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       I64Attr:$output_num);
  let results = (outs Variadic<MindSpore_Tensor>:$outputs);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasFolder = 1;
}

// Scatter of slices into a copy of the input: shared arguments and shapes.
class MindSpore_TensorScatterOp<string mnemonic, string prim>
    : MindSpore_PrimOp<mnemonic, prim> {
  let arguments = (ins MindSpore_Tensor:$input,
                       TensorOf<[I32, I64]>:$indices,
                       MindSpore_Tensor:$updates);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $indices `,` $updates attr-dict `:` functional-type(operands, results)
  }];
}

def MindSpore_TensorScatterUpdateOp
    : MindSpore_TensorScatterOp<"tensor_scatter_update", "TensorScatterUpdate"> {
  let summary = "replaces indexed slices of a tensor (MindSpore TensorScatterUpdate)";
  let description = [{
    `indices` (i32 or i64) has rank >= 1 and its last dimension `N` is at
    most the rank of `input`; each row `indices[b..., :]` names the slice
    `input[i_0, ..., i_{N-1}, ...]`. `updates` has the shape
    `indices.shape[:-1] + input.shape[N:]` and the element type of `input`;
    the result is `input` with each named slice replaced by
    `updates[b..., ...]`. Indices must lie in `[0, input.shape[k])` (the CPU
    lowering skips a row that does not); when rows repeat, the last one
    wins. PyTorch `index_put_` with integer index tensors and
    `accumulate=False` (`x[i] = v`). MindIR: primitive `TensorScatterUpdate`,
    inputs `input_x`, `indices`, `updates`.

    ```mlir
    %r = mindspore.tensor_scatter_update %x, %i, %u
         : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
    ```
  }];
}

def MindSpore_TensorScatterAddOp
    : MindSpore_TensorScatterOp<"tensor_scatter_add", "TensorScatterAdd"> {
  let summary = "adds to indexed slices of a tensor (MindSpore TensorScatterAdd)";
  let description = [{
    Shapes and indices as `mindspore.tensor_scatter_update`; the result is
    `input` with `updates[b..., ...]` added to each named slice, so repeated
    rows all add. PyTorch `index_put_` with integer index tensors and
    `accumulate=True` (`x.index_put_((i,), v, accumulate=True)`). MindIR:
    primitive `TensorScatterAdd`, inputs `input_x`, `indices`, `updates`.

    ```mlir
    %r = mindspore.tensor_scatter_add %x, %i, %u
         : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
    ```
  }];
}

#endif // ASCEND_DIALECT_MINDSPORE_SHAPE_OPS
