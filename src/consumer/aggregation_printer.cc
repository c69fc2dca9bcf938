#include "consumer/aggregation_printer.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "consumer/aggregation_sort.h"
#include "consumer/aggregation_values.h"
#include "consumer/quantize.h"
#include "consumer/stack_format.h"
#include "consumer/trace_format.h"

namespace dt {
namespace {

template <typename... Args>
std::string Printf(const char* fmt, Args... args) {
  char buf[128];
  int n = std::snprintf(buf, sizeof(buf), fmt, args...);
  return n <= 0 ? std::string() : std::string(buf, static_cast<size_t>(n));
}

int64_t At(const std::vector<int64_t>& d, size_t i) { return i < d.size() ? d[i] : 0; }

// libdtrace divides the signed datum by the unsigned normal (so unsigned).
long long Normalized(int64_t v, uint64_t normal) {
  return static_cast<long long>(static_cast<uint64_t>(v) / (normal ? normal : 1));
}

std::string KeyText(const Value& v, const AggPrintOptions& opts) {
  const KernelSymbolLookup lookup =
      LookupFor(v, opts.render.kernel_lookup, opts.render.user_lookup);
  if (v.IsString())
    return FormatBytes(StringRecord(v.str, opts.strsize), -50, false, opts.raw_bytes);
  if (v.IsStack()) return FormatStack(v.frames, lookup, opts.render.stack_indent);
  if (v.IsSymbol()) return FormatSymbolRecord(v.AsUnsigned(), lookup);
  if (v.IsModule()) return FormatModuleRecord(v.AsUnsigned(), lookup);
  if (v.IsAddress()) return FormatAddressRecord(v.AsUnsigned(), lookup);
  switch (v.size) {
    case 4:
      return Printf(" %*d", 8, static_cast<int>(v.AsSigned()));
    case 2:
      return Printf(" %*d", 5, static_cast<int>(v.AsUnsigned()));
    case 1:
      return Printf(" %*d", 3, static_cast<int>(v.AsUnsigned()));
    default:
      return Printf(" %*lld", 16, static_cast<long long>(v.AsSigned()));
  }
}

std::string ValueText(const AggDesc& d, const std::vector<int64_t>& data) {
  switch (d.func) {
    case AggFunc::kCount:
    case AggFunc::kSum:
      return Printf(" %16lld", Normalized(At(data, 0), d.normal));
    case AggFunc::kMin:
    case AggFunc::kMax:
      return Printf(" %16lld", Normalized(At(data, 1), d.normal));
    case AggFunc::kAvg:
      return Printf(" %16lld", static_cast<long long>(AggAvg(data, d.normal)));
    case AggFunc::kStddev:
      return Printf(" %16llu", static_cast<unsigned long long>(AggStddev(data, d.normal)));
    case AggFunc::kQuantize:
      return FormatQuantize(data, d.normal);
    case AggFunc::kLquantize:
      return FormatLquantize(data, d.lq_base, d.lq_limit, d.lq_step, d.normal);
    case AggFunc::kLlquantize:
      return FormatLlquantize(data, d.llq_factor, d.llq_low, d.llq_high, d.llq_nsteps, d.normal);
  }
  return "";
}

std::string KeysText(const std::vector<Value>& key, const AggPrintOptions& opts) {
  std::string out;
  for (const Value& v : key) out += KeyText(v, opts);
  return out;
}

}  // namespace

PrintfAggValue AggValueForFormat(const AggDesc& d, const std::vector<int64_t>& data) {
  PrintfAggValue out;
  const uint64_t normal = d.normal ? d.normal : 1;
  switch (d.func) {
    case AggFunc::kCount:
      out.value = Value::UInt(static_cast<uint64_t>(At(data, 0)) / normal);
      break;
    case AggFunc::kSum:
      out.value = Value::Int(At(data, 0) / static_cast<int64_t>(normal));
      break;
    case AggFunc::kMin:
    case AggFunc::kMax:
      out.value = Value::Int(At(data, 1) / static_cast<int64_t>(normal));
      break;
    case AggFunc::kAvg: {
      // libdtrace's printa() average uses unsigned division.
      const uint64_t count = static_cast<uint64_t>(At(data, 0));
      const uint64_t avg = count ? static_cast<uint64_t>(At(data, 1)) / normal / count : 0;
      out.value = Value::Int(static_cast<int64_t>(avg));
      break;
    }
    case AggFunc::kStddev:
      out.value = Value::Int(static_cast<int64_t>(AggStddev(data, normal)));
      break;
    case AggFunc::kQuantize:
    case AggFunc::kLquantize:
    case AggFunc::kLlquantize:
      out.is_table = true;
      out.table = ValueText(d, data);
      break;
  }
  return out;
}

std::string FormatAggregationEntries(const AggDesc& desc, std::vector<AggEntry> entries,
                                     const AggPrintOptions& opts) {
  std::vector<AggSnapshot> one(1);
  one[0].desc = desc;
  one[0].entries = std::move(entries);
  std::string out;
  for (const AggBundle& b : SortedBundles(one, opts.sort, opts.strsize)) {
    out += KeysText(b.key, opts) + ValueText(desc, b.data[0]) + "\n";
  }
  return out;
}

std::string PrintAggregation(const AggDesc& desc, std::vector<AggEntry> entries,
                             const AggPrintOptions& opts) {
  return "\n" + FormatAggregationEntries(desc, std::move(entries), opts);
}

std::string PrintAggregation(const AggDesc& desc, std::vector<AggEntry> entries,
                             const AggSortOptions& sort) {
  AggPrintOptions opts;
  opts.sort = sort;
  return PrintAggregation(desc, std::move(entries), opts);
}

std::string PrintaDefault(const std::vector<AggSnapshot>& aggs, const AggPrintOptions& opts) {
  std::string out = "\n";
  for (const AggBundle& b : SortedBundles(aggs, opts.sort, opts.strsize)) {
    out += KeysText(b.key, opts);
    for (size_t a = 0; a < aggs.size(); a++) out += ValueText(aggs[a].desc, b.data[a]);
    out += "\n";
  }
  return out;
}

std::string Printa(const PrintfFormat& fmt, const std::vector<AggSnapshot>& aggs,
                   const AggPrintOptions& opts) {
  std::string out;
  for (const AggBundle& b : SortedBundles(aggs, opts.sort, opts.strsize)) {
    std::vector<PrintfAggValue> values;
    for (size_t a = 0; a < aggs.size(); a++)
      values.push_back(AggValueForFormat(aggs[a].desc, b.data[a]));
    out += FormatPrintfWithAgg(fmt, b.key, values, opts.render);
  }
  return out;
}

std::string PrintAllAggregations(std::vector<AggSnapshot> aggs, const AggPrintOptions& opts) {
  std::stable_sort(aggs.begin(), aggs.end(), [&](const AggSnapshot& x, const AggSnapshot& y) {
    return opts.sort.sort_rev ? x.desc.id > y.desc.id : x.desc.id < y.desc.id;
  });
  std::string out;
  for (AggSnapshot& a : aggs) out += FormatAggregationEntries(a.desc, std::move(a.entries), opts);
  return out;
}

}  // namespace dt
