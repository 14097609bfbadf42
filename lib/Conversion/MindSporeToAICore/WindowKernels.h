//===- WindowKernels.h - Sliding-window Vector kernels (private) -*- C++ -*-===//
//
// What the Vector kernels that slide a window over NCHW planes share: the
// pooling kernels (PoolingKernels.cpp) and the depthwise convolution kernels
// (DepthwiseConvKernels.cpp). A tile ("unit") is G whole planes of one
// segment (an image, for a depthwise convolution whose tiles must not mix
// two images' channels; the whole tensor for a pooling) or Ro output rows of
// one plane with the input rows their windows need (the halo). Units are
// dealt over the Vector cores in runs and double buffered; the tile sizes
// are the ones with the fewest modeled cycles among a few candidates.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_WINDOWKERNELS_H
#define ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_WINDOWKERNELS_H

#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/AICore/IR/AICoreTarget.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <utility>

namespace mlir::ascend::window {

/// Tile sizes of a window kernel and how its units are dealt.
struct WindowTiling {
  int64_t planes = 1;   ///< G: planes per tile (> 1 only with whole planes)
  int64_t rows = 1;     ///< Ro: output rows per plane per tile
  int64_t inRows = 1;   ///< input rows per plane in UB (with the halo)
  int64_t planeGroups = 1, rowBlocks = 1, units = 1;
  int64_t blockDim = 1, unitsPerCore = 1;
  /// Segments (a tile's planes are in one) and planes per segment.
  int64_t segments = 1, segmentPlanes = 1;
  int64_t outRows = 1; ///< Ho
};

/// The tiling of G = `planes` planes (of `segments` segments of
/// `segmentPlanes` planes each; a tile never crosses a segment) x Ro =
/// `rows` output rows of `outRows`, `inRows` input rows per plane in UB,
/// its units dealt in runs of unitsPerCore over at most `maxCores` cores.
WindowTiling makeWindowTiling(int64_t segments, int64_t segmentPlanes,
                              int64_t planes, int64_t rows, int64_t outRows,
                              int64_t inRows, int64_t maxCores);

/// A unit's first plane and first output row: unit = planeGroup *
/// rowBlocks + rowBlock; the last group of a segment and the last row block
/// move back so that every tile is whole (they recompute planes or rows an
/// earlier tile wrote, with the same values).
struct UnitPosition {
  Value plane0, row0, rowBlock;
};
UnitPosition locateUnit(OpBuilder &b, Location loc, Value unit,
                        const WindowTiling &t);

/// The units of every core: core `blockIndex` runs its unitsPerCore
/// (the last core the rest) from blockIndex * unitsPerCore, in pairs over
/// the two buffer slots: `tile(unit, slot)` builds one (its flags
/// included).
void buildUnits(OpBuilder &b, Location loc, Value blockIndex,
                const WindowTiling &t,
                llvm::function_ref<void(Value unit, int64_t slot)> tile);

/// Units per core up to which a candidate tiling is simulated whole; past
/// it, one core's first kSampledUnits units are (see modelWindowTiling).
constexpr int64_t kSampledUnits = 6;

/// The bytes a kernel moves, for the HBM bound of an extrapolated model:
/// per unit requested (its input rows, halo included, and anything else it
/// loads) and written, and the distinct bytes it reads (the input tensor).
struct WindowTraffic {
  double requestedPerUnit = 0, writtenPerUnit = 0, distinct = 0;
};

/// The modeled {cycles, busiest block's cycles} of tiling `t` (the ranking
/// of simulateKernel), or nullopt when the model rejects the kernel.
/// `build(probe)` builds a kernel (not in any symbol table; erased after)
/// for a tiling. A kernel of at most kSampledUnits units per core is
/// simulated whole. A larger one would cost the simulator every
/// instruction of every block twice (seconds for a large CNN layer), so
/// its cost is extrapolated instead: one block runs kSampledUnits - 2 and
/// kSampledUnits units (its first ones, with the clipped windows of the
/// top rows), the difference is the steady-state cost of a pair of
/// double-buffered units, and the busiest core's unitsPerCore units cost
/// the larger run plus that pair cost for every further pair. The HBM bound
/// is the simulator's own (KernelSimulation.cpp capAtHBM, AICoreTarget.h
/// AICoreDataRates), computed from `traffic`: R bytes requested, D
/// distinct, L2 hit ratio h = (1 - D / R) * min(1, l2Bytes / D),
/// R * (1 - h) + written bytes per wave at hbmBytesPerSecond.
std::optional<std::pair<int64_t, int64_t>> modelWindowTiling(
    const WindowTiling &t,
    llvm::function_ref<aicore::KernelOp(const WindowTiling &)> build,
    const WindowTraffic &traffic, const aicore::AICoreTarget &target);

/// The tile sizes {G, Ro} of a window kernel: the most output rows of one
/// plane that `fits`, then (when a whole plane fits) the most whole planes
/// (at most `maxPlanes`); then, besides that largest tile, the fewest row
/// blocks of equal size and tiles giving every core one, two or four units; the fewest modeled cycles (`model`,
/// the pair of modelWindowTiling) win, then the larger tile. `fits(1, 1)`
/// must hold.
std::pair<int64_t, int64_t> searchWindowTiling(
    int64_t planes, int64_t maxPlanes, int64_t outRows, int64_t cores,
    llvm::function_ref<bool(int64_t planes, int64_t rows)> fits,
    llvm::function_ref<std::optional<std::pair<int64_t, int64_t>>(
        int64_t planes, int64_t rows)>
        model);

} // namespace mlir::ascend::window

#endif // ASCEND_LIB_CONVERSION_MINDSPORETOAICORE_WINDOWKERNELS_H
