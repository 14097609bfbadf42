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
//  - the AI Core clock (910B: cube clock 1.8 GHz, ascend-hardware.md "Chips");
//  - data-path rates (AICoreDataRates below): GM 32 B/cycle per core
//    (ddr_rate) and L1 -> L0A/L0B 512 B/cycle from ascend-hardware.md; the
//    per-transfer cost from the CANN Ascend C best practices (effective
//    bandwidth against transfer size, optimal above 16 KB); the
//    L2 read and write rates derived from the pto-isa gemm_performance
//    measurements on a 24-core A3 die (kernels/manual/a2a3/gemm_performance/
//    README.md, quoted in ascend-hardware.md), see AICoreDataRates;
//  - the BT bias table (1 KiB, 64 B alignment) from ascend-hardware.md's
//    buffer table; cross-core flag ids 0-10 (FFTS, mode 2: an AIC set
//    signals both AIVs of its block, the AIC's wait needs a set from each
//    AIV) from the Ascend C API reference, CrossCoreSetFlag(ISASI) /
//    CrossCoreWaitFlag(ISASI), CANN 8.0 (Atlas A2 training series);
//  - one AIC and two AIVs per block of a MIX kernel (ascend-hardware.md,
//    "1 AIC : 2 AIV").
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
  /// BT, the Cube's bias table: an mmad that starts its accumulator may
  /// take its initial row from it (fp32, L1 -> BT on MTE1).
  AICoreBuffer bt;
};

