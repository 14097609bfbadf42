//===- MindSporeLayoutOps.td - device data layouts ----------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_LAYOUT_OPS
#define ASCEND_DIALECT_MINDSPORE_LAYOUT_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"

def MindSpore_TransDataOp : MindSpore_PrimOpBase<"trans_data", "TransData"> {
  let summary = "converts a tensor between device data formats (MindSpore TransData)";
  let description = [{
    Moves the elements of `input`, stored in `src_format`, into `dst_format`;
    the result type is the physical shape of the destination. The formats
    (ascend-hardware.md, "Formats"; CANN's TransData):
    - `NCHW` / `ND`: plain row-major;
    - `NC1HWC0` ("5HD"): `[N, C, H, W]` as `[N, C1, H, W, C0]`, C1 =
      ceil(C / C0), channels padded with zeros to C1 x C0;
    - `FRACTAL_Z` (convolution filters): `[Co, Ci, kh, kw]` as
      `[C1 * kh * kw, No, 16, C0]`, C1 = ceil(Ci / C0), No = ceil(Co / 16),
      both channel counts padded with zeros;
    - `FRACTAL_NZ` (matmul operands): `[..., M, N]` as
      `[..., N1, M1, 16, 16]`, element (m, n) at `[n / 16, m / 16, m % 16,
      n % 16]`, M and N padded with zeros to multiples of 16.
    C0 is 32 bytes of elements for 1-byte types and 16 elements otherwise
    (the Cube's fractal). Converting back to NCHW / ND drops the padding; the
    logical shape is the result type's. One side must be NCHW or ND.
    `trans_data(trans_data(x, A -> B), B -> A)` folds to `x`.
  }];
  let arguments = (ins MindSpore_Tensor:$input, StrAttr:$src_format,
                       StrAttr:$dst_format);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $input $src_format `->` $dst_format attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = primitiveDecl # [{
    /// The physical shape of the logical `shape` in `format` for elements of
    /// `elementType`, or failure (with `why`) when the format does not apply
    /// to that rank.
    static ::mlir::FailureOr<::llvm::SmallVector<int64_t>>
    physicalShape(::llvm::ArrayRef<int64_t> shape, ::llvm::StringRef format,
                  ::mlir::Type elementType, std::string &why);
    /// C0 of `elementType`: 32 bytes of 1-byte elements, else 16.
    static int64_t channelBlock(::mlir::Type elementType);
    /// Replaces the op by Pad / Reshape / Transpose / StridedSlice with the
    /// same semantics (for lowerings without a TransData).
    void expand();
  }];
}

#endif // ASCEND_DIALECT_MINDSPORE_LAYOUT_OPS
