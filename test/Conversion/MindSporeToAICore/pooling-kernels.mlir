// RUN: ascend-opt %s --convert-mindspore-to-aicore -verify-diagnostics | FileCheck %s
// Every kernel passes the kernel model (no race, no deadlock) and gets an
// estimate.
// RUN: ascend-opt %s --convert-mindspore-to-aicore --ascend-aicore-plan-buffers --ascend-aicore-estimate -verify-diagnostics | FileCheck %s --check-prefix=ESTIMATE

// MaxPool, AvgPool and AdaptiveAvgPool2D to an output other than 1x1 are
// one-op Vector kernels named after the primitive (PoolingKernels.cpp).

// resnet18's MaxPool (3x3, stride 2, pad 1) on its 32x32 maps: tiles of 8
// output rows of one plane with the 17 input rows their windows read (the
// halo), 64 planes x 2 row blocks = 128 tiles on 43 cores.
// CHECK-LABEL: func.func @resnet18_max_pool
// CHECK-NEXT: %[[R:.*]] = aicore.launch @MaxPool_[[M:[0-9]+]](%{{.*}}) : (tensor<1x64x32x32xf32>) -> tensor<1x64x16x16xf32>
// CHECK-NEXT: return %[[R]]
func.func @resnet18_max_pool(%x: tensor<1x64x32x32xf32>) -> tensor<1x64x16x16xf32> {
  %0 = mindspore.max_pool %x {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<1x64x32x32xf32>) -> tensor<1x64x16x16xf32>
  return %0 : tensor<1x64x16x16xf32>
}

// An uneven adaptive pool in f16 (sums in f32) and an AvgPool.
// CHECK-LABEL: func.func @average
// CHECK-NEXT: aicore.launch @AdaptiveAvgPool2D_[[A:[0-9]+]](%{{.*}}) : (tensor<2x3x13x11xf16>) -> tensor<2x3x5x7xf16>
// CHECK-NEXT: aicore.launch @AvgPool_[[P:[0-9]+]](%{{.*}}) : (tensor<2x3x13x11xf16>) -> tensor<2x3x6x5xf16>
func.func @average(%x: tensor<2x3x13x11xf16>) -> (tensor<2x3x5x7xf16>, tensor<2x3x6x5xf16>) {
  %0 = mindspore.adaptive_avg_pool2d %x {output_size = array<i64: 5, 7>} : (tensor<2x3x13x11xf16>) -> tensor<2x3x5x7xf16>
  %1 = mindspore.avg_pool %x {kernel_size = array<i64: 2, 3>, strides = array<i64: 2, 2>} : (tensor<2x3x13x11xf16>) -> tensor<2x3x6x5xf16>
  return %0, %1 : tensor<2x3x5x7xf16>, tensor<2x3x6x5xf16>
}

// What stays, with a remark: one output row that needs more than UB (the
// rows are not split into column chunks), adaptive window bounds beyond the
// f32 integers the kernel computes them in, f64.
// CHECK-LABEL: func.func @stays
// CHECK-NEXT: mindspore.max_pool
// CHECK-NEXT: mindspore.adaptive_avg_pool2d
// CHECK-NEXT: mindspore.max_pool
func.func @stays(%x: tensor<1x1x4x60000xf32>, %y: tensor<1x1x2x5000xf32>, %z: tensor<1x1x4x4xf64>) -> (tensor<1x1x2x30000xf32>, tensor<1x1x2x4000xf32>, tensor<1x1x2x2xf64>) {
  // expected-remark @+1 {{no AI Core kernel for primitive 'max_pool': kernel 'MaxPool_3' does not fit UB at any tile size: its buffers need 1680032 bytes of ub at the smallest tile (1 output row of 30000 from 2 input rows of 60000), more than the 196608 bytes of Ascend910B2}}
  %0 = mindspore.max_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x1x4x60000xf32>) -> tensor<1x1x2x30000xf32>
  // expected-remark @+1 {{no AI Core kernel for primitive 'adaptive_avg_pool2d': an AdaptiveAvgPool2D from 5000 to 4000 positions has window bounds beyond the f32 integers (2^24) the kernel computes them in}}
  %1 = mindspore.adaptive_avg_pool2d %y {output_size = array<i64: 2, 4000>} : (tensor<1x1x2x5000xf32>) -> tensor<1x1x2x4000xf32>
  // expected-remark @+1 {{no AI Core kernel for primitive 'max_pool': the pooling kernels take f16, bf16 or f32}}
  %2 = mindspore.max_pool %z {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x1x4x4xf64>) -> tensor<1x1x2x2xf64>
  return %0, %1, %2 : tensor<1x1x2x30000xf32>, tensor<1x1x2x4000xf32>, tensor<1x1x2x2xf64>
}

