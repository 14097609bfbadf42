//===- TraceIRBuilderTest.cpp - trace events to pynative ops --------------===//
//
// lib/Trace/TraceIRBuilder.h: a small trace becomes its parameter, its run
// and its ops with the recorded names, operands and types, verified; the
// options add pynative.call ops and pynative.exact attributes; a tensor id
// used before it is defined is an error naming run and event.
//
//===----------------------------------------------------------------------===//
#include "TraceIRBuilder.h"
#include "TraceTestTraces.h"

#include "ascend/Dialect/PyNative/IR/PyNativeDialect.h"
#include "mlir/IR/Verifier.h"
#include <google/protobuf/arena.h>
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::trace;
using namespace mlir::ascend::trace::testing;

namespace {

struct Built {
  MLIRContext context;
  std::string bytes;
  std::unique_ptr<google::protobuf::Arena> arena = traceArena();
  TraceContents contents;
  std::unique_ptr<TraceDiagnostics> diag;
  OwningOpRef<ModuleOp> module;
  std::vector<std::string> errors;

  Built(const pb::Trace &trace, TraceIRBuilderOptions options = {}) {
    context.loadDialect<pynative::PyNativeDialect>();
    DiagnosticCollector collector(context);
    bytes = trace.SerializeAsString();
    diag = std::make_unique<TraceDiagnostics>(&context, "t.pntrace");
    if (succeeded(readTrace(bytes, *diag, *arena, contents)))
      module = buildPyNativeModule(contents, *diag, options);
    errors = collector.messages;
  }
};

TEST(TraceIRBuilder, BuildsParameterRunAndOps) {
  Built built(mmTrace());
  ASSERT_TRUE(built.module) << (built.errors.empty() ? "" : built.errors[0]);
  EXPECT_TRUE(built.errors.empty());
  ASSERT_TRUE(succeeded(verify(*built.module)));
  ModuleOp module = *built.module;
  EXPECT_EQ(module->getAttrOfType<StringAttr>("pynative.model").getValue(),
            "Net");
  auto params = llvm::to_vector(module.getOps<pynative::ParameterOp>());
  ASSERT_EQ(params.size(), 1u);
  EXPECT_EQ(params[0].getSymName(), "fc.weight");
  auto traces = llvm::to_vector(module.getOps<pynative::TraceOp>());
  ASSERT_EQ(traces.size(), 1u);
  pynative::TraceOp run = traces[0];
  EXPECT_EQ(run.getSymName(), "run_0");
  auto ops =
      llvm::to_vector(run.getBody().front().getOps<pynative::RecordedOp>());
  ASSERT_EQ(ops.size(), 1u);
  pynative::RecordedOp mm = ops[0];
  EXPECT_EQ(mm.getName(), "aten.mm.default");
  ASSERT_EQ(mm.getInputs().size(), 2u);
  // self is the run's input, other the parameter read where mm ran.
  EXPECT_EQ(mm.getInputs()[0], run.getBody().front().getArgument(0));
  auto get = mm.getInputs()[1].getDefiningOp<pynative::GetParameterOp>();
  ASSERT_TRUE(get);
  EXPECT_EQ(get->getLoc(), mm->getLoc());
  EXPECT_EQ(cast<StringAttr>(mm.getOperandNames()[1]).getValue(), "other");
  auto f32x2x2 =
      RankedTensorType::get({2, 2}, Float32Type::get(&built.context));
  EXPECT_EQ(mm.getResults()[0].getType(), f32x2x2);
  EXPECT_EQ(run.getFunctionType().getResults(), ArrayRef<Type>(f32x2x2));
  auto output = cast<pynative::OutputOp>(run.getBody().front().getTerminator());
  EXPECT_EQ(output->getOperand(0), mm.getResults()[0]);
  EXPECT_FALSE(mm->hasAttr("pynative.exact"));
}

TEST(TraceIRBuilder, UndefinedTensorIdNamesRunAndEvent) {
  pb::Trace trace = mmTrace();
  *trace.mutable_runs(0)->add_events() =
      binaryOpEvent("aten.add.Tensor", 2, 9, 4);
  Built built(trace);
  EXPECT_FALSE(built.module);
  ASSERT_EQ(built.errors.size(), 1u);
  EXPECT_EQ(built.errors[0],
            "t.pntrace: run 0, event 1: argument 'other' uses tensor id 9 "
            "before it is defined (not an input, parameter, constant or "
            "earlier result)");
}

TEST(TraceIRBuilder, RunWithoutRunsIsAnError) {
  pb::Trace trace = mmTrace();
  trace.clear_runs();
  Built built(trace);
  EXPECT_FALSE(built.module);
  ASSERT_EQ(built.errors.size(), 1u);
  EXPECT_EQ(built.errors[0], "t.pntrace: the trace holds no recorded run");
}

/// mmTrace with a function call (id 1, "torch.mm") recorded before the op,
/// which the op names.
pb::Trace mmTraceWithCall() {
  pb::Trace trace = mmTrace();
  pb::Run &run = *trace.mutable_runs(0);
  pb::Event op = run.events(0);
  op.mutable_op()->set_function_call(1);
  run.clear_events();
  pb::FunctionCallEvent *call = run.add_events()->mutable_function_call();
  call->set_id(1);
  call->set_name("torch.mm");
  pb::Argument *arg = call->add_args();
  arg->set_name("input");
  arg->set_tensor(1);
  *run.add_events() = op;
  return trace;
}

TEST(TraceIRBuilder, FunctionCallsBecomeAttributesOrCallOps) {
  Built plain(mmTraceWithCall());
  ASSERT_TRUE(plain.module);
  pynative::TraceOp run = *plain.module->getOps<pynative::TraceOp>().begin();
  EXPECT_TRUE(run.getBody().front().getOps<pynative::CallOp>().empty());
  pynative::RecordedOp mm =
      *run.getBody().front().getOps<pynative::RecordedOp>().begin();
  EXPECT_EQ(mm->getAttrOfType<StringAttr>("function").getValue(), "torch.mm");
  EXPECT_EQ(mm->getAttrOfType<IntegerAttr>("function_call").getInt(), 1);

  Built calls(mmTraceWithCall(), {/*functionCalls=*/true, /*exact=*/false});
  ASSERT_TRUE(calls.module);
  ASSERT_TRUE(succeeded(verify(*calls.module)));
  run = *calls.module->getOps<pynative::TraceOp>().begin();
  auto callOps =
      llvm::to_vector(run.getBody().front().getOps<pynative::CallOp>());
  ASSERT_EQ(callOps.size(), 1u);
  EXPECT_EQ(callOps[0]->getNumOperands(), 1u);
}

TEST(TraceIRBuilder, ExactKeepsWhatTheIRLeavesOut) {
  Built built(mmTrace(), {/*functionCalls=*/false, /*exact=*/true});
  ASSERT_TRUE(built.module);
  auto exact = (*built.module)->getAttrOfType<DictionaryAttr>("pynative.exact");
  ASSERT_TRUE(exact);
  EXPECT_EQ(cast<IntegerAttr>(exact.get("format_version")).getInt(), 1);
  pynative::TraceOp run = *built.module->getOps<pynative::TraceOp>().begin();
  pynative::RecordedOp mm =
      *run.getBody().front().getOps<pynative::RecordedOp>().begin();
  auto event = mm->getAttrOfType<DictionaryAttr>("pynative.exact");
  ASSERT_TRUE(event);
  EXPECT_EQ(cast<DenseI64ArrayAttr>(event.get("result_ids")).asArrayRef(),
            ArrayRef<int64_t>({2}));
  EXPECT_EQ(cast<StringAttr>(event.get("kinds")).getValue(), "tt");
}

} // namespace
