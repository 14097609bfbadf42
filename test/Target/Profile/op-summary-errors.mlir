// A launched kernel the pipe model cannot run fails the export with the
// model's error, and no output is written.
// RUN: rm -f %t.csv %t.json
// RUN: not ascend-translate %s --export-op-summary -o %t.csv 2>&1 | FileCheck %s
// RUN: not ascend-translate %s --export-trace-events -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.csv
// RUN: not test -e %t.json
// CHECK: error: race: aicore.copy on pipe mte1 reads a buffer that aicore.copy on pipe mte2 writes with no set_flag/wait_flag ordering them
//
// The chip of the mindspore-level rows must be a row of the target table.
// RUN: not ascend-translate %s --export-op-summary --profile-chip=Ascend310 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: unknown chip 'Ascend310' (not a row of the AI Core target table)

func.func @main(%x: tensor<16x64xf16>) -> tensor<16x64xf16> {
  %y = aicore.launch @missing_flag(%x) : (tensor<16x64xf16>) -> tensor<16x64xf16>
  return %y : tensor<16x64xf16>
}

aicore.kernel @missing_flag(%x: memref<16x64xf16, #aicore.space<gm>>,
                            %y: memref<16x64xf16, #aicore.space<gm>>) {
  %a1 = aicore.alloc : memref<16x64xf16, #aicore.space<l1>>
  %a0 = aicore.alloc : memref<16x64xf16, #aicore.space<l0a>>
  aicore.copy %x, %a1 : memref<16x64xf16, #aicore.space<gm>> to memref<16x64xf16, #aicore.space<l1>>
  aicore.copy %a1, %a0 : memref<16x64xf16, #aicore.space<l1>> to memref<16x64xf16, #aicore.space<l0a>>
  aicore.return
}
