//===- AICoreVectorOps.cpp - Vector op verifiers and costs ----------------===//
//
// The rules are documented in AICoreVectorOps.td.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::ascend::aicore;

#include "ascend/Dialect/AICore/IR/AICoreInterfaces.cpp.inc"

namespace {
enum class TypeClass { Numeric, Float, Mask, Any };

bool isNumeric(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isSignlessInteger(16) ||
         t.isSignlessInteger(32);
}

bool inClass(Type t, TypeClass c) {
  switch (c) {
  case TypeClass::Numeric:
    return isNumeric(t);
  case TypeClass::Float:
    return t.isF16() || t.isBF16() || t.isF32();
  case TypeClass::Mask:
    return t.isInteger(1);
  case TypeClass::Any:
    return t.isF16() || t.isBF16() || t.isF32() || t.isSignlessInteger(1) ||
           t.isSignlessInteger(8) || t.isSignlessInteger(16) ||
           t.isSignlessInteger(32) || t.isSignlessInteger(64);
  }
  llvm_unreachable("type class");
}

StringRef describe(TypeClass c) {
  switch (c) {
  case TypeClass::Numeric:
    return "f16, bf16, f32, i16 or i32";
  case TypeClass::Float:
    return "f16, bf16 or f32";
  case TypeClass::Mask:
    return "i1";
  case TypeClass::Any:
    return "f16, bf16, f32, i1, i8, i16, i32 or i64";
  }
  llvm_unreachable("type class");
}

std::string shapeText(MemRefType t) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(t.getShape(), os);
  os << "]";
  return s;
}

int64_t elementBytes(MemRefType t) {
  return llvm::divideCeil(t.getElementTypeBitWidth(), 8);
}

/// UB, rank 1-2, unit innermost stride, 32 B aligned static offset.
LogicalResult verifyTile(Operation *op, Value v, StringRef name) {
  auto type = cast<MemRefType>(v.getType());
  if (getAddressSpace(type) != AddressSpace::UB)
    return op->emitOpError("expects ")
           << name << " in #aicore.space<ub>, got " << type;
  if (type.getRank() < 1 || type.getRank() > 2)
    return op->emitOpError("expects ")
           << name << " of rank 1 or 2, got " << type;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return op->emitOpError("expects ")
           << name << " contiguous in its last dimension, got " << type;
  const AICoreTarget &target = getTargetFor(op);
  if (!ShapedType::isDynamic(offset) &&
      (offset * elementBytes(type)) % target.blockBytes != 0)
    return op->emitOpError("expects ")
           << name << " to start on a " << target.blockBytes
           << "-byte block, its offset is " << offset * elementBytes(type)
           << " bytes";
  return success();
}

LogicalResult checkType(Operation *op, Value v, StringRef name, TypeClass c) {
  Type t = cast<MemRefType>(v.getType()).getElementType();
  if (!inClass(t, c))
    return op->emitOpError("expects ")
           << name << " of element type " << describe(c) << ", got " << t;
  return success();
}

LogicalResult sameShape(Operation *op, Value a, StringRef an, Value b,
                        StringRef bn) {
  auto at = cast<MemRefType>(a.getType()), bt = cast<MemRefType>(b.getType());
  if (at.getShape() != bt.getShape())
    return op->emitOpError() << an << " shape " << shapeText(at) << " and "
                             << bn << " shape " << shapeText(bt) << " differ";
  return success();
}

LogicalResult sameElement(Operation *op, Value a, StringRef an, Value b,
                          StringRef bn) {
  Type at = cast<MemRefType>(a.getType()).getElementType(),
       bt = cast<MemRefType>(b.getType()).getElementType();
  if (at != bt)
    return op->emitOpError() << an << " element type " << at << " and " << bn
                             << " element type " << bt << " differ";
  return success();
}

LogicalResult checkScalar(Operation *op, Value tile) {
  auto scalar = cast<TypedAttr>(op->getAttr("scalar"));
  Type elt = cast<MemRefType>(tile.getType()).getElementType();
  if (scalar.getType() != elt)
    return op->emitOpError("expects a scalar of the element type ")
           << elt << ", got " << scalar.getType();
  return success();
}
} // namespace

