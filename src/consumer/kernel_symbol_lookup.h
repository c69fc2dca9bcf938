// How the consumer asks about kernel addresses, without owning a symbol
// table: the CLI adapts runtime::KernelSymbols::Resolve() to
// KernelSymbolLookup, and tests pass a fake. Shared by stack_format.h (the
// text forms) and printf_format.h / trace_format.h / aggregation_printer.h
// (which carry the lookup in their options).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace dt {

// What the symbol table knows about one kernel address.
struct KernelSymbolInfo {
  std::string module;   // never empty
  std::string symbol;   // empty: only the module is known
  uint64_t offset = 0;  // address - start of symbol
  // Start of the module: the key all mod() values of the module share, so
  // it must itself resolve to this module (the module's lowest symbol).
  uint64_t module_address = 0;
};

// nullopt (or a null function): nothing is known about the address.
using KernelSymbolLookup = std::function<std::optional<KernelSymbolInfo>(uint64_t)>;

// What the symbol tables of a traced process know about one of its
// addresses; nullopt (or a null function): nothing.
using UserSymbolLookup = std::function<std::optional<KernelSymbolInfo>(uint32_t pid, uint64_t)>;

inline constexpr int kDefaultStackIndent = 14;  // libdtrace's stackindent

}  // namespace dt
