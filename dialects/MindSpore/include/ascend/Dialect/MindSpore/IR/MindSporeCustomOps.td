//===- MindSporeCustomOps.td - opaque kept eager ops -------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_CUSTOM_OPS
#define ASCEND_DIALECT_MINDSPORE_CUSTOM_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeBase.td"

def MindSpore_CustomOp : MindSpore_Op<"custom", [
    MindSpore_PrimitiveOpInterface]> {
  let summary = "an eager op kept opaque (MindSpore Custom)";
  let description = [{
    An op the compiler has no primitive for, kept as it ran in eager mode so
    the rest of the program still compiles (`--keep-unsupported`, or a user
    mapping to `mindspore.custom`). `func_name` is the eager op's name
    (`aten.erfinv.default`) or the name of the user's kernel, `func_type` says
    what kind of function it names (`pytorch_aten` for an eager op kept by
    `--keep-unsupported`), and `attrs` holds the eager op's non-tensor
    arguments by schema name: integers, floats, bools, strings, dtypes, arrays
    of numbers, or `unit` for Python None. The operands are the tensor
    arguments in schema order; the results have the recorded types.

    MindIR writes it as a `Custom` primitive whose attributes are `func_type`,
    `func_name` and every entry of `attrs`. It has no CPU lowering: the
    deployer must register a kernel for it.

    ```mlir
    %y = mindspore.custom "aten.erfinv.default"(%x) func_type "pytorch_aten"
           attrs {} : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins StrAttr:$func_name, StrAttr:$func_type,
                       DictionaryAttr:$attrs,
                       Variadic<AnyRankedTensor>:$inputs);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    $func_name `(` $inputs `)` `func_type` $func_type `attrs` $attrs attr-dict
    `:` functional-type($inputs, $results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static ::llvm::StringRef getPrimitiveName() { return "Custom"; }
    /// Primitive attribute names MindIR uses itself; an `attrs` entry may not
    /// take one of them.
    static ::llvm::ArrayRef<::llvm::StringRef> getReservedAttrNames();
    /// Whether `value` can be an `attrs` entry (and so a MindIR attribute).
    static bool isSupportedAttrValue(::mlir::Attribute value);
  }];
}

#endif // ASCEND_DIALECT_MINDSPORE_CUSTOM_OPS
