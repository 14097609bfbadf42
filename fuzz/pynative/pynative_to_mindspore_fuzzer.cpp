//===- pynative_to_mindspore_fuzzer.cpp - libFuzzer: trace -> mindspore ---===//
//
// Makes the fuzzer's bytes into a recorded eager run (a PyNativeTrace
// protobuf): inputs and a parameter of random dtypes and shapes, then a few
// recorded aten ops picked from the ops the legalization maps, with the
// argument names of PyTorch's schemas (OpSchemas.inc, from
// make_op_schemas.py) and random values of random kinds (tensors, ints, int
// lists, floats, bools, None, strings, dtypes), random result types and
// aliases. The trace goes through the real importer (importPyNativeTrace),
// then convert-pynative-to-mindspore and the graph passes
// (buildPyNativeToMindSporePipeline + buildGraphFusionPipeline), and the
// result is verified. A diagnostic is the expected outcome for most inputs;
// an abort ("LLVM ERROR: Failed to infer result type(s)"), a crash, a
// sanitizer report or an invalid module after a successful pipeline is a bug.
// Build and run: fuzz/pynative/README.md.
//
//===----------------------------------------------------------------------===//
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "ascend/Pipelines/Pipelines.h"
#include "ascend/Trace/TraceReader.h"
#include "PyNativeTrace.pb.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace mlir;
namespace pb = ::ascend::trace;

namespace {

enum class Kind {
  Tensor,
  OptionalTensor,
  TensorList,
  OptionalTensorList,
  Int,
  IntList,
  Float,
  Bool,
  String,
  DType,
  Other
};
struct ArgSpec {
  const char *name;
  Kind kind;
};
struct OpSpec {
  const char *name;
  std::vector<ArgSpec> args;
  int results;
};
const std::vector<OpSpec> &opSpecs() {
  static const std::vector<OpSpec> specs = {
#include "OpSchemas.inc"
  };
  return specs;
}

const pb::DType kDTypes[] = {
    pb::DTYPE_FLOAT32, pb::DTYPE_FLOAT32, pb::DTYPE_FLOAT32, pb::DTYPE_INT64,
    pb::DTYPE_BOOL,    pb::DTYPE_INT32,   pb::DTYPE_FLOAT16, pb::DTYPE_FLOAT64,
    pb::DTYPE_UINT8,   pb::DTYPE_INT8,    pb::DTYPE_INT16,   pb::DTYPE_BFLOAT16};

int64_t elementSize(pb::DType t) {
  switch (t) {
  case pb::DTYPE_FLOAT64:
  case pb::DTYPE_INT64:
    return 8;
  case pb::DTYPE_FLOAT32:
  case pb::DTYPE_INT32:
    return 4;
  case pb::DTYPE_FLOAT16:
  case pb::DTYPE_BFLOAT16:
  case pb::DTYPE_INT16:
    return 2;
  default:
    return 1;
  }
}

/// A tensor the trace has defined so far.
struct Known {
  uint64_t id;
  pb::TensorType type;
};

struct Generator {
  FuzzedDataProvider &in;
  std::vector<Known> tensors;
  uint64_t nextId = 1;

