#include "runtime/user_unwind_maps.h"

#include <bpf/bpf.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <numeric>
#include <vector>

#include "common/diagnostic.h"
#include "elf/unwind_table.h"
#include "format/user_stack_layout.h"
#include "runtime/unique_fd.h"

namespace dt::runtime {

// The BPF side reads elf's rows as format/user_stack_layout.h describes them.
static_assert(sizeof(elf::UnwindRow) == kUnwindRowSize);
static_assert(offsetof(elf::UnwindRow, pc) == kRowPcOffset);
static_assert(offsetof(elf::UnwindRow, cfa_offset) == kRowCfaOffset);
static_assert(offsetof(elf::UnwindRow, rbp_offset) == kRowRbpOffset);
static_assert(offsetof(elf::UnwindRow, cfa_rule) == kRowCfaRule);
static_assert(offsetof(elf::UnwindRow, rbp_rule) == kRowRbpRule);
static_assert(elf::kCfaNoInfo == kRowCfaNoInfo && elf::kCfaRspOffset == kRowCfaRsp &&
              elf::kCfaRbpOffset == kRowCfaRbp && elf::kCfaPlt == kRowCfaPlt);
static_assert(elf::kRbpUnchanged == kRowRbpUnchanged && elf::kRbpAtCfaOffset == kRowRbpAtCfa);

UserUnwindMaps::LoadedObject UserUnwindMaps::Load(const elf::ObjectFile& object) {
  if (auto it = objects_.find(&object); it != objects_.end()) return it->second;
  LoadedObject loaded;
  const std::vector<elf::UnwindRow>& rows = object.unwind_table().rows();
  if (rows.empty() || rows.size() > kMaxUnwindRows || next_index_ >= kMaxUnwindObjects) {
    objects_[&object] = loaded;
    return loaded;
  }
  auto count = static_cast<uint32_t>(rows.size());
  LIBBPF_OPTS(bpf_map_create_opts, opts, .map_flags = BPF_F_INNER_MAP);
  UniqueFd fd(bpf_map_create(BPF_MAP_TYPE_ARRAY, "ustack_table", 4, kUnwindRowSize, count, &opts));
  std::vector<uint32_t> keys(count);
  std::iota(keys.begin(), keys.end(), 0u);
  uint32_t done = count;
  if (!fd.valid() ||
      bpf_map_update_batch(fd.get(), keys.data(), rows.data(), &done, nullptr) != 0) {
    error_ = "cannot load the unwind table of " + object.name() + ": " + std::strerror(errno);
    objects_[&object] = loaded;
    return loaded;
  }
  uint32_t index = next_index_;
  pending_.push_back({index, std::move(fd)});
  ++next_index_;
  rows_loaded_ += count;
  loaded = LoadedObject{index, count};
  objects_[&object] = loaded;
  return loaded;
}

// Each update of a map of maps waits for the programs running to finish
// (an RCU grace period, ~15 ms): the tables of a process go in one batch.
void UserUnwindMaps::PublishPending() {
  if (pending_.empty()) return;
  std::vector<uint32_t> keys, fds;
  for (const auto& [index, fd] : pending_) {
    keys.push_back(index);
    fds.push_back(static_cast<uint32_t>(fd.get()));
  }
  auto count = static_cast<uint32_t>(keys.size());
  int err = bpf_map_update_batch(rows_.fd(), keys.data(), fds.data(), &count, nullptr);
  pending_.clear();  // the outer map holds the tables now; our descriptors can go
  if (err != 0)
    throw RuntimeError("cannot publish unwind tables: " + std::string(std::strerror(errno)));
}

bool UserUnwindMaps::Describe(const elf::ProcessSnapshot& process) {
  auto tgid = static_cast<uint32_t>(process.pid());
  uint32_t n = 0;
  try {
    for (const elf::Mapping& m : process.maps().mappings()) {
      if (!m.exec || n >= kMaxUserMappings) continue;
      UserMappingEntry e{m.start, m.end, 0, kNoObject, 0};
      if (const elf::ObjectFile* object = process.ObjectOf(m)) {
        if (auto vaddr = elf::Normalize(m, object->elf(), m.start)) {
          LoadedObject loaded = Load(*object);
          e.vaddr_start = *vaddr;
          if (loaded.rows > 0) {
            e.object = loaded.index;
            e.rows = loaded.rows;
          }
        }
      }
      UserMappingKey key{tgid, n++};
      mappings_.Update(&key, &e);
    }
    PublishPending();
    UserMappingKey count_key{tgid, kMappingCountIndex};
    UserMappingEntry count{n, 0, 0, kNoObject, 0};
    mappings_.Update(&count_key, &count);
  } catch (const RuntimeError& e) {
    error_ = e.what();
    return false;
  }
  return true;
}

}  // namespace dt::runtime
