// RUN: ascend-opt %s | ascend-opt | FileCheck %s
// RUN: ascend-opt %s --ascend-aicore-estimate | FileCheck %s --check-prefix=COST

// Every Vector op parses, verifies and prints back. The kernel model
// (AICoreVectorCosts) charges per instruction a startup (14; 13 for
// reductions and transcendentals) and a completion (19 for float results,
// 17 for integer and mask ones, 28 for half transcendentals), per 256-byte
// repeat of the widest operand 1, 2 (binary arithmetic and compares) or 4
// (half transcendentals and division) cycles; every op here is one
// instruction. 2048 f16 (4 KiB) is 16 repeats: 5 binary ops at 14 + 19 +
// 32 = 65, the compare (a mask result) 14 + 17 + 32 = 63, the division
// 14 + 19 + 64 = 97, 10 transcendentals at 13 + 28 + 64 = 105, 7 simple ops
// at 14 + 19 + 16 = 49; 2048 i1 masks 8 repeats (4 ops at 14 + 17 + 8 =
// 39); the f16 -> f32 cast 32 repeats (its f32 side) 65; the [64, 128] f32
// broadcast 128 repeats 161 and the reduce 13 + 19 + 128 = 160; the gather
// of 2048 f32 by 2048 i32 offsets 32 repeats (its table does not count) 65;
// the progression of 2048 i32 14 + 17 + 32 = 63. A transpose moves 512 B
// (16 blocks) per repeat at 2 cycles each: [64, 128] f32 (32 KiB) 14 + 19 +
// 128 = 161, [32, 48] f16 (3 KiB) 14 + 19 + 12 = 45. Together
// 325 + 63 + 97 + 1050 + 343 + 156 + 65 + 161 + 160 + 65 + 63 + 161 + 45 =
// 2754 cycles.
// COST: aicore.estimate = {cycles = 2754 : i64
// COST-SAME: v = 2754 : i64

// CHECK-LABEL: aicore.kernel @all_vector_ops
aicore.kernel @all_vector_ops() attributes {block_dim = 2 : i64} {
  // CHECK: aicore.block_idx
  %b = aicore.block_idx
  %x = aicore.alloc : memref<2048xf16, #aicore.space<ub>>
  %y = aicore.alloc : memref<2048xf16, #aicore.space<ub>>
  %z = aicore.alloc : memref<2048xf16, #aicore.space<ub>>
  %w = aicore.alloc : memref<2048xf32, #aicore.space<ub>>
  %m = aicore.alloc : memref<2048xi1, #aicore.space<ub>>
  %n = aicore.alloc : memref<2048xi1, #aicore.space<ub>>
  %t = aicore.alloc : memref<64x128xf32, #aicore.space<ub>>
  %r = aicore.alloc : memref<64x1xf32, #aicore.space<ub>>
  %row = aicore.alloc : memref<1x128xf32, #aicore.space<ub>>
  // CHECK: aicore.vsub %{{.*}}, %{{.*}}, %{{.*}} : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vsub %x, %y, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vmul %x, %y, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vdiv %x, %y, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vmax %x, %y, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vmin %x, %y, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  // CHECK: aicore.vcmp %{{.*}}, %{{.*}}, %{{.*}} {predicate = "le"}
  aicore.vcmp %x, %y, %m {predicate = "le"} : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xi1, #aicore.space<ub>>
  aicore.vand %m, %n, %n : memref<2048xi1, #aicore.space<ub>>, memref<2048xi1, #aicore.space<ub>>, memref<2048xi1, #aicore.space<ub>>
  aicore.vor %m, %n, %n : memref<2048xi1, #aicore.space<ub>>, memref<2048xi1, #aicore.space<ub>>, memref<2048xi1, #aicore.space<ub>>
  aicore.vnot %n, %n : memref<2048xi1, #aicore.space<ub>>, memref<2048xi1, #aicore.space<ub>>
  aicore.vexp %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vln %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vsqrt %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vrsqrt %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vrec %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vtanh %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vsigmoid %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vsin %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vcos %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.verf %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vrelu %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vabs %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vneg %x, %z : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  // CHECK: aicore.vmuls %{{.*}}, %{{.*}}, 5.000000e-01 : f16 : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vadds %x, %z, 1.0 : f16 : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vmuls %x, %z, 0.5 : f16 : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vmaxs %x, %z, 0.0 : f16 : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  aicore.vmins %x, %z, 6.0 : f16 : memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  // CHECK: aicore.vdup %{{.*}}, true : memref<2048xi1, #aicore.space<ub>>
  aicore.vdup %m, true : memref<2048xi1, #aicore.space<ub>>
  aicore.vselect %m, %x, %y, %z : memref<2048xi1, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>, memref<2048xf16, #aicore.space<ub>>
  // CHECK: aicore.vcast %{{.*}}, %{{.*}} : memref<2048xf16, #aicore.space<ub>>, memref<2048xf32, #aicore.space<ub>>
  aicore.vcast %x, %w : memref<2048xf16, #aicore.space<ub>>, memref<2048xf32, #aicore.space<ub>>
  aicore.vbroadcast %row, %t : memref<1x128xf32, #aicore.space<ub>>, memref<64x128xf32, #aicore.space<ub>>
  // CHECK: aicore.vreduce %{{.*}}, %{{.*}} {kind = "max"} : memref<64x128xf32, #aicore.space<ub>>, memref<64x1xf32, #aicore.space<ub>>
  aicore.vreduce %t, %r {kind = "max"} : memref<64x128xf32, #aicore.space<ub>>, memref<64x1xf32, #aicore.space<ub>>
  %off = aicore.alloc : memref<2048xi32, #aicore.space<ub>>
  // CHECK: aicore.vgather %{{.*}}, %{{.*}}, %{{.*}} : memref<64x128xf32, #aicore.space<ub>>, memref<2048xi32, #aicore.space<ub>>, memref<2048xf32, #aicore.space<ub>>
  aicore.vgather %t, %off, %w : memref<64x128xf32, #aicore.space<ub>>, memref<2048xi32, #aicore.space<ub>>, memref<2048xf32, #aicore.space<ub>>
  // CHECK: aicore.varange %{{.*}}, 0 : i32, 4 : i32 : memref<2048xi32, #aicore.space<ub>>
  aicore.varange %off, 0 : i32, 4 : i32 : memref<2048xi32, #aicore.space<ub>>
  %tt = aicore.alloc : memref<128x64xf32, #aicore.space<ub>>
  // CHECK: aicore.vtranspose %{{.*}}, %{{.*}} : memref<64x128xf32, #aicore.space<ub>>, memref<128x64xf32, #aicore.space<ub>>
  aicore.vtranspose %t, %tt : memref<64x128xf32, #aicore.space<ub>>, memref<128x64xf32, #aicore.space<ub>>
  %h = aicore.alloc : memref<32x48xf16, #aicore.space<ub>>
  %ht = aicore.alloc : memref<48x32xf16, #aicore.space<ub>>
  // CHECK: aicore.vtranspose %{{.*}}, %{{.*}} : memref<32x48xf16, #aicore.space<ub>>, memref<48x32xf16, #aicore.space<ub>>
  aicore.vtranspose %h, %ht : memref<32x48xf16, #aicore.space<ub>>, memref<48x32xf16, #aicore.space<ub>>
  aicore.return
}
