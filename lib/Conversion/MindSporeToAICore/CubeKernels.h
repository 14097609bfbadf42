//===- CubeKernels.h - Cube kernel builder hooks (private) ------*- C++ -*-===//
//
// The matmul schedule (MatMulKernelBuilder, CubeKernels.cpp) builds
// every Cube kernel; a kernel whose A operand is not a plain [M, K] GM matrix
// (an implicit-GEMM convolution, ConvKernels.cpp) plugs its own A-operand
// loads and result view in through CubeOperandHooks.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_CUBEKERNELS_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_CUBEKERNELS_H

#include "DepthwiseConvKernels.h"
#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>

namespace mlir::ascend {

/// The A-operand path and result view of a Cube kernel built on the matmul
/// schedule. Row positions `mi` are in the kernel's stacked M space (image
/// i's rows start at i * m, see MatMulRegion::imageTiles); K positions are
/// elements of the GEMM's K. All ops are emitted with `b` at its current
/// insertion point.
class CubeOperandHooks {
public:
  virtual ~CubeOperandHooks() = default;
  /// Once, before any tile: makes the views the other hooks use and returns
  /// the B operand as an `[N, K]` GM matrix (the kernel uses transpose_b)
  /// made from the kernel's B argument `y`; `out` is its result argument.
  virtual Value prepare(OpBuilder &b, Location loc, Value x, Value y,
                        Value out) = 0;
  /// One L1 stage buffer of A (called `l1_buffers` times).
  virtual Value allocAStage(OpBuilder &b, Location loc) = 0;
  /// MTE2: what A's rows [mi, mi + rows) x K [k, k + kLen) need, GM ->
  /// `stage`.
  virtual void loadAStage(OpBuilder &b, Location loc, Value stage,
                          OpFoldResult mi, OpFoldResult k, int64_t rows,
                          int64_t kLen) = 0;
  /// MTE1: A's [rows, len] at (mi, k + kk) from `stage` (loaded by
  /// loadAStage(.., mi, k, rows, kLen)) into the L0A view `slice`.
  virtual void loadASlice(OpBuilder &b, Location loc, Value stage, Value slice,
                          OpFoldResult mi, OpFoldResult k, int64_t kLen,
                          int64_t kk, int64_t rows, int64_t len) = 0;
  /// The row of the `[N', K]` B operand `prepare` returned (and the element
  /// of the bias) where the tile at (mi, ni) starts: `ni` unless the
  /// stacked images do not share B (a grouped convolution: its group's
  /// first output channel + ni).
  virtual OpFoldResult weightRow(OpBuilder &b, Location loc, OpFoldResult mi,
                                 OpFoldResult ni) {
    return ni;
  }
  /// The GM view `[rows, cols]` of the result tile at (mi, ni).
  virtual Value resultTile(OpBuilder &b, Location loc, OpFoldResult mi,
                           OpFoldResult ni, int64_t rows, int64_t cols) = 0;
};

/// The GEMM problem of a Cube kernel: `images` stacked `[m, k] x [k, n]`
/// GEMMs on `elementType` (f32, f16 or bf16), with a `[n]` bias when
/// `withBias`.
inline GemmProblem getCubeGemm(int64_t m, int64_t n, int64_t k,
                               int64_t images, Type elementType,
                               bool withBias) {
  GemmProblem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.images = images;
  p.elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  p.withBias = withBias;
  return p;
}

/// Builds the body of `kernel` (arguments: A source, B, [bias,] ..., result)
/// for `gemm` (`images` stacked `[m, k] x [k, n]` GEMMs, B shared and
/// transposed: `[n, k]`, whatever `gemm`'s layout flags say; a fused `[n]`
/// bias when `withBias`) on `elementType` (f32, f16 or bf16) with the
/// matmul schedule under `t`, loading A through `hooks`. Each
/// finished tile is FIX-written through `hooks.resultTile`, or given to
/// `handOff` when one is set (the Cube part of a MIX kernel, whose last
/// argument is then its workspace, not a result).
void buildCubeKernel(aicore::KernelOp kernel, const GemmProblem &gemm,
                     Type elementType, const MatMulTiling &t, CubeOperandHooks &hooks,
                     CubeTileHandOff handOff = {});

/// The body of the kernel of a standalone MatMul or BatchMatMul (+ BiasAdd)
/// `p` on `elementType` under `t`: arguments x, y[, bias], out as GM
/// matrices in `p`'s layout; each tile is FIX-written to `out` (atomically
/// added for a split-K part).
void buildMatMulKernel(aicore::KernelOp kernel, const GemmProblem &p,
                       Type elementType, const MatMulTiling &t);

/// The `#aicore.cube_tiling` recording `t` (set as the kernel's
/// `aicore.tiling`, aicore::kCubeTilingAttrName); its split and K chunk are
/// left at their defaults (no split, no chunk): MIX kernels and
/// convolutions do neither.
aicore::CubeTilingAttr getTilingAttr(Builder &b, const MatMulTiling &t);

/// The schedule the pass's `tiling` option spells (5 or 6 numbers).
MatMulTiling getTilingFromOption(ArrayRef<int64_t> option);

/// Kernels of the convolutions converted so far, by problem (identical
/// convolutions share a kernel): the kernel, or why there is none.
struct ConvKernelCache {
  struct Entry {
    aicore::KernelOp kernel;
    std::string why;
    bool optionRefused = false;
  };
  std::map<std::string, Entry> byName;
};

/// The geometry of a `mindspore.conv2d` (its operand and result shapes,
/// stride, dilation and pads).
ConvGeometry getConvGeometry(mindspore::Conv2DOp op);

/// The geometry of the convolution a `mindspore.conv2d_transpose` is: over
/// its input dilated by the stride (`inputDilation*`), stride 1, pads
/// `dilation * (K - 1) - pad` (+ the output padding at the bottom and
/// right), the taps rotated (`flipKernel`), `outChannels = C_out`. A pad
/// larger than `dilation * (K - 1)` crops the dilated input: the geometry
/// reads the window of stored rows and columns left (`cropTop`,
/// `cropLeft`, H and W the window's), padded by the zero rows between the
/// crop and them. Fails with `why` set when the crop leaves no stored row
/// or column.
FailureOr<ConvGeometry> getConvGeometry(mindspore::Conv2DTransposeOp op,
                                        std::string &why);

/// The `[Cout, Cg, KH, KW]` weight (OIHW, per group) of the implicit GEMM
/// of `g`: the kernel's B argument.
RankedTensorType getConvWeightType(const ConvGeometry &g, Type elementType);

/// The B argument of the kernel of a transposed convolution of geometry
/// `g` (getConvGeometry) made from its `[C_in, C_out / G, KH, KW]` weight
/// at `b`'s insertion point: the channel dimensions swapped per group
/// (`[C_out, C_in / G, KH, KW]`), by a `mindspore.transpose` (between
/// reshapes when G > 1; a reshape alone when a group has one input or one
/// output channel). The taps stay in order: load3d reads them rotated.
Value createConvTransposeWeight(OpBuilder &b, Location loc, Value weight,
                                const ConvGeometry &g);

/// The A-operand path of the implicit-GEMM convolution `g` under tiling `t`
/// (input bands GM -> L1, aicore.load3d L1 -> L0A), its B rows and its
/// result view (`out[n, channels, pixels]` through a transposed view), for
/// the `g.gemms()` stacked GEMMs of its images and groups. `g` and `t` must
/// outlive the hooks.
std::unique_ptr<CubeOperandHooks>
createConvOperands(const ConvGeometry &g, const MatMulTiling &t,
                   Type elementType);

/// Whether `group` is a `mix` group whose Cube primitive is a Conv2D.
bool isConvMixGroup(mindspore::FusionOp group);

/// Whether `group` is only a Conv2D and a BiasAdd of its result (besides
/// the TransData ops that convert its inputs and result between NCHW and
/// the device formats): the Cube adds the bias from the BT bias table, so
/// the group is converted as a plain convolution kernel, not a MIX kernel.
bool isConvBiasAddGroup(mindspore::FusionOp group);

/// Replaces the conv mix group `group` (isConvMixGroup) by an
/// `aicore.launch` of its MIX kernel (ConvMixKernels.cpp; shared by groups
/// with identical bodies through `kernels`): the implicit-GEMM convolution
/// on the AIC (its BiasAdd from the BT bias table) hands each output tile
/// to the two AIVs through a GM workspace, which run the elementwise
/// epilogue along the channel axis. The group's TransData ops between NCHW
/// and NC1HWC0 / FRACTAL_Z fold to the kernel's boundaries: the kernel
/// reads and writes NCHW and OIHW tensors. `tiling` is the pass's tiling
/// option (empty: search). A depthwise convolution (without the tiling
/// option) may become a Vector kernel instead (chooseDepthwiseKernel under
/// `unit`), launched the same way. Fails without changing the IR, with
/// `why` set, when the group is not such a convolution and epilogue or its
/// Vector part's buffers do not fit UB.
LogicalResult convertConvMixFusion(mindspore::FusionOp group,
                                   const aicore::AICoreTarget &target,
                                   SymbolTable &symbols,
                                   llvm::StringMap<aicore::KernelOp> &kernels,
                                   ArrayRef<int64_t> tiling,
                                   DepthwiseUnit unit, std::string &why);

/// Replaces a `mindspore.conv2d` (and the `bias_add` that is its only user)
/// with a launch of an implicit-GEMM Cube kernel, or leaves it with a remark
/// saying why not. A depthwise convolution (without `forced`) may get a
/// Vector kernel instead (chooseDepthwiseKernel under `unit`). Fails (error
/// emitted) only when the `tiling` option (`forced`) does not fit the
/// convolution.
LogicalResult convertConv2D(mindspore::Conv2DOp op,
                            const aicore::AICoreTarget &target,
                            SymbolTable &symbols, ConvKernelCache &cache,
                            std::optional<MatMulTiling> forced,
                            DepthwiseUnit unit = DepthwiseUnit::Auto);

/// Replaces a `mindspore.conv2d_transpose` (and the `bias_add` that is its
/// only user) with a launch of the implicit-GEMM Cube kernel of its
/// equivalent convolution (getConvGeometry): load3d reads the input with
/// the stride's zeros between its rows and columns and the taps rotated,
/// never storing the zeros; B is the weight with its channel dimensions
/// swapped per group (`[C_out, C_in / G, KH, KW]`, a `mindspore.transpose`
/// before the launch, its own kernel). Leaves the op with a remark saying
/// why not (no stored row left, no tiling); fails (error emitted) only when the
/// `tiling` option (`forced`) does not fit it.
LogicalResult convertConv2DTranspose(mindspore::Conv2DTransposeOp op,
                                     const aicore::AICoreTarget &target,
                                     SymbolTable &symbols,
                                     ConvKernelCache &cache,
                                     std::optional<MatMulTiling> forced);

} // namespace mlir::ascend

#endif // ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_CUBEKERNELS_H
