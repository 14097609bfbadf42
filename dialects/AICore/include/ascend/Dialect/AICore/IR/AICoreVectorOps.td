//===- AICoreVectorOps.td - Vector unit ops on UB tiles ----*- tablegen -*-===//
//
// The Vector unit's instructions on UB tiles (pipe V).
//
// Common rules of every op here (checked by the verifiers):
//  - every memref operand is in UB (`#aicore.space<ub>`), statically shaped,
//    of rank 1 or 2, contiguous in its last dimension (unit stride) and, when
//    its offset is static, starts on a 32-byte block (`blockBytes` of the
//    target table; ascend-hardware.md: "operands live in UB, 32 B aligned");
//  - a tile-level op stands for as many instructions as its widest operand
//    needs: one repeat reads 8 blocks of 32 B = 256 B (`vectorRepeatBytes`,
//    128 f16 or 64 f32 lanes), one instruction issues at most 255 repeats
//    (`maxVectorRepeats`), so a tile of B bytes is ceil(B / 256) repeats in
//    ceil(repeats / 255) instructions. A tile whose byte size is not a
//    multiple of 256 B ends in a masked repeat. Repeat strides are 1 block
//    (contiguous operands); the rows of a 2-D tile are consecutive.
//  - cost on the kernel model (`PipeOpInterface`, `getVectorCycles`): per
//    instruction a startup and a completion latency, per repeat of the
//    widest operand 1, 2 or 4 cycles by op class, on pipe V (the PTO ISA
//    manual's A2/A3 timing tables; AICoreTarget.h `AICoreVectorCosts`);
//  - `dst` may be one of the sources (in place) when it has the same type.
//  - masks are `i1` tiles, one byte per element.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_AICORE_VECTOR_OPS
#define ASCEND_DIALECT_AICORE_VECTOR_OPS

include "ascend/Dialect/AICore/IR/AICoreDialect.td"
include "ascend/Dialect/AICore/IR/AICoreInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class AICore_VectorOp<string mnemonic, string family, list<Trait> traits = []>
    : AICore_Op<mnemonic, !listconcat(traits, [AICore_PipeOpInterface])> {
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::ascend::aicore::Pipe getExecutionPipe() {
      return ::mlir::ascend::aicore::Pipe::V;
    }
    int64_t getCycles() {
      return ::mlir::ascend::aicore::getVectorCycles(getOperation());
    }
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::ascend::aicore::verifyVectorOp(getOperation(), "}]
      # family # [{");
    }
  }];
}

//===----------------------------------------------------------------------===//
// Binary: dst = lhs op rhs, three tiles of one shape.
//===----------------------------------------------------------------------===//

