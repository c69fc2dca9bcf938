// What is needed to name a process's user addresses after the fact: its
// memory map and the objects in it, captured while the process lives.
//
// Contract:
//  * Take() reads /proc/PID/maps and opens (through an ObjectCache) every
//    file-backed mapping and [vdso] right away, so addresses still resolve
//    after the process has exited or unmapped a library. Objects that
//    cannot be opened are listed in errors(); their addresses get a module
//    but no symbol.
//  * Locate(addr): the mapping, its object and the ELF vaddr the address
//    corresponds to (proc_maps' Normalize).
//  * Symbolize(addr) formats as DTrace prints a user frame:
//      libc.so.6`malloc+0x1a    symbol and offset
//      a.out-name`main          offset 0 (the executable by its file name)
//      libc.so.6`0x7f3a1c2d10   inside an object but no symbol covers it
//      0x7ffc3a2b10             no mapped object (anonymous, JIT code)
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "elf/object_cache.h"
#include "elf/proc_maps.h"

namespace dt::elf {

struct UserSymbol {
  uint64_t address = 0;
  std::string module;  // "" when no object is mapped there
  bool main_executable = false;
  std::optional<uint64_t> vaddr;   // ELF vaddr inside the module
  const Symbol* symbol = nullptr;  // valid while the snapshot lives
  uint64_t offset = 0;

  std::string Format() const;
};

class ProcessSnapshot {
 public:
  static std::unique_ptr<ProcessSnapshot> Take(pid_t pid, ObjectCache* cache, std::string* error);
  // From maps already read (tests; a consumer replaying a recorded map).
  static std::unique_ptr<ProcessSnapshot> FromMaps(ProcessMaps maps, ObjectCache* cache);

  pid_t pid() const { return maps_.pid(); }
  const ProcessMaps& maps() const { return maps_; }
  const std::vector<std::string>& errors() const { return errors_; }

  struct Location {
    const Mapping* mapping = nullptr;
    const ObjectFile* object = nullptr;  // nullptr: no readable object
    std::optional<uint64_t> vaddr;
  };
  std::optional<Location> Locate(uint64_t addr) const;
  UserSymbol Symbolize(uint64_t addr) const;
  // The object mapped by m (nullptr when none could be opened).
  const ObjectFile* ObjectOf(const Mapping& m) const;

 private:
  ProcessMaps maps_;
  std::vector<std::shared_ptr<const ObjectFile>> objects_;  // one per mapping
  std::vector<std::string> errors_;
};

}  // namespace dt::elf
