#include "cli/user_processes.h"

#include <signal.h>

#include <cstdio>

namespace dt {

void UserProcesses::Notice(pid_t pid) {
  if (snapshots_.count(pid)) return;
  Snapshot(pid);
}

void UserProcesses::Remapped(pid_t pid) {
  if (snapshots_.count(pid)) Snapshot(pid);
}

void UserProcesses::Snapshot(pid_t pid) {
  std::string error;
  std::unique_ptr<elf::ProcessSnapshot> snapshot = elf::ProcessSnapshot::Take(pid, &cache_, &error);
  if (snapshot && unwinder_ && !unwinder_->Describe(*snapshot)) {
    fprintf(stderr, "dtrace: process %d: stacks unwind by frame pointers only: %s\n", pid,
            unwinder_->error().c_str());
  }
  snapshots_[pid] = std::move(snapshot);
}

bool UserProcesses::MayHaveMapped(pid_t pid) {
  auto now = std::chrono::steady_clock::now();
  auto& last = last_retake_[pid];
  if (now - last < kRetakeInterval) return false;
  last = now;
  return kill(pid, 0) == 0;
}

std::optional<KernelSymbolInfo> UserProcesses::Lookup(uint32_t pid, uint64_t addr) {
  Notice(static_cast<pid_t>(pid));
  const elf::ProcessSnapshot* snapshot = snapshots_[static_cast<pid_t>(pid)].get();
  if (snapshot == nullptr) return std::nullopt;
  elf::UserSymbol u = snapshot->Symbolize(addr);
  if (u.module.empty() && MayHaveMapped(static_cast<pid_t>(pid))) {
    // A library loaded (or a program exec'd) since the snapshot: look again
    // while the process lives.
    Snapshot(static_cast<pid_t>(pid));
    snapshot = snapshots_[static_cast<pid_t>(pid)].get();
    if (snapshot == nullptr) return std::nullopt;
    u = snapshot->Symbolize(addr);
  }
  if (u.module.empty()) return std::nullopt;
  KernelSymbolInfo info;
  info.module = u.module;
  if (u.symbol != nullptr) {
    info.symbol = u.symbol->name;
    info.offset = u.offset;
  }
  // The module's key: the start of its first mapping, which lies in it.
  if (auto loc = snapshot->Locate(addr)) {
    info.module_address = loc->mapping->start;
    for (const elf::Mapping* m : snapshot->maps().MappingsOfFile(*loc->mapping))
      info.module_address = std::min(info.module_address, m->start);
  }
  return info;
}

}  // namespace dt
