// The symbols of one ELF object, for naming user addresses (ustack, usym,
// %A) and for finding functions by name (pid provider probes).
//
// Contract:
//  * Source: .symtab when the object has one with any function in it, else
//    .dynsym (stripped objects, e.g. Debian's libc). Kept: defined symbols of
//    type FUNC, GNU_IFUNC and OBJECT (TLS, NOTYPE, section and file symbols
//    are not). On x86-64, the lazy-binding PLT stubs get synthesized
//    "name@plt" entries (kind kPlt), one per .rela.plt jump slot; pid
//    probes should skip them, stacks show them.
//  * Names are as DTrace shows them: a version suffix is split off
//    ("memcpy@@GLIBC_2.14" is "memcpy", version "GLIBC_2.14", the default
//    version); .dynsym versions come from .gnu.version/.gnu.version_d.
//  * Lookup(vaddr) finds the code symbol covering an ELF vaddr. A symbol
//    with a size covers [address, address+size); one with size 0 covers up
//    to the next symbol, within its section, unless it lies inside a sized
//    symbol (a label inside a function does not take over its tail).
//    Addresses in no symbol's range (gaps, padding) find nothing.
//  * Several names at one address (aliases): the canonical one, which
//    Lookup returns, is chosen by binding (GLOBAL, then WEAK, then LOCAL),
//    then the default version, then fewer leading underscores, then a size
//    over none, then table order. So raise wins over gsignal in glibc, as
//    DTrace prefers pthread_mutex_lock to mutex_lock.
//  * Malformed tables never crash: entries whose names cannot be read are
//    skipped, and the table is built from what is readable.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "elf/elf_file.h"

namespace dt::elf {

enum class SymbolKind : uint8_t { kFunction, kIfunc, kObject, kPlt };
enum class SymbolSource : uint8_t { kNone, kSymtab, kDynsym };

struct Symbol {
  std::string name;     // without any @version suffix
  std::string version;  // "GLIBC_2.2.5", or "" when unversioned
  bool default_version = true;
  uint64_t address = 0;  // ELF vaddr
  uint64_t size = 0;
  SymbolKind kind = SymbolKind::kFunction;
  uint8_t binding = 0;  // STB_GLOBAL, STB_WEAK, STB_LOCAL

  bool is_code() const { return kind != SymbolKind::kObject; }
};

struct SymbolMatch {
  const Symbol* symbol = nullptr;
  uint64_t offset = 0;  // vaddr - symbol->address
};

class SymbolTable {
 public:
  SymbolTable() = default;
  // Reads the object's symbols; an object without any gives an empty table
  // (source() kNone), not an error.
  static SymbolTable Load(const ElfFile& file);

  SymbolSource source() const { return source_; }
  size_t size() const { return symbols_.size(); }
  // Every kept symbol, sorted by address, the canonical name first among
  // those sharing an address.
  const std::vector<Symbol>& symbols() const { return symbols_; }

  // The code symbol (function, ifunc, PLT stub) covering vaddr.
  std::optional<SymbolMatch> Lookup(uint64_t vaddr) const;
  // The data symbol (OBJECT) covering vaddr.
  std::optional<SymbolMatch> LookupData(uint64_t vaddr) const;
  // All symbols with this exact name (any kind, any version), in address
  // order.
  std::vector<const Symbol*> FindByName(std::string_view name) const;
  // The symbol Lookup names for s's address: one name per function.
  const Symbol* Canonical(const Symbol& s) const;

 private:
  // A non-overlapping view used for address lookup.
  struct Range {
    uint64_t start;
    uint64_t end;
    uint32_t symbol;
  };
  struct RawSymbol;
  void Build(std::vector<RawSymbol> raw, const ElfFile& file);
  static std::vector<Range> BuildRanges(const std::vector<Symbol>& symbols,
                                        const std::vector<uint64_t>& section_ends, bool want_code);
  static std::optional<SymbolMatch> Find(const std::vector<Range>& ranges,
                                         const std::vector<Symbol>& symbols, uint64_t vaddr);

  SymbolSource source_ = SymbolSource::kNone;
  std::vector<Symbol> symbols_;
  std::vector<uint32_t> by_name_;  // indices into symbols_, sorted by name
  std::vector<Range> code_;
  std::vector<Range> data_;
};

}  // namespace dt::elf
