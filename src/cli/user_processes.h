// The processes whose user-space addresses a run records (ustack(),
// usym(), ...): each is snapshotted when first seen -- its memory map and
// the objects in it, so its addresses can be named after it exits -- and
// described to the in-kernel unwinder (runtime/user_unwind_maps.h), so
// that its later stacks unwind through the objects' unwind tables.
//
// An address outside every mapping of a live process's snapshot (a library
// loaded later, a new program after exec) makes it snapshot the process
// again. A process is first seen when a probe sends a ProcessNotice
// (format/user_stack_layout.h), when dtrace started it (-c) or was given
// it (-p), or when one of its addresses is printed. The objects of all
// processes are shared (elf::ObjectCache): libc is read once.
#pragma once

#include <sys/types.h>

#include <chrono>
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
  // The process mapped objects (dlopen): snapshot it again if it was seen.
  void Remapped(pid_t pid);
  // What the process's symbol tables say about addr.
  std::optional<KernelSymbolInfo> Lookup(uint32_t pid, uint64_t addr);
  // Lookup(), for the consumer's formatting; valid while this lives.
  UserSymbolLookup AsLookup() {
    return [this](uint32_t pid, uint64_t addr) { return Lookup(pid, addr); };
  }

 private:
  // An address outside every mapping of the snapshot sends dtrace back to
  // the process, at most this often per process: the snapshot is older
  // than a library it loaded, or than the program it exec'd.
  static constexpr std::chrono::milliseconds kRetakeInterval{500};

  void Snapshot(pid_t pid);  // takes (again) and describes
  bool MayHaveMapped(pid_t pid);

  elf::ObjectCache cache_;
  std::map<pid_t, std::chrono::steady_clock::time_point> last_retake_;
  std::map<pid_t, std::unique_ptr<elf::ProcessSnapshot>> snapshots_;  // null: not readable
  std::unique_ptr<runtime::UserUnwindMaps> unwinder_;
};

}  // namespace dt
