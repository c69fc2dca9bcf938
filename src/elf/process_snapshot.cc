#include "elf/process_snapshot.h"

#include <cstdio>

namespace dt::elf {

std::string UserSymbol::Format() const {
  char buf[32];
  if (module.empty()) {
    snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(address));
    return buf;
  }
  if (symbol == nullptr) {
    snprintf(buf, sizeof buf, "`0x%llx", static_cast<unsigned long long>(address));
    return module + buf;
  }
  std::string out = module + "`" + symbol->name;
  if (offset != 0) {
    snprintf(buf, sizeof buf, "+0x%llx", static_cast<unsigned long long>(offset));
    out += buf;
  }
  return out;
}

std::unique_ptr<ProcessSnapshot> ProcessSnapshot::Take(pid_t pid, ObjectCache* cache,
                                                       std::string* error) {
  auto maps = ProcessMaps::Read(pid, error);
  if (!maps) return nullptr;
  return FromMaps(std::move(*maps), cache);
}

std::unique_ptr<ProcessSnapshot> ProcessSnapshot::FromMaps(ProcessMaps maps, ObjectCache* cache) {
  std::unique_ptr<ProcessSnapshot> s(new ProcessSnapshot());
  s->maps_ = std::move(maps);
  const auto& mappings = s->maps_.mappings();
  s->objects_.resize(mappings.size());
  for (size_t i = 0; i < mappings.size(); ++i) {
    const Mapping& m = mappings[i];
    if (!m.is_file() && m.path != "[vdso]") continue;
    // Mappings of one file share its object; look at the previous ones.
    bool shared = false;
    for (size_t j = i; j-- > 0 && i - j <= 8;) {
      const Mapping& p = mappings[j];
      if (p.inode == m.inode && p.dev_major == m.dev_major && p.dev_minor == m.dev_minor &&
          p.path == m.path && m.is_file()) {
        s->objects_[i] = s->objects_[j];
        shared = true;
        break;
      }
    }
    if (shared) continue;
    std::string error;
    s->objects_[i] = cache->ForMapping(s->maps_.pid(), m, &error);
    if (s->objects_[i] == nullptr) s->errors_.push_back(error);
  }
  return s;
}

const ObjectFile* ProcessSnapshot::ObjectOf(const Mapping& m) const {
  size_t i = &m - maps_.mappings().data();
  return i < objects_.size() ? objects_[i].get() : nullptr;
}

std::optional<ProcessSnapshot::Location> ProcessSnapshot::Locate(uint64_t addr) const {
  const Mapping* m = maps_.Find(addr);
  if (m == nullptr) return std::nullopt;
  Location loc;
  loc.mapping = m;
  loc.object = ObjectOf(*m);
  if (loc.object != nullptr) loc.vaddr = Normalize(*m, loc.object->elf(), addr);
  return loc;
}

UserSymbol ProcessSnapshot::Symbolize(uint64_t addr) const {
  UserSymbol u;
  u.address = addr;
  auto loc = Locate(addr);
  if (!loc || (loc->mapping->is_anonymous())) return u;
  if (!loc->mapping->is_file() && loc->object == nullptr) return u;  // [stack], [heap]
  u.module = ModuleName(loc->mapping->path);
  u.main_executable = maps_.IsMainExecutable(*loc->mapping);
  u.vaddr = loc->vaddr;
  if (loc->object != nullptr && loc->vaddr) {
    if (auto match = loc->object->symbols().Lookup(*loc->vaddr)) {
      u.symbol = match->symbol;
      u.offset = match->offset;
    }
  }
  return u;
}

}  // namespace dt::elf