// The MaxPool kernel. Once: the byte offsets in the window-row tile of each
// of the 3 window columns of every output column (start 2 * ow - 1 clipped
// to [0, 32], end 2 * ow + 2, past a clipped window its last column again).
// CHECK: aicore.kernel @MaxPool_[[M]](%{{.*}}: memref<1x64x32x32xf32, #aicore.space<gm>>, %{{.*}}: memref<1x64x16x16xf32, #aicore.space<gm>>)
// CHECK-SAME: aicore.tile = {in_rows = 17 : i64, planes = 1 : i64, rows = 8 : i64, view = array<i64: 64, 32, 32>}, block_dim = 43
// CHECK: %[[IN:.*]] = aicore.alloc {aicore.name = "in.ping"} : memref<17x32xf32, #aicore.space<ub>>
// CHECK: %[[ROWS:.*]] = aicore.alloc {aicore.name = "window_rows"} : memref<8x32xf32, #aicore.space<ub>>
// CHECK: %[[OUT:.*]] = aicore.alloc {aicore.name = "out.ping"} : memref<8x16xf32, #aicore.space<ub>>
// CHECK: %[[G:.*]] = aicore.alloc {aicore.name = "gathered"} : memref<8x16xf32, #aicore.space<ub>>
// CHECK: %[[O0:.*]] = aicore.alloc {aicore.name = "offsets0"} : memref<8x16xi32, #aicore.space<ub>>
// CHECK: %[[O1:.*]] = aicore.alloc {aicore.name = "offsets1"} : memref<8x16xi32, #aicore.space<ub>>
// CHECK: %[[O2:.*]] = aicore.alloc {aicore.name = "offsets2"} : memref<8x16xi32, #aicore.space<ub>>
// CHECK: aicore.varange %[[START:.*]], -1 : i32, 2 : i32 : memref<1x16xi32, #aicore.space<ub>>
// CHECK: aicore.varange %[[END:.*]], 2 : i32, 2 : i32 : memref<1x16xi32, #aicore.space<ub>>
// CHECK: aicore.varange %{{.*}}, 0 : i32, 128 : i32 : memref<8x1xi32, #aicore.space<ub>>
// CHECK: aicore.vadds %[[END]], %[[LAST:.*]], -1 : i32
// CHECK: aicore.vadds %[[START]], %[[COL:.*]], 0 : i32
// CHECK-NEXT: aicore.vmin %[[COL]], %[[LAST]], %[[COL]]
// CHECK-NEXT: aicore.vmuls %[[COL]], %[[COL]], 4 : i32
// CHECK: aicore.vadd %{{.*}}, %{{.*}}, %[[O0]]
// CHECK: aicore.vadds %[[START]], %[[COL]], 2 : i32
// CHECK: aicore.vadd %{{.*}}, %{{.*}}, %[[O2]]
// Per tile: 17 rows of 32 in (MTE2), per output row the max of its 3 window
// rows (clipped at the top and bottom edges), the 3 column gathers, 8 rows
// of 16 out (MTE3).
// CHECK: aicore.wait_flag v -> mte2, 0
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<17x32xf32, strided<[32, 1], offset: ?>, #aicore.space<gm>> to memref<17x32xf32, strided<[32, 1]>, #aicore.space<ub>>
// CHECK: aicore.set_flag mte2 -> v, 0
// CHECK: scf.for
// CHECK-COUNT-2: aicore.vmax %{{.*}} : memref<1x32xf32, strided<[32, 1], offset: ?>, #aicore.space<ub>>
// CHECK: }
// CHECK-NEXT: aicore.vgather %[[ROWS]], %[[O0]], %[[OUT]]
// CHECK-NEXT: aicore.vgather %[[ROWS]], %[[O1]], %[[G]]
// CHECK-NEXT: aicore.vmax %[[OUT]], %[[G]], %[[OUT]]
// CHECK-NEXT: aicore.vgather %[[ROWS]], %[[O2]], %[[G]]
// CHECK-NEXT: aicore.vmax %[[OUT]], %[[G]], %[[OUT]]
// CHECK: aicore.copy %{{.*}}, %{{.*}} : memref<8x16xf32, strided<[16, 1]>, #aicore.space<ub>> to memref<8x16xf32, strided<[16, 1], offset: ?>, #aicore.space<gm>>
// CHECK: aicore.return

