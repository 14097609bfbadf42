//===- TensorCompare.cpp - compare results with eager values --------------===//
#include "ascend/Execution/CPURunner.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::ascend;

Tolerance Tolerance::forElementType(Type elementType) {
  if (elementType.isF16() || elementType.isBF16())
    return {0, 0, 1, elementType};
  if (isa<FloatType>(elementType))
    return {0, 1e-5};
  return {0, 0};
}

Tolerance Tolerance::forComputation(Type outputType, Type precision) {
  if (isa<FloatType>(outputType) && precision &&
      (precision.isF16() || precision.isBF16()))
    return {0, 0, 1, precision};
  return forElementType(outputType);
}

/// Rank of a float type's precision: lower is coarser.
static int precisionRank(Type t) {
  if (t.isBF16())
    return 0;
  if (t.isF16())
    return 1;
  if (t.isF32())
    return 2;
  return 3;
}

Type mlir::ascend::computationPrecision(Value value) {
  Type coarsest;
  auto consider = [&](Type type) {
    Type element = getElementTypeOrSelf(type);
    if (!isa<FloatType>(element))
      return;
    if (!coarsest || precisionRank(element) < precisionRank(coarsest))
      coarsest = element;
  };
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<Operation *, 32> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Operation *op = v.getDefiningOp();
    if (!op || !seen.insert(op).second)
      continue;
    // What was computed: the results of ops with operands (a parameter or
    // constant is not a computation; a bf16 weight cast to f32 is an f32 one).
    // An op that runs a kernel defined elsewhere (aicore.launch of a fused
    // kernel, by symbol) computes in its operands' types too.
    op->walk([&](Operation *inner) {
      if (inner->getNumOperands() == 0)
        return;
      for (Value result : inner->getResults())
        consider(result.getType());
      if (llvm::any_of(inner->getAttrs(), [](NamedAttribute a) {
            return isa<SymbolRefAttr>(a.getValue());
          }))
        for (Value operand : inner->getOperands())
          consider(operand.getType());
    });
    for (Value operand : op->getOperands())
      worklist.push_back(operand);
  }
  return coarsest;
}

/// The spacing of `type`'s values just above |x| (x rounded to `type`).
static double ulpAt(double x, Type type) {
  auto ft = cast<FloatType>(type);
  llvm::APFloat v(std::fabs(x));
  bool lost;
  v.convert(ft.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
  if (v.isInfinity() || v.isNaN())
    return INFINITY;
  llvm::APFloat next = v;
  next.next(/*nextDown=*/false);
  if (next.isInfinity()) { // the largest finite value: the spacing below it
    next = v;
    next.next(/*nextDown=*/true);
    return v.convertToDouble() - next.convertToDouble();
  }
  return next.convertToDouble() - v.convertToDouble();
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
    double bound = result.tolerance.ulps > 0
                       ? result.tolerance.ulps * ulpAt(e, result.tolerance.ulpType)
                       : atol + rtol * std::fabs(e);
    if (!same && !(abs <= bound) && result.ok) {
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
