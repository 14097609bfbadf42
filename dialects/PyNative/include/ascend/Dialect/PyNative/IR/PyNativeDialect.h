//===- PyNativeDialect.h - eager trace dialect ------------------*- C++ -*-===//
//
// The `pynative` dialect: recorded eager runs. See PyNativeOps.td.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_DIALECT_PYNATIVE_IR_PYNATIVEDIALECT_H
#define ASCEND_DIALECT_PYNATIVE_IR_PYNATIVEDIALECT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h.inc"
#include "ascend/Dialect/PyNative/IR/PyNativeEnums.h.inc"

#define GET_OP_CLASSES
#include "ascend/Dialect/PyNative/IR/PyNativeOps.h.inc"

#endif // ASCEND_DIALECT_PYNATIVE_IR_PYNATIVEDIALECT_H
