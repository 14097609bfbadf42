//===- AICoreTarget.h - AI Core target description table --------*- C++ -*-===//
//
// The one table of AI Core capacities, alignments and unit shapes that
// verifiers, tiling and the cost model read. Nothing else in the code base
// spells these numbers.
//
// Sources (see also /work/shared/design/ascend-hardware.md):
//  - AscendNPU-IR, bishengir/include/bishengir/Dialect/HACC/Targets/
//    NPUTargetSpec.td (buffer sizes and alignments of dav-c220);
//  - CANN platform ini values as quoted publicly (Ascend910B2.ini: L1 524288,
//    L0A/L0B 65536, L0C 131072, UB 196608 bytes, cube/vector core counts);
//  - Ascend C programming guide (16x16x16 fp16 fractal, 16x32x16 int8;
//    a Vector repeat reads 8 blocks of 32 B, at most 255 repeats per
//    instruction; set_flag/wait_flag event ids 0-7);
//  - HBM bandwidth per die (1.6 TB/s, half of a 910C package's 3.2 TB/s:
//    Zuo et al., "Serving LLMs on Huawei CloudMatrix384", arXiv:2506.12708)
//    and the cost of the smallest vector kernel (1.5-2 us: msModeling
//    per-shape profiling report), as quoted in ascend-hardware.md;
//  - the AI Core clock (910B: cube clock 1.8 GHz, ascend-hardware.md "Chips").
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_AICORE_IR_AICORETARGET_H
#define ASCEND_DIALECT_AICORE_IR_AICORETARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir::ascend::aicore {

enum class AddressSpace : uint32_t;

/// Size and base alignment of one memory of an AI Core, in bytes.
struct AICoreBuffer {
  int64_t capacity;
  int64_t alignment;
};

/// The memories of one AI Core.
struct AICoreMemories {
  AICoreBuffer gm, l1, l0a, l0b, l0c, ub;
};

/// One chip: one row of the target table. All AI Cores of a chip are alike.
struct AICoreTarget {
  const char *name;    ///< CANN SoC version, e.g. "Ascend910B2".
  const char *arch;    ///< Core architecture, e.g. "dav-c220".
  int64_t cubeCores;   ///< AIC count (max block_dim of a Cube kernel).
  int64_t vectorCores; ///< AIV count (two per AIC on 910B).
  AICoreMemories memories;
  /// Cube fractal for 16-bit floats: [M, N, K] per cycle (int8: K doubles).
  int64_t cubeM, cubeN, cubeK;
  int64_t blockBytes;        ///< UB / MTE access block (32 B).
  int64_t vectorRepeatBytes; ///< bytes one Vector repeat reads (8 blocks).
  int64_t maxVectorRepeats;  ///< repeats one Vector instruction may issue.
  int64_t numEventIds;       ///< set_flag/wait_flag event ids per pipe pair.
  double hbmBytesPerSecond;  ///< GM (HBM) bandwidth of one die, bytes/s.
  double minKernelMicros;    ///< time of the smallest kernel launch, us.
  double clockHz;            ///< AI Core (Cube) clock, cycles/s.

  /// The capacity and alignment of `space` (defined in AICoreOps.cpp, where
  /// the enum is complete).
  const AICoreBuffer &buffer(AddressSpace space) const;
};

namespace detail {
constexpr int64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;
} // namespace detail

/// A2/A3 (dav-c220) memories: GM 64 GiB per die, L1 512 KiB / 32 B,
/// L0A 64 KiB / 512 B, L0B 64 KiB / 512 B, L0C 128 KiB / 512 B,
/// UB 192 KiB / 32 B.
inline constexpr AICoreMemories kDavC220Memories = {
    {64 * detail::GiB, 32},  {512 * detail::KiB, 32},  {64 * detail::KiB, 512},
    {64 * detail::KiB, 512}, {128 * detail::KiB, 512}, {192 * detail::KiB, 32}};

/// The target table. The first row is the default chip.
inline constexpr AICoreTarget kAICoreTargets[] = {
    // name, arch, AIC, AIV, memories, cube M, N, K, block bytes,
    // repeat bytes, max repeats, event ids, HBM bytes/s, min kernel us, clock
    {"Ascend910B2", "dav-c220", 24, 48, kDavC220Memories, 16, 16, 16, 32, 256,
     255, 8, 1.6e12, 1.5, 1.8e9},
    {"Ascend910B1", "dav-c220", 24, 48, kDavC220Memories, 16, 16, 16, 32, 256,
     255, 8, 1.6e12, 1.5, 1.8e9},
    {"Ascend910B3", "dav-c220", 20, 40, kDavC220Memories, 16, 16, 16, 32, 256,
     255, 8, 1.6e12, 1.5, 1.8e9},
    {"Ascend910B4", "dav-c220", 20, 40, kDavC220Memories, 16, 16, 16, 32, 256,
     255, 8, 1.6e12, 1.5, 1.8e9},
    // 910C: one row per die (the 24:48 variant; a package has two dies).
    {"Ascend910_9392", "dav-c220", 24, 48, kDavC220Memories, 16, 16, 16, 32,
     256, 255, 8, 1.6e12, 1.5, 1.8e9},
};

/// The default chip (Ascend 910B2).
inline const AICoreTarget &getDefaultTarget() { return kAICoreTargets[0]; }

/// The row named `name`, or null.
inline const AICoreTarget *lookupTarget(llvm::StringRef name) {
  for (const AICoreTarget &t : kAICoreTargets)
    if (name == t.name)
      return &t;
  return nullptr;
}

} // namespace mlir::ascend::aicore

#endif // ASCEND_DIALECT_AICORE_IR_AICORETARGET_H
