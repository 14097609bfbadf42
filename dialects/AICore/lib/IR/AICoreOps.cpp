//===- AICoreOps.cpp - aicore op verifiers and kernel syntax --------------===//
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "LaunchSignatures.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::ascend::aicore;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

const AICoreBuffer &AICoreTarget::buffer(AddressSpace space) const {
  switch (space) {
  case AddressSpace::GM:
    return memories.gm;
  case AddressSpace::L1:
    return memories.l1;
  case AddressSpace::L0A:
    return memories.l0a;
  case AddressSpace::L0B:
    return memories.l0b;
  case AddressSpace::L0C:
    return memories.l0c;
  case AddressSpace::UB:
    return memories.ub;
  case AddressSpace::BT:
    return memories.bt;
  }
  llvm_unreachable("unknown address space");
}

std::optional<AddressSpace>
mlir::ascend::aicore::getAddressSpace(MemRefType type) {
  if (auto attr = dyn_cast_or_null<AddressSpaceAttr>(type.getMemorySpace()))
    return attr.getValue();
  return std::nullopt;
}

MemRefType mlir::ascend::aicore::withAddressSpace(MemRefType type,
                                                  AddressSpace space) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         type.getLayout(),
                         AddressSpaceAttr::get(type.getContext(), space));
}

MemRefType mlir::ascend::aicore::getGMType(RankedTensorType type) {
  return MemRefType::get(
      type.getShape(), type.getElementType(), MemRefLayoutAttrInterface{},
      AddressSpaceAttr::get(type.getContext(), AddressSpace::GM));
}

std::optional<Pipe> mlir::ascend::aicore::getCopyPipe(AddressSpace from,
                                                      AddressSpace to) {
  using AS = AddressSpace;
  switch (from) {
  case AS::GM:
    if (to == AS::L1 || to == AS::UB)
      return Pipe::MTE2;
    break;
  case AS::L1:
    if (to == AS::L0A || to == AS::L0B || to == AS::BT)
      return Pipe::MTE1;
    break;
  case AS::L0C:
    if (to == AS::GM || to == AS::UB || to == AS::L1)
      return Pipe::FIX;
    break;
  case AS::UB:
    if (to == AS::GM)
      return Pipe::MTE3;
    break;
  default:
    break;
  }
  return std::nullopt;
}

const AICoreTarget &mlir::ascend::aicore::getTargetFor(Operation *op) {
  if (auto kernel = dyn_cast<KernelOp>(op))
    return kernel.getTarget();
  if (auto kernel = op->getParentOfType<KernelOp>())
    return kernel.getTarget();
  return getDefaultTarget();
}

/// "[2, 3]".
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

static int64_t getByteSize(MemRefType type) {
  return type.getNumElements() *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

void KernelOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     FunctionType type, int64_t blockDim) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addAttribute(getBlockDimAttrName(state.name),
                     builder.getI64IntegerAttr(blockDim));
  Region *body = state.addRegion();
  Block *entry = new Block;
  for (Type t : type.getInputs())
    entry->addArgument(t, state.location);
  body->push_back(entry);
}

