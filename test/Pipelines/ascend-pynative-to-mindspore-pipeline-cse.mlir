// The pynative -> mindspore pipeline eliminates common subexpressions with
// ascend-mindspore-cse: the programs it gives are those of the same pipeline
// with MLIR's cse, locations included, on the conversion tests' runs
// (straight-line models, loops, aliases).
// RUN: ascend-opt %S/../Conversion/PyNativeToMindSpore/convert-pynative-to-mindspore.mlir --split-input-file --ascend-pynative-to-mindspore-pipeline --mlir-print-debuginfo > %t.fast
// RUN: ascend-opt %S/../Conversion/PyNativeToMindSpore/convert-pynative-to-mindspore.mlir --split-input-file --pass-pipeline='builtin.module(convert-pynative-to-mindspore,func.func(ascend-mindspore-fold-transpose,canonicalize{top-down=true region-simplify=disabled},cse))' --mlir-print-debuginfo > %t.upstream
// RUN: diff %t.upstream %t.fast
// RUN: ascend-opt %S/../Conversion/PyNativeToMindSpore/convert-pynative-to-mindspore-loops.mlir --split-input-file --ascend-pynative-to-mindspore-pipeline --mlir-print-debuginfo > %t.fast
// RUN: ascend-opt %S/../Conversion/PyNativeToMindSpore/convert-pynative-to-mindspore-loops.mlir --split-input-file --pass-pipeline='builtin.module(convert-pynative-to-mindspore,func.func(ascend-mindspore-fold-transpose,canonicalize{top-down=true region-simplify=disabled},cse))' --mlir-print-debuginfo > %t.upstream
// RUN: diff %t.upstream %t.fast
// RUN: ascend-opt %S/../Conversion/PyNativeToMindSpore/convert-pynative-to-mindspore-aliases.mlir --split-input-file --ascend-pynative-to-mindspore-pipeline --mlir-print-debuginfo > %t.fast
// RUN: ascend-opt %S/../Conversion/PyNativeToMindSpore/convert-pynative-to-mindspore-aliases.mlir --split-input-file --pass-pipeline='builtin.module(convert-pynative-to-mindspore,func.func(ascend-mindspore-fold-transpose,canonicalize{top-down=true region-simplify=disabled},cse))' --mlir-print-debuginfo > %t.upstream
// RUN: diff %t.upstream %t.fast
// The pipeline does merge duplicates there: `x[ids]` (aten.index.Tensor)
// and `embedding(x, ids)` of the same tensor and indices become one gather.
// RUN: ascend-opt %S/../Conversion/PyNativeToMindSpore/convert-pynative-to-mindspore.mlir --split-input-file --ascend-pynative-to-mindspore-pipeline | FileCheck %s
// CHECK: func.func @main(%arg0: tensor<4x4xf16>, %arg1: tensor<3xi64>)
// CHECK: %[[G:.*]] = mindspore.gather %arg0, %arg1 {axis = 0 : i64} : (tensor<4x4xf16>, tensor<3xi64>) -> tensor<3x4xf16>
// CHECK-NOT: mindspore.gather %arg0, %arg1 {axis = 0 : i64}
// CHECK: return %{{.*}}, %[[G]], %{{.*}}, %{{.*}}, %[[G]] :