class AICore_VBinaryOp<string mnemonic, string family, string what>
    : AICore_VectorOp<mnemonic, family> {
  let summary = "Vector elementwise " # what # " of two UB tiles (pipe V)";
  let description = [{
    `dst[i] = lhs[i] }] # what # [{ rhs[i]` on tiles of one shape and one
    element type (see the file header for repeats and alignment). To combine
    a tile with a row or a column, broadcast it first (`aicore.vbroadcast`).
    Element types: f16, bf16, f32, i16, i32 (`vdiv`: floats only; `vand` /
    `vor`: i1 masks).

    ```mlir
    aicore.vmul %a, %b, %a : memref<4096xf16, #aicore.space<ub>>,
        memref<4096xf16, #aicore.space<ub>>, memref<4096xf16, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$lhs,
                       Arg<AnyStaticShapeMemRef, "", [MemRead]>:$rhs,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $dst attr-dict `:` type($lhs) `,` type($rhs) `,` type($dst)
  }];
}

def AICore_VSubOp : AICore_VBinaryOp<"vsub", "binary", "-">;
def AICore_VMulOp : AICore_VBinaryOp<"vmul", "binary", "*">;
def AICore_VDivOp : AICore_VBinaryOp<"vdiv", "binary-float", "/">;
def AICore_VMaxOp : AICore_VBinaryOp<"vmax", "binary", "max">;
def AICore_VMinOp : AICore_VBinaryOp<"vmin", "binary", "min">;
def AICore_VAndOp : AICore_VBinaryOp<"vand", "binary-mask", "and">;
def AICore_VOrOp : AICore_VBinaryOp<"vor", "binary-mask", "or">;

def AICore_VCmpOp : AICore_VectorOp<"vcmp", "compare"> {
  let summary = "Vector comparison into a mask (pipe V)";
  let description = [{
    `dst[i] = lhs[i] <predicate> rhs[i]` with `predicate` one of `eq`, `ne`,
    `lt`, `le`, `gt`, `ge`; `lhs` and `rhs` have one shape and a numeric
    element type, `dst` is an `i1` mask of that shape. Floats compare
    ordered (a NaN compares false except under `ne`).

    ```mlir
    aicore.vcmp %a, %b, %m {predicate = "lt"} : memref<256xf32, #aicore.space<ub>>,
        memref<256xf32, #aicore.space<ub>>, memref<256xi1, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$lhs,
                       Arg<AnyStaticShapeMemRef, "", [MemRead]>:$rhs,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst,
                       StrAttr:$predicate);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $dst attr-dict `:` type($lhs) `,` type($rhs) `,` type($dst)
  }];
}

//===----------------------------------------------------------------------===//
// Unary: dst = f(src).
//===----------------------------------------------------------------------===//

class AICore_VUnaryOp<string mnemonic, string family, string what>
    : AICore_VectorOp<mnemonic, family> {
  let summary = "Vector elementwise " # what # " of a UB tile (pipe V)";
  let description = [{
    `dst[i] = }] # what # [{(src[i])` on two tiles of one shape and element
    type (see the file header for repeats and alignment). Transcendental
    functions (`vexp`, `vln`, `vsqrt`, `vrsqrt`, `vrec`, `vtanh`,
    `vsigmoid`, `vsin`, `vcos`, `verf`; the last three are Ascend C math
    library routines built from several instructions, modeled at the cost of
    one) take floats; `vrelu`, `vabs`, `vneg` also i16 / i32; `vnot`
    takes i1 masks.

    ```mlir
    aicore.vexp %a, %b : memref<64x128xf32, #aicore.space<ub>>,
        memref<64x128xf32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$src,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `,` type($dst)";
}

def AICore_VExpOp : AICore_VUnaryOp<"vexp", "unary-float", "exp">;
def AICore_VLnOp : AICore_VUnaryOp<"vln", "unary-float", "ln">;
def AICore_VSqrtOp : AICore_VUnaryOp<"vsqrt", "unary-float", "sqrt">;
def AICore_VRsqrtOp : AICore_VUnaryOp<"vrsqrt", "unary-float", "1 / sqrt">;
def AICore_VRecOp : AICore_VUnaryOp<"vrec", "unary-float", "1 / x">;
def AICore_VTanhOp : AICore_VUnaryOp<"vtanh", "unary-float", "tanh">;
def AICore_VSigmoidOp
    : AICore_VUnaryOp<"vsigmoid", "unary-float", "1 / (1 + exp(-x))">;
def AICore_VSinOp : AICore_VUnaryOp<"vsin", "unary-float", "sin">;
def AICore_VCosOp : AICore_VUnaryOp<"vcos", "unary-float", "cos">;
def AICore_VErfOp : AICore_VUnaryOp<"verf", "unary-float", "erf">;
def AICore_VReluOp : AICore_VUnaryOp<"vrelu", "unary", "max(0, x)">;
def AICore_VAbsOp : AICore_VUnaryOp<"vabs", "unary", "|x|">;
def AICore_VNegOp : AICore_VUnaryOp<"vneg", "unary", "-x">;
def AICore_VNotOp : AICore_VUnaryOp<"vnot", "unary-mask", "not">;

//===----------------------------------------------------------------------===//
// Scalar operand forms, fill.
//===----------------------------------------------------------------------===//

class AICore_VScalarOp<string mnemonic, string what>
    : AICore_VectorOp<mnemonic, "scalar"> {
  let summary = "Vector elementwise " # what # " with a scalar (pipe V)";
  let description = [{
    `dst[i] = src[i] }] # what # [{ scalar` where `scalar` is an immediate of
    the tiles' element type (f16, bf16, f32, i16, i32): Ascend C's
    Adds / Muls / Maxs / Mins. Same repeat rules as the binary ops.

    ```mlir
    aicore.vmuls %a, %a, 5.000000e-01 : f16 : memref<4096xf16, #aicore.space<ub>>,
        memref<4096xf16, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$src,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst,
                       TypedAttrInterface:$scalar);
  let assemblyFormat = [{
    $src `,` $dst `,` $scalar attr-dict `:` type($src) `,` type($dst)
  }];
}

def AICore_VAddsOp : AICore_VScalarOp<"vadds", "+">;
def AICore_VMulsOp : AICore_VScalarOp<"vmuls", "*">;
def AICore_VMaxsOp : AICore_VScalarOp<"vmaxs", "max">;
def AICore_VMinsOp : AICore_VScalarOp<"vmins", "min">;

def AICore_VDupOp : AICore_VectorOp<"vdup", "dup"> {
  let summary = "fills a UB tile with a scalar (pipe V)";
  let description = [{
    `dst[i] = scalar`, an immediate of the tile's element type (i1 masks
    take `true` / `false`): Ascend C's Duplicate.

    ```mlir
    aicore.vdup %a, 1.000000e+00 : f32 : memref<64xf32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst,
                       TypedAttrInterface:$scalar);
  let assemblyFormat = "$dst `,` $scalar attr-dict `:` type($dst)";
}

