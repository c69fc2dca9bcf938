#include "codegen/map_registry.h"

namespace dt {

int MapRegistry::Add(MapDef def) {
  maps_.push_back(std::move(def));
  return static_cast<int>(maps_.size() - 1);
}

uint32_t MapRegistry::ReserveRodata(uint32_t size) {
  uint32_t off = static_cast<uint32_t>(rodata_.size());
  rodata_.resize(off + ((size + 7) & ~7u), 0);
  return off;
}

uint32_t MapRegistry::AddRodata(const std::string& bytes, uint32_t size) {
  std::string key = bytes + '\0' + std::to_string(size);
  if (auto it = interned_.find(key); it != interned_.end()) return it->second;
  uint32_t off = ReserveRodata(size);
  for (size_t i = 0; i < bytes.size() && i < size; ++i) rodata_[off + i] = bytes[i];
  interned_[key] = off;
  return off;
}

}  // namespace dt
