// Feeds the BPF user-stack unwinder (codegen/user_stack_gen.cc): for each
// process it is told about, the executable mappings, and for each object
// mapped there, its unwind table in a map of its own, in the layout of
// format/user_stack_layout.h.
//
// Contract:
//  * Describe(snapshot) writes the process's mappings (sorted, at most
//    kMaxUserMappings) and then their count, so a probe never sees a count
//    larger than what is written. Describing a process again (it loaded a
//    library) rewrites them.
//  * An object's table is loaded once for all processes that map it, into
//    an array map of exactly its rows; an object without a table, or with
//    more rows than kMaxUnwindRows, gets none (frame pointers unwind it).
//  * Errors from the kernel (a map full) are not fatal: the process is
//    left to frame pointers and error() says why.
#pragma once

#include <sys/types.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "elf/process_snapshot.h"
#include "runtime/bpf_map.h"
#include "runtime/unique_fd.h"

namespace dt::runtime {

class UserUnwindMaps {
 public:
  // The unwinder's mappings and rows maps (the program's own).
  UserUnwindMaps(Map& mappings, Map& rows) : mappings_(mappings), rows_(rows) {}

  // False when the process could not be described (error() says why).
  bool Describe(const elf::ProcessSnapshot& process);
  const std::string& error() const { return error_; }

  // For tests and messages.
  size_t objects_loaded() const { return objects_.size(); }
  size_t rows_loaded() const { return rows_loaded_; }

 private:
  struct LoadedObject {
    uint32_t index = 0;
    uint32_t rows = 0;  // 0: no table
  };
  LoadedObject Load(const elf::ObjectFile& object);
  void PublishPending();

  Map& mappings_;
  Map& rows_;
  std::map<const elf::ObjectFile*, LoadedObject> objects_;
  std::vector<std::pair<uint32_t, UniqueFd>> pending_;  // loaded, not yet in rows_
  uint32_t next_index_ = 0;
  size_t rows_loaded_ = 0;
  std::string error_;
};

}  // namespace dt::runtime