/// How fast one AI Core moves data, in bytes per cycle, and the shared L2.
///
/// Every GM transfer (one DMA instruction: an MTE2 read into L1 or UB, a FIX
/// or MTE3 write into GM) holds its pipe for `gmTransferCycles` before its
/// bytes move (descriptor setup, address translation, the first beat's
/// round trip), then for its bytes at the rates below. Public source of the
/// scale: the CANN Ascend C best practices ("Transferring a Large Data Block
/// at a Time", atlas_ascendc_best_practices_10_0013; also the A2/A3
/// "Hardware Constraints" table, atlas_ascendc_10_00048) measure the
/// effective GM bandwidth of one transfer against its size and state that
/// it reaches its optimum above 16 KB. Read as "a 16 KB transfer moves at
/// 90% of the HBM-side rate", 16384 / 32 B/cycle = 512 data cycles and
/// 512 / 0.9 - 512 = 57 fixed cycles. (No public cycle count of the DMA
/// setup was found; the 90% reading is ours.)
///
/// GM traffic of a kernel goes through the die's L2 cache. A GM read that
/// hits in L2 streams at `l2ReadBytesPerCycle`; a miss at
/// `gmBytesPerCycle`, the core's share of HBM (ascend-hardware.md: ddr_rate
/// 32 B/cycle; 24 cores x 32 B x 1.8 GHz = 1.38 TB/s, near the die's
/// 1.6 TB/s). Writes land in L2 at `l2WriteBytesPerCycle`.
///
/// Which reads hit: a kernel that requests R bytes of GM in total (over all
/// its blocks) from D distinct bytes has the first touch of each byte miss
/// and every repeat hit, while D fits the L2: hit ratio
/// h = (1 - D / R) * min(1, l2Bytes / D). Each GM read then costs
/// gmTransferCycles + bytes * ((1 - h) / gmBytesPerCycle +
/// h / l2ReadBytesPerCycle) cycles.
///
/// The two L2 rates are derived, given the per-transfer cost above, from
/// one public measurement, the pto-isa gemm_performance README (fp16 in,
/// fp32 out, 24-core A3 die at 1.8 GHz, base tile 128 x 256 x 64, per-core
/// block 1536 x 1024 of a 4 x 6 core grid): at m = k = n = 6144 the run
/// takes 1.506 ms with TLOAD (GM -> L1) busy 95.2% and TSTORE (L0C -> GM)
/// busy 3.1%. Per core, TLOAD moves 48 tiles x 96 K steps x 2 transfers
/// (9216 transfers) of together 48 x (128 + 256) x 6144 x 2 B = 226.5 MB in
/// 0.952 x 1.506 ms x 1.8 GHz = 2.58 M cycles. The kernel reads each
/// operand byte 36 times over (5.44 GB requested, 151 MB distinct), so
/// under this model 1/36 of the bytes miss: (2.58 M - 9216 x 57) / 226.5 M
/// = (1/36)/32 + (35/36)/x gives x = 118 B/cycle for L2 hits. TSTORE moves
/// 48 x 128 KiB = 6.29 MB in 48 transfers and 0.031 x 1.506 ms x 1.8 GHz =
/// 84 K cycles: 6.29 M / (84 K - 48 x 57) = 77 B/cycle. The same model
/// reproduces the README's 3072^3 row (83.1 B/cycle of TLOAD modeled, 83.7
/// measured). Without the per-transfer cost the same derivation gives 92
/// and 75 B/cycle; the 6144^3 transfers (16 and 32 KiB) cannot tell the two
/// apart, longer transfers (longer K stages) can.
struct AICoreDataRates {
  int64_t gmBytesPerCycle;      ///< GM read that misses L2 (HBM), per core.
  int64_t l2ReadBytesPerCycle;  ///< GM read that hits in L2, per core.
  int64_t l2WriteBytesPerCycle; ///< GM write (into L2), per core.
  int64_t onChipBytesPerCycle;  ///< L1 -> L0A/L0B and other on-chip moves.
  int64_t l2Bytes;              ///< L2 cache of the die, bytes.
  /// Cycles each GM transfer (one MTE2 read, FIX or MTE3 write: one DMA
  /// instruction) holds its pipe on top of its bytes (see above).
  int64_t gmTransferCycles;
  /// Burst shape of a GM transfer. A transfer moves its GM view as runs of
  /// contiguous bytes (the DMA's burst rows: Ascend C DataCopyParams'
  /// blockCount x blockLen, blockLen counted in 32-byte data blocks; the
  /// PTO ISA's `nburst` form of pto.mte_gm_ub / pto.mte_gm_l1), each run
  /// rounded up to whole `gmBlockBytes` blocks. A run whose GM start is not
  /// on a `gmAlignBytes` boundary moves at `unalignedPercent` of the rate:
  /// the CANN Ascend C best practices ("Using 512-Byte Alignment for the GM
  /// Address", atlas_ascendc_best_practices_10_0014) measure one core's
  /// GM -> UB and UB -> GM bandwidth with 32-byte against 512-byte aligned
  /// GM addresses, 32-byte aligned reaching 70% at the largest difference,
  /// and state that this holds for Atlas A2 products only (so 100 on A3).
  /// The model takes the 70% (the worst case it measured) for every
  /// unaligned run.
  int64_t gmBlockBytes;
  int64_t gmAlignBytes;
  int64_t unalignedPercent;
};

namespace detail {
constexpr int64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;
} // namespace detail

/// dav-c220 data paths (see AICoreDataRates): GM miss 32 B/cycle, L2 read
/// hit 118 B/cycle, write 77 B/cycle, on chip 512 B/cycle, L2 192 MiB,
/// 57 cycles per GM transfer, runs in 32-byte blocks, a run off a 512-byte
/// boundary at 70% (Atlas A2: 910B).
inline constexpr AICoreDataRates kDavC220Rates = {
    32, 118, 77, 512, 192 * detail::MiB, 57, 32, 512, 70};
/// The same on Atlas A3 (910C), where the best practices do not see the
/// 512-byte alignment effect: unaligned runs at 100%.
inline constexpr AICoreDataRates kDavC220A3Rates = {
    32, 118, 77, 512, 192 * detail::MiB, 57, 32, 512, 100};

