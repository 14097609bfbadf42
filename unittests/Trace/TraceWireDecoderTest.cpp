//===- TraceWireDecoderTest.cpp - the trace importer's wire layer ---------===//
//
// The wire decoder of lib/Trace/TraceWireDecoder.h against protobuf's own
// serializer: events written by the generated code decode to the same
// fields, a message parsed without some fields (parseExcept) is the same
// message, and malformed bytes are refused without reading past the end.
//
//===----------------------------------------------------------------------===//
#include "TraceWireDecoder.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir::ascend::trace::wire;

namespace {

/// An op event as the recorder writes it: aten.add.Tensor(x, y, alpha=2)
/// at model.py:7 under module path "0.fc1", one f32[4,16] result.
pb::Event addEvent() {
  pb::Event event;
  pb::Frame *frame = event.mutable_loc()->add_frames();
  frame->set_file("model.py");
  frame->set_line(7);
  frame->set_column(3);
  frame->set_activation(42);
  event.mutable_loc()->set_module_path("0.fc1");
  pb::OpEvent *op = event.mutable_op();
  op->set_name("aten.add.Tensor");
  pb::Argument *self = op->add_args();
  self->set_name("self");
  self->set_tensor(5);
  pb::Argument *other = op->add_args();
  other->set_name("other");
  other->set_tensor(6);
  pb::Argument *alpha = op->add_args();
  alpha->set_name("alpha");
  alpha->set_int_value(-2);
  pb::Argument *sizes = op->add_args();
  sizes->set_name("size");
  for (int64_t d : {4, -1, 300})
    sizes->mutable_ints()->add_values(d);
  pb::Result *result = op->add_results();
  result->set_tensor_id(7);
  result->set_alias_of(-1);
  result->mutable_type()->set_dtype(pb::DTYPE_FLOAT32);
  result->mutable_type()->add_shape(4);
  result->mutable_type()->add_shape(16);
  op->add_mutated_args(0);
  op->set_function_call(3);
  return event;
}

TEST(TraceWireDecoder, VarintsOfEveryLength) {
  for (uint64_t value : {uint64_t(0), uint64_t(1), uint64_t(127), uint64_t(128),
                         uint64_t(300), uint64_t(1) << 35, ~uint64_t(0)}) {
    std::string bytes;
    uint64_t v = value;
    do {
      bytes.push_back(char((v & 0x7f) | (v >= 0x80 ? 0x80 : 0)));
      v >>= 7;
    } while (v);
    const char *p = bytes.data();
    uint64_t decoded = 0;
    ASSERT_TRUE(readVarint(p, bytes.data() + bytes.size(), decoded)) << value;
    EXPECT_EQ(decoded, value);
    EXPECT_EQ(p, bytes.data() + bytes.size());
    // Cut by one byte: refused, whatever the length.
    const char *q = bytes.data();
    EXPECT_FALSE(readVarint(q, bytes.data() + bytes.size() - 1, decoded))
        << value;
  }
}

TEST(TraceWireDecoder, OpEventAsProtobufWritesIt) {
  std::string bytes = addEvent().SerializeAsString();
  EventReader reader;
  ASSERT_TRUE(reader.parse(bytes));
  const EventView &event = reader.event();
  ASSERT_EQ(event.kind_case(), pb::Event::kOp);
  ASSERT_TRUE(event.has_loc());
  ASSERT_EQ(event.loc().frames_size(), 1);
  EXPECT_EQ(event.loc().frames(0).file(), "model.py");
  EXPECT_EQ(event.loc().frames(0).line(), 7);
  EXPECT_EQ(event.loc().frames(0).column(), 3);
  EXPECT_EQ(event.loc().frames(0).activation(), 42u);
  EXPECT_EQ(event.loc().module_path(), "0.fc1");
  const OpEventView &op = event.op();
  EXPECT_EQ(op.name(), "aten.add.Tensor");
  ASSERT_EQ(op.args_size(), 4);
  EXPECT_EQ(op.args(0).name(), "self");
  EXPECT_EQ(op.args(0).value_case(), pb::Argument::kTensor);
  EXPECT_EQ(op.args(0).tensor(), 5u);
  EXPECT_EQ(op.args(1).tensor(), 6u);
  EXPECT_EQ(op.args(2).value_case(), pb::Argument::kIntValue);
  EXPECT_EQ(op.args(2).int_value(), -2);
  EXPECT_EQ(op.args(2).tensor(), 0u); // not a tensor argument
  EXPECT_EQ(op.args(3).ints(), ArrayRef<int64_t>({4, -1, 300}));
  ASSERT_EQ(op.results().size(), 1u);
  EXPECT_EQ(op.results()[0].tensor_id(), 7u);
  EXPECT_EQ(op.results()[0].alias_of(), -1);
  EXPECT_EQ(op.results()[0].type().shape(), ArrayRef<int64_t>({4, 16}));
  EXPECT_EQ(op.mutated_args(), ArrayRef<int32_t>({0}));
  EXPECT_EQ(op.function_call(), 3u);
}

TEST(TraceWireDecoder, ReusedReaderForgetsThePreviousEvent) {
  // The views point into the bytes, which therefore outlive the reader's use.
  EventReader reader;
  std::string first = addEvent().SerializeAsString();
  ASSERT_TRUE(reader.parse(first));
  pb::Event small;
  small.mutable_op()->set_name("aten.relu.default");
  std::string second = small.SerializeAsString();
  ASSERT_TRUE(reader.parse(second));
  EXPECT_EQ(reader.event().op().name(), "aten.relu.default");
  EXPECT_EQ(reader.event().op().args_size(), 0);
  EXPECT_EQ(reader.event().op().function_call(), 0u);
  EXPECT_FALSE(reader.event().has_loc());
  EXPECT_EQ(reader.event().loc().frames_size(), 0);
}

TEST(TraceWireDecoder, EveryCutOfAnEventIsRefusedOrAPrefix) {
  // A cut inside a field is malformed; a cut between fields is a valid,
  // shorter message. Neither may read past the cut (ASan would see it).
  std::string bytes = addEvent().SerializeAsString();
  int refused = 0;
  for (size_t n = 0; n < bytes.size(); ++n) {
    std::string cut = bytes.substr(0, n); // its own allocation
    EventReader reader;
    pb::Event reference;
    bool decoded = reader.parse(cut);
    bool parsed = reference.ParseFromString(cut);
    // Whether protobuf takes it is whether the decoder does (the decoder
    // checks UTF-8 as protobuf does for the string fields).
    EXPECT_EQ(decoded, parsed) << "cut at " << n << " of " << bytes.size();
    refused += !decoded;
  }
  EXPECT_GT(refused, 0);
}

TEST(TraceWireDecoder, ParseExceptLeavesOutOnlyTheNamedFields) {
  pb::Parameter parameter;
  parameter.set_tensor_id(9);
  parameter.set_name("0.fc1.weight");
  parameter.set_is_buffer(true);
  parameter.mutable_value()->mutable_type()->set_dtype(pb::DTYPE_FLOAT32);
  parameter.mutable_value()->mutable_type()->add_shape(2);
  parameter.mutable_value()->set_data(std::string(8, '\x01'));
  std::string bytes = parameter.SerializeAsString();

  pb::Parameter header;
  std::string valueBytes;
  ASSERT_TRUE(parseExcept(bytes, header, {pb::Parameter::kValueFieldNumber, 0, 0},
                          [&](uint32_t field, StringRef payload) {
                            EXPECT_EQ(field, pb::Parameter::kValueFieldNumber);
                            valueBytes = payload.str();
                            return true;
                          }));
  EXPECT_EQ(header.tensor_id(), 9u);
  EXPECT_EQ(header.name(), "0.fc1.weight");
  EXPECT_TRUE(header.is_buffer());
  EXPECT_FALSE(header.has_value());
  EXPECT_EQ(valueBytes, parameter.value().SerializeAsString());
  // A callback that refuses stops the parse.
  pb::Parameter other;
  EXPECT_FALSE(parseExcept(bytes, other, {pb::Parameter::kValueFieldNumber, 0, 0},
                           [](uint32_t, StringRef) { return false; }));
  // Malformed bytes (a length past the end) are refused.
  std::string damaged = bytes;
  damaged.pop_back();
  pb::Parameter third;
  EXPECT_FALSE(parseExcept(damaged, third, {0, 0, 0},
                           [](uint32_t, StringRef) { return true; }));
}

} // namespace