// The adaptive kernel: column windows floor(ow * 11 / 7) .. floor((ow * 11
// + 17) / 7) computed in f32 and truncated; past a shorter window the
// offset of the zero row past the window-row results (64 bytes, 1 row of 16
// f32). The divisors are the window sizes (rows times columns). Per tile:
// the f16 rows widened to f32, window rows added (with the zero row past a
// shorter window), columns gathered and added, divided, narrowed to f16.
// CHECK: aicore.kernel @AdaptiveAvgPool2D_[[A]](%{{.*}}: memref<2x3x13x11xf16, #aicore.space<gm>>, %{{.*}}: memref<2x3x5x7xf16, #aicore.space<gm>>)
// CHECK: %[[DIV:.*]] = aicore.alloc {aicore.name = "divisor"} : memref<5x16xf32, #aicore.space<ub>>
// CHECK: aicore.vdup %[[DEN:.*]], 7.000000e+00 : f32 : memref<1x16xf32, #aicore.space<ub>>
// CHECK-NEXT: aicore.varange %[[S:.*]], 0 : i32, 11 : i32 : memref<1x16xi32, #aicore.space<ub>>
// CHECK-NEXT: aicore.vcast %[[S]], %[[F:.*]] : memref<1x16xi32, #aicore.space<ub>>, memref<1x16xf32, #aicore.space<ub>>
// CHECK-NEXT: aicore.vdiv %[[F]], %[[DEN]], %[[F]]
// CHECK-NEXT: aicore.vcast %[[F]], %[[S]] : memref<1x16xf32, #aicore.space<ub>>, memref<1x16xi32, #aicore.space<ub>>
// CHECK: aicore.varange %{{.*}}, 17 : i32, 11 : i32 : memref<1x16xi32, #aicore.space<ub>>
// CHECK: aicore.vdup %[[ZERO:.*]], 64 : i32
// CHECK: aicore.vcmp %{{.*}}, %{{.*}}, %[[MASK:.*]] {predicate = "lt"}
// CHECK: aicore.vselect %{{.*}}, %{{.*}}, %[[ZERO]], %{{.*}}
// CHECK: aicore.vmul %[[DIV]], %{{.*}}, %[[DIV]] : memref<5x16xf32, #aicore.space<ub>>
// CHECK: aicore.vcast %{{.*}}, %{{.*}} : memref<4x16xf16, strided<[16, 1]>, #aicore.space<ub>>, memref<4x16xf32, strided<[16, 1]>, #aicore.space<ub>>
// CHECK: arith.select
// CHECK: aicore.vadd {{.*}} : memref<1x11xf32, strided<[16, 1], offset: ?>, #aicore.space<ub>>
// CHECK: aicore.vgather
// CHECK: aicore.vdiv %{{.*}} : memref<1x16xf32, strided<[16, 1], offset: ?>, #aicore.space<ub>>
// CHECK: aicore.vcast %{{.*}}, %{{.*}} : memref<1x16xf32, #aicore.space<ub>>, memref<1x16xf16, #aicore.space<ub>>
// CHECK: aicore.return
// CHECK: aicore.kernel @AvgPool_[[P]](

// ESTIMATE: aicore.kernel @MaxPool_{{[0-9]+}}({{.*}}aicore.estimate = {cycles = {{[1-9][0-9]*}}
// ESTIMATE: aicore.kernel @AdaptiveAvgPool2D_{{[0-9]+}}({{.*}}aicore.estimate = {cycles = {{[1-9][0-9]*}}
// ESTIMATE: aicore.kernel @AvgPool_{{[0-9]+}}({{.*}}aicore.estimate = {cycles = {{[1-9][0-9]*}}
