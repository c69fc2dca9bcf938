// oformat=json: JSON Lines (output_sink.h; schema in docs/dtrace.8,
// "STRUCTURED OUTPUT").
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "consumer/aggregation_printer.h"
#include "consumer/json_values.h"
#include "consumer/memory_dump.h"
#include "consumer/output_sink.h"
#include "consumer/print_json.h"
#include "consumer/printf_format.h"

namespace dt {
namespace {

using json = nlohmann::ordered_json;

int64_t WallClockNs() {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

std::string Hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

class JsonSink : public OutputSink {
 public:
  JsonSink(FILE* out, std::function<int64_t()> now)
      : out_(out), now_(now ? std::move(now) : WallClockNs) {}

  void SetOptions(const SinkOptions& options) override { opts_ = options; }

  void BeginRecord(const ProbeFiring& f) override {
    record_ =
        Probe(f.cpu, static_cast<int64_t>(f.probe_id), f.provider, f.module, f.function, f.name);
    (*record_)["output"] = json::array();
  }

  void EndRecord() override {
    if (!record_) return;
    // -q leaves out the records that printed nothing, as in text.
    if (!opts_.quiet || !(*record_)["output"].empty()) Emit(*record_);
    record_.reset();
  }

  void Trace(const Value& v) override { Add(JsonTraceItem(v, opts_)); }

  void Printf(const PrintfFormat& format, const std::vector<Value>& args) override {
    Add({{"message", FormatPrintf(format, args, opts_.Render())}});
    for (const Value& v : args) Add(JsonTraceItem(v, opts_));
  }

  void Printa(const std::string& format, std::vector<AggSnapshot> snaps) override {
    if (!format.empty()) {
      AggPrintOptions opts;
      opts.sort = opts_.sort;
      opts.strsize = opts_.strsize;
      opts.render = opts_.Render();
      Add({{"message", dt::Printa(ParsePrintfFormat(format), snaps, opts)}});
    }
    for (const AggSnapshot& s : snaps) Add(JsonAggregation(s, opts_));
  }

  void Print(const PrintTypeDesc& type, const uint8_t* data, size_t size) override {
    Add({{"print", {{"type", type.spelling}, {"value", PrintJson(type, data, size)}}}});
  }

  void Memory(MemoryAction action, const std::string& bytes) override {
    Add({{action == MemoryAction::kPrintm ? "printm" : "tracemem", HexDigits(bytes)}});
  }

  // The command's output becomes one string of the record: written to a
  // temporary file, so a command that prints much cannot block on us.
  void System(const std::function<void(int fd)>& run) override {
    FILE* tmp = tmpfile();
    if (tmp == nullptr) {
      run(fileno(stderr));
      return;
    }
    run(fileno(tmp));
    std::string text;
    rewind(tmp);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), tmp)) > 0) text.append(buf, n);
    fclose(tmp);
    Add({{"system", std::move(text)}});
  }

  void Error(const ErrorReport& e) override {
    json doc =
        Probe(e.cpu, static_cast<int64_t>(e.probe_id), e.provider, e.module, e.function, e.name);
    json error = {{"epid", e.epid}};
    if (e.is_fault) {
      error["action"] = e.action;
      error["offset"] = e.offset;
      error["fault"] = e.fault;
      if (e.address != 0) error["address"] = Hex(e.address);
    }
    error["msg"] = e.message;
    doc["error"] = std::move(error);
    Emit(doc);
  }

  // FreeBSD's pseudo-probe dtrace:INTERNAL:INTERNAL:DROP.
  void Drop(const DropReport& d) override {
    json doc = Probe(d.cpu, -1, "dtrace", "INTERNAL", "INTERNAL", "DROP");
    doc["count"] = d.count;
    doc["total"] = d.total;
    doc["kind"] = static_cast<int>(d.kind);
    doc["msg"] = d.message;
    Emit(doc);
  }

  void Interrupted() override {}
  void TracingEnded() override {}

  void ExitAggregations(std::vector<AggSnapshot> aggs) override {
    std::stable_sort(aggs.begin(), aggs.end(), [&](const AggSnapshot& x, const AggSnapshot& y) {
      return opts_.sort.sort_rev ? x.desc.id > y.desc.id : x.desc.id < y.desc.id;
    });
    for (const AggSnapshot& a : aggs) {
      json doc = {{"timestamp", now_()}};
      doc.update(JsonAggregation(a, opts_));
      Emit(doc);
    }
  }

 private:
  json Probe(int cpu, int64_t id, const std::string& provider, const std::string& module,
             const std::string& function, const std::string& name) {
    return {{"timestamp", now_()}, {"cpu", cpu},           {"id", id},    {"provider", provider},
            {"module", module},    {"function", function}, {"name", name}};
  }

  // An action's output goes into the open record; one outside any record
  // (none today) would be a document of its own.
  void Add(json item) {
    if (record_) {
      (*record_)["output"].push_back(std::move(item));
      return;
    }
    Emit({{"timestamp", now_()}, {"output", json::array({std::move(item)})}});
  }

  void Emit(const json& doc) {
    const std::string line = JsonLine(doc);
    fwrite(line.data(), 1, line.size(), out_);
  }

  FILE* out_;
  std::function<int64_t()> now_;
  SinkOptions opts_;
  std::optional<json> record_;
};

}  // namespace

std::unique_ptr<OutputSink> MakeJsonSink(FILE* out, std::function<int64_t()> now_ns) {
  return std::make_unique<JsonSink>(out, std::move(now_ns));
}

}  // namespace dt
