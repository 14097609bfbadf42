//===- MindSporeBase.td - shared op classes ----------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_BASE
#define ASCEND_DIALECT_MINDSPORE_BASE

include "ascend/Dialect/MindSpore/IR/MindSporeDialect.td"
include "ascend/Dialect/MindSpore/IR/MindSporeInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"

def MindSpore_Tensor : RankedTensorOf<[AnyFloat, AnySignlessInteger, I1]>;
def MindSpore_FloatTensor : RankedTensorOf<[AnyFloat]>;

// One primitive application with a pure tensor semantics. `prim` is the
// MindSpore primitive name returned by getPrimitiveName().
class MindSpore_PrimOpBase<string mnemonic, string prim, list<Trait> traits = []>
    : MindSpore_Op<mnemonic, !listconcat(traits, [Pure,
        MindSpore_PrimitiveOpInterface])> {
  code primitiveDecl = "static ::llvm::StringRef getPrimitiveName() { return \""
                       # prim # "\"; }";
  let extraClassDeclaration = primitiveDecl;
}

// A primitive whose result type is computed by inferReturnTypes (C++).
class MindSpore_PrimOp<string mnemonic, string prim, list<Trait> traits = []>
    : MindSpore_PrimOpBase<mnemonic, prim, !listconcat(traits, [InferTypeOpAdaptor])>;

// Elementwise binary primitive with NumPy broadcasting (MindSpore's implicit
// broadcast rules): operand shapes are aligned at the trailing dimension and a
// dimension of 1 stretches. Operand element types must agree.
class MindSpore_BroadcastBinaryOp<string mnemonic, string prim>
    : MindSpore_PrimOp<mnemonic, prim, [SameOperandsElementType]> {
  let arguments = (ins MindSpore_Tensor:$lhs, MindSpore_Tensor:$rhs);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

// Elementwise unary primitive; result type equals the operand type.
class MindSpore_UnaryOp<string mnemonic, string prim>
    : MindSpore_PrimOpBase<mnemonic, prim, [SameOperandsAndResultType]> {
  let arguments = (ins MindSpore_FloatTensor:$input);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

// Elementwise unary primitive on float or integer tensors; result type equals
// the operand type.
class MindSpore_NumericUnaryOp<string mnemonic, string prim>
    : MindSpore_PrimOpBase<mnemonic, prim, [SameOperandsAndResultType]> {
  let arguments = (ins MindSpore_Tensor:$input);
  let results = (outs MindSpore_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

// Elementwise comparison with broadcasting; operands of one element type, a
// boolean (i1) result of the broadcast shape.
class MindSpore_CompareOp<string mnemonic, string prim>
    : MindSpore_BroadcastBinaryOp<mnemonic, prim>;

// Elementwise boolean binary primitive with broadcasting.
class MindSpore_LogicalBinaryOp<string mnemonic, string prim>
    : MindSpore_PrimOp<mnemonic, prim, [SameOperandsElementType]> {
  let arguments = (ins TensorOf<[I1]>:$lhs, TensorOf<[I1]>:$rhs);
  let results = (outs TensorOf<[I1]>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

// Reduction over `axis` (every axis when empty); reduced dimensions are kept
// as 1 when `keep_dims`, dropped otherwise. MindSpore takes `axis` as an input
// tuple and `keep_dims` as a primitive attribute.
class MindSpore_ReduceOp<string mnemonic, string prim>
    : MindSpore_PrimOp<mnemonic, prim> {
  let arguments = (ins MindSpore_FloatTensor:$input, DenseI64ArrayAttr:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$keep_dims);
  let results = (outs MindSpore_FloatTensor:$result);
  let assemblyFormat = "$input `,` $axis attr-dict `:` functional-type(operands, results)";
}

#endif // ASCEND_DIALECT_MINDSPORE_BASE
