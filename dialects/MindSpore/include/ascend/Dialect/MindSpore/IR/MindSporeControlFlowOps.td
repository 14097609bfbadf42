//===- MindSporeControlFlowOps.td - recovered loops --------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_CONTROLFLOW_OPS
#define ASCEND_DIALECT_MINDSPORE_CONTROLFLOW_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def MindSpore_WhileOp : MindSpore_Op<"while", [RecursiveMemoryEffects]> {
  let summary = "a loop whose exit test is computed in the graph (do-while)";
  let description = [{
    Recovered from a Python `while` on a tensor predicate whose runs took
    different trip counts. The loop state starts as `inits`. Each trip runs the
    `before` region on the state (the loop body followed by the next exit test;
    the test before the first trip is outside the op); its
    `mindspore.condition` gives the continue flag (a one-element i1 tensor) and
    the values of this trip. While the flag is true the `after` region maps
    those values to the next state (usually unchanged); when it is false they
    are the results. Block arguments of both regions and the results have the
    types of `inits`. MindIR writes a loop as a header graph that calls itself
    through a Switch (tail recursion).

    ```mlir
    %r:2 = mindspore.while (%x0, %i0) : (tensor<2x16xf32>, tensor<i64>) -> (tensor<2x16xf32>, tensor<i64>) {
    ^bb0(%x: tensor<2x16xf32>, %i: tensor<i64>):
      ...
      mindspore.condition %more, %x1, %i1 : tensor<i1>, tensor<2x16xf32>, tensor<i64>
    } do {
    ^bb0(%x: tensor<2x16xf32>, %i: tensor<i64>):
      mindspore.yield %x, %i : tensor<2x16xf32>, tensor<i64>
    }
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inits);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$before, SizedRegion<1>:$after);
  let assemblyFormat = [{
    `(` $inits `)` attr-dict `:` functional-type($inits, results) $before `do` $after
  }];
  let hasVerifier = 1;
}

def MindSpore_ConditionOp : MindSpore_Op<"condition", [Pure, Terminator,
    HasParent<"WhileOp">]> {
  let summary = "ends a trip of a mindspore.while: continue flag and values";
  let arguments = (ins TensorOf<[I1]>:$flag, Variadic<AnyRankedTensor>:$values);
  let assemblyFormat = [{
    $flag (`,` $values^)? attr-dict `:` type($flag) (`,` type($values)^)?
  }];
}

#endif // ASCEND_DIALECT_MINDSPORE_CONTROLFLOW_OPS
