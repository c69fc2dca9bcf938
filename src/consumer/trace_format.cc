#include "consumer/trace_format.h"

#include <cctype>
#include <cstdio>
#include <string>

#include "consumer/memory_dump.h"
#include "consumer/stack_format.h"

namespace dt {
namespace {

template <typename... Args>
std::string Printf(const char* fmt, Args... args) {
  int n = std::snprintf(nullptr, 0, fmt, args...);
  if (n <= 0) return "";
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), fmt, args...);
  out.resize(n);
  return out;
}

bool Printable(unsigned char c) {
  if (c >= 0x80) return false;  // a negative char in libdtrace
  return std::isprint(c) || std::isspace(c) || c == '\b' || c == '\a';
}

}  // namespace

std::string DefaultHeader() { return Printf("%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME"); }

std::string RecordPrefix(int cpu, uint32_t probe_id, const std::string& func,
                         const std::string& name) {
  const std::string both = func + ":" + name;
  return Printf("%3d %6d %32s ", cpu, static_cast<int>(probe_id), both.c_str());
}

std::string RecordEnd(bool quiet) { return quiet ? "" : "\n"; }

std::string FlowHeader() { return Printf("%3s %-41s\n", "CPU", "FUNCTION"); }

std::string FlowRecordPrefix(int cpu, int indent, const std::string& flow, bool is_syscall,
                             const std::string& func, const std::string& name) {
  std::string text(indent > 0 ? indent : 0, ' ');
  if (flow == "entry") {
    text += (is_syscall ? " => " : " -> ") + func;
  } else if (flow == "return") {
    text += (is_syscall ? " <= " : " <- ") + func;
  } else {
    text += "| " + func + ":" + name;
  }
  return Printf("%3d %-41s ", cpu, text.c_str());
}

std::string StringRecord(const std::string& s, int strsize) {
  std::string rec = s.substr(0, strsize > 0 ? static_cast<size_t>(strsize) : 0);
  if (strsize > 0) rec.resize(static_cast<size_t>(strsize), '\0');
  return rec;
}

std::string FormatBytes(const std::string& bytes, int width, bool quiet, bool force_raw) {
  if (bytes.empty()) return "";
  if (!force_raw) {
    size_t i = 0;
    for (; i < bytes.size(); i++) {
      const unsigned char c = static_cast<unsigned char>(bytes[i]);
      if (Printable(c)) continue;
      if (c == '\0' && i > 0) {
        // A string only if nothing but NULs follows its terminator.
        size_t j = i + 1;
        while (j < bytes.size() && bytes[j] == '\0') j++;
        if (j != bytes.size()) break;
        const std::string s = bytes.substr(0, i);
        if (quiet) return s;
        return Printf(" %s%*s", width < 0 ? " " : "", width, s.c_str());
      }
      break;
    }
    if (i == bytes.size()) return Printf("  %-*s", width, bytes.c_str());
  }
  return FormatMemoryDump(bytes);
}

std::string FormatTraceValue(const Value& v, bool quiet, int strsize,
                             const KernelSymbolLookup& kernel_lookup, int stack_indent,
                             const UserSymbolLookup& user_lookup) {
  if (v.IsString()) return FormatBytes(StringRecord(v.str, strsize), -33, quiet);
  if (v.IsBytes()) {
    // libdtrace prints a record by its size: an object of 1, 2, 4 or 8
    // bytes as the integer its bytes make (little-endian), any other as bytes.
    const size_t n = v.str.size();
    if (n != 1 && n != 2 && n != 4 && n != 8) return FormatBytes(v.str, -33, quiet);
    uint64_t bits = 0;
    for (size_t i = 0; i < n; ++i)
      bits |= uint64_t{static_cast<unsigned char>(v.str[i])} << (8 * i);
    return FormatTraceValue(Value::Int(static_cast<int64_t>(bits), static_cast<int>(n)), quiet);
  }
  const KernelSymbolLookup lookup = LookupFor(v, kernel_lookup, user_lookup);
  if (v.IsStack()) return FormatStack(v.frames, lookup, stack_indent);
  if (v.IsSymbol()) return FormatSymbolRecord(v.AsUnsigned(), lookup);
  if (v.IsModule()) return FormatModuleRecord(v.AsUnsigned(), lookup);
  if (v.IsAddress()) return FormatAddressRecord(v.AsUnsigned(), lookup);
  switch (v.size) {
    case 8:
      return Printf(quiet ? "%lld" : " %16lld", static_cast<long long>(v.AsSigned()));
    case 4:
      return Printf(quiet ? "%d" : " %8d", static_cast<int>(v.AsSigned()));
    case 2:
      return Printf(quiet ? "%d" : " %5d", static_cast<int>(v.AsUnsigned()));
    case 1:
      return Printf(quiet ? "%d" : " %3d", static_cast<int>(v.AsUnsigned()));
    default:
      return Printf(quiet ? "%lld" : " %16lld", static_cast<long long>(v.AsSigned()));
  }
}

}  // namespace dt
