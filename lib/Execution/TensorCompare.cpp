//===- TensorCompare.cpp - compare results with eager values --------------===//
#include "ascend/Execution/CPURunner.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::ascend;

Tolerance Tolerance::forElementType(Type elementType) {
  if (elementType.isF16() || elementType.isBF16())
    return {0, 1e-2};
  if (isa<FloatType>(elementType))
    return {0, 1e-5};
  return {0, 0};
}

double mlir::ascend::elementAsDouble(const HostTensor &tensor, int64_t index) {
  Type type = tensor.type.getElementType();
  int64_t size = HostTensor::elementBytes(type);
  const char *p = tensor.data.data() + index * size;
  if (type.isF32()) {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  if (type.isF64()) {
    double v;
    std::memcpy(&v, p, 8);
    return v;
  }
  uint64_t bits = 0;
  std::memcpy(&bits, p, size); // little-endian host
  if (auto ft = dyn_cast<FloatType>(type)) {
    llvm::APFloat v(ft.getFloatSemantics(), llvm::APInt(ft.getWidth(), bits));
    return v.convertToDouble();
  }
  if (type.isInteger(1))
    return bits != 0;
  unsigned width = type.getIntOrFloatBitWidth();
  if (type.isUnsignedInteger() || width >= 64)
    return type.isUnsignedInteger() ? double(bits) : double(int64_t(bits));
  int64_t value = int64_t(bits << (64 - width)) >> (64 - width);
  return double(value);
}

static std::string formatIndex(RankedTensorType type, int64_t linear) {
  SmallVector<int64_t> index(type.getRank());
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    index[d] = linear % type.getDimSize(d);
    linear /= type.getDimSize(d);
  }
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(index, os);
  os << "]";
  return s;
}

OutputComparison mlir::ascend::compareTensors(const HostTensor &got,
                                              const HostTensor &eager,
                                              std::optional<Tolerance> tol) {
  OutputComparison result;
  Type elementType = eager.type.getElementType();
  result.tolerance = Tolerance::forElementType(elementType);
  bool isFloat = isa<FloatType>(elementType);
  if (tol && isFloat)
    result.tolerance = *tol;
  if (got.type != eager.type) {
    result.ok = false;
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "type " << got.type << " differs from the eager type " << eager.type;
    result.mismatch = s;
    return result;
  }
  int64_t n = eager.numElements();
  double scale = 1.0;
  for (int64_t i = 0; i < n; ++i) {
    double e = std::fabs(elementAsDouble(eager, i));
    if (std::isfinite(e))
      scale = std::max(scale, e);
  }
  double atol = result.tolerance.atol * scale;
  double rtol = result.tolerance.rtol;
  for (int64_t i = 0; i < n; ++i) {
    double g = elementAsDouble(got, i), e = elementAsDouble(eager, i);
    bool same = (std::isnan(g) && std::isnan(e)) || g == e;
    double abs = same ? 0.0 : std::fabs(g - e);
    if (std::isnan(abs))
      abs = INFINITY;
    result.maxAbsError = std::max(result.maxAbsError, abs);
    if (e != 0)
      result.maxRelError = std::max(result.maxRelError, abs / std::fabs(e));
    if (!same && !(abs <= atol + rtol * std::fabs(e)) && result.ok) {
      result.ok = false;
      std::string s;
      llvm::raw_string_ostream os(s);
      os << "element " << formatIndex(eager.type, i) << " is "
         << llvm::format("%.9g", g) << ", eager " << llvm::format("%.9g", e);
      result.mismatch = s;
    }
  }
  return result;
}