  int64_t dim() {
    // Mostly small; now and then 0 (empty) or one far past memory.
    switch (in.ConsumeIntegralInRange<int>(0, 15)) {
    case 0:
      return 0;
    case 1:
      return in.ConsumeIntegralInRange<int64_t>(6, 64);
    default:
      return in.ConsumeIntegralInRange<int64_t>(1, 5);
    }
  }
  pb::TensorType type(bool small) {
    pb::TensorType t;
    t.set_dtype(in.PickValueInArray(kDTypes));
    int rank = in.ConsumeIntegralInRange<int>(0, 5);
    int64_t elements = 1;
    for (int i = 0; i < rank; ++i) {
      int64_t d = dim();
      if (small && elements * std::max<int64_t>(d, 1) > 4096)
        d = 1;
      elements *= std::max<int64_t>(d, 1);
      t.add_shape(d);
    }
    return t;
  }
  /// A variation of `t` (a dimension changed, added or dropped, or the
  /// dtype): results mostly look like their operands.
  pb::TensorType near(const pb::TensorType &t) {
    pb::TensorType r = t;
    switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
      if (r.shape_size())
        r.set_shape(in.ConsumeIntegralInRange<int>(0, r.shape_size() - 1),
                    dim());
      break;
    case 1:
      r.add_shape(dim());
      break;
    case 2:
      if (r.shape_size())
        r.mutable_shape()->RemoveLast();
      break;
    case 3:
      r.set_dtype(in.PickValueInArray(kDTypes));
      break;
    default:
      break;
    }
    return r;
  }
  void fill(pb::TensorValue *value, const pb::TensorType &t) {
    *value->mutable_type() = t;
    int64_t elements = 1;
    for (int64_t d : t.shape())
      elements *= d;
    value->set_data(std::string(elements * elementSize(t.dtype()), '\0'));
  }
  uint64_t pickTensor() {
    if (tensors.empty() || in.ConsumeIntegralInRange<int>(0, 40) == 0)
      return in.ConsumeIntegralInRange<uint64_t>(0, nextId + 2); // dangling
    return tensors[in.ConsumeIntegralInRange<size_t>(0, tensors.size() - 1)]
        .id;
  }
  const pb::TensorType *typeOf(uint64_t id) {
    for (Known &k : tensors)
      if (k.id == id)
        return &k.type;
    return nullptr;
  }
  int64_t smallInt() {
    switch (in.ConsumeIntegralInRange<int>(0, 11)) {
    case 0:
      return in.ConsumeIntegral<int64_t>();
    case 1:
      return in.ConsumeIntegralInRange<int64_t>(-8, -1);
    default:
      return in.ConsumeIntegralInRange<int64_t>(0, 4);
    }
  }
  void value(pb::Argument *arg, Kind kind, uint64_t &firstTensor) {
    bool tensor = kind == Kind::Tensor || kind == Kind::TensorList;
    if (kind == Kind::Other ||
        in.ConsumeIntegralInRange<int>(0, tensor ? 39 : 9) == 0)
      kind = static_cast<Kind>(in.ConsumeIntegralInRange<int>(0, 10));
    switch (kind) {
    case Kind::OptionalTensor:
      if (in.ConsumeBool()) {
        arg->set_none(true);
        break;
      }
      [[fallthrough]];
    case Kind::Tensor:
      arg->set_tensor(pickTensor());
      if (!firstTensor)
        firstTensor = arg->tensor();
      break;
    case Kind::TensorList:
    case Kind::OptionalTensorList: {
      int n = in.ConsumeIntegralInRange<int>(0, 3);
      for (int i = 0; i < n; ++i)
        arg->mutable_tensors()->add_tensor_ids(
            kind == Kind::OptionalTensorList && in.ConsumeBool() ? 0
                                                                 : pickTensor());
      break;
    }
    case Kind::Int:
      arg->set_int_value(smallInt());
      break;
    case Kind::IntList: {
      int n = in.ConsumeIntegralInRange<int>(0, 5);
      for (int i = 0; i < n; ++i)
        arg->mutable_ints()->add_values(smallInt());
      break;
    }
    case Kind::Float: {
      const double special[] = {0.0, 1.0, -1.0, 0.5, 6.0, 1e-5, 1e300};
      arg->set_float_value(in.ConsumeBool() ? in.PickValueInArray(special)
                                            : in.ConsumeFloatingPoint<double>());
      break;
    }
    case Kind::Bool:
      arg->set_bool_value(in.ConsumeBool());
      break;
    case Kind::String: {
      const char *strings[] = {"same", "valid", "none", "tanh", ""};
      arg->set_string_value(in.PickValueInArray(strings));
      break;
    }
    case Kind::DType: {
      const char *dtypes[] = {"float32", "int64", "bool", "float16",
                              "int32",   "float64", "complex64", "what"};
      arg->set_dtype_value(in.PickValueInArray(dtypes));
      break;
    }
    case Kind::Other:
      arg->set_none(true);
      break;
    }
  }

