#include "elf/stapsdt_notes.h"

#include "elf/byte_reader.h"

namespace dt::elf {
namespace {

constexpr uint32_t kNtStapsdt = 3;

bool ReadAddress(ByteReader* r, int address_size, uint64_t* v) {
  if (address_size == 8) return r->U64(v);
  uint32_t w;
  if (!r->U32(&w)) return false;
  *v = w;
  return true;
}

// Whether the site at file offset `site` is "nop; nopl 0x0(%rax,%rax,1)".
bool Nop5Follows(const ElfFile& file, uint64_t site) {
  std::optional<std::string_view> bytes = file.FileRange(site, kNopThenNop5.size());
  return bytes && *bytes == kNopThenNop5;
}

}  // namespace

std::optional<SdtProbe> ParseStapsdtNote(std::string_view desc,
                                         std::optional<uint64_t> base_section_addr,
                                         int address_size, std::string* error) {
  ByteReader r(desc);
  uint64_t pc, base, semaphore;
  std::string_view provider, name, args;
  if (!ReadAddress(&r, address_size, &pc) || !ReadAddress(&r, address_size, &base) ||
      !ReadAddress(&r, address_size, &semaphore)) {
    *error = "stapsdt note too short for its addresses";
    return std::nullopt;
  }
  if (!r.CString(&provider) || !r.CString(&name)) {
    *error = "stapsdt note without provider and probe names";
    return std::nullopt;
  }
  if (provider.empty() || name.empty()) {
    *error = "stapsdt note with an empty provider or probe name";
    return std::nullopt;
  }
  // The argument string is absent in notes of probes without arguments
  // written by some tools; treat a missing one as empty.
  if (!r.at_end() && !r.CString(&args)) args = {};

  SdtProbe p;
  p.provider = std::string(provider);
  p.name = std::string(name);
  p.pc = pc;
  p.semaphore = semaphore;
  if (base_section_addr && base != 0) {
    uint64_t delta = *base_section_addr - base;
    p.pc += delta;
    if (p.semaphore != 0) p.semaphore += delta;
  }
  p.arguments_text = std::string(args);
  std::string arg_error;
  if (auto parsed = ParseSdtArguments(args, &arg_error)) {
    p.arguments = std::move(*parsed);
  } else {
    p.argument_error = arg_error;
  }
  return p;
}

SdtProbes ReadSdtProbes(const ElfFile& file) {
  SdtProbes out;
  std::optional<uint64_t> base_addr;
  if (const Section* base = file.FindSection(".stapsdt.base")) base_addr = base->addr;
  int address_size = file.is_64bit() ? 8 : 4;
  for (const ElfNote& note : file.Notes(".note.stapsdt")) {
    if (note.owner != "stapsdt" || note.type != kNtStapsdt) continue;
    std::string error;
    auto probe = ParseStapsdtNote(note.desc, base_addr, address_size, &error);
    if (!probe) {
      out.errors.push_back(file.name() + ": " + error);
      continue;
    }
    probe->pc_file_offset = file.VaddrToFileOffset(probe->pc);
    if (probe->pc_file_offset) probe->nop5_follows = Nop5Follows(file, *probe->pc_file_offset);
    if (probe->semaphore != 0) {
      probe->semaphore_file_offset = file.VaddrToFileOffset(probe->semaphore);
    }
    out.probes.push_back(std::move(*probe));
  }
  return out;
}

std::string DtraceProbeName(std::string_view stapsdt_name) {
  std::string out;
  for (size_t i = 0; i < stapsdt_name.size(); ++i) {
    if (stapsdt_name[i] == '_' && i + 1 < stapsdt_name.size() && stapsdt_name[i + 1] == '_') {
      out += '-';
      ++i;
    } else {
      out += stapsdt_name[i];
    }
  }
  return out;
}

}  // namespace dt::elf
