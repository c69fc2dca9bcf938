#include "runtime/bpf_map.h"

#include <bpf/bpf.h>

#include <cerrno>
#include <cstring>

#include "common/diagnostic.h"
#include "runtime/kernel_info.h"
#include "runtime/kernel_name.h"

namespace dt::runtime {
namespace {

[[noreturn]] void ThrowMapError(const char* action, const MapSpec& spec, int error) {
  throw RuntimeError(std::string("cannot ") + action + " BPF map '" + spec.name + "' (" +
                     MapTypeName(spec.type) + "): " + std::strerror(error));
}

}  // namespace

const char* MapTypeName(uint32_t type) {
  switch (type) {
    case BPF_MAP_TYPE_HASH:
      return "hash";
    case BPF_MAP_TYPE_ARRAY:
      return "array";
    case BPF_MAP_TYPE_PERCPU_HASH:
      return "percpu_hash";
    case BPF_MAP_TYPE_PERCPU_ARRAY:
      return "percpu_array";
    case BPF_MAP_TYPE_LRU_HASH:
      return "lru_hash";
    case BPF_MAP_TYPE_LRU_PERCPU_HASH:
      return "lru_percpu_hash";
    case BPF_MAP_TYPE_RINGBUF:
      return "ringbuf";
    case BPF_MAP_TYPE_PERF_EVENT_ARRAY:
      return "perf_event_array";
    case BPF_MAP_TYPE_STACK_TRACE:
      return "stack_trace";
    case BPF_MAP_TYPE_PROG_ARRAY:
      return "prog_array";
    case BPF_MAP_TYPE_ARRAY_OF_MAPS:
      return "array_of_maps";
    default:
      return "unknown type";
  }
}

Map CreateMap(const MapSpec& spec) {
  LIBBPF_OPTS(bpf_map_create_opts, opts, .map_flags = spec.flags);
  if (spec.inner_map_fd >= 0) opts.inner_map_fd = static_cast<uint32_t>(spec.inner_map_fd);
  std::string kernel_name = KernelObjectName(spec.name);
  int fd = bpf_map_create(static_cast<bpf_map_type>(spec.type), kernel_name.c_str(), spec.key_size,
                          spec.value_size, spec.max_entries, &opts);
  if (fd < 0) ThrowMapError("create", spec, errno);
  return Map(UniqueFd(fd), spec);
}

bool Map::IsPerCpu() const {
  switch (spec_.type) {
    case BPF_MAP_TYPE_PERCPU_HASH:
    case BPF_MAP_TYPE_PERCPU_ARRAY:
    case BPF_MAP_TYPE_LRU_PERCPU_HASH:
      return true;
    default:
      return false;
  }
}

uint32_t Map::PerCpuStride() const { return (spec_.value_size + 7) & ~7u; }

size_t Map::PerCpuBufferSize() const {
  return static_cast<size_t>(PerCpuStride()) * NumPossibleCpus();
}

bool Map::Lookup(const void* key, void* value) const {
  if (bpf_map_lookup_elem(fd(), key, value) == 0) return true;
  if (errno == ENOENT) return false;
  ThrowMapError("read", spec_, errno);
}

bool Map::LookupPerCpu(const void* key, std::vector<std::vector<uint8_t>>* values) const {
  std::vector<uint8_t> buffer(PerCpuBufferSize());
  if (bpf_map_lookup_elem(fd(), key, buffer.data()) != 0) {
    if (errno == ENOENT) return false;
    ThrowMapError("read", spec_, errno);
  }
  size_t stride = PerCpuStride();
  size_t cpus = buffer.size() / stride;
  values->assign(cpus, {});
  for (size_t cpu = 0; cpu < cpus; ++cpu) {
    const uint8_t* slot = buffer.data() + cpu * stride;
    (*values)[cpu].assign(slot, slot + spec_.value_size);
  }
  return true;
}

void Map::Update(const void* key, const void* value, uint64_t flags) {
  if (bpf_map_update_elem(fd(), key, value, flags) != 0) ThrowMapError("update", spec_, errno);
}

bool Map::Delete(const void* key) {
  if (bpf_map_delete_elem(fd(), key) == 0) return true;
  if (errno == ENOENT) return false;
  ThrowMapError("delete from", spec_, errno);
}

bool Map::GetNextKey(const void* key, void* next_key) const {
  if (bpf_map_get_next_key(fd(), key, next_key) == 0) return true;
  if (errno == ENOENT) return false;
  ThrowMapError("iterate", spec_, errno);
}

std::vector<std::vector<uint8_t>> Map::Keys() const {
  std::vector<std::vector<uint8_t>> keys;
  std::vector<uint8_t> next(spec_.key_size);
  while (GetNextKey(keys.empty() ? nullptr : keys.back().data(), next.data())) {
    keys.push_back(next);
  }
  return keys;
}

}  // namespace dt::runtime
