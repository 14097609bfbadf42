//===- CPUKernelLibrary.cpp - aicore kernels as a host shared library -----===//
//
// One module per kernel (so that a failure names its kernel): the kernel and
// an entry function `__ascend_kernel_entry_<k>` that launches it on tensors,
// lowered like `ascend-run --level=aicore` lowers a program, translated to
// LLVM IR, optimized (O2) and compiled to a PIC object for the host. A
// generated C file holds the aot functions MindSpore calls, which check the
// call against the kernel's signature and call the entries with memref
// descriptors of MindSpore's dense buffers; `cc -shared` links it all.
//
//===----------------------------------------------------------------------===//
#include "ascend/Execution/CPUKernelLibrary.h"

#include "ascend/Conversion/AICoreToMemRef/AICoreToMemRef.h"
#include "ascend/Conversion/MindSporeToLinalg/MindSporeToLinalg.h"
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Execution/CPURunner.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

using namespace mlir;
using namespace mlir::ascend;

#ifndef ASCEND_MLIR_LIBRARY_DIR
#define ASCEND_MLIR_LIBRARY_DIR ""
#endif


namespace {

/// MindSpore's name of an element type in the aot call's `dtypes`
/// (TypeIdToString(type, true)); empty when MindSpore has none.
std::string mindsporeDtype(Type t) {
  if (t.isF32())
    return "float32";
  if (t.isF16())
    return "float16";
  if (t.isBF16())
    return "bfloat16";
  if (t.isF64())
    return "float64";
  if (t.isInteger(1))
    return "bool";
  if (auto i = dyn_cast<IntegerType>(t))
    return ((i.isUnsigned() ? "uint" : "int") + Twine(i.getWidth())).str();
  return "";
}

std::string locationString(Location loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

/// A C string literal of `s`.
std::string cString(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

/// A C identifier for kernel `name`, distinct from those in `used`.
std::string cFunctionName(StringRef name, llvm::StringSet<> &used) {
  std::string base = "ascend_kernel_";
  for (char c : name)
    base += llvm::isAlnum(c) ? c : '_';
  std::string candidate = base;
  for (int k = 1; !used.insert(candidate).second; ++k)
    candidate = base + "_" + std::to_string(k);
  return candidate;
}

llvm::TargetMachine *hostTargetMachine(std::string &error) {
  static std::once_flag once;
  static std::unique_ptr<llvm::TargetMachine> machine;
  static std::string machineError;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!builder) {
      machineError = llvm::toString(builder.takeError());
      return;
    }
    builder->setRelocationModel(llvm::Reloc::PIC_);
    builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Default);
    auto tm = builder->createTargetMachine();
    if (!tm) {
      machineError = llvm::toString(tm.takeError());
      return;
    }
    machine = std::move(*tm);
  });
  error = machineError;
  return machine.get();
}

/// The launch types of one kernel and what its C function checks.
struct KernelSignature {
  SmallVector<RankedTensorType> inputs, results;
};

