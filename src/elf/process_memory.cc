#include "elf/process_memory.h"

#include <sys/uio.h>

namespace dt::elf {

bool ProcessMemory::Read(uint64_t addr, void* out, size_t size) {
  struct iovec local = {out, size};
  struct iovec remote = {reinterpret_cast<void*>(addr), size};
  return process_vm_readv(pid_, &local, 1, &remote, 1, 0) == ssize_t(size);
}

}  // namespace dt::elf
