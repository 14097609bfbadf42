//===- ToolAllocator.h - the tools' malloc settings -------------*- C++ -*-===//
//
// Private to tools/: the tools link mimalloc when it is installed
// (ASCEND_USE_MIMALLOC, CMakeLists.txt). A compile is short and reuses the
// memory it frees at once, so mimalloc is told to keep freed memory instead
// of returning it to the OS after its delay: returned pages fault in again
// when reused, and a 100k-op compile (bench/compile_scaling.py) took 35k page
// faults with mimalloc's default instead of 22k (glibc's malloc takes 22k).
// The peak RSS stays what the compile needs at its peak.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_TOOLS_TOOLALLOCATOR_H
#define ASCEND_TOOLS_TOOLALLOCATOR_H

#ifdef ASCEND_USE_MIMALLOC
#include <mimalloc.h>
#endif

namespace mlir::ascend::tools {

/// Sets up the allocator for a tool run; first thing in main().
inline void configureAllocator() {
#ifdef ASCEND_USE_MIMALLOC
#if MI_MALLOC_VERSION >= 210
  mi_option_set(mi_option_purge_delay, -1); // 2.1: never purge
#else
  // 2.0: decommit only after an hour (read at each decision, unlike
  // allow_decommit, which is read once when mimalloc starts)
  mi_option_set(mi_option_decommit_delay, 3600L * 1000);
  mi_option_set(mi_option_segment_decommit_delay, 3600L * 1000);
#endif
#endif
}

} // namespace mlir::ascend::tools

#endif // ASCEND_TOOLS_TOOLALLOCATOR_H
