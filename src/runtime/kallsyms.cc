#include "runtime/kallsyms.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <tuple>
#include <utility>

namespace dt::runtime {
namespace {

bool IsTextType(char t) { return t == 'T' || t == 't' || t == 'W' || t == 'w'; }

bool IsDataType(char t) {
  return t == 'D' || t == 'd' || t == 'B' || t == 'b' || t == 'R' || t == 'r';
}

// FNV-1a: names are short and this avoids std::hash's per-call overhead.
uint32_t HashName(std::string_view name) {
  uint32_t h = 2166136261u;
  for (char c : name) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return h;
}

bool IsGlobalType(char t) { return t >= 'A' && t <= 'Z'; }

// Lower is preferred among symbols sharing an address.
int AddressRank(char t) {
  if (IsTextType(t)) return IsGlobalType(t) ? 0 : 1;
  return IsGlobalType(t) ? 2 : 3;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Reads the whole file. procfs files report size 0, so read until EOF in
// large chunks: each read() makes the kernel format up to that many bytes.
bool ReadWholeFile(const std::string& path, std::string* out, std::string* error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = "cannot open " + path + ": " + std::strerror(errno);
    return false;
  }
  constexpr size_t kChunk = 1 << 20;
  out->clear();
  size_t used = 0;
  for (;;) {
    if (out->size() < used + kChunk) out->resize(used + kChunk);
    ssize_t n = ::read(fd, out->data() + used, kChunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *error = "cannot read " + path + ": " + std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  ::close(fd);
  out->resize(used);
  return true;
}

}  // namespace

KernelSymbols::KernelSymbols() : name_index_once_(std::make_unique<std::once_flag>()) {
  modules_.push_back("vmlinux");
}
KernelSymbols::KernelSymbols(KernelSymbols&&) noexcept = default;
KernelSymbols& KernelSymbols::operator=(KernelSymbols&&) noexcept = default;
KernelSymbols::~KernelSymbols() = default;

const KernelSymbols& KernelSymbols::Kernel() {
  static const KernelSymbols table = FromFile(kKallsymsPath);
  return table;
}

KernelSymbols KernelSymbols::FromFile(const std::string& path) {
  KernelSymbols table;
  if (!ReadWholeFile(path, &table.text_, &table.error_)) return table;
  table.Parse();
  return table;
}

KernelSymbols KernelSymbols::FromText(std::string text) {
  KernelSymbols table;
  table.text_ = std::move(text);
  table.Parse();
  return table;
}

std::string_view KernelSymbols::NameOf(const Symbol& s) const {
  return std::string_view(text_).substr(s.name_offset, s.name_length);
}

void KernelSymbols::Parse() {
  const char* const base = text_.data();
  const char* p = base;
  const char* const end = base + text_.size();
  symbols_.reserve(text_.size() / 40);
  bool any_nonzero = false;
  std::string_view last_module;  // lines of one module are contiguous
  uint16_t last_module_index = 0;

  while (p < end) {
    const char* eol = static_cast<const char*>(std::memchr(p, '\n', end - p));
    if (eol == nullptr) eol = end;
    const char* q = p;
    uint64_t addr = 0;
    int digits = 0;
    for (int d; q < eol && (d = HexDigit(*q)) >= 0; ++q, ++digits) addr = (addr << 4) | d;
    // "addr type name": anything else (a truncated last line) is skipped.
    if (digits == 0 || eol - q < 4 || q[0] != ' ' || q[2] != ' ') {
      p = eol + 1;
      continue;
    }
    char type = q[1];
    const char* name = q + 3;
    const char* name_end = static_cast<const char*>(std::memchr(name, '\t', eol - name));
    std::string_view module;
    if (name_end != nullptr) {
      const char* m = name_end + 1;
      if (m < eol && *m == '[') ++m;
      const char* m_end = eol;
      if (m_end > m && m_end[-1] == ']') --m_end;
      module = std::string_view(m, m_end - m);
    } else {
      name_end = eol;
    }
    size_t name_length = static_cast<size_t>(name_end - name);
    if (name_length == 0 || name_length > UINT16_MAX) {
      p = eol + 1;
      continue;
    }
    uint16_t module_index = 0;
    if (!module.empty()) {
      if (module != last_module) {
        auto it = std::find(modules_.begin() + 1, modules_.end(), module);
        if (it == modules_.end() && modules_.size() < UINT16_MAX) {
          modules_.emplace_back(module);
          it = modules_.end() - 1;
        }
        last_module = module;
        last_module_index = static_cast<uint16_t>(it - modules_.begin());
      }
      module_index = last_module_index;
    }
    any_nonzero = any_nonzero || addr != 0;
    symbols_.push_back(Symbol{addr, static_cast<uint32_t>(name - base),
                              static_cast<uint16_t>(name_length), module_index, type});
    p = eol + 1;
  }

  if (symbols_.empty()) {
    error_ = "no kernel symbols found in /proc/kallsyms";
    return;
  }
  if (!any_nonzero) {
    addresses_hidden_ = true;
    error_ =
        "kernel symbol addresses are hidden: /proc/kallsyms lists every address as 0 "
        "(needs root with CAP_SYSLOG and kernel.kptr_restrict below 2)";
    return;
  }
  BuildAddressIndex();
}

void KernelSymbols::BuildAddressIndex() {
  // Per-CPU variables are listed as small offsets, not addresses: anything
  // below the lowest text symbol cannot be a kernel address.
  uint64_t floor = UINT64_MAX;
  for (const Symbol& s : symbols_) {
    if (IsTextType(s.type)) floor = std::min(floor, s.address);
  }
  module_low_.assign(modules_.size(), UINT64_MAX);
  by_address_.reserve(symbols_.size());
  for (uint32_t i = 0; i < symbols_.size(); ++i) {
    const Symbol& s = symbols_[i];
    if (!IsTextType(s.type) && !IsDataType(s.type)) continue;
    if (s.address < floor) continue;
    // __pfx_f labels the padding before f (CONFIG_FUNCTION_PADDING): a
    // return address landing there belongs to the function before it.
    if (NameOf(s).starts_with("__pfx_")) continue;
    by_address_.push_back(i);
    module_low_[s.module] = std::min(module_low_[s.module], s.address);
  }
  std::sort(by_address_.begin(), by_address_.end(), [this](uint32_t a, uint32_t b) {
    const Symbol& x = symbols_[a];
    const Symbol& y = symbols_[b];
    return std::make_tuple(x.address, AddressRank(x.type), a) <
           std::make_tuple(y.address, AddressRank(y.type), b);
  });
}

std::optional<KernelAddress> KernelSymbols::Resolve(uint64_t addr) const {
  auto after = std::upper_bound(by_address_.begin(), by_address_.end(), addr,
                                [this](uint64_t a, uint32_t i) { return a < symbols_[i].address; });
  if (after == by_address_.begin()) return std::nullopt;
  auto at = after - 1;
  const uint64_t start = symbols_[*at].address;
  while (at != by_address_.begin() && symbols_[*(at - 1)].address == start) --at;
  const Symbol& sym = symbols_[*at];

  bool next_in_module = after != by_address_.end() && symbols_[*after].module == sym.module;
  if (!next_in_module && addr - start >= kMaxTrailingSpan) return std::nullopt;

  KernelAddress out;
  out.module = modules_[sym.module];
  out.symbol = std::string(NameOf(sym));
  out.offset = addr - start;
  out.symbol_address = start;
  out.module_address = module_low_[sym.module];
  return out;
}

void KernelSymbols::BuildNameIndex() const {
  size_t buckets = 1;
  while (buckets < symbols_.size()) buckets <<= 1;
  name_buckets_.assign(buckets, kNoSymbol);
  name_next_.assign(symbols_.size(), kNoSymbol);
  // Filled backwards so that each chain lists symbols in file order.
  for (uint32_t i = static_cast<uint32_t>(symbols_.size()); i-- > 0;) {
    uint32_t& head = name_buckets_[HashName(NameOf(symbols_[i])) & (buckets - 1)];
    name_next_[i] = head;
    head = i;
  }
}

std::optional<KernelSymbolDef> KernelSymbols::Lookup(std::string_view name,
                                                     std::string_view module) const {
  if (!ok()) return std::nullopt;
  std::call_once(*name_index_once_, [this] { BuildNameIndex(); });
  const Symbol* best = nullptr;
  auto rank = [](const Symbol& s) { return std::make_pair(!IsGlobalType(s.type), s.module != 0); };
  uint32_t i = name_buckets_[HashName(name) & (name_buckets_.size() - 1)];
  for (; i != kNoSymbol; i = name_next_[i]) {
    const Symbol& s = symbols_[i];
    if (NameOf(s) != name) continue;
    if (!module.empty() && modules_[s.module] != module) continue;
    if (best == nullptr || rank(s) < rank(*best)) best = &s;
  }
  if (best == nullptr) return std::nullopt;
  return KernelSymbolDef{best->address, best->type, modules_[best->module]};
}

std::optional<uint64_t> KernelSymbols::AddressOf(std::string_view name,
                                                 std::string_view module) const {
  auto def = Lookup(name, module);
  if (!def) return std::nullopt;
  return def->address;
}

std::vector<uint64_t> KernelSymbols::TextAddressesOf(std::string_view name,
                                                     std::string_view module) const {
  std::vector<uint64_t> addresses;
  if (!ok()) return addresses;
  std::call_once(*name_index_once_, [this] { BuildNameIndex(); });
  std::vector<uint32_t> found;
  uint32_t i = name_buckets_[HashName(name) & (name_buckets_.size() - 1)];
  for (; i != kNoSymbol; i = name_next_[i]) {
    const Symbol& s = symbols_[i];
    if (NameOf(s) == name && modules_[s.module] == module && (s.type == 'T' || s.type == 't'))
      found.push_back(i);
  }
  std::sort(found.begin(), found.end());
  for (uint32_t index : found) addresses.push_back(symbols_[index].address);
  return addresses;
}

std::optional<std::pair<uint64_t, uint64_t>> KernelSymbols::TextExtent(
    std::string_view name) const {
  std::optional<KernelSymbolDef> def = Lookup(name);
  if (!def || (def->type != 'T' && def->type != 't')) return std::nullopt;
  auto after = std::upper_bound(by_address_.begin(), by_address_.end(), def->address,
                                [this](uint64_t a, uint32_t i) { return a < symbols_[i].address; });
  uint64_t end =
      after != by_address_.end() ? symbols_[*after].address : def->address + kMaxTrailingSpan;
  return std::make_pair(def->address, end);
}

}  // namespace dt::runtime