const AICoreTarget &KernelOp::getTarget() {
  if (std::optional<StringRef> chip = getChip())
    if (const AICoreTarget *target = lookupTarget(*chip))
      return *target;
  return getDefaultTarget();
}

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &builder, ArrayRef<Type> argTypes,
                      ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void KernelOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult KernelOp::verify() {
  if (std::optional<StringRef> chip = getChip())
    if (!lookupTarget(*chip))
      return emitOpError("unknown chip '") << *chip << "'";
  if (getBlockDim() < 1)
    return emitOpError("block_dim must be at least 1, got ") << getBlockDim();
  if (!getResultTypes().empty())
    return emitOpError("returns no values; outputs are GM memref arguments");
  for (auto [i, type] : llvm::enumerate(getArgumentTypes())) {
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref || getAddressSpace(memref) != AddressSpace::GM)
      return emitOpError("argument #")
             << i << " must be a memref in #aicore.space<gm>, got " << type;
  }
  if (std::optional<int64_t> workspace = getWorkspaceBytes()) {
    ArrayRef<Type> args = getArgumentTypes();
    int64_t bytes =
        args.empty() ? -1 : ::getByteSize(cast<MemRefType>(args.back()));
    if (bytes != *workspace)
      return emitOpError("declares a workspace of ")
             << *workspace
             << " bytes, but its last argument (the workspace) has "
             << bytes << " bytes";
  }
  if (std::optional<ArrayRef<int64_t>> clean = getAtomicClean()) {
    ArrayRef<Type> args = getArgumentTypes();
    if (clean->size() != 3)
      return emitOpError("atomic_clean takes three numbers (argument, first "
                         "element, element count), got ")
             << clean->size();
    int64_t arg = (*clean)[0], first = (*clean)[1], count = (*clean)[2];
    if (arg < 0 || arg >= int64_t(args.size()))
      return emitOpError("atomic_clean names argument #")
             << arg << ", but the kernel has " << args.size() << " arguments";
    int64_t elements = cast<MemRefType>(args[arg]).getNumElements();
    if (first < 0 || count < 0 || first + count > elements)
      return emitOpError("atomic_clean range [")
             << first << ", " << first + count << ") lies outside argument #"
             << arg << " (" << elements << " elements)";
  }
  return success();
}

LogicalResult KernelOp::verifyRegions() {
  // Buffers may share memory once placed (ascend-aicore-plan-buffers checks
  // the capacity with liveness); here each placed buffer must lie inside its
  // memory at an aligned offset.
  const AICoreTarget &target = getTarget();
  WalkResult result = getBody().walk([&](AllocOp alloc) {
    auto offset = alloc->getAttrOfType<IntegerAttr>("aicore.offset");
    if (!offset)
      return WalkResult::advance();
    const AICoreBuffer &memory = target.buffer(alloc.getSpace());
    int64_t begin = offset.getInt();
    if (begin < 0 || begin % memory.alignment ||
        begin + alloc.getByteSize() > memory.capacity) {
      alloc.emitOpError("placed at offset ")
          << begin << ", which is not a multiple of " << memory.alignment
          << " bytes or ends beyond the " << memory.capacity << " bytes of "
          << stringifyAddressSpace(alloc.getSpace()) << " on " << target.name;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// BlockIdxOp
//===----------------------------------------------------------------------===//

LogicalResult BlockIdxOp::verify() {
  if (!(*this)->getParentOfType<KernelOp>())
    return emitOpError("is only valid inside an aicore.kernel");
  return success();
}

//===----------------------------------------------------------------------===//
// LaunchOp
//===----------------------------------------------------------------------===//

ParseResult LaunchOp::parse(OpAsmParser &parser, OperationState &result) {
  FlatSymbolRefAttr kernel;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> inputs;
  if (parser.parseCustomAttributeWithFallback(
          kernel, parser.getBuilder().getType<NoneType>()))
    return failure();
  result.getOrAddProperties<Properties>().kernel = kernel;
  if (parser.parseLParen())
    return failure();
  SMLoc inputsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(inputs) || parser.parseRParen())
    return failure();
  SMLoc attrsLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes) ||
      failed(verifyInherentAttrs(result.name, result.attributes, [&]() {
        return parser.emitError(attrsLoc)
               << "'" << result.name.getStringRef() << "' op ";
      })))
    return failure();
  FunctionType type;
  if (parser.parseColon() || parser.parseType(type))
    return failure();
  result.addTypes(type.getResults());
  return parser.resolveOperands(inputs, type.getInputs(), inputsLoc,
                                result.operands);
}

bool LaunchSignatures::print(TypeRange inputs, TypeRange results,
                             raw_ostream &os) {
  SmallVector<const void *, 8> key;
  for (Type t : inputs)
    key.push_back(t.getAsOpaquePointer());
  // Where the inputs end.
  key.push_back(nullptr);
  for (Type t : results)
    key.push_back(t.getAsOpaquePointer());
  StringRef keyBytes(reinterpret_cast<const char *>(key.data()),
                     key.size() * sizeof(const void *));
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, isNew] = text.try_emplace(keyBytes);
  std::optional<std::string> &printed = it->second;
  if (isNew) {
    auto printsAlone = [](Type t) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      return tensor && !tensor.getEncoding() &&
             tensor.getElementType().isIntOrIndexOrFloat();
    };
    if (!llvm::all_of(inputs, printsAlone) ||
        !llvm::all_of(results, printsAlone))
      return false;
    // What OpAsmPrinter::printFunctionalType prints.
    llvm::raw_string_ostream s(printed.emplace());
    s << '(';
    llvm::interleaveComma(inputs, s);
    s << ") -> ";
    bool wrapped = results.size() != 1;
    if (wrapped)
      s << '(';
    llvm::interleaveComma(results, s);
    if (wrapped)
      s << ')';
  }
  if (!printed)
    return false;
  os << *printed;
  return true;
}

