//===- TraceFileTest.cpp - the trace importer's file layer ----------------===//
//
// lib/Trace/TraceFile.h: binary and text traces read into the same header
// and runs, the weights left in the file's bytes, the format version check,
// the weights file, and the exact messages of bad files and values.
//
//===----------------------------------------------------------------------===//
#include "TraceFile.h"
#include "TraceTestTraces.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <google/protobuf/arena.h>
#include <google/protobuf/text_format.h>
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::trace;
using namespace mlir::ascend::trace::testing;

namespace {

TEST(TraceFile, BinaryTraceSplitsIntoHeaderAndRuns) {
  MLIRContext context;
  std::string bytes = mmTrace().SerializeAsString();
  TraceDiagnostics diag(&context, "t.pntrace");
  auto arena = traceArena();
  TraceContents contents;
  ASSERT_TRUE(succeeded(readTrace(bytes, diag, *arena, contents)));
  EXPECT_TRUE(contents.binaryOfText.empty());
  EXPECT_EQ(contents.binary.data(), bytes.data());
  ASSERT_EQ(contents.header->parameters_size(), 1);
  ASSERT_EQ(contents.header->runs_size(), 1);
  ASSERT_EQ(contents.runs.size(), 1u);
  // The header's run holds no events; its bytes do.
  EXPECT_EQ(contents.header->runs(0).events_size(), 0);
  pb::Run run;
  ASSERT_TRUE(run.ParseFromString(std::string(contents.runs[0])));
  ASSERT_EQ(run.events_size(), 1);
  EXPECT_EQ(run.events(0).op().name(), "aten.mm.default");
  // The weight is a view into the file, not a copy in the header.
  const pb::TensorValue &weight = contents.header->parameters(0).value();
  EXPECT_TRUE(weight.data().empty());
  FailureOr<StringRef> data = valueBytes(weight, diag, "w");
  ASSERT_TRUE(succeeded(data));
  EXPECT_EQ(*data, f32Bytes({1, 2, 3, 4}));
  EXPECT_GE(data->data(), bytes.data());
  EXPECT_LE(data->end(), bytes.data() + bytes.size());
  EXPECT_TRUE(succeeded(checkFormatVersion(*contents.header, diag)));
}

TEST(TraceFile, TextTraceReadsAsItsBinaryForm) {
  MLIRContext context;
  std::string text;
  ASSERT_TRUE(google::protobuf::TextFormat::PrintToString(mmTrace(), &text));
  TraceDiagnostics diag(&context, "t.pntrace.txt");
  auto arena = traceArena();
  TraceContents contents;
  ASSERT_TRUE(succeeded(readTrace(text, diag, *arena, contents)));
  EXPECT_EQ(contents.binaryOfText, mmTrace().SerializeAsString());
  EXPECT_EQ(contents.header->parameters(0).name(), "fc.weight");
  EXPECT_EQ(contents.runs.size(), 1u);
}

/// The one error message readTrace emits for `bytes` named `filename`.
std::string readError(StringRef bytes, StringRef filename = "t.pntrace") {
  MLIRContext context;
  DiagnosticCollector errors(context);
  TraceDiagnostics diag(&context, filename);
  auto arena = traceArena();
  TraceContents contents;
  EXPECT_TRUE(failed(readTrace(bytes, diag, *arena, contents)));
  EXPECT_EQ(errors.messages.size(), 1u);
  return errors.messages.empty() ? "" : errors.messages.front();
}

TEST(TraceFile, BadFilesAreNamedErrors) {
  EXPECT_EQ(readError(""), "t.pntrace: file is empty");
  EXPECT_EQ(readError("module {\n}\n"),
            "t.pntrace: not a trace file: this is MLIR text, not a recorded "
            "trace (.pntrace); ascend-compile and --import-pynative-trace "
            "read traces, ascend-opt reads MLIR");
  EXPECT_EQ(readError(std::string("\x08\x01\xff\xff\x00", 5), "m.mindir"),
            "m.mindir: not a trace file: a .mindir file is a compiled MindIR "
            "model, not a recorded trace (.pntrace); ascend-translate "
            "--import-mindir reads it");
  // Cut short inside the first run: the place is named.
  std::string bytes = mmTrace().SerializeAsString();
  std::string cut = readError(StringRef(bytes).drop_back(10));
  EXPECT_EQ(cut.rfind("t.pntrace: run 0", 0), 0u) << cut;
  EXPECT_NE(cut.find("damaged binary trace"), std::string::npos) << cut;
}

TEST(TraceFile, NewerFormatVersionIsRefused) {
  MLIRContext context;
  DiagnosticCollector errors(context);
  pb::Trace trace = mmTrace();
  trace.set_format_version(2);
  TraceDiagnostics diag(&context, "t.pntrace");
  EXPECT_TRUE(failed(checkFormatVersion(trace, diag)));
  ASSERT_EQ(errors.messages.size(), 1u);
  EXPECT_EQ(errors.messages[0], "t.pntrace: unsupported trace format version "
                                "2 (this reader reads version 1)");
}

TEST(TraceFile, ValuesAreCheckedAgainstTheirTypes) {
  MLIRContext context;
  DiagnosticCollector errors(context);
  TraceDiagnostics diag(&context, "t.pntrace");
  diag.run = 0;
  pb::TensorValue value;
  setF32(*value.mutable_type(), {2, 2});
  value.set_data(f32Bytes({1, 2, 3}));
  EXPECT_TRUE(failed(checkedValueType(value, diag, "input 0")));
  value.set_data(f32Bytes({1, 2, 3, 4}));
  FailureOr<RankedTensorType> type = checkedValueType(value, diag, "input 0");
  ASSERT_TRUE(succeeded(type));
  EXPECT_EQ(type->getShape(), ArrayRef<int64_t>({2, 2}));
  EXPECT_TRUE(type->getElementType().isF32());
  FailureOr<HostTensor> host = hostTensorOf(value, diag, "input 0");
  ASSERT_TRUE(succeeded(host));
  EXPECT_EQ(host->data.size(), 16u);
  pb::TensorValue flag;
  flag.mutable_type()->set_dtype(pb::DTYPE_BOOL);
  flag.mutable_type()->add_shape(2);
  flag.set_data(std::string("\x01\x02", 2));
  EXPECT_TRUE(failed(checkedValueType(flag, diag, "input 1")));
  pb::TensorType negative;
  setF32(negative, {3, -1});
  EXPECT_TRUE(failed(tensorTypeOf(negative, diag, "result")));
  pb::TensorType huge;
  setF32(huge, {1 << 30, 1 << 30});
  EXPECT_TRUE(failed(tensorTypeOf(huge, diag, "result")));
  ASSERT_EQ(errors.messages.size(), 4u);
  EXPECT_EQ(errors.messages[0], "t.pntrace: run 0: input 0 holds 12 bytes but "
                                "its type 'tensor<2x2xf32>' needs 16");
  EXPECT_EQ(errors.messages[1], "t.pntrace: run 0: input 1 element 1 holds "
                                "byte 2, which is not a bool (0 or 1)");
  EXPECT_EQ(errors.messages[2],
            "t.pntrace: run 0: result has negative dimension -1");
  EXPECT_EQ(errors.messages[3], "t.pntrace: run 0: result has more than 2^48 "
                                "elements (shape out of range)");
}

TEST(TraceFile, WeightsFileIsMappedAndRangeChecked) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("trace-file-test", dir));
  std::string trace = (dir + "/t.pntrace").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream weights(trace + ".weights", ec);
    ASSERT_FALSE(ec);
    weights << "xxxx" << f32Bytes({5, 6});
  }
  MLIRContext context;
  DiagnosticCollector errors(context);
  TraceDiagnostics diag(&context, trace);
  pb::TensorValue value;
  setF32(*value.mutable_type(), {2});
  value.mutable_external()->set_offset(4);
  value.mutable_external()->set_length(8);
  FailureOr<StringRef> bytes = valueBytes(value, diag, "parameter 'w'");
  ASSERT_TRUE(succeeded(bytes));
  EXPECT_EQ(*bytes, f32Bytes({5, 6}));
  ASSERT_TRUE(diag.weights);
  EXPECT_EQ(bufferHolding(*bytes, diag), diag.weights);
  value.mutable_external()->set_offset(8);
  EXPECT_TRUE(failed(valueBytes(value, diag, "parameter 'w'")));
  value.set_data("ab");
  EXPECT_TRUE(failed(valueBytes(value, diag, "parameter 'w'")));
  ASSERT_EQ(errors.messages.size(), 2u);
  EXPECT_EQ(errors.messages[0],
            trace +
                ": parameter 'w' refers to bytes [8, 16) of weights file '" +
                trace + ".weights', which holds only 12 bytes");
  EXPECT_EQ(errors.messages[1],
            trace +
                ": parameter 'w' has both inline data and a reference to "
                "weights file '" +
                trace + ".weights'");
  llvm::sys::fs::remove(trace + ".weights");
  llvm::sys::fs::remove(dir);
}

} // namespace
