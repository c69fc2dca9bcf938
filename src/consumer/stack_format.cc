#include "consumer/stack_format.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <utility>

namespace dt {
namespace {

std::string Hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
  return buf;
}

std::optional<KernelSymbolInfo> Find(uint64_t addr, const KernelSymbolLookup& lookup) {
  if (!lookup) return std::nullopt;
  std::optional<KernelSymbolInfo> info = lookup(addr);
  if (info && info->module.empty()) return std::nullopt;
  return info;
}

std::string LeftJustified50(const std::string& text) {
  std::string out = "  " + text;
  if (text.size() < 50) out.append(50 - text.size(), ' ');
  return out;
}

// dtrace_addr2str()'s text for an address the table may know.
std::string AddressText(uint64_t addr, const std::optional<KernelSymbolInfo>& info) {
  if (!info) return Hex(addr);
  if (info->symbol.empty()) return info->module + "`" + Hex(addr);
  std::string out = info->module + "`" + info->symbol;
  if (info->offset != 0) out += "+" + Hex(info->offset);
  return out;
}

}  // namespace

std::string FormatKernelAddress(uint64_t addr, const KernelSymbolLookup& lookup) {
  return AddressText(addr, Find(addr, lookup));
}

std::string FormatKernelSymbol(uint64_t addr, const KernelSymbolLookup& lookup) {
  std::optional<KernelSymbolInfo> info = Find(addr, lookup);
  if (!info) return Hex(addr);
  if (info->symbol.empty()) return info->module + "`" + Hex(addr);
  return info->module + "`" + info->symbol;
}

std::string FormatKernelModule(uint64_t addr, const KernelSymbolLookup& lookup) {
  std::optional<KernelSymbolInfo> info = Find(addr, lookup);
  return info ? info->module : Hex(addr);
}

std::string FormatSymbolRecord(uint64_t addr, const KernelSymbolLookup& lookup) {
  return LeftJustified50(FormatKernelSymbol(addr, lookup));
}

std::string FormatModuleRecord(uint64_t addr, const KernelSymbolLookup& lookup) {
  return LeftJustified50(FormatKernelModule(addr, lookup));
}

std::string FormatAddressRecord(uint64_t addr, const KernelSymbolLookup& lookup) {
  return LeftJustified50(FormatKernelAddress(addr, lookup));
}

KernelSymbolLookup LookupFor(const Value& v, const KernelSymbolLookup& kernel,
                             const UserSymbolLookup& user) {
  if (!v.user) return kernel;
  if (!user) return nullptr;
  return [user, pid = v.pid](uint64_t addr) { return user(pid, addr); };
}

std::vector<uint64_t> StackFramesFromRecord(std::string_view bytes) {
  std::vector<uint64_t> pcs;
  for (size_t at = 0; at + 8 <= bytes.size(); at += 8) {
    uint64_t pc = 0;
    for (int i = 7; i >= 0; --i) pc = (pc << 8) | static_cast<uint8_t>(bytes[at + i]);
    if (pc == 0) break;
    pcs.push_back(pc);
  }
  return pcs;
}

std::vector<uint64_t> DropTracingFrames(std::span<const uint64_t> pcs,
                                        const KernelSymbolLookup& lookup, size_t max_frames) {
  auto is_tracing_frame = [&](uint64_t pc) {
    std::optional<KernelSymbolInfo> info = Find(pc, lookup);
    if (!info) return false;
    if (info->module == "bpf") return true;
    std::string_view name = info->symbol;
    // __traceiter_* appears when a tracepoint has more than one attached
    // program (another tracer, or a second dtrace): it calls each in turn.
    return info->module == "vmlinux" &&
           (name.starts_with("bpf_trace_run") || name.starts_with("__bpf_trace_") ||
            name.starts_with("__traceiter_"));
  };
  size_t first = 0;
  while (first < pcs.size() && pcs[first] != 0 && is_tracing_frame(pcs[first])) ++first;
  std::vector<uint64_t> out;
  for (size_t i = first; i < pcs.size() && pcs[i] != 0 && out.size() < max_frames; ++i) {
    out.push_back(pcs[i]);
  }
  return out;
}

std::string FormatStack(std::span<const uint64_t> pcs, const KernelSymbolLookup& lookup, int indent,
                        const StackFrameFormatter& frame_format) {
  std::string out = "\n";
  for (uint64_t pc : pcs) {
    if (pc == 0) break;
    if (indent > 0) out.append(static_cast<size_t>(indent), ' ');
    std::string frame = FormatKernelAddress(pc, lookup);
    out += frame_format ? frame_format(frame) : frame;
    out += '\n';
  }
  return out;
}

int StackConversionIndent(int width, bool left) {
  if (width < 0) return -width;
  return left ? width : 0;
}

int CompareStackKeys(std::span<const uint64_t> a, std::span<const uint64_t> b, int depth) {
  auto at = [](std::span<const uint64_t> s, size_t i) -> uint64_t {
    return i < s.size() ? s[i] : 0;
  };
  if (depth == 1) {
    uint64_t x = at(a, 0), y = at(b, 0);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  size_t words = std::max({a.size(), b.size(), static_cast<size_t>(depth > 0 ? depth : 0)});
  for (size_t i = 0; i < words; ++i) {
    uint64_t x = at(a, i), y = at(b, i);
    if (x == y) continue;
    for (int byte = 0; byte < 8; ++byte) {
      unsigned xb = (x >> (8 * byte)) & 0xff, yb = (y >> (8 * byte)) & 0xff;
      if (xb != yb) return xb < yb ? -1 : 1;
    }
  }
  return 0;
}

uint64_t CanonicalSymbolKey(uint64_t pc, const KernelSymbolLookup& lookup) {
  std::optional<KernelSymbolInfo> info = Find(pc, lookup);
  if (!info || info->symbol.empty()) return pc;
  return pc - info->offset;
}

uint64_t CanonicalModuleKey(uint64_t pc, const KernelSymbolLookup& lookup) {
  std::optional<KernelSymbolInfo> info = Find(pc, lookup);
  return info ? info->module_address : pc;
}

SymbolResolver MakeKernelAddressResolver(KernelSymbolLookup lookup) {
  return [lookup = std::move(lookup)](uint64_t addr) -> std::string {
    std::optional<KernelSymbolInfo> info = Find(addr, lookup);
    return info ? AddressText(addr, info) : "";
  };
}

}  // namespace dt
