//===- MindSporeLayout.cpp - TransData ------------------------------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;

static bool isPlain(StringRef format) {
  return format == "NCHW" || format == "ND";
}

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

int64_t TransDataOp::channelBlock(Type elementType) {
  return elementType.getIntOrFloatBitWidth() == 8 ? 32 : 16;
}

FailureOr<SmallVector<int64_t>>
TransDataOp::physicalShape(ArrayRef<int64_t> shape, StringRef format,
                           Type elementType, std::string &why) {
  int64_t c0 = channelBlock(elementType);
  SmallVector<int64_t> physical;
  if (isPlain(format))
    return SmallVector<int64_t>(shape);
  if (format == "NC1HWC0") {
    if (shape.size() != 4) {
      why = "NC1HWC0 needs a 4-D NCHW tensor";
      return failure();
    }
    return SmallVector<int64_t>{shape[0], ceilDiv(shape[1], c0), shape[2],
                                shape[3], c0};
  }
  if (format == "FRACTAL_Z") {
    if (shape.size() != 4) {
      why = "FRACTAL_Z needs a 4-D [Co, Ci, kh, kw] filter";
      return failure();
    }
    return SmallVector<int64_t>{ceilDiv(shape[1], c0) * shape[2] * shape[3],
                                ceilDiv(shape[0], 16), 16, c0};
  }
  if (format == "FRACTAL_NZ") {
    if (shape.size() < 2) {
      why = "FRACTAL_NZ needs a tensor of rank >= 2";
      return failure();
    }
    physical.assign(shape.begin(), shape.end() - 2);
    int64_t m = shape[shape.size() - 2], n = shape.back();
    physical.append({ceilDiv(n, 16), ceilDiv(m, 16), 16, 16});
    return physical;
  }
  why = ("unknown format '" + format +
         "' (NCHW, ND, NC1HWC0, FRACTAL_Z or FRACTAL_NZ)")
            .str();
  return failure();
}

LogicalResult TransDataOp::verify() {
  StringRef src = getSrcFormat(), dst = getDstFormat();
  if (!isPlain(src) && !isPlain(dst))
    return emitOpError("converts ")
           << src << " to " << dst << "; one side must be NCHW or ND";
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getType());
  if (input.getElementType() != result.getElementType())
    return emitOpError("changes the element type (use Cast)");
  bool toPhysical = isPlain(src);
  RankedTensorType logical = toPhysical ? input : result;
  RankedTensorType physical = toPhysical ? result : input;
  std::string why;
  FailureOr<SmallVector<int64_t>> expected = physicalShape(
      logical.getShape(), toPhysical ? dst : src, logical.getElementType(), why);
  if (failed(expected))
    return emitOpError(why);
  if (ArrayRef<int64_t>(*expected) != physical.getShape())
    return emitOpError("the ")
           << (toPhysical ? dst : src) << " form of " << logical
           << " has shape [" << llvm::interleaved(*expected)
           << "], not [" << llvm::interleaved(physical.getShape()) << "]";
  return success();
}

OpFoldResult TransDataOp::fold(FoldAdaptor) {
  if (getSrcFormat() == getDstFormat() && getInput().getType() == getType())
    return getInput();
  auto inner = getInput().getDefiningOp<TransDataOp>();
  if (inner && inner.getSrcFormat() == getDstFormat() &&
      inner.getDstFormat() == getSrcFormat() &&
      inner.getInput().getType() == getType())
    return inner.getInput();
  return {};
}

void TransDataOp::expand() {
  OpBuilder b(*this);
  Location loc = getLoc();
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getType());
  Type elementType = input.getElementType();
  int64_t c0 = channelBlock(elementType);
  bool toPhysical = isPlain(getSrcFormat());
  StringRef format = toPhysical ? getDstFormat() : getSrcFormat();
  Value v = getInput();
  auto reshape = [&](ArrayRef<int64_t> shape) {
    v = ReshapeOp::create(b, loc, v, shape);
  };
  auto transpose = [&](ArrayRef<int64_t> perm) {
    v = TransposeOp::create(b, loc, v, perm);
  };
  // Zero-pads v (logical) up to `padded`, or slices it back down to `shape`.
  auto padTo = [&](ArrayRef<int64_t> shape, ArrayRef<int64_t> padded) {
    if (shape == padded)
      return;
    SmallVector<int64_t> paddings;
    for (auto [s, p] : llvm::zip(shape, padded))
      paddings.append({0, p - s});
    v = PadOp::create(b, loc, v, b.getDenseI64ArrayAttr(paddings),
                      b.getF64FloatAttr(0.0));
  };
  auto sliceTo = [&](ArrayRef<int64_t> shape) {
    if (cast<RankedTensorType>(v.getType()).getShape() == shape)
      return;
    SmallVector<int64_t> begin(shape.size(), 0), strides(shape.size(), 1);
    v = StridedSliceOp::create(b, loc, v, begin, SmallVector<int64_t>(shape),
                               strides);
  };
  if (!isPlain(format)) {
    ArrayRef<int64_t> s = toPhysical ? input.getShape() : result.getShape();
    if (format == "NC1HWC0") {
      int64_t n = s[0], c = s[1], h = s[2], w = s[3], c1 = ceilDiv(c, c0);
      if (toPhysical) {
        padTo(s, {n, c1 * c0, h, w});
        reshape({n, c1, c0, h, w});
        transpose({0, 1, 3, 4, 2});
      } else {
        transpose({0, 1, 4, 2, 3});
        reshape({n, c1 * c0, h, w});
        sliceTo(s);
      }
    } else if (format == "FRACTAL_Z") {
      int64_t co = s[0], ci = s[1], kh = s[2], kw = s[3];
      int64_t c1 = ceilDiv(ci, c0), no = ceilDiv(co, 16);
      if (toPhysical) {
        padTo(s, {no * 16, c1 * c0, kh, kw});
        reshape({no, 16, c1, c0, kh, kw});
        transpose({2, 4, 5, 0, 1, 3});
        reshape({c1 * kh * kw, no, 16, c0});
      } else {
        reshape({c1, kh, kw, no, 16, c0});
        transpose({3, 4, 0, 5, 1, 2});
        reshape({no * 16, c1 * c0, kh, kw});
        sliceTo(s);
      }
    } else { // FRACTAL_NZ
      int64_t rank = s.size(), batch = rank - 2;
      int64_t m = s[rank - 2], n = s[rank - 1];
      int64_t m1 = ceilDiv(m, 16), n1 = ceilDiv(n, 16);
      SmallVector<int64_t> lead(s.begin(), s.end() - 2);
      auto withLead = [&](ArrayRef<int64_t> tail) {
        SmallVector<int64_t> shape(lead);
        shape.append(tail.begin(), tail.end());
        return shape;
      };
      auto perm = [&](ArrayRef<int64_t> tail) {
        SmallVector<int64_t> p = llvm::to_vector(llvm::seq<int64_t>(0, batch));
        for (int64_t t : tail)
          p.push_back(batch + t);
        return p;
      };
      if (toPhysical) {
        padTo(s, withLead({m1 * 16, n1 * 16}));
        reshape(withLead({m1, 16, n1, 16}));
        transpose(perm({2, 0, 1, 3}));
      } else {
        transpose(perm({1, 2, 0, 3}));
        reshape(withLead({m1 * 16, n1 * 16}));
        sliceTo(s);
      }
    }
  }
  getResult().replaceAllUsesWith(v);
  erase();
}
