//===- MindSporeOps.td - mindspore ops aggregator ----------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_MINDSPORE_OPS
#define ASCEND_DIALECT_MINDSPORE_OPS

include "ascend/Dialect/MindSpore/IR/MindSporeDialect.td"
include "ascend/Dialect/MindSpore/IR/MindSporeInterfaces.td"
include "ascend/Dialect/MindSpore/IR/MindSporeStructureOps.td"
include "ascend/Dialect/MindSpore/IR/MindSporeControlFlowOps.td"
include "ascend/Dialect/MindSpore/IR/MindSporeMathOps.td"
include "ascend/Dialect/MindSpore/IR/MindSporeNNOps.td"
include "ascend/Dialect/MindSpore/IR/MindSporeShapeOps.td"
include "ascend/Dialect/MindSpore/IR/MindSporeCustomOps.td"
include "ascend/Dialect/MindSpore/IR/MindSporeFusionOps.td"
include "ascend/Dialect/MindSpore/IR/MindSporeLayoutOps.td"
include "ascend/Dialect/MindSpore/IR/MindSporeCreationOps.td"

#endif // ASCEND_DIALECT_MINDSPORE_OPS
