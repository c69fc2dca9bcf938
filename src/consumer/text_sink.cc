// oformat=text: dtrace(1)'s own output (output_sink.h).
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "consumer/aggregation_printer.h"
#include "consumer/flow_indent.h"
#include "consumer/memory_dump.h"
#include "consumer/output_sink.h"
#include "consumer/print_format.h"
#include "consumer/printf_format.h"
#include "consumer/trace_format.h"

namespace dt {
namespace {

class TextSink : public OutputSink {
 public:
  explicit TextSink(FILE* out) : out_(out) {}

  void SetOptions(const SinkOptions& options) override { opts_ = options; }

  void BeginRecord(const ProbeFiring& f) override {
    // dtrace(1) settles the header at the first record, by the options of
    // that moment: -F prints its header (and its prefixes) even under -q.
    if (!header_printed_) {
      if (opts_.flow_indent)
        Write(FlowHeader());
      else if (!opts_.quiet)
        Write(DefaultHeader());
      header_printed_ = true;
    }
    if (opts_.flow_indent) {
      FlowFiring firing{f.cpu, f.clause, f.provider, f.function, f.name};
      Write(flow_.Prefix(firing, f.previous, f.next));
    } else if (!opts_.quiet) {
      Write(RecordPrefix(f.cpu, f.probe_id, f.function, f.name));
    }
  }

  void EndRecord() override { Write(RecordEnd(opts_.quiet)); }

  void Trace(const Value& v) override {
    if (opts_.raw_bytes && v.IsString()) {
      // rawbytes: a string record is dumped byte by byte, all of it.
      Write(FormatBytes(StringRecord(v.str, opts_.strsize), -33, opts_.quiet, true));
      return;
    }
    const size_t n = v.str.size();
    if (opts_.raw_bytes && v.IsBytes() && n != 1 && n != 2 && n != 4 && n != 8) {
      Write(FormatMemoryDump(v.str));
      return;
    }
    Write(FormatTraceValue(v, opts_.quiet, opts_.strsize, opts_.kernel_lookup, opts_.stack_indent,
                           opts_.user_lookup));
  }

  void Printf(const PrintfFormat& format, const std::vector<Value>& args) override {
    Write(FormatPrintf(format, args, opts_.Render()));
  }

  void Printa(const std::string& format, std::vector<AggSnapshot> snaps) override {
    AggPrintOptions opts = AggOptions();
    if (!format.empty()) {
      Write(dt::Printa(ParsePrintfFormat(format), snaps, opts));
    } else if (snaps.size() == 1) {
      Write(PrintAggregation(snaps[0].desc, std::move(snaps[0].entries), opts));
    } else {
      Write(PrintaDefault(snaps, opts));
    }
  }

  void Print(const PrintTypeDesc& type, const uint8_t* data, size_t size) override {
    Write(FormatPrint(type, data, size));
  }

  void Memory(MemoryAction, const std::string& bytes) override { Write(FormatMemoryDump(bytes)); }

  void System(const std::function<void(int fd)>& run) override {
    fflush(out_);
    run(fileno(out_));
  }

  void Error(const ErrorReport& e) override { ToStderr(e.message); }
  void Drop(const DropReport& d) override { ToStderr(d.message); }

  void Interrupted() override { Write("\n"); }
  void TracingEnded() override { Write("\n"); }

  void ExitAggregations(std::vector<AggSnapshot> aggs) override {
    if (!aggs.empty()) Write(PrintAllAggregations(std::move(aggs), AggOptions()));
  }

 private:
  void Write(const std::string& s) { fwrite(s.data(), 1, s.size(), out_); }

  // What came before on stdout stays before the message.
  void ToStderr(const std::string& message) {
    fflush(out_);
    fprintf(stderr, "dtrace: %s\n", message.c_str());
  }

  AggPrintOptions AggOptions() const {
    AggPrintOptions opts;
    opts.sort = opts_.sort;
    opts.strsize = opts_.strsize;
    opts.render = opts_.Render();
    opts.raw_bytes = opts_.raw_bytes;
    return opts;
  }

  FILE* out_;
  SinkOptions opts_;
  bool header_printed_ = false;
  FlowIndent flow_;
};

}  // namespace

std::unique_ptr<OutputSink> MakeTextSink(FILE* out) { return std::make_unique<TextSink>(out); }

}  // namespace dt