/// What a kernel task costs on top of its blocks' work, in cycles.
///
/// A task's device time (msprof's Task Duration) is
///   taskLaunchCycles + waves x (blockStartCycles + block cycles)
/// (+ the memory-clean task before a kernel with `atomic_clean`): the task
/// scheduler starts the kernel once (fetching its binary and arguments,
/// dispatching it to the cores, collecting the cores' completion), and each
/// round of blocks on a core starts anew (the block's scalar prologue: its
/// arguments and tiling data read from GM before its first DMA).
///
/// Public source: the smallest kernels of the msModeling per-shape
/// profiling report as quoted in ascend-hardware.md (A3 die, kernel device
/// time): a Cast of [5] and of [16] elements 1.32 us, of [256, 8] 1.65 us;
/// "the smallest vector kernel costs about 1.5-2 us however small its
/// input". A [5] Cast's own work on the pipe model (one block: a GM read, a
/// vcast, a GM write) is under 200 cycles, so launch + one block start is
/// about 1.32 us - 0.1 us = 2200 cycles at 1.8 GHz. The public rows give
/// the sum only; the split (200 cycles of it per round of blocks, the rest
/// per task) is ours, and only kernels of several rounds see it.
struct AICoreLaunchCosts {
  int64_t taskLaunchCycles; ///< once per kernel task
  int64_t blockStartCycles; ///< once per round (wave) of blocks on a core
};

/// dav-c220 launch costs (see AICoreLaunchCosts): 2000 + 200 per round.
inline constexpr AICoreLaunchCosts kDavC220Launch = {2000, 200};

/// What one Vector instruction costs on pipe V, in cycles.
///
/// An instruction of `r` repeats (256 B each, at most 255) holds pipe V for
///   startup + r x perRepeat + completion
/// cycles: its issue and operand-read startup, its repeats at the unit's
/// throughput, and the latency until its last result is in UB (the
/// kernels' Vector instructions are nearly all chains, each reading the
/// previous one's result, so the model does not overlap one instruction's
/// completion with the next one's startup). A tile-level op is
/// ceil(full repeats / 255) instructions, plus one for a ragged tail: in
/// the normal mask mode the tail is a second instruction under a partial
/// mask (CANN Ascend C best practices, "Using the Counter Mode for Vector
/// Operators": main blocks with a full mask, then the mask reset for the
/// tail block and the tail computed).
///
/// Public source of the figures: the PTO ISA manual's A2/A3 timing tables
/// (https://pto-isa.github.io/docs/isa/vector/binary-vector-ops/,
/// unary-vector-ops/, reduction ops; constants A2A3_STARTUP_BINARY 14,
/// A2A3_STARTUP_REDUCE 13 (reductions and transcendentals),
/// A2A3_COMPL_FP_BINOP 19, A2A3_COMPL_INT_BINOP 17, A2A3_COMPL_FP32_EXP 26,
/// A2A3_COMPL_FP16_EXP 28; per repeat A2A3_RPT_1 for simple unary, scalar
/// and bitwise ops, A2A3_RPT_2 for binary arithmetic and f32 division,
/// A2A3_RPT_4 for f16 transcendentals and f16 division). The manual's
/// cycle formula also charges an 18-cycle "pipeline interval" per repeat
/// after the first; read that way a 255-repeat vadd would take 5100
/// cycles (12.8 B/cycle), which the measured SwiGlu row of
/// ascend-hardware.md (one bf16 SiLU-times-gate pass over 9.4 M elements
/// in 28.67 us on 48 AIVs) rules out, so the interval is not charged. The
/// per-repeat cost of f32 transcendentals is not listed; it is taken as
/// that of f32 division (2), ours.
struct AICoreVectorCosts {
  int64_t startupArith;    ///< binary, unary, scalar, cast, dup, ...
  int64_t startupReduce;   ///< reductions and transcendental functions
  int64_t completionFloat; ///< float results of arithmetic and reductions
  int64_t completionInt;   ///< integer and mask results
  int64_t completionTranscendentalF32;
  int64_t completionTranscendentalHalf; ///< f16 / bf16
  int64_t repeatSimple; ///< unary, scalar, bitwise, cast, dup, reduce
  int64_t repeatBinary; ///< binary arithmetic, compare, select, f32 div
  int64_t repeatHalfTranscendental; ///< f16 / bf16 transcendental, f16 div
};

