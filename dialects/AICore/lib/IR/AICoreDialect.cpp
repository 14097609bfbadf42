//===- AICoreDialect.cpp - aicore dialect registration --------------------===//
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "LaunchSignatures.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ascend::aicore;

#include "ascend/Dialect/AICore/IR/AICoreDialect.cpp.inc"
#include "ascend/Dialect/AICore/IR/AICoreEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ascend/Dialect/AICore/IR/AICoreAttrs.cpp.inc"

LogicalResult
CubeTilingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       int64_t tm, int64_t tn, int64_t tk, int64_t kStages,
                       int64_t l1Buffers, int64_t l0cBuffers, int64_t splitK,
                       int64_t splitTiles, int64_t kChunk,
                       int64_t modeledCycles) {
  // The Cube fractal is the same on every chip of the target table.
  const int64_t unit = getDefaultTarget().cubeM;
  if (tm <= 0 || tn <= 0 || tk <= 0 || tm % unit || tn % unit || tk % unit)
    return emitError() << "cube_tiling: tm, tn and tk must be positive "
                          "multiples of "
                       << unit << ", got " << tm << ", " << tn << ", " << tk;
  if (kStages < 1)
    return emitError() << "cube_tiling: k_stages must be at least 1, got "
                       << kStages;
  if (l1Buffers != 2 && l1Buffers != 4 && l1Buffers != 8)
    return emitError() << "cube_tiling: l1_buffers must be 2, 4 or 8, got "
                       << l1Buffers;
  if (l0cBuffers != 1 && l0cBuffers != 2)
    return emitError() << "cube_tiling: l0c_buffers must be 1 or 2, got "
                       << l0cBuffers;
  if (splitK < 1 || splitTiles < 0 || (splitK > 1) != (splitTiles > 0))
    return emitError() << "cube_tiling: split_k must be at least 1 and "
                          "split_tiles positive exactly when split_k > 1, got "
                       << splitK << " and " << splitTiles;
  if (kChunk < 0 || kChunk % (kStages * tk))
    return emitError() << "cube_tiling: k_chunk must be 0 or a multiple of "
                          "k_stages x tk ("
                       << kStages * tk << "), got " << kChunk;
  if (kChunk > 0 && splitK > 1)
    return emitError()
           << "cube_tiling: a K-chunked tiling (k_chunk " << kChunk
           << ") cannot split K (split_k " << splitK << ")";
  if (modeledCycles < 0)
    return emitError() << "cube_tiling: modeled_cycles must not be negative, "
                          "got "
                       << modeledCycles;
  return success();
}

LogicalResult AICoreDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == kCubeTilingAttrName &&
      !isa<CubeTilingAttr>(attr.getValue()))
    return op->emitOpError() << "'" << kCubeTilingAttrName
                             << "' must be a #aicore.cube_tiling, got "
                             << attr.getValue();
  return success();
}

void AICoreDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ascend/Dialect/AICore/IR/AICoreAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ascend/Dialect/AICore/IR/AICoreOps.cpp.inc"
      >();
  addInterfaces<LaunchSignatures>();
}
