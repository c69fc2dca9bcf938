#include "cli/run_settings.h"

#include <strings.h>
#include <unistd.h>

#include <cctype>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "format/speculation_layout.h"
#include "metrics/metrics_server.h"
#include "providers/stability.h"

namespace dt {
namespace {

enum class Kind { kBoolean, kSize, kTime, kScalar, kOneOf, kText };

struct OptionInfo {
  Kind kind;
  std::vector<std::string_view> words = {};  // kOneOf
  bool dynamic = false;                      // setopt() may change it while tracing
};

// Every option DTrace documents that this implementation accepts. Those
// without an effect here (cleanrate: the consumer frees a speculation as
// soon as it reads its commit() or discard()) are still checked, so a typo
// is an error rather than a no-op.
const std::map<std::string, OptionInfo, std::less<>>& Options() {
  static const std::map<std::string, OptionInfo, std::less<>> kOptions = {
      {"aggpercpu", {Kind::kBoolean}},
      {"aggrate", {Kind::kTime, {}, true}},
      {"aggsize", {Kind::kSize}},
      {"aggsortkey", {Kind::kBoolean, {}, true}},
      {"aggsortkeypos", {Kind::kScalar, {}, true}},
      {"aggsortpos", {Kind::kScalar, {}, true}},
      {"aggsortrev", {Kind::kBoolean, {}, true}},
      {"aggzoom", {Kind::kBoolean}},
      {"amin", {Kind::kText}},
      {"argref", {Kind::kBoolean}},
      {"bufpolicy", {Kind::kOneOf, {"fill", "ring", "switch"}}},
      {"bufresize", {Kind::kOneOf, {"auto", "manual"}}},
      {"bufsize", {Kind::kSize}},
      {"cleanrate", {Kind::kTime}},
      {"cpp", {Kind::kBoolean}},
      {"cpu", {Kind::kScalar}},
      {"defaultargs", {Kind::kBoolean}},
      {"destructive", {Kind::kBoolean}},
      {"dynvarsize", {Kind::kSize}},
      {"errtags", {Kind::kBoolean}},
      {"evaltime", {Kind::kOneOf, {"exec", "preinit", "postinit", "main"}}},
      {"flowindent", {Kind::kBoolean, {}, true}},
      {"grabanon", {Kind::kBoolean}},
      {"jstackframes", {Kind::kScalar}},
      {"jstackstrsize", {Kind::kSize}},
      {"linktype", {Kind::kOneOf, {"elf", "dof"}}},
      {"maxframes", {Kind::kScalar}},
      {"lockstats", {Kind::kBoolean}},
      {"metrics", {Kind::kText}},
      {"nolibs", {Kind::kBoolean}},
      {"nspec", {Kind::kScalar}},
      {"oformat", {Kind::kOneOf, {"text", "json"}}},
      {"quiet", {Kind::kBoolean, {}, true}},
      {"rawbytes", {Kind::kBoolean, {}, true}},
      {"scratchsize", {Kind::kSize}},
      {"specsize", {Kind::kSize}},
      {"stackframes", {Kind::kScalar}},
      {"stackindent", {Kind::kScalar, {}, true}},
      {"statusrate", {Kind::kTime}},
      {"stdc", {Kind::kOneOf, {"a", "c", "s", "t"}}},
      {"strsize", {Kind::kSize}},
      {"switchrate", {Kind::kTime, {}, true}},
      {"temporal", {Kind::kBoolean}},
      {"usdtpath", {Kind::kText}},
      {"ustackframes", {Kind::kScalar}},
      {"verbose", {Kind::kBoolean}},
      {"version", {Kind::kText}},
      {"zdefs", {Kind::kBoolean}},
  };
  return kOptions;
}

// strtoull that accepts only a whole non-negative number (decimal, 0x hex or
// 0 octal, as DTrace reads option values) and reports overflow.
std::optional<uint64_t> ParseNumber(std::string_view text) {
  if (text.empty() || !isdigit(static_cast<unsigned char>(text[0]))) return std::nullopt;
  std::string s(text);
  errno = 0;
  char* end = nullptr;
  unsigned long long n = strtoull(s.c_str(), &end, 0);
  if (errno != 0 || end != s.c_str() + s.size()) return std::nullopt;
  return n;
}

std::optional<uint64_t> Multiply(uint64_t n, uint64_t unit) {
  if (unit != 0 && n > UINT64_MAX / unit) return std::nullopt;
  return n * unit;
}

// Largest size or time DTrace can hold: its option values are int64.
constexpr uint64_t kMaxOptionValue = INT64_MAX;

}  // namespace

std::optional<uint64_t> ParseSizeOption(std::string_view text) {
  uint64_t unit = 1;
  if (!text.empty()) {
    switch (tolower(static_cast<unsigned char>(text.back()))) {
      case 't':
        unit = uint64_t{1} << 40;
        break;
      case 'g':
        unit = uint64_t{1} << 30;
        break;
      case 'm':
        unit = uint64_t{1} << 20;
        break;
      case 'k':
        unit = uint64_t{1} << 10;
        break;
    }
    if (unit != 1) text.remove_suffix(1);
  }
  std::optional<uint64_t> n = ParseNumber(text);
  if (!n) return std::nullopt;
  std::optional<uint64_t> bytes = Multiply(*n, unit);
  if (!bytes || *bytes > kMaxOptionValue) return std::nullopt;
  return bytes;
}

std::optional<uint64_t> ParseTimeOption(std::string_view text) {
  size_t digits = 0;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    digits = 2;
    while (digits < text.size() && isxdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  } else {
    while (digits < text.size() && isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  }
  std::optional<uint64_t> n = ParseNumber(text.substr(0, digits));
  if (!n || *n == 0) return std::nullopt;
  std::string_view suffix = text.substr(digits);
  struct Unit {
    const char* name;
    uint64_t ns;  // 0: a rate per second
  };
  static const Unit kUnits[] = {
      {"ns", 1},
      {"nsec", 1},
      {"us", 1000},
      {"usec", 1000},
      {"ms", 1'000'000},
      {"msec", 1'000'000},
      {"s", 1'000'000'000},
      {"sec", 1'000'000'000},
      {"m", 60'000'000'000},
      {"min", 60'000'000'000},
      {"h", 3'600'000'000'000},
      {"hour", 3'600'000'000'000},
      {"d", 86'400'000'000'000},
      {"day", 86'400'000'000'000},
      {"hz", 0},
      {"", 0},
  };
  for (const Unit& u : kUnits) {
    if (suffix.size() != strlen(u.name) || strncasecmp(suffix.data(), u.name, suffix.size()) != 0)
      continue;
    if (u.ns == 0) return *n > 1'000'000'000 ? 1 : 1'000'000'000 / *n;
    std::optional<uint64_t> ns = Multiply(*n, u.ns);
    if (!ns || *ns > kMaxOptionValue) return std::nullopt;
    return ns;
  }
  return std::nullopt;
}

std::optional<bool> ParseBooleanOption(std::string_view text) {
  if (text.empty()) return true;
  static const std::pair<const char*, const char*> kWords[] = {
      {"yes", "no"},     {"enable", "disable"}, {"enabled", "disabled"},
      {"true", "false"}, {"on", "off"},         {"set", "unset"},
  };
  for (const auto& [on, off] : kWords) {
    if (text.size() == strlen(on) && strncasecmp(text.data(), on, text.size()) == 0) return true;
    if (text.size() == strlen(off) && strncasecmp(text.data(), off, text.size()) == 0) return false;
  }
  std::optional<uint64_t> n = ParseNumber(text);
  if (!n) return std::nullopt;
  return *n != 0;
}

std::optional<uint64_t> ParseScalarOption(std::string_view text) {
  std::optional<uint64_t> n = ParseNumber(text);
  if (!n || *n > kMaxOptionValue) return std::nullopt;
  return n;
}

bool IsKnownOption(const std::string& name) { return Options().count(name) != 0; }

bool IsDynamicOption(const std::string& name) {
  auto it = Options().find(name);
  return it != Options().end() && it->second.dynamic;
}

void RunSettings::Set(const std::string& name, const std::string& value) {
  auto it = Options().find(name);
  if (it == Options().end()) throw OptionError(kInvalidOptionName);
  const OptionInfo& info = it->second;
  auto bad = [] { return OptionError(kInvalidOptionValue); };
  auto as_int = [&](uint64_t v, uint64_t max) {
    if (v > max) throw bad();
    return static_cast<int>(v);
  };

  switch (info.kind) {
    case Kind::kBoolean: {
      std::optional<bool> on = ParseBooleanOption(value);
      if (!on) throw bad();
      if (name == "quiet") quiet = *on;
      if (name == "flowindent") flow_indent = *on;
      if (name == "errtags") errtags = *on;
      if (name == "defaultargs") default_args = *on;
      if (name == "argref") arg_ref = *on;
      if (name == "destructive") destructive = *on;
      if (name == "zdefs") zdefs = *on;
      if (name == "rawbytes") raw_bytes = *on;
      if (name == "aggsortkey") sort.sort_key = *on;
      if (name == "aggsortrev") sort.sort_rev = *on;
      return;
    }
    case Kind::kSize: {
      std::optional<uint64_t> bytes = ParseSizeOption(value);
      // A buffer, string or variable space of no bytes cannot hold anything.
      if (!bytes || (*bytes == 0 && name != "specsize")) throw bad();
      if (name == "bufsize") bufsize = *bytes;
      if (name == "aggsize") aggsize = *bytes;
      if (name == "dynvarsize") dynvarsize = *bytes;
      if (name == "specsize") specsize = *bytes;
      if (name == "scratchsize") scratch_size = *bytes;
      if (name == "strsize") {
        // Strings live in BPF stack and scratch memory of bounded size.
        if (*bytes > kMaxStrsize) throw bad();
        strsize = *bytes;
      }
      return;
    }
    case Kind::kTime: {
      std::optional<uint64_t> ns = ParseTimeOption(value);
      if (!ns) throw bad();
      if (name == "switchrate") switchrate_ns = *ns;
      if (name == "aggrate") aggrate_ns = *ns;
      return;
    }
    case Kind::kScalar: {
      std::optional<uint64_t> n = ParseScalarOption(value);
      if (!n) throw bad();
      if (name == "stackframes") {
        if (*n == 0) throw bad();
        stack_frames = *n;
      }
      if (name == "maxframes") {
        if (*n == 0) throw bad();
        max_frames = *n;
      }
      if (name == "ustackframes" || name == "jstackframes") {
        if (*n == 0) throw bad();
        (name == "ustackframes" ? ustack_frames : jstack_frames) = *n;
      }
      if (name == "stackindent") stack_indent = as_int(*n, kMaxStackIndent);
      if (name == "cpu") {
        // A CPU this machine can have (DTrace refuses one it does not have).
        long cpus = sysconf(_SC_NPROCESSORS_CONF);
        if (cpus > 0 && *n >= static_cast<uint64_t>(cpus)) throw bad();
        cpu = as_int(*n, INT32_MAX);
      }
      if (name == "nspec") nspec = static_cast<uint64_t>(as_int(*n, kMaxSpeculations));
      if (name == "aggsortpos") sort.sort_pos = as_int(*n, INT_MAX);
      if (name == "aggsortkeypos") sort.sort_key_pos = as_int(*n, INT_MAX);
      return;
    }
    case Kind::kOneOf: {
      for (std::string_view w : info.words)
        if (value == w) {
          if (name == "bufresize") bufresize_manual = value == "manual";
          if (name == "bufpolicy")
            buf_policy = value == "fill"   ? BufPolicy::kFill
                         : value == "ring" ? BufPolicy::kRing
                                           : BufPolicy::kSwitch;
          if (name == "oformat") json_output = value == "json";
          return;
        }
      throw bad();
    }
    case Kind::kText:
      if (value.empty()) throw bad();
      if (name == "usdtpath") usdt_path = value;
      if (name == "amin") {
        std::optional<Attributes> minimum = ParseAttributes(value);
        if (!minimum) throw bad();
        attribute_minimum = *minimum;
      }
      if (name == "metrics") {
        if (!metrics::ParseListenAddress(value)) throw bad();
        metrics_address = value;
      }
      return;
  }
}

std::string FormatSizeForNotice(uint64_t bytes) {
  static const char kSuffix[] = " kmgtpe";
  int shift = 0;
  while (shift < 60 && bytes >= (uint64_t{1} << (shift + 10))) shift += 10;
  if (shift == 0 || (bytes & ((uint64_t{1} << shift) - 1)) != 0)
    return std::to_string(bytes) + " bytes";
  return std::to_string(bytes >> shift) + kSuffix[shift / 10];
}

}  // namespace dt
