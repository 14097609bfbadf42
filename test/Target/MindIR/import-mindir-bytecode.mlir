// --import-mindir --emit-bytecode writes MLIR bytecode (weights as raw
// bytes, no hex); --export-mindir reads bytecode as well as text. Both give
// the same module and the same MindIR as the text path.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ascend-translate --export-mindir --mindir-external-data=always %s -o %t/m_graph.mindir
// RUN: ascend-translate --import-mindir %t/m_graph.mindir --emit-bytecode -o %t/m.mlirbc
// RUN: ascend-translate --import-mindir %t/m_graph.mindir -o %t/m.mlir
// RUN: ascend-opt %t/m.mlirbc -o %t/from-bytecode.mlir
// RUN: ascend-opt %t/m.mlir -o %t/from-text.mlir
// RUN: diff %t/from-text.mlir %t/from-bytecode.mlir
// RUN: FileCheck %s < %t/from-bytecode.mlir
// CHECK: mindspore.parameter @w : tensor<2xf32> = dense_resource<w> : tensor<2xf32>
// CHECK: w: "0x040000000000803F00000040"

// Exporting the bytecode writes the same files as exporting the text.
// RUN: mkdir -p %t/bc %t/text
// RUN: ascend-translate --export-mindir --mindir-external-data=always %t/m.mlirbc -o %t/bc/m_graph.mindir
// RUN: ascend-translate --export-mindir --mindir-external-data=always %t/m.mlir -o %t/text/m_graph.mindir
// RUN: cmp %t/bc/m_graph.mindir %t/text/m_graph.mindir
// RUN: cmp %t/bc/m_variables/data_0 %t/text/m_variables/data_0
// RUN: cmp %t/bc/m_graph.mindir %t/m_graph.mindir

// --emit-bytecode and --disable-output are for the imports only.
// RUN: not ascend-translate --export-mindir --emit-bytecode %s -o %t/x.mindir 2>&1 | FileCheck %s --check-prefix=ONLY
// RUN: not ascend-translate --export-mindir --disable-output %s 2>&1 | FileCheck %s --check-prefix=ONLY
// ONLY: ascend-translate: error: --emit-bytecode and --disable-output apply to --import-mindir and --import-pynative-trace only
// RUN: not ls %t/x.mindir

// --disable-output imports and verifies, and writes nothing (it takes no -o).
// RUN: ascend-translate --import-mindir %t/m_graph.mindir --disable-output > %t/none.out
// RUN: not test -s %t/none.out
// RUN: not ascend-translate --import-mindir %t/m_graph.mindir --disable-output -o %t/y.mlir 2>&1 | FileCheck %s --check-prefix=NOO
// NOO: ascend-translate: error: --disable-output writes nothing; drop -o
// RUN: not ls %t/y.mlir

// A write error on the output (a full device) is reported, in both
// directions.
// RUN: not ascend-translate --import-mindir %t/m_graph.mindir -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not ascend-translate --export-mindir %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: ascend-translate: error: cannot write '/dev/full': No space left on device

module @m {
  mindspore.parameter @w : tensor<2xf32> = dense<[1.0, 2.0]> : tensor<2xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %w = mindspore.load @w : tensor<2xf32>
    %y = mindspore.add %x, %w : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
}
