//===- MindSporeStructureOps.td - parameters, constants, cond -*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_STRUCTURE_OPS
#define ASCEND_DIALECT_MINDSPORE_STRUCTURE_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def MindSpore_ParameterOp : MindSpore_Op<"parameter", [Symbol]> {
  let summary = "a named model weight (MindSpore Parameter)";
  let description = [{
    Declares one model parameter or buffer at module level, named after its
    PyTorch module path (`layer1.0.conv1.weight`). `value` holds the exact
    recorded weight bytes (usually a `dense_resource` blob); a parameter without
    a value is an input the deployer must supply. MindIR writes it as a
    GraphProto parameter named `<graph>:<sym_name>`.

    ```mlir
    mindspore.parameter @"fc.weight" : tensor<10x32xf32> = dense<...>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttrOf<AnyRankedTensor>:$type,
                       OptionalAttr<ElementsAttr>:$value,
                       DefaultValuedAttr<BoolAttr, "false">:$is_buffer);
  let assemblyFormat = [{
    $sym_name attr-dict `:` $type (`=` $value^)?
  }];
  let hasVerifier = 1;
}

def MindSpore_LoadOp : MindSpore_Op<"load", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "reads a parameter's value";
  let description = [{
    The current value of the `mindspore.parameter` named by `name`. The result
    type must equal the parameter's type.
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$name attr-dict `:` type($result)";
}

def MindSpore_ConstantOp : MindSpore_Op<"constant", [Pure, ConstantLike,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "a tensor constant (MindIR `Constant` node)";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::mlir::ElementsAttr":$value), [{
    build($_builder, $_state, ::llvm::cast<::mlir::TypedAttr>(value).getType(), value);
  }]>];
}

def MindSpore_YieldOp : MindSpore_Op<"yield", [Pure, Terminator,
    ReturnLike, ParentOneOf<["CondOp", "WhileOp", "FusionOp"]>]> {
  let summary = "yields the values of a cond region or a fusion group";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
}

def MindSpore_CondOp : MindSpore_Op<"cond", [
    RecursiveMemoryEffects, NoRegionArguments,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "two-way branch on a boolean tensor (MindIR Switch + call)";
  let description = [{
    Evaluates `then` when the 0-d (or one-element) boolean tensor `predicate`
    is true and `else` otherwise; yields the chosen region's values.
    Canonicalization inlines the chosen region when the predicate is a
    constant, and drops the branch when both regions compute the same thing. Recovered
    from eager runs that took each side of a Python `if` on a tensor. Both
    regions must yield values of the result types.

    ```mlir
    %r = mindspore.cond %p -> (tensor<4xf32>) {
      mindspore.yield %a : tensor<4xf32>
    } else {
      mindspore.yield %b : tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins TensorOf<[I1]>:$predicate);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, SizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $predicate `:` type($predicate) (`->` `(` type($results)^ `)`)? $thenRegion `else` $elseRegion attr-dict
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def MindSpore_AssertOp : MindSpore_Op<"assert", [
    MindSpore_PrimitiveOpInterface]> {
  let summary = "fails the program when the condition is false (MindSpore Assert)";
  let description = [{
    A guard: the program stops with `message` when the boolean tensor
    `condition` is false. Used where a recorded branch was seen one way only,
    so the unseen side fails loudly instead of computing the seen side.
  }];
  let arguments = (ins TensorOf<[I1]>:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
  let extraClassDeclaration = [{
    static ::llvm::StringRef getPrimitiveName() { return "Assert"; }
  }];
}

#endif // ASCEND_DIALECT_MINDSPORE_STRUCTURE_OPS