LogicalResult mlir::ascend::aicore::verifyVectorOp(Operation *op,
                                                   StringRef family) {
  // Names of the memref operands, in operand order.
  SmallVector<std::pair<Value, StringRef>> tiles;
  static constexpr StringRef kBinary[] = {"lhs", "rhs", "dst"};
  static constexpr StringRef kUnary[] = {"src", "dst"};
  static constexpr StringRef kSelect[] = {"mask", "x", "y", "dst"};
  static constexpr StringRef kGather[] = {"src", "offsets", "dst"};
  ArrayRef<StringRef> names;
  if (family.starts_with("binary") || family == "compare")
    names = kBinary;
  else if (family == "gather")
    names = kGather;
  else if (family == "select")
    names = kSelect;
  else if (family == "dup" || family == "arange")
    names = {"dst"};
  else
    names = kUnary;
  for (auto [v, name] : llvm::zip(op->getOperands(), names)) {
    if (failed(verifyTile(op, v, name)))
      return failure();
    tiles.push_back({v, name});
  }
  auto tile = [&](unsigned i) { return tiles[i].first; };
  auto name = [&](unsigned i) { return tiles[i].second; };
  auto allSame = [&](TypeClass c) -> LogicalResult {
    for (unsigned i = 0; i < tiles.size(); ++i) {
      if (failed(checkType(op, tile(i), name(i), c)))
        return failure();
      if (i && (failed(sameShape(op, tile(0), name(0), tile(i), name(i))) ||
                failed(sameElement(op, tile(0), name(0), tile(i), name(i)))))
        return failure();
    }
    return success();
  };

  if (family == "binary" || family == "unary")
    return allSame(TypeClass::Numeric);
  if (family == "binary-float" || family == "unary-float")
    return allSame(TypeClass::Float);
  if (family == "binary-mask" || family == "unary-mask")
    return allSame(TypeClass::Mask);
  if (family == "scalar") {
    if (failed(allSame(TypeClass::Numeric)))
      return failure();
    return checkScalar(op, tile(0));
  }
  if (family == "dup") {
    if (failed(checkType(op, tile(0), "dst", TypeClass::Any)))
      return failure();
    return checkScalar(op, tile(0));
  }
  if (family == "compare") {
    StringRef pred = op->getAttrOfType<StringAttr>("predicate").getValue();
    if (!llvm::is_contained({"eq", "ne", "lt", "le", "gt", "ge"}, pred))
      return op->emitOpError("unknown predicate '")
             << pred << "' (expected eq, ne, lt, le, gt or ge)";
    if (failed(checkType(op, tile(0), "lhs", TypeClass::Numeric)) ||
        failed(sameElement(op, tile(0), "lhs", tile(1), "rhs")) ||
        failed(checkType(op, tile(2), "dst", TypeClass::Mask)) ||
        failed(sameShape(op, tile(0), "lhs", tile(1), "rhs")) ||
        failed(sameShape(op, tile(0), "lhs", tile(2), "dst")))
      return failure();
    return success();
  }
  if (family == "select") {
    if (failed(checkType(op, tile(0), "mask", TypeClass::Mask)) ||
        failed(checkType(op, tile(1), "x", TypeClass::Any)))
      return failure();
    for (unsigned i = 1; i < 4; ++i)
      if (failed(sameShape(op, tile(0), "mask", tile(i), name(i))) ||
          failed(sameElement(op, tile(1), "x", tile(i), name(i))))
        return failure();
    return success();
  }
  if (family == "cast") {
    if (failed(checkType(op, tile(0), "src", TypeClass::Any)) ||
        failed(checkType(op, tile(1), "dst", TypeClass::Any)))
      return failure();
    return sameShape(op, tile(0), "src", tile(1), "dst");
  }
  if (family == "broadcast") {
    if (failed(checkType(op, tile(0), "src", TypeClass::Any)) ||
        failed(sameElement(op, tile(0), "src", tile(1), "dst")))
      return failure();
    auto src = cast<MemRefType>(tile(0).getType()),
         dst = cast<MemRefType>(tile(1).getType());
    bool ok = src.getRank() == dst.getRank();
    for (unsigned d = 0; ok && d < src.getRank(); ++d)
      ok = src.getDimSize(d) == 1 || src.getDimSize(d) == dst.getDimSize(d);
    if (!ok)
      return op->emitOpError("cannot broadcast src shape ")
             << shapeText(src) << " to dst shape " << shapeText(dst)
             << " (every src dimension must be 1 or dst's)";
    return success();
  }
  if (family == "reduce") {
    StringRef kind = op->getAttrOfType<StringAttr>("kind").getValue();
    if (kind != "sum" && kind != "max")
      return op->emitOpError("unknown reduction '")
             << kind << "' (expected sum or max)";
    if (failed(checkType(op, tile(0), "src", TypeClass::Numeric)) ||
        failed(sameElement(op, tile(0), "src", tile(1), "dst")))
      return failure();
    auto src = cast<MemRefType>(tile(0).getType()),
         dst = cast<MemRefType>(tile(1).getType());
    SmallVector<int64_t> expected(src.getShape());
    expected.back() = 1;
    if (dst.getShape() != ArrayRef<int64_t>(expected))
      return op->emitOpError("expects dst shape ")
             << shapeText(MemRefType::get(expected, dst.getElementType()))
             << " for src shape " << shapeText(src) << ", got "
             << shapeText(dst);
    return success();
  }
  if (family == "arange") {
    if (failed(checkType(op, tile(0), "dst", TypeClass::Numeric)))
      return failure();
    Type elt = cast<MemRefType>(tile(0).getType()).getElementType();
    for (StringRef name : {"start", "step"}) {
      auto value = cast<TypedAttr>(op->getAttr(name));
      if (value.getType() != elt)
        return op->emitOpError("expects ")
               << name << " of the element type " << elt << ", got "
               << value.getType();
    }
    return success();
  }
  if (family == "transpose") {
    if (op->getOperand(0) == op->getOperand(1))
      return op->emitOpError("expects dst distinct from src (a tile "
                             "transpose is not in place)");
    auto src = cast<MemRefType>(tile(0).getType()),
         dst = cast<MemRefType>(tile(1).getType());
    if (src.getRank() != 2 || dst.getRank() != 2)
      return op->emitOpError("expects 2-D src and dst, got ")
             << shapeText(src) << " and " << shapeText(dst);
    Type elt = src.getElementType();
    if (!(elt.isF16() || elt.isBF16() || elt.isSignlessInteger(16) ||
          elt.isF32() || elt.isSignlessInteger(32)))
      return op->emitOpError("expects src of element type f16, bf16, i16, "
                             "f32 or i32, got ")
             << elt;
    if (failed(sameElement(op, tile(0), "src", tile(1), "dst")))
      return failure();
    if (dst.getDimSize(0) != src.getDimSize(1) ||
        dst.getDimSize(1) != src.getDimSize(0))
      return op->emitOpError("expects dst shape [")
             << src.getDimSize(1) << ", " << src.getDimSize(0)
             << "] for src shape " << shapeText(src) << ", got "
             << shapeText(dst);
    // TransDataTo5HD: 16 rows of one 32-byte block each per repeat.
    const AICoreTarget &target = getTargetFor(op);
    int64_t bytes = elementBytes(src);
    int64_t rowBlock = 16, colBlock = target.blockBytes / bytes;
    if (src.getDimSize(0) % rowBlock || src.getDimSize(1) % colBlock)
      return op->emitOpError("expects src shape in whole ")
             << rowBlock << " x " << colBlock << " blocks of " << elt
             << " (rows a multiple of " << rowBlock
             << ", columns a multiple of " << colBlock << "), got "
             << shapeText(src);
    for (auto [v, name] : {std::pair{tile(0), "src"}, {tile(1), "dst"}}) {
      SmallVector<int64_t> strides;
      int64_t offset;
      auto type = cast<MemRefType>(v.getType());
      if (succeeded(type.getStridesAndOffset(strides, offset)) &&
          !ShapedType::isDynamic(strides[0]) &&
          (strides[0] * bytes) % target.blockBytes)
        return op->emitOpError("expects the rows of ")
               << name << " to start on " << target.blockBytes
               << "-byte blocks, its row stride is " << strides[0] * bytes
               << " bytes";
    }
    return success();
  }
  if (family == "gather") {
    Type offsetType = cast<MemRefType>(tile(1).getType()).getElementType();
    if (!offsetType.isSignlessInteger(32))
      return op->emitOpError("expects offsets of element type i32 (byte "
                             "offsets into src), got ")
             << offsetType;
    if (failed(checkType(op, tile(0), "src", TypeClass::Numeric)) ||
        failed(sameElement(op, tile(0), "src", tile(2), "dst")) ||
        failed(sameShape(op, tile(1), "offsets", tile(2), "dst")))
      return failure();
    return success();
  }
  return op->emitOpError("unknown vector op family '") << family << "'";
}

