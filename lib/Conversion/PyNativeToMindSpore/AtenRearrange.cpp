//===- AtenRearrange.cpp - pixel and channel shuffles as reshape/transpose ===//
//
// PyTorch's element rearrangements (issue 19: ops real architectures use):
// pixel_shuffle (sub-pixel convolution upsampling, ESPCN / super-resolution
// heads), pixel_unshuffle, and channel_shuffle (ShuffleNet). Each is a
// Reshape that splits dims, a Transpose, and a Reshape that merges them, as
// ATen's CPU kernels define the element order:
//   pixel_shuffle(x [*, C r^2, H, W], r) = y [*, C, H r, W r],
//     y[.., c, h r + i, w r + j] = x[.., (c r + i) r + j, h, w];
//   pixel_unshuffle is its inverse;
//   channel_shuffle(x [N, C, *], g) = x viewed [N, g, C/g, *], dims 1 and 2
//     swapped, viewed [N, C, *].
// Every dtype (a bfloat16 tensor is transposed as float32: MindSpore's CPU
// Transpose has no bfloat16 kernel). Shapes that PyTorch itself rejects
// (channels not divisible, a factor < 1, rank < 3 for the pixel shuffles)
// are refused with the reason.
//
// Internal to AtenComposites.cpp's legalizeAtenComposite (see
// AtenComposites.h).
//
//===----------------------------------------------------------------------===//
#include "AtenCall.h"
#include "AtenComposites.h"

#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::ascend;
namespace ms = mlir::ascend::mindspore;

namespace {

using Call = AtenCompositeCall;
using Handler = CompositeHandler;

/// `x` reshaped to `split`, transposed by `perm`, reshaped to the recorded
/// result's shape.
CompositeResult rearrange(Call &c, SmallVectorImpl<Value> &results, Value x,
                          ArrayRef<int64_t> split, ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(x.getType());
  Type t = type.getElementType();
  bool viaF32 = t.isBF16();
  if (viaF32)
    x = ms::CastOp::create(c.b, c.loc, type.clone(c.b.getF32Type()), x);
  Value v = ms::ReshapeOp::create(c.b, c.loc, x, split);
  v = ms::TransposeOp::create(c.b, c.loc, v, SmallVector<int64_t>(perm));
  if (viaF32) {
    auto vt = cast<RankedTensorType>(v.getType());
    v = ms::CastOp::create(c.b, c.loc, vt.clone(t), v);
  }
  return c.pushResult(results, v);
}

/// pixel_shuffle(self, upscale_factor) and pixel_unshuffle(self,
/// downscale_factor).
template <bool Shuffle>
CompositeResult pixelShuffle(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto r = c.intArg(Shuffle ? "upscale_factor" : "downscale_factor");
  if (!self || !r)
    return c.refuse(Shuffle ? "missing self or upscale_factor"
                            : "missing self or downscale_factor");
  auto type = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank();
  if (rank < 3)
    return c.refuse("the input has " + Twine(rank) +
                    " dims; the pixel shuffles take [*, C, H, W]");
  if (*r < 1)
    return c.refuse("the factor is " + Twine(*r) + "; it must be >= 1");
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> lead(shape.drop_back(3));
  int64_t ch = shape[rank - 3], h = shape[rank - 2], w = shape[rank - 1];
  int64_t n = lead.size();
  SmallVector<int64_t> split(lead), perm;
  for (int64_t i = 0; i < n; ++i)
    perm.push_back(i);
  if (Shuffle) {
    if (ch % (*r * *r))
      return c.refuse("pixel_shuffle of " + Twine(ch) +
                      " channels by a factor " + Twine(*r) +
                      ": the channels are not divisible by its square");
    // [*, C, r, r, H, W] -> [*, C, H, r, W, r]
    split.append({ch / (*r * *r), *r, *r, h, w});
    perm.append({n, n + 3, n + 1, n + 4, n + 2});
  } else {
    if (h % *r || w % *r)
      return c.refuse("pixel_unshuffle of " + Twine(h) + "x" + Twine(w) +
                      " by a factor " + Twine(*r) +
                      ": the height and width are not divisible by it");
    // [*, C, H, r, W, r] -> [*, C, r, r, H, W]
    split.append({ch, h / *r, *r, w / *r, *r});
    perm.append({n, n + 2, n + 4, n + 1, n + 3});
  }
  return rearrange(c, results, self, split, perm);
}

/// channel_shuffle(self, groups) / native_channel_shuffle.
CompositeResult channelShuffle(Call &c, SmallVectorImpl<Value> &results) {
  Value self = c.operand("self");
  auto g = c.intArg("groups");
  if (!self || !g)
    return c.refuse("missing self or groups");
  auto type = cast<RankedTensorType>(self.getType());
  if (type.getRank() < 2)
    return c.refuse("channel_shuffle takes [N, C, *]");
  int64_t ch = type.getDimSize(1);
  if (*g < 1 || ch % *g)
    return c.refuse("channel_shuffle of " + Twine(ch) + " channels in " +
                    Twine(*g) + " groups: not divisible");
  SmallVector<int64_t> split{type.getDimSize(0), *g, ch / *g};
  llvm::append_range(split, type.getShape().drop_front(2));
  SmallVector<int64_t> perm{0, 2, 1};
  for (int64_t i = 3; i < static_cast<int64_t>(split.size()); ++i)
    perm.push_back(i);
  return rearrange(c, results, self, split, perm);
}

} // namespace

const CompositeTable &mlir::ascend::rearrangeTable() {
  static const CompositeTable table = {
      {"aten.pixel_shuffle.default", pixelShuffle<true>},
      {"aten.pixel_unshuffle.default", pixelShuffle<false>},
      {"aten.channel_shuffle.default", channelShuffle},
      {"aten.native_channel_shuffle.default", channelShuffle},
  };
  return table;
}
