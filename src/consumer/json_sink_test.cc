#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "consumer/fake_kernel_lookup_test_util.h"
#include "consumer/output_sink.h"
#include "format/quantize_buckets.h"

namespace dt {
namespace {

using nlohmann::json;

// A sink writing to memory, with a fixed clock.
class Captured {
 public:
  explicit Captured(bool json_output = true, SinkOptions opts = {}) {
    out_ = open_memstream(&buf_, &len_);
    sink = json_output ? MakeJsonSink(out_, [] { return int64_t{1700000000000000000}; })
                       : MakeTextSink(out_);
    sink->SetOptions(opts);
  }
  ~Captured() {
    fclose(out_);
    free(buf_);
  }
  std::string Text() {
    fflush(out_);
    return std::string(buf_, len_);
  }
  // Every line parsed strictly (the parser throws on invalid JSON or UTF-8).
  std::vector<json> Lines() {
    std::vector<json> docs;
    std::string all = Text();
    size_t at = 0;
    while (at < all.size()) {
      size_t nl = all.find('\n', at);
      EXPECT_NE(nl, std::string::npos) << "a document without its newline";
      if (nl == std::string::npos) break;
      docs.push_back(json::parse(all.substr(at, nl - at)));
      at = nl + 1;
    }
    return docs;
  }
  std::unique_ptr<OutputSink> sink;

