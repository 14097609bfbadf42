//===- PyNativeOps.td - pynative ops -----------------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_PYNATIVE_OPS
#define ASCEND_DIALECT_PYNATIVE_OPS

include "ascend/Dialect/PyNative/IR/PyNativeDialect.td"
include "ascend/Dialect/PyNative/IR/PyNativeEnums.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"

// A ranked tensor of any element type, checked with one isa: AnyRankedTensor
// also casts each value's type to the ShapedType interface to check its
// element type (any), a lookup per value that was a tenth of verifying a
// module of a million recorded ops. Same summary, so the same diagnostics.
def PyNative_AnyRankedTensor : Type<
    CPred<"::llvm::isa<::mlir::RankedTensorType>($_self)">,
    "ranked tensor of any type values", "::mlir::RankedTensorType">;

def PyNative_TraceOp : PyNative_Op<"trace", [IsolatedFromAbove,
    FunctionOpInterface, AutomaticAllocationScope]> {
  let summary = "one recorded eager run";
  let description = [{
    The ops one eager call of the model ran, in order. Block arguments are the
    model inputs in call order; `pynative.output` returns the model outputs in
    return order (nested tuples flattened). `run` is the run's index in the
    trace file.

    ```mlir
    pynative.trace @run_0(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {run = 0 : i64} {
      %0 = pynative.op "aten.relu.default"(%x) {operand_names = ["self"]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
      pynative.output %0 : tensor<4x8xf32>
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       I64Attr:$run,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    ::mlir::Region *getCallableRegion() { return &getBody(); }
  }];
}

def PyNative_OutputOp : PyNative_Op<"output", [Pure, Terminator, ReturnLike,
    HasParent<"TraceOp">]> {
  let summary = "the model outputs of a recorded run";
  let arguments = (ins Variadic<AnyRankedTensor>:$outputs);
  let assemblyFormat = "attr-dict ($outputs^ `:` type($outputs))?";
  let hasVerifier = 1;
}

def PyNative_ParameterOp : PyNative_Op<"parameter", [Symbol]> {
  let summary = "a named model parameter or buffer with its recorded value";
  let description = [{
    `sym_name` is the PyTorch name from named_parameters()/named_buffers()
    (`layer1.0.conv1.weight`); `value` holds the exact recorded bytes.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttrOf<AnyRankedTensor>:$type,
                       ElementsAttr:$value, UnitAttr:$is_buffer);
  let assemblyFormat = "$sym_name attr-dict `:` $type `=` $value";
  let hasVerifier = 1;
}

def PyNative_GetParameterOp : PyNative_Op<"get_parameter", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the value of a pynative.parameter inside a run";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$name attr-dict `:` type($result)";
}

def PyNative_ConstantOp : PyNative_Op<"constant", [Pure, ConstantLike,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "a tensor first seen without a name, with its recorded value";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "attr-dict $value";
  let builders = [OpBuilder<(ins "::mlir::ElementsAttr":$value), [{
    build($_builder, $_state, ::llvm::cast<::mlir::TypedAttr>(value).getType(), value);
  }]>];
}

def PyNative_RecordedOp : PyNative_Op<"op"> {
  let summary = "one aten-level op as it ran in eager mode";
  let description = [{
    `name` is the dispatcher's name (`aten.convolution.default`). Tensor
    arguments are operands, in schema order; `operand_names[i]` is the schema
    argument name of operand i (repeated for the elements of a tensor list).
    Every other argument is an entry of `args`, keyed by its schema name: an
    integer, float, bool, string, array of numbers, or `unit` for Python None.
    A tensor list holding None elements (`Tensor?[]`, such as the `indices`
    of `x[:, i]`) has operands for its tensors only, and an `args` entry
    `"<name>.none"` with the list positions of the Nones.
    `mutated_operands` lists the operands the op writes (in-place ops such as
    `aten.relu_`); `result_aliases[i]` is the operand result i aliases (a view
    or in-place result) or -1.
  }];
  let arguments = (ins StrAttr:$name, Variadic<PyNative_AnyRankedTensor>:$inputs,
                       StrArrayAttr:$operand_names, DictionaryAttr:$args,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$mutated_operands,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$result_aliases);
  let results = (outs Variadic<PyNative_AnyRankedTensor>:$results);
  let assemblyFormat = [{
    $name `(` $inputs `)` attr-dict `:` functional-type($inputs, $results)
  }];
  let hasVerifier = 1;
}

def PyNative_BranchOp : PyNative_Op<"branch"> {
  let summary = "Python branched on the bool of a tensor";
  let description = [{
    `Tensor.__bool__` ran on `predicate` and returned `value`; `kind` tells
    how the bytecode used it (an `if` or a loop's first test, a while-loop
    back-edge, or library code). `activation` identifies the Python frame
    activation it ran in. The location is the user code's file:line:col.
  }];
  let arguments = (ins AnyRankedTensor:$predicate, BoolAttr:$value,
                       PyNative_BranchKind:$kind, I64Attr:$activation);
  let assemblyFormat = "$predicate `,` $value `,` $kind attr-dict `:` type($predicate)";
}

def PyNative_ScalarReadOp : PyNative_Op<"scalar_read"> {
  let summary = "Python read a number from a tensor (item, int, float, ...)";
  let description = [{
    `method` is "item", "int", "float", "index" or "tolist". For "tolist",
    `values` holds every element read (row-major, as many as the tensor has)
    and `value` the first one (0 when none); the other methods read one
    element and have no `values`.

    `only_tensor_args` is set when the recorder saw that Python itself never
    used the number after reading it (no comparison, truth test, arithmetic
    or conversion): it only went into later tensor ops as an argument, so a
    compiled program can keep it as a tensor. Without it the number may have
    decided Python control flow and the program is specialized on it.
  }];
  let arguments = (ins AnyRankedTensor:$tensor, StrAttr:$method, F64Attr:$value,
                       I64Attr:$activation, OptionalAttr<DenseF64ArrayAttr>:$values,
                       UnitAttr:$only_tensor_args);
  let assemblyFormat = "$tensor `,` $method `,` $value attr-dict `:` type($tensor)";
  let hasVerifier = 1;
}

def PyNative_LoopIterOp : PyNative_Op<"loop_iter"> {
  let summary = "Python reached a loop head in user code";
  let description = [{
    Iteration `iteration` (0 for the first visit) of the loop whose head is
    at this op's location, in frame activation `activation`.
  }];
  let arguments = (ins I64Attr:$iteration, I64Attr:$activation);
  let assemblyFormat = "$iteration attr-dict";
}

def PyNative_CallOp : PyNative_Op<"call"> {
  let summary = "a function-level call (TorchFunctionMode) as it started";
  let description = [{
    `name` is `torch.overrides.resolve_name` of the function
    (`torch.nn.functional.linear`, `torch.Tensor.size`). `id` numbers the call
    within the trace file; the `pynative.op`s it ran carry `function_call = id`.
    `parent` is the enclosing recorded call (0 = none). Tensor arguments are
    operands (`operand_names[i]` is "0", "1", ... for positional arguments, the
    keyword otherwise); other arguments are entries of `args`. `returned` holds
    the non-tensor results by position ("0", "1", ...): `x.size(0)` returns
    `{"0" = 5 : i64}`. Tensor results are the results of the ops it ran.
    Emitted only when the importer is asked for function calls
    (`--pynative-function-calls`).

    ```mlir
    pynative.call "torch.Tensor.size"(%x) {activation = 3 : i64, args = {"1" = 0 : i64}, id = 7 : i64, operand_names = ["0"], parent = 0 : i64, returned = {"0" = 5 : i64}} : tensor<5x32xf32>
    ```
  }];
  let arguments = (ins StrAttr:$name, I64Attr:$id, I64Attr:$parent,
                       Variadic<AnyRankedTensor>:$inputs,
                       StrArrayAttr:$operand_names, DictionaryAttr:$args,
                       DictionaryAttr:$returned, I64Attr:$activation);
  let assemblyFormat = [{
    $name `(` $inputs `)` attr-dict (`:` type($inputs)^)?
  }];
  let hasVerifier = 1;
}

#endif // ASCEND_DIALECT_PYNATIVE_OPS
