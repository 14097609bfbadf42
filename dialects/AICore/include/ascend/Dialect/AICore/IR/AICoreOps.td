//===- AICoreOps.td - aicore ops aggregator ----------------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_OPS
#define ASCEND_DIALECT_AICORE_OPS

include "ascend/Dialect/AICore/IR/AICoreDialect.td"
include "ascend/Dialect/AICore/IR/AICoreAttrs.td"
include "ascend/Dialect/AICore/IR/AICoreKernelOps.td"
include "ascend/Dialect/AICore/IR/AICoreMemoryOps.td"
include "ascend/Dialect/AICore/IR/AICoreComputeOps.td"
include "ascend/Dialect/AICore/IR/AICoreSyncOps.td"
include "ascend/Dialect/AICore/IR/AICoreVectorOps.td"

#endif // ASCEND_DIALECT_AICORE_OPS