/// dav-c220 Vector instruction costs (see AICoreVectorCosts).
inline constexpr AICoreVectorCosts kDavC220VectorCosts = {14, 13, 19, 17, 26,
                                                          28, 1,  2,  4};

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
  /// Data-path rates (the 910B rows share one value, the 910C row differs
  /// in the alignment effect only, see above).
  AICoreDataRates rates = kDavC220Rates;
  /// Launch and block-start costs of a kernel task (see above).
  AICoreLaunchCosts launch = kDavC220Launch;
  /// Vector instruction costs (see above).
  AICoreVectorCosts vector = kDavC220VectorCosts;
  /// Cross-core (AIC <-> AIV) flag ids of a MIX kernel (FFTS, 0-10).
  int64_t numCrossCoreFlags = 11;
  /// Vector cores (AIV) that run with each Cube core (AIC) in a MIX block.
  int64_t vectorCoresPerCube = 2;
  /// The HBM bandwidth a kernel's stream of GM traffic sustains, bytes/s:
  /// the pipe model's cap on the HBM traffic (L2 misses and write-backs) of
  /// one round of blocks. Below `hbmBytesPerSecond` (the interface's peak):
  /// DRAM refresh, page misses and read/write turnarounds. Public source
  /// (ascend-hardware.md, "Measured figures"): weight-streaming decode
  /// matmuls run at about 1.0-1.1 TB/s of weight bytes per die, elementwise
  /// kernels on large bf16 tensors at about 0.8-1.2 TB/s; both ranges hold
  /// 1.1 TB/s, the figure of a stream with its launch and pipeline fill
  /// taken out.
  double sustainedHbmBytesPerSecond = 1.1e12;
  /// The rate of the writes in that stream (each L2 write-back crosses HBM
  /// once), below the read rate: an HBM write stream pays the read/write
  /// turnarounds of the interface. Derived from the one public row of a
  /// kernel that writes as much as a third of its traffic, the Add
  /// [256, 7168] bf16 of ascend-hardware.md (A3 die, 12.08 us): without the
  /// task's launch and block start (2200 cycles, 1.222 us) its stream takes
  /// 10.858 us; its 7.34 MB of reads at the 1.1 TB/s above take 6.673 us,
  /// leaving 4.185 us for its 3.67 MB of writes: 0.88 TB/s. The time of one
  /// round's HBM traffic is reads / sustainedHbmBytesPerSecond + writes /
  /// sustainedHbmWriteBytesPerSecond.
  double sustainedHbmWriteBytesPerSecond = 0.88e12;

  /// The capacity and alignment of `space` (defined in AICoreOps.cpp, where
  /// the enum is complete).
  const AICoreBuffer &buffer(AddressSpace space) const;
};

/// A2/A3 (dav-c220) memories: GM 64 GiB per die, L1 512 KiB / 32 B,
/// L0A 64 KiB / 512 B, L0B 64 KiB / 512 B, L0C 128 KiB / 512 B,
/// UB 192 KiB / 32 B, BT 1 KiB / 64 B.
inline constexpr AICoreMemories kDavC220Memories = {
    {64 * detail::GiB, 32},  {512 * detail::KiB, 32},  {64 * detail::KiB, 512},
    {64 * detail::KiB, 512}, {128 * detail::KiB, 512}, {192 * detail::KiB, 32},
    {1 * detail::KiB, 64}};

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
     256, 255, 8, 1.6e12, 1.5, 1.8e9, kDavC220A3Rates},
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
