//===- CustomLowering.cpp - mindspore.custom has no CPU lowering ----------===//
//
// A `mindspore.custom` keeps an eager op the compiler has no primitive for
// (--keep-unsupported, or a user mapping to a kernel). There is nothing to
// run it with on the CPU: this pattern says so clearly, naming the op, instead
// of the generic "failed to legalize" of the conversion driver.
//
//===----------------------------------------------------------------------===//
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace ms = mlir::ascend::mindspore;

namespace {
struct CustomLowering : OpConversionPattern<ms::CustomOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ms::CustomOp op, OpAdaptor,
                                ConversionPatternRewriter &) const override {
    op.emitError("'mindspore.custom' (")
        << op.getFuncName() << ", func_type '" << op.getFuncType()
        << "') cannot run on the CPU: it has no lowering (it was kept from "
           "eager mode by --keep-unsupported or a user mapping); map it to "
           "mindspore ops with --mapping-file to run it";
    return failure();
  }
};
} // namespace

void mlir::ascend::populateMindSporeCustomLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<CustomLowering>(patterns.getContext());
}
