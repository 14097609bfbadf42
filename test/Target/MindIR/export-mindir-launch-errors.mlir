// RUN: ascend-translate --export-mindir --verify-diagnostics %s -o /dev/null
// An AI Core kernel launch has a MindIR form only on the Custom route
// (ascend-compile --mindir-kernels=custom, which builds the kernel library).

aicore.kernel @copy(%in: memref<16xf32, #aicore.space<gm>>, %out: memref<16xf32, #aicore.space<gm>>) {
  aicore.return
}

func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @below {{the launch of AI Core kernel @copy has no MindIR form without the Custom route (--mindir-kernels=custom)}}
  %y = aicore.launch @copy(%x) : (tensor<16xf32>) -> tensor<16xf32>
  return %y : tensor<16xf32>
}
