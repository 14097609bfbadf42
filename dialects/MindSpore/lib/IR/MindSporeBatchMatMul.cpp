//===- MindSporeBatchMatMul.cpp - BatchMatMul type inference --------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;

LogicalResult BatchMatMulOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor a,
                                              SmallVectorImpl<Type> &types) {
  auto x = cast<RankedTensorType>(a.getX().getType());
  auto y = cast<RankedTensorType>(a.getY().getType());
  int64_t rank = x.getRank();
  if (rank < 3 || y.getRank() != rank)
    return emitOptionalError(loc, "expects operands of one rank >= 3, got ",
                             rank, " and ", y.getRank());
  if (x.getShape().drop_back(2) != y.getShape().drop_back(2))
    return emitOptionalError(loc, "batch dimensions differ");
  int64_t m = x.getDimSize(rank - (a.getTransposeA() ? 1 : 2));
  int64_t kx = x.getDimSize(rank - (a.getTransposeA() ? 2 : 1));
  int64_t ky = y.getDimSize(rank - (a.getTransposeB() ? 1 : 2));
  int64_t n = y.getDimSize(rank - (a.getTransposeB() ? 2 : 1));
  if (kx != ky)
    return emitOptionalError(loc, "contracted sizes differ: ", kx, " vs ", ky);
  SmallVector<int64_t> shape(x.getShape().drop_back(2));
  shape.append({m, n});
  types.push_back(RankedTensorType::get(shape, x.getElementType()));
  return success();
}
