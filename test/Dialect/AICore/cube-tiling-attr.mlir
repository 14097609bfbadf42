// RUN: ascend-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// #aicore.cube_tiling round-trips; parameters at their defaults (split_k 1,
// split_tiles 0, k_chunk 0, modeled_cycles 0) are not printed.
// CHECK-LABEL: func.func @chunked
// CHECK-SAME: tiling = #aicore.cube_tiling<tm = 128, tn = 128, tk = 64, k_stages = 2, l1_buffers = 4, l0c_buffers = 2, k_chunk = 512, modeled_cycles = 707803>
func.func @chunked() attributes {tiling = #aicore.cube_tiling<tm = 128, tn = 128, tk = 64, k_stages = 2, l1_buffers = 4, l0c_buffers = 2, k_chunk = 512, modeled_cycles = 707803>} {
  return
}

// CHECK-LABEL: func.func @split
// CHECK-SAME: tiling = #aicore.cube_tiling<tm = 128, tn = 256, tk = 48, k_stages = 2, l1_buffers = 2, l0c_buffers = 1, split_k = 12, split_tiles = 2, modeled_cycles = 16299>
func.func @split() attributes {tiling = #aicore.cube_tiling<tm = 128, tn = 256, tk = 48, k_stages = 2, l1_buffers = 2, l0c_buffers = 1, split_k = 12, split_tiles = 2, modeled_cycles = 16299>} {
  return
}

// CHECK-LABEL: func.func @defaults
// CHECK-SAME: tiling = #aicore.cube_tiling<tm = 16, tn = 16, tk = 16, k_stages = 1, l1_buffers = 2, l0c_buffers = 1>
func.func @defaults() attributes {tiling = #aicore.cube_tiling<tm = 16, tn = 16, tk = 16, k_stages = 1, l1_buffers = 2, l0c_buffers = 1, split_k = 1, modeled_cycles = 0>} {
  return
}

// -----

// expected-error @+1 {{cube_tiling: tm, tn and tk must be positive multiples of 16, got 20, 16, 16}}
func.func @off_fractal() attributes {tiling = #aicore.cube_tiling<tm = 20, tn = 16, tk = 16, k_stages = 1, l1_buffers = 2, l0c_buffers = 1>} {
  return
}

// -----

// expected-error @+1 {{cube_tiling: k_stages must be at least 1, got 0}}
func.func @no_stages() attributes {tiling = #aicore.cube_tiling<tm = 16, tn = 16, tk = 16, k_stages = 0, l1_buffers = 2, l0c_buffers = 1>} {
  return
}

// -----

// expected-error @+1 {{cube_tiling: l1_buffers must be 2, 4 or 8, got 3}}
func.func @ring() attributes {tiling = #aicore.cube_tiling<tm = 16, tn = 16, tk = 16, k_stages = 1, l1_buffers = 3, l0c_buffers = 1>} {
  return
}

// -----

// expected-error @+1 {{cube_tiling: l0c_buffers must be 1 or 2, got 3}}
func.func @accumulators() attributes {tiling = #aicore.cube_tiling<tm = 16, tn = 16, tk = 16, k_stages = 1, l1_buffers = 2, l0c_buffers = 3>} {
  return
}

// -----

// expected-error @+1 {{cube_tiling: split_k must be at least 1 and split_tiles positive exactly when split_k > 1, got 4 and 0}}
func.func @split_without_tiles() attributes {tiling = #aicore.cube_tiling<tm = 16, tn = 16, tk = 16, k_stages = 1, l1_buffers = 2, l0c_buffers = 1, split_k = 4>} {
  return
}

// -----

// expected-error @+1 {{cube_tiling: k_chunk must be 0 or a multiple of k_stages x tk (128), got 100}}
func.func @chunk() attributes {tiling = #aicore.cube_tiling<tm = 128, tn = 128, tk = 64, k_stages = 2, l1_buffers = 2, l0c_buffers = 2, k_chunk = 100>} {
  return
}

// -----

// expected-error @+1 {{cube_tiling: a K-chunked tiling (k_chunk 512) cannot split K (split_k 2)}}
func.func @chunk_and_split() attributes {tiling = #aicore.cube_tiling<tm = 128, tn = 128, tk = 64, k_stages = 2, l1_buffers = 2, l0c_buffers = 2, split_k = 2, split_tiles = 1, k_chunk = 512>} {
  return
}

// -----

// expected-error @+1 {{cube_tiling: modeled_cycles must not be negative, got -5}}
func.func @cycles() attributes {tiling = #aicore.cube_tiling<tm = 16, tn = 16, tk = 16, k_stages = 1, l1_buffers = 2, l0c_buffers = 1, modeled_cycles = -5>} {
  return
}

// -----

// The kernel attribute `aicore.tiling` must hold the typed tiling (the
// untyped dictionary it once was is refused, so no reader falls back to a
// lookup by field name).
// expected-error @+1 {{'func.func' op 'aicore.tiling' must be a #aicore.cube_tiling, got {tm = 16 : i64}}}
func.func @untyped_tiling() attributes {aicore.tiling = {tm = 16 : i64}} {
  return
}

// -----

// CHECK-LABEL: func.func @typed_tiling
// CHECK-SAME: aicore.tiling = #aicore.cube_tiling<tm = 32, tn = 16, tk = 16, k_stages = 1, l1_buffers = 2, l0c_buffers = 1>
func.func @typed_tiling() attributes {aicore.tiling = #aicore.cube_tiling<tm = 32, tn = 16, tk = 16, k_stages = 1, l1_buffers = 2, l0c_buffers = 1>} {
  return
}
