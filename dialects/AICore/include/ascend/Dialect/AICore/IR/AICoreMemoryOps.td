//===- AICoreMemoryOps.td - buffers and data moves ---------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_MEMORY_OPS
#define ASCEND_DIALECT_AICORE_MEMORY_OPS

include "ascend/Dialect/AICore/IR/AICoreDialect.td"
include "ascend/Dialect/AICore/IR/AICoreEnums.td"
include "ascend/Dialect/AICore/IR/AICoreInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AICore_AllocOp : AICore_Op<"alloc"> {
  let summary = "a buffer in one on-chip memory";
  let description = [{
    Reserves a statically shaped buffer in L1, L0A, L0B, L0C or UB (the
    memref's memory space; GM buffers are kernel arguments, never allocated
    here). The layout must be the identity. The verifier checks the buffer's
    byte size against the capacity of its memory space in the target table;
    the enclosing `aicore.kernel` checks the sum of its buffers per space.

    ```mlir
    %a = aicore.alloc : memref<64x128xf16, #aicore.space<l0a>>
    ```
  }];
  let results = (outs Res<AnyStaticShapeMemRef, "", [MemAlloc]>:$buffer);
  let assemblyFormat = "attr-dict `:` type($buffer)";
  let extraClassDeclaration = [{
    /// Bytes of the buffer (elements times element bytes).
    int64_t getByteSize();
    AddressSpace getSpace();
  }];
  let hasVerifier = 1;
}

