// The aggregation actions the consumer carries out for TracingSession:
// reading aggregations for printa() (at most once per aggrate) and for the
// exit printing, and clear()/trunc() on the kernel's maps.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>

#include "cli/aggregation_reader.h"
#include "cli/tracing_session.h"
#include "consumer/aggregation_merge.h"
#include "consumer/aggregation_sort.h"
#include "consumer/record_decoder.h"
#include "consumer/stack_format.h"

namespace dt {

std::vector<AggSnapshot> TracingSession::Snapshot(const std::vector<int>& ids) {
  std::vector<AggSnapshot> out;
  for (int id : ids) {
    const AggregationDef& def = program_.aggregations.at(id);
    AggSnapshot s;
    s.desc = def.desc;
    s.entries = ReadAggregation(maps_.at(def.map), def, lookup_);
    MergeSymbolKeys(s, lookup_, static_cast<int>(options_.strsize), user_lookup_);
    out.push_back(std::move(s));
  }
  return out;
}

void TracingSession::Printa(const ActionDesc& a) {
  std::vector<AggSnapshot> snaps;
  if (options_.aggrate_ns == 0) {
    snaps = Snapshot(a.aggregations);
  } else {
    // DTrace reads aggregations at most once per aggrate: a printa() in
    // between shows the last reading, however the kernel's data moved.
    std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now();
    for (int id : a.aggregations) {
      auto it = aggrate_readings_.find(id);
      if (it == aggrate_readings_.end() ||
          now - it->second.first >= std::chrono::nanoseconds(options_.aggrate_ns)) {
        aggrate_readings_[id] = {now, std::move(Snapshot({id}).front())};
        it = aggrate_readings_.find(id);
      }
      snaps.push_back(it->second.second);
    }
  }
  for (int id : a.aggregations) agg_printed_[id] = true;
  sink_->Printa(a.format, std::move(snaps));
}

void TracingSession::ClearOrTrunc(const ActionDesc& a) {
  aggrate_readings_.erase(a.aggregations[0]);  // DTrace clears its own copy too
  const AggregationDef& def = program_.aggregations.at(a.aggregations[0]);
  runtime::Map& map = maps_.at(def.map);
  if (def.in_array) {
    // Its one element stays: clear() zeroes the values and keeps the fired
    // words (DTrace prints a cleared aggregation as zero); trunc() to no
    // entries zeroes the fired words too, so it prints nothing until it
    // fires again. A trunc() that keeps one or more keeps it.
    if (a.kind != ActionKind::kClear && a.has_trunc_keep && a.trunc_keep != 0) return;
    const uint32_t index = 0;
    std::vector<uint8_t> values(map.PerCpuBufferSize(), 0);
    if (a.kind == ActionKind::kClear) {
      std::vector<std::vector<uint8_t>> per_cpu;
      if (!map.LookupPerCpu(&index, &per_cpu)) return;
      for (size_t cpu = 0; cpu < per_cpu.size(); ++cpu)
        memcpy(values.data() + cpu * map.PerCpuStride() + FiredWord(def) * 8,
               per_cpu[cpu].data() + FiredWord(def) * 8, 8);
    }
    map.Update(&index, values.data(), BPF_ANY);
    return;
  }
  if (a.kind == ActionKind::kClear) {
    std::vector<uint8_t> zeros(map.PerCpuBufferSize(), 0);
    for (const auto& key : map.Keys()) map.Update(key.data(), zeros.data(), BPF_EXIST);
    return;
  }
  if (!a.has_trunc_keep || a.trunc_keep == 0) {
    for (const auto& key : map.Keys()) map.Delete(key.data());
    return;
  }
  // Keep the top (or, for a negative count, bottom) entries by value. Raw
  // keys that print as one entry (sym()/mod() keys of one function or
  // module, stacks equal once tracing frames are dropped) rank together.
  int strsize = static_cast<int>(options_.strsize);
  auto key_less = [strsize](const std::vector<Value>& x, const std::vector<Value>& y) {
    return CompareAggKeys(x, y, 0, strsize) < 0;
  };
  std::map<std::vector<Value>, size_t, decltype(key_less)> group_of(key_less);
  std::vector<std::pair<int64_t, std::vector<std::vector<uint8_t>>>> ranked;
  std::vector<std::vector<uint8_t>> per_cpu;
  for (const auto& key : map.Keys()) {
    if (!map.LookupPerCpu(key.data(), &per_cpu)) continue;
    int64_t total = 0;
    for (const auto& cpu : per_cpu)
      for (uint32_t w = 0; w < def.value_words; ++w) {
        int64_t v;
        memcpy(&v, cpu.data() + w * 8, 8);
        if (def.desc.func == AggFunc::kCount || def.desc.func == AggFunc::kSum || w == 0 ||
            def.desc.func >= AggFunc::kQuantize)
          total = WrappingAdd(total, v);
      }
    std::vector<Value> printed;
    for (const FieldDesc& f : def.key_fields) {
      Value v = DecodeField(key.data(), f, lookup_);
      const KernelSymbolLookup lookup = LookupFor(v, lookup_, user_lookup_);
      if (v.IsSymbol()) v.bits = CanonicalSymbolKey(v.AsUnsigned(), lookup);
      if (v.IsModule()) v.bits = CanonicalModuleKey(v.AsUnsigned(), lookup);
      printed.push_back(std::move(v));
    }
    auto [it, added] = group_of.emplace(std::move(printed), ranked.size());
    if (added) ranked.emplace_back(0, std::vector<std::vector<uint8_t>>{});
    ranked[it->second].first = WrappingAdd(ranked[it->second].first, total);
    ranked[it->second].second.push_back(key);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  if (a.trunc_keep < 0) std::reverse(ranked.begin(), ranked.end());
  size_t keep = static_cast<size_t>(a.trunc_keep < 0 ? -a.trunc_keep : a.trunc_keep);
  for (size_t i = keep; i < ranked.size(); ++i)
    for (const auto& key : ranked[i].second) map.Delete(key.data());
}

}  // namespace dt