namespace {
/// The cost class of a Vector op (AICoreVectorCosts).
enum class VectorCostClass { Simple, Binary, Division, Transcendental, Reduce };

VectorCostClass costClassOf(Operation *op) {
  if (isa<VAddOp, VSubOp, VMulOp, VMaxOp, VMinOp, VCmpOp, VSelectOp>(op))
    return VectorCostClass::Binary;
  if (isa<VDivOp>(op))
    return VectorCostClass::Division;
  if (isa<VExpOp, VLnOp, VSqrtOp, VRsqrtOp, VRecOp, VTanhOp, VSigmoidOp, VSinOp,
          VCosOp, VErfOp>(op))
    return VectorCostClass::Transcendental;
  if (isa<VReduceOp>(op))
    return VectorCostClass::Reduce;
  return VectorCostClass::Simple;
}
} // namespace

int64_t mlir::ascend::aicore::getVectorCycles(Operation *op) {
  const AICoreTarget &target = getTargetFor(op);
  const AICoreVectorCosts &cost = target.vector;
  // Repeats of the widest operand (a transpose: 16-block repeats, see
  // below), and the instructions they take (AICoreVectorCosts).
  int64_t repeats = 0, instructions = 1;
  if (isa<VTransposeOp>(op)) {
    // TransDataTo5HD: a repeat moves 16 blocks (one from each of 16 rows),
    // read at vectorRepeatBytes per cycle (AICoreVectorOps.td).
    auto src = cast<MemRefType>(op->getOperand(0).getType());
    int64_t repeatBytes = 16 * target.blockBytes;
    int64_t moves =
        llvm::divideCeil(src.getNumElements() * elementBytes(src), repeatBytes);
    repeats = moves * llvm::divideCeil(repeatBytes, target.vectorRepeatBytes);
    instructions =
        std::max<int64_t>(1, llvm::divideCeil(moves, target.maxVectorRepeats));
  } else {
    int64_t bytes = 0;
    for (Value v : op->getOperands())
      if (isa<VGatherOp>(op) && v == op->getOperand(0))
        continue; // a gather's table: only what it writes and reads per element
      else if (auto type = dyn_cast<MemRefType>(v.getType()))
        bytes = std::max(bytes, type.getNumElements() * elementBytes(type));
    repeats = llvm::divideCeil(bytes, target.vectorRepeatBytes);
    // Whole repeats in instructions of at most maxVectorRepeats, and a
    // ragged tail as one more instruction under a partial mask.
    int64_t full = bytes / target.vectorRepeatBytes;
    bool tail = bytes % target.vectorRepeatBytes != 0;
    instructions = std::max<int64_t>(
        1, llvm::divideCeil(full, target.maxVectorRepeats) + (tail ? 1 : 0));
  }
  // The result type picks the completion latency; the widest float operand
  // the half-precision costs.
  Type resultType;
  for (Value v : op->getOperands())
    if (auto type = dyn_cast<MemRefType>(v.getType()))
      resultType = type.getElementType(); // the last memref operand is dst
  bool isFloat = resultType && isa<FloatType>(resultType);
  bool half = resultType && (resultType.isF16() || resultType.isBF16());
  int64_t startup = cost.startupArith, perRepeat = cost.repeatSimple;
  int64_t completion = isFloat ? cost.completionFloat : cost.completionInt;
  switch (costClassOf(op)) {
  case VectorCostClass::Simple:
    break;
  case VectorCostClass::Binary:
    perRepeat = cost.repeatBinary;
    break;
  case VectorCostClass::Division:
    perRepeat = half ? cost.repeatHalfTranscendental : cost.repeatBinary;
    break;
  case VectorCostClass::Transcendental:
    startup = cost.startupReduce;
    perRepeat = half ? cost.repeatHalfTranscendental : cost.repeatBinary;
    completion = half ? cost.completionTranscendentalHalf
                      : cost.completionTranscendentalF32;
    break;
  case VectorCostClass::Reduce:
    startup = cost.startupReduce;
    break;
  }
  return instructions * (startup + completion) + repeats * perRepeat;
}