/// Lowers `kernel` (launched with `sig`) to a PIC object at `objectPath`.
LogicalResult compileKernel(aicore::KernelOp kernel, const KernelSignature &sig,
                            ModuleOp source, StringRef entryName,
                            StringRef objectPath) {
  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  auto fail = [&]() {
    return kernel.emitError("kernel @")
           << kernel.getSymName()
           << " cannot be built for the CPU kernel library";
  };
  OwningOpRef<ModuleOp> lib = ModuleOp::create(loc);
  for (NamedAttribute attr : source->getDiscardableAttrs())
    (*lib)->setAttr(attr.getName(), attr.getValue());
  OpBuilder b(context);
  b.setInsertionPointToEnd(lib->getBody());
  b.clone(*kernel.getOperation());
  SmallVector<Type> inputs(sig.inputs.begin(), sig.inputs.end());
  SmallVector<Type> results(sig.results.begin(), sig.results.end());
  auto entry = func::FuncOp::create(b, loc, entryName,
                                    b.getFunctionType(inputs, results));
  Block *body = entry.addEntryBlock();
  b.setInsertionPointToEnd(body);
  auto launch = aicore::LaunchOp::create(
      b, loc, results, FlatSymbolRefAttr::get(kernel.getSymNameAttr()),
      body->getArguments());
  func::ReturnOp::create(b, loc, launch.getResults());
  // MindSpore's input buffers are read-only.
  for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i)
    entry.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                     b.getBoolAttr(false));

  PassManager pm(context);
  // As CPUExecutable::compile: convert-mindspore-to-linalg also expands
  // math.erf (no LLVM lowering) into its polynomial.
  pm.addPass(createConvertAICoreToMemRefPass());
  pm.addPass(createConvertMindSporeToLinalgPass());
  buildCPULoweringToLLVMPipeline(pm);
  if (failed(pm.run(*lib)))
    return fail();

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(*lib, llvmContext, kernel.getSymName());
  if (!module)
    return fail() << ": translation to LLVM IR failed";
  std::string error;
  llvm::TargetMachine *tm = hostTargetMachine(error);
  if (!tm)
    return fail() << ": no host target: " << error;
  module->setDataLayout(tm->createDataLayout());
  module->setTargetTriple(tm->getTargetTriple());
  auto optimize = makeOptimizingTransformer(/*optLevel=*/2, /*sizeLevel=*/0,
                                            tm);
  if (llvm::Error e = optimize(module.get()))
    return fail() << ": LLVM optimization failed: "
                  << llvm::toString(std::move(e));
  std::error_code ec;
  llvm::raw_fd_ostream os(objectPath, ec, llvm::sys::fs::OF_None);
  if (ec)
    return fail() << ": cannot write '" << objectPath << "': " << ec.message();
  llvm::legacy::PassManager codegen;
  if (tm->addPassesToEmitFile(codegen, os, nullptr,
                              llvm::CodeGenFileType::ObjectFile))
    return fail() << ": the host target cannot emit object files";
  codegen.run(*module);
  os.flush();
  if (os.has_error()) {
    os.clear_error();
    return fail() << ": cannot write '" << objectPath << "'";
  }
  return success();
}

/// The C of one kernel's aot function, calling its entry `entry`.
void writeAotFunction(llvm::raw_ostream &os, StringRef kernel, StringRef where,
                      StringRef function, StringRef entry,
                      const KernelSignature &sig) {
  SmallVector<RankedTensorType> all(sig.inputs);
  all.append(sig.results.begin(), sig.results.end());
  os << "extern void " << entry << "(";
  bool first = true;
  for (RankedTensorType t : all) {
    os << (first ? "" : ", ") << "void *, void *, int64_t";
    first = false;
    for (int64_t i = 0, e = 2 * t.getRank(); i < e; ++i)
      os << ", int64_t";
  }
  os << ");\n";
  os << "int " << function
     << "(int nparam, void **params, int *ndims, int64_t **shapes, "
        "const char **dtypes, void *stream, void *extra) {\n";
  os << "  static const int ranks[] = {";
  for (RankedTensorType t : all)
    os << t.getRank() << ", ";
  os << "-1};\n  static const int64_t dims[] = {";
  for (RankedTensorType t : all)
    for (int64_t d : t.getShape())
      os << d << ", ";
  os << "-1};\n  static const char *const names[] = {";
  for (RankedTensorType t : all)
    os << cString(mindsporeDtype(t.getElementType())) << ", ";
  os << "0};\n";
  os << "  (void)stream; (void)extra;\n";
  os << "  if (ascend_check(" << cString(kernel) << ", " << cString(where)
     << ", " << all.size() << ", ranks, dims, names, nparam, ndims, shapes, "
     << "dtypes))\n    return 1;\n";
  os << "  " << entry << "(";
  first = true;
  for (auto [i, t] : llvm::enumerate(all)) {
    os << (first ? "" : ", ") << "params[" << i << "], params[" << i
       << "], 0";
    first = false;
    for (int64_t d : t.getShape())
      os << ", " << d;
    SmallVector<int64_t> strides(t.getRank(), 1);
    for (int64_t d = t.getRank() - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * t.getDimSize(d + 1);
    for (int64_t s : strides)
      os << ", " << s;
  }
  os << ");\n  return 0;\n}\n\n";
}

/// Checks an aot call against the signature; the same in every library.
constexpr const char *kCheckFunction = R"C(
static int ascend_check(const char *kernel, const char *where, int count,
                        const int *ranks, const int64_t *dims,
                        const char *const *names, int nparam, int *ndims,
                        int64_t **shapes, const char **dtypes) {
  if (nparam != count) {
    fprintf(stderr, "ascend kernel library: kernel @%s (%s): called with %d "
            "inputs and outputs, expected %d\n", kernel, where, nparam, count);
    return 1;
  }
  const int64_t *d = dims;
  for (int i = 0; i < count; d += ranks[i], ++i) {
    int same = ndims[i] == ranks[i] && strcmp(dtypes[i], names[i]) == 0;
    for (int k = 0; same && k < ranks[i]; ++k)
      same = shapes[i][k] == d[k];
    if (same)
      continue;
    fprintf(stderr, "ascend kernel library: kernel @%s (%s): parameter %d is "
            "%s of rank %d [", kernel, where, i, dtypes[i], ndims[i]);
    for (int k = 0; k < ndims[i]; ++k)
      fprintf(stderr, k ? ", %lld" : "%lld", (long long)shapes[i][k]);
    fprintf(stderr, "], expected %s [", names[i]);
    for (int k = 0; k < ranks[i]; ++k)
      fprintf(stderr, k ? ", %lld" : "%lld", (long long)d[k]);
    fprintf(stderr, "]\n");
    return 1;
  }
  return 0;
}

)C";