 private:
  FILE* out_ = nullptr;
  char* buf_ = nullptr;
  size_t len_ = 0;
};

ProbeFiring Firing() {
  ProbeFiring f;
  f.cpu = 1;
  f.probe_id = 73;
  f.provider = "syscall";
  f.function = "read";
  f.name = "entry";
  return f;
}

TEST(JsonSink, ProbeRecordHasFreeBsdFieldsAndOutput) {
  Captured c;
  c.sink->BeginRecord(Firing());
  c.sink->Trace(Value::Int(-5, 4));
  c.sink->Trace(Value::Str("bash"));
  c.sink->EndRecord();
  EXPECT_EQ(c.Text(), R"({"timestamp":1700000000000000000,"cpu":1,"id":73,"provider":"syscall",)"
                      R"("module":"","function":"read","name":"entry",)"
                      R"("output":[{"value":-5},{"value":"bash"}]})"
                      "\n");
}

TEST(JsonSink, MemoryDumpsAndObjectBytesAreHex) {
  Captured c;
  c.sink->BeginRecord(Firing());
  c.sink->Memory(MemoryAction::kTracemem, std::string("hi\0\xff", 4));
  c.sink->Memory(MemoryAction::kPrintm, "A");
  c.sink->Trace(Value::Bytes(std::string("\x01\0\0\0", 4)));
  c.sink->EndRecord();
  std::vector<json> docs = c.Lines();
  ASSERT_EQ(docs.size(), 1u);
  EXPECT_EQ(docs[0]["output"].dump(),
            R"([{"tracemem":"686900ff"},{"printm":"41"},{"bytes":"01000000"}])");
}

TEST(JsonSink, TextSinkPrintsMemoryAsTheDump) {
  SinkOptions quiet;
  quiet.quiet = true;
  Captured c(false, quiet);
  c.sink->BeginRecord(Firing());
  c.sink->Memory(MemoryAction::kPrintm, "A");
  c.sink->EndRecord();
  EXPECT_EQ(c.Text(),
            "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
            "         0: 41" +
                std::string(15 * 3, ' ') + "  A\n");
}

TEST(JsonSink, EmptyRecordIsKeptUnlessQuiet) {
  Captured loud;
  loud.sink->BeginRecord(Firing());
  loud.sink->EndRecord();
  ASSERT_EQ(loud.Lines().size(), 1u);
  EXPECT_TRUE(loud.Lines()[0]["output"].empty());

  SinkOptions quiet;
  quiet.quiet = true;
  Captured q(true, quiet);
  q.sink->BeginRecord(Firing());
  q.sink->EndRecord();
  EXPECT_EQ(q.Text(), "");
}

TEST(JsonSink, StringsWithQuotesControlsAndBadUtf8StayValid) {
  Captured c;
  c.sink->BeginRecord(Firing());
  c.sink->Trace(Value::Str("a\"b\\c\n\t\x01 \xc3\xa9 \x80\xff end"));
  c.sink->EndRecord();
  const std::string text = c.Text();
  EXPECT_NE(text.find(R"(a\"b\\c\n\t\u0001 )"), std::string::npos) << text;
  std::vector<json> docs = c.Lines();
  ASSERT_EQ(docs.size(), 1u);
  // Valid UTF-8 is kept, each invalid byte becomes U+FFFD.
  EXPECT_EQ(docs[0]["output"][0]["value"], "a\"b\\c\n\t\x01 \xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd end");
}

TEST(JsonSink, PrintfGivesTheMessageThenEachArgument) {
  Captured c;
  c.sink->BeginRecord(Firing());
  c.sink->Printf(ParsePrintfFormat("%s=%d\n"), {Value::Str("x"), Value::Int(3)});
  c.sink->EndRecord();
  json out = c.Lines().at(0)["output"];
  EXPECT_EQ(out, json::parse(R"([{"message":"x=3\n"},{"value":"x"},{"value":3}])"));
}

TEST(JsonSink, StacksAndSymbols) {
  SinkOptions opts;
  opts.kernel_lookup = testing::FakeKernelLookup;
  Captured c(true, opts);
  c.sink->BeginRecord(Firing());
  c.sink->Trace(Value::Stack({testing::kDoSyscall + 0x3a, 0x1234}, 0));
  c.sink->Trace(Value::Symbol(testing::kKsysWrite + 8));
  c.sink->Trace(Value::Module(testing::kExt4Write));
  c.sink->EndRecord();
  json out = c.Lines().at(0)["output"];
  EXPECT_EQ(out[0], json::parse(R"({"stack-frames":[
      {"symbol":"vmlinux`do_syscall_64+0x3a","module":"vmlinux","name":"do_syscall_64",
       "offset":"0x3a"},
      {"symbol":"0x1234"}]})"));
  EXPECT_EQ(out[1], json::parse(R"({"sym":"vmlinux`ksys_write","object":"vmlinux",
                                    "name":"ksys_write"})"));
  EXPECT_EQ(out[2], json::parse(R"({"mod":"ext4"})"));
}

AggSnapshot Agg(const std::string& name, AggFunc f, std::vector<AggEntry> entries) {
  AggSnapshot s;
  s.desc.name = name;
  s.desc.func = f;
  s.entries = std::move(entries);
  return s;
}

TEST(JsonSink, ExitAggregationsOneDocumentEach) {
  Captured c;
  std::vector<AggSnapshot> aggs;
  aggs.push_back(Agg("calls", AggFunc::kCount,
                     {AggEntry{{Value::Str("bash")}, {5}}, AggEntry{{Value::Str("cat")}, {1}}}));
  aggs.push_back(Agg("", AggFunc::kAvg, {AggEntry{{Value::Int(3)}, {2, 9}}}));
  aggs[1].desc.id = 1;
  c.sink->TracingEnded();
  c.sink->ExitAggregations(aggs);
  std::vector<json> docs = c.Lines();
  ASSERT_EQ(docs.size(), 2u);
  EXPECT_EQ(docs[0]["aggregation-name"], "calls");
  // Printing order: by value, as the text.
  EXPECT_EQ(docs[0]["aggregation-data"], json::parse(R"([{"keys":["cat"],"count":1},
                                                         {"keys":["bash"],"count":5}])"));
  EXPECT_EQ(docs[1]["aggregation-data"], json::parse(R"([{"keys":[3],"avg":4}])"));
}

TEST(JsonSink, QuantizeFamilyBuckets) {
  std::vector<int64_t> q(kQuantizeBuckets, 0);
  q[kQuantizeZeroBucket + 2] = 4;  // values 2..3
  AggSnapshot lq = Agg("lq", AggFunc::kLquantize, {AggEntry{{}, {3, 0, 1, 0, 0, 2}}});
  lq.desc.lq_base = 0;
  lq.desc.lq_limit = 4;
  lq.desc.lq_step = 1;
  Captured c;
  c.sink->BeginRecord(Firing());
  c.sink->Printa("", {Agg("q", AggFunc::kQuantize, {AggEntry{{}, q}}), lq});
  c.sink->EndRecord();
  json out = c.Lines().at(0)["output"];
  EXPECT_EQ(out[0]["aggregation-data"][0]["buckets"],
            json::parse(R"([{"value":1,"count":0},{"value":2,"count":4},
                            {"value":4,"count":0}])"));
  EXPECT_EQ(out[1]["aggregation-data"][0]["buckets"],
            json::parse(R"([{"value":0,"count":3,"underflow":true},{"value":0,"count":0},
                            {"value":1,"count":1},{"value":2,"count":0},{"value":3,"count":0},
                            {"value":4,"count":2,"overflow":true}])"));
}

TEST(JsonSink, PrintIsStructured) {
  auto i32 = std::make_shared<PrintTypeDesc>();
  i32->spelling = "int";
  i32->size = 4;
  i32->is_signed = true;
  auto name = std::make_shared<PrintTypeDesc>();
  name->kind = PrintTypeDesc::Kind::kArray;
  name->spelling = "char [4]";
  name->size = 4;
  name->count = 4;
  auto ch = std::make_shared<PrintTypeDesc>();
  ch->kind = PrintTypeDesc::Kind::kChar;
  ch->spelling = "char";
  ch->size = 1;
  ch->is_signed = true;
  name->element = ch;
  auto ptr = std::make_shared<PrintTypeDesc>();
  ptr->kind = PrintTypeDesc::Kind::kPointer;
  ptr->spelling = "void *";
  ptr->size = 8;
  PrintTypeDesc s;
  s.kind = PrintTypeDesc::Kind::kStruct;
  s.spelling = "struct t";
  s.size = 16;
  s.members = {{"a", 0, -1, i32}, {"n", 32, -1, name}, {"p", 64, -1, ptr}};
  const uint8_t data[16] = {0xfe, 0xff, 0xff, 0xff, 'h', 'i', 0, 0, 0x10, 0x20};
  Captured c;
  c.sink->BeginRecord(Firing());
  c.sink->Print(s, data, sizeof(data));
  c.sink->EndRecord();
  EXPECT_EQ(c.Lines().at(0)["output"][0], json::parse(R"({"print":{"type":"struct t",
                             "value":{"a":-2,"n":"hi","p":"0x2010"}}})"));
}

TEST(JsonSink, ErrorsAndDropsAreDocumentsOfTheirOwn) {
  Captured c;
  ErrorReport e;
  e.cpu = 0;
  e.epid = 3;
  e.probe_id = 1;
  e.provider = "dtrace";
  e.name = "BEGIN";
  e.is_fault = true;
  e.action = 1;
  e.offset = 16;
  e.fault = "invalid address";
  e.address = 0x10;
  e.message =
      "error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): invalid address (0x10) in "
      "action #1 at DIF offset 16";
  c.sink->Error(e);
  c.sink->Drop(DropReport{LossKind::kPrincipal, 1, 7, 9, "7 drops on CPU 1"});
  std::vector<json> docs = c.Lines();
  ASSERT_EQ(docs.size(), 2u);
  EXPECT_EQ(docs[0]["error"], json::parse(R"({"epid":3,"action":1,"offset":16,
      "fault":"invalid address","address":"0x10","msg":")" +
                                          e.message + R"("})"));
  EXPECT_EQ(docs[0]["name"], "BEGIN");
  docs[1].erase("timestamp");
  EXPECT_EQ(docs[1], json::parse(R"({"cpu":1,"id":-1,"provider":"dtrace","module":"INTERNAL",
      "function":"INTERNAL","name":"DROP","count":7,"total":9,"kind":0,
      "msg":"7 drops on CPU 1"})"));
}

TEST(JsonSink, SystemOutputIsCaptured) {
  Captured c;
  c.sink->BeginRecord(Firing());
  c.sink->System([](int fd) { (void)!write(fd, "hello\n", 6); });
  c.sink->EndRecord();
  EXPECT_EQ(c.Lines().at(0)["output"][0], json::parse(R"({"system":"hello\n"})"));
}

// The text sink is dtrace(1)'s layout (the e2e suite checks it in full).
TEST(TextSink, RecordAsDtracePrintsIt) {
  Captured c(false);
  c.sink->BeginRecord(Firing());
  c.sink->Trace(Value::Int(42));
  c.sink->EndRecord();
  c.sink->TracingEnded();
  EXPECT_EQ(c.Text(),
            "CPU     ID                    FUNCTION:NAME\n"
            "  1     73                       read:entry                42\n\n");
}

}  // namespace
}  // namespace dt
