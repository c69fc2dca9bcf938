// Reading a process's memory: what the reference unwinder and the USDT
// argument evaluator read stacks and operands with. Tests substitute their
// own readers.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>

namespace dt::elf {

class MemoryReader {
 public:
  virtual ~MemoryReader() = default;
  // True when all size bytes at addr were read.
  virtual bool Read(uint64_t addr, void* out, size_t size) = 0;
};

// Another process's memory through process_vm_readv (needs ptrace access,
// which root has).
class ProcessMemory : public MemoryReader {
 public:
  explicit ProcessMemory(pid_t pid) : pid_(pid) {}
  bool Read(uint64_t addr, void* out, size_t size) override;

 private:
  pid_t pid_;
};

}  // namespace dt::elf
