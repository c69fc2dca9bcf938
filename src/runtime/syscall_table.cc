#include "runtime/syscall_table.h"

#include <algorithm>
#include <vector>

namespace dt::runtime {
namespace {

struct SyscallEntry {
  const char* name;
  int number;
};

constexpr SyscallEntry kSyscalls[] = {
#include "syscall_numbers.inc"
};

// Indexed by number; nullptr for the gaps (e.g. 335..423 on x86-64).
const std::vector<const char*>& NamesByNumber() {
  static const std::vector<const char*> names = [] {
    int max = 0;
    for (const SyscallEntry& entry : kSyscalls) max = std::max(max, entry.number);
    std::vector<const char*> table(max + 1, nullptr);
    for (const SyscallEntry& entry : kSyscalls) table[entry.number] = entry.name;
    return table;
  }();
  return names;
}

}  // namespace

int SyscallNumber(std::string_view name) {
  for (const SyscallEntry& entry : kSyscalls) {
    if (name == entry.name) return entry.number;
  }
  return -1;
}

const char* SyscallName(int nr) {
  const std::vector<const char*>& names = NamesByNumber();
  if (nr < 0 || nr >= static_cast<int>(names.size())) return nullptr;
  return names[nr];
}

int MaxSyscallNumber() { return static_cast<int>(NamesByNumber().size()) - 1; }

}  // namespace dt::runtime