/// The first C compiler found on PATH.
std::optional<std::string> findCompiler() {
  for (StringRef name : {"cc", "clang", "gcc"})
    if (auto path = llvm::sys::findProgramByName(name))
      return *path;
  return std::nullopt;
}

} // namespace

FailureOr<CPUKernelLibrary>
mlir::ascend::buildCPUKernelLibrary(ModuleOp module, StringRef libraryPath) {
  MLIRContext *context = module.getContext();
  {
    DialectRegistry registry;
    registerCPURunnerDialects(registry);
    context->appendDialectRegistry(registry);
  }
  SymbolTable symbols(module);
  CPUKernelLibrary library;
  llvm::MapVector<aicore::KernelOp, KernelSignature> signatures;
  WalkResult walked = module.walk([&](aicore::LaunchOp launch) {
    auto kernel = symbols.lookup<aicore::KernelOp>(launch.getKernel());
    if (!kernel) {
      launch.emitError("launches unknown kernel @") << launch.getKernel();
      return WalkResult::interrupt();
    }
    if (signatures.count(kernel))
      return WalkResult::advance();
    KernelSignature sig;
    for (Type t : launch.getInputs().getTypes())
      sig.inputs.push_back(cast<RankedTensorType>(t));
    for (Type t : launch.getResultTypes())
      sig.results.push_back(cast<RankedTensorType>(t));
    for (RankedTensorType t : llvm::concat<RankedTensorType>(sig.inputs,
                                                              sig.results))
      if (!t.hasStaticShape() || mindsporeDtype(t.getElementType()).empty()) {
        kernel.emitError("kernel @")
            << kernel.getSymName()
            << " cannot be a MindSpore Custom op: its launch at "
            << locationString(launch.getLoc()) << " has the tensor type " << t
            << " (a static shape of a MindSpore dtype is needed)";
        return WalkResult::interrupt();
      }
    signatures.insert({kernel, std::move(sig)});
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();

  // The kernels' IR, each alone in a module, and the fingerprint.
  llvm::SHA1 hash;
  llvm::StringSet<> usedNames;
  for (auto &[kernel, sig] : signatures) {
    OwningOpRef<ModuleOp> alone = ModuleOp::create(kernel.getLoc());
    for (NamedAttribute attr : module->getDiscardableAttrs())
      (*alone)->setAttr(attr.getName(), attr.getValue());
    OpBuilder b(context);
    b.setInsertionPointToEnd(alone->getBody());
    b.clone(*kernel.getOperation());
    CPUKernelLibraryKernel entry;
    llvm::raw_string_ostream os(entry.bytecode);
    if (failed(writeBytecodeToFile(*alone, os)))
      return kernel.emitError("kernel @")
             << kernel.getSymName() << " cannot be written as MLIR bytecode";
    entry.function = cFunctionName(kernel.getSymName(), usedNames);
    hash.update(kernel.getSymName());
    hash.update(StringRef("\0", 1));
    hash.update(entry.bytecode);
    library.kernels.insert({kernel.getSymName(), std::move(entry)});
  }
  library.fingerprint = llvm::toHex(hash.final(), /*LowerCase=*/true);

  std::optional<std::string> compiler = findCompiler();
  if (!compiler)
    return emitError(module.getLoc())
           << "cannot build the CPU kernel library '" << libraryPath
           << "': no C compiler (cc, clang or gcc) on PATH";

  SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("ascend-kernels", dir))
    return emitError(module.getLoc())
           << "cannot build the CPU kernel library '" << libraryPath
           << "': no temporary directory: " << ec.message();
  // The directory and its files go whatever happens.
  SmallVector<std::string> files;
  auto cleanup = llvm::make_scope_exit([&] {
    for (const std::string &f : files)
      llvm::sys::fs::remove(f);
    llvm::sys::fs::remove(dir);
  });
  auto inDir = [&](const Twine &name) {
    SmallString<128> p(dir);
    llvm::sys::path::append(p, name);
    files.push_back(std::string(p));
    return files.back();
  };

  std::string source;
  llvm::raw_string_ostream c(source);
  c << "/* The AI Core kernels of one model, built for the CPU by "
       "ascend-compile --mindir-kernels=custom. */\n"
       "#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n";
  c << kCheckFunction;
  c << "const char *ascend_kernel_library_fingerprint(void) { return "
    << cString(library.fingerprint) << "; }\n\n";
  SmallVector<std::string> objects;
  for (auto [index, item] : llvm::enumerate(signatures)) {
    auto &[kernel, sig] = item;
    std::string entry = ("__ascend_kernel_entry_" + Twine(index)).str();
    std::string object = inDir("kernel" + Twine(index) + ".o");
    if (failed(compileKernel(kernel, sig, module, entry, object)))
      return failure();
    objects.push_back(object);
    writeAotFunction(c, kernel.getSymName(), locationString(kernel.getLoc()),
                     library.kernels[kernel.getSymName()].function, entry, sig);
  }
  std::string sourcePath = inDir("kernels.c");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(sourcePath, ec, llvm::sys::fs::OF_Text);
    if (!ec) {
      os << source;
      os.close();
    }
    if (ec || os.has_error()) {
      os.clear_error();
      return emitError(module.getLoc())
             << "cannot build the CPU kernel library '" << libraryPath
             << "': cannot write '" << sourcePath << "'";
    }
  }
  std::string logPath = inDir("link.log");
  SmallVector<std::string> args = {*compiler, "-shared", "-fPIC", "-O2",
                                   "-o", libraryPath.str(), sourcePath};
  args.append(objects.begin(), objects.end());
  std::string runnerDir = ASCEND_MLIR_LIBRARY_DIR;
  SmallString<128> runnerUtils(runnerDir);
  llvm::sys::path::append(runnerUtils, "libmlir_c_runner_utils.so");
  // memref.copy of non-contiguous views calls memrefCopy.
  if (!runnerDir.empty() && llvm::sys::fs::exists(runnerUtils)) {
    args.push_back(std::string(runnerUtils));
    args.push_back("-Wl,-rpath," + runnerDir);
  }
  args.push_back("-lm");
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*compiler, argRefs, std::nullopt,
                                     redirects, 0, 0, &message);
  if (rc != 0) {
    std::string log;
    if (auto buffer = llvm::MemoryBuffer::getFile(logPath))
      log = (*buffer)->getBuffer().rtrim().str();
    return emitError(module.getLoc())
           << "cannot build the CPU kernel library '" << libraryPath << "': "
           << *compiler << " failed"
           << (message.empty() ? "" : " (" + message + ")")
           << (log.empty() ? "" : ":\n" + log);
  }
  return library;
}
