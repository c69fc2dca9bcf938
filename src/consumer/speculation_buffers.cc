#include "consumer/speculation_buffers.h"

namespace dt {

bool SpeculationBuffers::Add(uint64_t token, uint32_t cpu, const uint8_t* data, size_t size) {
  Held& held = held_[token];
  uint64_t& used = held.bytes_by_cpu[cpu];
  if (size > specsize_ || used > specsize_ - size) {
    ++drops_;
    return false;
  }
  used += size;
  held.records.emplace_back(data, data + size);
  return true;
}

std::vector<std::vector<uint8_t>> SpeculationBuffers::Take(uint64_t token) {
  auto it = held_.find(token);
  if (it == held_.end()) return {};
  std::vector<std::vector<uint8_t>> records = std::move(it->second.records);
  held_.erase(it);
  return records;
}

}  // namespace dt