  pb::Trace trace() {
    pb::Trace t;
    t.set_format_version(in.ConsumeIntegralInRange<int>(0, 255) ? 1 : 2);
    t.mutable_modes()->set_dispatch_mode(true);
    pb::Run *run = t.add_runs();
    int inputs = in.ConsumeIntegralInRange<int>(1, 3);
    for (int i = 0; i < inputs; ++i) {
      pb::Input *input = run->add_inputs();
      input->set_tensor_id(nextId);
      pb::TensorType ty = type(/*small=*/true);
      fill(input->mutable_value(), ty);
      tensors.push_back({nextId++, ty});
    }
    if (in.ConsumeBool()) {
      pb::Parameter *param = t.add_parameters();
      param->set_tensor_id(nextId);
      param->set_name("layer.weight");
      pb::TensorType ty = type(/*small=*/true);
      fill(param->mutable_value(), ty);
      tensors.push_back({nextId++, ty});
    }
    const std::vector<OpSpec> &specs = opSpecs();
    int ops = in.ConsumeIntegralInRange<int>(1, 5);
    for (int o = 0; o < ops && in.remaining_bytes(); ++o) {
      const OpSpec &spec =
          specs[in.ConsumeIntegralInRange<size_t>(0, specs.size() - 1)];
      pb::Event *event = run->add_events();
      pb::Frame *frame = event->mutable_loc()->add_frames();
      frame->set_file("model.py");
      frame->set_line(10 + o);
      frame->set_function("forward");
      pb::OpEvent *op = event->mutable_op();
      op->set_name(spec.name);
      uint64_t firstTensor = 0;
      for (const ArgSpec &a : spec.args) {
        bool tensor = a.kind == Kind::Tensor || a.kind == Kind::TensorList;
        if (in.ConsumeIntegralInRange<int>(0, tensor ? 39 : 5) == 0)
          continue; // left out (a default)
        pb::Argument *arg = op->add_args();
        arg->set_name(in.ConsumeIntegralInRange<int>(0, 60) ? a.name : "bogus");
        value(arg, a.kind, firstTensor);
      }
      int results = spec.results;
      if (in.ConsumeIntegralInRange<int>(0, 5) == 0)
        results = in.ConsumeIntegralInRange<int>(0, 4);
      const pb::TensorType *like = typeOf(firstTensor);
      for (int r = 0; r < results; ++r) {
        pb::Result *result = op->add_results();
        result->set_tensor_id(nextId);
        pb::TensorType ty = like && in.ConsumeIntegralInRange<int>(0, 3)
                                ? near(*like)
                                : type(/*small=*/false);
        *result->mutable_type() = ty;
        result->set_alias_of(in.ConsumeIntegralInRange<int>(0, 9) ? -1 : 0);
        tensors.push_back({nextId++, ty});
      }
      if (in.ConsumeIntegralInRange<int>(0, 9) == 0 && op->args_size() &&
          op->args(0).has_tensor())
        op->add_mutated_args(0);
    }
    // The outputs: the last tensors defined.
    int outputs = std::min<int>(in.ConsumeIntegralInRange<int>(1, 2),
                                (int)tensors.size());
    for (int i = 0; i < outputs; ++i) {
      const Known &k = tensors[tensors.size() - 1 - i];
      pb::Output *output = run->add_outputs();
      output->set_tensor_id(k.id);
      int64_t elements = 1;
      for (int64_t d : k.type.shape())
        elements = d > 0 && elements < (1 << 20) ? elements * d : elements;
      if (elements < (1 << 16))
        fill(output->mutable_value(), k.type);
      else
        *output->mutable_value()->mutable_type() = k.type;
    }
    return t;
  }
};

/// With ASCEND_FUZZ_STATS set, how far the inputs got (printed at exit).
struct Stats {
  long inputs = 0, imported = 0, converted = 0;
  ~Stats() {
    if (getenv("ASCEND_FUZZ_STATS"))
      fprintf(stderr,
              "pynative fuzzer: %ld inputs, %ld imported, %ld through the "
              "pipeline\n",
              inputs, imported, converted);
  }
} stats;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ++stats.inputs;
  FuzzedDataProvider in(data, size);
  bool keepUnsupported = in.ConsumeBool();
  Generator generator{in};
  pb::Trace trace = generator.trace();
  std::string bytes;
  if (!trace.SerializeToString(&bytes))
    return 0;
  if (getenv("ASCEND_FUZZ_PRINT_TRACE")) // reproduce: the trace as text
    fprintf(stderr, "%s\n", trace.DebugString().c_str());

  DialectRegistry registry;
  registry.insert<mlir::ascend::pynative::PyNativeDialect,
                  mlir::ascend::mindspore::MindSporeDialect, func::FuncDialect>();
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  bool verbose = getenv("ASCEND_FUZZ_VERBOSE");
  ScopedDiagnosticHandler quiet(&context, [&](Diagnostic &d) {
    if (verbose)
      fprintf(stderr, "%s\n", d.str().c_str());
    return success();
  });
  OwningOpRef<ModuleOp> module = mlir::ascend::importPyNativeTrace(
      bytes, "/nonexistent/fuzz.pntrace", &context);
  if (!module)
    return 0;
  ++stats.imported;
  PassManager pm(&context);
  pm.enableVerifier(false); // verified once at the end, as ascend-compile does
  mlir::ascend::AscendPipelineOptions options;
  options.keepUnsupported = keepUnsupported;
  mlir::ascend::buildPyNativeToMindSporePipeline(pm, options);
  mlir::ascend::buildGraphFusionPipeline(pm, options);
  bool ran = succeeded(pm.run(*module));
  stats.converted += ran;
  if (ran && failed(verify(*module))) {
    fprintf(stderr, "the pipeline succeeded on an input but left an invalid "
                    "module\n");
    std::abort();
  }
  return 0;
}
