#include "providers/pid_sites.h"

#include <cstdio>

#include "elf/x86_return_sites.h"

namespace dt {

namespace {

std::string At(uint64_t offset) {
  char text[32];
  snprintf(text, sizeof text, "+0x%llx", static_cast<unsigned long long>(offset));
  return text;
}

// A tail call goes to the start of a function (or of a PLT entry); a jump
// anywhere else out of the function is not a return: into gcc's
// `foo.cold` part of this very function, say. Where no symbol covers the
// target (a local function of a stripped object, or a fragment of one),
// its alignment tells them apart: compilers and glibc's assembly align
// functions to 16 bytes, while the `.cold` parts gcc puts at the start of
// .text are not aligned.
bool IsFunctionStart(const elf::ObjectFile& object, uint64_t vaddr) {
  for (const elf::Section& s : object.elf().sections())
    if (s.name.rfind(".plt", 0) == 0 && vaddr >= s.addr && vaddr - s.addr < s.size) return true;
  std::optional<elf::SymbolMatch> at = object.symbols().Lookup(vaddr);
  if (!at) return vaddr % 16 == 0;
  return at->offset == 0 && at->symbol->is_code() &&
         at->symbol->name.find(".cold") == std::string::npos;
}

}  // namespace

// Known before asking, a refused site costs nothing; otherwise one refusal
// fails the whole multi-uprobe link and attaching goes by halves. cs
// appears in the padding nops inside hand-written functions, ds as
// `notrack`.
bool HasPrefixUprobesRefuse(std::optional<std::string_view> code) {
  if (!code) return false;
  for (unsigned char byte : *code) {
    if (byte == 0xf0 || byte == 0x26 || byte == 0x2e || byte == 0x36 || byte == 0x3e) return true;
    bool prefix = byte == 0x66 || byte == 0x67 || byte == 0xf2 || byte == 0xf3 || byte == 0x64 ||
                  byte == 0x65 || (byte >= 0x40 && byte <= 0x4f);
    if (!prefix) return false;
  }
  return false;
}

std::vector<PidProbeData::ReturnSite> PidReturnSites(const elf::ObjectFile& object,
                                                     const elf::Symbol& function,
                                                     uint64_t file_offset, std::string* why_not) {
  const elf::ElfFile& elf = object.elf();
  std::optional<std::string_view> code = elf.FileRange(file_offset, function.size);
  if (!code) {
    *why_not = "its code is not in " + object.name();
    return {};
  }
  elf::X86ReturnSites found = elf::FindX86ReturnSites(*code);
  if (!found.exits_all_known) {
    *why_not = found.why_not;
    return {};
  }
  std::vector<PidProbeData::ReturnSite> sites;
  for (const elf::X86ReturnSite& s : found.sites) {
    uint64_t at = file_offset + s.offset;
    // The kernel refuses 66-prefixed branches as well.
    if (HasPrefixUprobesRefuse(elf.FileRange(at, 15)) ||
        (s.kind == elf::X86ReturnSite::kTailJump && s.operand16)) {
      *why_not = "uprobes cannot probe the instruction at " + At(s.offset);
      return {};
    }
    if (s.kind == elf::X86ReturnSite::kTailJump &&
        !IsFunctionStart(object, function.address + static_cast<uint64_t>(s.target))) {
      *why_not = "the jmp at " + At(s.offset) + " goes to code that is not a function's start";
      return {};
    }
    sites.push_back({s.offset, at});
  }
  if (sites.empty()) *why_not = "it has no ret";
  return sites;
}

}  // namespace dt
