#include "consumer/record_decoder.h"

#include <cstring>
#include <string_view>

#include "consumer/aggregation_merge.h"
#include "consumer/stack_format.h"
#include "consumer/stack_value.h"

namespace dt {
namespace {

// format/user_stack_layout.h: the tgid, then the PCs or the address.
Value DecodeUserField(const uint8_t* at, const FieldDesc& f) {
  uint64_t tgid = 0;
  memcpy(&tgid, at, sizeof(tgid));
  Value v;
  if (f.kind == FieldKind::kUserStack) {
    std::string_view bytes(reinterpret_cast<const char*>(at + 8), f.size - 8);
    v = Value::Stack(StackFramesFromRecord(bytes), static_cast<int>(f.stack_depth));
  } else {
    uint64_t addr = 0;
    memcpy(&addr, at + 8, sizeof(addr));
    v = f.kind == FieldKind::kUserSymbol   ? Value::Symbol(addr)
        : f.kind == FieldKind::kUserModule ? Value::Module(addr)
                                           : Value::Address(addr);
  }
  v.user = true;
  v.pid = static_cast<uint32_t>(tgid);
  return v;
}

}  // namespace

Value DecodeField(const uint8_t* base, const FieldDesc& f, const KernelSymbolLookup& lookup) {
  if (f.is_string) {
    const char* s = reinterpret_cast<const char*>(base + f.offset);
    return Value::Str(std::string(s, strnlen(s, f.size)));
  }
  if (f.kind == FieldKind::kBytes)
    return Value::Bytes(std::string(reinterpret_cast<const char*>(base + f.offset), f.size));
  if (f.kind == FieldKind::kUserStack || f.kind == FieldKind::kUserSymbol ||
      f.kind == FieldKind::kUserModule || f.kind == FieldKind::kUserAddress) {
    return DecodeUserField(base + f.offset, f);
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

AggEntry DecodeAggregationEntry(const uint8_t* key,
                                const std::vector<std::vector<uint8_t>>& per_cpu,
                                const AggregationDef& def, const KernelSymbolLookup& lookup) {
  AggEntry e;
  for (const FieldDesc& f : def.key_fields) e.key.push_back(DecodeField(key, f, lookup));
  e.data.assign(def.value_words, 0);
  std::vector<int64_t> words(def.value_words);
  for (const auto& cpu : per_cpu) {
    memcpy(words.data(), cpu.data(), def.value_words * 8);
    CombineAggData(def.desc, e.data, words);
  }
  return e;
}

}  // namespace dt
