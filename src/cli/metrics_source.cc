#include "cli/metrics_source.h"

#include <algorithm>
#include <set>

#include "cli/aggregation_reader.h"
#include "consumer/aggregation_merge.h"
#include "consumer/aggregation_sort.h"
#include "consumer/memory_dump.h"
#include "consumer/stack_format.h"

namespace dt {

MetricsSource::MetricsSource(const CompiledProgram& program, const std::vector<runtime::Map>& maps,
                             KernelSymbolLookup kernel_lookup, UserSymbolLookup user_lookup,
                             int strsize)
    : program_(program),
      maps_(maps),
      kernel_lookup_(std::move(kernel_lookup)),
      user_lookup_(std::move(user_lookup)),
      strsize_(strsize) {
  may_fall_.assign(program.aggregations.size(), false);
  for (const RecordDesc& record : program.records)
    for (const ActionDesc& a : record.actions)
      if ((a.kind == ActionKind::kClear || a.kind == ActionKind::kTrunc) && !a.aggregations.empty())
        may_fall_.at(a.aggregations[0]) = true;
  // Named aggregations keep their names; @ takes "dtrace_anonymous", or that
  // name with underscores added if the program also has an @anonymous.
  std::set<std::string> taken;
  for (const AggregationDef& def : program.aggregations)
    if (!def.desc.name.empty()) taken.insert(metrics::FamilyName(def.desc.name));
  for (const AggregationDef& def : program.aggregations) {
    std::string name = metrics::FamilyName(def.desc.name);
    if (def.desc.name.empty())
      while (taken.count(name)) name += '_';
    names_.push_back(name);
  }
}

std::string KeyLabelValue(const Value& v, const KernelSymbolLookup& kernel_lookup,
                          const UserSymbolLookup& user_lookup) {
  const KernelSymbolLookup lookup = LookupFor(v, kernel_lookup, user_lookup);
  switch (v.kind) {
    case Value::Kind::kString:
      return v.str;
    case Value::Kind::kBytes:  // never a key: only trace() records bytes
      return HexDigits(v.str);
    case Value::Kind::kInteger:
      return v.is_signed ? std::to_string(v.AsSigned()) : std::to_string(v.AsUnsigned());
    case Value::Kind::kSymbol:
      return FormatKernelSymbol(v.AsUnsigned(), lookup);
    case Value::Kind::kModule:
      return FormatKernelModule(v.AsUnsigned(), lookup);
    case Value::Kind::kAddress:
      return FormatKernelAddress(v.AsUnsigned(), lookup);
    case Value::Kind::kStack: {
      std::string out;
      for (auto pc = v.frames.rbegin(); pc != v.frames.rend(); ++pc) {
        if (!out.empty()) out += ';';
        out += FormatKernelAddress(*pc, lookup);
      }
      return out;
    }
  }
  return "";
}

std::vector<metrics::Family> MetricsSource::Read() const {
  std::vector<metrics::Family> families;
  for (size_t i = 0; i < program_.aggregations.size(); ++i) {
    const AggregationDef& def = program_.aggregations[i];
    std::vector<AggEntry> entries = ReadAggregation(maps_.at(def.map), def, kernel_lookup_);
    MergeSymbolKeys(def.desc, entries, kernel_lookup_, strsize_, user_lookup_);
    // In key order, so a scrape reads the same from one to the next.
    std::sort(entries.begin(), entries.end(), [&](const AggEntry& a, const AggEntry& b) {
      return CompareAggKeys(a.key, b.key, 0, strsize_) < 0;
    });
    metrics::Family f;
    f.name = names_[i];
    f.desc = def.desc;
    f.may_fall = may_fall_[i];
    for (AggEntry& e : entries) {
      metrics::Series s;
      for (size_t k = 0; k < e.key.size(); ++k)
        s.labels.emplace_back("key" + std::to_string(k + 1),
                              KeyLabelValue(e.key[k], kernel_lookup_, user_lookup_));
      s.data = std::move(e.data);
      f.series.push_back(std::move(s));
    }
    families.push_back(std::move(f));
  }
  return families;
}

}  // namespace dt