def AICore_CopyOp : AICore_Op<"copy"> {
  let summary = "moves a tile between two memories on the pipe they imply";
  let description = [{
    Copies `source` to `target` (same shape). The pipe is derived from the two
    memory spaces:

    | from | to | pipe |
    |---|---|---|
    | gm | l1, ub | MTE2 |
    | l1 | l0a, l0b, bt | MTE1 |
    | l0c | gm, ub, l1 | FIX |
    | ub | gm | MTE3 |

    Any other pair is rejected. The element types must agree, except that a
    FIX copy out of L0C may convert the f32 accumulator to f16 or bf16 (the
    fixpipe converts on the way out), and an L1 -> BT copy may widen an f16
    or bf16 bias to the f32 of the bias table. `l0c -> ub` exists on AI
    Cores whose Cube and Vector units share a core; on the separated 910B
    the Cube -> Vector hand-off goes through GM (a MIX kernel's workspace,
    see `aicore.on_core`).

    With `atomic_add` the copy adds into its GM target instead of
    overwriting it (`target = target + source`, the source converted to the
    target's element type first): Ascend C `SetAtomicAdd<T>()` before the
    copy, `SetAtomicNone()` after it. The API reference (`SetAtomicAdd`,
    Atlas A2/A3) lists the element types int8, int16, f16, bf16, int32 and
    f32 and the paths VECOUT / L0C / L1 -> GM: here the FIX (L0C -> GM) and
    MTE3 (UB -> GM) copies. Concurrent atomic adds to the same elements
    from different cores are safe; GM is not cleared first (see the
    kernel's `atomic_clean`). The kernel model costs it as a GM write.

    ```mlir
    aicore.copy %g, %l1 : memref<64x64xf16, strided<[512, 1], offset: ?>,
        #aicore.space<gm>> to memref<64x64xf16, #aicore.space<l1>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$source,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$target,
                       UnitAttr:$atomic_add);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `to` type($target)
  }];
  let extraClassDeclaration = [{
    /// The pipe this copy runs on (valid once verified).
    Pipe getPipe();
  }];
  let hasVerifier = 1;
}

def AICore_Load3DOp : AICore_Op<"load3d", [AICore_PipeOpInterface]> {
  let summary = "img2col expansion of a feature map in L1 into L0A (pipe MTE1)";
  let description = [{
    The Cube's A operand of an implicit-GEMM convolution, built on the way
    from L1 to L0A (the device's `load3d`, AscendC `LoadData` with
    `LoadData3DParamsV2`). `source` is a band of one image's feature map in
    L1, `[C1, H1, W]` (channels `channel ... channel + C1 - 1` and rows
    `row ... row + H1 - 1` of an `image = [H, W]` input, whole rows);
    `target` is `[M1, K1]` in L0A. With the convolution's `kernel = [KH, KW]`,
    `stride`, `dilation` (each `[h, w]`) and `pad = [top, bottom, left,
    right]`, the output is `Ho x Wo` with `Ho = (H + top + bottom -
    dilation_h * (KH - 1) - 1) / stride_h + 1` (likewise `Wo`), and

    ```
    target[i, j] = source[c - channel, h - row, w]   or 0 (padding)
      m = pixel + i           (output pixel, row-major in Ho x Wo)
      q = k + j               (GEMM K index, ordered (c, kh, kw))
      c = q / (KH * KW), kh = q / KW mod KH, kw = q mod KW
      h = (m / Wo) * stride_h - top + kh * dilation_h
      w = (m mod Wo) * stride_w - left + kw * dilation_w
    ```

    with 0 wherever `(h, w)` lies outside the image (the padding is never
    stored). Every `(c, h)` inside the image that the expansion reads must
    lie in the band (the kernel builder loads the rows the tile needs,
    including the halo of `(KH - 1) * dilation_h` rows). Units: elements;
    `pixel`, `k`, `channel` and `row` are indices. Element types: f16, bf16
    or f32, the same in both buffers.

    A transposed convolution (`mindspore.conv2d_transpose`) is the
    convolution of its input with `input_dilation - 1` zeros inserted between
    adjacent rows and columns (XLA's lhs dilation), stride 1, padding
    `dilation * (K - 1) - pad` and the kernel rotated by 180 degrees. Two
    optional attributes express that without storing the zeros:

    * `input_dilation = [ih, iw]` (default `[1, 1]`): `(h, w)` above are
      positions in the dilated image of `(H - 1) * ih + 1` rows and `(W - 1)
      * iw + 1` columns; a position reads `source[c - channel, h / ih - row,
      w / iw]` when `h mod ih = 0` and `w mod iw = 0` and is 0 otherwise
      (like the padding). `Ho` and `Wo` are computed on the dilated size.
    * `flip_kernel`: the taps are read rotated, `kh = KH - 1 - (q / KW mod
      KH)`, `kw = KW - 1 - (q mod KW)`, so the K order (c, kh, kw) is that
      of a transposed convolution's own `[C_in, C_out, KH, KW]` weight (with
      its channel dimensions swapped) and the weight needs no flipping.

    The band holds rows of the stored (undilated) image: `row` and `H1`
    count stored rows. On the device the zeros are written into L1 by the
    feature-map DMA (CANN's Conv2DBackpropInput dilates `dy` in L1); here
    the band is the undilated rows and load3d selects the zeros.

    On the device the feature map is in NC1HWC0 (C0 = 16 channels innermost)
    and K is ordered (C1, KH, KW, C0) to match FRACTAL_Z weights; here the
    band is NCHW and K is (C, KH, KW), the order of an OIHW weight viewed as
    `[Cout, C * KH * KW]`, so the weight needs no reordering.

    Cost: one MTE1 cycle per `onChipBytesPerCycle` (512 B, "L1 -> L0
    512 B/cycle" in ascend-hardware.md) of `target`, the rate of a plain
    L1 -> L0A copy (no public figure for load3d's own rate).

    ```mlir
    aicore.load3d %band[%c, %h], %a[%p, %k] {image = array<i64: 56, 56>,
        kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>,
        dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>}
        : memref<8x6x56xf16, #aicore.space<l1>>
          to memref<128x64xf16, #aicore.space<l0a>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$source,
                       Index:$channel, Index:$row,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$target,
                       Index:$pixel, Index:$k,
                       DenseI64ArrayAttr:$image, DenseI64ArrayAttr:$kernel,
                       DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$dilation,
                       DenseI64ArrayAttr:$pad,
                       OptionalAttr<DenseI64ArrayAttr>:$input_dilation,
                       UnitAttr:$flip_kernel);
  let assemblyFormat = [{
    $source `[` $channel `,` $row `]` `,` $target `[` $pixel `,` $k `]`
    attr-dict `:` type($source) `to` type($target)
  }];
  let extraClassDeclaration = [{
    ::mlir::ascend::aicore::Pipe getExecutionPipe() {
      return ::mlir::ascend::aicore::Pipe::MTE1;
    }
    /// Bytes of `target` over the target table's on-chip rate.
    int64_t getCycles();
    /// The output size [Ho, Wo] the attributes imply.
    std::array<int64_t, 2> getOutputSize();
    /// `input_dilation` ([1, 1] when absent).
    std::array<int64_t, 2> getInputDilationOrOne() {
      if (std::optional<::llvm::ArrayRef<int64_t>> d = getInputDilation();
          d && d->size() == 2)
        return {(*d)[0], (*d)[1]};
      return {1, 1};
    }
    /// The [H, W] of the image the window slides over: `image` with
    /// `input_dilation - 1` zeros between adjacent rows and columns.
    std::array<int64_t, 2> getDilatedImage() {
      ::llvm::ArrayRef<int64_t> image = getImage();
      std::array<int64_t, 2> d = getInputDilationOrOne();
      return {(image[0] - 1) * d[0] + 1, (image[1] - 1) * d[1] + 1};
    }
  }];
  let hasVerifier = 1;
}

#endif // ASCEND_DIALECT_AICORE_MEMORY_OPS