//===----------------------------------------------------------------------===//
// Broadcast, cast, select, reduce.
//===----------------------------------------------------------------------===//

def AICore_VBroadcastOp : AICore_VectorOp<"vbroadcast", "broadcast"> {
  let summary = "repeats a row, a column or a scalar over a UB tile (pipe V)";
  let description = [{
    `src` and `dst` have one element type and rank; every dimension of
    `src` is 1 or `dst`'s, and a dimension of 1 stretches:
    - `[1, N] -> [M, N]`: the row is repeated on every row;
    - `[M, 1] -> [M, N]`: each element is repeated along its row (Ascend C
      Brcb, one 32-byte block per source element, then a copy per row);
    - `[1] -> [N]`, `[1, 1] -> [M, N]`: a scalar from UB fills the tile.
    The cost is the repeats of `dst`.

    ```mlir
    aicore.vbroadcast %col, %t : memref<32x1xf32, #aicore.space<ub>>,
        memref<32x64xf32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$src,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `,` type($dst)";
}

def AICore_VCastOp : AICore_VectorOp<"vcast", "cast"> {
  let summary = "converts the element type of a UB tile (pipe V)";
  let description = [{
    `dst[i] = convert(src[i])` on tiles of one shape: between f16, bf16,
    f32, i8, i16, i32, i64 and i1 with PyTorch's rules (the same as
    `mindspore.cast`): float to float rounds to nearest even, float to
    integer truncates toward zero, a bool is 0 or 1, anything to bool is
    `!= 0`. The cost is the repeats of the wider operand.

    ```mlir
    aicore.vcast %h, %f : memref<4096xf16, #aicore.space<ub>>,
        memref<4096xf32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$src,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `,` type($dst)";
}

def AICore_VSelectOp : AICore_VectorOp<"vselect", "select"> {
  let summary = "picks from two UB tiles by a mask (pipe V)";
  let description = [{
    `dst[i] = mask[i] ? x[i] : y[i]`; `mask` is an `i1` tile and `x`, `y`,
    `dst` have its shape and one element type (Ascend C Select).

    ```mlir
    aicore.vselect %m, %a, %b, %d : memref<256xi1, #aicore.space<ub>>,
        memref<256xf16, #aicore.space<ub>>, memref<256xf16, #aicore.space<ub>>,
        memref<256xf16, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$mask,
                       Arg<AnyStaticShapeMemRef, "", [MemRead]>:$x,
                       Arg<AnyStaticShapeMemRef, "", [MemRead]>:$y,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst);
  let assemblyFormat = [{
    $mask `,` $x `,` $y `,` $dst attr-dict `:` type($mask) `,` type($x) `,`
    type($y) `,` type($dst)
  }];
}

def AICore_VReduceOp : AICore_VectorOp<"vreduce", "reduce"> {
  let summary = "reduces each row of a UB tile (pipe V)";
  let description = [{
    `dst[r, 0] = kind(src[r, :])` for a 2-D `src` `[M, N]` and `dst`
    `[M, 1]` of one element type (f16, bf16, f32, i32), `kind` `sum` or
    `max` (Ascend C ReduceSum / ReduceMax over the last axis). A 1-D `src`
    `[N]` reduces into `dst` `[1]`. f16 / bf16 sums accumulate in f32. The
    cost is the repeats of `src`.

    ```mlir
    aicore.vreduce %t, %r {kind = "sum"} : memref<8x64xf32, #aicore.space<ub>>,
        memref<8x1xf32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$src,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst,
                       StrAttr:$kind);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `,` type($dst)";
}

//===----------------------------------------------------------------------===//
// Gather.
//===----------------------------------------------------------------------===//

def AICore_VGatherOp : AICore_VectorOp<"vgather", "gather"> {
  let summary = "gathers elements of a UB tile by byte offsets (pipe V)";
  let description = [{
    `dst[i] = src[offsets[i] / sizeof(element)]`: Ascend C `Gather` (the
    `vgather` instruction of Ascend 910B). Operands, all in UB:
    - `src`: the table, f16, bf16, f32, i16 or i32, rank 1 or 2, read as its
      elements in row-major order (the instruction's source base address is
      its first element);
    - `offsets`: `i32` byte offsets into `src` (Ascend C takes `uint32`
      offsets: they are non-negative), one per `dst` element; each must be a
      multiple of the element size (2 or 4 bytes) and below the byte size of
      `src` (an offset outside `src` reads other UB data on the device and
      is undefined on the CPU: the kernel must bound its indices);
    - `dst`: `offsets`' shape, `src`'s element type.

    Repeats: one repeat writes 256 B of `dst` (`vectorRepeatBytes`: 128 f16
    or 64 f32 elements) and reads as many offsets (4 B each, so an f16
    gather reads 512 B of offsets per repeat); one instruction issues at
    most 255 repeats (`maxVectorRepeats`). The cost on the kernel model is
    per instruction a startup and a completion, and one cycle per 256 B of
    the wider of `dst` and `offsets` (a simple op of AICoreVectorCosts; the
    device's gather is slower per element than an elementwise op, which the
    target table has no figure for). `src`'s size does not count.

    Errors (verifier): an operand outside UB, of rank other than 1 or 2, not
    contiguous in its last dimension or not starting on a 32-byte block;
    `offsets` not `i32`; `dst` and `offsets` of different shapes; `src` and
    `dst` of different element types or of a type outside the list above.

    ```mlir
    aicore.vgather %table, %offsets, %rows : memref<1000x64xf32, #aicore.space<ub>>,
        memref<8x64xi32, #aicore.space<ub>>, memref<8x64xf32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$src,
                       Arg<AnyStaticShapeMemRef, "", [MemRead]>:$offsets,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst);
  let assemblyFormat = [{
    $src `,` $offsets `,` $dst attr-dict `:` type($src) `,` type($offsets) `,`
    type($dst)
  }];
}

//===----------------------------------------------------------------------===//
// Transpose.
//===----------------------------------------------------------------------===//

def AICore_VTransposeOp : AICore_VectorOp<"vtranspose", "transpose"> {
  let summary = "transposes a UB tile in blocks (pipe V)";
  let description = [{
    `dst[j, i] = src[i, j]` for a 2-D `src` `[R, C]` and `dst` `[C, R]` of
    one element type: Ascend C `TransDataTo5HD` (the `vnchwconv`
    instruction) used as a matrix transpose, one instruction per band of 16
    rows of `src`. Its repeat reads one 32-byte block from each of 16 rows
    (16 block addresses) and writes 512 B:
    - 2-byte elements (f16, bf16, i16): a block holds 16 elements, a repeat
      transposes a 16 x 16 block (the same as Ascend C `Transpose` /
      `vtranspose`, which only takes one 16 x 16 block of 16-bit elements
      and cannot repeat);
    - 4-byte elements (f32, i32): a block holds 8 elements, a repeat reads
      a 16 x 8 block of `src` and writes it as 8 rows of 16 elements (two
      blocks each) of `dst`.
    Source: Ascend C API reference, TransDataTo5HD (atlasascendc_api_07_0200,
    CANN 8.0: "16-bit: each datablock holds 16 numbers, the instruction
    loops 16 times ...; 32-bit: each datablock holds 8 numbers, it loops 8
    times, taking from 16 datablocks, forming 2 new datablocks") and
    Transpose (atlasascendc_api_07_0199: 16 x 16 blocks of uint16 / int16 /
    half, 32-byte aligned operands).

    Shapes: `R` a multiple of 16; `C` a multiple of 16 (2-byte) or 8
    (4-byte elements): whole blocks of the instruction (a kernel pads a
    ragged tile up to them; the padding lands in rows and columns of `dst`
    it does not store). Every row of both operands starts on a 32-byte
    block (the instruction takes one block address per row): the rows may
    be strided (a view of a larger tile) when the row stride is a whole
    number of blocks. `dst` must not overlap `src` (the instruction is only
    in place for one 16 x 16 block; the CPU lowering reads `src` while it
    writes `dst`).

    Cost on the kernel model: R * C * element bytes / 512 repeats, each 16
    blocks where the Vector unit reads 8 (`vectorRepeatBytes`) per cycle:
    2 cycles per repeat (one cycle per 256 B read; no public cycle count
    of `vnchwconv` was found), plus each instruction's startup and
    completion (AICoreVectorCosts). The instructions: R / 16, each
    of at most 255 repeats (`maxVectorRepeats`), more when a band needs
    more.

    Errors (verifier): the common tile rules of this file; a rank other
    than 2; `dst`'s shape not `src`'s reversed; element types that differ
    or are not f16, bf16, i16, f32 or i32; `R` or `C` not whole blocks; a
    row stride that is not a whole number of 32-byte blocks; `dst` the same
    value as `src`.

    ```mlir
    aicore.vtranspose %rows, %cols : memref<32x64xf32, #aicore.space<ub>>,
        memref<64x32xf32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$src,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `,` type($dst)";
}

def AICore_VArangeOp : AICore_VectorOp<"varange", "arange"> {
  let summary = "fills a UB tile with an arithmetic progression (pipe V)";
  let description = [{
    `dst[i] = start + step * i`, `i` the element's row-major index in the
    tile: Ascend C `ArithProgression` (`CreateVecIndex` when `step` is 1).
    `start` and `step` are immediates of the tile's element type (f16, bf16,
    f32, i16, i32); float progressions are computed in f32 and rounded once.
    Used to build the byte offsets of a row's columns for `aicore.vgather`.
    The cost is the repeats of `dst`. Errors: an immediate of another type
    than the tile's, and the common tile rules of this file.

    ```mlir
    aicore.varange %cols, 0 : i32, 4 : i32 : memref<1x64xi32, #aicore.space<ub>>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$dst,
                       TypedAttrInterface:$start, TypedAttrInterface:$step);
  let assemblyFormat = "$dst `,` $start `,` $step attr-dict `:` type($dst)";
}

#endif // ASCEND_DIALECT_AICORE_VECTOR_OPS
