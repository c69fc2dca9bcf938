#include "cli/record_decoder.h"

#include <cstring>
#include <string_view>

#include "consumer/stack_value.h"

namespace dt {

Value DecodeField(const uint8_t* base, const FieldDesc& f, const KernelSymbolLookup& lookup) {
  if (f.is_string) {
    const char* s = reinterpret_cast<const char*>(base + f.offset);
    return Value::Str(std::string(s, strnlen(s, f.size)));
  }
  if (f.kind == FieldKind::kStack) {
    std::string_view bytes(reinterpret_cast<const char*>(base + f.offset), f.size);
    return StackValueFromRecord(bytes, static_cast<int>(f.stack_depth), lookup,
                                f.drop_tracing_frames);
  }
  int64_t v = 0;
  memcpy(&v, base + f.offset, sizeof(v));
  if (f.kind == FieldKind::kSymbol) return Value::Symbol(static_cast<uint64_t>(v));
  if (f.kind == FieldKind::kModule) return Value::Module(static_cast<uint64_t>(v));
  return Value::Int(v, static_cast<int>(f.type_size), f.is_signed);
}

bool ActionRan(const ActionDesc& a, const uint8_t* record) {
  return a.ran_flag == 0 || record[a.ran_flag] != 0;
}

namespace {

// Adds one CPU's words into the running total, per aggregating function.
void Combine(AggFunc func, std::vector<int64_t>& total, const int64_t* cpu) {
  switch (func) {
    case AggFunc::kMin:
    case AggFunc::kMax:
      if (cpu[0] == 0) return;
      if (total[0] == 0 || (func == AggFunc::kMin ? cpu[1] < total[1] : cpu[1] > total[1]))
        total[1] = cpu[1];
      total[0] += cpu[0];
      return;
    case AggFunc::kStddev: {
      total[0] += cpu[0];
      total[1] += cpu[1];
      auto lo = static_cast<uint64_t>(total[2]);
      uint64_t add = static_cast<uint64_t>(cpu[2]);
      uint64_t sum = lo + add;
      total[2] = static_cast<int64_t>(sum);
      total[3] += cpu[3] + (sum < lo ? 1 : 0);
      return;
    }
    default:
      for (size_t i = 0; i < total.size(); ++i) total[i] += cpu[i];
      return;
  }
}

}  // namespace

std::vector<AggEntry> ReadAggregation(const runtime::Map& map, const AggregationDef& def,
                                      const KernelSymbolLookup& lookup) {
  std::vector<AggEntry> out;
  std::vector<std::vector<uint8_t>> per_cpu;
  for (const auto& key : map.Keys()) {
    if (!map.LookupPerCpu(key.data(), &per_cpu)) continue;
    AggEntry e;
    for (const FieldDesc& f : def.key_fields) e.key.push_back(DecodeField(key.data(), f, lookup));
    e.data.assign(def.value_words, 0);
    for (const auto& cpu : per_cpu) {
      std::vector<int64_t> words(def.value_words);
      memcpy(words.data(), cpu.data(), def.value_words * 8);
      Combine(def.desc.func, e.data, words.data());
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace dt
