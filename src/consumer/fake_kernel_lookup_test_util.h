// A small fake kernel symbol table for the consumer's unit tests:
//   vmlinux (base 0xffffffff81000000): _stext (0x1000 bytes at the base),
//     do_syscall_64 (0x200 bytes at
//     kDoSyscall), entry_SYSCALL_64 (0x100 bytes at kEntry),
//     ksys_write (0x100 bytes at kKsysWrite)
//   ext4 (base kExt4Base, 1 MiB): ext4_file_write_iter (0x400 bytes at
//     kExt4Write); the rest of the module has no symbol.
#pragma once

#include <cstdint>
#include <optional>

#include "consumer/kernel_symbol_lookup.h"

namespace dt::testing {

inline constexpr uint64_t kVmlinuxBase = 0xffffffff81000000;
inline constexpr uint64_t kDoSyscall = 0xffffffff81001000;
inline constexpr uint64_t kKsysWrite = 0xffffffff81002000;
inline constexpr uint64_t kEntry = 0xffffffff82000000;
inline constexpr uint64_t kExt4Base = 0xffffffffc0000000;
inline constexpr uint64_t kExt4Write = 0xffffffffc0010000;

inline std::optional<KernelSymbolInfo> FakeKernelLookup(uint64_t addr) {
  struct Sym {
    const char* module;
    const char* name;
    uint64_t start, size, module_base;
  };
  static constexpr Sym kSyms[] = {
      {"vmlinux", "_stext", kVmlinuxBase, 0x1000, kVmlinuxBase},
      {"vmlinux", "do_syscall_64", kDoSyscall, 0x200, kVmlinuxBase},
      {"vmlinux", "ksys_write", kKsysWrite, 0x100, kVmlinuxBase},
      {"vmlinux", "entry_SYSCALL_64", kEntry, 0x100, kVmlinuxBase},
      {"ext4", "ext4_file_write_iter", kExt4Write, 0x400, kExt4Base},
  };
  for (const Sym& s : kSyms) {
    if (addr >= s.start && addr < s.start + s.size) {
      return KernelSymbolInfo{s.module, s.name, addr - s.start, s.module_base};
    }
  }
  if (addr >= kExt4Base && addr < kExt4Base + 0x100000) {
    return KernelSymbolInfo{"ext4", "", 0, kExt4Base};
  }
  return std::nullopt;
}

}  // namespace dt::testing