void LaunchOp::print(OpAsmPrinter &p) {
  // What the declarative format prints, with the discardable attributes
  // read as they are stored: Operation::getAttrs() would merge them with
  // the properties (`kernel`, printed before) into a new dictionary, for
  // each launch, twice per print (the printer's alias pass runs it too).
  // The kernel is printed as its symbol name (what a FlatSymbolRefAttr
  // prints), the punctuation straight to the stream.
  raw_ostream &os = p.getStream();
  os << ' ';
  p.printSymbolName(getKernel());
  os << '(';
  p.printOperands(getInputs());
  os << ')';
  p.printOptionalAttrDict((*this)->getRawDictionaryAttrs().getValue(),
                          /*elidedAttrs=*/{"kernel"});
  os << " : ";
  // The signature's text is made once (LaunchSignatures) when its types
  // print as they do alone.
  auto *signatures = (*this)
                         ->getName()
                         .getDialect()
                         ->getRegisteredInterface<LaunchSignatures>();
  if (!signatures ||
      !signatures->print(getInputs().getTypes(), getResults().getTypes(), os))
    p.printFunctionalType(getInputs().getTypes(), getResults().getTypes());
}

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto kernel =
      symbolTable.lookupNearestSymbolFrom<KernelOp>(*this, getKernelAttr());
  if (!kernel)
    return emitOpError("'@") << getKernel() << "' is not an aicore.kernel";
  ArrayRef<Type> argTypes = kernel.getArgumentTypes();
  // The workspace (the last argument, if any) is not passed by the launch.
  if (kernel.getWorkspaceBytes() && !argTypes.empty())
    argTypes = argTypes.drop_back();
  size_t expected = getInputs().size() + getResults().size();
  if (argTypes.size() != expected)
    return emitOpError("kernel '@")
           << getKernel() << "' takes " << argTypes.size()
           << " arguments, launch passes " << getInputs().size()
           << " inputs and " << getResults().size() << " results";
  SmallVector<Type> tensorTypes(getInputs().getTypes());
  llvm::append_range(tensorTypes, getResults().getTypes());
  for (auto [i, pair] : llvm::enumerate(llvm::zip(tensorTypes, argTypes))) {
    auto tensor = cast<RankedTensorType>(std::get<0>(pair));
    auto memref = cast<MemRefType>(std::get<1>(pair));
    if (tensor.getShape() != memref.getShape() ||
        tensor.getElementType() != memref.getElementType())
      return emitOpError("kernel argument #")
             << i << " of type " << memref << " does not match " << tensor;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// AllocOp
//===----------------------------------------------------------------------===//

int64_t AllocOp::getByteSize() { return ::getByteSize(getBuffer().getType()); }

AddressSpace AllocOp::getSpace() {
  return *getAddressSpace(getBuffer().getType());
}

LogicalResult AllocOp::verify() {
  MemRefType type = getBuffer().getType();
  std::optional<AddressSpace> space = getAddressSpace(type);
  if (!space || *space == AddressSpace::GM)
    return emitOpError("expects a memref in an on-chip memory space "
                       "(#aicore.space<l1|l0a|l0b|l0c|ub|bt>), got ")
           << type;
  if (!type.getLayout().isIdentity())
    return emitOpError("expects an identity layout, got ") << type;
  const AICoreTarget &target = getTargetFor(*this);
  int64_t capacity = target.buffer(*space).capacity;
  if (getByteSize() > capacity)
    return emitOpError("buffer of ")
           << getByteSize() << " bytes exceeds the capacity of "
           << stringifyAddressSpace(*space) << " (" << capacity << " bytes on "
           << target.name << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

Pipe CopyOp::getPipe() {
  return *getCopyPipe(*getAddressSpace(getSource().getType()),
                      *getAddressSpace(getTarget().getType()));
}

LogicalResult CopyOp::verify() {
  MemRefType src = getSource().getType(), dst = getTarget().getType();
  std::optional<AddressSpace> from = getAddressSpace(src),
                              to = getAddressSpace(dst);
  if (!from || !to)
    return emitOpError("expects source and target in aicore memory spaces");
  std::optional<Pipe> pipe = getCopyPipe(*from, *to);
  if (!pipe)
    return emitOpError("cannot copy from ")
           << stringifyAddressSpace(*from) << " to "
           << stringifyAddressSpace(*to) << ": no data path between them";
  if (getAtomicAdd() && *to != AddressSpace::GM)
    return emitOpError("atomic_add needs a GM target (the atomic add of "
                       "L0C / UB -> GM), got ")
           << stringifyAddressSpace(*to);
  if (src.getShape() != dst.getShape())
    return emitOpError("source shape ")
           << formatShape(src.getShape()) << " and target shape "
           << formatShape(dst.getShape()) << " differ";
  Type srcElt = src.getElementType(), dstElt = dst.getElementType();
  bool fixConversion = *pipe == Pipe::FIX && srcElt.isF32() &&
                       (dstElt.isF16() || dstElt.isBF16());
  bool biasConversion = *to == AddressSpace::BT && dstElt.isF32() &&
                        (srcElt.isF16() || srcElt.isBF16());
  if (srcElt != dstElt && !fixConversion && !biasConversion)
    return emitOpError("element types ")
           << srcElt << " and " << dstElt
           << " differ (only a FIX copy may convert f32 to f16 or bf16, and "
              "an L1 -> BT copy f16 or bf16 to f32)";
  return success();
}

//===----------------------------------------------------------------------===//
// Load3DOp
//===----------------------------------------------------------------------===//

std::array<int64_t, 2> Load3DOp::getOutputSize() {
  ArrayRef<int64_t> kernel = getKernel(), stride = getStride(),
                    dilation = getDilation(), pad = getPad();
  std::array<int64_t, 2> image = getDilatedImage();
  std::array<int64_t, 2> size;
  for (int d = 0; d < 2; ++d) {
    int64_t padded = image[d] + pad[2 * d] + pad[2 * d + 1];
    int64_t window = dilation[d] * (kernel[d] - 1) + 1;
    size[d] = padded < window ? 0 : (padded - window) / stride[d] + 1;
  }
  return size;
}

int64_t Load3DOp::getCycles() {
  auto type = cast<MemRefType>(getTarget().getType());
  int64_t bytes = type.getNumElements() *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  return llvm::divideCeil(bytes,
                          getTargetFor(*this).rates.onChipBytesPerCycle);
}

LogicalResult Load3DOp::verify() {
  static constexpr int64_t kOnes[] = {1, 1};
  MemRefType src = getSource().getType(), dst = getTarget().getType();
  if (getAddressSpace(src) != AddressSpace::L1 ||
      getAddressSpace(dst) != AddressSpace::L0A)
    return emitOpError("expects the source in l1 and the target in l0a");
  if (src.getRank() != 3 || dst.getRank() != 2)
    return emitOpError("expects a [C, H, W] source and an [M, K] target, got ")
           << formatShape(src.getShape()) << " and "
           << formatShape(dst.getShape());
  Type elt = src.getElementType();
  if (elt != dst.getElementType() ||
      !(elt.isF16() || elt.isBF16() || elt.isF32()))
    return emitOpError("expects one element type, f16, bf16 or f32, got ")
           << elt << " and " << dst.getElementType();
  for (auto [name, values, size] :
       {std::tuple{"image", getImage(), 2}, std::tuple{"kernel", getKernel(), 2},
        std::tuple{"stride", getStride(), 2},
        std::tuple{"dilation", getDilation(), 2},
        std::tuple{"pad", getPad(), 4},
        std::tuple{"input_dilation",
                   getInputDilation().value_or(ArrayRef<int64_t>(kOnes)),
                   2}}) {
    if (static_cast<int>(values.size()) != size)
      return emitOpError("expects ")
             << size << " values in '" << name << "', got " << values.size();
    bool isPad = StringRef(name) == "pad";
    if (llvm::any_of(values, [&](int64_t v) { return isPad ? v < 0 : v < 1; }))
      return emitOpError("expects '")
             << name << "' to be " << (isPad ? "non-negative" : "positive")
             << ", got " << formatShape(values);
  }
  ArrayRef<int64_t> image = getImage();
  if (src.getDimSize(2) != image[1] || src.getDimSize(1) > image[0])
    return emitOpError("expects the source to hold whole rows of the ")
           << formatShape(image) << " image (at most " << image[0]
           << " rows of " << image[1] << "), got "
           << formatShape(src.getShape());
  auto [ho, wo] = getOutputSize();
  if (ho < 1 || wo < 1)
    return emitOpError("the kernel window does not fit the padded image: "
                       "the output would be empty");
  if (std::optional<int64_t> pixel = getConstantIntValue(getPixel()))
    if (*pixel < 0 || *pixel + dst.getDimSize(0) > ho * wo)
      return emitOpError("output pixels ")
             << *pixel << " to " << *pixel + dst.getDimSize(0) - 1
             << " are outside the " << ho << "x" << wo << " output";
  if (std::optional<int64_t> row = getConstantIntValue(getRow()))
    if (*row < 0 || *row + src.getDimSize(1) > image[0])
      return emitOpError("source rows ")
             << *row << " to " << *row + src.getDimSize(1) - 1
             << " are outside the image's " << image[0] << " rows";
  return success();
}

//===----------------------------------------------------------------------===//
// MmadOp
//===----------------------------------------------------------------------===//

LogicalResult MmadOp::verify() {
  auto a = cast<MemRefType>(getA().getType()),
       b = cast<MemRefType>(getB().getType()),
       c = cast<MemRefType>(getC().getType());
  if (getAddressSpace(a) != AddressSpace::L0A ||
      getAddressSpace(b) != AddressSpace::L0B ||
      getAddressSpace(c) != AddressSpace::L0C)
    return emitOpError("expects a in l0a, b in l0b and c in l0c");
  if (a.getRank() != 2 || b.getRank() != 2 || c.getRank() != 2)
    return emitOpError("expects 2-D operands");
  int64_t m = a.getDimSize(getTransposeA() ? 1 : 0);
  int64_t ka = a.getDimSize(getTransposeA() ? 0 : 1);
  int64_t kb = b.getDimSize(getTransposeB() ? 1 : 0);
  int64_t n = b.getDimSize(getTransposeB() ? 0 : 1);
  if (ka != kb || c.getDimSize(0) != m || c.getDimSize(1) != n)
    return emitOpError("shapes a ")
           << formatShape(a.getShape()) << ", b " << formatShape(b.getShape())
           << ", c " << formatShape(c.getShape())
           << " do not form a matrix product";
  Type in = a.getElementType(), acc = c.getElementType();
  if (in != b.getElementType())
    return emitOpError("expects a and b of one element type, got ")
           << in << " and " << b.getElementType();
  Type expectedAcc;
  if (in.isF16() || in.isBF16() || in.isF32())
    expectedAcc = Float32Type::get(getContext());
  else if (in.isSignlessInteger(8))
    expectedAcc = IntegerType::get(getContext(), 32);
  else
    return emitOpError("unsupported Cube element type ") << in;
  if (acc != expectedAcc)
    return emitOpError("expects accumulator element type ")
           << expectedAcc << " for " << in << " operands, got " << acc;
  if (Value bias = getBias()) {
    auto type = cast<MemRefType>(bias.getType());
    if (getAccumulate())
      return emitOpError("takes a bias only when it starts the accumulator "
                         "(without accumulate)");
    if (getAddressSpace(type) != AddressSpace::BT || type.getRank() != 2 ||
        type.getDimSize(0) != 1 || type.getDimSize(1) < n ||
        type.getElementType() != acc)
      return emitOpError("expects the bias as a [1, N >= ")
             << n << "] " << acc << " row in bt, got " << type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// VAddOp
//===----------------------------------------------------------------------===//

LogicalResult VAddOp::verify() {
  auto lhs = cast<MemRefType>(getLhs().getType()),
       rhs = cast<MemRefType>(getRhs().getType()),
       dst = cast<MemRefType>(getDst().getType());
  if (getAddressSpace(lhs) != AddressSpace::UB ||
      getAddressSpace(rhs) != AddressSpace::UB ||
      getAddressSpace(dst) != AddressSpace::UB)
    return emitOpError("expects operands in ub");
  if (lhs.getElementType() != rhs.getElementType() ||
      lhs.getElementType() != dst.getElementType())
    return emitOpError("expects one element type");
  if (lhs.getShape() != dst.getShape())
    return emitOpError("lhs shape ")
           << formatShape(lhs.getShape()) << " and dst shape "
           << formatShape(dst.getShape()) << " differ";
  bool rowBroadcast = lhs.getRank() == 2 && rhs.getRank() == 2 &&
                      rhs.getDimSize(0) == 1 &&
                      rhs.getDimSize(1) == lhs.getDimSize(1);
  if (rhs.getShape() != lhs.getShape() && !rowBroadcast)
    return emitOpError("rhs shape ")
           << formatShape(rhs.getShape()) << " is neither lhs shape "
           << formatShape(lhs.getShape()) << " nor one row of it";
  return success();
}

//===----------------------------------------------------------------------===//
// SetFlagOp, WaitFlagOp
//===----------------------------------------------------------------------===//

template <typename FlagOp> static LogicalResult verifyFlag(FlagOp op) {
  int64_t numEvents = getTargetFor(op).numEventIds;
  int64_t event = op.getEventAttr().getInt();
  if (event < 0 || event >= numEvents)
    return op.emitOpError("event id ")
           << event << " out of range [0, " << numEvents - 1 << "]";
  if (op.getFrom() == op.getTo())
    return op.emitOpError("orders pipe ")
           << stringifyPipe(op.getFrom())
           << " against itself; use a pipe barrier";
  return success();
}

LogicalResult SetFlagOp::verify() { return verifyFlag(*this); }
LogicalResult WaitFlagOp::verify() { return verifyFlag(*this); }

//===----------------------------------------------------------------------===//
// OnCoreOp, SubBlockIdxOp, CrossCoreSetFlagOp, CrossCoreWaitFlagOp
//===----------------------------------------------------------------------===//

LogicalResult OnCoreOp::verify() {
  if (!(*this)->getParentOfType<KernelOp>())
    return emitOpError("is only valid inside an aicore.kernel");
  if ((*this)->getParentOfType<OnCoreOp>())
    return emitOpError("cannot be nested in another aicore.on_core");
  return success();
}

LogicalResult SubBlockIdxOp::verify() {
  auto part = (*this)->getParentOfType<OnCoreOp>();
  if (!part || part.getCore() != CoreType::AIV)
    return emitOpError("is only valid inside an aicore.on_core aiv region");
  return success();
}

template <typename FlagOp> static LogicalResult verifyCrossCoreFlag(FlagOp op) {
  if (!op->template getParentOfType<OnCoreOp>())
    return op.emitOpError("must be inside an aicore.on_core region (the core "
                          "that issues it)");
  int64_t flags = getTargetFor(op).numCrossCoreFlags;
  int64_t flag = op.getFlagAttr().getInt();
  if (flag < 0 || flag >= flags)
    return op.emitOpError("cross-core flag id ")
           << flag << " out of range [0, " << flags - 1 << "]";
  if (op.getPipe() == Pipe::S)
    return op.emitOpError("cannot be issued on the scalar pipe");
  return success();
}

LogicalResult CrossCoreSetFlagOp::verify() { return verifyCrossCoreFlag(*this); }
LogicalResult CrossCoreWaitFlagOp::verify() {
  return verifyCrossCoreFlag(*this);
}

#define GET_OP_CLASSES
#include "ascend/Dialect/AICore/IR/AICoreOps.cpp.inc"
