//===- TraceTestTraces.h - small traces for the importer's tests -*- C++
//-*-===//
//
// Traces written with protobuf's generated code, as the recorder writes
// them, and a collector of the diagnostics the importer emits.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_UNITTESTS_TRACE_TRACETESTTRACES_H
#define ASCEND_UNITTESTS_TRACE_TRACETESTTRACES_H

#include "PyNativeTrace.pb.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <string>
#include <vector>

namespace mlir::ascend::trace::testing {
namespace pb = ::ascend::trace;

/// Sets `type` to f32 of `shape`.
inline void setF32(pb::TensorType &type, std::vector<int64_t> shape) {
  type.set_dtype(pb::DTYPE_FLOAT32);
  for (int64_t d : shape)
    type.add_shape(d);
}

/// f32 values as the bytes of a TensorValue.
inline std::string f32Bytes(std::vector<float> values) {
  return std::string(reinterpret_cast<const char *>(values.data()),
                     values.size() * sizeof(float));
}

/// An op event `name` at model.py:`line` under `modulePath`: tensor
/// arguments `self` and `other` (ids `a`, `b`), one f32[2,2] result `result`.
inline pb::Event binaryOpEvent(const std::string &name, uint64_t a, uint64_t b,
                               uint64_t result, int line = 3,
                               const std::string &modulePath = "fc") {
  pb::Event event;
  pb::Frame *frame = event.mutable_loc()->add_frames();
  frame->set_file("model.py");
  frame->set_line(line);
  frame->set_column(5);
  frame->set_activation(1);
  event.mutable_loc()->set_module_path(modulePath);
  pb::OpEvent *op = event.mutable_op();
  op->set_name(name);
  pb::Argument *self = op->add_args();
  self->set_name("self");
  self->set_tensor(a);
  pb::Argument *other = op->add_args();
  other->set_name("other");
  other->set_tensor(b);
  pb::Result *r = op->add_results();
  r->set_tensor_id(result);
  r->set_alias_of(-1);
  setF32(*r->mutable_type(), {2, 2});
  return event;
}

/// A trace of format version 1: parameter "fc.weight" (id 100, f32[2,2],
/// 1 2 3 4 inline), one run with input id 1 (f32[2,2]), the event
/// aten.mm.default(self=1, other=100) -> 2, and output id 2.
inline pb::Trace mmTrace() {
  pb::Trace trace;
  trace.set_format_version(1);
  trace.set_model("Net");
  pb::Parameter *p = trace.add_parameters();
  p->set_tensor_id(100);
  p->set_name("fc.weight");
  setF32(*p->mutable_value()->mutable_type(), {2, 2});
  p->mutable_value()->set_data(f32Bytes({1, 2, 3, 4}));
  pb::Run *run = trace.add_runs();
  pb::Input *in = run->add_inputs();
  in->set_tensor_id(1);
  setF32(*in->mutable_value()->mutable_type(), {2, 2});
  in->mutable_value()->set_data(f32Bytes({1, 0, 0, 1}));
  *run->add_events() = binaryOpEvent("aten.mm.default", 1, 100, 2);
  pb::Output *out = run->add_outputs();
  out->set_tensor_id(2);
  setF32(*out->mutable_value()->mutable_type(), {2, 2});
  out->mutable_value()->set_data(f32Bytes({1, 2, 3, 4}));
  return trace;
}

/// Collects the error messages emitted on a context while alive.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext &context)
      : handler(&context, [this](Diagnostic &d) {
          messages.push_back(d.str());
          return success();
        }) {}
  std::vector<std::string> messages;

private:
  ScopedDiagnosticHandler handler;
};

} // namespace mlir::ascend::trace::testing

#endif // ASCEND_UNITTESTS_TRACE_TRACETESTTRACES_H
