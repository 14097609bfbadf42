//===- MindSporeCheckpoint.cpp - weights as a MindSpore .ckpt -------------===//
//
// A .ckpt file is what mindspore.save_checkpoint writes: serialized
// `Checkpoint` messages one after the other, each with one `Value` (tag =
// parameter name, tensor = dims, tensor_type, tensor_content = the raw
// bytes). load_checkpoint parses the file as one Checkpoint (protobuf
// concatenation merges the repeated `value`s).
//
//===----------------------------------------------------------------------===//
#include "MindSporePythonWriter.h"

#include "checkpoint.pb.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::ascend::mspy {

std::optional<DTypeNames> dtypeNames(Type type) {
  if (type.isF32())
    return DTypeNames{"ms.float32", "np.float32", "Float32"};
  if (type.isF16())
    return DTypeNames{"ms.float16", "np.float16", "Float16"};
  if (type.isBF16())
    return DTypeNames{"ms.bfloat16", "", "BFloat16"};
  if (type.isF64())
    return DTypeNames{"ms.float64", "np.float64", "Float64"};
  if (type.isInteger(1))
    return DTypeNames{"ms.bool_", "np.bool_", "Bool"};
  if (auto integer = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 8:
      return isUnsigned ? DTypeNames{"ms.uint8", "np.uint8", "UInt8"}
                        : DTypeNames{"ms.int8", "np.int8", "Int8"};
    case 16:
      return isUnsigned ? std::optional<DTypeNames>()
                        : DTypeNames{"ms.int16", "np.int16", "Int16"};
    case 32:
      return isUnsigned ? std::optional<DTypeNames>()
                        : DTypeNames{"ms.int32", "np.int32", "Int32"};
    case 64:
      return isUnsigned ? std::optional<DTypeNames>()
                        : DTypeNames{"ms.int64", "np.int64", "Int64"};
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

LogicalResult rawBytes(ElementsAttr value, Location loc, std::string &out) {
  out.clear();
  auto type = cast<ShapedType>(value.getType());
  Type elementType = type.getElementType();
  int64_t count = type.getNumElements();
  int64_t width = elementType.isInteger(1)
                      ? 1
                      : int64_t(elementType.getIntOrFloatBitWidth() + 7) / 8;
  int64_t expected = count * width;
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return emitError(loc) << "the data of dense_resource '"
                            << resource.getRawHandle().getKey()
                            << "' is not available";
    ArrayRef<char> data = blob->getData();
    if (int64_t(data.size()) != expected)
      return emitError(loc) << "dense_resource '"
                            << resource.getRawHandle().getKey() << "' holds "
                            << data.size() << " bytes, expected " << expected;
    out.assign(data.data(), data.size());
    return success();
  }
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return emitError(loc) << "cannot read the bytes of " << value;
  if (elementType.isInteger(1)) {
    for (bool b : dense.getValues<bool>())
      out.push_back(b ? 1 : 0);
    return success();
  }
  ArrayRef<char> data = dense.getRawData();
  if (dense.isSplat()) {
    for (int64_t i = 0; i < count; ++i)
      out.append(data.data(), data.size());
  } else {
    out.assign(data.data(), data.size());
  }
  if (int64_t(out.size()) != expected)
    return emitError(loc) << "cannot read the bytes of " << value;
  return success();
}

LogicalResult writeCheckpoint(ArrayRef<mindspore::ParameterOp> parameters,
                              llvm::raw_ostream &out) {
  for (mindspore::ParameterOp parameter : parameters) {
    auto type = cast<ShapedType>(parameter.getType());
    std::optional<DTypeNames> names = dtypeNames(type.getElementType());
    if (!names)
      return parameter.emitError()
             << "mindspore-python: a MindSpore checkpoint cannot hold "
                "parameter '"
             << parameter.getSymName() << "' of element type "
             << type.getElementType();
    ::Checkpoint message;
    ::Checkpoint::Value *entry = message.add_value();
    entry->set_tag(parameter.getSymName().str());
    ::TensorProto *tensor = entry->mutable_tensor();
    for (int64_t d : type.getShape())
      tensor->add_dims(d);
    tensor->set_tensor_type(names->ckpt.str());
    if (failed(rawBytes(*parameter.getValue(), parameter.getLoc(),
                        *tensor->mutable_tensor_content())))
      return failure();
    std::string bytes;
    if (!message.SerializeToString(&bytes))
      return parameter.emitError()
             << "mindspore-python: cannot serialize parameter '"
             << parameter.getSymName() << "'";
    out << bytes;
  }
  return success();
}

} // namespace mlir::ascend::mspy
