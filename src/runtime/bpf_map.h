// BPF maps: creation and the user-space side of reading and writing them.
//
// A Map owns its file descriptor; the code generator embeds fd() into
// BPF_LD_IMM64 (src_reg = BPF_PSEUDO_MAP_FD) instructions, so a Map must
// outlive every program load that references it (the loaded program then
// holds its own reference in the kernel).
//
// Keys and values are raw bytes of exactly spec().key_size / value_size.
// Errors throw dt::RuntimeError with the errno text, e.g.
//   "cannot create BPF map 'aggs' (hash): Operation not permitted"
// "Not found" is not an error: Lookup/Delete/GetNextKey return false.
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/unique_fd.h"

namespace dt::runtime {

struct MapSpec {
  std::string name;      // for messages; sanitised/truncated for the kernel
  uint32_t type;         // BPF_MAP_TYPE_*
  uint32_t key_size;     // 0 for BPF_MAP_TYPE_RINGBUF
  uint32_t value_size;   // 0 for BPF_MAP_TYPE_RINGBUF
  uint32_t max_entries;  // for RINGBUF: the buffer size in bytes, a power of 2
                         // and a multiple of the page size
  uint32_t flags = 0;    // BPF_F_*
  int inner_map_fd = -1;  // a map of maps: a map like its inner maps
};

class Map {
 public:
  Map() = default;
  Map(UniqueFd fd, MapSpec spec) : fd_(std::move(fd)), spec_(std::move(spec)) {}

  int fd() const { return fd_.get(); }
  const MapSpec& spec() const { return spec_; }
  bool valid() const { return fd_.valid(); }
  bool IsPerCpu() const;  // percpu_hash, percpu_array, lru_percpu_hash

  // Copies the value for `key` into `value` (value_size bytes). False if absent.
  // Not for per-CPU maps (use LookupPerCpu).
  bool Lookup(const void* key, void* value) const;

  // One value per possible CPU (NumPossibleCpus() entries), each exactly
  // value_size bytes, in CPU order. False if absent.
  bool LookupPerCpu(const void* key, std::vector<std::vector<uint8_t>>* values) const;

  // flags: BPF_ANY, BPF_NOEXIST, BPF_EXIST. For a per-CPU map `value` must be
  // PerCpuBufferSize() bytes: NumPossibleCpus() slots of PerCpuStride() bytes.
  void Update(const void* key, const void* value, uint64_t flags = BPF_ANY);

  // False if the key was absent.
  bool Delete(const void* key);

  // Iteration: key == nullptr gives the first key. False at the end.
  bool GetNextKey(const void* key, void* next_key) const;

  // All keys currently in the map (a snapshot; each key_size bytes).
  std::vector<std::vector<uint8_t>> Keys() const;

  // value_size rounded up to 8: the per-CPU slot size the kernel uses.
  uint32_t PerCpuStride() const;
  size_t PerCpuBufferSize() const;

 private:
  UniqueFd fd_;
  MapSpec spec_{};
};

// Creates the map. Throws RuntimeError naming the map and the errno text.
Map CreateMap(const MapSpec& spec);

// "hash", "percpu_array", "ringbuf"... for messages.
const char* MapTypeName(uint32_t type);

}  // namespace dt::runtime
