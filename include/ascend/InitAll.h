//===- InitAll.h - register ascend-opt dialects and passes ------*- C++ -*-===//
//
// One place that knows every dialect, pass and translation of ascend-opt, so
// that each tool registers only what it parses (see docs/ and style.md).
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_INITALL_H
#define ASCEND_INITALL_H

namespace mlir {
class DialectRegistry;
namespace ascend {

/// Adds the pynative, mindspore and aicore dialects plus the upstream dialects
/// their IR uses (func, arith, tensor, memref, scf).
void registerAllDialects(DialectRegistry &registry);

/// Registers every ascend-opt pass and pipeline with the global registry.
void registerAllPasses();

/// Registers the ascend-translate translations (trace import, MindIR export).
void registerAllTranslations();

} // namespace ascend
} // namespace mlir

#endif // ASCEND_INITALL_H
