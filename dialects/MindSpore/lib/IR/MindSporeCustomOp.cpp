//===- MindSporeCustomOp.cpp - mindspore.custom ---------------------------===//
//
// The opaque op that keeps an eager op the compiler has no primitive for.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::ascend::mindspore;

ArrayRef<StringRef> CustomOp::getReservedAttrNames() {
  static const StringRef names[] = {"func_name", "func_type", "input_names",
                                    "output_names"};
  return names;
}

bool CustomOp::isSupportedAttrValue(Attribute value) {
  if (auto i = dyn_cast<IntegerAttr>(value))
    return i.getType().isSignlessInteger(64) ||
           i.getType().isSignlessInteger(1);
  if (auto f = dyn_cast<FloatAttr>(value))
    return f.getType().isF32() || f.getType().isF64();
  if (auto t = dyn_cast<TypeAttr>(value))
    return isa<IntegerType, FloatType>(t.getValue());
  return isa<StringAttr, UnitAttr, DenseI64ArrayAttr, DenseF64ArrayAttr>(value);
}

LogicalResult CustomOp::verify() {
  if (getFuncName().empty())
    return emitOpError("expects a non-empty func_name (the eager op or kernel "
                       "it stands for)");
  if (getFuncType().empty())
    return emitOpError("expects a non-empty func_type");
  for (NamedAttribute entry : getAttrs()) {
    StringRef name = entry.getName().getValue();
    if (llvm::is_contained(getReservedAttrNames(), name))
      return emitOpError("attrs entry '")
             << name
             << "' clashes with the Custom primitive's own attribute "
                "of that name";
    if (!isSupportedAttrValue(entry.getValue()))
      return emitOpError("attrs entry '")
             << name << "' is " << entry.getValue()
             << ", which a Custom primitive cannot hold (expected an i64, "
                "bool, f32 or f64 number, a string, a dtype, an i64 or f64 "
                "array, or unit)";
  }
  return success();
}
