#include "consumer/json_values.h"

#include <cstdio>
#include <string>

#include "consumer/aggregation_sort.h"
#include "consumer/aggregation_values.h"
#include "consumer/memory_dump.h"
#include "consumer/quantize.h"
#include "consumer/stack_format.h"

namespace dt {
namespace {

using json = nlohmann::ordered_json;

std::string Hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

json Integer(const Value& v) {
  if (v.is_signed) return v.AsSigned();
  return v.AsUnsigned();
}

// A string as the program sees it: up to its NUL, within strsize.
std::string Text(const Value& v, int strsize) {
  std::string s = v.str.substr(0, v.str.find('\0'));
  if (strsize > 0 && s.size() >= static_cast<size_t>(strsize))
    s.resize(static_cast<size_t>(strsize) - 1);
  return s;
}

json Frame(uint64_t pc, const KernelSymbolLookup& lookup) {
  json frame = {{"symbol", FormatKernelAddress(pc, lookup)}};
  if (auto info = lookup ? lookup(pc) : std::nullopt) {
    frame["module"] = info->module;
    if (!info->symbol.empty()) {
      frame["name"] = info->symbol;
      frame["offset"] = Hex(info->offset);
    }
  }
  return frame;
}

// "object" and "name" of a symbol the tables know (FreeBSD's sym() fields).
void AddSymbolFields(uint64_t addr, const KernelSymbolLookup& lookup, json& item) {
  auto info = lookup ? lookup(addr) : std::nullopt;
  if (!info) return;
  item["object"] = info->module;
  if (!info->symbol.empty()) item["name"] = info->symbol;
}

long long Normalized(int64_t v, uint64_t normal) {
  return static_cast<long long>(static_cast<uint64_t>(v) / (normal ? normal : 1));
}

int64_t At(const std::vector<int64_t>& d, size_t i) { return i < d.size() ? d[i] : 0; }

void AddValue(const AggDesc& d, const std::vector<int64_t>& data, json& entry) {
  std::vector<QuantizeRow> rows;
  switch (d.func) {
    case AggFunc::kCount:
      entry["count"] = Normalized(At(data, 0), d.normal);
      return;
    case AggFunc::kSum:
      entry["sum"] = Normalized(At(data, 0), d.normal);
      return;
    case AggFunc::kMin:
      entry["min"] = Normalized(At(data, 1), d.normal);
      return;
    case AggFunc::kMax:
      entry["max"] = Normalized(At(data, 1), d.normal);
      return;
    case AggFunc::kAvg:
      entry["avg"] = AggAvg(data, d.normal);
      return;
    case AggFunc::kStddev:
      entry["stddev"] = AggStddev(data, d.normal);
      return;
    case AggFunc::kQuantize:
      rows = QuantizeRows(data);
      break;
    case AggFunc::kLquantize:
      rows = LquantizeRows(data, d.lq_base, d.lq_limit, d.lq_step);
      break;
    case AggFunc::kLlquantize:
      rows = LlquantizeRows(data, d.llq_factor, d.llq_low, d.llq_high, d.llq_nsteps);
      break;
  }
  json buckets = json::array();
  for (const QuantizeRow& r : rows) {
    json bucket = {{"value", r.value}, {"count", Normalized(r.count, d.normal)}};
    if (r.edge < 0) bucket["underflow"] = true;
    if (r.edge > 0) bucket["overflow"] = true;
    buckets.push_back(std::move(bucket));
  }
  entry["buckets"] = std::move(buckets);
}

}  // namespace

json JsonTraceItem(const Value& v, const SinkOptions& opts) {
  const KernelSymbolLookup lookup = LookupFor(v, opts.kernel_lookup, opts.user_lookup);
  const uint64_t addr = v.AsUnsigned();
  switch (v.kind) {
    case Value::Kind::kInteger:
      return {{"value", Integer(v)}};
    case Value::Kind::kString:
      return {{"value", Text(v, opts.strsize)}};
    case Value::Kind::kStack: {
      json frames = json::array();
      for (uint64_t pc : v.frames) frames.push_back(Frame(pc, lookup));
      return {{v.user ? "ustack-frames" : "stack-frames", std::move(frames)}};
    }
    case Value::Kind::kSymbol: {
      json item = {{v.user ? "usym" : "sym", FormatKernelSymbol(addr, lookup)}};
      AddSymbolFields(addr, lookup, item);
      return item;
    }
    case Value::Kind::kModule:
      return {{v.user ? "umod" : "mod", FormatKernelModule(addr, lookup)}};
    case Value::Kind::kAddress: {
      json item = {{v.user ? "uaddr" : "addr", FormatKernelAddress(addr, lookup)}};
      AddSymbolFields(addr, lookup, item);
      return item;
    }
    case Value::Kind::kBytes:
      return {{"bytes", HexDigits(v.str)}};
  }
  return nullptr;
}

json JsonKey(const Value& v, const SinkOptions& opts) {
  if (v.kind == Value::Kind::kInteger) return Integer(v);
  if (v.kind == Value::Kind::kString) return Text(v, opts.strsize);
  return JsonTraceItem(v, opts);
}

json JsonAggregation(const AggSnapshot& agg, const SinkOptions& opts) {
  json data = json::array();
  for (const AggBundle& b : SortedBundles({agg}, opts.sort, opts.strsize)) {
    json keys = json::array();
    for (const Value& k : b.key) keys.push_back(JsonKey(k, opts));
    json entry = {{"keys", std::move(keys)}};
    AddValue(agg.desc, b.data[0], entry);
    data.push_back(std::move(entry));
  }
  return {{"aggregation-name", agg.desc.name}, {"aggregation-data", std::move(data)}};
}

std::string JsonLine(const json& doc) {
  return doc.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace dt
