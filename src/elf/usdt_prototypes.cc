#include "elf/usdt_prototypes.h"

#include <elf.h>

#include <cstring>

namespace dt::elf {

std::optional<UsdtPrototype> ParseUsdtPrototype(std::string_view desc, std::string* error) {
  std::vector<std::string> strings;
  size_t at = 0;
  while (at < desc.size()) {
    size_t end = desc.find('\0', at);
    if (end == std::string_view::npos) {
      *error = "prototype note: string not NUL-terminated";
      return std::nullopt;
    }
    strings.emplace_back(desc.substr(at, end - at));
    at = end + 1;
  }
  if (strings.size() < 2 || strings[0].empty() || strings[1].empty()) {
    *error = "prototype note: no provider or probe name";
    return std::nullopt;
  }
  UsdtPrototype p;
  p.provider = std::move(strings[0]);
  p.name = std::move(strings[1]);
  for (size_t i = 2; i < strings.size(); ++i) {
    if (strings[i].empty()) {
      *error = "prototype note: empty type of argument " + std::to_string(i - 2);
      return std::nullopt;
    }
    p.arg_types.push_back(std::move(strings[i]));
  }
  return p;
}

std::string EncodeUsdtPrototype(const UsdtPrototype& prototype) {
  std::string out;
  auto add = [&out](const std::string& s) {
    out += s;
    out.push_back('\0');
  };
  add(prototype.provider);
  add(prototype.name);
  for (const std::string& t : prototype.arg_types) add(t);
  return out;
}

std::string UsdtPrototypeNoteRecord(const UsdtPrototype& prototype) {
  auto pad4 = [](std::string* s) {
    while (s->size() % 4) s->push_back('\0');
  };
  std::string owner(kUsdtPrototypeOwner);
  owner.push_back('\0');
  std::string desc = EncodeUsdtPrototype(prototype);
  Elf64_Nhdr header{};
  header.n_namesz = static_cast<Elf64_Word>(owner.size());
  header.n_descsz = static_cast<Elf64_Word>(desc.size());
  header.n_type = kNtUsdtPrototype;
  std::string out(sizeof(header), '\0');
  memcpy(out.data(), &header, sizeof(header));
  out += owner;
  pad4(&out);
  out += desc;
  pad4(&out);
  return out;
}

std::vector<UsdtPrototype> ReadUsdtPrototypes(const ElfFile& file) {
  std::vector<UsdtPrototype> out;
  for (const ElfNote& note : file.Notes(kUsdtPrototypeSection)) {
    if (note.owner != kUsdtPrototypeOwner || note.type != kNtUsdtPrototype) continue;
    std::string error;
    if (std::optional<UsdtPrototype> p = ParseUsdtPrototype(note.desc, &error))
      out.push_back(std::move(*p));
  }
  return out;
}

const UsdtPrototype* FindUsdtPrototype(const std::vector<UsdtPrototype>& prototypes,
                                       std::string_view provider, std::string_view name) {
  for (const UsdtPrototype& p : prototypes)
    if (p.provider == provider && p.name == name) return &p;
  return nullptr;
}

}  // namespace dt::elf
