// Kernel symbol table from /proc/kallsyms: address -> `module`symbol+offset
// for stack(), sym()/func()/mod(), %a and caller; name -> address for D's
// backquoted kernel globals (`max_pid).
//
// Contract:
//  * KernelSymbols::Kernel() reads /proc/kallsyms once, on first use, in one
//    read loop with hand parsing (the file has 100k-200k lines; the kernel
//    itself needs ~50 ms of system time to produce it, so load it only when a
//    program needs symbols). Thread-safe; the table never changes afterwards.
//  * Resolve(addr) uses text symbols (types tTwW) and, where the kernel lists
//    them (CONFIG_KALLSYMS_ALL), data symbols (dDbBrR): the nearest symbol at
//    or below addr. Absolute symbols and per-CPU offsets (addresses below the
//    lowest text symbol) never match, nor do the __pfx_ labels of function
//    padding (found by name only). kallsyms has no sizes, so a symbol
//    covers up to the next listed one; the last symbol of a module covers at
//    most kMaxTrailingSpan bytes, so addresses past a module's end stay
//    unresolved instead of becoming "last_symbol+0x1e1832d7".
//  * Where several symbols share an address, global text wins over local
//    text, text over data, then the earlier line.
//  * module is "vmlinux" for the core kernel, else the bracketed name
//    without brackets ("ext4", "bpf", "__builtin__ftrace").
//  * Unprivileged readers (or kernel.kptr_restrict=2) see all-zero addresses:
//    ok() is false, addresses_hidden() is true, and error() says so plainly.
//    An unreadable file gives ok() false with the reason in error().
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dt::runtime {

// Where an address falls.
struct KernelAddress {
  std::string module;           // "vmlinux" or a module name
  std::string symbol;           // the covering symbol
  uint64_t offset = 0;          // address - symbol_address
  uint64_t symbol_address = 0;  // start of the symbol
  uint64_t module_address = 0;  // lowest symbol address of the module
};

// A symbol found by name.
struct KernelSymbolDef {
  uint64_t address = 0;
  char type = 0;  // kallsyms type letter: 'T', 't', 'D', ...
  std::string module;
};

class KernelSymbols {
 public:
  static constexpr uint64_t kMaxTrailingSpan = 64 * 1024;
  static constexpr const char* kKallsymsPath = "/proc/kallsyms";

  // The running kernel's table, loaded on first call.
  static const KernelSymbols& Kernel();

  static KernelSymbols FromFile(const std::string& path);
  // Parses text in /proc/kallsyms format ("addr type name[\t[module]]\n").
  static KernelSymbols FromText(std::string text);

  KernelSymbols(KernelSymbols&&) noexcept;
  KernelSymbols& operator=(KernelSymbols&&) noexcept;
  ~KernelSymbols();

  bool ok() const { return error_.empty(); }
  bool addresses_hidden() const { return addresses_hidden_; }
  const std::string& error() const { return error_; }
  // Number of symbols read (all types).
  size_t size() const { return symbols_.size(); }

  std::optional<KernelAddress> Resolve(uint64_t addr) const;

  // module empty: any module; a global definition wins over local ones,
  // then vmlinux over modules, then the earlier line.
  std::optional<KernelSymbolDef> Lookup(std::string_view name, std::string_view module = {}) const;
  std::optional<uint64_t> AddressOf(std::string_view name, std::string_view module = {}) const;
  // Every function ('T' or 't') of that name in that module, in file
  // order: static functions of different files may share a name.
  std::vector<uint64_t> TextAddressesOf(std::string_view name, std::string_view module) const;
  // The kernel text [start, end) a function named `name` covers: from its
  // address to the next listed symbol's (kallsyms has no sizes). nullopt if
  // there is no such text symbol.
  std::optional<std::pair<uint64_t, uint64_t>> TextExtent(std::string_view name) const;

 private:
  struct Symbol {
    uint64_t address;
    uint32_t name_offset;  // into text_
    uint16_t name_length;
    uint16_t module;  // index into modules_; 0 is vmlinux
    char type;
  };

  KernelSymbols();
  void Parse();
  void BuildAddressIndex();
  void BuildNameIndex() const;
  std::string_view NameOf(const Symbol& s) const;

  std::string text_;                  // the file as read; symbol names point into it
  std::vector<Symbol> symbols_;       // file order
  std::vector<std::string> modules_;  // [0] == "vmlinux"
  std::vector<uint64_t> module_low_;  // lowest address per module
  std::vector<uint32_t> by_address_;  // indices into symbols_, resolvable ones
  std::string error_;
  bool addresses_hidden_ = false;

  // Name lookups are rarer than address lookups: hashed on first use.
  // name_buckets_[hash & mask] is the first symbol of a chain linked by
  // name_next_ (kNoSymbol ends it), in file order.
  static constexpr uint32_t kNoSymbol = UINT32_MAX;
  mutable std::unique_ptr<std::once_flag> name_index_once_;
  mutable std::vector<uint32_t> name_buckets_;
  mutable std::vector<uint32_t> name_next_;
};

}  // namespace dt::runtime
