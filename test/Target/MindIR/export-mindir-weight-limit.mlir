// Weights above the inline limit go to external data files beside the output,
// which a stream or a device does not have: the export refuses, writing
// nothing.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not ascend-translate --export-mindir --mindir-max-inline-weight-bytes=8 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEVNULL
// DEVNULL: error: the weights (12 bytes) go to external data files beside the MindIR file, which needs an output file path (-o FILE), not '/dev/null'
// RUN: not ascend-translate --export-mindir --mindir-external-data=always %s -o - 2>&1 | FileCheck %s --check-prefix=STDOUT
// STDOUT: error: the weights (12 bytes) go to external data files beside the MindIR file, which needs an output file path (-o FILE), not '-'

// A write error in a data file (here: the file size limit) names the file; no
// output file, no variables directory and no temporary directory are left.
// RUN: not sh -c 'trap "" XFSZ; ulimit -f 4; exec ascend-translate --export-mindir --mindir-external-data=always %S/Inputs/large-weight.mlir -o %t/big.mindir' 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: error: cannot write external data file '{{.*}}big_variables.tmp-{{[^/]*}}/data_0': File too large
// RUN: ls -A %t | count 0

// Above protobuf's 2 GiB limit, inline is refused before any data is read.
// RUN: not ascend-translate --export-mindir --mindir-external-data=never %S/Inputs/huge-splat.mlir -o %t/huge.mindir 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: weights of 2147483648 bytes cannot be written inline: a MindIR file (one protobuf message) holds less than 2 GiB; use --mindir-external-data=auto or =always
// RUN: ls -A %t | count 0

// Weights just under the limit, the whole model over it: refused when the
// model's size is summed up, before the first byte is written (the weights
// are streamed into the file after the graph).
// RUN: not ascend-translate --export-mindir --mindir-external-data=never %S/Inputs/huge-splat-total.mlir -o %t/total.mindir 2>&1 | FileCheck %s --check-prefix=TOTAL
// TOTAL: error: the MindIR model would be {{[0-9]+}} bytes: a MindIR file (one protobuf message) holds less than 2 GiB; use --mindir-external-data=auto or =always
// RUN: ls -A %t | count 0

module @too_large {
  mindspore.parameter @a : tensor<2xf32> = dense<1.0> : tensor<2xf32>
  mindspore.parameter @b : tensor<1xf32> = dense<2.0> : tensor<1xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}
