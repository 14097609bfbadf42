// Weights in external data files (--mindir-external-data=always on a small
// model): the .mindir keeps the graph, <stem>_variables/data_0 the bytes
// (64-byte header whose byte 0 is the little-endian flag, each tensor at a
// multiple of 64 bytes); importing and exporting again gives the same files.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ascend-translate --export-mindir --mindir-external-data=always %s -o %t/net_graph.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t/net_graph.mindir | FileCheck %s --check-prefix=PROTO
// PROTO:      parameter {
// PROTO-NEXT:   dims: 2
// PROTO-NEXT:   data_type: 1
// PROTO-NEXT:   name: "ext:w"
// PROTO-NEXT:   external_data {
// PROTO-NEXT:     location: "net_variables/data_0"
// PROTO-NEXT:     offset: 64
// PROTO-NEXT:     length: 8
// PROTO-NEXT:   }
// PROTO-NEXT:   ref_key: "w"
// PROTO-NEXT: }
// PROTO:      parameter {
// PROTO-NEXT:   dims: 3
// PROTO-NEXT:   data_type: 7
// PROTO-NEXT:   name: "ext:idx"
// PROTO-NEXT:   external_data {
// PROTO-NEXT:     location: "net_variables/data_0"
// PROTO-NEXT:     offset: 128
// PROTO-NEXT:     length: 24
// PROTO-NEXT:   }
// PROTO-NOT:  raw_data

// The data file: header (01, 63 zero bytes), w = [1.0, 2.0] padded to 64
// bytes, idx = [1, 2, 3] as int64 padded to 64 bytes.
// RUN: od -An -tx1 -v %t/net_variables/data_0 | tr -d ' \n' > %t/data.hex
// RUN: FileCheck %s --check-prefix=DATA < %t/data.hex
// DATA: {{^01(0{126})}}0000803f00000040{{(0{112})}}010000000000000002000000000000000300000000000000{{(0{80})$}}
// RUN: ls %t | FileCheck %s --check-prefix=LS
// LS-NOT: tmp
// LS: net_graph.mindir
// LS-NEXT: net_variables
// LS-NOT: tmp

// Import reads the data back: the exact values.
// RUN: ascend-translate --import-mindir %t/net_graph.mindir -o %t/net.mlir
// RUN: FileCheck %s --check-prefix=IMPORT < %t/net.mlir
// IMPORT: mindspore.parameter @w : tensor<2xf32> = dense_resource<w> : tensor<2xf32>
// IMPORT: mindspore.parameter @idx : tensor<3xi64> = dense_resource<idx> : tensor<3xi64>
// IMPORT: w: "0x040000000000803F00000040"
// IMPORT: idx: "0x08000000010000000000000002000000000000000300000000000000"

// Exporting the import again writes the same bytes (over the old directory).
// RUN: cp %t/net_graph.mindir %t/first.mindir && cp %t/net_variables/data_0 %t/first_data_0
// RUN: ascend-translate --export-mindir --mindir-external-data=always %t/net.mlir -o %t/net_graph.mindir
// RUN: cmp %t/first.mindir %t/net_graph.mindir
// RUN: cmp %t/first_data_0 %t/net_variables/data_0

// Inline (the default below 1 GiB) holds the same values as raw_data, and
// imports to the same module.
// RUN: ascend-translate --export-mindir %s -o %t/inline.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t/inline.mindir | FileCheck %s --check-prefix=INLINE
// INLINE: raw_data: "\000\000\200?\000\000\000@"
// INLINE-NOT: external_data
// RUN: ascend-translate --import-mindir %t/inline.mindir -o %t/inline.mlir
// RUN: diff %t/net.mlir %t/inline.mlir
// RUN: not ls %t/inline_variables

// auto goes external above --mindir-max-inline-weight-bytes; a name without
// "_graph" gets <name>_variables. A new file starts where the next tensor
// would cross --mindir-external-file-bytes.
// RUN: ascend-translate --export-mindir --mindir-max-inline-weight-bytes=16 --mindir-external-file-bytes=130 %s -o %t/auto.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t/auto.mindir | FileCheck %s --check-prefix=SPLIT
// SPLIT: location: "auto_variables/data_0"
// SPLIT-NEXT: offset: 64
// SPLIT: location: "auto_variables/data_1"
// SPLIT-NEXT: offset: 64
// RUN: ascend-translate --import-mindir %t/auto.mindir -o %t/auto.mlir
// RUN: diff %t/net.mlir %t/auto.mlir

// never keeps them inline whatever the limit.
// RUN: ascend-translate --export-mindir --mindir-max-inline-weight-bytes=16 --mindir-external-data=never %s -o %t/never.mindir
// RUN: %protoc -I %src_root/lib/Target/MindIR --decode=mind_ir.ModelProto mind_ir.proto < %t/never.mindir | FileCheck %s --check-prefix=INLINE
// RUN: not ls %t/never_variables

module @ext {
  mindspore.parameter @w : tensor<2xf32> = dense<[1.0, 2.0]> : tensor<2xf32>
  mindspore.parameter @idx : tensor<3xi64> = dense<[1, 2, 3]> : tensor<3xi64>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %w = mindspore.load @w : tensor<2xf32>
    %y = mindspore.add %x, %w : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
}
