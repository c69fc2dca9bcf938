// The processes whose user-space addresses a run records (ustack(),
// usym(), ...): each is snapshotted when first seen -- its memory map and
// the objects in it, so its addresses can be named after it exits -- and
// described to the in-kernel unwinder (runtime/user_unwind_maps.h), so
// that its later stacks unwind through the objects' unwind tables.
//
// A process is first seen when a probe sends a ProcessNotice
// (format/user_stack_layout.h), when dtrace started it (-c) or was given
// it (-p), or when one of its addresses is printed. The objects of all
// processes are shared (elf::ObjectCache): libc is read once.
#pragma once

#include <sys/types.h>

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "consumer/kernel_symbol_lookup.h"
#include "elf/object_cache.h"
#include "elf/process_snapshot.h"
#include "runtime/user_unwind_maps.h"

namespace dt {

class UserProcesses {
 public:
  // unwinder: the program's unwinder maps, or null when it walks no user
  // stacks (only symbols are needed then).
  explicit UserProcesses(std::unique_ptr<runtime::UserUnwindMaps> unwinder)
      : unwinder_(std::move(unwinder)) {}

  // Snapshots and describes the process, once; a process that is gone by
  // now is remembered as such.
  void Notice(pid_t pid);
  // What the process's symbol tables say about addr.
  std::optional<KernelSymbolInfo> Lookup(uint32_t pid, uint64_t addr);
  // Lookup(), for the consumer's formatting; valid while this lives.
  UserSymbolLookup AsLookup() {
    return [this](uint32_t pid, uint64_t addr) { return Lookup(pid, addr); };
  }

 private:
  elf::ObjectCache cache_;
  std::map<pid_t, std::unique_ptr<elf::ProcessSnapshot>> snapshots_;  // null: not readable
  std::unique_ptr<runtime::UserUnwindMaps> unwinder_;
};

}  // namespace dt
